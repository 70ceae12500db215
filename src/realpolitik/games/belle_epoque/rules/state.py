"""The state of a game of La Belle Époque: plain slotted objects, cloned by hand for search.

What is derived (alliances, control) is stored too, recomputed after every change by
:mod:`.board`, because every rule and every view reads it.
"""

from __future__ import annotations

from itertools import count
from typing import Any, Final

from ....engine import Rng
from ....engine.flow import Flow
from ..content import Content

ARMAMENT: Final = "#"
"""A space holding an Armament cube (§8.9)."""

BOXES: Final = ("europe", "africa", "asia")
"""The three continents' fleet boxes (§8.8)."""

HOME: Final = "home"
"""A minor nation's unit on its own nation, not yet handed to an ally (§8.2.3)."""
ARSENAL: Final = "arsenal"


_POWER_FIELDS: Final = (
    "actions_used",
    "armament_left",
    "armies_arsenal",
    "armies_boxed",
    "armies_built",
    "armies_out",
    "bonus_mark",
    "dispute_bonus",
    "dispute_bonus_turn",
    "embassies",
    "empire_turn",
    "fleet_track",
    "fleets_active",
    "fleets_arsenal",
    "fleets_boxed",
    "fleets_built",
    "fleets_exhausted",
    "great_work",
    "id",
    "intrigue",
    "money",
    "national",
    "passed",
    "prestige",
    "prestige_used",
    "reserve",
    "scored",
    "superior_doctrine",
    "targeted",
    "trans_siberian",
    "vp",
)
"""Every field of a :class:`PowerState`."""


class PowerState:
    """One Power: its Power Status Card, its pieces and its per-turn markers."""

    __slots__ = _POWER_FIELDS

    def __init__(self, power_id: str) -> None:
        self.id = power_id
        self.money = 0
        self.embassies = 0
        """DM cubes ready to use on the Power Status Card (§8.2)."""
        self.reserve = 0
        """DM cubes in the General Reserve (§2.0): 40 = embassies + reserve + map + cards."""
        self.prestige = 0
        self.bonus_mark = 0
        """The Prestige Bonus marker: bonuses up to this space are taken for good (§11)."""
        self.vp = 0
        self.scored: dict[str, int] = {}
        """The VP gained so far by source (``start``, ``map``, ``objectives``, ``great-work``,
        ``prestige``, ``balkan-wars``), for the final standings' breakdown (§10)."""
        self.fleet_track = 0
        self.armament_left = 0
        self.armies_built = 0
        """Armies ever bought (Reserve = army_max - armies_built)."""
        self.armies_arsenal = 0
        """Active Armies on the Arsenal space (§8.1)."""
        self.armies_out: dict[str, int] = {}
        """Exhausted Armies lying beside a territory after a dispute (§8.7), until Preparation."""
        self.armies_boxed = 0
        """Armies sold as armaments: out of the game (§8.9)."""
        self.fleets_built = 0
        self.fleets_arsenal = 0
        self.fleets_active: dict[str, int] = dict.fromkeys(BOXES, 0)
        self.fleets_exhausted: dict[str, int] = dict.fromkeys(BOXES, 0)
        self.fleets_boxed = 0
        self.great_work = False
        self.prestige_used = False
        """International Prestige taken this game turn (§8.5: the marker is turned over)."""
        self.targeted = False
        """Has a reminder cube on an Intrigue or National card this turn (§8.6.1)."""
        self.passed = False
        self.superior_doctrine = False
        """Central Empires' Superior Doctrine played: +2 in disputes, max +6 (§8.7)."""
        self.empire_turn = 0
        """The turn in which Empire of the Seas was played (GB), 0 if never."""
        self.dispute_bonus = 0
        self.dispute_bonus_turn = 0
        """A card's +N for the Power's next dispute in that turn (Gunboat Diplomacy), 0 if none."""
        self.trans_siberian = False
        """Russia's Trans-Siberian Railway played (its reconstructed effect: more fleet-free territories)."""
        self.intrigue: list[str] = []
        self.national: list[str] = []
        self.actions_used: list[str] = []
        """Action types taken in the current Action-Phase turn (§8.0.1)."""

    def clone(self) -> PowerState:
        # Field by field (no __new__ trick, no setattr loop): fast, and valid when compiled.
        twin = PowerState(self.id)
        twin.actions_used = list(self.actions_used)
        twin.armament_left = self.armament_left
        twin.armies_arsenal = self.armies_arsenal
        twin.armies_boxed = self.armies_boxed
        twin.armies_built = self.armies_built
        twin.armies_out = dict(self.armies_out)
        twin.bonus_mark = self.bonus_mark
        twin.dispute_bonus = self.dispute_bonus
        twin.dispute_bonus_turn = self.dispute_bonus_turn
        twin.embassies = self.embassies
        twin.empire_turn = self.empire_turn
        twin.fleet_track = self.fleet_track
        twin.fleets_active = dict(self.fleets_active)
        twin.fleets_arsenal = self.fleets_arsenal
        twin.fleets_boxed = self.fleets_boxed
        twin.fleets_built = self.fleets_built
        twin.fleets_exhausted = dict(self.fleets_exhausted)
        twin.great_work = self.great_work
        twin.intrigue = list(self.intrigue)
        twin.money = self.money
        twin.national = list(self.national)
        twin.passed = self.passed
        twin.prestige = self.prestige
        twin.prestige_used = self.prestige_used
        twin.reserve = self.reserve
        twin.superior_doctrine = self.superior_doctrine
        twin.targeted = self.targeted
        twin.trans_siberian = self.trans_siberian
        twin.vp = self.vp
        twin.scored = dict(self.scored)
        return twin

    def to_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in _POWER_SCALARS}
        data["armies_out"] = dict(sorted(self.armies_out.items()))
        data["fleets_active"] = dict(self.fleets_active)
        data["fleets_exhausted"] = dict(self.fleets_exhausted)
        data["intrigue"] = list(self.intrigue)
        data["national"] = list(self.national)
        data["actions_used"] = list(self.actions_used)
        data["scored"] = dict(sorted(self.scored.items()))
        return data


