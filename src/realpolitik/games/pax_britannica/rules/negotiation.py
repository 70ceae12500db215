"""Offers between Powers and the Negotiation Phase (L599-603, L700-702, L784-811).

* **Offers** (Movement/Status Change Phase): a Power offers money (L700-702) or one of its
  established markers at the same level (L599-603) to another Great Power; the deal binds only
  when the other party accepts, so the offer suspends the mover's turn for the recipient's answer
  (``offer`` decision) and the turn goes on when it is given.
* **Disputes** (Negotiation Phase): where several Great Powers established Control in one Area
  this turn (a Casus Belli, L727-729), every disputant answers at once, sealed (``dispute``
  decision): ``share`` (a codominion, L800-808), ``yield`` (its marker goes: L786-791, +1 ETI a
  step, L1476-1481) or ``hold``. The dispute is settled when every Power still there shares;
  otherwise its Casus Belli stand for the Congress and the War Phase (they expire at the end of
  the turn, L1138-1141, and the markers stay side by side when nobody goes to war over them).
* **Treaties** (rules/treaties.py) are offered like money and markers: ``offer ally KIND POWER``,
  ``offer pact POWER``, ``offer ban AREA POWER``, ``offer cap army|naval N POWER``, ``offer lapse
  KIND POWER``; ``secret`` instead of ``offer`` keeps one secret (L831-835).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ....engine.flow import Decision
from ..content import RANK
from .actions import Act, row
from .board import (
    Log,
    MarkerScan,
    controllers,
    counter_free,
    graph,
    move_all,
    note,
    raise_eti,
    retreat_place,
    set_marker,
)
from .state import State
from .treaties import (
    BAN,
    PACT,
    alliance_offers,
    ban_refusal,
    cap_kind,
    cap_refusal,
    cap_terms,
    lapse,
    promise,
    sign,
    treaty_name,
)

OFFER_AMOUNTS = (5, 10, 20)
"""The sums the menu lists; any whole sum up to the treasury may be offered (the plug-in's
``check_action``)."""
ANSWERS = ("share", "yield", "hold")


# -- offers --------------------------------------------------------------------------------------------


_AMOUNT_WORDS = tuple((n, str(n)) for n in OFFER_AMOUNTS)
OFFER_PAY: Final = row("offer", "pay")
OFFER_GIVE: Final = row("offer", "give")


def offer_choices(state: State, power: str, scan: MarkerScan | None = None) -> list[Act]:
    """The offers of the menu (L599-603, L700-702, L812-845). ``scan``: ``board.MarkerScan``, when
    the caller has it already."""
    actions: list[Act] = []
    treasury = state.treasury.get(power, 0)
    others = [p for p in state.great if p != power]
    if power != "AH":  # L1546-1547: Austria-Hungary never gives money
        for other in others:
            pay = OFFER_PAY.sub(other)
            for n, word in _AMOUNT_WORDS:
                if n <= treasury:
                    actions.append(pay.act(word))
    if not state.wars:
        actions.extend(alliance_offers(state, power))
    if scan is None:
        scan = MarkerScan(state, power)
    # L132-133: a marker goes only to a Power with a counter of its shape left (counter_free).
    g = graph(state)
    round_free: dict[str, bool] = {}
    hex_free: dict[str, bool] = {}
    for other in others:
        round_free[other] = scan.rounds.get(other, 0) < g.round_markers[other]
        hex_free[other] = scan.hexes.get(other, 0) < g.hex_markers[other]
    markers = state.markers
    for area, small in scan.giveable:
        held = markers[area]
        give = OFFER_GIVE.sub(area)
        for other in others:
            if other not in held and (round_free[other] if small else hex_free[other]):
                actions.append(give.act(other))
    return actions


_SHAPES = {"pact": 2, "cap": 4}
"""The words an offer takes after ``offer``/``secret`` by its kind (3 for the others)."""
TREATY_OFFERS = ("ally", "lapse", "pact", "ban", "cap")
"""The offers that are treaties: only these may be secret (L831-832)."""
_WRITE = (
    "write offer pay POWER AMOUNT, offer give AREA POWER, offer ally|lapse KIND POWER, "
    "offer pact POWER, offer ban AREA POWER or offer cap army|naval N POWER"
)


def offer_refusal(state: State, power: str, action: Act) -> str | None:
    args = action.args
    kind = args[0] if args else ""
    if len(args) != _SHAPES.get(kind, 3):
        return _WRITE
    if kind == "pay":
        other, amount = args[1], args[2]
        if other not in state.great or other == power:
            return f"{other} is not another Great Power of this game"
        if power == "AH":
            return "Austria-Hungary never gives money (L1546-1547)"
        if not amount.isdigit() or not 1 <= int(amount) <= state.treasury.get(power, 0):
            return f"{power} can offer from 1 to {state.treasury.get(power, 0)} pounds (L700-702)"
        return None
    if kind == "give":
        area, other = args[1], args[2]
        if other not in state.great or other == power:
            return f"{other} is not another Great Power of this game"
        held = state.markers.get(area, {})
        marker = held.get(power)
        if marker is None or not marker[1]:
            return f"{power} has no established marker in {area}"
        if marker[0] in ("state", "dominion"):
            return "States and Dominions cannot be transferred (L601-603)"
        if other in held:
            return f"{other} already has a marker there"
        if not counter_free(state, other, marker[0], None):
            return f"{other} has no {marker[0]} counter left (L132-133)"
        return None
    if action.verb == "secret" and kind not in TREATY_OFFERS:
        return "only a treaty may be secret: secret ally|lapse|pact|ban|cap ... (L831-832)"
    if kind == "ban":
        return ban_refusal(state, power, args[1], args[2])
    if kind == "cap":
        return cap_refusal(state, power, args[1], args[2], args[3])
    if kind in ("ally", "lapse", "pact"):
        if action not in alliance_offers(state, power):
            what = "a non-aggression pact" if kind == "pact" else f"that about a {args[1]} treaty"
            return f"{power} cannot offer {args[-1]} {what} now (L812-845)"
        return None
    return _WRITE


def make_offer(state: State, power: str, action: Act, log: Log) -> None:
    args = action.args
    kind = args[0]
    other = args[1] if kind == "pay" else args[-1]
    data = {
        "from": power,
        "to": other,
        "kind": kind,
        "area": args[1] if kind in ("give", "ban") else "",
        "amount": 0,
        "secret": action.verb == "secret",
    }
    if kind in ("ally", "lapse"):
        data["treaty"] = args[1]
    elif kind == "pact":
        data["treaty"] = PACT
    elif kind == "cap":
        data["treaty"] = cap_kind(args[1], int(args[2]))
    if kind == "pay":
        data["amount"] = int(args[2])
    note(log, f"{power} offers {_describe(state, data)}", "L599-603, L700-702", power, _audience(state, data))
    if state.player_of[other] == state.player_of[power]:
        _carry_out(state, data, log)  # Germany and Austria-Hungary: one player agrees with himself
        return
    state.flow.push(Decision("offer", state.player_of[other], data))


def _audience(state: State, data: dict[str, Any]) -> tuple[str, ...] | None:
    """Who reads an offer's log lines: everyone, or a secret treaty's two parties (L831-832)."""
    if not data.get("secret"):
        return None
    return tuple(dict.fromkeys(state.player_of[str(data[k])] for k in ("from", "to")))


def _describe(state: State, data: dict[str, Any]) -> str:
    if data.get("secret"):
        return "a secret treaty: " + _describe(state, {**data, "secret": False})
    if data["kind"] == "pay":
        return f"{data['amount']} pounds to {data['to']}"
    if data["kind"] == "ally":
        return f"a {data['treaty']} treaty to {data['to']}"
    if data["kind"] == "lapse":
        return f"{data['to']} to let their {treaty_name(str(data['treaty']))} treaty lapse"
    if data["kind"] == "ban":
        return f"{data['to']} to place no marker in {data['area']}"
    if data["kind"] == "pact":
        return f"a non-aggression pact to {data['to']}"
    if data["kind"] == "cap":
        unit, limit = cap_terms(str(data["treaty"]))
        return f"{data['to']} to own at most {limit} {unit} units"
    area = str(data["area"])
    level = state.markers[area][str(data["from"])][0]
    return f"its {level} in {state.content.areas[area].name} to {data['to']}"


def _carry_out(state: State, data: dict[str, Any], log: Log) -> None:
    giver, taker = str(data["from"]), str(data["to"])
    if data["kind"] == "pay":
        amount = int(str(data["amount"]))
        amount = min(amount, state.treasury.get(giver, 0))
        state.treasury[giver] -= amount
        state.treasury[taker] = state.treasury.get(taker, 0) + amount
    elif data["kind"] in ("ally", "pact"):
        sign(state, str(data["treaty"]), giver, taker, bool(data.get("secret")))  # L819-835
    elif data["kind"] == "ban":
        promise(state, BAN + str(data["area"]), giver, taker, bool(data.get("secret")))  # L820, L831
    elif data["kind"] == "cap":
        promise(state, str(data["treaty"]), giver, taker, bool(data.get("secret")))  # L821-822, L831
    elif data["kind"] == "lapse":
        lapse(state, str(data["treaty"]), giver, taker)  # L836-839: by consent, no breach
    else:
        area = str(data["area"])
        marker = state.markers.get(area, {}).get(giver)
        if marker is None or taker in state.markers.get(area, {}):
            return  # the position changed meanwhile: nothing to hand over
        set_marker(state, area, giver, None)
        set_marker(state, area, taker, marker[0], True)
    note(log, f"{taker} accepts", "L599-603", taker, _audience(state, data))


class Offer:
    """The recipient's answer to an offer: ``accept`` or ``refuse``."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        if decision.data.get("secret"):  # L831-832: the answer to a secret offer is kept secret too
            return [Act("accept", ("secret",)), Act("refuse", ("secret",))]
        return [Act("accept"), Act("refuse")]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        if action.verb == "accept":
            _carry_out(state, decision.data, log)
        else:
            who = decision.data["to"]
            note(log, f"{who} refuses", "L599", who, _audience(state, decision.data))
        state.flow.pop()

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("an answer never suspends anything")


