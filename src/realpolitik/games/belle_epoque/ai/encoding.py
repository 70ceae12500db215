"""La Belle Époque's fixed action encoding and observation, for learning (``GamePlugin.encoding``,
docs/research.md).

**Actions.** Every action is a *head* fixed by the content (a verb with its territory and space, a
card and half, a purchase ...) and, for the four kinds whose legal variants are combinations
(a card's choices, a sale's replaced spaces and fleet sources, a commitment's minor units, a card's
``choose`` options), a *variant*: the rank of the action among the legal actions with the same head,
sorted by notation. The index is the head's block offset plus the variant, so ``N`` stays at
12,628 instead of multiplying out every combination; it is a two-step decision (head, then
variant) flattened into one index. Variant slots are capped (:data:`SLOTS`, measured with a wide
margin on random games); a position needing more raises :class:`EncodingError` (the battery would
report it), never a wrong index.

| block | index | size |
| --- | --- | --- |
| ``great-work``, ``invest``, ``prestige``, ``pass``, ``end`` | fixed | 5 |
| ``place`` / ``send`` / ``resolve`` / ``remove`` T@S | territory × space (0-11) | 4 × 26 × 12 |
| ``buy`` A armies F fleets | armies (0-14) × fleets (0-3) | 60 |
| ``commit`` F fleets A armies (+minors) | fleets × armies × minor variant | 4 × 15 × 8 |
| ``deploy`` FROM>TO | source (arsenal, 3 boxes, each minor's fleet) × box | 15 × 3 |
| ``sell`` T#R ... | territory × rate × variant | 26 × 1 × 336 |
| ``play`` CARD/HALF ... | Intrigue halves, then National cards × variant | 41 × 96 |
| ``keep`` CARD | Intrigue design | 17 |
| ``choose`` OPTION | variant | 32 |

**Observation.** Built from the seat's own view (``rules/view.py``), so it holds exactly what the
seat may see: the public board and mats, its own Intrigue hand, other hands as counts; never the
deck order, another hand or the generator. Its fields are :meth:`BelleEpoqueEncoding.observation_fields`
(listed in docs/research.md). Numbers are the game's own (money in £, VP, counts), not scaled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ....engine import JSON, ObservationField, Seat
from ....engine.observation import ObservationWriter
from ..content import Content
from ..rules import actions as A
from ..rules.action_phase import KIND
from ..rules.decisions import DECISIONS
from ..rules.setup import content_for, new_state
from ..rules.state import ARMAMENT, ARSENAL, BOXES, HOME, State
from ..rules.view import view

SLOTS: Final = {"commit": 8, "sell": 336, "play": 96, "choose": 32}
"""Variant slots per head. The most seen in 600 random games (150 seeds of each battery option set):
commit 2, sell 56, play 52, choose 4. A sale replaces at most two of eleven spaces (Italy's: 1 + 11
+ 55 = 67 ways) with fleets from one of five places: 335 at most, under 336 (288 while Italy had 10
spaces, 192 while it had 8)."""

SPACES: Final = 12
"""Space numbers 0 (a free space) to 11 (the most spaces a territory has: Italy, reconstructed G2).
A content (an override) with a larger territory is refused by :class:`Layout` with a clear
:class:`EncodingError`, never encoded wrongly."""

PHASES: Final = (
    "setup",
    "initial-setup",
    "turn-start",
    "intrigue",
    "action",
    "np-disputes",
    "end-of-turn",
    "over",
)
DECISION_KINDS: Final = tuple(DECISIONS.handlers)
ACTION_KINDS: Final = tuple(dict.fromkeys(KIND.values()))
SIMPLE: Final[tuple[A.Action, ...]] = (A.GreatWork(), A.Invest(), A.Prestige(), A.Pass(), A.End())
SIMPLE_INDEX: Final = {type(a): i for i, a in enumerate(SIMPLE)}


class EncodingError(ValueError):
    """A position the encoding cannot index (more variants than its slots)."""


class Layout:
    """The blocks of the action index and the observation's vocabularies for one content."""

    def __init__(self, content: Content, units: Sequence[str], promos: bool) -> None:
        self.powers = content.power_ids
        self.territories = content.territory_ids
        self.t_index = {t: i for i, t in enumerate(self.territories)}
        self.max_armies = max(p.army_max for p in content.powers.values())
        self.max_fleets = max(p.fleet_max for p in content.powers.values())
        self.rates = max([len(content.territories[t].armament_rate) for t in self.territories] + [1])
        designs = list(dict.fromkeys([*content.intrigue_deck, *(content.intrigue_promos if promos else ())]))
        self.intrigue = tuple(designs)
        self.national = tuple(content.national_cards)
        self.events = tuple(content.event_cards)
        halves = [(c, h + 1) for c in self.intrigue for h in range(len(content.intrigue_cards[c].halves))]
        self.play_heads: tuple[tuple[str, int], ...] = (*halves, *((c, 0) for c in self.national))
        self.play_index = {head: i for i, head in enumerate(self.play_heads)}
        self.sources = (ARSENAL, *BOXES, *(f"{m}-fleet" for m in content.minor_ids))
        self.source_index = {s: i for i, s in enumerate(self.sources)}
        self.units = tuple(units)
        self.cubes: tuple[str, ...] = (*self.powers, *content.minor_cube_ids, ARMAMENT)
        self.p_index = {p: i for i, p in enumerate(self.powers)}
        self.cube_index = {c: i for i, c in enumerate(self.cubes)}
        self.spaces = {t: content.territories[t].spaces for t in self.territories}
        if max(self.spaces.values()) >= SPACES:
            raise EncodingError(f"a territory has more than the encoding's {SPACES - 1} spaces")
        offset = len(SIMPLE)
        self.blocks: dict[str, tuple[int, int]] = {}
        sizes = {
            "place": len(self.territories) * SPACES,
            "send": len(self.territories) * SPACES,
            "resolve": len(self.territories) * SPACES,
            "remove": len(self.territories) * SPACES,
            "buy": (self.max_armies + 1) * (self.max_fleets + 1),
            "commit": (self.max_fleets + 1) * (self.max_armies + 1) * SLOTS["commit"],
            "deploy": len(self.sources) * len(BOXES),
            "sell": len(self.territories) * self.rates * SLOTS["sell"],
            "play": len(self.play_heads) * SLOTS["play"],
            "keep": len(self.intrigue),
            "choose": SLOTS["choose"],
        }
        for name, size in sizes.items():
            self.blocks[name] = (offset, size)
            offset += size
        self.size = offset

    # -- heads ------------------------------------------------------------------------------------

    def head(self, action: A.Action) -> tuple[str, int]:
        """(block, head number within the block, before the variant) of an action."""
        match action:
            case A.Place(t, s) | A.Send(t, s) | A.Resolve(t, s) | A.Remove(t, s):
                return _BLOCK_OF[type(action)], self.t_index[t] * SPACES + _space(s)
            case A.Buy(armies, fleets):
                return "buy", _bounded(armies, self.max_armies) * (self.max_fleets + 1) + _bounded(
                    fleets, self.max_fleets
                )
            case A.Commit(fleets, armies, _):
                return "commit", _bounded(fleets, self.max_fleets) * (self.max_armies + 1) + _bounded(
                    armies, self.max_armies
                )
            case A.Deploy(source, dest):
                return "deploy", self.source_index[source] * len(BOXES) + BOXES.index(dest)
            case A.Sell(t, rate, _, _):
                return "sell", self.t_index[t] * self.rates + _bounded(rate, self.rates - 1)
            case A.Play(card, half, _):
                return "play", self.play_index[(card, half)]
            case A.Keep(card):
                return "keep", self.intrigue.index(card)
            case A.Choose():
                return "choose", 0
        raise EncodingError(f"no index for {A.notation(action)}")

    def index(self, block: str, head: int, variant: int) -> int:
        offset, size = self.blocks[block]
        slots = SLOTS.get(block, 1)
        if variant >= slots:
            raise EncodingError(f"{block}: more than {slots} legal variants of one head")
        at = head * slots + variant
        if not 0 <= at < size:
            raise EncodingError(f"{block}: head {head} out of range")
        return offset + at

    def locate(self, index: int) -> tuple[str, int, int]:
        """(block, head, variant) of an index."""
        if 0 <= index < len(SIMPLE):
            return "simple", index, 0
        for block, (offset, size) in self.blocks.items():
            if offset <= index < offset + size:
                slots = SLOTS.get(block, 1)
                return block, (index - offset) // slots, (index - offset) % slots
        raise ValueError(f"index {index} is outside [0, {self.size})")


