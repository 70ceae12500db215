"""The optional War Mobilization (8.4.4): its 35 cards as data with provenance, the participants,
the sealed picks, the reveal by priority with validity at execution, the end without a war winner,
hidden information, the bots, and the shared battery with the option on."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.bots.heuristic import HeuristicBot
from realpolitik.engine import Rng
from realpolitik.engine.content.errors import ContentError
from realpolitik.engine.provenance import Status
from realpolitik.games.europe_in_turmoil import GAME, PLUGIN
from realpolitik.games.europe_in_turmoil.ai.determinize import determinize
from realpolitik.games.europe_in_turmoil.content import load_content
from realpolitik.games.europe_in_turmoil.rules import mobilization
from realpolitik.games.europe_in_turmoil.rules.actions import parse
from realpolitik.games.europe_in_turmoil.rules.driver import drive
from realpolitik.games.europe_in_turmoil.rules.state import State
from realpolitik.testing import CHECKS

OPTIONS = {"war": "mobilization"}
STATED_PRIORITIES = (
    "guns-of-august",
    "isonzo-campaign",
    "neutrality",
    "plan-xv",
    "war-of-liberation-austria-hungary",
)


def war(markers: list[str], track: list[str], *, tel_flipped: bool = True, seed: int = 1) -> State:
    """A game whose Great War has just broken out under 8.4.4 (the picks are due)."""
    state = GAME.setup(GAME.normalize_options(OPTIONS), seed)
    state.flow.clear()
    state.tasks, state.slots = [], []
    state.markers, state.gw_track, state.tel_flipped = list(markers), list(track), tel_flipped
    state.tasks = mobilization.start(state, False, None)
    drive(state, None)
    return state


def pick(state: State, seat: str, cards: str, log: list[Any] | None = None) -> None:
    """``seat``'s sealed picks, given as ``a+b+c``, answered one pick at a time (a card for each
    nation, then U-Boat Offensive taken or passed)."""
    wanted = cards.split("+")
    used = []
    for slot in mobilization.pick_slots(state, seat):
        chosen = [c for c in mobilization.slot_options(state, slot) if c and c in wanted]
        action = parse(f"mob {chosen[0]}" if chosen else "pass")
        assert action in GAME.legal_actions(state, seat), (slot, action)
        GAME.apply(state, seat, action, log)
        used += chosen
    assert sorted(used) == sorted(wanted)


def play_out(state: State, log: list[Any] | None = None) -> None:
    """Answer the card effects' placements and removals with the first legal action."""
    while not state.over and GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0], log)


# -- content (2.4.1, digest 2.4 and G14) --------------------------------------------------------------


def test_35_mobilization_cards_six_names_five_priorities_and_one_effect_from_the_text() -> None:
    content = load_content()
    assert len(content.mobilization) == 35  # 2.4.1
    status = {key: p.status for key, p in content.provenance.items() if key.startswith("mobilization.")}
    named = [k for k, s in status.items() if k.endswith(".name") and s is Status.STATED]
    assert len(named) == 6
    assert sorted(k for k, s in status.items() if k.endswith(".priority") and s is Status.STATED) == [
        f"mobilization.{c}.priority" for c in sorted(STATED_PRIORITIES)
    ]
    assert [k for k, s in status.items() if k.endswith(".effect") and s is Status.STATED] == [
        "mobilization.u-boat-offensive.effect"
    ]
    priorities = {c.name: c.priority for c in content.mobilization.values() if not c.name_ours}
    assert priorities["Plan XV"] == 1 and priorities["Neutrality"] == 1  # 8.4.4 example
    assert priorities["Guns of August"] == 3 and priorities["Isonzo Campaign"] == 6
    assert priorities["War of Liberation (Austria-Hungary)"] == 3
    assert sum(1 for c in content.mobilization.values() if c.name_ours) == 29
    assert all(0 <= c.priority <= 8 for c in content.mobilization.values())


def test_our_names_say_so_in_the_card_text() -> None:
    content = load_content()
    ours = content.mobilization["ostaufmarsch"]
    assert "not the publisher's" in mobilization.describe(ours, content)
    assert "not the publisher's" not in mobilization.describe(content.mobilization["plan-xv"], content)


