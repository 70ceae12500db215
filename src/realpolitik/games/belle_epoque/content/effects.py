"""The vocabulary of card effects, and the checks every card's ``effect`` passes at load time.

A card's effect is a list of steps, each a table naming a primitive (``op``) and its arguments::

    effect = { value = [
      { op = "place", owner = "italy", territory = "horn-of-africa", count = 2, mode = "event" },
    ], stated = "§6.2 example; §12" }

Any step may carry ``if = "option"``: it runs only when that option was chosen (a choice made when
the card is played, e.g. Social Policy's ``prestige`` or ``money``, or by an ``ask`` step, e.g. the
victim of Political Scandal). The rules read the steps in ``games/belle_epoque/effects.py``; see
``docs/cards.md`` for each primitive in words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

POWERS: Final = ("GB", "FR", "CE", "RU")
EVENT, INTRIGUE, NATIONAL = "event", "intrigue", "national"
CARDS: Final = frozenset({INTRIGUE, NATIONAL})
ALL_DECKS: Final = frozenset({EVENT, INTRIGUE, NATIONAL})

PLACE_MODES: Final = ("event", "intrigue", "free", "send")
"""``event``: §6.2 (a free space, else a die picks the cube to replace); ``intrigue``: §8.6.2 (a
free space or any DM cube the player picks, no dispute); ``free``: a free space the player picks;
``send``: like Send Diplomatic Missions from the Embassies (free space or dispute), no fleet needed."""
MODIFIERS: Final = ("superior-doctrine", "empire-of-the-seas", "trans-siberian", "dispute-bonus")
"""Named lasting modifiers; what each one does is a rule hook (dispute.py, board.py)."""
KINDS: Final = ("minor", "colony")
TURNS: Final = ("this", "next", "choose")


@dataclass(frozen=True, slots=True)
class Refs:
    """What an effect may name: the map's ids, and which deck the card belongs to."""

    deck: str
    territories: frozenset[str]
    minors: frozenset[str]
    """Minor-nation territories (alliances)."""
    colonies: frozenset[str]
    continents: frozenset[str]
    colours: frozenset[str]
    """Minor-nation cube colours (``italy``, ``united-states``, ...)."""


Check = Callable[[Any, Refs], str | None]


def _int(low: int) -> Check:
    def check(value: Any, refs: Refs) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            return f"a whole number of at least {low}"
        return None

    return check


def _nonzero(value: Any, refs: Refs) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int) or value == 0:
        return "a whole number other than 0 (negative: a loss)"
    return None


def _count_or_all(value: Any, refs: Refs) -> str | None:
    return None if value == "all" else _int(1)(value, refs)


def _bool(value: Any, refs: Refs) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def _one_of(*allowed: str) -> Check:
    def check(value: Any, refs: Refs) -> str | None:
        return None if value in allowed else f"one of {', '.join(allowed)}"

    return check


def _territory(value: Any, refs: Refs) -> str | None:
    return None if value in refs.territories else f"a territory id (got {value!r})"


def _territories(value: Any, refs: Refs) -> str | None:
    if not isinstance(value, list) or not value:
        return "a non-empty list of territory ids"
    bad = [t for t in value if t not in refs.territories]
    return f"unknown territory {bad[0]!r}" if bad else None


def _each(value: Any, refs: Refs) -> str | None:
    if not isinstance(value, list) or not value:
        return "a list with one entry per cube, each a list of the territories it may go to"
    for entry in value:
        problem = _territories(entry, refs)
        if problem:
            return problem
    return None


def _continents(value: Any, refs: Refs) -> str | None:
    if not isinstance(value, list) or not value or any(c not in refs.continents for c in value):
        return f"a non-empty list of continents ({', '.join(sorted(refs.continents))})"
    return None


def _kinds(value: Any, refs: Refs) -> str | None:
    if not isinstance(value, list) or not value or any(k not in KINDS for k in value):
        return "a non-empty list of territory kinds (minor, colony)"
    return None


def _who(value: Any, refs: Refs) -> str | None:
    """Whose money, Prestige, cubes or cards: a Power; ``all``; the Power allied with a minor
    nation (``ally:serbia``) or controlling a colony (``controller:china``); on cards also
    ``self`` (the player) and ``target`` (the opposing Power picked when the card is played)."""
    if value in POWERS or value == "all":
        return None
    if value in ("self", "target"):
        return None if refs.deck in CARDS else "`self` and `target` are for Intrigue and National cards"
    if isinstance(value, str) and value.startswith("ally:"):
        return None if value[5:] in refs.minors else f"{value!r}: no minor nation {value[5:]!r}"
    if isinstance(value, str) and value.startswith("controller:"):
        return None if value[11:] in refs.colonies else f"{value!r}: no colony {value[11:]!r}"
    return "self, target, all, a Power (GB, FR, CE, RU), ally:MINOR or controller:COLONY"


