"""Alliance treaties (seed L812-845, L1163-1199; digest A10, A11, A12)."""

from __future__ import annotations

from realpolitik.games.pax_britannica import GAME, PLUGIN
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance
from realpolitik.games.pax_britannica.rules.war import targets


def _war_phase(cbs: list[list[str]], treaties: list[list[str]], eti: int = 10, players: int = 7) -> State:
    state = GAME.setup({"players": players}, 1)
    state.cbs, state.treaties, state.eti = cbs, treaties, eti
    state.flow.clear()
    state.phase = "resentment"
    state.rng.script_dice([6, 6, 6])  # the Rebellion test: none
    advance(state, None)
    state.rng.end_script()
    return state


def _act(state: State, seat: str, text: str) -> None:
    assert text in {str(a) for a in GAME.legal_actions(state, seat)}, GAME.legal_actions(state, seat)
    DECISIONS.apply(state, state.flow, seat, GAME.parse_action(text), None)
    advance(state, None)


def test_a10_honouring_a_defensive_treaty_costs_another_5():
    # L1188-1192: Britain declares on France, which has a defensive treaty with Germany.
    state = _war_phase([["GB", "FR", "control in gabon"]], [["defensive", "FR", "DE"]])
    _act(state, "GB", "declare FR")
    assert state.eti == 15
    assert GAME.to_act(state) == ("DE",) and state.flow.current().data["power"] == "DE"
    assert ["DE", "GB", "treaty with FR"] in state.cbs
    _act(state, "DE", "treaty honour")
    assert state.eti == 20
    assert state.wars[0]["sides"] == [["GB"], ["FR", "DE"]]
    # Austria-Hungary is not called: Germany declared, it was not attacked (L1193-1199).
    assert state.flow.current().kind != "treaty" and "AH" not in state.wars[0]["sides"][1]


def test_a10_breaking_it_costs_5_and_gives_france_a_casus_belli_usable_at_once():
    state = _war_phase([["GB", "FR", "control in gabon"]], [["defensive", "FR", "DE"]])
    _act(state, "GB", "declare FR")
    _act(state, "DE", "treaty break")
    assert state.eti == 20  # E+5 the declaration, +5 the breach (L1497)
    assert state.treaties == []
    assert GAME.to_act(state) == ("FR",) and ["FR", "DE", "treaty broken"] in state.cbs
    assert {str(a) for a in GAME.legal_actions(state, "FR")} >= {"declare DE", "pass"}
    _act(state, "FR", "pass")  # France would be foolish to use it (L1191-1192)
    assert ["FR", "DE", "treaty broken"] not in state.cbs
    assert state.wars[0]["sides"] == [["GB"], ["FR"]]


def test_a11_an_offensive_treaty_gives_a_casus_belli_only_after_the_partners_declaration():
    # L840-842, L1174-1177 (Russia as the target keeps Austria-Hungary's treaty out of it).
    state = _war_phase([["GB", "RU", "control in persia"]], [["offensive", "GB", "FR"]])
    assert targets(state, "FR") == [] and GAME.to_act(state) == ("GB",)
    _act(state, "GB", "declare RU")
    assert targets(state, "FR") == ["RU"]
    assert GAME.to_act(state) == ("FR",) and state.flow.current().kind == "treaty"
    _act(state, "FR", "treaty honour")
    assert state.wars[0]["sides"] == [["GB", "FR"], ["RU"]] and state.eti == 20


def test_a12_a_treaty_merges_two_wars_into_the_great_war():
    # L1225-1232: Britain declares on France, Germany on Russia; France honours its defensive
    # treaty with Russia and declares on Germany: the wars merge, four European Powers: Great War.
    state = _war_phase(
        [["GB", "FR", "control in gabon"], ["DE", "RU", "control in persia"]], [["defensive", "FR", "RU"]]
    )
    _act(state, "GB", "declare FR")
    _act(state, "DE", "declare RU")
    assert len(state.wars) == 2 and not state.great_war_declared  # two separate wars
    assert GAME.to_act(state) == ("FR",) and state.flow.current().data["attackers"] == ["DE"]
    _act(state, "FR", "treaty honour")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.details["great_war"]
    penalty = state.content.track[0].penalty
    lines = outcome.details["lines"]
    for power in ("GB", "DE", "FR"):  # the two first declarers and the one that made it great
        assert lines[power]["great_war"] == -3 * penalty
    for power in ("RU", "IT", "US", "JP"):
        assert lines[power]["great_war"] == -penalty


def test_a_declaration_between_signers_ends_their_treaty():
    state = _war_phase(
        [["GB", "FR", "control in gabon"]], [["defensive", "GB", "FR"], ["offensive", "GB", "IT"]]
    )
    _act(state, "GB", "declare FR")
    assert state.treaties == [["offensive", "GB", "IT"]]  # L1169-1170


def test_alliances_are_offered_and_accepted_like_other_offers():
    state = GAME.setup({"players": 4}, 1)
    mover = state.flow.current().data["power"]
    other = next(p for p in state.seats if p != mover and state.player_of[p] != state.player_of[mover])
    _act(state, mover, f"offer ally defensive {other}")
    assert GAME.to_act(state) == (other,)
    _act(state, other, "accept")
    assert state.treaties == [["defensive", mover, other]]
    legal = {str(a) for a in GAME.legal_actions(state, mover)}
    assert f"offer ally defensive {other}" not in legal  # one treaty of a kind a pair
    assert "offer ally offensive AH" not in legal  # L1542: A-H signs only defensive treaties


def test_a_treaty_lapses_by_mutual_agreement_without_breach():
    # L831-834: by agreement of every party a treaty may lapse; no ETI, no Casus Belli.
    state = GAME.setup({"players": 4}, 1)
    mover = state.flow.current().data["power"]
    other = next(p for p in state.seats if p != mover and state.player_of[p] != state.player_of[mover])
    state.treaties = [["defensive", mover, other]]
    eti, cbs = state.eti, [list(c) for c in state.cbs]
    _act(state, mover, f"offer lapse defensive {other}")
    _act(state, other, "accept")
    assert state.treaties == [] and state.eti == eti and state.cbs == cbs


def test_a_placement_ban_is_checked_and_its_breach_costs_5_and_a_casus_belli():
    # L824-826: a treaty may forbid a Power to place markers in an Area; L832-834, L1497: placing
    # there anyway breaks it: +5 ETI and a Casus Belli for the partner.
    state = GAME.setup({"players": 4}, 1)
    mover = state.flow.current().data["power"]
    other = next(p for p in state.seats if p != mover and state.player_of[p] != state.player_of[mover])
    area = next(
        a.args[1] for a in GAME.legal_actions(state, mover) if a.verb == "place" and a.args[0] == "interest"
    )
    ban = GAME.parse_action(f"offer ban {area} {other}")
    assert ban not in GAME.legal_actions(state, mover)  # not in the menu (any Area may be named) ...
    assert PLUGIN.check_action is not None and PLUGIN.check_action(state, mover, ban) is None  # ... yet legal
    DECISIONS.apply(state, state.flow, mover, ban, None)
    advance(state, None)
    _act(state, other, "accept")
    assert state.treaties == [[f"ban:{area}", mover, other]]
    eti = state.eti
    _act(state, mover, f"place interest {area}")
    assert state.eti == eti + 5 and [other, mover, "treaty broken"] in state.cbs
    assert state.treaties == []
