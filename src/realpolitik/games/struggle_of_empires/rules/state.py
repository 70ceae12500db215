"""The state of a game: plain slots, a hand-written clone, canonical JSON.

Units are counted per region and empire as ``[armies, ships, forts]``; control tokens per region
and empire; region markers on the map by code (see :class:`..content.Marker`).
"""

from __future__ import annotations

from typing import Any

from ....engine import Rng
from ....engine.flow import Flow
from ..content import Content

ARMY, SHIP, FORT = 0, 1, 2
UNIT_NAMES = ("army", "ship", "fort")


def copy_json(value: Any) -> Any:
    """A copy of plain JSON data (dicts, lists, scalars): the combat context is cloned with it."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


class State:
    __slots__ = (
        "bag",
        "blockades",
        "combat",
        "content",
        "final",
        "first",
        "flow",
        "gold",
        "grey",
        "held",
        "last_player",
        "markers",
        "no_rebuy",
        "options",
        "order",
        "owned",
        "population",
        "reveals",
        "rng",
        "round",
        "round_flags",
        "seats",
        "stock",
        "tokens",
        "units",
        "unrest",
        "unrest_pool",
        "unrest_values",
        "used",
        "vp",
        "war",
        "white",
    )

    def __init__(
        self, content: Content, options: dict[str, Any], seats: tuple[str, ...], rng: Rng, blank: bool = False
    ) -> None:
        self.content = content
        self.options = options
        self.seats = seats
        self.rng = rng
        if blank:
            return  # clone() sets every other field (the compiled build has no __new__ trick)
        self.flow = Flow()
        self.war = 1
        self.round = 1
        self.first = seats[0]
        self.last_player: str | None = None
        """Who played last in the previous War: the next War's first bidder (L107, L381)."""
        rules = content.rules
        self.gold = dict.fromkeys(seats, rules.starting_gold)
        self.population = dict.fromkeys(seats, rules.starting_population)
        self.vp = dict.fromkeys(seats, rules.starting_vp)
        self.unrest = dict.fromkeys(seats, 0)
        """Unrest points (the sum of the markers' values)."""
        self.unrest_values: dict[str, list[int]] = {s: [] for s in seats}
        """With valued markers (G8, option): each marker's value, seen only by its owner (L73)."""
        self.unrest_pool: list[int] = []
        """With valued markers: the face-down pool, in draw order (hidden)."""
        self.tokens: dict[str, dict[str, int]] = {r: {} for r in content.scoring_ids}
        self.units: dict[str, dict[str, list[int]]] = {r: {} for r in content.region_ids}
        self.markers: dict[str, list[str]] = {r: [] for r in content.scoring_ids}
        self.held: list[list[str]] = []
        """Tokens held by Pirates or a Slave Revolt: ``[tile, region, empire]`` (L543-546)."""
        self.bag: list[str] = []
        """Undrawn region markers, ``region:code``, in draw order (hidden)."""
        self.stock = {t: tile.copies for t, tile in content.tiles.items()}
        self.owned: dict[str, dict[str, int]] = {s: {} for s in seats}
        self.used: dict[str, dict[str, int]] = {s: {} for s in seats}
        """Copies used this War (the triangle tiles, L175-176)."""
        self.no_rebuy: dict[str, list[str]] = {s: [] for s in seats}
        """Single-use tiles a seat used this round and may not buy back (L170-171)."""
        self.round_flags: dict[str, list[str]] = {s: [] for s in seats}
        """``buy`` and ``colonize`` once a round (L141, L149)."""
        self.blockades: list[list[str]] = []
        """Blockade tiles placed: ``[region, empire]`` (L563-567)."""
        self.grey: list[str] = []
        self.white: list[str] = []
        self.order: list[str] = []
        """This War's turn order, from the alliance rows."""
        self.combat: dict[str, Any] | None = None
        self.reveals = 0
        self.final: dict[str, Any] | None = None

    # -- small queries used everywhere ----------------------------------------------------------

    def count(self, region: str, seat: str, kind: int) -> int:
        here = self.units[region].get(seat)
        return here[kind] if here else 0

    def add_unit(self, region: str, seat: str, kind: int, n: int = 1) -> None:
        here = self.units[region].get(seat)
        if here is None:
            here = self.units[region][seat] = [0, 0, 0]
        here[kind] += n
        if not any(here):
            del self.units[region][seat]

    def token_count(self, region: str, seat: str) -> int:
        return self.tokens[region].get(seat, 0)

    def add_token(self, region: str, seat: str, n: int = 1) -> None:
        left = self.tokens[region].get(seat, 0) + n
        if left:
            self.tokens[region][seat] = left
        else:
            self.tokens[region].pop(seat, None)

    def row_of(self, seat: str) -> str | None:
        if seat in self.grey:
            return "grey"
        if seat in self.white:
            return "white"
        return None

    def allied(self, a: str, b: str) -> bool:
        row = self.row_of(a)
        return row is not None and row == self.row_of(b)

    def has(self, seat: str, tile: str) -> int:
        return self.owned[seat].get(tile, 0)

    def unused(self, seat: str, tile: str) -> int:
        return self.owned[seat].get(tile, 0) - self.used[seat].get(tile, 0)

    def home(self, seat: str) -> str:
        return self.content.empires[seat].home

    def units_of(self, seat: str) -> int:
        return sum(sum(here[seat]) for here in self.units.values() if seat in here)

    def valued_unrest(self) -> bool:
        """G8's other reading (option): markers of several values, drawn face down."""
        return self.options.get("unrest_markers") == "valued"

    def unrest_markers(self, seat: str) -> int:
        """How many unrest markers ``seat`` holds: public, unlike their values (L72-73)."""
        if self.valued_unrest():
            return len(self.unrest_values[seat])
        return self.unrest[seat] // self.content.rules.unrest_marker_value

    def tokens_of(self, seat: str) -> int:
        return sum(t.get(seat, 0) for t in self.tokens.values())

    # -- copies and JSON ------------------------------------------------------------------------

    def clone(self) -> State:
        twin = State(self.content, self.options, self.seats, self.rng.clone(), blank=True)
        twin.flow = self.flow.clone()
        twin.war, twin.round, twin.first, twin.last_player = (
            self.war,
            self.round,
            self.first,
            self.last_player,
        )
        twin.gold, twin.population = dict(self.gold), dict(self.population)
        twin.vp, twin.unrest = dict(self.vp), dict(self.unrest)
        twin.unrest_values = {s: list(v) for s, v in self.unrest_values.items()}
        twin.unrest_pool = list(self.unrest_pool)
        twin.tokens = {r: dict(t) for r, t in self.tokens.items()}
        twin.units = {r: {s: list(u) for s, u in here.items()} for r, here in self.units.items()}
        twin.markers = {r: list(m) for r, m in self.markers.items()}
        twin.held = [list(h) for h in self.held]
        twin.bag = list(self.bag)
        twin.stock = dict(self.stock)
        twin.owned = {s: dict(t) for s, t in self.owned.items()}
        twin.used = {s: dict(t) for s, t in self.used.items()}
        twin.no_rebuy = {s: list(t) for s, t in self.no_rebuy.items()}
        twin.round_flags = {s: list(t) for s, t in self.round_flags.items()}
        twin.blockades = [list(b) for b in self.blockades]
        twin.grey, twin.white, twin.order = list(self.grey), list(self.white), list(self.order)
        twin.combat = copy_json(self.combat)
        twin.reveals = self.reveals
        twin.final = copy_json(self.final)
        return twin

    def to_json(self) -> dict[str, Any]:
        return {
            "content": self.content.fingerprint,
            "options": copy_json(self.options),
            "seats": list(self.seats),
            "rng": self.rng.to_json(),
            "flow": self.flow.to_json(),
            "war": self.war,
            "round": self.round,
            "first": self.first,
            "last_player": self.last_player,
            "gold": dict(self.gold),
            "population": dict(self.population),
            "vp": dict(self.vp),
            "unrest": dict(self.unrest),
            "unrest_values": {s: list(v) for s, v in self.unrest_values.items()},
            "unrest_pool": list(self.unrest_pool),
            "tokens": {r: dict(sorted(t.items())) for r, t in self.tokens.items()},
            "units": {r: {s: list(u) for s, u in sorted(here.items())} for r, here in self.units.items()},
            "markers": {r: list(m) for r, m in self.markers.items()},
            "held": [list(h) for h in self.held],
            "bag": list(self.bag),
            "stock": dict(self.stock),
            "owned": {s: dict(sorted(t.items())) for s, t in self.owned.items()},
            "used": {s: dict(sorted(t.items())) for s, t in self.used.items()},
            "no_rebuy": {s: list(t) for s, t in self.no_rebuy.items()},
            "round_flags": {s: list(t) for s, t in self.round_flags.items()},
            "blockades": [list(b) for b in self.blockades],
            "grey": list(self.grey),
            "white": list(self.white),
            "order": list(self.order),
            "combat": copy_json(self.combat),
            "reveals": self.reveals,
            "final": copy_json(self.final),
        }
