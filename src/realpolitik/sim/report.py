"""The balance report of a batch of games: Markdown with PNG plots (matplotlib).

What it shows, each with 95% Wilson intervals where it is a rate:

* win rate per seat (a shared victory counts as a share), against the fair share 1/seats;
* win rate per bot, per seat it held (when the seats had different bots);
* Victory Points per seat: mean, spread, range (and a box plot);
* game length: the turn the game ended in, the turn of Sarajevo when it ended the game, actions;
* first-player effect: how often the first player of the first turn wins, and each seat's win
  rate when it went first and when it did not.

matplotlib is imported only here, with the non-interactive Agg backend.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .stats import fmt_rate, mean, median, stdev, wilson, win_shares


@dataclass(frozen=True, slots=True)
class Report:
    markdown: Path
    plots: tuple[Path, ...]


def _seats(results: Sequence[dict[str, Any]]) -> list[str]:
    seats: list[str] = []
    for result in results:
        for seat in result["scores"]:
            if seat not in seats:
                seats.append(seat)
    return seats


def seat_wins(results: Sequence[dict[str, Any]]) -> dict[str, float]:
    wins: dict[str, float] = defaultdict(float)
    for result in results:
        for seat, share in win_shares(result["winners"]).items():
            wins[seat] += share
    return wins


def bot_wins(results: Sequence[dict[str, Any]]) -> dict[str, tuple[float, int]]:
    """Per bot spec: (win shares, seat-games held)."""
    table: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    for result in results:
        shares = win_shares(result["winners"])
        for seat, spec in result["seats"].items():
            table[spec][0] += shares.get(seat, 0.0)
            table[spec][1] += 1
    return {spec: (row[0], int(row[1])) for spec, row in table.items()}


def write_report(results: Sequence[dict[str, Any]], folder: Path, title: str) -> Report:
    """Write ``report.md`` and its plots into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    results = sorted(results, key=lambda r: r["index"])
    seats = _seats(results)
    n = len(results)
    fair = 1 / len(seats) if seats else 0.0
    lines = [f"# {title}", ""]
    lines += _summary(results, n)
    wins = seat_wins(results)
    lines += [
        "## Win rate per seat",
        "",
        f"Fair share {100 * fair:.1f}%. 95% Wilson intervals; a shared victory counts as a share.",
        "",
        "| seat | wins | win rate [95% CI] | verdict |",
        "| --- | ---: | --- | --- |",
    ]
    for seat in seats:
        low, high = wilson(wins[seat], n)
        verdict = "above fair share" if low > fair else "below fair share" if high < fair else "fair"
        lines.append(f"| {seat} | {wins[seat]:g} | {fmt_rate(wins[seat], n)} | {verdict} |")
    lines.append("")
    by_bot = bot_wins(results)
    if len(by_bot) > 1:
        lines += [
            "## Win rate per bot",
            "",
            "Per seat held (fair share as above).",
            "",
            "| bot | seat-games | wins | win rate per seat [95% CI] |",
            "| --- | ---: | ---: | --- |",
        ]
        for spec, (won, held) in sorted(by_bot.items()):
            lines.append(f"| `{spec}` | {held} | {won:g} | {fmt_rate(won, held)} |")
        lines.append("")
    lines += _scores(results, seats)
    lines += _length(results)
    lines += _first_player(results, seats, fair)
    plots = _plots(results, seats, folder, fair)
    lines += ["## Plots", ""] + [f"![{p.stem}]({p.name})" for p in plots] + [""]
    markdown = folder / "report.md"
    markdown.write_text("\n".join(lines), encoding="utf-8")
    return Report(markdown, tuple(plots))


def _summary(results: Sequence[dict[str, Any]], n: int) -> list[str]:
    lineups = Counter(", ".join(f"{s}={b}" for s, b in r["seats"].items()) for r in results)
    seconds = sum(r["seconds"] for r in results)
    lines = [
        f"- games: {n}, seeds {min(r['seed'] for r in results)}..{max(r['seed'] for r in results)}",
        f"- game: {results[0]['game']}",
        f"- CPU time in games: {seconds:.1f} s ({seconds / n:.3f} s a game)",
    ]
    for lineup, count in lineups.most_common(6):
        lines.append(f"- lineup ({count} games): {lineup}")
    return [*lines, ""]


