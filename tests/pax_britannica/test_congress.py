"""The Congress of Europe (L846-903): calling, host, proposals, sealed votes with the host's
tie-break, signatures, and the ETI of L1482-1486."""

from __future__ import annotations

from realpolitik.bots import make_bot
from realpolitik.engine import Rng
from realpolitik.games.pax_britannica import GAME, PLUGIN
from realpolitik.games.pax_britannica.ai.evaluation import choose_special, seat_standing
from realpolitik.games.pax_britannica.rules.board import set_marker
from realpolitik.games.pax_britannica.rules.congress import enacted, refused, unresolved
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance
from tests.pax_britannica.support import clear_area


def _congress_over_gabon(players: int) -> State:
    """France's Influence under a Belgian Protectorate in Gabon: France's Casus Belli (L482-485)."""
    state = GAME.setup({"players": players}, 1)
    clear_area(state, "gabon")
    set_marker(state, "gabon", "FR", "influence", True)
    set_marker(state, "gabon", "BE", "protectorate", True)
    state.units["BE"]["gabon"] = ["A1"]
    state.cbs = [["FR", "BE", "protectorate in gabon"]]
    state.flow.clear()
    state.phase = "negotiation"
    advance(state, None)
    return state


def _answer(state: State, seat: str, text: str) -> None:
    DECISIONS.apply(state, state.flow, seat, GAME.parse_action(text), None)


def test_a_casus_belli_holder_calls_the_congress_and_the_host_is_the_first_european_non_party():
    state = _congress_over_gabon(4)
    assert GAME.to_act(state) == ("FR",)  # only the holder of the Casus Belli may call it (L846)
    eti = state.eti
    _answer(state, "FR", "congress call")
    assert state.eti == eti + 3  # L1482
    congress = state.congress
    assert congress is not None
    assert congress["host"] == "GB"
    assert congress["members"] == ["GB", "FR", "DE", "AH"]  # the US is no party (L851-853)
    assert GAME.to_act(state) == ("GB",)  # the host proposes first (reading of L863)
    assert congress["proposers"] == ["GB", "FR", "DE"]  # then the other voters in turn (A-H never votes)
    legal = {str(a) for a in GAME.legal_actions(state, "GB")}
    # no money clause: the only other party is a Minor
    assert legal == {"propose award FR", "propose award BE", "propose codominion", "propose pass"}


def test_a_passed_codominion_gives_the_influence_holder_a_free_protectorate():
    state = _congress_over_gabon(4)
    eti = state.eti
    _answer(state, "FR", "congress call")
    _answer(state, "GB", "propose codominion")
    assert set(GAME.to_act(state)) == {"GB", "FR", "DE"}  # A-H never votes (G-R24)
    _answer(state, "DE", "vote no")
    assert GAME.view(state, "GB")["congress"]["my_answer"] is None  # sealed (L875)
    assert GAME.view(state, "DE")["congress"]["my_answer"] == "no"
    assert PLUGIN.determinize is not None
    world = PLUGIN.determinize(state, "GB", Rng.from_seed(3))
    assert GAME.view(world, "GB") == GAME.view(state, "GB")
    _answer(state, "GB", "vote yes")
    _answer(state, "FR", "vote yes")
    assert GAME.to_act(state) == ("FR",)  # the one Great Power disputant signs; Belgium abides (L490)
    _answer(state, "FR", "sign")
    assert state.markers["gabon"] == {"FR": ("protectorate", True), "BE": ("protectorate", True)}
    assert state.cbs == [] and state.eti == eti + 3  # resolved: no further ETI
    assert GAME.to_act(state) == ()  # the Congress is over (later phases were not run here)


