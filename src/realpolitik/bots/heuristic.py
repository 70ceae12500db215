"""The heuristic bot: greedy one-ply on the game's evaluation.

For each legal action it applies the action to copies of the position in which the seat's
secrets are resampled (``determinize``), plays out any exchange the game says belongs to the
action (``continues``: the commitments of a dispute, each side choosing by the game's own
reasoning), and scores the result with the game's ``values`` as the seat's projected score against
its rivals. Actions whose outcome depends on chance (the checkpoint moved: a die, a card) are
scored over several resampled worlds, so a dispute is weighed by its odds, never by the dice the
real generator holds. Decisions the game settles itself (``choose_special``, e.g. dispute
commitments by odds and cost) skip the look-ahead.

The evaluation itself is the game's, declared on its plug-in (:mod:`realpolitik.bots.hooks`;
docs/bots.md describes the one each game ships).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Game, Seat
from .base import Bot, Budget, determinizer, legal_or_fail
from .hooks import TARGETS, GameHooks, hooks_for

SETTLE_LIMIT = 16
"""At most this many actions are played out after the one being judged (a dispute has four)."""


class HeuristicBot(Bot):
    name = "heuristic"

    def __init__(
        self, seed: int = 0, budget: Budget | None = None, samples: int = 4, target: str = "field"
    ) -> None:
        super().__init__(seed, budget)
        if target not in TARGETS:
            raise ValueError(f"target must be one of {', '.join(TARGETS)}")
        self.samples = max(1, samples)
        """Worlds over which an action with a random outcome is averaged."""
        self.target = target
        """Whom the bot measures itself against (:func:`.hooks.against_rivals`)."""

    def describe(self) -> str:
        return f"heuristic(samples={self.samples}, target={self.target})"

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat) -> Any:
        legal = legal_or_fail(game, state, seat)
        if len(legal) == 1:
            return legal[0]
        hooks = hooks_for(game)
        if hooks.values is None:
            raise ValueError(f"{game.id} ships no evaluation (values): the heuristic bot cannot play it")
        if hooks.choose_special is not None:
            # judged on a resampled copy too, so no secret can tip the choice
            resample = determinizer(game)
            seen = resample(state, seat, self.rng) if resample else state
            special = hooks.choose_special(seen, seat, legal)
            if special is not None:
                return special
        scores = self.scores(game, hooks, state, seat, legal)
        best = max(range(len(legal)), key=lambda i: (scores[i], -i))
        return legal[best]

    def scores(
        self, game: Game[Any, Any], hooks: GameHooks, state: Any, seat: Seat, legal: Sequence[Any]
    ) -> list[float]:
        """The one-ply score of each legal action (used by search bots as priors too)."""
        resample = determinizer(game)
        worlds: list[Any] = []

        def world(i: int) -> Any:
            while len(worlds) <= i:
                worlds.append(resample(state, seat, self.rng) if resample else game.clone(state))
            return worlds[i]

        result = []
        for action in legal:
            first = world(0)
            child = game.clone(first)
            game.apply(child, seat, action, None)
            settle(game, hooks, child)
            total, count = hooks.seat_value(child, seat, self.target), 1
            if game.checkpoint(child) != game.checkpoint(first):
                for i in range(1, self.samples):
                    child = game.clone(world(i))
                    game.apply(child, seat, action, None)
                    settle(game, hooks, child)
                    total += hooks.seat_value(child, seat, self.target)
                    count += 1
            # A hair of seeded noise breaks exact ties differently per seed (never between
            # actions whose scores really differ).
            result.append(total / count + self.rng.below(1000) * 1e-9)
        return result


def settle(game: Game[Any, Any], hooks: GameHooks, state: Any) -> None:
    """Play out the exchange the position is in (``continues``), each seat by :func:`answer`."""
    if hooks.continues is None:
        return
    for _ in range(SETTLE_LIMIT):
        if not hooks.continues(state):
            return
        acting = game.to_act(state)
        if not acting:
            return
        seat = acting[0]
        game.apply(state, seat, answer(game, hooks, state, seat), None)


def answer(game: Game[Any, Any], hooks: GameHooks, state: Any, seat: Seat) -> Any:
    """A seat's quick answer inside an exchange (``state`` is already a sampled world): the game's
    own reasoning if it has one (``choose_special``), else the best one-ply value, else the first
    legal action."""
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if hooks.choose_special is not None:
        special = hooks.choose_special(state, seat, legal)
        if special is not None:
            return special
    if hooks.values is None:
        return legal[0]
    best, best_value = legal[0], float("-inf")
    for action in legal:
        child = game.clone(state)
        game.apply(child, seat, action, None)
        value = hooks.seat_value(child, seat)
        if value > best_value:
            best, best_value = action, value
    return best
