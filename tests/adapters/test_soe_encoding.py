"""Struggle of Empires' own encoding (``games/struggle_of_empires/ai/encoding.py``): action indices
both ways on every legal action of random games at 2 to 7 players, the fast observation equal to
the one built from the seat's view, hidden unrest never observed by another empire."""

from __future__ import annotations

import random
from typing import Any

import pytest

from realpolitik.adapters.encoding import codec_for
from realpolitik.engine import plugin
from realpolitik.games.struggle_of_empires.ai.encoding import ENCODING, EncodingError, _layout_for
from realpolitik.games.struggle_of_empires.rules.actions import Act
from realpolitik.games.struggle_of_empires.rules.state import State

SOE = plugin("struggle-of-empires")
GAME = SOE.game

N_BY_PLAYERS = {2: 1877, 3: 1978, 4: 2087, 5: 2204, 6: 2329, 7: 2462}
OBSERVATION_BY_PLAYERS = {2: 720, 3: 938, 4: 1162, 5: 1392, 6: 1628, 7: 1870}

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3, "unrest_markers": "valued", "support_gold": "upfront"},
    {"players": 4, "war_office": "no-gold", "commerce": "income"},
    {"players": 5, "deploy_ships": "anywhere", "loss_choice": "auto"},
    {"players": 6, "reserve_rerolls": "own", "war_office": "both"},
    {"players": 7, "unrest_markers": "valued"},
]


def _walk(options: dict[str, Any], seed: int, steps: int) -> Any:
    """Every position of a random game (at most ``steps`` actions), each seat's legal list."""
    state = GAME.setup(SOE.normalize(options), seed)
    pick = random.Random(seed)
    for _ in range(steps):
        yield state
        if GAME.outcome(state) is not None:
            return
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat)), None)


def test_n_and_the_observation_depend_only_on_the_player_count() -> None:
    for players, size in N_BY_PLAYERS.items():
        codec = codec_for(SOE, {"players": players})
        assert codec.specific
        assert codec.size == size and codec.shape == (OBSERVATION_BY_PLAYERS[players],)
        # another reading of the rules changes neither
        other = codec_for(SOE, {"players": players, "unrest_markers": "valued", "war_office": "both"})
        assert other.size == size and other.shape == codec.shape


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['players']}p")
def test_every_legal_action_round_trips_through_a_distinct_index_in_range(options: dict[str, Any]) -> None:
    size = ENCODING.size(SOE.normalize(options))
    verbs: set[str] = set()
    for seed in (1, 2, 3):
        for state in _walk(options, seed, 1500):
            for seat in GAME.to_act(state):
                legal, indices = ENCODING.indexed_legal(state, seat)
                assert list(legal) == list(GAME.legal_actions(state, seat))
                assert len(set(indices)) == len(indices)
                assert all(0 <= i < size for i in indices)
                assert ENCODING.legal_indices(state, seat) == indices
                for action, index in zip(legal, indices, strict=True):
                    assert ENCODING.encode(state, seat, action) == index
                    assert ENCODING.decode(state, seat, index) == action
                    verbs.add(action.verb)
    assert {"bid", "pass", "build", "attack", "army", "buy"} <= verbs, verbs


def test_fixed_actions_have_fixed_indices() -> None:
    state = GAME.setup(SOE.normalize({"players": 4}), 1)
    seat = GAME.to_act(state)[0]
    regions = state.content.region_ids
    # Deployment: place KIND REGION at 9 (the words-less actions) + kind × 18 + region.
    for action in GAME.legal_actions(state, seat):
        kind = ("army", "ship", "fort").index(action.args[0])
        assert ENCODING.encode(state, seat, action) == 9 + kind * len(regions) + regions.index(action.args[1])
    with pytest.raises(ValueError, match="not a legal action"):
        ENCODING.decode(state, seat, 0)  # pass is not legal during the deployment
    with pytest.raises(ValueError, match="outside"):
        ENCODING.decode(state, seat, N_BY_PLAYERS[4])
    with pytest.raises(EncodingError):
        ENCODING.encode(state, seat, Act("place", ("army", "atlantis")))


@pytest.mark.parametrize("players", range(2, 8))
def test_every_index_names_one_action_and_back(players: int) -> None:
    """The layout is a bijection: each index in [0, N) names an action whose index it is (so no
    two actions, legal or not, can ever share an index)."""
    layout = _layout_for(SOE.normalize({"players": players}))
    low, gold = 5, 20
    names = set()
    for index in range(layout.size):
        action = layout.action(index, low, gold)
        assert layout.index(action, low, gold) == index, (index, action)
        names.add(str(action))
    assert len(names) == layout.size == N_BY_PLAYERS[players]