_BLOCK_OF: Final[dict[type, str]] = {
    A.Place: "place",
    A.Send: "send",
    A.Resolve: "resolve",
    A.Remove: "remove",
}


def _space(space: int) -> int:
    if not 0 <= space < SPACES:
        raise EncodingError(f"space {space} is outside 0-{SPACES - 1}")
    return space


def _bounded(value: int, top: int) -> int:
    if not 0 <= value <= top:
        raise EncodingError(f"{value} is outside 0-{top}")
    return value


def _variant_key(action: A.Action) -> str:
    return A.notation(action)


_LAYOUTS: Final[dict[tuple[str, bool], Layout]] = {}


def _layout(state: State) -> Layout:
    promos = bool(state.options.get("intrigue_promos"))
    key = (state.content.fingerprint, promos)
    found = _LAYOUTS.get(key)
    if found is None:
        units = sorted(u.id for u in state.minor_units)
        found = _LAYOUTS[key] = Layout(state.content, units, promos)
    return found


def _layout_for(options: Mapping[str, JSON]) -> Layout:
    content = content_for(options)
    key = (content.fingerprint, bool(options.get("intrigue_promos")))
    found = _LAYOUTS.get(key)
    if found is None:
        found = _layout(new_state(options, 0, None))
    return found


class BelleEpoqueEncoding:
    """The plug-in's :class:`~realpolitik.engine.Encoding` (see the module docstring)."""

    def size(self, options: Mapping[str, JSON]) -> int:
        return _layout_for(options).size

    # -- actions ----------------------------------------------------------------------------------

    def legal_indices(self, state: State, seat: Seat) -> list[int]:
        return self.indexed_legal(state, seat)[1]

    def indexed_legal(self, state: State, seat: Seat) -> tuple[Sequence[A.Action], list[int]]:
        """The legal list and each action's index, computed once (the environments build the
        mask and decode the chosen index with it)."""
        layout = _layout(state)
        legal = DECISIONS.legal_actions(state, state.flow, seat) if state.final is None else []
        indices = [0] * len(legal)
        groups: dict[tuple[str, int], list[int]] = {}
        for i in range(len(legal)):
            action = legal[i]
            simple = SIMPLE_INDEX.get(type(action))
            if simple is not None:
                indices[i] = simple
            elif isinstance(action, (A.Place, A.Send, A.Resolve, A.Remove)):
                # The commonest actions, one index each: straight to it, no head tuple (and a
                # tuple of classes above, not a union, which pure Python would build per call).
                offset = layout.blocks[_BLOCK_OF[type(action)]][0]
                indices[i] = offset + layout.t_index[action.territory] * SPACES + _space(action.space)
            else:
                block, head = layout.head(action)
                if block in SLOTS:
                    groups.setdefault((block, head), []).append(i)
                else:
                    indices[i] = layout.index(block, head, 0)
        for (block, head), members in groups.items():
            if len(members) == 1:  # a head played one way alone is variant 0: no notation needed
                indices[members[0]] = layout.index(block, head, 0)
                continue
            ranked = sorted([(_variant_key(legal[i]), i) for i in members])
            for rank in range(len(ranked)):
                indices[ranked[rank][1]] = layout.index(block, head, rank)
        return legal, indices

    def encode(self, state: State, seat: Seat, action: A.Action) -> int:
        layout = _layout(state)
        block, head = self._head(layout, action)
        if block not in SLOTS:
            return self._index(layout, block, head, 0)
        variants = self._variants(state, seat, layout, block, head)
        key = _variant_key(action)
        if key not in variants:
            raise ValueError(f"{A.notation(action)} is not legal for {seat}")
        return layout.index(block, head, variants.index(key))

    def decode(self, state: State, seat: Seat, index: int) -> A.Action:
        _layout(state).locate(index)  # an index outside every block: ValueError
        legal, indices = self.indexed_legal(state, seat)
        for action, found in zip(legal, indices, strict=True):
            if found == index:
                return action
        raise ValueError(f"index {index} is not a legal action of {seat} here")

    def _head(self, layout: Layout, action: A.Action) -> tuple[str, int]:
        simple = SIMPLE_INDEX.get(type(action))
        if simple is not None:
            return "simple", simple
        return layout.head(action)

    def _index(self, layout: Layout, block: str, head: int, variant: int) -> int:
        return head if block == "simple" else layout.index(block, head, variant)

    def _variants(self, state: State, seat: Seat, layout: Layout, block: str, head: int) -> list[str]:
        legal = DECISIONS.legal_actions(state, state.flow, seat) if state.final is None else []
        return sorted(_variant_key(a) for a in legal if self._head(layout, a) == (block, head))

    # -- observation ------------------------------------------------------------------------------

    def observation_fields(self, options: Mapping[str, JSON]) -> Sequence[ObservationField]:
        return _fields(_layout_for(options))

    def observe(self, state: State, seat: Seat) -> list[float]:
        return _observe_state(_layout(state), state, seat)

    def observe_sparse(self, state: State, seat: Seat) -> tuple[list[int], list[float]]:
        """The observation's non-zero numbers: their positions and values (an environment fills a
        zeroed array with them, much faster than converting the whole list)."""
        w = _write_state(_layout(state), state, seat)
        return w.ones + w.numbers, [1.0] * len(w.ones) + w.values

    def observe_split(self, state: State, seat: Seat) -> tuple[list[int], list[int], list[float]]:
        """:meth:`observe_sparse` in two parts: the positions holding 1, then the other non-zero
        numbers' positions and values (most of the observation is ones: an environment sets
        them with one scalar instead of converting a list of values)."""
        w = _write_state(_layout(state), state, seat)
        return w.ones, w.numbers, w.values

    def observe_view(self, state: State, seat: Seat) -> list[float]:
        """The same observation built from the seat's JSON view (``rules/view.py``): the
        specification of what the seat may see, against which the fast :meth:`observe` is tested
        number for number."""
        return _observe(_layout(state), view(state, seat), seat)


