"""The dispute's numbers in the view (rules/dispute_odds.py, §8.7): the modifiers the view shows are
the ones the dice are then rolled with, each legal commitment's prospect is what committing it
makes the dispute stand at, and the throws are the 36 outcomes of two dice."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from realpolitik.engine import Match
from realpolitik.games.belle_epoque import GAME
from realpolitik.games.belle_epoque.rules.dispute_odds import throws

from .dispute_reference import reference_odds

ROLLS = re.compile(r"^(\w+) rolls (\d) ([+-]\d+) = (-?\d+); (.+) rolls (\d) ([+-]\d+) = (-?\d+)$")


def test_throws_count_the_36_outcomes_of_two_dice() -> None:
    assert throws(0, None) == (15, 15, 6)
    assert throws(0, "attacker") == (21, 15, 0)
    assert throws(0, "defender") == (15, 21, 0)
    assert throws(2, None) == (26, 6, 4)  # a 2-point lead: 26 wins (worked out by hand)
    assert throws(6, None) == (36, 0, 0) and throws(-6, None) == (0, 36, 0)
    for diff in range(-7, 8):
        assert sum(throws(diff, None)) == 36


def _dispute(match: Match, seat: str | None) -> dict[str, Any] | None:
    view = match.view(seat)
    return view.get("dispute")


@pytest.mark.parametrize("seed", [2, 3, 4, 8])
def test_the_view_shows_the_modifiers_the_dice_are_rolled_with(seed: int) -> None:
    match = Match(GAME, {}, seed=seed)
    rng = random.Random(seed)
    checked_rolls = checked_options = 0
    last: dict[str, Any] | None = None
    while not match.is_over():
        seat = match.to_act()[0]
        dispute = _dispute(match, seat)
        if dispute is not None:
            last = dispute["standing"]
            public = _dispute(match, None)
            assert public is not None and dispute["standing"] == public["standing"]  # the same for all
            if "prospects" in dispute:
                prospects = dispute["prospects"]
                legal = match.legal_notations(seat)
                assert [o["action"] for o in prospects["options"]] == legal
                # Each option's own modifier is what the dispute stands at once it is committed.
                for option in prospects["options"][:4]:
                    twin = GAME.clone(match.state)
                    GAME.apply(twin, seat, GAME.parse_action(option["action"]), None)
                    after = GAME.view(twin, None).get("dispute")
                    if after is not None and "standing" in after:
                        side = prospects["side"]
                        assert after["standing"][side]["total"] == option["mine"]["total"], option
                        checked_options += 1
                    assert sum(option["now"].values()) == 36
        before = len(match.log)
        chosen = rng.choice(list(match.legal_actions(seat)))
        match.play(seat, chosen)
        if dispute is not None and "prospects" in dispute:
            # The dice may follow this commitment at once: expect the modifiers it was shown with.
            option = next(o for o in dispute["prospects"]["options"] if o["action"] == GAME.notation(chosen))
            side = dispute["prospects"]["side"]
            other = "d" if side == "a" else "a"
            last = {side: option["mine"], other: dispute["prospects"]["theirs"]}
        for entry in match.log[before:]:
            if "resolves the dispute" in entry.text:
                last = None  # a new dispute: dice rolled at once (no commitment left) were shown nothing
            m = ROLLS.match(entry.text)
            if m and last is not None:
                assert int(m.group(3)) == last["a"]["total"] and int(m.group(7)) == last["d"]["total"], (
                    entry.text
                )
                checked_rolls += 1
                last = None
    assert checked_rolls > 0 and checked_options > 0


def _positions(seed: int) -> list[tuple[Any, str, list[str]]]:
    """Every decision of a seeded random game where a Power chooses among several commitments."""
    match = Match(GAME, {}, seed)
    rng = random.Random(seed)
    found = []
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_notations(seat)
        commits = [a for a in legal if a.startswith("commit")]
        if len(commits) > 1 and not match.state.is_np(seat):
            found.append((match.state.clone(), seat, commits))
        match.play(seat, rng.choice(legal))
    return found


def test_the_views_numbers_equal_the_bots_own_in_every_dispute_of_two_games() -> None:
    """Every legal commitment of every dispute of two seeded random games, and each position again
    with Superior Doctrine and every Great Work built (the Kiel Canal's fleet price, HMS
    Dreadnought's naval lead): the view's modifiers, costs and throws equal the bots' evaluation."""
    checked = 0
    for seed in (5, 6):
        for state, seat, commits in _positions(seed):
            boosted = state.clone()
            boosted.powers["CE"].superior_doctrine = True
            for power in boosted.powers.values():
                power.great_work = True
            for variant in (state, boosted):
                want = reference_odds(variant, seat, commits, GAME.parse_action)
                dispute = GAME.view(variant, seat)["dispute"]
                standing = dispute["standing"]
                throws_now = standing["throws"]
                have_standing = [standing["a"]["total"], standing["d"]["total"], *throws_now.values()]
                assert have_standing == want["standing"], (seat, dispute)
                rows = []
                for option in dispute["prospects"]["options"]:
                    now = option["now"]
                    later = option["all"] or now
                    rows.append(
                        [
                            option["action"],
                            option["mine"]["total"],
                            option["cost"],
                            *now.values(),
                            *later.values(),
                        ]
                    )
                assert rows == want["rows"], (seat, dispute)
                checked += 1
    assert checked >= 100, checked
