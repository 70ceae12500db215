"""Every treaty the engine stores, set by a scenario position (rules/position.py; the forms in
docs/pax-britannica.md, "Scenario files").

Each form must leave exactly the treaty the offer and its acceptance leave (rules/negotiation.py,
rules/treaties.py): seed L819-822 (a placement ban, a unit cap), L823-825 (alliances and a pact),
L831-832 (secret treaties, seen by their signers only)."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.engine import ScenarioError
from realpolitik.games.pax_britannica import GAME, PLUGIN
from realpolitik.games.pax_britannica.rules.position import set_position
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.treaties import ban_refusal, owned
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance


def _fresh() -> State:
    """A 4-player game at Britain's first Movement turn (GB, FR, DE with A-H, US)."""
    state = GAME.setup({"players": 4}, 1)
    assert state.flow.current().data["power"] == "GB" and state.treaties == []
    return state


def _signed(offer: str, answer: str) -> State:
    """The state once Britain's ``offer`` is answered ``answer`` by its recipient."""
    state = _fresh()
    action = GAME.parse_action(offer)
    assert PLUGIN.check_action is not None and PLUGIN.check_action(state, "GB", action) is None
    DECISIONS.apply(state, state.flow, "GB", action, None)
    advance(state, None)
    (recipient,) = GAME.to_act(state)
    DECISIONS.apply(state, state.flow, recipient, GAME.parse_action(answer), None)
    advance(state, None)
    return state


def _positioned(position: dict[str, Any]) -> State:
    state = _fresh()
    set_position(state, position)
    return state


NAVAL = owned(_fresh(), "GB", "naval")  # a cap Britain may promise now (from the units it owns)

CASES = [
    # (the position's entry, Britain's offer of the same treaty)
    (["defensive", "GB", "FR"], "ally defensive FR"),
    (["offensive", "GB", "US"], "ally offensive US"),
    (["pact", "GB", "DE"], "pact DE"),
    (["pact", "GB", "AH"], "pact AH"),  # L1536 forbids A-H only offensive alliances
    (["ban", "egypt", "GB", "FR"], "ban egypt FR"),
    (["cap", "naval", NAVAL, "GB", "US"], f"cap naval {NAVAL} US"),
    (["cap", "army", 20, "GB", "DE"], "cap army 20 DE"),
]


@pytest.mark.parametrize(("entry", "offer"), CASES, ids=[c[1] for c in CASES])
def test_a_public_treaty_is_the_one_an_accepted_offer_signs(entry: list[Any], offer: str):
    signed = _signed(f"offer {offer}", "accept")
    state = _positioned({"treaties": [entry]})
    assert state.treaties == signed.treaties and len(state.treaties) == 1
    assert state.secret_treaties == signed.secret_treaties == []


@pytest.mark.parametrize(("entry", "offer"), CASES, ids=[c[1] for c in CASES])
def test_a_secret_treaty_is_the_one_an_accepted_secret_offer_signs(entry: list[Any], offer: str):
    # L831-832: in state.treaties like any other, and in state.secret_treaties.
    signed = _signed(f"secret {offer}", "accept secret")
    state = _positioned({"secret_treaties": [entry]})
    assert state.treaties == signed.treaties and len(state.treaties) == 1
    assert state.secret_treaties == signed.secret_treaties == state.treaties
    assert GAME.view(state, _third(state, entry))["treaties"] == []


def _third(state: State, entry: list[Any]) -> str:
    """A seat that signed nothing in ``entry``."""
    signers = {state.player_of[p] for p in entry[-2:]}
    return next(s for s in state.seats if s not in signers)


def test_public_and_secret_treaties_together_and_the_promiser_is_the_first_power():
    state = _positioned(
        {
            "treaties": [["ban", "gabon", "FR", "GB"], ["pact", "US", "GB"]],
            "secret_treaties": [["cap", "army", 9, "DE", "FR"], ["defensive", "FR", "US"]],
        }
    )
    assert state.treaties == [
        ["ban:gabon", "FR", "GB"],
        ["pact", "US", "GB"],
        ["cap:army:9", "DE", "FR"],
        ["defensive", "FR", "US"],
    ]
    assert state.secret_treaties == [["cap:army:9", "DE", "FR"], ["defensive", "FR", "US"]]
    # The engine reads them as its own: France has promised Britain to keep out of Gabon already.
    assert ban_refusal(state, "FR", "gabon", "GB") == "FR has promised GB that already"
    assert ban_refusal(state, "GB", "gabon", "FR") is None


