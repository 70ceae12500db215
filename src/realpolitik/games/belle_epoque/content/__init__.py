"""La Belle Époque's content as validated data with provenance.

The rulebooks give the procedures but lost most of the content (map spaces, cards, Power Status
Cards) with their images. The data files in ``data/`` hold every value with where it comes from:
``stated`` (a section says it), ``implied`` (worked out from an example) or ``reconstructed``
(designed by us to fit every example; never the publisher's). See ``docs/content.md``.

>>> content = load_content()
>>> content.territories["china"].vp
5
>>> content.powers["GB"].revenue
13
>>> content.provenance["power.GB.revenue"].status.value
'stated'
"""

from __future__ import annotations

from ....engine.content import ContentError
from .audit import audit_entries
from .cards import EffectStep, EventCard, EventDecks, IntrigueCard, IntrigueHalf, NationalCard
from .loader import CONTENT_VERSION, PACKAGE, load_content, load_override_file
from .map import ArmamentRate, Continent, MinorCubes, MinorNation, Territory, TerritoryKind
from .model import Content, Variant
from .powers import (
    OTHER,
    GreatWork,
    GreatWorkBonus,
    InitialSetup,
    Objective,
    ObjectiveKind,
    Power,
)
from .rules import DisputeRules, GameRules, NonPlayerPower, NonPlayerRules, SendRow, SoloBand, SoloRules
from .tracks import FleetTrack, PrestigeBonus, PrestigeBonusKind, PrestigeSpace, PrestigeTrack

__all__ = [
    "CONTENT_VERSION",
    "OTHER",
    "PACKAGE",
    "ArmamentRate",
    "Content",
    "ContentError",
    "Continent",
    "DisputeRules",
    "EffectStep",
    "EventCard",
    "EventDecks",
    "FleetTrack",
    "GameRules",
    "GreatWork",
    "GreatWorkBonus",
    "InitialSetup",
    "IntrigueCard",
    "IntrigueHalf",
    "MinorCubes",
    "MinorNation",
    "NationalCard",
    "NonPlayerPower",
    "NonPlayerRules",
    "Objective",
    "ObjectiveKind",
    "Power",
    "PrestigeBonus",
    "PrestigeBonusKind",
    "PrestigeSpace",
    "PrestigeTrack",
    "SendRow",
    "SoloBand",
    "SoloRules",
    "Territory",
    "TerritoryKind",
    "Variant",
    "audit_entries",
    "load_content",
    "load_override_file",
]
