"""The optional War Mobilization (8.4.4): it replaces the war roll and War Losses (8.4.2-8.4.3).

* **Participants** (8.4.1 and 8.4.4's additions): the regions of :func:`.war.participants`, the
  Ottoman Empire on the side opposite Russia when Russia takes part, Italy with the Central Powers
  under the Triple Alliance or with the Entente under Perfidious Italy (which negates the Triple
  Alliance, 15.0). Britain takes part as 8.4.1 says, but picks no Mobilization card (C9, our
  ruling: the 8.4.4 example has Schlieffen Plan Adopted in effect and gives Britain none; Britain's
  war is the naval one, which Distant Blockade and U-Boat Offensive play on).
* **Picks**: each player picks, sealed and at the same time, one card for each nation on its side;
  U-Boat Offensive (8.4.4's exception, "U-Boat War") may be picked in addition to Germany's card.
  Any card of the nation may be picked, valid or not (validity is checked at execution).
* **Reveal**: priorities 0 to 8 in ascending order; the cards of one priority are revealed
  together and their validity is checked together (simultaneous, 8.4.4), then their effects run
  (the Entente's first when a choice is needed, as 8.4.3 lets the Entente choose first on a tie).
  A card is invalid when a condition fails, when its nation has left the war, or when a card of a
  lower priority cancelled it (``void``; the example's "a selected card can become invalid").
* **End**: final scoring of the participating regions (8.4.5); there is no war winner, and a
  VP tie after it means both players lose.

Conditions (``valid``): ``participates`` (a nation at war on the card's ``own`` or the ``opposing``
side), ``marker`` (in effect, on the track or active), ``navy`` (the card side's navy ``ahead``,
``behind`` or ``not-behind``, 8.4.2's comparison). Effects: ``vp``; ``place`` and ``remove`` (the
card primitives of :mod:`.effects`, a decision of the card's player); ``control`` (SP up to
control, as 8.4.3 gives Italy and Constantinople to a winner); ``void`` (the opposing card for a
nation, not yet revealed, is cancelled and shown); ``withdraw`` (a nation leaves the war);
``navy-match`` (15.0: the German marker goes to the British marker's box, no VP or box effect).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..content import Content, MobilizationCard
from .board import add_sp, sp_to_control
from .effects import run_step
from .naval import ahead
from .state import State, other
from .tracks import Log, gain_vp, note
from .war import participants

NATION_ORDER = ("germany", "austria-hungary", "france", "russia", "balkans", "ottoman-empire", "italy")
"""The order a seat's nations are listed in (its picks are written in this order)."""
LAST_PRIORITY = 8
SIDE_NAMES = {"A": "Central Powers", "L": "Entente"}
NATION_NAMES = {
    "germany": "Germany",
    "austria-hungary": "Austria-Hungary",
    "france": "France",
    "russia": "Russia",
    "balkans": "the Balkans",
    "ottoman-empire": "the Ottoman Empire",
    "italy": "Italy",
    "britain": "Britain",
}


def nations(state: State, balkan_crisis: bool) -> dict[str, str]:
    """8.4.1 and 8.4.4: nation -> ``A`` (Central Powers) or ``L`` (Entente)."""
    sides = dict(participants(state, balkan_crisis))
    russia = sides.get("russia")
    if russia is not None:
        sides["ottoman-empire"] = other(russia)  # 8.4.4: on Russia's opposing side
    if "perfidious-italy" in state.markers:
        sides["italy"] = "L"  # 8.4.4; 15.0: Perfidious Italy negates the Triple Alliance
    elif "triple-alliance" in state.gw_track:
        sides["italy"] = "A"
    britain = "entente-cordiale" in state.gw_track or "schlieffen-plan" in state.markers
    if britain and "splendid-isolation" not in state.markers:
        sides["britain"] = "L"  # 8.4.1; no Mobilization card (C9)
    return sides


