"""The game's evaluation weighs wars and treaties (ai/evaluation.py, ours): the Great War's
shadow (L1212-1216, L1461-1466), a war's prospects (L1375-1380, L1419-1421), alliances; and the
heuristic bot never accepts a deal its evaluation says loses it value (issue 16)."""

from __future__ import annotations

import pytest

from realpolitik.bots.base import Budget
from realpolitik.bots.heuristic import HeuristicBot
from realpolitik.bots.ismcts import IsmctsBot
from realpolitik.engine import Match, Rng
from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.ai.evaluation import choose_special, values
from realpolitik.games.pax_britannica.rules.board import linked_areas, set_marker
from realpolitik.games.pax_britannica.rules.combat import establish_chance, fight
from realpolitik.games.pax_britannica.rules.peace import offer_peace, resolve_war
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance

from .support import dice, fresh
from .test_treaties import _war_phase
from .test_war_sequence import _war


def _relative(before: dict[str, float], after: dict[str, float], seat: str) -> float:
    """How much ``seat`` gains on the average of the others."""
    others = [s for s in before if s != seat]
    mine = after[seat] - before[seat]
    theirs = sum(after[s] - before[s] for s in others) / len(others)
    return mine - theirs


def test_a_declaration_costs_its_declarer_more_than_the_others():
    state = _war_phase([["GB", "FR", "control in gabon"]], [], eti=60)
    before = dict(values(state))
    DECISIONS.apply(state, state.flow, "GB", GAME.parse_action("declare FR"), None)
    assert _relative(before, dict(values(state)), "GB") < 0  # the likely culprit (L1212-1216)


def test_armies_stronger_in_an_enemy_area_count_as_prospects_of_spoils():
    units = {"DE": {"kongo": ["A10"], "home": ["A10"]}, "GB": {"home": ["A3"]}}
    state, _ = _war([["DE"], ["GB"]], units=units, markers={"kongo": {"GB": "possession"}})
    strong = dict(values(state))
    # the same Armies abroad (the same upkeep ahead, L411-414), but none in the enemy's Area
    state.units["DE"] = {"gabon": ["A10"], "home": ["A10"]}
    weak = dict(values(state))
    assert strong["DE"] > weak["DE"] and strong["GB"] < weak["GB"]


def _offer(kind: str) -> tuple[Match, str]:
    match = Match(GAME, {"players": 4}, 1)
    mover = match.state.flow.current().data["power"]
    partner = next(s for s in match.state.seats if s not in (mover, "DE"))
    match.play(mover, f"offer ally {kind} {partner}")
    return match, partner


def test_the_heuristic_bot_accepts_a_defensive_treaty_and_refuses_an_offensive_one():
    for kind, answer in (("defensive", "accept"), ("offensive", "refuse")):
        match, partner = _offer(kind)
        state = match.state
        accepted, refused = state.clone(), state.clone()
        for twin, text in ((accepted, "accept"), (refused, "refuse")):
            DECISIONS.apply(twin, twin.flow, partner, GAME.parse_action(text), None)
            advance(twin, None)
        gain = _relative(dict(values(refused)), dict(values(accepted)), partner)
        assert (gain > 0) == (answer == "accept")
        chosen = HeuristicBot(seed=1).choose(GAME, state, partner)
        assert GAME.notation(chosen) == answer  # never a deal that loses value (issue 16)


def test_choose_special_signs_a_losing_peace_and_fights_a_winning_war():
    units = {"DE": {"kongo": ["A10"], "home": ["A10"]}, "GB": {"home": ["A3"]}}
    state, war = _war([["DE"], ["GB"]], units=units, markers={"kongo": {"GB": "possession"}})
    offer_peace(state, war)
    assert state.flow.current().kind == "peace"
    legal_de = GAME.legal_actions(state, "DE")
    legal_gb = GAME.legal_actions(state, "GB")
    assert GAME.notation(choose_special(state, "DE", legal_de)) == "peace fight"  # winning in the Kongo
    assert GAME.notation(choose_special(state, "GB", legal_gb)) == "peace sign"