_POWER_CONTAINERS: Final = frozenset(
    {"armies_out", "fleets_active", "fleets_exhausted", "intrigue", "national", "actions_used", "scored"}
)
_POWER_SCALARS: Final = tuple(name for name in _POWER_FIELDS if name not in _POWER_CONTAINERS)


STAMPS: Final = count(1)
"""Where every change stamp comes from (:attr:`TerritoryState.stamp`, :attr:`State.map_stamp`):
one counter for every state and game of the process, so that a stamp is never given twice."""


class CubeLayout:
    """Where :attr:`State.cube_counts` keeps each owner's base cubes: one count per owner (each
    Power, each minor cube colour, :data:`ARMAMENT`, and ``None`` for a free space) and per group
    of territories, a group being a continent's minor nations or its colonies (the selections the
    cards' steps and the Initial Setup's minima make: ``kinds``, ``continents``, the whole map).
    One layout per content, shared by every state that plays it (:func:`layout_of`)."""

    __slots__ = ("continent_groups", "group", "groups", "slot", "territories_of_group")

    def __init__(self, content: Content) -> None:
        self.groups = 2 * len(content.continent_ids)
        """How many groups: each continent's minor nations (even) and colonies (odd)."""
        self.group: dict[str, int] = {
            t: 2 * content.continent_ids.index(info.continent) + int(info.is_colony)
            for t, info in ((t, content.territories[t]) for t in content.territory_ids)
        }
        """Territory -> its group."""
        self.continent_groups: dict[str, tuple[int, int]] = {
            c: (2 * i, 2 * i + 1) for i, c in enumerate(content.continent_ids)
        }
        """Continent -> its two groups (minor nations, colonies)."""
        self.territories_of_group: list[frozenset[str]] = [
            frozenset(t for t, g in self.group.items() if g == group) for group in range(self.groups)
        ]
        owners: list[str | None] = [*content.power_ids, *content.minor_cube_ids, ARMAMENT, None]
        self.slot: dict[str | None, int] = {owner: i * self.groups for i, owner in enumerate(owners)}
        """Owner -> where its counts start in :attr:`State.cube_counts` (plus the group)."""

    def fresh_counts(self, territories: dict[str, TerritoryState]) -> list[int]:
        """The counts of these territories' base cubes, worked out from scratch."""
        counts = [0] * (self.groups * len(self.slot))
        for territory, spaces in territories.items():
            group = self.group[territory]
            for cube in spaces.base:
                counts[self.slot[cube] + group] += 1
        return counts


_LAYOUTS: Final[dict[str, CubeLayout]] = {}


def layout_of(content: Content) -> CubeLayout:
    """The content's :class:`CubeLayout` (by its fingerprint: equal data, equal layout)."""
    found = _LAYOUTS.get(content.fingerprint)
    if found is None:
        found = _LAYOUTS[content.fingerprint] = CubeLayout(content)
    return found


