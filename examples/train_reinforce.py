"""A policy that learns one seat of a realpolitik game against bots: masked REINFORCE in numpy.

The smallest honest example of the research adapters at work (docs/research.md): the Gymnasium
``SeatEnv`` gives the learner's observation and legal-action mask; the policy is a softmax over
the legal indices only, with logits ``bias[a] + features(obs) @ weights[:, a]``, where
``features`` is a fixed random projection of the observation to ``--features`` numbers (the
observation is thousands of numbers and ``N`` ten thousand actions: a full linear layer would not
fit an example). The update is REINFORCE with a running-mean baseline on the end reward (+1 for a
win, -1 otherwise, or the ``--reward`` mode), one game at a time.

It prints the learning curve (win rate and mean reward per block of games) and, with ``--plot``,
draws it with matplotlib. Evaluation is separate from training: every ``--eval-every`` games the
current policy plays ``--eval-games`` games on the same fixed seeds (sampling its actions with its
own fixed generator), so each point of the curve is the same test. (Greedy argmax play is not the
test: with all logits equal it always takes the lowest legal index, a fixed opening that already
beats random bots in La Belle Époque; a learner must beat the policy it starts as.)

    .venv/bin/python examples/train_reinforce.py --games 1500 --plot curve.png
    .venv/bin/python examples/train_reinforce.py --game europe-in-turmoil --seat L --games 600

It needs the research extra (``pip install -e '.[research]'``, also in the test extra).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from realpolitik.adapters.gymnasium import SeatEnv

Array = npt.NDArray[np.float64]


@dataclass
class Policy:
    """``softmax(bias[legal] + features(obs) @ weights[:, legal])`` over the legal indices."""

    actions: int
    observation: int
    features: int
    rng: np.random.Generator
    bias: Array = field(init=False)
    weights: Array = field(init=False)
    projection: Array = field(init=False)

    def __post_init__(self) -> None:
        self.bias = np.zeros(self.actions)
        self.weights = np.zeros((self.features, self.actions))
        # A fixed projection; observations hold raw counts (money in £, VP), hence the log.
        scale = 1.0 / np.sqrt(self.observation)
        self.projection = self.rng.normal(0.0, scale, (self.observation, self.features))

    def feature(self, observation: npt.NDArray[np.float32]) -> Array:
        return np.tanh(np.log1p(np.abs(observation.astype(np.float64))) @ self.projection)

    def probabilities(self, x: Array, legal: npt.NDArray[np.intp]) -> Array:
        logits = self.bias[legal] + x @ self.weights[:, legal]
        logits -= logits.max()
        p = np.exp(logits)
        result: Array = p / p.sum()
        return result


def play(
    env: SeatEnv, policy: Policy, seed: int, greedy: bool, rng: np.random.Generator
) -> tuple[float, list[Any]]:
    """One game: the end reward and the learner's decisions (features, legal, chosen position)."""
    obs, _info = env.reset(seed=seed)
    steps: list[Any] = []
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        x = policy.feature(obs["observation"])
        p = policy.probabilities(x, legal)
        k = int(np.argmax(p)) if greedy else int(rng.choice(len(legal), p=p))
        steps.append((x, legal, k, p))
        obs, reward, terminated, truncated, _info = env.step(int(legal[k]))
        if terminated or truncated:
            return float(reward), steps


def update(policy: Policy, steps: list[Any], advantage: float, rate: float) -> None:
    """REINFORCE: raise the log-probability of each chosen action by ``rate * advantage``."""
    for x, legal, k, p in steps:
        grad = -p
        grad[k] += 1.0  # d log softmax / d logits, on the legal indices only
        policy.bias[legal] += rate * advantage * grad
        policy.weights[:, legal] += rate * advantage * np.outer(x, grad)


def _wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * np.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="la-belle-epoque")
    parser.add_argument("--seat", default=None, help="the learner's seat (default: the game's first)")
    parser.add_argument("--opponents", default="random", help="bot spec for the other seats")
    parser.add_argument("--reward", default="win", choices=("win", "rank", "score"))
    parser.add_argument("--games", type=int, default=1500, help="training games")
    parser.add_argument("--features", type=int, default=32)
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    parser.add_argument("--eval-every", type=int, default=250)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default=None, help="draw the curve into this PNG file")
    args = parser.parse_args()

    env = SeatEnv(args.game, seat=args.seat, opponents=args.opponents, reward=args.reward)
    rng = np.random.default_rng(args.seed)
    policy = Policy(env.codec.size, env.codec.shape[0], args.features, rng)
    baseline = 0.0
    curve: list[tuple[int, float]] = []

    def evaluate(trained: int) -> None:
        # Fixed seeds far from the training ones and a fixed sampling generator: the same test
        # at every point of the curve.
        tester = np.random.default_rng(12345)
        results = [play(env, policy, 1_000_000 + g, False, tester)[0] for g in range(args.eval_games)]
        mean = float(np.mean(results))
        won = sum(1 for r in results if r > 0)
        low, high = _wilson(won, len(results))
        curve.append((trained, won / len(results)))
        print(
            f"after {trained:5d} games: won {won}/{len(results)} = {won / len(results):.1%} "
            f"[{low:.1%}, {high:.1%}], mean reward {mean:.3f}",
            flush=True,
        )

    started = time.perf_counter()
    print(f"{args.game}: learner {env.seat} against {args.opponents}; reward {args.reward}")
    evaluate(0)
    for game in range(1, args.games + 1):
        reward, steps = play(env, policy, args.seed * 1_000_003 + game, False, rng)
        update(policy, steps, reward - baseline, args.rate / max(1, len(steps)) * 10)
        baseline += 0.02 * (reward - baseline)
        if game % args.eval_every == 0:
            evaluate(game)
    print(f"{args.games} training games in {time.perf_counter() - started:.0f} s")
    if args.plot:
        import matplotlib  # noqa: PLC0415 (only when asked)

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415

        figure, axes = plt.subplots(figsize=(6, 3.5))
        axes.plot([c[0] for c in curve], [c[1] for c in curve], marker="o")
        axes.set_xlabel("training games")
        axes.set_ylabel("games won (evaluation)")
        axes.set_title(f"{args.game}: {env.seat} against {args.opponents} (masked REINFORCE)")
        axes.grid(alpha=0.3)
        figure.tight_layout()
        figure.savefig(args.plot, dpi=120)
        print(f"curve drawn in {args.plot}")


if __name__ == "__main__":
    main()