def test_ismcts_leaves_a_sealed_peace_answer_to_the_games_reasoning():
    """Both peace answers hand the decision to the other seat and change no value, so the turn's
    tree could not tell them apart: ISMCTS answers as ``choose_special`` does, without searching."""
    units = {"DE": {"kongo": ["A10"], "home": ["A10"]}, "GB": {"home": ["A3"]}}
    state, war = _war([["DE"], ["GB"]], units=units, markers={"kongo": {"GB": "possession"}})
    offer_peace(state, war)
    for seat, answer in (("DE", "peace fight"), ("GB", "peace sign")):
        bot = IsmctsBot(5, Budget(iterations=40))
        assert GAME.notation(bot.choose(GAME, state, seat)) == answer
        assert bot.last_iterations == 0


def test_choose_special_agrees_to_the_spoils_unless_its_claim_is_as_strong():
    units = {"GB": {"kongo": ["A3"], "home": ["A10"]}, "FR": {"kongo": ["A1"], "home": ["A10"]}}
    state, war = _war([["GB", "FR"], ["BE"]], units=units, markers={"kongo": {"BE": "protectorate"}})
    war["conquered"] = {"kongo": 0}
    resolve_war(state, war, "victory", [0], None)
    assert GAME.notation(choose_special(state, "FR", GAME.legal_actions(state, "FR"))) == "spoils agree"
    state.units["FR"]["kongo"] = ["A3"]  # as strong as Britain there: an equal claim
    assert GAME.notation(choose_special(state, "FR", GAME.legal_actions(state, "FR"))) == "spoils dispute"


def test_a_finished_games_facts_carry_each_seats_final_record_lines():
    """bench/pb_divisors.py re-figures scores from these lines: they must add up to the scores."""
    from realpolitik.engine import Rng
    from realpolitik.games.pax_britannica.ai.evaluation import facts

    state = GAME.setup({"players": 4, "turns": 2}, 5)
    chooser = Rng.from_seed(5, stream=99)
    while GAME.to_act(state):
        acting = GAME.to_act(state)
        seat = acting[chooser.below(len(acting))]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, legal[chooser.below(len(legal))])
    outcome = GAME.outcome(state)
    assert outcome is not None
    lines = facts(state, {})["score_lines"]
    assert set(lines) == set(state.seats)
    for seat, line in lines.items():
        parts = line["accumulated"] + line["bonus"] + line["area_vp"] + line["great_war"]
        assert parts == line["total"] == outcome.scores[seat]
    assert any(line["accumulated"] > 0 for line in lines.values())


def test_the_heuristic_weighs_an_offer_by_its_answer_and_gives_nothing_away():
    """A one-ply look at an offer plays out the answer (``continues``): a gift of money that the
    other side would accept scores below passing it up, so the bot never makes it; before, an
    offer on the table changed nothing and scored like any other move (issue 16)."""
    from realpolitik.bots.heuristic import settle
    from realpolitik.bots.hooks import hooks_for

    state = GAME.setup({"players": 4}, 3)
    chooser = Rng.from_seed(3, stream=99)
    found = None
    for _ in range(5000):  # play randomly until some seat may offer money
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = acting[0]
        legal = GAME.legal_actions(state, seat)
        pays = [a for a in legal if GAME.notation(a).startswith("offer pay")]
        if pays and any(GAME.notation(a) == "done" for a in legal):
            found = (seat, legal, pays)
            break
        GAME.apply(state, seat, legal[chooser.below(len(legal))])
    assert found is not None, "no position with an offer of money was reached"
    seat, legal, pays = found
    hooks = hooks_for(GAME)
    child = GAME.clone(state)
    GAME.apply(child, seat, pays[0])
    settle(GAME, hooks, child)
    top = child.flow.top()
    assert top is None or top.kind != "offer"  # the answer was played out
    bot = HeuristicBot(seed=1)
    scores = dict(
        zip((GAME.notation(a) for a in legal), bot.scores(GAME, hooks, state, seat, legal), strict=True)
    )
    for pay in pays:
        # Without the answer played out every offer scored exactly as "done" (a tie the noise broke).
        assert scores[GAME.notation(pay)] < scores["done"] - 0.1, (
            pay,
            scores[GAME.notation(pay)],
            scores["done"],
        )
    assert not GAME.notation(bot.choose(GAME, state, seat)).startswith("offer pay")


