"""Two more treaty clauses the engine checks (issue 16): a non-aggression pact and a unit cap.

Seed L819-825: "You can make any stipulation you wish in a Treaty ... it can require a player to
build Military Units or prohibits him from doing so ... a Treaty can stipulate virtually anything
that does not contravene the rules of the game"; L826 and L1165: a violation gives the other
signers a Casus Belli; L1497: +5 ETI each time a player breaks a treaty; L836-839: a lapse by
mutual agreement is no breach; L831-835, L845: secret treaties."""

from __future__ import annotations

from realpolitik.bots.heuristic import HeuristicBot
from realpolitik.engine import LogEntry, Match
from realpolitik.engine.flow import Decision
from realpolitik.games.pax_britannica import GAME, PLUGIN
from realpolitik.games.pax_britannica.ai.encoding import ENCODING
from realpolitik.games.pax_britannica.ai.evaluation import CAP_VALUE, PACT_VALUE, values
from realpolitik.games.pax_britannica.rules.natives import join_side
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.treaties import cap_ceiling, owned
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance

from .test_evaluation import _relative
from .test_treaties import _act, _war_phase


def _legal(state: State, seat: str) -> set[str]:
    return {GAME.notation(a) for a in GAME.legal_actions(state, seat)}


def _turn() -> tuple[State, str, str, str]:
    """A 4-player game at its first Movement turn: (state, mover, partner, a third seat)."""
    state = GAME.setup({"players": 4}, 1)
    mover = state.flow.current().data["power"]
    others = [s for s in state.seats if s != mover and state.player_of[s] != state.player_of[mover]]
    assert mover == "GB" and others[:2] == ["FR", "DE"]
    return state, mover, others[0], others[1]


def _declare(state: State, seat: str, text: str, log: list[LogEntry] | None = None) -> None:
    """A declaration (or an obligation's answer) applied without going on: the War Sequence that
    follows removes every Casus Belli (L1163), the breach's among them."""
    assert text in _legal(state, seat)
    DECISIONS.apply(state, state.flow, seat, GAME.parse_action(text), log)


def _direct(state: State, seat: str, text: str, log: list[LogEntry] | None = None) -> None:
    """An action legal through the plug-in's direct check, not listed in the menu."""
    action = GAME.parse_action(text)
    assert PLUGIN.check_action is not None and PLUGIN.check_action(state, seat, action) is None
    DECISIONS.apply(state, state.flow, seat, action, log)
    advance(state, log)


# -- non-aggression pacts ------------------------------------------------------------------------------


def test_a_pact_is_offered_accepted_and_then_offered_to_lapse():
    state, mover, partner, _ = _turn()
    assert {f"offer pact {partner}", f"secret pact {partner}", "offer pact AH"} <= _legal(state, mover)
    _act(state, mover, f"offer pact {partner}")
    assert GAME.to_act(state) == (partner,) and GAME.view(state, partner)["offer"]["kind"] == "pact"
    _act(state, partner, "accept")
    assert state.treaties == [["pact", mover, partner]] and state.secret_treaties == []
    assert GAME.to_act(state) == (mover,)  # the mover's turn goes on
    state.flow.current().data["offered"] = []  # (one offer a partner a turn: next turn's menu)
    legal = _legal(state, mover)
    assert f"offer pact {partner}" not in legal and f"secret pact {partner}" not in legal  # one a pair
    assert f"offer lapse pact {partner}" in legal and f"offer ally defensive {partner}" in legal


def test_a_refused_pact_leaves_nothing():
    state, mover, partner, _ = _turn()
    eti = state.eti
    _act(state, mover, f"offer pact {partner}")
    _act(state, partner, "refuse")
    assert state.treaties == [] and state.eti == eti and GAME.to_act(state) == (mover,)
    assert f"offer pact {partner}" not in _legal(state, mover)  # one offer a partner a turn


