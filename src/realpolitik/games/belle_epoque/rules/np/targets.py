"""Whom and where an NP Power's cards hit (§13.4.3-§13.4.7), and every other decision the
automaton takes for an NP seat (Intrigue keeps, a card's choices, Change of Strategy)."""

from __future__ import annotations

from typing import Any, Final

from .....engine import LogEntry
from .. import actions as A
from ..board import name, note
from ..cards.play import play_options
from ..cards.primitives import new_ctx, title_of
from ..cards.resolution import pending, skip_step, start
from ..reactions import ACCEPT, reroll_card
from ..state import PlayedCard, State
from .dice import pick, roll

Log = list[LogEntry] | None

METRIC: Final = {"money": "money", "prestige": "prestige", "embassies": "embassies", "discard": "cards"}
"""§13.4.3: the Power with the most Prestige, money, cards or Embassy DM cubes, by the effect."""


def _measure(state: State, power: str, metric: str) -> int:
    me = state.powers[power]
    if metric == "cards":
        return len(me.intrigue) + len(me.national)
    value: int = getattr(me, metric)
    return value


def _objective_order(state: State, power: str, territories: list[str], *, fallback: bool) -> list[str]:
    """§13.4.3: the Objectives Priority Table, skipping the NP's allies and colonies; with
    ``fallback`` (placements, which must happen) the other territories follow in map order."""
    objectives = state.content.non_player.powers[power].objectives
    wanted = set(territories)
    order = [t for t in objectives if t in wanted and state.territories[t].holder != power]
    if fallback:
        order += [t for t in state.content.territory_ids if t in wanted and t not in order]
    return order


# -- playing a card (§13.4.1, §13.4.2) ------------------------------------------------------------


def play_np_card(state: State, power: str, deck: str, log: Log) -> None:
    """Draw a card of the kind the Progress Chart shows at random from the NP's hand and play it:
    the half with the NP symbol, a National card at no cost. None in hand: nothing (§13.4.1; digest
    C7 for a fourth National turn)."""
    me = state.powers[power]
    hand = me.intrigue if deck == "intrigue" else me.national
    if not hand:
        note(log, f"{power} (NP) has no {deck.title()} card to play", "§13.4.1", power)
        return
    card = hand[state.rng.below(len(hand))]
    state.reveals += 1
    content = state.content
    if deck == "intrigue":
        info = content.intrigue_cards[card]
        if info.np_half.reaction:
            # §13.4.6: Change of Strategy is kept for the NP's first dispute it can still win.
            note(log, f"{power} (NP) draws {info.np_half.name_en}: kept for a dispute", "§13.4.6", power)
            return
        half = 1 if info.halves[0].np_symbol else 2
        title = info.np_half.name_en
    else:
        half, title = 0, content.national_cards[card].name_en
    hand.remove(card)
    options = play_options(state, power, deck, card, half)
    if not options:
        note(log, f"{power} (NP) plays {title}: it has nothing to act on and is discarded", "§13.4.3", power)
        if deck == "intrigue":
            state.intrigue_discard.append(card)
        return
    updates = _choose_play(state, power, card, options, log)
    note(log, f"{power} (NP) plays {title}" + (" (no cost)" if deck == "national" else ""), "§13.4", power)
    state.played.append(PlayedCard(card, deck, power, []))
    ctx = new_ctx(deck, card, half, power)
    ctx.update(updates)
    start(state, ctx, log)


def _choose_play(
    state: State, power: str, card: str, options: list[tuple[str, dict[str, str]]], log: Log
) -> dict[str, str]:
    """The choices made when the card is played (§13.4.3, §13.4.6, §13.4.7)."""
    left = options
    if any("option" in u for _, u in left):
        # §13.4.7 Social Policy: always the +2 Prestige.
        best = [u for _, u in left if u.get("option") == "prestige"] or [left[0][1]]
        left = [(t, u) for t, u in left if u.get("option") == best[0].get("option")]
    if any(u.get("when") == "next" for _, u in left):
        left = [(t, u) for t, u in left if u.get("when") == "next"]  # §13.4.7 Diplomatic Contrasts
    if any("territory" in u for _, u in left):
        order = _objective_order(state, power, [u["territory"] for _, u in left], fallback=True)
        left = [(t, u) for t, u in left if u.get("territory") == order[0]]
    targets = list(dict.fromkeys(u["target"] for _, u in left if "target" in u))
    if targets:
        chosen = _choose_target(state, power, card, targets, log)
        left = [(t, u) for t, u in left if u.get("target") == chosen]
    return left[0][1]


def _choose_target(state: State, power: str, card: str, targets: list[str], log: Log) -> str:
    content = state.content
    info = content.intrigue_cards.get(card)
    steps = info.np_half.effect if info else content.national_cards[card].effect
    if card == "sabotage":
        # §13.4.6: a die among the Powers it may still hit, in equal intervals.
        return pick(state, power, targets, "Sabotage's target", rule="§13.4.6", log=log)
    if card == "financial-scandal":
        humans = [p for p in targets if not state.is_np(p)] or targets  # §13.4.6: humans only
        targets = humans
    if any(s.op == "remove" and s.args.get("owner") == "target" for s in steps):
        found = _first_cube_owner(state, power, targets, log)
        if found is not None:
            return found  # §13.4.6 Diplomatic Attack: the first cube names the target
    metric = next(
        (METRIC[s.op] for s in steps if s.op in METRIC and s.args.get("who") == "target"), "prestige"
    )
    most = max(_measure(state, p, metric) for p in targets)
    tied = [p for p in targets if _measure(state, p, metric) == most]
    return pick(state, power, tied, f"the most {metric}", rule="§13.4.3", log=log)


