"""What a seat may see (JSON): the board, tracks, decks as counts, its own hand, and card texts
written from the effect primitives in our own words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..content import Card, Content
from .board import controller
from .mobilization import card_info as mobilization_card
from .mobilization import pick_slots, seat_nations, slot_options, valid
from .naval import holder
from .state import State, other
from .tracks import gw_status, tension_cap


def region_name(region: str) -> str:
    """A region's name from its id (``austria-hungary`` -> ``Austria-Hungary``)."""
    return "-".join(w.capitalize() for w in region.split("-"))


def marker_name(marker: str, content: Content | None = None) -> str:
    """A marker's name: the card that places it when one has the same id, else its id in words
    (``franco-russian-alliance`` -> ``Franco-Russian Alliance``)."""
    if content is not None and marker in content.cards:
        return content.cards[marker].name
    return " ".join(w.capitalize() if len(w) > 2 else w for w in marker.split("-")).replace("Ii", "II")


def _space_name(sid: str, content: Content | None) -> str:
    if content is not None and sid in content.spaces:
        return content.spaces[sid].name
    return sid


def _card_name(cid: str, content: Content | None) -> str:
    if content is not None and cid in content.cards:
        return content.cards[cid].name
    return cid


def _where(where: Mapping[str, Any], content: Content | None = None) -> str:
    parts = []
    if "icons" in where:
        parts.append(" or ".join(where["icons"]))
    parts.append("space(s)")
    if "region" in where:
        region = where["region"]
        regions = [region] if isinstance(region, str) else list(region)
        parts.append(
            "in " + " or ".join("the scored region" if r == "@region" else region_name(r) for r in regions)
        )
    if "spaces" in where:
        parts.append("among " + ", ".join(_space_name(s, content) for s in where["spaces"]))
    if where.get("uncontrolled"):
        parts.insert(0, "uncontrolled")
    if "adjacent" in where:
        parts.append("independent and adjacent to the scored region")
    return " ".join(parts)


def _standing(marker: str, content: Content | None) -> str:
    """What an active Strategic Event marker does while it stays (ours, G15), in words."""
    found = content.strategic.get(marker) if content is not None else None
    if found is None:
        return ""
    side = "Liberal" if found.seat == "L" else "Authoritarian"
    where = (
        region_name(found.region)
        if found.region
        else ", ".join(_space_name(s, content) for s in found.spaces)
    )
    return f" (while it is: {found.check:+d} to the {side}'s Support Checks in {where})"


def _signed(n: Any) -> str:
    """A count with its sign (``+1``); a count worked out in play is written as it is."""
    return f"{n:+d}" if isinstance(n, int) else str(n or 0)


def describe_step(step: Mapping[str, Any], content: Content | None = None) -> str:
    """A step in words; with the content, spaces, regions and markers by name, not by id."""
    op, n = step["op"], step.get("n")
    if isinstance(n, Mapping):
        n = "1 per controlled " + "/".join(n["per_control"]) + " space,"
    when = (
        f"If you control a {'/'.join(step['when']['control'])} space in the region: "
        if "when" in step
        else ""
    )
    per = f" (at most {step['per_space']} per space)" if "per_space" in step else ""
    upto = "up to " if step.get("upto") else ""
    where = _where(step.get("where", {}), content)
    whose = "your" if step.get("who", "self") == "self" else "the opponent's"
    text = {
        "place": f"place {upto}{n} SP in {where}{per}",
        "remove": f"remove {n} opponent SP from {where}{per}",
        "checks": f"make {n} Support Check(s) with {step.get('ops')} OPs in {where} (a space may repeat)",
        "ops": f"conduct Operations with {n} OPs",
        "tension": f"tension {_signed(n)}",
        "crisis": "make a Crisis roll",
        "vp": f"gain {n} VP",
        "navy": f"advance your navy {n} box(es)",
        "navy-back": f"move the German navy back {n} box(es)",
        "extra-naval": f"{n} extra naval attempt(s) this turn",
        "marker": f"the {marker_name(str(step.get('id')), content)} marker becomes active"
        + _standing(str(step.get("id")), content),
        "ops-mod": f"{whose} cards {_signed(n)} OPs this turn",
        "discard": f"the opponent discards {n} card(s) at random, without their events",
        "refresh": "all Stability cards become available again",
        "cancel": f"{_card_name(str(step.get('id')), content)} is cancelled if it is in effect",
        "hook": HOOK_TEXT.get(str(step.get("name")), str(step.get("name"))),
    }[op]
    return when + text


