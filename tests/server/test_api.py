"""The JSON API on a real SQLite database: creating games, links as credentials, validation of
every action against the seat's legal list, stale and malformed requests, undo, limits."""

from __future__ import annotations

import pytest

from realpolitik.server.tokens import ROUTE_CHARS, route_of

from .helpers import LBE, client, create, drive, seat_tokens, state, token, wait_until

HUMANS_2 = {"CE": "bot", "RU": "bot"}


def test_creating_a_game_gives_one_secret_link_per_human_and_one_for_spectators(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, game=LBE, options={"players": 4}, controllers=HUMANS_2)
        players = {tuple(p["seats"]): p for p in created["players"]}
        assert players[("GB",)]["controller"] == "human" and "url" in players[("GB",)]
        assert players[("CE",)] == {"seats": ["CE"], "controller": "bot:random"}
        tokens = [token(players[("GB",)]["url"]), token(players[("FR",)]["url"]), token(created["spectator"])]
        assert len(set(tokens)) == 3 and all(len(t) >= 32 for t in tokens)
        assert "seed" not in created  # a fresh seed would tell the deck order
        # every link of a game begins with its route key, for a front over several processes
        assert len({route_of(t) for t in tokens}) == 1 and all(len(t) == ROUTE_CHARS + 32 for t in tokens)
        other = create(http, game=LBE, options={"players": 4})
        assert route_of(token(other["spectator"])) != route_of(tokens[0])  # 24 random bits each


def test_two_player_games_seat_each_person_on_two_powers(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, options={"players": 2})
        assert [p["seats"] for p in created["players"]] == [["GB", "FR"], ["CE", "RU"]]
        mixed = http.post("/api/games", json={"options": {"players": 2}, "controllers": {"GB": "bot"}})
        assert mixed.status_code == 422 and "same controller" in mixed.json()["detail"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"controllers": dict.fromkeys(("GB", "FR", "CE", "RU"), "np")}, "at least one Power must"),
        ({"options": {"players": 4}, "controllers": {"RU": "np"}}, "players must be 3 with 1 NP Power"),
        ({"options": {"np": ["RU"]}, "controllers": {"RU": "human"}}, "its controller must be 'np'"),
        ({"options": {"players": 5}}, "players must be 1, 2, 3 or 4 (§3.2)"),
        ({"options": {"colour": "red"}}, "unknown option"),
        ({"game": "chess"}, "no game 'chess'"),
        ({"controllers": {"XX": "human"}}, "no seat XX"),
        ({"controllers": {"GB": "robot"}}, "controller must be"),
        ({"controllers": {"GB": "bot:nonsense"}}, "no bot 'nonsense'"),
    ],
)
def test_bad_game_requests_are_refused_with_the_reason(
    sqlite_url: str, body: dict[str, object], words: str
) -> None:
    with client(sqlite_url) as http:
        response = http.post("/api/games", json=body)
        assert response.status_code == 422
        assert words in str(response.json()["detail"])


def test_unknown_tokens_get_the_same_404_whatever_they_look_like(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        create(http)
        answers = [
            http.get(f"/api/play/{tok}") for tok in ("x", "A" * 32, "not a token!", "Z" * 200, "%00" * 20)
        ]
        assert {a.status_code for a in answers} == {404}
        assert {a.text for a in answers} == {'{"detail":"unknown link"}'}
        posted = http.post(f"/api/play/{'B' * 32}/action", json={"action": "pass", "move": 0})
        assert posted.status_code == 404 and posted.json() == {"detail": "unknown link"}
        # The page itself is the same whatever the token: it tells nothing.
        assert http.get(f"/play/{'C' * 32}").status_code == 200


def test_bots_move_on_the_server_until_a_human_must_decide(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, controllers=HUMANS_2, seed=7)
        gb = seat_tokens(created)["GB"]
        # Russia (a bot) places first in the Initial Setup (§3.3.1).
        current = wait_until(http, gb, lambda s: s["to_act"] in (["GB"], ["FR"]))
        assert current["move"] > 0
        assert all(line.get("seat") != "GB" for line in current["log"][1:])


def test_actions_are_checked_against_the_seats_legal_list(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, seed=3)
        tokens = seat_tokens(created)
        first = state(http, tokens["GB"])
        acting = first["to_act"][0]
        other = next(seat for seat in tokens if seat != acting)
        legal = state(http, tokens[acting])["legal"][acting]
        url = f"/api/play/{tokens[acting]}/action"
        # Illegal: the reason and the rule come back, nothing changes.
        refused = http.post(url, json={"action": "send china", "move": first["move"]})
        assert refused.status_code == 422 and "not legal" in refused.json()["detail"]
        unreadable = http.post(url, json={"action": "fly to the moon", "move": first["move"]})
        assert unreadable.status_code == 422 and "unknown action" in unreadable.json()["detail"]
        # Not this seat's decision; a seat the link does not hold; a spectator.
        wrong = http.post(
            f"/api/play/{tokens[other]}/action", json={"action": legal[0], "move": first["move"]}
        )
        assert wrong.status_code == 409 and "not" in wrong.json()["detail"]
        foreign = http.post(url, json={"action": legal[0], "move": first["move"], "seat": other})
        assert foreign.status_code == 403
        watcher = http.post(
            f"/api/play/{token(created['spectator'])}/action", json={"action": legal[0], "move": 0}
        )
        assert watcher.status_code == 403
        assert state(http, tokens["GB"])["move"] == first["move"]
        # Legal: applied once, acknowledged with the new move number.
        done = http.post(url, json={"action": legal[0], "move": first["move"]})
        assert done.status_code == 200 and done.json()["move"] == first["move"] + 1


def test_a_stale_submission_is_refused_and_never_applied_twice(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        tokens = seat_tokens(create(http, seed=3))
        current = state(http, tokens["GB"])
        seat = current["to_act"][0]
        legal = state(http, tokens[seat])["legal"][seat]
        url = f"/api/play/{tokens[seat]}/action"
        assert http.post(url, json={"action": legal[0], "move": current["move"]}).status_code == 200
        again = http.post(url, json={"action": legal[0], "move": current["move"]})
        assert again.status_code == 409 and "moved on" in again.json()["detail"]
        assert state(http, tokens[seat])["move"] == current["move"] + 1
        ahead = http.post(url, json={"action": legal[0], "move": current["move"] + 5})
        assert ahead.status_code == 409


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ("not json", 422),
        ({"move": 0}, 422),
        ({"action": "pass"}, 422),
        ({"action": "pass", "move": -1}, 422),
        ({"action": "", "move": 0}, 422),
        ({"action": "x" * 301, "move": 0}, 422),
        ({"action": "pass", "move": 0, "extra": 1}, 422),
        ({"action": ["pass"], "move": 0}, 422),
        ({"action": "pass", "move": "zero"}, 422),
    ],
)
def test_malformed_requests_get_a_4xx_with_a_reason(sqlite_url: str, body: object, status: int) -> None:
    with client(sqlite_url) as http:
        tok = seat_tokens(create(http))["GB"]
        if isinstance(body, str):
            response = http.post(
                f"/api/play/{tok}/action", content=body, headers={"content-type": "application/json"}
            )
        else:
            response = http.post(f"/api/play/{tok}/action", json=body)
        assert response.status_code == status
        assert response.json()["detail"]


