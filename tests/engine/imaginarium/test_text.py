"""The words players read: both catalogues hold the same keys, every key is used, every choice explains
itself in a line a phone shows, French and English each stay in their own language, and counted goods
take each language's plural forms.

Complete random games (2 to 6 seats, the Chimera expansion, team play) are played once for the module;
every prompt, label, description, confirmation, missing-option line and event they produce is written
in both languages through a catalogue that records the keys it is asked for.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import engine.imaginarium.lesson
from engine.core.contract import Choice, Decision
from engine.core.rng import Rng
from engine.core.text import Catalog
from engine.imaginarium import GAME
from engine.imaginarium.loader import load
from engine.imaginarium.policy import foresight
from engine.imaginarium.scenario import Scenario
from tests.engine.imaginarium.table import Table

LANGS = ("en", "fr")
GAMES = (
    (2, 1, {}),
    (2, 7, {"chimera": True}),
    (3, 2, {"chimera": True}),
    (3, 8, {}),
    (4, 3, {"chimera": True, "teams": True}),
    (4, 9, {"chimera": True}),
    (5, 4, {}),
    (5, 10, {"chimera": True}),
    (6, 5, {"chimera": True, "teams": True}),
)
"""(seats, seed, options) of the complete games played for the module."""
ENGLISH_WORDS = re.compile(r"\b(the|and|with|your|from|space|pay|gets?|gained|charcoalium|crystals?|wood|copper)\b")
FRENCH_WORDS = re.compile(
    r"\b(le|la|les|du|des|votre|avec|emplacement|charboniums?|cuivres?|bois|cristal|cristaux|rêve)\b"
)


class Recording(Catalog):
    """The game's catalogue, remembering every key it formats."""

    def __init__(self) -> None:
        super().__init__("engine.imaginarium")
        self.used: set[str] = set()

    def format(self, key: str, params: Mapping[str, Any], lang: str = "en") -> str:
        self.used.add(key)
        return super().format(key, params, lang)


@dataclass
class Playout:
    """Everything the complete games showed, written in both languages."""

    used: set[str] = field(default_factory=set)
    decisions: list[tuple[Decision, dict[str, list[tuple[str, str]]]]] = field(default_factory=list)
    texts: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: {lang: [] for lang in LANGS})
    """(message key, text) of everything rendered, by language."""


def _busy(decision: Decision, rng: Rng) -> Choice:
    """A random choice that mostly goes on doing things (random play ends steps too soon to meet the
    attacks, the Exhausteur and the later steps of a turn)."""
    doing = [c for c in decision.choices if c.id not in ("next", "end", "done", "finish", "skip", "stop")]
    return rng.choice(doing) if doing and rng.randbelow(10) else rng.choice(decision.choices)


def _render(key: str, params: Mapping[str, Any], lang: str, out: Playout) -> str:
    text = GAME.text(key, params, lang)
    out.texts[lang].append((key, text))
    return text


@pytest.fixture(scope="module")
def playout() -> Iterator[Playout]:
    yield play()


def play() -> Playout:
    """Play :data:`GAMES` through a recording catalogue."""
    recording = Recording()
    original = type(GAME).catalog
    type(GAME).catalog = recording
    out = Playout()
    try:
        for seats, seed, options in GAMES:
            state = GAME.new(seats, seed, options)
            rng = Rng(seed)
            while GAME.outcome(state) is None:
                decision = GAME.pending(state)[0]
                rendered: dict[str, list[tuple[str, str]]] = {}
                for lang in LANGS:
                    _render(decision.prompt, decision.params, lang, out)
                    for key, params in decision.missing:
                        _render(key, params, lang, out)
                    rendered[lang] = [
                        (_render(c.label, c.params, lang, out), _render(c.description, c.params, lang, out))
                        for c in decision.choices
                    ]
                    for c in decision.choices:
                        if c.confirm:
                            _render(c.confirm, c.params, lang, out)
                    for c in decision.choices:
                        _render(c.group, {}, lang, out)
                out.decisions.append((decision, rendered))
                tx = GAME.advance(state, decision.seat, _busy(decision, rng))
                for event in tx.events:
                    for lang in LANGS:
                        _render(event.key, event.params, lang, out)
            outcome = GAME.outcome(state)
            assert outcome is not None
            for lang in LANGS:
                _render(outcome.reason, {}, lang, out)
        out.used = recording.used
        return out
    finally:
        type(GAME).catalog = original