def _self_who(value: Any, refs: Refs) -> str | None:
    return None if value == "self" else "only `self` (the player's own units)"


def _target_who(value: Any, refs: Refs) -> str | None:
    return None if value == "target" else "only `target` (the opposing Power picked at play)"


def _place_owner(value: Any, refs: Refs) -> str | None:
    """Whose cube is placed: a minor colour, a Power, or ``self`` (cards)."""
    if value in refs.colours or value in POWERS:
        return None
    if value == "self":
        return None if refs.deck in CARDS else "`self` is for Intrigue and National cards"
    return f"a minor cube colour ({', '.join(sorted(refs.colours))}), a Power or self"


def _remove_owner(value: Any, refs: Refs) -> str | None:
    """Whose cubes are removed: ``opposing`` (any opposing Power, cards), ``target`` (cards),
    ``powers`` (every Power, events), a Power, ``ally:MINOR``, or a minor colour."""
    if value in refs.colours or value in POWERS or value == "powers":
        return None
    if value in ("opposing", "target"):
        return None if refs.deck in CARDS else f"`{value}` is for Intrigue and National cards"
    if isinstance(value, str) and value.startswith("ally:"):
        return None if value[5:] in refs.minors else f"{value!r}: no minor nation {value[5:]!r}"
    return "opposing, target, powers, a Power, ally:MINOR or a minor cube colour"


def _colour_or_power(value: Any, refs: Refs) -> str | None:
    return None if value in refs.colours or value in POWERS else "a minor cube colour or a Power"


def _options(value: Any, refs: Refs) -> str | None:
    if not isinstance(value, list) or len(value) < 2 or not all(isinstance(v, str) and v for v in value):
        return "a list of at least 2 option names"
    return None


def _modifier(value: Any, refs: Refs) -> str | None:
    return _one_of(*MODIFIERS)(value, refs)


WHERE: Final[dict[str, Check]] = {
    "territory": _territory,
    "territories": _territories,
    "continents": _continents,
    "kinds": _kinds,
}
"""Where a step acts; left out, anywhere on the map. ``self_present``: only where the player has
a DM cube already."""


@dataclass(frozen=True, slots=True)
class OpSpec:
    decks: frozenset[str]
    args: Mapping[str, Check]
    required: tuple[str, ...]
    check: Callable[[Mapping[str, Any], Refs], str | None] | None = None
    """Checks that involve several arguments."""


def _check_place(args: Mapping[str, Any], refs: Refs) -> str | None:
    mode = args["mode"]
    if (mode == "event") != (refs.deck == EVENT):
        return "events place by §6.2 (mode = 'event'); cards place with intrigue, free or send"
    if "each" in args and ("count" in args or "distinct" in args):
        return "`each` gives one cube per entry: leave out `count` and `distinct`"
    if mode == "send" and args.get("owner") != "self":
        return "mode 'send' sends the player's own cubes from its Embassies (owner = 'self')"
    if mode == "event" and "territory" not in args:
        return "an event places in one named `territory`"
    return None


def _check_remove(args: Mapping[str, Any], refs: Refs) -> str | None:
    choose = args.get("choose", refs.deck in CARDS)
    if choose and refs.deck == EVENT:
        return "events remove automatically (choose = false): the lowest-numbered spaces first"
    if choose and args.get("count") == "all":
        return "`count = 'all'` removes automatically (choose = false)"
    if args.get("owner") in ("opposing", "target") and not choose:
        return "cards let the player choose the cubes they remove (choose = true)"
    return None


_WHERE_ARGS: Final = {**WHERE, "self_present": _bool}

