"""Evaluation hooks: each Power's projected final score, in VP.

* What stands: VP so far, this turn's treasury as VP (unrounded: see ``_as_vp``), the
  end-of-game Area VP and the Africa bonuses as they stand. A marker placed this turn counts as
  if established, a Control marker still to be won in Colonial Combat at its chance of winning it
  (``combat.establish_chance``, L715-724), and the Colonial Office's 6 column at the chance that
  no Control marker is held after the combats (L405-407).
* What the position brings in the turns left (ours): every later turn's VP Record buys VP with
  that turn's net income (L393-429, L1563-1570), so each Power is credited, for each turn after
  this one, its Communication-Linked colonial income less the markers' maintenance and its units'
  upkeep, plus the Colonial Office's expected value (the 6 column without Control markers,
  L405-407), over its divisor. Without it a one-ply look saw a marker's price and not its yield:
  an Interest cost its buyer two VP at once and paid back at the game's end only, so the bots
  hardly placed a marker in a whole game of colonial expansion.
* Wars and treaties (ours, heuristics for the bots; weights below, each a VP figure):

  - **The Great War's shadow**: every player loses the turn's penalty when the Great War comes,
    a culprit three times it (L1212-1216, L1461-1466). The chance is taken to grow with the ETI
    (its square over 100) and, for each war between Powers, with the European Powers it lacks to
    be great (L1208-1211); the first declarers of a war are the likely culprits. So a declaration
    costs its declarer more than the others, and a treaty obligation honoured costs its honourer
    a share of that war's risk.
  - **A war's prospects**: in each war, an enemy Area with a Control marker where one side's Armies
    are stronger than the other's, or which it has conquered, is counted half won for that side's
    Great Powers (shared) and half lost for its holder (L1375-1380, L1419-1421: the victors' free
    markers), valued as the Area's end-of-game VP at Possession income.
  - **Treaties**: a defensive treaty is worth a little to each signer (a deterrent); an offensive
    one costs a little (it can drag the signer into a war it did not choose, L1171-1173); a
    non-aggression pact is worth a little less than a defensive treaty to each signer (one enemy
    fewer, no obligation; breaking it by a declaration loses it and adds +5 ETI to the war's, L1497);
    a unit cap is worth a little to the Power it was promised to (a rival held back) and nothing,
    either way, to its promiser (the bot weighs no units it might buy). A placement ban is not
    valued.

A deal is accepted by the heuristic bot only when this value says it does not lose by it (the bot
compares the values after ``accept`` and after ``refuse``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ....engine.plugin import against_rivals
from ..content import CONTROL
from ..rules.admin import colonial_income, marker_income, on_its_way, takes_sixth_column, unit_upkeep
from ..rules.alliance import belligerents
from ..rules.board import linked_areas
from ..rules.combat import establish_chance
from ..rules.congress import enacted, refused, unresolved
from ..rules.scoring import africa_bonus, end_area_pounds, record_owners
from ..rules.state import State, is_army
from ..rules.treaties import CAP, KINDS, PACT
from ..rules.uprising import automaton
from ..rules.war import GREAT_WAR_POWERS

VALUE_SCALE = 15.0
"""A typical gap between two Powers' final scores (about a turn and a half of VP)."""

WAR_SHORT_RISK = (1.0, 0.5, 0.2, 0.08, 0.03)
"""Chance (ours) that a war between Powers becomes the Great War when it lacks 0, 1, 2, 3, 4+
European Powers to be great."""
DEFENSIVE_VALUE = 1.5
OFFENSIVE_VALUE = -1.0
PACT_VALUE = 1.0
CAP_VALUE = 0.5
"""To the partner a cap was promised to (ours)."""
PROSPECT_SHARE = 0.5


def values(state: State) -> Mapping[str, float]:
    if state.final is not None:
        return {p: float(v) for p, v in state.final["scores"].items()}
    result = {}
    for power in state.seats:
        pounds = sum(_free_pounds(state, owner) for owner in record_owners(state, power))
        score = state.vp.get(power, 0) + _as_vp(state, power, pounds) + africa_bonus(state, power)
        result[power] = float(score) + _areas_and_income(state, power)
    _great_war_shadow(state, result)
    _war_prospects(state, result)
    _treaties(state, result)
    return result


