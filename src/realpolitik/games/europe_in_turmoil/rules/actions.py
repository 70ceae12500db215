"""Actions and their notation (both ways).

Cards are written by number (``ops 23 place``), spaces by id (``sp vienna``)::

    event N | ops N place|checks | naval N | score N | combo N place|checks   play a card (5.0)
    first event|ops                  5.2: the opponent's event before or after the OPs
    sp SPACE | rm SPACE | check SPACE | done                     place, remove, Support Check
    stab ID[+ID] | card N | none | from SPACE | tirpitz K | bonus place|checks|pass | pass
    reveal | conceal | region R
    mob CARD[+CARD]                  8.4.4: one Mobilization card per nation (ids joined by +)
"""

from __future__ import annotations

from dataclasses import dataclass

from ....engine import NotationError

NUMBERED = ("event", "ops", "naval", "score", "combo", "card", "tirpitz")
WORDED = ("sp", "rm", "check", "first", "stab", "from", "bonus", "region", "mob")
BARE = ("done", "none", "pass", "reveal", "conceal")


@dataclass(frozen=True, slots=True)
class Act:
    verb: str
    n: int = 0
    a: str = ""


_SHARED: dict[tuple[str, int, str], Act] = {}


def shared(verb: str, n: int = 0, a: str = "") -> Act:
    """One action object per distinct action, for the legal lists (building one costs more than
    looking it up; actions are frozen, so sharing is safe)."""
    key = (verb, n, a)
    found = _SHARED.get(key)
    if found is None:
        found = Act(verb, n, a)
        _SHARED[key] = found
    return found


def notation(action: Act) -> str:
    parts = [action.verb]
    if action.verb in NUMBERED:
        parts.append(str(action.n))
    if action.a:
        parts.append(action.a)
    return " ".join(parts)


def parse(text: str) -> Act:
    words = text.split()
    if not words:
        raise NotationError(text, "empty action")
    verb = words[0].lower()
    if verb in NUMBERED:
        if len(words) not in (2, 3) or not words[1].isdigit():
            raise NotationError(text, f"write {verb} N (a card number), e.g. {verb} 23")
        return Act(verb, int(words[1]), words[2].lower() if len(words) == 3 else "")
    if verb in WORDED:
        if len(words) != 2:
            raise NotationError(text, f"write {verb} followed by one word, e.g. {verb} vienna")
        return Act(verb, 0, words[1].lower())
    if verb in BARE and len(words) == 1:
        return Act(verb)
    raise NotationError(
        text, "unknown action (event, ops, naval, score, combo, first, sp, rm, check, stab, card, ...)"
    )
