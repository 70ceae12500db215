"""La Belle Époque's tuning loop: a content override measured against the current content on the
same seeds, by the numbers a designer retunes by (issue 18).

For each content (the shipped data, and the override if one is given) it plays the same seeded
games and prints, side by side:

* 4-player self-play: win rate per Power with 95% Wilson intervals (seats fixed by Power), mean
  final VP, VP by source (map, objectives, Great Works, Prestige track, other) per Power, how often
  each National Objective is met (in a game, at any scoring), each territory's holders at the
  scorings, money left at the end, the fleets and Armies bought and the Armies sold as armaments
  (where the money went), how often Sarajevo ended the game, and the VP scale (the map VP on
  offer at the scorings and the share the holders took, each Power's objective VP taken against
  those on offer, the mean final VP by the turn the game ended);
* solo play (``--solo-games``): for each Power, the player's bot against the three Non-Player
  Powers: the share of games in each §13.10 band, the victory rate and the mean final VP.

It reads the scoring lines of the game log (§10.1/§10.2: ``GB scores 12 VP (control of Egypt-Sudan
+4; ...)``) and the final state, so it may read LBE internals: it is a bench script, not part of
the platform. Figures only, no assertions. Run it on the compiled build, two workers at most:

    .venv-compiled/bin/python bench/tune_lbe.py --games 100 --seed 5000 --bots heuristic --workers 2
    .venv-compiled/bin/python bench/tune_lbe.py --override my-retune.toml --games 400 --seed 9000 \\
        --bots heuristic --solo-games 100 --workers 2 --json out.json
    .venv-compiled/bin/python bench/tune_lbe.py --games 2000 --bots random   # random play

An override is a TOML file in the shape of ``data/*.toml`` (docs/content.md, "Overriding values"),
passed to each game as its ``content`` option, so no rebuild is needed to try one.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from realpolitik.bots import make_bot
from realpolitik.engine import LogEntry, get_game
from realpolitik.sim.play import bot_seed
from realpolitik.sim.runner import in_processes
from realpolitik.sim.stats import fmt_rate, mean

GAME = "la-belle-epoque"
POWERS = ("GB", "FR", "CE", "RU")
SCORING = re.compile(r"^(?P<power>[A-Z]{2}) scores (?P<vp>-?\d+) VP(?: at the end)? \((?P<items>.*)\)$")
ITEM = re.compile(r"^(?P<label>.+) (?P<vp>[+-]\d+)$")
SOURCES = ("map", "objectives", "great work", "prestige", "other")


# -- one game -------------------------------------------------------------------------------------


def play(job: tuple[int, str, tuple[str, ...], dict[str, Any]]) -> dict[str, Any]:
    """Play one game; return what the tables need."""
    seed, bots_spec, np, content = job
    game: Any = get_game(GAME)
    options = game.normalize_options({"np": list(np), **({"content": content} if content else {})})
    state = game.setup(options, seed)
    seats = game.seats(state)
    bots = {seat: make_bot(bots_spec, bot_seed(seed, i)) for i, seat in enumerate(seats)}
    log: list[LogEntry] = []
    while True:
        acting = game.to_act(state)
        if not acting:
            break
        chosen = [(seat, bots[seat].choose(game, state, seat)) for seat in acting]
        for seat, action in chosen:
            game.apply(state, seat, action, log)
        # keep only the scoring lines: a full game's log is long
        log[:] = [e for e in log if e.rule in ("§10.1", "§10.2") and " scores " in e.text]
    outcome = game.outcome(state)
    content_obj = state.content
    territory_by_name = {t.name_en: tid for tid, t in content_obj.territories.items()}
    works = {content_obj.powers[p].great_work.name_en for p in content_obj.power_ids}
    sources: dict[str, dict[str, int]] = {p: dict.fromkeys(SOURCES, 0) for p in POWERS}
    objectives: dict[str, set[str]] = defaultdict(set)
    held: list[tuple[int, str, str]] = []  # (scoring number, territory, holder)
    scoring = 0
    first = next(p for p in POWERS if p not in np)  # scorings go in seat order (§10.1)
    for entry in log:
        match = SCORING.match(entry.text)
        if match is None:
            continue
        power = match["power"]
        items = match["items"]
        if power == first:
            scoring += 1
        if items == "nothing":
            continue
        for part in items.split("; "):
            item = ITEM.match(part)
            if item is None:
                raise ValueError(f"unreadable scoring item {part!r} in {entry.text!r}")
            label, vp = item["label"], int(item["vp"])
            for prefix in ("alliance with ", "control of "):
                if label.startswith(prefix) and label[len(prefix) :] in territory_by_name:
                    sources[power]["map"] += vp
                    held.append((scoring, territory_by_name[label[len(prefix) :]], power))
                    break
            else:
                if label.startswith("objective "):
                    sources[power]["objectives"] += vp
                    objectives[power].add(label[len("objective ") :])
                elif label in works:
                    sources[power]["great work"] += vp
                elif label == "Prestige track":
                    sources[power]["prestige"] += vp
                else:
                    sources[power]["other"] += vp
    assert outcome is not None
    ended_by = [c for c in state.event_discard if content_obj.event_cards[c].ends_game]
    return {
        "seed": seed,
        "np": list(np),
        "scores": dict(outcome.scores),
        "winners": list(outcome.winners),
        "verdict": outcome.details.get("verdict"),
        "sources": sources,
        "objectives": {p: sorted(v) for p, v in objectives.items()},
        "held": held,
        "scorings": scoring,
        "money": {p: state.powers[p].money for p in POWERS if not state.is_np(p)},
        # what the money bought (§8.1) and the Armies sold as armaments (§8.9)
        "units": {
            p: (state.powers[p].fleets_built, state.powers[p].armies_built, state.powers[p].armies_boxed)
            for p in POWERS
            if not state.is_np(p)
        },
        "end_turn": state.end_turn,
        "sarajevo": bool(ended_by),
    }


# -- many games -----------------------------------------------------------------------------------


Job = tuple[int, str, tuple[str, ...], dict[str, Any]]
"""(seed, bot spec, Non-Player Powers, content override) of one game."""


def run(jobs: Sequence[Job], workers: int) -> Iterator[dict[str, Any]]:
    return in_processes(play, jobs, workers)


def measure(
    label: str, content: dict[str, Any], args: argparse.Namespace
) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    started = time.perf_counter()
    jobs: list[Job] = [(args.seed + g, args.bots, (), content) for g in range(args.games)]
    games = sorted(run(jobs, args.workers), key=lambda r: r["seed"])
    solo: dict[str, list[dict[str, Any]]] = {}
    for power in args.solo_powers.split(",") if args.solo_games else ():
        np = tuple(p for p in POWERS if p != power)
        jobs = [(args.seed + g, args.bots, np, content) for g in range(args.solo_games)]
        solo[power] = sorted(run(jobs, args.workers), key=lambda r: r["seed"])
    print(
        f"[{label}: {len(games)} games + {sum(map(len, solo.values()))} solo games in "
        f"{time.perf_counter() - started:.0f} s]",
        file=sys.stderr,
    )
    return games, solo


# -- tables ---------------------------------------------------------------------------------------


def summarise(games: Sequence[dict[str, Any]], solo: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    n = len(games)
    wins: defaultdict[str, float] = defaultdict(float)  # a shared victory counts as a share
    for g in games:
        for w in g["winners"]:
            wins[w] += 1 / len(g["winners"])
    out: dict[str, Any] = {"games": n, "win": {}, "vp": {}, "sources": {}, "money": {}}
    for p in POWERS:
        out["win"][p] = (wins[p], n)
        out["vp"][p] = mean([g["scores"][p] for g in games]) if n else float("nan")
        out["sources"][p] = {s: mean([g["sources"][p][s] for g in games]) for s in SOURCES} if n else {}
        out["money"][p] = mean([g["money"][p] for g in games]) if n else float("nan")
        out.setdefault("units", {})[p] = [
            mean([g["units"][p][k] for g in games]) if n else float("nan") for k in range(3)
        ]
    met: Counter[str] = Counter()
    for g in games:
        for p, ids in g["objectives"].items():
            for i in ids:
                met[f"{p}.{i}"] += 1
    out["objectives"] = dict(met)
    held: dict[str, Counter[str]] = defaultdict(Counter)
    scorings = sum(g["scorings"] for g in games)
    for g in games:
        for _, territory, power in g["held"]:
            held[territory][power] += 1
    out["held"] = {t: dict(c) for t, c in held.items()}
    out["scorings"] = scorings
    out["sarajevo"] = sum(1 for g in games if g["sarajevo"])
    by_end: dict[int, list[float]] = defaultdict(list)  # the turn a game ended: every Power's VP
    for g in games:
        by_end[g["end_turn"]].extend(g["scores"].values())
    out["by_end"] = {str(t): [len(v) // len(POWERS), mean(v)] for t, v in sorted(by_end.items())}
    out["solo"] = {}
    for p, rows in solo.items():
        bands = Counter(r["verdict"]["band"] for r in rows)
        victories = sum(1 for r in rows if r["winners"])
        out["solo"][p] = {
            "games": len(rows),
            "victories": victories,
            "bands": dict(bands),
            "vp": mean([r["verdict"]["vp"] for r in rows]),
            "sources": {src: mean([r["sources"][p][src] for r in rows]) for src in SOURCES},
        }
    return out


def _print_self_play(
    named: Sequence[tuple[str, dict[str, Any]]], contents: Sequence[Any], labels: list[str]
) -> None:
    content = contents[-1]
    print("\n## Win rate per Power (95% Wilson interval), mean final VP, money left at the end\n")
    print("| Power | " + " | ".join(f"{lab}: win | VP | £ left" for lab in labels) + " |")
    print("| --- |" + " --- | ---: | ---: |" * len(labels))
    for p in POWERS:
        cells = []
        for _, s in named:
            won, n = s["win"][p]
            cells.append(f"{fmt_rate(won, n)} | {s['vp'][p]:.1f} | {s['money'][p]:.1f}")
        print(f"| {p} | " + " | ".join(cells) + " |")
    print("\n## Units bought per game (§8.1) and Armies sold as armaments (§8.9), means\n")
    print("| Power | " + " | ".join(f"{lab}: fleets / armies / sold" for lab in labels) + " |")
    print("| --- |" + " --- |" * len(labels))
    for p in POWERS:
        cells = [" / ".join(f"{v:.1f}" for v in s["units"][p]) for _, s in named]
        print(f"| {p} | " + " | ".join(cells) + " |")
    for name, s in named:
        print(f"\n{name}: Sarajevo ended {fmt_rate(s['sarajevo'], s['games'])} of {s['games']} games.")

    print("\n## Mean VP by source per Power\n")
    print("| Power | " + " | ".join(f"{lab}: " + " / ".join(SOURCES) for lab in labels) + " |")
    print("| --- |" + " --- |" * len(labels))
    for p in POWERS:
        cells = [" / ".join(f"{s['sources'][p][src]:.1f}" for src in SOURCES) for _, s in named]
        print(f"| {p} | " + " | ".join(cells) + " |")

    print("\n## National Objectives: games in which each was met (at any scoring)\n")
    print("| objective | VP | " + " | ".join(labels) + " |")
    print("| --- | ---: |" + " ---: |" * len(labels))
    for p in POWERS:
        # the objectives of either content (an override may add or remove some): VP current/override
        vps: dict[str, list[str]] = {}
        for index, each in enumerate(contents):
            for objective in each.powers[p].objectives:
                vps.setdefault(objective.id, ["-"] * len(contents))[index] = str(objective.vp)
        for objective_id, vp in vps.items():
            key = f"{p}.{objective_id}"
            cells = [fmt_rate(s["objectives"].get(key, 0), s["games"]) for _, s in named]
            print(f"| {key} | {'/'.join(dict.fromkeys(vp))} | " + " | ".join(cells) + " |")

    print("\n## Territories: share of scorings each was held (by whom)\n")
    print("| territory | VP | " + " | ".join(labels) + " |")
    print("| --- | ---: |" + " --- |" * len(labels))
    for t in content.territory_ids:
        cells = []
        for _, s in named:
            counts = s["held"].get(t, {})
            total = sum(counts.values())
            who = " ".join(f"{p}{counts[p]}" for p in POWERS if counts.get(p))
            cells.append(f"{100 * total / max(1, s['scorings']):.0f}% {who}".strip())
        print(f"| {t} | {content.territories[t].vp} | " + " | ".join(cells) + " |")


def _print_scale(named: Sequence[tuple[str, dict[str, Any]]], contents: Sequence[Any]) -> None:
    """What the VP on offer are and how much of them the bots take (issue 18's 100-140 target)."""
    print("\n## VP scale: what is on offer at the scorings, and what the bots take\n")
    for (name, s), content in zip(named, contents, strict=True):
        if not s["games"]:
            continue
        offered = sum(content.territories[t].vp for t in content.territory_ids)
        per_game = s["scorings"] / s["games"]
        held = sum(s["sources"][p]["map"] for p in POWERS) * s["games"]
        print(
            f"{name}: the map offers {offered} VP a scoring, {offered * per_game:.0f} over the "
            f"{per_game:.2f} scorings of a game ({offered * per_game / len(POWERS):.0f} a Power); "
            f"the holders took {100 * held / max(1, offered * s['scorings']):.0f}% of it."
        )
        print("\n| Power | map | objectives taken / on offer | Great Work | Prestige | final VP |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for p in POWERS:
            card = content.powers[p]
            positive = sum(o.vp for o in card.objectives if not o.final_only)  # scored at every scoring
            src = s["sources"][p]
            print(
                f"| {p} | {src['map']:.1f} | {src['objectives']:.1f} / {positive * per_game:.0f} | "
                f"{src['great work']:.1f} | {src['prestige']:.1f} | {s['vp'][p]:.1f} |"
            )
        ends = ", ".join(
            f"Turn {t}: {n} game{'s' if n != 1 else ''}, {vp:.1f}"
            for t, (n, vp) in s.get("by_end", {}).items()
        )
        print(f"\nMean final VP a Power by the turn the game ended: {ends}.")


def print_tables(named: Sequence[tuple[str, dict[str, Any]]], contents: Sequence[Any]) -> None:
    labels = [name for name, _ in named]
    if any(s["games"] for _, s in named):  # none with --games 0 (solo games only)
        _print_self_play(named, contents, labels)
        _print_scale(named, contents)
    if any(s["solo"] for _, s in named):
        print("\n## Solo against three Non-Player Powers (§13.10): victory rate, mean final VP, bands\n")
        print("| Power | " + " | ".join(f"{lab}: victory | VP | bands" for lab in labels) + " |")
        print("| --- |" + " --- | ---: | --- |" * len(labels))
        for p in POWERS:
            cells = []
            for _, s in named:
                row = s["solo"].get(p)
                if row is None:
                    cells.append("- | - | -")
                    continue
                bands = ", ".join(f"{b} {c}" for b, c in sorted(row["bands"].items()))
                cells.append(f"{fmt_rate(row['victories'], row['games'])} | {row['vp']:.1f} | {bands}")
            print(f"| {p} | " + " | ".join(cells) + " |")
        print("\n## The solo player's mean VP by source\n")
        print("| Power | " + " | ".join(f"{lab}: " + " / ".join(SOURCES) for lab in labels) + " |")
        print("| --- |" + " --- |" * len(labels))
        for p in POWERS:
            cells = [
                " / ".join(f"{row['sources'][src]:.1f}" for src in SOURCES) if row else "-"
                for row in (s["solo"].get(p) for _, s in named)
            ]
            print(f"| {p} | " + " | ".join(cells) + " |")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--override", type=Path, help="a content override (TOML) to compare with the current content"
    )
    parser.add_argument("--only-override", action="store_true", help="measure only the override")
    parser.add_argument("--games", type=int, default=100, help="4-player games per content (default 100)")
    parser.add_argument(
        "--solo-games", type=int, default=0, help="solo games per Power and content (default 0)"
    )
    parser.add_argument(
        "--solo-powers",
        default=",".join(POWERS),
        help="the Powers a solo player takes, comma-separated (default all four)",
    )
    parser.add_argument("--seed", type=int, default=0, help="first seed (game g plays seed + g)")
    parser.add_argument("--bots", default="heuristic", help="bot spec for every seat (default heuristic)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--json", type=Path, help="also write the summaries as JSON")
    parser.add_argument(
        "--names", default="current,override", help="the two columns' names (default current,override)"
    )
    args = parser.parse_args(argv)
    unknown = set(args.solo_powers.split(",")) - set(POWERS)
    if unknown:
        parser.error(f"--solo-powers: unknown Power(s) {', '.join(sorted(unknown))}, not one of {POWERS}")
    override: dict[str, Any] = {}
    if args.override is not None:
        override = tomllib.loads(args.override.read_text(encoding="utf-8"))
    named: list[tuple[str, dict[str, Any]]] = []
    current_name, override_name = args.names.split(",")
    runs = [(override_name, override)] if args.only_override else [(current_name, {})]
    if override and not args.only_override:
        runs.append((override_name, override))
    for label, content in runs:
        games, solo = measure(label, content, args)
        named.append((label, summarise(games, solo)))
    from realpolitik.games.belle_epoque.rules.setup import content_for  # noqa: PLC0415 - bench only

    print(
        f"# La Belle Époque tuning: {args.games} games of {args.bots} self-play, seeds "
        f"{args.seed}..{args.seed + args.games - 1}"
        + (f", {args.solo_games} solo games a Power" if args.solo_games else "")
    )
    contents = [content_for({"content": c} if c else {}) for _, c in runs]
    print_tables(named, contents)
    if args.json is not None:
        args.json.write_text(json.dumps(dict(named), indent=1, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