def _free_pounds(state: State, owner: str) -> int:
    """The treasury less a Random Event's forced expenditure still owed this turn (L348-359): the
    pounds must go on units whatever the Power does, so they are spent already. Counted as still in
    hand, the owed purchase was a cost the search could put off past its horizon by filling the
    turn with other moves (it gave up and re-placed Influence markers to do so)."""
    pounds = state.treasury.get(owner, 0)
    owed = state.forced.get(owner)
    return pounds - min(pounds, max(0, int(owed[0]))) if owed else pounds


def _as_vp(state: State, power: str, pounds: float) -> float:
    """Pounds as VP at the Power's divisor, unrounded (ours). The VP Record rounds down (L1566),
    but a look ahead that rounds sees a purchase of a few pounds as free whenever it stays within
    the remainder: the search then gave up and re-placed the same Influence markers every turn
    (£5 a time, 60 placements in a game), each cycle as good as any other move."""
    divisor = state.content.powers[power].divisor_tenths
    return pounds * 10 / divisor if divisor else 0.0


def _areas_and_income(state: State, power: str) -> float:
    """The end-of-game Area VP as they stand (L1579-1583, as ``scoring.end_area_vp`` figures them,
    the markers on their way to being established counted, a Control marker at its chance) and the
    net income of each turn after this one, over the divisor (see the module's docstring)."""
    divisor = state.content.powers[power].divisor_tenths
    if not divisor:
        return 0.0
    turns_left: int = max(0, state.options["turns"] - state.turn)
    gross, net = 0.0, 0.0
    for owner in record_owners(state, power):
        linked = linked_areas(state, owner)
        income = colonial_income(state, owner, linked, pending=True)
        doubt, doubt_upkeep, none_held = _doubtful_control(state, owner, linked)
        gross += end_area_pounds(state, owner, income) - doubt
        row = state.content.powers[owner].colonial_office
        office = row[5] * none_held + sum(row) / len(row) * (1.0 - none_held)
        colonial = income["interest"] + income["influence"] + income["control"]
        net += colonial - doubt + office - income["markers"] + doubt_upkeep - unit_upkeep(state, owner)
    factor: int = state.content.game["end_area_vp_factor"]
    return _as_vp(state, power, gross * factor + turns_left * net)


def _doubtful_control(state: State, owner: str, linked: set[str]) -> tuple[float, float, float]:
    """What the Control markers on their way may yet lose in Colonial Combat (L715-724: a marker
    not established there is removed): the expected income and maintenance of those that fail
    (``combat.establish_chance`` from the Armies now in the Area), and the chance that the owner
    holds no Control marker after the combats and so keeps the Colonial Office's 6 column
    (L405-407; 0 once one is established, and never for A-H)."""
    lost, upkeep = 0.0, 0.0
    none_held = 1.0 if takes_sixth_column(state, owner) else 0.0
    for area, held in state.markers.items():
        marker = held.get(owner)
        if marker is None or marker[1] or marker[0] not in CONTROL or area not in linked:
            continue
        if not on_its_way(state, owner, area, marker[0]):
            continue
        chance = establish_chance(state, owner, area)
        lost += (1.0 - chance) * marker_income(state, area, marker[0])
        upkeep += (1.0 - chance) * state.content.maintenance[marker[0]]
        none_held *= 1.0 - chance
    return lost, upkeep, none_held


def _seat(state: State, power: str) -> str | None:
    return state.player_of.get(power)


def _great_war_shadow(state: State, result: dict[str, float]) -> None:
    penalty = state.content.track[state.turn - 1].penalty
    factor: int = state.content.game["culprit_factor"]
    threshold: int = state.content.game["great_war_eti"]
    by_eti = min(1.0, (state.eti / threshold) ** 2)
    culprits: dict[str, float] = {}
    chance = by_eti
    for war in state.wars:
        if automaton(war):
            continue  # L1221-1224: an Empire's war alone is never the Great War
        fighting = {p for side in war["sides"] for p in side}
        european = len(fighting & set(GREAT_WAR_POWERS))
        risk = WAR_SHORT_RISK[min(max(0, 4 - european), len(WAR_SHORT_RISK) - 1)]
        chance = max(chance, risk)
        for power in war["first"]:
            seat = _seat(state, power)
            if seat is not None:
                culprits[seat] = max(culprits.get(seat, 0.0), risk)
    for seat in result:
        blame = max(culprits.get(seat, 0.0), by_eti if seat in state.blame else 0.0)
        result[seat] -= chance * penalty + blame * penalty * (factor - 1)