def test_a_pact_lapses_by_mutual_agreement_without_breach():
    # L836-839: no ETI, no Casus Belli.
    state, mover, partner, _ = _turn()
    state.treaties = [["pact", partner, mover]]
    eti, cbs = state.eti, [list(c) for c in state.cbs]
    _act(state, mover, f"offer lapse pact {partner}")
    assert GAME.view(state, partner)["offer"]["treaty"] == "pact"
    _act(state, partner, "accept")
    assert state.treaties == [] and state.eti == eti and state.cbs == cbs


def test_declaring_war_on_a_pact_partner_breaks_the_pact_and_the_war_goes_ahead():
    # L1175-1176: the declaration ends the treaty; L826, L1165, L1497: it is a breach: +5 ETI for
    # the declaration (L1487) and +5 for the treaty broken, and France holds a Casus Belli.
    state = _war_phase([["GB", "FR", "control in gabon"]], [["pact", "FR", "GB"]])
    assert "declare FR" in _legal(state, "GB")  # a pact does not stop the declaration
    _declare(state, "GB", "declare FR")
    assert state.eti == 20
    assert state.treaties == [] and ["FR", "GB", "treaty broken"] in state.cbs
    advance(state, None)
    assert state.wars[0]["sides"] == [["GB"], ["FR"]] and state.wars[0]["stage"] != "alliance"
    assert state.blame == []  # no Great War, nobody blamed


def test_the_signer_that_declares_is_the_breaker_whoever_offered_the_pact():
    state = _war_phase([["FR", "GB", "control in gabon"]], [["pact", "GB", "FR"]])
    _declare(state, "FR", "declare GB")
    assert state.eti == 20 and ["GB", "FR", "treaty broken"] in state.cbs
    assert ["FR", "GB", "treaty broken"] not in state.cbs


def test_a_declaration_on_another_power_leaves_the_pact_standing():
    state = _war_phase([["GB", "RU", "control in persia"]], [["pact", "GB", "FR"]])
    _act(state, "GB", "declare RU")
    assert state.treaties == [["pact", "GB", "FR"]] and state.eti == 15


def test_honouring_an_alliance_against_a_pact_partner_breaks_the_pact():
    # Reading (rules/treaties.py): Britain declares on France, Germany's defensive partner
    # (L1188-1192); Germany has a pact with Britain. Honouring the alliance is a declaration on
    # Britain (+5, L1487), which breaks the pact (+5, L1497; Britain holds a Casus Belli).
    state = _war_phase([["GB", "FR", "control in gabon"]], [["defensive", "FR", "DE"], ["pact", "DE", "GB"]])
    _act(state, "GB", "declare FR")
    assert state.eti == 15 and GAME.to_act(state) == ("DE",) and state.flow.current().kind == "treaty"
    _declare(state, "DE", "treaty honour")
    assert state.eti == 25
    assert ["pact", "DE", "GB"] not in state.treaties and ["GB", "DE", "treaty broken"] in state.cbs
    advance(state, None)
    assert state.wars[0]["sides"] == [["GB"], ["FR", "DE"]]


def test_breaking_the_alliance_instead_keeps_the_pact():
    state = _war_phase([["GB", "FR", "control in gabon"]], [["defensive", "FR", "DE"], ["pact", "DE", "GB"]])
    _act(state, "GB", "declare FR")
    _act(state, "DE", "treaty break")
    assert state.eti == 20  # the declaration and the alliance broken (L1497)
    assert state.treaties == [["pact", "DE", "GB"]] and ["FR", "DE", "treaty broken"] in state.cbs


def test_coming_to_the_aid_of_the_ottomans_against_the_partner_breaks_the_pact():
    # L1054-1055, L1487: the aid is a declaration on the other side (rules/natives.py).
    state = GAME.setup({"players": 4}, 1)
    war = {"sides": [["OT"], ["FR"]], "declarers": [["FR", "OT"]], "controller": {}, "first": ["FR"]}
    state.treaties = [["pact", "GB", "FR"]]
    eti = state.eti
    join_side(state, war, 0, ["GB"], None)
    assert state.eti == eti + 10 and state.treaties == [] and ["FR", "GB", "treaty broken"] in state.cbs


