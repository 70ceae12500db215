"""A Casus Belli naming no Area taken to the Congress of Europe (L846-848: "any player with a Casus
Belli against one or more other players or Minor Powers can call for a Congress"; L826-827: a
party to a violated treaty "can convene a Congress of Europe to invoke sanctions"; L505-506: the
Yellow-Press Casus Belli taken to a Congress, "any and all Spanish markers may be included")."""

from __future__ import annotations

from realpolitik.bots import make_bot
from realpolitik.games.pax_britannica import GAME, PLUGIN
from realpolitik.games.pax_britannica.ai.encoding import ENCODING
from realpolitik.games.pax_britannica.rules.board import set_marker
from realpolitik.games.pax_britannica.rules.congress import proposal_refusal
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance
from realpolitik.games.pax_britannica.ui.terminal import make_renderer
from tests.pax_britannica.support import clear_area


def _at_congress(cbs: list[list[str]]) -> State:
    """Seven players, the Negotiation Phase over, these Casus Belli held."""
    state = GAME.setup({"players": 7}, 1)
    state.cbs = cbs
    state.flow.clear()
    state.phase = "negotiation"
    advance(state, None)
    return state


def _answer(state: State, seat: str, text: str) -> None:
    assert text in {str(a) for a in GAME.legal_actions(state, seat)}, (text, GAME.legal_actions(state, seat))
    DECISIONS.apply(state, state.flow, seat, GAME.parse_action(text), None)
    _encodes(state)


def _encodes(state: State) -> None:
    """Every seat's observation writes, and every legal action has an index that decodes back."""
    assert PLUGIN.encoding is ENCODING
    for seat in GAME.seats(state):
        ENCODING.observe(state, seat)
        for action in GAME.legal_actions(state, seat):
            assert ENCODING.decode(state, seat, ENCODING.encode(state, seat, action)) == action


def _vote_all(state: State, vote: str = "yes") -> None:
    for seat in GAME.to_act(state):
        _answer(state, seat, f"vote {vote}")


YELLOW_PRESS = ["US", "ES", "random event"]


def test_the_us_takes_the_yellow_press_casus_belli_to_a_congress_and_spain_cedes_cuba():
    state = _at_congress([YELLOW_PRESS])
    assert GAME.to_act(state) == ("US",)  # the holder may call (L846-848)
    eti = state.eti
    _answer(state, "US", "congress call")
    congress = state.congress
    assert congress is not None and state.eti == eti + 3  # L1482
    assert congress["host"] == "GB" and "US" in congress["members"]  # a party (L851-853)
    view = GAME.view(state, "FR")["congress"]
    assert view["area"] is None and view["grievance"] == ["US", "ES", ["random event"]]
    legal = {str(a) for a in GAME.legal_actions(state, "GB")}
    # L505-506: Spain's markers may be included; the US holds none of those Areas
    assert {
        "propose redress",
        "propose redress cede cuba",
        "propose redress cede porto-rico",
        "propose redress cede philippines",
        "propose redress cede caroline-islands",
        "propose redress cede rio-de-oro",
        "propose pass",
    } == legal
    _answer(state, "GB", "propose redress cede cuba")
    # the observation's last field: present, holder, target, reason, a redress, the Area ceded
    fields = ENCODING.observation_fields(GAME.normalize_options({"players": 7}))
    assert fields[-1].name == "congress_grievance"
    obs = ENCODING.observe(state, "FR")[-fields[-1].size :]
    assert sum(obs) == 6 and obs[0] == 1.0
    _vote_all(state)
    assert GAME.to_act(state) == ("US",)  # Spain abides (L490); the US signs
    _answer(state, "US", "sign")
    assert state.markers["cuba"] == {"US": ("possession", True)}
    assert "cuba" not in state.units["ES"]  # Spain's units go home
    assert state.cbs == [] and state.eti == eti + 3  # settled: no more tension
    assert GAME.to_act(state) == ()


def test_a_holder_that_passes_keeps_its_casus_belli_out_of_the_congress():
    state = _at_congress([YELLOW_PRESS])
    _answer(state, "US", "congress pass")
    assert state.congress is None and state.cbs == [YELLOW_PRESS]  # still usable for war


