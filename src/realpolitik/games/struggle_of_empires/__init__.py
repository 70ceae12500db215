"""Struggle of Empires (Martin Wallace, 2004): three wars of the 18th century for 2 to 7 empires,
alliances sold at auction, action rounds, land and naval combat, colonies and tiles.

Built from the French rules summary ``shared/seeds/002_cda2f475f79ae046.txt`` (lines cited as
``L123``) and its digest ``shared/rules/soe-digest.md``. The content is data with provenance in
``data/`` (:mod:`.content`); the rules are :data:`GAME`; :data:`PLUGIN` is what the platform knows.
See docs/struggle-of-empires.md.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import JSON, Evaluation, GamePlugin, Seat, Strings
from .ai import choices as _choices
from .ai import determinize as _determinize
from .ai import encoding as _encoding
from .ai import evaluation as _evaluation
from .content import PACKAGE, load_content
from .game import GAME, StruggleOfEmpires
from .options import SCHEMA
from .rules import invariants as _invariants
from .rules.setup import content_for, seats_for
from .ui import StruggleOfEmpiresTerminal
from .ui.web import WEB


def _seat_names(options: Mapping[str, JSON]) -> dict[Seat, Strings]:
    empires = content_for(options).empires
    return {e: {"en": empire.name_en, "fr": empire.name_fr} for e, empire in empires.items()}


PLUGIN = GamePlugin(
    game=GAME,
    title={"en": "Struggle of Empires", "fr": "Luttes impériales"},
    summary={
        "en": "Three wars of the 18th century: alliances at auction, armies, fleets, colonies, tiles.",
        "fr": "Trois guerres du XVIIIe siècle : alliances aux enchères, armées, flottes, colonies, tuiles.",
    },
    min_players=2,
    max_players=7,
    options=SCHEMA,
    seats=seats_for,
    seat_names=_seat_names,
    languages=("en", "fr"),
    check_action=GAME.check_action,
    evaluation=Evaluation(
        values=_evaluation.values,
        value_scale=_evaluation.VALUE_SCALE,
        # the auction and the call for support by the game's own reasoning (ai/choices.py)
        choose_special=_choices.choose_special,
        facts=_evaluation.facts,
    ),
    determinize=_determinize.determinize,
    encoding=_encoding.ENCODING,  # a fixed action index and observation for learning (docs/research.md)
    invariants=_invariants.check,
    # The battery plays each: the smallest, a middle and the largest table, and hidden valued
    # unrest markers (G8's other reading: the views must hide the others' values).
    option_sets=(
        {"players": 2},
        {"players": 4},
        {"players": 7},
        {"players": 3, "unrest_markers": "valued", "support_gold": "upfront", "loss_choice": "auto"},
    ),
    content=PACKAGE,
    terminal=StruggleOfEmpiresTerminal(),
    web=WEB,
)

__all__ = ["GAME", "PLUGIN", "StruggleOfEmpires", "load_content"]
