"""Struggle of Empires games with the invariants checked after every action (issue 17).

``realpolitik simulate`` plays whole games but checks no invariants; the shared battery checks
them, but on a handful of random games. This plays ``--games`` seeded games (seeds ``--seed``,
``--seed + 1``, ...) with every seat the same bot (``random`` or ``heuristic``, each seat its own
seed as ``simulate`` gives it) and calls the plug-in's invariants (``rules/invariants.check``)
once after the setup and after every action. A crash (an exception from a bot, the legal list or
``apply``), a failed invariant or a game ending without an outcome is counted with its seed and
that game is abandoned; the others go on. It prints the games, actions, crashes, failed
invariants and seconds, then the win rates per empire and per seat position with their 95%
intervals (:mod:`realpolitik.games.struggle_of_empires.ai.balance`'s table).

    .venv-compiled/bin/python bench/soe_invariants.py --players 3 --games 200 --seats heuristic
    .venv/bin/python bench/soe_invariants.py --players 5 --games 1000 --seed 7 --seats random

One process; figures only, no assertions (docs/struggle-of-empires.md holds the runs).
"""

from __future__ import annotations

import argparse
import json
import time
import traceback
from collections.abc import Mapping
from typing import Any

from realpolitik.bots import make_bot
from realpolitik.cli.options import parse_options
from realpolitik.engine import JSON, get_game, plugin
from realpolitik.games.struggle_of_empires.ai.balance import report
from realpolitik.sim.bench import build_of
from realpolitik.sim.play import MAX_ACTIONS, bot_seed

GAME = "struggle-of-empires"


def play_checked(seed: int, spec: str, options: dict[str, JSON]) -> dict[str, Any]:
    """One game with the invariants after every action: its result line (as ``simulate``
    writes it) or, under ``problem``, what went wrong and where."""
    game: Any = get_game(GAME)
    check = plugin(GAME).invariants
    assert check is not None, "the plug-in declares its invariants"
    opts = game.normalize_options(dict(options))
    actions = 0
    stage = "setup"
    try:
        state = game.setup(opts, seed)
        seats = game.seats(state)
        bots = {seat: make_bot(spec, bot_seed(seed, i)) for i, seat in enumerate(seats)}
        stage = "invariant"
        check(state)
        while True:
            stage = "to_act"
            acting = game.to_act(state)
            if not acting:
                break
            # Seats deciding at once all choose on the same position (as sim/play.py does).
            stage = "choose"
            chosen = [(seat, bots[seat].choose(game, state, seat)) for seat in acting]
            for seat, action in chosen:
                stage = "apply"
                game.apply(state, seat, action, None)
                actions += 1
                stage = "invariant"
                check(state)
            if actions >= MAX_ACTIONS:
                return _problem(seed, actions, "no end", f"still going after {MAX_ACTIONS} actions")
    except AssertionError as error:
        if stage == "invariant":
            return _problem(seed, actions, "invariant", str(error))
        return _problem(seed, actions, "crash", f"{stage}: {traceback.format_exc(limit=3)}")
    except Exception:
        return _problem(seed, actions, "crash", f"{stage}: {traceback.format_exc(limit=3)}")
    outcome = game.outcome(state)
    if outcome is None:
        return _problem(seed, actions, "no result", "nobody is to act but the game has no outcome")
    return {
        "seed": seed,
        "actions": actions,
        "scores": dict(outcome.scores),
        "winners": list(outcome.winners),
        "first_player": state.first,
        "facts": {"revolutions": len((state.final or {}).get("revolution", []))},
    }


def _problem(seed: int, actions: int, kind: str, text: str) -> dict[str, Any]:
    return {"seed": seed, "actions": actions, "problem": kind, "text": text}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=4, help="2 to 7 (default 4)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument("--seats", choices=("random", "heuristic"), default="heuristic")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a further game option (JSON value), e.g. --option unrest_markers='\"valued\"'",
    )
    args = parser.parse_args()

    options: dict[str, JSON] = {"players": args.players, **parse_options(args.option)}
    started, cpu = time.perf_counter(), time.process_time()
    results: list[Mapping[str, Any]] = []
    problems: list[Mapping[str, Any]] = []
    for g in range(args.games):
        line = play_checked(args.seed + g, args.seats, options)
        if "problem" in line:
            problems.append(line)
        else:
            results.append(line)
    wall, spent = time.perf_counter() - started, time.process_time() - cpu

    actions = sum(r["actions"] for r in results) + sum(p["actions"] for p in problems)
    kinds = {
        k: sum(1 for p in problems if p["problem"] == k)
        for k in ("crash", "invariant", "no result", "no end")
    }
    print(
        f"{GAME}, {args.players} players, {args.seats} in every seat, seeds {args.seed}-"
        f"{args.seed + args.games - 1}, options {json.dumps(options)} ({build_of(get_game(GAME))})"
    )
    print(
        f"games {args.games}, ended with a result {len(results)}, actions {actions:,} "
        f"({actions / max(1, args.games):.0f} a game), crashes {kinds['crash']}, "
        f"failed invariants {kinds['invariant']}, no result {kinds['no result']}, "
        f"no end {kinds['no end']}"
    )
    print(f"seconds {wall:.1f} (CPU {spent:.1f}), {actions / max(spent, 1e-9):,.0f} actions per CPU second")
    for p in problems:
        print(f"  seed {p['seed']}, action {p['actions']}: {p['problem']}: {p['text'].strip()}")
    if results:
        print()
        print(report(results))


if __name__ == "__main__":
    main()
