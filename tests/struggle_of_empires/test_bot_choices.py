"""The bots' reasoning added for issue 17 (ai/evaluation.py, ai/odds.py, ai/choices.py): tiles
worth their uses to come, the odds of a land combat, proposals chosen by the fronts they make, and
gold offered for support only when it buys a support worth more than the gold."""

from __future__ import annotations

import pytest

from realpolitik.engine import Match, get_game
from realpolitik.games.struggle_of_empires.ai.choices import choose_special
from realpolitik.games.struggle_of_empires.ai.evaluation import (
    GOLD_VP,
    PER_WAR,
    TILE_WEIGHT,
    front_value,
    tile_value,
)
from realpolitik.games.struggle_of_empires.ai.odds import chances, win_chance
from realpolitik.games.struggle_of_empires.rules.actions import parse_action

from .conftest import position

GAME = get_game("struggle-of-empires")


def test_the_odds_of_two_dice_differences() -> None:
    """L273-275: equal strengths tie when the two differences are equal: sum of p(d)^2 =
    (36 + 100 + 64 + 36 + 16 + 4) / 1296; the rest splits evenly."""
    win, tie = chances(0)
    assert tie == pytest.approx(256 / 1296) and win == pytest.approx((1 - 256 / 1296) / 2)
    assert win_chance(6, 0) == 1.0 and win_chance(0, 6) == 0.0
    assert win_chance(3, 2) > win_chance(2, 2) > win_chance(2, 3)


def test_a_commerce_tile_is_worth_the_gold_it_will_still_pay() -> None:
    """L461-463, R8: 1 gold a token, once a War: two tokens in North America in War 1, unused, pay
    three times more; once used, twice."""
    state = position(
        auction="GB",
        tokens={"north-america": {"GB": 2}},
        empires={"GB": {"tiles": {"tobacco": 1}}},
    )
    assert tile_value(state, "GB", 3) == pytest.approx(2 * 3 * GOLD_VP)
    state.used["GB"]["tobacco"] = 1
    assert tile_value(state, "GB", 3) == pytest.approx(2 * 2 * GOLD_VP)


def test_a_permanent_tile_is_worth_more_with_more_wars_to_serve() -> None:
    """L494: Army Training serves every War left: three before War 1's rounds, one in War 3."""
    state = position(auction="GB", empires={"GB": {"tiles": {"army-training": 1}}})
    assert tile_value(state, "GB", 3) == pytest.approx(3 * PER_WAR["army-training"] * TILE_WEIGHT)
    assert tile_value(state, "GB", 1) == pytest.approx(1 * PER_WAR["army-training"] * TILE_WEIGHT)


def test_an_enemys_army_by_ones_token_is_a_threat_an_allys_is_not() -> None:
    """L303-314: allies never fight each other, so an ally's armies by one's tokens cost nothing."""
    threatened = position(
        grey=["GB"],
        white=["FR", "PR"],
        tokens={"india": {"GB": 1}},
        units={"india": {"FR": {"army": 3}}},
        turn="GB",
    )
    assert front_value(threatened, "GB", 3) < 0
    assert front_value(threatened, "FR", 3) > 0
    allied = position(
        grey=["GB", "FR"],
        white=["PR"],
        tokens={"india": {"GB": 1}},
        units={"india": {"FR": {"army": 3}}},
        turn="GB",
    )
    assert front_value(allied, "GB", 3) == 0 and front_value(allied, "FR", 3) == 0


def test_proposals_are_chosen_by_the_fronts_they_make() -> None:
    """GB's token in India faces France's three armies; Prussia's token in Africa lies open to
    GB's armies: GB proposes to stand against Prussia (GB and PR in different rows), not to leave
    its side open nor to stand against France."""
    state = position(
        auction="GB",
        tokens={"india": {"GB": 1}, "africa": {"PR": 1}},
        units={"india": {"FR": {"army": 3}}, "africa": {"GB": {"army": 3}}},
    )
    legal = GAME.legal_actions(state, "GB")
    chosen = choose_special(state, "GB", legal)
    assert chosen is not None and chosen.verb == "bid"
    assert chosen.args[1] in ("GB/PR", "PR/GB")
    # The bid's amount is the projection's: the lowest, since a bid is gold owed (L124).
    assert chosen.args[0] == "0"


def _attack(es_armies: int, gb_armies: int, fr_armies: int) -> Match:
    """GB (grey, with ES) attacks FR's two tokens in India; ES is asked, GB offers first."""
    match = Match(GAME, {"players": 5}, seed=1)
    GAME.set_position(
        match.state,
        {
            "clear": True,
            "grey": ["GB", "ES"],
            "white": ["FR", "PR", "AU"],
            "units": {
                "india": {"GB": {"army": gb_armies}, "ES": {"army": es_armies}, "FR": {"army": fr_armies}}
            },
            "tokens": {"india": {"FR": 2}},
            "empires": {"GB": {"gold": 10}, "FR": {"gold": 10}, "ES": {"gold": 3}},
            "turn": "GB",
        },
        match.log,
    )
    match.play("GB", "attack india FR")
    assert match.view("GB")["decision"]["kind"] == "offer"
    return match


def _choice(match: Match, seat: str) -> str:
    chosen = choose_special(match.state, seat, match.legal_actions(seat))
    assert chosen is not None
    return f"{chosen.verb} {' '.join(chosen.args)}".strip()


def test_gold_buys_a_support_that_turns_the_combat() -> None:
    """Two armies against two: Spain's army turns the odds; it will not help a rival for nothing,
    it will for 2 gold, and 2 gold are worth far less to Britain than India's tokens (R22)."""
    match = _attack(es_armies=1, gb_armies=2, fr_armies=2)
    assert _choice(match, "GB") == "offer 2"
    match.play("GB", "offer 2")
    assert _choice(match, "ES") == "support armies"


def test_an_ally_answers_nothing_for_nothing_when_it_only_helps_a_rival() -> None:
    match = _attack(es_armies=1, gb_armies=2, fr_armies=2)
    match.play("GB", "offer 0")
    assert _choice(match, "ES") == "support none"


def test_no_gold_is_offered_for_a_support_no_gold_can_buy() -> None:
    """Spain's three armies would win it for Britain, a rival: no offer up to 3 gold is worth it to
    Spain, so Britain offers nothing."""
    match = _attack(es_armies=3, gb_armies=2, fr_armies=3)
    assert _choice(match, "GB") == "offer 0"


def test_a_bid_applies_as_chosen() -> None:
    state = position(auction="GB", empires={"GB": {"gold": 10}})
    chosen = choose_special(state, "GB", GAME.legal_actions(state, "GB"))
    assert chosen is not None and chosen in GAME.legal_actions(state, "GB")
    GAME.apply(state, "GB", parse_action(f"bid {chosen.args[0]} {chosen.args[1]}"))
