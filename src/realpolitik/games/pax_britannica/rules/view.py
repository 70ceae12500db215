"""What every seat sees: the whole board, but the secret treaties and secret offers of others
(L839-845: only their signers see them) and the sealed answers not yet revealed."""

from __future__ import annotations

from typing import Any

from .alliance import belligerents, current_war
from .board import controllers
from .congress import congress_view
from .state import State
from .straits import KIND as DENY
from .straits import PASSAGES
from .treaties import signers_seats, visible_treaties


def current_phase(state: State) -> str:
    top = state.flow.top()
    return top.kind if top is not None else state.phase


def _offer(state: State, seat: str | None) -> dict[str, Any] | None:
    """The offer waiting for an answer; a secret one's terms only for its two parties (L839-841):
    the others see who offers to whom, and ``kind`` ``secret``."""
    top = state.flow.top()
    if top is None or top.kind != "offer":
        return None
    shown = {k: top.data.get(k, "") for k in ("from", "to", "kind", "area", "amount", "treaty")}
    secret = bool(top.data.get("secret"))
    parties = {state.player_of.get(str(top.data[k])) for k in ("from", "to")}
    if secret and (seat is None or seat not in parties):
        shown.update(kind="secret", area="", amount=0, treaty="")
    shown["secret"] = secret
    return shown


def _dispute(state: State, seat: str | None) -> dict[str, Any] | None:
    """A dispute's answers stay sealed until the last disputant has answered (L784-811)."""
    top = state.flow.top()
    if top is None or top.kind != "dispute":
        return None
    answers = top.data["answers"]
    return {
        "area": top.data["area"],
        "powers": list(top.data["powers"]),
        "answered": sorted(answers),
        "my_answer": answers.get(seat) if seat is not None else None,
    }


def _spoils(state: State, seat: str | None) -> dict[str, Any] | None:
    """The proposed division of the spoils and who has answered (sealed until all have, L1419-1424)."""
    top = state.flow.top()
    if top is None or top.kind != "spoils":
        return None
    answers = top.data["answers"]
    return {
        "proposal": dict(top.data["proposal"]),
        "answered": sorted(answers),
        "my_answer": answers.get(seat) if seat is not None else None,
    }


def _rights(state: State, seat: str | None) -> dict[str, Any] | None:
    """The question whether to defend a Minor's rights (L490-493), and who has answered (sealed)."""
    top = state.flow.top()
    if top is None or top.kind != "rights":
        return None
    answers = top.data["answers"]
    area = top.data["area"]
    return {
        "area": area,
        "minor": top.data["minor"],
        "rulers": [p for p in controllers(state, area) if p in state.great],
        "answered": sorted(answers),
        "my_answer": answers.get(seat) if seat is not None else None,
    }


def _war(war: dict[str, Any]) -> dict[str, Any]:
    """A war as every seat sees it (the peace answers stay sealed until all are in). ``sides``: its
    Alliances, two or more (L1201-1204; an Alliance gone by a separate peace is an empty list, so
    that ``conquered`` and ``coaling`` keep pointing at the right one); ``order``: the Alliances'
    indexes in this War Sequence's order (Initiative); ``champions``: each Great Power bound to a
    Minor whose rights it defended -> the Minor (rules/rights.py, L500-504, public: the defence was
    announced); ``moving``: the index of the Alliance whose
    Maneuver, Attack and Supply phases are under way (None outside them); ``closed``: each canal or
    the Straits denied this War Sequence -> the indexes of the Alliances denied it (L1508-1530,
    public)."""
    order = [int(i) for i in war["order"]]
    phased = war["stage"] in ("maneuver", "attack", "attacks", "supply") and war["turn"] < len(order)
    return {
        "sides": [list(s) for s in war["sides"]],
        "first": list(war["first"]),
        "stage": war["stage"],
        "round": war["round"],
        "order": order,
        "moving": order[war["turn"]] if phased else None,
        "first_alliance": list(war["sides"][order[0]]),
        "quiet": war["quiet"],
        "conquered": dict(war["conquered"]),
        "surrendered": {p: list(c) for p, c in war["surrendered"].items()},
        "out": list(war["out"]),
        "champions": dict(war.get("champions", {})),
        "coaling": dict(war.get("coaling", {})),
        "closed": {p: list(s) for p, s in war.get("closed", {}).items()},
    }


def _denial(state: State) -> dict[str, Any] | None:
    """The question a canal's or the Straits' Controller answers now (L1508-1530): which passage,
    between which zones, and which Alliance it may be denied to; ``neutral`` when the Controller is
    not in the war, so that a denial to some Alliances but not all gives them a Casus Belli against
    it (L1527-1530). Public: the questions follow from the markers and the war, and the denials are
    logged once every Controller has answered (the answers given so far are not shown)."""
    top = state.flow.top()
    war = current_war(state)
    if top is None or top.kind != DENY or war is None:
        return None
    data = top.data
    area, zones = next((a, [z1, z2]) for name, a, z1, z2 in PASSAGES if name == data["passage"])
    return {
        "power": data["power"],
        "passage": data["passage"],
        "area": area,
        "zones": zones,
        "alliance": list(war["sides"][int(data["side"])]),
        "neutral": data["power"] not in belligerents(war),
    }


def view(state: State, seat: str | None) -> dict[str, Any]:
    content = state.content
    top = state.flow.top()
    return {
        "turn": state.turn,
        "year": content.track[state.turn - 1].year,
        "phase": current_phase(state),
        "to_act": list(top.waiting()) if top is not None else [],
        "acting_power": top.data.get("power") if top is not None else None,
        "offer": _offer(state, seat),
        "dispute": _dispute(state, seat),
        "congress": congress_view(state, seat),
        "spoils": _spoils(state, seat),
        "rights": _rights(state, seat),
        "denial": _denial(state),
        "wars": [_war(w) for w in state.wars],
        "eti": state.eti,
        "cri": state.cri,
        "great_powers": list(state.great),
        "minor_powers": list(state.minors),
        "treasury": dict(state.treasury),
        "vp": dict(state.vp),
        "markers": {
            a: {p: {"level": lv, "established": est} for p, (lv, est) in held.items()}
            for a, held in sorted(state.markers.items())
        },
        "units": {
            p: {loc: list(u) for loc, u in sorted(locs.items())} for p, locs in sorted(state.units.items())
        },
        "fleets": {p: list(s) for p, s in sorted(state.fleets.items())},
        "new_fleets": dict(state.pending_fleets),
        "unrest": list(state.unrest),
        "canals": list(state.canals),
        "casus_belli": [list(c) for c in state.cbs],
        "treaties": visible_treaties(state, seat),
        "secret_treaties": [
            list(t) for t in state.secret_treaties if seat is not None and seat in signers_seats(state, t)
        ],
        "forced": {p: f[0] for p, f in state.forced.items()},
        "licences": {p: list(a) for p, a in state.licences.items()},
        "record": {p: dict(r) for p, r in state.record.items()},
        "rebellions": state.rebellions,
        "balkan_wars": state.balkan_wars,
        "final": state.final,
    }
