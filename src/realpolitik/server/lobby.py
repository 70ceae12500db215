"""Creating a game: check the request, seat the people, make one secret link per person (and one
for spectators, and one for a shared screen when asked), store it all in one commit.

Everything game-specific comes from the game's plug-in: its options schema (checked here, so a bad
option is refused naming it), who sits together (``plugin.people``), and its automaton, whose
controller word (LBE's ``np``) puts a seat into the automaton's option."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import JSON, GamePlugin, Match, RealpolitikError, Seat, plugin, plugins, text_in
from ..engine.rng import new_keyed_seed
from . import bots
from .clocks import MIN_SECONDS, ClockError, check_clock
from .rooms import Refused
from .store import NewLink, Store
from .tokens import new_route, new_token

MAX_SEED = 2**63 - 1
FORM_KINDS = ("bool", "int", "choice")
"""Option kinds the lobby shows as form fields (lists of seats or ids and tables are not: seats go
to an automaton through the seat menu, tables come from files)."""


@dataclass(frozen=True, slots=True)
class Created:
    game_id: int
    seed: int
    players: list[dict[str, JSON]]
    spectator: str
    table: str | None


@dataclass(frozen=True, slots=True)
class Plan:
    """A game as it would be created: its match at move 0, each seat's controller, and the seats
    grouped by the person (or bot, or automaton) who holds them."""

    plugin: GamePlugin
    match: Match
    seed: int
    chosen: dict[Seat, str]
    groups: list[tuple[Seat, ...]]


def bot_choices(found: GamePlugin) -> list[str]:
    """The bots the lobby offers for this game: the random one always; the heuristic one only when
    the game gives it a way to value a position (its evaluation hooks)."""
    usable = ["random"]
    if found.evaluation is not None and found.evaluation.values is not None:
        usable.append("heuristic")
    return usable


def game_list() -> list[dict[str, JSON]]:
    """The games the server can host, as the lobby builds its form from them."""
    listed: list[dict[str, JSON]] = []
    for found in plugins():
        entry = found.describe()
        entry["bots"] = list(bot_choices(found))
        listed.append(entry)
    return listed


def _controller_words(found: GamePlugin) -> str:
    words = ["'human'", "'bot'", "'bot:NAME'"]
    if found.automaton is not None:
        words.append(f"'{found.automaton.keyword}'")
    return f"{', '.join(words[:-1])} or {words[-1]}"


def _controller(found: GamePlugin, seat: Seat, value: str, caps: bots.BotCaps) -> str:
    if value == "human":
        return value
    spec = bots.bot_spec(value)
    if spec is None:
        raise Refused(422, f"{seat}: controller must be {_controller_words(found)}, not {value!r}")
    problem = bots.check_spec(spec, caps)
    if problem is not None:
        raise Refused(422, f"{seat}: {problem}")
    return f"bot:{spec}"


def _with_automaton(
    found: GamePlugin, options: Mapping[str, Any], controllers: Mapping[str, str]
) -> dict[str, Any]:
    """The options with the seats given to the game's automaton (its controller word) added to
    the automaton's option (LBE §13: ``np``), which the game then checks like any option."""
    automaton = found.automaton
    if automaton is None:
        return dict(options)
    wanted = [seat for seat, value in controllers.items() if value == automaton.keyword]
    return automaton.with_seats(options, wanted) if wanted else dict(options)


