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
    Evaluation,
    GamePlugin,
    LogEntry,
    NotationError,
    Option,
    OptionsSchema,
    Outcome,
    Refusal,
    Rng,
    ScenarioError,
    Seat,
    canonical_json,
)

ALL_SEATS = ("N", "S", "E")
ENDING = ("roll", "play", "challenge", "pass")
WAGERS = (0, 1, 2)


@dataclass(frozen=True, slots=True)
class Act:
    verb: str
    n: int = 0


class TallyState:
    __slots__ = (
        "banked",
        "challenger",
        "deck",
        "hands",
        "max_rounds",
        "reveals",
        "rng",
        "round",
        "scores",
        "seats",
        "target",
        "turn",
        "wagering",
        "wagers",
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
        self.turn = 0
        self.round = 1
        self.banked = 0
        self.challenger: Seat | None = None
        self.reveals = 0
        self.wagering = False
        """§4: a sealed wager is open (the seats not in ``wagers`` still have to choose)."""
        self.wagers: dict[Seat, int] = {}
        self.with_wagers = False


class Tally:
    id = "tally-double"
    title = "Tally (test double)"
    version = "1"

    def normalize_options(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        return {**SCHEMA.defaults(), **SCHEMA.check(options)}

    def setup(self, options: Mapping[str, JSON], seed: int, log: list[LogEntry] | None = None) -> TallyState:
        state = TallyState(
            ALL_SEATS[: options["seats"]], options["target"], options["rounds"], Rng.from_seed(seed)
        )
        state.deck = list(range(1, 10))
        state.rng.shuffle(state.deck)
        for seat in state.seats:
            state.hands[seat] = [state.deck.pop() for _ in range(3)]
        state.with_wagers = state.wagering = bool(options.get("wagers"))
        if log is not None:
            log.append(LogEntry("each seat draws 3 cards", "§1"))
        return state

    def seats(self, state: TallyState) -> tuple[Seat, ...]:
        return state.seats

    def _active(self, state: TallyState) -> Seat:
        return state.seats[state.turn]

    def to_act(self, state: TallyState) -> tuple[Seat, ...]:
        if self.outcome(state) is not None:
            return ()
        if state.wagering:
            return tuple(s for s in state.seats if s not in state.wagers)  # §4: all at once
        if state.challenger is not None:
            return (state.seats[(state.turn + 1) % len(state.seats)],)
        return (self._active(state),)

    def legal_actions(self, state: TallyState, seat: Seat) -> Sequence[Act]:
        if seat not in self.to_act(state):
            return []
        if state.wagering:
            return [Act("wager", n) for n in WAGERS]
        if state.challenger is not None:
            return [Act("accept"), Act("refuse")]
        actions = [Act("bank")] if state.banked < 2 else []
        actions += [Act("roll"), Act("challenge"), Act("pass")]
        actions += [Act("play", n) for n in sorted(set(state.hands[seat]))]
        return actions

    def explain_illegal(self, state: TallyState, seat: Seat, action: Act) -> Refusal:
        if seat not in self.to_act(state):
            return Refusal(f"it is not {seat}'s turn", "§2")
        if state.wagering:
            return Refusal("every seat first wagers 0, 1 or 2", "§4")
        if state.challenger is not None:
            return Refusal("answer the challenge: accept or refuse", "§2")
        if action.verb == "bank":
            return Refusal("a seat may bank at most twice a turn", "§2")
        if action.verb == "play":
            return Refusal(f"{seat} holds no {action.n} card", "§2")
        return Refusal(f"{action.verb} is only an answer to a challenge", "§2")

    def apply(self, state: TallyState, seat: Seat, action: Act, log: list[LogEntry] | None = None) -> None:
        verb = action.verb
        if verb == "wager":
            state.wagers[seat] = action.n
            if len(state.wagers) == len(state.seats):
                self._settle_wagers(state, log)
            return
        if verb == "bank":
            state.scores[seat] += 1
            state.banked += 1
            return
        if verb == "accept":
            assert state.challenger is not None
            state.scores[state.challenger] += 2
        elif verb == "refuse":
            state.scores[seat] = max(0, state.scores[seat] - 1)
        elif verb == "challenge":
            state.challenger = seat
            if log is not None:
                log.append(LogEntry(f"{seat} challenges", "§2", seat))
            return
        elif verb == "roll":
            value = state.rng.die()
            state.scores[seat] += value
            if log is not None:
                log.append(LogEntry(f"{seat} rolls {value}", "§2", seat))
        elif verb == "play":
            state.hands[seat].remove(action.n)
            state.scores[seat] += action.n
            state.reveals += 1
            if log is not None:
                log.append(LogEntry(f"{seat} plays {action.n}", "§2", seat))
        self._end_turn(state)

    def _settle_wagers(self, state: TallyState, log: list[LogEntry] | None) -> None:
        """§4: every wager is shown at once; each pays it; the single highest gains twice it."""
        state.reveals += 1
        for seat, wager in state.wagers.items():
            state.scores[seat] = max(0, state.scores[seat] - wager)
        top = max(state.wagers.values())
        leaders = [s for s, w in state.wagers.items() if w == top]
        if len(leaders) == 1 and top:
            state.scores[leaders[0]] += 2 * top
        if log is not None:
            shown = ", ".join(f"{s} {w}" for s, w in state.wagers.items())
            log.append(LogEntry(f"wagers: {shown}", "§4"))
        state.wagers = {}
        state.wagering = False

    def _end_turn(self, state: TallyState) -> None:
        state.challenger = None
        state.banked = 0
        state.turn += 1
        if state.turn == len(state.seats):
            state.turn = 0
            state.round += 1
            state.wagering = state.with_wagers and self.outcome(state) is None

    def checkpoint(self, state: TallyState) -> int:
        return state.rng.draws + state.reveals

    def rng(self, state: TallyState) -> Rng:
        return state.rng

    def outcome(self, state: TallyState) -> Outcome | None:
        best = max(state.scores.values())
        if best < state.target and state.round <= state.max_rounds:
            return None
        winners = tuple(s for s in state.seats if state.scores[s] == best)
        return Outcome(dict(state.scores), winners, f"{', '.join(winners)} win with {best}")

    def view(self, state: TallyState, seat: Seat | None) -> dict[str, JSON]:
        return {
            "round": state.round,
            "scores": dict(state.scores),
            "to_act": list(self.to_act(state)),
            "hand": list(state.hands[seat]) if seat in state.hands else None,
            "hand_sizes": {s: len(h) for s, h in state.hands.items()},
            "deck_size": len(state.deck),
            # §4: a sealed wager is seen only by the seat that made it; the others see who is done.
            "wagering": state.wagering,
            "wagered": sorted(state.wagers),
            "my_wager": state.wagers.get(seat) if seat is not None else None,
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
        twin.turn, twin.round, twin.banked = state.turn, state.round, state.banked
        twin.challenger, twin.reveals = state.challenger, state.reveals
        twin.wagering, twin.wagers, twin.with_wagers = state.wagering, dict(state.wagers), state.with_wagers
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
            "turn": state.turn,
            "round": state.round,
            "banked": state.banked,
            "challenger": state.challenger,
            "reveals": state.reveals,
            "wagering": state.wagering,
            "wagers": dict(state.wagers),
            "with_wagers": state.with_wagers,
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
                state.turn = state.seats.index(_seat(state, str(value)))
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
        Option("seats", "int", 2, "Seats", "How many seats play (§1).", choices=(2, 3), rule="§1"),
        Option("target", "int", 15, "Target", "The score that ends the game (§3).", minimum=1, maximum=99),
        Option("rounds", "int", 4, "Rounds", "The last round (§3).", minimum=1, maximum=20),
        Option("wagers", "bool", False, "Sealed wagers", "Every round opens with a sealed wager (§4)."),
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
    for s in hidden:
        if s in twin.wagers:
            twin.wagers[s] = WAGERS[rng.below(len(WAGERS))]
    twin.rng = Rng.from_seed(rng.below(2**31), stream=7)
    return twin


def invariants(state: TallyState) -> None:
    cards = sorted(state.deck + [c for h in state.hands.values() for c in h])
    played = 9 - len(cards)
    assert len(set(cards)) == len(cards), "a card is in two places"
    assert played >= 0 and set(cards) <= set(range(1, 10)), "a card that is not in the deck"
    assert all(score >= 0 for score in state.scores.values()), "a negative score"
    assert state.wagering or not state.wagers, "wagers left over after they were settled"


PLUGIN = GamePlugin(
    game=TALLY,
    title="Tally (test double)",
    summary="A small dice-and-cards game for the platform's own tests.",
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
)


class BareTally(Tally):
    """Tally under another id, for a plug-in that declares nothing beyond its rules."""

    id = "tally-bare"
    title = "Tally without capabilities (test double)"


BARE_PLUGIN = GamePlugin(
    game=BareTally(),
    title="Tally without capabilities (test double)",
    min_players=2,
    max_players=3,
    options=SCHEMA,
    seats=lambda options: ALL_SEATS[: int(options.get("seats", 2))],
)
"""No evaluation, no determinizer, no screens: what the platform's fallbacks must handle."""
