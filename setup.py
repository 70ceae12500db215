"""Build hook: the package metadata is in pyproject.toml.

With ``REALPOLITIK_MYPYC=1`` the rules of La Belle Époque (and the engine's random generator) are
compiled to C extensions with mypyc, about twice as fast for simulation and search; without it
(the default, and any editable install) the package is pure Python. Same code, same results: the
compiled build runs the rules, bot and simulation tests too (``make test``). See
docs/performance.md.
"""

from __future__ import annotations

import os

from setuptools import setup

GAME = "src/realpolitik/games/belle_epoque"
RULES = f"{GAME}/rules"
COMPILED = [
    "src/realpolitik/engine/rng.py",
    "src/realpolitik/engine/flow.py",
    f"{GAME}/game.py",
    *(
        f"{RULES}/{name}.py"
        for name in (
            "actions",
            "action_phase",
            "board",
            "decisions",
            "dispute",
            "events",
            "intrigue",
            "prestige",
            "reactions",
            "scoring",
            "setup",
            "state",
            "turn",
        )
    ),
    *(f"{RULES}/cards/{name}.py" for name in ("play", "placement", "primitives", "resolution")),
    *(f"{RULES}/np/{name}.py" for name in ("__init__", "dice", "empire", "missions", "phase", "targets")),
    *(f"{GAME}/ai/{name}.py" for name in ("determinize", "evaluation")),
    *(
        f"{GAME}/content/{name}.py"
        for name in ("cards", "effects", "map", "model", "powers", "rules", "tracks")
    ),
]
"""The modules the playout loop runs; everything else (content loading, web, CLI) stays Python."""

ext_modules = []
if os.environ.get("REALPOLITIK_MYPYC") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3", debug_level="0")

setup(ext_modules=ext_modules)
