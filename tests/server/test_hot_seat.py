"""The hot-seat (table) link: one screen for every human seat. Behind the hand-over screen it must
carry only what everyone may see; a seat's own view, legal actions and private log lines (the
Intrigue cards it drew) come only once that seat is revealed (``?reveal=SEAT``)."""

from __future__ import annotations

from typing import Any

from .helpers import client, create, drive, seat_tokens, state, token


def _public_indices(payload: dict[str, Any]) -> set[int]:
    return {line["i"] for line in payload["log"]}


def _get(http: Any, tok: str, **params: Any) -> dict[str, Any]:
    response = http.get(f"/api/play/{tok}", params=params)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def test_the_table_link_shows_only_public_lines_until_a_seat_is_revealed(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(
            http, seed=5, table=True, controllers={"GB": "human", "FR": "human", "CE": "bot", "RU": "bot"}
        )
        tokens = seat_tokens(created)
        table = token(created["table"])
        spectator = token(created["spectator"])

        def both_drew(current: dict[str, Any]) -> bool:
            powers = current["views"][0]["view"]["powers"]
            return bool(powers["GB"]["intrigue_count"] > 0 and powers["FR"]["intrigue_count"] > 0)

        drive(http, tokens, until=both_drew)
        public = _public_indices(state(http, spectator))
        private = {
            seat: {line["i"] for line in state(http, tokens[seat])["log"]} - public for seat in ("GB", "FR")
        }
        assert private["GB"] and private["FR"], "the test needs secret draws to look for"

        shared = _get(http, table)
        assert _public_indices(shared) <= public, "the shared screen carries a seat's secret lines"
        assert all(entry["seat"] is None for entry in shared["views"]), "a seat's view behind the hand-over"
        assert shared["legal"] == {}

        for seat, other in (("GB", "FR"), ("FR", "GB")):
            shown = _get(http, table, reveal=seat)
            lines = _public_indices(shown)
            assert private[seat] <= lines and not (private[other] & lines)
            assert [entry["seat"] for entry in shown["views"]] == [seat]
            assert all(line.get("private") for line in shown["log"] if line["i"] in private[seat])

        # A seat the link does not hold is refused, and changes nothing.
        for bad in ("CE", "XX"):
            response = http.get(f"/api/play/{table}", params={"reveal": bad})
            assert response.status_code == 422 and "does not hold" in response.json()["detail"]

        # The websocket follows the same rule.
        with http.websocket_connect(f"/ws/{table}") as socket:
            message = socket.receive_json()
            assert _public_indices(message) <= public
        with http.websocket_connect(f"/ws/{table}?reveal=GB") as socket:
            message = socket.receive_json()
            assert private["GB"] <= _public_indices(message)
            assert not (private["FR"] & _public_indices(message))
