"""Europe in Turmoil's balance measurement: where each side's VP come from in seeded self-play,
with an optional content override to try a retune without a rebuild (issue 15).

For each game it reads the log (the VP lines of 10.3 ``L gains 2 VP (why)``, the scoring lines of
10.1 ``france scored: Liberal 5, Authoritarian 1``, the Stability cards played, the crisis rolls
and the war rolls of 8.4.2) and the final state, and prints:

* the win rate per side with a 95% Wilson interval, how the games end and in which turn;
* VP per game by source (net, Liberal positive): each region's scorings during play, the Great
  War's final scoring (8.4.5), final scoring (10.4.2), events, the naval chart, the war itself,
  tension, Eight Nation Alliance;
* the mean VP at the end of each turn; the war: who won, the modifiers, the participants;
* the Stability cards played per side and the net scoring in a region after each;
* who controls each space at the end (share of games), the spaces that swing most.

It may read the game's internals: it is a bench script, not part of the platform. Figures only,
no assertions. Run it on the compiled build, one worker on this shared machine:

    .venv-compiled/bin/python bench/eit_balance.py --games 400 --seed 0 --workers 1
    .venv-compiled/bin/python bench/eit_balance.py --override retune.toml --games 400 --workers 1

An override is a TOML file in the shape of ``data/*.toml`` (a subset of values, each with its own
provenance), loaded with ``load_content(override)``.
"""

from __future__ import annotations

import argparse
import json
import re
import time
import tomllib
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from realpolitik.bots import make_bot
from realpolitik.engine import LogEntry, get_game
from realpolitik.games.europe_in_turmoil.ai.evaluation import region_scores
from realpolitik.games.europe_in_turmoil.content import load_content
from realpolitik.games.europe_in_turmoil.rules.board import controller
from realpolitik.games.europe_in_turmoil.rules.setup import setup
from realpolitik.games.europe_in_turmoil.rules.war import modifiers
from realpolitik.sim.play import bot_seed
from realpolitik.sim.runner import in_processes
from realpolitik.sim.stats import fmt_rate, mean

GAME = "europe-in-turmoil"
GAIN = re.compile(r"^(?P<seat>[LA]) (?P<verb>gains|loses) (?P<n>\d+) VP \((?P<why>.*)\); VP")
SCORED = re.compile(r"^(?P<region>[a-z-]+) scored: Liberal (?P<l>\d+), Authoritarian (?P<a>\d+); VP")
ROLLS = re.compile(r"war rolls: Authoritarian (\d+)\+(-?\d+)=(-?\d+), Liberal (\d+)\+(-?\d+)=(-?\d+)")
STAB = re.compile(r"^(?P<seat>[LA]) plays the Stability card (?P<name>.*)$")
PLAYS = re.compile(r"^(?P<seat>[LA]) plays (?P<name>.*?)(?: as an event| for a naval attempt)?$")