def test_an_owner_corrects_a_card_in_one_override() -> None:
    content = load_content(
        {
            "mobilization": {
                "ostaufmarsch": {
                    "name": {"value": "A Printed Name", "stated": "my copy of the card"},
                    "priority": {"value": 7, "stated": "my copy of the card"},
                }
            }
        }
    )
    assert content.mobilization["ostaufmarsch"].name == "A Printed Name"
    assert content.mobilization["ostaufmarsch"].priority == 7
    assert not content.mobilization["ostaufmarsch"].name_ours


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("priority", {"value": 9, "stated": "x"}, "0 to 8"),
        ("effect", {"value": [{"op": "conquer"}], "stated": "x"}, "unknown primitive"),
        ("valid", {"value": [{"if": "weather"}], "stated": "x"}, "unknown condition"),
        ("effect", {"value": [{"op": "control", "space": "atlantis"}], "stated": "x"}, "no space"),
    ],
)
def test_bad_mobilization_data_is_refused_with_a_clear_error(field: str, value: Any, said: str) -> None:
    with pytest.raises(ContentError, match=said):
        load_content({"mobilization": {"plan-xv": {field: value}}})


# -- participants (8.4.1, 8.4.4) ------------------------------------------------------------------


def test_the_ottoman_empire_joins_against_russia_and_italy_follows_its_treaty() -> None:
    # Three Emperor League: Russia (and so the Balkans if at war) with the Central Powers
    state = war(["triple-alliance"], ["three-emperor-league", "triple-alliance"], tel_flipped=False)
    sides = state.mobilization["nations"] if state.mobilization else {}
    assert sides["russia"] == "A" and sides["ottoman-empire"] == "L"
    assert sides["italy"] == "A"  # 8.4.4: Triple Alliance
    assert "britain" not in sides  # 15.0: none of EC, Schlieffen, Splendid Isolation
    state = war(["perfidious-italy", "schlieffen-plan"], ["franco-russian-alliance", "triple-alliance"])
    sides = state.mobilization["nations"] if state.mobilization else {}
    assert sides["russia"] == "L" and sides["ottoman-empire"] == "A"
    assert sides["italy"] == "L"  # 15.0: Perfidious Italy negates the Triple Alliance
    assert sides["britain"] == "L"  # 8.4.1; it picks no card (C9)
    assert "britain" not in mobilization.seat_nations(state, "L")


def test_splendid_isolation_keeps_britain_out() -> None:
    state = war(["schlieffen-plan", "splendid-isolation"], ["franco-russian-alliance"])
    assert "britain" not in (state.mobilization or {})["nations"]


def test_one_card_per_nation_and_u_boat_offensive_in_addition() -> None:
    state = war([], ["franco-russian-alliance", "dual-alliance"])
    assert GAME.to_act(state) == ("A", "L")  # sealed and simultaneous (8.4.4)
    nations = {m.id: m.nation for m in state.content.mobilization.values()}
    # The Central Powers: Germany (5 cards), U-Boat Offensive or not (8.4.4's exception),
    # Austria-Hungary (5), the Ottoman Empire (4: against Russia, 8.4.4), one pick at a time
    asked = []
    answers = ("race-to-the-sea", "u-boat-offensive", "hold-the-carpathians", "gallipoli")
    for answer in (f"mob {a}" for a in answers):
        legal = [a.a or a.verb for a in GAME.legal_actions(state, "A")]
        asked.append(legal)
        GAME.apply(state, "A", parse(answer), None)
        assert "L" in GAME.to_act(state)  # the Liberal may pick all the while
    assert [len(a) for a in asked] == [5, 2, 5, 4]
    assert {nations[c] for c in asked[0]} == {"germany"} and "u-boat-offensive" not in asked[0]
    assert asked[1] == ["u-boat-offensive", "pass"]
    assert {nations[c] for c in asked[2]} == {"austria-hungary"}
    assert {nations[c] for c in asked[3]} == {"ottoman-empire"}
    assert GAME.to_act(state) == ("L",)  # the Authoritarian is done
    assert GAME.legal_actions(state, "A") == []
    # The Entente: France (5), then Russia (6)
    assert len(GAME.legal_actions(state, "L")) == 5
    GAME.apply(state, "L", parse("mob plan-xv"), None)
    assert {nations[a.a] for a in GAME.legal_actions(state, "L")} == {"russia"}
    assert len(GAME.legal_actions(state, "L")) == 6
    assert parse("mob plan-xvii") not in GAME.legal_actions(state, "L")  # France has its card


# -- the reveal (8.4.4) -------------------------------------------------------------------------------


def test_a_lower_priority_card_cancels_a_higher_one_before_it_is_revealed() -> None:
    # Dual Alliance + the Balkan War: Russia and the Balkans for the Entente
    state = war([], ["franco-russian-alliance", "dual-alliance", "balkan-war"])
    state.sp["bulgaria"] = [0, 0]
    log: list[Any] = []
    pick(state, "A", "blank-cheque+hold-the-carpathians+gallipoli", log)
    pick(state, "L", "plan-xvii+great-retreat+salonika-front", log)
    play_out(state, log)
    mob = state.mobilization
    assert mob is not None
    # Blank Cheque (0) cancels the Balkans' Salonika Front (6); Plan XVII (0) runs at the same time
    assert mob["outcome"]["blank-cheque"] == "valid"
    assert "salonika-front" in mob["void"] and "salonika-front" in mob["revealed"]
    assert any("Blank Cheque cancels Salonika Front" in e.text for e in log)


