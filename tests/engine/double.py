"""A small game double for the engine's own tests ("Tally"); it lives only under tests/.

Rules of Tally (sections are the double's own, so refusals can cite one):

* §1 Two or three seats (N, S, E) each hold 3 cards from a shuffled deck of 1..9 (hidden).
* §2 On its turn a seat may ``bank`` (+1 point, at most twice a turn, the turn goes on), then ends
  the turn with one of: ``roll`` (+d6), ``play N`` (reveal a card N from its hand, +N),
  ``challenge`` (the next seat must ``accept``, giving the challenger +2, or ``refuse``, losing 1
  point, never below 0), or ``pass``.
* §3 The game ends when a seat reaches the target or after the last round; the highest score wins,
  ties share the win.
* §4 With the ``wagers`` option, every round opens with a sealed wager: all seats at once choose
  ``wager N`` (0-2), unseen by the others until the last one has chosen; then each pays its wager
  (never below 0) and the single highest wager gains twice its wager.

It is also a whole plug-in (:data:`PLUGIN`): options schema, seat names, bots' hooks,
determinization and invariants, so the platform's generic screens and the battery are tested on a
game that is not La Belle Époque.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from realpolitik.engine import (
    JSON,
    Encoding,
    Evaluation,
    GamePlugin,
    LogEntry,
    NotationError,
    ObservationField,
    Option,
    OptionsSchema,
    Outcome,
    Refusal,
    Rng,
    ScenarioError,
    Seat,
    canonical_json,
)
from realpolitik.engine.flow import Decision, Dispatch, Flow

ALL_SEATS = ("N", "S", "E")
WAGERS = (0, 1, 2)
Log = list[LogEntry] | None


@dataclass(frozen=True, slots=True)
class Act:
    """An action: a verb and, for ``play`` and ``wager``, a number."""

    verb: str
    n: int = 0


class TallyState:
    """Plain slots, cloned by hand (never ``deepcopy``); every decision pending is in ``flow``."""

    __slots__ = (
        "deck",
        "flow",
        "hands",
        "max_rounds",
        "reveals",
        "rng",
        "round",
        "scores",
        "seats",
        "target",
        "with_wagers",
    )

    def __init__(self, seats: tuple[Seat, ...], target: int, max_rounds: int, rng: Rng) -> None:
        self.seats = seats
        self.target = target
        self.max_rounds = max_rounds
        self.rng = rng
        self.deck: list[int] = []
        self.hands: dict[Seat, list[int]] = {s: [] for s in seats}
        self.scores: dict[Seat, int] = dict.fromkeys(seats, 0)
        self.round = 1
        self.reveals = 0
        """Grows when a card or the sealed wagers are shown (undo stops there)."""
        self.with_wagers = False
        self.flow = Flow()


# -- the decisions (engine.flow): one handler per kind ---------------------------------------------------


class Turn:
    """§2: a seat's turn. ``data``: ``banked`` (0-2). A challenge suspends the turn for the next
    seat's answer; the turn ends when the answer is given (:meth:`resume`)."""

    def choices(self, state: TallyState, seat: Seat, decision: Decision) -> Sequence[Act]:
        actions = [Act("bank")] if decision.data["banked"] < 2 else []
        actions += [Act("roll"), Act("challenge"), Act("pass")]
        return actions + [Act("play", n) for n in sorted(set(state.hands[seat]))]

    def apply(self, state: TallyState, seat: Seat, action: Act, decision: Decision, log: Log) -> None:
        verb = action.verb
        if verb == "bank":
            state.scores[seat] += 1
            decision.data["banked"] += 1
            return  # §2: the turn goes on
        if verb == "challenge":
            _note(log, f"{seat} challenges", seat)
            state.flow.push(Decision("answer", _next(state, seat), {"challenger": seat}))
            return  # the turn waits for the answer, then ends (resume)
        if verb == "roll":
            value = state.rng.die()
            state.scores[seat] += value
            _note(log, f"{seat} rolls {value}", seat)
        elif verb == "play":
            state.hands[seat].remove(action.n)
            state.scores[seat] += action.n
            state.reveals += 1
            _note(log, f"{seat} plays {action.n}", seat)
        _end_turn(state, seat)

    def resume(self, state: TallyState, decision: Decision, log: Log) -> None:
        _end_turn(state, decision.seat)  # §2: a challenge ends the challenger's turn


