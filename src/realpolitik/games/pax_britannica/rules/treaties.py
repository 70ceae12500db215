"""Treaties (L812-845, L1164-1199): alliances and the obligations they raise when war is declared,
and the other clauses the engine checks by itself.

Every treaty is made by offer and acceptance in the Movement/Status Change Phase, answered
``accept`` or ``refuse`` like the other offers (rules/negotiation.py). The clauses built:

* **Defensive** (``offer ally defensive POWER``): when a Power outside the treaty declares war on a
  signer, the other signer holds a Casus Belli against the declarer and must declare war on it
  (L828-830, L1166-1170) — unless the attacked signer itself started that war (L1193-1194).
* **Offensive** (``offer ally offensive POWER``): when a signer declares war, the other signer holds
  a Casus Belli against its targets and must come to its aid (L1171-1173). A signer not yet at war
  cannot call on it (L840-842): the obligation arises only from a declaration.
* **Non-aggression** (``offer pact POWER``: ``["pact", offerer, accepter]``; a treaty "can stipulate
  virtually anything that does not contravene the rules", L824-825): neither signer declares war on
  the other. A declaration by a signer on its partner still goes ahead as the rules let it (L1175),
  ends their treaties (L1175-1176) and breaks the pact (:func:`end_between`). Reading
  (docs/pax-britannica.md): honouring an alliance obligation by declaring war on the pact partner
  is a declaration like any other (+5 ETI, L1487), so it breaks the pact too; an obligated Power
  caught between the two treaties breaks one of them either way (the alliance by ``treaty break``,
  the pact by ``treaty honour``). Coming to the aid of a side of an Ottoman war against the partner
  (rules/natives.py, a declaration, L1487) breaks it the same way.
* **A placement ban** (``offer ban AREA POWER``, L820): the offering Power promises the other to
  place no Status marker in the Area (:func:`check_placement`).
* **A unit cap** (``offer cap army|naval N POWER``: ``["cap:KIND:N", promiser, partner]``; a treaty
  "can require a player to build Military Units or prohibits him from doing so", L821-822): the
  offering Power promises the other to own at most N units (counters) of that kind, counted on the
  map, at home, at sea and surrendered (set aside, still its own, L1403-1410). N runs from the units
  of that kind it owns when it offers (a promise kept at signing) to all its unit counters (L127: a
  larger cap promises nothing). Buying a unit beyond the cap breaks it (:func:`check_units`, called
  by the purchase in rules/movement.py). Reading (docs/pax-britannica.md): a Great Power gains units
  only by purchase here (units coming home from a surrender or a retreat were owned all along;
  Minors and the Empires, whose units come from the box, sign no treaty); a purchase the rules
  require (a Random Event's forced expenditure still owed, L349-359, or the rebuilding of a special
  garrison, L620-630) is no breach, since a treaty cannot stipulate against the rules (L824-825):
  the Power may then stand above its cap, and its next purchase of that kind breaks the treaty.

The ban and the cap are not listed in the menus: any Area, and any N in the range above, may be
named, like any sum of money, through the plug-in's ``check_action`` (:func:`ban_refusal`,
:func:`cap_refusal`); a pact is listed like an alliance (:func:`alliance_offers`). The German player
may sign only defensive alliances in Austria-Hungary's name (L1536: "never offensive"); a pact, a
ban or a cap is no alliance, so he may sign those for it.

An obligated Power's seat answers ``treaty honour`` (it declares: +5 ETI, L1487) or ``treaty break``
(+5 ETI, L1497; the partner gains a Casus Belli against it, usable at once, and the treaty ends,
L826, L1165, L1186-1192). Breaking a pact, a ban or a cap costs the same: +5 ETI (L1497), a Casus
Belli for the partner (L826, L1165), and the treaty ends. A declaration of war between signers ends
their treaties (L1175-1176). Austria-Hungary and Germany keep their permanent defensive treaty of
rules/war.py (L1195-1199, L1536-1542).

A treaty lapses by mutual agreement (``offer lapse KIND POWER``, accepted: no breach, L836-839);
KIND is ``defensive``, ``offensive``, ``pact``, a cap's ``cap:KIND:N`` or a ban's ``ban:AREA``
(either signer may offer it: the promiser asks to be released, or the partner releases it).

**Secret treaties** (L831-835, L845): any of these treaties may be offered secretly (``secret ally
KIND POWER``, ``secret pact POWER``, ``secret ban AREA POWER``, ``secret cap KIND N POWER``,
``secret lapse KIND POWER``; the answer ``accept secret`` or ``refuse secret``). Only the signers'
seats see the offer's terms, the answer's log line and the treaty (``state.secret_treaties``; the
view and the log of everyone else leave them out, and the determinizer draws worlds without them).
A secret treaty is made public (no breach, L845) when it is invoked: when a declaration of war
binds a signer to it (its partner calls on it), and when it is broken (the partner makes it public
to hold its Casus Belli, L832-833). A secret treaty lapses by a secret offer, so that nobody else
learns of it. A signer may also make it public in its Movement/Status Change turn (``reveal KIND
POWER``, L845).

Not built: other clauses (payments, builds required, units in an Area or region...), a Congress to
sanction a breach (L826-827). (A Minor's rights defended, with its own obligation and penalty,
L490-504, L1498-1499: rules/rights.py.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from ....engine.flow import Decision
from .actions import Act, row, shared
from .board import Log, note, raise_eti
from .state import State, is_army

KINDS = ("defensive", "offensive")
PACT = "pact"
"""A non-aggression pact: ``["pact", offerer, accepter]``; neither declares war on the other."""
OFFER_ALLY: Final = row("offer", "ally")
SECRET_ALLY: Final = row("secret", "ally")
OFFER_PACT: Final = row("offer", PACT)
SECRET_PACT: Final = row("secret", PACT)
OFFER_LAPSE: Final = row("offer", "lapse")
SECRET_LAPSE: Final = row("secret", "lapse")
"""The shared actions of the treaty offers (``actions.row``)."""


def allied_by_treaty(state: State, a: str, b: str, kind: str) -> bool:
    return any(t[0] == kind and {t[1], t[2]} == {a, b} for t in state.treaties)


def signers_seats(state: State, treaty: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(state.player_of.get(p, p) for p in treaty[1:3]))


def visible_treaties(state: State, seat: str | None) -> list[list[str]]:
    """The treaties ``seat`` knows of: every public one and the secret ones it signed (L831-832)."""
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


def treaty_name(kind: str) -> str:
    """A treaty's kind in words: ``defensive``, ``non-aggression``, ``egypt ban``, ``army cap (3)``."""
    if kind.startswith(BAN):
        return kind[len(BAN) :] + " ban"
    if kind.startswith(CAP):
        unit, limit = cap_terms(kind)
        return f"{unit} cap ({limit})"
    return "non-aggression" if kind == PACT else kind


