"""Random legal play with Non-Player Powers (§13): solo (1 human + 3 NP) and mixed games end with
the §13.10 verdict or a winner, NP seats never act through the engine, and the invariants hold."""

from __future__ import annotations

import random

import pytest

from realpolitik.engine import get_game
from realpolitik.games.belle_epoque.rules.invariants import check

GAME = get_game("la-belle-epoque")
POWERS = ("GB", "FR", "CE", "RU")


def play_random(seed: int, np: list[str], *, checks: bool = True):
    state = GAME.setup(GAME.normalize_options({"np": np}), seed)
    chooser = random.Random(seed)
    actions = 0
    while True:
        acting = GAME.to_act(state)
        if not acting:
            break
        assert acting[0] not in np, "an NP seat never decides through the engine (§13)"
        legal = GAME.legal_actions(state, acting[0])
        assert legal, f"seed {seed}: {acting[0]} has no legal action in {state.flow.current().kind}"
        GAME.apply(state, acting[0], chooser.choice(legal))
        actions += 1
        if checks:
            check(state)
        assert actions < 5000, "the game does not end"
    return state


@pytest.mark.parametrize("seed", range(8))
def test_solo_games_end_with_a_verdict(seed):
    human = POWERS[seed % 4]
    state = play_random(seed, [p for p in POWERS if p != human])
    outcome = GAME.outcome(state)
    assert outcome is not None
    verdict = outcome.details["verdict"]
    band = state.content.solo.band_for(verdict["vp"])
    assert verdict["band"] == band.id
    assert verdict["vp"] == state.powers[human].vp + state.content.solo.end_turn_bonus.get(state.end_turn, 0)
    assert set(outcome.winners) <= {human}


@pytest.mark.parametrize("automata", [1, 2])
@pytest.mark.parametrize("seed", range(6))
def test_mixed_games_end_with_a_human_winner(seed, automata):
    rng = random.Random(seed * 10 + automata)
    np = rng.sample(POWERS, automata)
    state = play_random(seed, np)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners
    assert not set(outcome.winners) & set(np), "NP Powers never score (§13.0)"


def test_np_hands_are_hidden():
    state = GAME.setup(GAME.normalize_options({"np": ["FR", "CE", "RU"]}), 1)
    for seat in (None, "GB", "FR"):
        view = GAME.view(state, seat)
        for power in ("FR", "CE", "RU"):
            assert "hand" not in view["powers"][power] and view["powers"][power]["national"] == []


@pytest.mark.slow
@pytest.mark.parametrize("automata", [1, 2, 3])
def test_many_np_games(automata):
    """Run with ``pytest -m slow``: 1,000 games per number of NP Powers."""
    for seed in range(1000):
        np = random.Random(seed).sample(POWERS, automata)
        state = play_random(seed, np, checks=seed % 10 == 0)
        assert GAME.outcome(state) is not None
