"""Europe in Turmoil's fixed action encoding and observation, for learning (``GamePlugin.encoding``,
docs/research.md, issue 21).

**Actions.** Every action is a verb with its arguments, each argument fixed by the content: a
Strategy card (by number), a space, a region, a Mobilization card, a set of Stability cards. The
index is the verb's block offset plus the argument's place, so an index means the same action in
every position (``ops 23 place`` is always the same number). The rules already ask every
multi-part choice as small decisions (one SP at a time, one Support Check at a time, one
Mobilization card at a time, 8.4.4), so no block multiplies out a combination but ``stab``: the
Stability cards chosen together (9.0: one, or two or three with Orion and Enver Pasha), indexed
by the set, among each side's ten cards. ``N`` depends only on the content (1,531 with the
shipped content).

| block | index | size (C = 110 cards, S = 62 spaces) |
| --- | --- | --- |
| ``done`` ``none`` ``pass`` ``reveal`` ``conceal`` | fixed | 5 |
| ``first event``/``ops`` (5.2), ``bonus place``/``checks``/``pass`` (7.4) | fixed | 2 + 3 |
| ``event`` / ``naval`` / ``score`` / ``card`` N | card | 4C |
| ``ops`` / ``combo`` N place/checks | card × use | 2 × 2C |
| ``tirpitz`` K (0-2 SP off Wilhelm II) | K | 3 |
| ``sp`` / ``rm`` / ``check`` / ``from`` SPACE | space (map order) | 4S |
| ``region`` R (8.4.3) | region | 5 |
| ``mob`` CARD (8.4.4) | Mobilization card | 35 |
| ``stab`` A[+B[+C]] (9.0) | a set of 1-3 of one side's Stability cards | 2 × 175 |

An action outside these blocks (a card number the content does not have, four Stability cards)
raises :class:`EncodingError`, never a wrong index; ``decode`` of an index no legal action has
raises ``ValueError``. The masks come from the legal list (one source of legality).

**Observation.** Written straight from the state (:meth:`EuropeInTurmoilEncoding.observe`), it holds
only what the seat's view (``rules/view.py``) shows it: the board, the tracks, the naval chart,
the piles that are open (discard, removed), its own hand (and which of its cards are held, 15.0),
the other hand as a size and a count of held cards, the Scoring cards shown at setup (3.1), what a
Helgoland look saw, both Stability decks (open, 9.0), the War Mobilization under way with the
other side's cards only once revealed (8.4.4); never the other hand, the deck order, a sealed
choice of the other seat or the generator. Numbers are the game's own (SP, VP, counts), not scaled.
Its fields are :meth:`EuropeInTurmoilEncoding.observation_fields` (docs/europe-in-turmoil.md lists
them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ....engine import JSON, ObservationField, Seat
from ....engine.observation import ObservationWriter
from ..content import Content, load_content
from ..content.model import REGIONS
from ..rules.actions import Act, shared
from ..rules.board import controller
from ..rules.decisions import DECISIONS
from ..rules.mobilization import EXTRA, NATION_ORDER, pick_slots, valid
from ..rules.naval import holder
from ..rules.state import SEATS, State
from ..rules.tracks import gw_status, tension_cap

SIMPLE = ("done", "none", "pass", "reveal", "conceal")
"""The actions without words: one index each."""
FIRST = ("event", "ops")
"""5.2: the opponent's event before or after the OPs."""
BONUS = ("place", "checks", "pass")
"""7.4: an event's OPs used for placement or checks (Colossus's may be passed)."""
USES = ("place", "checks")
"""A card played for OPs (or with Eight Nation Alliance): placement or two Support Checks."""
CARD_VERBS = ("event", "naval", "score", "card")
USE_VERBS = ("ops", "combo")
SPACE_VERBS = ("sp", "rm", "check", "from")
TIRPITZ_SLOTS = 3
"""Admiral von Tirpitz takes 0 to 2 SP off Wilhelm II (``rules/hooks.py``)."""
STAB_MOST = 3
"""9.0: one Stability card, one more with Orion, one more for the Authoritarian with Enver Pasha."""
DECISION_KINDS = tuple(DECISIONS.handlers)
PURPOSES = ("replay", "take", "discard")
"""What a ``pick`` decision chooses a card for (``rules/decisions.py`` ``Pick``)."""
WAR_NATIONS = (*NATION_ORDER, "britain")
"""8.4.1 and 8.4.4: the nations that may be at war (Britain picks no card, C9)."""
OUTCOMES = ("valid", "invalid", "void")
WARS = ("standard", "express", "mobilization")