def test_a_disputed_area_goes_before_the_congress_and_a_grievance_only_if_its_holder_called():
    state = GAME.setup({"players": 7}, 1)
    clear_area(state, "gabon")
    set_marker(state, "gabon", "FR", "influence", True)
    set_marker(state, "gabon", "BE", "protectorate", True)
    state.cbs = [["FR", "BE", "protectorate in gabon"], YELLOW_PRESS]
    state.flow.clear()
    state.phase = "negotiation"
    advance(state, None)
    assert set(GAME.to_act(state)) == {"FR", "US"}  # sealed, at once
    _answer(state, "FR", "congress call")
    _answer(state, "US", "congress pass")
    congress = state.congress
    assert congress is not None and congress["area"] == "gabon" and congress["queue"] == []


def _broken_ban() -> State:
    """Germany broke its promise to France to keep out of an Area: France's grievance (L826-827)."""
    return _at_congress([["FR", "DE", "treaty broken"]])


def test_a_broken_treaty_brings_sanctions_a_payment_and_both_parties_sign():
    state = _broken_ban()
    assert GAME.to_act(state) == ("FR",)
    _answer(state, "FR", "congress call")
    congress = state.congress
    assert congress is not None and congress["host"] == "GB"
    legal = {str(a) for a in GAME.legal_actions(state, "GB")}
    assert legal == {  # Germany has 30 pounds: every sum of the menu
        "propose redress",
        "propose redress pay 5",
        "propose redress pay 10",
        "propose redress pay 20",
        "propose pass",
    }
    fr, de = state.treasury["FR"], state.treasury["DE"]
    _answer(state, "GB", "propose redress pay 20")
    assert GAME.view(state, "IT")["congress"]["terms"] == ["redress", "pay", "20"]
    _vote_all(state)
    assert set(GAME.to_act(state)) == {"FR", "DE"}  # both parties sign (L880)
    _answer(state, "FR", "sign")
    _answer(state, "DE", "sign")
    assert state.treasury["FR"] == fr + 20 and state.treasury["DE"] == de - 20
    assert state.cbs == []


def test_the_breaker_refusing_the_sanction_gives_every_member_a_casus_belli():
    state = _broken_ban()
    _answer(state, "FR", "congress call")
    eti = state.eti
    _answer(state, "GB", "propose redress pay 10")
    _vote_all(state)
    _answer(state, "FR", "sign")
    _answer(state, "DE", "refuse")
    refused = sorted(h for h, t, r in state.cbs if t == "DE" and r == "refused a Congress treaty")
    assert refused == [
        "FR",
        "GB",
        "IT",
        "RU",
    ]  # the members: the European Powers (A-H is the German player's own)
    assert ["FR", "DE", "treaty broken"] in state.cbs  # unresolved: France may still go to war
    # +2 for the refusal (L1485), +3 for the Casus Belli left unresolved when it closes (L1483)
    assert state.eti == eti + 2 + 3
    lines = make_renderer({"players": 7}, "en").congress_text(GAME.view(state, "GB")["congress"])
    assert any("FR's grievance against DE" in line.plain for line in lines)


def test_austria_hungary_pays_no_sanction_and_spain_has_no_treasury():
    state = _at_congress([["IT", "AH", "treaty broken"]])
    _answer(state, "IT", "congress call")
    congress = state.congress
    assert congress is not None
    proposer = congress["proposers"][0]
    assert {str(a) for a in GAME.legal_actions(state, proposer)} == {"propose redress", "propose pass"}


def test_a_clause_on_spains_markers_only_while_its_grievance_is_before_the_congress():
    state = _at_congress([YELLOW_PRESS])
    _answer(state, "US", "congress call")
    clause = GAME.parse_action("propose redress clause remove ES philippines")
    assert proposal_refusal(state, clause) is None  # L505-506
    state.congress = None
    other = _broken_ban()
    _answer(other, "FR", "congress call")
    refusal = proposal_refusal(other, GAME.parse_action("propose redress clause remove ES philippines"))
    assert refusal is not None and "L493-494" in refusal


def test_the_bots_play_a_grievance_through_and_the_breaker_pays_only_if_it_must():
    # The heuristic bots propose, vote and sign by what each treaty would leave them (ai/evaluation.py
    # weighs the same previews: enacted, unresolved, refused): the Congress ends either way.
    state = _broken_ban()
    _answer(state, "FR", "congress call")
    bot = make_bot("heuristic", seed=5)
    for _ in range(60):
        seats = GAME.to_act(state)
        if not seats:
            break
        seat = seats[0]
        _answer(state, seat, str(bot.choose(GAME, state, seat)))
    assert GAME.to_act(state) == ()
    congress = state.congress
    assert congress is not None and congress["closed"]
    settled = ["FR", "DE", "treaty broken"] not in state.cbs
    assert settled != (congress["unresolved"] == ["cb:FR:DE"])  # settled, or left unresolved