def test_a_secret_pact_is_seen_by_its_signers_only_and_made_public_when_broken():
    # L831-832: only the signers know of it; L832-833: broken, the partner makes it public to hold
    # its Casus Belli; L845: revealing is no breach.
    match = Match(GAME, {"players": 4}, 1)
    mover, partner, third = "GB", "FR", "DE"
    match.play(mover, f"secret pact {partner}")
    assert match.legal_notations(partner) == ["accept secret", "refuse secret"]
    assert match.view(partner)["offer"]["kind"] == "pact"
    assert match.view(third)["offer"]["kind"] == "secret" and match.view(third)["offer"]["treaty"] == ""
    match.play(partner, "accept secret")
    treaty = ["pact", mover, partner]
    assert match.state.treaties == [treaty] and match.state.secret_treaties == [treaty]
    assert match.view(partner)["treaties"] == [treaty] and match.view(partner)["secret_treaties"] == [treaty]
    for outsider in (third, "US", None):
        assert match.view(outsider)["treaties"] == [] and match.view(outsider)["secret_treaties"] == []
    assert f"reveal pact {partner}" in match.legal_notations(mover)
    match.state.flow.current().data["offered"] = []  # (one offer a partner a turn: next turn's menu)
    assert f"secret lapse pact {partner}" in _legal(match.state, mover)  # it lapses secretly
    # broken at war
    state = _war_phase([["GB", "FR", "control in gabon"]], [list(treaty)])
    state.secret_treaties = [list(treaty)]
    log: list[LogEntry] = []
    DECISIONS.apply(state, state.flow, "GB", GAME.parse_action("declare FR"), log)
    assert state.eti == 20 and ["FR", "GB", "treaty broken"] in state.cbs
    assert state.treaties == [] and state.secret_treaties == []
    assert any("made public" in e.text and e.visible(third) for e in log)
    assert any("non-aggression pact" in e.text and e.visible(third) for e in log)


# -- unit caps -----------------------------------------------------------------------------------------


def test_a_cap_is_legal_through_the_direct_check_not_listed_and_accepted():
    state, mover, partner, _ = _turn()
    armies = owned(state, mover, "army")
    assert armies == 16 and owned(state, mover, "naval") == 4 and cap_ceiling(state, mover) == 32
    cap = GAME.parse_action(f"offer cap army {armies} {partner}")
    assert cap not in GAME.legal_actions(state, mover)  # any N may be named: not in the menu
    _direct(state, mover, f"offer cap army {armies} {partner}")
    assert GAME.view(state, partner)["offer"]["treaty"] == f"cap:army:{armies}"
    _act(state, partner, "accept")
    assert state.treaties == [[f"cap:army:{armies}", mover, partner]]
    state.flow.current().data["offered"] = []  # (one offer a partner a turn: next turn's menu)
    assert f"offer lapse cap:army:{armies} {partner}" in _legal(state, mover)
    assert f"offer lapse cap:army:{armies} {mover}" not in _legal(state, mover)


def test_a_cap_runs_from_the_units_owned_to_the_counters():
    # A promise kept at signing, up to every unit counter (L127: more promises nothing).
    state, mover, partner, _ = _turn()
    assert PLUGIN.check_action is not None
    for text, why in (
        (f"offer cap army 15 {partner}", "from 16"),
        (f"offer cap naval 3 {partner}", "from 4"),
        (f"offer cap army 33 {partner}", "to 32"),
        ("offer cap army 20 JP", "another player's"),  # no Great Power with four players
        (f"offer cap army 20 {mover}", "another player's"),
    ):
        refusal = PLUGIN.check_action(state, mover, GAME.parse_action(text))
        assert refusal is not None and why in refusal.reason, (text, refusal)
    assert PLUGIN.check_action(state, mover, GAME.parse_action(f"secret cap naval 32 {partner}")) is None
    state.treaties = [["cap:army:20", mover, partner]]
    refusal = PLUGIN.check_action(state, mover, GAME.parse_action(f"offer cap army 25 {partner}"))
    assert refusal is not None and "already" in refusal.reason
    assert PLUGIN.check_action(state, mover, GAME.parse_action(f"offer cap naval 5 {partner}")) is None
    not_its_turn = PLUGIN.check_action(state, partner, GAME.parse_action("offer cap army 9 GB"))
    assert not_its_turn is not None


