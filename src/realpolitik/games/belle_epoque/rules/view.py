"""What a seat may see (JSON-able): everything public, its own hand, other hands as counts, and no
deck order.

A seat's view is the public view (a spectator's) with the seat's own additions: its Intrigue cards
and hand, its prospects in a dispute it decides, the cards it chooses one of to keep. :func:`views`
builds the public part once for several seats (the web server's state messages of one position).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .cards.play import hand_view, in_play_view
from .dispute_odds import prospects, standing, tie_to
from .scoring import objective_met
from .state import ARMAMENT, BOXES, State


def space_text(base: str | None, top: str | None) -> str | None:
    """One space: ``"GB"``, ``"italy"``, ``"#"`` (Armament), ``"FR/GB"`` (GB disputes FR's cube),
    or ``None`` when free."""
    if base is None:
        return None
    return f"{base}/{top}" if top is not None else base


def view(state: State, seat: str | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: a spectator)."""
    return _with_seat(state, seat, _public(state))


def views(state: State, seats: Iterable[str | None]) -> dict[str | None, dict[str, Any]]:
    """Several seats' views of one position, each equal to :func:`view`'s. They share the public
    part's objects: encode them, do not change them."""
    public = _public(state)
    return {seat: _with_seat(state, seat, public) for seat in seats}


def _with_seat(state: State, seat: str | None, public: dict[str, Any]) -> dict[str, Any]:
    """The public view with what only ``seat`` sees; the objects it changes are copies."""
    if seat is None:
        return public
    result = dict(public)
    if seat in result["powers"] and not state.is_np(seat):
        powers = result["powers"] = dict(result["powers"])
        mine = powers[seat] = dict(powers[seat])
        mine["intrigue"] = list(state.powers[seat].intrigue)
        mine["hand"] = hand_view(state, seat)  # the cards with their texts, EN and IT
    decision = state.flow.top()
    if decision is not None and decision.kind == "commit" and seat == decision.seat and "dispute" in result:
        result["dispute"] = {**result["dispute"], "prospects": prospects(state, seat, decision.data)}
    if decision is not None and decision.kind == "keep" and seat == decision.seat:
        result["keep"] = list(decision.data["cards"])
    return result


def _public(state: State) -> dict[str, Any]:
    """A spectator's view: everything public, every hand as a count."""
    content = state.content
    decision = state.flow.top()
    powers: dict[str, Any] = {}
    for power_id in content.power_ids:
        me = state.powers[power_id]
        card = content.powers[power_id]
        data: dict[str, Any] = {
            "money": me.money,
            "embassies": me.embassies,
            "reserve": me.reserve,
            "prestige": me.prestige,
            "bonus_mark": me.bonus_mark,
            "vp": me.vp,
            "fleet_track": me.fleet_track,
            "armament_left": me.armament_left,
            "armies": {
                "reserve": card.army_max - me.armies_built,
                "arsenal": me.armies_arsenal,
                "out": dict(sorted(me.armies_out.items())),
                "boxed": me.armies_boxed,
            },
            "fleets": {
                "reserve": card.fleet_max - me.fleets_built,
                "arsenal": me.fleets_arsenal,
                "active": dict(me.fleets_active),
                "exhausted": dict(me.fleets_exhausted),
                "boxed": me.fleets_boxed,
            },
            "great_work": me.great_work,
            "prestige_used": me.prestige_used,
            "targeted": me.targeted,
            "passed": me.passed,
            "superior_doctrine": me.superior_doctrine,
            "national": list(me.national),
            "actions_used": list(me.actions_used),
            "intrigue_count": len(me.intrigue),
        }
        if state.is_np(power_id):
            # §13.4: an NP's hand, Intrigue and National, is face down; nobody sees it.
            data["np"] = True
            data["national"] = []
            data["national_count"] = len(me.national)
        powers[power_id] = data
    territories = {
        t: {
            "spaces": [space_text(b, top) for b, top in zip(s.base, s.top, strict=True)],
            "holder": s.holder,
            "armaments": s.base.count(ARMAMENT),
            "disputes": sum(top is not None for top in s.top),
        }
        for t, s in state.territories.items()
    }
    result: dict[str, Any] = {
        "game": "la-belle-epoque",
        "turn": state.turn,
        "era": content.game.era_of_turn.get(state.turn, 1),
        "phase": state.phase,
        "decision": None if decision is None else {"kind": decision.kind, "seat": decision.seat},
        "turn_order": list(state.turn_order),
        "next_order": list(state.next_order),
        "powers": powers,
        "territories": territories,
        "minors": {
            m: {
                "ally": state.territories[m].holder,
                "units": [
                    {"unit": u.id, "location": u.location, "exhausted": u.exhausted}
                    for u in state.minor_units
                    if u.minor == m
                ],
            }
            for m in content.minor_ids
        },
        "minor_reserve": dict(state.minor_reserve),
        "fleet_boxes": {
            box: {
                p: state.powers[p].fleets_active[box] + state.powers[p].fleets_exhausted[box]
                for p in content.power_ids
            }
            for box in BOXES
        },
        "events": {"deck": len(state.event_draw), "discard": list(state.event_discard)},
        "intrigue": {"deck": len(state.intrigue_draw), "discard": len(state.intrigue_discard)},
        "contrasts": {t: {"power": p, "turn": turn} for t, (p, turn) in sorted(state.contrasts.items())},
        "played": [{"card": c.card, "player": c.player, "victims": list(c.victims)} for c in state.played],
        "final": state.final,
        # §10.1: each National Objective, met or not in this position (public: the map shows it).
        "objectives_met": {
            p: {o.id: objective_met(state, o) for o in content.powers[p].objectives}
            for p in content.power_ids
        },
    }
    if decision is not None and decision.kind == "card":
        result["card"] = in_play_view(state)
    if decision is not None and decision.kind in ("commit", "reroll"):
        data = decision.data
        result["dispute"] = {
            key: data[key]
            for key in (
                "territory",
                "attacker",
                "defender",
                "cube",
                "a_fleets",
                "a_armies",
                "d_fleets",
                "d_armies",
            )
        } | {
            "space": data["index"] + 1,
            # Allied minor units committed so far (announced in the log as they are committed).
            "a_minors": list(data["a_minors"]),
            "d_minors": list(data["d_minors"]),
            # §8.7 in numbers (dispute_odds): both modifiers with their terms, the tie, the throws.
            "tie": tie_to(state, data),
            "standing": standing(state, data),
        }
    return result
