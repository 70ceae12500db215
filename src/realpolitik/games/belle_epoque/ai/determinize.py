"""Sample what a seat cannot see, for search (information-set MCTS, one-ply looks).

:func:`determinize` returns a copy of the state in which everything hidden from ``seat`` is drawn
anew, uniformly among the arrangements its view allows:

* **Intrigue cards**: the seat knows its own hand and the cards in play; every other card of the
  deck (the options say whether the promos are in) is unseen. The unseen cards are shuffled and
  dealt back: to the other hands (each keeps its size), the discard pile and the draw pile (each
  keeps its size). The view shows the discard pile only as a count, so this reading treats it as
  unseen too. A rival's pending keep decision (§8.2.3) is rewritten to name cards of its new hand,
  and a rival asked whether to react in a dispute keeps a card with a reaction half (the question
  itself shows it holds one).
* **Event cards**: the unseen cards of each era that has come into play (its deck, promos when the
  Dreyfus Affair option put them in, less the public discard pile) are shuffled; the era's count
  of cards removed unseen (§6.1) goes back to the box, the rest forms the draw pile, shuffled.
* **The dice and shuffles to come**: the copy's generator is reseeded from ``rng`` (its draw
  counter is kept, so checkpoints still compare).

Nothing here reads another seat's hand, a deck's order or the generator's state: the pools are
built from the content, the options, the seat's own hand and public piles; only the sizes of the
hidden piles (which the view shows as counts) are taken from the state. Should a rules change ever
move cards in a way this reading does not foresee (the pool would not match those sizes), the
cards of the hidden piles themselves are pooled instead, which still hides their order and owners.
The view of the copy for ``seat`` equals the view of the original (the tests check it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from ....engine import Rng
from ..rules.state import State

REDEALS: Final = 200
"""Deals tried before giving up on a constraint the deal must meet (then the last deal stands)."""


def determinize(state: State, seat: str | None, rng: Rng) -> State:
    """A copy of ``state`` with every secret of ``seat`` resampled (``None``: a spectator)."""
    twin = state.clone()
    _deal_intrigue(twin, seat, rng)
    _shuffle_events(twin, rng)
    draws = twin.rng.draws
    twin.rng = Rng.from_seed((rng.next_u32() << 32) | rng.next_u32())
    twin.rng.draws = draws
    return twin


def _minus(full: Iterable[str], known: Counter[str]) -> list[str]:
    """``full`` less the ``known`` cards (a multiset difference, in ``full``'s order)."""
    left = Counter(known)
    result = []
    for card in full:
        if left[card] > 0:
            left[card] -= 1
        else:
            result.append(card)
    return result


def unseen_intrigue(state: State, seat: str | None) -> list[str] | None:
    """The Intrigue cards ``seat`` cannot place, from public information and its own hand (in deck
    order), or ``None`` if they do not add up to the hidden piles' sizes."""
    content = state.content
    full = list(content.intrigue_deck)
    if state.options.get("intrigue_promos"):
        full.extend(content.intrigue_promos)
    known: Counter[str] = Counter(c.card for c in state.played if c.deck == "intrigue")
    if seat is not None:
        known.update(state.powers[seat].intrigue)
    unseen = _minus(full, known)
    hidden = sum(len(state.powers[p].intrigue) for p in content.power_ids if p != seat)
    hidden += len(state.intrigue_discard) + len(state.intrigue_draw)
    return unseen if len(unseen) == hidden else None


def _deal_intrigue(state: State, seat: str | None, rng: Rng) -> None:
    others = [p for p in state.content.power_ids if p != seat]
    sizes = [len(state.powers[p].intrigue) for p in others]
    unseen = unseen_intrigue(state, seat)
    if unseen is None:
        # Fallback (see the module docstring): pool the hidden piles' own cards.
        pooled = [c for p in others for c in state.powers[p].intrigue]
        unseen = sorted(pooled + state.intrigue_discard + state.intrigue_draw)
    decision = state.flow.top()
    # A rival asked whether to react in a dispute (digest G18) shows that it holds a card with a
    # reaction half: deals that deny it are redrawn (rejection sampling keeps the deal uniform).
    reacting = decision.seat if decision is not None and decision.kind == "reroll" else None
    for _ in range(REDEALS):
        rng.shuffle(unseen)
        at = 0
        for power, size in zip(others, sizes, strict=True):
            state.powers[power].intrigue = unseen[at : at + size]
            at += size
        if reacting is None or reacting == seat or _can_react(state, reacting):
            break
    discard = len(state.intrigue_discard)
    state.intrigue_discard = unseen[at : at + discard]
    state.intrigue_draw = unseen[at + discard :]
    if decision is not None and decision.kind == "keep" and decision.seat != seat:
        hand = state.powers[decision.seat].intrigue
        decision.data["cards"] = hand[len(hand) - len(decision.data["cards"]) :]


def _can_react(state: State, power: str) -> bool:
    cards = state.content.intrigue_cards
    return any(
        getattr(half, "reaction", False) for c in state.powers[power].intrigue for half in cards[c].halves
    )


def _era_decks(state: State) -> list[tuple[list[str], int]]:
    """Each era in play: its cards and how many of them went back to the box unseen (§6.1)."""
    content = state.content
    decks = content.event_decks
    era_now = content.game.era_of_turn.get(state.turn, 1)
    result = []
    for era in sorted(decks.by_era):
        if era > era_now:
            break
        cards = list(decks.by_era[era])
        removed = decks.removed[era]
        # Setup puts Era I in without promos (§3.0 step 3); later eras may take theirs (§6.1).
        if era > 1 and state.options.get("dreyfus_affair") and decks.promos.get(era):
            cards.extend(decks.promos[era])
            removed = decks.removed_with_promo[era]
        result.append((cards, removed))
    return result


def unseen_events(state: State) -> list[tuple[list[str], int]] | None:
    """Per era in play, its cards not yet seen and how many of them are in the box; ``None`` if
    they do not add up to the draw pile's and the box's sizes."""
    seen = Counter(state.event_discard)
    pools: list[tuple[list[str], int]] = []
    for cards, removed in _era_decks(state):
        unseen = _minus(cards, seen)
        seen -= Counter(cards)  # what this era's cards did not account for is another era's
        pools.append((unseen, removed))
    total = sum(len(unseen) for unseen, _ in pools)
    boxed = sum(min(removed, len(unseen)) for unseen, removed in pools)
    if total != len(state.event_box) + len(state.event_draw) or boxed != len(state.event_box):
        return None
    return pools


def _shuffle_events(state: State, rng: Rng) -> None:
    pools = unseen_events(state)
    if pools is None:
        box_size = len(state.event_box)
        pooled = sorted(state.event_box + state.event_draw)
        rng.shuffle(pooled)
        state.event_box = pooled[:box_size]
        state.event_draw = pooled[box_size:]
        return
    box: list[str] = []
    draw: list[str] = []
    for unseen, removed in pools:
        rng.shuffle(unseen)
        box.extend(unseen[:removed])
        draw.extend(unseen[removed:])
    rng.shuffle(draw)
    state.event_box = box
    state.event_draw = draw
