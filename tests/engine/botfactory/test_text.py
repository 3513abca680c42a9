"""Bot Factory's texts in English and French: the two catalogues match key for key, every key is
used, and in complete games every choice explains itself in a line a phone shows, plurals agree,
events name the seat they concern, and no language leaks into the other."""

from __future__ import annotations

import itertools
import json
import pathlib
import re
import string
from collections.abc import Iterator, Mapping
from functools import cache

import pytest

import engine.botfactory
from engine.botfactory import GAME, scoring
from engine.botfactory.scenario import Scenario
from engine.botfactory.words import WORD_KEYS
from engine.core.text import plural_form
from tests.engine.botfactory.playouts import LANGS, NAMES, record, text

BANDS = ("poor", "satisfactory", "exemplary")
LABEL_MAX = 80
DESCRIPTION_MAX = 100

RARE = frozenset(
    {
        # Reached only by data overrides (a space with both a cost and a gain elsewhere on the floor).
        *(
            f"botfactory.desc.move_{b}_{x}"
            for b in ("assembly", "parts", "projects", "finance")
            for x in ("cost", "gain")
        ),
        # Piles and their discards all empty, or a draw for the spares finding nothing.
        "botfactory.event.sandra_action",
        "botfactory.event.lost_icon_piles",
        # Tie-breaks and a shared victory need tied totals (rendered by the test below).
        "botfactory.report.tie_robots",
        "botfactory.report.tie_tokens",
        "botfactory.report.shared",
        # Rendered by the tests below: production tile PT1 and the solo report bands.
        "botfactory.event.gain_sandra",
        "botfactory.event.production_sandra_free",
        *(f"botfactory.solo.{band}" for band in BANDS),
    }
)
STORED = frozenset(
    [
        *(f"botfactory.end.{end}" for end in ("fired", *BANDS)),
        *(f"botfactory.report.{line}" for line in ("task_met", "task_failed", *(f"band_{b}" for b in BANDS))),
    ]
)
"""Keys only the outcomes of solo games finished by earlier versions carry (a headline, then the task,
met or not, and the band): kept so those games still read."""
"""Keys the recorded games may not reach; each is produced by code the scenario tests exercise or
by a position too rare for a handful of games."""

ENGLISH_WORDS = re.compile(
    r"\b(the|your|take|token|tokens|wheel|board|part|parts|discard|head|torso|legs|spare|reserve|"
    r"contract|skip|raise|left|right|pay|with|and|for|turn|project|projects|end|top|gained|paid)\b",
    re.IGNORECASE,
)
FRENCH_WORDS = re.compile(
    r"\b(le|la|les|des|du|une|jeton|jetons|pièce|pièces|tête|jambes|plateau|roue|votre|vos|avec|pour|"
    r"sur|et|prendre|défausser|placer|manche|gagné|payé)\b",
    re.IGNORECASE,
)
EN_PLURALS = re.compile(r"\b1 (tokens|robots|parts|projects|credits|contracts|slots)\b")
EN_SINGULARS = re.compile(r"(?<![\d.])\b([02-9]|\d{2,}) (token|robot|project|credit|contract|slot)\b(?! tile)")
FR_PLURALS = re.compile(r"\b[01] (jetons|robots|pièces|projets|crédits|tuiles|cases|contrats)\b")
FR_SINGULARS = re.compile(r"(?<![\d.])\b([2-9]|\d{2,}) (jeton|robot|pièce|projet|crédit|tuile|case|contrat)\b")


def _messages(lang: str) -> dict[str, str | dict[str, str]]:
    return GAME.catalog.messages(lang)


def _placeholders(message: str | Mapping[str, str]) -> set[str]:
    """Parameter names a message reads, with agreement forms folded onto their parameter."""
    forms = [message] if isinstance(message, str) else [v for k, v in message.items() if k != "by"]
    names = {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}
    folded = set()
    for name in names:
        name = re.sub(r"^(the|a)_", "", name)
        name = re.sub(r"_(f|mp|fp|name)$", "", name)
        folded.add(name)
    return folded