HOOK_TEXT = {
    "tirpitz": ("remove up to 2 SP from Wilhelm II; the German navy advances one box per SP removed"),
    "dreyfus": "for the rest of the turn the Liberal pays double OPs to place SP in France",
    "foreign-investments": "move up to 3 of your SP from one space to any spaces",
    "eight-nation-alliance": (
        "play with an opponent's card in your round: its event is cancelled and you use "
        "its OPs; played alone for OPs it gives 1 VP"
    ),
    "replay-authoritarian": (
        "with 3 Authoritarian-controlled Monarchy spaces, play an Authoritarian or "
        "neutral event from the discard"
    ),
    "replay-liberal": "play a Liberal or neutral event from the discard",
    "two-power-standard": (
        "your next rounds are naval attempts: 3 if the British navy is behind, 2 if level, 1 if ahead"
    ),
    "absolutist-rule": "control the Monarch space and another Government, Army or Annex space: gain 2 VP",
    "secret-treaty-clauses": (
        "with 2 Annex spaces or adjacent independents controlled: draw a card, then discard one"
    ),
    "naval-law-amendment": "if the German navy is behind, a free 2-OPS naval attempt",
    "naval-estimates": "if the British navy is behind, a free 2-OPS naval attempt",
    "workers-unite": "Liberal SP for control in every Workers space not Authoritarian-controlled",
    "popular-uproar": (
        "if the Authoritarian controls an Army space, the scoring is cancelled and the "
        "Scoring card returns to its player with an extra round; otherwise 1 SP in an "
        "Annex space"
    ),
    "intelligentsia": (
        "with an Intellectual space: tension -1 and take a printed 2-OPS card from the discard"
    ),
}


def card_text(card: Card, content: Content | None = None) -> str:
    """The card's text in our words; with the content, spaces and cards named, not by id."""
    if card.scoring:
        return f"Score {region_name(str(card.region))} (Stability Check, scoring, Crisis roll)."
    text = "; ".join(describe_step(s, content) for s in card.effect) or "no effect"
    needed = [content.cards[c].name if content is not None else c for c in card.requires]
    need = f"Playable only once {', '.join(needed)} has been played. " if needed else ""
    return need + text[0].upper() + text[1:] + "."


def printed_card(content: Content, cid: str) -> dict[str, Any]:
    """A Strategy card as printed (public): number, name, OPs, ideology, era, flags, our text."""
    card = content.cards[cid]
    return {
        "number": card.number,
        "name": card.name,
        "ops": card.ops,
        "side": card.side,
        "era": card.era,
        "removed": card.removed,
        "lasting": card.lasting,
        "text": card_text(card, content),
    }


def card_info(state: State, cid: str) -> dict[str, Any]:
    return {"id": cid, **printed_card(state.content, cid)}


def decision_view(state: State, seat: str | None) -> dict[str, Any] | None:
    top = state.flow.top()
    if top is None:
        return None
    shown: dict[str, Any] = {"kind": top.kind, "seats": list(top.seats), "waiting": list(top.waiting())}
    if top.kind == "stability":
        shown["region"] = top.data["region"]
        shown["chosen"] = sorted(top.data["picks"])
        if seat in top.data["picks"]:
            shown["my_pick"] = top.data["picks"][seat]
    elif top.kind == "mobilize":
        # 8.4.4: sealed picks, one at a time; everyone sees how far each side has got (cards laid
        # face down), a seat its own cards and what it picks for now, never the other's cards
        answers: dict[str, list[str]] = top.data["answers"]
        slots = {s: pick_slots(state, s) for s in ("A", "L")}
        shown["chosen"] = sorted(s for s in ("A", "L") if len(answers[s]) >= len(slots[s]))
        shown["progress"] = {s: [len(answers[s]), len(slots[s])] for s in ("A", "L")}
        if seat in ("A", "L"):
            shown["my_pick"] = list(top.data["picks"][seat])
            shown["nations"] = seat_nations(state, seat)
            if len(answers[seat]) < len(slots[seat]):
                slot = slots[seat][len(answers[seat])]
                shown["picking"] = slot
                # every card the pick allows, in the legal list's order, and whether it would be
                # valid if it ran now (8.4.4 checks it when it runs: a hint, not a promise)
                shown["options"] = [
                    {"id": c, "valid_now": valid(state, seat, state.content.mobilization[c])}
                    for c in slot_options(state, slot)
                    if c
                ]
    elif (seat in top.seats and top.kind != "pick") or (
        top.kind == "pick" and top.data["purpose"] != "discard"
    ):
        shown["data"] = dict(top.data)
    return shown


