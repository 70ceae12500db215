"""Encodings: the generic fallback, the end rewards, and the battery's encoding check."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.adapters.encoding import EncodingTooSmall, codec_for, generic_size, rewards
from realpolitik.engine import Outcome, plugin
from realpolitik.testing import BatteryFailure
from realpolitik.testing.battery import check_encoding
from tests.engine.double import BARE_PLUGIN, TALLY
from tests.engine.double import PLUGIN as TALLY_PLUGIN


def test_the_generic_encoding_indexes_the_sorted_legal_list_both_ways() -> None:
    codec = codec_for(BARE_PLUGIN, {}, max_actions=16)
    assert not codec.specific and codec.size == 16 and codec.shape == (512,)
    state = BARE_PLUGIN.game.setup(BARE_PLUGIN.normalize({}), 3)
    legal = BARE_PLUGIN.game.legal_actions(state, "N")
    indices = codec.encoding.legal_indices(state, "N")
    notations = sorted(TALLY.notation(a) for a in legal)
    for action, index in zip(legal, indices, strict=True):
        assert notations[index] == TALLY.notation(action)
        assert codec.decode(state, "N", index) == action
        assert codec.encode(state, "N", action) == index
    assert list(codec.mask(state, "N")) == [1] * len(legal) + [0] * (16 - len(legal))
    assert not codec.mask(state, "S").any()  # not to act: an empty mask


def test_the_generic_encoding_measures_its_size_and_refuses_a_position_beyond_it() -> None:
    measured = codec_for(BARE_PLUGIN, {})
    assert (
        measured.size == generic_size(7) == 16
    )  # Tally's longest list: bank, roll, challenge, pass, 3 cards
    small = codec_for(BARE_PLUGIN, {}, max_actions=2)
    state = BARE_PLUGIN.game.setup(BARE_PLUGIN.normalize({}), 3)
    with pytest.raises(EncodingTooSmall, match=r"more than the generic encoding's N = 2; pass max_actions="):
        small.mask(state, "N")


def test_the_generic_observation_is_the_hashed_view_and_hides_other_hands() -> None:
    codec = codec_for(BARE_PLUGIN, {}, max_actions=16)
    state = BARE_PLUGIN.game.setup(BARE_PLUGIN.normalize({}), 3)
    twin = BARE_PLUGIN.game.clone(state)
    twin.hands["S"] = [*twin.hands["S"][:2], 99]  # S's hand is N's secret
    assert (codec.observe(state, "N") == codec.observe(twin, "N")).all()
    assert (codec.observe(state, "S") != codec.observe(twin, "S")).any()
    assert (codec.observe(state, "N") != codec.observe(state, "S")).any()


def test_games_with_an_encoding_use_their_own() -> None:
    tally = codec_for(TALLY_PLUGIN, {"seats": 3})
    assert tally.specific and tally.size == 18 and tally.shape == (31,)
    lbe = codec_for(plugin("la-belle-epoque"), {})
    assert lbe.specific and lbe.size == 13980 and lbe.shape == (3896,)


def test_lbe_indices_of_fixed_actions_do_not_depend_on_the_position() -> None:
    lbe = plugin("la-belle-epoque")
    encoding = lbe.encoding
    assert encoding is not None
    game = lbe.game
    state = game.setup(game.normalize_options({}), 1)
    seat = game.to_act(state)[0]
    # Initial Setup: place TERRITORY, territory-major, 12 space numbers each (0-11: Italy has 11
    # spaces), after the 5 simple actions.
    for action in game.legal_actions(state, seat):
        territory = action.territory
        index = encoding.encode(state, seat, action)
        assert index == 5 + state.content.territory_ids.index(territory) * 12 + action.space
    with pytest.raises(ValueError, match="not a legal action"):
        encoding.decode(state, seat, 0)  # great-work is not legal during the Initial Setup


def test_lbe_refuses_a_content_with_a_territory_larger_than_its_space_numbers() -> None:
    lbe = plugin("la-belle-epoque")
    big = {"territory": {"italy": {"spaces": {"value": 12, "reconstructed": "G2", "why": "test"}}}}
    with pytest.raises(ValueError, match="more than the encoding's 11 spaces"):
        codec_for(lbe, {"content": big})


def test_rewards_win_rank_and_score() -> None:
    outcome = Outcome({"N": 10, "S": 4, "E": 4}, ("N",), "N wins")
    seats = ["N", "S", "E"]
    assert rewards(outcome, seats, "win") == {"N": 1.0, "S": -1.0, "E": -1.0}
    assert rewards(outcome, seats, "rank") == {"N": 1.0, "S": -0.5, "E": -0.5}  # S and E share places 2-3
    assert rewards(outcome, seats, "score") == {"N": 4.0, "S": -2.0, "E": -2.0}
    shared = Outcome({"N": 5, "S": 5}, ("N", "S"), "a shared win")
    assert rewards(shared, ["N", "S"], "rank") == {"N": 0.0, "S": 0.0}
    with pytest.raises(ValueError, match="reward must be one of"):
        rewards(outcome, seats, "elo")


def test_the_battery_catches_an_observation_that_shows_another_hand() -> None:
    """The encoding check is not a check that cannot fail."""
    encoding: Any = TALLY_PLUGIN.encoding
    honest = type(encoding).observe

    def leaky(self: Any, state: Any, seat: Any) -> list[float]:
        other = next(s for s in state.seats if s != seat)
        return [*honest(self, state, seat)[:-1], float(sum(state.hands[other]))]

    try:
        type(encoding).observe = leaky
        with pytest.raises(BatteryFailure, match="observation changes when what it cannot see is resampled"):
            check_encoding(TALLY_PLUGIN, {}, 1)
    finally:
        type(encoding).observe = honest


@pytest.mark.parametrize("options", plugin("la-belle-epoque").option_sets)
def test_lbe_observation_from_the_state_equals_the_one_from_the_seats_view(options: dict[str, Any]) -> None:
    # The view (rules/view.py) says what a seat may see; the fast observation reads the state
    # directly and must give the very same numbers, for every seat, at every position.
    import random

    from realpolitik.games.belle_epoque.ai.encoding import ENCODING

    found = plugin("la-belle-epoque")
    game = found.game
    codec = codec_for(found, options)
    decisions: set[str] = set()
    for seed in (3, 4):
        state = game.setup(found.normalize(options), seed)
        pick = random.Random(seed)
        for _step in range(300):
            for seat in game.seats(state):
                fast, reference = ENCODING.observe(state, seat), ENCODING.observe_view(state, seat)
                assert fast == reference, (seed, _step, seat)
                # The environments' sparse form: exactly the non-zero numbers, where they are.
                positions, values = ENCODING.observe_sparse(state, seat)
                assert sorted(set(positions)) == [i for i, x in enumerate(fast) if x != 0.0]
                assert all(fast[i] == v for i, v in zip(positions, values, strict=True))
                # And split: the ones apart from the other numbers, each position once.
                ones, numbers, others = ENCODING.observe_split(state, seat)
                assert sorted(ones + numbers) == sorted(set(positions))
                assert all(fast[i] == 1.0 for i in ones)
                assert all(fast[i] == v != 1.0 for i, v in zip(numbers, others, strict=True))
                if _step % 25 == 0:  # the environments' array, built from the split form
                    assert codec.observe(state, seat).tolist() == fast
            if game.outcome(state) is not None:
                break
            top = state.flow.top()
            decisions.add(top.kind if top is not None else "")
            seat = game.to_act(state)[0]
            game.apply(state, seat, pick.choice(game.legal_actions(state, seat)), None)
    if not options:
        assert "commit" in decisions, decisions  # the dispute block was filled, not only zeros