def test_a_marker_placed_early_is_weighed_by_its_yield_in_the_turns_left():
    """The evaluation credits each turn after this one its net income over the divisor (ours,
    L393-429, L1563-1570): an Influence placed in turn 1 pays its income less maintenance in each
    of the nine later turns, on top of what it is worth in the last turn (its price against its
    end-of-game Area VP, L1579-1583). Before, only the price and the end-of-game VP counted, and the
    bots hardly placed a marker in a whole game."""
    gains = {}
    for turn in (1, 10):
        match = Match(GAME, {"players": 4}, 1)
        state = match.state
        state.turn = turn
        seat = state.flow.current().data["power"]
        legal = [GAME.notation(a) for a in GAME.legal_actions(state, seat)]
        areas = [a.split()[-1] for a in legal if a.startswith("place influence")]
        area = max(areas, key=lambda a: state.content.areas[a].ev)  # EV 1 barely pays its upkeep
        assert area in linked_areas(state, seat)  # its income reaches home (L397-403)
        before = values(state)[seat]
        match.play(seat, f"place influence {area}")
        gains[turn] = values(match.state)[seat] - before
    content = state.content
    yearly = content.income["influence"] * content.areas[area].ev - content.maintenance["influence"]
    assert yearly > 0
    divisor = content.powers[seat].divisor_tenths / 10
    assert gains[1] - gains[10] == pytest.approx(9 * yearly / divisor)
    assert gains[1] > 0


def test_an_unestablished_control_marker_counts_ahead_only_with_an_army_to_fight_for_it():
    """``colonial_income(pending=True)``: an Interest or Influence placed this turn is counted (it is
    established at Marker Adjustment, L566-568); a Control marker only with an own Army in its Area
    (it is established by winning Colonial Combat, L703-722, else removed, L677-679). The
    Administrative Phase itself counts established markers alone."""
    from realpolitik.games.pax_britannica.rules.admin import colonial_income

    state = GAME.setup({"players": 4}, 1)
    area = next(a for a, row in state.content.areas.items() if row.ev and a not in state.markers)
    linked = linked_areas(state, "FR") | {area}
    base = colonial_income(state, "FR", linked, pending=True)["control"]
    set_marker(state, area, "FR", "protectorate", established=False)
    assert colonial_income(state, "FR", linked, pending=True)["control"] == base
    state.units.setdefault("FR", {})[area] = ["A3"]
    ahead = colonial_income(state, "FR", linked, pending=True)["control"]
    assert ahead == base + state.content.income["protectorate"] * state.content.areas[area].ev
    assert colonial_income(state, "FR", linked)["control"] == base  # not yet for the Phase


def _area_with(state: State, cs: int, power: str) -> str:
    """An empty Area of this Combat Strength, with an EV, that the Power has a Communication Link to."""
    linked = linked_areas(state, power)
    return next(
        a
        for a, row in state.content.areas.items()
        if row.cs == cs and row.ev and a not in state.markers and a in linked
    )


def test_the_chance_to_establish_is_the_die_faces_on_which_colonial_combat_wins():
    """``combat.establish_chance`` counts the faces of one die on which ``fight`` defeats the Area
    (L767-781): the same Strength split into smaller Armies survives an exchange that a single Army
    does not (EX and the half exchange take at least the Area's Strength, or half of it)."""
    state = fresh()
    area = _area_with(state, 3, "FR")
    for armies in (["A1"], ["A3"], ["A6"], ["A3", "A3"], ["A1", "A1", "A1", "A3"], ["A10"]):
        state.units.setdefault("FR", {})[area] = list(armies)
        wins = 0
        for die in range(1, 7):
            twin = state.clone()
            with dice(twin, [die]):
                wins += fight(twin, ["FR"], area, None)
        assert establish_chance(state, "FR", area) == wins / 6, armies
    state.units["FR"][area] = ["A3", "A3"]
    split = establish_chance(state, "FR", area)
    state.units["FR"][area] = ["A6"]
    assert split > establish_chance(state, "FR", area)
    state.units["FR"][area] = []
    assert establish_chance(state, "FR", area) == 0.0


