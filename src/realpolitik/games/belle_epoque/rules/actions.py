"""The actions of La Belle Époque and their notation (round-trip exact).

| notation | action | rule |
| --- | --- | --- |
| ``place serbia`` | Initial Setup: a DM cube from the starting pool | §3.3 |
| ``send china`` / ``send china@3`` | Send a DM cube to a free space / onto the cube in space 3 | §8.2 |
| ``buy 2 armies 1 fleet`` | Buy Military Units | §8.1 |
| ``great-work`` | Build the Great Work | §8.3 |
| ``invest`` | Economic Investment | §8.4 |
| ``prestige`` | Gain International Prestige | §8.5 |
| ``play social-policy`` / ``play big-stick-policy/2`` | Play a National card / an Intrigue half | §8.6 |
| ``resolve horn-of-africa@5`` | Resolve the dispute in space 5 | §8.7 |
| ``commit 1 fleet 2 armies +italy-army`` / ``commit none`` | Units for a dispute | §8.7 |
| ``deploy arsenal>africa`` / ``deploy italy-fleet>europe`` | Deploy Fleets (one move each) | §8.8 |
| ``sell horn-of-africa`` / ``sell italy@2,5 fleet:africa`` | Sell Armaments | §8.9 |
| ``pass`` | Pass | §8.10 |
| ``end`` | End the Action-Phase turn after one action | §8.0 |
| ``keep press-campaign`` | Keep one of two Intrigue cards (Ottoman ally) | §8.2.3 |
| ``remove belgium@2`` | A card removes the DM cube in space 2 | §8.6 |
| ``place japan`` / ``place china@3`` | A card's cube: a free space / replacing the cube in space 3 | §8.6.2 |
| ``choose prestige`` / ``choose accept`` | A choice a card asks for; ``accept`` keeps a dispute roll | §8.6 |
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from ....engine import NotationError

_ID: Final = r"[a-z][a-z0-9-]*"
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Place:
    territory: str
    space: int = 0
    """Cards (§8.6.2): 0 for a free space, else the 1-based space whose cube is replaced."""


@dataclass(frozen=True, slots=True)
class Send:
    territory: str
    space: int = 0
    """0: a free space; otherwise the space whose cube the new cube disputes."""


@dataclass(frozen=True, slots=True)
class Buy:
    armies: int
    fleets: int


@dataclass(frozen=True, slots=True)
class GreatWork:
    pass


@dataclass(frozen=True, slots=True)
class Invest:
    pass


@dataclass(frozen=True, slots=True)
class Prestige:
    pass


@dataclass(frozen=True, slots=True)
class Play:
    card: str
    half: int = 0
    """Intrigue cards: which half (1 or 2); National cards: 0."""
    choice: str = ""
    """The card's own choices, as its effect defines them (targets, territories, option)."""


@dataclass(frozen=True, slots=True)
class Resolve:
    territory: str
    space: int


@dataclass(frozen=True, slots=True)
class Commit:
    fleets: int = 0
    armies: int = 0
    minors: tuple[str, ...] = ()
    """Allied minor units mobilised for free (``italy-fleet``, ``bulgaria-army``)."""


@dataclass(frozen=True, slots=True)
class Deploy:
    source: str
    """``arsenal``, a fleet box (``africa``) or an allied minor fleet (``italy-fleet``)."""
    dest: str


@dataclass(frozen=True, slots=True)
class Sell:
    territory: str
    rate: int = 0
    """Which exchange rate of the territory (index), when it has several."""
    replace: tuple[int, ...] = ()
    """Spaces whose DM cubes the Armament cubes replace when no space is free (§8.9.1)."""
    fleets_from: tuple[str, ...] = ()
    """Where the sold fleets come from (``arsenal`` or a box), when fleets are sold."""


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class End:
    pass


@dataclass(frozen=True, slots=True)
class Keep:
    card: str


@dataclass(frozen=True, slots=True)
class Remove:
    """A card's removal of the DM cube in a space (e.g. Nationalist Disorder)."""

    territory: str
    space: int


@dataclass(frozen=True, slots=True)
class Choose:
    """A choice a card asks for (a victim's loss, a fleet box), or ``accept`` a dispute roll."""

    option: str


Action = (
    Place
    | Send
    | Buy
    | GreatWork
    | Invest
    | Prestige
    | Play
    | Resolve
    | Commit
    | Deploy
    | Sell
    | Pass
    | End
    | Keep
    | Remove
    | Choose
)


# -- shared instances -------------------------------------------------------------------------------
# Actions are immutable values, so the legal-action lists of the hot paths hand out one shared
# object per (territory, space) instead of building a new one at every decision.