class TerritoryState:
    """The spaces of one territory. ``base[i]`` is the cube in space ``i + 1`` (an owner id,
    :data:`ARMAMENT` or ``None``); ``top[i]`` is the cube placed on it to start a dispute.

    The cube lists are written only through :mod:`.board`'s ``set_base``, ``set_top`` and
    ``set_cubes``, which give the territory a new :attr:`stamp` and keep its counts
    (:attr:`free`, :attr:`armaments`, :attr:`tops`)."""

    __slots__ = (
        "armaments",
        "base",
        "free",
        "holder",
        "holder_allies",
        "holder_stamp",
        "stamp",
        "top",
        "tops",
    )

    def __init__(self, spaces: int, stamp: int = 0) -> None:
        self.base: list[str | None] = [None] * spaces
        self.top: list[str | None] = [None] * spaces
        self.free = spaces
        """How many ``None`` in :attr:`base`: the free spaces (§8.2.1). A count kept by the
        writes (``board.set_base``, ``set_cubes``), so that "is there a free space" or "how many"
        is no pass over the list (a ``None`` compared with a cube's name is a slow ``==``);
        :func:`.invariants.check` recounts it."""
        self.armaments = 0
        """How many :data:`ARMAMENT` in :attr:`base` (§8.9: a territory with one takes no Sell;
        the spaces left for a majority, §8.2), kept as :attr:`free` is."""
        self.tops = 0
        """How many dispute cubes stand in :attr:`top` (§8.2.5), kept by ``board.set_top`` and
        ``set_cubes``: a territory of ``State.disputed`` without one has no dispute to resolve."""
        self.holder: str | None = None
        """The Power allied with (minor nation) or controlling (colony) it (§8.2.3, §8.2.4)."""
        self.holder_stamp = -1
        """The :attr:`stamp` of the cubes :func:`.board.evaluate` last worked the holder out from
        (-1: never): while the stamp is the same, so are the cubes, and a minor nation's holder
        (its base cubes alone decide it) cannot have changed. Copied by :meth:`clone`."""
        self.holder_allies: dict[str, frozenset[str]] | None = None
        """The index of allied colours (``State.allies``) a colony's holder was last worked out
        with: a colony also counts its allied minors' cubes, and a new index is made at each change
        of a minor nation's holder (held here, so its identity is not reused)."""
        self.stamp = stamp or next(STAMPS)
        """A change stamp: a new number from :data:`STAMPS` whenever the cubes (base or top) change,
        never given twice in the process, and copied by :meth:`clone` with the cubes. Two
        territories with the same stamp have the same cubes, so a memo (the Send lists) may compare
        the stamp instead of the cubes. Not part of :meth:`State.to_json`."""

    def clone(self) -> TerritoryState:
        twin = TerritoryState(0, self.stamp)
        twin.base = list(self.base)
        twin.top = list(self.top)
        twin.free = self.free
        twin.armaments = self.armaments
        twin.tops = self.tops
        twin.holder = self.holder
        twin.holder_stamp = self.holder_stamp
        twin.holder_allies = self.holder_allies
        return twin


class MinorUnit:
    """An allied minor nation's Army or Fleet (§8.2.3): where it is and whether it is exhausted.

    ``location`` is :data:`HOME` (on its nation, no ally), :data:`ARSENAL` (the ally's Arsenal),
    a continent's fleet box (fleets), or a territory id (an exhausted Army after a dispute).
    """

    __slots__ = ("exhausted", "kind", "location", "minor")

    def __init__(self, minor: str, kind: str, location: str = HOME, exhausted: bool = False) -> None:
        self.minor = minor
        self.kind = kind
        self.location = location
        self.exhausted = exhausted

    @property
    def id(self) -> str:
        """Notation id: ``italy-fleet``, ``bulgaria-army``."""
        return f"{self.minor}-{self.kind}"

    def clone(self) -> MinorUnit:
        return MinorUnit(self.minor, self.kind, self.location, self.exhausted)


class PlayedCard:
    """An Intrigue or National card in play with its victims' reminder cubes (§8.6)."""

    __slots__ = ("card", "deck", "player", "victims")

    def __init__(self, card: str, deck: str, player: str, victims: list[str]) -> None:
        self.card = card
        self.deck = deck
        """``intrigue`` or ``national``."""
        self.player = player
        self.victims = victims

    def clone(self) -> PlayedCard:
        return PlayedCard(self.card, self.deck, self.player, list(self.victims))


