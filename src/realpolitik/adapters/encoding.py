"""Action indices, masks, observations and rewards for the learning environments, for every game.

:func:`codec_for` gives a :class:`Codec` for a plug-in and its options: the game's own
:class:`~realpolitik.engine.Encoding` when its plug-in declares one, else :class:`GenericEncoding`:

* **action index**: the position of the action in the legal list sorted by notation (the
  canonical order), so the same index means different actions in different positions. ``N`` is
  ``max_actions`` when given (the documented per-game setting: every environment takes it), else
  measured once per game and options on :data:`MEASURE_GAMES` seeded random games (twice the
  longest legal list seen, rounded up to a power of two, at least 16). A position with more legal
  actions than ``N`` raises :class:`EncodingTooSmall` naming the setting to raise.
* **observation**: the seat's own view (``game.view(state, seat)``, redacted by the game) hashed
  into :data:`HASHED_FEATURES` numbers: each number in the view adds its value to the bucket of
  its path, each string or ``null`` adds 1 to the bucket of ``path=value`` (a list of strings is a
  bag), and ``seat=<seat>`` marks the observer. Hashing is BLAKE2b, stable across processes.

Both work for search and testing; for learning, a game-specific encoding is much better (a fixed
meaning per index, fields laid out for a network): see docs/research.md.

Rewards (:func:`rewards`) are given at the end only, in one of :data:`REWARD_MODES`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine import (
    JSON,
    Encoding,
    GamePlugin,
    ObservationField,
    Outcome,
    RealpolitikError,
    Rng,
    Seat,
    observation_shape,
)

MEASURE_GAMES = 3
"""Random games played to measure a generic encoding's ``N`` when no ``max_actions`` is given."""

MEASURE_STEPS = 5_000
"""At most this many actions of each measuring game."""

HASHED_FEATURES = 512
"""Length of the generic (hashed-view) observation."""

REWARD_MODES = ("win", "rank", "score")
"""``win``: +1 to every winner, -1 to every other seat (PettingZoo's classic games); ``rank``:
seats ordered by (winner, score), +1 for the first to -1 for the last, linearly, ties sharing the
mean of their places; ``score``: the seat's final score less the mean score of the seats
(zero-sum, in the game's own points)."""


class EncodingTooSmall(RealpolitikError):
    """A position has more legal actions than the generic encoding's ``N``."""


# -- the generic fallback -----------------------------------------------------------------------------


def canonical_legal(plugin: GamePlugin, state: Any, seat: Seat) -> list[Any]:
    """The legal list sorted by notation (the generic encoding's order)."""
    game = plugin.game
    return sorted(game.legal_actions(state, seat), key=game.notation)


_MEASURED: dict[str, int] = {}


def measure_actions(plugin: GamePlugin, options: Mapping[str, JSON]) -> int:
    """The longest legal list in :data:`MEASURE_GAMES` seeded random games (cached)."""
    key = plugin.id + json.dumps(dict(options), sort_keys=True)
    if key not in _MEASURED:
        game = plugin.game
        longest = 1
        for seed in range(MEASURE_GAMES):
            state = game.setup(dict(options), seed)
            chooser = Rng.from_seed(seed, stream=0xAD)
            for _ in range(MEASURE_STEPS):
                acting = game.to_act(state)
                if not acting:
                    break
                seat = acting[chooser.below(len(acting))]
                legal = game.legal_actions(state, seat)
                longest = max(longest, len(legal))
                game.apply(state, seat, legal[chooser.below(len(legal))], None)
        _MEASURED[key] = longest
    return _MEASURED[key]


def generic_size(longest: int) -> int:
    """Twice ``longest``, rounded up to a power of two, at least 16."""
    size = 16
    while size < 2 * longest:
        size *= 2
    return size


_BUCKETS: dict[str, int] = {}


def _bucket(key: str, size: int) -> int:
    found = _BUCKETS.get(key)
    if found is None:
        found = int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little")
        if len(_BUCKETS) < 200_000:
            _BUCKETS[key] = found
    return found % size


