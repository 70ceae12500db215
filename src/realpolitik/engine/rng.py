"""Deterministic randomness that lives inside the game state.

Every die and every shuffle in every game goes through :class:`Rng`. Its whole state is two 64-bit
integers and a counter, so it is serialised with the game, cloned for search in a few nanoseconds,
and gives the same numbers on any machine for the same seed: nothing reads the clock or the global
``random`` module.

The generator is PCG32 (permuted congruential generator, XSH-RR output, 64-bit state), chosen for
its tiny state and good statistical quality; bounded draws use rejection, so they are unbiased.

Scenario files script dice: :meth:`Rng.script_dice` queues die results that :meth:`Rng.die` hands
out before it touches the generator (shuffles are never scripted).

>>> rng = Rng.from_seed(42)
>>> [rng.die() for _ in range(5)]
[4, 4, 3, 2, 2]
>>> rng.script_dice([4, 2])
>>> rng.die(), rng.die()
(4, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, TypeVar

from .errors import DiceScriptError

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULTIPLIER = 6364136223846793005
_DEFAULT_STREAM = 54  # any constant works; it selects one of 2**63 independent sequences

T = TypeVar("T")


class Rng:
    """A PCG32 generator whose state is plain data (see the module docstring)."""

    __slots__ = ("_script", "draws", "inc", "state")

    def __init__(self, state: int, inc: int, draws: int = 0) -> None:
        if not 0 <= state <= _MASK64 or not 0 <= inc <= _MASK64 or inc % 2 == 0:
            raise ValueError("PCG32 state must be 64-bit and the increment odd")
        self.state = state
        self.inc = inc
        self.draws = draws
        """How many random values were handed out (scripted dice included). It only grows, so a
        change tells the match that randomness was consumed and undo must stop there."""
        self._script: list[int] | None = None

    @classmethod
    def from_seed(cls, seed: int, stream: int = _DEFAULT_STREAM) -> Rng:
        """The generator for ``seed`` (any integer; it is reduced to 64 bits)."""
        rng = cls(0, ((stream << 1) | 1) & _MASK64)
        rng._step()
        rng.state = (rng.state + (seed & _MASK64)) & _MASK64
        rng._step()
        return rng

    def _step(self) -> None:
        self.state = (self.state * _MULTIPLIER + self.inc) & _MASK64

    def next_u32(self) -> int:
        """The next raw 32-bit output."""
        old = self.state
        self.state = (old * _MULTIPLIER + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if not 0 < n <= _MASK32 + 1:
            raise ValueError(f"below() needs 0 < n <= 2**32, got {n}")
        self.draws += 1
        threshold = (_MASK32 + 1 - n) % n
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % n

    def die(self, sides: int = 6) -> int:
        """Roll one die: a scripted value if a scenario queued one, else a fresh roll."""
        script = self._script
        if script is not None:
            if not script:
                raise DiceScriptError("the action rolled more dice than the scenario scripted")
            value = script.pop(0)
            if not 1 <= value <= sides:
                raise DiceScriptError(f"scripted die {value} is not a face of a d{sides}")
            self.draws += 1
            return value
        return self.below(sides) + 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    # -- scripted dice (scenario files) -------------------------------------------------------

    def script_dice(self, values: Iterable[int]) -> None:
        """Queue die results for the next :meth:`die` calls (strict: no more, no fewer)."""
        self._script = [int(v) for v in values]

    def end_script(self) -> list[int]:
        """Stop scripting; returns the scripted values that were not rolled."""
        left, self._script = self._script or [], None
        return left

    # -- state ---------------------------------------------------------------------------------

    def clone(self) -> Rng:
        """An independent generator at the same point. A dice script is not copied: it belongs
        to the live scenario step, not to copies made for search or undo."""
        return Rng(self.state, self.inc, self.draws)

    def to_json(self) -> dict[str, Any]:
        """Hex strings keep the 64-bit values exact in any JSON reader."""
        return {"state": f"{self.state:016x}", "inc": f"{self.inc:016x}", "draws": self.draws}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rng:
        return cls(int(data["state"], 16), int(data["inc"], 16), int(data["draws"]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng):
            return NotImplemented
        return (self.state, self.inc, self.draws) == (other.state, other.inc, other.draws)

    def __hash__(self) -> int:
        return hash((self.state, self.inc, self.draws))

    def __repr__(self) -> str:
        return f"Rng(state=0x{self.state:016x}, inc=0x{self.inc:016x}, draws={self.draws})"
