"""Helpers for the card tests: a position in the scenario language, actions by notation, dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from realpolitik.engine import LogEntry, get_game
from realpolitik.games.belle_epoque.rules.cards.primitives import new_ctx
from realpolitik.games.belle_epoque.rules.events import resolve_event
from realpolitik.games.belle_epoque.rules.invariants import check
from realpolitik.games.belle_epoque.rules.state import State

GAME = get_game("la-belle-epoque")
ORDER = ["GB", "FR", "RU", "CE"]


def position(
    seed: int = 0,
    players: int = 4,
    options: dict[str, Any] | None = None,
    log: list[LogEntry] | None = None,
    **pos: Any,
) -> State:
    """A game at a position (docs/scenarios.md keys), by default GB's Action-Phase turn in Turn 5;
    ``log`` collects what the game does on its own from there (e.g. a turn's start)."""
    pos.setdefault("turn", 5)
    pos.setdefault("phase", "action")
    pos.setdefault("turn_order", ORDER)
    pos.setdefault("events", [])
    state: State = GAME.setup(GAME.normalize_options({"players": players, **(options or {})}), seed)
    GAME.set_position(state, pos, log)
    for me in state.powers.values():  # a card in a hand is not in the deck too
        for card in me.intrigue:
            if card in state.intrigue_draw:
                state.intrigue_draw.remove(card)
    return state


def legal(state: State, seat: str | None = None) -> list[str]:
    seat = seat or GAME.to_act(state)[0]
    return [GAME.notation(a) for a in GAME.legal_actions(state, seat)]


def plays(state: State, card: str, seat: str | None = None) -> list[str]:
    """The legal ``play`` actions of one card, as text."""
    return [a for a in legal(state, seat) if a.startswith(f"play {card}/") or a.split()[:2] == ["play", card]]


def act(state: State, *moves: str, dice: Iterable[int] = (), seat: str | None = None) -> list[LogEntry]:
    """Apply moves by notation (each must be legal), the dice scripted for them; invariants hold."""
    log: list[LogEntry] = []
    state.rng.script_dice(list(dice))
    try:
        for move in moves:
            who = seat or GAME.to_act(state)[0]
            action = GAME.parse_action(move)
            assert action in GAME.legal_actions(state, who), (
                f"{move!r} is not legal for {who}: {legal(state, who)[:20]}"
            )
            GAME.apply(state, who, action, log)
            check(state)
    finally:
        left = state.rng.end_script()
    assert not left, f"dice not rolled: {left}"
    return log


def event(state: State, card: str, dice: Iterable[int] = ()) -> list[LogEntry]:
    """Resolve one Event card now (as the Event Phase does), with scripted dice."""
    log: list[LogEntry] = []
    state.rng.script_dice(list(dice))
    try:
        resolve_event(state, card, log)
    finally:
        left = state.rng.end_script()
    assert not left, f"dice not rolled: {left}"
    check(state)
    return log


def kind(state: State) -> str | None:
    """The kind of the decision waiting now (``action``, ``card``, ``reroll`` ...)."""
    decision = state.flow.top()
    return decision.kind if decision is not None else None


def spaces(state: State, territory: str) -> list[str | None]:
    return list(state.territories[territory].base)


def texts(log: list[LogEntry]) -> str:
    return "\n".join(entry.text for entry in log)


def ctx(
    source: str = "intrigue", card: str = "big-stick-policy", half: int = 1, player: str = "GB", **more: Any
) -> dict[str, Any]:
    """A card context, as the interpreter keeps it, for testing one primitive alone."""
    return {**new_ctx(source, card, half, player), **more}
