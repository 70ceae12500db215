"""Rules of Europe in Turmoil checked with the rulebook's numbers (digest §4.1 supplementary tests)."""

from __future__ import annotations

from realpolitik.engine import Rng
from realpolitik.games.europe_in_turmoil import GAME, PLUGIN
from realpolitik.games.europe_in_turmoil.content import load_content
from realpolitik.games.europe_in_turmoil.rules import naval, position, tracks, war
from realpolitik.games.europe_in_turmoil.rules.actions import Act
from realpolitik.games.europe_in_turmoil.rules.board import resolve_check
from realpolitik.games.europe_in_turmoil.rules.scoring import region_points
from realpolitik.games.europe_in_turmoil.rules.state import State


def fresh(**options: object) -> State:
    state: State = GAME.setup(GAME.normalize_options(dict(options)), 1)
    position.set_position(state, {"sp": {s: [0, 0] for s in state.sp}})
    return state


def ff_active(state: State) -> None:
    state.in_effect["franz-ferdinand"] = "A"
    state.sp["vienna"] = [0, 3]
    state.sp["budapest"] = [0, 2]


def test_franz_ferdinand_ratchet_8_1_2() -> None:
    state = fresh()
    ff_active(state)
    state.tension, state.vp = 5, 0
    tracks.change_tension(state, 1, "A", None)  # 15.0: at 5 when FF became active, it only goes down
    assert (state.tension, state.vp) == (5, 1)  # the Authoritarian loses 1 VP: the marker moves to +1
    tracks.change_tension(state, -1, "L", None)
    assert tracks.tension_cap(state) == 4
    tracks.change_tension(state, -2, "L", None)
    assert (state.tension, tracks.tension_cap(state)) == (2, 3)
    state.sp["budapest"] = [2, 2]  # the Authoritarian loses Budapest: the cap is 6 again
    assert tracks.tension_cap(state) == 6


def test_tension_below_zero_awards_the_event_side_8_1_2() -> None:
    state = fresh()
    state.tension, state.vp = 0, 0
    tracks.change_tension(state, -2, "L", None)
    assert (state.tension, state.vp) == (0, 2)


def test_support_check_over_success_stops_at_control_6_2_5() -> None:
    state = fresh()
    space = "picardy"  # stability 2
    state.sp[space] = [0, 1]
    total, removed, added = resolve_check(state, "L", space, 1, 6)
    # 6 + 1 + neighbours against 4: remove the 1 Authoritarian SP, then 2 Liberal SP (control), not more
    assert total - 4 >= 3 and (removed, added) == (1, 2) and state.sp[space] == [2, 0]


def test_support_check_equal_to_the_threshold_does_nothing_6_2_5() -> None:
    state = fresh()
    state.sp["french-catholic-church"] = [0, 4]
    assert resolve_check(state, "L", "french-catholic-church", 2, 6) == (8, 0, 0)


def test_active_strategic_markers_help_the_liberal_checks_2_5_2_g15() -> None:
    """Our G15 effects (data ``[strategic.*]``): only while the marker is active, only the named
    side, only in the marker's region."""
    state = fresh()
    state.sp["french-catholic-church"] = [0, 4]
    assert "state-secularism" not in state.markers
    assert resolve_check(state, "L", "french-catholic-church", 2, 6) == (8, 0, 0)
    state.markers.append("state-secularism")
    bonus = state.content.strategic["state-secularism"].check
    total, removed, added = resolve_check(state, "L", "french-catholic-church", 2, 6)
    assert (total, removed, added) == (8 + bonus, bonus, 0)  # the excess removes Church SP
    state.sp["french-catholic-church"] = [4, 0]
    assert resolve_check(state, "A", "french-catholic-church", 2, 6)[0] == 8  # never the Authoritarian's
    russia = next(s for s, sp in state.content.spaces.items() if sp.region == "russia")
    state.sp[russia] = [0, 3]
    plain = resolve_check(state.clone(), "L", russia, 1, 1)[0]
    state.markers.append("union-of-liberation")
    assert resolve_check(state.clone(), "L", russia, 1, 1)[0] == plain + 1


def test_minor_major_power_is_net_and_capped_15_0() -> None:
    state = fresh()
    state.sp["italy"], state.sp["constantinople"] = [0, 3], [0, 3]
    assert war.modifiers(state)["A"] - war.modifiers(state)["L"] == 1 + 2  # +1 net, TEL +2
    state.sp["constantinople"] = [3, 0]
    mods = war.modifiers(state)
    assert (mods["A"], mods["L"]) == (2, 0)  # one each: 0
    state.gw_track.append("triple-alliance")
    state.sp["italy"], state.sp["constantinople"] = [3, 0], [0, 0]
    mods = war.modifiers(state)
    assert mods["A"] - 2 - (mods["L"]) == 1  # Triple Alliance with a Liberal Italy: net +1 to the CP


def test_high_water_mark_6_3_8() -> None:
    state = fresh()
    kaiser = state.content.naval_index["kaiser"]
    state.navy["A"] = kaiser - 1
    state.vp = 0
    naval.enter(state, "A", None)
    assert state.vp == -2  # first to Kaiser
    naval.move_back(state, 2, None)
    assert state.hwm == kaiser and state.navy["A"] == kaiser - 2
    naval.move(state, "A", 2, None)
    assert state.vp == -2  # no VP again on re-entering
    naval.move(state, "A", 1, None)
    assert state.hwm is None  # passed
    state.navy["L"] = kaiser - 1
    naval.enter(state, "L", None)
    assert state.vp == -1  # the British are second: 1 VP


