"""La Belle Époque's random playouts against a JavaScript anchor, side by side in one run (issue 21).

The anchor is Rally the Troops' public Pax Pamir module (``rules.js`` and its ``cards.js``), kept
outside this repository: pass the folder that holds them. Each side plays random games the way
its own engine's fuzzers do: the JavaScript side asks ``view(state, active)`` for the active
player's actions, picks one action and one of its arguments at random (never ``undo``) and calls
``action(state, active, action, arg)``; our side lists the legal actions, picks one and applies it
(``realpolitik.sim.bench.random_game``). Both are timed in CPU seconds of their own process,
alternately, for the same number of rounds; the best round of each is kept (a shared machine only
ever slows a round down) and the ratio printed. Both are timed warm: each round's node process
first plays ``--js-warmup`` games untimed (V8 compiles the hot functions while they run: timed
cold, 300 games ran at two thirds of the speed of 1,000), and our rounds share one process after
a few untimed games (the rules' memos of content and actions fill in the first games).

    # the anchor, e.g. from a checkout of https://github.com/rally-the-troops/pax-pamir
    .venv-compiled/bin/python bench/js_anchor.py --anchor /tmp/pax-pamir --rounds 3
    .venv/bin/python bench/js_anchor.py --anchor /tmp/pax-pamir    # the pure-Python build

Prints each side's actions/s and ours / theirs. Needs ``node`` on the PATH.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from realpolitik.engine import get_game
from realpolitik.sim.bench import build_of, random_game

RUNNER = r"""
"use strict"
// Random playouts of a Rally the Troops rules module: argv = folder, scenario, games, first seed,
// warm-up games (played first, untimed, so that the timed games run on compiled code).
const path = require("path")
const rules = require(path.resolve(process.argv[2], "rules.js"))
const scenario = process.argv[3]
const games = Number(process.argv[4])
const first = Number(process.argv[5])
const warmup = Number(process.argv[6] || 0)
let state_rng = 1234567
function pick(n) { state_rng = (state_rng * 48271) % 2147483647; return state_rng % n }
function play(seed) {
  let state = rules.setup(seed, scenario, {})
  let actions = 0
  for (let step = 0; step < 100000; step++) {
    if (state.state === "game_over") return [actions, 1]
    const active = state.active
    const view = rules.view(state, active)
    const choices = []
    for (const [name, arg] of Object.entries(view.actions || {})) {
      if (name === "undo") continue
      if (Array.isArray(arg)) { for (const a of arg) choices.push([name, a]) }
      else if (arg === 1 || arg === true) choices.push([name, undefined])
    }
    if (!choices.length) break
    const [name, arg] = choices[pick(choices.length)]
    state = rules.action(state, active, name, arg)
    actions++
  }
  return [actions, 0]
}
for (let g = 0; g < warmup; g++) play(first + games + g)
let actions = 0, ended = 0
const started = process.cpuUsage()
for (let g = 0; g < games; g++) {
  const [count, over] = play(first + g)
  actions += count
  ended += over
}
const used = process.cpuUsage(started)
process.stdout.write(JSON.stringify({ actions, ended, cpu: (used.user + used.system) / 1e6 }))
"""


def javascript_round(
    node: str, anchor: Path, runner: Path, *, scenario: str, games: int, seed: int, warmup: int
) -> dict[str, float]:
    done = subprocess.run(
        [node, str(runner), str(anchor), scenario, str(games), str(seed), str(warmup)],
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def python_round(games: int, seed: int) -> tuple[int, float]:
    game = get_game("la-belle-epoque")
    options = game.normalize_options({})
    started = time.process_time()
    actions = 0
    for g in range(games):
        _, count = random_game(game, options, seed + g)
        actions += count
    return actions, time.process_time() - started


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--anchor", type=Path, required=True, help="folder with Pax Pamir's rules.js and cards.js"
    )
    parser.add_argument(
        "--scenario", default="4P", help="the anchor's scenario (default 4P, like LBE's 4 Powers)"
    )
    parser.add_argument("--js-games", type=int, default=200, help="anchor games a round (default 200)")
    parser.add_argument("--games", type=int, default=60, help="La Belle Époque games a round (default 60)")
    parser.add_argument(
        "--js-warmup",
        type=int,
        default=100,
        help="anchor games played untimed before each round's timed ones (default 100; 0 times them cold)",
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        print("node is not on the PATH", file=sys.stderr)
        return 2
    if not (args.anchor / "rules.js").is_file():
        print(f"no rules.js in {args.anchor}", file=sys.stderr)
        return 2
    ours: list[float] = []
    theirs: list[float] = []
    python_round(5, args.seed + args.games)  # warm-up, untimed
    with tempfile.TemporaryDirectory() as folder:
        runner = Path(folder) / "runner.js"
        runner.write_text(RUNNER, encoding="utf-8")
        for _ in range(args.rounds):
            js = javascript_round(
                node,
                args.anchor,
                runner,
                scenario=args.scenario,
                games=args.js_games,
                seed=args.seed,
                warmup=args.js_warmup,
            )
            theirs.append(js["actions"] / js["cpu"])
            actions, cpu = python_round(args.games, args.seed)
            ours.append(actions / cpu)
            print(
                f"round: anchor {js['actions']:,.0f} actions in {js['cpu']:.2f} s CPU "
                f"({js['ended']:.0f}/{args.js_games} games ended); "
                f"La Belle Époque {actions:,} actions in {cpu:.2f} s CPU",
                flush=True,
            )
    best_ours, best_theirs = max(ours), max(theirs)
    build = build_of(get_game("la-belle-epoque"))
    print(
        f"La Belle Époque random playouts ({build}): {best_ours:,.0f} actions/s (CPU, best of {args.rounds})"
    )
    print(f"Pax Pamir, Rally the Troops rules.js (node {node_version(node)}): {best_theirs:,.0f} actions/s")
    print(f"ratio ours / anchor: {best_ours / best_theirs:.2f}x")
    return 0


def node_version(node: str) -> str:
    return subprocess.run([node, "--version"], capture_output=True, text=True, check=False).stdout.strip()


if __name__ == "__main__":
    raise SystemExit(main())
