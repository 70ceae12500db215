"""Each primitive of the card-effect vocabulary on its own (games/belle_epoque/effects.py and
placement.py), with the rules it carries: §6.2 and §8.6.2 placement, base-cube-only removal
(§8.2.5, digest G24), the §8.6.1 limit and the §8.6 reminder cubes."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.games.belle_epoque.rules import actions as A
from realpolitik.games.belle_epoque.rules.cards.primitives import OPS
from realpolitik.games.belle_epoque.rules.state import PlayedCard, State
from tests.belle_epoque.cards_support import ctx, position, spaces


def in_play(state: State, card: str = "big-stick-policy", player: str = "GB") -> PlayedCard:
    played = PlayedCard(card, "intrigue", player, [])
    state.played.append(played)
    return played


def run(state: State, op: str, context: dict[str, Any], **args: Any) -> None:
    OPS[op].begin(state, context, args)
    OPS[op].run(state, context, args, None)


def options(state: State, op: str, context: dict[str, Any], **args: Any) -> list[str]:
    OPS[op].begin(state, context, args)
    return [A.notation(a) for a in OPS[op].options(state, context, args)]


# -- money, prestige, embassies, cards -------------------------------------------------------------


def test_money_for_all_powers_never_below_zero() -> None:
    state = position(powers={"GB": {"money": 5}, "FR": {"money": 2}, "RU": {"money": 0}, "CE": {"money": 9}})
    run(state, "money", ctx("event", "economic-crisis", 0, ""), who="all", amount=-3)
    assert [state.powers[p].money for p in ("GB", "FR", "RU", "CE")] == [2, 0, 0, 6]


def test_money_per_colony_held_with_a_cap() -> None:
    state = position(
        territories={"china": {"GB": 5}, "persia": {"GB": 4}, "indochina": {"GB": 4}, "japan": {"GB": 4}},
        powers={"GB": {"money": 0}},
    )
    run(state, "money", ctx(), who="self", amount=2, per="colony", max=6)
    assert state.powers["GB"].money == 6  # 3 colonies (Japan is a minor nation) at £2, capped at £6


def test_money_lost_by_the_target_marks_it_and_takes_a_reminder_cube() -> None:
    state = position(powers={"FR": {"money": 3}})
    played = in_play(state)
    context = ctx(target="FR")
    run(state, "money", context, who="target", amount=-4)
    assert state.powers["FR"].money == 0
    assert state.powers["FR"].targeted and played.victims == ["FR"]
    assert state.powers["FR"].reserve == 39 and context["hit"] == ["FR"]


def test_prestige_takes_the_bonuses_passed_unless_told_not_to() -> None:
    state = position(powers={"GB": {"prestige": 0, "money": 0, "embassies": 0}})
    run(state, "prestige", ctx(), who="self", steps=2)
    assert (state.powers["GB"].prestige, state.powers["GB"].money, state.powers["GB"].embassies) == (2, 2, 1)
    state = position(powers={"GB": {"prestige": 0, "money": 0}})
    run(state, "prestige", ctx(), who="self", steps=2, bonuses=False)
    assert (state.powers["GB"].prestige, state.powers["GB"].money) == (2, 0)


def test_prestige_loss_is_clamped_at_the_track_end() -> None:
    state = position(powers={"CE": {"prestige": -5}})
    run(state, "prestige", ctx("event", "nationalist-turmoil-in-austria", 0, ""), who="CE", steps=-1)
    assert state.powers["CE"].prestige == -5
    assert not OPS["prestige"].hits(state, "CE", {"who": "target", "steps": -1})


def test_embassies_both_ways_limited_by_what_there_is() -> None:
    state = position(powers={"GB": {"embassies": 1}, "FR": {"embassies": 3}})
    in_play(state)
    run(state, "embassies", ctx(target="FR"), who="target", amount=-2)
    assert (state.powers["FR"].embassies, state.powers["FR"].reserve) == (1, 38)  # 2 back, 1 on the card
    run(state, "embassies", ctx(), who="self", amount=2)
    assert (state.powers["GB"].embassies, state.powers["GB"].reserve) == (3, 37)
    state.powers["GB"].reserve = 0
    state.powers["GB"].embassies = 40
    run(state, "embassies", ctx(), who="self", amount=1)
    assert state.powers["GB"].embassies == 40  # digest G21: an empty General Reserve gives nothing


def test_draw_and_discard_intrigue_cards() -> None:
    state = position(intrigue_deck=["espionage", "sabotage"], powers={"FR": {"intrigue": ["rising-sun"]}})
    in_play(state)
    run(state, "draw", ctx(), who="self", count=2)
    assert state.powers["GB"].intrigue == ["espionage", "sabotage"]
    run(state, "discard", ctx(target="FR"), who="target", count=1)
    assert state.powers["FR"].intrigue == [] and state.intrigue_discard == ["rising-sun"]
    assert state.powers["FR"].targeted


# -- place -------------------------------------------------------------------------------------------


def test_event_placement_takes_the_lowest_free_space_then_a_die() -> None:
    state = position(territories={"serbia": ["RU", "", "CE", "RU", "RU", "RU"]})
    state.rng.script_dice([4])
    run(
        state,
        "place",
        ctx("event", "austria-recognizes-serbia", 0, ""),
        owner="CE",
        territory="serbia",
        count=2,
        mode="event",
    )
    assert state.rng.end_script() == []
    assert spaces(state, "serbia") == ["RU", "CE", "CE", "CE", "RU", "RU"]  # space 2, then die 4 replaces RU
    assert state.powers["RU"].reserve == 37


def test_event_placement_on_an_armament_cube_is_cancelled() -> None:
    state = position(territories={"serbia": ["RU", "RU", "#", "RU", "RU", "RU"]})
    state.rng.script_dice([3])
    run(
        state,
        "place",
        ctx("event", "revolts-in-macedonia", 0, ""),
        owner="CE",
        territory="serbia",
        mode="event",
    )
    assert spaces(state, "serbia")[2] == "#" and state.powers["CE"].reserve == 40


def test_event_placement_with_an_empty_supply_places_nothing() -> None:
    state = position(territories={"south-africa": ["GB", "GB"]})
    state.minor_reserve["boer-states"] = 0
    run(
        state,
        "place",
        ctx("event", "anglo-boer-war", 0, ""),
        owner="boer-states",
        territory="south-africa",
        count=2,
        mode="event",
    )
    assert spaces(state, "south-africa") == ["GB", "GB", None, None, None, None]


def test_event_replacing_a_dispute_base_keeps_the_dispute_digest_g24() -> None:
    state = position(territories={"serbia": ["RU/GB", "RU", "RU", "RU", "RU", "RU"]})
    state.rng.script_dice([1])
    run(
        state,
        "place",
        ctx("event", "revolts-in-macedonia", 0, ""),
        owner="CE",
        territory="serbia",
        mode="event",
    )
    assert state.territories["serbia"].base[0] == "CE" and state.territories["serbia"].top[0] == "GB"
    state.rng.script_dice([1])
    run(
        state,
        "place",
        ctx("event", "revolts-in-macedonia", 0, ""),
        owner="GB",
        territory="serbia",
        mode="event",
    )
    # GB's own cube replaced the base under GB's top: nothing left to dispute, the top goes home.
    assert state.territories["serbia"].base[0] == "GB" and state.territories["serbia"].top[0] is None
    assert state.rng.end_script() == []


def test_intrigue_placement_may_take_a_free_space_or_replace_any_cube_section_8_6_2() -> None:
    state = position(
        territories={"china": ["FR", "GB", "#", "united-states", "CE/RU", "japan"]},
        powers={"RU": {"targeted": True}},
    )
    got = options(state, "place", ctx(), owner="united-states", territory="china", mode="intrigue")
    # free space; FR's cube; CE's base under RU's top; Japan's cube. Not GB's own cube, not the
    # Armament cube, not a US cube; RU is marked by another card this turn (§8.6.1, not in play here).
    assert got == ["place china", "place china@1", "place china@5", "place china@6"]


def test_intrigue_replacement_is_immediate_without_dispute_and_hits_the_owner() -> None:
    state = position(territories={"china": ["FR", "GB"]})
    played = in_play(state)
    context = ctx()
    args = {"owner": "united-states", "territory": "china", "mode": "intrigue"}
    OPS["place"].begin(state, context, args)
    OPS["place"].choose(state, context, args, A.Place("china", 1), None)
    assert spaces(state, "china")[:2] == ["united-states", "GB"]
    assert state.territories["china"].top == [None] * 8
    assert played.victims == ["FR"] and state.powers["FR"].reserve == 39  # 1 back, 1 on the card
    assert context["left"] == 0


def test_free_placement_only_where_the_player_has_a_cube() -> None:
    state = position(territories={"serbia": ["GB"], "greece": ["FR"], "belgium": {"GB": 6}})
    got = options(state, "place", ctx(), owner="self", kinds=["minor"], self_present=True, mode="free")
    assert got == ["place serbia"]  # Belgium is full; Greece has no British cube


def test_send_placement_needs_no_fleet_but_respects_diplomatic_contrasts() -> None:
    state = position(
        territories={"namibia": ["CE"], "congo": {"FR": 6}},
        contrasts={"tanganyika": "CE"},
        powers={"GB": {"embassies": 1}},
    )
    got = options(state, "place", ctx(), owner="self", kinds=["colony"], mode="send")
    assert "send namibia" in got and "send namibia@1" in got and "send china" in got
    assert "send tanganyika" not in got  # CE's Diplomatic Contrasts this turn (§8.9.2)
    assert "send congo" not in got and "send congo@3" in got
    state.powers["GB"].embassies = 0
    assert options(state, "place", ctx(), owner="self", kinds=["colony"], mode="send") == []


def test_placements_each_in_any_order_one_per_entry() -> None:
    state = position(territories={"japan": [], "china": [], "micronesia": [], "melanesia": []})
    context = ctx()
    args = {
        "owner": "united-states",
        "each": (("japan",), ("china",), ("micronesia", "melanesia")),
        "mode": "intrigue",
    }
    OPS["place"].begin(state, context, args)
    OPS["place"].choose(state, context, args, A.Place("melanesia"), None)
    got = [A.notation(a) for a in OPS["place"].options(state, context, args)]
    assert got == ["place japan", "place china"]


def test_distinct_placements_go_to_different_territories() -> None:
    state = position()
    context = ctx()
    args = {"owner": "italy", "count": 2, "continents": ("europe",), "distinct": True, "mode": "intrigue"}
    OPS["place"].begin(state, context, args)
    OPS["place"].choose(state, context, args, A.Place("serbia"), None)
    got = [A.notation(a) for a in OPS["place"].options(state, context, args)]
    assert not any(a.startswith("place serbia") for a in got) and "place greece" in got


# -- remove ------------------------------------------------------------------------------------------


def test_card_removal_takes_opposing_base_cubes_only() -> None:
    state = position(
        territories={"belgium": ["FR", "GB", "#", "CE/FR", "italy", "RU"]},
        powers={"RU": {"targeted": True}},
    )
    got = options(
        state, "remove", ctx("national", "nationalist-disorder", 0), owner="opposing", count=4, per_power=2
    )
    # FR's cube and CE's base (under FR's top): not GB's own, not the Armament cube, not a minor's
    # cube, not RU (§8.6.1), never a dispute's top cube (§8.2.5).
    assert got == ["remove belgium@1", "remove belgium@4"]


def test_removing_a_dispute_base_drops_the_top_cube_in_digest_g24() -> None:
    state = position(territories={"belgium": ["CE/FR"]})
    in_play(state, "nationalist-disorder", "GB")
    context = ctx("national", "nationalist-disorder", 0)
    args = {"owner": "opposing", "count": 4, "per_power": 2}
    OPS["remove"].begin(state, context, args)
    OPS["remove"].choose(state, context, args, A.Remove("belgium", 1), None)
    assert state.territories["belgium"].base[0] == "FR" and state.territories["belgium"].top[0] is None


def test_per_power_cap_and_the_cards_own_victims_stay_open() -> None:
    state = position(territories={"belgium": {"FR": 3, "CE": 1}})
    in_play(state, "nationalist-disorder", "GB")
    context = ctx("national", "nationalist-disorder", 0)
    args = {"owner": "opposing", "count": 4, "per_power": 2}
    OPS["remove"].begin(state, context, args)
    OPS["remove"].choose(state, context, args, A.Remove("belgium", 1), None)
    assert state.powers["FR"].targeted  # marked, yet this card may still take its second cube
    assert "remove belgium@2" in [A.notation(a) for a in OPS["remove"].options(state, context, args)]
    OPS["remove"].choose(state, context, args, A.Remove("belgium", 2), None)
    assert [A.notation(a) for a in OPS["remove"].options(state, context, args)] == ["remove belgium@4"]


def test_event_removal_lowest_spaces_per_territory_and_per_power() -> None:
    state = position(
        territories={
            "bulgaria": ["italy", "RU", "CE"],
            "greece": ["GB/RU", "GB"],
            "persia": ["RU", "GB", "RU", "GB", "FR"],
        }
    )
    context = ctx("event", "revolts-in-macedonia", 0, "")
    run(
        state,
        "remove",
        context,
        owner="powers",
        territories=["bulgaria", "greece"],
        count="all",
        per_territory=1,
    )
    assert spaces(state, "bulgaria")[:3] == ["italy", None, "CE"]
    assert spaces(state, "greece")[:2] == ["RU", "GB"]  # GB's base went, RU's top dropped in
    run(
        state,
        "remove",
        ctx("event", "revolts-in-macedonia", 0, ""),
        owner="powers",
        territory="persia",
        count="all",
        per_power=1,
    )
    assert spaces(state, "persia")[:5] == [None, None, "RU", "GB", None]


def test_event_removal_of_the_minor_ally_cube() -> None:
    # 6 of Italy's 10 spaces (reconstructed G2, issue 18's fifth pass; 5 of 8 before)
    state = position(territories={"italy": ["FR", "FR", "FR", "FR", "FR", "FR", "GB"]})
    assert state.territories["italy"].holder == "FR"
    run(
        state,
        "remove",
        ctx("event", "revolts-in-macedonia", 0, ""),
        owner="ally:italy",
        territory="italy",
        count=1,
        choose=False,
    )
    assert spaces(state, "italy")[:7] == [None, "FR", "FR", "FR", "FR", "FR", "GB"]
    state = position()
    run(
        state,
        "remove",
        ctx("event", "revolts-in-macedonia", 0, ""),
        owner="ally:italy",
        territory="italy",
        count=1,
        choose=False,
    )
    assert not any(spaces(state, "italy"))  # no ally: nothing happens


def test_convert_replaces_one_colour_with_another() -> None:
    state = position(territories={"micronesia": ["spain", "GB", "spain"], "algeria-morocco": []})
    run(
        state,
        "convert",
        ctx("event", "spanish-american-war", 0, ""),
        territory="micronesia",
        **{"from": "spain", "to": "united-states"},
    )
    assert spaces(state, "micronesia")[:3] == ["united-states", "GB", "united-states"]
    assert state.minor_reserve["spain"] == 2 and state.minor_reserve["united-states"] == 5


# -- choices of the victim, units -------------------------------------------------------------------


def test_ask_offers_only_what_would_hurt_the_target() -> None:
    state = position(powers={"FR": {"embassies": 0, "prestige": 2}})
    context = ctx("intrigue", "political-scandal", 1, target="FR")
    assert options(state, "ask", context, who="target", options=("prestige", "dm")) == ["choose prestige"]
    state.powers["FR"].embassies = 1
    assert options(state, "ask", context, who="target", options=("prestige", "dm")) == [
        "choose prestige",
        "choose dm",
    ]
    assert OPS["ask"].seat(state, context, {}) == "FR"


def test_lose_unit_returns_an_active_unit_to_the_reserve() -> None:
    state = position(powers={"FR": {"armies": 2, "fleets": {"africa": 1}, "exhausted_fleets": {"asia": 1}}})
    in_play(state, "sabotage")
    context = ctx("intrigue", "sabotage", 1, target="FR")
    args = {"who": "target"}
    assert options(state, "lose_unit", context, **args) == ["choose army", "choose fleet:africa"]
    OPS["lose_unit"].choose(state, context, args, A.Choose("fleet:africa"), None)
    me = state.powers["FR"]
    assert (me.fleets_built, me.fleets_active["africa"], me.fleet_track) == (1, 0, 1)
    assert me.targeted


def test_exhaust_and_refresh_fleets() -> None:
    state = position(
        powers={"FR": {"fleets": {"africa": 1, "asia": 1}}, "GB": {"exhausted_fleets": {"asia": 1}}}
    )
    in_play(state, "naval-blockade")
    context = ctx("intrigue", "naval-blockade", 1, target="FR")
    assert options(state, "exhaust_fleet", context, who="target") == ["choose africa", "choose asia"]
    OPS["exhaust_fleet"].choose(state, context, {"who": "target"}, A.Choose("asia"), None)
    assert state.powers["FR"].fleets_exhausted["asia"] == 1
    assert OPS["refresh_fleet"].slot(state, "GB", {"who": "self"}) == [("asia", {"box": "asia"})]
    run(state, "refresh_fleet", ctx(box="asia"), who="self")
    assert state.powers["GB"].fleets_active["asia"] == 1


def test_buy_fleet_at_a_price_only_if_one_is_left() -> None:
    state = position(powers={"GB": {"money": 7, "fleets": {"arsenal": 2}}})
    assert OPS["buy_fleet"].possible(state, ctx(), {"cost": 7})
    run(state, "buy_fleet", ctx(), who="self", cost=7)
    me = state.powers["GB"]
    assert (me.money, me.fleets_arsenal, me.fleets_built, me.fleet_track) == (0, 3, 3, 3)
    assert not OPS["buy_fleet"].possible(state, ctx(), {"cost": 0})  # all 3 fleets built (§8.1)


# -- turn effects --------------------------------------------------------------------------------


def test_block_sends_this_turn_or_the_next_one_per_territory() -> None:
    state = position(contrasts={"namibia": "FR"})
    slot = OPS["block_sends"].slot(state, "CE", {"turn": "choose"})
    assert slot is not None
    assert ("horn-of-africa", {"territory": "horn-of-africa", "when": "this"}) in slot
    assert ("horn-of-africa next", {"territory": "horn-of-africa", "when": "next"}) in slot
    assert not any(update["territory"] == "namibia" for _, update in slot)
    run(
        state,
        "block_sends",
        ctx("national", "diplomatic-contrasts", 0, "CE", territory="congo", when="next"),
        turn="choose",
    )
    assert state.contrasts["congo"] == ("CE", 6)


@pytest.mark.parametrize(
    ("name", "field", "value"),
    [
        ("superior-doctrine", "superior_doctrine", True),
        ("empire-of-the-seas", "empire_turn", 5),
        ("trans-siberian", "trans_siberian", True),
        ("dispute-bonus", "dispute_bonus_turn", 5),
    ],
)
def test_modifiers_set_their_lasting_effect(name: str, field: str, value: object) -> None:
    state = position()
    run(state, "modifier", ctx(), who="self", name=name, amount=1)
    assert getattr(state.powers["GB"], field) == value


def test_final_vp_goes_to_the_most_cubes_then_prestige_then_nobody() -> None:
    state = position(territories={"serbia": {"RU": 2}, "bulgaria": {"CE": 1}, "greece": {"CE": 1, "GB": 1}})
    state.powers["RU"].prestige = state.powers["CE"].prestige = 2  # the starts differ (G8): made equal
    run(state, "final_vp", ctx("event", "balkan-wars", 0, ""), territories=["serbia", "bulgaria", "greece"])
    assert state.balkan_wars is None  # RU 2, CE 2, equal Prestige
    state.powers["CE"].prestige = 3
    run(state, "final_vp", ctx("event", "balkan-wars", 0, ""), territories=["serbia", "bulgaria", "greece"])
    assert state.balkan_wars == "CE"