def test_a_cancel_does_not_reach_a_card_of_a_lower_priority() -> None:
    state = war([], ["franco-russian-alliance", "dual-alliance", "balkan-war"])
    log: list[Any] = []
    # Serbian Defence (2) would cancel Austria-Hungary's card, but the Strafexpedition (1) runs first
    pick(state, "A", "race-to-the-sea+strafexpedition+gallipoli", log)
    pick(state, "L", "plan-xv+great-retreat+serbian-defence", log)
    play_out(state, log)
    mob = state.mobilization
    assert mob is not None
    assert mob["void"] == []
    assert mob["outcome"]["strafexpedition"] == "valid"
    assert mob["outcome"]["serbian-defence"] == "valid"


def test_general_mobilization_cancels_kriegsfall_r() -> None:
    state = war([], ["franco-russian-alliance", "dual-alliance"])
    log: list[Any] = []
    pick(state, "A", "race-to-the-sea+kriegsfall-r+gallipoli", log)
    pick(state, "L", "plan-xv+general-mobilization", log)
    play_out(state, log)
    mob = state.mobilization
    assert mob is not None
    assert mob["void"] == ["kriegsfall-r"]
    assert mob["outcome"]["general-mobilization"] == "valid"
    assert mob["outcome"]["kriegsfall-r"] == "void"


def test_u_boat_offensive_moves_the_german_navy_to_the_british_box_without_vp() -> None:
    state = war(["russian-collapse"], ["franco-russian-alliance"])
    content = state.content
    state.navy = {"A": 1, "L": 4}
    vp = state.vp
    log: list[Any] = []
    pick(state, "A", "high-seas-fleet-sortie+u-boat-offensive", log)
    pick(state, "L", "distant-blockade", log)
    # U-Boat Offensive (2) runs before both naval cards: Distant Blockade (5) is no longer valid
    assert state.mobilization is not None
    assert state.mobilization["outcome"]["distant-blockade"] == "invalid"
    # 15.0: no VP for the boxes moved into; then High Seas Fleet Sortie (4) is valid: 1 VP
    assert state.navy["A"] == 4
    assert state.mobilization is not None
    assert state.mobilization["outcome"]["high-seas-fleet-sortie"] == "valid"
    assert content.naval[state.navy["A"]].id == content.naval[4].id
    assert state.over
    assert state.result.startswith("after the Great War")
    assert any("High Seas Fleet Sortie" in e.text and "1 VP" in e.text for e in log)
    assert not any("U-Boat Offensive" in e.text and "VP" in e.text for e in log)
    _ = vp


def test_validity_is_checked_at_execution_not_at_the_pick() -> None:
    # no Schlieffen Plan: Guns of August is not valid
    state = war(["russian-collapse"], ["franco-russian-alliance"])
    pick(state, "A", "guns-of-august")
    pick(state, "L", "miracle-of-the-marne")
    assert state.mobilization is not None
    assert state.mobilization["outcome"] == {"guns-of-august": "invalid", "miracle-of-the-marne": "valid"}


def test_no_war_winner_and_a_tie_after_final_scoring_means_both_lose() -> None:
    # Germany and France alone take part; two cards that are not valid on this board
    state_tied = war(["russian-collapse"], ["franco-russian-alliance"], seed=2)
    for space in state_tied.sp:
        state_tied.sp[space] = [0, 0]
    state_tied.vp = 0
    state_tied.navy = {"A": 0, "L": 1}  # British ahead: Sortie invalid, Distant Blockade needs Britain
    pick(state_tied, "A", "high-seas-fleet-sortie")
    pick(state_tied, "L", "distant-blockade")
    assert state_tied.over and state_tied.vp == 0
    assert state_tied.war_winner is None
    assert sorted(state_tied.winners) == ["A", "L"]
    assert "both lose" in state_tied.result
    outcome = GAME.outcome(state_tied)
    assert outcome is not None and outcome.details["war_winner"] is None


# -- hidden information -------------------------------------------------------------------------------


def test_picks_stay_hidden_until_revealed() -> None:
    state = war(["schlieffen-plan", "russian-collapse"], ["franco-russian-alliance", "dual-alliance"])
    log: list[Any] = []
    pick(state, "A", "race-to-the-sea+isonzo-campaign", log)
    view_l = GAME.view(state, "L")
    assert "race-to-the-sea" not in str(view_l["decision"]) + str(view_l["mobilization"])
    assert view_l["decision"]["chosen"] == ["A"]
    assert GAME.view(state, "A")["decision"]["my_pick"] == ["race-to-the-sea", "isonzo-campaign"]
    pick(state, "L", "plan-xv", log)
    private = [e for e in log if "picks" in e.text and e.visible_to is not None]
    assert {e.visible_to for e in private} == {("A",), ("L",)}
    assert all("Race to the Sea" not in e.text for e in private if e.visible_to == ("L",))


