"""Neutrals volunteering Areas for coaling (seed L1274-1276): "A neutral Power's Control marker,
provided the neutral Power volunteers the Area for your coaling use ... remains a coaling Area
for the duration of the War; the owning player cannot change his mind."""

from __future__ import annotations

from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.rules.alliance import coaling
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance

from .support import dice
from .test_war_sequence import _war


def _answer(state: State, text: str) -> None:
    seat = GAME.to_act(state)[0]
    assert text in {GAME.notation(a) for a in GAME.legal_actions(state, seat)}
    DECISIONS.apply(state, state.flow, seat, GAME.parse_action(text), None)


def test_a_neutral_volunteers_its_areas_and_the_alliance_coals_there_for_the_whole_war():
    # Germany at war with Britain; France, neutral, holds Madagascar on the Indian Ocean.
    state, war = _war(
        [["DE"], ["GB"]],
        units={"DE": {"home": ["N10"]}, "GB": {"home": ["A10"]}},
        markers={"madagascar": {"FR": "possession"}, "zanzibar": {}},
        stage="alliance",
    )
    assert not coaling(state, war, "DE", "indian-ocean")
    advance(state, None)
    asked = []
    while (top := state.flow.top()) is not None and top.kind == "coal":
        power = top.data["power"]
        asked.append(power)
        legal = {GAME.notation(a) for a in GAME.legal_actions(state, GAME.to_act(state)[0])}
        assert legal == {"coal none", "coal DE", "coal GB"}  # one Alliance, or none
        _answer(state, "coal DE" if power == "FR" else "coal none")
    assert "FR" in asked and "DE" not in asked and "GB" not in asked  # neutrals only
    assert war["coaling"] == {"FR": 0}
    assert coaling(state, war, "DE", "indian-ocean")  # by France's Madagascar
    assert GAME.view(state, "US")["wars"][0]["coaling"] == {"FR": 0}  # said aloud (L1275)
    with dice(state, [6, 1]):
        advance(state, None)
    assert war["coaling"] == {"FR": 0}  # it cannot be taken back during the war


def test_an_unestablished_control_marker_of_a_volunteer_gives_no_rights():
    state, war = _war([["DE"], ["GB"]], markers={"madagascar": {"FR": "possession"}, "zanzibar": {}})
    war["coaling"] = {"FR": 0}
    assert coaling(state, war, "DE", "indian-ocean")
    state.markers["madagascar"] = {"FR": ("possession", False)}
    assert not coaling(state, war, "DE", "indian-ocean")
