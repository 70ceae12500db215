"""Writing a fixed-length observation for research (the games' own encodings, docs/research.md).

An observation is mostly zeros and mostly one-hot blocks. Building it number by number as a
Python list, and converting the whole list later, was most of an environment step; a game's
encoding instead writes its fields left to right into an :class:`ObservationWriter`, which keeps
only the non-zero numbers: the positions holding a 1 (``ones``) and the other numbers with their
positions (``numbers``, ``values``). An environment fills a zeroed array with these alone
(``observe_split`` on the encoding protocol, :mod:`realpolitik.engine.plugin`); :meth:`dense`
gives the whole list (``observe``).

Compiled with the engine's random generator and flow in the fast build (``setup.py``), so the
games' compiled encodings call it natively.
"""

from __future__ import annotations

from collections.abc import Sequence


class ObservationWriter:
    """A left-to-right writer of an observation of ``size`` numbers (see the module)."""

    __slots__ = ("numbers", "ones", "pos", "size", "values")

    def __init__(self, size: int) -> None:
        self.size = size
        self.pos = 0
        self.ones: list[int] = []
        self.numbers: list[int] = []
        self.values: list[float] = []

    def one_hot(self, size: int, at: int | None) -> None:
        """A block of ``size`` with a 1 at ``at``; none when ``at`` is None or outside it."""
        if at is not None and 0 <= at < size:
            self.ones.append(self.pos + at)
        self.pos += size

    def add(self, value: float) -> None:
        """The next number."""
        if value == 1.0:
            self.ones.append(self.pos)
        elif value != 0.0:
            self.numbers.append(self.pos)
            self.values.append(value)
        self.pos += 1

    def flag(self, on: bool) -> None:
        """The next number, 1 or 0."""
        if on:
            self.ones.append(self.pos)
        self.pos += 1

    def extend(self, values: list[float]) -> None:
        """The next ``len(values)`` numbers."""
        start = self.pos
        ones, numbers, kept = self.ones, self.numbers, self.values
        for i in range(len(values)):  # an index loop over a list: native when compiled
            value = values[i]
            if value == 1.0:
                ones.append(start + i)
            elif value != 0.0:
                numbers.append(start + i)
                kept.append(value)
        self.pos = start + len(values)

    def mark(self, size: int, at: Sequence[int]) -> None:
        """A block of ``size`` flags with a 1 at each of ``at``."""
        pos = self.pos
        for i in at:
            self.ones.append(pos + i)
        self.pos += size

    def skip(self, size: int) -> None:
        """``size`` zeros."""
        self.pos += size

    def set(self, at: int) -> None:
        """A 1 at ``at``, an absolute position (a block written out of order), without moving on."""
        self.ones.append(at)

    def put(self, at: int, value: float) -> None:
        """``value`` at ``at``, an absolute position written once, without moving on."""
        if value == 1.0:
            self.ones.append(at)
        elif value != 0.0:
            self.numbers.append(at)
            self.values.append(value)

    def check(self) -> None:
        """The fields and the writer must agree, or every number after a slip is shifted."""
        if self.pos != self.size:
            raise AssertionError(f"observation wrote {self.pos} numbers, its fields say {self.size}")

    def dense(self) -> list[float]:
        """The whole observation as a list."""
        out = [0.0] * self.size
        for i in self.ones:
            out[i] = 1.0
        numbers, values = self.numbers, self.values
        for k in range(len(numbers)):
            out[numbers[k]] = values[k]
        return out
