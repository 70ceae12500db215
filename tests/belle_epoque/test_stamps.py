"""The change stamps of the map (``TerritoryState.stamp``, ``State.map_stamp``) against the cubes
they stand for, and the legal lists kept by them (Send) against lists worked out from scratch, at
every decision of seeded random games, in clones and in positions loaded from text. A write of the
cubes that gave no new stamp would leave a memo stale: an illegal action offered, a legal one
left out. The checks' own tests remove a stamp on purpose and see them fail."""

from __future__ import annotations

import random
from typing import Any

import pytest

from realpolitik.games.belle_epoque.rules import action_phase as AP
from realpolitik.games.belle_epoque.rules import actions as A
from realpolitik.games.belle_epoque.rules import board, dispute
from realpolitik.games.belle_epoque.rules.board import first_free, set_base, set_cubes, set_top
from realpolitik.games.belle_epoque.rules.invariants import check
from realpolitik.games.belle_epoque.rules.setup import setup_places, setup_refusal
from realpolitik.games.belle_epoque.rules.state import State

from .cards_support import GAME, position
from .test_choice_memos import sends_from_scratch

PURE = not str(AP.__file__).endswith((".so", ".pyd"))
"""The checks' own tests remove a stamp by monkeypatching, which compiled rules (mypyc binds their
calls when they are built) do not see: they run on the pure-Python build."""

GAMES: list[tuple[int, dict[str, Any]]] = [
    (31, {}),
    (32, {"players": 3}),
    (33, {"np": ["RU"]}),
    (34, {"intrigue_promos": True, "dreyfus_affair": True}),
]


def sells_from_scratch(state: State, power: str) -> list[A.Action]:
    """``sell_choices`` with its memos emptied (and given back after, so that the games go on
    with the memos they built)."""
    memos: list[dict[Any, Any]] = [AP._SELLS_SEEN, AP._FREE_SELLS, AP._AFFORDABLE]
    saved = [dict(memo) for memo in memos]
    for memo in memos:
        memo.clear()
    try:
        return list(AP.sell_choices(state, power))
    finally:
        for memo, kept in zip(memos, saved, strict=True):
            memo.clear()
            memo.update(kept)


LISTS = ("sends", "sells", "places", "holders")


def check_lists(state: State, lists: tuple[str, ...] = LISTS) -> None:
    """Every Power's stamped lists are the lists worked out from scratch (the Initial Setup's
    places, kept by the map's stamp, for the Power to place)."""
    for power in state.content.power_ids:
        if "sends" in lists:
            assert AP.send_choices(state, power) == sends_from_scratch(state, power), (
                f"{power}'s Sends: stale"
            )
        if "sells" in lists:
            assert AP.sell_choices(state, power) == sells_from_scratch(state, power), (
                f"{power}'s Sells: stale"
            )
    if "holders" in lists:
        check_holders(state)
    if "places" in lists and GAME.to_act(state) and state.flow.current().kind == "place":
        seat = GAME.to_act(state)[0]
        expected = [t for t in state.content.territory_ids if setup_refusal(state, seat, t) is None]
        assert setup_places(state, seat) == expected, f"{seat}'s places: stale"


def check_holders(state: State) -> None:
    """Every holder is what :func:`.board.holder_of` works out from the cubes (``evaluate`` skips
    a territory whose cubes, and for a colony whose allies, are those its holder was last worked
    out with), and the memo's claim holds: the same stamp (and allies), the same holder."""
    colonies = state.content.colonies
    for territory, spaces in state.territories.items():
        fresh = board.holder_of(state, territory)
        kept = spaces.holder_stamp == spaces.stamp and (
            territory not in colonies or spaces.holder_allies is state.allies
        )
        assert spaces.holder == fresh, f"{territory}'s holder: stale (kept by its stamp: {kept})"


def play(
    seed: int, options: dict[str, Any], *, invariants: bool = True, lists: tuple[str, ...] = LISTS
) -> int:
    """A seeded random game, the lists checked at every decision (and in a clone, whose stamps are
    the original's until either changes). Returns the decisions checked."""
    state = GAME.setup(GAME.normalize_options(options), seed)
    chooser = random.Random(seed)
    checked = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        check_lists(state, lists)
        if invariants:
            check(state)
        if checked % 7 == 0:
            twin = state.clone()
            assert twin.map_stamp == state.map_stamp
            assert all(twin.territories[t].stamp == s.stamp for t, s in state.territories.items())
            GAME.apply(twin, seat, chooser.choice(GAME.legal_actions(twin, seat)))
            check_lists(twin, lists)  # the clone's changes are its own: new stamps
            check_lists(state, lists)
        checked += 1
        GAME.apply(state, seat, random.Random(seed * 1000 + checked).choice(GAME.legal_actions(state, seat)))
    check_lists(state, lists)
    return checked


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_stamped_lists_match_lists_from_scratch(seed: int, options: dict[str, Any]) -> None:
    assert play(seed, options) > 200


def _free(state: State, power: str) -> int:
    """A cube of the Power's General Reserve for China's first free space (the count kept)."""
    state.powers[power].reserve -= 1
    index = first_free(state, "china")
    assert index is not None
    return index