def test_a_tie_is_broken_by_the_host():
    state = _congress_over_gabon(6)  # voters GB, FR, DE, RU: a tie is possible
    _answer(state, "FR", "congress call")
    congress = state.congress
    assert congress is not None and congress["host"] == "GB"
    _answer(state, "GB", "propose award BE")
    for seat, vote in (("GB", "yes"), ("FR", "no"), ("DE", "yes"), ("RU", "no")):
        _answer(state, seat, f"vote {vote}")
    assert GAME.to_act(state) == ("FR",)  # passed 2-2 on the host's vote (L876-877)
    _answer(state, "FR", "sign")
    assert state.markers["gabon"] == {"BE": ("protectorate", True), "FR": ("interest", True)}


def test_a_refusal_to_sign_gives_the_members_a_casus_belli_and_costs_tension():
    state = _congress_over_gabon(4)
    eti = state.eti
    _answer(state, "FR", "congress call")
    _answer(state, "GB", "propose award BE")
    for seat in ("GB", "FR", "DE"):
        _answer(state, seat, "vote yes")
    _answer(state, "FR", "refuse")
    assert ["GB", "FR", "refused a Congress treaty"] in state.cbs  # L880-882
    assert ["DE", "FR", "refused a Congress treaty"] in state.cbs
    # +3 convening, +2 a refusal, +3 for the Casus Belli left unresolved (L1482-1485)
    assert state.eti == eti + 3 + 2 + 3
    assert state.markers["gabon"]["FR"] == ("influence", True)


def test_every_proposal_defeated_leaves_the_area_unresolved():
    # L863: any member may propose; the members take turns, and a defeated proposal is not put again.
    state = _congress_over_gabon(4)
    eti = state.eti
    _answer(state, "FR", "congress call")
    for seat, proposal in (("GB", "award FR"), ("FR", "codominion"), ("DE", "award BE")):
        assert GAME.to_act(state) == (seat,)
        assert GAME.view(state, "US")["congress"]["proposer"] == seat
        _answer(state, seat, f"propose {proposal}")
        for voter in ("GB", "FR", "DE"):
            _answer(state, voter, "vote no")
    assert state.eti == eti + 3 + 3 and GAME.to_act(state) == ()
    assert state.congress is not None and state.congress["unresolved"] == ["gabon"]


def test_a_round_of_passes_leaves_the_area_unresolved_and_a_proposal_starts_a_new_round():
    state = _congress_over_gabon(4)
    eti = state.eti
    _answer(state, "FR", "congress call")
    _answer(state, "GB", "propose pass")
    _answer(state, "FR", "propose award FR")
    for voter in ("GB", "FR", "DE"):
        _answer(state, voter, "vote no")
    # a proposal since GB's pass: every member must pass again, FR included
    for seat in ("DE", "GB"):
        assert GAME.to_act(state) == (seat,)
        _answer(state, seat, "propose pass")
    assert GAME.to_act(state) == ("FR",)
    assert "propose award FR" not in {str(a) for a in GAME.legal_actions(state, "FR")}  # tried
    _answer(state, "FR", "propose pass")
    assert GAME.to_act(state) == () and state.eti == eti + 3 + 3  # L1483: unresolved
    assert state.markers["gabon"]["FR"] == ("influence", True)


def test_an_award_may_pay_the_other_parties_and_a_passed_one_moves_the_money():
    # L866: a Congress treaty may transfer money: the Power awarded pays each other Great Power
    # party there one of the offers' sums, within its treasury.
    state = _congress_over_two_protectorates()
    state.treasury.update(GB=12, FR=3)
    legal = {str(a) for a in GAME.legal_actions(state, "DE")}
    assert {"propose award GB pay 5", "propose award GB pay 10"} <= legal
    assert "propose award GB pay 20" not in legal and "propose award FR pay 5" not in legal
    _answer(state, "DE", "propose award GB pay 10")
    assert GAME.view(state, "FR")["congress"]["proposal"] == ["award", "GB", "pay", "10"]
    for voter in ("GB", "FR", "DE"):
        _answer(state, voter, "vote yes")
    _answer(state, "GB", "sign")
    _answer(state, "FR", "sign")
    assert state.treasury["GB"] == 2 and state.treasury["FR"] == 13
    assert state.markers["gabon"] == {"GB": ("protectorate", True), "FR": ("interest", True)}  # stepped down
    assert GAME.parse_action("propose award gb pay 10") == GAME.parse_action("propose award GB pay 10")
    assert GAME.notation(GAME.parse_action("propose award GB pay 10")) == "propose award GB pay 10"


