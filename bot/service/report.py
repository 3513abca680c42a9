"""The post-game report and the replay, rebuilt from a finished game's log.

Both replay the moves still in effect (undone moves are skipped) from the seed, as the log is the
record of the game. The report reads each seat's own view at the start of every round: quantities
that were hidden during play (victory points behind the screens) appear round by round,
which is allowed only once the game is over and the screens are revealed, so anything but a finished
game is refused (:class:`~bot.service.errors.WrongStatus`). The replay is drawn from spectator views
only (``game.view(state, None)``), so it never shows what was hidden at the time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service import ending
from bot.service.convert import outcome_from_json, seat_info
from bot.service.errors import GameNotFound, WrongStatus
from bot.service.log import effective_moves, replay
from bot.service.names import clean, seat_names
from bot.store import ActionRow, GameRow, ResultRow, Store
from bot.words import CATALOG, t
from engine import registry
from engine.core.contract import Game, Outcome, View
from renders.api import Render, seat_styles
from renders.results.chart import report
from renders.results.model import Line, Panel, ReportPicture


@dataclass(frozen=True, slots=True)
class Moment:
    """Something a seat did: a completion (its public event), or its largest scoring turn (``gain``,
    from ``before``)."""

    version: int
    round: int | None
    seat: int
    key: str = ""
    params: tuple[tuple[str, Any], ...] = ()
    gain: int = 0
    before: int = 0


@dataclass(frozen=True, slots=True)
class GameStory:
    """The numbers of a finished game's report, in no language."""

    game_id: int
    kind: str
    title: str
    seats: int
    rounds: tuple[int | None, ...]
    """The round at each point of the charts: every round's start, then the end."""
    series: tuple[tuple[str, tuple[tuple[int, ...], ...]], ...]
    """(quantity, values by seat, each one per point)."""
    best: Moment | None
    """The largest scoring turn, in :attr:`headline`."""
    headline: str
    completions: tuple[Moment, ...]
    outcome: Outcome | None = None
    """How the game ended (who won, or the solo report), with the game's reasons."""
    final: View | None = None
    """The public view at the end: the seats' colours and shapes, as the board draws them."""


def timeline(
    game: Game[Any], row: GameRow, seats: int, actions: Sequence[ActionRow]
) -> Iterator[tuple[ActionRow | None, Any]]:
    """The start (``None``) and each move still in effect, with the state right after it."""
    kept = {move.seq: move for move in effective_moves(actions)}
    for seq, state in replay(game, row, seats, actions):
        if seq == 0:
            yield None, state
        elif seq in kept:
            yield kept[seq], state


def finished(row: GameRow) -> None:
    """Refuse anything but a finished game: before the end, per-round history would reveal screens."""
    if row.status != "finished":
        raise WrongStatus(
            f"Game #{row.id} is {row.status}; its report and replay open when it has ended.",
            key="status.report_unfinished",
            game=row.id,
            status=row.status,
        )


def story(game: Game[Any], row: GameRow, seats: int, actions: Sequence[ActionRow]) -> GameStory:
    """Replay a finished game once: each quantity at every round's start and the end, the largest
    scoring turn in the headline quantity (victory points, or Bot Factory's points if the game ended
    then), and completions in order.

    A turn is a seat's consecutive moves within one round (a solo player makes every move of the
    game, so consecutive moves alone would make the whole game one turn). The game's last move counts
    with its turn, end scoring included, so a best turn in the last round ends at the final score
    the chart ends at, never above it."""
    finished(row)
    rounds: list[int | None] = []
    points: list[dict[str, tuple[int, ...]]] = []
    completions: list[Moment] = []
    best: Moment | None = None
    turn: Moment | None = None
    last_round: object = object()
    before: dict[str, tuple[int, ...]] = {}
    now: dict[str, tuple[int, ...]] = {}
    current: int | None = None
    played_in: int | None = None
    """The round a move was decided in (the one before it, which its last effects may end)."""
    public: View | None = None
    for move, state in timeline(game, row, seats, actions):
        public = game.view(state, None)
        current = getattr(public, "round", None)
        now = game.measures(state, public, seats)
        if move is None or (current != last_round and current is not None):
            rounds.append(current)
            points.append(now)
            last_round = current
        if move is None:
            before, played_in = now, current
            continue
        headline = game.headline_measure or next(iter(now), None)
        gain = now[headline][move.seat] - before[headline][move.seat] if headline else 0
        if turn is not None and turn.seat == move.seat and turn.round == played_in:
            turn = Moment(move.seq, played_in, move.seat, gain=turn.gain + gain, before=turn.before)
        else:
            best = _better(best, turn)  # a turn is weighed whole, once it is over
            start = before[headline][move.seat] if headline else 0
            turn = Moment(move.seq, played_in, move.seat, gain=gain, before=start)
        for event in move.events:
            if event.to is None and event.key in game.milestones:
                seat = int(event.params.get("seat", move.seat))
                completions.append(Moment(move.seq, current, seat, event.key, tuple(sorted(event.params.items()))))
        before, played_in = now, current
    best = _better(best, turn)
    rounds.append(current)
    points.append(now)
    charted = game.charted or tuple(now)
    series = tuple((key, tuple(tuple(p[key][s] for p in points) for s in range(seats))) for key in charted)
    headline = game.headline_measure or next(iter(now), "")
    outcome = outcome_from_json(row.outcome) if row.outcome else None
    return GameStory(
        row.id, row.kind, game.title, seats, tuple(rounds), series, best, headline, tuple(completions), outcome, public
    )


