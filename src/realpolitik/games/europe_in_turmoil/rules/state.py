"""The state of a game of Europe in Turmoil: plain slots, cloned by hand (never ``deepcopy``).

Seats are ``A`` (the Authoritarian player, Central Powers in the war) and ``L`` (the Liberal
player, the Entente). Support is ``sp[space] = [liberal, authoritarian]``, the rulebook's own
``(L,A)`` notation (ch. 13). VP are signed: positive means the Liberal leads (10.3).

Automatic steps waiting to run are ``tasks`` (JSON), a continuation queue the driver
(:mod:`.driver`) runs until a decision is needed; decisions are on ``flow`` (engine.flow).
"""

from __future__ import annotations

from typing import Any

from ....engine import Rng
from ....engine.flow import Flow
from ..content import Content

SEATS = ("A", "L")
LIB, AUTH = 0, 1
"""Index of each side in ``sp[space]`` (the rulebook writes (L,A))."""


def other(seat: str) -> str:
    return "L" if seat == "A" else "A"


def index(seat: str) -> int:
    return LIB if seat == "L" else AUTH


READING_FIELDS = (
    "express",
    "french_monarchy",
    "lock_flip",
    "losses_own",
    "mobilization",
    "nassau",
    "scenario",
    "switzerland",
)
"""The fields of :class:`Readings`, as its ``__slots__`` (``to_json`` reads these)."""


class Readings:
    """The options that choose a reading of the rules (docs/europe-in-turmoil.md, C1-C24)."""

    __slots__ = (
        "express",
        "french_monarchy",
        "lock_flip",
        "losses_own",
        "mobilization",
        "nassau",
        "scenario",
        "switzerland",
    )

    def __init__(self, options: dict[str, Any]) -> None:
        self.scenario: str = str(options.get("scenario", "standard"))
        self.nassau: str = str(options.get("nassau", "three-plus"))
        self.express: bool = options.get("war", "standard") == "express"
        self.mobilization: bool = options.get("war", "standard") == "mobilization"
        """The optional War Mobilization (8.4.4) replaces 8.4.2-8.4.3 (rules/mobilization.py)."""
        self.losses_own: bool = bool(options.get("war_losses_own", True))
        self.lock_flip: bool = bool(options.get("lock_flip", True))
        self.french_monarchy: bool = bool(options.get("french_monarchy", False))
        self.switzerland: int = int(options.get("switzerland", 1))

    def to_json(self) -> dict[str, Any]:
        # mypyc's classes have no __slots__ to read: the names are listed once more (a test checks)
        return {name: getattr(self, name) for name in READING_FIELDS}


