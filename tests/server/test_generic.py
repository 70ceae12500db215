"""Any game through its plug-in alone: Tally (the engine's test double, a plug-in with no web board
and with sealed wagers that all seats choose at once) is listed, created, seated and played to its
end through the API with the generic board; its sealed wagers never reach another seat's link."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .helpers import LBE, client, create, drive, seat_tokens, state, token, wait_until

TALLY = "tally-double"


def _view(payload: dict[str, Any], seat: str | None) -> dict[str, Any]:
    view: dict[str, Any] = next(v["view"] for v in payload["views"] if v["seat"] == seat)
    return view


def _last(legal: list[str]) -> str:
    # The last legal action (play the highest card, wager 2, refuse): the game always moves on.
    return legal[-1]


def test_the_lobby_data_of_a_game_comes_from_its_plugin(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        games = {g["id"]: g for g in http.get("/api/games").json()}
        tally = games[TALLY]
        assert tally["title"] == {"en": "Tally (test double)"} and tally["players"] == "2-3"
        options = {o["name"]: o for o in tally["options"]}
        assert list(options) == ["seats", "target", "rounds", "wagers"]
        assert options["seats"]["kind"] == "int" and options["seats"]["choices"] == [2, 3]
        assert (options["target"]["minimum"], options["target"]["maximum"]) == (1, 99)
        assert options["wagers"]["kind"] == "bool" and options["wagers"]["label"] == {"en": "Sealed wagers"}
        assert tally["defaults"] == {"seats": 2, "target": 15, "rounds": 4, "wagers": False}
        assert tally["seats"] == [{"id": "N", "name": {"en": "North"}}, {"id": "S", "name": {"en": "South"}}]
        assert tally["automaton"] is None and tally["bots"] == ["random", "heuristic"]
        # LBE's automaton is named by its plug-in, with its controller word.
        assert games[LBE]["automaton"]["keyword"] == "np"
        assert games[LBE]["automaton"]["name"]["en"] == "Non-Player Power (§13)"


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"target": 0}, "target must be at least 1"),
        ({"rounds": 21}, "rounds must be at most 20"),
        ({"seats": 4}, "seats must be 2 or 3 (§1)"),
        ({"wagers": "yes"}, "wagers must be true or false"),
        ({"players": 4}, "unknown option(s) players"),
    ],
)
def test_a_bad_option_is_refused_naming_it(sqlite_url: str, options: dict[str, Any], words: str) -> None:
    with client(sqlite_url) as http:
        for route in ("/api/games", "/api/games/preview"):
            response = http.post(route, json={"game": TALLY, "options": options})
            assert response.status_code == 422, response.text
            assert words in response.json()["detail"]


def test_a_controller_word_only_where_the_game_has_an_automaton(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        refused = http.post("/api/games", json={"game": TALLY, "controllers": {"S": "np"}})
        assert refused.status_code == 422
        assert refused.json()["detail"] == "S: controller must be 'human', 'bot' or 'bot:NAME', not 'np'"


def test_a_game_without_a_web_board_is_played_to_its_end_with_the_generic_board(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, game=TALLY, options={"rounds": 3}, controllers={"S": "bot"}, seed=4)
        assert [(p["seats"], p["controller"]) for p in created["players"]] == [
            (["N"], "human"),
            (["S"], "bot:random"),
        ]
        tokens = seat_tokens(created)
        board = http.get(f"/api/play/{tokens['N']}/board").json()
        assert board["renderer"] == "generic" and board["module"] is None
        assert board["seats"] == {"N": {"en": "North"}, "S": {"en": "South"}}
        assert board["title"] == {"en": "Tally (test double)"} and board["automaton"] is None
        first = state(http, tokens["N"])
        assert _view(first, "N")["hand"] and first["game"]["options"]["rounds"] == 3
        final = drive(http, tokens, until=lambda s: False, pick=_last)
        assert final["outcome"]["winners"] and final["outcome"]["summary"]
        assert http.get(f"/api/play/{tokens['N']}/record").status_code == 200


def test_sealed_wagers_with_two_people_are_played_to_the_end(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, game=TALLY, options={"wagers": True, "rounds": 2}, seed=5)
        tokens = seat_tokens(created)
        first = state(http, tokens["N"])
        assert first["to_act"] == ["N", "S"]  # §4: every seat at once
        assert state(http, tokens["S"])["legal"] == {"S": ["wager 0", "wager 1", "wager 2"]}
        seen: list[list[str]] = []

        def note(current: dict[str, Any]) -> bool:
            seen.append(current["to_act"])
            return False

        final = drive(http, tokens, until=note, pick=_last)
        assert ["N", "S"] in seen and ["S"] in seen  # one wagered while the other still had to
        assert final["outcome"]["winners"]
        assert any(line["text"].startswith("wagers: ") for line in state(http, tokens["N"])["log"])


def _after_north_wagers(http: Any, wager: int) -> tuple[dict[str, str], dict[str, Any]]:
    """A fresh game (always the same seed) in which North wagers ``wager``: what South's link and
    the spectators' link are sent then, pushed over the websocket and fetched over HTTP."""
    created = create(http, game=TALLY, options={"wagers": True}, seed=6)
    tokens = {**seat_tokens(created), "spectator": token(created["spectator"])}
    with (
        http.websocket_connect(f"/ws/{tokens['S']}") as south,
        http.websocket_connect(f"/ws/{tokens['spectator']}") as public,
    ):
        for socket in (south, public):
            assert socket.receive_json()["move"] == 0
        action = {"action": f"wager {wager}", "move": 0, "seat": "N"}
        assert http.post(f"/api/play/{tokens['N']}/action", json=action).status_code == 200
        seen = {"S pushed": south.receive_json(), "spectator pushed": public.receive_json()}
    seen["S fetched"] = state(http, tokens["S"])
    seen["spectator fetched"] = state(http, tokens["spectator"])
    return tokens, seen