ENCODING: Final = BelleEpoqueEncoding()

_POWER_NUMBERS: Final = (
    "money",
    "embassies",
    "reserve",
    "prestige",
    "bonus_mark",
    "vp",
    "fleet_track",
    "armament_left",
)
_POWER_FLAGS: Final = ("great_work", "prestige_used", "targeted", "passed", "superior_doctrine", "np")
_UNIT_PLACES: Final = (HOME, ARSENAL, *BOXES, "territory")
_DISPUTE_NUMBERS: Final = ("a_fleets", "a_armies", "d_fleets", "d_armies")


def _fields(layout: Layout) -> list[ObservationField]:
    p = len(layout.powers)
    n_spaces = sum(layout.spaces.values())
    cards = len(layout.intrigue) + len(layout.national)
    per_power = len(_POWER_NUMBERS) + 4 + 9 + len(_POWER_FLAGS) + 1 + len(layout.national) + len(ACTION_KINDS)
    return [
        ObservationField("me", p, "1 for the observing Power, in seat order (GB, FR, CE, RU)"),
        ObservationField("turn", 2, "the game turn and its era"),
        ObservationField("phase", len(PHASES), f"one-hot: {', '.join(PHASES)}"),
        ObservationField(
            "decision",
            len(DECISION_KINDS) + 1 + p,
            "kind of the decision waited for (one-hot, last: none) and its seat",
        ),
        ObservationField(
            "turn_order", 2 * p * p, "each Power's place in this turn's order, then the next (one-hot)"
        ),
        ObservationField(
            "powers",
            p * per_power,
            "per Power: money, embassies, reserve, prestige, bonus mark, VP, fleet track, armaments left; "
            "armies in reserve, arsenal, out (exhausted), boxed; fleets in reserve, arsenal, active and "
            "exhausted per box, boxed; great work, prestige used, targeted, passed, superior doctrine, NP; "
            "Intrigue cards held (count); National cards held (one per card; an NP's are hidden); "
            "action types used this turn",
        ),
        ObservationField("hand", len(layout.intrigue), "the seat's own Intrigue cards, a count per design"),
        ObservationField(
            "spaces",
            n_spaces * (len(layout.cubes) + 1 + p + 1),
            "every space of every territory in map order: its cube (one-hot: empty, a Power, a minor "
            "colour, an Armament) and the cube disputing it (one-hot: none, a Power)",
        ),
        ObservationField(
            "holders",
            len(layout.territories) * (p + 1),
            "each territory's ally or controller (one-hot, first: none)",
        ),
        ObservationField(
            "contrasts",
            len(layout.territories) * (p + 1),
            "Diplomatic Contrasts per territory: the Power and its turn",
        ),
        ObservationField(
            "minor_units",
            len(layout.units) * (len(_UNIT_PLACES) + 1),
            "each minor unit: where (home, arsenal, a box, a territory) and exhausted",
        ),
        ObservationField(
            "minor_reserve", len(layout.cubes) - p - 1, "minor cubes in the General Reserve, per colour"
        ),
        ObservationField("decks", 3, "Event draw pile, Intrigue draw pile and discard pile (counts)"),
        ObservationField("event_discard", len(layout.events), "each Event card seen (1)"),
        ObservationField(
            "played", cards * (1 + 2 * p), "each card in play: in play, its player, its victims"
        ),
        ObservationField(
            "dispute",
            1 + len(layout.territories) + SPACES + p + len(layout.cubes) + len(_DISPUTE_NUMBERS),
            "a dispute being fought: present, territory, space, attacker, defender, units committed",
        ),
        ObservationField("keep", len(layout.intrigue), "the Intrigue cards the seat chooses one of to keep"),
        ObservationField("final", 1, "1 once the game is over"),
    ]