def test_a_control_marker_on_its_way_counts_at_its_chance_of_being_established():
    """The evaluation weighs a Control marker still to be won in Colonial Combat by its chance
    (L715-724: lost, it is removed, its income and upkeep with it), and the Colonial Office's 6
    column by the chance that no Control marker is held after the combats (L405-407). Before, any
    Army at all made the marker count in full: the search placed Protectorates at odds of 1-3."""
    state = fresh()
    area = _area_with(state, 3, "FR")
    state.markers = {a: h for a, h in state.markers.items() if "FR" not in h}  # no Control at all
    set_marker(state, area, "FR", "protectorate", established=False)
    scores, chances = {}, {}
    for armies in (["A6"], ["A3", "A3"]):
        state.units.setdefault("FR", {})[area] = list(armies)  # the same upkeep either way
        scores[len(armies)] = values(state)["FR"]
        chances[len(armies)] = establish_chance(state, "FR", area)
    assert 0 < chances[1] < chances[2] < 1
    # each share of a chance: the marker's income at the game's end (doubled, L1579-1583) and, in
    # each turn left, its income less its upkeep and the Colonial Office's mean for its 6 column
    content = state.content
    income = content.income["protectorate"] * content.areas[area].ev
    row = content.powers["FR"].colonial_office
    turns_left = state.options["turns"] - state.turn
    yearly = income - content.maintenance["protectorate"] + sum(row) / len(row) - row[5]
    per_chance = (income * content.game["end_area_vp_factor"] + turns_left * yearly) * 10
    per_chance /= content.powers["FR"].divisor_tenths
    assert scores[2] - scores[1] == pytest.approx((chances[2] - chances[1]) * per_chance)


def test_ismcts_orders_the_second_power_of_a_seat_by_its_one_ply_score():
    """Germany's player moves Austria-Hungary too (L1548-1550): once Germany is done, the search
    goes on with the same seat's next decisions, Austria-Hungary's, whose actions the root never
    scored. They are scored where first met and expanded best first; before, they were all tried
    first and blind, Austria-Hungary's dearest placements leading, so Germany's own end of turn
    looked worse than a needless move and the search filled Germany's turn with them instead."""
    from realpolitik.bots.hooks import hooks_for
    from realpolitik.bots.ismcts import _Search

    match = Match(GAME, {"players": 4}, 1)
    state = match.state
    while not (state.flow.top().kind == "movement" and state.flow.top().data["power"] == "DE"):
        seat = GAME.to_act(state)[0]
        words = [GAME.notation(a) for a in GAME.legal_actions(state, seat)]
        match.play(seat, "done" if "done" in words else words[0])
    seat = GAME.to_act(state)[0]
    hooks = hooks_for(GAME)
    bot = IsmctsBot(1, Budget(iterations=10), target="field")
    legal = GAME.legal_actions(state, seat)
    prior = bot._root_prior(GAME, hooks, state, seat, legal)
    order = sorted(range(len(legal)), key=lambda i: -prior[i])
    search = _Search(bot, GAME, hooks, seat, legal=legal, order=order, prior=prior)
    world = state.clone()
    GAME.apply(world, seat, GAME.parse_action("done"), None)
    assert world.flow.top().data["power"] == "AH" and tuple(GAME.to_act(world)) == (seat,)
    later = GAME.legal_actions(world, seat)
    new = [a for a in later if a not in search.score]
    assert new  # Austria-Hungary's placements are not Germany's
    search._score_new(world, seat, later)
    assert all(a in search.score for a in later)
    first = min(later, key=search._order)
    assert search.score[first] == max(search.score[a] for a in later) == 0.0
    assert min(search.score[a] for a in new) < 0  # a costly placement is not tried first
