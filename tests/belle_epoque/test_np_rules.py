"""Rules of the Non-Player Powers checked directly: the §13.9.1 bonus arithmetic on France's chart,
the §13.10 solo verdicts (digest S38, S39), and the restrictions on humans (§13.3, §13.4)."""

from __future__ import annotations

import pytest

from realpolitik.engine import get_game
from realpolitik.engine.flow import Decision
from realpolitik.games.belle_epoque.rules import actions as A
from realpolitik.games.belle_epoque.rules.board import set_cubes
from realpolitik.games.belle_epoque.rules.cards.play import card_choices
from realpolitik.games.belle_epoque.rules.np.phase import begin_disputes
from realpolitik.games.belle_epoque.rules.scoring import solo_verdict

GAME = get_game("la-belle-epoque")


def _state(np: list[str], seed: int = 1):
    return GAME.setup(GAME.normalize_options({"np": np}), seed)


@pytest.mark.parametrize(
    ("turn", "disputes", "bonus"), [(1, 1, 3), (2, 2, 3), (3, 3, 2), (6, 2, 4), (9, 1, 4)]
)
def test_france_dispute_bonus_rounds_half_up_and_caps_at_4(turn, disputes, bonus):
    state = _state(["FR"])
    state.turn = turn
    state.turn_order = ["FR", "GB", "CE", "RU"]
    for territory in ("romania", "bulgaria", "greece")[:disputes]:
        spaces = state.territories[territory]
        empty: list[str | None] = [None] * (len(spaces.base) - 1)
        set_cubes(state, territory, ["GB", *empty], ["FR", *empty])  # cubes written by hand: a new stamp
        state.disputed.add(territory)  # a top cube written by hand: the index of disputes too
    begin_disputes(state, None)
    assert state.np is not None and state.np.bonus == {"FR": bonus}


@pytest.mark.parametrize(
    ("vp", "end_turn", "band"),
    [
        (80, 7, "minor-victory"),
        (84, 9, "marginal-defeat"),
        (70, 8, "marginal-defeat"),
        (110, 9, "overwhelming-victory"),
        (95, 9, "significant-victory"),
        (74, 9, "overwhelming-defeat"),
    ],
)
def test_solo_verdict(vp, end_turn, band):
    state = _state(["FR", "CE", "RU"])
    state.end_turn = end_turn
    verdict = solo_verdict(state, vp, "GB")
    assert verdict["verdict"]["band"] == band
    assert verdict["winners"] == (["GB"] if "victory" in band else [])


def test_humans_do_not_resolve_disputes_with_np_cubes_in_the_action_phase():
    state = _state(["FR"])
    state.turn, state.phase = 2, "action"
    state.turn_order = ["FR", "GB", "CE", "RU"]
    set_cubes(state, "belgium", ["FR", None, None, None, None, None], ["GB", None, None, None, None, None])
    state.disputed.add("belgium")  # a top cube written by hand: the index of disputes too
    state.flow.clear()
    state.flow.push(Decision("action", "GB"))
    from realpolitik.games.belle_epoque.rules.action_phase import resolve_choices
    from realpolitik.games.belle_epoque.rules.explain import explain

    assert resolve_choices(state, "GB") == []
    assert explain(state, "GB", A.Resolve("belgium", 1))[1] == "§13.3"


def test_humans_may_not_aim_the_np_symbol_half_at_an_np():
    state = _state(["FR"])
    state.turn, state.phase = 2, "action"
    state.powers["GB"].intrigue = ["press-campaign"]
    half = 1 if state.content.intrigue_cards["press-campaign"].halves[0].np_symbol else 2
    aimed = [a for a in card_choices(state, "GB") if isinstance(a, A.Play) and a.half == half]
    assert aimed and all(a.choice != "fr" for a in aimed)


def test_options_validate_np_powers():
    assert GAME.normalize_options({"np": ["RU", "FR"]})["players"] == 2
    with pytest.raises(Exception, match="at least one"):
        GAME.normalize_options({"np": ["GB", "FR", "CE", "RU"]})
    with pytest.raises(Exception, match="players must be"):
        GAME.normalize_options({"np": ["FR"], "players": 4})