def test_pre_dreadnought_lock_6_3_2() -> None:
    state = fresh()
    position.set_position(state, {"hands": {"A": [1], "L": []}, "slots": ["A"]})
    state.rng = Rng.from_seed(1)
    state.rng.script_dice([6])
    GAME.apply(state, "A", Act("naval", 1))
    assert state.navy["A"] == 0 and state.plus["A"]  # 6 + 4 would do, but the German navy is locked (C14: +1)


def test_eight_nation_alliance_alone_for_ops_gains_1_vp_15_0() -> None:
    state = fresh()
    position.set_position(
        state, {"sp": {"paris": [1, 0]}, "hands": {"A": [3], "L": [17]}, "slots": ["L"], "vp": 0}
    )
    GAME.apply(state, "L", Act("ops", 17, "place"))
    assert state.vp == 1


def test_a_scoring_card_cannot_make_a_naval_attempt_15_0() -> None:
    state = fresh()
    position.set_position(state, {"hands": {"A": [6, 3], "L": [17]}, "slots": ["A"]})
    legal = GAME.legal_actions(state, "A")
    assert Act("score", 6) in legal and Act("naval", 6) not in legal and Act("naval", 3) in legal


def test_a_held_scoring_card_loses_4_5_3() -> None:
    state = fresh()
    position.set_position(state, {"hands": {"A": [6], "L": []}, "slots": []})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("L",)
    state = fresh()
    position.set_position(state, {"hands": {"A": [6], "L": [7]}, "slots": []})
    outcome = GAME.outcome(state)
    assert outcome is not None and set(outcome.winners) == {"A", "L"}


def test_liberal_control_of_germany_wins_when_scored_10_4_1() -> None:
    state = fresh()
    content = load_content()
    germany = {s: [9, 0] for s, sp in content.spaces.items() if sp.region == "germany"}
    position.set_position(state, {"sp": germany, "vp": -19, "hands": {"A": [53], "L": []}, "slots": ["A"]})
    GAME.apply(state, "A", Act("score", 53))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("L",)


def test_scoring_levels_and_extras_10_1() -> None:
    state = fresh()
    for s in ("paris", "beau-monde", "french-writers", "nice"):
        state.sp[s] = [3, 0]
    state.sp["french-catholic-church"] = [0, 4]
    state.sp["algeria"] = [3, 0]
    # Domination 4 + 3 battlegrounds + Algeria (15.0: counts for France)
    assert region_points(state, "france", "L") == 4 + 3 + 1
    assert region_points(state, "france", "A") == 1 + 1


def test_nassau_penalises_3_plus_ops_cards_of_the_opponent_c1() -> None:
    state = fresh()
    state.reached["nassau"] = ["L"]
    assert naval.nassau_penalty(state, "A", 3) == 2 and naval.nassau_penalty(state, "A", 2) == 2
    chart = fresh(nassau="chart")
    chart.reached["nassau"] = ["L"]
    assert naval.nassau_penalty(chart, "A", 2) == 1


def test_the_plugin_names_its_seats() -> None:
    assert PLUGIN.seat_name("A", {}) == "Authoritarian" and PLUGIN.seat_name("L", {}, "it") == "Liberale"


def test_every_seat_to_act_has_a_legal_action_in_scoring_eager_games() -> None:
    """Random games that play Scoring cards when they can reach wars and final scorings."""
    endings = set()
    check = PLUGIN.invariants
    assert check is not None
    for seed in range(30):
        for options in ({}, {"scenario": "edwardian"}):
            state = GAME.setup(GAME.normalize_options(options), seed)
            chooser = Rng.from_seed(seed, stream=9)
            while GAME.to_act(state):
                for seat in GAME.to_act(state):
                    assert GAME.legal_actions(state, seat), (seed, options, state.flow.top())
                seat = GAME.to_act(state)[0]
                legal = GAME.legal_actions(state, seat)
                scoring = [a for a in legal if a.verb == "score"]
                GAME.apply(state, seat, scoring[0] if scoring else legal[chooser.below(len(legal))])
                check(state)
            endings.add(state.result.split(":")[0])
    assert "after the Great War" in endings


def test_war_losses_steps_per_region_8_4_3() -> None:
    """8.4.3 with 15.0's clarification: a region of the losing side has three removal rolls (its
    side, the other, its side again); a region of the winning side a d6 of OPs for the winner, then
    a removal by the loser; when both lost, every region has the whole first bullet of its side's
    procedure (three rolls), not a single roll."""
    state = fresh()
    remove = "remove"
    state.war_winner = "A"  # the Central Powers won (ch. 13's Great War)
    assert war.loss_steps(state, "france", "L") == [
        {"roller": "L", "kind": remove},
        {"roller": "A", "kind": remove},
        {"roller": "L", "kind": remove},
    ]
    assert war.loss_steps(state, "germany", "A") == [
        {"roller": "A", "kind": "place"},
        {"roller": "L", "kind": remove},
    ]
    state.war_winner = None  # a tie: both lost
    assert [s["roller"] for s in war.loss_steps(state, "france", "L")] == ["L", "A", "L"]
    assert [s["roller"] for s in war.loss_steps(state, "germany", "A")] == ["A", "L", "A"]
    assert all(s["kind"] == remove for s in war.loss_steps(state, "russia", "L"))
