"""How good a position is for each side (the heuristic bot, ISMCTS leaves and its root prior).

``values`` is the projected final VP lead of each side (positive: ahead), in VP:

* the VP now (10.3);
* **regions** (10.1): what each region would score now, net, weighted by the scorings still to
  come (its Scoring card played again while the deck cycles, and final scoring, 10.4.2); a region
  whose Scoring card has not entered the deck yet (4.4) counts only for the scorings after that;
* **Scoring cards in hand** (4.5.3, 9.0): each will be played this turn, so its region's net score
  is as good as banked (a card held is worth what playing it now would give), less a small cost of
  waiting; a seat holding more Scoring cards than it has action rounds left loses at the end of the
  turn (4.5.3), which is valued as a loss;
* **Liberal Control of Germany** (10.4.1, 10.4.2): an automatic win when the Germany Scoring card
  is played or at final scoring, so the Liberal's control there is worth far more than its points;
* **the naval race** (6.3): boxes ahead, and the +1 to the war roll for the leader (8.4.2);
* **tension and the Great War** (8.1-8.4): the chance that the next crisis roll (8.3.1) starts the
  war, times what the war would change: the war's expected VP (8.4.2, 8.4.6) and the scoring of the
  participating regions only (8.4.5), against the projection without a war;
* cards in hand (the means to act), a little.

The weights are ours, set by measuring play (docs/europe-in-turmoil.md), not rules.
"""

from __future__ import annotations

from typing import Any

from ..content import REGIONS, Content
from ..rules.board import controller
from ..rules.mobilization import pending_value
from ..rules.state import State
from ..rules.tracks import gw_status
from ..rules.war import MINORS, modifiers, participants

VALUE_SCALE = 4.0
"""A typical lead in VP that decides a game (a softmax of values with this scale)."""
WIN = 30.0
"""A finished game: the winner's lead (a certain win is worth more than any projected lead)."""
HELD_LOSS = 25.0
"""More Scoring cards in hand than action rounds left: the end of the turn loses (4.5.3)."""
HOLD = 0.6
"""Waiting to play a Scoring card one holds: the opponent may still change the region."""
REGION_BASE = 0.5
"""Weight of a region's net score now: the final scoring's share (positions change until then)."""
REGION_PER_TURN = 0.12
"""Added per turn left in which the region's Scoring card is in the deck (about one play of each
Scoring card every two to three turns as the deck cycles, 4.3)."""
GERMANY_CONTROL = 8.0
"""Liberal Control of Germany (10.4.1): an automatic win at the Germany Scoring card's play."""
NAVY = 0.5
"""Per naval box ahead (6.3): the boxes still to take and the war's +1 (8.4.2)."""
CARD = 0.2
"""Per non-Scoring card in hand beyond the opponent's."""
WAR = 0.6
"""How much of the war's expected change counts, per unit of the next crisis roll's chance."""


class _Geometry:
    """What evaluation needs of the map, worked out once per content."""

    __slots__ = ("adjacent", "battlegrounds", "region_spaces")

    def __init__(self, content: Content) -> None:
        self.region_spaces: dict[str, list[str]] = {r: [] for r in REGIONS}
        self.battlegrounds: dict[str, int] = dict.fromkeys(REGIONS, 0)
        for sid, space in content.spaces.items():
            if space.region in self.region_spaces:
                self.region_spaces[space.region].append(sid)
                if space.battleground:
                    self.battlegrounds[space.region] += 1
        self.adjacent: dict[str, list[str]] = {r: [] for r in REGIONS}
        # 10.1.4 and 15.0: independents adjacent to the region (Algeria, Tunisia, Morocco count for
        # France; Libya never counts; boxes are not spaces)
        for sid, space in content.spaces.items():
            if not space.independent or sid == "libya":
                continue
            for region in REGIONS:
                near = any(
                    n in content.spaces and content.spaces[n].region == region for n in content.adjacent[sid]
                )
                if near or (region == "france" and sid in ("algeria", "tunisia", "morocco")):
                    self.adjacent[region].append(sid)


_GEOMETRY: dict[str, _Geometry] = {}


def _geometry(content: Content) -> _Geometry:
    found = _GEOMETRY.get(content.fingerprint)
    if found is None:
        found = _Geometry(content)
        _GEOMETRY[content.fingerprint] = found
    return found