def play(job: tuple[int, str, dict[str, Any], dict[str, Any]]) -> dict[str, Any]:
    """One seeded game; what the tables need."""
    seed, bots_spec, options, override = job
    game: Any = get_game(GAME)
    opts = game.normalize_options(options)
    state = setup(load_content(override or None), dict(opts), seed, None)
    bots = {seat: make_bot(bots_spec, bot_seed(seed, i)) for i, seat in enumerate(game.seats(state))}
    log: list[LogEntry] = []
    sources: Counter[str] = Counter()
    vp_by_turn: dict[int, int] = {}
    stab: list[tuple[str, str]] = []
    scorings: list[tuple[str, str, int, int]] = []  # (when, region, Liberal, Authoritarian)
    phase = "play"
    rolls: tuple[int, ...] | None = None
    last_card: dict[str, str] = {}
    event_vp: Counter[str] = Counter()
    crisis_source = ""
    war_control: dict[str, str | None] | None = None
    at_war: dict[str, Any] | None = None
    mob_vp: Counter[str] = Counter()
    while True:
        acting = game.to_act(state)
        if not acting:
            break
        # seats deciding at once (sealed Stability choices) all choose on the same position, as
        # realpolitik simulate does (sim/play.py)
        chosen = [(seat, bots[seat].choose(game, state, seat)) for seat in acting]
        for seat, action in chosen:
            game.apply(state, seat, action, log)
        for e in log:
            text = e.text
            if text.startswith("the Great War breaks out"):
                phase = "war"
            if (m := PLAYS.match(text)) and "Stability card" not in text:
                last_card[m["seat"]] = m["name"]
                last_card["_"] = m["name"]
            if m := GAIN.match(text):
                n = int(m["n"]) * (1 if m["verb"] == "gains" else -1) * (1 if m["seat"] == "L" else -1)
                why = m["why"]
                key = why
                if e.rule == "§8.4.4":  # a Mobilization card's VP
                    key = "mobilization cards"
                    mob_vp[why] += n
                elif why == "event":
                    event_vp[last_card.get("_", "?")] += n
                elif "tension" in why:
                    key = "tension"
                elif (
                    why not in ("the Great War", "Express Great War", "Absolutist Rule")
                    and "Eight" not in why
                ):
                    key = "naval"
                sources[key] += n
            elif m := SCORED.match(text):
                net = int(m["l"]) - int(m["a"])
                where = {"play": "scoring", "war": "war scoring"}[phase]
                if phase == "play" and state.final_scoring:
                    where = "final scoring"
                sources[f"{where}: {m['region']}"] += net
                scorings.append((where, m["region"], int(m["l"]), int(m["a"])))
            elif m := STAB.match(text):
                stab.append((m["seat"], m["name"]))
            elif m := ROLLS.search(text):
                rolls = tuple(int(x) for x in m.groups())
            elif text.startswith("the Great War breaks out"):
                crisis_source = last_card.get("_", "?")
        log.clear()
        if phase == "war" and war_control is None:
            war_control = {sid: controller(state, sid) for sid in state.content.spaces}
            mods = modifiers(state)
            # the position the war starts from: the VP, each region's points as final scoring would
            # count them now (8.4.5), the war modifiers (8.4.2) the standard war would roll with
            at_war = {
                "vp": state.vp,
                "points": {r: list(p) for r, p in region_scores(state).items()},
                "edge": mods["L"] - mods["A"],
                "mods": [mods["L"], mods["A"]],
                "turn": state.turn,
            }
        vp_by_turn[state.turn] = state.vp
    outcome = game.outcome(state)
    # control when the war broke out (before War Losses), else at the end
    control = war_control or {sid: controller(state, sid) for sid in state.content.spaces}
    return {
        "seed": seed,
        "winners": list(outcome.winners),
        "result": outcome.summary,
        "turn": state.turn,
        "vp": state.vp,
        "war_winner": state.war_winner,
        "rolls": rolls,
        "sources": dict(sources),
        "event_vp": dict(event_vp),
        "vp_by_turn": vp_by_turn,
        "stab": stab,
        "scorings": scorings,
        "control": control,
        "crisis_source": crisis_source,
        "at_war": at_war,
        "war_regions": [r for when, r, _l, _a in scorings if when == "war scoring"],
        "mob_vp": dict(mob_vp),
        "mob": _mobilization_record(state),
        "gw_track": list(state.gw_track),
        "markers": list(state.markers),
    }


def _mobilization_record(state: Any) -> dict[str, Any] | None:
    """8.4.4: the nations at war, each side's picks and each card's outcome."""
    mob = state.mobilization
    if mob is None:
        return None
    return {
        "nations": dict(mob["nations"]),
        "picks": {s: list(c) for s, c in mob["picks"].items()},
        "outcome": dict(mob["outcome"]),
    }


