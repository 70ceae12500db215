"""The legal lists built from memos and one-pass scans (``action_phase``, ``cards``) against
their definitions worked out from scratch, at every decision of seeded random games: a memo that
went stale, or a scan that drifted from its rule, would offer an action the rules do not allow."""

from __future__ import annotations

import random
from typing import Any

import pytest

from realpolitik.engine import get_game
from realpolitik.games.belle_epoque.ai import evaluation
from realpolitik.games.belle_epoque.rules import action_phase as AP
from realpolitik.games.belle_epoque.rules import actions as A
from realpolitik.games.belle_epoque.rules.board import may_reach, reachable, set_cubes
from realpolitik.games.belle_epoque.rules.cards.placement import Remove, territories_of
from realpolitik.games.belle_epoque.rules.cards.primitives import new_ctx
from realpolitik.games.belle_epoque.rules.dispute import _COMMITS, commit_choices
from realpolitik.games.belle_epoque.rules.setup import setup_places, setup_refusal
from realpolitik.games.belle_epoque.rules.state import ARMAMENT

GAME = get_game("la-belle-epoque")


def sends_from_scratch(state: Any, power: str) -> list[A.Action]:
    """§8.2 as ``send_targets`` defines it, territory by territory."""
    if not state.powers[power].embassies:
        return []
    return [
        A.Send(territory, space)
        for territory in reachable(state, power)
        for space in AP.send_targets(state, power, territory, reach=True)
    ]


def removable_from_scratch(op: Remove, state: Any, ctx: Any, args: Any) -> list[tuple[str, int]]:
    owners = op._owners(state, ctx, args)
    return [
        (territory, index)
        for territory in territories_of(state, ctx, args)
        for index, cube in enumerate(state.territories[territory].base)
        if cube is not None and cube != ARMAMENT and op._matches(state, ctx, args, cube, owners)
    ]


@pytest.mark.parametrize(("seed", "options"), [(1, {}), (2, {"players": 3}), (3, {"np": ["RU"]})])
def test_memoised_choices_match_their_definitions(seed: int, options: dict[str, Any]) -> None:
    state = GAME.setup(GAME.normalize_options(options), seed)
    chooser = random.Random(seed)
    checked = 0
    remove = Remove()
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        if state.flow.current().kind == "action":
            assert AP.send_choices(state, seat) == sends_from_scratch(state, seat)
            assert AP.buy_choices(state, seat) == AP._buy_choices(state, seat)
            warm = AP.sell_choices(state, seat)
            AP._SELLS_SEEN.clear()
            AP._FREE_SELLS.clear()
            AP._AFFORDABLE.clear()
            assert warm == AP.sell_choices(state, seat)
            for owner in ("opposing", "target", "powers", "italy"):
                args = {"owner": owner, "count": 1}
                ctx = new_ctx("intrigue", "press-campaign", 1, seat)
                ctx["target"] = "GB" if seat != "GB" else "FR"
                assert list(remove._cubes(state, ctx, args)) == removable_from_scratch(
                    remove, state, ctx, args
                )
            checked += 1
        elif state.flow.current().kind == "commit":
            warm_commits = commit_choices(state, seat)
            _COMMITS.clear()
            assert warm_commits == commit_choices(state, seat)
        GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
    assert checked > 100


@pytest.mark.parametrize(("seed", "options"), [(6, {}), (7, {"players": 2}), (8, {"np": ["RU"]})])
def test_reach_and_setup_places_match_their_definitions(seed: int, options: dict[str, Any]) -> None:
    """``reachable`` (kept by fleet presence) is ``may_reach`` over the map, and the Initial Setup's
    places (one pass for the cubes taken and the debts) are where ``setup_refusal`` allows one."""
    state = GAME.setup(GAME.normalize_options(options), seed)
    chooser = random.Random(seed)
    places = reaches = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        kind = state.flow.current().kind
        if kind == "place":
            expected = [t for t in state.content.territory_ids if setup_refusal(state, seat, t) is None]
            assert setup_places(state, seat) == expected
            places += 1
        elif kind == "action":
            for power in state.content.power_ids:
                assert reachable(state, power) == [
                    t for t in state.content.territory_ids if may_reach(state, power, t)
                ]
            reaches += 1
        GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
    assert places > 20 and reaches > 100


def test_setup_places_see_cubes_written_by_hand() -> None:
    """The places are kept for a position by all they read, the cubes on the map included (by the
    map's change stamp): cubes written by hand (``set_cubes``, as positions and tests do) give the
    new places."""
    state = GAME.setup(GAME.normalize_options({}), 1)
    seat = GAME.to_act(state)[0]
    before = list(setup_places(state, seat))
    territory = before[0]
    spaces = state.territories[territory]
    half = len(spaces.base) // 2
    set_cubes(state, territory, ["GB"] * half + spaces.base[half:], list(spaces.top))  # half taken: no more
    after = setup_places(state, seat)
    assert territory not in after
    assert after == [t for t in state.content.territory_ids if setup_refusal(state, seat, t) is None]


@pytest.mark.parametrize(("seed", "options"), [(4, {}), (5, {"np": ["CE", "RU"]})])
def test_memoised_evaluation_matches_a_cold_one(seed: int, options: dict[str, Any]) -> None:
    """The bots' evaluation keeps each territory's and each Power's objective terms by all they
    read (``evaluation._MEMOS``): along a random game, with the memos warm from every position
    before, it gives exactly (the same floats) what it gives with the memos emptied."""
    state = GAME.setup(GAME.normalize_options(options), seed)
    chooser = random.Random(seed)
    evaluated = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        warm = evaluation.values(state)
        evaluation._MEMOS.clear()
        assert warm == evaluation.values(state)
        evaluated += 1
        GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)), None)
    assert evaluated > 100
