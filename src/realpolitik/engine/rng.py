"""Deterministic randomness that lives inside the game state.

Every die and every shuffle in every game goes through :class:`Rng`. Its whole state is two 64-bit
integers and a counter, so it is serialised with the game, cloned for search in a few nanoseconds,
and gives the same numbers on any machine for the same seed: nothing reads the clock or the global
``random`` module.

The generator is PCG32 (permuted congruential generator, XSH-RR output, 64-bit state), chosen for
its tiny state and good statistical quality; bounded draws use rejection, so they are unbiased.

Scenario files script dice: :meth:`Rng.script_dice` queues die results that :meth:`Rng.die` hands
out before it touches the generator (shuffles are never scripted).

**Keyed generator (online games).** PCG32 is fast but not cryptographic: from a few observed dice
and shuffles its 64-bit state can be searched for, and with it every hand and every future die. A
game served to people who must not know the future is set up from a *keyed seed*
(:func:`new_keyed_seed`: a 256-bit secret key, marked by bit 256) and :meth:`Rng.from_seed` then
returns a :class:`KeyedRng`: each 32-bit output is a word of keyed BLAKE2b (a pseudo-random
function) of a block counter, so outputs tell nothing about the key or about the outputs to come
without breaking BLAKE2b, while the same key and actions still replay the same game. It has the
same interface as :class:`Rng` (it is one), so games need no change: they call
``Rng.from_seed(seed)`` and the seed decides which generator they get. Simulation, search and the
terminal keep PCG32 (any seed below ``KEY_MARK``).

>>> rng = Rng.from_seed(42)
>>> [rng.die() for _ in range(5)]
[4, 4, 3, 2, 2]
>>> rng.script_dice([4, 2])
>>> rng.die(), rng.die()
(4, 2)
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, Final, TypeVar

from .errors import DiceScriptError

_MASK64: Final = (1 << 64) - 1
_MASK32: Final = (1 << 32) - 1
_MULTIPLIER: Final = 6364136223846793005
_DEFAULT_STREAM: Final = 54  # any constant works; it selects one of 2**63 independent sequences

KEY_BITS: Final = 256
"""Bits of secret in a keyed seed (at least 128 are needed; 256 leaves a wide margin)."""
KEY_MARK: Final = 1 << KEY_BITS
"""A keyed seed is ``KEY_MARK | key`` with ``0 <= key < KEY_MARK``: no PCG32 seed anyone uses is in
that range, so an integer seed says by itself which generator it makes."""
_KEY_PREFIX: Final = "key:"
_WORDS_PER_BLOCK: Final = 16  # one 64-byte BLAKE2b digest is sixteen 32-bit words

T = TypeVar("T")


def new_keyed_seed() -> int:
    """A fresh keyed seed: 256 bits from the operating system's secure generator."""
    return KEY_MARK | secrets.randbits(KEY_BITS)


def is_keyed(seed: int) -> bool:
    """Whether ``seed`` makes the keyed generator (:class:`KeyedRng`) rather than PCG32."""
    return KEY_MARK <= seed < KEY_MARK << 1


def seed_to_text(seed: int) -> int | str:
    """A seed as it goes in JSON: a keyed seed as ``"key:<64 hex digits>"`` (a JSON reader that
    keeps numbers as doubles, such as a browser's, would round a 257-bit integer), any other as
    the integer itself."""
    if is_keyed(seed):
        return f"{_KEY_PREFIX}{seed - KEY_MARK:064x}"
    return seed


