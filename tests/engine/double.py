"""A small game double for the engine's own tests ("Tally"); it lives only under tests/.

Rules of Tally (sections are the double's own, so refusals can cite one):

* §1 Two or three seats (N, S, E) each hold 3 cards from a shuffled deck of 1..9 (hidden).
* §2 On its turn a seat may ``bank`` (+1 point, at most twice a turn, the turn goes on), then ends
  the turn with one of: ``roll`` (+d6), ``play N`` (reveal a card N from its hand, +N),
  ``challenge`` (the next seat must ``accept``, giving the challenger +2, or ``refuse``, losing 1
  point, never below 0), or ``pass``.
* §3 The game ends when a seat reaches the target or after the last round; the highest score wins,
  ties share the win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from realpolitik.engine import (
    JSON,
    LogEntry,
    NotationError,
    OptionsError,
    Outcome,
    Refusal,
    Rng,
    ScenarioError,
    Seat,
)

ALL_SEATS = ("N", "S", "E")
ENDING = ("roll", "play", "challenge", "pass")


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


class Tally:
    id = "tally-double"
    title = "Tally (test double)"
    version = "1"

    def normalize_options(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        unknown = set(options) - {"seats", "target", "rounds"}
        if unknown:
            raise OptionsError(f"unknown option(s): {', '.join(sorted(unknown))}")
        seats = options.get("seats", 2)
        if seats not in (2, 3):
            raise OptionsError("seats must be 2 or 3")
        return {
            "seats": seats,
            "target": int(options.get("target", 15)),
            "rounds": int(options.get("rounds", 4)),
        }

    def setup(self, options: Mapping[str, JSON], seed: int, log: list[LogEntry] | None = None) -> TallyState:
        state = TallyState(
            ALL_SEATS[: options["seats"]], options["target"], options["rounds"], Rng.from_seed(seed)
        )
        state.deck = list(range(1, 10))
        state.rng.shuffle(state.deck)
        for seat in state.seats:
            state.hands[seat] = [state.deck.pop() for _ in range(3)]
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
        if state.challenger is not None:
            return (state.seats[(state.turn + 1) % len(state.seats)],)
        return (self._active(state),)

    def legal_actions(self, state: TallyState, seat: Seat) -> Sequence[Act]:
        if seat not in self.to_act(state):
            return []
        if state.challenger is not None:
            return [Act("accept"), Act("refuse")]
        actions = [Act("bank")] if state.banked < 2 else []
        actions += [Act("roll"), Act("challenge"), Act("pass")]
        actions += [Act("play", n) for n in sorted(set(state.hands[seat]))]
        return actions

    def explain_illegal(self, state: TallyState, seat: Seat, action: Act) -> Refusal:
        if seat not in self.to_act(state):
            return Refusal(f"it is not {seat}'s turn", "§2")
        if state.challenger is not None:
            return Refusal("answer the challenge: accept or refuse", "§2")
        if action.verb == "bank":
            return Refusal("a seat may bank at most twice a turn", "§2")
        if action.verb == "play":
            return Refusal(f"{seat} holds no {action.n} card", "§2")
        return Refusal(f"{action.verb} is only an answer to a challenge", "§2")

    def apply(self, state: TallyState, seat: Seat, action: Act, log: list[LogEntry] | None = None) -> None:
        verb = action.verb
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

    def _end_turn(self, state: TallyState) -> None:
        state.challenger = None
        state.banked = 0
        state.turn += 1
        if state.turn == len(state.seats):
            state.turn = 0
            state.round += 1

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
        }

    def notation(self, action: Act) -> str:
        return f"play {action.n}" if action.verb == "play" else action.verb

    def parse_action(self, text: str) -> Act:
        words = text.split()
        if not words:
            raise NotationError(text, "empty action")
        verb = words[0].lower()
        if verb == "play":
            if len(words) != 2 or not words[1].isdigit():
                raise NotationError(text, "write play N, e.g. play 3")
            return Act("play", int(words[1]))
        if verb in ("bank", "roll", "challenge", "pass", "accept", "refuse") and len(words) == 1:
            return Act(verb)
        raise NotationError(text, "unknown action (bank, roll, play N, challenge, pass, accept, refuse)")

    def clone(self, state: TallyState) -> TallyState:
        twin = TallyState.__new__(TallyState)
        twin.seats, twin.target, twin.max_rounds = state.seats, state.target, state.max_rounds
        twin.rng = state.rng.clone()
        twin.deck = list(state.deck)
        twin.hands = {s: list(h) for s, h in state.hands.items()}
        twin.scores = dict(state.scores)
        twin.turn, twin.round, twin.banked = state.turn, state.round, state.banked
        twin.challenger, twin.reveals = state.challenger, state.reveals
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