OPS: Final[dict[str, OpSpec]] = {
    "money": OpSpec(
        ALL_DECKS,
        {"who": _who, "amount": _nonzero, "per": _one_of("colony", "minor"), "max": _int(1)},
        ("who", "amount"),
    ),
    "prestige": OpSpec(ALL_DECKS, {"who": _who, "steps": _nonzero, "bonuses": _bool}, ("who", "steps")),
    "embassies": OpSpec(ALL_DECKS, {"who": _who, "amount": _nonzero}, ("who", "amount")),
    "draw": OpSpec(ALL_DECKS, {"who": _who, "count": _int(1)}, ("who", "count")),
    "discard": OpSpec(ALL_DECKS, {"who": _who, "count": _int(1)}, ("who", "count")),
    "place": OpSpec(
        ALL_DECKS,
        {
            "owner": _place_owner,
            "count": _int(1),
            "each": _each,
            "distinct": _bool,
            "mode": _one_of(*PLACE_MODES),
            **_WHERE_ARGS,
        },
        ("owner", "mode"),
        _check_place,
    ),
    "remove": OpSpec(
        ALL_DECKS,
        {
            "owner": _remove_owner,
            "count": _count_or_all,
            "per_power": _int(1),
            "per_territory": _int(1),
            "choose": _bool,
            **_WHERE_ARGS,
        },
        ("owner", "count"),
        _check_remove,
    ),
    "convert": OpSpec(
        frozenset({EVENT}),
        {"territory": _territory, "from": _colour_or_power, "to": _colour_or_power},
        ("territory", "from", "to"),
    ),
    "ask": OpSpec(CARDS, {"who": _target_who, "options": _options}, ("who", "options")),
    "lose_unit": OpSpec(CARDS, {"who": _target_who}, ("who",)),
    "exhaust_fleet": OpSpec(CARDS, {"who": _target_who}, ("who",)),
    "refresh_fleet": OpSpec(CARDS, {"who": _self_who}, ("who",)),
    "buy_fleet": OpSpec(CARDS, {"who": _self_who, "cost": _int(0)}, ("who", "cost")),
    "block_sends": OpSpec(CARDS, {"turn": _one_of(*TURNS)}, ("turn",)),
    "modifier": OpSpec(CARDS, {"who": _self_who, "name": _modifier, "amount": _int(1)}, ("who", "name")),
    "reroll": OpSpec(frozenset({INTRIGUE}), {}, ()),
    "final_vp": OpSpec(frozenset({EVENT}), {"territories": _territories}, ("territories",)),
    "end_game": OpSpec(frozenset({EVENT}), {}, ()),
}
"""Every primitive: the decks that may use it, its arguments and the required ones."""


def check_step(step: Mapping[str, Any], refs: Refs) -> str | None:
    """What is wrong with one step (in words), or None."""
    op = step.get("op")
    if not isinstance(op, str) or not op:
        return "needs an `op` (the primitive's name)"
    spec = OPS.get(op)
    if spec is None:
        return f"unknown op {op!r} (known: {', '.join(OPS)})"
    if refs.deck not in spec.decks:
        return f"op {op!r} is not for {refs.deck} cards"
    for key in spec.required:
        if key not in step:
            return f"op {op!r} needs `{key}`"
    for key, value in step.items():
        if key in ("op", "if"):
            continue
        checker = spec.args.get(key)
        if checker is None:
            return f"op {op!r} has no argument `{key}` (it takes {', '.join(spec.args) or 'none'})"
        problem = checker(value, refs)
        if problem:
            return f"`{key}` must be {problem}"
    if "if" in step and (not isinstance(step["if"], str) or not step["if"]):
        return "`if` names the option the step belongs to"
    if sum(key in step for key in ("territory", "territories", "each")) > 1:
        return "give at most one of `territory`, `territories`, `each`"
    return spec.check(step, refs) if spec.check else None


def check_effect(steps: Sequence[Mapping[str, Any]], refs: Refs) -> tuple[int, str] | None:
    """The first problem of a whole effect as (step number from 1, reason), or None."""
    if not steps:
        return 0, "an effect needs at least one step"
    for number, step in enumerate(steps, 1):
        problem = check_step(step, refs)
        if problem:
            return number, problem
    asks = [i for i, step in enumerate(steps) if step["op"] == "ask"]
    conditions = [(i, step["if"]) for i, step in enumerate(steps) if "if" in step]
    if len(asks) > 1:
        return asks[1] + 1, "one `ask` per effect"
    if asks:
        allowed = set(steps[asks[0]]["options"])
        for i, option in conditions:
            if i < asks[0]:
                return i + 1, "a step with `if` must come after the `ask` that chooses"
            if option not in allowed:
                return i + 1, f"`if = {option!r}` is not one of the ask's options"
    elif conditions and len({option for _, option in conditions}) < 2:
        return conditions[0][0] + 1, "`if` steps offer a choice: give at least 2 options"
    if any(step["op"] == "reroll" for step in steps) and len(steps) > 1:
        return 1, "a reroll (a reaction in a dispute) is the half's only step"
    return None