def start(state: State, balkan_crisis: bool, log: Log) -> list[dict[str, Any]]:
    """The war breaks out under 8.4.4: the participants, then the sealed picks."""
    sides = nations(state, balkan_crisis)
    regions = list(participants(state, balkan_crisis))
    note(
        log,
        "the Great War (War Mobilization): "
        + ", ".join(
            f"{NATION_NAMES[n]} {'Central Powers' if s == 'A' else 'Entente'}" for n, s in sides.items()
        ),
        "§8.4.4",
    )
    state.mobilization = {
        "nations": sides,
        "regions": regions,
        "withdrawn": [],
        "picks": {"A": [], "L": []},
        "revealed": [],
        "void": [],
        "outcome": {},
        "priority": -1,
    }
    return [{"t": "mobilize"}]


def seat_nations(state: State, seat: str) -> list[str]:
    """The nations ``seat`` picks a card for, in :data:`NATION_ORDER`."""
    mob = state.mobilization
    sides: dict[str, str] = mob["nations"] if mob is not None else {}
    return [n for n in NATION_ORDER if sides.get(n) == seat]


EXTRA = "+"
"""A pick slot for an extra card (U-Boat Offensive) is its id after this mark (``+u-boat-offensive``)."""


def pick_slots(state: State, seat: str) -> list[str]:
    """8.4.4: the answers ``seat`` gives, in order: a card for each nation on its side
    (:data:`NATION_ORDER`), each nation's extra card (U-Boat Offensive, ``+`` and its id) asked
    right after that nation's card, taken or not. The sealed pick is this sequence of small
    answers, so the legal list never multiplies out the nations' cards."""
    content = state.content
    slots: list[str] = []
    for nation in seat_nations(state, seat):
        slots.append(nation)
        slots += [EXTRA + m.id for m in content.mobilization.values() if m.extra and m.nation == nation]
    return slots


def slot_options(state: State, slot: str) -> list[str]:
    """The answers to one pick slot: any card of the nation (valid or not, 8.4.4: validity is
    checked at execution), or an extra card and ``""`` for not taking it."""
    if slot.startswith(EXTRA):
        return [slot[len(EXTRA) :], ""]
    return [m.id for m in state.content.mobilization.values() if m.nation == slot and not m.extra]


def picks_of(answers: list[str]) -> list[str]:
    """The cards among a seat's answers (an extra card declined is ``""``)."""
    return [a for a in answers if a]


def valid(state: State, seat: str, card: MobilizationCard) -> bool:
    """8.4.4: a card is executed only if valid at that moment."""
    mob = state.mobilization
    assert mob is not None
    sides: dict[str, str] = mob["nations"]
    if card.nation in mob["withdrawn"]:
        return False
    for cond in card.valid:
        kind = cond["if"]
        if kind == "participates":
            nation = str(cond["nation"])
            want = seat if cond["side"] == "own" else other(seat)
            if sides.get(nation) != want or nation in mob["withdrawn"]:
                return False
        elif kind == "marker":
            marker = str(cond["id"])
            if marker not in state.markers and marker not in state.gw_track:
                return False
        elif kind == "navy":
            status = cond["is"]
            if status == "ahead" and not ahead(state, seat):
                return False
            if status == "behind" and not ahead(state, other(seat)):
                return False
            if status == "not-behind" and ahead(state, other(seat)):
                return False
    return True


def side_of(state: State, cid: str) -> str:
    mob = state.mobilization
    assert mob is not None
    return "A" if cid in mob["picks"]["A"] else "L"


def record_picks(state: State, picks: Mapping[str, list[str]], log: Log) -> None:
    """Both players have picked (a sealed, simultaneous decision): reveal in priority order."""
    mob = state.mobilization
    assert mob is not None
    mob["picks"] = {seat: list(picks.get(seat, [])) for seat in ("A", "L")}
    for seat in ("A", "L"):
        names = ", ".join(state.content.mobilization[c].name for c in mob["picks"][seat])
        note(log, f"{seat} picks {names}", "§8.4.4", seat, (seat,))
    note(log, "both players have picked their Mobilization cards", "§8.4.4")
    state.tasks.insert(0, {"t": "mob-priority", "p": 0})