def _hash_into(out: list[float], path: str, data: Any) -> None:
    size = len(out)
    if isinstance(data, bool):
        out[_bucket(f"{path}={data}", size)] += 1.0
    elif isinstance(data, int | float):
        out[_bucket(path, size)] += float(data)
    elif isinstance(data, Mapping):
        for key, value in data.items():
            _hash_into(out, f"{path}.{key}", value)
    elif isinstance(data, list | tuple):
        if all(isinstance(item, str) for item in data):
            for item in data:
                out[_bucket(f"{path}[]={item}", size)] += 1.0
        else:
            for i, item in enumerate(data):
                _hash_into(out, f"{path}[{i}]", item)
    else:
        out[_bucket(f"{path}={data}", size)] += 1.0


class GenericEncoding:
    """The fallback :class:`~realpolitik.engine.Encoding` of a game that declares none (see the
    module docstring)."""

    def __init__(self, plugin: GamePlugin, size: int, features: int = HASHED_FEATURES) -> None:
        self.plugin = plugin
        self._size = size
        self.features = features

    def size(self, options: Mapping[str, JSON]) -> int:
        return self._size

    def _legal(self, state: Any, seat: Seat) -> list[Any]:
        legal = canonical_legal(self.plugin, state, seat)
        if len(legal) > self._size:
            raise EncodingTooSmall(
                f"{self.plugin.id}: {len(legal)} legal actions here, more than the generic encoding's "
                f"N = {self._size}; pass max_actions={generic_size(len(legal))} (or more) to the "
                "environment, or give the game an encoding of its own"
            )
        return legal

    def encode(self, state: Any, seat: Seat, action: Any) -> int:
        legal = self._legal(state, seat)
        if action not in legal:
            raise ValueError(f"{self.plugin.game.notation(action)} is not legal for {seat}")
        return legal.index(action)

    def decode(self, state: Any, seat: Seat, index: int) -> Any:
        legal = self._legal(state, seat)
        if not 0 <= index < len(legal):
            raise ValueError(f"index {index} is not a legal action of {seat} here ({len(legal)} legal)")
        return legal[index]

    def legal_indices(self, state: Any, seat: Seat) -> list[int]:
        return self.indexed_legal(state, seat)[1]

    def indexed_legal(self, state: Any, seat: Seat) -> tuple[Sequence[Any], list[int]]:
        """The legal list and each action's index, in one pass."""
        game = self.plugin.game
        legal = game.legal_actions(state, seat)
        ordered = sorted(legal, key=game.notation)
        if len(ordered) > self._size:
            self._legal(state, seat)  # raises EncodingTooSmall with the setting to raise
        order = {id(a): i for i, a in enumerate(ordered)}
        return legal, [order[id(a)] for a in legal]

    def observation_fields(self, options: Mapping[str, JSON]) -> Sequence[ObservationField]:
        return (
            ObservationField(
                "hashed_view",
                self.features,
                "the seat's own view hashed by path: numbers add their value, strings and nulls 1 "
                "(BLAKE2b of path=value), and seat=<seat> marks the observer",
            ),
        )

    def observe(self, state: Any, seat: Seat) -> list[float]:
        out = [0.0] * self.features
        out[_bucket(f"seat={seat}", self.features)] += 1.0
        _hash_into(out, "", self.plugin.game.view(state, seat))
        return out


# -- a codec: an encoding bound to a game and its options ---------------------------------------------


@dataclass(frozen=True, slots=True)
class Legal:
    """A seat's legal actions and their indices in one position, computed once: the mask is built
    from it and the chosen index decoded with it (the environments keep it until the position
    changes)."""

    seat: Seat
    actions: Sequence[Any]
    indices: list[int]

    def action(self, index: int) -> Any:
        """The legal action with this index; ``ValueError`` if no legal action has it."""
        try:
            return self.actions[self.indices.index(index)]
        except ValueError:
            raise ValueError(f"index {index} is not legal for {self.seat} here") from None