def _better(best: Moment | None, turn: Moment | None) -> Moment | None:
    """The larger scoring turn of the two (the earlier on a tie); ``None`` while no turn scored."""
    if turn is None or turn.gain <= 0 or (best is not None and best.gain >= turn.gain):
        return best
    return turn


def replay_views(
    game: Game[Any], row: GameRow, seats: int, actions: Sequence[ActionRow]
) -> list[tuple[int | None, View]]:
    """The public board at every round's start and at the end, as spectators saw it: the replay's frames."""
    finished(row)
    return [(round_, view) for round_, _, view in round_starts(game, row, seats, actions)]


def round_starts(
    game: Game[Any], row: GameRow, seats: int, actions: Sequence[ActionRow]
) -> list[tuple[int | None, int, View]]:
    """``(round, version, view)`` of the public board at every round's start and as it is after the
    last move, from spectators' views only: what was public at the time, so a running game's may be
    shown too (the web's history scrubs through them)."""
    frames: list[tuple[int | None, int, View]] = []
    last_round: object = object()
    final: tuple[int | None, int, View] | None = None
    for move, state in timeline(game, row, seats, actions):
        view = game.view(state, None)
        current = getattr(view, "round", None)
        final = (current, 0 if move is None else move.seq, view)
        if move is None or (current is not None and current != last_round):
            frames.append(final)
            last_round = current
    assert final is not None
    if final is not frames[-1]:
        frames.append(final)
    return frames


async def log_of(store: Store, game_id: int) -> tuple[Game[Any], GameRow, int, list[ActionRow]]:
    """What a report or replay is rebuilt from; refused (``WrongStatus``) unless the game has ended."""
    played = await record_of(store, game_id)
    finished(played[1])
    return played


async def record_of(store: Store, game_id: int) -> tuple[Game[Any], GameRow, int, list[ActionRow]]:
    """A game's rules, record, seat count and log, whatever its status: for :func:`round_starts`, which
    takes only spectators' views from it."""
    loaded = await store.load(game_id)
    if loaded is None:
        raise GameNotFound(f"There is no game #{game_id}.", game=game_id)
    return registry.get(loaded.game.kind), loaded.game, len(loaded.seats), await store.actions(game_id)


# -- in words ------------------------------------------------------------------------------------
def shown_name(row: ResultRow, lang: str) -> str:
    """A result's player as a reader sees them: the captured name (cleaned again as every seat's name is
    read, :func:`bot.service.names.clean`), else "AI · hard" or "Player 2"."""
    if row.ai_level is not None:
        return ai_name(row.ai_level, lang)
    named = clean(row.name) if row.details.get("named", True) else None
    return named or t("results.player", lang, n=row.seat + 1)


def ai_name(level: str, lang: str) -> str:
    """ "AI · hard" in the reader's words (a named policy keeps its name)."""
    key = f"results.level.{level}"
    return t("results.ai", lang, level=t(key, lang) if CATALOG.has(key) else level)


def _point(round_: int | None, lang: str, last: bool) -> str:
    return t("results.report.end", lang) if last else str(round_ if round_ is not None else "")


LISTED = 8
"""Completions drawn in the picture; a longer list keeps its first and last ones (the text
alternative keeps them all)."""


