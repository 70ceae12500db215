"""Non-Player Powers (LBE §13) and bots by spec through the API: a solo game played to the §13.10
verdict by a scripted person, a mixed game of a person, an NP Power and a heuristic bot, and NP
hands that nobody sees."""

from __future__ import annotations

import json
from typing import Any

from .helpers import LBE, client, create, drive, seat_tokens, state, token

SOLO = {"GB": "human", "FR": "np", "CE": "np", "RU": "np"}


def _never(_state: dict[str, Any]) -> bool:
    return False


def test_a_solo_game_is_played_to_the_verdict_by_a_person_choosing_legal_actions(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, game=LBE, seed=4, controllers=SOLO)
        players = {tuple(p["seats"]): p for p in created["players"]}
        assert "url" in players[("GB",)]
        for seat in ("FR", "CE", "RU"):
            assert players[(seat,)] == {"seats": [seat], "controller": "np"}  # no link: nobody acts
        tokens = seat_tokens(created)
        assert set(tokens) == {"GB"}
        first = state(http, tokens["GB"])
        assert (
            first["game"]["options"]["np"] == ["FR", "CE", "RU"] and first["game"]["options"]["players"] == 1
        )
        assert first["controllers"] == SOLO
        powers = first["views"][0]["view"]["powers"]
        assert [p for p in powers if powers[p].get("np")] == ["FR", "CE", "RU"]

        seen_to_act: set[str] = set()

        def note(current: dict[str, Any]) -> bool:
            seen_to_act.update(current["to_act"])
            return False

        final = drive(http, tokens, until=note, pick=lambda legal: "pass" if "pass" in legal else legal[0])
        assert seen_to_act <= {"GB"}  # the NP Powers play inside the game
        outcome = final["outcome"]
        assert outcome is not None
        assert set(outcome["scores"]) == {"GB"}  # NP Powers never score
        verdict = outcome["details"]["verdict"]
        assert verdict["band"] and verdict["name_en"] in outcome["summary"]
        spectator = state(http, token(created["spectator"]))
        assert spectator["outcome"] == outcome
        assert http.get(f"/api/play/{tokens['GB']}/record").status_code == 200


def test_a_mixed_game_of_a_person_an_np_power_and_bots_by_spec(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        controllers = {"GB": "human", "FR": "bot:heuristic", "CE": "bot", "RU": "np"}
        created = create(http, game=LBE, seed=7, controllers=controllers)
        assert [(p["seats"], p["controller"]) for p in created["players"]] == [
            (["GB"], "human"),
            (["FR"], "bot:heuristic"),
            (["CE"], "bot:random"),
            (["RU"], "np"),
        ]
        tokens = seat_tokens(created)
        current = drive(http, tokens, until=lambda s: s["views"][0]["view"]["phase"] == "action")
        assert current["game"]["options"]["np"] == ["RU"] and current["game"]["options"]["players"] == 3
        assert current["controllers"]["RU"] == "np" and current["controllers"]["FR"] == "bot:heuristic"
        # The bots moved by themselves (the Initial Setup is done for every player's Power).
        view = current["views"][0]["view"]
        cubes = {
            p: sum(s == p for t in view["territories"].values() for s in t["spaces"]) for p in controllers
        }
        assert cubes["FR"] > 0 and cubes["CE"] > 0 and view["powers"]["RU"]["np"]


def test_np_hands_are_hidden_from_the_player_and_the_spectators(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, game=LBE, seed=11, controllers=SOLO)
        tokens = seat_tokens(created)
        drive(http, tokens, until=lambda s: s["views"][0]["view"]["phase"] == "action")
        for tok in (tokens["GB"], token(created["spectator"])):
            payload = state(http, tok)
            for entry in payload["views"]:
                for seat in ("FR", "CE", "RU"):
                    power = entry["view"]["powers"][seat]
                    assert "intrigue" not in power and "hand" not in power and power["national"] == []
            text = json.dumps(payload)
            for seat in ("FR", "CE", "RU"):
                assert f'"legal": {{"{seat}"' not in text
            assert set(payload["legal"]) <= {"GB"}