def region_scores(state: State) -> dict[str, tuple[int, int]]:
    """10.1.1-10.1.4 for every region at once: (Liberal points, Authoritarian points), as
    :func:`..rules.scoring.region_points` would give, with one control look per space."""
    geo = _geometry(state.content)
    spaces = state.content.spaces
    owner: dict[str, str | None] = {}
    out: dict[str, tuple[int, int]] = {}
    for region in REGIONS:
        # [spaces, battlegrounds, non-battlegrounds] per side
        lib = [0, 0, 0]
        auth = [0, 0, 0]
        for sid in geo.region_spaces[region]:
            who = controller(state, sid)
            if who is None:
                continue
            side = lib if who == "L" else auth
            side[0] += 1
            side[1 if spaces[sid].battleground else 2] += 1
        values = state.content.scoring[region]
        total = geo.battlegrounds[region]
        points = []
        for mine, theirs, seat in ((lib, auth, "L"), (auth, lib, "A")):
            if mine[0] > theirs[0] and mine[1] == total:
                got = values.control
            elif mine[0] > theirs[0] and mine[1] > theirs[1] and mine[1] >= 1 and mine[2] >= 1:
                got = values.domination
            elif mine[0] >= 1:
                got = values.presence
            else:
                got = 0
            got += mine[1]
            for sid in geo.adjacent[region]:
                if sid not in owner:
                    owner[sid] = controller(state, sid)
                if owner[sid] == seat:
                    got += 1
            points.append(got)
        out[region] = (points[0], points[1])
    return out


def germany_controlled(state: State) -> bool:
    """10.1.1 Control for the Liberal in Germany (10.4.1's automatic win)."""
    geo = _geometry(state.content)
    spaces = state.content.spaces
    lib = auth = 0
    for sid in geo.region_spaces["germany"]:
        who = controller(state, sid)
        if who == "L":
            lib += 1
        elif who == "A":
            auth += 1
            if spaces[sid].battleground:
                return False
        elif spaces[sid].battleground:
            return False
    return lib > auth


def rounds_left(state: State, seat: str) -> int:
    """Action rounds ``seat`` may still play this turn (4.5.2), the one it is choosing included."""
    left = state.slots.count(seat)
    top = state.flow.top()
    if top is not None and top.kind == "play" and seat in top.seats:
        left += 1
    return left


def _entry_turn(state: State, region: str) -> int:
    """The turn the region's Scoring card joins the deck (4.4)."""
    for cid in state.content.card_ids:
        card = state.content.cards[cid]
        if card.scoring and card.region == region:
            return state.content.era_turns.get(card.era, 1)
    return 1


_WAR_ODDS: dict[int, tuple[float, float]] = {}


def war_odds(edge: int) -> tuple[float, float]:
    """8.4.2: the chances that the Liberal wins and that the Authoritarian wins a standard war
    when the Liberal's modifier exceeds the Authoritarian's by ``edge`` (a gap of 1 or less is a
    tie: both lost)."""
    found = _WAR_ODDS.get(edge)
    if found is None:
        lib = auth = 0
        for a in range(1, 7):
            for b in range(1, 7):
                gap = b + edge - a
                if gap > 1:
                    lib += 1
                elif gap < -1:
                    auth += 1
        found = (lib / 36.0, auth / 36.0)
        _WAR_ODDS[edge] = found
    return found


def crisis_chance(state: State) -> float:
    """8.3.1: the chance that one crisis roll (d6 + tension + status) exceeds the threshold."""
    need = state.content.crisis_threshold + 1 - state.tension - gw_status(state)
    return max(0.0, min(1.0, (7 - need) / 6.0))


def liberal_lead(state: State) -> float:
    """The projected final VP lead of the Liberal (negative: the Authoritarian leads)."""
    content = state.content
    scores = region_scores(state)
    in_hand: dict[str, str] = {}
    held = {"A": 0, "L": 0}
    cards = {"A": 0, "L": 0}
    for seat in ("A", "L"):
        for cid in state.hands[seat]:
            card = content.cards[cid]
            if card.scoring and card.region is not None:
                in_hand[card.region] = seat
                held[seat] += 1
            else:
                cards[seat] += 1
    lead = float(state.vp)
    for region in REGIONS:
        lib, auth = scores[region]
        net = lib - auth
        later = max(0, content.turns - max(state.turn, _entry_turn(state, region)))
        lead += (REGION_BASE + REGION_PER_TURN * later) * net
        if region in in_hand:
            lead += net  # 4.5.3: the card will be played this turn; its score now is nearly banked
    lead += NAVY * (state.navy["L"] - state.navy["A"])
    chance = crisis_chance(state)
    if chance > 0.0:
        # 8.3.1: the next crisis roll may end the game in a war instead of this projection
        lead += WAR * chance * (war_lead(state, scores) - lead)
    for seat, sign in (("L", 1.0), ("A", -1.0)):
        if held[seat] > rounds_left(state, seat):
            lead -= sign * HELD_LOSS
        else:
            lead -= sign * HOLD * held[seat]
    if germany_controlled(state):
        # 10.4.1: a win when the Germany Scoring card is played (10.4.2: or at final scoring)
        lead += GERMANY_CONTROL * (2.0 if in_hand.get("germany") == "L" else 1.0)
    lead += CARD * (cards["L"] - cards["A"])
    return lead


