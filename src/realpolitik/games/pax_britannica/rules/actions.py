"""Actions of the Movement/Status Change Phase and their notation (both ways)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ....engine import NotationError
from ..content import LEVELS

VERBS: dict[str, int | tuple[int, ...]] = {
    "place": 2,  # place LEVEL AREA (a new marker or an upgrade)
    "downgrade": 1,  # downgrade AREA (Interest removed, Influence to Interest)
    "buy": 2,  # buy army|naval STRENGTH
    "move": 4,  # move army|naval STRENGTH FROM TO
    "fleet": 2,  # fleet FROM|new TO (a Merchant Fleet)
    "canal": 1,  # canal AREA
    "reveal": 2,  # reveal KIND POWER: make a secret treaty public (L845; KIND may be ban:AREA, cap:army:3)
    # offer pay POWER AMOUNT | offer give AREA POWER | offer ally|lapse KIND POWER | offer pact POWER
    # | offer ban AREA POWER | offer cap army|naval N POWER
    "offer": (2, 3, 4),
    # secret ally|lapse KIND POWER | secret pact POWER | secret ban AREA POWER
    # | secret cap army|naval N POWER: a treaty offer kept secret (L831-835)
    "secret": (2, 3, 4),
    "accept": (0, 1),  # accept, or accept secret (the answer to a secret offer)
    "refuse": (0, 1),
    "settle": 1,  # settle share|yield|hold (a dispute)
    "congress": 1,  # congress call|pass
    # propose award POWER [pay N] | propose codominion | propose pass (a member's turn to propose),
    # a treaty followed by clauses (rules/congress.py, which allows 3): clause codominion|downgrade|
    # remove POWER AREA, clause pay PAYER PAYEE N, clause transfer POWER AREA TO
    "propose": tuple(range(1, 5 + 6 * 5)),
    "vote": 1,  # vote yes|no
    "sign": 0,
    "declare": 1,  # declare POWER or declare POWER+POWER
    "pass": 0,
    "treaty": 1,  # treaty honour|break
    "attack": (2, 3),  # attack army|naval LOC [POWER] (a war's Attack Phase; POWER: which enemy Alliance)
    "join": 0,  # join an ally's attack
    "decline": 0,
    "peace": (1, 2),  # peace sign|fight|announce, peace with POWER (a war of three Alliances or more)
    "retreat": 2,  # retreat STRENGTH DESTINATION (a beaten unit)
    "lose": 1,  # lose STRENGTH (an exchange's loss)
    "aid": 1,  # aid ottomans|enemies|none
    "coal": 1,  # coal POWER|none (a neutral volunteers coaling Areas, L1274-1276)
    "deny": 2,  # deny PASSAGE POWER (close a canal or the Straits to that Power's Alliance, L1508-1530)
    "allow": 2,  # allow PASSAGE POWER
    "rights": 1,  # rights defend|pass (a Minor's rights, L490-493)
    "spoils": 1,  # spoils agree|dispute (the victors' division, L1419-1424)
    "done": 0,
}


PASSAGES: Final[tuple[str, ...]] = ("suez", "straits", "panama", "central-america")
"""The canals and the Straits a Controller may deny in war (L1508-1530, rules/straits.py)."""


@dataclass(frozen=True, slots=True)
class Act:
    """A verb and its words: ``place protectorate egypt``, ``move army 3 home egypt``."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


DONE = Act("done")


class Row:
    """The shared actions ``verb *prefix X``, one object each, by their next word X (:func:`row`):
    ``act(X)`` is the action, ``sub(X)`` the row of ``verb *prefix X Y``."""

    def __init__(self, verb: str, prefix: tuple[str, ...]) -> None:
        self.verb = verb
        self.prefix = prefix
        self.acts: dict[str, Act] = {}
        self.subs: dict[str, Row] = {}

    def act(self, last: str) -> Act:
        found = self.acts.get(last)
        if found is None:
            found = self.acts[last] = Act(self.verb, (*self.prefix, last))
        return found

    def sub(self, word: str) -> Row:
        found = self.subs.get(word)
        if found is None:
            found = self.subs[word] = Row(self.verb, (*self.prefix, word))
        return found


_ROWS: Final[dict[str, Row]] = {}


