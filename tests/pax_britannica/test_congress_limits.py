"""Limits on future actions as Congress clauses (L866-868: "Congressional Proposals may involve ...
Limits or demands on future Power activities"): a placement ban, a unit cap and a non-aggression
pact, the Negotiation Phase's treaties (rules/treaties.py) made public by the Congress
(rules/congress.py)."""

from __future__ import annotations

from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.ai.encoding import ENCODING
from realpolitik.games.pax_britannica.rules.treaties import check_placement
from tests.pax_britannica.test_congress import _answer, _check, _congress_over_two_protectorates

LIMITS = "propose award GB clause ban DE egypt GB clause cap FR naval 20 GB clause pact GB US"


def test_limit_clauses_are_checked_like_the_treaties_they_make():
    state = _congress_over_two_protectorates()  # four players: GB, FR, DE (with A-H), US
    assert _check(state, "DE", LIMITS) is None
    assert GAME.parse_action(LIMITS.lower()).args == GAME.parse_action(LIMITS).args  # Powers in capitals
    naval = sum(1 for units in state.units["FR"].values() for code in units if code.startswith("N"))
    refusals = {
        "propose award GB clause ban DE atlantis GB": "no Area",
        "propose award GB clause ban DE egypt AH": "not another player's Great Power",  # the same player
        "propose award GB clause ban ES egypt GB": "only they sign treaties",  # a Minor signs none
        f"propose award GB clause cap FR naval {naval - 1} GB": "can promise a cap from",  # below its own
        "propose award GB clause cap FR naval 999 GB": "can promise a cap from",
        "propose award GB clause pact GB GB": "not another player's Great Power",
    }
    for text, reason in refusals.items():
        found = _check(state, "DE", text)
        assert found is not None and reason in found, (text, found)


def test_limit_clauses_become_public_treaties_binding_the_powers_that_signed():
    state = _congress_over_two_protectorates()
    _answer(state, "DE", LIMITS)
    view = GAME.view(state, "US")["congress"]
    # a ban or a cap binds its promiser, a pact both signers (L883-890: each signs)
    assert view["bound"] == [["DE"], ["FR"], ["GB", "US"]]
    for seat in GAME.seats(state):
        ENCODING.observe(state, seat)  # the clauses are written in the observation
    for voter in ("GB", "FR", "DE"):
        _answer(state, voter, "vote yes")
    assert set(GAME.to_act(state)) == {"GB", "FR", "DE", "US"}
    for seat in ("GB", "FR", "DE", "US"):
        _answer(state, seat, "sign")
    assert ["ban:egypt", "DE", "GB"] in state.treaties
    assert ["cap:naval:20", "FR", "GB"] in state.treaties
    assert ["pact", "GB", "US"] in state.treaties
    assert state.secret_treaties == []  # a Congress's treaty is public
    # broken later like any treaty: a Casus Belli for the partner and +5 ETI (L826, L1497)
    eti = state.eti
    check_placement(state, "DE", "egypt", None)
    assert ["GB", "DE", "treaty broken"] in state.cbs and state.eti == eti + 5
    assert ["ban:egypt", "DE", "GB"] not in state.treaties


def test_a_non_party_refusing_a_limit_voids_only_that_clause():
    state = _congress_over_two_protectorates()
    _answer(state, "DE", "propose award GB clause pact GB US clause ban DE egypt GB")
    for voter in ("GB", "FR", "DE"):
        _answer(state, voter, "vote yes")
    _answer(state, "US", "refuse")  # no party: only the pact it would sign falls (L883-890)
    for seat in ("GB", "FR", "DE"):
        _answer(state, seat, "sign")
    assert ["pact", "GB", "US"] not in state.treaties
    assert ["ban:egypt", "DE", "GB"] in state.treaties
    assert not any(t == "US" for _, t, _ in state.cbs)
