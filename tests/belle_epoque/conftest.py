"""Fixtures for the content tests: the shipped content and the two rulebook texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from realpolitik.games.belle_epoque.content import Content, load_content

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
"""The read-only reference folder beside the project (``../shared``)."""
RULEBOOK_EN = SHARED / "seeds" / "000_9d0421f7852b02bd.txt"
RULEBOOK_IT = SHARED / "seeds" / "003_85ded9f1ced5491d.txt"


@pytest.fixture(scope="session")
def content() -> Content:
    return load_content()


def _read(path: Path) -> str:
    if not path.exists():
        pytest.skip(f"reference text not available: {path}")
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def rulebook_en() -> str:
    return _read(RULEBOOK_EN)


@pytest.fixture(scope="session")
def rulebook_it() -> str:
    return _read(RULEBOOK_IT)
