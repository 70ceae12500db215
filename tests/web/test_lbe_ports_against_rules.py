"""The page's dispute numbers and objectives are the rules' own, in many positions (issue 19). La Belle
Époque's ``ui/static/dispute.js`` (what the dispute dialog shows) run in Node on the seat's view and the
printed board, against ``rules/dispute.py`` (``modifier``, ``fleet_cost``) and the bots'
``ai/evaluation.py`` (``dice_odds``, ``_potential``) on the same state: every legal commitment of every
dispute of two seeded random games, and each position again with Superior Doctrine and every Great Work
built (the Kiel Canal's price, HMS Dreadnought's naval lead); and ``ui/static/objectives.js`` (the
National Objectives met or not) against ``rules/scoring.py`` ``objective_met`` at every 10th position of
a game. The browser test (``test_lbe_decisions_in_browser.py``) checks the same numbers on the page
itself."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from realpolitik.engine import get_game
from realpolitik.engine.match import Match
from realpolitik.games.belle_epoque.rules.scoring import objective_met
from realpolitik.games.belle_epoque.rules.view import view
from realpolitik.games.belle_epoque.ui.web import board

from .lbe_support import reference_odds

STATIC = Path(__file__).resolve().parents[2] / "src/realpolitik/games/belle_epoque/ui/static"

RUNNER = """
import { readFileSync } from "node:fs";
import { analyse, standing } from "./dispute.mjs";
const cases = JSON.parse(readFileSync(0, "utf8"));
const out = cases.map((c) => {
  const r = analyse(c.board, c.view, c.seat, c.commits, c.log);
  const now = standing(c.board, c.view, c.log);
  return {
    standing: [now.a, now.d, now.odds.win, now.odds.lose, now.odds.tie],
    stage: r.stage,
    rows: r.options.map((o) => {
      const all = o.all || o.now;
      return [o.text, o.mine.total, o.cost, o.now.win, o.now.lose, o.now.tie, all.win, all.lose, all.tie];
    }),
  };
});
process.stdout.write(JSON.stringify(out));
"""


def _positions(seed: int) -> list[tuple[Any, str, list[str], list[dict[str, Any]]]]:
    """Every decision of a seeded random game where a Power chooses among several commitments."""
    match = Match(get_game("la-belle-epoque"), {}, seed)
    rng = random.Random(seed)
    found = []
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_notations(seat)
        commits = [a for a in legal if a.startswith("commit")]
        if len(commits) > 1 and not match.state.is_np(seat):
            log = [{"text": e.text, "seat": e.seat} for e in match.visible_log(seat)]
            found.append((match.state.clone(), seat, commits, log))
        match.play(seat, rng.choice(legal))
    return found


def test_the_pages_dispute_numbers_equal_the_rules_in_every_dispute_of_two_games(tmp_path: Path) -> None:
    node = shutil.which("node")
    if not node:
        pytest.skip("Node.js is not installed (the port is checked in the browser test too)")
    shutil.copy(STATIC / "dispute.js", tmp_path / "dispute.mjs")
    (tmp_path / "run.mjs").write_text(RUNNER, encoding="utf-8")
    parse = Match(get_game("la-belle-epoque"), {}, 0).parse
    cases: list[dict[str, Any]] = []
    expected: list[dict[str, Any]] = []
    printed: dict[str, Any] | None = None
    for seed in (5, 6):
        for state, seat, commits, log in _positions(seed):
            variants = [state]
            # The same position with every bonus a Power may have built or played for good.
            boosted = state.clone()
            boosted.powers["CE"].superior_doctrine = True
            for power in boosted.powers.values():
                power.great_work = True
            variants.append(boosted)
            for variant in variants:
                printed = printed or json.loads(json.dumps(board(variant.content)))
                cases.append({"view": view(variant, seat), "seat": seat, "commits": commits, "log": log})
                expected.append(reference_odds(variant, seat, commits, parse))
    assert len(cases) >= 100, len(cases)  # 104 with these seeds
    for case in cases:
        case["board"] = printed
    result = subprocess.run(
        [node, str(tmp_path / "run.mjs")],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    got = json.loads(result.stdout)
    for case, want, have in zip(cases, expected, got, strict=True):
        assert have == want, (case["seat"], case["view"]["dispute"], case["commits"])


OBJECTIVES = """
import { readFileSync } from "node:fs";
import { objectiveMet } from "./objectives.mjs";
const c = JSON.parse(readFileSync(0, "utf8"));
const out = c.views.map((view) => Object.entries(c.board.powers).flatMap(([p, power]) =>
  power.objectives.map((o) => objectiveMet(c.board, view, p, o))));
process.stdout.write(JSON.stringify(out));
"""


def test_the_pages_objectives_are_met_exactly_when_the_rules_say(tmp_path: Path) -> None:
    node = shutil.which("node")
    if not node:
        pytest.skip("Node.js is not installed (the browser test checks the objectives too)")
    shutil.copy(STATIC / "objectives.js", tmp_path / "objectives.mjs")
    (tmp_path / "run.mjs").write_text(OBJECTIVES, encoding="utf-8")
    views: list[Any] = []
    expected: list[list[bool]] = []
    for seed in (7, 8):
        match = Match(get_game("la-belle-epoque"), {}, seed)
        rng = random.Random(seed)
        moves = 0
        while not match.is_over():
            if moves % 10 == 0:
                state = match.state
                views.append(view(state, None))
                expected.append(
                    [
                        objective_met(state, o)
                        for p in state.content.power_ids
                        for o in state.content.powers[p].objectives
                    ]
                )
            seat = match.to_act()[0]
            match.play(seat, rng.choice(match.legal_notations(seat)))
            moves += 1
    assert any(any(row) for row in expected)  # some objectives are met along the way
    printed = json.loads(json.dumps(board(match.state.content)))
    result = subprocess.run(
        [node, str(tmp_path / "run.mjs")],
        input=json.dumps({"board": printed, "views": views}),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(result.stdout) == expected