def _forms(message: str | dict[str, str]) -> list[str]:
    return [message] if isinstance(message, str) else [v for k, v in message.items() if k != "by"]


def _fields(message: str | dict[str, str]) -> set[str]:
    return {name for form in _forms(message) for _, name, _, _ in string.Formatter().parse(form) if name}


def test_both_catalogues_have_the_same_keys_and_placeholders() -> None:
    english = GAME.catalog.messages("en")
    french = GAME.catalog.messages("fr")
    assert sorted(set(english) ^ set(french)) == []
    assert [k for k in english if _fields(english[k]) != _fields(french[k])] == []
    for key, message in (*english.items(), *french.items()):
        if isinstance(message, dict):
            assert "other" in message, key


def test_every_key_is_used(playout: Playout) -> None:
    """Keys met in the games, plus the card texts of every card (the games do not meet them all)."""
    data = load(chimera=True)
    used = set(playout.used)
    used |= {f"imaginarium.machine.{m.serial}" for m in data.machines}
    used |= {f"imaginarium.{kind}.{p.id}" for p in data.projects for kind in ("project", "project_name")}
    used |= {f"imaginarium.{kind}.{a.id}" for a in data.assistants for kind in ("assistant", "assistant_name")}
    used |= {f"imaginarium.fragment.{c}" for c in (*data.colours, "nightmare")}
    used |= {spec.label for spec in GAME.option_specs}
    used |= {f"imaginarium.end.{reason}" for reason in ("target", "dream", "limit")}
    used |= scenes()
    used |= {f"imaginarium.{section}.vp" for section in ("metric", "gain")}  # the report's measure
    lesson = Path(engine.imaginarium.lesson.__file__).read_text("utf-8")  # the tutorial's answers
    used |= set(re.findall(r'"(imaginarium\.lesson\.[a-z_]+)"', lesson))
    used |= set(foresight(GAME.new(2, 1), 0))  # the evaluation's parts, which hints name
    unused = sorted(set(GAME.catalog.messages("en")) - used)
    assert unused == []
    assert sorted(k for k in playout.used if not GAME.catalog.has(k, "en")) == []


def scenes() -> set[str]:
    """Keys met in positions random games seldom reach (attacks, the Exhausteur, secret projects, a
    tangled or protected opponent, an over-full workshop), every choice played through the checked API
    and every text rendered in both languages."""
    recording = Recording()
    original = type(GAME).catalog
    type(GAME).catalog = recording
    try:
        for start, path in SCENES:
            t = Table(start)
            for cid in (*path, None):
                for decision in GAME.pending(t.state):
                    for lang in LANGS:
                        GAME.text(decision.prompt, decision.params, lang)
                        for key, params in decision.missing:
                            GAME.text(key, params, lang)
                        for c in decision.choices:
                            for key in (c.label, c.description, c.confirm):
                                if key:
                                    GAME.text(key, c.params, lang)
                if cid is not None:
                    for event in t.choose(cid).events:
                        for lang in LANGS:
                            GAME.text(event.key, event.params, lang)
        return recording.used
    finally:
        type(GAME).catalog = original


def _exhaust(seats: int, teams: bool) -> Scenario:
    start = Scenario(seats, chimera=True, teams=teams).goods(0, wood=1, crystal=1).yard(0, "A7").workshop(0)
    return start.fragments(seats - 1, "glory", "nightmare").turn(0, "menu", pair=("extract", "repair"))


