"""What a seat may see: everything on the table; its own unrest's value (and, with valued markers,
each marker's) but only the others' marker counts (L73, G8); the bag's size, never its order."""

from __future__ import annotations

from typing import Any

from .economy import loan_size
from .state import State
from .war import region_scores


def view(state: State, seat: str | None) -> dict[str, Any]:
    content = state.content
    top = state.flow.top()
    empires = {}
    for s in state.seats:
        empires[s] = {
            "name": content.empires[s].name_en,
            "name_fr": content.empires[s].name_fr,
            "home": content.empires[s].home,
            "gold": state.gold[s],
            "population": state.population[s],
            "vp": state.vp[s],
            "unrest_markers": state.unrest_markers(s),
            "unrest": state.unrest[s] if s == seat or state.final is not None else None,
            # G8 option: each marker's value, for its owner only (L73)
            "unrest_values": sorted(state.unrest_values[s])
            if state.valued_unrest() and (s == seat or state.final is not None)
            else None,
            "tiles": dict(sorted(state.owned[s].items())),
            "used": dict(sorted(state.used[s].items())),
            "round_flags": list(state.round_flags[s]),
            "tokens": state.tokens_of(s),
            "units": state.units_of(s),
            # L65-68: the gold one loan brings (Banking raises it); each loan is an unrest marker.
            "loan": loan_size(state, s),
        }
    regions = {}
    for r in content.region_ids:
        here = state.units[r]
        entry: dict[str, Any] = {
            "units": {s: {"army": u[0], "ship": u[1], "fort": u[2]} for s, u in sorted(here.items())},
        }
        if r in state.tokens:
            entry["tokens"] = dict(sorted(state.tokens[r].items()))
            entry["markers"] = list(state.markers[r])
            entry["held"] = [[t, o] for t, where, o in state.held if where == r]
            entry["blockade"] = next((o for where, o in state.blockades if where == r), None)
            entry["scores"] = region_scores(state, r)
        regions[r] = entry
    result: dict[str, Any] = {
        "war": state.war,
        "round": state.round,
        "rounds": content.rules.rounds(len(state.seats)),
        "phase": top.kind if top is not None else "over",
        "to_act": list(top.waiting()) if top is not None else [],
        "first": state.first,
        "last_player": state.last_player,
        "empires": empires,
        "regions": regions,
        "stock": {t: n for t, n in state.stock.items() if n},
        "bag": len(state.bag),
        "alliances": {"grey": list(state.grey), "white": list(state.white)},
        "order": list(state.order),
        "decision": {"kind": top.kind, "seat": list(top.seats), "data": dict(top.data)} if top else None,
        "combat": _combat(state),
        "final": state.final,
    }
    return result


def _combat(state: State) -> dict[str, Any] | None:
    """The attack under way, as every empire at the table sees it: what is said and played in the
    open (a Surprise Attack, L558-559; the gold offered for support and each ally's answer, L303-314
    and R22; the Blockade's +2, L570; Fighting Withdrawal, L554-556; the dice). Nothing in it is
    hidden, so every seat gets the same."""
    c = state.combat
    if c is None:
        return None
    return {
        "attacker": c["attacker"],
        "defender": c["defender"],
        "kind": c["kind"],
        "region": c["region"],
        "target": c["target"],
        "surprise": c["surprise"],
        "support": dict(c["support"]),
        # R22: the gold offered to each ally asked so far, and each ally's answer (none included)
        "offers": dict(c["offers"]),
        "answers": dict(c.get("answers", {})),
        "assign": dict(c["assign"]),
        "naval_support": c["naval"],
        "boost": c["boost"],
        "withdrawn": c["withdrawn"],
        "phase": c["phase"],
        "dice": {k: list(v) for k, v in c["dice"].items()},
        "winner": c["winner"],
        "step": c["step"],
    }