def test_the_determinizer_resamples_unrevealed_picks_of_later_priority() -> None:
    state = war(["schlieffen-plan", "russian-collapse"], ["franco-russian-alliance", "dual-alliance"])
    pick(state, "A", "race-to-the-sea+isonzo-campaign")
    pick(state, "L", "plan-xv")
    # Plan XV (1) asks the Liberal to place: the Authoritarian's cards (5 and 6) are still hidden
    assert GAME.to_act(state) == ("L",)
    mob = state.mobilization
    assert mob is not None and mob["priority"] == 1
    seen = set()
    for i in range(30):
        twin = determinize(state, "L", Rng.from_seed(i, stream=3))
        assert twin.mobilization is not None
        a_picks = twin.mobilization["picks"]["A"]
        cards = twin.content.mobilization
        assert all(cards[c].priority > 1 for c in a_picks)
        assert {cards[c].nation for c in a_picks if not cards[c].extra} == {"germany", "austria-hungary"}
        assert twin.mobilization["picks"]["L"] == ["plan-xv"]
        seen.add(tuple(a_picks))
        assert GAME.view(twin, "L") == GAME.view(state, "L")
    assert len(seen) > 3
    # the view of the Liberal does not show them
    view_l = GAME.view(state, "L")
    assert "race-to-the-sea" not in str(view_l["mobilization"]) + str(view_l["decision"])


# -- bots ---------------------------------------------------------------------------------------------


def test_the_heuristic_leaves_a_card_that_cannot_be_valid() -> None:
    # no Italy, no Schlieffen Plan
    state = war(["russian-collapse"], ["franco-russian-alliance", "dual-alliance"])
    bot = HeuristicBot(seed=1)
    picked = []
    while "A" in GAME.to_act(state):
        choice = bot.choose(GAME, state, "A")
        picked.append(choice.a)
        GAME.apply(state, "A", choice, None)
    assert len(picked) == 3  # Germany, U-Boat Offensive or not, Austria-Hungary
    assert "isonzo-campaign" not in picked  # needs Italy at war
    assert "guns-of-august" not in picked  # needs the Schlieffen Plan


def test_the_shipped_option_schema_offers_war_mobilization_off_by_default() -> None:
    option = next(o for o in PLUGIN.options.options if o.name == "war")
    assert option.default == "standard"
    assert "mobilization" in (option.choices or ())


# -- the shared battery with the option on ----------------------------------------------------------

WANTED = [(OPTIONS, 1), ({**OPTIONS, "scenario": "edwardian"}, 2)]
"""Option sets the battery runs with War Mobilization on, and how many seeds each."""


def _reaching_mobilization(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Spy on the reveal's first step (8.4.4: both sides have picked); returns the list it fills."""
    from realpolitik.games.europe_in_turmoil.rules import driver

    reached: list[int] = []
    real = driver.TASKS["mob-priority"]

    def spy(state: State, task: dict[str, Any], log: Any) -> None:
        if int(task["p"]) == 0:
            reached.append(1)
        real(state, task, log)

    # the task table is looked up at run time, in the compiled build too (a function imported by
    # name is bound there when compiled)
    monkeypatch.setitem(driver.TASKS, "mob-priority", spy)
    return reached


_CASES: list[tuple[dict[str, Any], int]] = []


def battery_cases() -> list[tuple[dict[str, Any], int]]:
    """The first seeds whose uniform random game (the battery's "ends" check) reaches War
    Mobilization, found once a session: most random games end on a held Scoring card before the
    war, and which seeds reach it changes with any reconstructed value, so they are searched for,
    not written down."""
    if not _CASES:
        ends = next(c for c in CHECKS if c.name == "ends")
        with pytest.MonkeyPatch.context() as patch:
            reached = _reaching_mobilization(patch)
            for options, count in WANTED:
                found = 0
                for seed in range(400):
                    before = len(reached)
                    ends.run(PLUGIN, options, seed)
                    if len(reached) > before:
                        _CASES.append((options, seed))
                        found += 1
                        if found == count:
                            break
                assert found == count, f"no {count} random games of 400 reach War Mobilization: {options}"
    return _CASES


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.name)
def test_the_battery_passes_through_war_mobilization(check: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    cases = battery_cases()
    reached = _reaching_mobilization(monkeypatch)
    for options, seed in cases:
        check.run(PLUGIN, options, seed)
    if check.name == "ends":
        assert len(reached) == len(cases)  # each game went through the picks and reveal