def run_priority(state: State, p: int, log: Log) -> None:
    """8.4.4: reveal the cards of priority ``p`` together, check their validity together, then
    execute the valid ones; after priority 8, final scoring of the participants (8.4.5)."""
    mob = state.mobilization
    assert mob is not None
    if p > LAST_PRIORITY:
        state.tasks.insert(0, {"t": "war-scoring", "regions": list(mob["regions"])})
        return
    mob["priority"] = p
    content = state.content
    due = [
        (seat, cid)
        for seat in ("L", "A")
        for cid in mob["picks"][seat]
        if content.mobilization[cid].priority == p and cid not in mob["revealed"]
    ]
    voided = [
        (seat, cid)
        for seat in ("L", "A")
        for cid in mob["picks"][seat]
        if content.mobilization[cid].priority == p and cid in mob["void"]
    ]
    if not due and not voided:
        note(log, f"priority {p}: no card", "§8.4.4")
        state.tasks.insert(0, {"t": "mob-priority", "p": p + 1})
        return
    state.reveals += 1
    mob["revealed"] = [*mob["revealed"], *[cid for _, cid in due]]
    for seat in ("L", "A"):
        mine = [content.mobilization[c].name for s, c in due if s == seat]
        if mine:
            note(log, f"priority {p}: {seat} reveals {' and '.join(mine)}", "§8.4.4", seat)
    outcome = dict(mob["outcome"])
    steps: list[dict[str, Any]] = []
    # 8.4.4: equal priorities are simultaneous: every card's validity is settled before any runs
    for seat, cid in due:
        card = content.mobilization[cid]
        ok = valid(state, seat, card)
        outcome[cid] = "valid" if ok else "invalid"
        if not ok:
            note(log, f"{card.name} is not valid and has no effect", "§8.4.4", seat)
            continue
        steps += [
            {"t": "mob-effect", "seat": seat, "card": cid, "step": dict(s), "p": p} for s in card.effect
        ]
    for _, cid in voided:
        outcome[cid] = "void"
    mob["outcome"] = outcome
    state.tasks[0:0] = [*steps, {"t": "mob-priority", "p": p + 1}]


def run_effect(state: State, task: Mapping[str, Any], log: Log) -> None:
    """One step of a valid card's effect (module docstring lists the primitives)."""
    mob = state.mobilization
    assert mob is not None
    seat: str = task["seat"]
    step: Mapping[str, Any] = task["step"]
    card = state.content.mobilization[task["card"]]
    op = step["op"]
    if op == "vp":
        gain_vp(state, seat, int(step["n"]), log, why=card.name, rule="§8.4.4")
    elif op in ("place", "remove"):
        run_step(state, {"step": step, "seat": seat, "player": seat, "card": None, "region": None}, log)
    elif op == "control":
        space = str(step["space"])
        n = sp_to_control(state, seat, space)
        add_sp(state, seat, space, n)
        note(log, f"{card.name}: {seat} adds {n} SP in {space} for control", "§8.4.4", seat)
    elif op == "void":
        nation = str(step["nation"])
        for cid in mob["picks"][other(seat)]:
            target = state.content.mobilization[cid]
            if target.nation == nation and cid not in mob["revealed"] and target.priority > task["p"]:
                # a card of a lower priority makes a selected card invalid (8.4.4); it is shown
                mob["void"] = [*mob["void"], cid]
                mob["revealed"] = [*mob["revealed"], cid]
                state.reveals += 1
                note(log, f"{card.name} cancels {target.name}", "§8.4.4", seat)
    elif op == "withdraw":
        nation = str(step["nation"])
        if nation not in mob["withdrawn"]:
            mob["withdrawn"] = [*mob["withdrawn"], nation]
            note(log, f"{card.name}: {NATION_NAMES[nation]} leaves the war", "§8.4.4", seat)
    elif op == "navy-match":
        # 15.0: the German marker jumps to the British marker's box, with no VP and no box effect
        state.navy["A"] = state.navy["L"]
        state.plus["A"] = False
        note(log, f"{card.name}: the German navy moves to the British navy's box", "§15.0", seat)


