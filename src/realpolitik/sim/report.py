"""The balance report of a batch of games: Markdown with PNG plots (matplotlib).

What it shows, each with 95% Wilson intervals where it is a rate:

* win rate per seat (a shared victory counts as a share), against the fair share 1/players;
* with one player against the game's automaton (a solo game), the verdict bands instead: how often
  each band was reached and the end-of-game bonus (the outcome's ``verdict``, e.g. LBE's §13.10);
* win rate per bot, per seat it held (when the seats had different bots);
* Victory Points per seat: games, mean, spread, range (and a box plot with means);
* game length: the turn the game ended in, full games apart from sudden endings (a game's
  ``sudden_end`` fact names what ended it early: LBE's Sarajevo), actions;
* first-player effect: how often the first player of the first turn wins, and each seat's win
  rate when it went first and when it did not.

Seats the game's automaton plays (``automata`` in a result line) hold no bot and score no VP of
their own: they are named in the lineup and left out of every table.

matplotlib is imported only here, with the non-interactive Agg backend.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .stats import error_bar, fmt_rate, mean, median, stdev, wilson, win_shares

SUDDEN_END = "sudden_end"
"""The fact (from a game's ``facts`` hook) naming what ended a game before its last turn."""


@dataclass(frozen=True, slots=True)
class Report:
    markdown: Path
    plots: tuple[Path, ...]


def _automata(results: Sequence[dict[str, Any]]) -> set[str]:
    return {seat for r in results for seat in r.get("automata") or {}}


def _seats(results: Sequence[dict[str, Any]]) -> list[str]:
    """The players' seats (scored, and not played by the game's automaton), in first-seen order."""
    automata = _automata(results)
    seats: list[str] = []
    for result in results:
        for seat in [*result["seats"], *result["scores"]]:
            if seat not in seats and seat not in automata and seat in result["scores"]:
                seats.append(seat)
    return seats


def seat_wins(results: Sequence[dict[str, Any]]) -> dict[str, float]:
    wins: dict[str, float] = defaultdict(float)
    for result in results:
        for seat, share in win_shares(result["winners"]).items():
            wins[seat] += share
    return wins


def bot_wins(results: Sequence[dict[str, Any]]) -> dict[str, tuple[float, int]]:
    """Per bot spec: (win shares, seat-games held). Automaton seats hold no bot."""
    table: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    for result in results:
        shares = win_shares(result["winners"])
        automata = result.get("automata") or {}
        for seat, spec in result["seats"].items():
            if seat in automata:
                continue
            table[spec][0] += shares.get(seat, 0.0)
            table[spec][1] += 1
    return {spec: (row[0], int(row[1])) for spec, row in table.items()}


def _solo(results: Sequence[dict[str, Any]], seats: Sequence[str]) -> bool:
    """One player against the game's automaton, every game with a verdict."""
    return len(seats) == 1 and bool(_automata(results)) and all(r.get("verdict") for r in results)


def write_report(results: Sequence[dict[str, Any]], folder: Path, title: str) -> Report:
    """Write ``report.md`` and its plots into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    results = sorted(results, key=lambda r: r["index"])
    seats = _seats(results)
    n = len(results)
    solo = _solo(results, seats)
    fair = 1 / len(seats) if seats else 0.0
    lines = [f"# {title}", ""]
    lines += _summary(results, n)
    if solo:
        lines += _verdicts(results, seats[0])
    else:
        lines += _win_rates(results, seats, fair)
    lines += _scores(results, seats)
    lines += _length(results)
    lines += _first_player(results, seats, fair, solo)
    plots = _plots(results, seats, folder, fair, solo)
    lines += ["## Plots", ""] + [f"![{p.stem}]({p.name})" for p in plots] + [""]
    markdown = folder / "report.md"
    markdown.write_text("\n".join(lines), encoding="utf-8")
    return Report(markdown, tuple(plots))


def _win_rates(results: Sequence[dict[str, Any]], seats: Sequence[str], fair: float) -> list[str]:
    n = len(results)
    wins = seat_wins(results)
    lines = [
        "## Win rate per seat",
        "",
        f"Fair share {100 * fair:.1f}% ({len(seats)} players). 95% Wilson intervals; a shared "
        "victory counts as a share.",
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
    return lines


def _bands(results: Sequence[dict[str, Any]]) -> list[tuple[str, str, int]]:
    """The verdict bands seen, lowest first: (band id, name, games)."""
    counts = Counter(r["verdict"]["band"] for r in results)
    lowest: dict[str, float] = {}
    names: dict[str, str] = {}
    for r in results:
        band = r["verdict"]["band"]
        lowest[band] = min(lowest.get(band, float("inf")), float(r["verdict"].get("vp", 0)))
        names[band] = str(r["verdict"].get("name_en", band))
    return [(band, names[band], counts[band]) for band in sorted(counts, key=lambda b: lowest[b])]


def _verdicts(results: Sequence[dict[str, Any]], seat: str) -> list[str]:
    n = len(results)
    won = sum(win_shares(r["winners"]).get(seat, 0.0) for r in results)
    bonuses = Counter(int(r["verdict"].get("bonus", 0)) for r in results)
    lines = [
        f"## Solo verdict: {seat} against the automaton",
        "",
        f"A victory band reached in {fmt_rate(won, n)} of {n} games (95% Wilson interval). "
        "The final VP of the verdict include the end-of-game bonus.",
        "",
        "| band | games | share [95% CI] | mean final VP |",
        "| --- | ---: | --- | ---: |",
    ]
    for band, name, count in _bands(results):
        vp = [float(r["verdict"].get("vp", 0)) for r in results if r["verdict"]["band"] == band]
        lines.append(f"| {name} | {count} | {fmt_rate(count, n)} | {mean(vp):.1f} |")
    given = ", ".join(f"+{b} in {c} games" for b, c in sorted(bonuses.items(), reverse=True) if b)
    lines += [
        "",
        f"End-of-game bonus: {given or 'none'}; mean {mean([float(b) for b in bonuses.elements()]):.2f} VP.",
        "",
    ]
    return lines


def _summary(results: Sequence[dict[str, Any]], n: int) -> list[str]:
    def lineup(r: dict[str, Any]) -> str:
        automata = r.get("automata") or {}
        order = [*r["seats"], *(s for s in automata if s not in r["seats"])]
        return ", ".join(
            f"{s}={automata[s]} (automaton)" if s in automata else f"{s}={r['seats'][s]}" for s in order
        )

    lineups = Counter(lineup(r) for r in results)
    seconds = sum(r["seconds"] for r in results)
    lines = [
        f"- games: {n}, seeds {min(r['seed'] for r in results)}..{max(r['seed'] for r in results)}",
        f"- game: {results[0]['game']}",
        f"- CPU time in games: {seconds:.1f} s ({seconds / n:.3f} s a game)",
    ]
    for text, count in lineups.most_common(6):
        lines.append(f"- lineup ({count} games): {text}")
    return [*lines, ""]


def _scores(results: Sequence[dict[str, Any]], seats: Sequence[str]) -> list[str]:
    lines = [
        "## Victory Points per seat",
        "",
        "| seat | games | mean | sd | min | median | max |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for seat in seats:
        vp = [float(r["scores"][seat]) for r in results if seat in r["scores"]]
        lines.append(
            f"| {seat} | {len(vp)} | {mean(vp):.1f} | {stdev(vp):.1f} | {min(vp):g} | {median(vp):g} | "
            f"{max(vp):g} |"
        )
    margins = []
    for r in results:
        ordered = sorted((float(r["scores"][s]) for s in seats if s in r["scores"]), reverse=True)
        if len(ordered) > 1:
            margins.append(ordered[0] - ordered[1])
    lines.append("")
    if margins:
        lines += [f"Winning margin: mean {mean(margins):.1f} VP, median {median(margins):g} VP.", ""]
    return lines


def _sudden(result: dict[str, Any]) -> str | None:
    cause = (result.get("facts") or {}).get(SUDDEN_END)
    return str(cause) if cause else None


def _length(results: Sequence[dict[str, Any]]) -> list[str]:
    lines = ["## Game length", ""]
    turns = [r["turns"] for r in results if r.get("turns") is not None]
    causes = sorted({c for r in results if (c := _sudden(r))})
    if turns:
        counts = Counter(r["turns"] for r in results if r.get("turns") is not None)
        head = "| ended in turn | games | share |" + "".join(f" {c} |" for c in causes)
        rule = "| ---: | ---: | ---: |" + " ---: |" * len(causes)
        if causes:
            head += " full game |"
            rule += " ---: |"
        lines += [head, rule]
        for turn in sorted(counts):
            row = f"| {turn} | {counts[turn]} | {100 * counts[turn] / len(turns):.1f}% |"
            at_turn = [r for r in results if r.get("turns") == turn]
            for cause in causes:
                row += f" {sum(1 for r in at_turn if _sudden(r) == cause)} |"
            if causes:
                row += f" {sum(1 for r in at_turn if _sudden(r) is None)} |"
            lines.append(row)
        lines.append("")
    for cause in causes:
        ended = sum(1 for r in results if _sudden(r) == cause)
        lines.append(f"Ended by {cause}: {ended} of {len(results)} games ({fmt_rate(ended, len(results))}).")
    # The game's other facts (its plug-in's evaluation hooks name them): how often each was seen,
    # and its mean when it is a number (LBE: the turn Sarajevo ended the game).
    # A fact whose value is a table (a dict or a list: detail for analysis scripts) is left out.
    for key in sorted({k for r in results for k in (r.get("facts") or {}) if k != SUDDEN_END}):
        seen = [r["facts"][key] for r in results if (r.get("facts") or {}).get(key) is not None]
        if any(isinstance(v, dict | list) for v in seen):
            continue
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


def _first_player(
    results: Sequence[dict[str, Any]], seats: Sequence[str], fair: float, solo: bool
) -> list[str]:
    known = [r for r in results if r.get("first_player")]
    if not known or not seats:
        return []
    players = [r for r in known if r["first_player"] in seats]
    lines = ["## First-player effect", ""]
    if len(players) < len(known):
        lines += [
            f"The automaton's seats went first in {len(known) - len(players)} of {len(known)} games.",
            "",
        ]
    if players and not solo:
        first_wins = sum(win_shares(r["winners"]).get(r["first_player"], 0.0) for r in players)
        lines += [
            f"The first player of the first turn won {fmt_rate(first_wins, len(players))} of "
            f"{len(players)} games (fair share {100 * fair:.1f}%).",
            "",
        ]
    lines += [
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


def _plots(
    results: Sequence[dict[str, Any]], seats: Sequence[str], folder: Path, fair: float, solo: bool
) -> list[Path]:
    import matplotlib  # noqa: PLC0415 - heavy, and only reports need it

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    n = len(results)
    paths = []

    fig, ax = plt.subplots(figsize=(6, 4))
    if solo:
        bands = _bands(results)
        labels = [name for _, name, _ in bands]
        counts: list[float] = [float(count) for _, _, count in bands]
        ax.set_title(f"Solo verdict: {seats[0]} against the automaton ({n} games)")
        ax.tick_params(axis="x", labelrotation=20)
    else:
        wins = seat_wins(results)
        labels = list(seats)
        counts = [wins[s] for s in seats]
        ax.set_title(f"Win rate per seat ({n} games)")
    bars = [error_bar(c, n) for c in counts]
    ax.bar(
        labels,
        [c / n for c in counts],
        yerr=[[b[0] for b in bars], [b[1] for b in bars]],
        capsize=6,
        color="#5b7fa6",
    )
    if not solo and len(seats) > 1:
        ax.axhline(fair, color="#a33", linestyle="--", label=f"fair share {100 * fair:.0f}%")
        ax.legend()
    ax.set_ylabel("share of games (95% CI)")
    paths.append(_save(fig, folder / "win_rates.png"))

    fig, ax = plt.subplots(figsize=(6, 4))
    scores = [[float(r["scores"][s]) for r in results if s in r["scores"]] for s in seats]
    ax.boxplot(scores, showmeans=True)
    ax.set_xticks(
        range(1, len(seats) + 1),
        [f"{s}\nn={len(v)}\nmean {mean(v):.1f}" for s, v in zip(seats, scores, strict=True)],
    )
    ax.set_ylabel("final VP")
    ax.set_title("Victory Points per seat (triangle: mean)")
    paths.append(_save(fig, folder / "vp.png"))

    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.5))
    turns = [r["turns"] for r in results if r.get("turns") is not None]
    if turns:
        bins = [t - 0.5 for t in range(min(turns), max(turns) + 2)]
        causes = sorted({c for r in results if (c := _sudden(r))})
        groups = [[r["turns"] for r in results if r.get("turns") is not None and _sudden(r) is None]]
        names = ["full game"]
        for cause in causes:
            groups.append([r["turns"] for r in results if r.get("turns") is not None and _sudden(r) == cause])
            names.append(f"ended by {cause}")
        palette = ["#5b7fa6", "#c0504d", "#e0a040", "#7a9a5b"]
        left.hist(
            groups,
            bins=bins,
            stacked=True,
            rwidth=0.8,
            label=names,
            color=[palette[i % len(palette)] for i in range(len(groups))],
        )
        left.set_xticks(range(min(turns), max(turns) + 1))
        if causes:
            left.legend(fontsize="small")
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
