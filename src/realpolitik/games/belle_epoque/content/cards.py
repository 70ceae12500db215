"""Event, Intrigue and National cards: identity, texts and effects.

Each card (or Intrigue half) carries its text in our own words, in English (``effect_summary``) and
Italian (``effect_summary_it``), and ``effect``: the steps of the effect, each one primitive of the
vocabulary in :mod:`.effects` (the rules run them in ``games/belle_epoque/effects.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class EffectStep:
    """One effect primitive (place cubes, money, prestige, ...): ``op`` names it (see
    :data:`.effects.OPS`) and ``args`` are its arguments."""

    op: str
    args: Mapping[str, Any]
    option: str | None = None
    """The step runs only when this option was chosen (the data's ``if``)."""


@dataclass(frozen=True, slots=True)
class EventCard:
    id: str
    name_en: str
    name_it: str
    era: int
    promo: bool
    ends_game: bool
    """Drawing it ends the game at once (Sarajevo, §6.3)."""
    final_vp: int | None
    """VP at the final scoring for the Power it is assigned to (Balkan Wars, §10.2)."""
    effect_summary: str
    effect_summary_it: str
    effect: tuple[EffectStep, ...]


@dataclass(frozen=True, slots=True)
class EventDecks:
    """The three era decks (§6.1) and how many cards go back to the box unseen."""

    by_era: Mapping[int, tuple[str, ...]]
    """Era -> ids of its base cards (promos excluded)."""
    promos: Mapping[int, tuple[str, ...]]
    """Era -> ids of its promo cards."""
    removed: Mapping[int, int]
    """Era -> cards removed unseen when the deck comes into play (§3.0 step 3, §6.1)."""
    removed_with_promo: Mapping[int, int]
    """The same when that era's promo cards are shuffled in (Dreyfus Affair: 4, §6.1)."""


@dataclass(frozen=True, slots=True)
class IntrigueHalf:
    name_en: str
    name_it: str
    np_symbol: bool
    """The half an NP Power resolves, and that humans may not use against an NP (§13.4)."""
    effect_summary: str
    effect_summary_it: str
    effect: tuple[EffectStep, ...]

    @property
    def reaction(self) -> bool:
        """Played in a dispute after the dice (Change of Strategy), not as an action (G18)."""
        return any(step.op == "reroll" for step in self.effect)


@dataclass(frozen=True, slots=True)
class IntrigueCard:
    """An Intrigue card design: two halves, the player picks one (§8.6)."""

    id: str
    copies: int
    """How many cards of this design are in the deck."""
    promo: bool
    halves: tuple[IntrigueHalf, IntrigueHalf]

    @property
    def np_half(self) -> IntrigueHalf:
        return self.halves[0] if self.halves[0].np_symbol else self.halves[1]

    @property
    def other_half(self) -> IntrigueHalf:
        return self.halves[1] if self.halves[0].np_symbol else self.halves[0]

    def half(self, number: int) -> IntrigueHalf:
        """Half 1 (``a``) or 2 (``b``), as the notation ``play CARD/HALF`` numbers them."""
        return self.halves[number - 1]


@dataclass(frozen=True, slots=True)
class NationalCard:
    id: str
    name_en: str
    name_it: str
    owners: tuple[str, ...]
    """Powers holding a copy (all four for the three common cards, §13.1)."""
    cost: Mapping[str, int]
    """Power -> £ that Power pays to play its copy."""
    requires_great_work: bool
    """Playable only once the owner's Great Work is built (Trans-Siberian Railway, §8.3)."""
    effect_summary: str
    effect_summary_it: str
    effect: tuple[EffectStep, ...]

    @property
    def common(self) -> bool:
        return len(self.owners) > 1