class Answer:
    """§2: the challenged seat accepts (+2 to the challenger) or refuses (-1 to itself)."""

    def choices(self, state: TallyState, seat: Seat, decision: Decision) -> Sequence[Act]:
        return [Act("accept"), Act("refuse")]

    def apply(self, state: TallyState, seat: Seat, action: Act, decision: Decision, log: Log) -> None:
        if action.verb == "accept":
            state.scores[decision.data["challenger"]] += 2
        else:
            state.scores[seat] = max(0, state.scores[seat] - 1)
        _note(log, f"{seat} {action.verb}s the challenge", seat)
        state.flow.pop()

    def resume(self, state: TallyState, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("an answer never suspends anything")


class Wager:
    """§4: every seat at once, sealed. ``data["wagers"]`` holds the answers given so far; they are
    shown only when the last seat has answered."""

    def choices(self, state: TallyState, seat: Seat, decision: Decision) -> Sequence[Act]:
        return [Act("wager", n) for n in WAGERS]

    def apply(self, state: TallyState, seat: Seat, action: Act, decision: Decision, log: Log) -> None:
        decision.data["wagers"] = {**decision.data["wagers"], seat: action.n}
        if not decision.complete():
            return
        wagers: dict[str, int] = decision.data["wagers"]
        state.reveals += 1
        for who, wager in wagers.items():
            state.scores[who] = max(0, state.scores[who] - wager)
        top = max(wagers.values())
        leaders = [who for who, wager in wagers.items() if wager == top]
        if len(leaders) == 1 and top:
            state.scores[leaders[0]] += 2 * top
        _note(log, "wagers: " + ", ".join(f"{who} {w}" for who, w in wagers.items()), None, "§4")
        state.flow.replace(Decision("turn", state.seats[0], {"banked": 0}))

    def resume(self, state: TallyState, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a wager never suspends anything")


DECISIONS: Dispatch[TallyState, Act] = Dispatch({"turn": Turn(), "answer": Answer(), "wager": Wager()})


def _note(log: Log, text: str, seat: Seat | None, rule: str = "§2") -> None:
    if log is not None:
        log.append(LogEntry(text, rule, seat))


def _next(state: TallyState, seat: Seat) -> Seat:
    return state.seats[(state.seats.index(seat) + 1) % len(state.seats)]


def _over(state: TallyState) -> bool:
    return max(state.scores.values()) >= state.target or state.round > state.max_rounds


def _end_turn(state: TallyState, seat: Seat) -> None:
    """The next seat's turn; after the last seat, the next round (opening with a wager, §4)."""
    following = _next(state, seat)
    if following == state.seats[0]:
        state.round += 1
    if _over(state):
        state.flow.clear()
    elif following == state.seats[0] and state.with_wagers:
        state.flow.replace(Decision("wager", state.seats, {"wagers": {}}))
    else:
        state.flow.replace(Decision("turn", following, {"banked": 0}))


# -- the Game -----------------------------------------------------------------------------------------


class Tally:
    id = "tally-double"
    title = "Tally (test double)"
    version = "2"

    def normalize_options(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        return {**SCHEMA.defaults(), **SCHEMA.check(options)}

    def setup(self, options: Mapping[str, JSON], seed: int, log: list[LogEntry] | None = None) -> TallyState:
        seats = ALL_SEATS[: int(options["seats"])]
        state = TallyState(seats, int(options["target"]), int(options["rounds"]), Rng.from_seed(seed))
        state.deck = list(range(1, 10))
        state.rng.shuffle(state.deck)
        for seat in state.seats:
            state.hands[seat] = [state.deck.pop() for _ in range(3)]
        state.with_wagers = bool(options["wagers"])
        if state.with_wagers:
            state.flow.push(Decision("wager", seats, {"wagers": {}}))
        else:
            state.flow.push(Decision("turn", seats[0], {"banked": 0}))
        _note(log, "each seat draws 3 cards", None, "§1")
        return state

    def seats(self, state: TallyState) -> tuple[Seat, ...]:
        return state.seats

    def to_act(self, state: TallyState) -> tuple[Seat, ...]:
        return DECISIONS.to_act(state.flow)

    def legal_actions(self, state: TallyState, seat: Seat) -> Sequence[Act]:
        return DECISIONS.legal_actions(state, state.flow, seat)

    def apply(self, state: TallyState, seat: Seat, action: Act, log: list[LogEntry] | None = None) -> None:
        DECISIONS.apply(state, state.flow, seat, action, log)

    def explain_illegal(self, state: TallyState, seat: Seat, action: Act) -> Refusal:
        top = state.flow.top()
        if top is None or seat not in top.waiting():
            return Refusal(f"it is not {seat}'s turn", "§2")
        if top.kind == "wager":
            return Refusal("every seat first wagers 0, 1 or 2", "§4")
        if top.kind == "answer":
            return Refusal("answer the challenge: accept or refuse", "§2")
        if action.verb == "bank":
            return Refusal("a seat may bank at most twice a turn", "§2")
        if action.verb == "play":
            return Refusal(f"{seat} holds no {action.n} card", "§2")
        return Refusal(f"{action.verb} is not a move of a turn", "§2")

    def checkpoint(self, state: TallyState) -> int:
        return state.rng.draws + state.reveals

    def rng(self, state: TallyState) -> Rng:
        return state.rng

    def outcome(self, state: TallyState) -> Outcome | None:
        if not _over(state):
            return None
        best = max(state.scores.values())
        winners = tuple(s for s in state.seats if state.scores[s] == best)
        return Outcome(dict(state.scores), winners, f"{', '.join(winners)} win with {best}")

    def view(self, state: TallyState, seat: Seat | None) -> dict[str, JSON]:
        top = state.flow.top()
        wagering = top is not None and top.kind == "wager"
        wagers: dict[str, int] = top.data["wagers"] if wagering and top is not None else {}
        return {
            "round": state.round,
            "scores": dict(state.scores),
            "to_act": list(self.to_act(state)),
            "hand": list(state.hands[seat]) if seat in state.hands else None,
            "hand_sizes": {s: len(h) for s, h in state.hands.items()},
            "deck_size": len(state.deck),
            # §4: a sealed wager is seen only by the seat that made it; the others see who is done.
            "wagering": wagering,
            "wagered": sorted(wagers),
            "my_wager": wagers.get(seat) if seat is not None else None,
        }

    def notation(self, action: Act) -> str:
        return f"{action.verb} {action.n}" if action.verb in ("play", "wager") else action.verb

    def parse_action(self, text: str) -> Act:
        words = text.split()
        if not words:
            raise NotationError(text, "empty action")
        verb = words[0].lower()
        if verb in ("play", "wager"):
            if len(words) != 2 or not words[1].isdigit():
                raise NotationError(text, f"write {verb} N, e.g. {verb} 1")
            return Act(verb, int(words[1]))
        if verb in ("bank", "roll", "challenge", "pass", "accept", "refuse") and len(words) == 1:
            return Act(verb)
        raise NotationError(
            text, "unknown action (bank, roll, play N, challenge, pass, accept, refuse, wager N)"
        )

    def clone(self, state: TallyState) -> TallyState:
        twin = TallyState.__new__(TallyState)
        twin.seats, twin.target, twin.max_rounds = state.seats, state.target, state.max_rounds
        twin.rng = state.rng.clone()
        twin.deck = list(state.deck)
        twin.hands = {s: list(h) for s, h in state.hands.items()}
        twin.scores = dict(state.scores)
        twin.round, twin.reveals, twin.with_wagers = state.round, state.reveals, state.with_wagers
        twin.flow = state.flow.clone()
        return twin

    def serialize(self, state: TallyState) -> dict[str, JSON]:
        return {
            "seats": list(state.seats),
            "target": state.target,
            "max_rounds": state.max_rounds,
            "rng": state.rng.to_json(),
            "deck": list(state.deck),
            "hands": {s: list(h) for s, h in state.hands.items()},
            "scores": dict(state.scores),
            "round": state.round,
            "reveals": state.reveals,
            "with_wagers": state.with_wagers,
            "flow": state.flow.to_json(),
        }

    def set_position(
        self, state: TallyState, position: Mapping[str, JSON], log: list[LogEntry] | None = None
    ) -> None:
        for key, value in position.items():
            if key == "scores":
                for seat, score in _mapping(key, value).items():
                    state.scores[_seat(state, seat)] = int(score)
            elif key == "hands":
                for seat, cards in _mapping(key, value).items():
                    state.hands[_seat(state, seat)] = [int(c) for c in cards]
            elif key == "to_act":
                state.flow.clear()
                state.flow.push(Decision("turn", _seat(state, str(value)), {"banked": 0}))
            elif key == "round":
                state.round = int(value)
            else:
                raise ScenarioError(f"position: unknown key {key!r} (scores, hands, to_act, round)")


def _mapping(key: str, value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"position.{key} must be a table")
    return value


def _seat(state: TallyState, seat: str) -> Seat:
    if seat not in state.seats:
        raise ScenarioError(f"position: no seat {seat!r} (seats: {', '.join(state.seats)})")
    return seat


TALLY = Tally()

SCHEMA = OptionsSchema(
    (
        Option(
            "seats", "int", 2, {"en": "Seats"}, {"en": "How many seats play (§1)."}, choices=(2, 3), rule="§1"
        ),
        Option(
            "target",
            "int",
            15,
            {"en": "Target"},
            {"en": "The score that ends the game (§3)."},
            minimum=1,
            maximum=99,
        ),
        Option("rounds", "int", 4, {"en": "Rounds"}, {"en": "The last round (§3)."}, minimum=1, maximum=20),
        Option(
            "wagers",
            "bool",
            False,
            {"en": "Sealed wagers"},
            {"en": "Every round opens with a sealed wager (§4)."},
        ),
    )
)


def determinize(state: TallyState, seat: Seat | None, rng: Rng) -> TallyState:
    """Other seats' hands, the deck order, the dice to come and the others' sealed wagers drawn
    anew; the seat's own hand and wager stay."""
    twin = TALLY.clone(state)
    hidden = [s for s in twin.seats if s != seat]
    pool = list(twin.deck) + [c for s in hidden for c in twin.hands[s]]
    rng.shuffle(pool)
    for s in hidden:
        size = len(twin.hands[s])
        twin.hands[s], pool = pool[:size], pool[size:]
    twin.deck = pool
    top = twin.flow.top()
    if top is not None and top.kind == "wager":
        top.data["wagers"] = {
            s: (w if s == seat else WAGERS[rng.below(len(WAGERS))]) for s, w in top.data["wagers"].items()
        }
    twin.rng = Rng.from_seed(rng.below(2**31), stream=7)
    return twin


def invariants(state: TallyState) -> None:
    cards = sorted(state.deck + [c for h in state.hands.values() for c in h])
    played = 9 - len(cards)
    assert len(set(cards)) == len(cards), "a card is in two places"
    assert played >= 0 and set(cards) <= set(range(1, 10)), "a card that is not in the deck"
    assert all(score >= 0 for score in state.scores.values()), "a negative score"
    assert _over(state) == (state.flow.top() is None), (
        "a decision pending in a finished game, or none in a running one"
    )
    assert len(state.flow) <= 2, "only a challenge suspends a turn"


_VERBS = ("bank", "roll", "challenge", "pass", "accept", "refuse")
_PLAY0 = len(_VERBS) - 1  # play N is index _PLAY0 + N (N = 1..9)
_WAGER0 = _PLAY0 + 10  # wager N is index _WAGER0 + N (N = 0..2)


class TallyEncoding:
    """Tally's fixed encoding (``GamePlugin.encoding``): 18 actions (the six verbs, ``play 1-9``,
    ``wager 0-2``) and an observation built from the seat's own view."""

    def size(self, options: Mapping[str, JSON]) -> int:
        return _WAGER0 + len(WAGERS)

    def encode(self, state: TallyState, seat: Seat, action: Act) -> int:
        if action.verb == "play":
            return _PLAY0 + action.n
        if action.verb == "wager":
            return _WAGER0 + action.n
        return _VERBS.index(action.verb)

    def _act(self, index: int) -> Act:
        if _WAGER0 <= index < _WAGER0 + len(WAGERS):
            return Act("wager", index - _WAGER0)
        if _PLAY0 < index < _WAGER0:
            return Act("play", index - _PLAY0)
        if 0 <= index < len(_VERBS):
            return Act(_VERBS[index])
        raise ValueError(f"no Tally action has index {index}")

    def decode(self, state: TallyState, seat: Seat, index: int) -> Act:
        action = self._act(index)
        if action not in TALLY.legal_actions(state, seat):
            raise ValueError(f"index {index} ({TALLY.notation(action)}) is not legal for {seat}")
        return action

    def legal_indices(self, state: TallyState, seat: Seat) -> list[int]:
        return [self.encode(state, seat, a) for a in TALLY.legal_actions(state, seat)]

    def observation_fields(self, options: Mapping[str, JSON]) -> Sequence[ObservationField]:
        n = int(options.get("seats", 2))
        return (
            ObservationField("me", n, "1 for the observing seat, in seat order"),
            ObservationField("round", 1, "the round (§3)"),
            ObservationField("scores", n, "every seat's score"),
            ObservationField("to_act", n, "1 for each seat still to decide"),
            ObservationField("hand", 9, "how many of each card 1-9 the seat holds"),
            ObservationField("hand_sizes", n, "every seat's number of cards"),
            ObservationField("deck", 1, "cards left in the deck"),
            ObservationField("wagering", 1, "1 while the sealed wager of §4 is open"),
            ObservationField("wagered", n, "1 for each seat that has wagered (not what)"),
            ObservationField("my_wager", 4, "the seat's own sealed wager: none, 0, 1 or 2"),
        )

    def observe(self, state: TallyState, seat: Seat) -> list[float]:
        view = TALLY.view(state, seat)  # only what the seat may see
        seats = state.seats
        out: list[float] = [float(s == seat) for s in seats]
        out.append(float(view["round"]))
        out += [float(view["scores"][s]) for s in seats]
        out += [float(s in view["to_act"]) for s in seats]
        hand = view["hand"] or []
        out += [float(hand.count(card)) for card in range(1, 10)]
        out += [float(view["hand_sizes"][s]) for s in seats]
        out.append(float(view["deck_size"]))
        out.append(float(view["wagering"]))
        out += [float(s in view["wagered"]) for s in seats]
        mine = view["my_wager"]
        out += [float(mine is None), *(float(mine == w) for w in WAGERS)]
        return out


ENCODING: Encoding = TallyEncoding()


PLUGIN = GamePlugin(
    game=TALLY,
    title={"en": "Tally (test double)"},
    summary={"en": "A small dice-and-cards game for the platform's own tests."},
    min_players=2,
    max_players=3,
    options=SCHEMA,
    seats=lambda options: ALL_SEATS[: int(options.get("seats", 2))],
    seat_names=lambda options: {"N": {"en": "North"}, "S": {"en": "South"}, "E": {"en": "East"}},
    evaluation=Evaluation(
        values=lambda state: {s: float(v) for s, v in state.scores.items()}, value_scale=3.0
    ),
    determinize=determinize,
    # What a seat knows is its view (Tally's views are Markov: no hidden history matters).
    info_key=lambda state, seat: canonical_json(TALLY.view(state, seat)),
    invariants=invariants,
    option_sets=({}, {"seats": 3}, {"wagers": True, "seats": 3}),
    encoding=ENCODING,
)


class BareTally(Tally):
    """Tally under another id, for a plug-in that declares nothing beyond its rules."""

    id = "tally-bare"
    title = "Tally without capabilities (test double)"


BARE_PLUGIN = GamePlugin(
    game=BareTally(),
    title={"en": "Tally without capabilities (test double)"},
    min_players=2,
    max_players=3,
    options=SCHEMA,
    seats=lambda options: ALL_SEATS[: int(options.get("seats", 2))],
)
"""No evaluation, no determinizer, no screens: what the platform's fallbacks must handle."""
