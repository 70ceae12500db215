"""The adapters' tests need the research extra (PettingZoo, Gymnasium, OpenSpiel): skipped, with
the reason, where it is not installed."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the research extra is not installed")
pytest.importorskip("gymnasium", reason="the research extra is not installed")