# -- the bots' answers (ai/evaluation.py, choose_special): by what the treaty would leave ----------------


def _congress_over_two_protectorates() -> State:
    """Britain and France both established a Protectorate in Gabon this turn (L727-729) and both
    call the Congress; Germany hosts (L848-857)."""
    state = GAME.setup({"players": 4}, 1)
    clear_area(state, "gabon")
    for power in ("GB", "FR"):
        set_marker(state, "gabon", power, "protectorate", True)
        state.units[power]["gabon"] = ["A1"]
    state.cbs = [["FR", "GB", "control in gabon"], ["GB", "FR", "control in gabon"]]
    state.flow.clear()
    state.phase = "negotiation"
    advance(state, None)
    _answer(state, "GB", "congress call")
    _answer(state, "FR", "congress call")
    return state


def test_the_bots_vote_sign_and_propose_by_what_the_treaty_would_leave_them():
    state = _congress_over_two_protectorates()
    assert state.congress is not None and GAME.to_act(state) == ("DE",)
    menu = [str(a).removeprefix("propose ") for a in GAME.legal_actions(state, "DE")]
    assert {"award GB", "award FR", "codominion", "pass"} <= set(menu)
    standing = {
        p: {s: seat_standing(enacted(state, p.split()), s) for s in state.seats} for p in menu if p != "pass"
    }
    left = {s: seat_standing(unresolved(state), s) for s in state.seats}
    refusing = {s: seat_standing(refused(state, s), s) for s in state.seats}
    # The host proposes the treaty that leaves it best placed, or passes if none beats no treaty.
    proposal = choose_special(state, "DE", GAME.legal_actions(state, "DE"))
    best = max(standing, key=lambda p: standing[p]["DE"])
    assert str(proposal) == (f"propose {best}" if standing[best]["DE"] > left["DE"] else "propose pass")
    votes: set[str] = set()
    for text in ("award GB", "award FR", "codominion"):
        voting = state.clone()
        _answer(voting, "DE", f"propose {text}")
        for seat in ("GB", "FR", "DE"):
            vote = str(choose_special(voting, seat, GAME.legal_actions(voting, seat)))
            assert vote == ("vote yes" if standing[text][seat] >= left[seat] else "vote no"), (text, seat)
            votes.add(vote)
        for seat in ("GB", "FR", "DE"):
            _answer(voting, seat, "vote yes")
        for seat in ("GB", "FR"):  # the parties sign unless refusing alone leaves them better placed
            answer = str(choose_special(voting, seat, GAME.legal_actions(voting, seat)))
            assert answer == ("sign" if standing[text][seat] >= refusing[seat] else "refuse"), (text, seat)
    assert votes == {"vote yes", "vote no"}  # the position gives both answers
    # The heuristic bot answers a sealed vote by it (a one-ply look sees nothing until all voted).
    _answer(state, "DE", "propose award GB")
    bot = make_bot("heuristic", seed=1)
    for seat in ("GB", "FR", "DE"):
        expected = "vote yes" if standing["award GB"][seat] >= left[seat] else "vote no"
        assert str(bot.choose(GAME, state, seat)) == expected


# -- clauses beyond the dispute (L863-874, L883-890; digest A15) -------------------------------------------


def _check(state: State, seat: str, text: str) -> str | None:
    """The plug-in's direct check of a proposal (the menu lists the treaties for the Area alone)."""
    assert PLUGIN.check_action is not None
    refusal = PLUGIN.check_action(state, seat, GAME.parse_action(text))
    return None if refusal is None else refusal.reason


