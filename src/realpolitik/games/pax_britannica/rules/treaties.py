"""Alliance treaties (L812-845, L1163-1199) and the obligations they raise when war is declared.

Built: the two treaty clauses the engine can check by itself, made by offer and acceptance in the
Movement/Status Change Phase (``offer ally defensive POWER``, ``offer ally offensive POWER``,
answered ``accept`` or ``refuse`` like the other offers):

* **Defensive**: when a Power outside the treaty declares war on a signer, the other signer holds a
  Casus Belli against the declarer and must declare war on it (L835-838, L1171-1173) — unless the
  attacked signer itself started that war (L1193-1194).
* **Offensive**: when a signer declares war, the other signer holds a Casus Belli against its
  targets and must come to its aid (L1174-1177). A signer not yet at war cannot call on it
  (L840-842): the obligation arises only from a declaration.

An obligated Power's seat answers ``treaty honour`` (it declares: +5 ETI, L1487) or ``treaty break``
(+5 ETI, L1497; the partner gains a Casus Belli against it, usable at once, and the treaty ends,
L832-834, L1186-1192). A declaration of war between signers ends their treaties (L1169-1170).
Austria-Hungary and Germany keep their permanent defensive treaty of rules/war.py (L1195-1199,
L1536-1542); the German player may sign only defensive treaties for Austria-Hungary (L1542).

A treaty lapses by mutual agreement (``offer lapse KIND POWER``, accepted: no breach, L831-834).

One clause of the many the text allows is checked by the engine (L824-826): a **placement ban**,
``offer ban AREA POWER``: the offering Power promises the other to place no Status marker in the
Area. It is not listed in the menus (any Area may be named, like any sum of money: the plug-in's
``check_action``). Placing there anyway breaks the treaty: +5 ETI, a Casus Belli for the partner,
the promise ends (L832-834, L1497).

**Secret treaties** (L839-845): any of these treaties may be offered secretly (``secret ally KIND
POWER``, ``secret ban AREA POWER``, ``secret lapse KIND POWER``; the answer ``accept secret`` or
``refuse secret``). Only the signers' seats see the offer's terms, the answer's log line and the
treaty (``state.secret_treaties``; the view and the log of everyone else leave them out, and the
determinizer draws worlds without them). A secret treaty is made public (no breach, L845) when it
is invoked: when a declaration of war binds a signer to it (its partner calls on it), and when it
is broken (the partner makes it public to hold its Casus Belli, L843-844). A secret treaty lapses
by a secret offer, so that nobody else learns of it. A signer may also make it public in its
Movement/Status Change turn (``reveal KIND POWER``, L845).

Not built: other clauses (payments, placement bans, unit limits...), a Congress
to sanction a breach, support declared for a Minor (+3 ETI, L1499).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from ....engine.flow import Decision
from .actions import Act, row, shared
from .board import Log, note, raise_eti
from .state import State

KINDS = ("defensive", "offensive")
OFFER_ALLY: Final = row("offer", "ally")
SECRET_ALLY: Final = row("secret", "ally")
OFFER_LAPSE: Final = row("offer", "lapse")
SECRET_LAPSE: Final = row("secret", "lapse")
"""The shared actions of the treaty offers (``actions.row``)."""


def allied_by_treaty(state: State, a: str, b: str, kind: str) -> bool:
    return any(t[0] == kind and {t[1], t[2]} == {a, b} for t in state.treaties)


def signers_seats(state: State, treaty: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(state.player_of.get(p, p) for p in treaty[1:3]))


def visible_treaties(state: State, seat: str | None) -> list[list[str]]:
    """The treaties ``seat`` knows of: every public one and the secret ones it signed (L839-841)."""
    return [
        list(t)
        for t in state.treaties
        if t not in state.secret_treaties or (seat is not None and seat in signers_seats(state, t))
    ]


def _find(state: State, kind: str, a: str, b: str) -> list[str] | None:
    for treaty in state.treaties:
        if treaty[0] == kind and {treaty[1], treaty[2]} == {a, b}:
            return treaty
    return None


def make_public(state: State, treaty: list[str], log: Log) -> None:
    """L843-845: a secret treaty made public (no breach, no ETI)."""
    if treaty in state.secret_treaties:
        state.secret_treaties.remove(treaty)
        kind = treaty[0][len(BAN) :] + " ban" if treaty[0].startswith(BAN) else treaty[0]
        note(log, f"The secret {kind} treaty of {treaty[1]} and {treaty[2]} is made public", "L843-845")


def reveal_choices(state: State, power: str) -> list[Act]:
    """``reveal KIND POWER``: a signer makes one of its secret treaties public (L845: no breach)."""
    actions = []
    for treaty in state.secret_treaties:
        if power in treaty[1:3]:
            other = treaty[2] if treaty[1] == power else treaty[1]
            actions.append(shared("reveal", (treaty[0], other)))
    return actions


def reveal(state: State, power: str, kind: str, other: str, log: Log) -> None:
    for treaty in state.secret_treaties:
        if treaty[0] == kind and {treaty[1], treaty[2]} == {power, other}:
            make_public(state, treaty, log)
            return


def _prune(state: State) -> None:
    state.secret_treaties = [t for t in state.secret_treaties if t in state.treaties]


def alliance_offers(state: State, power: str) -> list[Act]:
    """The treaties ``power`` may offer now: one of each kind a partner, none with an enemy; each
    one public (``offer``) or secret (``secret``, L839-841). A secret treaty lapses secretly."""
    mine: dict[tuple[str, str], list[str]] = {}  # (kind, partner) -> the first such treaty (_find)
    for treaty in state.treaties:
        if treaty[1] == power:
            mine.setdefault((treaty[0], treaty[2]), treaty)
        elif treaty[2] == power:
            mine.setdefault((treaty[0], treaty[1]), treaty)
    actions = []
    for other in state.great:
        if other == power or state.player_of[other] == state.player_of[power]:
            continue  # Germany and Austria-Hungary are allied already
        for kind in KINDS:
            if kind == "offensive" and "AH" in (power, other):
                continue  # L1542: only defensive treaties in Austria-Hungary's name
            signed = mine.get((kind, other))
            if signed is None:
                actions.append(OFFER_ALLY.sub(kind).act(other))
                actions.append(SECRET_ALLY.sub(kind).act(other))
            else:  # L831-834: a treaty lapses by mutual agreement, without breach
                lapse = SECRET_LAPSE if signed in state.secret_treaties else OFFER_LAPSE
                actions.append(lapse.sub(kind).act(other))
    return actions


def sign(state: State, kind: str, a: str, b: str, secret: bool = False) -> None:
    if not allied_by_treaty(state, a, b, kind):
        state.treaties.append([kind, a, b])
        if secret:
            state.secret_treaties.append([kind, a, b])


def end_between(state: State, a: str, foes: list[str]) -> None:
    """L1169-1170: a declaration of war ends every treaty between the declarer and its targets."""
    state.treaties = [t for t in state.treaties if not ({t[1], t[2]} & {a} and {t[1], t[2]} & set(foes))]
    _prune(state)


def break_treaty(state: State, kind: str, breaker: str, partner: str) -> None:
    state.treaties = [t for t in state.treaties if not (t[0] == kind and {t[1], t[2]} == {breaker, partner})]
    _prune(state)


def _pairs(state: State) -> Iterator[tuple[str, str, str]]:
    """(kind, obligated, partner) both ways round for every alliance treaty."""
    for kind, a, b in state.treaties:
        if kind in KINDS:
            yield kind, a, b
            yield kind, b, a


BAN = "ban:"
"""A placement ban: ``["ban:AREA", promiser, partner]``, the promiser places no Status marker there."""


def ban_refusal(state: State, power: str, area: str, other: str) -> str | None:
    if area not in state.content.areas:
        return f"there is no Area {area!r}"
    if other not in state.great or state.player_of[other] == state.player_of[power]:
        return f"{other} is not another player's Great Power"
    if [BAN + area, power, other] in state.treaties:
        return f"{power} has promised {other} that already"
    return None


def check_placement(state: State, power: str, area: str, log: Log) -> None:
    """L824-826, L832-834: a Power that places a marker where it promised not to breaks its treaty:
    +5 ETI (L1497), the partner holds a Casus Belli against it, the treaty ends."""
    for treaty in [t for t in state.treaties if t[0] == BAN + area and t[1] == power]:
        make_public(state, treaty, log)  # L843-844: the partner makes it public to hold a Casus Belli
        state.treaties.remove(treaty)
        partner = treaty[2]
        state.cbs.append([partner, power, "treaty broken"])
        note(log, f"{power} breaks its promise to {partner} to keep out of {area}", "L832-834", power)
        amount = state.content.tensions["treaty_broken"]
        raise_eti(state, amount, log, "a treaty broken", "L1497", culprit=state.player_of[power])


def obligation(state: State, engaged: set[tuple[str, str]]) -> Decision | None:
    """The next treaty obligation nobody has answered yet (``engaged``: pairs of Powers already in
    one war, on either side)."""
    for kind, bound, partner in _pairs(state):
        if (bound, partner) in engaged:
            continue
        found: set[str] = set()
        for war in state.wars:
            for attacker, defender in war["declarers"]:
                if kind == "defensive" and defender == partner and partner not in war["first"]:
                    enemy = attacker
                elif kind == "offensive" and attacker == partner:
                    enemy = defender
                else:
                    continue
                if enemy != bound and (bound, enemy) not in engaged:
                    found.add(enemy)
        if found:
            for enemy in sorted(found):  # in a fixed order: a set's depends on the process's hash seed
                cb = [bound, enemy, f"treaty with {partner}"]
                if cb not in state.cbs:
                    state.cbs.append(cb)
            data: dict[str, Any] = {
                "power": bound,
                "partner": partner,
                "attackers": sorted(found),
                "kind": kind,
            }
            treaty = _find(state, kind, bound, partner)
            if treaty is not None and treaty in state.secret_treaties:
                # L843-845: the partner calls on the treaty, which makes it public (no breach).
                state.secret_treaties.remove(treaty)
                data["revealed"] = True
            return Decision("treaty", state.player_of[bound], data)
    return None
