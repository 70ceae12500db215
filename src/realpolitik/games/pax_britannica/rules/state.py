"""The game state: plain slots, a hand-written clone, canonical JSON (no floats)."""

from __future__ import annotations

from typing import Any, Final

from ....engine import Rng
from ....engine.flow import Flow
from ..content import Content

Marker = tuple[str, bool]
"""A Power's Status marker in an Area: (level, established)."""

PHASES = (
    "events",
    "admin",
    "minors",
    "movement",
    "combat",
    "adjustment",
    "negotiation",
    "congress",
    "resentment",
    "war",
    "vp",
    "over",
)


class State:
    __slots__ = (
        "balkan_wars",
        "blame",
        "canal_first",
        "canals",
        "cbs",
        "co_mods",
        "congress",
        "content",
        "cri",
        "eti",
        "final",
        "fleets",
        "flow",
        "forced",
        "great",
        "great_war_declared",
        "licences",
        "markers",
        "minor_placed",
        "minors",
        "options",
        "pending_fleets",
        "phase",
        "player_of",
        "rebellions",
        "record",
        "reveals",
        "rng",
        "seats",
        "secret_treaties",
        "surplus",
        "treasury",
        "treaties",
        "treaty_void",
        "turn",
        "units",
        "unrest",
        "uprisings",
        "vp",
        "wars",
    )

    def __init__(self, content: Content, options: dict[str, Any], rng: Rng) -> None:
        self.content = content
        self.options = options
        self.rng = rng
        self.flow = Flow()
        self.seats: tuple[str, ...] = ()
        """The Great Powers players hold (Austria-Hungary is played by the German player, L1534)."""
        self.great: tuple[str, ...] = ()
        """Every Great Power of this game, Austria-Hungary included."""
        self.minors: tuple[str, ...] = ()
        self.player_of: dict[str, str] = {}
        self.turn = 1
        self.phase = "events"
        self.eti = 0
        self.cri = 0
        self.treasury: dict[str, int] = {}
        self.vp: dict[str, int] = {}
        self.markers: dict[str, dict[str, Marker]] = {}
        """Area -> Power -> (level, established)."""
        self.units: dict[str, dict[str, list[str]]] = {}
        """Power -> location (an Area or ``home``) -> unit codes, sorted (``A3``: Army (3), ``N10``)."""
        self.fleets: dict[str, list[str]] = {}
        """Power -> Sea Zones holding one of its Merchant Fleets."""
        self.pending_fleets: dict[str, int] = {}
        self.unrest: list[str] = []
        self.canals: list[str] = []
        self.canal_first: str | None = None
        self.co_mods: dict[str, dict[str, int]] = {}
        """This turn's Colonial Office modifiers from Random Events: factor, none, shift."""
        self.forced: dict[str, list[Any]] = {}
        """Power -> [pounds still to spend on units, naval only] this turn (forced expenditure)."""
        self.licences: dict[str, list[str]] = {}
        self.cbs: list[list[str]] = []
        """[holder, against, reason] raised this turn (they expire at its end, L1138-1141)."""
        self.minor_placed: list[str] = []
        self.congress: dict[str, Any] | None = None
        """This turn's Congress of Europe: host, members, Areas still to treat, the proposal ..."""
        self.surplus: dict[str, str] = {}
        self.balkan_wars = 0
        self.rebellions = 0
        self.record: dict[str, dict[str, int]] = {}
        """Each Great Power's last Administrative Record (Sections II-IV) and VP purchase."""
        self.blame: list[str] = []
        """Powers blamed for the Great War (L1212-1218, L1461-1507)."""
        self.final: dict[str, Any] | None = None
        self.reveals = 0
        self.wars: list[dict[str, Any]] = []
        """Wars declared this turn, the one being fought first (fields: rules/alliance.py)."""
        self.great_war_declared = False
        self.uprisings: list[list[str]] = []
        """This turn's wars of the Empires (rules/natives.py): ``["CN"]`` for a Chinese Rebellion,
        ``["OT", power, area]`` for a Power that established Control in an Ottoman Area."""
        self.treaties: list[list[str]] = []
        """Alliance treaties in force: ``[kind, power, power]``, kind ``defensive`` or ``offensive``
        (rules/treaties.py), placement bans ``[ban:AREA, promiser, partner]``."""
        self.secret_treaties: list[list[str]] = []
        """The treaties of ``treaties`` kept secret by their signers (L839-845): only they see them."""
        self.treaty_void = False
        """The German player broke the Germany/A-H treaty this turn (void until the next, L1540)."""
        """Grows when sealed answers are shown (undo never crosses it)."""

    def clone(self) -> State:
        twin = State(self.content, self.options, self.rng.clone())  # no __new__ tricks: mypyc
        twin.flow = self.flow.clone()
        twin.seats, twin.great, twin.minors = self.seats, self.great, self.minors
        twin.player_of = self.player_of
        twin.turn, twin.phase, twin.eti, twin.cri = self.turn, self.phase, self.eti, self.cri
        twin.treasury = dict(self.treasury)
        twin.vp = dict(self.vp)
        twin.markers = {a: dict(m) for a, m in self.markers.items()}
        twin.units = {p: {loc: list(u) for loc, u in locs.items()} for p, locs in self.units.items()}
        twin.fleets = {p: list(s) for p, s in self.fleets.items()}
        twin.pending_fleets = dict(self.pending_fleets)
        twin.unrest = list(self.unrest)
        twin.canals = list(self.canals)
        twin.canal_first = self.canal_first
        twin.co_mods = {p: dict(m) for p, m in self.co_mods.items()}
        twin.forced = {p: list(f) for p, f in self.forced.items()}
        twin.licences = {p: list(a) for p, a in self.licences.items()}
        twin.cbs = [list(c) for c in self.cbs]
        twin.minor_placed = list(self.minor_placed)
        twin.congress = (
            None
            if self.congress is None
            else {k: list(v) if isinstance(v, list) else v for k, v in self.congress.items()}
        )
        twin.surplus = dict(self.surplus)
        twin.balkan_wars, twin.rebellions = self.balkan_wars, self.rebellions
        twin.record = {p: dict(r) for p, r in self.record.items()}
        twin.blame = list(self.blame)
        twin.final = self.final  # set once, never changed afterwards
        twin.reveals = self.reveals
        twin.wars = [copy_war(w) for w in self.wars]
        twin.great_war_declared = self.great_war_declared
        twin.treaties = [list(t) for t in self.treaties]
        twin.secret_treaties = [list(t) for t in self.secret_treaties]
        twin.uprisings = [list(u) for u in self.uprisings]
        twin.treaty_void = self.treaty_void
        return twin

    def to_json(self) -> dict[str, Any]:
        return {
            "options": {k: v for k, v in self.options.items() if k != "content"},
            "rng": self.rng.to_json(),
            "flow": self.flow.to_json(),
            "turn": self.turn,
            "phase": self.phase,
            "eti": self.eti,
            "cri": self.cri,
            "treasury": dict(self.treasury),
            "vp": dict(self.vp),
            "markers": {
                a: {p: [lv, est] for p, (lv, est) in m.items()} for a, m in self.markers.items() if m
            },
            "units": {p: {loc: list(u) for loc, u in locs.items() if u} for p, locs in self.units.items()},
            "fleets": {p: list(s) for p, s in self.fleets.items()},
            "pending_fleets": dict(self.pending_fleets),
            "unrest": list(self.unrest),
            "canals": list(self.canals),
            "canal_first": self.canal_first,
            "co_mods": {p: dict(m) for p, m in self.co_mods.items()},
            "forced": {p: list(f) for p, f in self.forced.items()},
            "licences": {p: list(a) for p, a in self.licences.items()},
            "cbs": [list(c) for c in self.cbs],
            "minor_placed": list(self.minor_placed),
            "congress": self.congress,
            "surplus": dict(self.surplus),
            "balkan_wars": self.balkan_wars,
            "rebellions": self.rebellions,
            "record": {p: dict(r) for p, r in self.record.items()},
            "blame": list(self.blame),
            "final": self.final,
            "reveals": self.reveals,
            "wars": [copy_war(w) for w in self.wars],
            "great_war_declared": self.great_war_declared,
            "treaties": [list(t) for t in self.treaties],
            "secret_treaties": [list(t) for t in self.secret_treaties],
            "uprisings": [list(u) for u in self.uprisings],
            "treaty_void": self.treaty_void,
        }


def copy_war(war: dict[str, Any]) -> dict[str, Any]:
    """A war record (rules/alliance.py) holds JSON values at most two levels deep: lists of lists,
    dicts of lists, numbers and strings. Copied level by level (no deepcopy in the search loop)."""
    twin: dict[str, Any] = {}
    for key, value in war.items():
        if isinstance(value, list):
            twin[key] = [list(v) if isinstance(v, list) else v for v in value]
        elif isinstance(value, dict):
            twin[key] = {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
        else:
            twin[key] = value
    return twin


def unit_code(kind: str, strength: int) -> str:
    return ("A" if kind == "army" else "N") + str(strength)


_STRENGTHS: Final[dict[str, int]] = {k + str(n): n for k in ("A", "N") for n in (1, 3, 10)}
"""The unit codes of the counter mix (L126-137: strengths 1, 3 and 10), read without parsing."""


def strength(code: str) -> int:
    found = _STRENGTHS.get(code)
    return int(code[1:]) if found is None else found


def is_army(code: str) -> bool:
    return code[0] == "A"