_SENDS: Final[dict[str, list[Send]]] = {}
_RESOLVES: Final[dict[str, list[Resolve]]] = {}
_PLACES: Final[dict[str, list[Place]]] = {}
_REMOVES: Final[dict[str, list[Remove]]] = {}


def _at(row_of: dict[str, list[T]], kind: Callable[[str, int], T], territory: str, space: int) -> T:
    row = row_of.get(territory)
    if row is None:
        row = row_of[territory] = []
    while len(row) <= space:
        row.append(kind(territory, len(row)))
    return row[space]


def send(territory: str, space: int = 0) -> Send:
    """``Send(territory, space)``, shared."""
    return _at(_SENDS, Send, territory, space)


def send_row(territory: str, spaces: int) -> list[Send]:
    """The shared ``Send(territory, 0..spaces)``, indexed by space (0: a free space)."""
    row = _SENDS.get(territory)
    if row is None or len(row) <= spaces:
        send(territory, spaces)
        row = _SENDS[territory]
    return row


def resolve(territory: str, space: int) -> Resolve:
    """``Resolve(territory, space)``, shared."""
    row = _RESOLVES.get(territory)
    if row is not None and space < len(row):  # (made already: _at's look-up without the call)
        return row[space]
    return _at(_RESOLVES, Resolve, territory, space)


def place(territory: str, space: int = 0) -> Place:
    """``Place(territory, space)``, shared."""
    return _at(_PLACES, Place, territory, space)


_FREE_PLACES: Final[dict[str, Place]] = {}


def free_places(territories: Iterable[str]) -> list[Action]:
    """``Place(territory)`` (a free space) for each territory, shared: one look-up each."""
    found: list[Action] = []
    for territory in territories:
        action = _FREE_PLACES.get(territory)
        if action is None:
            action = _FREE_PLACES[territory] = place(territory)
        found.append(action)
    return found


def remove(territory: str, space: int) -> Remove:
    """``Remove(territory, space)``, shared."""
    row = _REMOVES.get(territory)
    if row is not None and space < len(row):  # (as resolve)
        return row[space]
    return _at(_REMOVES, Remove, territory, space)


_SHARED: Final[dict[tuple[Any, ...], Any]] = {}


def shared(kind: type[T], *fields: Any) -> T:
    """``kind(*fields)``, shared: one object per distinct action (the action space is finite)."""
    key = (kind, *fields)
    found: T | None = _SHARED.get(key)  # (an entry keyed by ``kind`` is one: no cast call)
    if found is None:
        found = _SHARED[key] = kind(*fields)
    return found


def _plural(n: int, word: str) -> str:
    if word == "army":
        return f"{n} {'army' if n == 1 else 'armies'}"
    return f"{n} {word}{'' if n == 1 else 's'}"


def notation(action: Action) -> str:
    """The short text of an action."""
    match action:
        case Place(territory, space):
            return f"place {territory}@{space}" if space else f"place {territory}"
        case Send(territory, space):
            return f"send {territory}@{space}" if space else f"send {territory}"
        case Buy(armies, fleets):
            parts = [_plural(armies, "army")] if armies else []
            if fleets:
                parts.append(_plural(fleets, "fleet"))
            return "buy " + " ".join(parts)
        case GreatWork():
            return "great-work"
        case Invest():
            return "invest"
        case Prestige():
            return "prestige"
        case Play(card, half, choice):
            text = f"play {card}/{half}" if half else f"play {card}"
            return f"{text} {choice}" if choice else text
        case Resolve(territory, space):
            return f"resolve {territory}@{space}"
        case Commit(fleets, armies, minors):
            parts = [_plural(fleets, "fleet")] if fleets else []
            if armies:
                parts.append(_plural(armies, "army"))
            parts.extend(f"+{m}" for m in minors)
            return "commit " + (" ".join(parts) if parts else "none")
        case Deploy(source, dest):
            return f"deploy {source}>{dest}"
        case Sell(territory, rate, replace, fleets_from):
            text = f"sell {territory}"
            if rate:
                text += f"#{rate + 1}"
            if replace:
                text += "@" + ",".join(map(str, replace))
            if fleets_from:
                text += " fleet:" + ",".join(fleets_from)
            return text
        case Pass():
            return "pass"
        case End():
            return "end"
        case Keep(card):
            return f"keep {card}"
        case Remove(territory, space):
            return f"remove {territory}@{space}"
        case Choose(option):
            return f"choose {option}"
    raise TypeError(f"not an action: {action!r}")


_SIMPLE: Final[dict[str, Action]] = {
    "great-work": GreatWork(),
    "invest": Invest(),
    "prestige": Prestige(),
    "pass": Pass(),
    "end": End(),
}

_UNITS: Final = re.compile(r"^(\d+) (armies|army|fleets|fleet)$")


