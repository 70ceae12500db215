"""Which build of the rules is under test: ``make test-compiled`` sets REALPOLITIK_EXPECT_COMPILED=1
so that a compiled run that silently fell back to pure Python fails instead of passing."""

from __future__ import annotations

import os

from realpolitik.engine import get_game
from realpolitik.sim.bench import build_of

COMPILED_MODULES = (
    "realpolitik.engine.rng",
    "realpolitik.games.belle_epoque.rules.board",
    "realpolitik.games.belle_epoque.rules.action_phase",
    "realpolitik.games.belle_epoque.rules.cards.play",
    "realpolitik.games.belle_epoque.rules.state",
)


def _is_extension(module_name: str) -> bool:
    module = __import__(module_name, fromlist=["_"])
    return str(module.__file__).endswith((".so", ".pyd"))


def test_build_under_test_is_the_one_reported() -> None:
    if os.environ.get("REALPOLITIK_EXPECT_COMPILED") == "1":
        assert all(_is_extension(name) for name in COMPILED_MODULES), "the compiled build fell back to Python"
    compiled = _is_extension("realpolitik.games.belle_epoque.game")
    expected = "compiled rules (mypyc)" if compiled else "pure-Python rules"
    assert build_of(get_game("la-belle-epoque")) == expected