def test_bodies_over_the_limit_are_refused(sqlite_url: str) -> None:
    with client(sqlite_url, max_body=2048) as http:
        response = http.post("/api/games", json={"options": {"content": {"x": "y" * 5000}}})
        assert response.status_code == 413


def test_too_many_requests_are_slowed_down(sqlite_url: str) -> None:
    # a slow refill (one request per 20 s), so a loaded machine cannot earn a token back mid-test
    with client(sqlite_url, rate_per_second=0.05, rate_burst=5.0) as http:
        codes = [http.get("/api/games").status_code for _ in range(8)]
        assert codes[:5] == [200] * 5 and 429 in codes[5:]
        limited = http.get("/api/games")
        assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1


def test_a_seat_undoes_its_own_action_until_another_seat_acts(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        tokens = seat_tokens(create(http, seed=3))
        before = state(http, tokens["GB"])
        seat = before["to_act"][0]
        mine = state(http, tokens[seat])
        url = f"/api/play/{tokens[seat]}"
        assert (
            http.post(
                f"{url}/action", json={"action": mine["legal"][seat][0], "move": mine["move"]}
            ).status_code
            == 200
        )
        after = state(http, tokens[seat])
        assert after["undo"][seat] is True
        other = next(s for s in tokens if s != seat)
        refused = http.post(f"/api/play/{tokens[other]}/undo", json={"move": after["move"]})
        assert refused.status_code == 409 and "not yours" in refused.json()["detail"]
        stale = http.post(f"{url}/undo", json={"move": after["move"] - 1})
        assert stale.status_code == 409
        undone = http.post(f"{url}/undo", json={"move": after["move"]})
        assert undone.status_code == 200 and undone.json()["move"] == mine["move"]
        again = state(http, tokens[seat])
        assert again["views"] == mine["views"] and again["legal"] == mine["legal"]


def test_the_record_is_downloadable_only_once_the_game_is_over(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, game="tally-double", controllers={"S": "bot"}, seed=4)
        tokens = seat_tokens(created)
        running = http.get(f"/api/play/{tokens['N']}/record")
        assert running.status_code == 403
        over = drive(http, tokens, until=lambda s: bool(s["outcome"]), pick=lambda legal: legal[-1])
        assert over["outcome"]["winners"]
        record = http.get(f"/api/play/{token(created['spectator'])}/record")
        assert record.status_code == 200 and record.json()["game"] == "tally-double"
        assert len(record.json()["actions"]) == over["move"]


def test_the_lobby_lists_the_games_with_their_seats(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        games = http.get("/api/games").json()
        lbe = next(g for g in games if g["id"] == LBE)
        assert [s["id"] for s in lbe["seats"]] == ["GB", "FR", "CE", "RU"]
        assert lbe["defaults"]["players"] == 4
        assert "realpolitik" in http.get("/").text
        assert http.get("/static/client.js").status_code == 200


def test_a_hot_seat_link_acts_for_every_human_seat_and_sees_the_revealed_hand(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, controllers=HUMANS_2, table=True, seed=3)
        assert created["table"]
        table = state(http, token(created["table"]))
        assert table["role"] == "table" and table["seats"] == ["GB", "FR"]
        assert [v["seat"] for v in table["views"]] == [None]  # behind the hand-over screen
        for seat in ("GB", "FR"):
            shown = http.get(f"/api/play/{token(created['table'])}", params={"reveal": seat}).json()
            assert [v["seat"] for v in shown["views"]] == [seat] and shown["reveal"] == seat
            assert "intrigue" in shown["views"][0]["view"]["powers"][seat]
            assert "intrigue" not in shown["views"][0]["view"]["powers"]["CE"]
        without = create(http, controllers=HUMANS_2)
        assert without["table"] is None