def _auction(seed: int) -> tuple[State, str]:
    for state in _walk({"players": 4}, seed, 200):
        top = state.flow.top()
        if top is not None and top.kind == "auction" and top.data["high"] >= 0:
            return state, GAME.to_act(state)[0]
    raise AssertionError("no auction with a bid")


def test_a_bid_is_its_proposals_and_its_amount_above_the_lowest() -> None:
    state, seat = _auction(1)
    low = state.flow.top().data["high"] + 1  # type: ignore[union-attr]
    bids = [a for a in GAME.legal_actions(state, seat) if a.verb == "bid"]
    pair = bids[0].args[1]
    same = sorted((int(a.args[0]), ENCODING.encode(state, seat, a)) for a in bids if a.args[1] == pair)
    first = same[0][1]
    assert same[0][0] == low
    for amount, index in same:
        slot = min(amount - low, 3)
        assert index == first + slot
    # A bid the direct check accepts but the legal list does not show has no index.
    if state.gold[seat] > low + 3:
        with pytest.raises(ValueError):
            ENCODING.encode(state, seat, Act("bid", (str(low + 3), pair)))


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['players']}p")
def test_the_fast_observation_equals_the_one_built_from_the_view(options: dict[str, Any]) -> None:
    decisions: set[str] = set()
    length = sum(f.size for f in ENCODING.observation_fields(SOE.normalize(options)))
    for seed in (4, 5):
        for step, state in enumerate(_walk(options, seed, 1200)):
            top = state.flow.top()
            decisions.add(top.kind if top is not None else "over")
            for seat in GAME.seats(state):
                fast, reference = ENCODING.observe(state, seat), ENCODING.observe_view(state, seat)
                assert len(fast) == length
                assert fast == reference, (seed, step, seat)
                positions, values = ENCODING.observe_sparse(state, seat)
                assert sorted(positions) == [i for i, x in enumerate(fast) if x != 0.0]
                assert all(fast[i] == v for i, v in zip(positions, values, strict=True))
    assert {"deploy", "auction", "turn", "move"} <= decisions, decisions


def test_the_combat_and_decision_blocks_are_written() -> None:
    """The equality above would pass with blocks never filled: check they are, somewhere."""
    fields = ENCODING.observation_fields(SOE.normalize({"players": 4}))
    starts: dict[str, tuple[int, int]] = {}
    at = 0
    for f in fields:
        starts[f.name] = (at, at + f.size)
        at += f.size
    seen: set[str] = set()
    for seed in (1, 2, 3):
        for state in _walk({"players": 4}, seed, 1500):
            seat = state.seats[0]
            obs = ENCODING.observe(state, seat)
            for name in ("combat", "decision", "held", "markers", "alliances", "order"):
                lo, hi = starts[name]
                if any(obs[lo:hi]):
                    seen.add(name)
            if state.combat is not None:
                lo, _ = starts["combat"]
                assert obs[lo] == 1.0
    assert {"combat", "decision", "markers", "alliances", "order"} <= seen, seen


def _unrest_at(options: dict[str, Any]) -> State:
    for seed in range(1, 30):
        for state in _walk(options, seed, 3000):
            if state.final is None and any(state.unrest[s] for s in state.seats[1:]):
                found: State = state
                return found
    raise AssertionError("no unrest in random games")


def test_another_empires_hidden_unrest_does_not_change_the_observation() -> None:
    # With valued markers (G8) each empire sees the others' marker counts, never their values
    # (L73); with markers all worth 1 (the default) the count is the value and nothing is hidden.
    state = _unrest_at({"players": 3, "unrest_markers": "valued"})
    me = state.seats[0]
    other = next(s for s in state.seats[1:] if state.unrest[s])
    twin = state.clone()
    twin.unrest_values[other] = [3 if v != 3 else 1 for v in twin.unrest_values[other]]
    twin.unrest[other] = sum(twin.unrest_values[other])
    twin.unrest_pool.reverse()
    assert twin.unrest_markers(other) == state.unrest_markers(other)
    assert ENCODING.observe(twin, me) == ENCODING.observe(state, me)
    assert ENCODING.observe_view(twin, me) == ENCODING.observe_view(state, me)
    # ... while the owner sees its own points change: the test can fail
    assert ENCODING.observe(twin, other) != ENCODING.observe(state, other)
    # ... and the bag's order is never seen, only its size
    twin.bag.reverse()
    assert ENCODING.observe(twin, me) == ENCODING.observe(state, me)


def test_the_fields_are_documented_and_add_up() -> None:
    for players in range(2, 8):
        fields = ENCODING.observation_fields(SOE.normalize({"players": players}))
        assert all(f.doc and f.size > 0 for f in fields)
        assert sum(f.size for f in fields) == OBSERVATION_BY_PLAYERS[players]
        assert len({f.name for f in fields}) == len(fields)