class EncodingError(ValueError):
    """An action outside the layout (no index), or a position it cannot write."""


class Layout:
    """The action blocks and the observation's vocabularies for one content."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.cards: tuple[str, ...] = tuple(sorted(content.card_ids, key=lambda c: content.cards[c].number))
        self.numbers: tuple[int, ...] = tuple(content.cards[c].number for c in self.cards)
        self.card_index: dict[str, int] = {c: i for i, c in enumerate(self.cards)}
        self.number_index: dict[int, int] = {n: i for i, n in enumerate(self.numbers)}
        self.spaces: tuple[str, ...] = tuple(content.space_ids)
        self.space_index: dict[str, int] = {s: i for i, s in enumerate(self.spaces)}
        self.regions: tuple[str, ...] = tuple(REGIONS)
        self.region_index: dict[str, int] = {r: i for i, r in enumerate(self.regions)}
        self.mob: tuple[str, ...] = tuple(content.mobilization)
        self.mob_index: dict[str, int] = {m: i for i, m in enumerate(self.mob)}
        self.stab: tuple[str, ...] = tuple(content.stability)
        self.stab_index: dict[str, int] = {s: i for i, s in enumerate(self.stab)}
        sets: list[str] = []
        for side in SEATS:
            own = sorted(s for s, card in content.stability.items() if card.side == side)
            for k in range(1, STAB_MOST + 1):
                sets += ["+".join(combo) for combo in combinations(own, k)]
        self.stab_sets: tuple[str, ...] = tuple(sets)
        self.stab_set_index: dict[str, int] = {s: i for i, s in enumerate(sets)}
        markers = set(content.markers)
        for card in content.cards.values():
            markers |= {str(step["id"]) for step in card.effect if step["op"] == "marker"}
        for stab in content.stability.values():
            markers |= {str(step["id"]) for step in stab.effect if step["op"] == "marker"}
        self.markers: tuple[str, ...] = tuple(sorted(markers))
        self.marker_index: dict[str, int] = {m: i for i, m in enumerate(self.markers)}
        self.boxes: tuple[str, ...] = tuple(b.id for b in content.naval)
        self.abilities: tuple[str, ...] = tuple(
            b.ability for b in content.naval if b.ability not in ("none", "vp")
        )
        self.scoring_cards: tuple[str, ...] = tuple(c for c in self.cards if content.cards[c].scoring)
        self.scoring_index: dict[str, int] = {c: i for i, c in enumerate(self.scoring_cards)}
        self.slots: tuple[str, ...] = (
            *NATION_ORDER,
            *sorted({EXTRA + m.id for m in content.mobilization.values() if m.extra}),
        )
        self.slot_index: dict[str, int] = {s: i for i, s in enumerate(self.slots)}
        c, s = len(self.cards), len(self.spaces)
        sizes: list[tuple[str, int]] = [
            ("simple", len(SIMPLE)),
            ("first", len(FIRST)),
            ("bonus", len(BONUS)),
            *((verb, c) for verb in CARD_VERBS),
            *((verb, c * len(USES)) for verb in USE_VERBS),
            ("tirpitz", TIRPITZ_SLOTS),
            *((verb, s) for verb in SPACE_VERBS),
            ("region", len(self.regions)),
            ("mob", len(self.mob)),
            ("stab", len(self.stab_sets)),
        ]
        self.blocks: list[tuple[str, int, int]] = []
        self.offsets: dict[str, int] = {}
        offset = 0
        for name, size in sizes:
            self.blocks.append((name, offset, size))
            self.offsets[name] = offset
            offset += size
        self.size = offset
        self.cache: dict[Act, int] = {}
        self.fields: list[ObservationField] = _fields(self)
        self.observation_size = sum(f.size for f in self.fields)

    # -- actions ------------------------------------------------------------------------------------

    def index(self, action: Act) -> int:
        """The index of ``action`` (cached: the legal lists share their action objects)."""
        found = self.cache.get(action)
        if found is None:
            found = self._index(action)
            if len(self.cache) < 50_000:
                self.cache[action] = found
        return found

    def _index(self, action: Act) -> int:
        verb, n, a = action.verb, action.n, action.a
        try:
            if verb in SIMPLE:
                if n or a:
                    raise EncodingError(f"no index for {verb} {n} {a}")
                return SIMPLE.index(verb)
            offset = self.offsets.get(verb)
            if offset is None:
                raise EncodingError(f"no index for the verb {verb!r}")
            if verb == "first":
                return offset + FIRST.index(a)
            if verb == "bonus":
                return offset + BONUS.index(a)
            if verb in CARD_VERBS:
                return offset + self.number_index[n]
            if verb in USE_VERBS:
                return offset + self.number_index[n] * len(USES) + USES.index(a)
            if verb == "tirpitz":
                if not 0 <= n < TIRPITZ_SLOTS:
                    raise EncodingError(f"tirpitz {n}: 0 to {TIRPITZ_SLOTS - 1} SP have an index")
                return offset + n
            if verb in SPACE_VERBS:
                return offset + self.space_index[a]
            if verb == "region":
                return offset + self.region_index[a]
            if verb == "mob":
                return offset + self.mob_index[a]
            if verb == "stab":
                return offset + self.stab_set_index[a]
        except (KeyError, ValueError) as error:
            if isinstance(error, EncodingError):
                raise
            raise EncodingError(f"no index for {verb} {n} {a}: {error}") from None
        raise EncodingError(f"no index for {verb}")

    def action(self, index: int) -> Act:
        """The action an index names (:meth:`index`'s inverse), legal or not."""
        for name, offset, size in self.blocks:
            if offset <= index < offset + size:
                h = index - offset
                if name == "simple":
                    return shared(SIMPLE[h])
                if name == "first":
                    return Act("first", 0, FIRST[h])
                if name == "bonus":
                    return Act("bonus", 0, BONUS[h])
                if name in CARD_VERBS:
                    return shared(name, self.numbers[h])
                if name in USE_VERBS:
                    return shared(name, self.numbers[h // len(USES)], USES[h % len(USES)])
                if name == "tirpitz":
                    return Act("tirpitz", h)
                if name in SPACE_VERBS:
                    return shared(name, 0, self.spaces[h])
                if name == "region":
                    return Act("region", 0, self.regions[h])
                if name == "mob":
                    return shared("mob", 0, self.mob[h])
                return Act("stab", 0, self.stab_sets[h])
        raise ValueError(f"index {index} is outside [0, {self.size})")


_LAYOUTS: dict[str, Layout] = {}


def layout_of(content: Content) -> Layout:
    found = _LAYOUTS.get(content.fingerprint)
    if found is None:
        found = _LAYOUTS[content.fingerprint] = Layout(content)
    return found


class EuropeInTurmoilEncoding:
    """The plug-in's :class:`~realpolitik.engine.Encoding` (see the module docstring)."""

    def size(self, options: Mapping[str, JSON]) -> int:
        return layout_of(load_content()).size

    # -- actions ------------------------------------------------------------------------------------

    def legal_indices(self, state: State, seat: Seat) -> list[int]:
        return self.indexed_legal(state, seat)[1]

    def indexed_legal(self, state: State, seat: Seat) -> tuple[Sequence[Act], list[int]]:
        """The legal list and each action's index, computed once (the environments build the mask
        and decode the chosen index with it)."""
        layout = layout_of(state.content)
        legal = DECISIONS.legal_actions(state, state.flow, seat)
        indices = [layout.index(a) for a in legal]
        if len(set(indices)) != len(indices):  # two legal actions on one index: never mask them
            raise EncodingError(f"{seat}: two legal actions share an index")
        return legal, indices

    def encode(self, state: State, seat: Seat, action: Act) -> int:
        return layout_of(state.content).index(action)

    def decode(self, state: State, seat: Seat, index: int) -> Act:
        layout = layout_of(state.content)
        action = layout.action(index)  # outside every block: ValueError
        legal = DECISIONS.legal_actions(state, state.flow, seat)
        if action not in legal:
            raise ValueError(
                f"index {index} ({action.verb} {action.n} {action.a}) is not legal for {seat} here"
            )
        return action

    # -- observation --------------------------------------------------------------------------------

    def observation_fields(self, options: Mapping[str, JSON]) -> Sequence[ObservationField]:
        return layout_of(load_content()).fields

    def observe(self, state: State, seat: Seat) -> list[float]:
        return _write(layout_of(state.content), state, seat).dense()

    def observe_sparse(self, state: State, seat: Seat) -> tuple[list[int], list[float]]:
        """The observation's non-zero numbers: their positions and values."""
        w = _write(layout_of(state.content), state, seat)
        return w.ones + w.numbers, [1.0] * len(w.ones) + w.values

    def observe_split(self, state: State, seat: Seat) -> tuple[list[int], list[int], list[float]]:
        """The positions holding 1, then the other non-zero numbers' positions and values (most of
        the observation is ones: an environment sets them with one scalar)."""
        w = _write(layout_of(state.content), state, seat)
        return w.ones, w.numbers, w.values


ENCODING = EuropeInTurmoilEncoding()


# -- the observation's layout -------------------------------------------------------------------------


def _decision_size(layout: Layout) -> int:
    c = len(layout.cards)
    return (
        len(DECISION_KINDS) + 1 + len(SEATS)  # kind, seats waited for
        + 7 + len(PURPOSES) + len(SEATS) + c + len(layout.regions) + len(USES)  # the seat's own data
        + len(layout.regions) + len(SEATS) + len(layout.stab)  # a Stability choice
        + len(SEATS) + 2 * len(SEATS) + len(layout.slots) + len(layout.mob)  # Mobilization picks
    )  # fmt: skip


def _mobilization_size(layout: Layout) -> int:
    return (
        len(WARS) + 1 + 2 * len(WAR_NATIONS) + len(WAR_NATIONS) + 1
        + len(layout.mob) * (len(SEATS) + len(OUTCOMES)) + len(layout.mob) + len(SEATS)
    )  # fmt: skip


def _fields(layout: Layout) -> list[ObservationField]:
    c, s, m = len(layout.cards), len(layout.spaces), len(layout.markers)
    kinds = ", ".join(DECISION_KINDS)
    return [
        ObservationField("me", 2, "1 for the observing side (A, L)"),
        ObservationField(
            "clock",
            6,
            "the turn (1-10), the action rounds of this turn (4.5.2), the rounds each side has played "
            "(A, L), the rounds each side has still to play (A, L)",
        ),
        ObservationField(
            "decision",
            _decision_size(layout),
            f"the decision waited for: its kind (one-hot: {kinds}; last: none) and the seats it waits "
            "for (A, L); when it is the seat's own (as its view shows it): OPs left, SP or checks "
            "left, a forced naval attempt (Two-Power Standard), Colossus's OPs may be passed, Tirpitz's "
            "most, the cards to pick, event checks; what a card is picked for (replay, take, discard); "
            "whose SP are removed (A, L); the card concerned (one-hot, by number); the regions whose "
            "War Losses are left (8.4.3); the use of the OPs after an opponent's event (place, checks); "
            "a Stability choice (9.0): the region, who has chosen (A, L), the seat's own choice (one "
            "per Stability card); the Mobilization picks (8.4.4): who is done (A, L), picks made and "
            "due (A, A, L, L), the pick the seat makes now (one-hot: a nation, or the extra card), the "
            "cards it may pick that would be valid now",
        ),
        ObservationField(
            "tracks",
            8,
            "VP (Liberal +), tension, its cap (Franz Ferdinand, 8.1.2), the Great War Status (8.2.4), "
            "the Dreyfus Affair's doubling, each side's OPs modifier (A, L), Two-Power Standard's "
            "attempts due",
        ),
        ObservationField(
            "markers",
            2 * m,
            f"each marker ({', '.join(layout.markers)}): its place on the Great War track (1 the "
            "leftmost, 0 off it), then whether it is active",
        ),
        ObservationField("in_effect", 2 * c, "each card displayed as a lasting event in front of A, then L"),
        ObservationField(
            "naval",
            2 * len(layout.boxes) + 4 + len(layout.boxes) + 2 * len(layout.abilities),
            "each navy's box (one-hot, A then L), on its +1 side (A, L), the turn's attempt spent "
            "(A, L), the German High Water Mark's box (one-hot), who holds each box's ability "
            f"({', '.join(layout.abilities)}: A, L)",
        ),
        ObservationField(
            "spaces",
            4 * s,
            "each space in map order: Liberal SP, Authoritarian SP, controlled by A, controlled by L",
        ),
        ObservationField(
            "hand", 2 * c, "the seat's own cards (one per card), then which of them are held (15.0)"
        ),
        ObservationField("hands", 4, "the cards in each hand (A, L), the held cards in each hand (A, L)"),
        ObservationField(
            "shown",
            2 * len(layout.scoring_cards) + c,
            "the Scoring cards each side showed at setup (3.1; A, then L), the other hand as a "
            "Helgoland look last saw it (one per card)",
        ),
        ObservationField(
            "piles", 1 + 2 * c, "the draw pile's size; the discards and the removed cards (one per card)"
        ),
        ObservationField("stability", len(layout.stab), "each Stability card still available (9.0, open)"),
        ObservationField(
            "mobilization",
            _mobilization_size(layout),
            "the war's resolution (standard, express, mobilization), War Mobilization under way; each "
            f"nation's side ({', '.join(WAR_NATIONS)}: A, L), the nations out of the war, the priority "
            "reached + 1; each Mobilization card revealed by A, by L, and its outcome (valid, invalid, "
            "void); the seat's own picks; the cards each side has face down (A, L)",
        ),
        ObservationField("final", 3, "1 once the game is over; the winners (A, L)"),
    ]


def _side(seat: str | None) -> int:
    return 0 if seat == "A" else 1 if seat == "L" else -1


def _cards_at(layout: Layout, cards: Sequence[str]) -> list[int]:
    index = layout.card_index
    return [index[c] for c in cards]


def _write(layout: Layout, state: State, seat: Seat) -> ObservationWriter:
    """The observation of ``seat``, read from the state: only what its view shows it."""
    w = ObservationWriter(layout.observation_size)
    content = state.content
    c = len(layout.cards)
    w.one_hot(2, _side(seat))
    # clock
    w.add(float(state.turn))
    w.add(float(content.value_at(content.action_rounds, state.turn)))
    for s in SEATS:
        w.add(float(state.rounds_done[s]))
    for s in SEATS:
        w.add(float(state.slots.count(s)))
    _write_decision(layout, state, seat, w)
    # tracks
    w.add(float(state.vp))
    w.add(float(state.tension))
    w.add(float(tension_cap(state)))
    w.add(float(gw_status(state)))
    w.flag(state.dreyfus)
    for s in SEATS:
        w.add(float(state.ops_mod[s]))
    w.add(float(state.tps_left))
    # markers: the Great War track's place, then active
    m = len(layout.markers)
    marker_index = layout.marker_index
    pos = w.pos
    for place, marker in enumerate(state.gw_track):
        at = marker_index.get(marker)
        if at is None:
            raise EncodingError(f"a marker the layout does not know: {marker}")
        if place == 0:
            w.ones.append(pos + at)
        else:
            w.numbers.append(pos + at)
            w.values.append(float(place + 1))
    w.skip(m)
    w.mark(m, [marker_index[mk] for mk in state.markers])
    # lasting events in front of each side
    index = layout.card_index
    w.mark(c, [index[cid] for cid, who in state.in_effect.items() if who == "A"])
    w.mark(c, [index[cid] for cid, who in state.in_effect.items() if who == "L"])
    # naval chart
    boxes = len(layout.boxes)
    for s in SEATS:
        w.one_hot(boxes, state.navy[s])
    for s in SEATS:
        w.flag(state.plus[s])
    for s in SEATS:
        w.flag(state.naval_used[s])
    w.one_hot(boxes, state.hwm if state.hwm is not None else -1)
    for ability in layout.abilities:
        w.one_hot(2, _side(holder(state, ability)))
    # spaces
    sp = state.sp
    ones, numbers, values = w.ones, w.numbers, w.values
    pos = w.pos
    for sid in layout.spaces:
        lib, auth = sp[sid]
        for k, n in ((0, lib), (1, auth)):
            if n == 1:
                ones.append(pos + k)
            elif n:
                numbers.append(pos + k)
                values.append(float(n))
        owner = controller(state, sid)
        if owner == "A":
            ones.append(pos + 2)
        elif owner == "L":
            ones.append(pos + 3)
        pos += 4
    w.pos = pos
    # the seat's own hand and its held cards
    own = state.hands.get(seat, [])
    w.mark(c, _cards_at(layout, own))
    w.mark(c, _cards_at(layout, state.held[seat]) if seat in state.held else [])
    for s in SEATS:
        w.add(float(len(state.hands[s])))
    for s in SEATS:
        w.add(float(len(state.held[s])))
    # what was shown: Scoring cards at setup, a Helgoland look
    for s in SEATS:
        w.mark(len(layout.scoring_cards), [layout.scoring_index[x] for x in state.revealed[s]])
    w.mark(c, _cards_at(layout, state.peek[seat]) if seat in state.peek else [])
    # piles
    w.add(float(len(state.deck)))
    w.mark(c, _cards_at(layout, state.discard))
    w.mark(c, _cards_at(layout, state.removed))
    # Stability decks (open)
    stab_index = layout.stab_index
    w.mark(len(layout.stab), [stab_index[x] for s in SEATS for x in state.stab_avail[s]])
    _write_mobilization(layout, state, seat, w)
    w.flag(state.over)
    for s in SEATS:
        w.flag(s in state.winners)
    w.check()
    return w


def _write_decision(layout: Layout, state: State, seat: Seat, w: ObservationWriter) -> None:
    top = state.flow.top()
    kind = top.kind if top is not None else ""
    kinds = len(DECISION_KINDS)
    w.one_hot(kinds + 1, DECISION_KINDS.index(kind) if kind in DECISION_KINDS else kinds)
    waiting = top.waiting() if top is not None else ()
    for s in SEATS:
        w.flag(s in waiting)
    data: Mapping[str, Any] = top.data if top is not None else {}
    # the decision's data, as the view shows it: to its seat (a pick's, but for a discard, to all)
    shown = (
        top is not None
        and kind not in ("stability", "mobilize")
        and ((seat in top.seats and kind != "pick") or (kind == "pick" and data["purpose"] != "discard"))
    )
    c = len(layout.cards)
    if shown:
        ops = data.get("ops")
        if isinstance(ops, Mapping):  # 5.2: the OPs task waiting for the event's order
            use = str(ops.get("use", ""))
            ops = ops.get("ops")
        else:
            use = ""
        w.add(float(ops) if isinstance(ops, int) else 0.0)
        left = data.get("left")
        w.add(float(left) if isinstance(left, int) and kind != "war-order" else 0.0)
        w.flag(bool(data.get("mandatory")))
        w.flag(bool(data.get("may_pass")))
        w.add(float(data.get("most", 0)) if kind == "tirpitz" else 0.0)
        w.add(float(data.get("count", 0)) if kind == "pick" else 0.0)
        w.flag(bool(data.get("event")) if kind == "checks" else False)
        purpose = str(data.get("purpose", "")) if kind == "pick" else ""
        w.one_hot(len(PURPOSES), PURPOSES.index(purpose) if purpose in PURPOSES else -1)
        w.one_hot(2, _side(data.get("victim")) if kind == "event-remove" else -1)
        card = data.get("card")
        w.one_hot(c, layout.card_index.get(card, -1) if isinstance(card, str) else -1)
        regions: Sequence[str] = data.get("left", []) if kind == "war-order" else []
        w.mark(len(layout.regions), [layout.region_index[r] for r in regions])
        w.one_hot(len(USES), USES.index(use) if use in USES else -1)
    else:
        w.skip(7 + len(PURPOSES) + 2 + c + len(layout.regions) + len(USES))
    if kind == "stability" and top is not None:
        w.one_hot(len(layout.regions), layout.region_index.get(str(data["region"]), -1))
        picks: Mapping[str, list[str]] = data["picks"]
        for s in SEATS:
            w.flag(s in picks)
        mine = picks.get(seat, [])
        w.mark(len(layout.stab), [layout.stab_index[x] for x in mine])
    else:
        w.skip(len(layout.regions) + 2 + len(layout.stab))
    if kind == "mobilize" and top is not None:
        answers: Mapping[str, list[str]] = data["answers"]
        slots = {s: pick_slots(state, s) for s in SEATS}
        for s in SEATS:
            w.flag(len(answers[s]) >= len(slots[s]))
        for s in SEATS:
            w.add(float(len(answers[s])))
            w.add(float(len(slots[s])))
        if seat in slots and len(answers[seat]) < len(slots[seat]):
            slot = slots[seat][len(answers[seat])]
            w.one_hot(len(layout.slots), layout.slot_index[slot])
            options = _slot_cards(state, slot)
            cards = state.content.mobilization
            w.mark(len(layout.mob), [layout.mob_index[m] for m in options if valid(state, seat, cards[m])])
        else:
            w.skip(len(layout.slots) + len(layout.mob))
    else:
        w.skip(2 + 4 + len(layout.slots) + len(layout.mob))


def _slot_cards(state: State, slot: str) -> list[str]:
    if slot.startswith(EXTRA):
        return [slot[len(EXTRA) :]]
    return [m.id for m in state.content.mobilization.values() if m.nation == slot and not m.extra]


def _write_mobilization(layout: Layout, state: State, seat: Seat, w: ObservationWriter) -> None:
    readings = state.readings
    w.one_hot(len(WARS), 2 if readings.mobilization else 1 if readings.express else 0)
    mob = state.mobilization
    w.flag(mob is not None)
    n = len(WAR_NATIONS)
    if mob is None:
        w.skip(2 * n + n + 1 + len(layout.mob) * (len(SEATS) + len(OUTCOMES)) + len(layout.mob) + len(SEATS))
        return
    nations: Mapping[str, str] = mob["nations"]
    for nation in WAR_NATIONS:
        w.one_hot(2, _side(nations.get(nation)))
    withdrawn = mob["withdrawn"]
    w.mark(n, [i for i, nation in enumerate(WAR_NATIONS) if nation in withdrawn])
    w.add(float(int(mob["priority"]) + 1))
    picks: Mapping[str, list[str]] = mob["picks"]
    outcome: Mapping[str, str] = mob["outcome"]
    void = mob["void"]
    per = len(SEATS) + len(OUTCOMES)
    pos = w.pos
    for cid in mob["revealed"]:
        at = pos + layout.mob_index[cid] * per
        w.ones.append(at + (0 if cid in picks["A"] else 1))
        result = outcome.get(cid, "void" if cid in void else "")
        if result in OUTCOMES:
            w.ones.append(at + len(SEATS) + OUTCOMES.index(result))
    w.skip(len(layout.mob) * per)
    top = state.flow.top()
    if top is not None and top.kind == "mobilize":
        mine: list[str] = list(top.data["picks"].get(seat, []))
    else:
        mine = list(picks.get(seat, []))
    w.mark(len(layout.mob), [layout.mob_index[m] for m in mine])
    for s in SEATS:
        w.add(float(sum(1 for x in picks[s] if x not in mob["revealed"])))


__all__ = ["ENCODING", "EncodingError", "EuropeInTurmoilEncoding", "Layout", "layout_of"]