def parse_action(text: str) -> Action:
    """Read an action back from its notation (``NotationError`` with the reason otherwise)."""
    words = text.strip().lower().split()
    if not words:
        raise NotationError(text, "empty action")
    verb, rest = words[0], words[1:]
    if verb in _SIMPLE and not rest:
        return _SIMPLE[verb]
    if verb == "place" and len(rest) == 1:
        found = re.fullmatch(rf"({_ID})(?:@(\d+))?", rest[0])
        if found:
            return Place(found[1], int(found[2] or 0))
        raise NotationError(text, "write place TERRITORY or place TERRITORY@SPACE, e.g. place china@3")
    if verb == "choose" and len(rest) == 1 and re.fullmatch(r"[a-z0-9][a-z0-9:-]*", rest[0]):
        return Choose(rest[0])
    if verb == "send" and len(rest) == 1:
        found = re.fullmatch(rf"({_ID})(?:@(\d+))?", rest[0])
        if found:
            return Send(found[1], int(found[2] or 0))
        raise NotationError(text, "write send TERRITORY or send TERRITORY@SPACE, e.g. send china@3")
    if verb == "resolve" and len(rest) == 1:
        found = re.fullmatch(rf"({_ID})@(\d+)", rest[0])
        if found:
            return Resolve(found[1], int(found[2]))
        raise NotationError(text, "write resolve TERRITORY@SPACE, e.g. resolve horn-of-africa@5")
    if verb == "buy":
        armies, fleets = _units(text, rest, "buy 2 armies 1 fleet")
        if armies or fleets:
            return Buy(armies, fleets)
        raise NotationError(text, "buy at least one unit, e.g. buy 2 armies 1 fleet")
    if verb == "commit":
        if rest == ["none"]:
            return Commit()
        minors = tuple(w[1:] for w in rest if w.startswith("+"))
        armies, fleets = _units(
            text, [w for w in rest if not w.startswith("+")], "commit 1 fleet 2 armies +italy-army"
        )
        return Commit(fleets, armies, minors)
    if verb == "deploy" and len(rest) == 1:
        found = re.fullmatch(rf"({_ID})>({_ID})", rest[0])
        if found:
            return Deploy(found[1], found[2])
        raise NotationError(text, "write deploy FROM>TO, e.g. deploy arsenal>africa")
    if verb == "sell" and rest:
        return _sell(text, rest)
    if verb == "play" and rest:
        found = re.fullmatch(rf"({_ID})(?:/([12]))?", rest[0])
        if found:
            return Play(found[1], int(found[2] or 0), " ".join(rest[1:]))
        raise NotationError(text, "write play CARD or play CARD/HALF, e.g. play big-stick-policy/1")
    if verb == "remove" and len(rest) == 1:
        found = re.fullmatch(rf"({_ID})@(\d+)", rest[0])
        if found:
            return Remove(found[1], int(found[2]))
        raise NotationError(text, "write remove TERRITORY@SPACE, e.g. remove belgium@2")
    if verb == "keep" and len(rest) == 1 and re.fullmatch(_ID, rest[0]):
        return Keep(rest[0])
    raise NotationError(
        text,
        "unknown action (place, send, buy, great-work, invest, prestige, play, resolve, commit, "
        "deploy, sell, pass, end, keep, remove, choose)",
    )


def _units(text: str, words: list[str], example: str) -> tuple[int, int]:
    armies = fleets = 0
    phrase = " ".join(words)
    for part in re.findall(r"\d+ [a-z]+", phrase):
        found = _UNITS.fullmatch(part)
        if not found:
            raise NotationError(text, f"cannot read {part!r}; write e.g. {example}")
        if found[2].startswith("arm"):
            armies += int(found[1])
        else:
            fleets += int(found[1])
    if re.sub(r"\d+ [a-z]+", "", phrase).strip():
        raise NotationError(text, f"cannot read the units; write e.g. {example}")
    return armies, fleets


def _sell(text: str, words: list[str]) -> Sell:
    found = re.fullmatch(rf"({_ID})(?:#(\d+))?(?:@([\d,]+))?", words[0])
    if not found:
        raise NotationError(text, "write sell TERRITORY[#RATE][@SPACES] [fleet:FROM,...]")
    fleets_from: tuple[str, ...] = ()
    for word in words[1:]:
        if not word.startswith("fleet:"):
            raise NotationError(text, f"cannot read {word!r} (fleet:arsenal or fleet:africa ...)")
        fleets_from = tuple(word.removeprefix("fleet:").split(","))
    rate = int(found[2]) - 1 if found[2] else 0
    if rate < 0:
        raise NotationError(text, "exchange rates are numbered from 1")
    replace = tuple(int(s) for s in found[3].split(",")) if found[3] else ()
    return Sell(found[1], rate, replace, fleets_from)
