"""What must hold after every action (the battery runs it)."""

from __future__ import annotations

from .state import State


def check(state: State) -> None:
    places = [*state.hands["A"], *state.hands["L"], *state.deck, *state.discard]
    removed_or_shown = set(state.removed) | set(state.in_effect)
    assert len(set(places)) == len(places), "a card is in two places"
    assert not set(places) & removed_or_shown, "a removed or displayed card is also in play"
    assert len(set(state.removed)) == len(state.removed), "a card removed twice"
    assert all(c in state.content.cards for c in places), "an unknown card"
    assert all(v >= 0 for pair in state.sp.values() for v in pair), "negative support"
    assert -state.content.vp_victory <= state.vp <= state.content.vp_victory, "VP off the track"
    assert 0 <= state.tension <= state.content.tension_max, "tension off the track"
    assert state.over == (state.flow.top() is None), (
        "a running game without a decision, or a finished one with one"
    )
    for seat in ("A", "L"):
        held = state.held[seat]
        assert set(held) <= set(state.hands[seat]), "a held card not in its hand (15.0)"
        assert not any(state.content.cards[c].scoring for c in held), "a Scoring card held (4.5.3)"
    assert all(0 <= state.navy[s] < len(state.content.naval) for s in ("A", "L")), "a navy off the chart"
    mob = state.mobilization
    if mob is not None:
        # 8.4.4: a card picked is of a nation at war on the picking side; revealed and cancelled
        # cards are picked ones; no card is picked twice
        for seat in ("A", "L"):
            picks = mob["picks"][seat]
            assert len(set(picks)) == len(picks), "a Mobilization card picked twice"
            for cid in picks:
                nation = state.content.mobilization[cid].nation
                assert mob["nations"].get(nation) == seat, "a Mobilization card for another side's nation"
        picked = set(mob["picks"]["A"]) | set(mob["picks"]["L"])
        assert set(mob["revealed"]) <= picked, "a revealed Mobilization card nobody picked"
        assert set(mob["void"]) <= set(mob["revealed"]), "a cancelled Mobilization card not shown"
        assert -1 <= mob["priority"] <= 8, "a Mobilization priority off 0-8"