def make_public(state: State, treaty: list[str], log: Log) -> None:
    """L845: a secret treaty made public (no breach, no ETI)."""
    if treaty in state.secret_treaties:
        state.secret_treaties.remove(treaty)
        kind = treaty_name(treaty[0])
        note(log, f"The secret {kind} treaty of {treaty[1]} and {treaty[2]} is made public", "L832-833, L845")


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
    """The treaties ``power`` may offer now: an alliance of each kind and a non-aggression pact to
    each other player's Great Power, or the lapse of the one they have (L836-839), and the lapse of
    each unit cap and placement ban between them; each one public (``offer``) or secret
    (``secret``, L831-832). A
    secret treaty lapses secretly. (Bans and caps are offered through ``check_action``: their
    terms are too many to list.)"""
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
        for kind in (*KINDS, PACT):
            if kind == "offensive" and "AH" in (power, other):
                continue  # L1536: only defensive alliances in Austria-Hungary's name
            signed = mine.get((kind, other))
            if signed is None:
                public, secret = (OFFER_PACT, SECRET_PACT) if kind == PACT else (OFFER_ALLY, SECRET_ALLY)
                if kind != PACT:
                    public, secret = public.sub(kind), secret.sub(kind)
                actions.append(public.act(other))
                actions.append(secret.act(other))
            else:  # L836-839: a treaty lapses by mutual agreement, without breach
                lapse = SECRET_LAPSE if signed in state.secret_treaties else OFFER_LAPSE
                actions.append(lapse.sub(kind).act(other))
    for (kind, other), signed in mine.items():
        if kind.startswith((CAP, BAN)):  # L836-839
            lapse = SECRET_LAPSE if signed in state.secret_treaties else OFFER_LAPSE
            actions.append(lapse.sub(kind).act(other))
    return actions


