"""Tiles (L158-181, L459-572): buying, once-a-War uses, single-use tiles and the raids."""

from __future__ import annotations

from realpolitik.games.struggle_of_empires import GAME
from realpolitik.games.struggle_of_empires.rules.actions import parse_action
from realpolitik.games.struggle_of_empires.rules.state import State

from .conftest import position


def play(state: State, seat: str, text: str, dice: list[int] | None = None) -> None:
    action = parse_action(text)
    assert action in GAME.legal_actions(state, seat), f"{text} is not legal for {seat}"
    if dice is not None:
        state.rng.script_dice(dice)
    GAME.apply(state, seat, action)
    if dice is not None:
        assert state.rng.end_script() == [], "fewer dice rolled than scripted"


def legal(state: State, seat: str) -> set[str]:
    return {GAME.notation(a) for a in GAME.legal_actions(state, seat)}


def test_industry_costs_two_unrest_and_gives_three_vp() -> None:
    state = position(empires={"GB": {"vp": 0, "unrest": 0, "gold": 5}}, turn="GB")
    play(state, "GB", "buy industry")
    assert (state.vp["GB"], state.unrest["GB"], state.gold["GB"]) == (3, 2, 5)


def test_mercenaries_build_an_army_once_a_war_without_population() -> None:
    state = position(empires={"GB": {"population": 3, "tiles": {"mercenaries": 1}}}, turn="GB")
    play(state, "GB", "build army great-britain merc")
    assert state.population["GB"] == 3 and state.count("great-britain", "GB", 0) == 1
    assert "build army great-britain merc" not in legal(state, "GB")


def test_militia_offers_a_second_army_for_one_more_population() -> None:
    state = position(empires={"GB": {"population": 3, "tiles": {"militia": 1}}}, turn="GB")
    play(state, "GB", "build fort great-britain")
    assert "militia german-states" in legal(state, "GB")
    play(state, "GB", "militia german-states")
    assert state.population["GB"] == 1
    assert state.count("great-britain", "GB", 2) == 1 and state.count("german-states", "GB", 0) == 1


def test_trained_natives_need_a_token_or_unit_and_no_ship() -> None:
    state = position(
        empires={"GB": {"population": 0, "tiles": {"trained-natives": 1}}},
        tokens={"india": {"GB": 1}},
        turn="GB",
    )
    play(state, "GB", "build army india natives", dice=[])  # no sea roll (L515)
    assert state.count("india", "GB", 0) == 1
    assert "build army africa natives" not in legal(state, "GB")


def test_government_reform_discards_two_unrest_and_leaves_the_game() -> None:
    state = position(empires={"GB": {"unrest": 5, "tiles": {"government-reform": 1}}}, turn="GB")
    stock = state.stock["government-reform"]
    play(state, "GB", "use government-reform")
    assert state.unrest["GB"] == 3 and not state.has("GB", "government-reform")
    assert state.stock["government-reform"] == stock  # out of the game, not back in stock


def test_commerce_pays_one_gold_per_token_once_a_war() -> None:
    state = position(
        empires={"GB": {"gold": 0, "tiles": {"east-indies-company": 1}}},
        tokens={"india": {"GB": 2}, "east-indies": {"GB": 3}},
        turn="GB",
    )
    assert {"trade east-indies-company india", "trade east-indies-company east-indies"} <= legal(state, "GB")
    play(state, "GB", "trade east-indies-company east-indies")
    assert state.gold["GB"] == 3
    assert not any(a.startswith("trade") for a in legal(state, "GB"))


def test_diplomatic_service_takes_an_alliance_tile_as_a_free_action() -> None:
    state = position(empires={"GB": {"gold": 5, "tiles": {"diplomatic-service": 1}}}, turn="GB")
    play(state, "GB", "buy army-training")
    play(state, "GB", "ally bavaria")  # a second tile this round, paid, using no action
    assert state.has("GB", "bavaria") and state.gold["GB"] == 0
    assert GAME.view(state, None)["decision"]["data"]["actions"] == 1


def test_alliance_tiles_go_back_to_stock_at_the_end_of_the_war() -> None:
    state = position(
        5,
        round=5,
        order=["GB", "FR", "PR", "AU", "ES"],
        empires={"ES": {"tiles": {"bavaria": 1, "army-training": 1}}},
        turn="ES",
    )
    play(state, "ES", "pass")
    assert not state.has("ES", "bavaria") and state.stock["bavaria"] == 1
    assert state.has("ES", "army-training")


def test_pirates_hold_a_token_until_it_is_retaken_at_sea() -> None:
    state = position(
        empires={"GB": {"gold": 10}, "FR": {"unrest": 0}},
        tokens={"india": {"FR": 2}},
        units={"india": {"FR": {"ship": 1}, "PR": {"ship": 1}}},
        turn="GB",
    )
    play(state, "GB", "buy pirates")
    # pirates 1 + |6-1| = 6 against FR's ship 1 + |3-3| = 1: FR loses its ship and a token is held
    play(state, "GB", "raid india FR", dice=[6, 1, 3, 3])
    assert state.held == [["pirates", "india", "FR"]]
    assert state.token_count("india", "FR") == 1 and state.count("india", "FR", 1) == 0
    assert state.unrest["FR"] == 1
    play(state, "GB", "pass")  # PR retakes it: a fight at sea as against a neutral of strength 1
    play(state, "FR", "pass")
    play(state, "PR", "attack india pirates", dice=[5, 1, 2, 2])
    assert state.held == [] and state.token_count("india", "PR") == 1 and state.stock["pirates"] == 1


def test_fighting_withdrawal_spares_the_units_not_the_token() -> None:
    state = position(
        2,
        grey=["GB"],
        white=["FR"],
        units={"central-europe": {"GB": {"army": 2}, "FR": {"army": 1}}},
        tokens={"central-europe": {"FR": 1}},
        empires={"FR": {"unrest": 0, "tiles": {"fighting-withdrawal": 1}}},
        turn="GB",
    )
    play(state, "GB", "attack central-europe FR", dice=[6, 1, 2, 2])  # 2 + 5 = 7 against 1 + 0 = 1
    assert GAME.to_act(state) == ("FR",)
    play(state, "FR", "withdraw")
    assert state.count("central-europe", "FR", 0) == 1 and state.unrest["FR"] == 0
    assert state.token_count("central-europe", "GB") == 1 and state.stock["fighting-withdrawal"] == 1


def test_blockade_keeps_enemy_armies_out_unless_they_bring_more_ships() -> None:
    state = position(
        3,
        grey=["GB"],
        white=["FR", "PR"],
        units={"caribbean": {"GB": {"ship": 1}, "FR": {"ship": 1}}, "france": {"FR": {"army": 1}}},
        empires={"GB": {"tiles": {"blockade": 1}}},
        order=["GB", "FR", "PR"],
        turn="GB",
    )
    play(state, "GB", "blockade caribbean")
    play(state, "GB", "pass")
    play(state, "FR", "move")
    assert "army france caribbean" not in legal(state, "FR")


def test_war_office_attacks_without_using_an_action() -> None:
    state = position(
        2,
        grey=["GB"],
        white=["FR"],
        units={"central-europe": {"GB": {"army": 2}}},
        tokens={"central-europe": {"FR": 2}},
        empires={"GB": {"gold": 10, "tiles": {"war-office": 1}}},
        turn="GB",
    )
    play(state, "GB", "attack central-europe FR free", dice=[6, 1, 2, 2])
    assert state.token_count("central-europe", "GB") == 1 and state.gold["GB"] == 8
    assert GAME.view(state, None)["decision"]["data"]["actions"] == 2