_SIZES: Final[dict[int, int]] = {}
"""Observation length per layout (by id: layouts live as long as the process, in ``_LAYOUTS``)."""


def _observation_size(layout: Layout) -> int:
    found = _SIZES.get(id(layout))
    if found is None:
        found = _SIZES[id(layout)] = sum(f.size for f in _fields(layout))
    return found


def _observe(layout: Layout, v: Mapping[str, Any], seat: Seat) -> list[float]:
    powers = layout.powers
    n = len(powers)
    p_index, cube_index = layout.p_index, layout.cube_index
    w = ObservationWriter(_observation_size(layout))
    w.one_hot(n, p_index.get(seat))
    w.extend([float(v["turn"]), float(v["era"])])
    w.one_hot(len(PHASES), PHASES.index(v["phase"]) if v["phase"] in PHASES else None)
    decision = v["decision"]
    kind = decision["kind"] if decision else None
    w.one_hot(
        len(DECISION_KINDS) + 1,
        DECISION_KINDS.index(kind) if kind in DECISION_KINDS else len(DECISION_KINDS),
    )
    w.one_hot(n, p_index.get(decision["seat"]) if decision else None)
    for order in (v["turn_order"], v["next_order"]):
        for power in powers:
            w.one_hot(n, order.index(power) if power in order else None)
    for power in powers:
        mat = v["powers"][power]
        w.extend([float(mat[k]) for k in _POWER_NUMBERS])
        armies, fleets = mat["armies"], mat["fleets"]
        w.extend(
            [
                float(armies["reserve"]),
                float(armies["arsenal"]),
                float(sum(armies["out"].values())),
                float(armies["boxed"]),
                float(fleets["reserve"]),
                float(fleets["arsenal"]),
            ]
        )
        w.extend([float(fleets["active"][b]) for b in BOXES] + [float(fleets["exhausted"][b]) for b in BOXES])
        w.add(float(fleets["boxed"]))
        w.extend([float(bool(mat.get(k, False))) for k in _POWER_FLAGS])
        w.add(float(mat["intrigue_count"]))
        w.extend([float(c in mat["national"]) for c in layout.national])
        w.extend([float(k in mat["actions_used"]) for k in ACTION_KINDS])
    hand = v["powers"][seat].get("intrigue", []) if seat in v["powers"] else []
    w.extend([float(hand.count(c)) for c in layout.intrigue])
    cubes = len(layout.cubes) + 1
    territories = v["territories"]
    # Every space: two one-hot blocks (its cube, first: empty; the cube disputing it, first: none),
    # written inline: these are most of the observation's blocks.
    pos, stride = w.pos, cubes + n + 1
    for t in layout.territories:
        for text in territories[t]["spaces"]:
            if text:
                base, _, top = text.partition("/")
                w.set(pos + (cube_index[base] + 1 if base else 0))
                w.set(pos + cubes + (p_index[top] + 1 if top else 0))
            else:
                w.set(pos)
                w.set(pos + cubes)
            pos += stride
    w.pos = pos
    for t in layout.territories:
        holder = territories[t]["holder"]
        w.one_hot(n + 1, p_index[holder] + 1 if holder in p_index else 0)
    for t in layout.territories:
        contrast = v["contrasts"].get(t)
        w.one_hot(n, p_index.get(contrast["power"]) if contrast else None)
        w.add(float(contrast["turn"]) if contrast else 0.0)
    where = {u["unit"]: u for m in v["minors"].values() for u in m["units"]}
    for unit in layout.units:
        found = where.get(unit)
        place = None
        if found is not None:
            loc = found["location"]
            place = _UNIT_PLACES.index(loc) if loc in _UNIT_PLACES else len(_UNIT_PLACES) - 1
        w.one_hot(len(_UNIT_PLACES), place)
        w.add(float(bool(found and found["exhausted"])))
    w.extend([float(v["minor_reserve"].get(c, 0)) for c in layout.cubes[n:-1]])
    w.extend([float(v["events"]["deck"]), float(v["intrigue"]["deck"]), float(v["intrigue"]["discard"])])
    seen = v["events"]["discard"]
    w.extend([float(e in seen) for e in layout.events])
    in_play = {c["card"]: c for c in v["played"]}
    for card in (*layout.intrigue, *layout.national):
        played = in_play.get(card)
        if played is None:
            w.pos += 1 + 2 * n
            continue
        w.add(1.0)
        w.one_hot(n, p_index.get(played["player"]))
        victims = played["victims"]
        w.extend([float(p in victims) for p in powers])
    dispute = v.get("dispute")
    w.add(float(dispute is not None))
    w.one_hot(len(layout.territories), layout.t_index.get(dispute["territory"]) if dispute else None)
    w.one_hot(SPACES, dispute["space"] if dispute else None)
    w.one_hot(n, p_index.get(dispute["attacker"]) if dispute else None)
    w.one_hot(len(layout.cubes), cube_index.get(dispute["defender"]) if dispute else None)
    w.extend([float(dispute[k]) if dispute else 0.0 for k in _DISPUTE_NUMBERS])
    keep = v.get("keep", [])
    w.extend([float(keep.count(c)) for c in layout.intrigue])
    w.add(float(v["final"] is not None))
    w.check()
    return w.dense()


