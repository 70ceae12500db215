"""Europe in Turmoil's hooks for bots and reports: the evaluation (held Scoring cards, region
scores), the facts hook, the determinizer, and the state's field lists the compiled build needs."""

from __future__ import annotations

import pytest

from realpolitik.bots import make_bot
from realpolitik.engine import Rng
from realpolitik.games.europe_in_turmoil import GAME
from realpolitik.games.europe_in_turmoil.ai import evaluation
from realpolitik.games.europe_in_turmoil.ai.determinize import determinize
from realpolitik.games.europe_in_turmoil.content import REGIONS
from realpolitik.games.europe_in_turmoil.rules.actions import Act
from realpolitik.games.europe_in_turmoil.rules.scoring import level, region_points
from realpolitik.games.europe_in_turmoil.rules.state import READING_FIELDS, STATE_FIELDS, Readings, State


def play_random(seed: int, stop: int = 10_000) -> State:
    state: State = GAME.setup(GAME.normalize_options({}), seed)
    rng = Rng.from_seed(seed, stream=5)
    for _ in range(stop):
        acting = GAME.to_act(state)
        if not acting:
            break
        legal = GAME.legal_actions(state, acting[0])
        GAME.apply(state, acting[0], legal[rng.below(len(legal))], None)
    return state


def test_field_lists_are_the_slots() -> None:
    # to_json reads these lists: the compiled build's classes have no __slots__ attribute
    if not hasattr(State, "__slots__"):
        pytest.skip("compiled build: checked on the pure-Python one")
    assert State.__slots__ == STATE_FIELDS
    assert Readings.__slots__ == READING_FIELDS


def test_region_scores_agree_with_the_rules_10_1() -> None:
    for seed in range(6):
        for stop in (20, 60, 120):
            state = play_random(seed, stop)
            scores = evaluation.region_scores(state)
            for region in REGIONS:
                assert scores[region] == (
                    region_points(state, region, "L"),
                    region_points(state, region, "A"),
                )
            assert evaluation.germany_controlled(state) == (level(state, "germany", "L") == "control")


def first_play(seat: str) -> State:
    state: State = GAME.setup(GAME.normalize_options({}), 3)
    rng = Rng.from_seed(3, stream=5)
    while (top := state.flow.top()) is None or top.kind != "play" or seat not in top.seats:
        acting = GAME.to_act(state)
        legal = GAME.legal_actions(state, acting[0])
        GAME.apply(state, acting[0], legal[rng.below(len(legal))], None)
    return state


def test_more_scoring_cards_than_rounds_is_valued_as_a_loss_4_5_3() -> None:
    state = first_play("L")
    scoring = [c for c in state.content.card_ids if state.content.cards[c].scoring][:2]
    others = [c for c in state.hands["L"] if not state.content.cards[c].scoring]
    state.hands["A"] = [c for c in state.hands["A"] if not state.content.cards[c].scoring]
    state.hands["L"] = [*scoring, *others[:3]]
    state.slots = []  # this round only: one of the two Scoring cards will be held
    lost = evaluation.values(state)["L"]
    state.slots = ["A", "L"]
    assert evaluation.values(state)["L"] > lost + 20


def test_the_heuristic_plays_its_scoring_card_in_its_last_round_4_5_3() -> None:
    state = first_play("A")
    card = next(c for c in state.content.card_ids if state.content.cards[c].scoring)
    for seat in ("A", "L"):
        state.hands[seat] = [c for c in state.hands[seat] if not state.content.cards[c].scoring]
    state.hands["A"] = [card, *state.hands["A"][:3]]
    state.slots = ["L"]
    bot = make_bot("heuristic", seed=1)
    number = state.content.cards[card].number
    assert bot.choose(GAME, state, "A") == Act("score", number)


def test_facts_count_the_great_war_only_when_it_broke_out() -> None:
    state = play_random(0)
    facts = evaluation.facts(state, {})
    assert facts["turns"] == state.turn
    war = state.result.startswith("after the Great War")
    assert (facts["great_war"] is True) == war
    assert sum(1 for name in evaluation.ENDINGS if facts[f"ended_by_{name}"]) == 1
    state.result = "after the Great War: the Liberal wins with VP +3"
    state.war_winner = "L"
    facts = evaluation.facts(state, {})
    assert facts["great_war"] is True and facts["war_won_by_liberal"] is True
    assert facts["ended_by_great_war"] is True and facts["war_tied"] is None


def test_determinize_keeps_the_seat_s_view_and_resamples_the_rest() -> None:
    state = play_random(4, 40)
    seat = GAME.to_act(state)[0]
    other = "L" if seat == "A" else "A"
    rng = Rng.from_seed(9, stream=1)
    hands = set()
    for _ in range(20):
        world = determinize(state, seat, rng)
        assert GAME.view(world, seat) == GAME.view(state, seat)
        assert sorted(world.hands[other] + world.deck) == sorted(state.hands[other] + state.deck)
        assert set(world.hands[other]) >= set(state.revealed[other])
        hands.add(tuple(sorted(world.hands[other])))
    assert len(hands) > 1