def war_lead(state: State, scores: dict[str, tuple[int, int]]) -> float:
    """The Liberal's expected final lead if the Great War broke out now: the war's VP (8.4.2 or
    8.4.6), then only the participating regions scored (8.4.5)."""
    mods = modifiers(state)
    edge = mods["L"] - mods["A"]
    lib_vp = 2 + sum(1 for s in MINORS if controller(state, s) == "L")
    auth_vp = 2 + sum(1 for s in MINORS if controller(state, s) == "A")
    if state.readings.mobilization:
        swing = 0.0  # 8.4.4: no war winner; the cards are valued when picked (mobilization_lead)
    elif state.readings.express:
        swing = float(4 + abs(edge)) * (1.0 if edge > 0 else -1.0 if edge < 0 else 0.0)
    else:
        win_l, win_a = war_odds(edge)
        swing = win_l * lib_vp - win_a * auth_vp
    lead = float(state.vp) + swing
    for region in participants(state, False):
        lib, auth = scores[region]
        lead += lib - auth
    return lead


def values(state: State) -> dict[str, float]:
    if state.over:
        won = state.winners
        if len(won) == 1:
            return {s: (WIN if s == won[0] else -WIN) for s in ("A", "L")}
        return {"A": 0.0, "L": 0.0}
    lead = mobilization_lead(state) if state.mobilization is not None else liberal_lead(state)
    return {"L": lead, "A": -lead}


def mobilization_lead(state: State) -> float:
    """8.4.4-8.4.5 under way: the VP, the participating regions as final scoring will count them,
    and what the cards picked and not yet executed will bring (:func:`pending_value`)."""
    mob = state.mobilization
    assert mob is not None
    scores = region_scores(state)
    lead = float(state.vp)
    for region in mob["regions"]:
        lib, auth = scores[region]
        lead += lib - auth
    picks: dict[str, list[str]] = dict(mob["picks"])
    top = state.flow.top()
    if top is not None and top.kind == "mobilize":
        picks = {s: list(c) for s, c in top.data["picks"].items()}
    for seat, sign in (("L", 1.0), ("A", -1.0)):
        for cid in picks.get(seat, []):
            if cid not in mob["revealed"]:
                lead += sign * pending_value(state, seat, cid)
    return lead


def facts(state: State, seen: dict[str, Any]) -> dict[str, Any]:
    """Facts for simulation reports (a fact counts in the games where it is not None): the turn
    the game ended in, whether the Great War broke out (8.3.1) and who won it (8.4.2; a tie
    names no winner), and how the game ended (10.4)."""
    war = state.result.startswith("after the Great War")
    ending = _ending(state.result)
    found: dict[str, Any] = {"turns": state.turn}
    found["great_war"] = True if war else None
    found["war_won_by_liberal"] = True if war and state.war_winner == "L" else None
    found["war_won_by_authoritarian"] = True if war and state.war_winner == "A" else None
    mobilized = state.mobilization is not None
    found["war_tied"] = True if war and state.war_winner is None and not mobilized else None
    # 8.4.4-8.4.5: War Mobilization has no war winner; how the game ends after it is what counts
    found["war_mobilization"] = True if war and mobilized else None
    after = war and mobilized
    found["mobilization_won_by_liberal"] = True if after and state.winners == ["L"] else None
    found["mobilization_won_by_authoritarian"] = True if after and state.winners == ["A"] else None
    found["mobilization_both_lost"] = True if after and len(state.winners) == 2 else None
    for name in ENDINGS:
        found[f"ended_by_{name}"] = True if ending == name else None
    found["draw"] = True if len(state.winners) == 2 else None
    return found


ENDINGS = ("great_war", "held_scoring_card", "twenty_vp", "germany_control", "final_scoring")


def _ending(result: str) -> str:
    if result.startswith("after the Great War"):
        return "great_war"
    if "holds a Scoring card" in result or "both players hold" in result:
        return "held_scoring_card"
    if "reaches" in result:
        return "twenty_vp"
    if "Control of Germany" in result and not result.startswith("final"):
        return "germany_control"
    return "final_scoring"


__all__ = ["VALUE_SCALE", "facts", "values"]