def _with_a_french_possession_in_senegambia(state: State) -> State:
    clear_area(state, "senegambia")
    set_marker(state, "senegambia", "FR", "possession", True)
    return state


def test_a_clause_is_checked_directly_and_refused_with_its_reason():
    state = _with_a_french_possession_in_senegambia(_congress_over_two_protectorates())
    state.treasury.update(GB=12, FR=3, DE=7)
    assert _check(state, "DE", "propose award GB clause codominion DE senegambia") is None
    assert _check(state, "DE", "propose award GB clause pay GB DE 12 clause downgrade FR senegambia") is None
    refusals = {
        "propose award GB clause pay FR DE 4": "cannot pay 4",
        "propose award GB clause codominion DE gabon": "own terms settle",
        "propose award GB clause codominion DE egypt": "needs one",
        "propose award GB clause codominion FR senegambia": "already holds Control",
        "propose award GB clause downgrade US senegambia": "no marker",
        # L493-494: Spain's Rio de Oro, Belgium's Kongo (Minors' territories outside this dispute)
        "propose award GB clause downgrade ES rio-de-oro": "Minor Power's territory",
        "propose award GB clause codominion DE kongo": "Minor Power's territory",
        "propose pass": None,
        "propose award GB clause pay GB GB 1": "from one Great Power",
        "propose award GB clause pay GB DE 1 clause pay GB DE 2": "twice",
        "propose award GB" + " clause pay GB DE 1 clause pay GB FR 1" * 2: "at most 3",
    }
    for text, reason in refusals.items():
        found = _check(state, "DE", text)
        assert (found is None) if reason is None else (found is not None and reason in found), (text, found)
    # The treaty's terms must still be an untried proposal of the menu.
    _answer(state, "DE", "propose award FR")
    for seat in ("GB", "FR", "DE"):
        _answer(state, seat, "vote no")
    assert state.congress is not None and state.congress["proposer"] == "GB"
    found = _check(state, "GB", "propose award FR clause pay GB DE 1")
    assert found is not None and "not an untried proposal" in found
    assert GAME.parse_action("propose award gb clause pay gb de 12").args == (
        "award",
        "GB",
        "clause",
        "pay",
        "GB",
        "DE",
        "12",
    )


def test_clauses_on_other_areas_and_money_come_into_play_when_everyone_named_signs():
    state = _with_a_french_possession_in_senegambia(_congress_over_two_protectorates())
    state.treasury.update(GB=12, FR=3, US=20)
    eti = state.eti
    _answer(state, "DE", "propose award GB clause codominion DE senegambia clause pay US FR 6")
    view = GAME.view(state, "US")["congress"]
    assert view["terms"] == ["award", "GB"] and view["bound"] == [["FR"], ["US"]]
    for voter in ("GB", "FR", "DE"):
        _answer(state, voter, "vote yes")
    # The parties sign; the US, no party but named as a payer, is asked too (L883-890).
    assert set(GAME.to_act(state)) == {"GB", "FR", "US"}
    assert GAME.view(state, "US")["congress"]["free"] == ["US"]
    for seat in ("GB", "FR", "US"):
        _answer(state, seat, "sign")
    assert state.markers["senegambia"] == {"FR": ("possession", True), "DE": ("protectorate", True)}
    assert state.treasury["US"] == 14 and state.treasury["FR"] == 9
    assert state.eti == eti + 2  # France's Protectorate in Gabon stepped down to an Interest (L1476)


