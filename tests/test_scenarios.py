"""Every scenario file under tests/ must pass (the rulebook examples are written as these)."""

from __future__ import annotations

from pathlib import Path

import pytest

from realpolitik.engine.scenario import check_file

SCENARIOS = sorted(Path(__file__).parent.rglob("scenarios/**/*.toml"))


def test_scenarios_exist():
    assert len(SCENARIOS) >= 2


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(Path(__file__).parent)))
def test_scenario(path: Path):
    result = check_file(path)
    problems = [f"step {c.step}: {c.what}: {c.detail}" for c in result.failures]
    if result.error:
        problems.append(result.error)
    assert result.passed, "\n".join(problems)
    assert result.checks, "a scenario must check something"
