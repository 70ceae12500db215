"""Pax Britannica (Victory Games 1985): colonial rivalry 1880-1916 for 4 to 7 players.

The content (map, Powers, tables) is data with provenance in ``data/``, loaded by :mod:`.content`
through the engine's content machinery; the rules are :data:`GAME` (:mod:`.game`, on
``engine.flow``); :data:`PLUGIN` is what the platform knows of the game. What is built and what
remains: docs/pax-britannica.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import JSON, Evaluation, GamePlugin, Refusal, Seat, Strings, canonical_json
from .ai import determinize as _determinize
from .ai import encoding as _encoding
from .ai import evaluation as _evaluation
from .content import PACKAGE, load_content
from .game import GAME, PaxBritannica
from .options import SCHEMA, seats_for
from .rules import invariants as _invariants
from .rules.actions import Act
from .rules.congress import CLAUSE, proposal_refusal
from .rules.movement import refusal
from .rules.state import State
from .ui.help import PaxBritannicaTerminal
from .ui.web import WEB

NAMES_IT = {
    "GB": "Gran Bretagna",
    "FR": "Francia",
    "DE": "Germania",
    "US": "Stati Uniti",
    "JP": "Giappone",
    "RU": "Russia",
    "IT": "Italia",
}


def _seats(options: Mapping[str, JSON]) -> tuple[Seat, ...]:
    players = options.get("players", 4)
    return seats_for(players if isinstance(players, int) else 4)


def _seat_names(options: Mapping[str, JSON]) -> dict[Seat, Strings]:
    powers = load_content().powers
    names: dict[Seat, Strings] = {}
    for seat in _seats(options):
        en = powers[seat].name + (" (with Austria-Hungary)" if seat == "DE" else "")
        it = NAMES_IT[seat] + (" (con l'Austria-Ungheria)" if seat == "DE" else "")
        names[seat] = {"en": en, "it": it}
    return names


def _check_action(state: State, seat: Seat, action: Any) -> Refusal | None:
    """Offers of money may name any sum up to the treasury (L700-702); the menu lists a few."""
    top = state.flow.top()
    in_movement = top is not None and top.kind == "movement" and seat in top.waiting()
    # An offer's terms (and a secret one's, L839-845) are checked directly: the menu lists a few.
    if in_movement and top is not None and isinstance(action, Act) and action.verb in ("offer", "secret"):
        reason = refusal(state, top.data["power"], action, top.data)
        return None if reason is None else Refusal(reason, "L599-603, L700-702")
    # A Congress proposal with clauses (L863-874, L883-890) is checked directly: the menu lists
    # the treaties for the Area alone.
    in_congress = top is not None and top.kind == "propose" and seat in top.waiting()
    if in_congress and isinstance(action, Act) and action.verb == "propose" and CLAUSE in action.args:
        reason = proposal_refusal(state, action)
        return None if reason is None else Refusal(reason, "L863-874, L883-890")
    if action in GAME.legal_actions(state, seat):
        return None
    return GAME.explain_illegal(state, seat, action)


def _secret(action: Any) -> bool:
    """A secret treaty's offer and its answer (L839-845): other seats see neither's terms."""
    return isinstance(action, Act) and (action.verb == "secret" or action.args == ("secret",))


def _players(options: Mapping[str, JSON], seats: Sequence[Seat]) -> list[tuple[Seat, ...]]:
    return [(s,) for s in seats]  # one Great Power each; Germany's player also runs A-H (L1534)


PLUGIN = GamePlugin(
    game=GAME,
    title={"en": "Pax Britannica", "it": "Pax Britannica"},
    summary={
        "en": "Colonial rivalry 1880-1916: markers, Unrest, Minor Powers and the road to the Great War.",
        "it": "Rivalità coloniali 1880-1916: influenze, disordini, potenze minori, la Grande Guerra.",
    },
    min_players=4,
    max_players=7,
    options=SCHEMA,
    seats=_seats,
    seat_names=_seat_names,
    players=_players,
    languages=("en", "it"),
    evaluation=Evaluation(
        values=_evaluation.values,
        value_scale=_evaluation.VALUE_SCALE,
        facts=_evaluation.facts,
        choose_special=_evaluation.choose_special,  # peace, spoils, coaling: beyond a one-ply look
        continues=_evaluation.continues,  # an offer: its answer is played out
        # ISMCTS without a target setting: half the best rival, half the field, as measured
        # strongest here (docs/pax-britannica.md "ISMCTS after its fixes": 44.5% of 200 games)
        search_target="field",
    ),
    determinize=_determinize.determinize,
    info_key=lambda state, seat: canonical_json(GAME.view(state, seat)),
    invariants=_invariants.check,
    check_action=_check_action,
    secret_action=_secret,
    # The battery plays each (two-turn games keep it quick; whole random games of every player
    # count are in tests/pax_britannica/test_random_games.py, marked slow).
    option_sets=({"players": 4, "turns": 2}, {"players": 7, "turns": 2}),
    content=PACKAGE,
    terminal=PaxBritannicaTerminal(),
    web=WEB,
    encoding=_encoding.ENCODING,  # a fixed action index and observation for learning (docs/research.md)
)

__all__ = ["GAME", "PLUGIN", "PaxBritannica"]