def test_a_sealed_wager_never_reaches_the_other_seat(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        tokens, high = _after_north_wagers(http, 2)
        _other, low = _after_north_wagers(http, 0)
        # Whatever North wagered, South and the spectators are sent exactly the same.
        assert high == low
        for name, payload in high.items():
            seat = "S" if name.startswith("S") else None
            assert payload["move"] == 1 and payload["to_act"] == ["S"], name
            view = _view(payload, seat)
            # Who has wagered is public; how much is not, until the last seat has chosen.
            assert view["wagered"] == ["N"] and view["my_wager"] is None
            assert not [line for line in payload["log"] if "wager" in line["text"]]
            assert "N" not in payload["legal"] and "N" not in payload["undo"]
        assert _view(state(http, tokens["N"]), "N")["my_wager"] == 2
        # The reveal: once South has chosen, everyone sees both wagers in the log.
        posted = http.post(f"/api/play/{tokens['S']}/action", json={"action": "wager 1", "move": 1})
        assert posted.status_code == 200
        for tok in (tokens["N"], tokens["S"], tokens["spectator"]):
            assert "wagers: N 2, S 1" in [line["text"] for line in state(http, tok)["log"]]


def test_bots_decide_together_in_a_simultaneous_decision(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        three = {"N": "human", "S": "bot", "E": "bot:heuristic"}
        created = create(http, game=TALLY, options={"wagers": True, "seats": 3}, controllers=three, seed=8)
        tokens = seat_tokens(created)
        # Both bots wager at once, without waiting for the person; only North is left to choose.
        current = wait_until(http, tokens["N"], lambda s: s["to_act"] == ["N"])
        assert current["move"] == 2 and sorted(_view(current, "N")["wagered"]) == ["E", "S"]
        assert _view(current, "N")["my_wager"] is None
        everyone = create(
            http,
            game=TALLY,
            options={"wagers": True, "seats": 3},
            controllers=dict.fromkeys("NSE", "bot"),
            seed=9,
        )
        final = wait_until(http, token(everyone["spectator"]), lambda s: bool(s["outcome"]), timeout=30)
        assert final["outcome"]["winners"]


def state_of(http: Any, tok: str, **params: Any) -> dict[str, Any]:
    answer: dict[str, Any] = http.get(f"/api/play/{tok}", params=params).json()
    return answer


def test_a_link_holding_several_seats_acts_for_each_in_a_simultaneous_decision(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, game=TALLY, options={"wagers": True}, table=True, seed=10)
        table = token(created["table"])
        first = state(http, table)
        assert first["seats"] == ["N", "S"] and set(first["to_act"]) == {"N", "S"}
        for seat in ("N", "S"):  # a shared screen lists a seat's choices once it is revealed
            assert set(state_of(http, table, reveal=seat)["legal"]) == {seat}
        # Two seats decide: the link must say which one acts.
        unsaid = http.post(f"/api/play/{table}/action", json={"action": "wager 1", "move": 0})
        assert unsaid.status_code == 422 and "say which seat" in unsaid.json()["detail"]
        for move, seat in enumerate(("N", "S")):
            answer = http.post(
                f"/api/play/{table}/action", json={"action": "wager 1", "move": move, "seat": seat}
            )
            assert answer.status_code == 200 and answer.json()["seat"] == seat
        after = state(http, table)
        assert after["to_act"] == ["N"] and "wagers: N 1, S 1" in [line["text"] for line in after["log"]]


def test_the_preview_seats_people_and_shows_the_options_a_game_derives(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        plain = http.post("/api/games/preview", json={"game": LBE, "options": {"players": 2}}).json()
        assert plain["derived"] == [] and [p["seats"] for p in plain["players"]] == [
            ["GB", "FR"],
            ["CE", "RU"],
        ]
        # §13: with a Non-Player Power the count of players follows; a stale choice is set aside.
        body = {"game": LBE, "options": {"players": 2}, "controllers": {"RU": "np"}}
        with_np = http.post("/api/games/preview", json=body).json()
        assert with_np["derived"] == ["players"] and with_np["options"]["players"] == 3
        assert with_np["players"][-1] == {"seats": ["RU"], "controller": "np"}
        tally = http.post("/api/games/preview", json={"game": TALLY, "controllers": {"S": "bot"}}).json()
        assert tally == {
            "options": {"seats": 2, "target": 15, "rounds": 4, "wagers": False},
            "derived": [],
            "seats": [{"id": "N", "name": {"en": "North"}}, {"id": "S", "name": {"en": "South"}}],
            "players": [
                {"seats": ["N"], "controller": "human"},
                {"seats": ["S"], "controller": "bot:random"},
            ],
        }
        # Fewer seats than the menus the lobby still shows: the seat that is gone is set aside.
        body = {"game": TALLY, "options": {"seats": 2}, "controllers": {"S": "bot", "E": "bot"}}
        fewer = http.post("/api/games/preview", json=body).json()
        assert [p["seats"] for p in fewer["players"]] == [["N"], ["S"]]
        three = http.post("/api/games/preview", json={"game": TALLY, "options": {"seats": 3}}).json()
        assert [s["id"] for s in three["seats"]] == ["N", "S", "E"]


def test_a_games_own_board_module_is_served_from_its_folder_and_nothing_else(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, game=LBE, seed=1)
        board = http.get(f"/api/play/{seat_tokens(created)['GB']}/board").json()
        assert board["module"] == "/games/la-belle-epoque/board.js" and board["renderer"] == LBE
        module = http.get(board["module"])
        assert module.status_code == 200 and "javascript" in module.headers["content-type"]
        assert "export function createBoard" in module.text
        assert http.get("/games/la-belle-epoque/strings.js").status_code == 200
        for path in (
            "/games/la-belle-epoque/../web.py",
            "/games/la-belle-epoque/%2e%2e/web.py",
            "/games/la-belle-epoque/..%2fweb.py",
            "/games/la-belle-epoque/%2e%2e%2f%2e%2e%2foptions.py",
            "/games/la-belle-epoque/",
            "/games/la-belle-epoque/nothing.js",
            f"/games/{TALLY}/board.js",  # no web board: nothing to serve
            "/games/chess/board.js",
        ):
            assert http.get(path).status_code == 404, path


def test_server_and_web_know_no_game() -> None:
    root = Path(__file__).resolve().parents[2] / "src" / "realpolitik"
    for folder in ("server", "web"):
        for path in (root / folder).rglob("*"):
            if path.suffix not in (".py", ".js", ".html", ".css"):
                continue
            text = path.read_text(encoding="utf-8")
            assert "belle" not in text.lower(), f"{path} names a game"
            if path.suffix == ".py":
                assert not re.search(r"\b(realpolitik\.games|from \.\.games)\b", text), (
                    f"{path} imports a game"
                )
