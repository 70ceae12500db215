"""Creating a game: check the request, seat the people, make one secret link per person (and one
for spectators, and one for a shared screen when asked), store it all in one commit."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import JSON, Match, RealpolitikError, Seat, entries, get_game
from . import bots
from .gameinfo import info_for
from .rooms import Refused
from .store import NewLink, Store
from .tokens import new_token

CONTROLLERS = ("human", "bot", "np")
MAX_SEED = 2**63 - 1


@dataclass(frozen=True, slots=True)
class Created:
    game_id: int
    seed: int
    players: list[dict[str, JSON]]
    spectator: str
    table: str | None


def game_list() -> list[dict[str, JSON]]:
    """The games the server can host, with their default options."""
    out: list[dict[str, JSON]] = []
    for known in entries():
        if not known.playable():
            continue
        game = known.game()
        defaults = game.normalize_options({})
        seats = game.seats(Match(game, defaults, 0).state)
        powers = info_for(game).board(defaults).get("powers") or {}
        out.append(
            {
                "id": game.id,
                "title": game.title,
                "players": known.players,
                "defaults": defaults,
                "seats": [
                    {"id": seat, "name": powers.get(seat, {}).get("name", {"en": seat, "it": seat})}
                    for seat in seats
                ],
            }
        )
    return out


def _controller(seat: Seat, value: str) -> str:
    if value in ("human", "np"):
        return value
    spec = bots.bot_spec(value)
    if spec is None:
        raise Refused(422, f"{seat}: controller must be 'human', 'bot', 'bot:NAME' or 'np', not {value!r}")
    problem = bots.check_spec(spec)
    if problem is not None:
        raise Refused(422, f"{seat}: {problem}")
    return f"bot:{spec}"


def _with_np(game_id: str, options: Mapping[str, Any], controllers: Mapping[str, str]) -> dict[str, Any]:
    """The options with the seats given to the game's automaton (controller ``np``) added to its
    ``np`` option (LBE §13), which the game then checks like any option."""
    wanted = [seat for seat, value in controllers.items() if value == "np"]
    if not wanted:
        return dict(options)
    game = get_game(game_id)
    if "np" not in game.normalize_options({}):
        raise Refused(422, f"{game.title} has no Non-Player seats ({', '.join(wanted)})")
    given = options.get("np") or []
    if not isinstance(given, list):
        raise Refused(422, "np must be a list of seats")
    return {**options, "np": [*given, *(seat for seat in wanted if seat not in given)]}


def create_game(
    store: Store,
    *,
    game_id: str,
    options: Mapping[str, Any],
    seed: int | None,
    controllers: Mapping[str, str],
    table_link: bool,
) -> Created:
    try:
        game = get_game(game_id)
        if seed is None:
            seed = secrets.randbits(32)
        match = Match(game, _with_np(game_id, options, controllers), seed)
    except RealpolitikError as error:
        raise Refused(422, str(error)) from None
    seats = game.seats(match.state)
    unknown = sorted(set(controllers) - set(seats))
    if unknown:
        raise Refused(422, f"no seat {', '.join(unknown)} in this game (seats: {', '.join(seats)})")
    np = match.options.get("np")
    automated = {str(seat) for seat in np} if isinstance(np, list) else set()
    for seat in sorted(automated):
        if controllers.get(seat, "np") != "np":
            raise Refused(422, f"{seat} is a Non-Player Power in the options: its controller must be 'np'")
    chosen = {
        seat: "np" if seat in automated else _controller(seat, controllers.get(seat, "human"))
        for seat in seats
    }
    # The game's automaton plays the NP seats: each is a player of its own with no link, since
    # nobody acts for it (the game never lists it to act) and its hand is nobody's to see.
    groups = [
        *info_for(game).players(match.options, [s for s in seats if s not in automated]),
        *((seat,) for seat in seats if seat in automated),
    ]
    seat_players: list[tuple[str, int, str]] = []
    links: list[NewLink] = []
    players: list[dict[str, JSON]] = []
    for index, group in enumerate(groups):
        kinds = {chosen[seat] for seat in group}
        if len(kinds) != 1:
            raise Refused(422, f"{' and '.join(group)} are held by one player: give them the same controller")
        controller = kinds.pop()
        seat_players.extend((seat, index, controller) for seat in group)
        entry: dict[str, JSON] = {"seats": list(group), "controller": controller}
        if controller == "human":
            token = new_token()
            links.append(NewLink(token, "player", tuple(group)))
            entry["token"] = token
        players.append(entry)
    spectator = new_token()
    links.append(NewLink(spectator, "spectator", ()))
    table: str | None = None
    humans = tuple(seat for seat in seats if chosen[seat] == "human")
    if table_link and humans:
        table = new_token()
        links.append(NewLink(table, "table", humans))
    number = store.create_game(
        game=game.id,
        game_version=game.version,
        options=match.options,
        seed=seed,
        seat_players=seat_players,
        new_links=links,
    )
    return Created(number, seed, players, spectator, table)