def test_english_and_french_have_the_same_keys_forms_and_parameters() -> None:
    en, fr = _messages("en"), _messages("fr")
    assert sorted(set(en) ^ set(fr)) == []
    for key, message in en.items():
        other = fr[key]
        assert isinstance(message, str) == isinstance(other, str), f"{key}: plural in one language only"
        if not key.startswith("botfactory.word."):
            assert _placeholders(message) == _placeholders(other), key
        if not isinstance(message, str):
            assert isinstance(other, dict) and message.get("by", "n") == other.get("by", "n"), key


def test_catalogues_write_plurals_as_tables_and_french_typography() -> None:
    for lang in LANGS:
        for key, message in _messages(lang).items():
            forms = [message] if isinstance(message, str) else list(message.values())
            for form in forms:
                assert "(s)" not in form and "(e)" not in form, f"{lang} {key}: {form}"
            if isinstance(message, dict):
                assert {"one", "other"} <= set(message), f"{lang} {key}: one and other forms"
                assert message["one"] != message["other"], f"{lang} {key}: a table with one form"
    for key, message in _messages("fr").items():
        forms = [message] if isinstance(message, str) else list(message.values())
        for form in forms:
            assert not re.search(r"[^\u00a0][:;?!]", form.replace("://", "")), f"fr {key}: {form}"


def test_plural_forms_follow_each_language() -> None:
    """English puts only 1 in "one"; French puts 0 and 1 there."""
    key = "botfactory.event.toll"
    assert GAME.text(key, {"n": 1}, "en") == "paid Sandra 1 speech token to act on her board"
    assert GAME.text(key, {"n": 0}, "en").startswith("paid Sandra 0 speech tokens")
    assert GAME.text(key, {"n": 2}, "en").startswith("paid Sandra 2 speech tokens")
    assert "0 jeton prise de parole " in GAME.text(key, {"n": 0}, "fr")
    assert "1 jeton prise de parole " in GAME.text(key, {"n": 1}, "fr")
    assert "2 jetons prise de parole " in GAME.text(key, {"n": 2}, "fr")
    for lang, expected in (("en", ("other", "one", "other")), ("fr", ("one", "one", "other"))):
        assert tuple(plural_form(n, lang) for n in (0, 1, 2)) == expected
    for lang in LANGS:
        for key, message in _messages(lang).items():
            if isinstance(message, dict):
                by = message.get("by", "n")
                rendered = {n: GAME.text(key, {by: n}, lang) for n in (0, 1, 2)}
                assert rendered[1] != rendered[2].replace("2", "1"), f"{lang} {key}: 1 and 2 read alike"


def test_colours_agree_in_french() -> None:
    assert GAME.text("botfactory.choice.place", {"part": "green head", "column": "green"}, "fr") == (
        "Placer la tête verte dans la colonne verte"
    )
    assert GAME.text("botfactory.event.place", {"part": "blue legs", "column": "blue"}, "fr") == (
        "a placé les jambes bleues dans la colonne bleue"
    )
    assert (
        GAME.text("botfactory.choice.raise", {"colour": "green", "value": 9, "n": 2}, "fr")
        == "Augmenter la valeur des robots verts à 9 pour 2 jetons"
    )
    assert (
        GAME.text("botfactory.choice.xproj", {"kind": "torso", "n": 2}, "fr")
        == "Défausser 2 projets pour un torse universel"
    )


# -- the recorded games ---------------------------------------------------------------------------------


@cache
def _rendered() -> tuple[tuple[str, str, str], ...]:
    """(language, message key, text) of everything a player reads in the recorded games."""
    return tuple(_render())


def _render() -> Iterator[tuple[str, str, str]]:
    rec = record()
    for step in rec.steps:
        seats, decision = step.state.seats, step.decision
        for lang in LANGS:
            yield lang, decision.prompt, text(decision.prompt, decision.params, lang, seats)
            for key, params in decision.missing:
                yield lang, key, text(key, params, lang, seats)
            for choice in decision.choices:
                for key in (choice.label, choice.description, choice.confirm, choice.group):
                    if key:
                        yield lang, key, text(key, choice.params, lang, seats)
            for event in step.events:
                yield lang, event.key, text(event.key, event.params, lang, seats)
            view = GAME.view(step.state, step.mover)
            if view.solo_info is not None:
                yield lang, view.solo_info.task_text, text(view.solo_info.task_text, {}, lang, seats)
                progress = view.solo_info.progress_text
                yield lang, progress, text(progress, view.solo_info.progress, lang, seats)
    for seats, details in rec.outcomes:
        for lang in LANGS:
            yield lang, str(details["reason"]), text(str(details["reason"]), details, lang, seats)
            for key, params in details["reasons"]:  # type: ignore[attr-defined]
                yield lang, key, text(key, params, lang, seats)