def row(verb: str, *prefix: str) -> Row:
    """The row of shared actions ``verb *prefix X``: the menus hand out the same action objects again
    and again (a frozen dataclass costs far more to build than a dictionary look-up; an ``Act``
    never changes, so sharing one is safe). A menu takes a row once (the menus' modules keep the
    rows of their verbs) and the actions of each next word from it. The action space is finite: the
    menus list places, moves, offers of the menu's sums (``OFFER_AMOUNTS``) and treaties, never
    free text."""
    found = _ROWS.get(verb)
    if found is None:
        found = _ROWS[verb] = Row(verb, ())
    for word in prefix:
        found = found.sub(word)
    return found


def shared(verb: str, args: tuple[str, ...]) -> Act:
    """``Act(verb, args)``, shared (:func:`row`); ``args`` has at least one word."""
    return row(verb, *args[:-1]).act(args[-1])


def notation(action: Act) -> str:
    return str(action)


def parse(text: str) -> Act:
    words = text.split()
    if not words:
        raise NotationError(text, "empty action")
    verb, args = words[0].lower(), tuple(w.lower() for w in words[1:])
    if verb not in VERBS:
        raise NotationError(text, f"unknown verb {verb!r} ({', '.join(VERBS)})")
    counts = VERBS[verb]
    if len(args) not in (counts if isinstance(counts, tuple) else (counts,)):
        raise NotationError(text, f"{verb} takes {counts} word(s)")
    if verb == "place" and args[0] not in LEVELS:
        raise NotationError(text, f"a level is one of {', '.join(LEVELS)}")
    if verb in ("buy", "move") and (args[0] not in ("army", "naval") or args[1] not in ("1", "3", "10")):
        raise NotationError(text, f"write {verb} army|naval 1|3|10 ...")
    if verb == "offer" and args[0] not in ("pay", "give", "ally", "lapse", "pact", "ban", "cap"):
        raise NotationError(
            text,
            "write offer pay POWER AMOUNT, offer give AREA POWER, offer ally|lapse KIND POWER, "
            "offer pact POWER, offer ban AREA POWER or offer cap army|naval N POWER",
        )
    if verb == "secret" and args[0] not in ("ally", "lapse", "pact", "ban", "cap"):
        raise NotationError(
            text,
            "write secret ally|lapse KIND POWER, secret pact POWER, secret ban AREA POWER "
            "or secret cap army|naval N POWER",
        )
    if verb in ("offer", "secret"):
        args = _offer_words(text, verb, args)
    if verb in ("accept", "refuse") and args not in ((), ("secret",)):
        raise NotationError(text, f"write {verb} (or {verb} secret, to a secret offer)")
    if verb == "settle" and args[0] not in ("share", "yield", "hold"):
        raise NotationError(text, "write settle share, settle yield or settle hold")
    if verb == "declare" or (verb == "coal" and args[0] != "none"):
        return Act(verb, (args[0].upper(),))
    if verb in ("deny", "allow") and args[0] not in PASSAGES:
        raise NotationError(text, f"write {verb} PASSAGE POWER, PASSAGE one of {', '.join(PASSAGES)}")
    if verb == "reveal" or verb in ("deny", "allow"):
        return Act(verb, (args[0], args[1].upper()))
    if verb == "treaty" and args[0] not in ("honour", "break"):
        raise NotationError(text, "write treaty honour or treaty break")
    if verb == "attack" and args[0] not in ("army", "naval"):
        raise NotationError(text, "write attack army|naval AREA (or sea:ZONE)")
    if verb == "attack" and len(args) == 3:
        return Act(verb, (args[0], args[1], args[2].upper()))
    if verb == "aid" and args[0] not in ("ottomans", "enemies", "none"):
        raise NotationError(text, "write aid ottomans, aid enemies or aid none")
    if verb == "spoils" and args[0] not in ("agree", "dispute"):
        raise NotationError(text, "write spoils agree or spoils dispute")
    if verb == "peace" and (
        (len(args) == 1 and args[0] not in ("sign", "fight", "announce"))
        or (len(args) == 2 and args[0] != "with")
    ):
        raise NotationError(text, "write peace sign, peace fight, peace announce or peace with POWER")
    if verb == "peace" and len(args) == 2:
        return Act(verb, (args[0], args[1].upper()))
    if verb == "congress" and args[0] not in ("call", "pass"):
        raise NotationError(text, "write congress call or congress pass")
    if verb == "rights" and args[0] not in ("defend", "pass"):
        raise NotationError(text, "write rights defend or rights pass")
    if verb == "vote" and args[0] not in ("yes", "no"):
        raise NotationError(text, "write vote yes or vote no")
    if verb == "propose":
        return Act(verb, _treaty_words(text, args))
    return Act(verb, args)


