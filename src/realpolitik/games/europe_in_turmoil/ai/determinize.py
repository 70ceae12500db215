"""Resampling what a seat cannot see: the opponent's hand and the draw pile's order (the
opponent's sealed Stability choice too), consistent with what the seat has seen: Scoring cards
the opponent revealed at setup (3.1) and the hand Helgoland showed stay in that hand, and as many of
its cards as were held over are held again, none a Scoring card (15.0 End of Turn, 4.5.3)."""

from __future__ import annotations

from itertools import combinations

from ....engine import Rng
from ..rules.mobilization import pick_slots, picks_of, slot_options
from ..rules.state import State, other


def determinize(state: State, seat: str | None, rng: Rng) -> State:
    twin = state.clone()
    hidden = [s for s in ("A", "L") if s != seat]
    pool = list(twin.deck)
    kept: dict[str, list[str]] = {}
    for s in hidden:
        seen = set(twin.revealed[s])
        if seat is not None:
            seen |= set(twin.peek[seat])
        kept[s] = [c for c in twin.hands[s] if c in seen]
        pool += [c for c in twin.hands[s] if c not in seen]
    rng.shuffle(pool)
    fresh = _entered_this_turn(twin)
    for s in hidden:
        # 15.0 End of Turn: the held cards showed their bottoms, so as many of the new hand are
        # held, none a Scoring card (4.5.3) nor a card of an era shuffled in after the holding (4.4)
        held_seen = [c for c in twin.held[s] if c in kept[s]]
        want = len(twin.held[s]) - len(held_seen)
        can_hold = [c for c in pool if not twin.content.cards[c].scoring and c not in fresh]
        held = can_hold[:want]
        taken = set(held)
        rest = [c for c in pool if c not in taken]
        size = len(twin.hands[s]) - len(kept[s]) - len(held)
        twin.hands[s] = kept[s] + held + rest[:size]
        twin.held[s] = held_seen + held
        pool = rest[size:]
    twin.deck = pool
    top = twin.flow.top()
    if top is not None and top.kind == "stability":
        picks = dict(top.data["picks"])
        for s in hidden:
            if s in picks:
                k = top.data["counts"][s]
                options = list(combinations(sorted(twin.stab_avail[s]), k)) if k else [()]
                picks[s] = list(options[rng.below(len(options))])
        top.data["picks"] = picks
    if top is not None and top.kind == "mobilize":
        # 8.4.4: the opponent's sealed Mobilization picks so far (how many is public): each
        # answer redrawn among the answers its pick allowed
        answers: dict[str, list[str]] = dict(top.data["answers"])
        sealed: dict[str, list[str]] = dict(top.data["picks"])
        for s in hidden:
            redrawn: list[str] = []
            for slot in pick_slots(twin, s)[: len(answers[s])]:
                allowed = slot_options(twin, slot)
                redrawn.append(allowed[rng.below(len(allowed))])
            answers[s] = redrawn
            sealed[s] = picks_of(redrawn)
        top.data["answers"] = answers
        top.data["picks"] = sealed
    if twin.mobilization is not None and int(twin.mobilization["priority"]) >= 0:
        _resample_unrevealed(twin, hidden, rng)
    twin.rng = Rng.from_seed(rng.below(2**31), stream=11)
    return twin


def _entered_this_turn(twin: State) -> set[str]:
    """The cards of an era shuffled into the draw pile at the start of this turn (4.4), after the
    last turn's held cards were kept: none of them can be held."""
    eras = [e for e, first in twin.content.era_turns.items() if first == twin.turn and first > 1]
    return {c for c in twin.content.card_ids if twin.content.cards[c].era in eras} if eras else set()


def _resample_unrevealed(twin: State, hidden: list[str], rng: Rng) -> None:
    """8.4.4: cards not yet revealed are the opponent's secret; what the seat knows is how many
    there are (so whether the one extra card, U-Boat Offensive, is among them) and that none has a
    priority already passed. Each is redrawn among its nation's cards of a later priority."""
    mob = twin.mobilization
    assert mob is not None
    cards = twin.content.mobilization
    done = int(mob["priority"])
    picks = {k: list(v) for k, v in mob["picks"].items()}
    for s in hidden:
        redrawn = []
        for cid in picks[s]:
            if cid in mob["revealed"] or cards[cid].extra:
                redrawn.append(cid)
                continue
            nation = cards[cid].nation
            later = [m.id for m in cards.values() if m.nation == nation and not m.extra and m.priority > done]
            redrawn.append(later[rng.below(len(later))] if later else cid)
        picks[s] = redrawn
    mob["picks"] = picks


__all__ = ["determinize", "other"]