def seed_from_text(value: int | str) -> int:
    """Read back what :func:`seed_to_text` wrote; ``ValueError`` for anything else."""
    if isinstance(value, int):
        return value
    if not value.startswith(_KEY_PREFIX):
        raise ValueError(f"a seed is an integer or {_KEY_PREFIX!r} and 64 hex digits")
    digits = value[len(_KEY_PREFIX) :]
    if len(digits) != KEY_BITS // 4 or any(c not in "0123456789abcdefABCDEF" for c in digits):
        raise ValueError(f"a key is {KEY_BITS // 4} hex digits")
    return KEY_MARK | int(digits, 16)


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

    @staticmethod
    def from_seed(seed: int, stream: int = _DEFAULT_STREAM) -> Rng:
        """The generator for ``seed``: a :class:`KeyedRng` for a keyed seed (:func:`is_keyed`;
        ``stream`` then selects an independent key), otherwise PCG32 (the seed is reduced to 64
        bits)."""
        if is_keyed(seed):
            return KeyedRng.from_key((seed - KEY_MARK).to_bytes(KEY_BITS // 8, "big"), stream)
        rng = Rng(0, ((stream << 1) | 1) & _MASK64)
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

    @staticmethod
    def from_json(data: dict[str, Any]) -> Rng:
        if "key" in data:
            return KeyedRng(bytes.fromhex(data["key"]), int(data["counter"]), int(data["draws"]))
        return Rng(int(data["state"], 16), int(data["inc"], 16), int(data["draws"]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng):
            return NotImplemented
        if isinstance(other, KeyedRng):
            return False
        return (self.state, self.inc, self.draws) == (other.state, other.inc, other.draws)

    def __hash__(self) -> int:
        return hash((self.state, self.inc, self.draws))

    def __repr__(self) -> str:
        return f"Rng(state=0x{self.state:016x}, inc=0x{self.inc:016x}, draws={self.draws})"


class KeyedRng(Rng):
    """A generator keyed by a secret: the ``i``-th 32-bit output is word ``i % 16`` of
    ``BLAKE2b-512(key=key, message=i // 16 as 16 little-endian bytes)``. Keyed BLAKE2b is a
    pseudo-random function, so without the key the outputs are unpredictable however many are
    seen (no state to search for: the key has 256 bits), and with it a game replays exactly.

    Its state is the key, the count of words handed out and the draw counter; the inherited PCG32
    fields are unused (``state`` mirrors the word count so that nothing reading it breaks).
    """

    __slots__ = ("_block", "_block_index", "counter", "key")

    def __init__(self, key: bytes, counter: int = 0, draws: int = 0) -> None:
        if not 16 <= len(key) <= 64:
            raise ValueError("a generator key has 16 to 64 bytes")
        if counter < 0:
            raise ValueError("the word counter cannot be negative")
        super().__init__(counter & _MASK64, 1, draws)
        self.key = bytes(key)
        self.counter = counter
        self._block = b""
        self._block_index = -1

    @staticmethod
    def from_key(key: bytes, stream: int = _DEFAULT_STREAM) -> KeyedRng:
        """The generator of ``key``; each ``stream`` gets its own subkey (the default stream uses
        the key itself)."""
        if stream != _DEFAULT_STREAM:
            key = hashlib.blake2b(
                stream.to_bytes(8, "little", signed=True), key=key, digest_size=32, person=b"rp-stream"
            ).digest()
        return KeyedRng(key)

    def next_u32(self) -> int:
        index = self.counter // _WORDS_PER_BLOCK
        if index != self._block_index:
            self._block = hashlib.blake2b(index.to_bytes(16, "little"), key=self.key).digest()
            self._block_index = index
        offset = (self.counter % _WORDS_PER_BLOCK) * 4
        self.counter += 1
        self.state = self.counter & _MASK64
        return int.from_bytes(self._block[offset : offset + 4], "little")

    def clone(self) -> Rng:
        twin = KeyedRng(self.key, self.counter, self.draws)
        twin._block = self._block
        twin._block_index = self._block_index
        return twin

    def to_json(self) -> dict[str, Any]:
        """The key is part of the state (a state replays only with it); views never show a game's
        generator, and the server never sends a state."""
        return {"key": self.key.hex(), "counter": self.counter, "draws": self.draws}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng):
            return NotImplemented
        if not isinstance(other, KeyedRng):
            return False
        return (self.key, self.counter, self.draws) == (other.key, other.counter, other.draws)

    def __hash__(self) -> int:
        return hash((self.key, self.counter, self.draws))

    def __repr__(self) -> str:
        # Never the key: a repr ends up in logs and tracebacks.
        return f"KeyedRng(counter={self.counter}, draws={self.draws})"
