"""What a viewer may see of a Bot Factory game: the contract between the engine and the renders.

Almost everything in Bot Factory is public: hands of part and project tiles lie face up in front of
their owners (rulebook: set-up steps 6 and 8), speech tokens are counted in the open. What stays
hidden is the order of things no one may look at: the tiles under the top of each face-up part pile,
the face-down project deck, the contracts returned to the box, and in solo Vilela's action, robot and
contract-inspection decks. Views show those only as counts, so every viewer sees the same picture.

Fields may be added (with defaults); existing ones keep their names and meaning.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.contract import View

COLOURS = ("red", "yellow", "blue", "green")
"""Robot colours, left to right (part piles, assembly columns, value tracks)."""
PART_KINDS = ("head", "torso", "legs")
"""Assembly rows, top to bottom."""
BOARDS = ("assembly", "parts", "projects", "finance")
"""The factory floor, left to right (rulebook: set-up)."""
PLAYER_COLOURS = ("blue", "yellow", "purple", "orange")
"""Colour of each seat's worker and speech tokens (seat 0 first)."""


@dataclass(frozen=True)
class PartTile:
    uid: int
    """Unique id of this physical tile (0-53)."""
    colour: str
    """One of COLOURS, or "universal"."""
    kind: str
    """One of PART_KINDS."""


@dataclass(frozen=True)
class ProjectTile:
    uid: int
    """Unique id of this physical tile (0-23)."""
    colour: str


@dataclass(frozen=True)
class ContractTile:
    uid: int
    """Unique id (0-13)."""
    name: str
    """Data id, e.g. "C07"."""
    needs: tuple[str, ...]
    """Robot colours required to fulfil it, one entry per robot (e.g. ("red", "red"))."""
    slots: tuple[int, ...]
    """VP printed in the reservation slots, highest first (the first reserver takes the first)."""


@dataclass(frozen=True)
class ActionSpace:
    index: int
    """0-10, left to right over the whole factory floor."""
    board: str
    """One of BOARDS."""
    name: str
    """Data id, e.g. "AS3", "PP1", "FI2"."""
    amount: int
    """Parts placed (assembly), movement credits (parts), projects taken (projects) or tokens that
    may be spent (finance)."""
    cost: int = 0
    """Speech tokens to pay before the main action (AS3)."""
    gain: int = 0
    """Speech tokens given by the space (PP1)."""


@dataclass(frozen=True)
class Meeple:
    """A meeple on the factory floor: a worker, Sandra or Vilela."""

    who: str
    """"seat:<n>", "sandra" or "vilela"."""
    space: int
    """Index of the action space whose action it uses."""
    overflow: bool = False
    """Variant tile PT5: standing to the right of the spaces of a full board."""
    standing: bool = False
    """Moved this round but not yet acted."""


@dataclass(frozen=True)
class AssemblyColumn:
    colour: str
    parts: tuple[PartTile | None, PartTile | None, PartTile | None]
    """Head, torso, legs."""
    icons: tuple[bool, bool, bool]
    """Whether each space carries the "take a part" icon."""
    robots_left: int
    """Robot meeples of this colour still in the group at the top of the board."""
    group_size: int = 4


@dataclass(frozen=True)
class PartPile:
    colour: str
    top: PartTile | None
    """The visible top tile of the face-up pile."""
    count: int
    discard: tuple[PartTile, ...]
    """The discard pile beside it, face up."""


@dataclass(frozen=True)
class WheelSlot:
    position: int
    """0 = top-left entry (11 o'clock), clockwise; 0-1 entries, 4-5 exits."""
    tile: PartTile | None
    bonus: bool
    """The slot carries the bonus icons (dispensing from it offers a paid placement)."""


@dataclass(frozen=True)
class ProjectSpace:
    column: int
    """0 left, 1 right."""
    row: int
    """0 is the bottom row."""
    tile: ProjectTile | None
    bonus: str | None
    """"place" (bottom left: pay 1 token to place a part), "token" (bottom right: gain 1 token)."""


@dataclass(frozen=True)
class ValueTrack:
    colour: str
    value: int


@dataclass(frozen=True)
class BonusLine:
    reach: int
    """Crossed when a value rises from reach-1 to reach."""
    bonus: str
    """"place" (place a part) or "project" (take a project tile)."""


@dataclass(frozen=True)
class Reservation:
    seat: int
    vp: int
    """Value of the slot holding the seat's token."""


@dataclass(frozen=True)
class ContractSpace:
    position: int
    """0-8, row by row from the top row."""
    row: int
    """0 is the top row."""
    cost: int
    """Tokens to reserve (printed left of the row)."""
    row_vp: int
    """VP printed beside the row, scored on fulfilment."""
    contract: ContractTile | None
    """None once removed (solo inspection)."""
    reservations: tuple[Reservation, ...] = ()


@dataclass(frozen=True)
class BuiltRobot:
    project: ProjectTile
    universal: bool = False
    """Variant tile PT7: the universal robot stands on this project."""