def test_every_catalogue_key_is_used_and_every_used_key_is_written() -> None:
    folder = pathlib.Path(engine.botfactory.__file__).parent
    source = "".join(p.read_text() for p in folder.glob("*.py"))
    literals = set(re.findall(r'"(botfactory\.[a-z_]+\.[a-zA-Z_0-9]+)"', source))
    seen = {key for _, key, _ in _rendered()}
    for lang in LANGS:
        missing = sorted(k for k in seen | literals if k not in _messages(lang))
        assert not missing, f"{lang}: {missing}"
    assert set(_messages("en")) >= RARE, sorted(RARE - set(_messages("en")))
    charted = GAME.charted or ()  # the report's measures: named, and the headline's gain
    measures = {f"botfactory.metric.{m}" for m in charted} | {f"botfactory.gain.{GAME.headline_measure}"}
    unused = sorted(set(_messages("en")) - literals - seen - WORD_KEYS - RARE - STORED - measures)
    assert not unused


def test_every_choice_has_a_description_and_short_distinct_texts() -> None:
    for step in record().steps:
        decision, seats = step.decision, step.state.seats
        for lang in LANGS:
            shown: dict[tuple[str, str], str] = {}
            for choice in decision.choices:
                label = text(choice.label, choice.params, lang, seats)
                assert choice.description, f"{choice.id} at {decision.prompt} has no description"
                description = text(choice.description, choice.params, lang, seats)
                assert 0 < len(label) <= LABEL_MAX, f"{lang} {choice.id}: {label}"
                assert 0 < len(description) <= DESCRIPTION_MAX, f"{lang} {choice.id}: {description}"
                assert (label, description) not in shown, (
                    f"{lang} {choice.id} and {shown[(label, description)]}: {label}"
                )
                shown[(label, description)] = choice.id


def test_texts_are_complete_and_keep_to_their_language() -> None:
    for lang, key, rendered in _rendered():
        assert "{" not in rendered and "}" not in rendered and "botfactory." not in rendered, (
            f"{lang} {key}: {rendered}"
        )
        assert "(s)" not in rendered, f"{lang} {key}: {rendered}"
        if lang == "fr":
            leftover = ENGLISH_WORDS.search(rendered)
            assert leftover is None, f"English {leftover.group(0)!r} in {key}: {rendered}"
            assert not FR_PLURALS.search(rendered) and not FR_SINGULARS.search(rendered), f"{key}: {rendered}"
            assert not re.search(r" [:;?!]", rendered), f"{key}: {rendered}"
        else:
            leftover = FRENCH_WORDS.search(rendered)
            assert leftover is None, f"French {leftover.group(0)!r} in {key}: {rendered}"
            assert not EN_PLURALS.search(rendered) and not EN_SINGULARS.search(rendered), f"{key}: {rendered}"


def test_events_name_the_seat_they_concern_and_never_repeat_the_mover() -> None:
    """The log writes "<mover>: <event>", so an event about the mover does not start with their
    name, and one about another seat names that seat; production tiles are public."""
    used = 0
    for step in record().steps:
        seats = step.state.seats
        for event in step.events:
            for lang in LANGS:
                line = text(event.key, event.params, lang, seats)
                assert not line.startswith(NAMES[step.mover]), f"{event.key}: {line}"
                seat = event.params.get("seat")
                if isinstance(seat, int) and seat != step.mover:
                    assert NAMES[seat] in line, f"{event.key} concerns {NAMES[seat]}: {line}"
            if event.key.startswith("botfactory.event.production_"):
                used += 1
                assert event.to is None and event.params["seat"] == step.mover
    assert used, "the recorded games use production tiles"


