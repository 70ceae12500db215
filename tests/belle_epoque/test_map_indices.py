"""Two indices of the map against the map itself, at every decision of seeded random games, in
clones and in positions loaded from text: the base cubes by owner and group of territories
(``State.cube_counts``), with what is read from it (the cards' Remove and Place probes and a
Remove step's hits on a target, §8.6 and §8.6.1; the Initial Setup's debts, §3.3.2), and each
Power's allied minor colours (``State.allies``, digest G23: the cubes a Send may not dispute). A
write of a base cube that left the counts behind would offer a card that does nothing, or hide one
that does; a holder changed without new allies would offer a Send against an allied cube. The
checks' own tests break the indices on purpose and see them fail."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from realpolitik.games.belle_epoque.rules import board
from realpolitik.games.belle_epoque.rules.board import allies_of, set_base
from realpolitik.games.belle_epoque.rules.cards import placement
from realpolitik.games.belle_epoque.rules.cards.placement import Place, Remove
from realpolitik.games.belle_epoque.rules.cards.primitives import EVENT, OPS, Op, new_ctx
from realpolitik.games.belle_epoque.rules.invariants import check
from realpolitik.games.belle_epoque.rules.setup import _indexed_debts, debts_of
from realpolitik.games.belle_epoque.rules.state import STAMPS, State

from .cards_support import GAME, position

PURE = not str(placement.__file__).endswith((".so", ".pyd"))
"""The checks' own tests break the index by monkeypatching, which compiled rules (mypyc binds
their calls when they are built) do not see: they run on the pure-Python build."""

GAMES: list[tuple[int, dict[str, Any]]] = [
    (41, {}),
    (42, {"players": 3}),
    (43, {"np": ["RU"]}),
    (44, {"intrigue_promos": True, "dreyfus_affair": True}),
]


def _map_steps(state: State) -> Iterator[tuple[str, str, int, Any, Any]]:
    """Every Place and Remove step of every card of the content: (source, card, half, op, args)."""
    content = state.content
    for card_id, event in content.event_cards.items():
        for step in event.effect:
            yield EVENT, card_id, 0, OPS[step.op], step.args
    for card_id, intrigue in content.intrigue_cards.items():
        for number, half in enumerate(intrigue.halves, 1):
            for step in half.effect:
                yield "intrigue", card_id, number, OPS[step.op], step.args
    for card_id, national in content.national_cards.items():
        for step in national.effect:
            yield "national", card_id, 0, OPS[step.op], step.args


def _scanned_hits(op: Remove, state: State, power: str, args: Any) -> bool:
    """:meth:`Remove.hits` by a pass over the territories (its definition)."""
    probe = {"player": "", "target": power, "hits": {}, "hit": [power], "source": "intrigue"}
    return next(op._cubes(state, probe, args), None) is not None


def check_counts(state: State) -> None:
    """The index against a recount, and every answer read from it against a pass over the map."""
    assert state.cube_counts == state.layout.fresh_counts(state.territories), "cube counts: stale"
    assert state.allies == allies_of(state), "allies: stale"
    powers = state.content.power_ids
    assert _indexed_debts(state, powers) == debts_of(state, powers), "debts: stale"
    for source, card, half, op, args in _map_steps(state):
        if not isinstance(op, Place | Remove):
            continue
        for player in powers:
            for target in ("", *powers):
                if target == player:
                    continue
                ctx = {**new_ctx(source, card, half, player), "target": target}
                fast, scanned = op.possible(state, ctx, args), Op.possible(op, state, ctx, args)
                assert fast == scanned, f"probe: {card}/{half} by {player} on {target or '-'}"
        if isinstance(op, Remove) and args.get("owner") == "target":  # (the steps a target slot asks)
            for power in powers:
                assert op.hits(state, power, args) == _scanned_hits(op, state, power, args), (
                    f"hits: {card}/{half} on {power}"
                )


def play(seed: int, options: dict[str, Any], *, invariants: bool = True) -> int:
    """A seeded random game, checked at every decision (and in a clone every fifth decision,
    after one action of its own). Returns the decisions checked."""
    state = GAME.setup(GAME.normalize_options(options), seed)
    chooser = random.Random(seed)
    checked = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        check_counts(state)
        if invariants:
            check(state)
        if checked % 5 == 0:
            twin = state.clone()
            assert twin.cube_counts == state.cube_counts and twin.cube_counts is not state.cube_counts
            GAME.apply(twin, seat, chooser.choice(GAME.legal_actions(twin, seat)))
            check_counts(twin)  # the clone's changes are its own
            check_counts(state)
        checked += 1
        GAME.apply(state, seat, random.Random(seed * 1000 + checked).choice(GAME.legal_actions(state, seat)))
    check_counts(state)
    return checked


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_the_cube_counts_and_what_they_answer_match_the_map(seed: int, options: dict[str, Any]) -> None:
    assert play(seed, options) > 200


def test_a_position_loaded_from_text_counts_its_cubes() -> None:
    state = position(territories={"serbia": ["RU/GB", "RU"], "persia": ["RU", "FR/GB"]})
    check_counts(state)
    layout = state.layout
    russia = layout.slot["RU"]
    europe, _colonies = layout.continent_groups["europe"]
    serbia = sum(1 for cube in state.territories["serbia"].base if cube == "RU")
    assert serbia == 2
    assert state.cube_counts[russia + europe] >= serbia


def _uncounted(state: State, territory: str, index: int, cube: str | None) -> None:
    """``set_base`` with its new stamp but without the index of cubes: the bug the checks are
    there for."""
    spaces = state.territories[territory]
    spaces.base[index] = cube
    spaces.stamp = state.map_stamp = next(STAMPS)


@pytest.mark.skipif(not PURE, reason="monkeypatching needs the pure-Python rules")
def test_the_check_fails_when_a_write_skips_the_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cube sent, or an Armament cube put on a free space (``board``'s own writes), without the
    count: the index differs from the map within a game (the invariants are left out, to see the
    check itself fail)."""
    monkeypatch.setattr(board, "set_base", _uncounted)
    with pytest.raises(AssertionError, match="cube counts: stale"):
        play(41, {}, invariants=False)


