"""Shared pieces of the content builder: the raw data, the origins, read-only mappings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TypeVar

from ....engine.content import Origins
from .map import ArmamentRate
from .schema import RawContent, RawRate

K = TypeVar("K")
V = TypeVar("V")


def frozen(mapping: Mapping[K, V]) -> Mapping[K, V]:
    """A read-only view of a fresh dict (lookups stay as fast as a dict's)."""
    return MappingProxyType(dict(mapping))


def rates(items: Sequence[RawRate]) -> tuple[ArmamentRate, ...]:
    return tuple(ArmamentRate(rate.armies, rate.fleets, rate.cubes) for rate in items)


class BuilderBase:
    """Holds the checked file shapes; each part raises ``ContentError`` through ``self.o``."""

    def __init__(self, raw: RawContent, origins: Origins) -> None:
        self.raw = raw
        self.o = origins
