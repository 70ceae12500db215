"""The victors divide the spoils by agreement; when they cannot agree, a Congress of Europe is
called automatically and the squabbling allies hold Casus Belli against each other (seed
L1419-1424; digest §4 "Automatic Congress after victors squabble over spoils")."""

from __future__ import annotations

from realpolitik.engine import Rng
from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.ai.determinize import determinize
from realpolitik.games.pax_britannica.rules.alliance import War
from realpolitik.games.pax_britannica.rules.peace import contested, resolve_war
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance

from .test_war_sequence import _war


def _kongo(fr_there: bool = True) -> tuple[State, War]:
    """Britain and France defeat Belgium; both have Armies in the conquered Kongo (GB the stronger)."""
    units = {
        "GB": {"kongo": ["A3"], "home": ["A10"]},
        "FR": {"kongo": ["A1"] if fr_there else [], "home": ["A10"]},
        "BE": {"home": ["A3"]},
    }
    state, war = _war([["GB", "FR"], ["BE"]], units=units, markers={"kongo": {"BE": "protectorate"}})
    war["conquered"] = {"kongo": 0}
    return state, war


def _answer(state: State, seat: str, text: str) -> None:
    assert text in {str(a) for a in GAME.legal_actions(state, seat)}
    DECISIONS.apply(state, state.flow, seat, GAME.parse_action(text), None)
    advance(state, None)


def test_one_victor_in_an_area_takes_it_without_being_asked():
    state, war = _kongo(fr_there=False)
    assert contested(state, war, "victory", [0]) == {}
    resolve_war(state, war, "victory", [0], None)
    assert state.markers["kongo"] == {"GB": ("possession", True)}
    assert war not in state.wars


def test_two_victors_in_an_area_answer_the_proposed_division_at_once_sealed():
    state, war = _kongo()
    assert contested(state, war, "victory", [0]) == {"kongo": ["GB", "FR"]}
    resolve_war(state, war, "victory", [0], None)
    top = state.flow.current()
    assert top.kind == "spoils" and set(GAME.to_act(state)) == {"GB", "FR"}
    assert top.data["proposal"] == {"kongo": "GB"}  # the strongest Army there (L1419-1421)
    assert GAME.view(state, "DE")["spoils"]["proposal"] == {"kongo": "GB"}
    DECISIONS.apply(state, state.flow, "GB", GAME.parse_action("spoils dispute"), None)
    assert GAME.view(state, "FR")["spoils"]["my_answer"] is None  # sealed (L784-811 style)
    world = determinize(state, "FR", Rng.from_seed(3))
    assert GAME.view(world, "FR") == GAME.view(state, "FR")


def test_victors_who_agree_divide_as_proposed():
    state, war = _kongo()
    resolve_war(state, war, "victory", [0], None)
    eti = state.eti
    _answer(state, "GB", "spoils agree")
    _answer(state, "FR", "spoils agree")
    assert state.markers["kongo"] == {"GB": ("possession", True)}
    assert war not in state.wars and state.eti == eti  # no Congress, no ETI (L1451-1456)


def test_victors_who_cannot_agree_get_casus_belli_and_an_automatic_congress():
    state, war = _kongo()
    resolve_war(state, war, "victory", [0], None)
    eti = state.eti
    _answer(state, "GB", "spoils agree")
    _answer(state, "FR", "spoils dispute")
    # L1422-1424: each claimant's free Possession (a codominion), Casus Belli both ways, a Congress.
    assert state.markers["kongo"] == {"GB": ("possession", True), "FR": ("possession", True)}
    assert ["GB", "FR", "control in kongo"] in state.cbs and ["FR", "GB", "control in kongo"] in state.cbs
    assert state.eti == eti + 3  # the Congress convenes (L1482)
    assert state.congress is not None and state.congress["area"] == "kongo"
    assert state.flow.current().kind == "propose"
    host = state.congress["host"]
    assert host not in ("GB", "FR")  # the host is no party (L848-857)
    _answer(state, state.player_of[host], "propose award FR")
    voters = GAME.to_act(state)
    for seat in voters:
        _answer(state, seat, "vote yes")
    for seat in GAME.to_act(state):
        _answer(state, seat, "sign")
    assert state.markers["kongo"]["FR"] == ("possession", True)
    assert state.markers["kongo"].get("GB", ("interest", True))[0] != "possession"


def test_a_victors_own_area_conquered_by_the_beaten_side_returns_to_it_as_it_was():
    """Found by a 5-player crash run (seed 511059): Britain's Alliance conquered the US State of
    Alaska, then lost the war; the Netherlands, a victor with Armies near, took Alaska as a free
    Possession beside the US State (a State in a codominion: an invariant broke). A conquest is
    settled at the war's end (L1375-1380, L1419-1421): the beaten side's is undone."""
    units = {
        "US": {"alaska": ["A3"], "home": ["A10"]},
        "NL": {"alaska": ["A5"], "home": ["A3"]},
        "GB": {"home": ["A10"]},
    }
    state, war = _war([["US", "NL"], ["GB"]], units=units, markers={"alaska": {"US": "state"}}, players=5)
    war["conquered"] = {"alaska": 1}
    resolve_war(state, war, "victory", [0], None)
    assert state.markers["alaska"] == {"US": ("state", True)}
    assert war not in state.wars


def test_an_alliance_s_own_area_conquered_back_stays_its_member_s():
    """Found by a five-player random run with the invariants checked (seed 541411): Japan
    conquered Britain's Dominion of Canada, Britain's Alliance conquered it back, and at the war's
    end France, first in the Alliance's order, took it as a Possession beside the Dominion (a
    Dominion in a codominion). The Area is its member's own: it stays as it was."""
    units = {"GB": {"home": ["A10"]}, "FR": {"home": ["A10"]}, "JP": {"home": ["A3"]}}  # none in Canada
    state, war = _war([["FR", "GB"], ["JP"]], units=units, markers={"canada": {"GB": "dominion"}}, players=5)
    war["conquered"] = {"canada": 0}
    resolve_war(state, war, "victory", [0], None)
    assert state.markers["canada"] == {"GB": ("dominion", True)}
    assert war not in state.wars
