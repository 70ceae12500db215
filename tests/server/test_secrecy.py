"""A seat's link is its credential: no seat, and no spectator, ever sees another seat's hand or its
private log lines, over HTTP or over the websocket."""

from __future__ import annotations

import json
from typing import Any

from .helpers import client, create, drive, seat_tokens, state, token

SEATS = ("GB", "FR", "CE", "RU")


def _hand(payload: dict[str, Any], seat: str) -> list[str]:
    view = next(v["view"] for v in payload["views"] if v["seat"] == seat)
    return list(view["powers"][seat]["intrigue"])


def _assert_hides(payload: dict[str, Any], owner: str, secrets: set[str]) -> None:
    for entry in payload["views"]:
        assert "intrigue" not in entry["view"]["powers"][owner], "another seat's hand is in the view"
    text = json.dumps(payload)
    for secret in secrets:
        assert secret not in text, f"{secret!r} leaked"


def _secrets(payloads: dict[str, dict[str, Any]], public: dict[str, Any], owner: str) -> set[str]:
    """What only ``owner`` may know: its log lines the public log lacks, and its hand's cards
    that nobody else holds and nobody has played."""
    public_lines = {line["i"] for line in public["log"]}
    private = {line["text"] for line in payloads[owner]["log"] if line["i"] not in public_lines}
    others = set().union(*(set(_hand(payloads[s], s)) for s in SEATS if s != owner))
    played = {c["card"] for c in public["views"][0]["view"]["played"]}
    return private | (set(_hand(payloads[owner], owner)) - others - played)


def test_hands_and_private_lines_never_reach_another_seat_or_a_spectator(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, seed=11)
        tokens = seat_tokens(created)
        spectator = token(created["spectator"])

        def everyone_holds_intrigue(current: dict[str, Any]) -> bool:
            powers = current["views"][0]["view"]["powers"]
            return all(powers[p]["intrigue_count"] > 0 for p in SEATS)

        drive(http, tokens, until=everyone_holds_intrigue)
        payloads = {seat: state(http, tokens[seat]) for seat in SEATS}
        public = state(http, spectator)
        assert all(_hand(payloads[s], s) for s in SEATS)
        for owner in SEATS:
            hidden = _secrets(payloads, public, owner)
            assert hidden, "the test needs something secret to look for"
            _assert_hides(public, owner, hidden)
            for seat in SEATS:
                if seat != owner:
                    _assert_hides(payloads[seat], owner, hidden)
                    assert owner not in payloads[seat]["legal"] and owner not in payloads[seat]["undo"]

        # The same over the websocket, before and after a move.
        acting = payloads["GB"]["to_act"][0]
        watcher = next(s for s in SEATS if s != acting)
        hidden = _secrets(payloads, public, acting)
        with (
            http.websocket_connect(f"/ws/{tokens[watcher]}") as seat_socket,
            http.websocket_connect(f"/ws/{spectator}") as public_socket,
        ):
            for socket in (seat_socket, public_socket):
                _assert_hides(socket.receive_json(), acting, hidden)
            move = payloads[acting]["move"]
            action = payloads[acting]["legal"][acting][0]
            posted = http.post(f"/api/play/{tokens[acting]}/action", json={"action": action, "move": move})
            assert posted.status_code == 200
            for socket in (seat_socket, public_socket):
                message = socket.receive_json()
                assert message["move"] > move
                _assert_hides(message, acting, hidden)