def plan_game(
    *,
    game_id: str,
    options: Mapping[str, Any],
    seed: int | None,
    controllers: Mapping[str, str],
    caps: bots.BotCaps = bots.DEFAULT_CAPS,
) -> Plan:
    """Check a request to create a game and seat it, without storing anything (``Refused`` with
    the reason otherwise). Without a seed the game gets a keyed one (256 secret bits,
    ``engine.rng``): nobody, the creator included, can tell its cards and dice in advance."""
    try:
        found = plugin(game_id)
        # Each given option on its own first (names, types, bounds): the refusal names it, and a
        # malformed automaton option is refused rather than replaced by the seats chosen for it.
        found.options.check(options)
        if seed is None:
            seed = new_keyed_seed()
        match = Match(found.game, _with_automaton(found, options, controllers), seed)
    except RealpolitikError as error:
        raise Refused(422, str(error)) from None
    seats = found.game.seats(match.state)
    unknown = sorted(set(controllers) - set(seats))
    if unknown:
        raise Refused(422, f"no seat {', '.join(unknown)} in this game (seats: {', '.join(seats)})")
    automaton = found.automaton
    automated = set(found.automata(match.options))
    if automaton is not None:
        for seat in sorted(automated):
            if controllers.get(seat, automaton.keyword) != automaton.keyword:
                name = text_in(automaton.name, "en")
                raise Refused(
                    422,
                    f"{seat} is a {name} in the options: its controller must be '{automaton.keyword}'",
                )
    chosen = {
        seat: automaton.keyword
        if automaton is not None and seat in automated
        else _controller(found, seat, controllers.get(seat, "human"), caps)
        for seat in seats
    }
    # The automaton plays its seats inside the rules: each is a player of its own with no link,
    # since nobody acts for it (the game never lists it to act) and its hand is nobody's to see.
    groups = [*found.people(match.options), *((seat,) for seat in seats if seat in automated)]
    for group in groups:
        if len({chosen[seat] for seat in group}) != 1:
            raise Refused(422, f"{' and '.join(group)} are held by one player: give them the same controller")
    return Plan(found, match, seed, chosen, groups)


def create_game(
    store: Store,
    *,
    game_id: str,
    options: Mapping[str, Any],
    seed: int | None,
    controllers: Mapping[str, str],
    table_link: bool,
    caps: bots.BotCaps = bots.DEFAULT_CAPS,
    names: Mapping[Seat, str] | None = None,
    clock: Mapping[str, Any] | None = None,
    clock_minimum: float = MIN_SECONDS,
) -> Created:
    """``names``: a seat -> the name of the person holding it (any seat of theirs), checked by
    the caller; ``clock``: the time control as asked (``server/clocks.py``), checked here."""
    try:
        rule = check_clock(clock, clock_minimum)
    except ClockError as error:
        raise Refused(422, str(error)) from None
    plan = plan_game(game_id=game_id, options=options, seed=seed, controllers=controllers, caps=caps)
    game, match, chosen = plan.plugin.game, plan.match, plan.chosen
    seat_players: list[tuple[str, int, str]] = []
    links: list[NewLink] = []
    players: list[dict[str, JSON]] = []
    route = new_route()  # every link of the game begins with it (tokens.py)
    for index, group in enumerate(plan.groups):
        controller = chosen[group[0]]
        seat_players.extend((seat, index, controller) for seat in group)
        entry: dict[str, JSON] = {"seats": list(group), "controller": controller}
        if controller == "human":
            token = new_token(route)
            links.append(NewLink(token, "player", tuple(group)))
            entry["token"] = token
        players.append(entry)
    spectator = new_token(route)
    links.append(NewLink(spectator, "spectator", ()))
    table: str | None = None
    humans = tuple(seat for seat in game.seats(match.state) if chosen[seat] == "human")
    if table_link and humans:
        table = new_token(route)
        links.append(NewLink(table, "table", humans))
    unknown = sorted(set(names or {}) - set(chosen))
    if unknown:
        raise Refused(422, f"names: no seat {', '.join(unknown)} in this game")
    given = names or {}
    by_player = {
        index: name for index, group in enumerate(plan.groups) for seat in group if (name := given.get(seat))
    }
    for index in range(len(plan.groups)):
        if index in by_player:
            players[index]["name"] = by_player[index]
    number = store.create_game(
        game=game.id,
        game_version=game.version,
        options=match.options,
        seed=plan.seed,
        seat_players=seat_players,
        new_links=links,
        names=by_player,
        clock=None if rule is None else rule.to_json(),
    )
    return Created(number, plan.seed, players, spectator, table)


