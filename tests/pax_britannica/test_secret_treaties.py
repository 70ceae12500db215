"""Secret treaties (seed L839-845): "Players are free to keep the terms of Treaties secret ... not
required to ... even let on that a Treaty has been drawn up or signed" (L839-841); "a signer who
wishes to use that fact to obtain a Casus Belli must make the Treaty public" (L842-844);
"Revealing a secret Treaty is not considered a violation" (L845)."""

from __future__ import annotations

from realpolitik.engine import LogEntry, Match, Rng
from realpolitik.games.pax_britannica import GAME, PLUGIN
from realpolitik.games.pax_britannica.ai.determinize import determinize
from realpolitik.games.pax_britannica.rules.actions import Act
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.treaties import check_placement, reveal_choices
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance

from .test_treaties import _act, _war_phase


def _legal(state: State, seat: str) -> set[str]:
    return {GAME.notation(a) for a in GAME.legal_actions(state, seat)}


def _secret_offer(players: int = 4) -> tuple[Match, str, str, str]:
    """A match where the first mover has just offered another player a secret defensive treaty;
    returns (match, mover, partner, a third seat)."""
    match = Match(GAME, {"players": players}, 1)
    mover = match.state.flow.current().data["power"]
    others = [s for s in match.state.seats if s not in (mover, "DE")]
    assert mover != "DE"
    partner, third = others[0], others[1]
    assert f"secret ally defensive {partner}" in match.legal_notations(mover)
    match.play(mover, f"secret ally defensive {partner}")
    return match, mover, partner, third


def test_a_secret_offer_shows_its_terms_to_its_two_parties_only():
    match, mover, partner, third = _secret_offer()
    assert match.to_act() == (partner,)
    assert match.legal_notations(partner) == ["accept secret", "refuse secret"]
    mine = match.view(partner)["offer"]
    assert mine["kind"] == "ally" and mine["treaty"] == "defensive" and mine["secret"] is True
    theirs = match.view(third)["offer"]
    assert theirs["kind"] == "secret" and theirs["treaty"] == "" and theirs["from"] == mover
    assert match.view(None)["offer"]["kind"] == "secret"
    lines = [e for e in match.log if "secret treaty" in e.text]
    assert lines and all(e.visible(mover) and e.visible(partner) for e in lines)
    assert not any(e.visible(third) or e.visible(None) for e in lines)


def test_an_accepted_secret_treaty_binds_but_only_its_signers_see_it():
    match, mover, partner, third = _secret_offer()
    match.play(partner, "accept secret")
    treaty = ["defensive", mover, partner]
    assert match.state.treaties == [treaty] and match.state.secret_treaties == [treaty]
    for seat in (mover, partner):
        assert match.view(seat)["treaties"] == [treaty]
        assert match.view(seat)["secret_treaties"] == [treaty]
    for outsider in (third, None):
        assert match.view(outsider)["treaties"] == [] and match.view(outsider)["secret_treaties"] == []
    assert not any(partner + " accepts" in e.text for e in match.log if e.visible(third))
    # one treaty of a kind a pair, secret or not; the secret one lapses secretly (L831-834)
    match.state.flow.current().data["offered"] = []  # as on a later turn (one offer a partner a turn)
    assert f"secret ally defensive {partner}" not in match.legal_notations(mover)
    assert f"secret lapse defensive {partner}" in match.legal_notations(mover)
    assert f"offer lapse defensive {partner}" not in match.legal_notations(mover)


def test_a_refused_secret_offer_leaves_nothing_and_tells_nobody_else():
    match, mover, partner, third = _secret_offer()
    match.play(partner, "refuse secret")
    assert match.state.treaties == [] and match.state.secret_treaties == []
    assert not any("refuses" in e.text for e in match.log if e.visible(third))
    assert any("refuses" in e.text for e in match.log if e.visible(mover))


def test_a_secret_treaty_lapses_by_a_secret_offer():
    match, mover, partner, third = _secret_offer()
    match.play(partner, "accept secret")
    match.state.flow.current().data["offered"] = []  # a new turn's offer (one a partner a turn)
    match.play(mover, f"secret lapse defensive {partner}")
    assert match.view(third)["offer"]["kind"] == "secret"
    match.play(partner, "accept secret")
    assert match.state.treaties == [] and match.state.secret_treaties == []


def test_the_determinizer_draws_worlds_without_the_secret_treaties_a_seat_did_not_sign():
    match, mover, partner, third = _secret_offer()
    state = match.state
    world = determinize(state, third, Rng.from_seed(5))
    assert world.flow.current().data["kind"] == "ally"  # the terms drawn anew for the third seat
    assert GAME.view(world, third) == GAME.view(state, third)
    assert determinize(state, partner, Rng.from_seed(5)).flow.current().data == state.flow.current().data
    match.play(partner, "accept secret")
    state = match.state
    world = determinize(state, third, Rng.from_seed(5))
    assert world.treaties == [] and world.secret_treaties == []
    assert GAME.view(world, third) == GAME.view(state, third)
    assert PLUGIN.info_key is not None and PLUGIN.info_key(world, third) == PLUGIN.info_key(state, third)
    kept = determinize(state, mover, Rng.from_seed(5))
    assert kept.treaties == [["defensive", mover, partner]]


