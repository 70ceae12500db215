"""The checks of the battery. Each plays seeded random games of one plug-in and raises
:class:`BatteryFailure` (an ``AssertionError``) naming the game, the options, the seed, the step and
the broken property.

What is checked, for every option set the plug-in declares (``option_sets``):

* **ends**: random games (uniform over the legal actions) end with an outcome whose scores cover
  every seat not played by the game's automaton and whose winners are seats; the game's own
  invariants hold after every action.
* **legal**: seats not in ``to_act`` have no legal action; every seat in it has at least one; the
  legal list has no duplicates; every legal action's notation parses back to the same action, and
  passes the plug-in's direct legality check when it has one.
* **clone**: a clone serialises like the original, and playing on in the clone leaves the original
  untouched (and the other way round).
* **serialize**: serialising twice gives the same canonical JSON, which holds no floats.
* **replay**: a :class:`~realpolitik.engine.Match` played to the end, saved as a record and read back,
  replays to the same state hash (``verify``); the record's JSON round-trips.
* **undo**: undoing an action that rolled nothing and revealed nothing restores the exact hash and
  log; replaying it gives the same hash again.
* **illegal**: an action of another seat, an action out of turn and garbage notation are refused
  with a reason, and the state hash and log do not change.
* **secrets**: every view is JSON-able and holds no part of the generator's state; with a
  determinizer, a world resampled for a seat gives that seat the very same view (so a view that
  showed another seat's hand, the deck order or the dice to come would differ), the same
  information-state key, and the same legal actions when the seat is acting; answers to a decision
  several seats take at once, and actions the plug-in declares secret, appear in no other seat's
  visible log (their notation, until the game reveals them; a partial check: a game that words
  them otherwise in its log is caught only by the view check).
* **encoding** (games whose plug-in declares an ``encoding``): every legal action's index is in
  ``[0, N)``, the indices of one legal list are distinct and match ``encode``, ``decode`` gives the
  action back (for at most :data:`DECODED` actions of a list, spread over it: a decode lists the
  legal actions again, so all of a long list would cost its square); every observation has the
  declared shape and only finite numbers; and a world
  resampled for the seat by the plug-in's determinizer gives that seat the very same observation
  (so an observation that showed another hand, the deck order or the dice to come would differ).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import JSON, GamePlugin, IllegalAction, Match, RealpolitikError, Rng, Seat
from ..engine.canonical import canonical_json
from ..engine.record import Record, parse_record, replay

MAX_ACTIONS = 20_000
"""A random game longer than this is taken not to end."""


class BatteryFailure(AssertionError):
    """A property of the engine contract that a game breaks."""


@dataclass(frozen=True, slots=True)
class Check:
    name: str
    run: Callable[[GamePlugin, Mapping[str, JSON], int], None]
    """``run(plugin, options, seed)`` for one option set and seed."""
    doc: str


def _fail(plugin: GamePlugin, options: Mapping[str, JSON], seed: int, what: str) -> BatteryFailure:
    return BatteryFailure(
        f"{plugin.id} options={json.dumps(dict(options), sort_keys=True)} seed={seed}: {what}"
    )


def _rng(seed: int, stream: int) -> Rng:
    return Rng.from_seed(seed, stream=stream)


def random_walk(
    plugin: GamePlugin, options: Mapping[str, JSON], seed: int
) -> Iterator[tuple[Any, Seat, Any]]:
    """The positions of one random game (a fresh state, played on in place): yields ``(state,
    seat, action)`` before each action is applied; seats deciding at once act in ``to_act`` order.
    Ends with the game, or fails after :data:`MAX_ACTIONS`."""
    game = plugin.game
    state = game.setup(game.normalize_options(dict(options)), seed)
    chooser = _rng(seed, 0xBA77)
    for _ in range(MAX_ACTIONS):
        acting = game.to_act(state)
        if not acting:
            return
        seat = acting[chooser.below(len(acting))]
        legal = game.legal_actions(state, seat)
        if not legal:
            raise _fail(plugin, options, seed, f"{seat} is to act but has no legal action")
        action = legal[chooser.below(len(legal))]
        yield state, seat, action
        game.apply(state, seat, action, None)
    raise _fail(plugin, options, seed, f"no end after {MAX_ACTIONS} random actions")


# -- the checks ---------------------------------------------------------------------------------------


def check_ends(plugin: GamePlugin, options: Mapping[str, JSON], seed: int) -> None:
    game = plugin.game
    final = None
    for step, (state, _seat, _action) in enumerate(random_walk(plugin, options, seed)):
        final = state
        if plugin.invariants is not None:
            try:
                plugin.invariants(state)
            except AssertionError as error:
                raise _fail(plugin, options, seed, f"step {step}: invariant broken: {error}") from None
    assert final is not None, "a game that needs no decision at all"
    outcome = game.outcome(final)
    if outcome is None:
        raise _fail(plugin, options, seed, "nobody is to act but the game has no outcome")
    seats = set(game.seats(final))
    # Every seat a person or a bot plays has a score; the automaton's seats may have none (LBE's
    # Non-Player Powers never score, §13.10).
    automata = set(plugin.automata(game.normalize_options(dict(options))))
    scored = seats - automata
    if not scored <= set(outcome.scores) <= seats:
        raise _fail(
            plugin,
            options,
            seed,
            f"outcome scores {sorted(outcome.scores)} are not the seats {sorted(scored)}",
        )
    # Nobody wins only against the automaton (LBE's solo game lost on the §13.10 table).
    if not set(outcome.winners) <= seats or (not outcome.winners and not automata):
        raise _fail(plugin, options, seed, f"winners {outcome.winners} are not seats")
    json.dumps(outcome.to_json())


def check_legal(plugin: GamePlugin, options: Mapping[str, JSON], seed: int) -> None:
    game = plugin.game
    for step, (state, _seat, _action) in enumerate(random_walk(plugin, options, seed)):
        acting = set(game.to_act(state))
        for seat in game.seats(state):
            legal = game.legal_actions(state, seat)
            if seat not in acting:
                if legal:
                    raise _fail(
                        plugin, options, seed, f"step {step}: {seat} is not to act but has legal actions"
                    )
                continue
            if len(set(legal)) != len(legal):
                raise _fail(plugin, options, seed, f"step {step}: {seat}'s legal list repeats an action")
            for action in legal:
                text = game.notation(action)
                if game.parse_action(text) != action:
                    raise _fail(
                        plugin, options, seed, f"step {step}: {text!r} does not parse back to its action"
                    )


def check_clone(plugin: GamePlugin, options: Mapping[str, JSON], seed: int) -> None:
    game = plugin.game
    for step, (state, seat, action) in enumerate(random_walk(plugin, options, seed)):
        if step % 7:
            continue  # every 7th position: enough to catch shared lists, cheap enough to run often
        before = canonical_json(game.serialize(state))
        twin = game.clone(state)
        if canonical_json(game.serialize(twin)) != before:
            raise _fail(plugin, options, seed, f"step {step}: a clone serialises differently")
        game.apply(twin, seat, action, None)
        if canonical_json(game.serialize(state)) != before:
            raise _fail(plugin, options, seed, f"step {step}: playing in a clone changed the original")
        other = game.clone(state)
        after_twin = canonical_json(game.serialize(twin))
        game.apply(other, seat, action, None)
        if canonical_json(game.serialize(twin)) != after_twin:
            raise _fail(plugin, options, seed, f"step {step}: playing in one clone changed another")


def check_serialize(plugin: GamePlugin, options: Mapping[str, JSON], seed: int) -> None:
    game = plugin.game
    for step, (state, _seat, _action) in enumerate(random_walk(plugin, options, seed)):
        if step % 5:
            continue
        try:
            first = canonical_json(game.serialize(state))
        except (TypeError, ValueError) as error:
            raise _fail(
                plugin, options, seed, f"step {step}: the state is not canonical JSON: {error}"
            ) from None
        if canonical_json(game.serialize(state)) != first:
            raise _fail(plugin, options, seed, f"step {step}: serialising twice differs")


def _played_match(
    plugin: GamePlugin, options: Mapping[str, JSON], seed: int, limit: int | None = None
) -> Match:
    match = Match(plugin.game, dict(options), seed)
    chooser = _rng(seed, 0x4EC0)
    count = 0
    while (limit is None or count < limit) and not match.is_over():
        acting = match.to_act()
        seat = acting[chooser.below(len(acting))]
        legal = match.legal_actions(seat)
        match.play(seat, legal[chooser.below(len(legal))])
        count += 1
        if count > MAX_ACTIONS:
            raise _fail(plugin, options, seed, f"no end after {MAX_ACTIONS} random actions")
    return match


def check_replay(plugin: GamePlugin, options: Mapping[str, JSON], seed: int) -> None:
    match = _played_match(plugin, options, seed)
    record = Record.of(match)
    text = record.to_json()
    again = parse_record(text)
    if again.to_json() != text:
        raise _fail(plugin, options, seed, "the record's JSON does not round-trip")
    try:
        replayed = replay(again, verify=True)
    except RealpolitikError as error:
        raise _fail(plugin, options, seed, f"the record does not replay: {error}") from None
    if replayed.hash() != match.hash():
        raise _fail(plugin, options, seed, "the replay ends in another state")
    if [str(m) for m in replayed.moves] != [str(m) for m in match.moves]:
        raise _fail(plugin, options, seed, "the replay's moves differ")


def check_undo(plugin: GamePlugin, options: Mapping[str, JSON], seed: int) -> None:
    match = Match(plugin.game, dict(options), seed)
    chooser = _rng(seed, 0x0D0)
    for step in range(MAX_ACTIONS):
        if match.is_over():
            return
        acting = match.to_act()
        seat = acting[chooser.below(len(acting))]
        legal = match.legal_actions(seat)
        action = legal[chooser.below(len(legal))]
        before, log_length = match.hash(), len(match.log)
        match.play(seat, action)
        after = match.hash()
        if match.undo_refusal(seat) is None:
            match.undo(seat)
            if match.hash() != before or len(match.log) != log_length:
                raise _fail(plugin, options, seed, f"step {step}: undo did not restore the state and log")
            match.play(seat, action)
            if match.hash() != after:
                raise _fail(
                    plugin, options, seed, f"step {step}: the same action after an undo gave another state"
                )
    raise _fail(plugin, options, seed, f"no end after {MAX_ACTIONS} random actions")


def check_illegal(plugin: GamePlugin, options: Mapping[str, JSON], seed: int) -> None:
    game = plugin.game
    match = Match(game, dict(options), seed)
    chooser = _rng(seed, 0x111)
    for step in range(MAX_ACTIONS):
        if match.is_over():
            break
        acting = match.to_act()
        seats = game.seats(match.state)
        idle = [s for s in seats if s not in acting]
        actor = acting[chooser.below(len(acting))]
        legal = match.legal_actions(actor)
        before, log_length = match.hash(), len(match.log)
        attempts: list[tuple[Seat, Any]] = [(actor, "\u2603 no such action \u2603")]
        if idle:
            attempts.append((idle[step % len(idle)], legal[0]))  # out of turn
        for other in acting:
            foreign = [a for a in match.legal_actions(other) if a not in match.legal_actions(actor)]
            if other != actor and foreign:
                attempts.append((actor, foreign[0]))  # another seat's action
        for seat, attempt in attempts:
            try:
                match.play(seat, attempt)
            except IllegalAction as error:
                if not error.reason:
                    raise _fail(plugin, options, seed, f"step {step}: a refusal without a reason") from None
            else:
                raise _fail(plugin, options, seed, f"step {step}: {seat} was allowed {attempt!r}")
            if match.hash() != before or len(match.log) != log_length:
                raise _fail(plugin, options, seed, f"step {step}: a refused action changed the game")
        match.play(actor, legal[chooser.below(len(legal))])
        if step >= 300:
            break  # the opening positions are where refusals differ; the rest adds little


def _numbers_of(rng_json: Mapping[str, Any]) -> set[int]:
    """The generator's state words worth looking for in a view (small counters could appear by
    chance and are left out)."""
    return {v for v in rng_json.values() if isinstance(v, int) and not isinstance(v, bool) and v > 10**6}


def _ints_in(data: Any) -> Iterator[int]:
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield data
    elif isinstance(data, Mapping):
        for value in data.values():
            yield from _ints_in(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from _ints_in(value)


def check_secrets(plugin: GamePlugin, options: Mapping[str, JSON], seed: int) -> None:
    game = plugin.game
    resample = _rng(seed, 0x5EC)
    match = Match(game, dict(options), seed)
    chooser = _rng(seed, 0x5E1)
    sealed: list[tuple[Seat, str, bool]] = []
    """(seat, notation, kept secret for good) of answers other seats may not read in the log."""
    for step in range(MAX_ACTIONS):
        state = match.state
        seats = game.seats(state)
        if step % 5 == 0:
            words = _numbers_of(game.rng(state).to_json())
            for seat in (*seats, None):
                view = match.view(seat)
                try:
                    canonical_json(view)
                except (TypeError, ValueError) as error:
                    raise _fail(
                        plugin, options, seed, f"step {step}: {seat}'s view is not JSON: {error}"
                    ) from None
                if words & set(_ints_in(view)):
                    raise _fail(
                        plugin, options, seed, f"step {step}: {seat}'s view shows the generator's state"
                    )
                if plugin.determinize is None:
                    continue
                world = plugin.determinize(state, seat, resample)
                if game.view(world, seat) != view:
                    raise _fail(
                        plugin,
                        options,
                        seed,
                        f"step {step}: {seat or 'a spectator'}'s view changes when what it cannot see is "
                        "resampled: the view shows hidden information, or the determinizer changes what it "
                        "may see",
                    )
                key = plugin.info_key
                if key is not None and seat is not None and key(world, seat) != key(state, seat):
                    raise _fail(
                        plugin,
                        options,
                        seed,
                        f"step {step}: {seat}'s information-state key changes in a resampled world",
                    )
                if seat is not None and seat in game.to_act(state):
                    mine = [game.notation(a) for a in game.legal_actions(state, seat)]
                    theirs = [game.notation(a) for a in game.legal_actions(world, seat)]
                    if sorted(mine) != sorted(theirs):
                        raise _fail(
                            plugin,
                            options,
                            seed,
                            f"step {step}: {seat}'s legal actions differ in a resampled world",
                        )
        if match.is_over():
            break
        acting = match.to_act()
        seat = acting[chooser.below(len(acting))]
        legal = match.legal_actions(seat)
        action = legal[chooser.below(len(legal))]
        checkpoint, since = game.checkpoint(state), len(match.log)
        match.play(seat, action)
        if len(acting) > 1 or plugin.secret(action):
            sealed.append((seat, game.notation(action), plugin.secret(action)))
        if game.checkpoint(match.state) != checkpoint:
            sealed = [s for s in sealed if s[2]]  # revealed: sealed answers may now be told
        for owner, notation, _ in sealed:
            for other in seats:
                told = [e.text for e in match.log[since:] if other != owner and e.visible(other)]
                if any(notation in text for text in told):
                    raise _fail(
                        plugin, options, seed, f"step {step}: {other} reads {owner}'s sealed {notation!r}"
                    )
    else:
        raise _fail(plugin, options, seed, f"no end after {MAX_ACTIONS} random actions")


DECODED = 12
"""How many actions of one legal list the encoding check decodes (evenly spread, first and last
included); every action is still encoded and its index checked."""


def check_encoding(plugin: GamePlugin, options: Mapping[str, JSON], seed: int) -> None:
    encoding = plugin.encoding
    if encoding is None:
        return  # nothing declared: the adapters' generic fallback is tested with the adapters
    game = plugin.game
    normalized = game.normalize_options(dict(options))
    size = encoding.size(normalized)
    length = sum(f.size for f in encoding.observation_fields(normalized))
    resample = _rng(seed, 0xE0C)
    for step, (state, _seat, _action) in enumerate(random_walk(plugin, options, seed)):
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            indices = encoding.legal_indices(state, seat)
            if len(indices) != len(legal) or len(set(indices)) != len(indices):
                raise _fail(plugin, options, seed, f"step {step}: {seat}'s legal indices are not distinct")
            stride = max(1, (len(legal) - 1) // (DECODED - 1))
            for i, (action, index) in enumerate(zip(legal, indices, strict=True)):
                text = game.notation(action)
                if not 0 <= index < size:
                    raise _fail(
                        plugin, options, seed, f"step {step}: {text!r} has index {index}, not in [0, {size})"
                    )
                if encoding.encode(state, seat, action) != index:
                    raise _fail(
                        plugin, options, seed, f"step {step}: encode({text!r}) differs from legal_indices"
                    )
                if (i % stride == 0 or i == len(legal) - 1) and encoding.decode(state, seat, index) != action:
                    raise _fail(
                        plugin, options, seed, f"step {step}: index {index} does not decode to {text!r}"
                    )
        if step % 3:
            continue
        for seat in game.seats(state):
            observed = list(encoding.observe(state, seat))
            if len(observed) != length:
                raise _fail(
                    plugin,
                    options,
                    seed,
                    f"step {step}: {seat}'s observation has {len(observed)} numbers, not {length}",
                )
            if not all(isinstance(x, int | float) and math.isfinite(x) for x in observed):
                raise _fail(
                    plugin, options, seed, f"step {step}: {seat}'s observation is not all finite numbers"
                )
            if plugin.determinize is not None:
                world = plugin.determinize(state, seat, resample)
                if list(encoding.observe(world, seat)) != observed:
                    raise _fail(
                        plugin,
                        options,
                        seed,
                        f"step {step}: {seat}'s observation changes when what it cannot see is resampled",
                    )


CHECKS: tuple[Check, ...] = (
    Check("ends", check_ends, "random games end with an outcome; invariants hold"),
    Check("legal", check_legal, "only seats to act have legal actions; notation round-trips"),
    Check("clone", check_clone, "clones are independent"),
    Check("serialize", check_serialize, "serialisation is canonical and stable"),
    Check("replay", check_replay, "a record replays to the same hash"),
    Check("undo", check_undo, "undo restores the exact hash and log"),
    Check("illegal", check_illegal, "illegal actions are refused with a reason and change nothing"),
    Check("secrets", check_secrets, "no view or visible log shows another seat's hidden information"),
    Check("encoding", check_encoding, "action indices round-trip; observations are fixed and leak nothing"),
)


def run_battery(
    plugin: GamePlugin, seeds: tuple[int, ...] = (1, 2), checks: tuple[str, ...] | None = None
) -> list[str]:
    """Every check (or those named) for every option set of ``plugin`` and every seed; returns
    the names of the checks run, raises :class:`BatteryFailure` at the first failure."""
    done = []
    for check in CHECKS:
        if checks is not None and check.name not in checks:
            continue
        for options in plugin.option_sets:
            for seed in seeds:
                check.run(plugin, options, seed)
        done.append(check.name)
    return done