SCENES: tuple[tuple[Scenario, tuple[str, ...]], ...] = (
    (Scenario(3).workshop(0, "D1", "D2").turn(0, "menu", pair=("dismantle", "reorganise")), ("do:reorganise",)),
    (_exhaust(3, False), ("do:repair", "repair:A7", "steal", "submit:nightmare", "collect:nightmare")),
    (_exhaust(4, True), ("do:repair", "repair:A7", "steal", "submit:glory", "collect:glory")),
    (
        Scenario(3)
        .goods(0, wood=1, copper=1, crystal=1)
        .yard(0, "A5")
        .workshop(0)
        .display("PR01", "PR02", "PR03")
        .turn(0, "menu", pair=("extract", "repair")),
        ("do:repair", "repair:A5", "neutralize:PR02"),
    ),
    (
        Scenario(4)
        .goods(0, wood=2, copper=1, crystal=1)
        .yard(0, "A6")
        .workshop(0)
        .workshop(1, "D3")
        .workshop(3)
        .turn(0, "menu", pair=("extract", "repair")),
        ("do:repair", "repair:A6"),
    ),
    (
        Scenario(3).assistants(0, "AS01", "AS02", "AS08").secret(0, "PR13", "PR01").turn(0, "projects"),
        ("complete:PR13",),
    ),
    (Scenario(3, chimera=True).workshop(0, "S4", "T1").fragments(0, "glory").goods(0).turn(0), ()),
    (
        Scenario(6, chimera=True, teams=True)
        .workshop(2, "D4")
        .fragments(0, "nightmare", "glory")
        .turn(0, "menu", pair=("extract", "repair")),
        ("daydream:repair", "stop", "nightmare:4"),
    ),
)


def test_every_choice_explains_itself_on_a_phone(playout: Playout) -> None:
    labels = 0
    for decision, rendered in playout.decisions:
        for choice in decision.choices:
            assert choice.description, choice
            for key in (choice.label, choice.description, choice.confirm):
                for lang in LANGS:
                    assert not key or GAME.catalog.has(key, lang), (key, lang)
        for lang in LANGS:
            for label, description in rendered[lang]:
                labels += 1
                assert len(label) <= 80, label
                assert 0 < len(description) <= 100, description
                assert "{" not in label + description, (label, description)
            assert len(set(rendered[lang])) == len(rendered[lang]), rendered[lang]
    assert labels > 5000


def test_labels_name_things_never_codes(playout: Playout) -> None:
    code = re.compile(r"\b(AS\d\d|CAS\d|PR\d\d|[PTADS]\d)\b")
    for lang in LANGS:
        assert [t for _, t in playout.texts[lang] if code.search(t)] == []


def test_each_language_stays_in_its_own(playout: Playout) -> None:
    names = load(chimera=True).machines
    card_names = re.compile("|".join(re.escape(n) for m in names for n in (m.name, m.name_fr)))
    french = {card_names.sub("", t) for _, t in playout.texts["fr"]}
    english = {card_names.sub("", t) for _, t in playout.texts["en"]}
    assert sorted(t for t in french if ENGLISH_WORDS.search(t)) == []
    assert sorted(t for t in english if FRENCH_WORDS.search(t)) == []


def test_french_typography_and_wording() -> None:
    for key, message in GAME.catalog.messages("fr").items():
        for form in _forms(message):
            assert not re.search(r" [:;?!»]|« ", form), (key, form)
            assert not re.search(r"[^\u00a0 ]([:;?!»])", form.replace("{", " {")), (key, form)
            assert "(s)" not in form and "payé rien" not in form and "payer rien" not in form, (key, form)
            # a sentence about a player never agrees with the player's gender
            assert not re.search(r"\{(seat|target|thief|owner|partner)\} (est|a été|était) ", form), (key, form)
            assert not re.search(r"\{(seat|target|thief|owner|partner)\} \w+ (allée?|protégée?|arrivée?)\b", form)
    for key, message in GAME.catalog.messages("en").items():
        assert all("(s)" not in form for form in _forms(message)), key


def test_events_start_with_the_player_they_are_about() -> None:
    """The log attributes each line to the seat it names: its sentence names that player first, once."""
    for lang in LANGS:
        for key, message in GAME.catalog.messages(lang).items():
            if not key.startswith("imaginarium.event."):
                continue
            for form in _forms(message):
                if "{seat}" in form:
                    assert form.startswith("{seat}") and form.count("{seat}") == 1, (lang, key, form)