CLAUSE_WORDS = {
    "codominion": 3,
    "downgrade": 3,
    "pay": 4,
    "transfer": 4,
    "remove": 3,
    "ban": 4,
    "cap": 5,
    "pact": 3,
}
"""A Congress clause's words after ``clause`` (rules/congress.py): ``codominion POWER AREA``,
``downgrade POWER AREA``, ``pay PAYER PAYEE N``, ``transfer POWER AREA TO``, ``remove POWER
AREA``; limits on future actions (L868): ``ban POWER AREA TO`` (POWER promises TO to place no
marker in AREA), ``cap POWER KIND N TO`` (POWER promises TO to own at most N units of KIND),
``pact POWER TO`` (a non-aggression pact between them)."""


def _whole(word: str) -> bool:
    """A whole number written in digits without leading zeros."""
    return word.isdigit() and word == str(int(word))


def _award_words(main: tuple[str, ...]) -> bool:
    return len(main) == 2 or (len(main) == 4 and main[2] == "pay" and _whole(main[3]))


def _treaty_words(text: str, args: tuple[str, ...]) -> tuple[str, ...]:
    """A Congress proposal: its terms for the Area before the Congress, then its clauses."""
    cut = args.index("clause") if "clause" in args else len(args)
    main, rest = args[:cut], args[cut:]
    if main in (("codominion",), ("pass",), ("redress",)):
        words: tuple[str, ...] = main
    elif main[:1] == ("redress",) and len(main) == 3 and main[1] in ("pay", "cede"):
        if main[1] == "pay" and not _whole(main[2]):
            raise NotationError(text, "write propose redress pay N with N a whole number of pounds")
        words = main  # a grievance's treaty (rules/congress.py)
    elif main[:1] == ("award",) and (
        len(main) == 2 or (len(main) == 4 and main[2] == "pay" and _whole(main[3]))
    ):
        words = (main[0], main[1].upper(), *main[2:])
    else:
        raise NotationError(
            text,
            "write propose award POWER [pay N], propose codominion, propose redress [pay N | cede AREA] "
            "or propose pass",
        )
    if rest and main == ("pass",):
        raise NotationError(text, "a pass carries no clause")
    while rest:
        kind = rest[1] if len(rest) > 1 else ""
        size = CLAUSE_WORDS.get(kind)
        if size is None or len(rest) < 2 + size - 1 or "clause" in rest[2 : 1 + size]:
            raise NotationError(
                text,
                "write clause codominion|downgrade|remove POWER AREA, clause pay PAYER PAYEE N, "
                "clause transfer POWER AREA TO, clause ban POWER AREA TO, clause cap POWER army|naval "
                "N TO or clause pact POWER TO",
            )
        clause = rest[1 : 1 + size]
        if kind == "pay":
            if not _whole(clause[3]):
                raise NotationError(text, "write clause pay PAYER PAYEE N (N a whole number)")
            clause = (kind, clause[1].upper(), clause[2].upper(), clause[3])
        elif kind in ("transfer", "ban"):
            clause = (kind, clause[1].upper(), clause[2], clause[3].upper())
        elif kind == "cap":
            if not _whole(clause[3]):
                raise NotationError(text, "write clause cap POWER army|naval N TO (N a whole number)")
            clause = (kind, clause[1].upper(), clause[2], clause[3], clause[4].upper())
        elif kind == "pact":
            clause = (kind, clause[1].upper(), clause[2].upper())
        else:
            clause = (kind, clause[1].upper(), clause[2])
        words = (*words, "clause", *clause)
        rest = rest[1 + size :]
    return words


def _offer_words(text: str, verb: str, args: tuple[str, ...]) -> tuple[str, ...]:
    """An offer's words checked for their number and shape, the Power named in capitals: ``pay
    POWER AMOUNT``, ``pact POWER``, ``cap army|naval N POWER`` (N in digits, written without
    leading zeros), the others ``KIND WORD POWER``."""
    kind = args[0]
    wanted = 2 if kind == "pact" else 4 if kind == "cap" else 3
    if len(args) != wanted:
        raise NotationError(text, f"{verb} {kind} takes {wanted - 1} word(s) after {kind!r}")
    if kind == "pay":
        return (kind, args[1].upper(), args[2])
    if kind == "cap":
        if args[1] not in ("army", "naval") or not args[2].isdigit():
            raise NotationError(text, f"write {verb} cap army|naval N POWER (N a whole number)")
        return (kind, args[1], str(int(args[2])), args[3].upper())
    return (*args[:-1], args[-1].upper())
