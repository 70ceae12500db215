"""Every Intrigue card, both halves (§8.6): the legal ways to play it, the choices it then asks for,
and its exact effect; the §8.6.1 limit, reminder cubes and discards (data/intrigue.toml)."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.games.belle_epoque.content import Content
from realpolitik.games.belle_epoque.rules.state import State
from tests.belle_epoque.cards_support import GAME, act, kind, legal, plays, position, spaces, texts

PROMOS: dict[str, Any] = {"options": {"intrigue_promos": True}}
"""The promo Intrigue cards are in the deck only with this option."""


def test_every_intrigue_half_has_a_test_here(content: Content) -> None:
    names = [name for name in globals() if name.startswith("test_")]
    for cid in content.intrigue_cards:
        for half in ("a", "b"):
            prefix = f"test_{cid.replace('-', '_')}_{half}_"
            assert any(name.startswith(prefix) for name in names), f"add a test {prefix}..."


def discarded(state: State, card: str) -> bool:
    return card in state.intrigue_discard and not any(p.card == card for p in state.played)


# -- big-stick-policy ----------------------------------------------------------------------------


def test_big_stick_policy_a_section_8_6_2_example() -> None:
    """§8.6.2: GB places a US cube in Japan (first free space), replaces a French cube in China
    although spaces are free there, and takes a free space in Micronesia; no dispute starts."""
    state = position(
        territories={"japan": ["RU", "GB"], "china": ["FR", "GB", "CE"], "micronesia": ["spain"]},
        powers={"GB": {"intrigue": ["big-stick-policy"]}},
    )
    assert plays(state, "big-stick-policy") == ["play big-stick-policy/1", "play big-stick-policy/2"]
    act(state, "play big-stick-policy/1")
    choices = legal(state)
    assert "place japan" in choices and "place china" in choices and "place china@1" in choices
    assert "place china@2" not in choices  # never the player's own cube
    assert "place micronesia" in choices and "place melanesia@1" in choices  # either island group
    log = act(state, "place china@1", "place japan")
    assert "place micronesia" in legal(state) and not any(c.startswith("place china") for c in legal(state))
    log += act(state, "place micronesia")
    assert spaces(state, "japan")[:3] == ["RU", "GB", "united-states"]
    assert spaces(state, "china")[:3] == ["united-states", "GB", "CE"]
    assert spaces(state, "micronesia")[:2] == ["spain", "united-states"]
    assert not any(state.territories["china"].top)
    assert [(p.card, p.victims) for p in state.played] == [("big-stick-policy", ["FR"])]
    assert state.powers["FR"].targeted and state.powers["FR"].reserve == 39
    assert "without a dispute" in texts(log)
    assert GAME.to_act(state) == ("GB",) and kind(state) == "action"


def test_big_stick_policy_b_secret_funds() -> None:
    state = position(powers={"GB": {"money": 1, "intrigue": ["big-stick-policy"]}})
    act(state, "play big-stick-policy/2")
    assert state.powers["GB"].money == 4 and discarded(state, "big-stick-policy")


# -- italian-diplomacy ---------------------------------------------------------------------------


def test_italian_diplomacy_a_two_territories_of_europe_or_africa() -> None:
    state = position(
        territories={"serbia": {"RU": 6}, "horn-of-africa": ["FR", "GB"]},
        powers={"GB": {"intrigue": ["italian-diplomacy"]}},
    )
    act(state, "play italian-diplomacy/1")
    choices = legal(state)
    assert "place serbia@3" in choices and "place horn-of-africa@1" in choices
    assert not any(c.startswith("place china") for c in choices)  # Asia is out
    act(state, "place serbia@3")
    assert not any(c.startswith("place serbia") for c in legal(state))  # two different territories
    act(state, "place horn-of-africa@1")
    assert spaces(state, "serbia")[2] == "italy" and spaces(state, "horn-of-africa")[:2] == ["italy", "GB"]
    assert state.territories["serbia"].holder == "RU"  # 5 of 6 is still a majority
    assert sorted(state.played[0].victims) == ["FR", "RU"]


def test_italian_diplomacy_b_consular_network() -> None:
    state = position(powers={"GB": {"embassies": 0, "intrigue": ["italian-diplomacy"]}})
    act(state, "play italian-diplomacy/2")
    assert state.powers["GB"].embassies == 1 and discarded(state, "italian-diplomacy")


# -- rising-sun ------------------------------------------------------------------------------------


def test_rising_sun_a_china_and_manchuria_korea() -> None:
    state = position(
        territories={"china": ["GB"], "manchuria-korea": ["RU"]},
        powers={"FR": {"intrigue": ["rising-sun"]}},
        active="FR",
    )
    act(state, "play rising-sun/1")
    assert sorted(legal(state)) == sorted(
        ["place china", "place china@1", "place manchuria-korea", "place manchuria-korea@1"]
    )
    act(state, "place manchuria-korea@1", "place china")
    assert spaces(state, "china")[:2] == ["GB", "japan"] and spaces(state, "manchuria-korea")[0] == "japan"
    assert state.played[0].victims == ["RU"]


def test_rising_sun_b_state_visit() -> None:
    state = position(powers={"GB": {"prestige": 0, "money": 0, "intrigue": ["rising-sun"]}})
    act(state, "play rising-sun/2")
    assert (state.powers["GB"].prestige, state.powers["GB"].money) == (1, 2)  # +1 space: its £2 bonus


# -- sabotage --------------------------------------------------------------------------------------


def test_sabotage_a_the_target_loses_a_unit_of_its_choice() -> None:
    state = position(
        powers={
            "GB": {"intrigue": ["sabotage"]},
            "FR": {"armies": 1, "fleets": {"africa": 1}},
            "RU": {"armies": 2, "targeted": True},
            "CE": {"exhausted_fleets": {"asia": 1}},
        }
    )
    assert plays(state, "sabotage") == ["play sabotage/1 fr"]  # RU is marked (§8.6.1); CE has no active unit
    act(state, "play sabotage/1 fr")
    assert GAME.to_act(state) == ("FR",) and legal(state) == ["choose army", "choose fleet:africa"]
    act(state, "choose army")
    me = state.powers["FR"]
    assert (me.armies_arsenal, me.armies_built) == (0, 0) and state.played[0].victims == ["FR"]
    assert GAME.to_act(state) == ("GB",)


def test_sabotage_b_naval_exercises() -> None:
    state = position(powers={"GB": {"intrigue": ["sabotage"], "exhausted_fleets": {"asia": 1, "africa": 1}}})
    assert "play sabotage/2 africa" in plays(state, "sabotage") and "play sabotage/2 asia" in plays(
        state, "sabotage"
    )
    act(state, "play sabotage/2 asia")
    assert (
        state.powers["GB"].fleets_active["asia"] == 1 and state.powers["GB"].fleets_exhausted["africa"] == 1
    )


# -- financial-scandal -----------------------------------------------------------------------------


def test_financial_scandal_a_the_target_loses_4() -> None:
    state = position(
        powers={
            "GB": {"intrigue": ["financial-scandal"]},
            "FR": {"money": 10},
            "RU": {"money": 0},
            "CE": {"money": 3},
        }
    )
    assert plays(state, "financial-scandal") == [
        "play financial-scandal/1 fr",
        "play financial-scandal/1 ce",
        "play financial-scandal/2",
    ]  # RU has nothing to lose
    act(state, "play financial-scandal/1 ce")
    assert state.powers["CE"].money == 0 and state.powers["CE"].targeted


def test_financial_scandal_b_trade_treaty() -> None:
    state = position(powers={"GB": {"money": 0, "embassies": 0, "intrigue": ["financial-scandal"]}})
    act(state, "play financial-scandal/2")
    assert (state.powers["GB"].money, state.powers["GB"].embassies) == (2, 1)


# -- press-campaign --------------------------------------------------------------------------------


def test_press_campaign_a_the_target_loses_1_prestige() -> None:
    state = position(
        powers={"GB": {"intrigue": ["press-campaign"]}, "FR": {"prestige": 3}, "RU": {"prestige": -5}}
    )
    assert "play press-campaign/1 ru" not in plays(state, "press-campaign")  # at the track's end
    act(state, "play press-campaign/1 fr")
    assert state.powers["FR"].prestige == 2


def test_press_campaign_b_colonial_expedition() -> None:
    state = position(
        territories={"namibia": ["CE"], "serbia": []},
        powers={"GB": {"embassies": 1, "intrigue": ["press-campaign"]}},
    )
    act(state, "play press-campaign/2")
    choices = legal(state)
    assert "send namibia" in choices and "send namibia@1" in choices and "send china" in choices
    assert not any(c.startswith("send serbia") for c in choices)  # colonies only
    act(state, "send namibia@1")
    assert state.territories["namibia"].top[0] == "GB" and state.powers["GB"].embassies == 0
    assert discarded(state, "press-campaign")  # starting a dispute hits nobody yet


# -- political-scandal -----------------------------------------------------------------------------


def test_political_scandal_a_the_target_chooses_its_loss() -> None:
    state = position(
        powers={"GB": {"intrigue": ["political-scandal"]}, "FR": {"prestige": 2, "embassies": 2}}
    )
    act(state, "play political-scandal/1 fr")
    assert GAME.to_act(state) == ("FR",) and legal(state) == ["choose prestige", "choose dm"]
    act(state, "choose dm")
    assert (state.powers["FR"].prestige, state.powers["FR"].embassies) == (2, 1)
    assert state.played[0].victims == ["FR"]


def test_political_scandal_a_a_single_possible_loss_is_taken_at_once() -> None:
    state = position(
        powers={"GB": {"intrigue": ["political-scandal"]}, "FR": {"prestige": 2, "embassies": 0}}
    )
    act(state, "play political-scandal/1 fr")
    assert state.powers["FR"].prestige == 1 and GAME.to_act(state) == ("GB",)


def test_political_scandal_b_expulsion_of_diplomats() -> None:
    state = position(
        territories={"serbia": ["GB", "RU"], "greece": ["FR"]},
        powers={"GB": {"intrigue": ["political-scandal"]}},
    )
    act(state, "play political-scandal/2")
    assert legal(state) == ["remove serbia@2"]  # only where GB has a cube
    act(state, "remove serbia@2")
    assert spaces(state, "serbia")[:2] == ["GB", None] and state.powers["RU"].targeted


# -- diplomatic-attack -----------------------------------------------------------------------------


def test_diplomatic_attack_a_two_cubes_of_one_power() -> None:
    state = position(
        territories={"serbia": ["RU", "CE"], "china": ["RU", "FR"]},
        powers={"GB": {"intrigue": ["diplomatic-attack"]}},
    )
    act(state, "play diplomatic-attack/1 ru")
    assert legal(state) == ["remove serbia@1", "remove china@1"]
    act(state, "remove china@1", "remove serbia@1")
    assert spaces(state, "serbia")[:2] == [None, "CE"] and spaces(state, "china")[:2] == [None, "FR"]
    assert state.played[0].victims == ["RU"] and state.powers["RU"].reserve == 39


def test_diplomatic_attack_b_royal_wedding() -> None:
    state = position(
        territories={"serbia": ["GB"], "china": ["GB"]}, powers={"GB": {"intrigue": ["diplomatic-attack"]}}
    )
    act(state, "play diplomatic-attack/2")
    assert legal(state) == ["place serbia"]
    act(state, "place serbia")
    assert spaces(state, "serbia")[:2] == ["GB", "GB"] and state.powers["GB"].reserve == 37


# -- change-of-strategy ----------------------------------------------------------------------------


def test_change_of_strategy_a_is_a_reaction_not_an_action() -> None:
    state = position(powers={"GB": {"intrigue": ["change-of-strategy"]}})
    assert plays(state, "change-of-strategy") == ["play change-of-strategy/2"]
    refusal = GAME.explain_illegal(state, "GB", GAME.parse_action("play change-of-strategy/1"))
    assert "after the dice" in refusal.reason


def test_change_of_strategy_a_rerolls_after_both_dice_digest_g18() -> None:
    state = position(
        territories={"serbia": ["RU/GB"]},
        powers={
            "GB": {"intrigue": ["change-of-strategy"]},
            "RU": {"intrigue": ["change-of-strategy"], "passed": True},
        },
    )
    act(state, "resolve serbia@1", dice=[2, 5])
    assert kind(state) == "reroll" and GAME.to_act(state) == ("GB",)
    assert legal(state) == ["play change-of-strategy/1", "choose accept"]
    log = act(state, "play change-of-strategy/1", dice=[6])
    assert "re-rolls 2 → 6" in texts(log)
    # Britain now leads 6 to 5: Russia, which has passed, may react too (digest A13).
    assert GAME.to_act(state) == ("RU",) and legal(state) == ["play change-of-strategy/1", "choose accept"]
    log = act(state, "choose accept")
    assert spaces(state, "serbia")[0] == "GB" and "GB wins" in texts(log)
    assert state.intrigue_discard == ["change-of-strategy"] and state.powers["RU"].intrigue == [
        "change-of-strategy"
    ]
    assert GAME.to_act(state) == ("GB",) and kind(state) == "action"


def test_change_of_strategy_a_not_offered_to_the_winner_or_without_the_card() -> None:
    state = position(territories={"serbia": ["RU/GB"]}, powers={"GB": {"intrigue": ["change-of-strategy"]}})
    act(state, "resolve serbia@1", dice=[5, 2])  # GB wins and RU holds no card: settled at once
    assert spaces(state, "serbia")[0] == "GB" and state.powers["GB"].intrigue == ["change-of-strategy"]


def test_change_of_strategy_b_gunboat_diplomacy() -> None:
    state = position(
        territories={"serbia": ["RU/GB", "RU/GB"]},
        powers={"GB": {"intrigue": ["change-of-strategy"], "embassies": 1}},
    )
    act(state, "play change-of-strategy/2")
    log = act(state, "resolve serbia@1", dice=[3, 3])
    assert "GB rolls 3 +1 = 4" in texts(log)
    act(state, "pass")
    # The +1 served one dispute only; in Turn 5 that was it.
    assert state.powers["GB"].dispute_bonus_turn == 0


# -- espionage -------------------------------------------------------------------------------------


def test_espionage_a_the_target_discards_at_random() -> None:
    state = position(
        powers={"GB": {"intrigue": ["espionage"]}, "FR": {"intrigue": ["rising-sun", "sabotage"]}}
    )
    assert plays(state, "espionage") == ["play espionage/1 fr", "play espionage/2"]  # only FR holds cards
    act(state, "play espionage/1 fr")
    assert len(state.powers["FR"].intrigue) == 1 and len(state.intrigue_discard) == 1


def test_espionage_b_cipher_office() -> None:
    state = position(powers={"GB": {"intrigue": ["espionage"]}})
    state.intrigue_draw.remove("rising-sun")
    state.intrigue_draw.append("rising-sun")  # the top card
    act(state, "play espionage/2")
    assert state.powers["GB"].intrigue == ["rising-sun"]


# -- embassy-recall --------------------------------------------------------------------------------


def test_embassy_recall_a_two_cubes_back_from_the_embassies() -> None:
    state = position(powers={"GB": {"intrigue": ["embassy-recall"]}, "CE": {"embassies": 3}})
    assert plays(state, "embassy-recall")[0] == "play embassy-recall/1 ce"
    act(state, "play embassy-recall/1 ce")
    assert (state.powers["CE"].embassies, state.powers["CE"].reserve) == (1, 38)


def test_embassy_recall_b_goodwill_mission() -> None:
    state = position(territories={"japan": {"RU": 6}}, powers={"GB": {"intrigue": ["embassy-recall"]}})
    act(state, "play embassy-recall/2")
    choices = legal(state)
    assert "place greece" in choices and "place japan" not in choices and "place china" not in choices
    act(state, "place greece")
    assert spaces(state, "greece")[0] == "GB"


# -- colonial-revolt -------------------------------------------------------------------------------


def test_colonial_revolt_a_an_opposing_cube_from_a_colony() -> None:
    state = position(
        territories={"china": ["FR"], "serbia": ["FR"]}, powers={"GB": {"intrigue": ["colonial-revolt"]}}
    )
    act(state, "play colonial-revolt/1")
    assert legal(state) == ["remove china@1"]
    act(state, "remove china@1")
    assert spaces(state, "china")[0] is None and state.played[0].victims == ["FR"]


def test_colonial_revolt_b_settlers() -> None:
    state = position(
        territories={"china": ["GB"], "serbia": ["GB"]}, powers={"GB": {"intrigue": ["colonial-revolt"]}}
    )
    act(state, "play colonial-revolt/2")
    assert legal(state) == ["place china"]
    act(state, "place china")
    assert spaces(state, "china")[:2] == ["GB", "GB"]


# -- naval-blockade --------------------------------------------------------------------------------


def test_naval_blockade_a_the_target_turns_a_fleet_over() -> None:
    state = position(
        powers={"GB": {"intrigue": ["naval-blockade"]}, "FR": {"fleets": {"africa": 1, "europe": 1}}}
    )
    assert plays(state, "naval-blockade")[0] == "play naval-blockade/1 fr"
    act(state, "play naval-blockade/1 fr")
    assert legal(state) == ["choose europe", "choose africa"]
    act(state, "choose africa")
    assert (
        state.powers["FR"].fleets_exhausted["africa"] == 1 and state.powers["FR"].fleets_active["africa"] == 0
    )


def test_naval_blockade_b_naval_estimates() -> None:
    state = position(powers={"GB": {"money": 8, "intrigue": ["naval-blockade"]}})
    act(state, "play naval-blockade/2")
    me = state.powers["GB"]
    assert (me.money, me.fleets_arsenal, me.fleet_track) == (1, 1, 1)
    state = position(powers={"GB": {"money": 6, "intrigue": ["naval-blockade"]}})
    assert "play naval-blockade/2" not in plays(state, "naval-blockade")  # £7 needed


# -- general-strike --------------------------------------------------------------------------------


def test_general_strike_a_the_target_loses_3() -> None:
    state = position(powers={"GB": {"intrigue": ["general-strike"]}, "RU": {"money": 5}})
    act(state, "play general-strike/1 ru")
    assert state.powers["RU"].money == 2


def test_general_strike_b_railway_concession() -> None:
    state = position(
        territories={"china": {"GB": 5}, "persia": {"GB": 4}},
        powers={"GB": {"money": 0, "intrigue": ["general-strike"]}},
    )
    act(state, "play general-strike/2")
    assert state.powers["GB"].money == 4


# -- promo cards (optional: intrigue_promos) -----------------------------------------------------


def test_promo_intrigue_1_a_prestige_loss() -> None:
    state = position(**PROMOS, powers={"GB": {"intrigue": ["promo-intrigue-1"]}, "CE": {"prestige": 1}})
    act(state, "play promo-intrigue-1/1 ce")
    assert state.powers["CE"].prestige == 0


def test_promo_intrigue_1_b_money() -> None:
    state = position(**PROMOS, powers={"GB": {"money": 0, "intrigue": ["promo-intrigue-1"]}})
    act(state, "play promo-intrigue-1/2")
    assert state.powers["GB"].money == 3


def test_promo_intrigue_2_a_minor_nation_removal() -> None:
    state = position(
        **PROMOS,
        territories={"serbia": ["FR"], "china": ["FR"]},
        powers={"GB": {"intrigue": ["promo-intrigue-2"]}},
    )
    act(state, "play promo-intrigue-2/1")
    assert legal(state) == ["remove serbia@1"]
    act(state, "remove serbia@1")


def test_promo_intrigue_2_b_embassy_cube() -> None:
    state = position(**PROMOS, powers={"GB": {"embassies": 0, "intrigue": ["promo-intrigue-2"]}})
    act(state, "play promo-intrigue-2/2")
    assert state.powers["GB"].embassies == 1


def test_promo_intrigue_3_a_money_loss() -> None:
    state = position(**PROMOS, powers={"GB": {"intrigue": ["promo-intrigue-3"]}, "FR": {"money": 2}})
    act(state, "play promo-intrigue-3/1 fr")
    assert state.powers["FR"].money == 0


def test_promo_intrigue_3_b_prestige() -> None:
    state = position(**PROMOS, powers={"GB": {"prestige": 1, "intrigue": ["promo-intrigue-3"]}})
    act(state, "play promo-intrigue-3/2")
    assert state.powers["GB"].prestige == 2


# -- §8.6 and §8.6.1 ---------------------------------------------------------------------------------


def test_a_power_hit_by_a_card_cannot_be_targeted_again_this_turn_section_8_6_1() -> None:
    state = position(
        powers={
            "GB": {"intrigue": ["financial-scandal"]},
            "FR": {"money": 9, "prestige": 2},
            "RU": {"intrigue": ["press-campaign"]},
        },
    )
    act(state, "play financial-scandal/1 fr", "end", "pass")
    assert GAME.to_act(state) == ("RU",) and state.powers["FR"].targeted
    assert "play press-campaign/1 gb" in legal(state)
    assert not any(p.endswith(" fr") for p in legal(state) if p.startswith("play"))
    refusal = GAME.explain_illegal(state, "RU", GAME.parse_action("play press-campaign/1 fr"))
    assert refusal.rule == "§8.6.1" and "cannot be targeted" in refusal.reason


def test_played_cards_leave_at_preparation_and_cubes_go_home_section_9() -> None:
    state = position(
        powers={
            "GB": {"intrigue": ["financial-scandal"]},
            "FR": {"money": 9},
            "RU": {"passed": True},
            "CE": {"passed": True},
        }
    )
    act(state, "play financial-scandal/1 fr", "pass")
    assert state.powers["FR"].reserve == 39 and state.played
    act(state, "pass")  # FR passes: the turn ends
    assert state.turn == 6 and not state.played and not state.powers["FR"].targeted
    assert "financial-scandal" in state.intrigue_discard
    assert state.powers["FR"].reserve == 37  # 40 less Turn 6's 3 DM cubes


@pytest.mark.parametrize("seat", ["GB", "FR"])
def test_the_hand_and_the_card_in_play_show_their_texts(seat: str) -> None:
    state = position(
        powers={
            "GB": {"intrigue": ["political-scandal"], "national": ["social-policy"]},
            "FR": {"prestige": 2, "embassies": 1},
        }
    )
    view = GAME.view(state, "GB")
    hand = view["powers"]["GB"]["hand"]
    assert (
        hand[0]["halves"][0]["name_it"] == "Scandalo politico"
        and "Prestigio" in hand[0]["halves"][0]["text_it"]
    )
    assert hand[1]["card"] == "social-policy" and hand[1]["cost"] == 6 and "£10" in hand[1]["text_en"]
    assert "hand" not in GAME.view(state, "FR")["powers"]["GB"]
    act(state, "play political-scandal/1 fr")
    shown = GAME.view(state, seat)["card"]
    assert shown == {
        "card": "political-scandal",
        "name_en": "Political Scandal",
        "half": 1,
        "player": "GB",
        "target": "FR",
        "seat": "FR",
        "choosing": "ask",
    }