def _observe_state(layout: Layout, state: State, seat: Seat) -> list[float]:
    """:func:`_write_state`'s numbers."""
    return _write_state(layout, state, seat).dense()


def _write_state(layout: Layout, state: State, seat: Seat) -> ObservationWriter:
    """:func:`_observe` read straight from the state, in the same order, without building the
    view (its card texts and nested dictionaries were most of an environment step). It reads
    only what the view shows the seat: other hands as counts, an NP's National cards not at all,
    no deck order; ``tests/adapters`` checks it equals the view's observation position by position."""
    powers = layout.powers
    n = len(powers)
    p_index, cube_index = layout.p_index, layout.cube_index
    content = state.content
    decision = state.flow.top()
    w = ObservationWriter(_observation_size(layout))
    w.one_hot(n, p_index.get(seat))
    w.extend([float(state.turn), float(content.game.era_of_turn.get(state.turn, 1))])
    w.one_hot(len(PHASES), PHASES.index(state.phase) if state.phase in PHASES else None)
    kind = decision.kind if decision is not None else None
    w.one_hot(
        len(DECISION_KINDS) + 1,
        DECISION_KINDS.index(kind) if kind in DECISION_KINDS else len(DECISION_KINDS),
    )
    w.one_hot(n, p_index.get(decision.seat) if decision is not None else None)
    for order in (state.turn_order, state.next_order):
        for power in powers:
            w.one_hot(n, order.index(power) if power in order else None)
    for power in powers:
        me = state.powers[power]
        card = content.powers[power]
        np_power = state.is_np(power)
        w.extend(
            [
                float(me.money),
                float(me.embassies),
                float(me.reserve),
                float(me.prestige),
                float(me.bonus_mark),
                float(me.vp),
                float(me.fleet_track),
                float(me.armament_left),
                float(card.army_max - me.armies_built),
                float(me.armies_arsenal),
                float(sum(me.armies_out.values())),
                float(me.armies_boxed),
                float(card.fleet_max - me.fleets_built),
                float(me.fleets_arsenal),
            ]
        )
        w.extend([float(me.fleets_active[b]) for b in BOXES] + [float(me.fleets_exhausted[b]) for b in BOXES])
        w.add(float(me.fleets_boxed))
        w.extend(
            [
                float(me.great_work),
                float(me.prestige_used),
                float(me.targeted),
                float(me.passed),
                float(me.superior_doctrine),
                float(np_power),
            ]
        )
        w.add(float(len(me.intrigue)))
        if np_power:
            w.pos += len(layout.national)  # §13.4: an NP's National cards are face down
        else:
            w.extend([float(c in me.national) for c in layout.national])
        w.extend([float(k in me.actions_used) for k in ACTION_KINDS])
    mine = state.powers.get(seat)
    hand = mine.intrigue if mine is not None and not state.is_np(seat) else []
    w.extend([float(hand.count(c)) for c in layout.intrigue])
    cubes = len(layout.cubes) + 1
    ones, pos, stride = w.ones, w.pos, cubes + n + 1
    for t in layout.territories:
        spaces = state.territories[t]
        for base, top in zip(spaces.base, spaces.top, strict=True):
            # Inline (not w.set): these two blocks a space are most of the observation's writes.
            ones.append(pos if base is None else pos + cube_index[base] + 1)
            ones.append(pos + cubes + (p_index[top] + 1 if top is not None else 0))
            pos += stride
    w.pos = pos
    for t in layout.territories:
        holder = state.territories[t].holder
        w.one_hot(n + 1, p_index[holder] + 1 if holder in p_index else 0)
    for t in layout.territories:
        contrast = state.contrasts.get(t)
        w.one_hot(n, p_index.get(contrast[0]) if contrast else None)
        w.add(float(contrast[1]) if contrast else 0.0)
    where = {u.id: u for u in state.minor_units}
    for unit in layout.units:
        found = where.get(unit)
        place = None
        if found is not None:
            loc = found.location
            place = _UNIT_PLACES.index(loc) if loc in _UNIT_PLACES else len(_UNIT_PLACES) - 1
        w.one_hot(len(_UNIT_PLACES), place)
        w.add(float(found is not None and found.exhausted))
    w.extend([float(state.minor_reserve.get(c, 0)) for c in layout.cubes[n:-1]])
    decks = (len(state.event_draw), len(state.intrigue_draw), len(state.intrigue_discard))
    w.extend([float(d) for d in decks])
    seen = state.event_discard
    w.extend([float(e in seen) for e in layout.events])
    in_play = {c.card: c for c in state.played}
    for card_id in (*layout.intrigue, *layout.national):
        played = in_play.get(card_id)
        if played is None:
            w.pos += 1 + 2 * n
            continue
        w.add(1.0)
        w.one_hot(n, p_index.get(played.player))
        w.extend([float(p in played.victims) for p in powers])
    fight = decision is not None and decision.kind in ("commit", "reroll")
    w.add(float(fight))
    if fight:
        assert decision is not None
        data = decision.data
        w.one_hot(len(layout.territories), layout.t_index.get(data["territory"]))
        w.one_hot(SPACES, data["index"] + 1)
        w.one_hot(n, p_index.get(data["attacker"]))
        w.one_hot(len(layout.cubes), cube_index.get(data["defender"]))
        w.extend([float(data[k]) for k in _DISPUTE_NUMBERS])
    else:
        w.pos += len(layout.territories) + SPACES + n + len(layout.cubes) + len(_DISPUTE_NUMBERS)
    keeping = decision is not None and decision.kind == "keep" and seat == decision.seat
    keep = decision.data["cards"] if keeping and decision is not None else []
    w.extend([float(keep.count(c)) for c in layout.intrigue])
    w.add(float(state.final is not None))
    w.check()
    return w
