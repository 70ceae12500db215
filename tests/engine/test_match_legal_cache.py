"""``Match`` lists a seat's legal actions once a position: the state message's list serves the
legality check of the action that follows; any change of the state (an action, an undo, a failed
action) gives a new list."""

from __future__ import annotations

from typing import Any, cast

from realpolitik.engine import get_game
from realpolitik.engine.match import Match


class CountingGame:
    """La Belle Époque counting its legal-action listings (a wrapper: the compiled build's game
    class cannot be subclassed)."""

    def __init__(self) -> None:
        self.game: Any = get_game("la-belle-epoque")
        self.listed = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def legal_actions(self, state: Any, seat: str) -> Any:
        self.listed += 1
        return self.game.legal_actions(state, seat)


def test_the_list_of_a_position_is_computed_once_and_never_outlives_it() -> None:
    game = CountingGame()
    match = Match(cast(Any, game), {}, 3)
    seat = match.to_act()[0]
    first = match.legal_notations(seat)
    assert match.legal_actions(seat) is match.legal_actions(seat)
    assert game.listed == 1
    match.play(seat, first[0])  # checked against the same list: no second listing
    assert game.listed == 1
    match.legal_actions(match.to_act()[0])
    assert game.listed == 2  # a new position, a new list
    assert match.undo_refusal(seat) is None  # the Initial Setup's first cube rolls no die
    match.undo(seat)
    assert match.legal_notations(seat) == first
    assert game.listed == 3  # after an undo: listed again, and the same as before


def test_another_seats_list_is_its_own() -> None:
    match = Match(get_game("la-belle-epoque"), {}, 3)
    seats = match.game.seats(match.state)
    lists = {seat: list(match.legal_notations(seat)) for seat in seats}
    for seat in seats:
        assert match.legal_notations(seat) == lists[seat]
