"""La Belle Époque's determinization: what a seat cannot see is resampled, what it can see is
untouched (its view is the same), and no hidden card is invented or lost."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from realpolitik.bots import Budget, HeuristicBot, IsmctsBot, determinizer
from realpolitik.engine import Rng, get_game, plugin
from realpolitik.games.belle_epoque.ai.determinize import unseen_events, unseen_intrigue
from tests.bots.test_bots import positions

GAME: Any = get_game("la-belle-epoque")
determinize: Any = plugin("la-belle-epoque").determinize  # the plug-in's determinizer


def hidden_pools(state: Any, seat: str) -> tuple[Counter[str], Counter[str]]:
    """The multisets of cards the seat cannot place: events (draw pile and box) and Intrigue
    (the other hands, the draw pile and the discards)."""
    events: Counter[str] = Counter(state.event_draw + state.event_box)
    intrigue: Counter[str] = Counter(state.intrigue_draw + state.intrigue_discard)
    for power in GAME.seats(state):
        if power != seat:
            intrigue.update(state.powers[power].intrigue)
    return events, intrigue


@pytest.fixture(scope="module")
def sample() -> list[Any]:
    return positions(5, every=7, limit=500) + positions(8, every=11, limit=500)


def test_the_game_offers_determinize():
    assert determinizer(GAME) is not None


def test_determinized_states_keep_each_seats_view(sample):
    rng = Rng.from_seed(1)
    for state in sample:
        for seat in [*GAME.seats(state), None]:
            world = determinize(state, seat, rng)
            assert GAME.view(world, seat) == GAME.view(state, seat)


def test_determinized_states_resample_hands_and_decks_without_inventing_cards(sample):
    rng = Rng.from_seed(2)
    changed_hands = changed_decks = 0
    for state in sample:
        for seat in GAME.seats(state):
            world = determinize(state, seat, rng)
            assert hidden_pools(world, seat) == hidden_pools(state, seat)
            assert world.powers[seat].intrigue == state.powers[seat].intrigue  # its own hand
            others = [p for p in GAME.seats(state) if p != seat]
            if any(world.powers[p].intrigue != state.powers[p].intrigue for p in others):
                changed_hands += 1
            if world.event_draw != state.event_draw:
                changed_decks += 1
            assert world.rng.state != state.rng.state  # the dice to come are not the real ones
            assert GAME.checkpoint(world) == GAME.checkpoint(state)
    assert changed_hands > 0 and changed_decks > 0


def test_determinized_states_play_on_to_a_legal_end(sample):
    rng = Rng.from_seed(3)
    state = sample[len(sample) // 2]
    world = determinize(state, GAME.to_act(state)[0], rng)
    while GAME.to_act(world):
        seat = GAME.to_act(world)[0]
        legal = GAME.legal_actions(world, seat)
        GAME.apply(world, seat, legal[rng.below(len(legal))])
    assert GAME.outcome(world) is not None


def test_ismcts_decision_does_not_depend_on_what_the_seat_cannot_see(sample):
    """Two states that differ only in what the seat cannot see get the same decision from the
    same seeded bot: the search never reads the secrets."""
    rng = Rng.from_seed(4)
    checked = 0
    for state in sample[::4][:5]:
        seat = GAME.to_act(state)[0]
        twin = determinize(state, seat, rng)  # same view, other secrets
        assert GAME.serialize(twin) != GAME.serialize(state)
        first, second = IsmctsBot(9, Budget(iterations=40)), IsmctsBot(9, Budget(iterations=40))
        assert first.choose(GAME, state, seat) == second.choose(GAME, twin, seat)
        checked += 1
    assert checked


def test_heuristic_decision_does_not_depend_on_what_the_seat_cannot_see(sample):
    rng = Rng.from_seed(6)
    for state in sample[::3][:8]:
        seat = GAME.to_act(state)[0]
        twin = determinize(state, seat, rng)
        assert HeuristicBot(2).choose(GAME, state, seat) == HeuristicBot(2).choose(GAME, twin, seat)


def test_unseen_cards_are_worked_out_from_public_information(sample):
    """The pools come from the content, the public piles and the seat's own hand; they match the
    hidden piles' sizes (if a rules change breaks this, determinize falls back to pooling the
    hidden piles, and this test says so)."""
    for state in sample:
        assert unseen_events(state) is not None
        for seat in [*GAME.seats(state), None]:
            unseen = unseen_intrigue(state, seat)
            assert unseen is not None
            assert Counter(unseen) == hidden_pools(state, seat)[1]


def test_a_rival_asked_to_react_keeps_a_reaction_card():
    """A ``reroll`` question shows that its seat holds a card with a reaction half: every other
    seat's sample must leave it one, or the sampled world would have no legal action."""
    found = 0
    rng = Rng.from_seed(7)
    for seed in range(40):
        state = GAME.setup(GAME.normalize_options({}), seed)
        while GAME.to_act(state) and found < 6:
            seat = GAME.to_act(state)[0]
            if state.flow.current().kind == "reroll":
                found += 1
                for other in GAME.seats(state):
                    world = determinize(state, other, rng)
                    assert GAME.legal_actions(world, seat)
                    assert GAME.view(world, other) == GAME.view(state, other)
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, legal[rng.below(len(legal))])
        if found >= 6:
            break
    if not found:
        pytest.skip("no dispute reaction came up in these games (rules without reactions)")
