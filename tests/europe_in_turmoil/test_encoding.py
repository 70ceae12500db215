"""Europe in Turmoil's own encoding for research (issue 21, ``ai/encoding.py``): a fixed action
index from the content (each verb by its arguments), masks from the legal list, and an observation
written from the state that holds only what the seat may see."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from realpolitik.adapters.encoding import codec_for
from realpolitik.engine import Rng
from realpolitik.games.europe_in_turmoil import GAME, PLUGIN
from realpolitik.games.europe_in_turmoil.ai.encoding import (
    ENCODING,
    EncodingError,
    Layout,
    layout_of,
)
from realpolitik.games.europe_in_turmoil.content import load_content
from realpolitik.games.europe_in_turmoil.rules.actions import Act, parse
from realpolitik.games.europe_in_turmoil.rules.state import State

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"scenario": "edwardian", "war": "express"},
    {"war": "mobilization"},
)


def layout() -> Layout:
    return layout_of(load_content())


def positions(options: dict[str, Any], seed: int) -> Iterator[State]:
    """Every position of a random game (Scoring cards played first, so games run long)."""
    state: State = GAME.setup(GAME.normalize_options(options), seed)
    chooser = random.Random(seed)
    while GAME.to_act(state):
        yield state
        acting = GAME.to_act(state)
        seat = chooser.choice(acting)
        legal = list(GAME.legal_actions(state, seat))
        scoring = [a for a in legal if a.verb == "score"]
        GAME.apply(state, seat, chooser.choice(scoring or legal), None)
    yield state


def test_the_plugin_declares_the_encoding_and_its_size_depends_on_the_content_only() -> None:
    codec = codec_for(PLUGIN, {})
    assert codec.specific and codec.encoding is ENCODING
    lay = layout()
    c, s = len(lay.cards), len(lay.spaces)
    assert (c, s, len(lay.mob), len(lay.regions)) == (110, 62, 35, 5)
    # 5 + 2 + 3, four card blocks, two card x use blocks, Tirpitz 0-2, four space blocks, regions,
    # Mobilization cards, and each side's sets of 1-3 of its 10 Stability cards (10 + 45 + 120)
    assert lay.size == 10 + 4 * c + 2 * 2 * c + 3 + 4 * s + 5 + 35 + 2 * 175
    for options in OPTION_SETS:
        assert ENCODING.size(GAME.normalize_options(options)) == lay.size
        assert codec_for(PLUGIN, options).shape == (sum(f.size for f in ENCODING.observation_fields({})),)


def test_every_index_names_one_action_and_back() -> None:
    lay = layout()
    for index in range(lay.size):
        assert lay.index(lay.action(index)) == index
    with pytest.raises(ValueError, match="outside"):
        lay.action(lay.size)


def test_fixed_actions_have_fixed_indices_in_every_position() -> None:
    lay = layout()
    # ops 23 place: the 23rd card (cards by number) in the ops block, placement first
    assert lay.index(parse("ops 23 place")) == lay.offsets["ops"] + 22 * 2
    assert lay.index(parse("ops 23 checks")) == lay.offsets["ops"] + 22 * 2 + 1
    assert lay.index(parse("sp vienna")) == lay.offsets["sp"] + lay.spaces.index("vienna")
    assert lay.index(parse("mob plan-xv")) == lay.offsets["mob"] + lay.mob.index("plan-xv")
    assert lay.index(parse("pass")) == 2 and lay.index(parse("first ops")) == 6
    seen: dict[str, int] = {}
    for state in positions({}, 3):
        for seat in GAME.to_act(state):
            for action, index in zip(*ENCODING.indexed_legal(state, seat), strict=True):
                text = GAME.notation(action)
                assert seen.setdefault(text, index) == index, text
    assert len(seen) > 150


def test_an_action_outside_the_layout_has_no_index() -> None:
    lay = layout()
    for action in (
        Act("ops", 999, "place"),
        Act("sp", 0, "atlantis"),
        Act("tirpitz", 5),
        Act("stab", 0, "a+b"),
    ):
        with pytest.raises(EncodingError):
            lay.index(action)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(map(str, o.values())) or "standard")
def test_every_legal_action_round_trips_through_a_distinct_index(options: dict[str, Any]) -> None:
    codec = codec_for(PLUGIN, options)
    kinds: set[str] = set()
    for seed in range(4):
        for state in positions(options, seed):
            top = state.flow.top()
            kinds.add(top.kind if top else "over")
            for seat in ("A", "L"):
                legal = codec.legal(state, seat)
                assert len(set(legal.indices)) == len(legal.indices)
                mask = codec.mask_of(legal)
                assert int(mask.sum()) == len(legal.actions)  # the mask is the legal list
                for action, index in zip(legal.actions, legal.indices, strict=True):
                    assert 0 <= index < codec.size
                    assert ENCODING.decode(state, seat, index) == action
                if not legal.actions:
                    assert not mask.any()
    assert {"play", "place", "stability"} <= kinds


def test_decode_refuses_an_index_that_is_not_legal_here() -> None:
    state = next(positions({}, 1))
    seat = GAME.to_act(state)[0]
    legal = set(ENCODING.legal_indices(state, seat))
    other = next(i for i in range(layout().size) if i not in legal)
    with pytest.raises(ValueError, match="not legal"):
        ENCODING.decode(state, seat, other)


# -- the observation -------------------------------------------------------------------------------


def hand_block(seat_observation: list[float]) -> tuple[int, list[float]]:
    """The offset of the ``hand`` field and the observation."""
    offset = 0
    for field in ENCODING.observation_fields({}):
        if field.name == "hand":
            return offset, seat_observation
        offset += field.size
    raise AssertionError("no hand field")


def test_the_observation_holds_the_seat_s_own_hand_and_never_the_other() -> None:
    lay = layout()
    checked = 0
    for state in positions({}, 5):
        for seat, them in (("A", "L"), ("L", "A")):
            observed = ENCODING.observe(state, seat)
            offset, _ = hand_block(observed)
            mine = {lay.card_index[c] for c in state.hands[seat]}
            hand = [i for i in range(len(lay.cards)) if observed[offset + i] == 1.0]
            assert set(hand) == mine
            hidden = {lay.card_index[c] for c in state.hands[them]} - mine
            assert not any(observed[offset + i] for i in hidden)
            checked += 1
    assert checked > 100


def swap_hidden(state: State, seat: str) -> State | None:
    """The same position with the other seat's hand exchanged with draw-pile cards (what the seat
    cannot see), held cards kept as many and non-Scoring; None when nothing can be exchanged."""
    them = "L" if seat == "A" else "A"
    twin = state.clone()
    content = twin.content
    shown = set(twin.revealed[them]) | set(twin.peek[seat]) | set(twin.held[them])
    mine = [c for c in twin.hands[them] if c not in shown]
    pool = [c for c in twin.deck if not content.cards[c].scoring]
    if not mine or not pool:
        return None
    out, into = mine[0], pool[0]
    twin.hands[them][twin.hands[them].index(out)] = into
    twin.deck[twin.deck.index(into)] = out
    twin.deck.reverse()  # the draw order is hidden too
    return twin


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(map(str, o.values())) or "standard")
def test_what_a_seat_cannot_see_does_not_change_its_observation(options: dict[str, Any]) -> None:
    changed_other = 0
    for seed in range(3):
        for n, state in enumerate(positions(options, seed)):
            if n % 4:
                continue
            for seat in ("A", "L"):
                twin = swap_hidden(state, seat)
                if twin is None:
                    continue
                assert ENCODING.observe(twin, seat) == ENCODING.observe(state, seat)
                them = "L" if seat == "A" else "A"
                changed_other += ENCODING.observe(twin, them) != ENCODING.observe(state, them)
                world = PLUGIN.determinize(state, seat, Rng.from_seed(n, stream=4))  # type: ignore[misc]
                assert ENCODING.observe(world, seat) == ENCODING.observe(state, seat)
    assert changed_other > 10  # the exchanged cards are in the other seat's own vector


def mobilize_position() -> State:
    for seed in range(80):
        for state in positions({"war": "mobilization"}, seed):
            top = state.flow.top()
            if top is not None and top.kind == "mobilize":
                return state
    pytest.fail("no seed reached War Mobilization")


def test_sealed_mobilization_picks_stay_out_of_the_other_seat_s_observation() -> None:
    state = mobilize_position()
    before = {s: ENCODING.observe(state, s) for s in ("A", "L")}
    action = GAME.legal_actions(state, "A")[0]
    GAME.apply(state, "A", action, None)
    after_l = ENCODING.observe(state, "L")
    # the Liberal sees that one pick was made (the count is public), not which card
    other = state.clone()
    top = other.flow.top()
    assert top is not None
    picked = top.data["answers"]["A"][0]
    cards = other.content.mobilization
    swap = next(
        c.id for c in cards.values() if c.nation == cards[picked].nation and c.id != picked and not c.extra
    )
    top.data["answers"] = {**top.data["answers"], "A": [swap]}
    top.data["picks"] = {**top.data["picks"], "A": [swap]}
    assert ENCODING.observe(other, "L") == after_l
    assert ENCODING.observe(other, "A") != ENCODING.observe(state, "A")  # the Authoritarian's own
    assert after_l != before["L"]  # the progress count moved


def test_the_dense_sparse_and_split_forms_and_the_environment_array_agree() -> None:
    codec = codec_for(PLUGIN, {"war": "mobilization"})
    n = 0
    for state in positions({"war": "mobilization"}, 7):
        for seat in ("A", "L"):
            dense = ENCODING.observe(state, seat)
            positions_, values = ENCODING.observe_sparse(state, seat)
            ones, numbers, others = ENCODING.observe_split(state, seat)
            rebuilt = [0.0] * len(dense)
            for i, v in zip(positions_, values, strict=True):
                rebuilt[i] = v
            assert rebuilt == dense
            assert sorted(ones + numbers) == sorted(positions_) and all(v != 1.0 for v in others)
            assert np.array_equal(codec.observe(state, seat), np.asarray(dense, dtype=np.float32))
            n += 1
    assert n > 100


def test_the_fields_are_documented_and_add_up() -> None:
    fields = ENCODING.observation_fields({})
    assert [f.name for f in fields] == [
        "me",
        "clock",
        "decision",
        "tracks",
        "markers",
        "in_effect",
        "naval",
        "spaces",
        "hand",
        "hands",
        "shown",
        "piles",
        "stability",
        "mobilization",
        "final",
    ]
    assert all(f.size > 0 and len(f.doc) > 20 for f in fields)
    assert layout().observation_size == sum(f.size for f in fields)
