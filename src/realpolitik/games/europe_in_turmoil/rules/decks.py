"""Drawing and dealing Strategy cards (4.3, 4.5.1)."""

from __future__ import annotations

from .state import State
from .tracks import Log, note


def draw(state: State, seat: str, n: int, log: Log) -> None:
    """4.3: an empty draw pile is refilled with the shuffled discards (removed cards stay out)."""
    for _ in range(n):
        if not state.deck:
            if not state.discard:
                return
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
            note(log, "the discards are reshuffled into a new draw pile", "§4.3")
        state.hands[seat].append(state.deck.pop())


def leave_hand(state: State, seat: str, cid: str) -> None:
    """``cid`` leaves ``seat``'s hand (played, discarded): it is no longer a shown Scoring card
    (3.1) nor a held card (15.0 End of Turn)."""
    state.hands[seat].remove(cid)
    if cid in state.revealed[seat]:
        state.revealed[seat].remove(cid)
    if cid in state.held[seat]:
        state.held[seat].remove(cid)


def hold_over(state: State, log: Log) -> None:
    """15.0 End of Turn: every card left in a hand is kept; its bottom is shown (4.5.3: a Scoring
    card can be told from the others by its edge), so each player knows how many of the other's
    cards are held, and that none is a Scoring card."""
    for seat in ("A", "L"):
        state.held[seat] = list(state.hands[seat])
        n = len(state.held[seat])
        if n:
            note(
                log,
                f"{seat} holds {n} card{'s' if n != 1 else ''} over; the bottom{'s' if n != 1 else ''} "
                "shown: no Scoring card",
                "§15.0",
                seat,
            )


def deal(state: State, log: Log) -> None:
    """4.5.1: alternately, the Authoritarian first, up to the hand size of the turn."""
    size = state.content.value_at(state.content.hand_size, state.turn)
    while True:
        dealt = False
        for seat in ("A", "L"):
            if len(state.hands[seat]) < size and (state.deck or state.discard):
                draw(state, seat, 1, log)
                dealt = True
        if not dealt:
            break
    state.reveals += 1
    note(log, f"turn {state.turn}: hands dealt up to {size}", "§4.5.1")