@pytest.mark.skipif(not PURE, reason="monkeypatching needs the pure-Python rules")
def test_the_check_fails_when_the_probes_misread_the_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Probes that read a cube everywhere (the counts of the wrong owner, say) differ from the
    passes over the map within a few decisions."""
    monkeypatch.setattr(placement, "_counted", lambda state, owners, groups: True)
    with pytest.raises(AssertionError, match=r"^(probe|hits):"):
        play(41, {}, invariants=False)


@pytest.mark.skipif(not PURE, reason="monkeypatching needs the pure-Python rules")
def test_the_check_fails_when_a_holder_changes_without_new_allies(monkeypatch: pytest.MonkeyPatch) -> None:
    """An alliance that changes hands (``evaluate``) without the index of allied colours: the
    index differs from the holders within a few games (random play allies a minor nation in
    some games only)."""
    monkeypatch.setattr(board, "refresh_allies", lambda state: None)
    with pytest.raises(AssertionError, match="allies: stale"):
        for seed in range(41, 60):
            play(seed, {}, invariants=False)


def test_a_position_and_its_clone_have_the_allies_of_their_holders() -> None:
    """§8.2.3: six Russian cubes of Italy's ten spaces ally Italy with Russia: the Italian cubes
    are Russia's allied colour, in the position loaded and in its clone (which shares the index
    until a holder of its own changes)."""
    state = position(territories={"italy": ["RU"] * 6})
    assert state.territories["italy"].holder == "RU"
    assert "italy" in state.allies["RU"]
    assert state.allies == allies_of(state)
    twin = state.clone()
    assert twin.allies is state.allies
    check(twin)


def test_the_invariants_see_a_base_cube_written_past_the_counts() -> None:
    state = GAME.setup(GAME.normalize_options({}), 3)
    check(state)
    index = board.first_free(state, "china")
    assert index is not None
    state.powers["GB"].reserve -= 1
    _uncounted(state, "china", index, "GB")
    with pytest.raises(AssertionError, match="stale cube counts"):
        check(state)
    set_base(state, "china", index, None)  # the count of GB goes below the map's: still stale
    with pytest.raises(AssertionError, match="stale cube counts"):
        check(state)
