"""La Belle Époque (Aleph Game Studio): 2-4 players, and the Non-Player Powers for solo play.

The content (map, Powers, tracks, cards) is data with provenance in ``data/``, loaded and validated
by :mod:`.content`; the rules are :data:`GAME` (see :mod:`.game`); :data:`PLUGIN` is what the
platform knows of the game (options, seats, bots' hooks, content audit, terminal and web screens).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import JSON, Evaluation, GamePlugin, Seat, Strings
from ...engine.provenance import AuditEntry
from .ai import determinize as _determinize
from .ai import encoding as _encoding
from .ai import evaluation as _evaluation
from .content import PACKAGE, audit_entries, load_content, load_override_file
from .game import GAME, BelleEpoque
from .options import NON_PLAYERS, SCHEMA
from .rules import actions as _actions
from .rules import invariants as _invariants
from .rules.setup import SEATING, content_for
from .ui import BelleEpoqueTerminal
from .ui.web import WEB


def audit_content(override: Mapping[str, Any] | None = None) -> list[AuditEntry]:
    """Every content value with its provenance (``realpolitik data audit la-belle-epoque``)."""
    return audit_entries(load_content(override))


def _seats(options: Mapping[str, JSON]) -> tuple[Seat, ...]:
    return content_for(options).power_ids


def _seat_names(options: Mapping[str, JSON]) -> dict[Seat, Strings]:
    powers = content_for(options).powers
    return {p: {"en": power.name_en, "it": power.name_it} for p, power in powers.items()}


def _players(options: Mapping[str, JSON], seats: Sequence[Seat]) -> list[tuple[Seat, ...]]:
    if options.get("np"):
        return [(s,) for s in seats]  # §13: with NP Powers each other Power is one player's
    # §3.2: with 2 or 3 players some people hold two Powers.
    players = options.get("players", 4)
    grouped = SEATING.get(players) if isinstance(players, int) else None
    return [tuple(g) for g in grouped] if grouped else [(s,) for s in seats]


PLUGIN = GamePlugin(
    game=GAME,
    title={"en": "La Belle Époque", "it": "La Belle Époque"},
    summary={
        "en": "Great-power diplomacy 1880-1914: missions, disputes and prestige on three continents.",
        "it": "Diplomazia delle grandi potenze 1880-1914: missioni, dispute e prestigio su tre continenti.",
    },
    min_players=1,
    max_players=4,
    options=SCHEMA,
    seats=_seats,
    seat_names=_seat_names,
    players=_players,
    automaton=NON_PLAYERS,
    languages=("en", "it"),
    # §7: the Intrigue card a Power keeps from its draw is its secret.
    secret_action=lambda action: isinstance(action, _actions.Keep),
    evaluation=Evaluation(
        values=_evaluation.values,
        value_scale=_evaluation.VALUE_SCALE,
        choose_special=_evaluation.choose_special,
        continues=_evaluation.continues,
        track=_evaluation.track,
        facts=_evaluation.facts,
    ),
    determinize=_determinize.determinize,
    invariants=_invariants.check,
    # The battery plays each: every player count of §3.2 and a solo game against the automaton.
    option_sets=({}, {"players": 2}, {"players": 3}, {"np": ["FR", "CE", "RU"]}),
    content=PACKAGE,  # data audit and --content FILE (an override of the content option)
    terminal=BelleEpoqueTerminal(),
    web=WEB,
    encoding=_encoding.ENCODING,  # a fixed action index and observation for learning (docs/research.md)
)

__all__ = ["GAME", "PLUGIN", "BelleEpoque", "audit_content", "load_override_file"]
