"""Offers answered by the other party, and disputes answered by every disputant at once, sealed."""

from __future__ import annotations

from realpolitik.engine import Match, Rng
from realpolitik.games.pax_britannica import GAME, PLUGIN
from realpolitik.games.pax_britannica.rules.board import set_marker
from realpolitik.games.pax_britannica.rules.negotiation import offer_refusal
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance
from tests.pax_britannica.support import clear_area, fresh


def test_a_money_offer_waits_for_the_recipient_and_binds_only_when_accepted():
    state = fresh()
    state.treasury.update({"GB": 50, "FR": 10})
    GAME.apply(state, "GB", GAME.parse_action("offer pay FR 20"))
    assert GAME.to_act(state) == ("FR",)  # the mover's turn is suspended for the answer (L700-702)
    assert state.treasury["GB"] == 50
    GAME.apply(state, "FR", GAME.parse_action("refuse"))
    assert (state.treasury["GB"], state.treasury["FR"]) == (50, 10)
    assert GAME.to_act(state) == ("GB",)  # and resumes
    refusal = GAME.explain_illegal(state, "GB", GAME.parse_action("offer pay FR 20"))
    assert "this turn already" in refusal.reason  # one offer to each Power a turn (engine limit)
    state.treasury["US"] = 10
    GAME.apply(state, "GB", GAME.parse_action("offer pay US 20"))
    GAME.apply(state, "US", GAME.parse_action("accept"))
    assert (state.treasury["GB"], state.treasury["US"]) == (30, 30)


def test_a_marker_changes_hands_at_the_same_level_but_never_a_dominion():
    state = fresh()
    GAME.apply(state, "GB", GAME.parse_action("offer give aden US"))
    GAME.apply(state, "US", GAME.parse_action("accept"))
    assert state.markers["aden"] == {"US": ("possession", True)}  # L599-603
    set_marker(state, "canada", "GB", "dominion", True)
    refusal = GAME.explain_illegal(state, "GB", GAME.parse_action("offer give canada FR"))
    assert "cannot be transferred" in refusal.reason


def test_austria_hungary_never_gives_money():
    state = fresh()
    state.treasury["AH"] = 30
    reason = offer_refusal(state, "AH", GAME.parse_action("offer pay DE 10"))
    assert reason is not None and "L1546" in reason


def _dispute_over_gabon(state: State) -> None:
    clear_area(state, "gabon")
    for power in ("GB", "FR"):
        set_marker(state, "gabon", power, "protectorate", True)
        state.units[power]["gabon"] = ["A1"]
    state.cbs = [["FR", "GB", "control in gabon"], ["GB", "FR", "control in gabon"]]  # L727-729
    state.flow.clear()
    state.phase = "adjustment"
    advance(state, None)


def test_disputants_answer_at_once_and_the_answers_stay_sealed_until_the_last():
    state = fresh()
    _dispute_over_gabon(state)
    assert set(GAME.to_act(state)) == {"GB", "FR"}
    GAME.apply(state, "GB", GAME.parse_action("settle hold"))
    assert GAME.to_act(state) == ("FR",)
    assert GAME.view(state, "FR")["dispute"]["my_answer"] is None
    assert GAME.view(state, "GB")["dispute"]["my_answer"] == "hold"
    assert GAME.view(state, None)["dispute"]["answered"] == ["GB"]
    # The determinizer redraws GB's answer for France's worlds: France's view is unchanged.
    assert PLUGIN.determinize is not None
    world = PLUGIN.determinize(state, "FR", Rng.from_seed(5))
    assert GAME.view(world, "FR") == GAME.view(state, "FR")
    eti = state.eti
    DECISIONS.apply(state, state.flow, "FR", GAME.parse_action("settle yield"), None)  # no later phases
    assert state.markers["gabon"] == {"GB": ("protectorate", True)}
    assert state.eti == eti + 3  # Protectorate -> nothing: three steps (L1476-1481)
    assert state.cbs == []  # settled


def test_a_dispute_where_both_share_becomes_a_codominion_without_tension():
    state = fresh()
    _dispute_over_gabon(state)
    eti = state.eti
    DECISIONS.apply(state, state.flow, "FR", GAME.parse_action("settle share"), None)
    DECISIONS.apply(state, state.flow, "GB", GAME.parse_action("settle share"), None)
    assert set(state.markers["gabon"]) == {"GB", "FR"} and state.eti == eti
    assert state.cbs == []


def test_a_sealed_answer_never_reaches_another_seats_log():
    match = Match(GAME, {"players": 4}, 1)
    _dispute_over_gabon(match.state)
    match.play("GB", "settle hold")
    assert not any("hold" in e.text for e in match.log if e.visible("FR"))
    match.play("FR", "settle share")
    assert any("GB hold" in e.text for e in match.log if e.visible("FR"))  # revealed at the end
