"""Clocks: the time a person may take to decide, for every game (issue 19).

A game may be created with a clock (``"clock": {"pace": "live"}`` in ``POST /api/games``). Each
seat held by a person then has a **bank** of seconds:

* it starts at ``initial``;
* while the seat must decide (it is in ``to_act``) the bank runs down; in a simultaneous decision
  every seat still to answer runs at once;
* each time the seat's decision ends (it leaves ``to_act``: its last action of that decision is
  played) ``per_move`` seconds are added, up to ``cap``;
* when the bank of a seat deciding reaches zero, the person **times out**, and the rule chosen at
  creation applies (``on_timeout``):

  - ``bot``: every seat of that person is handed to the default bot, as a resignation is, and the
    game goes on (the seat event ``timeout``);
  - ``forfeit``: the same, and the person has **forfeited**: once the game is over, the standings
    rank their seats last, below every seat that did not forfeit, whatever their score (the seat
    event ``forfeited``).

The paces are those of online board-game sites: ``live`` (a sitting), ``fast`` (several moves a
day) and ``slow`` (a move a day), or ``custom`` with the three numbers.

**The clock is derived, never stored.** The banks follow from the game's record alone: the time
each action was stored (``actions.at``), the time the game was created, and who had to decide
between two actions (replaying the moves). Every process serving the game computes the same banks,
a restart loses nothing, and an undo gives back no time: the decision it reopens started when the
last remaining action was stored. Seats played by a bot or an automaton are never timed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ..engine import JSON, Outcome, Seat

OnTimeout = Literal["bot", "forfeit"]

MIN_SECONDS = 10.0
"""The shortest bank or increment a clock may give (a custom clock below it could not be played)."""
MAX_SECONDS = 30 * 24 * 3600.0
"""The longest: thirty days."""


@dataclass(frozen=True, slots=True)
class ClockRule:
    """A game's time control, chosen at creation."""

    pace: str
    initial: float
    """Seconds each person's seat has before its first decision."""
    per_move: float
    """Seconds added each time one of the seat's decisions ends."""
    cap: float
    """The most a bank may hold."""
    on_timeout: OnTimeout

    def to_json(self) -> dict[str, JSON]:
        return {
            "pace": self.pace,
            "initial": self.initial,
            "per_move": self.per_move,
            "cap": self.cap,
            "on_timeout": self.on_timeout,
        }


PACES: dict[str, tuple[float, float, float]] = {
    # pace: (initial, per_move, cap), in seconds
    "live": (10 * 60.0, 60.0, 20 * 60.0),
    "fast": (8 * 3600.0, 2 * 3600.0, 24 * 3600.0),
    "slow": (3 * 24 * 3600.0, 24 * 3600.0, 5 * 24 * 3600.0),
}
"""``live``: ten minutes, a minute more a decision, twenty at most (a game in one sitting);
``fast``: eight hours, two more a decision, a day at most; ``slow``: three days, a day more a
decision, five at most (a move a day)."""


class ClockError(ValueError):
    """A clock request that cannot be honoured; the message says why."""