@dataclass(frozen=True, slots=True)
class Codec:
    """An encoding bound to one game and its normalised options, with numpy outputs."""

    plugin: GamePlugin
    options: Mapping[str, JSON]
    encoding: Encoding
    size: int
    shape: tuple[int]
    specific: bool
    """Whether this is the game's own encoding (else :class:`GenericEncoding`)."""

    def fields(self) -> Sequence[ObservationField]:
        return self.encoding.observation_fields(self.options)

    def legal(self, state: Any, seat: Seat) -> Legal:
        """The seat's legal actions with their indices (empty when it is not to act): one pass
        when the encoding offers ``indexed_legal``, else the legal list and ``legal_indices``."""
        if seat not in self.plugin.game.to_act(state):
            return Legal(seat, (), [])
        both = getattr(self.encoding, "indexed_legal", None)
        if both is not None:
            actions, indices = both(state, seat)
        else:
            actions = self.plugin.game.legal_actions(state, seat)
            indices = self.encoding.legal_indices(state, seat)
        return Legal(seat, actions, list(indices))

    def mask_of(self, legal: Legal) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.size, dtype=np.int8)
        mask[legal.indices] = 1
        return mask

    def mask(self, state: Any, seat: Seat) -> npt.NDArray[np.int8]:
        return self.mask_of(self.legal(state, seat))

    def observe(self, state: Any, seat: Seat) -> npt.NDArray[np.float32]:
        out = np.zeros(self.shape, dtype=np.float32)
        split = getattr(self.encoding, "observe_split", None)
        if split is not None:
            # Most of the non-zero numbers are ones: set with one scalar, no list of values to
            # convert; the few others as positions and values.
            ones, positions, values = split(state, seat)
            out[np.fromiter(ones, np.intp, len(ones))] = 1.0
            out[positions] = values
            return out
        sparse = getattr(self.encoding, "observe_sparse", None)
        if sparse is None:
            return np.asarray(self.encoding.observe(state, seat), dtype=np.float32)
        # Only the non-zero numbers (a few hundred of thousands): converting the whole list of
        # Python floats was a third of an environment step.
        positions, values = sparse(state, seat)
        out[positions] = values
        return out

    def decode(self, state: Any, seat: Seat, index: int) -> Any:
        return self.encoding.decode(state, seat, int(index))

    def encode(self, state: Any, seat: Seat, action: Any) -> int:
        return self.encoding.encode(state, seat, action)


def codec_for(
    plugin: GamePlugin,
    options: Mapping[str, JSON] | None = None,
    max_actions: int | None = None,
    *,
    generic: bool = False,
) -> Codec:
    """The game's own encoding, or the generic one (``max_actions`` sets its ``N``; otherwise it
    is measured); ``generic`` takes the generic one even for a game with its own (to compare
    them)."""
    normalized = plugin.normalize(dict(options or {}))
    if plugin.encoding is not None and not generic:
        encoding: Encoding = plugin.encoding
        specific = True
    else:
        size = max_actions if max_actions is not None else generic_size(measure_actions(plugin, normalized))
        encoding = GenericEncoding(plugin, size)
        specific = False
    return Codec(
        plugin,
        normalized,
        encoding,
        encoding.size(normalized),
        observation_shape(encoding, normalized),
        specific,
    )


# -- rewards ------------------------------------------------------------------------------------------


def rewards(outcome: Outcome, seats: Sequence[Seat], mode: str = "win") -> dict[Seat, float]:
    """Each seat's reward at the end (see :data:`REWARD_MODES`)."""
    if mode not in REWARD_MODES:
        raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {mode!r}")
    winners = set(outcome.winners)
    scores = {s: float(outcome.scores.get(s, 0)) for s in seats}
    if mode == "win":
        return {s: 1.0 if s in winners else -1.0 for s in seats}
    if mode == "score":
        mean = sum(scores.values()) / len(seats) if seats else 0.0
        return {s: scores[s] - mean for s in seats}
    if len(seats) == 1:
        return {s: 1.0 if s in winners else -1.0 for s in seats}
    keys = {s: (s in winners, scores[s]) for s in seats}
    order = sorted(seats, key=lambda s: keys[s], reverse=True)
    result: dict[Seat, float] = {}
    step = 2.0 / (len(seats) - 1)
    for s in seats:
        places = [i for i, other in enumerate(order) if keys[other] == keys[s]]
        result[s] = 1.0 - step * (sum(places) / len(places))
    return result
