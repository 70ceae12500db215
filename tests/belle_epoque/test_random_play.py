"""Random legal play: whole seeded games for 2, 3 and 4 players end with a winner, never reach a
state without a legal action, and keep the invariants of tests/belle_epoque/invariants.py."""

from __future__ import annotations

import random

import pytest

from realpolitik.engine import Match, get_game
from realpolitik.engine.record import Record, parse_record, replay
from realpolitik.games.belle_epoque.rules.invariants import check

GAME = get_game("la-belle-epoque")


def play_random(seed: int, players: int, *, checks: bool = True, **options: object):
    state = GAME.setup(GAME.normalize_options({"players": players, **options}), seed)
    chooser = random.Random(seed)
    actions = 0
    while True:
        acting = GAME.to_act(state)
        if not acting:
            break
        legal = GAME.legal_actions(state, acting[0])
        assert legal, f"seed {seed}: {acting[0]} has no legal action in {state.flow.current().kind}"
        GAME.apply(state, acting[0], chooser.choice(legal))
        actions += 1
        if checks:
            check(state)
        assert actions < 5000, "the game does not end"
    return state, actions


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_random_games_end_with_a_winner_and_keep_invariants(players, seed):
    state, _ = play_random(seed, players)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners
    assert set(outcome.winners) <= set(GAME.seats(state))
    assert 7 <= state.end_turn <= 9, "Sarajevo comes in Era III at the earliest (§6.3)"


def test_random_games_with_the_promo_cards_and_variants():
    for seed in range(6):
        state, _ = play_random(
            seed, 4, dreyfus_affair=True, intrigue_promos=True, variants=["portugal-setup-example"]
        )
        assert GAME.outcome(state) is not None


@pytest.mark.parametrize("seed", range(4))
def test_recorded_random_game_replays_to_the_same_hash(seed):
    match = Match(GAME, {"players": 2 + seed % 3}, seed)
    chooser = random.Random(seed)
    while match.to_act():
        seat = match.to_act()[0]
        match.play(seat, chooser.choice(match.legal_actions(seat)))
    record = parse_record(Record.of(match).to_json())
    again = replay(record, verify=True)
    assert again.hash() == match.hash()
    assert again.outcome() == match.outcome()


def test_clones_are_independent():
    state = GAME.setup(GAME.normalize_options({}), 3)
    chooser = random.Random(3)
    for _ in range(150):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
    twin = GAME.clone(state)
    before = GAME.serialize(twin)
    for _ in range(60):
        acting = GAME.to_act(state)
        if not acting:
            break
        GAME.apply(state, acting[0], chooser.choice(GAME.legal_actions(state, acting[0])))
    assert GAME.serialize(twin) == before


def test_notation_round_trips_for_every_legal_action_seen():
    state = GAME.setup(GAME.normalize_options({"players": 3}), 9)
    chooser = random.Random(9)
    seen = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        for action in legal:
            assert GAME.parse_action(GAME.notation(action)) == action
            seen += 1
        GAME.apply(state, seat, chooser.choice(legal))
    assert seen > 1000


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games(players):
    """Run with ``pytest -m slow``: 1,000 games per player count."""
    for seed in range(1000):
        state, _ = play_random(seed * 7 + players, players, checks=seed % 10 == 0)
        assert GAME.outcome(state) is not None