def test_buying_a_unit_beyond_the_cap_breaks_it():
    # L821-822, L826, L1497: +5 ETI, the partner holds a Casus Belli, the treaty ends.
    state, mover, partner, _ = _turn()
    state.treaties = [["cap:army:17", mover, partner]]
    eti = state.eti
    _act(state, mover, "buy army 1")  # 17 Armies: within the promise
    assert state.treaties == [["cap:army:17", mover, partner]] and state.eti == eti
    _act(state, mover, "buy naval 1")  # another kind (no ETI for a British Naval unit, L1494)
    assert state.treaties == [["cap:army:17", mover, partner]] and state.eti == eti
    log: list[LogEntry] = []
    DECISIONS.apply(state, state.flow, mover, GAME.parse_action("buy army 3"), log)
    assert owned(state, mover, "army") == 18
    assert state.eti == eti + 5 and [partner, mover, "treaty broken"] in state.cbs
    assert state.treaties == []
    assert any("at most 17 army units" in e.text for e in log)


def test_a_naval_cap_counts_naval_units_and_the_naval_eti_still_comes():
    # Britain's Naval builds raise no ETI (L1494-1496): France's do (+1), on top of the breach.
    state = GAME.setup({"players": 4}, 1)
    state.flow.replace(Decision("movement", "FR", {"power": "FR", "queue": []}))
    navals = owned(state, "FR", "naval")
    state.treaties = [[f"cap:naval:{navals}", "FR", "GB"]]
    eti = state.eti
    DECISIONS.apply(state, state.flow, "FR", GAME.parse_action("buy naval 1"), None)
    assert state.eti == eti + 5 + 1 and ["GB", "FR", "treaty broken"] in state.cbs


def test_a_purchase_the_rules_force_is_no_breach():
    # L349-359: a forced expenditure on Military Units comes first; a treaty cannot stipulate
    # against the rules (L824-825). The Power stands above its cap; its next free purchase breaks it.
    state, mover, partner, _ = _turn()
    state.treaties = [["cap:army:16", mover, partner]]
    state.forced[mover] = [5, False]
    eti = state.eti
    _act(state, mover, "buy army 3")
    assert state.treaties == [["cap:army:16", mover, partner]] and state.eti == eti
    assert state.forced[mover][0] == 0
    _act(state, mover, "buy army 1")
    assert state.treaties == [] and state.eti == eti + 5


def test_a_cap_lapses_by_mutual_agreement_without_breach():
    state, mover, partner, _ = _turn()
    state.treaties = [["cap:naval:6", partner, mover], ["cap:naval:6", mover, partner]]
    eti, cbs = state.eti, [list(c) for c in state.cbs]
    _act(state, mover, f"offer lapse cap:naval:6 {partner}")
    _act(state, partner, "accept")
    # one of the two promises lapses (the first), the other stands
    assert state.treaties == [["cap:naval:6", mover, partner]] and state.eti == eti and state.cbs == cbs


def test_a_secret_cap_is_seen_by_its_signers_only_and_made_public_when_broken():
    state, mover, partner, third = _turn()
    _direct(state, mover, f"secret cap army 16 {partner}")
    assert GAME.view(state, partner)["offer"]["treaty"] == "cap:army:16"
    hidden = GAME.view(state, third)["offer"]
    assert hidden["kind"] == "secret" and hidden["treaty"] == "" and hidden["amount"] == 0
    _act(state, partner, "accept secret")
    treaty = ["cap:army:16", mover, partner]
    assert state.secret_treaties == [treaty]
    assert GAME.view(state, partner)["treaties"] == [treaty]
    assert GAME.view(state, third)["treaties"] == [] and GAME.view(state, None)["treaties"] == []
    assert f"reveal cap:army:16 {partner}" in _legal(state, mover)
    state.flow.current().data["offered"] = []  # (one offer a partner a turn: next turn's menu)
    assert f"secret lapse cap:army:16 {partner}" in _legal(state, mover)
    log: list[LogEntry] = []
    DECISIONS.apply(state, state.flow, mover, GAME.parse_action("buy army 1"), log)
    assert state.treaties == [] and state.secret_treaties == []
    assert [partner, mover, "treaty broken"] in state.cbs
    assert any("made public" in e.text and e.visible(third) for e in log)


