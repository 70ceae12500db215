"""Actions: a verb and its words, written as they read (``bid 1 AU/FR``, ``move``,
``army german-states india``, ``attack north-america GB``, ``buy army-training``)."""

from __future__ import annotations

from typing import NamedTuple

from ....engine import NotationError

VERBS = frozenset(
    {
        "place",  # setup deployment (L55-59)
        "bid",  # the alliance auction (L110-122)
        "pass",
        "buy",  # A (L158-181)
        "build",  # B (L183-195)
        "move",  # C (L197-246)
        "army",  # one unit of a move
        "ship",
        "done",
        "attack",  # D (L248-333)
        "colonize",  # E (L335-344)
        "enslave",
        "trade",  # free tile uses (L175-178)
        "use",
        "ally",
        "blockade",
        "militia",
        "raid",
        "offer",  # gold offered for support (R22)
        "support",  # combat decisions
        "lose",  # the unit lost, or the ally paying a natural 7 (R2)
        "assign",
        "fight",
        "decline",
        "boost",
        "reserve",
        "withdraw",
        "no",
    }
)


class Act(NamedTuple):
    """An action: hashable, compared by value, and cheap to make (legal lists are long: a named
    tuple is built several times faster than a frozen dataclass)."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


def notation(action: Act) -> str:
    return str(action)


def parse_action(text: str) -> Act:
    words = text.split()
    if not words:
        raise NotationError(text, "empty action")
    verb = words[0].lower()
    if verb not in VERBS:
        raise NotationError(text, f"unknown verb {verb!r} (one of: {', '.join(sorted(VERBS))})")
    return Act(verb, tuple(words[1:]))