def war_report(games: list[dict[str, Any]]) -> None:
    """Where the war's result comes from: the position it starts from (VP and the participating
    regions' points, which 8.4.5 scores) against what the war itself adds (8.4.2-8.4.3's roll and
    War Losses, or 8.4.4's cards), and who wins from each."""
    wars = [g for g in games if g["at_war"] is not None and g["war_regions"]]
    if not wars:
        return
    start, base, added = [], [], []
    lead_wins: Counter[str] = Counter()
    for g in wars:
        pts = g["at_war"]["points"]
        b = sum(pts[r][0] - pts[r][1] for r in g["war_regions"])
        s = g["at_war"]["vp"] + b
        start.append(g["at_war"]["vp"])
        base.append(b)
        added.append(g["vp"] - s)
        side = "L" if s > 0 else "A" if s < 0 else "level"
        won = g["winners"][0] if len(g["winners"]) == 1 else "both"
        lead_wins[f"{side}->{won}"] += 1
    n = len(wars)
    total = [a + b for a, b in zip(start, base, strict=True)]
    mods_l = mean([g["at_war"]["mods"][0] for g in wars])
    mods_a = mean([g["at_war"]["mods"][1] for g in wars])
    regions = Counter(r for g in wars for r in g["war_regions"])
    print(
        f"war position ({n} wars): VP at the outbreak {mean(start):+.2f}; "
        f"participants' points {mean(base):+.2f}"
    )
    print(
        f"  sum (a war that changed nothing) {mean(total):+.2f}; "
        f"the war added {mean(added):+.2f} (sd {_sd(added):.2f})"
    )
    print(f"  war modifiers L {mods_l:+.2f} A {mods_a:+.2f}; regions scored: " + _counts(regions))
    print(
        "  who led before the war -> who won: " + ", ".join(f"{k} {c}" for k, c in sorted(lead_wins.items()))
    )
    mobs = [g for g in wars if g["mob"] is not None]
    if mobs:
        vp: Counter[str] = Counter()
        for g in mobs:
            vp.update(g["mob_vp"])
        print(
            "  Mobilization cards' VP per war (Liberal +): "
            + ", ".join(
                f"{k} {v / len(mobs):+.2f}" for k, v in sorted(vp.items(), key=lambda kv: -abs(kv[1]))
            )
        )
        picked: Counter[str] = Counter()
        valid: Counter[str] = Counter()
        for g in mobs:
            for side, cards in g["mob"]["picks"].items():
                for c in cards:
                    picked[f"{side}:{c}"] += 1
                    valid[f"{side}:{c}"] += g["mob"]["outcome"].get(c) == "valid"
        print("  picks (valid/picked): " + ", ".join(f"{k} {valid[k]}/{c}" for k, c in picked.most_common()))
        nations = Counter(f"{n}:{s}" for g in mobs for n, s in g["mob"]["nations"].items())
        print("  nations at war: " + ", ".join(f"{k} {c}" for k, c in nations.most_common()))


def _counts(counts: Counter[str]) -> str:
    return ", ".join(f"{k} {c}" for k, c in counts.most_common())


def _sd(values: list[float]) -> float:
    if len(values) < 2:
        return 0.0
    m = mean(values)
    return float((sum((v - m) ** 2 for v in values) / (len(values) - 1)) ** 0.5)


def end_kind(result: str) -> str:
    for key, label in (
        ("Great War", "Great War"),
        ("reaches", "20 VP"),
        ("Control of Germany", "Germany Control"),
        ("Germany", "Germany Control"),
        ("Scoring card", "held Scoring card"),
        ("final scoring", "final scoring"),
    ):
        if key in result:
            return label
    return result[:40]