# -- the Negotiation Phase -----------------------------------------------------------------------------


def disputes(state: State) -> list[str]:
    """Areas where Great Powers established Control side by side this turn and hold a Casus Belli."""
    areas = sorted({c[2][len("control in ") :] for c in state.cbs if c[2].startswith("control in ")})
    return [a for a in areas if len([p for p in controllers(state, a) if p in state.great]) > 1]


def start_negotiation(state: State) -> None:
    found = disputes(state)
    if found:
        state.flow.push(_dispute(state, found[0], found[1:]))


def _dispute(state: State, area: str, queue: list[str]) -> Decision:
    powers = [p for p in controllers(state, area) if p in state.great]
    seats = list(dict.fromkeys(state.player_of[p] for p in powers))
    return Decision("dispute", seats, {"area": area, "powers": powers, "answers": {}, "queue": queue})


class Dispute:
    """Every disputant answers at once; the answers are shown when the last one is given."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("settle", (answer,)) for answer in ANSWERS]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        decision.data["answers"] = {**decision.data["answers"], seat: action.args[0]}
        if not decision.complete():
            return
        state.reveals += 1
        _settle(state, decision.data, log)
        queue: list[str] = decision.data["queue"]
        remaining = [a for a in queue if a in disputes(state)]
        if remaining:
            state.flow.replace(_dispute(state, remaining[0], remaining[1:]))
        else:
            state.flow.pop()

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a dispute never suspends anything")


def _settle(state: State, data: dict[str, Any], log: Log) -> None:
    area = str(data["area"])
    answers: dict[str, str] = dict(data["answers"])
    name = state.content.areas[area].name
    note(log, f"{name}: " + ", ".join(f"{seat} {answer}" for seat, answer in answers.items()), "L784")
    staying = []
    for power in list(data["powers"]):
        answer = answers.get(state.player_of[power], "hold")
        marker = state.markers.get(area, {}).get(power)
        if marker is None:
            continue
        if answer == "yield":
            set_marker(state, area, power, None)
            move_all(state, power, area, retreat_place(state, power, area))
            raise_eti(state, RANK[marker[0]], log, f"{power} yields in {name}", "L1476-1481")
        else:
            staying.append(power)
    settled = len(staying) <= 1 or all(answers.get(state.player_of[p]) == "share" for p in staying)
    if settled:
        state.cbs = [c for c in state.cbs if c[2] != f"control in {area}"]
        what = "a codominion" if len(staying) > 1 else "settled"
        note(log, f"The dispute over {name} is settled: {what}", "L800-808")