def sign(state: State, kind: str, a: str, b: str, secret: bool = False) -> None:
    """An alliance or a pact between ``a`` and ``b`` (one of a kind a pair)."""
    if not allied_by_treaty(state, a, b, kind):
        state.treaties.append([kind, a, b])
        if secret:
            state.secret_treaties.append([kind, a, b])


def promise(state: State, kind: str, promiser: str, partner: str, secret: bool = False) -> None:
    """A one-way clause (a ban, a cap): ``promiser`` binds itself to ``partner``."""
    treaty = [kind, promiser, partner]
    if treaty not in state.treaties:
        state.treaties.append(treaty)
        if secret:
            state.secret_treaties.append(list(treaty))  # L831-832


def lapse(state: State, kind: str, a: str, b: str) -> None:
    """L836-839: the treaty of ``kind`` between ``a`` and ``b`` (the first, for caps promised both
    ways) lapses by their agreement: no breach."""
    treaty = _find(state, kind, a, b)
    if treaty is not None:
        state.treaties.remove(treaty)
        _prune(state)


def end_between(state: State, a: str, foes: list[str], log: Log = None) -> None:
    """L1175-1176: a declaration of war ends every treaty between the declarer and its targets; a
    non-aggression pact among them is broken by it (a breach by ``a``, :func:`breach`). ``log``:
    rules/natives.py's declarations (an aid to a side of an Ottoman war) pass none."""
    for treaty in [t for t in state.treaties if t[0] == PACT and a in t[1:3]]:
        partner = treaty[2] if treaty[1] == a else treaty[1]
        if partner in foes:
            breach(state, treaty, a, f"{a} declares war on {partner} despite their non-aggression pact", log)
    state.treaties = [t for t in state.treaties if not ({t[1], t[2]} & {a} and {t[1], t[2]} & set(foes))]
    _prune(state)


def break_treaty(state: State, kind: str, breaker: str, partner: str) -> None:
    state.treaties = [t for t in state.treaties if not (t[0] == kind and {t[1], t[2]} == {breaker, partner})]
    _prune(state)


def breach(state: State, treaty: list[str], breaker: str, what: str, log: Log) -> None:
    """``breaker`` breaks ``treaty`` by what it did: the partner makes a secret treaty public to
    hold its Casus Belli (L832-833), holds one against the breaker (L826, L1165), the treaty ends,
    +5 ETI (L1497)."""
    partner = treaty[2] if treaty[1] == breaker else treaty[1]
    make_public(state, treaty, log)
    if treaty in state.treaties:
        state.treaties.remove(treaty)
    state.cbs.append([partner, breaker, "treaty broken"])
    note(log, what, "L826, L1165", breaker)
    amount = state.content.tensions["treaty_broken"]
    raise_eti(state, amount, log, "a treaty broken", "L1497", culprit=state.player_of[breaker])


def _pairs(state: State) -> Iterator[tuple[str, str, str]]:
    """(kind, obligated, partner) both ways round for every alliance treaty."""
    for kind, a, b in state.treaties:
        if kind in KINDS:
            yield kind, a, b
            yield kind, b, a


BAN = "ban:"
"""A placement ban: ``["ban:AREA", promiser, partner]``, the promiser places no Status marker there."""


def partner_refusal(state: State, power: str, other: str) -> str | None:
    """A treaty binds two players: ``other`` must be another player's Great Power."""
    if other not in state.great or state.player_of[other] == state.player_of[power]:
        return f"{other} is not another player's Great Power"
    return None


