"""Random legal play with every card in the decks: each Intrigue half and National card is
actually played (Change of Strategy as a reaction), the card decisions never leave a seat without
a legal action, and the invariants hold (40 DM cubes per Power between Embassies, General Reserve,
map and cards; every Intrigue card somewhere)."""

from __future__ import annotations

import random

from realpolitik.games.belle_epoque.rules import actions as A
from realpolitik.games.belle_epoque.rules.invariants import check
from tests.belle_epoque.cards_support import GAME


def test_every_card_is_played_in_random_games() -> None:
    """Random games until every card half has been played (at most 80 seeds: which seeds it takes
    moves with the content, e.g. a retuned price)."""
    played: set[tuple[str, int]] = set()
    kinds: set[str] = set()
    content = None
    wanted: set[tuple[str, int]] = set()
    for seed in range(80):
        state = GAME.setup(GAME.normalize_options({"players": 4, "intrigue_promos": True}), seed)
        content = state.content
        wanted = {(cid, half) for cid in content.intrigue_cards for half in (1, 2)}
        wanted |= {(cid, 0) for cid in content.national_cards}
        chooser = random.Random(seed)
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            assert legal, f"seed {seed}: {seat} has no legal action in a {state.flow.current().kind} decision"
            kinds.add(state.flow.current().kind)
            action = chooser.choice(legal)
            if isinstance(action, A.Play):
                played.add((action.card, action.half))
            GAME.apply(state, seat, action)
            check(state)
        assert GAME.outcome(state) is not None
        if seed >= 9 and not wanted - played and {"card", "reroll"} <= kinds:
            break
    assert content is not None
    assert wanted - played == set()
    assert {"card", "reroll"} <= kinds
