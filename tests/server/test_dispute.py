"""The dispute exchange between two people (§8.7): when the decision passes to the defender, its
link alone gets the commit choices, and everyone sees the dispute."""

from __future__ import annotations

import random
from typing import Any

from .helpers import client, create, drive, seat_tokens, state, token


def _defender_must_commit(current: dict[str, Any]) -> bool:
    view = current["views"][0]["view"]
    dispute = view.get("dispute")
    decision = view["decision"] or {}
    return bool(dispute and dispute["defender"] and decision.get("seat") == dispute["defender"])


def _public(dispute: dict[str, Any]) -> dict[str, Any]:
    """The dispute as every seat sees it: without the deciding seat's own prospects."""
    return {key: value for key, value in dispute.items() if key != "prospects"}


def test_the_defender_alone_is_asked_to_commit_units(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, seed=1)
        tokens = seat_tokens(created)
        chooser = random.Random(1)
        current = drive(http, tokens, until=_defender_must_commit, pick=chooser.choice)
        dispute = _public(current["views"][0]["view"]["dispute"])
        attacker, defender = dispute["attacker"], dispute["defender"]

        asked = state(http, tokens[defender])
        assert asked["to_act"] == [defender]
        assert asked["legal"][defender] and all(a.startswith("commit") for a in asked["legal"][defender])
        assert _public(asked["views"][0]["view"]["dispute"]) == dispute
        # The seat deciding gets each of its legal commitments with its odds (§8.7), no one else.
        prospects = asked["views"][0]["view"]["dispute"]["prospects"]
        assert [o["action"] for o in prospects["options"]] == asked["legal"][defender]
        # The attacker and the spectators see the dispute and wait.
        for tok in (tokens[attacker], token(created["spectator"])):
            seen = state(http, tok)
            assert seen["legal"] == {} and seen["views"][0]["view"]["dispute"] == dispute
        answer = {"action": asked["legal"][defender][0], "move": asked["move"]}
        wrong_side = http.post(f"/api/play/{tokens[attacker]}/action", json=answer)
        assert wrong_side.status_code == 409
        assert http.post(f"/api/play/{tokens[defender]}/action", json=answer).status_code == 200
        assert state(http, tokens[defender])["move"] > asked["move"]