def ban_refusal(state: State, power: str, area: str, other: str) -> str | None:
    if area not in state.content.areas:
        return f"there is no Area {area!r}"
    partner = partner_refusal(state, power, other)
    if partner is not None:
        return partner
    if [BAN + area, power, other] in state.treaties:
        return f"{power} has promised {other} that already"
    return None


def check_placement(state: State, power: str, area: str, log: Log) -> None:
    """L820, L826: a Power that places a marker where it promised not to breaks its treaty: +5 ETI
    (L1497), the partner holds a Casus Belli against it, the treaty ends."""
    for treaty in [t for t in state.treaties if t[0] == BAN + area and t[1] == power]:
        breach(state, treaty, power, f"{power} breaks its promise to {treaty[2]} to keep out of {area}", log)


CAP = "cap:"
"""A unit cap: ``["cap:KIND:N", promiser, partner]`` (KIND ``army`` or ``naval``), the promiser owns
at most N units of that kind."""
UNIT_KINDS = ("army", "naval")


def cap_kind(unit: str, limit: int) -> str:
    """``cap_kind("army", 3)`` is ``cap:army:3``, a treaty's kind (and the word of its lapse)."""
    return f"{CAP}{unit}:{limit}"


def cap_terms(kind: str) -> tuple[str, int]:
    """``cap:army:3`` -> (``army``, 3)."""
    unit, _, limit = kind[len(CAP) :].partition(":")
    return unit, int(limit)


def cap_ceiling(state: State, power: str) -> int:
    """All the unit counters of ``power`` (L127: an absolute limit; L135-136: an Army is printed on
    the back of a Naval unit, so either kind may take every counter)."""
    return sum(state.content.powers[power].unit_counters.values())


def owned(state: State, power: str, unit: str) -> int:
    """The units of a kind ``power`` owns: on the map, at home, at sea, and surrendered (set aside
    until the war ends, still its own: L1403-1410)."""
    army = unit == "army"
    count = sum(1 for codes in state.units.get(power, {}).values() for c in codes if is_army(c) == army)
    for war in state.wars:
        count += sum(1 for c in war["surrendered"].get(power, ()) if is_army(c) == army)
    return count


def cap_refusal(state: State, power: str, unit: str, limit: str, other: str) -> str | None:
    """Why ``power`` may not promise ``other`` to own at most ``limit`` units of ``unit`` now."""
    if unit not in UNIT_KINDS:
        return "a cap is on army or naval units"
    partner = partner_refusal(state, power, other)
    if partner is not None:
        return partner
    low, high = owned(state, power, unit), cap_ceiling(state, power)
    if not limit.isdigit() or not low <= int(limit) <= high:
        return (
            f"{power} can promise a cap from {low} (the {unit} units it owns) to {high} "
            "(all its unit counters, L127)"
        )
    head = cap_kind(unit, 0)[:-1]
    if any(t[0].startswith(head) and t[1] == power and t[2] == other for t in state.treaties):
        return f"{power} has promised {other} a cap on its {unit} units already (let it lapse first)"
    return None


def check_units(state: State, power: str, unit: str, log: Log, required: bool = False) -> None:
    """L821-822, L826: a Power owning more units of a kind than it promised breaks its cap: +5 ETI
    (L1497), the partner holds a Casus Belli against it, the treaty ends. ``required``: a purchase
    the rules force (L349-359, L620-630) is no breach (L824-825: no clause against the rules)."""
    if required:
        return
    head = cap_kind(unit, 0)[:-1]
    have = owned(state, power, unit)
    for treaty in [t for t in state.treaties if t[1] == power and t[0].startswith(head)]:
        limit = cap_terms(treaty[0])[1]
        if have > limit:
            what = f"{power} breaks its promise to {treaty[2]} to own at most {limit} {unit} units"
            breach(state, treaty, power, what, log)


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
                # L832-833, L845: the partner calls on the treaty, which makes it public (no breach).
                state.secret_treaties.remove(treaty)
                data["revealed"] = True
            return Decision("treaty", state.player_of[bound], data)
    return None