def test_a_secret_defensive_treaty_is_made_public_when_war_invokes_it():
    # A10 with a secret treaty (L1188-1192, L843-845): Britain declares on France; Germany's
    # secret defensive treaty with France binds it, and France's call makes it public.
    state = _war_phase([["GB", "FR", "control in gabon"]], [])
    state.treaties = [["defensive", "FR", "DE"]]
    state.secret_treaties = [["defensive", "FR", "DE"]]
    assert GAME.view(state, "GB")["treaties"] == []
    _act(state, "GB", "declare FR")
    assert GAME.to_act(state) == ("DE",) and state.flow.current().kind == "treaty"
    assert state.secret_treaties == []  # public now: every seat sees it
    assert GAME.view(state, "GB")["treaties"] == [["defensive", "FR", "DE"]]
    log: list[LogEntry] = []
    DECISIONS.apply(state, state.flow, "DE", GAME.parse_action("treaty break"), log)
    advance(state, log)
    assert any("made public" in e.text and e.visible("GB") for e in log)
    assert state.eti == 20  # the declaration and the breach, nothing for the revelation (L845)


def test_breaking_a_secret_placement_ban_makes_it_public_with_the_casus_belli():
    # L824-826, L832-834, L843-844: placing where one secretly promised not to.
    state = GAME.setup({"players": 4}, 1)
    mover = state.flow.current().data["power"]
    other = next(p for p in state.seats if p != mover and state.player_of[p] != state.player_of[mover])
    area = next(
        a.args[1] for a in GAME.legal_actions(state, mover) if a.verb == "place" and a.args[0] == "interest"
    )
    ban = GAME.parse_action(f"secret ban {area} {other}")
    DECISIONS.apply(state, state.flow, mover, ban, None)
    advance(state, None)
    _act(state, other, "accept secret")
    assert state.secret_treaties == [[f"ban:{area}", mover, other]]
    third = next(s for s in state.seats if s not in (mover, other, state.player_of[mover]))
    assert GAME.view(state, third)["treaties"] == []
    eti = state.eti
    log: list[LogEntry] = []
    DECISIONS.apply(state, state.flow, mover, GAME.parse_action(f"place interest {area}"), log)
    assert state.eti == eti + 5 and [other, mover, "treaty broken"] in state.cbs
    assert state.treaties == [] and state.secret_treaties == []
    assert any("made public" in e.text and e.visible(third) for e in log)


def test_a_placement_ban_lapses_by_agreement_and_placing_then_breaks_nothing():
    # L836-839: a treaty lapses, or a signer withdraws, only with everyone's consent; no breach.
    for secret in (False, True):
        state = GAME.setup({"players": 4}, 1)
        mover = state.flow.current().data["power"]
        other = next(p for p in state.seats if p != mover and state.player_of[p] != state.player_of[mover])
        places = [a for a in GAME.legal_actions(state, mover) if a.verb == "place"]
        area = next(a.args[1] for a in places if a.args[0] == "interest")
        verb = "secret" if secret else "offer"
        DECISIONS.apply(state, state.flow, mover, GAME.parse_action(f"{verb} ban {area} {other}"), None)
        advance(state, None)
        _act(state, other, "accept secret" if secret else "accept")
        while GAME.to_act(state) != (other,):  # one offer a partner a turn: the partner releases it
            _act(state, GAME.to_act(state)[0], "done")
        lapse = GAME.parse_action(f"{verb} lapse ban:{area} {mover}")
        assert lapse in GAME.legal_actions(state, other)  # a secret ban lapses secretly
        assert Act("offer" if secret else "secret", lapse.args) not in GAME.legal_actions(state, other)
        DECISIONS.apply(state, state.flow, other, lapse, None)
        advance(state, None)
        _act(state, mover, "accept secret" if secret else "accept")
        assert state.treaties == [] and state.secret_treaties == []
        eti = state.eti
        check_placement(state, mover, area, None)  # the mover may place there again
        assert state.eti == eti and [other, mover, "treaty broken"] not in state.cbs


def test_secret_actions_round_trip_in_notation():
    for text in ("secret ally defensive FR", "secret ban egypt GB", "accept secret", "refuse secret"):
        assert GAME.notation(GAME.parse_action(text)) == text


def test_a_signer_may_make_its_secret_treaty_public_without_breach():
    # L845: "Revealing a secret Treaty is not considered a violation ... neither an ETI increase
    # nor a Casus Belli."
    match, mover, partner, third = _secret_offer()
    match.play(partner, "accept secret")
    assert f"reveal defensive {partner}" in match.legal_notations(mover)
    assert reveal_choices(match.state, third) == []  # only a signer may reveal it
    eti, cbs = match.state.eti, list(match.state.cbs)
    match.play(mover, f"reveal defensive {partner}")
    assert match.state.secret_treaties == [] and match.state.treaties == [["defensive", mover, partner]]
    assert match.view(third)["treaties"] == [["defensive", mover, partner]]
    assert match.state.eti == eti and match.state.cbs == cbs
    assert any("made public" in e.text and e.visible(third) for e in match.log)
    refusal = GAME.explain_illegal(match.state, mover, GAME.parse_action(f"reveal defensive {partner}"))
    assert "no secret defensive treaty" in refusal.reason
