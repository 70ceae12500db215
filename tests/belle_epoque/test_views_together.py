"""``views`` (several seats' views built together, the public part once: the web server's state
messages) gives each seat exactly what ``view`` gives it, key order included, and the views it
builds together do not leak into one another."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from realpolitik.engine import plugin
from realpolitik.engine.flow import Decision
from realpolitik.games.belle_epoque.rules.view import view, views


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)  # not sorted: the order of the keys counts too


@pytest.mark.parametrize("options", plugin("la-belle-epoque").option_sets)
def test_views_together_equal_each_seats_own_view(options: dict[str, Any]) -> None:
    found = plugin("la-belle-epoque")
    game = found.game
    kinds: set[str] = set()
    for seed in (21, 22):
        state = game.setup(found.normalize(options), seed)
        seats: list[str | None] = [*game.seats(state), None]
        pick = random.Random(seed)
        for _step in range(400):
            together = views(state, seats)
            for seat in seats:
                assert _text(together[seat]) == _text(view(state, seat)), (seed, _step, seat)
            top = state.flow.top()
            kinds.add(top.kind if top is not None else "")
            if game.outcome(state) is not None:
                break
            seat = game.to_act(state)[0]
            game.apply(state, seat, pick.choice(game.legal_actions(state, seat)), None)
    if not options:
        assert "commit" in kinds, kinds  # a dispute's prospects, only for the seat deciding


def test_a_seats_hand_stays_out_of_the_other_views_built_with_it() -> None:
    found = plugin("la-belle-epoque")
    state = found.game.setup(found.normalize({}), 5)
    together = views(state, ["GB", "FR", None])
    assert "hand" in together["GB"]["powers"]["GB"] and "intrigue" in together["GB"]["powers"]["GB"]
    for other in ("FR", None):
        assert "hand" not in together[other]["powers"]["GB"]
        assert "intrigue" not in together[other]["powers"]["GB"]
    assert "hand" not in together["GB"]["powers"]["FR"]


def test_the_cards_to_keep_are_in_the_keeping_seats_view_alone() -> None:
    # §8.2.3: an ally of the Ottoman Empire draws 2 Intrigue cards and keeps 1 (rare in random
    # play, so the decision is put on the stack here).
    found = plugin("la-belle-epoque")
    state = found.game.setup(found.normalize({}), 5)
    drawn = list(state.intrigue_draw[:2])
    state.flow.push(Decision("keep", "GB", {"cards": drawn, "keep": 1}))
    together = views(state, ["GB", "FR", None])
    assert together["GB"]["keep"] == drawn
    assert "keep" not in together["FR"] and "keep" not in together[None]
    for seat in ("GB", "FR", None):
        assert _text(together[seat]) == _text(view(state, seat))
