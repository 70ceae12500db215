"""La Belle Époque: screen several content levers at once (issue 18), a balanced random design.

``bench/tune_lbe.py`` compares one override with the shipped content on the same seeds: at 80
games a side its intervals are ±10 points, so a screen shows only large effects, and each lever
costs its own run. This script plays every game with its own combination of levers instead: each
lever (a small content override, reconstructed values only) is on in exactly half the games,
chosen at random per lever from a fixed seed, so the columns are balanced and nearly orthogonal.
A least-squares fit of each Power's win share (ties shared) and final VP on the levers' on/off
columns then gives every lever's effect from *all* the games, with a standard error near
2σ/√N whatever the number of levers, and predicts each combination's win rates under an additive
model. The prediction is a screen, not a result: confirm the chosen combination with
``bench/tune_lbe.py`` on seeds the screen did not use.

The levers file is TOML, one table a lever, its content override under ``content`` in the shape
of ``data/*.toml`` (docs/content.md, "Overriding values"); two levers may not set the same value::

    [french-guinea-8]
    why = "France's stated 3-VP colony costs more cubes"
    [french-guinea-8.content.territory.french-guinea]
    spaces = { value = 8, reconstructed = "G2", why = "issue 18, seventh pass" }

Run on the compiled build, two workers at most (figures only, no assertions)::

    .venv-compiled/bin/python bench/lbe_levers.py bench/levers/seventh.toml --games 480 \\
        --seed 100000 --workers 2 --json screen.json
    .venv-compiled/bin/python bench/lbe_levers.py bench/levers/seventh.toml --from-json screen.json

``--solo`` screens the solo game instead (§13.10, twelfth pass): game g is played by one heuristic
player, Power ``g % 4``, against the three other Powers as Non-Player Powers, so each Power plays a
quarter of the games; each lever's effect on each solo Power's victory rate (a §13.10 victory
band) and final VP is fitted from that Power's games, and the combinations are ranked by the
spread of the predicted victory rates (the issue-18 target: at most 10 points between Powers)::

    .venv-compiled/bin/python bench/lbe_levers.py bench/levers/solo-twelfth.toml --solo --games 480 \\
        --seed 400000 --workers 2 --json solo-screen.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tune_lbe import POWERS, run  # a sibling bench script (its play() runs in the workers)

Lever = tuple[str, str, dict[str, Any]]
"""(name, rationale, content override)."""


def read_levers(path: Path) -> list[Lever]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    levers = [(name, str(table.get("why", "")), dict(table["content"])) for name, table in data.items()]
    if not levers:
        raise SystemExit(f"{path}: no levers")
    return levers


def merge(into: dict[str, Any], override: dict[str, Any], where: str = "") -> None:
    """Deep-merge ``override`` into ``into``; a value two levers both set is an error."""
    for key, value in override.items():
        here = f"{where}.{key}" if where else key
        if isinstance(value, dict) and "value" not in value and "_remove" not in value:
            merge(into.setdefault(key, {}), value, here)
        elif key in into:
            raise SystemExit(f"two levers set {here}")
        else:
            into[key] = value


def design(levers: list[Lever], games: int, seed: int) -> list[tuple[int, ...]]:
    """Game g's on/off tuple: each lever on in exactly half the games (rounded down), shuffled
    by its own generator, so adding a lever never changes another's column."""
    columns = []
    for index, (name, _, _) in enumerate(levers):
        column = [1] * (games // 2) + [0] * (games - games // 2)
        random.Random(f"{seed}:{index}:{name}").shuffle(column)
        columns.append(column)
    return [tuple(column[g] for column in columns) for g in range(games)]


def content_of(
    levers: list[Lever], on: tuple[int, ...], base: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The game's content override: the levers that are on, merged over ``base`` (a lever may
    replace a base value; two levers may not set the same one)."""
    content: dict[str, Any] = {}
    for (_, _, override), flag in zip(levers, on, strict=True):
        if flag:
            merge(content, json.loads(json.dumps(override)))
    if base:
        content = _over(json.loads(json.dumps(base)), content)
    return content


def _over(into: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """``override`` laid over ``into``: a value set in both is the override's."""
    for key, value in override.items():
        if isinstance(value, dict) and "value" not in value and "_remove" not in value:
            into[key] = _over(dict(into.get(key, {})), value)
        else:
            into[key] = value
    return into


def fit(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Least squares of y on [1, x]: coefficients and their standard errors."""
    design_matrix = np.column_stack([np.ones(len(x)), x])
    coef, *_ = np.linalg.lstsq(design_matrix, y, rcond=None)
    residual = y - design_matrix @ coef
    dof = max(1, len(y) - design_matrix.shape[1])
    sigma2 = float(residual @ residual) / dof
    cov = sigma2 * np.linalg.pinv(design_matrix.T @ design_matrix)  # pinv: a short screen is singular
    return coef, np.sqrt(np.diag(cov))


def report(levers: list[Lever], games: list[dict[str, Any]], seed: int) -> None:
    x = np.array([g["on"] for g in games], dtype=float)
    wins = {
        p: np.array([(1 / len(g["winners"])) if p in g["winners"] else 0.0 for g in games]) for p in POWERS
    }
    vp = {p: np.array([float(g["scores"][p]) for g in games]) for p in POWERS}
    sarajevo = np.array([1.0 if g["sarajevo"] else 0.0 for g in games])
    fits_w = {p: fit(x, wins[p]) for p in POWERS}
    fits_v = {p: fit(x, vp[p]) for p in POWERS}
    fit_s = fit(x, sarajevo)
    n = len(games)
    print(
        f"# Lever screen: {n} heuristic games, seeds {seed}..{seed + n - 1}, {len(levers)} levers, "
        "each on in half the games\n"
    )
    print("## Levers\n")
    for name, why, _ in levers:
        print(f"- `{name}`: {why}")
    print("\n## Observed, all games: win share [mean of the levers' mixes], mean final VP\n")
    print("| Power | win | VP |\n| --- | ---: | ---: |")
    for p in POWERS:
        print(f"| {p} | {wins[p].mean():.1%} | {vp[p].mean():.1f} |")
    print("\n## Effect of each lever (on − off), least squares on all games, ± one standard error\n")
    _effects(levers, "win", fits_w, fits_v, ("Sarajevo", fit_s))
    _objective_shifts(levers, games)
    _territory_shifts(levers, games)
    print("\n## The combinations the additive model puts nearest 25% a Power (confirm on fresh seeds)\n")
    print("| levers on | " + " | ".join(POWERS) + " | distance (pp, RMS) |")
    print("| --- |" + " ---: |" * (len(POWERS) + 1))
    scored = []
    for on in itertools.product((0, 1), repeat=len(levers)):
        vector = np.array((1.0, *on))
        rates = [float(vector @ fits_w[p][0]) for p in POWERS]
        distance = float(np.sqrt(np.mean([(r - 0.25) ** 2 for r in rates]))) * 100
        scored.append((distance, on, rates))
    scored.sort()
    for distance, on, rates in scored[:8]:
        names = ", ".join(levers[i][0] for i, flag in enumerate(on) if flag) or "(none)"
        print(f"| {names} | " + " | ".join(f"{r:.1%}" for r in rates) + f" | {distance:.1f} |")


Fit = tuple[np.ndarray, np.ndarray]


def _effects(
    levers: list[Lever],
    rate: str,
    fits_w: dict[str, Fit],
    fits_v: dict[str, Fit],
    extra: tuple[str, Fit] | None = None,
) -> None:
    """The table of each lever's fitted effect (the intercept first) on each Power's ``rate``
    (wins or solo victories) and VP, and on one more share if ``extra`` names it."""
    header = " | ".join(f"{p} {rate}" for p in POWERS) + " | " + " | ".join(f"{p} VP" for p in POWERS)
    print(f"| lever | {header}" + (f" | {extra[0]} |" if extra else " |"))
    print("| --- |" + " ---: |" * (2 * len(POWERS) + (1 if extra else 0)))
    rows = [("(all off: intercept)", 0)] + [(name, i + 1) for i, (name, _, _) in enumerate(levers)]
    for name, k in rows:
        cells = [f"{fits_w[p][0][k]:+.1%} ±{fits_w[p][1][k]:.1%}" for p in POWERS]
        cells += [f"{fits_v[p][0][k]:+.1f} ±{fits_v[p][1][k]:.1f}" for p in POWERS]
        if extra:
            cells.append(f"{extra[1][0][k]:+.1%} ±{extra[1][1][k]:.1%}")
        if k == 0:
            cells = [c.lstrip("+") for c in cells]
        print(f"| {name} | " + " | ".join(cells) + " |")


def _objective_shifts(levers: list[Lever], games: list[dict[str, Any]], threshold: float = 0.25) -> None:
    """The objectives a lever makes much likelier or rarer: a lever that balances the wins by
    taking a territory out of every Power's reach shows here (its holder's objective on it falls
    to nothing), which the win rates alone hide."""
    print(f"\n## Objectives a lever moves by {threshold:.0%} or more (games in which met: off → on)\n")
    print("| lever | objective | off | on |\n| --- | --- | ---: | ---: |")
    names = sorted({f"{p}.{o}" for g in games for p, met in g["objectives"].items() for o in met})
    for index, (lever, _, _) in enumerate(levers):
        sides = [[g for g in games if g["on"][index] == flag] for flag in (0, 1)]
        for name in names:
            power, objective = name.split(".", 1)
            off, on = (
                sum(objective in g["objectives"].get(power, ()) for g in side) / max(1, len(side))
                for side in sides
            )
            if abs(on - off) >= threshold:
                print(f"| {lever} | {name} | {off:.0%} | {on:.0%} |")


def _territory_shifts(levers: list[Lever], games: list[dict[str, Any]], threshold: float = 0.08) -> None:
    """Each territory's share of the scorings at which some Power held it (all games), and the
    levers that move it by ``threshold`` or more: a territory never held is a target of issue 18."""
    if not games or "held" not in games[0]:
        return  # a screen saved before the holdings were kept

    def share(side: list[dict[str, Any]], territory: str) -> float:
        scorings = sum(g["scorings"] for g in side)
        held = sum(1 for g in side for _, t, _ in g["held"] if t == territory)
        return held / max(1, scorings)

    territories = sorted({t for g in games for _, t, _ in g["held"]})
    print("\n## Territories: share of the scorings at which one was held (all games)\n")
    print(", ".join(f"{t} {share(games, t):.0%}" for t in territories) or "(none held)")
    print(f"\n## Territories a lever moves by {threshold:.0%} of the scorings or more (off → on)\n")
    print("| lever | territory | off | on |\n| --- | --- | ---: | ---: |")
    for index, (lever, _, _) in enumerate(levers):
        sides = [[g for g in games if g["on"][index] == flag] for flag in (0, 1)]
        for territory in territories:
            off, on = (share(side, territory) for side in sides)
            if abs(on - off) >= threshold:
                print(f"| {lever} | {territory} | {off:.0%} | {on:.0%} |")


# -- the solo screen (§13.10) --------------------------------------------------------------------


def solo_np(game: int) -> tuple[str, ...]:
    """The Non-Player Powers of solo game ``game``: all but Power ``game % 4``."""
    human = POWERS[game % len(POWERS)]
    return tuple(p for p in POWERS if p != human)


def _human(g: dict[str, Any]) -> str:
    return next(p for p in POWERS if p not in g["np"])


def solo_report(levers: list[Lever], games: list[dict[str, Any]], seed: int) -> None:
    by_power = {p: [g for g in games if _human(g) == p] for p in POWERS}
    victory = {p: np.array([1.0 if g["winners"] else 0.0 for g in by_power[p]]) for p in POWERS}
    vp = {p: np.array([float(g["verdict"]["vp"]) for g in by_power[p]]) for p in POWERS}
    x = {p: np.array([g["on"] for g in by_power[p]], dtype=float) for p in POWERS}
    fits_w = {p: fit(x[p], victory[p]) for p in POWERS}
    fits_v = {p: fit(x[p], vp[p]) for p in POWERS}
    n = len(games)
    print(
        f"# Solo lever screen (§13.10): {n} games, seeds {seed}..{seed + n - 1}, one player "
        f"(Power g % 4) against three Non-Player Powers, {len(levers)} levers, each on in half the games\n"
    )
    print("## Levers\n")
    for name, why, _ in levers:
        print(f"- `{name}`: {why}")
    print("\n## Observed, all games: victory rate, mean final VP (bonus included), VP by source\n")
    print("| player | games | victory | VP | map / objectives / Great Work / Prestige / other |")
    print("| --- | ---: | ---: | ---: | --- |")
    for p in POWERS:
        rows = by_power[p]
        parts = " / ".join(
            f"{np.mean([g['sources'][p][k] for g in rows]):.1f}"
            for k in ("map", "objectives", "great work", "prestige", "other")
        )
        print(f"| {p} | {len(rows)} | {victory[p].mean():.1%} | {vp[p].mean():.1f} | {parts} |")
    print("\n## Where each player's VP come from: territories held at the scorings, objectives met\n")
    for p in POWERS:
        rows = by_power[p]
        scorings = max(1, sum(g["scorings"] for g in rows))
        held: dict[str, int] = {}
        for g in rows:
            for _, territory, holder in g["held"]:
                if holder == p:
                    held[territory] = held.get(territory, 0) + 1
        met: dict[str, int] = {}
        for g in rows:
            for objective in g["objectives"].get(p, ()):
                met[objective] = met.get(objective, 0) + 1
        tops = ", ".join(f"{t} {c / scorings:.0%}" for t, c in sorted(held.items(), key=lambda i: -i[1]))
        games_of = max(1, len(rows))
        objs = ", ".join(f"{o} {c / games_of:.0%}" for o, c in sorted(met.items(), key=lambda i: -i[1]))
        print(f"- **{p}** held: {tops or '(nothing)'}; objectives met: {objs or '(none)'}")
    print("\n## Effect of each lever (on − off) on the solo player of each Power, ± one standard error\n")
    _effects(levers, "victory", fits_w, fits_v)
    print("\n## The combinations the additive model gives the smallest spread of victory rates\n")
    print("| levers on | " + " | ".join(POWERS) + " | spread (pp) | mean VP |")
    print("| --- |" + " ---: |" * (len(POWERS) + 2))
    scored = []
    for on in itertools.product((0, 1), repeat=len(levers)):
        vector = np.array((1.0, *on))
        rates = [min(1.0, max(0.0, float(vector @ fits_w[p][0]))) for p in POWERS]
        mean_vp = float(np.mean([float(vector @ fits_v[p][0]) for p in POWERS]))
        scored.append(((max(rates) - min(rates)) * 100, on, rates, mean_vp))
    scored.sort(key=lambda item: (item[0], -item[3]))
    for spread, on, rates, mean_vp in scored[:10]:
        names = ", ".join(levers[i][0] for i, flag in enumerate(on) if flag) or "(none)"
        print(f"| {names} | " + " | ".join(f"{r:.1%}" for r in rates) + f" | {spread:.1f} | {mean_vp:.1f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("levers", type=Path, help="the levers file (TOML)")
    parser.add_argument("--games", type=int, default=480, help="games in all (default 480)")
    parser.add_argument("--seed", type=int, default=100000, help="first seed (game g plays seed + g)")
    parser.add_argument("--bots", default="heuristic", help="bot spec for every seat (default heuristic)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--json", type=Path, help="write every game's levers and result as JSON")
    parser.add_argument("--from-json", type=Path, help="report a screen written by --json, play nothing")
    parser.add_argument(
        "--solo",
        action="store_true",
        help="solo games: game g's player is Power g %% 4, the other three Non-Player Powers (§13)",
    )
    parser.add_argument(
        "--base",
        type=Path,
        help="a content override (bench/overrides/*.toml) every game plays under, the levers laid over it: "
        "to screen around a candidate, or on a compiled build older than the shipped data",
    )
    args = parser.parse_args(argv)
    levers = read_levers(args.levers)
    base = tomllib.loads(args.base.read_text(encoding="utf-8")) if args.base is not None else None
    if args.from_json is not None:
        saved = json.loads(args.from_json.read_text(encoding="utf-8"))
        if saved["levers"] != [name for name, _, _ in levers]:
            raise SystemExit(f"{args.from_json} screened other levers: {saved['levers']}")
        (solo_report if saved.get("solo") else report)(levers, saved["games"], saved["seed"])
        return 0
    plan = design(levers, args.games, args.seed)
    jobs = [
        (args.seed + g, args.bots, solo_np(g) if args.solo else (), content_of(levers, on, base))
        for g, on in enumerate(plan)
    ]
    by_seed = {args.seed + g: on for g, on in enumerate(plan)}
    started = time.perf_counter()
    games = []
    for result in run(jobs, args.workers):
        result["on"] = list(by_seed[result["seed"]])
        games.append(result)
        if len(games) % 40 == 0:
            elapsed = time.perf_counter() - started
            print(f"[{len(games)}/{args.games} games, {elapsed:.0f} s]", file=sys.stderr)
            if args.json is not None:  # a partial screen can be reported with --from-json
                _write(args.json, levers, args.seed, games)
    games.sort(key=lambda r: r["seed"])
    if args.json is not None:
        _write(args.json, levers, args.seed, games)
    (solo_report if args.solo else report)(levers, games, args.seed)
    return 0


def _write(path: Path, levers: list[Lever], seed: int, games: list[dict[str, Any]]) -> None:
    keep = ("seed", "on", "scores", "winners", "sarajevo", "sources", "objectives", "money")
    keep += ("held", "scorings", "np", "verdict")
    payload = {
        "levers": [name for name, _, _ in levers],
        "seed": seed,
        "solo": bool(games and games[0]["np"]),
        "games": [{k: g[k] for k in keep} for g in games],
    }
    path.write_text(json.dumps(payload), encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