@dataclass(frozen=True)
class PlayerArea:
    seat: int
    colour: str
    """Worker and token colour (one of PLAYER_COLOURS)."""
    tokens: int
    """Speech tokens held."""
    tokens_on_contracts: int
    parts: tuple[PartTile, ...]
    projects: tuple[ProjectTile, ...]
    """Incomplete project tiles."""
    robots: tuple[BuiltRobot, ...]
    """Completed projects, each with its robot meeple."""
    production_tile: str | None = None
    """Variants: the production tile taken (e.g. "PT4")."""
    production_used: bool = False


@dataclass(frozen=True)
class TurnInfo:
    """The worker turn in progress (phase "act")."""

    seat: int
    space: int
    board: str
    main_left: int
    """What is left of the main action: parts to place, credits, projects to take or tokens to spend."""
    main_open: bool
    """False until AS3's token is paid or the Sandra toll is settled."""
    executive_used: bool
    sandra_toll: bool
    """Sandra shares the board: pay 1 token or pass."""


@dataclass(frozen=True)
class SoloInfo:
    task: str
    """Task tile id ("A"-"D")."""
    vilela_action: str | None
    """Board shown on Vilela's current action tile."""
    vilela_robot: str | None
    """Colour of Vilela's current robot tile."""
    action_deck: int
    robot_deck: int
    inspection_deck: int
    inspection: tuple[int, ...] = ()
    """Contract positions on the last revealed inspection tile."""
    task_text: str = ""
    """Message key saying what the task tile asks ("botfactory.task.B")."""
    progress_text: str = ""
    """Message key of the progress toward the task now ("botfactory.progress.B"), with ``progress``."""
    progress: dict[str, int] = field(default_factory=dict)
    """Parameters of ``progress_text``: ``n`` done of ``need`` (and ``value`` for task B)."""
    task_met: bool = False
    """Whether the task would be met if the game ended now (at the end: whether it was)."""
    bands: tuple[tuple[str, int, int | None], ...] = ()
    """The performance report's bands once the task is met, lowest first: (name, lowest total,
    highest total or ``None``), e.g. ("satisfactory", 20, 49)."""
    report_lines: tuple[tuple[str, dict[str, object]], ...] = ()
    """Once over, how the game ended as message keys with their parameters: one sentence naming the
    task, what it came to and the band the total reached, or that the player is fired and the score
    does not count (empty before the end)."""


@dataclass(frozen=True)
class ScoreLine:
    """Final score of one seat by source (rulebook: final scoring)."""

    seat: int
    robots: int
    contracts_won: int
    contracts_lost: int
    token_pairs: int
    parts_penalty: int
    projects_penalty: int
    total: int
    robot_count: int
    tokens: int
    winner: bool
    fulfilled: tuple[int, ...] = ()
    """Contract positions fulfilled."""
    report: str | None = None
    """Solo: "fired", "poor", "satisfactory" or "exemplary"."""


@dataclass(frozen=True)
class BotFactoryView(View):
    seats: int = 0
    solo: bool = False
    variant: int = 0
    round: int = 0
    phase: str = "start"
    """"start" (starting parts), "move", "act" or "over"."""
    turn_order: tuple[str, ...] = ()
    """Meeples of the current phase in order ("seat:<n>", "sandra", "vilela")."""
    spaces: tuple[ActionSpace, ...] = ()
    meeples: tuple[Meeple, ...] = ()
    assembly: tuple[AssemblyColumn, ...] = ()
    spares: tuple[PartTile | None, ...] = ()
    """Left and right spare-part spaces."""
    piles: tuple[PartPile, ...] = ()
    marker: str = "red"
    """Colour of the pile under the distribution marker."""
    wheel: tuple[WheelSlot, ...] = ()
    wheel_turns: int = 0
    """Quarter turns made since set-up, modulo 4."""
    projects: tuple[ProjectSpace, ...] = ()
    project_deck: int = 0
    project_discard: tuple[ProjectTile, ...] = ()
    universal_parts: tuple[PartTile, ...] = ()
    """Universal parts waiting on the projects board."""
    values: tuple[ValueTrack, ...] = ()
    value_min: int = 1
    value_max: int = 15
    lines: tuple[BonusLine, ...] = ()
    contracts: tuple[ContractSpace, ...] = ()
    players: tuple[PlayerArea, ...] = ()
    turn: TurnInfo | None = None
    production_offer: tuple[str, ...] = ()
    """Variants: production tiles still in the offer."""
    solo_info: SoloInfo | None = None
    final: tuple[ScoreLine, ...] | None = None
    """Set once the game has ended, in seat order."""
    options: dict[str, object] = field(default_factory=dict)
    first_player: int = 0
    """Seat of the first player (set-up step 6); the seating order runs clockwise from it."""
    prompt: str = ""
    """Message key of the decision being made (e.g. "botfactory.prompt.refill"); "" once over."""
    robots_to_end: int = 0
    """A player with this many robots ends the game (as does a colour whose robots all left the
    assembly board)."""
