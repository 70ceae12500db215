"""Europe in Turmoil: Prelude to the Great War (Deluxe Edition, Compass Games), 2 players.

The content (map, Strategy, Scoring and Stability cards, tracks) is data with provenance in
``data/`` (:mod:`.content`); the rules are :data:`GAME` on engine.flow (:mod:`.rules`);
:data:`PLUGIN` is what the platform knows of the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import JSON, Evaluation, GamePlugin, Seat, Strings
from .ai import determinize as _determinize
from .ai import encoding as _encoding
from .ai import evaluation as _evaluation
from .content import PACKAGE, load_content
from .game import GAME, EuropeInTurmoil
from .options import SCHEMA
from .rules import invariants as _invariants
from .ui import EuropeInTurmoilTerminal
from .ui.web import WEB

SEAT_NAMES: dict[Seat, Strings] = {
    "A": {"en": "Authoritarian", "it": "Autoritario"},
    "L": {"en": "Liberal", "it": "Liberale"},
}


def _seat_names(options: Mapping[str, JSON]) -> dict[Seat, Strings]:
    return SEAT_NAMES


PLUGIN = GamePlugin(
    game=GAME,
    title={"en": "Europe in Turmoil: Prelude to the Great War"},
    summary={
        "en": "Liberal against Authoritarian ideology in Europe, 1900-1914: "
        "support, the naval race and the Great War."
    },
    min_players=2,
    max_players=2,
    options=SCHEMA,
    seats=lambda options: ("A", "L"),
    seat_names=_seat_names,
    evaluation=Evaluation(
        values=_evaluation.values,
        value_scale=_evaluation.VALUE_SCALE,
        facts=_evaluation.facts,
    ),
    determinize=_determinize.determinize,
    # a fixed action index and an observation of what the seat may see, for learning (issue 21)
    encoding=_encoding.ENCODING,
    invariants=_invariants.check,
    # The battery plays each: the standard game, the Edwardian scenario with Express war, War
    # Mobilization (8.4.4; its reveal is covered by tests/europe_in_turmoil/test_mobilization.py,
    # whose seeds reach the war).
    option_sets=({}, {"scenario": "edwardian", "war": "express"}, {"war": "mobilization"}),
    content=PACKAGE,
    terminal=EuropeInTurmoilTerminal(),
    web=WEB,
)

__all__ = ["GAME", "PLUGIN", "EuropeInTurmoil", "load_content"]