def report(games: list[dict[str, Any]], label: str) -> dict[str, Any]:
    n = len(games)
    lib = sum(1 for g in games if g["winners"] == ["L"])
    auth = sum(1 for g in games if g["winners"] == ["A"])
    draws = n - lib - auth
    print(f"\n== {label}: {n} games")
    print(f"Liberal wins {fmt_rate(lib, n)}; Authoritarian {fmt_rate(auth, n)}; shared {draws}")
    ends = Counter(end_kind(g["result"]) for g in games)
    for kind, c in ends.most_common():
        wins = Counter(
            g["winners"][0] if len(g["winners"]) == 1 else "draw"
            for g in games
            if end_kind(g["result"]) == kind
        )
        print(f"  ends by {kind}: {c} ({100 * c / n:.1f}%) L {wins['L']} A {wins['A']} draw {wins['draw']}")
    print(f"mean end turn {mean([g['turn'] for g in games]):.2f}")
    print(f"final VP {mean([g['vp'] for g in games]):+.2f}")
    src: Counter[str] = Counter()
    for g in games:
        src.update(g["sources"])
    print("VP per game by source (Liberal +):")
    for key, v in sorted(src.items(), key=lambda kv: -abs(kv[1])):
        print(f"  {key:32s} {v / n:+.2f}")
    turns: dict[int, list[int]] = defaultdict(list)
    for g in games:
        for t, v in g["vp_by_turn"].items():
            turns[int(t)].append(v)
    print(
        "VP at the end of turn (games still running): "
        + ", ".join(f"{t}: {mean(v):+.1f} ({len(v)})" for t, v in sorted(turns.items()))
    )
    wars = [g for g in games if g["rolls"] is not None]
    if wars:
        ww = Counter(g["war_winner"] or "tie" for g in wars)
        ma = mean([g["rolls"][1] for g in wars])
        ml = mean([g["rolls"][4] for g in wars])
        print(f"war: {len(wars)} games; won L {ww['L']} A {ww['A']} tie {ww['tie']}")
        print(f"  mean modifiers A {ma:+.2f} L {ml:+.2f}")
        pre = Counter(g["crisis_source"] for g in wars)
        print("  the war broke out after: " + ", ".join(f"{k} {c}" for k, c in pre.most_common(8)))
        track = Counter(m for g in wars for m in g["gw_track"])
        print("  track markers at war: " + ", ".join(f"{k} {c}" for k, c in track.most_common()))
        mk = Counter(m for g in wars for m in g["markers"])
        print("  markers at war: " + ", ".join(f"{k} {c}" for k, c in mk.most_common(10)))
    per: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for g in games:
        for when, region, lp, ap in g["scorings"]:
            per[(when, region)].append((lp, ap))
    print("scorings: count, mean Liberal and Authoritarian points, Liberal ahead / level / behind:")
    for (when, region), pts in sorted(per.items()):
        ahead = sum(1 for lp, ap in pts if lp > ap)
        level = sum(1 for lp, ap in pts if lp == ap)
        print(
            f"  {when:13s} {region:16s} {len(pts):4d}  L {mean([p[0] for p in pts]):.2f}  "
            f"A {mean([p[1] for p in pts]):.2f}  {ahead}/{level}/{len(pts) - ahead - level}"
        )
    ev: Counter[str] = Counter()
    for g in games:
        ev.update(g["event_vp"])
    print(
        "event VP by card (net per game, Liberal +): "
        + ", ".join(f"{k} {v / n:+.2f}" for k, v in sorted(ev.items(), key=lambda kv: -abs(kv[1]))[:12])
    )
    st = Counter(f"{s}:{name}" for g in games for s, name in g["stab"])
    print("Stability cards played: " + ", ".join(f"{k} {c}" for k, c in st.most_common(20)))
    ctl: dict[str, Counter[str]] = defaultdict(Counter)
    for g in games:
        for sid, who in g["control"].items():
            ctl[sid][who or "-"] += 1
    print("control when the war broke out or at the end (L/A/none per game, most Liberal first):")
    rows = sorted(ctl.items(), key=lambda kv: -(kv[1]["L"] - kv[1]["A"]))
    print("  " + "; ".join(f"{sid} {c['L']}/{c['A']}/{c['-']}" for sid, c in rows))
    return {
        "games": n,
        "liberal": lib,
        "authoritarian": auth,
        "shared": draws,
        "sources": {k: v / n for k, v in src.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--override", type=Path, help="a TOML override of data values")
    parser.add_argument("--option", action="append", default=[], help="KEY=JSON game option")
    parser.add_argument("--json", type=Path, help="write the per-game records here")
    args = parser.parse_args()
    override = tomllib.loads(args.override.read_text()) if args.override else {}
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    jobs = [(args.seed + i, args.bots, options, override) for i in range(args.games)]
    t0 = time.time()
    games = list(in_processes(play, jobs, args.workers))
    print(f"{len(games)} games in {time.time() - t0:.0f} s")
    report(games, str(args.override or "shipped content"))
    war_report(games)
    if args.json:
        args.json.write_text(json.dumps(games))


if __name__ == "__main__":
    main()
