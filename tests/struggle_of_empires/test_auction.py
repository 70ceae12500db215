"""The alliance auction (L101-131) and the turn order it sets (L136, G6)."""

from __future__ import annotations

from realpolitik.engine import Match
from realpolitik.games.struggle_of_empires import GAME
from realpolitik.games.struggle_of_empires.rules.war import turn_order

from .conftest import position


def _auction(players: int, **options: object) -> Match:
    match = Match(GAME, {"players": players, **options}, 3)
    while match.view(None)["phase"] == "deploy":
        seat = match.to_act()[0]
        match.play(seat, "place army german-states")
    return match


def test_three_players_the_last_empire_is_placed_alone_on_the_bidders_side() -> None:
    match = _auction(3)
    opener = match.view(None)["first"]
    seats = list(GAME.seats(match.state))
    others = seats[seats.index(opener) + 1 :] + seats[: seats.index(opener)]
    match.play(opener, f"bid 0 {others[0]}/{others[1]}")
    for seat in others:
        match.play(seat, "pass")
    view = match.view(None)
    assert (view["alliances"]["grey"], view["alliances"]["white"]) == ([others[0]], [others[1]])
    second = others[0]  # the seat left of the first opener opens the next auction (L105)
    assert match.to_act() == (second,)
    legal = {GAME.notation(a) for a in match.legal_actions(second)}
    assert f"bid 0 {opener}/-" in legal and f"bid 0 -/{opener}" in legal  # R11: the bidder chooses
    match.play(second, f"bid 0 -/{opener}")
    for seat in [s for s in seats if s != second]:
        match.play(seat, "pass")
    view = match.view(None)
    assert view["alliances"]["white"] == [others[1], opener]
    assert view["phase"] == "turn" and view["order"] == [others[0], others[1], opener]


def test_a_bid_beyond_ones_gold_is_paid_with_loans() -> None:
    match = _auction(2)
    opener = match.to_act()[0]
    other = next(s for s in GAME.seats(match.state) if s != opener)
    match.play(opener, f"bid 13 {opener}/{other}")  # not in the short legal list, but legal (R10)
    match.play(other, "pass")
    view = match.view(opener)
    assert view["empires"][opener]["gold"] == 1 and view["empires"][opener]["unrest"] == 2


def test_turn_order_alternates_the_rows_or_plays_them_in_turn() -> None:
    state = position(5, grey=["AU", "GB", "PR"], white=["FR", "ES"])
    assert turn_order(state) == ["AU", "FR", "GB", "ES", "PR"]
    state.options = {**state.options, "turn_order": "rows"}
    assert turn_order(state) == ["AU", "GB", "PR", "FR", "ES"]