def _scores(results: Sequence[dict[str, Any]], seats: Sequence[str]) -> list[str]:
    lines = [
        "## Victory Points per seat",
        "",
        "| seat | mean | sd | min | median | max |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for seat in seats:
        vp = [float(r["scores"][seat]) for r in results if seat in r["scores"]]
        lines.append(
            f"| {seat} | {mean(vp):.1f} | {stdev(vp):.1f} | {min(vp):g} | {median(vp):g} | {max(vp):g} |"
        )
    margins = []
    for r in results:
        ordered = sorted(r["scores"].values(), reverse=True)
        if len(ordered) > 1:
            margins.append(ordered[0] - ordered[1])
    lines += ["", f"Winning margin: mean {mean(margins):.1f} VP, median {median(margins):g} VP.", ""]
    return lines


def _length(results: Sequence[dict[str, Any]]) -> list[str]:
    lines = ["## Game length", ""]
    turns = [r["turns"] for r in results if r.get("turns") is not None]
    if turns:
        counts = Counter(turns)
        lines += ["| ended in turn | games | share |", "| ---: | ---: | ---: |"]
        for turn in sorted(counts):
            lines.append(f"| {turn} | {counts[turn]} | {100 * counts[turn] / len(turns):.1f}% |")
        lines.append("")
    # The game's own facts (its plug-in's evaluation hooks name them): how often each was seen,
    # and its mean when it is a number (LBE: the turn Sarajevo ended the game).
    for key in sorted({k for r in results for k in (r.get("facts") or {})}):
        seen = [r["facts"][key] for r in results if (r.get("facts") or {}).get(key) is not None]
        numbers = [v for v in seen if isinstance(v, int | float) and not isinstance(v, bool)]
        lines.append(
            f"{key.replace('_', ' ').capitalize()}: in {len(seen)} of {len(results)} games "
            f"({fmt_rate(len(seen), len(results))})" + (f", mean {mean(numbers):.2f}." if numbers else ".")
        )
    actions = [r["actions"] for r in results]
    lines += [
        f"Actions per game: mean {mean(actions):.0f}, min {min(actions)}, max {max(actions)}.",
        "",
    ]
    return lines


def _first_player(results: Sequence[dict[str, Any]], seats: Sequence[str], fair: float) -> list[str]:
    known = [r for r in results if r.get("first_player")]
    if not known:
        return []
    first_wins = sum(win_shares(r["winners"]).get(r["first_player"], 0.0) for r in known)
    lines = [
        "## First-player effect",
        "",
        f"The first player of the first turn won {fmt_rate(first_wins, len(known))} of {len(known)} "
        f"games (fair share {100 * fair:.1f}%).",
        "",
        "| seat | games first | win rate when first | win rate otherwise |",
        "| --- | ---: | --- | --- |",
    ]
    for seat in seats:
        first = [r for r in known if r["first_player"] == seat]
        other = [r for r in known if r["first_player"] != seat]
        won_first = sum(win_shares(r["winners"]).get(seat, 0.0) for r in first)
        won_other = sum(win_shares(r["winners"]).get(seat, 0.0) for r in other)
        lines.append(
            f"| {seat} | {len(first)} | {fmt_rate(won_first, len(first))} | "
            f"{fmt_rate(won_other, len(other))} |"
        )
    return [*lines, ""]


def _plots(results: Sequence[dict[str, Any]], seats: Sequence[str], folder: Path, fair: float) -> list[Path]:
    import matplotlib  # noqa: PLC0415 - heavy, and only reports need it

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    n = len(results)
    wins = seat_wins(results)
    paths = []

    fig, ax = plt.subplots(figsize=(6, 4))
    rates = [wins[s] / n for s in seats]
    intervals = [wilson(wins[s], n) for s in seats]
    errors = [
        [r - lo for r, (lo, _) in zip(rates, intervals, strict=True)],
        [hi - r for r, (_, hi) in zip(rates, intervals, strict=True)],
    ]
    ax.bar(seats, rates, yerr=errors, capsize=6, color="#5b7fa6")
    ax.axhline(fair, color="#a33", linestyle="--", label=f"fair share {100 * fair:.0f}%")
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(f"Win rate per seat ({n} games)")
    ax.legend()
    paths.append(_save(fig, folder / "win_rates.png"))

    fig, ax = plt.subplots(figsize=(6, 4))
    ax.boxplot([[r["scores"][s] for r in results if s in r["scores"]] for s in seats])
    ax.set_xticks(range(1, len(seats) + 1), seats)
    ax.set_ylabel("final VP")
    ax.set_title("Victory Points per seat")
    paths.append(_save(fig, folder / "vp.png"))

    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.5))
    turns = [r["turns"] for r in results if r.get("turns") is not None]
    if turns:
        bins = [t - 0.5 for t in range(min(turns), max(turns) + 2)]
        left.hist(turns, bins=bins, color="#5b7fa6", rwidth=0.8)
        left.set_xticks(range(min(turns), max(turns) + 1))
    left.set_xlabel("turn the game ended in")
    left.set_ylabel("games")
    right.hist([r["actions"] for r in results], bins=20, color="#7a9a5b")
    right.set_xlabel("actions per game")
    fig.suptitle("Game length")
    paths.append(_save(fig, folder / "length.png"))
    return paths


def _save(fig: Any, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    import matplotlib.pyplot as plt  # noqa: PLC0415

    plt.close(fig)
    return path