def derived_options(
    found: GamePlugin, options: Mapping[str, Any], controllers: Mapping[str, str]
) -> list[str]:
    """The form options the game works out from the other choices: left out, the game does not
    give them their default (LBE §13: ``players`` follows from the Non-Player Powers). The lobby
    shows their value and does not send them, so a stale choice is never refused."""
    given = _with_automaton(found, options, controllers)
    derived = []
    for option in found.options.options:
        if not option.form or option.kind not in FORM_KINDS:
            continue
        try:
            normalized = found.normalize({k: v for k, v in given.items() if k != option.name})
        except RealpolitikError:
            continue  # the other choices do not fit together: the plan below says why
        if normalized.get(option.name) != option.default:
            derived.append(option.name)
    return derived


def preview(
    *,
    game_id: str,
    options: Mapping[str, Any],
    controllers: Mapping[str, str],
    caps: bots.BotCaps = bots.DEFAULT_CAPS,
) -> dict[str, JSON]:
    """What the lobby shows before a game is created: the options the game would play with, the
    form options it derives (:func:`derived_options`), and who holds which seats."""
    try:
        found = plugin(game_id)
        found.options.check(options)
    except RealpolitikError as error:
        raise Refused(422, str(error)) from None
    derived = derived_options(found, options, controllers)
    kept = {name: value for name, value in options.items() if name not in derived}
    # The options may have changed the seats (Tally's "seats"): the lobby learns them from this
    # answer, so a seat menu it still shows for a seat that is gone is set aside, not refused.
    try:
        present = set(found.seats(found.normalize(kept)))
        controllers = {seat: value for seat, value in controllers.items() if seat in present}
    except RealpolitikError:
        pass  # the plan below says what is wrong
    plan = plan_game(game_id=game_id, options=kept, seed=0, controllers=controllers, caps=caps)
    seats = plan.plugin.game.seats(plan.match.state)
    names = plan.plugin.seat_names(plan.match.options) if plan.plugin.seat_names is not None else {}
    return {
        "options": dict(plan.match.options),
        "derived": list(derived),
        # The seats of the game these options make (Tally's "seats", LBE's Powers), for the menus.
        "seats": [{"id": seat, "name": dict(names.get(seat, {"en": seat}))} for seat in seats],
        "players": [{"seats": list(group), "controller": plan.chosen[group[0]]} for group in plan.groups],
    }


def create_rematch(
    store: Store,
    *,
    game_id: int,
    game: str,
    options: Mapping[str, Any],
    controllers: Mapping[Seat, tuple[int, str]],
    names: Mapping[int, str | None],
    caps: bots.BotCaps = bots.DEFAULT_CAPS,
) -> int:
    """A new game with the same options and seats as the finished ``game_id`` and a fresh secret
    seed: every seat a person held is a person's again (even one handed to a bot during the game),
    bots and the automaton stay; names carry over. No link is made here: each holder's old page
    asks for theirs (``people.rematch_token``). :class:`StaleMove` if the game has one already."""
    humans = {seat for link in store.links_of(game_id) if link.role != "spectator" for seat in link.seats}
    found = plugin(game)
    keyword = found.automaton.keyword if found.automaton is not None else None
    wanted = {
        seat: "human" if seat in humans else controller
        for seat, (_player, controller) in controllers.items()
        if controller != keyword
    }
    plan = plan_game(game_id=game, options=options, seed=None, controllers=wanted, caps=caps)
    seat_players: list[tuple[str, int, str]] = []
    for index, group in enumerate(plan.groups):
        seat_players.extend((seat, index, plan.chosen[group[0]]) for seat in group)
    old_player = {seat: player for seat, (player, _c) in controllers.items()}
    carried = {
        index: name
        for index, group in enumerate(plan.groups)
        if (name := names.get(old_player.get(group[0], -1)))
    }
    return store.create_game(
        game=plan.plugin.game.id,
        game_version=plan.plugin.game.version,
        options=plan.match.options,
        seed=plan.seed,
        seat_players=seat_players,
        new_links=[],
        names=carried,
        rematch_of=game_id,
        clock=store.clock(game_id),  # the same time control
    )
