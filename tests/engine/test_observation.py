"""The observation writer the games' encodings share (engine/observation.py)."""

from __future__ import annotations

import pytest

from realpolitik.engine.observation import ObservationWriter


def test_every_way_of_writing_lands_where_the_fields_say() -> None:
    w = ObservationWriter(16)
    w.one_hot(3, 2)  # 0-2: a 1 at 2
    w.one_hot(2, None)  # 3-4: nothing
    w.one_hot(2, 5)  # 5-6: outside the block, nothing
    w.add(0.0)  # 7
    w.add(1.0)  # 8
    w.add(-2.5)  # 9
    w.flag(True)  # 10
    w.extend([0.0, 3.0])  # 11-12
    w.mark(2, [1])  # 13-14: a 1 at 14
    w.skip(1)  # 15
    w.put(7, 4.0)  # back at 7, without moving on
    w.set(3)
    w.check()
    assert w.dense() == [0, 0, 1, 1, 0, 0, 0, 4, 1, -2.5, 1, 0, 3, 0, 1, 0]
    assert sorted(w.ones) == [2, 3, 8, 10, 14]
    assert dict(zip(w.numbers, w.values, strict=True)) == {9: -2.5, 12: 3.0, 7: 4.0}


def test_a_writer_that_wrote_too_little_or_too_much_says_so() -> None:
    w = ObservationWriter(3)
    w.add(1.0)
    with pytest.raises(AssertionError, match="wrote 1 numbers, its fields say 3"):
        w.check()
    w.skip(3)
    with pytest.raises(AssertionError, match="wrote 4 numbers"):
        w.check()
