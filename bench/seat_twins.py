"""A bot against its twins: how much better (or worse) a bot plays a seat than the field's bot
would have, seed by seed.

Give it two ``games.jsonl`` files written by ``realpolitik simulate`` on the same seeds: one where
the bot under test holds one seat and the field's bot the others (``--seats BOT,FIELD --rotate``),
and one where the field's bot holds every seat (``--seats FIELD``). Game ``i`` of both files starts
from the same deal, so the test bot's seat in game ``i`` has a twin: the field's bot in that seat,
same seed. For each Power (and overall) it prints the test bot's win rate with a 95% Wilson
interval, the twins' win rate, the mean VP of both, and the paired VP gain with its standard
error (paired by seed, so the deal's luck cancels). Figures only, no assertions:

    realpolitik simulate la-belle-epoque --games 120 --seed 450000 --seats ismcts,heuristic \\
        --rotate --workers 1 --out sim/ismcts
    realpolitik simulate la-belle-epoque --games 120 --seed 450000 --seats heuristic \\
        --workers 2 --out sim/heuristic
    python bench/seat_twins.py sim/ismcts/games.jsonl sim/heuristic/games.jsonl

The test bot's seat in a game is the seat whose spec differs from the twin file's (the field's
spec): ``--bot`` names it when both files hold the same spec in every seat.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from realpolitik.sim.stats import wilson


def read(path: Path) -> dict[int, dict[str, Any]]:
    """The games of a results file by seed."""
    games: dict[int, dict[str, Any]] = {}
    for line in path.read_text().splitlines():
        if line.strip():
            game = json.loads(line)
            games[int(game["seed"])] = game
    return games


def test_seat(game: dict[str, Any], twin: dict[str, Any], bot: str | None) -> str | None:
    """The seat the test bot held in ``game`` (None if no seat's spec tells it)."""
    seats: dict[str, str] = game["seats"]
    if bot is not None:
        held = [s for s, spec in seats.items() if spec == bot]
    else:
        held = [s for s, spec in seats.items() if spec != twin["seats"].get(s)]
    return held[0] if len(held) == 1 else None


def share(game: dict[str, Any], seat: str) -> float:
    """The seat's share of the game's win (a shared win counts as a share)."""
    winners = game["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, math.nan
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("tested", type=Path, help="games.jsonl with the test bot in one seat")
    parser.add_argument("twins", type=Path, help="games.jsonl with the field's bot in every seat")
    parser.add_argument("--bot", help="the test bot's spec as the results name it")
    args = parser.parse_args()
    tested, twins = read(args.tested), read(args.twins)
    rows: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    skipped = 0
    for seed, game in sorted(tested.items()):
        twin = twins.get(seed)
        seat = None if twin is None else test_seat(game, twin, args.bot)
        if twin is None or seat is None:
            skipped += 1
            continue
        for key in (seat, "all"):
            row = rows[key]
            row["win"].append(share(game, seat))
            row["twin_win"].append(share(twin, seat))
            row["vp"].append(float(game["scores"][seat]))
            row["twin_vp"].append(float(twin["scores"][seat]))
            row["gain"].append(float(game["scores"][seat]) - float(twin["scores"][seat]))
    print(f"{sum(len(r['win']) for k, r in rows.items() if k != 'all')} paired seat-games", end="")
    print(f" ({skipped} without a twin or a test seat)" if skipped else "")
    if not rows:
        return
    header = f"{'seat':<5} {'n':>4}  {'wins [95% CI]':<22} {'twin wins':>9}  {'VP':>6} {'twin VP':>7}"
    print(f"{header}  gain ± SE")
    for key in [*sorted(k for k in rows if k != "all"), "all"]:
        row = rows[key]
        n = len(row["win"])
        wins = sum(row["win"])
        low, high = wilson(wins, n)
        gain, se = mean_se(row["gain"])
        print(
            f"{key:<5} {n:>4}  {100 * wins / n:5.1f}% [{100 * low:4.1f}, {100 * high:4.1f}]"
            f"{'':<3} {100 * sum(row['twin_win']) / n:8.1f}%  {sum(row['vp']) / n:6.1f}"
            f" {sum(row['twin_vp']) / n:7.1f}  {gain:+5.1f} ± {se:.1f}"
        )


if __name__ == "__main__":
    main()
