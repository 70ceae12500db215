"""Build hook: the package metadata is in pyproject.toml.

With ``REALPOLITIK_MYPYC=1`` the rules of every game that lists them (and the engine's random
generator and flow) are compiled to C extensions with mypyc, about three times as fast for
simulation and search; without it (the default, and any editable install) the package is pure
Python. Same code, same results: the compiled build runs the rules, bot and simulation tests too
(``make test``). See docs/performance.md.

A game opts in with a ``mypyc.txt`` in its folder: the modules its playout loop runs, one path per
line relative to the folder (``#`` starts a comment). Nothing here names a game.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

ENGINE = [
    "src/realpolitik/engine/rng.py",
    "src/realpolitik/engine/flow.py",
    "src/realpolitik/engine/observation.py",
]


def game_modules() -> list[str]:
    """Every module the games' ``mypyc.txt`` files list, as paths from the project root."""
    found: list[str] = []
    for manifest in sorted(Path("src/realpolitik/games").glob("*/mypyc.txt")):
        for line in manifest.read_text(encoding="utf-8").splitlines():
            entry = line.split("#", 1)[0].strip()
            if entry:
                path = manifest.parent / entry
                if not path.is_file():
                    raise SystemExit(f"{manifest}: no module {entry}")
                found.append(path.as_posix())
    return found


COMPILED = [*ENGINE, *game_modules()]
"""The modules the playout loop runs; everything else (content loading, web, CLI) stays Python."""

ext_modules = []
if os.environ.get("REALPOLITIK_MYPYC") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3", debug_level="0")

setup(ext_modules=ext_modules)