def test_the_alliance_form_is_unchanged():
    state = _positioned({"treaties": [["defensive", "FR", "DE"], ["offensive", "GB", "US"]]})
    assert state.treaties == [["defensive", "FR", "DE"], ["offensive", "GB", "US"]]
    assert state.secret_treaties == []


BAD = [
    (
        ["alliance", "GB", "FR"],
        "'alliance' is not a treaty ([defensive|offensive|pact, POWER, POWER], [ban, AREA",
    ),
    (["ban:egypt", "GB", "FR"], "'ban:egypt' is not a treaty"),
    ("pact GB FR", "a treaty is a list: [defensive|offensive|pact, POWER, POWER]"),
    ([], "a treaty is a list"),
    (["pact", "GB"], "write [pact, POWER, POWER]"),
    (["defensive", "GB", "FR", "DE"], "write [defensive, POWER, POWER]"),
    (["ban", "GB", "FR"], "write [ban, AREA, PROMISER, PARTNER]"),
    (["ban", "atlantis", "GB", "FR"], "no Area 'atlantis'"),
    (["cap", "naval", 3, "GB"], "write [cap, army|naval, N, PROMISER, PARTNER]"),
    (["cap", "cavalry", 3, "GB", "FR"], "a cap is on army or naval units, not 'cavalry'"),
    (["cap", "naval", -1, "GB", "FR"], "a cap's limit is a whole number from 0, not -1"),
    (["cap", "naval", "3", "GB", "FR"], "a cap's limit is a whole number from 0, not '3'"),
    (["cap", "naval", 2.5, "GB", "FR"], "a cap's limit is a whole number from 0, not 2.5"),
    (["cap", "army", True, "GB", "FR"], "a cap's limit is a whole number from 0, not True"),
    (["pact", "GB", "XX"], "no Power 'XX' (GB, FR"),
    (["ban", "egypt", "ZZ", "FR"], "no Power 'ZZ'"),
    (["pact", "GB", "JP"], "JP is not a Great Power in this game"),
    (["pact", "GB", "GB"], "GB and GB are one player's Powers"),
    (["cap", "army", 3, "DE", "AH"], "DE and AH are one player's Powers"),
]


@pytest.mark.parametrize("key", ["treaties", "secret_treaties"])
@pytest.mark.parametrize(("entry", "message"), BAD, ids=[m for _, m in BAD])
def test_a_malformed_treaty_is_a_scenario_error(key: str, entry: Any, message: str):
    with pytest.raises(ScenarioError) as raised:
        _positioned({key: [["pact", "GB", "FR"], entry]})
    assert message in str(raised.value)
    if "no Power" not in message:  # (rules/position.py's _power names no key)
        assert f"position.{key}[1]" in str(raised.value)


def test_the_treaties_key_is_a_list():
    with pytest.raises(ScenarioError, match=r"position\.treaties must be a list of treaties"):
        _positioned({"treaties": {"pact": ["GB", "FR"]}})


@pytest.mark.parametrize(
    ("position", "message"),
    [
        (
            {"treaties": [["pact", "GB", "FR"], ["pact", "FR", "GB"]]},
            "FR and GB have a non-aggression treaty",
        ),
        (
            {"treaties": [["defensive", "GB", "FR"]], "secret_treaties": [["defensive", "FR", "GB"]]},
            "already",
        ),
        ({"treaties": [["ban", "egypt", "GB", "FR"]] * 2}, "GB has promised FR that already"),
        ({"secret_treaties": [["cap", "army", 3, "GB", "FR"]] * 2}, "GB has promised FR that already"),
    ],
)
def test_a_treaty_given_twice_is_a_scenario_error(position: dict[str, Any], message: str):
    # The engine signs one alliance or pact of a kind a pair (rules/treaties.py sign) and each
    # promise once (promise): a position listing one twice is a mistake, not two treaties.
    with pytest.raises(ScenarioError, match=message):
        _positioned(position)


def test_promises_both_ways_are_two_treaties():
    state = _positioned({"treaties": [["ban", "egypt", "GB", "FR"], ["ban", "egypt", "FR", "GB"]]})
    assert state.treaties == [["ban:egypt", "GB", "FR"], ["ban:egypt", "FR", "GB"]]
