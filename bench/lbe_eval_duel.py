"""La Belle Époque: a duel of two settings of the heuristic bots' evaluation weights (issue 18).

Is a change to ``games/belle_epoque/ai/evaluation.py``'s weights a stronger bot? Each game seats
two heuristic bots with setting A and two with setting B, and every seed is played twice with the
settings swapped between the same seats (so each Power is held by A and by B on the same deal):
the pairs of seats turn from seed to seed ({GB, FR}, {GB, CE}, {GB, RU} against the rest). A setting
is a comma-separated list of the module's numeric constants, ``NAME=value`` (e.g.
``PARTIAL_LINEAR=0.45,PARTIAL_SQUARE=0.15``); an empty string is the shipped weights.

A bot sets its weights on the evaluation module for the time of its own decision and restores them
after, with its own memo of territory and objective terms (the memo keys do not hold the weights).
That works on the compiled build too: the weights are module globals, not ``Final``. It is a bench
tool for tuning the bots, not a way to run them.

Prints A's share of the wins (ties shared; 50% is parity) with its 95% Wilson interval, and the
mean final VP of A's and B's seats, overall and by Power. Figures only, no assertions::

    .venv-compiled/bin/python bench/lbe_eval_duel.py --games 120 --seed 301000 \\
        --a PARTIAL_LINEAR=0.45,PARTIAL_SQUARE=0.15 --workers 2
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections import defaultdict
from typing import Any

from realpolitik.bots.heuristic import HeuristicBot
from realpolitik.engine import Game, get_game
from realpolitik.games.belle_epoque.ai import evaluation
from realpolitik.sim.play import bot_seed
from realpolitik.sim.stats import fmt_rate, mean, win_shares

PATTERNS = (("AABB", "BBAA"), ("ABAB", "BABA"), ("ABBA", "BAAB"))
"""Seat patterns in the game's seat order (GB, FR, CE, RU), each seed played with both of a pair."""


def parse_setting(text: str) -> dict[str, float]:
    """``NAME=value,...`` -> the weights; each name must be a numeric constant of the module."""
    setting: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        current = getattr(evaluation, name, None)
        if not name.isupper() or not isinstance(current, int | float):
            raise SystemExit(f"{name!r} is not a numeric weight of {evaluation.__name__}")
        setting[name] = float(value)
    return setting


class WeightedBot(HeuristicBot):
    """The heuristic bot deciding with its own evaluation weights and its own memo."""

    def __init__(self, seed: int, setting: dict[str, float]) -> None:
        super().__init__(seed)
        self.setting = setting
        self.memos: dict[int, Any] = {}

    def choose(self, game: Game[Any, Any], state: Any, seat: str) -> Any:
        saved = {name: getattr(evaluation, name) for name in self.setting}
        saved_memos = evaluation._MEMOS
        for name, value in self.setting.items():
            setattr(evaluation, name, value)
        evaluation._MEMOS = self.memos
        try:
            return super().choose(game, state, seat)
        finally:
            for name, value in saved.items():
                setattr(evaluation, name, value)
            evaluation._MEMOS = saved_memos


Job = tuple[int, str, dict[str, float], dict[str, float]]


def play(job: Job) -> tuple[str, list[str], dict[str, int], list[str]]:
    seed, pattern, setting_a, setting_b = job
    game = get_game("la-belle-epoque")
    state = game.setup(game.normalize_options({}), seed)
    seats = list(game.seats(state))
    bots = {
        seat: WeightedBot(bot_seed(seed, i), setting_a if pattern[i] == "A" else setting_b)
        for i, seat in enumerate(seats)
    }
    while acting := game.to_act(state):
        seat = acting[0]
        game.apply(state, seat, bots[seat].choose(game, state, seat), None)
    outcome = game.outcome(state)
    assert outcome is not None
    return pattern, list(outcome.winners), dict(state.final["scores"]), seats


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--a", required=True, help="setting A: NAME=value,...")
    parser.add_argument("--b", default="", help="setting B (default: the shipped weights)")
    parser.add_argument("--games", type=int, default=120, help="games (two a seed)")
    parser.add_argument("--seed", type=int, default=300000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    setting_a, setting_b = parse_setting(args.a), parse_setting(args.b)
    jobs: list[Job] = [
        (args.seed + k, pattern, setting_a, setting_b)
        for k in range(max(1, args.games // 2))
        for pattern in PATTERNS[k % len(PATTERNS)]
    ]
    wins_a = 0.0
    vp: dict[str, list[int]] = defaultdict(list)
    by_power: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    context = multiprocessing.get_context("spawn")
    with context.Pool(args.workers) as pool:
        for pattern, winners, scores, seats in pool.imap_unordered(play, jobs):
            for i, seat in enumerate(seats):
                side = pattern[i]
                share = win_shares(winners).get(seat, 0.0)
                if side == "A":
                    wins_a += share
                vp[side].append(scores[seat])
                row = by_power[seat, side]
                row[0] += share
                row[1] += scores[seat]
                row[2] += 1
    n = len(jobs)
    last = args.seed + n // 2 - 1
    print(f"A = {args.a or 'shipped'}; B = {args.b or 'shipped'}; {n} games, seeds {args.seed}-{last}")
    print(f"A's share of the wins: {fmt_rate(wins_a, n)} (95% Wilson interval; parity 50%)")
    print(f"mean final VP: A {mean(vp['A']):.1f}, B {mean(vp['B']):.1f}")
    for seat in sorted({s for s, _ in by_power}):
        cells = []
        for side in "AB":
            wins, total, count = by_power[seat, side]
            cells.append(f"{side} {100 * wins / count:.0f}% {total / count:.1f} VP")
        print(f"  {seat}: " + ", ".join(cells))


if __name__ == "__main__":
    main()