def test_a_signer_reveals_a_secret_cap_without_breach():
    state, mover, partner, third = _turn()
    treaty = ["cap:army:20", mover, partner]
    state.treaties, state.secret_treaties = [list(treaty)], [list(treaty)]
    eti = state.eti
    _act(state, mover, f"reveal cap:army:20 {partner}")
    assert state.secret_treaties == [] and GAME.view(state, third)["treaties"] == [treaty]
    assert state.eti == eti


# -- notation, encoding, evaluation --------------------------------------------------------------------


def test_the_new_clauses_round_trip_in_notation():
    for text in (
        "offer pact FR",
        "secret pact AH",
        "offer lapse pact FR",
        "secret lapse pact FR",
        "reveal pact FR",
        "offer cap army 3 FR",
        "secret cap naval 12 DE",
        "offer lapse cap:army:3 FR",
        "secret lapse cap:naval:12 DE",
        "reveal cap:army:3 FR",
    ):
        assert GAME.notation(GAME.parse_action(text)) == text
    assert GAME.notation(GAME.parse_action("OFFER CAP ARMY 03 fr")) == "offer cap army 3 FR"


def test_the_encoding_indexes_the_pact_and_the_lapses_and_reveals_of_every_clause():
    state, mover, partner, _ = _turn()
    state.treaties = [["cap:army:20", mover, partner], ["pact", mover, partner]]
    state.secret_treaties = [["cap:army:20", mover, partner]]
    legal, indices = ENCODING.indexed_legal(state, mover)
    texts = {GAME.notation(a) for a in legal}
    assert {f"secret lapse cap:army:20 {partner}", f"offer lapse pact {partner}", "offer pact US"} <= texts
    assert f"reveal cap:army:20 {partner}" in texts
    assert len(set(indices)) == len(indices)
    for action in legal:
        assert ENCODING.decode(state, mover, ENCODING.encode(state, mover, action)) == action
    for seat in state.seats:
        ENCODING.observe(state, seat)  # every treaty can be written


def _answered(state: State, partner: str) -> tuple[State, State]:
    """Two copies of ``state``: the offer to ``partner`` accepted, and refused."""
    accepted, refused = state.clone(), state.clone()
    for twin, text in ((accepted, "accept"), (refused, "refuse")):
        DECISIONS.apply(twin, twin.flow, partner, GAME.parse_action(text), None)
        advance(twin, None)
    return accepted, refused


def test_the_heuristic_bot_accepts_a_pact_and_a_cap_promised_to_it():
    state, mover, partner, _ = _turn()
    _act(state, mover, f"offer pact {partner}")
    accepted, refused = _answered(state, partner)
    assert values(accepted)[partner] - values(refused)[partner] == PACT_VALUE
    assert _relative(dict(values(refused)), dict(values(accepted)), partner) > 0
    assert GAME.notation(HeuristicBot(seed=1).choose(GAME, state, partner)) == "accept"
    state, mover, partner, _ = _turn()
    _direct(state, mover, f"offer cap naval 4 {partner}")
    accepted, refused = _answered(state, partner)
    assert values(accepted)[partner] - values(refused)[partner] == CAP_VALUE
    assert values(accepted)[mover] == values(refused)[mover]
    assert GAME.notation(HeuristicBot(seed=1).choose(GAME, state, partner)) == "accept"


def test_the_heuristic_bot_refuses_to_let_a_cap_promised_to_it_lapse():
    state, mover, partner, _ = _turn()
    state.treaties = [["cap:army:20", mover, partner]]
    _act(state, mover, f"offer lapse cap:army:20 {partner}")
    assert GAME.notation(HeuristicBot(seed=1).choose(GAME, state, partner)) == "refuse"