class NonPlayers:
    """The Non-Player Powers of a game (§13) and the automaton's per-turn markers."""

    __slots__ = ("bonus", "created", "powers", "triggers")

    def __init__(self, powers: tuple[str, ...]) -> None:
        self.powers = frozenset(powers)
        self.bonus: dict[str, int] = {}
        """The Dispute Bonus marked on each NP card for phase e (§13.9.1)."""
        self.triggers: dict[str, int] = {}
        """Armament cubes on the last column of the Send-DM table this turn (§13.7, §13.8)."""
        self.created: list[list[Any]] = []
        """[territory, space index] of the disputes NP Powers started this turn, in order (A21)."""

    def clone(self) -> NonPlayers:
        twin = NonPlayers(())
        twin.powers = self.powers
        twin.bonus = dict(self.bonus)
        twin.triggers = dict(self.triggers)
        twin.created = [list(c) for c in self.created]
        return twin

    def to_json(self) -> dict[str, Any]:
        return {
            "powers": sorted(self.powers),
            "bonus": dict(sorted(self.bonus.items())),
            "triggers": dict(sorted(self.triggers.items())),
            "created": [list(c) for c in self.created],
        }


class State:
    """A whole game of La Belle Époque."""

    __slots__ = (
        "active",
        "allies",
        "balkan_wars",
        "content",
        "contrasts",
        "cube_counts",
        "disputed",
        "end_turn",
        "event_box",
        "event_discard",
        "event_draw",
        "final",
        "flow",
        "intrigue_discard",
        "intrigue_draw",
        "layout",
        "map_stamp",
        "minor_reserve",
        "minor_units",
        "next_order",
        "np",
        "options",
        "phase",
        "played",
        "powers",
        "reveals",
        "rng",
        "spaces",
        "territories",
        "turn",
        "turn_order",
    )

    def __init__(
        self,
        content: Content,
        options: dict[str, Any],
        rng: Rng,
        powers: dict[str, PowerState] | None = None,
        territories: dict[str, TerritoryState] | None = None,
        *,
        cube_counts: list[int] | None = None,
    ) -> None:
        """A game before setup: empty Power cards and map (or the given ones, for :meth:`clone`,
        with their ``cube_counts``)."""
        self.content = content
        self.options = options
        self.rng = rng
        self.turn = 0
        self.phase = "setup"
        if powers is None:
            powers = {p: PowerState(p) for p in content.power_ids}
        if territories is None:
            territories = {t: TerritoryState(content.territories[t].spaces) for t in content.territory_ids}
        self.powers: dict[str, PowerState] = powers
        self.territories: dict[str, TerritoryState] = territories
        self.spaces: list[TerritoryState] = [territories[t] for t in content.territory_ids]
        """The same :class:`TerritoryState` objects by territory number (the place of its id in
        ``content.territory_ids``, map order): the rules' loops over the map index this list
        instead of looking each name up in :attr:`territories`. The dictionary is never changed
        after it is made (its values are written in place), so the two always agree."""
        self.minor_reserve: dict[str, int] = {}
        self.minor_units: list[MinorUnit] = []
        self.turn_order: list[str] = []
        self.next_order: list[str] = []
        self.active = 0
        """Index in ``turn_order`` of the Power whose Action-Phase turn it is."""
        self.event_draw: list[str] = []
        """The Event draw pile, top card last."""
        self.event_discard: list[str] = []
        self.event_box: list[str] = []
        """Event cards removed unseen (§6.1)."""
        self.intrigue_draw: list[str] = []
        self.intrigue_discard: list[str] = []
        self.played: list[PlayedCard] = []
        self.contrasts: dict[str, tuple[str, int]] = {}
        """Territory -> (Power, turn) of a Diplomatic Contrasts in force (§8.9.2)."""
        self.flow = Flow()
        """The decisions the game waits for: the top one now, each one beneath suspended until
        the ones above it are done (a Power's turn behind its dispute or its card's choices)."""
        self.reveals = 0
        """Grows when hidden information is revealed (a card drawn): undo stops there."""
        self.final: dict[str, Any] | None = None
        """Final scores and winners once the game is over."""
        self.end_turn = 0
        """The turn the game ended in (9, or the turn Sarajevo was drawn)."""
        self.balkan_wars: str | None = None
        self.np: NonPlayers | None = None
        """The Non-Player Powers (§13), None in a game of human players only."""
        self.disputed: set[str] = set()
        """An index: every territory where a dispute's top cube may stand (§8.2.5), so that the
        Resolve choices (§8.7) look at a few territories instead of the whole map. A superset, never
        short: a top cube is only ever put on the map by :func:`.board.send_cube` (and a position
        loaded from text), and both add the territory. Top cubes leave without touching it (a
        dispute settled, a card's removal) and §8.11 empties it, so within a turn it may list
        territories whose disputes are over; the queries that read it check the cubes. Not part
        of :meth:`to_json`: it adds nothing to the cubes, and :func:`.invariants.check` checks it
        covers them."""

        self.layout = layout_of(content)
        self.cube_counts: list[int] = (
            self.layout.fresh_counts(territories) if cube_counts is None else cube_counts
        )
        """An index: the base cubes of each owner (each Power, minor colour, Armament, ``None``
        for free spaces) in each group of territories, at ``layout.slot[owner] + group``
        (:class:`CubeLayout`), so that "is there an opposing cube anywhere on the map" or "how
        many cubes has a Power in Europe" need no pass over the map (card probes, the Initial
        Setup's minima). Exact: every write of a base cube goes through :mod:`.board`'s
        ``set_base`` or ``set_cubes``, which keep it; :func:`.invariants.check` recounts it.
        Copied by :meth:`clone`; not part of :meth:`to_json` (it adds nothing to the cubes)."""

        self.allies: dict[str, frozenset[str]] = {}
        """An index: each Power's allied minor cube colours (digest G23), the colours whose nation
        it holds, for :func:`.board.allied_colours`. Holders are only written by
        :func:`.board.evaluate` and a position loaded from text, and both give a new dictionary
        after a minor nation's holder changes (:func:`.board.refresh_allies`); never changed in
        place, so clones share it. :func:`.invariants.check` works it out afresh. Not part of
        :meth:`to_json` (it adds nothing to the holders)."""

        self.map_stamp = next(STAMPS)
        """The map's change stamp: the stamp of the last change of any territory's cubes (see
        :attr:`TerritoryState.stamp`), or a new one. Equal map stamps, equal cubes everywhere."""

    def is_np(self, power: str | None) -> bool:
        return self.np is not None and power in self.np.powers

    def clone(self) -> State:
        twin = State(
            self.content,
            self.options,
            self.rng.clone(),
            {p: s.clone() for p, s in self.powers.items()},
            {t: s.clone() for t, s in self.territories.items()},
            cube_counts=list(self.cube_counts),
        )
        twin.turn, twin.phase, twin.active = self.turn, self.phase, self.active
        twin.minor_reserve = dict(self.minor_reserve)
        twin.minor_units = [u.clone() for u in self.minor_units]
        twin.turn_order = list(self.turn_order)
        twin.next_order = list(self.next_order)
        twin.event_draw = list(self.event_draw)
        twin.event_discard = list(self.event_discard)
        twin.event_box = list(self.event_box)
        twin.intrigue_draw = list(self.intrigue_draw)
        twin.intrigue_discard = list(self.intrigue_discard)
        twin.played = [c.clone() for c in self.played]
        twin.contrasts = dict(self.contrasts)
        twin.flow = self.flow.clone()
        twin.reveals = self.reveals
        twin.final = self.final
        twin.end_turn = self.end_turn
        twin.balkan_wars = self.balkan_wars
        twin.np = None if self.np is None else self.np.clone()
        twin.disputed = set(self.disputed)
        twin.allies = self.allies  # (never changed in place)
        twin.map_stamp = self.map_stamp
        return twin

    def to_json(self) -> dict[str, Any]:
        """The complete state (deck order included): hashed to check replays."""
        return {
            "content": self.content.fingerprint,
            "options": self.options,
            "rng": self.rng.to_json(),
            "turn": self.turn,
            "phase": self.phase,
            "active": self.active,
            "powers": {p: s.to_json() for p, s in self.powers.items()},
            "territories": {
                t: {"base": list(s.base), "top": list(s.top), "holder": s.holder}
                for t, s in self.territories.items()
            },
            "minor_reserve": dict(self.minor_reserve),
            "minor_units": [[u.minor, u.kind, u.location, u.exhausted] for u in self.minor_units],
            "turn_order": list(self.turn_order),
            "next_order": list(self.next_order),
            "event_draw": list(self.event_draw),
            "event_discard": list(self.event_discard),
            "event_box": list(self.event_box),
            "intrigue_draw": list(self.intrigue_draw),
            "intrigue_discard": list(self.intrigue_discard),
            "played": [[c.card, c.deck, c.player, list(c.victims)] for c in self.played],
            "contrasts": {t: list(v) for t, v in sorted(self.contrasts.items())},
            "flow": self.flow.to_json(),
            "reveals": self.reveals,
            "final": self.final,
            "end_turn": self.end_turn,
            "balkan_wars": self.balkan_wars,
            **({} if self.np is None else {"np": self.np.to_json()}),
        }