def describe(card: MobilizationCard, content: Content | None = None) -> str:
    """A Mobilization card's text in our words, written from its data."""
    conds: list[str] = []
    for cond in card.valid:
        kind = cond["if"]
        if kind == "participates":
            where = "on your side" if cond["side"] == "own" else "on the other side"
            conds.append(f"{NATION_NAMES[str(cond['nation'])]} is at war {where}")
        elif kind == "marker":
            marker = str(cond["id"])
            named = content.markers.get(marker) if content is not None else None
            conds.append(f"{(named.id if named else marker).replace('-', ' ').title()} is in effect")
        elif kind == "navy":
            conds.append(f"your navy is {str(cond['is']).replace('-', ' ')} the other")
    parts: list[str] = []
    for step in card.effect:
        op = step["op"]
        if op == "vp":
            parts.append(f"gain {step['n']} VP")
        elif op == "place":
            parts.append(f"place {step['n']} SP in {_where(step)}{_per(step)}")
        elif op == "remove":
            parts.append(f"remove {step['n']} opposing SP from {_where(step)}{_per(step)}")
        elif op == "control":
            parts.append(f"add SP in {_space(str(step['space']), content)} up to control")
        elif op == "void":
            nation = NATION_NAMES[str(step["nation"])]
            parts.append(f"the other side's card for {nation} is cancelled if not yet revealed")
        elif op == "withdraw":
            parts.append(f"{NATION_NAMES[str(step['nation'])]} leaves the war")
        elif op == "navy-match":
            parts.append("the German navy moves to the British navy's box (no VP, no box effect)")
    text = "; ".join(parts)
    lead = ("Valid if " + " and ".join(conds) + ": ") if conds else ""
    body = lead + text
    body = body[0].upper() + body[1:] + "."
    if card.extra:
        body = "Picked in addition to Germany's card. " + body
    if card.name_ours:
        body += " (Name and effect are our reconstruction, not the publisher's.)"
    else:
        body += " (Effect is our reconstruction.)" if card.id != "u-boat-offensive" else ""
    return body


def _where(step: Mapping[str, Any]) -> str:
    where = step.get("where", {})
    if "region" in where:
        region = where["region"]
        return NATION_NAMES.get(str(region), str(region)) if isinstance(region, str) else str(region)
    return " or ".join(str(s).replace("-", " ").title() for s in where.get("spaces", []))


def _per(step: Mapping[str, Any]) -> str:
    return f" (at most {step['per_space']} per space)" if "per_space" in step else ""


def _space(sid: str, content: Content | None) -> str:
    if content is not None and sid in content.spaces:
        return content.spaces[sid].name
    return sid


def card_info(content: Content, cid: str) -> dict[str, Any]:
    card = content.mobilization[cid]
    return {
        "id": cid,
        "name": card.name,
        "nation": card.nation,
        "priority": card.priority,
        "extra": card.extra,
        "name_ours": card.name_ours,
        "text": describe(card, content),
    }


def pending_value(state: State, seat: str, cid: str) -> float:
    """The heuristic's estimate of what a card not yet executed will bring ``seat`` (VP now if valid
    now; placed or removed SP at half a VP; control, cancelling or the naval move at one and a
    half). Ours, for the bots; not a rule."""
    card = state.content.mobilization[cid]
    if state.mobilization is None or not valid(state, seat, card):
        return 0.0
    worth = 0.0
    for step in card.effect:
        op = step["op"]
        if op == "vp":
            worth += float(step["n"])
        elif op in ("place", "remove"):
            worth += 0.5 * float(step["n"])
        elif op in ("control", "void", "navy-match"):
            worth += 1.5
        elif op == "withdraw":
            worth += 0.5
    return worth
