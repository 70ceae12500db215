"""Struggle of Empires' fixed action encoding and observation, for learning (``GamePlugin.encoding``,
docs/research.md).

**Actions.** Every action is a *head* fixed by the content (the map's regions, the tiles, the
marker codes) and the player count (the seats), at its block's offset. The rules already split
every multi-part choice into small decisions (a move is one unit at a time, L200-203; an attack's
support, losses and re-rolls are separate answers, L303-333), so only one kind of action is a
combination: a bid, whose head is its pair of proposals (A/B, L115-122) and whose *variant* is
the amount among the four the legal list offers (the lowest bid, one more, two more, and the
whole purse when it is more, ``rules/auction.py``). ``N`` depends only on the options (the player
count and a content override).

| block | index | size (n seats, R = 18 regions, T = 38 tiles) |
| --- | --- | --- |
| ``pass`` ``move`` ``done`` ``fight`` ``decline`` ``boost`` ``reserve`` ``withdraw`` ``no`` | fixed | 9 |
| ``place`` KIND REGION (L55-59) | unit kind × region | 3 × R |
| ``bid`` N A/B (L110-122) | A (a seat or -) × B (a seat or -) × amount slot | (n + 1)² × 4 |
| ``buy`` TILE (L158-181) | tile | T |
| ``build`` KIND REGION [merc/press/natives] (L183-195) | kind-and-tile (6) × region | 6 × R |
| ``attack`` REGION TARGET [surprise/free] (L248-255) | region × target × mode | R × (n + 11) × 3 |
| ``colonize`` / ``enslave`` REGION (L335-344) | region | 2 × R |
| ``trade`` TILE REGION (L461-463) | each commerce tile's regions | 9 |
| ``use`` / ``ally`` TILE (L530-536) | tile | 2 × T |
| ``blockade`` REGION (L563-567) | region | R |
| ``army`` / ``ship`` FROM TO (L197-246) | origin × destination | 2 × R² |
| ``militia`` REGION (L520-522) | region | R |
| ``raid`` REGION EMPIRE (L540-552) | region × seat | R × n |
| ``offer`` N (L312-314) | 0 to 3 gold | 4 |
| ``support`` none/ships/armies/all (L303-314) | fixed | 4 |
| ``lose`` army/ship/fort/EMPIRE (L277, L286-287) | unit kind, then seat | 3 + n |
| ``assign`` TILE naval/land (L319-322) | tile × combat | 2 × T |

A target is a seat, a neutral marker's code (9 in the shipped bag) or a held token (2).
A bid's amount slot is the amount less the lowest bid (0, 1 or 2) or 3 for the whole purse when
it is more than the lowest plus two: the legal list shows exactly these (``BID_SPAN``); a bid of
another amount, legal through the direct check, has no index (``ValueError``), as the legal list
stays the one source of legality. An offer above 3 gold (legal by the direct check, never listed)
likewise. A position the layout cannot index raises :class:`EncodingError`, never a wrong index.

**Observation.** What the seat's own view (``rules/view.py``) shows, numbers only: the board, every
empire's gold, Population, VP, tiles and unrest *marker counts*, its own unrest (and with valued
markers its own markers' values, G8) but never another empire's before the end (L73), the bag's
size but not its order. Its fields are :meth:`StruggleOfEmpiresEncoding.observation_fields`
(listed in docs/research.md). Numbers are the game's own (gold, VP, counts), not scaled. It is
written straight from the state (:meth:`~StruggleOfEmpiresEncoding.observe`) and, as its
specification, from the JSON view (:meth:`~StruggleOfEmpiresEncoding.observe_view`);
``tests/adapters/test_soe_encoding.py`` checks the two equal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ....engine import JSON, ObservationField, Seat
from ..content import Content, marker_of
from ..rules.actions import Act
from ..rules.auction import BID_SPAN, lowest
from ..rules.decisions import DECISIONS
from ..rules.economy import loan_size
from ..rules.setup import content_for, seats_for
from ..rules.state import State
from ..rules.view import view

SIMPLE = ("pass", "move", "done", "fight", "decline", "boost", "reserve", "withdraw", "no")
"""The actions without words: one index each (``pass`` ends an auction turn or a game turn,
``no`` refuses a militia army, a Blockade's boost, a Reserve or a Fighting Withdrawal)."""

UNITS = ("army", "ship", "fort")
BUILDS: tuple[tuple[str, str], ...] = (
    ("army", ""),
    ("ship", ""),
    ("fort", ""),
    ("army", "merc"),  # Mercenaries (L510-512)
    ("ship", "press"),  # Pressgangs (L508-509)
    ("army", "natives"),  # Trained Natives (L514-518)
)
ATTACK_MODES = ("", "surprise", "free")
"""A plain attack (L248-250), with Surprise Attack (L558-559), or the War Office's (L506, R7)."""
HELD = ("pirates", "slave-revolt")
"""Tiles that hold a token and may be attacked for it (L543-547)."""
BID_SLOTS = BID_SPAN + 2
"""The lowest bid, up to ``BID_SPAN`` more, and the whole purse (``rules/auction.py``)."""
OFFER_SLOTS = 4
"""Gold offered for support: 0 to 3, as the legal list shows (``combat.offer_amounts``)."""
SUPPORTS = ("none", "ships", "armies", "all")
SIDES = ("A", "D")
PHASES = ("naval", "land")
STEPS = (
    "support",
    "assign",
    "naval",
    "naval-roll",
    "naval-reserve",
    "naval-resolve",
    "naval-losses",
    "boost",
    "land-roll",
    "land-reserve",
    "land-resolve",
    "withdraw",
    "land-losses",
    "done",
)
"""An attack's steps (``rules/combat.py`` ``run``)."""
DECISION_KINDS = tuple(DECISIONS.handlers)
ROUND_FLAGS = ("buy", "colonize")
"""A Buy and a Colonize or Enslave once a round (L141, L149)."""


class EncodingError(ValueError):
    """A position the encoding cannot index (an action outside its layout)."""


class Layout:
    """The blocks of the action index and the observation's vocabularies for one content and
    table."""

    def __init__(self, content: Content, seats: tuple[str, ...]) -> None:
        self.content = content
        self.seats = seats
        self.n = len(seats)
        self.s_index = {s: i for i, s in enumerate(seats)}
        self.regions = content.region_ids
        self.r_index = {r: i for i, r in enumerate(self.regions)}
        self.scoring = content.scoring_ids
        self.scoring_index = {r: i for i, r in enumerate(self.scoring)}
        self.tiles = content.tile_ids
        self.t_index = {t: i for i, t in enumerate(self.tiles)}
        self.codes: tuple[str, ...] = tuple(sorted({code for _r, code in content.markers}))
        self.code_index = {c: i for i, c in enumerate(self.codes)}
        neutral = tuple(c for c in self.codes if marker_of(c).neutral)
        self.targets: tuple[str, ...] = (*seats, *neutral, *HELD)
        self.target_index = {t: i for i, t in enumerate(self.targets)}
        self.trades: tuple[tuple[str, str], ...] = tuple(
            (t, r)
            for t in self.tiles
            if content.tiles[t].kind == "commerce"
            for r in content.tiles[t].regions
        )
        self.trade_index = {pair: i for i, pair in enumerate(self.trades)}
        self.build_index = {b: i for i, b in enumerate(BUILDS)}
        self.values = len(content.rules.unrest_pool)
        """Unrest marker values 1 to this (G8's valued markers)."""
        self.rounds = content.rules.rounds(self.n)
        r, t, n = len(self.regions), len(self.tiles), self.n
        sizes = {
            "simple": len(SIMPLE),
            "place": len(UNITS) * r,
            "bid": (n + 1) * (n + 1) * BID_SLOTS,
            "buy": t,
            "build": len(BUILDS) * r,
            "attack": r * len(self.targets) * len(ATTACK_MODES),
            "colonize": r,
            "enslave": r,
            "trade": len(self.trades),
            "use": t,
            "ally": t,
            "blockade": r,
            "army": r * r,
            "ship": r * r,
            "militia": r,
            "raid": r * n,
            "offer": OFFER_SLOTS,
            "support": len(SUPPORTS),
            "lose": len(UNITS) + n,
            "assign": t * len(PHASES),
        }
        offset = 0
        self.blocks: dict[str, tuple[int, int]] = {}
        self.offsets: dict[str, int] = {}
        for name, size in sizes.items():
            self.blocks[name] = (offset, size)
            self.offsets[name] = offset
            offset += size
        self.size = offset
        self.simple_index = {v: i for i, v in enumerate(SIMPLE)}

    # -- actions ----------------------------------------------------------------------------------

    def index(self, action: Act, low: int, gold: int) -> int:
        """The index of ``action``; ``low`` and ``gold``: the lowest bid and the bidder's gold
        (read only for a bid)."""
        verb, args = action.verb, action.args
        at = self.simple_index.get(verb)
        if at is not None:
            if args:
                raise EncodingError(f"no index for {action}")
            return at
        offset = self.offsets.get(verb)
        if offset is None:
            raise EncodingError(f"no index for {action}")
        r = len(self.regions)
        try:
            if verb in ("army", "ship"):
                return offset + self.r_index[args[0]] * r + self.r_index[args[1]]
            if verb == "attack":
                mode = ATTACK_MODES.index(args[2]) if len(args) > 2 else 0
                head = self.r_index[args[0]] * len(self.targets) + self.target_index[args[1]]
                return offset + head * len(ATTACK_MODES) + mode
            if verb == "build":
                build = self.build_index[(args[0], args[2] if len(args) > 2 else "")]
                return offset + build * r + self.r_index[args[1]]
            if verb == "place":
                return offset + UNITS.index(args[0]) * r + self.r_index[args[1]]
            if verb == "bid":
                return offset + self._bid(action, low, gold)
            if verb in ("buy", "use", "ally"):
                return offset + self.t_index[args[0]]
            if verb in ("colonize", "enslave", "blockade", "militia"):
                return offset + self.r_index[args[0]]
            if verb == "trade":
                return offset + self.trade_index[(args[0], args[1])]
            if verb == "raid":
                return offset + self.r_index[args[0]] * self.n + self.s_index[args[1]]
            if verb == "offer":
                amount = int(args[0])
                if not 0 <= amount < OFFER_SLOTS:
                    raise ValueError(f"{action}: offers of 0 to {OFFER_SLOTS - 1} gold have an index")
                return offset + amount
            if verb == "support":
                return offset + SUPPORTS.index(args[0])
            if verb == "lose":
                choice = args[0]
                return offset + (
                    UNITS.index(choice) if choice in UNITS else len(UNITS) + self.s_index[choice]
                )
            if verb == "assign":
                return offset + self.t_index[args[0]] * len(PHASES) + PHASES.index(args[1])
        except (KeyError, IndexError) as error:
            raise EncodingError(f"no index for {action}: {error}") from None
        raise EncodingError(f"no index for {action}")

    def _bid(self, action: Act, low: int, gold: int) -> int:
        amount_text, pair = action.args
        a, _, b = pair.partition("/")
        n = self.n
        head = (self.s_index[a] if a != "-" else n) * (n + 1) + (self.s_index[b] if b != "-" else n)
        amount = int(amount_text)
        above = amount - low
        if 0 <= above <= BID_SPAN:
            slot = above
        elif above > BID_SPAN and amount == gold:
            slot = BID_SPAN + 1  # the whole purse (``rules/auction.py``)
        else:
            raise ValueError(f"{action}: the legal list offers bids of {low} to {low + BID_SPAN} or all gold")
        return head * BID_SLOTS + slot

    def block_of(self, index: int) -> str:
        for name, (offset, size) in self.blocks.items():
            if offset <= index < offset + size:
                return name
        raise ValueError(f"index {index} is outside [0, {self.size})")

    def action(self, index: int, low: int, gold: int) -> Act:
        """The action an index names (:meth:`index`'s inverse), legal or not; ``low`` and
        ``gold`` as for :meth:`index`."""
        block = self.block_of(index)
        h = index - self.offsets[block]
        r = len(self.regions)
        regions, tiles, seats = self.regions, self.tiles, self.seats
        if block == "simple":
            return Act(SIMPLE[h])
        if block in ("army", "ship"):
            return Act(block, (regions[h // r], regions[h % r]))
        if block == "attack":
            head, mode = divmod(h, len(ATTACK_MODES))
            where, target = divmod(head, len(self.targets))
            region, name = regions[where], self.targets[target]
            return Act("attack", (region, name, ATTACK_MODES[mode]) if mode else (region, name))
        if block == "build":
            kind, variant = BUILDS[h // r]
            return Act("build", (kind, regions[h % r], variant) if variant else (kind, regions[h % r]))
        if block == "place":
            return Act("place", (UNITS[h // r], regions[h % r]))
        if block == "bid":
            head, slot = divmod(h, BID_SLOTS)
            a, b = divmod(head, self.n + 1)
            pair = f"{seats[a] if a < self.n else '-'}/{seats[b] if b < self.n else '-'}"
            return Act("bid", (str(low + slot if slot <= BID_SPAN else gold), pair))
        if block in ("buy", "use", "ally"):
            return Act(block, (tiles[h],))
        if block in ("colonize", "enslave", "blockade", "militia"):
            return Act(block, (regions[h],))
        if block == "trade":
            return Act("trade", self.trades[h])
        if block == "raid":
            return Act("raid", (regions[h // self.n], seats[h % self.n]))
        if block == "offer":
            return Act("offer", (str(h),))
        if block == "support":
            return Act("support", (SUPPORTS[h],))
        if block == "lose":
            return Act("lose", (UNITS[h] if h < len(UNITS) else seats[h - len(UNITS)],))
        return Act("assign", (tiles[h // len(PHASES)], PHASES[h % len(PHASES)]))


_LAYOUTS: dict[tuple[str, tuple[str, ...]], Layout] = {}


def _layout(state: State) -> Layout:
    key = (state.content.fingerprint, state.seats)
    found = _LAYOUTS.get(key)
    if found is None:
        found = _LAYOUTS[key] = Layout(state.content, state.seats)
    return found


def _layout_for(options: Mapping[str, JSON]) -> Layout:
    content = content_for(options)
    seats = seats_for(options)
    key = (content.fingerprint, seats)
    found = _LAYOUTS.get(key)
    if found is None:
        found = _LAYOUTS[key] = Layout(content, seats)
    return found


def _bid_context(state: State, seat: Seat) -> tuple[int, int]:
    top = state.flow.top()
    if top is None or top.kind != "auction":
        return 0, 0
    return lowest(top.data), state.gold[seat]


class StruggleOfEmpiresEncoding:
    """The plug-in's :class:`~realpolitik.engine.Encoding` (see the module docstring)."""

    def size(self, options: Mapping[str, JSON]) -> int:
        return _layout_for(options).size

    # -- actions ----------------------------------------------------------------------------------

    def legal_indices(self, state: State, seat: Seat) -> list[int]:
        return self.indexed_legal(state, seat)[1]

    def indexed_legal(self, state: State, seat: Seat) -> tuple[Sequence[Act], list[int]]:
        """The legal list and each action's index, computed once (the environments build the
        mask and decode the chosen index with it)."""
        layout = _layout(state)
        legal = DECISIONS.legal_actions(state, state.flow, seat) if state.final is None else []
        low, gold = _bid_context(state, seat)
        indices = [layout.index(a, low, gold) for a in legal]
        if len(set(indices)) != len(indices):  # two legal actions on one index: never mask them
            raise EncodingError(f"{seat}: two legal actions share an index")
        return legal, indices

    def encode(self, state: State, seat: Seat, action: Act) -> int:
        low, gold = _bid_context(state, seat)
        return _layout(state).index(action, low, gold)

    def decode(self, state: State, seat: Seat, index: int) -> Act:
        layout = _layout(state)
        low, gold = _bid_context(state, seat)
        action = layout.action(index, low, gold)  # an index outside every block: ValueError
        legal = DECISIONS.legal_actions(state, state.flow, seat) if state.final is None else []
        if action not in legal or layout.index(action, low, gold) != index:
            raise ValueError(f"index {index} is not a legal action of {seat} here")
        return action

    # -- observation ------------------------------------------------------------------------------

    def observation_fields(self, options: Mapping[str, JSON]) -> Sequence[ObservationField]:
        return _fields(_layout_for(options))

    def observe(self, state: State, seat: Seat) -> list[float]:
        return _write_state(_layout(state), state, seat).out

    def observe_sparse(self, state: State, seat: Seat) -> tuple[list[int], list[float]]:
        """The observation's non-zero numbers: their positions and values (an environment fills a
        zeroed array with them)."""
        w = _write_state(_layout(state), state, seat)
        out = w.out
        return w.nonzero, [out[i] for i in w.nonzero]

    def observe_view(self, state: State, seat: Seat) -> list[float]:
        """The same observation built from the seat's JSON view (``rules/view.py``): the
        specification of what the seat may see, against which the fast :meth:`observe` is tested
        number for number."""
        return _observe_view(_layout(state), view(state, seat), seat)


ENCODING = StruggleOfEmpiresEncoding()


# -- the observation's layout -----------------------------------------------------------------------


def _empire_size(layout: Layout) -> int:
    return 5 + layout.values + 2 * len(layout.tiles) + len(ROUND_FLAGS) + 3


def _decision_size(layout: Layout) -> int:
    n = layout.n
    return (
        len(DECISION_KINDS) + 1 + n + 3 + len(layout.regions)  # kind, waiting, counts, natives
        + 1 + n + 2 * (n + 1) + 1 + n  # auction
        + len(HELD) + n + n + 1  # raid tile, offer's ally, support's asker and offer
        + len(UNITS) + n  # lose
        + len(SIDES) + len(layout.tiles)  # naval / assign
    )  # fmt: skip


def _combat_size(layout: Layout) -> int:
    n = layout.n
    return (
        1 + n + len(layout.regions) + len(layout.targets) + n * (len(SUPPORTS) - 1)
        + len(SIDES) + len(PHASES) + 2 * len(SIDES) + len(STEPS)
    )  # fmt: skip


def _fields(layout: Layout) -> list[ObservationField]:
    n, r, s, t = layout.n, len(layout.regions), len(layout.scoring), len(layout.tiles)
    seats = ", ".join(layout.seats)
    kinds = ", ".join(DECISION_KINDS)
    return [
        ObservationField("me", n, f"1 for the observing empire, in seat order ({seats})"),
        ObservationField("clock", 3, "the War (1-3), the round, the rounds this War has (L135)"),
        ObservationField(
            "decision",
            _decision_size(layout),
            f"the decision waited for: its kind (one-hot: {kinds}; last: none); the seats it waits "
            "for; units left to deploy, actions left this turn, units left to move; the region a "
            "trained native army moves from (one-hot); an auction's highest bid + 1 (0: none yet), "
            "its bidder, its proposals A and B (one-hot: a seat, last: -), passes in a row, the "
            "opener; the tile raiding (pirates, slave-revolt); the ally an offer is for; the empire "
            "asking for support and the gold it offers; the losses to choose from (army, ship, fort, "
            "then the allies paying a natural 7); the side asked to fight at sea or assigning a "
            "tile (A, D) and the tile",
        ),
        ObservationField("first", 2 * n, "the first player (one-hot), then the last player of the last War"),
        ObservationField(
            "alliances", 2 * n * n, "each empire's place in the grey row, then in the white row (one-hot)"
        ),
        ObservationField("order", n * n, "each empire's place in this War's turn order (one-hot)"),
        ObservationField(
            "units", r * n * len(UNITS), "armies, ships and forts of each empire in each region (map order)"
        ),
        ObservationField("tokens", s * n, "control tokens of each empire in each scoring region"),
        ObservationField(
            "markers",
            s * len(layout.codes),
            f"region markers face up in each scoring region, a count per code ({', '.join(layout.codes)})",
        ),
        ObservationField(
            "held", s * len(HELD) * n, "tokens held by Pirates and a Slave Revolt in each region, per owner"
        ),
        ObservationField("blockade", s * n, "the owner of the Blockade placed in each region (one-hot)"),
        ObservationField(
            "empires",
            n * _empire_size(layout),
            "per empire: gold, Population, VP, unrest markers (count), unrest points (the seat's "
            "own; every empire's once the game is over, L385-386), the seat's own markers by value "
            f"1-{layout.values} (valued markers, G8); tiles owned and used this War, a count per "
            "tile; Buy and Colonize taken this round; tokens, units, the gold a loan brings",
        ),
        ObservationField("stock", t, "tiles left in stock, a count per tile"),
        ObservationField("bag", 1, "region markers left in the bag (its size, never its order)"),
        ObservationField(
            "combat",
            _combat_size(layout),
            "an attack under way: present, the attacker, the region, the target (a seat, a neutral "
            "code, a held token), each empire's support (ships, armies, all), who has naval support "
            f"(A, D), the combat (naval, land), the dice of A and D, the step ({', '.join(STEPS)})",
        ),
        ObservationField("final", 1, "1 once the game is over"),
    ]


class _Writer:
    """Fills a zeroed observation of known length from left to right; ``nonzero`` keeps where it
    wrote something other than 0 (:meth:`StruggleOfEmpiresEncoding.observe_sparse`)."""

    __slots__ = ("nonzero", "out", "pos")

    def __init__(self, size: int) -> None:
        self.out = [0.0] * size
        self.pos = 0
        self.nonzero: list[int] = []

    def one_hot(self, size: int, at: int) -> None:
        """A 1 at ``at`` of a block of ``size`` (none when ``at`` is -1)."""
        if 0 <= at < size:
            self.out[self.pos + at] = 1.0
            self.nonzero.append(self.pos + at)
        self.pos += size

    def add(self, value: float) -> None:
        if value != 0.0:
            self.out[self.pos] = value
            self.nonzero.append(self.pos)
        self.pos += 1

    def skip(self, size: int) -> None:
        self.pos += size

    def done(self) -> None:
        if self.pos != len(self.out):  # the fields and the writer must agree, or all is shifted
            raise AssertionError(f"observation wrote {self.pos} numbers, its fields say {len(self.out)}")


_SIZES: dict[int, int] = {}
"""Observation length per layout (by id: layouts live as long as the process, in ``_LAYOUTS``)."""


def _observation_size(layout: Layout) -> int:
    found = _SIZES.get(id(layout))
    if found is None:
        found = _SIZES[id(layout)] = sum(f.size for f in _fields(layout))
    return found


def _at(index: dict[str, int], key: Any) -> int:
    """The position of ``key``, -1 (nothing written) for none."""
    if key is None:
        return -1
    return index.get(key, -1)


def _pair_at(layout: Layout, key: Any) -> int:
    """A proposal (a seat, or ``-`` last); -1 for none."""
    if key == "-":
        return layout.n
    return _at(layout.s_index, key)


# -- the observation from the JSON view (the specification) ---------------------------------------------


def _observe_view(layout: Layout, v: Mapping[str, Any], seat: Seat) -> list[float]:
    n = layout.n
    si = layout.s_index
    w = _Writer(_observation_size(layout))
    w.one_hot(n, _at(si, seat))
    w.add(float(v["war"]))
    w.add(float(v["round"]))
    w.add(float(v["rounds"]))
    decision = v["decision"]
    data: Mapping[str, Any] = decision["data"] if decision else {}
    kind = decision["kind"] if decision else ""
    w.one_hot(
        len(DECISION_KINDS) + 1, DECISION_KINDS.index(kind) if kind in DECISION_KINDS else len(DECISION_KINDS)
    )
    for s in layout.seats:
        w.add(float(s in v["to_act"]))
    w.add(float(data["left"]) if kind == "deploy" else 0.0)
    w.add(float(data["actions"]) if kind == "turn" else 0.0)
    w.add(float(data["left"]) if kind == "move" else 0.0)
    w.one_hot(len(layout.regions), _at(layout.r_index, data.get("natives")) if kind == "move" else -1)
    auction = kind == "auction"
    w.add(float(data["high"] + 1) if auction else 0.0)
    w.one_hot(n, _at(si, data["bidder"]) if auction else -1)
    w.one_hot(n + 1, _pair_at(layout, data["a"]) if auction else -1)
    w.one_hot(n + 1, _pair_at(layout, data["b"]) if auction else -1)
    w.add(float(data["passes"]) if auction else 0.0)
    w.one_hot(n, _at(si, data["opener"]) if auction else -1)
    w.one_hot(len(HELD), HELD.index(data["tile"]) if kind == "raid" else -1)
    w.one_hot(n, _at(si, data["ally"]) if kind == "offer" else -1)
    w.one_hot(n, _at(si, data["from"]) if kind == "support" else -1)
    w.add(float(data["offer"]) if kind == "support" else 0.0)
    options: list[str] = list(data.get("allies") or data.get("kinds") or []) if kind == "lose" else []
    for unit in UNITS:
        w.add(float(unit in options))
    for s in layout.seats:
        w.add(float(s in options))
    w.one_hot(len(SIDES), SIDES.index(data["side"]) if kind in ("naval", "assign") else -1)
    w.one_hot(len(layout.tiles), _at(layout.t_index, data["tile"]) if kind == "assign" else -1)
    w.one_hot(n, _at(si, v["first"]))
    w.one_hot(n, _at(si, v["last_player"]))
    for row in ("grey", "white"):
        places = v["alliances"][row]
        for s in layout.seats:
            w.one_hot(n, places.index(s) if s in places else -1)
    order = v["order"]
    for s in layout.seats:
        w.one_hot(n, order.index(s) if s in order else -1)
    regions = v["regions"]
    for r in layout.regions:
        units = regions[r]["units"]
        for s in layout.seats:
            here = units.get(s)
            if here is None:
                w.skip(len(UNITS))
            else:
                for unit in UNITS:
                    w.add(float(here[unit]))
    for r in layout.scoring:
        tokens = regions[r]["tokens"]
        for s in layout.seats:
            w.add(float(tokens.get(s, 0)))
    for r in layout.scoring:
        markers = regions[r]["markers"]
        for code in layout.codes:
            w.add(float(markers.count(code)))
    for r in layout.scoring:
        held = regions[r]["held"]
        for tile in HELD:
            for s in layout.seats:
                w.add(float(held.count([tile, s])))
    for r in layout.scoring:
        w.one_hot(n, _at(si, regions[r]["blockade"]))
    for s in layout.seats:
        e = v["empires"][s]
        w.add(float(e["gold"]))
        w.add(float(e["population"]))
        w.add(float(e["vp"]))
        w.add(float(e["unrest_markers"]))
        w.add(float(e["unrest"]) if e["unrest"] is not None else 0.0)
        values = e["unrest_values"] or []
        for value in range(1, layout.values + 1):
            w.add(float(values.count(value)))
        tiles, used = e["tiles"], e["used"]
        for t in layout.tiles:
            w.add(float(tiles.get(t, 0)))
        for t in layout.tiles:
            w.add(float(used.get(t, 0)))
        for flag in ROUND_FLAGS:
            w.add(float(flag in e["round_flags"]))
        w.add(float(e["tokens"]))
        w.add(float(e["units"]))
        w.add(float(e["loan"]))
    stock = v["stock"]
    for t in layout.tiles:
        w.add(float(stock.get(t, 0)))
    w.add(float(v["bag"]))
    c = v["combat"]
    if c is None:
        w.skip(_combat_size(layout))
    else:
        w.add(1.0)
        w.one_hot(n, _at(si, c["attacker"]))
        w.one_hot(len(layout.regions), _at(layout.r_index, c["region"]))
        w.one_hot(len(layout.targets), _at(layout.target_index, c["target"]))
        for s in layout.seats:
            given = c["support"].get(s)
            w.one_hot(len(SUPPORTS) - 1, SUPPORTS.index(given) - 1 if given in SUPPORTS[1:] else -1)
        w.one_hot(len(SIDES), SIDES.index(c["naval_support"]) if c["naval_support"] in SIDES else -1)
        w.one_hot(len(PHASES), PHASES.index(c["phase"]) if c["phase"] in PHASES else -1)
        for side in SIDES:
            dice = c["dice"].get(side) or [0, 0]
            w.add(float(dice[0]))
            w.add(float(dice[1]))
        w.one_hot(len(STEPS), STEPS.index(c["step"]) if c["step"] in STEPS else -1)
    w.add(float(v["final"] is not None))
    w.done()
    return w.out


# -- the observation from the state (the fast path) ------------------------------------------------------


def _write_state(layout: Layout, state: State, seat: Seat) -> _Writer:
    """:func:`_observe_view` read straight from the state, in the same order, without building
    the view. It reads only what the view shows the seat: another empire's unrest points and
    marker values never before the end (L73, G8), the bag's size only."""
    n = layout.n
    si = layout.s_index
    seats = layout.seats
    w = _Writer(_observation_size(layout))
    w.one_hot(n, _at(si, seat))
    w.add(float(state.war))
    w.add(float(state.round))
    w.add(float(layout.rounds))
    top = state.flow.top()
    kind = top.kind if top is not None else ""
    data: dict[str, Any] = top.data if top is not None else {}
    w.one_hot(
        len(DECISION_KINDS) + 1, DECISION_KINDS.index(kind) if kind in DECISION_KINDS else len(DECISION_KINDS)
    )
    waiting = top.waiting() if top is not None else ()
    for s in seats:
        w.add(float(s in waiting))
    w.add(float(data["left"]) if kind == "deploy" else 0.0)
    w.add(float(data["actions"]) if kind == "turn" else 0.0)
    w.add(float(data["left"]) if kind == "move" else 0.0)
    w.one_hot(len(layout.regions), _at(layout.r_index, data.get("natives")) if kind == "move" else -1)
    if kind == "auction":
        w.add(float(data["high"] + 1))
        w.one_hot(n, _at(si, data["bidder"]))
        w.one_hot(n + 1, _pair_at(layout, data["a"]))
        w.one_hot(n + 1, _pair_at(layout, data["b"]))
        w.add(float(data["passes"]))
        w.one_hot(n, _at(si, data["opener"]))
    else:
        w.skip(1 + n + 2 * (n + 1) + 1 + n)
    w.one_hot(len(HELD), HELD.index(data["tile"]) if kind == "raid" else -1)
    w.one_hot(n, _at(si, data["ally"]) if kind == "offer" else -1)
    w.one_hot(n, _at(si, data["from"]) if kind == "support" else -1)
    w.add(float(data["offer"]) if kind == "support" else 0.0)
    if kind == "lose":
        options: list[str] = list(data.get("allies") or data.get("kinds") or [])
        for unit in UNITS:
            w.add(float(unit in options))
        for s in seats:
            w.add(float(s in options))
    else:
        w.skip(len(UNITS) + n)
    w.one_hot(len(SIDES), SIDES.index(data["side"]) if kind in ("naval", "assign") else -1)
    w.one_hot(len(layout.tiles), _at(layout.t_index, data["tile"]) if kind == "assign" else -1)
    w.one_hot(n, _at(si, state.first))
    w.one_hot(n, _at(si, state.last_player))
    for places in (state.grey, state.white):
        for s in seats:
            w.one_hot(n, places.index(s) if s in places else -1)
    order = state.order
    for s in seats:
        w.one_hot(n, order.index(s) if s in order else -1)
    # From here to the stock the blocks are written inline, with locals: they are most of the
    # observation's numbers (mostly zeros, skipped).
    out, nonzero = w.out, w.nonzero
    pos = w.pos
    block = len(UNITS)
    units_of = [0] * n
    for r in layout.regions:
        for s, counts in state.units[r].items():
            i = si[s]
            at = pos + i * block
            for k in range(block):
                count = counts[k]
                if count:
                    out[at + k] = float(count)
                    nonzero.append(at + k)
                    units_of[i] += count
        pos += n * block
    tokens_of = [0] * n
    for r in layout.scoring:
        for s, count in state.tokens[r].items():
            if count:
                i = si[s]
                out[pos + i] = float(count)
                nonzero.append(pos + i)
                tokens_of[i] += count
        pos += n
    codes = len(layout.codes)
    code_index = layout.code_index
    for r in layout.scoring:
        for code in state.markers[r]:
            at = pos + code_index[code]
            if out[at] == 0.0:
                nonzero.append(at)
            out[at] += 1.0
        pos += codes
    held_size = len(HELD) * n
    scoring_index = layout.scoring_index
    for tile, region, owner in state.held:
        at = pos + scoring_index[region] * held_size + HELD.index(tile) * n + si[owner]
        if out[at] == 0.0:
            nonzero.append(at)
        out[at] += 1.0
    pos += len(layout.scoring) * held_size
    seen: set[str] = set()
    for region, owner in state.blockades:
        if region not in seen:  # the view shows the first Blockade placed in a region
            seen.add(region)
            at = pos + scoring_index[region] * n + si[owner]
            out[at] = 1.0
            nonzero.append(at)
    pos += len(layout.scoring) * n
    final = state.final is not None
    valued = state.valued_unrest()
    t_index = layout.t_index
    tiles = len(layout.tiles)
    values = layout.values
    for i, s in enumerate(seats):
        visible = s == seat or final
        # L73: another's unrest points are face down (its marker count is public)
        head = (state.gold[s], state.population[s], state.vp[s], state.unrest_markers(s))
        for k in range(4):
            if head[k]:
                out[pos + k] = float(head[k])
                nonzero.append(pos + k)
        pos += 4
        if visible and state.unrest[s]:
            out[pos] = float(state.unrest[s])
            nonzero.append(pos)
        pos += 1
        if valued and visible:
            mine = state.unrest_values[s]
            for value in range(1, values + 1):
                count = mine.count(value)
                if count:
                    out[pos + value - 1] = float(count)
                    nonzero.append(pos + value - 1)
        pos += values
        for table in (state.owned[s], state.used[s]):
            for t, count in table.items():
                if count:
                    out[pos + t_index[t]] = float(count)
                    nonzero.append(pos + t_index[t])
            pos += tiles
        flags = state.round_flags[s]
        tail = (
            int(ROUND_FLAGS[0] in flags),
            int(ROUND_FLAGS[1] in flags),
            tokens_of[i],  # tokens lie only in scoring regions
            units_of[i],
            loan_size(state, s),
        )
        for k in range(len(tail)):
            if tail[k]:
                out[pos + k] = float(tail[k])
                nonzero.append(pos + k)
        pos += len(tail)
    stock = state.stock
    for k in range(tiles):
        count = stock[layout.tiles[k]]
        if count:
            out[pos + k] = float(count)
            nonzero.append(pos + k)
    pos += tiles
    w.pos = pos
    w.add(float(len(state.bag)))
    c = state.combat
    if c is None:
        w.skip(_combat_size(layout))
    else:
        w.add(1.0)
        w.one_hot(n, _at(si, c["attacker"]))
        w.one_hot(len(layout.regions), _at(layout.r_index, c["region"]))
        w.one_hot(len(layout.targets), _at(layout.target_index, c["target"]))
        support: dict[str, str] = c["support"]
        for s in seats:
            given = support.get(s)
            w.one_hot(len(SUPPORTS) - 1, SUPPORTS.index(given) - 1 if given in SUPPORTS[1:] else -1)
        naval = c["naval"]
        w.one_hot(len(SIDES), SIDES.index(naval) if naval in SIDES else -1)
        phase = c["phase"]
        w.one_hot(len(PHASES), PHASES.index(phase) if phase in PHASES else -1)
        dice: dict[str, list[int]] = c["dice"]
        for side in SIDES:
            rolled = dice.get(side) or [0, 0]
            w.add(float(rolled[0]))
            w.add(float(rolled[1]))
        step = c["step"]
        w.one_hot(len(STEPS), STEPS.index(step) if step in STEPS else -1)
    w.add(float(final))
    w.done()
    return w