@pytest.mark.parametrize(
    ("key", "params", "english", "french"),
    [
        (
            "imaginarium.event.extracted",
            {"seat": 0, "amount": 1, "number": 1},
            "Seat 1 gained 1 charcoalium from extractor 1",
            "Place 1 a gagné 1 charbonium sur l’extracteur 1",
        ),
        (
            "imaginarium.event.extracted",
            {"seat": 0, "amount": 2, "number": 2},
            "Seat 1 gained 2 charcoalium from extractor 2",
            "Place 1 a gagné 2 charboniums sur l’extracteur 2",
        ),
        (
            "imaginarium.event.stole_private",
            {"seat": 0, "good": "crystal", "count": 0, "machine": "A4"},
            "Seat 1 took 0 crystals with Cryswindleur",
            "Place 1 a pris 0 cristal avec Cristarnaqueuse",
        ),
        (
            "imaginarium.event.stole_private",
            {"seat": 0, "good": "crystal", "count": 1, "machine": "A4"},
            "Seat 1 took 1 crystal with Cryswindleur",
            "Place 1 a pris 1 cristal avec Cristarnaqueuse",
        ),
        (
            "imaginarium.event.stole_private",
            {"seat": 0, "good": "crystal", "count": 2, "machine": "A4"},
            "Seat 1 took 2 crystals with Cryswindleur",
            "Place 1 a pris 2 cristaux avec Cristarnaqueuse",
        ),
        (
            "imaginarium.event.placed",
            {"seat": 1, "fragment": "glory", "move": 1},
            "Seat 2 laid a dream of glory in their dream and moves 1 space",
            "Place 2 a posé un rêve de gloire dans son rêve et avance de 1 case",
        ),
        (
            "imaginarium.event.placed",
            {"seat": 1, "fragment": "glory", "move": 3},
            "Seat 2 laid a dream of glory in their dream and moves 3 spaces",
            "Place 2 a posé un rêve de gloire dans son rêve et avance de 3 cases",
        ),
        (
            "imaginarium.event.used_private",
            {"seat": 0, "machine": "T1", "cost": "cu2", "gain": "ch5"},
            "Seat 1 paid 2 copper to Combusteur and got 5 charcoalium",
            "Place 1 a payé 2 cuivres à Combustoir et obtenu 5 charboniums",
        ),
        (
            "imaginarium.event.used_private_free",
            {"seat": 0, "machine": "P1", "gain": "ch1"},
            "Seat 1 got 1 charcoalium from Charcoalette",
            "Place 1 a obtenu 1 charbonium de Charbonneuse sans rien payer",
        ),
    ],
)
def test_counted_goods_take_each_language_plural(key: str, params: dict[str, Any], english: str, french: str) -> None:
    assert GAME.text(key, params, "en") == english
    assert GAME.text(key, params, "fr") == french


def test_choices_keep_their_places_when_a_decision_is_drawn_again(playout: Playout) -> None:
    """Between two decisions of one seat at one step, the choices both offer come in the same order."""

    def meaning(choice: Choice) -> tuple[str, str]:
        return choice.label, repr(sorted(choice.params.items()))

    compared = 0
    for (before, _), (after, _) in zip(playout.decisions, playout.decisions[1:], strict=False):
        if before.seat != after.seat or before.prompt != after.prompt:
            continue
        first = [meaning(c) for c in before.choices]
        second = [meaning(c) for c in after.choices]
        common = set(first) & set(second)
        assert [m for m in first if m in common] == [m for m in second if m in common]
        compared += 1
    assert compared > 100


def _decision(t: Table) -> Decision:
    return GAME.pending(t.state)[0]


def _lines(decision: Decision, lang: str = "en") -> list[str]:
    return [GAME.text(key, params, lang) for key, params in decision.missing]