def test_a_placement_gains_the_tokens_its_description_promised() -> None:
    placed = 0
    for step in record().steps:
        if step.choice.id.startswith("place:") and step.choice.description.startswith("botfactory.desc.place_"):
            gained = sum(e.params["n"] for e in step.events if e.key.startswith("botfactory.event.gain_part"))
            if not step.choice.description.startswith("botfactory.desc.place_3"):
                assert gained == step.choice.params["n"], step.choice
                placed += 1
    assert placed > 50


def test_a_purchase_costs_what_its_choice_said() -> None:
    """Raises and reservations pay the tokens their description named (production tile PT2 included)."""
    checked = 0
    for step in record().steps:
        verb = step.choice.id.split(":")[0]
        if verb in ("raise", "reserve"):
            paid = [
                e.params["n"]
                for e in step.events
                if e.key in (f"botfactory.event.{verb}", "botfactory.event.raise_free")
            ]
            assert paid == [step.choice.params["n"]], step.choice
            checked += 1
    assert checked > 20


def test_choices_keep_their_positions_between_redraws() -> None:
    steps = record().steps
    for i, step in enumerate(steps[::7]):
        ids = [c.id for c in step.decision.choices]
        assert [c.id for c in GAME.pending(step.state)[0].choices] == ids
        again = GAME.from_json(json.loads(json.dumps(GAME.to_json(step.state))))
        assert [c.id for c in GAME.pending(again)[0].choices] == ids, f"step {i}"
    for before, after in itertools.pairwise(steps):
        same = after.decision.seat == before.decision.seat and after.decision.prompt == before.decision.prompt
        if same and after.state.flow.round == before.state.flow.round:
            common = [c.id for c in before.decision.choices if after.decision.get(c.id) is not None]
            order = [c.id for c in after.decision.choices if c.id in common]
            assert order == common, f"{before.decision.prompt}: {common} then {order}"


def test_outcomes_give_their_reasons() -> None:
    """Between players, the winner and the tie-breaks; in solo, the one sentence of the end says it all."""
    outcomes = record().outcomes
    assert {seats for seats, _ in outcomes} == {1, 2, 3, 4}
    for seats, details in outcomes:
        keys = [key for key, _ in details["reasons"]]  # type: ignore[attr-defined]
        if seats == 1:
            assert keys == [] and str(details["reason"]).startswith("botfactory.solo.")
            said = GAME.text(str(details["reason"]), details, "en")
            assert f"Task {details['task']} " in said and " asked)" in said and "{" not in said, said
        else:
            assert "botfactory.report.winner" in keys


def test_solo_view_shows_the_task_and_the_progress() -> None:
    state = GAME.new(1, 3, {"task": "C"})
    info = GAME.view(state, 0).solo_info
    assert info is not None and info.task_text == "botfactory.task.C"
    assert GAME.text(info.task_text, {}, "en") == "Task C: build 2 robots of one colour and 2 robots of another"
    assert GAME.text(info.progress_text, info.progress, "en") == "Colours with 2 robots: 0 of 2"
    assert GAME.text(info.progress_text, info.progress, "fr") == "Couleurs avec 2 robots\u00a0: 0 sur 2"


def test_pt1_events_say_why_the_token_came() -> None:
    state = Scenario(3, variant=2).hand(0, tokens=1).worker(0, "FI1").acting(0).build()
    events = GAME.apply(state, 0, "pt:PT1", state.flow.version).events
    lines = [GAME.text(e.key, e.params, "en") for e in events]
    assert lines == [
        "used production tile PT1 (free on Sandra's board)",
        "gained 1 speech token with PT1 instead of paying Sandra",
    ]
    assert GAME.text(events[1].key, events[1].params, "fr") == (
        "a gagné 1 jeton prise de parole avec PT1 au lieu de payer Sandra"
    )
    assert all(e.to is None for e in events), "a production tile is used in public"


@pytest.mark.parametrize("total, band", [(5, "poor"), (30, "satisfactory"), (60, "exemplary")])
def test_the_solo_report_says_why_the_band_was_reached(total: int, band: str) -> None:
    scenario = (
        Scenario(1, task="A").hand(0, robots=["red", "red", "red"]).vilela("FI1", action="finance", robot="green")
    )
    key, params = scoring.solo_end(scenario.build(), total, True)
    assert key == f"botfactory.solo.{band}"
    said = GAME.text(key, params, "en")
    assert said.startswith("Task A achieved (3 robots of one colour of the 3 asked); ") and f"{total} VP" in said, said
    assert f"a {band} performance" in said or f"an {band} performance" in said
    for lang in LANGS:
        assert "{" not in GAME.text(key, params, lang) and str(total) in GAME.text(key, params, lang)


