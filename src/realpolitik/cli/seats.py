"""``--seats``: who plays each seat of a terminal game — a person, a bot by spec, or the game's own
automaton (its controller word, declared by the game's plug-in)."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import BotSpecError, make_bot
from ..engine import Match, RealpolitikError, Seat

DEFAULT_BOT = "random"


def choose(match: Match, seat: Seat, rng: random.Random) -> Any:
    """The ``random`` bot as it always played here: any legal action, uniformly, drawn from
    :func:`bot_rng`. Kept rather than :class:`realpolitik.bots.RandomBot` so that saved games and
    tests that predict its moves keep the same bot choices."""
    return rng.choice(list(match.legal_actions(seat)))


def bot_rng(match: Match, seat: Seat) -> random.Random:
    """The generator for one bot decision, derived from the seed and the position in the game
    (a string seed is hashed with SHA-512, stable across runs): a resumed or undone game makes the
    same bot choices again, and tests can predict them."""
    return random.Random(f"{match.seed}:{len(match.moves)}:{seat}")


def bot_seed(match: Match, seat: Seat) -> int:
    """The seed of a fresh :mod:`realpolitik.bots` bot for one decision: from the same position
    key as :func:`bot_rng`, so every bot repeats its choices after a resume or an undo."""
    return bot_rng(match, seat).getrandbits(32)


def bot_action(match: Match, seat: Seat, spec: str) -> Any:
    """The action the bot ``spec`` (``random``, ``heuristic``, ``ismcts:iterations=300`` ...)
    chooses for ``seat`` now. A fresh bot per decision: it keeps no memory that a resume would lose."""
    if spec == DEFAULT_BOT:
        return choose(match, seat, bot_rng(match, seat))
    return make_bot(spec, seed=bot_seed(match, seat)).choose(match.game, match.state, seat)


def check_bot(spec: str) -> str | None:
    """Why ``spec`` names no usable bot, or ``None``."""
    try:
        make_bot(spec, seed=0)
    except BotSpecError as error:
        return str(error)
    return None


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """Who plays a seat: a person at this terminal, a bot by spec, or the game's own automaton
    (``automaton`` is its controller word; such a seat never decides here: the game plays it inside
    its rules)."""

    human: bool
    bot: str = ""
    automaton: str = ""

    def __str__(self) -> str:
        if self.automaton:
            return self.automaton
        return "human" if self.human else f"bot:{self.bot}"


class SeatError(RealpolitikError):
    """A ``--seats`` value that cannot be used."""


def seat_format(keyword: str | None) -> str:
    return "write SEAT=human|bot[:SPEC]" + (f"|{keyword}" if keyword else "")


def _items(text: str) -> list[tuple[str, str, str]]:
    """``--seats`` as (item, seat as written, kind in lower case)."""
    out = []
    for item in text.split(","):
        key, sep, value = item.strip().partition("=")
        out.append((item.strip(), key.strip() if sep else "", value.strip().lower()))
    return out


def automaton_requested(text: str | None, seats: Sequence[Seat], keyword: str | None) -> list[Seat]:
    """The seats ``--seats`` gives to the game's automaton (``RU=np``), in seat order: they must be
    known before the game starts, since they are a game option. Without an automaton (``keyword``
    ``None``) nothing is requested; ``parse_seats`` then refuses the word."""
    if not text or not keyword:
        return []
    by_upper = {s.upper(): s for s in seats}
    wanted = set()
    for item, key, value in _items(text):
        if value != keyword:
            continue
        seat = by_upper.get(key.upper())
        if seat is None:
            raise SeatError(f"--seats {item!r}: {seat_format(keyword)}, SEAT one of {', '.join(seats)}")
        wanted.add(seat)
    return [s for s in seats if s in wanted]


def parse_seats(  # noqa: PLR0917 (the seat plan's inputs, in the order they are known)
    text: str | None,
    seats: Sequence[Seat],
    players: Sequence[tuple[Seat, ...]],
    automata: Collection[Seat] = (),
    keyword: str | None = None,
    default_bot: str = DEFAULT_BOT,
) -> dict[Seat, SeatPlan]:
    """The plan for every seat. ``automata``: the seats the game's automaton plays (controller word
    ``keyword``), which ``players`` leaves out. Without ``--seats`` the first player (one seat, or
    two in LBE's 2-player game) is human and the rest are ``default_bot`` bots (the terminal gives
    the heuristic one where a game has evaluation hooks); a seat left out takes the plan of another
    seat of the same player, else it is a ``default_bot``, and so is a bare ``bot``."""
    auto = SeatPlan(False, automaton=keyword or "")
    if not text:
        humans = set(players[0]) if players else {next(s for s in seats if s not in automata)}
        return {
            s: auto if s in automata else SeatPlan(True) if s in humans else SeatPlan(False, default_bot)
            for s in seats
        }
    by_upper = {s.upper(): s for s in seats}
    given: dict[Seat, SeatPlan] = {}
    for item, key, value in _items(text):
        seat = by_upper.get(key.upper()) if key else None
        if seat is None:
            raise SeatError(f"--seats {item!r}: {seat_format(keyword)}, SEAT one of {', '.join(seats)}")
        given[seat] = _plan(seat, value, keyword, default_bot)
        if bool(given[seat].automaton) != (seat in automata):
            raise SeatError(
                f"{seat}={value}: this game's {keyword} seats are {', '.join(automata) or 'none'} "
                "(a saved game keeps the ones it started with)"
            )
    plans: dict[Seat, SeatPlan] = {}
    for seat in seats:
        if seat in given:
            plans[seat] = given[seat]
            continue
        if seat in automata:
            plans[seat] = auto
            continue
        group = next((g for g in players if seat in g), (seat,))
        partner = next((given[s] for s in group if s in given), None)
        plans[seat] = partner or SeatPlan(False, default_bot)
    return plans


def _plan(seat: Seat, value: str, keyword: str | None, default_bot: str = DEFAULT_BOT) -> SeatPlan:
    if value in ("human", "h", "me", "you"):
        return SeatPlan(True)
    if keyword and value == keyword:
        return SeatPlan(False, automaton=keyword)
    if value != "bot" and not value.startswith("bot:"):
        also = f" or {keyword} (the game's automaton)" if keyword else ""
        raise SeatError(f"{seat}={value}: a seat is human, bot or bot:SPEC (e.g. bot:heuristic){also}")
    spec = value.partition(":")[2] or default_bot
    problem = check_bot(spec)
    if problem is not None:
        raise SeatError(f"{seat}={value}: {problem}")
    return SeatPlan(False, spec)