def check_clock(raw: Mapping[str, Any] | None, minimum: float = MIN_SECONDS) -> ClockRule | None:
    """The clock a creation request asks for (``None``: no clock), or :class:`ClockError`.

    ``{"pace": "live" | "fast" | "slow"}`` takes the pace's numbers; ``{"pace": "custom",
    "initial": s, "per_move": s, "cap": s}`` gives them; ``on_timeout`` is ``"bot"`` (the default)
    or ``"forfeit"``. ``{"pace": "none"}`` is no clock. ``minimum``: the shortest number a custom
    clock may give (``Settings.clock_minimum``)."""
    if raw is None:
        return None
    known = {"pace", "initial", "per_move", "cap", "on_timeout"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ClockError(f"clock: unknown field {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    pace = raw.get("pace", "live")
    if not isinstance(pace, str):
        raise ClockError("clock: pace must be a word (live, fast, slow, custom or none)")
    if pace == "none":
        return None
    on_timeout = raw.get("on_timeout", "bot")
    if on_timeout not in ("bot", "forfeit"):
        raise ClockError(f"clock: on_timeout must be 'bot' or 'forfeit', not {on_timeout!r}")
    if pace in PACES:
        extra = sorted({"initial", "per_move", "cap"} & set(raw))
        if extra:
            raise ClockError(f"clock: the {pace!r} pace sets {', '.join(extra)} itself (use pace 'custom')")
        initial, per_move, cap = PACES[pace]
    elif pace == "custom":
        numbers = []
        for name in ("initial", "per_move", "cap"):
            value = raw.get(name)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ClockError(f"clock: a custom clock needs {name} in seconds (a number)")
            if not minimum <= value <= MAX_SECONDS:
                raise ClockError(
                    f"clock: {name} must lie between {minimum:g} seconds and 30 days, not {value:g}"
                )
            numbers.append(float(value))
        initial, per_move, cap = numbers
        if cap < initial:
            raise ClockError("clock: cap must be at least initial")
    else:
        raise ClockError(f"clock: pace must be one of {', '.join([*PACES, 'custom', 'none'])}, not {pace!r}")
    return ClockRule(str(pace), initial, per_move, cap, on_timeout)


def stored_rule(row: Mapping[str, Any] | None) -> ClockRule | None:
    """The rule as the database keeps it (``ClockRule.to_json()``, checked when the game was made)."""
    if row is None:
        return None
    on_timeout: OnTimeout = "forfeit" if row["on_timeout"] == "forfeit" else "bot"
    return ClockRule(
        str(row["pace"]), float(row["initial"]), float(row["per_move"]), float(row["cap"]), on_timeout
    )


@dataclass
class Clock:
    """Every seat's bank as the record stands: :meth:`start` at creation, then :meth:`advance`
    once per stored action with the seats that must decide after it."""

    rule: ClockRule
    timed: frozenset[Seat]
    """The seats a person holds (bots and automata are not timed)."""
    banks: dict[Seat, float] = field(default_factory=dict)
    since: dict[Seat, float] = field(default_factory=dict)
    """Seats deciding now -> when their decision began."""

    def start(self, at: float, deciding: Iterable[Seat]) -> None:
        self.banks = dict.fromkeys(self.timed, self.rule.initial)
        self.since = {seat: at for seat in deciding if seat in self.timed}

    def advance(self, at: float, deciding: Iterable[Seat]) -> None:
        """An action was stored at ``at``; ``deciding`` must decide after it."""
        now = {seat for seat in deciding if seat in self.timed}
        for seat, began in list(self.since.items()):
            self.banks[seat] -= max(0.0, at - began)
            del self.since[seat]
            if seat not in now:
                # The seat's decision ended: its increment, up to the cap.
                self.banks[seat] = min(self.rule.cap, self.banks[seat] + self.rule.per_move)
        for seat in now:
            self.since[seat] = at

    def untime(self, seats: Iterable[Seat]) -> None:
        """Seats handed to a bot are no longer timed."""
        gone = set(seats)
        self.timed = self.timed - gone
        for seat in gone:
            self.since.pop(seat, None)

    def remaining(self, now: float) -> dict[Seat, float]:
        """Every timed seat's bank at ``now`` (a deciding seat's runs down)."""
        return {
            seat: bank - (max(0.0, now - self.since[seat]) if seat in self.since else 0.0)
            for seat, bank in self.banks.items()
            if seat in self.timed
        }

    def expired(self, now: float) -> list[Seat]:
        """Deciding seats whose bank is spent."""
        left = self.remaining(now)
        return sorted(seat for seat in self.since if left.get(seat, 1.0) <= 0.0)

    def next_expiry(self, now: float) -> float | None:
        """Seconds until the first deciding seat runs out (``None``: nobody's clock runs)."""
        left = self.remaining(now)
        times = [left[seat] for seat in self.since if seat in left]
        return max(0.0, min(times)) if times else None

    def to_json(self, now: float) -> dict[str, JSON]:
        left = self.remaining(now)
        return {
            **self.rule.to_json(),
            "remaining": {seat: round(max(0.0, value), 1) for seat, value in sorted(left.items())},
            "running": sorted(self.since),
        }


def standings(outcome: Outcome, forfeited: Iterable[Seat]) -> dict[str, JSON]:
    """The final standings with forfeits applied: every seat with its score, best first, a seat
    that forfeited below every seat that did not (its score kept, for the record); the winners are
    the rules' winners unless they forfeited, else the best-scoring seats that did not."""
    lost = set(forfeited)
    order = sorted(outcome.scores, key=lambda seat: (seat in lost, -outcome.scores[seat]))
    winners = [seat for seat in outcome.winners if seat not in lost]
    if not winners:
        standing = [seat for seat in order if seat not in lost]
        best = max((outcome.scores[seat] for seat in standing), default=None)
        winners = [seat for seat in standing if outcome.scores[seat] == best]
    return {
        "order": [{"seat": seat, "score": outcome.scores[seat], "forfeited": seat in lost} for seat in order],
        "winners": winners,
    }