def test_a_change_of_cubes_gives_new_stamps() -> None:
    state = GAME.setup(GAME.normalize_options({}), 1)
    spaces = state.territories["china"]
    before, whole = spaces.stamp, state.map_stamp
    twin = state.clone()
    set_base(state, "china", _free(state, "GB"), "GB")
    assert spaces.stamp > before and state.map_stamp == spaces.stamp
    # the clone kept its own stamps; its next change gets a stamp nobody has had
    assert twin.territories["china"].stamp == before and twin.map_stamp == whole
    set_base(twin, "china", _free(twin, "FR"), "FR")
    assert twin.territories["china"].stamp not in (before, spaces.stamp)
    check(state)
    check(twin)


def test_a_position_loaded_from_text_gives_new_stamps() -> None:
    """Loading a position writes the cubes with new stamps: the Sends see them."""
    first = position(territories={"serbia": ["RU", "RU"]})
    check_lists(first)
    second = position(territories={"serbia": ["RU/GB", "RU"], "persia": ["RU", "FR/GB"]})
    assert second.territories["serbia"].stamp != first.territories["serbia"].stamp
    check_lists(second)
    check(second)


def test_cubes_written_by_hand_are_caught_by_the_invariants() -> None:
    """A write that gives no new stamp (straight into the list) is what ``invariants.check``
    looks for: the stamp seen before with other cubes."""
    state = GAME.setup(GAME.normalize_options({}), 2)
    check(state)
    index = _free(state, "GB")
    state.territories["china"].base[index] = "GB"
    with pytest.raises(AssertionError, match="without a new stamp"):
        check(state)
    state.territories["china"].base[index] = None  # taken back (the index of cubes never saw it)
    base = list(state.territories["china"].base)
    base[index] = "GB"
    set_cubes(state, "china", base, list(state.territories["china"].top))
    check(state)


def _no_stamp(state: State, territory: str, index: int, cube: str | None) -> None:
    """``set_base`` or ``set_top`` without the new stamp: the bug the checks are there for (the
    territory's other counts kept, so that only the stamp is missing)."""
    spaces = state.territories[territory]
    stamps = spaces.stamp, state.map_stamp
    set_base(state, territory, index, cube)
    spaces.stamp, state.map_stamp = stamps


def _no_stamp_top(state: State, territory: str, index: int, cube: str | None) -> None:
    spaces = state.territories[territory]
    stamps = spaces.stamp, state.map_stamp
    set_top(state, territory, index, cube)
    spaces.stamp, state.map_stamp = stamps


def _allies_in_place(state: State) -> None:
    """``refresh_allies`` changing the index in place: the bug the holders' check is there for
    (a colony's holder kept by the index it was worked out with)."""
    fresh = board.allies_of(state)
    state.allies.clear()
    state.allies.update(fresh)


def _belgium_changes_hands(state: State) -> None:
    """Congo is held through Belgium's cubes (§8.2.3: a colony counts its allied minors' cubes);
    Belgium then goes from GB to FR, its cubes the only ones that change."""
    board.evaluate(state)  # (every holder worked out, and kept by its stamp)
    assert state.territories["belgium"].holder == "GB" and state.territories["congo"].holder == "GB"
    set_cubes(state, "belgium", ["FR"] * 4 + [None] * 2, [None] * 6)
    board.evaluate(state, None, "belgium")


def test_a_colony_follows_its_allied_minor_changing_hands() -> None:
    state = position(
        territories={"belgium": ["GB", "GB", "GB", "GB"], "congo": ["GB", "GB", "belgium", "belgium"]}
    )
    _belgium_changes_hands(state)
    # GB keeps its own 2 cubes of 6, FR has Belgium's 2: no absolute majority in Congo (§8.2.4)
    assert state.territories["belgium"].holder == "FR" and state.territories["congo"].holder is None
    check_holders(state)


@pytest.mark.skipif(not PURE, reason="monkeypatching needs the pure-Python rules")
def test_the_holders_check_fails_when_the_allies_change_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """A minor nation changing hands without a new index of allies: Congo, whose cubes did not
    change, keeps its old controller, and the holders' check sees it."""
    state = position(
        territories={"belgium": ["GB", "GB", "GB", "GB"], "congo": ["GB", "GB", "belgium", "belgium"]}
    )
    monkeypatch.setattr(board, "refresh_allies", _allies_in_place)
    _belgium_changes_hands(state)
    with pytest.raises(AssertionError, match="congo's holder: stale"):
        check_holders(state)


@pytest.mark.skipif(not PURE, reason="monkeypatching needs the pure-Python rules")
@pytest.mark.parametrize(
    ("where", "lists", "stale"),
    [("dispute", ("sends",), "Sends"), ("board", ("sends",), "Sends"), ("board", ("sells",), "Sells")],
)
def test_the_check_fails_when_a_stamp_is_removed(
    monkeypatch: pytest.MonkeyPatch, where: str, lists: tuple[str, ...], stale: str
) -> None:
    """A dispute settled, or a cube sent or an Armament cube put on a free space (``board``), without
    a new stamp: the lists kept by the old stamp differ from the lists from scratch within a few
    games (the invariants are left out, to see the lists' own check fail)."""
    if where == "dispute":
        monkeypatch.setattr(dispute, "set_base", _no_stamp)
        monkeypatch.setattr(dispute, "set_top", _no_stamp_top)
    else:
        monkeypatch.setattr(board, "set_base", _no_stamp)
    with pytest.raises(AssertionError, match=f"{stale}: stale"):
        for seed, options in GAMES:
            play(seed, options, invariants=False, lists=lists)