def _area_vp(state: State, power: str, area: str) -> float:
    divisor = state.content.powers[power].divisor_tenths
    if not divisor:
        return 0.0
    income: int = state.content.income["possession"] * state.content.areas[area].ev
    factor: int = state.content.game["end_area_vp_factor"]
    return income * factor * 10 / divisor


def _war_prospects(state: State, result: dict[str, float]) -> None:
    for war in state.wars:
        if war.get("native") is not None:
            continue
        sides = war["sides"]
        for index, side in enumerate(sides):
            winners = [p for p in side if _seat(state, p) in result]
            enemy = [p for i, s in enumerate(sides) if i != index for p in s]
            for area, held in state.markers.items():
                owners = [p for p in enemy if p in held and held[p][0] in CONTROL]
                if not owners:
                    continue
                mine = _strength(state, side, area)
                if war["conquered"].get(area) != index and mine <= _strength(state, enemy, area):
                    continue
                for owner in owners:
                    seat = _seat(state, owner)
                    if seat in result:
                        result[seat] -= PROSPECT_SHARE * _area_vp(state, owner, area)
                for winner in winners:
                    seat = _seat(state, winner)
                    if seat is not None:
                        result[seat] += PROSPECT_SHARE * _area_vp(state, winner, area) / len(winners)


def _strength(state: State, powers: list[str], area: str) -> int:
    return sum(
        int(code[1:]) for p in powers for code in state.units.get(p, {}).get(area, ()) if is_army(code)
    )


def _treaties(state: State, result: dict[str, float]) -> None:
    for treaty in state.treaties:
        kind = treaty[0]
        if kind.startswith(CAP):
            seat = _seat(state, treaty[2])
            if seat in result:
                result[seat] += CAP_VALUE
            continue
        if kind not in KINDS and kind != PACT:
            continue
        worth = DEFENSIVE_VALUE if kind == "defensive" else OFFENSIVE_VALUE if kind in KINDS else PACT_VALUE
        for power in treaty[1:3]:
            seat = _seat(state, power)
            if seat in result:
                result[seat] += worth


def facts(state: State, seen: dict[str, Any]) -> dict[str, Any]:
    final = state.final or {}
    found: dict[str, Any] = {"end_turn": state.turn, "eti": state.eti, "cri": state.cri}
    # Reports count the games a fact appears in: name these only when they happened.
    if final.get("great_war"):
        found["great_war"] = 1
        found["great_war_blamed"] = ",".join(final.get("blame", [])) or "nobody"
    if state.rebellions:
        found["rebellions"] = state.rebellions
    # Each seat's Final Record lines (accumulated, bonus, area_vp, great_war, total): detail for
    # analysis scripts (bench/pb_divisors.py re-figures the scores under other VP divisors); the
    # report leaves a fact that is not a number or a name out of its summary.
    lines = final.get("lines")
    if lines:
        found["score_lines"] = {power: dict(line) for power, line in lines.items()}
    return found


# -- offers: the one-ply look plays out the answer ------------------------------------------------------


def continues(state: State) -> bool:
    """An offer waits for its answer (L599-603, L700-702, L812-845): the heuristic bot's one-ply
    look at making an offer plays out the other side's answer (``bots.heuristic.settle``: the
    answering seat takes whichever of accept and refuse its own value prefers), so an offer is
    weighed by what it would bring, not by the position with the offer merely on the table
    (where every offer looked as good as none, and a bot gave money and Areas away for
    nothing)."""
    top = state.flow.top()
    return top is not None and top.kind == "offer" and state.final is None


# -- answers a one-ply look cannot weigh -----------------------------------------------------------------