class State:
    __slots__ = (
        "colossus_used",
        "content",
        "deck",
        "discard",
        "dreyfus",
        "enver",
        "extra_naval",
        "ff_low",
        "final_scoring",
        "flow",
        "gw_track",
        "hands",
        "held",
        "hwm",
        "in_effect",
        "konig_used",
        "markers",
        "mobilization",
        "moltke_offered",
        "naval_used",
        "navy",
        "ops_mod",
        "over",
        "paris_monarchy",
        "peek",
        "played_events",
        "plus",
        "reached",
        "readings",
        "removed",
        "result",
        "revealed",
        "reveals",
        "rng",
        "rounds_done",
        "slots",
        "sp",
        "stab_avail",
        "tasks",
        "tel_flipped",
        "tension",
        "tps_left",
        "turn",
        "vp",
        "war_winner",
        "winners",
    )

    def __init__(self, content: Content, readings: Readings, rng: Rng, blank: bool = False) -> None:
        self.content = content
        self.readings = readings
        self.rng = rng
        if blank:
            return  # clone() sets every other field (the compiled build has no __new__ trick)
        self.flow = Flow()
        self.tasks: list[dict[str, Any]] = []
        self.turn = 1
        self.slots: list[str] = []
        """The action rounds still to play this turn, each a seat (4.5.2)."""
        self.rounds_done: dict[str, int] = {"A": 0, "L": 0}
        self.sp: dict[str, list[int]] = {sid: [0, 0] for sid in content.space_ids}
        self.hands: dict[str, list[str]] = {"A": [], "L": []}
        self.held: dict[str, list[str]] = {"A": [], "L": []}
        """The cards of each hand held over from an earlier turn (4.5.2): their bottoms were shown
        at the end of that turn (15.0 End of Turn), so the other player knows how many there are
        and that none is a Scoring card (4.5.3), not which they are."""
        self.deck: list[str] = []
        """The draw pile; cards are drawn from its end."""
        self.discard: list[str] = []
        self.removed: list[str] = []
        self.in_effect: dict[str, str] = {}
        """Lasting events displayed (2.2.6): card -> the seat it is in front of."""
        self.markers: list[str] = []
        """Active markers that are not on the Great War track (Admiral Fisher, war events, ...)."""
        self.gw_track: list[str] = ["three-emperor-league"]
        """War Status markers on the Great War track, left to right (8.2.2-8.2.3)."""
        self.tel_flipped = False
        self.vp = 0
        self.tension = 0
        self.ff_low: int | None = None
        """The lowest tension since Franz Ferdinand became active (15.0); None while inactive."""
        self.navy: dict[str, int] = {"A": 0, "L": 0}
        self.plus: dict[str, bool] = {"A": False, "L": False}
        self.reached: dict[str, list[str]] = {}
        """Naval box -> seats in the order their navies first reached it (6.3.5)."""
        self.hwm: int | None = None
        self.naval_used: dict[str, bool] = {"A": False, "L": False}
        self.extra_naval: dict[str, int] = {"A": 0, "L": 0}
        self.tps_left = 0
        self.colossus_used: dict[str, bool] = {"A": False, "L": False}
        self.konig_used: dict[str, bool] = {"A": False, "L": False}
        self.ops_mod: dict[str, int] = {"A": 0, "L": 0}
        self.dreyfus = False
        self.stab_avail: dict[str, list[str]] = {"A": [], "L": []}
        self.played_events: list[str] = []
        self.peek: dict[str, list[str]] = {"A": [], "L": []}
        """Helgoland: the opponent's hand as last seen by each seat."""
        self.revealed: dict[str, list[str]] = {"A": [], "L": []}
        """Scoring cards shown at setup (3.1) and still in that hand."""
        self.over = False
        self.winners: list[str] = []
        self.result = ""
        self.war_winner: str | None = None
        self.reveals = 0
        self.paris_monarchy = False
        self.enver = False
        self.final_scoring = False
        self.moltke_offered = False
        self.mobilization: dict[str, Any] | None = None
        """War Mobilization under way (8.4.4): nations, picks, revealed, void, outcome, priority."""

    def clone(self) -> State:
        twin = State(self.content, self.readings, self.rng.clone(), blank=True)
        twin.flow = self.flow.clone()
        twin.tasks = [dict(t) for t in self.tasks]
        twin.turn = self.turn
        twin.slots = list(self.slots)
        twin.rounds_done = dict(self.rounds_done)
        twin.sp = {k: list(v) for k, v in self.sp.items()}
        twin.hands = {k: list(v) for k, v in self.hands.items()}
        twin.held = {k: list(v) for k, v in self.held.items()}
        twin.deck, twin.discard, twin.removed = list(self.deck), list(self.discard), list(self.removed)
        twin.in_effect = dict(self.in_effect)
        twin.markers, twin.gw_track = list(self.markers), list(self.gw_track)
        twin.tel_flipped, twin.vp, twin.tension, twin.ff_low = (
            self.tel_flipped,
            self.vp,
            self.tension,
            self.ff_low,
        )
        twin.navy, twin.plus = dict(self.navy), dict(self.plus)
        twin.reached = {k: list(v) for k, v in self.reached.items()}
        twin.hwm = self.hwm
        twin.naval_used, twin.extra_naval = dict(self.naval_used), dict(self.extra_naval)
        twin.tps_left = self.tps_left
        twin.colossus_used, twin.konig_used = dict(self.colossus_used), dict(self.konig_used)
        twin.ops_mod, twin.dreyfus = dict(self.ops_mod), self.dreyfus
        twin.stab_avail = {k: list(v) for k, v in self.stab_avail.items()}
        twin.played_events = list(self.played_events)
        twin.peek = {k: list(v) for k, v in self.peek.items()}
        twin.revealed = {k: list(v) for k, v in self.revealed.items()}
        twin.over, twin.winners, twin.result = self.over, list(self.winners), self.result
        twin.war_winner, twin.reveals = self.war_winner, self.reveals
        twin.paris_monarchy, twin.enver, twin.final_scoring = (
            self.paris_monarchy,
            self.enver,
            self.final_scoring,
        )
        twin.moltke_offered = self.moltke_offered
        twin.mobilization = copy_mobilization(self.mobilization)
        return twin

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in STATE_FIELDS:
            if name == "content":
                data[name] = self.content.fingerprint
            elif name in ("readings", "rng", "flow"):
                data[name] = getattr(self, name).to_json()
            else:
                data[name] = getattr(self, name)
        return data


def copy_mobilization(mob: dict[str, Any] | None) -> dict[str, Any] | None:
    """A copy deep enough that the twin's picks and lists are its own."""
    if mob is None:
        return None
    twin: dict[str, Any] = {}
    for key, value in mob.items():
        if isinstance(value, dict):
            twin[key] = {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
        elif isinstance(value, list):
            twin[key] = list(value)
        else:
            twin[key] = value
    return twin


STATE_FIELDS = (
    "colossus_used",
    "content",
    "deck",
    "discard",
    "dreyfus",
    "enver",
    "extra_naval",
    "ff_low",
    "final_scoring",
    "flow",
    "gw_track",
    "hands",
    "held",
    "hwm",
    "in_effect",
    "konig_used",
    "markers",
    "mobilization",
    "moltke_offered",
    "naval_used",
    "navy",
    "ops_mod",
    "over",
    "paris_monarchy",
    "peek",
    "played_events",
    "plus",
    "reached",
    "readings",
    "removed",
    "result",
    "revealed",
    "reveals",
    "rng",
    "rounds_done",
    "slots",
    "sp",
    "stab_avail",
    "tasks",
    "tel_flipped",
    "tension",
    "tps_left",
    "turn",
    "vp",
    "war_winner",
    "winners",
)
"""The fields of :class:`State`, as its ``__slots__`` (``to_json`` reads these)."""
