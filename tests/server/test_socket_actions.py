"""Actions and undos sent on a page's websocket (issue 20): played exactly as their ``POST`` would
be, answered with a ``result`` message carrying the same status and reason, refused alike when
stale, illegal, malformed, too fast or from a link that may not act; nothing refused changes the
game."""

from __future__ import annotations

import json
from typing import Any

from .helpers import LBE, client, create, seat_tokens, state, to_act, token


def _results(socket_: Any, wanted: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Read until the ``result`` with id ``wanted``; also the state messages read on the way."""
    states: list[dict[str, Any]] = []
    while True:
        message = json.loads(socket_.receive_text())
        if message.get("type") == "result" and message.get("id") == wanted:
            return message, states
        if "views" in message:
            states.append(message)


def test_an_action_sent_on_the_socket_is_played_stored_and_answered(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        tokens = seat_tokens(create(http, game=LBE, seed=4))
        seat, mine = to_act(http, tokens)
        action = mine["legal"][seat][0]
        with http.websocket_connect(f"/ws/{tokens[seat]}") as page:
            first = json.loads(page.receive_text())
            assert first["move"] == 0
            page.send_text(json.dumps({"type": "action", "id": 7, "action": action, "move": 0, "seat": seat}))
            result, _states = _results(page, 7)
            assert result == {"type": "result", "id": 7, "ok": True, "seat": seat, "move": 1}
        after = state(http, tokens[seat])
        assert after["move"] == 1
        store = http.app.state.store  # type: ignore[attr-defined]
        assert [f"{s}: {t}" for s, t, _at in store.actions_from(1, 0)] == [f"{seat}: {action}"]
        # An undo on the socket too.
        with http.websocket_connect(f"/ws/{tokens[seat]}") as page:
            page.receive_text()
            page.send_text(json.dumps({"type": "undo", "id": 8, "move": 1, "seat": seat}))
            result, _states = _results(page, 8)
            assert result == {"type": "result", "id": 8, "ok": True, "move": 0}
        assert state(http, tokens[seat])["move"] == 0 and store.actions_from(1, 0) == []


def test_refusals_on_the_socket_say_why_and_change_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, game=LBE, seed=4)
        tokens = seat_tokens(created)
        seat, mine = to_act(http, tokens)
        action = mine["legal"][seat][0]
        other = next(s for s in tokens if tokens[s] != tokens[seat])
        before = state(http, tokens[seat])
        with http.websocket_connect(f"/ws/{tokens[seat]}") as page:
            page.receive_text()
            # Stale: the move number the page saw is not the game's.
            page.send_text(json.dumps({"type": "action", "id": 1, "action": action, "move": 5, "seat": seat}))
            stale, _ = _results(page, 1)
            assert stale["ok"] is False and stale["status"] == 409
            # Illegal: the rules' reason and rule, as the POST's 422.
            page.send_text(json.dumps({"type": "action", "id": 2, "action": "fly to the moon", "move": 0}))
            illegal, _ = _results(page, 2)
            posted = http.post(
                f"/api/play/{tokens[seat]}/action", json={"action": "fly to the moon", "move": 0}
            )
            assert illegal["status"] == posted.status_code == 422
            assert illegal["detail"] == posted.json()["detail"]
            # Malformed: a field out of bounds, an unknown field, not JSON at all, no action.
            for i, text in enumerate(
                [
                    json.dumps({"type": "action", "id": 3, "action": action, "move": -1}),
                    json.dumps({"type": "action", "id": 4, "action": action, "move": 0, "extra": 1}),
                    '{"type": "action", "id": 5, "action": "x", "move": NaN}',
                    json.dumps({"type": "action", "id": 6, "move": 0}),
                ],
                start=3,
            ):
                page.send_text(text)
                bad, _ = _results(page, i)
                assert bad["ok"] is False and bad["status"] == 422 and bad["detail"], bad
            page.send_text('{"not": "a request"')
            broken, _ = _results(page, None)  # type: ignore[arg-type]
            assert broken["status"] == 422 and "malformed" in broken["detail"]
            # A seat this link does not hold.
            page.send_text(
                json.dumps({"type": "action", "id": 9, "action": action, "move": 0, "seat": other})
            )
            foreign, _ = _results(page, 9)
            assert foreign["ok"] is False and foreign["status"] in (403, 409, 422)
        # The spectators' link may not act at all.
        with http.websocket_connect(f"/ws/{token(created['spectator'])}") as watching:
            watching.receive_text()
            watching.send_text(json.dumps({"type": "action", "id": 10, "action": action, "move": 0}))
            spectator, _ = _results(watching, 10)
            assert spectator["ok"] is False and spectator["status"] == 403
        after = state(http, tokens[seat])
        assert after["move"] == before["move"] == 0 and after["views"] == before["views"]


def test_socket_actions_have_a_rate_limit_per_address(sqlite_url: str) -> None:
    with client(sqlite_url, rate_per_second=1.0, rate_burst=2.0) as http:
        tokens = seat_tokens(create(http, game=LBE, seed=4))
        seat = next(iter(tokens))
        with http.websocket_connect(f"/ws/{tokens[seat]}") as page:
            page.receive_text()
            answers = []
            for i in range(4):
                page.send_text(json.dumps({"type": "action", "id": i, "action": "fly", "move": 99}))
                answers.append(_results(page, i)[0])
        assert [a["status"] for a in answers[:2]] == [409, 409]
        assert answers[3]["status"] == 429 and answers[3]["retry_after"] >= 1


def test_a_message_over_the_limit_closes_the_socket(sqlite_url: str) -> None:
    from starlette.websockets import WebSocketDisconnect

    with client(sqlite_url) as http:
        tokens = seat_tokens(create(http, game=LBE, seed=4))
        seat = next(iter(tokens))
        with http.websocket_connect(f"/ws/{tokens[seat]}") as page:
            page.receive_text()
            page.send_text(json.dumps({"type": "action", "id": 1, "action": "x" * 2000, "move": 0}))
            try:
                while True:
                    page.receive_text()
            except WebSocketDisconnect as closed:
                assert closed.code == 1009