def _first_cube_owner(state: State, power: str, targets: list[str], log: Log) -> str | None:
    for territory in _objective_order(state, power, list(state.content.territory_ids), fallback=False):
        base = state.territories[territory].base
        counted = {p: base.count(p) for p in targets if p in base}
        if counted:
            most = max(counted.values())
            return pick(
                state,
                power,
                [p for p, n in counted.items() if n == most],
                f"the cube in {name(state, territory)}",
                rule="§13.4.4",
                log=log,
            )
    return None


# -- choices inside a card -------------------------------------------------------------------------


def choose_for_card(state: State, log: Log) -> A.Action | None:
    """A card's pending choice whose chooser is an NP: its own card's cubes (§13.4.3-§13.4.5), or
    what it suffers as a victim (Political Scandal's die, §13.4.6). ``None`` when it has nothing
    left to aim at: the step is then over, done here."""
    ctx, op, step = pending(state)
    seat = str(ctx["chooser"])
    options = op.options(state, ctx, step.args)
    if step.op == "ask":
        # §13.4.6 Political Scandal against an NP: even, 1 Prestige; odd, 1 DM cube.
        value = roll(state, seat, "Political Scandal: even Prestige, odd a DM cube", "§13.4.6", log)
        wanted = "prestige" if value % 2 == 0 else "dm"
        return next((o for o in options if isinstance(o, A.Choose) and o.option == wanted), options[0])
    if ctx["player"] == seat and step.op in ("remove", "place"):
        found = _map_choice(state, seat, ctx, step.op, options, log=log)
        if found is None:
            note(log, f"{title_of(state.content, ctx)}: no objective left to act on", "§13.4.3", seat)
            skip_step(state, log)
            return None
        return found
    return options[0]


def _space(action: A.Action) -> tuple[str, int]:
    if isinstance(action, A.Remove | A.Place | A.Send):
        return action.territory, action.space
    raise AssertionError(f"not a map choice: {action!r}")  # pragma: no cover


def _map_choice(
    state: State, power: str, ctx: dict[str, Any], op: str, options: list[A.Action], *, log: Log
) -> A.Action | None:
    by_territory: dict[str, list[A.Action]] = {}
    for option in options:
        by_territory.setdefault(_space(option)[0], []).append(option)
    candidates = list(by_territory)
    if ctx["card"] == "big-stick-policy" and {"micronesia", "melanesia"} <= set(candidates):
        value = roll(state, power, "Big Stick Policy: even Micronesia, odd Melanesia", "§13.4.6", log)
        candidates.remove("melanesia" if value % 2 == 0 else "micronesia")
    if op == "remove":
        # digest C11: a Power this card hit in an earlier territory is spared in later ones.
        where: dict[str, str] = ctx.setdefault("np_where", {})
        for territory in list(by_territory):
            base = state.territories[territory].base
            kept = [
                o
                for o in by_territory[territory]
                if where.get(str(base[_space(o)[1] - 1]), territory) == territory
            ]
            by_territory[territory] = kept
        candidates = [t for t in candidates if by_territory[t]]
    order = _objective_order(state, power, candidates, fallback=op == "place")
    if not order:
        return None
    territory = order[0]
    choices = by_territory[territory]
    base = state.territories[territory].base
    hits = [o for o in choices if _space(o)[1]]
    if op == "place" and not hits:
        return choices[0]  # a free space (§8.6.2)
    powers = [o for o in hits if base[_space(o)[1] - 1] in state.powers]
    hits = powers or hits  # opposing Powers' cubes before minor nations' (§13.4.4)
    owners = [base[_space(o)[1] - 1] for o in hits]
    counted = {o: base.count(o) for o in dict.fromkeys(owners) if o is not None}
    most = max(counted.values())
    tied = [o for o, n in counted.items() if n == most]
    owner = pick(state, power, tied, f"the cube in {name(state, territory)}", rule="§13.4.4", log=log)
    if op == "remove":
        ctx["np_where"] = {**ctx.get("np_where", {}), owner: territory}
    return next(o for o in hits if base[_space(o)[1] - 1] == owner)


# -- other decisions ----------------------------------------------------------------------------------


def choose_reroll(state: State) -> A.Action:
    """§13.4.6 Change of Strategy: the NP re-rolls in its first dispute where a new die could still
    win it, after seeing the opponent's result."""
    decision = state.flow.current()
    data = decision.data
    seat = decision.seat
    side = data["reroll_side"]
    other = "d" if side == "a" else "a"
    best = 6 + data[f"{side}_mod"]
    theirs = data[f"{other}_roll"] + data[f"{other}_mod"]
    found = reroll_card(state, seat)
    assert found is not None
    return A.Play(found[0], found[1]) if best > theirs else A.Choose(ACCEPT)


def keep_first(state: State) -> A.Keep:
    """An NP allied with the Ottoman Empire keeps the first of its 2 cards (our reading)."""
    return A.Keep(state.flow.current().data["cards"][0])
