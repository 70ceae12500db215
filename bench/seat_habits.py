"""La Belle Époque: what a bot does differently from its heuristic twin in one seat (issue 18).

``bench/seat_twins.py`` says whether a bot scores more or less than the heuristic bot would have
in the same seat on the same seed; this script says where the difference comes from. For each
seed it plays two games: the bot under test in one Power's seat and the heuristic bot in the
others, then the heuristic bot in every seat (the twin). Every bot has the seed
``realpolitik simulate`` gives it (``bot_seed``), so the twin is the game ``simulate --seats
heuristic`` plays. For the tested seat it prints the paired VP gain, the wins, the money left at
the end, the fleets and Armies bought, the final Prestige, the actions by kind a game and the
Sends and Sells by territory a game, side by side with the twin. Figures only, no assertions:

    .venv-compiled/bin/python bench/seat_habits.py --power GB --bot ismcts:iterations=300 \\
        --games 24 --seed 470000 --workers 2 --jsonl gb.jsonl
    .venv-compiled/bin/python bench/seat_habits.py --power GB --from-jsonl gb.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from realpolitik.bots import make_bot
from realpolitik.engine import get_game
from realpolitik.sim.play import bot_seed

sys.path.insert(0, str(Path(__file__).resolve().parent))
import seat_twins  # a sibling bench script: the paired statistics

FIELD = "heuristic"


def action_label(action: Any) -> str:
    """An action's kind, with the territory for a Send or a Sell."""
    kind = type(action).__name__
    territory = getattr(action, "territory", None)
    return f"{kind}:{territory}" if kind in ("Send", "Sell") and territory else kind


def play(job: tuple[int, str, str]) -> dict[str, Any]:
    """One game: ``spec`` in ``power``'s seat, the field's bot elsewhere."""
    seed, power, spec = job
    game: Any = get_game("la-belle-epoque")
    state = game.setup(game.normalize_options({}), seed)
    bots = {
        seat: make_bot(spec if seat == power else FIELD, bot_seed(seed, index))
        for index, seat in enumerate(game.seats(state))
    }
    actions: Counter[str] = Counter()
    while acting := game.to_act(state):
        chosen = [(seat, bots[seat].choose(game, state, seat)) for seat in acting]
        for seat, action in chosen:
            if seat == power:
                actions[action_label(action)] += 1
            game.apply(state, seat, action, None)
    outcome = game.outcome(state)
    me = state.powers[power]
    return {
        "seed": seed,
        "power": power,
        "spec": spec,
        "scores": dict(outcome.scores),
        "winners": list(outcome.winners),
        "actions": dict(actions),
        "money": me.money,
        "fleets": me.fleets_built,
        "armies": me.armies_built,
        "prestige": me.prestige,
    }


def mean_se(values: list[float]) -> str:
    """``seat_twins.mean_se`` as the report prints it."""
    mean, se = seat_twins.mean_se(values)
    return f"{mean:6.1f} ± {se:.1f}"


def report(rows: list[dict[str, Any]], power: str) -> None:
    tested = {r["seed"]: r for r in rows if r["spec"] != FIELD and r["power"] == power}
    twins = {r["seed"]: r for r in rows if r["spec"] == FIELD and r["power"] == power}
    pairs = [(tested[s], twins[s]) for s in sorted(tested) if s in twins]
    if not pairs:
        print("no paired games")
        return
    spec = pairs[0][0]["spec"]
    n = len(pairs)
    first, last = pairs[0][0]["seed"], pairs[-1][0]["seed"]
    print(f"{spec} as {power} against its heuristic twin: {n} paired games, seeds {first}-{last}")
    ours, theirs = [t["scores"][power] for t, _ in pairs], [h["scores"][power] for _, h in pairs]
    print(f"VP: {mean_se(ours)} against {mean_se(theirs)}")
    print(f"paired VP gain: {mean_se([a - b for a, b in zip(ours, theirs, strict=True)])}")
    wins = sum(power in t["winners"] for t, _ in pairs), sum(power in h["winners"] for _, h in pairs)
    print(f"wins: {wins[0]} of {n} against {wins[1]} of {n}")
    for key in ("money", "fleets", "armies", "prestige"):
        ours, theirs = [t[key] for t, _ in pairs], [h[key] for _, h in pairs]
        print(f"{key + ' at the end':<20} {mean_se(ours)}   twin {mean_se(theirs)}")
    kinds: list[Counter[str]] = [Counter(), Counter()]
    places: list[Counter[str]] = [Counter(), Counter()]
    for pair in pairs:
        for side, row in enumerate(pair):
            for label, count in row["actions"].items():
                kinds[side][label.split(":")[0]] += count
                if ":" in label:
                    places[side][label] += count
    print(f"\n{'actions a game':<34} {'bot':>6} {'twin':>6}")
    for label in sorted(set(kinds[0]) | set(kinds[1])):
        print(f"  {label:<32} {kinds[0][label] / n:6.2f} {kinds[1][label] / n:6.2f}")
    print(f"\n{'Sends and Sells a game':<34} {'bot':>6} {'twin':>6}")
    for label in sorted(set(places[0]) | set(places[1]), key=lambda k: -(places[0][k] + places[1][k])):
        print(f"  {label:<32} {places[0][label] / n:6.2f} {places[1][label] / n:6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--power", required=True, help="the tested seat's Power (GB, FR, CE, RU)")
    parser.add_argument("--bot", default="ismcts:iterations=300", help="the tested bot's spec")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=470000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--jsonl", type=Path, help="also write each game's line here")
    parser.add_argument("--from-jsonl", type=Path, help="report a file written by --jsonl, play nothing")
    args = parser.parse_args()
    if args.from_jsonl is not None:
        report([json.loads(line) for line in args.from_jsonl.read_text().splitlines() if line], args.power)
        return
    jobs = [(args.seed + g, args.power, spec) for g in range(args.games) for spec in (args.bot, FIELD)]
    rows: list[dict[str, Any]] = []
    if args.jsonl is not None:
        args.jsonl.write_text("")  # a fresh file: a line a game as it ends, so a stopped run keeps its games
    with Pool(args.workers) as pool:
        for row in pool.imap_unordered(play, jobs):
            rows.append(row)
            if args.jsonl is not None:
                with args.jsonl.open("a") as out:
                    out.write(json.dumps(row) + "\n")
    report(rows, args.power)


if __name__ == "__main__":
    main()
