"""La Belle Époque's random playouts, hashed: the evidence that a speed change plays the same games.

    .venv/bin/python bench/playout_identity.py [--scale 1]

Plays a fixed set of seeded random games (4, 3 and 2 players; Non-Player Russia; Non-Player
Central Empires and Russia; the Dreyfus Affair and the Intrigue promos), picking uniformly among
``legal_actions`` with the engine's seeded ``Rng`` as ``bench/profile_playouts.py`` does, and
prints one SHA-256 over each seat to act, the ``repr`` of each legal list, each log line, the
final scores and the serialised state every 101 actions; then a second SHA-256 of the same games
played without a log (seats, legal lists, states, scores). Both must be unchanged by a speed change, in
the pure and the compiled build alike.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from typing import Any

from realpolitik.engine import Rng, get_game

SNAPSHOT_EVERY = 101

# (options, first seed, games): about 120 games in all.
CONFIGS: tuple[tuple[dict[str, Any], int, int], ...] = (
    ({"players": 4}, 1000, 30),
    ({"players": 3}, 2000, 20),
    ({"players": 2}, 3000, 20),
    ({"np": ["RU"]}, 4000, 15),
    ({"np": ["CE", "RU"]}, 5000, 15),
    ({"players": 4, "dreyfus_affair": True, "intrigue_promos": True}, 6000, 20),
)


def play(options: dict[str, Any], seed: int, digest: Any, *, logged: bool) -> int:
    """One seeded random game fed into ``digest``; returns its number of actions."""
    game = get_game("la-belle-epoque")
    log: list[Any] | None = [] if logged else None
    state: Any = game.setup(game.normalize_options(options), seed, log)
    rng = Rng.from_seed(seed, stream=0xBE)
    seen = 0
    actions = 0
    while True:
        if log is not None:
            for entry in log[seen:]:
                digest.update(repr(entry).encode())
            seen = len(log)
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        digest.update(f"{seat}|{legal!r}".encode())
        game.apply(state, seat, legal[rng.below(len(legal))], log)
        actions += 1
        if actions % SNAPSHOT_EVERY == 0:
            digest.update(json.dumps(game.serialize(state), sort_keys=True, default=repr).encode())
    outcome = game.outcome(state)
    scores = None if outcome is None else sorted(outcome.scores.items())
    digest.update(f"end {actions} {scores!r}".encode())
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=int, default=1, help="games per configuration, times this")
    args = parser.parse_args()
    logged = hashlib.sha256()
    silent = hashlib.sha256()
    games = actions = silent_actions = 0
    for options, first, count in CONFIGS:
        for seed in range(first, first + count * args.scale):
            actions += play(options, seed, logged, logged=True)
            silent_actions += play(options, seed, silent, logged=False)
            games += 1
    print(f"{games} games, {actions} actions ({silent_actions} without a log)")
    print(f"with log:    {logged.hexdigest()}")
    print(f"without log: {silent.hexdigest()}")


if __name__ == "__main__":
    main()
