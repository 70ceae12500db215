"""The rulings added on top of the first build: the loser choosing its loss (R2, L277, L286-287),
gold offered for support (R22, L312-314), Trained Natives' free move (L517-518), tiles used after a
turn's second action (L176-178) and hidden unrest markers of several values (G8, L70-73, L387)."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.engine import Rng
from realpolitik.games.struggle_of_empires import GAME, PLUGIN
from realpolitik.games.struggle_of_empires.ai.determinize import determinize
from realpolitik.games.struggle_of_empires.rules.actions import parse_action
from realpolitik.games.struggle_of_empires.rules.state import ARMY, FORT, State
from realpolitik.testing import BatteryFailure
from realpolitik.testing.battery import check_secrets

from .test_tiles import legal, play


def position(players: int = 3, options: dict[str, Any] | None = None, **given: Any) -> State:
    """A new game with ``options``, its map cleared, then ``given`` applied as a scenario position."""
    state = GAME.setup(GAME.normalize_options({"players": players, **(options or {})}), 0)
    GAME.set_position(state, {"clear": True, **given})
    return state


def kind(state: State) -> str:
    top = state.flow.top()
    assert top is not None
    return top.kind


# -- R2: the owner chooses its loss --------------------------------------------------------------------


def _fort_defence(options: dict[str, Any] | None = None) -> State:
    # German States is land-locked: no naval combat (L257-261), the land combat comes at once
    return position(
        3,
        options,
        grey=["GB"],
        white=["FR", "PR"],
        units={"german-states": {"GB": {"army": 3}, "FR": {"army": 1, "fort": 1}}},
        tokens={"german-states": {"FR": 1}},
        empires={"GB": {"gold": 10, "unrest": 0}, "FR": {"unrest": 0}},
        turn="GB",
    )


def test_a_beaten_defender_chooses_to_lose_its_fort() -> None:
    """L277 + R2: GB 3 armies + |6-2| = 7 against FR 1 army + 2 (fort, L268-269) + |3-3| = 3;
    FR loses one unit and names it: the fort, keeping its army; the token passes (L278-279)."""
    state = _fort_defence()
    play(state, "GB", "attack german-states FR", dice=[6, 2, 3, 3])
    assert kind(state) == "lose" and state.flow.top().seat == "FR"  # type: ignore[union-attr]
    assert legal(state, "FR") == {"lose army", "lose fort"}
    play(state, "FR", "lose fort")
    assert state.count("german-states", "FR", ARMY) == 1 and state.count("german-states", "FR", FORT) == 0
    assert state.unrest["FR"] == 1  # L326
    assert state.tokens["german-states"] == {"GB": 1}
    assert kind(state) == "turn" and state.gold["GB"] == 8


def test_automatic_losses_take_an_army_before_a_fort() -> None:
    state = _fort_defence({"loss_choice": "auto"})
    play(state, "GB", "attack german-states FR", dice=[6, 2, 3, 3])
    assert state.count("german-states", "FR", ARMY) == 0 and state.count("german-states", "FR", FORT) == 1
    assert kind(state) == "turn"


def test_a_tie_never_asks_for_a_fort() -> None:
    """L291: GB 3 + |4-4| = 3 against FR 1 + 2 + |1-1| = 3, a tie: an army each, no choice."""
    state = _fort_defence()
    play(state, "GB", "attack german-states FR", dice=[4, 4, 1, 1])
    assert state.count("german-states", "GB", ARMY) == 2
    assert state.count("german-states", "FR", ARMY) == 0 and state.count("german-states", "FR", FORT) == 1
    assert kind(state) == "turn"


def _two_allies(options: dict[str, Any] | None = None) -> State:
    return position(
        5,
        options,
        grey=["GB", "ES"],
        white=["FR", "PR", "AU"],
        units={
            "german-states": {
                "GB": {"army": 5},
                "FR": {"army": 1},
                "PR": {"army": 1},
                "AU": {"army": 1},
            }
        },
        tokens={"german-states": {"FR": 1}},
        empires={s: {"gold": 10, "unrest": 0} for s in ("GB", "FR", "PR", "AU")},
        turn="GB",
    )


def test_the_loser_names_the_ally_that_pays_its_natural_seven_and_pays_the_gold_offered() -> None:
    """L284-287, L312-314: FR asks PR (offering 2 gold) and AU (nothing); both commit their army.
    GB 5 + |5-5| = 5 against FR 1 + PR 1 + AU 1 + |3-4| = 4: FR loses its army, and its natural 7
    (3 + 4) costs one more unit, which falls on the ally FR names: Austria."""
    state = _two_allies()
    play(state, "GB", "attack german-states FR")
    assert kind(state) == "offer" and state.flow.top().data == {"ally": "PR"}  # type: ignore[union-attr]
    play(state, "FR", "offer 2")
    assert state.flow.top().data == {"from": "FR", "offer": 2}  # type: ignore[union-attr]
    play(state, "PR", "support armies")
    assert (state.gold["FR"], state.gold["PR"]) == (8, 12)  # paid once PR commits (R22)
    play(state, "FR", "offer 0")
    play(state, "AU", "support armies", dice=[5, 5, 3, 4])
    assert kind(state) == "lose" and legal(state, "FR") == {"lose PR", "lose AU"}
    play(state, "FR", "lose AU")
    assert state.units["german-states"] == {"GB": [5, 0, 0], "PR": [1, 0, 0]}
    assert (state.unrest["FR"], state.unrest["PR"], state.unrest["AU"], state.unrest["GB"]) == (1, 0, 1, 0)
    assert state.tokens["german-states"] == {"GB": 1}


def test_gold_offered_up_front_is_kept_whatever_the_answer() -> None:
    state = _two_allies({"support_gold": "upfront"})
    play(state, "GB", "attack german-states FR")
    play(state, "FR", "offer 3")
    assert (state.gold["FR"], state.gold["PR"]) == (7, 13)
    play(state, "PR", "support none")
    assert (state.gold["FR"], state.gold["PR"]) == (7, 13)


def test_an_offer_of_any_amount_up_to_the_gold_in_hand() -> None:
    state = _two_allies()
    play(state, "GB", "attack german-states FR")
    assert legal(state, "FR") == {"offer 0", "offer 1", "offer 2", "offer 3"}
    assert GAME.check_action(state, "FR", parse_action("offer 10")) is None
    refusal = GAME.check_action(state, "FR", parse_action("offer 11"))
    assert refusal is not None and refusal.rule == "L65-66"


def test_an_offer_is_not_paid_when_the_ally_refuses() -> None:
    state = _two_allies()
    play(state, "GB", "attack german-states FR")
    play(state, "FR", "offer 3")
    play(state, "PR", "support none")
    assert (state.gold["FR"], state.gold["PR"]) == (10, 10)


def test_a_slave_revolt_victim_names_the_unit_it_loses() -> None:
    """L550-552, R15: the revolt's 3 + |6-1| = 8 against FR's army 1 + fort 2 + |2-2| = 3: FR
    loses a unit, its choice (R2): the army; the token is held by the tile."""
    state = position(
        empires={"GB": {"gold": 10}, "FR": {"unrest": 0}},
        tokens={"north-america": {"FR": 2}},
        units={"north-america": {"FR": {"army": 1, "fort": 1}}},
        turn="GB",
    )
    play(state, "GB", "buy slave-revolt")
    play(state, "GB", "raid north-america FR", dice=[6, 1, 2, 2])
    assert kind(state) == "lose" and legal(state, "FR") == {"lose army", "lose fort"}
    play(state, "FR", "lose army")
    assert state.units["north-america"] == {"FR": [0, 0, 1]} and state.unrest["FR"] == 1
    assert state.held == [["slave-revolt", "north-america", "FR"]]
    assert kind(state) == "turn" and state.flow.top().seat == "GB"  # type: ignore[union-attr]
    assert state.flow.top().data["actions"] == 1  # type: ignore[union-attr]


# -- Trained Natives' free move (L517-518) --------------------------------------------------------------


def test_a_trained_native_army_may_move_at_once_for_free() -> None:
    """L514-518: placed in India without a sea roll, then moved to the East Indies, where GB has a
    ship (L215-218), with the sea roll a move to a colony needs (L239-246): a 4 arrives (L241)."""
    state = position(
        empires={"GB": {"population": 0, "tiles": {"trained-natives": 1}}},
        tokens={"india": {"GB": 1}},
        units={"east-indies": {"GB": {"ship": 1}}},
        turn="GB",
    )
    play(state, "GB", "build army india natives", dice=[])
    assert kind(state) == "move"
    # L229-230: the German States border Great Britain; L236-237: always one's own home
    assert legal(state, "GB") == {
        "army india east-indies",
        "army india great-britain",
        "army india german-states",
        "done",
    }
    play(state, "GB", "army india east-indies", dice=[4])
    assert state.count("india", "GB", ARMY) == 0 and state.count("east-indies", "GB", ARMY) == 1
    assert kind(state) == "turn" and state.flow.top().data["actions"] == 1  # type: ignore[union-attr]
    assert state.population["GB"] == 0


def test_the_trained_natives_move_may_be_refused() -> None:
    state = position(
        empires={"GB": {"tiles": {"trained-natives": 1}}},
        tokens={"india": {"GB": 1}},
        turn="GB",
    )
    play(state, "GB", "build army india natives")
    play(state, "GB", "done")
    assert state.count("india", "GB", ARMY) == 1 and kind(state) == "turn"


# -- tiles used after the second action (L176-178) ------------------------------------------------------


def test_a_tile_may_be_used_after_the_turns_second_action() -> None:
    state = position(
        empires={"GB": {"population": 3, "tiles": {"improved-agriculture": 1}}},
        order=["GB", "FR", "PR"],
        turn="GB",
    )
    play(state, "GB", "build army great-britain")
    play(state, "GB", "build army great-britain")
    assert state.flow.top().seat == "GB"  # type: ignore[union-attr]
    assert legal(state, "GB") == {"use improved-agriculture", "pass"}
    play(state, "GB", "use improved-agriculture")
    assert state.population["GB"] == 2  # 3 - 1 - 1 + 1 (L533)
    assert state.flow.top().seat == "FR"  # type: ignore[union-attr]  # nothing more to use: FR's turn


def test_without_a_tile_to_use_the_turn_ends_after_two_actions() -> None:
    state = position(empires={"GB": {"population": 3}}, order=["GB", "FR", "PR"], turn="GB")
    play(state, "GB", "build army great-britain")
    play(state, "GB", "build army great-britain")
    assert state.flow.top().seat == "FR"  # type: ignore[union-attr]


# -- hidden unrest markers of several values (G8, option) -----------------------------------------------

VALUED = {"unrest_markers": "valued"}


def test_valued_markers_come_from_a_hidden_pool_of_120() -> None:
    state = GAME.setup(GAME.normalize_options({"players": 3, **VALUED}), 5)
    assert sorted(state.unrest_pool) == [1] * 70 + [2] * 35 + [3] * 15
    assert GAME.view(state, "GB")["empires"]["FR"].keys() >= {"unrest", "unrest_markers"}


def test_a_loan_draws_valued_markers_only_their_owner_sees() -> None:
    """L65-68: 5 gold short with Banking absent: 3 loans of 2, so 3 markers, here worth 3, 1 and 2
    (drawn from the end of the pool); FR sees 3 markers, GB sees 6 points."""
    state = position(options=VALUED, empires={"GB": {"gold": 0, "unrest": 0}}, turn="GB")
    state.unrest_pool = [1, 1, 2, 1, 3]
    play(state, "GB", "buy army-training")  # 3 gold (G5, reconstructed)
    cost = state.content.tiles["army-training"].gold
    loans = -(-cost // 2)
    assert state.unrest_values["GB"] == [3, 1, 2][:loans]
    assert GAME.view(state, "FR")["empires"]["GB"]["unrest"] is None
    assert GAME.view(state, "FR")["empires"]["GB"]["unrest_markers"] == loans
    assert GAME.view(state, "GB")["empires"]["GB"]["unrest"] == sum([3, 1, 2][:loans])


def test_the_determinizer_deals_the_others_markers_anew_and_keeps_ones_own() -> None:
    state = position(
        options=VALUED,
        empires={"GB": {"unrest_values": [3, 3]}, "FR": {"unrest_values": [1, 1, 2]}},
        turn="GB",
    )
    rng = Rng.from_seed(1)
    seen = set()
    for _ in range(30):
        world = determinize(state, "GB", rng)
        assert world.unrest_values["GB"] == [3, 3]
        assert len(world.unrest_values["FR"]) == 3
        assert GAME.view(world, "GB") == GAME.view(state, "GB")
        seen.add(world.unrest["FR"])
    assert len(seen) > 1


def test_government_reform_discards_up_to_two_points_of_markers() -> None:
    """L535-536: 2 points: the 2 goes, the 3 and the 1 stay (our reading for valued markers)."""
    state = position(
        options=VALUED,
        empires={"GB": {"unrest_values": [3, 2, 1], "tiles": {"government-reform": 1}}},
        turn="GB",
    )
    play(state, "GB", "use government-reform")
    assert sorted(state.unrest_values["GB"]) == [1, 3] and state.unrest["GB"] == 4


def test_government_reform_is_not_offered_for_markers_worth_three() -> None:
    state = position(
        options=VALUED,
        empires={"GB": {"unrest_values": [3], "tiles": {"government-reform": 1}}},
        turn="GB",
    )
    assert "use government-reform" not in legal(state, "GB")


def test_the_secrets_check_catches_a_view_showing_the_others_unrest() -> None:
    game = type(GAME)
    honest = game.view

    def leaky(self: Any, state: State, seat: Any) -> dict[str, Any]:
        view = honest(self, state, seat)
        view["all_unrest"] = dict(state.unrest)
        return view

    try:
        game.view = leaky  # type: ignore[method-assign]
        with pytest.raises(BatteryFailure, match="view changes"):
            check_secrets(PLUGIN, {"players": 3, **VALUED}, 1)
    finally:
        game.view = honest  # type: ignore[method-assign]