def view(state: State, seat: str | None) -> dict[str, Any]:
    content = state.content
    top = state.flow.top()
    return {
        "turn": state.turn,
        "rounds_done": dict(state.rounds_done),
        "rounds_left": list(state.slots),
        "to_act": list(top.waiting()) if top is not None else [],
        "decision": decision_view(state, seat),
        "vp": state.vp,
        "tension": state.tension,
        "tension_cap": tension_cap(state),
        "gw_track": list(state.gw_track),
        "gw_status": gw_status(state),
        "markers": list(state.markers),
        "in_effect": dict(state.in_effect),
        "navy": {s: content.naval[state.navy[s]].id for s in ("A", "L")},
        "navy_plus": dict(state.plus),
        "naval_used": dict(state.naval_used),
        "hwm": content.naval[state.hwm].id if state.hwm is not None else None,
        "naval_abilities": {
            b.id: holder(state, b.ability) for b in content.naval if b.ability not in ("none", "vp")
        },
        "two_power_standard": state.tps_left,
        "ops_mod": dict(state.ops_mod),
        "dreyfus": state.dreyfus,
        "spaces": {s: {"sp": list(state.sp[s]), "control": controller(state, s)} for s in content.space_ids},
        "hand": [{**card_info(state, c), "held": c in state.held[seat]} for c in state.hands[seat]]
        if seat in state.hands
        else None,
        "hand_sizes": {s: len(h) for s, h in state.hands.items()},
        # 15.0 End of Turn: the held cards' bottoms are shown: how many, and that none is a Scoring
        # card (4.5.3), are public; which cards they are, only their owner knows (``hand``)
        "held_counts": {s: len(h) for s, h in state.held.items()},
        "revealed": {s: list(v) for s, v in state.revealed.items()},
        "peek": list(state.peek[seat]) if seat in state.peek else None,
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "removed": list(state.removed),
        "in_play_texts": {c: card_info(state, c)["text"] for c in state.in_effect},
        "stability": {s: sorted(v) for s, v in state.stab_avail.items()},
        "over": state.over,
        "winners": list(state.winners),
        "result": state.result,
        "opponent": other(seat) if seat in ("A", "L") else None,
        "war_resolution": "mobilization"
        if state.readings.mobilization
        else ("express" if state.readings.express else "standard"),
        "war_mobilization": state.readings.mobilization,
        "mobilization": mobilization_view(state, seat),
        "mobilization_cards": [mobilization_card(content, m) for m in content.mobilization]
        if state.readings.mobilization
        else [],
    }


def mobilization_view(state: State, seat: str | None) -> dict[str, Any] | None:
    """8.4.4 under way: the nations at war, the priority reached, the revealed cards (with their
    outcome), and a seat's own picks; the other side's unrevealed picks stay hidden."""
    mob = state.mobilization
    if mob is None:
        return None
    content = state.content
    revealed = []
    for cid in mob["revealed"]:
        info = mobilization_card(content, cid)
        info["side"] = "A" if cid in mob["picks"]["A"] else "L"
        info["outcome"] = mob["outcome"].get(cid, "void" if cid in mob["void"] else "pending")
        revealed.append(info)
    return {
        "nations": dict(mob["nations"]),
        "withdrawn": list(mob["withdrawn"]),
        "priority": mob["priority"],
        "revealed": revealed,
        "my_picks": list(mob["picks"][seat]) if seat in ("A", "L") else None,
        "hidden_counts": {s: sum(1 for c in mob["picks"][s] if c not in mob["revealed"]) for s in ("A", "L")},
    }