def test_a_chosen_action_that_cannot_be_carried_out_says_why() -> None:
    t = Table(Scenario(3).goods(0, wood=1).yard(0, "P3").turn(0, "menu", pair=("repair", "transactions")))
    decision = _decision(t)
    assert [c.id for c in decision.choices] == ["do:transactions", "end"]
    assert _lines(decision) == ["Repair: the nearest repair, Copperette, needs 1 wood and 1 crystal more"]
    assert _lines(decision, "fr") == [
        "Réparer\u00a0: la réparation la plus proche, Coperette, demande encore 1 bois et 1 cristal"
    ]


def test_ending_actions_while_one_remains_asks_first() -> None:
    t = Table(Scenario(3).goods(0, charcoalium=5).turn(0, "menu", pair=("extract", "transactions")))
    end = _decision(t).get("end")
    assert end is not None and end.confirm
    assert GAME.text(end.confirm, end.params) == "End my actions? Extract and Make transactions are still possible."
    t.choose("do:extract")
    end = _decision(t).get("end")
    assert end is not None
    assert GAME.text(end.confirm, end.params) == "End my actions? Make transactions is still possible."


@pytest.mark.parametrize(
    ("scenario", "key"),
    [
        (
            Scenario(3).assistants(0, "AS01", "AS02", "AS03").turn(0, "menu", pair=("recruit", "extract")),
            "recruit_full",
        ),
        (
            Scenario(3).workshop(0, "P1", "P2", "P3", "P4").yard(0, "P1").turn(0, "menu", pair=("extract", "repair")),
            "repair_space",
        ),
        (Scenario(3).workshop(0, "P1").turn(0, "menu", pair=("extract", "repair")), "repair_yard"),
        (Scenario(3).goods(0).turn(0, "menu", pair=("extract", "transactions")), "trade_none"),
        (Scenario(3).workshop(0, "P1+P1").turn(0, "menu", pair=("extract", "dismantle")), "dismantle_none"),
        (Scenario(3).workshop(0, "P1", "P2").turn(0, "menu", pair=("extract", "reorganise")), "reorganise_none"),
    ],
)
def test_each_action_that_cannot_be_carried_out_has_its_reason(scenario: Scenario, key: str) -> None:
    decision = _decision(Table(scenario))
    assert [k for k, _ in decision.missing] == [f"imaginarium.missing.{key}"]
    for lang in LANGS:
        assert all("{" not in line for line in _lines(decision, lang))


def test_team_play_names_the_team_whose_dream_gets_a_nightmare() -> None:
    t = Table(
        Scenario(4, chimera=True, teams=True)
        .fragments(0, "nightmare", "glory")
        .turn(0, "menu", pair=("extract", "repair"))
    )
    t.choose("daydream:repair", "stop")
    decision = _decision(t)
    assert GAME.text(decision.prompt, decision.params) == "Place a nightmare on an opposing team's dream?"
    labels = [GAME.text(c.label, c.params) for c in decision.choices]
    assert "Place a nightmare on the dream of Seat 2 and Seat 1" not in labels
    assert "Place a nightmare on the dream of Seat 3 and Seat 4" in labels


def test_every_text_of_the_games_fills_all_its_placeholders(playout: Playout) -> None:
    for lang in LANGS:
        assert [(k, t) for k, t in playout.texts[lang] if "{" in t or "}" in t or k == t] == []


def test_ending_the_machine_phase_with_a_machine_unused_asks_first() -> None:
    t = Table(Scenario().workshop(0, "P1", "P1", "P2").goods(0).turn(0))
    assert t.ids() == ["use:0", "use:2", "next"]  # the second Charcoalette does the same as the first
    done = _decision(t).get("next")
    assert done is not None and GAME.text(done.confirm, done.params) == (
        "End the machine phase? 3 machines can still be used."
    )
    t.choose("use:0")
    assert t.ids() == ["use:1", "use:2", "next"]
    t.choose("use:2")
    done = _decision(t).get("next")
    assert done is not None and GAME.text(done.confirm, done.params, "fr") == (
        "Finir la phase de machines\u00a0? Charbonneuse peut encore servir."
    )
    t.choose("use:1")
    assert t.state.flow.step != "machines"