def choose_special(state: State, seat: str, legal: Sequence[Any]) -> Any:
    """Sealed or public answers whose effect a one-ply look cannot see (nothing changes until every
    seat has answered, or the effect comes in a later war), settled by the game's own reasoning
    (ours): ``peace`` (sign unless the seat's side holds the better prospects and the war is not on
    the brink of the Great War), ``spoils`` (agree, L1425-1427: a quarrel over spoils is
    "ungentlemanly and un-Victorian", unless the seat's Armies are as strong as the proposed
    taker's in a contested Area), ``coal`` (volunteer to the Alliance of a treaty partner, else
    none), ``deny`` (a belligerent denies its canal or the Straits to the enemy, a neutral
    allows), and the Congress's ``propose``, ``vote`` and ``sign`` (sealed: a one-ply look sees
    nothing until every member has answered), each weighed by the seat's standing in the position
    the proposal would leave against the one without it (:func:`_congress_answer`). None: the
    heuristic's one-ply look decides."""
    top = state.flow.top()
    if top is None:
        return None
    by_text = {str(a): a for a in legal}
    if top.kind == "peace" and "peace sign" in by_text and "peace fight" in by_text:
        return by_text["peace fight" if _fights_on(state, seat) else "peace sign"]
    if top.kind == "spoils" and "spoils agree" in by_text:
        return by_text["spoils dispute" if _equal_claim(state, seat, top.data) else "spoils agree"]
    if top.kind == "coal":
        partners = {
            p for t in state.treaties if t[0] == "defensive" for p in t[1:3] if top.data["power"] in t
        }
        for text, action in by_text.items():
            if text != "coal none" and text.split()[1] in partners:
                return action
        return by_text.get("coal none")
    if top.kind in ("propose", "vote", "sign") and state.congress is not None:
        return _congress_answer(state, seat, top.kind, by_text)
    if top.kind == "rights":
        # L490-500 (ours): the bots defend no Minor's rights: it brings a Congress (+3 ETI) and,
        # if the Great Power defies it, a war to join or 5 VP and +3 ETI to lose
        return by_text.get("rights pass")
    if top.kind == "deny":
        # L1508-1530: close a passage to the enemy; a neutral leaves it open (a denial would give
        # the Alliance denied a Casus Belli against it).
        verb = "deny" if state.wars and top.data["power"] in belligerents(state.wars[0]) else "allow"
        return next((a for a in legal if a.verb == verb), None)
    return None


def seat_standing(state: State, seat: str) -> float:
    """The seat's projected VP less half the best rival's and half the rivals' mean (the heuristic
    bot's default objective, :func:`~realpolitik.engine.plugin.against_rivals` with ``field``)."""
    return against_rivals(values(state), seat, "field")


def _congress_answer(state: State, seat: str, kind: str, by_text: Mapping[str, Any]) -> Any:
    """The Congress by the seat's standing (ours; L863-882): a member votes for a treaty unless
    the Area left unresolved (its Casus Belli standing, +3 ETI each at the close, L1483-1484) would
    leave it better placed; a party signs unless refusing alone (a Casus Belli for every other
    member against it, +2 ETI, L880-882, L1485) would. A member whose turn it is to propose
    (L863) puts the untried treaty that leaves it best placed, or passes when none beats the Area
    left unresolved. A bot never accepts a treaty its evaluation says loses it value; on a tie it
    votes and signs for the treaty (fewer Casus Belli, less tension). A Power named in a clause
    but no party to the dispute signs unless the treaty without its clauses would leave it better
    placed (L883-890). Bots propose no clauses (the menu lists none, rules/congress.py); they
    weigh a human's clauses when they vote and sign, since the previews enact them."""
    congress = state.congress
    assert congress is not None
    if kind == "propose":
        best, best_value = by_text.get("propose pass"), seat_standing(unresolved(state), seat)
        for text, action in by_text.items():
            if text != "propose pass":
                value = seat_standing(enacted(state, list(action.args)), seat)
                if value > best_value or best is None:
                    best, best_value = action, value
        return best
    with_treaty = seat_standing(enacted(state, congress["proposal"]), seat)
    if kind == "vote":
        without = seat_standing(unresolved(state), seat)
        return by_text["vote yes" if with_treaty >= without else "vote no"]
    top = state.flow.top()
    if top is not None and seat in top.data.get("free", ()):
        # a Power no party to the dispute, named in a clause: refusing only voids its clauses
        without = seat_standing(enacted(state, congress["proposal"], (seat,)), seat)
    else:
        without = seat_standing(refused(state, seat), seat)
    return by_text["sign" if with_treaty >= without else "refuse"]


def _fights_on(state: State, seat: str) -> bool:
    war = state.wars[0] if state.wars else None
    if war is None or automaton(war):
        return False
    fighting = {p for side in war["sides"] for p in side}
    if len(fighting & set(GREAT_WAR_POWERS)) >= 3:
        return False  # one more European Power and it is the Great War (L1208-1211)
    gains = {seat: 0.0}
    _war_prospects(state, gains)
    return gains[seat] > 0


def _equal_claim(state: State, seat: str, data: Mapping[str, Any]) -> bool:
    mine = [p for p, s in state.player_of.items() if s == seat]
    for area, taker in data["proposal"].items():
        if state.player_of.get(taker) == seat:
            continue
        theirs = _strength(state, [taker], area)
        if any(_strength(state, [p], area) >= theirs for p in mine):
            return True
    return False