def test_a_missed_task_says_why_once_and_that_the_score_does_not_count() -> None:
    state = Scenario(1, task="D").build()
    key, params = scoring.solo_end(state, 49, False)
    assert GAME.text(key, params, "en") == (
        "Task D not achieved (0 contracts fulfilled of the 3 asked): you're fired, and your 49 VP do not count"
    )
    assert GAME.text(key, params, "fr") == (
        "Tâche D non accomplie (0 contrat rempli sur 3)\u00a0: vous êtes viré, et vos 49 PV ne comptent pas"
    )


def _score(total: int, robots: int, tokens: int) -> scoring.Score:
    return scoring.Score(total, 0, 0, 0, 0, 0, (), robots, tokens, True)


def test_tie_breaks_are_reasons_of_the_outcome() -> None:
    by_robots = scoring.winner_reasons([_score(30, 3, 2), _score(30, 2, 4), _score(12, 1, 0)])
    assert by_robots == [
        ("botfactory.report.winner", {"seat": 0, "total": 30}),
        ("botfactory.report.tie_robots", {"n": 3}),
    ]
    by_tokens = scoring.winner_reasons([_score(30, 3, 2), _score(30, 3, 5)])
    assert [key for key, _ in by_tokens] == ["botfactory.report.winner", "botfactory.report.tie_tokens"]
    shared = scoring.winner_reasons([_score(30, 3, 2), _score(30, 3, 4), _score(30, 3, 6)])
    assert [key for key, _ in shared] == ["botfactory.report.winner"] * 3 + ["botfactory.report.shared"]
    lines = [GAME.text(key, params, "fr", NAMES) for key, params in shared]
    assert lines[0] == "Ada gagne avec 30 PV"
    assert lines[-1] == "Toujours à égalité\u00a0: 3 joueurs se partagent la victoire"
    assert GAME.text(*by_robots[1], "en") == "Tied on VP: the most robots (3) decides"


def test_spaces_and_contracts_are_named_by_what_they_do() -> None:
    """A player reads “pay 1, place up to 3 parts” and "the red + blue contract": the data's codes
    (AS3, C08) are ids nobody taught them, in English or in French."""
    state = Scenario(3).hand(0, tokens=4).contract(2, 0, "C07").worker(0, "FI3").sandra("PR1").acting(0).build()
    decision = GAME.pending(state)[0]
    prompt = GAME.text(decision.prompt, decision.params, "en")
    assert prompt.startswith("Your turn on the “spend up to 4 tokens” space"), prompt
    labels = [GAME.text(c.label, c.params, "fr") for c in decision.choices]
    raises = [label for label in labels if label.startswith("Augmenter")]
    assert raises and all(" pour " in label and "jeton" in label for label in raises)
    reserves = [label for label in labels if label.startswith("Réserver")]
    assert reserves and all(re.fullmatch(r"Réserver le contrat [a-z]+( \+ [a-z]+)*", r) for r in reserves), reserves
    assert "Réserver le contrat rouge + vert" in reserves
    moved = Scenario(3).worker(0, "FI1").sandra("PR1").moving(0).build()
    moves = [c for c in GAME.pending(moved)[0].choices if c.id.startswith("move:")]
    said = {GAME.text(c.label, c.params, "en") for c in moves}
    assert "“pay 1, place up to 3 parts” on the assembly board" in said
    assert "“+1 token, 3 wheel credits” on the part production board" in said
    for choice in moves:
        for lang in LANGS:
            assert not re.search(r"\b[A-Z]{2}\d\b", GAME.text(choice.label, choice.params, lang))
    for key, message in _messages("en").items():
        forms = [message] if isinstance(message, str) else [v for k, v in message.items() if k != "by"]
        assert not any(re.search(r"\b(AS|PP|PR|FI)\d\b|\bC\d\d\b", form) for form in forms), key
