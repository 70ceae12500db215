"""Replays: a record file is uploaded and watched move by move through its own read-only link; a
bad record is refused with the engine's reason; a finished game's export replays to its end."""

from __future__ import annotations

import json
from typing import Any

from realpolitik.engine import Match, get_game
from realpolitik.engine.record import Record

from .helpers import LBE, client, create, token, wait_until

BOTS = {"GB": "bot", "FR": "bot", "CE": "bot", "RU": "bot"}


def played(moves: int, seed: int = 7) -> Record:
    """A record of ``moves`` legal actions of a 4-player game, made with the engine alone."""
    match = Match(get_game(LBE), {"players": 4}, seed)
    while len(match.moves) < moves and not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, match.legal_notations(seat)[-1])
    return Record.of(match)


def upload(http: Any, body: Any) -> dict[str, Any]:
    response = http.post("/api/replays", json=body)
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


def test_a_record_is_watched_move_by_move(sqlite_url: str) -> None:
    record = played(12)
    with client(sqlite_url) as http:
        made = upload(http, record.model_dump())
        assert made["moves"] == 12 and made["url"].startswith("/replay/")
        tok = token(made["url"])
        assert "realpolitik" in http.get(made["url"]).text
        assert http.get(f"/api/replay/{tok}/board").json()["renderer"] == LBE
        seen = []
        # Forward, back, to the end and past it (clamped): each step is the record's prefix.
        for step in (0, 1, 2, 5, 3, 12, 99):
            answer = http.get(f"/api/replay/{tok}", params={"step": step})
            assert answer.status_code == 200, answer.text
            current = answer.json()
            expected = min(step, 12)
            assert current["move"] == expected and current["moves"] == 12
            assert current["last_action"] == (record.actions[expected - 1] if expected else None)
            # Read-only and public: no seat, no legal action, only the public view.
            assert current["role"] == "replay" and current["seats"] == [] and current["legal"] == {}
            assert [v["seat"] for v in current["views"]] == [None]
            seen.append(current)
        assert seen[4]["views"] == http.get(f"/api/replay/{tok}", params={"step": 3}).json()["views"]
        assert http.post(f"/api/play/{tok}/action", json={"action": "pass", "move": 0}).status_code == 404


def test_a_replay_link_survives_a_restart(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        tok = token(upload(http, played(4).model_dump())["url"])
    with client(sqlite_url) as http:
        assert http.get(f"/api/replay/{tok}", params={"step": 4}).json()["move"] == 4


def test_a_bad_record_is_refused_with_the_engines_reason(sqlite_url: str) -> None:
    good = played(6).model_dump()
    illegal = {**good, "actions": [*good["actions"][:3], "GB: send nowhere", *good["actions"][4:]]}
    cases = [
        ({**good, "format": "pgn"}, "not a realpolitik record"),
        ({**good, "format_version": 9}, "format version 9"),
        ({**good, "game": "chess"}, "chess"),
        ({**good, "seed": "x"}, "seed"),
        (illegal, "action #3 'GB: send nowhere'"),
        ({**good, "actions": ["no colon here"]}, "action #0"),
        ([1, 2], "valid dictionary"),
    ]
    with client(sqlite_url) as http:
        for body, words in cases:
            refused = http.post("/api/replays", json=body)
            assert refused.status_code == 422, (body, refused.text)
            assert words in str(refused.json()["detail"]), refused.text
        garbage = http.post(
            "/api/replays", content=b"{not json", headers={"content-type": "application/json"}
        )
        assert garbage.status_code == 422


def test_unknown_replay_links_get_the_same_404(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        answers = [
            http.get("/api/replay/short"),
            http.get("/api/replay/" + "A" * 32),
            http.get("/api/replay/" + "A" * 32 + "/board"),
            http.get("/api/replay/" + "A" * 32 + "/nothing"),
        ]
        assert {a.status_code for a in answers} == {404}
        assert {a.text for a in answers} == {'{"detail":"unknown link"}'}


def test_a_finished_games_export_replays_to_its_end(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, game=LBE, controllers=BOTS, seed=11)
        spectator = token(created["spectator"])
        # A running game is not exported (the record's seed tells the deck and every hand).
        assert http.get(f"/api/play/{spectator}/record").status_code == 403
        over = wait_until(http, spectator, lambda s: bool(s["outcome"]), timeout=60)
        exported = http.get(f"/api/play/{spectator}/record")
        assert exported.status_code == 200
        assert "attachment" in exported.headers["content-disposition"]
        made = upload(http, json.loads(exported.text))
        assert made["moves"] == over["move"]
        end = http.get(f"/api/replay/{token(made['url'])}", params={"step": made["moves"]}).json()
        assert end["outcome"] == over["outcome"]
        assert end["views"] == over["views"]