def picture(told: GameStory, game: Game[Any], names: Sequence[str], lang: str) -> ReportPicture:
    """The report as a picture's values and its text alternative, in ``lang``: each seat with the
    board's colour and shape and its final score, how the game ended (never cut), the largest
    scoring turn with where it started, the completions in order."""
    ticks = tuple(_point(r, lang, i == len(told.rounds) - 1) for i, r in enumerate(told.rounds))
    styles = seat_styles(told.final) if told.final is not None else {}
    scores = told.outcome.scores if told.outcome is not None else ()
    void = set(uncounted(told.outcome)) if told.outcome is not None else set()
    panels = tuple(
        Panel(
            game.measure_text(key, lang),
            tuple(
                Line(
                    s,
                    names[s],
                    values[s],
                    styles.get(s),
                    scores[s] if s < len(scores) else None,
                    t("results.report.uncounted", lang, n=scores[s]) if s in void and s < len(scores) else "",
                )
                for s in range(told.seats)
            ),
        )
        for key, values in told.series
    )
    ended = () if told.outcome is None else tuple(ending.end_lines(game, told.outcome, names, lang))
    notes: list[str] = []
    if told.best is not None:
        best = told.best
        gain = game.measure_text(told.headline, lang, gain=best.gain)
        notes.append(
            t(
                "results.report.best",
                lang,
                name=names[best.seat],
                gain=gain,
                round=best.round,
                before=best.before,
                after=best.before + best.gain,
            )
        )
    listed = [_completion(moment, game, names, lang) for moment in told.completions]
    if listed:
        notes.append(t("results.report.order", lang))
    title = t("results.report.title", lang, game=told.title, id=told.game_id)
    text = [title, *ended]
    span = t("results.report.points", lang, first=ticks[0], last=ticks[-2] if len(ticks) > 1 else ticks[0])
    for panel in panels:
        curves = t("results.report.joiner", lang).join(_curve(line, told.rounds, lang) for line in panel.lines)
        text.append(t("results.report.curve", lang, metric=panel.title, points=span, curves=curves))
    text.extend(notes + listed)
    if len(listed) > LISTED:
        head, tail = LISTED // 2 - 1, LISTED // 2
        skipped = len(listed) - head - tail
        listed = [*listed[:head], t("results.report.more", lang, n=skipped), *listed[-tail:]]
    final = t("results.report.final", lang) if scores else ""
    return ReportPicture(
        title, t("results.report.axis", lang), ticks, panels, tuple(notes + listed), "\n".join(text), ended, final
    )


def uncounted(outcome: Outcome) -> tuple[int, ...]:
    """The seats whose final score does not count (a solo task missed), as the outcome says."""
    seats = outcome.details.get("uncounted", ())
    return tuple(s for s in seats if isinstance(s, int))


def _completion(moment: Moment, game: Game[Any], names: Sequence[str], lang: str) -> str:
    line = game.text(moment.key, dict(moment.params), lang, names)
    if names[moment.seat] not in line:
        line = f"{names[moment.seat]} — {line}"
    return t("results.report.completed", lang, round=moment.round, line=line)


SPELLED_OUT = 12
"""Curves of up to this many points are given value by value in the text alternative; longer ones by
their start, their highest point and their end."""


def _curve(line: Line, rounds: Sequence[int | None], lang: str) -> str:
    values = line.values
    if len(values) <= SPELLED_OUT:
        return f"{line.name} {', '.join(str(v) for v in values)}"
    top = max(range(len(values)), key=lambda i: (values[i], -i))
    if values[top] == values[-1]:  # highest at the end: the end says it
        return t("results.report.rise", lang, name=line.name, first=values[0], last=values[-1])
    return t(
        "results.report.summary",
        lang,
        name=line.name,
        first=values[0],
        most=values[top],
        round=rounds[top],
        last=values[-1],
    )


async def names_of(store: Store, game_id: int, lang: str) -> list[str]:
    """The players of a finished game by seat, named as its final scores name them (two seats that
    would read alike, such as two hard AIs, are told apart by seat number)."""
    loaded = await store.load(game_id)
    if loaded is not None:
        return seat_names([seat_info(seat) for seat in loaded.seats], lang)
    return [shown_name(row, lang) for row in await store.results(game_id=game_id)]


async def report_values(store: Store, game_id: int, lang: str) -> ReportPicture:
    """A finished game's report in ``lang``: its values with their text alternative, replayed off the
    event loop; what its picture is drawn from (the web draws it in a process of its own)."""
    played, row, seats, actions = await log_of(store, game_id)
    names = await names_of(store, game_id, lang)
    told = await asyncio.to_thread(story, played, row, seats, actions)
    return picture(told, played, names, lang)


async def drawn_report(store: Store, game_id: int, lang: str) -> tuple[ReportPicture, Render]:
    """A finished game's report in ``lang``: its values with their text alternative, and its picture,
    replayed and drawn off the event loop (what the final-scores message shows)."""
    shown = await report_values(store, game_id, lang)
    return shown, await asyncio.to_thread(report, shown)
