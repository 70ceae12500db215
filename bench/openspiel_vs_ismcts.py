"""OpenSpiel's ISMCTS against realpolitik's own, at equal iterations (issue 21).

Both searches play La Belle Époque (four Powers) through the same rules: OpenSpiel's
``ISMCTSBot`` on the game as a ``pyspiel`` game (``realpolitik.adapters.openspiel``: its
determinizer resamples the hidden information, its information-state strings key the tree), and
realpolitik's ``ismcts`` bot on the game directly. So that the comparison is of the searches and
not of what they know, both judge a leaf with the same function: the game's evaluation, each
seat's projected score against the best rival, squashed into 0..1 the way realpolitik's ISMCTS does
it (OpenSpiel's evaluator gets those values as returns; its prior uniform, or with ``--prior
heuristic`` the heuristic bot's one-ply scores as realpolitik's root has them). Each game seats
two Powers per search; the next game swaps them, so each search plays every Power as often.

    .venv-compiled/bin/python bench/openspiel_vs_ismcts.py --games 20 --iterations 100

Prints each game's result as it ends, then the seat-games each search won (shared wins split),
with a 95% Wilson interval against the fair 50% (two Powers each), and the seconds a decision.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from realpolitik.adapters.openspiel import load
from realpolitik.bots import make_bot
from realpolitik.bots.heuristic import HeuristicBot
from realpolitik.bots.hooks import against_rivals, hooks_for
from realpolitik.sim.stats import wilson

SEATS = ("GB", "FR", "CE", "RU")


class RulesEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """A leaf judged by the game's evaluation, as realpolitik's ISMCTS judges one (target: the
    leader); the prior uniform, or (``heuristic``) the heuristic bot's one-ply scores turned into
    probabilities, the prior realpolitik's ISMCTS gives its root (then OpenSpiel selects by PUCT)."""

    def __init__(self, spiel_game: Any, prior: str = "uniform", seed: int = 0) -> None:
        self.spiel_game = spiel_game
        self.heuristic = HeuristicBot(seed, samples=1) if prior == "heuristic" else None

    def evaluate(self, state: Any) -> Any:
        if state.is_terminal():
            return np.asarray(state.returns(), dtype=float)
        world = state.rp_state
        seats = self.spiel_game.seats
        hooks = hooks_for(self.spiel_game.game_plugin.game)
        assert hooks.values is not None
        table = hooks.values(world)
        scale = hooks.value_scale
        # 0..1 per seat as realpolitik's leaf, then spread to -1..1 like OpenSpiel's returns.
        return np.asarray(
            [2.0 / (1.0 + math.exp(-against_rivals(table, s, "leader") / scale)) - 1.0 for s in seats]
        )

    def prior(self, state: Any) -> list[tuple[int, float]]:
        player = state.current_player()
        legal = state.legal_actions(player)
        if self.heuristic is None or len(legal) < 2:
            return [(a, 1.0 / len(legal)) for a in legal]
        seat = self.spiel_game.seats[player]
        world = state.rp_state
        game = self.spiel_game.game_plugin.game
        hooks = hooks_for(game)
        listed = self.spiel_game.codec.legal(world, seat)
        actions = [listed.action(a) for a in legal]
        scores = self.heuristic.scores(game, hooks, world, seat, actions)
        top = max(scores)
        # As realpolitik's root prior: a value scale below the best costs about a quarter reward.
        weights = [math.exp(4.0 * 0.25 * (x - top) / hooks.value_scale) for x in scores]
        total = sum(weights)
        return [(a, w / total) for a, w in zip(legal, weights, strict=True)]


def play(
    game_index: int, iterations: int, seed: int, prior: str
) -> tuple[dict[str, str], dict[str, float], dict[str, int], dict[str, list[float]]]:
    """One game: which search holds which Power, each Power's share of the win, its VP, and the
    seconds each search spent a decision."""
    spiel_game = load("la-belle-epoque", {}, seed=seed + game_index, reward="win")
    state = spiel_game.new_initial_state()
    ours_first = game_index % 2 == 0
    holders = {s: ("realpolitik" if (i % 2 == 0) == ours_first else "openspiel") for i, s in enumerate(SEATS)}
    rng = np.random.RandomState(seed + game_index)
    policy = ismcts.ChildSelectionPolicy.PUCT if prior == "heuristic" else ismcts.ChildSelectionPolicy.UCT
    theirs = ismcts.ISMCTSBot(
        spiel_game,
        RulesEvaluator(spiel_game, prior, seed + game_index),
        2.0,
        iterations,
        random_state=rng,
        child_selection_policy=policy,
    )

    ours = {
        s: make_bot(f"ismcts:iterations={iterations}:seconds=600", seed * 1000 + game_index * 10 + i)
        for i, s in enumerate(SEATS)
    }
    game = spiel_game.game_plugin.game
    seats = spiel_game.seats
    spent: dict[str, list[float]] = {"realpolitik": [], "openspiel": []}
    while not state.is_terminal():
        seat = seats[state.current_player()]
        tick = time.process_time()
        if holders[seat] == "openspiel":
            action = theirs.step(state)
        else:
            chosen = ours[seat].choose(game, state.rp_state, seat)
            action = spiel_game.codec.encode(state.rp_state, seat, chosen)
        spent[holders[seat]].append(time.process_time() - tick)
        state.apply_action(action)
    outcome = game.outcome(state.rp_state)
    assert outcome is not None
    share = {s: (1.0 / len(outcome.winners) if s in outcome.winners else 0.0) for s in SEATS}
    return holders, share, dict(outcome.scores), spent


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument(
        "--prior",
        choices=("uniform", "heuristic"),
        default="uniform",
        help="OpenSpiel's prior: uniform (UCT), or the heuristic's scores (PUCT)",
    )
    args = parser.parse_args()
    wins = {"realpolitik": 0.0, "openspiel": 0.0}
    seconds: dict[str, list[float]] = {"realpolitik": [], "openspiel": []}
    for g in range(args.games):
        holders, share, scores, spent = play(g, args.iterations, args.seed, args.prior)
        for seat, who in holders.items():
            wins[who] += share[seat]  # a shared win is split
        for who, values in spent.items():
            seconds[who].extend(values)
        line = ", ".join(f"{s} {holders[s]} {scores[s]} VP{' (won)' if share[s] else ''}" for s in SEATS)
        print(f"game {g + 1}: {line}", flush=True)
    print(
        f"\n{args.games} games, {args.iterations} iterations a decision for both, seed {args.seed}, "
        f"OpenSpiel's prior {args.prior}"
    )
    for who in ("realpolitik", "openspiel"):
        low, high = wilson(wins[who], args.games)
        per = sum(seconds[who]) / len(seconds[who]) if seconds[who] else 0.0
        print(
            f"{who:12} won {wins[who]:.1f} of {args.games} games ({100 * wins[who] / args.games:.1f}%, "
            f"95% [{100 * low:.1f}, {100 * high:.1f}]; fair 50%: two Powers each), {per:.3f} s CPU a decision"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