def test_a_non_party_refusing_voids_only_its_clauses_and_raises_no_casus_belli():
    state = _with_a_french_possession_in_senegambia(_congress_over_two_protectorates())
    state.treasury.update(US=20)
    set_marker(state, "egypt", "US", "influence", True)
    _answer(state, "DE", "propose award GB clause pay US DE 5 clause downgrade FR senegambia")
    for voter in ("GB", "FR", "DE"):
        _answer(state, voter, "vote yes")
    cbs = [list(c) for c in state.cbs if "gabon" not in c[2]]
    _answer(state, "US", "refuse")
    _answer(state, "GB", "sign")
    _answer(state, "FR", "sign")  # France, a party, signs for its own clause too
    assert state.treasury["US"] == 20  # the payment does not apply
    assert state.markers["senegambia"] == {"FR": ("protectorate", True)}  # one step down
    assert [list(c) for c in state.cbs] == cbs  # nobody holds a Casus Belli against the US
    # A party that refuses is another matter (L880-882): the whole treaty fails.


def test_a_downgrade_leaves_no_marker_the_area_forbids():
    # L792-796: no Influence where another Power has established Control; an Interest only
    # beside a Protectorate; a Possession's neighbours go.
    state = _congress_over_two_protectorates()
    clear_area(state, "senegambia")
    set_marker(state, "senegambia", "FR", "protectorate", True)
    set_marker(state, "senegambia", "US", "possession", True)
    clear_area(state, "kamerun")
    set_marker(state, "kamerun", "FR", "protectorate", True)
    set_marker(state, "kamerun", "US", "protectorate", True)
    after = enacted(
        state,
        ["award", "GB", "clause", "downgrade", "FR", "senegambia", "clause", "downgrade", "FR", "kamerun"],
    )
    assert after.markers["senegambia"] == {"US": ("possession", True)}
    assert after.markers["kamerun"] == {"US": ("protectorate", True), "FR": ("interest", True)}


def test_a_bot_named_in_a_clause_signs_unless_the_treaty_without_it_leaves_it_better_placed():
    state = _with_a_french_possession_in_senegambia(_congress_over_two_protectorates())
    state.treasury.update(US=20)
    _answer(state, "DE", "propose award GB clause pay US DE 20")
    for voter in ("GB", "FR", "DE"):
        _answer(state, voter, "vote yes")
    answer = choose_special(state, "US", GAME.legal_actions(state, "US"))
    assert str(answer) == "refuse"  # paying £20 for nothing
    bot = make_bot("heuristic", seed=3)
    assert str(bot.choose(GAME, state, "US")) == "refuse"
    # The bots propose no clauses: the menu lists none.
    assert all("clause" not in str(a) for a in GAME.legal_actions(_congress_over_two_protectorates(), "DE"))


def test_a_marker_transferred_or_removed_by_a_clause():
    # L866-868: "downgrading or removal of Status markers anywhere", "transferring existing Status
    # markers among powers" (the marker given keeps its level, L797-798).
    state = _with_a_french_possession_in_senegambia(_congress_over_two_protectorates())
    clear_area(state, "kamerun")
    set_marker(state, "kamerun", "FR", "protectorate", True)
    state.units["FR"]["kamerun"] = ["A1"]
    refusals = {
        "propose award GB clause transfer FR senegambia FR": "another Great Power",
        "propose award GB clause transfer FR gabon US": "own terms settle",
        "propose award GB clause transfer US senegambia DE": "no marker",
        "propose award GB clause remove US kamerun": "no marker",
        "propose award GB clause transfer FR senegambia US clause remove FR kamerun": None,
    }
    for text, reason in refusals.items():
        found = _check(state, "DE", text)
        assert (found is None) if reason is None else (found is not None and reason in found), (text, found)
    eti = state.eti
    words = "award GB clause transfer FR senegambia US clause remove FR kamerun"
    after = enacted(state, words.split(" "))
    assert after.markers["senegambia"] == {"US": ("possession", True)}
    assert "kamerun" not in after.markers and "kamerun" not in after.units["FR"]  # its Army went home
    assert after.eti == eti + 2 + 3  # Gabon's Protectorate to an Interest, Kamerun's removed (L1476)
    assert GAME.parse_action("propose codominion clause transfer fr senegambia us").args == (
        "codominion",
        "clause",
        "transfer",
        "FR",
        "senegambia",
        "US",
    )
