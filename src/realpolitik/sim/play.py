"""One game between bots, start to finish, as a plain result (what every simulation runs).

:func:`play_game` speaks only the engine protocol; a game's optional ``track``/``facts`` hooks
(:mod:`realpolitik.bots.hooks`) add the facts the reports need, such as who played first, and
``sudden_end`` (the name of what ended the game before its last turn, e.g. LBE's Sarajevo).

Seats the game's own automaton plays (the plug-in's ``automaton``, a game option) are no bot's:
the result names them under ``automata`` (seat -> the automaton's controller word) and leaves them
out of ``seats``. A game whose outcome carries a ``verdict`` in its details (LBE's solo bands,
§13.10: ``band``, ``name_en``, ``vp``, ``bonus``) has it copied into the result line.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import hooks_for, make_bot
from ..engine import JSON, Game, get_game, plugin, state_hash
from ..engine.match import Move
from ..engine.record import Record

MAX_ACTIONS = 100_000
"""A game that has not ended after this many actions is a bug in the rules, not a long game."""


@dataclass(frozen=True, slots=True)
class GameJob:
    """One game to play: the game, its options, its seed, and a bot spec for each seat (in the
    game's seat order)."""

    game: str
    seed: int
    bots: tuple[str, ...]
    options: Mapping[str, JSON] = field(default_factory=dict)
    index: int = 0
    """Position of the game in its batch."""
    record_dir: str | None = None
    """Write the game's record there (``game-<seed>.json``) when set."""
    invariants: bool = False
    """Run the game's ``invariants`` check (its plug-in hook) after every action; a broken
    invariant stops the batch with an ``AssertionError`` naming the game's seed and action."""


def bot_seed(game_seed: int, seat_index: int) -> int:
    """Each bot's own seed: fixed by the game's seed and its seat."""
    return (game_seed * 1_000_003 + seat_index * 7919 + 17) & 0xFFFF_FFFF


def play_game(job: GameJob) -> dict[str, JSON]:
    """Play ``job`` and return its result line (JSON-able)."""
    started = time.perf_counter()
    game: Game[Any, Any] = get_game(job.game)
    options = game.normalize_options(dict(job.options))
    state = game.setup(options, job.seed)
    seats = game.seats(state)
    if len(job.bots) != len(seats):
        raise ValueError(f"{len(job.bots)} bot(s) for {len(seats)} seat(s) ({', '.join(seats)})")
    bots = {
        seat: make_bot(spec, bot_seed(job.seed, i))
        for i, (seat, spec) in enumerate(zip(seats, job.bots, strict=True))
    }
    automaton = plugin(job.game).automaton
    automata: dict[str, str] = {}
    if automaton is not None:
        automata = dict.fromkeys(automaton.seats(options), automaton.keyword)
    hooks = hooks_for(game)
    check = plugin(job.game).invariants if job.invariants else None
    if job.invariants and check is None:
        raise ValueError(f"{job.game} has no invariants to check")
    seen: dict[str, Any] = {}
    moves: list[str] = []
    think = dict.fromkeys(seats, 0.0)
    count = 0
    while True:
        acting = game.to_act(state)
        if not acting:
            break
        # Seats deciding at once (a sealed bid) all choose on the same position, none seeing
        # another's answer; the answers are then applied in seat order.
        chosen = []
        for seat in acting:
            tick = time.perf_counter()
            chosen.append((seat, bots[seat].choose(game, state, seat)))
            think[seat] += time.perf_counter() - tick
        for seat, action in chosen:
            if job.record_dir is not None:
                moves.append(str(Move(seat, game.notation(action))))
            game.apply(state, seat, action, None)
            count += 1
            if check is not None:
                try:
                    check(state)
                except AssertionError as broken:
                    raise AssertionError(
                        f"{job.game} seed {job.seed}, action {count} ({seat} {game.notation(action)}): "
                        f"invariant broken: {broken}"
                    ) from broken
        if hooks.track is not None:
            hooks.track(state, seen)
        if count >= MAX_ACTIONS:
            raise RuntimeError(f"{job.game} seed {job.seed}: no end after {MAX_ACTIONS} actions")
    outcome = game.outcome(state)
    assert outcome is not None
    facts = hooks.facts(state, seen) if hooks.facts is not None else {}
    record_path = None
    if job.record_dir is not None:
        record_path = _save_record(game, options, job, moves, state)
    winners = list(outcome.winners)
    verdict = outcome.details.get("verdict")
    return {
        "index": job.index,
        "game": job.game,
        "seed": job.seed,
        "options": options,
        "seats": {seat: spec for seat, spec in zip(seats, job.bots, strict=True) if seat not in automata},
        "automata": automata,
        "scores": dict(outcome.scores),
        "winners": winners,
        "winner": winners[0] if len(winners) == 1 else None,
        "verdict": verdict if isinstance(verdict, dict) else None,
        "turns": facts.get("turns"),
        "first_player": facts.get("first_player"),
        "facts": {k: v for k, v in facts.items() if k not in ("turns", "first_player")},
        "actions": count,
        "invariants_checked": count if check is not None else 0,
        "seconds": round(time.perf_counter() - started, 4),
        "think_seconds": {seat: round(t, 4) for seat, t in think.items()},
        "record": record_path,
    }


def _save_record(
    game: Game[Any, Any], options: dict[str, Any], job: GameJob, moves: Sequence[str], state: Any
) -> str:
    folder = Path(job.record_dir or ".")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"game-{job.seed}.json"
    Record(
        game=game.id,
        game_version=game.version,
        options=options,
        seed=job.seed,
        actions=list(moves),
        final_hash=state_hash(game.serialize(state)),
    ).save(path)
    return str(path)
