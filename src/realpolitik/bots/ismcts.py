"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and Whitehouse
2012) with determinization.

Each iteration samples one world consistent with what the deciding seat knows (the game's
optional ``determinize``: other hands, deck order and the dice to come are drawn anew), then walks
one tree shared by all the worlds: a node is a sequence of decisions, a child is a ``(seat,
action)``. Selection uses UCB1 from the point of view of the seat that acts, counted over the
iterations in which the action was legal (availability counts: different worlds allow different
actions). Chance is open-loop: the same decision leads to different outcomes in different
iterations, so its value averages over them.

The horizon is a setting:

* ``turn`` (default): the tree holds the deciding seat's own decisions until another seat must
  decide; the other seats' answers inside an exchange the game marks (``continues``: the
  commitments of a dispute, a card's choices) come from the game's own reasoning
  (``choose_special``) or a one-ply look. It plans the
  seat's whole turn (two actions, a dispute and its odds) without trusting random replies.
* ``game``: the classic tree over every seat's decisions.

A leaf is judged after ``rollout_depth`` random actions by the game's evaluation: each seat's
projected score against its rivals (``target=leader``: its margin over the best rival, only first
place wins; ``target=field``: half that and half its margin over the rivals' mean, as the heuristic
bot; without a ``target`` setting, the game's ``search_target``, the one measured strongest there:
``field`` in Pax Britannica, ``leader`` elsewhere), measured from where it stood at the root and
squashed into 0..1 with the game's ``VALUE_SCALE``, so the exploration constant means the same in a
close game and in a lost one. Without an evaluation the leaf is played out at random to the end.

Backup (``backup=max``, the default): where the same seat decides again below a node (the second
action of its turn, the End after it), the node is worth its best follow-up tried at least twice,
not the mean of everything explored below it. The mean made an action with many possible
follow-ups (a first action) look worse than one that ends the turn at once, because the
exploratory follow-ups drag the mean down; the seat will play the best follow-up, not the mean.

A decision the game settles by its own reasoning (``choose_special``: PB's peace, spoils and coal
answers, its Congress's votes and signatures while others have yet to answer) is left to that
reasoning when every answer hands the decision straight to other seats and changes no seat's
value: the turn's tree would judge each answer before anything had happened, and they would all
look the same.

At the root, the heuristic bot's one-ply scores order the expansion and give a progressive bias
that fades with visits; children are admitted by progressive widening (about
``widening * sqrt(visits)`` per node), so a wide decision is not spread over every action at once.
The seat's later decisions in the tree are expanded in the same order, and an action the root did
not have (another kind of decision, or the turn of a second Power the seat plays) is scored by the
same one-ply look where it is first met, once per search.

The search never reads the real state's secrets: every iteration starts from a resampled world,
and a game without ``determinize`` is refused rather than searched with its secrets in view.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..engine import Game, Seat
from .base import Bot, Budget, determinizer, legal_or_fail
from .heuristic import HeuristicBot, answer
from .hooks import TARGETS, GameHooks, against_rivals, hooks_for

DEFAULT_BUDGET = Budget(iterations=300)
"""Iterations alone, so the same seed gives the same game on any machine under any load (until
2026-12-02 it was also at most 0.9 s: on a loaded machine 14 of 82 decisions of a pure-Python game
stopped short, one after 4 iterations, and simulations measured a weaker bot than the spec named).
A server bounds the time itself (``server/bots.py``'s caps)."""
HORIZONS = ("turn", "game")


BACKUPS = ("mean", "max")
MAX_BACKUP_VISITS = 2
"""A child counts in a max backup once it has been tried this often (one noisy try is no proof)."""


class _Node:
    __slots__ = ("available", "children", "reward", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[tuple[Seat, Any], _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        """Sum of the rewards of the seat whose decision led here."""
        self.value = 0.5
        """What selection reads: the mean reward, or with a max backup the best follow-up's."""


class IsmctsBot(Bot):
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        budget: Budget | None = None,
        *,
        exploration: float = 0.1,
        rollout_depth: int = 0,
        widening: float = 1.5,
        prior_weight: float = 1.0,
        horizon: str = "turn",
        max_depth: int = 6,
        target: str | None = None,
        backup: str = "max",
    ) -> None:
        super().__init__(seed, budget or DEFAULT_BUDGET)
        if horizon not in HORIZONS:
            raise ValueError(f"horizon must be one of {', '.join(HORIZONS)}")
        if target is not None and target not in TARGETS:
            raise ValueError(f"target must be one of {', '.join(TARGETS)}")
        if backup not in BACKUPS:
            raise ValueError(f"backup must be one of {', '.join(BACKUPS)}")
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.widening = widening
        self.prior_weight = prior_weight
        self.horizon = horizon
        self.max_depth = max_depth
        """At most this many decisions in the tree below the root (turn horizon)."""
        self.target = target
        """Whom rewards measure each seat against (:func:`.hooks.against_rivals`); None: the
        game's ``search_target``."""
        self.backup = backup
        """How a node's worth is read in selection: its mean reward or its best follow-up's."""
        self.last_iterations = 0
        """Iterations the last decision ran (for benchmarks)."""
        self.last_target = target
        """The target the last search measured rewards against (the game's, without a setting)."""
        self._prior = HeuristicBot(seed ^ 0x5EED, samples=1)

    def describe(self) -> str:
        limits = []
        if self.budget.iterations is not None:
            limits.append(f"iterations={self.budget.iterations}")
        if self.budget.seconds is not None:
            limits.append(f"seconds={self.budget.seconds:g}")
        settings = [f"horizon={self.horizon}", f"target={self.target or 'game'}", f"backup={self.backup}"]
        return f"ismcts({', '.join([*limits, *settings])})"

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat) -> Any:
        legal = legal_or_fail(game, state, seat)
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        resample = determinizer(game)
        if resample is None:
            raise ValueError(
                f"{game.id} has no determinize method: ISMCTS will not search with secrets in view"
            )
        hooks = hooks_for(game)
        if self.horizon == "turn" and hooks.choose_special is not None and hooks.values is not None:
            world = resample(state, seat, self.rng)
            special = hooks.choose_special(world, seat, legal)
            if special is not None and _out_of_sight(game, hooks, world, seat, legal):
                return special
        prior = self._root_prior(game, hooks, state, seat, legal)
        order = sorted(range(len(legal)), key=lambda i: -prior[i])
        search = _Search(self, game, hooks, seat, legal=legal, order=order, prior=prior)
        self.last_target = search.target
        if hooks.values is not None:
            search.base = _relative(hooks, resample(state, seat, self.rng), search.target)
        done = self.budget.clock()
        count = 0
        while not done(count):
            search.iterate(resample(state, seat, self.rng))
            count += 1
        self.last_iterations = count
        root = search.root
        return max(
            legal,
            key=lambda a: (
                root.children[(seat, a)].visits if (seat, a) in root.children else -1,
                search.bias[a],
            ),
        )

    def _root_prior(
        self, game: Game[Any, Any], hooks: GameHooks, state: Any, seat: Seat, legal: Any
    ) -> list[float]:
        """The heuristic's one-ply scores in reward units (0 without an evaluation)."""
        if hooks.values is None:
            return [0.0] * len(legal)
        scores = self._prior.scores(game, hooks, state, seat, legal)
        top = max(scores)
        # A gap of one value scale below the best action costs about a quarter of a reward.
        return [0.25 * (s - top) / hooks.value_scale for s in scores]


def _out_of_sight(game: Game[Any, Any], hooks: GameHooks, world: Any, seat: Seat, legal: Any) -> bool:
    """Whether every answer hands the decision straight to other seats and leaves every seat's
    value as it was (a sealed answer, a vote: nothing happens until the others answer). The turn's
    tree would judge each answer there, where they all look the same, so the search cannot tell
    them apart and the game's own reasoning (``choose_special``) decides instead. An answer that
    settles something at once (the last commitment of a dispute, with its dice) is searched."""
    assert hooks.values is not None
    first: Any = None
    for action in legal:
        child = game.clone(world)
        game.apply(child, seat, action, None)
        acting = game.to_act(child)
        if not acting or seat in acting or (hooks.continues is not None and hooks.continues(child)):
            return False
        table = hooks.values(child)
        if first is None:
            first = table
        elif any(abs(table[s] - first[s]) > 1e-9 for s in first):
            return False
    return True


def _relative(hooks: GameHooks, world: Any, target: str) -> dict[Seat, float]:
    """Each seat's projected score against its rivals (:func:`.hooks.against_rivals`)."""
    assert hooks.values is not None
    table = hooks.values(world)
    return {seat: against_rivals(table, seat, target) for seat in table}


def _best_follow_up(node: _Node, seat: Seat) -> float:
    """A max backup: where the seat decides again next, the node is worth its best tried
    follow-up (the seat will choose it), not the mean of everything explored below it; elsewhere
    (another seat's decision, or nothing tried enough) its mean reward."""
    best = -math.inf
    for (decider, _), child in node.children.items():
        if decider == seat and child.visits >= MAX_BACKUP_VISITS and child.value > best:
            best = child.value
    return best if best > -math.inf else node.reward / node.visits


class _Search:
    """The tree and the settings of one decision."""

    def __init__(
        self,
        bot: IsmctsBot,
        game: Game[Any, Any],
        hooks: GameHooks,
        me: Seat,
        *,
        legal: Any,
        order: list[int],
        prior: list[float],
    ) -> None:
        self.bot, self.game, self.hooks, self.me = bot, game, hooks, me
        self.rng = bot.rng
        self.root = _Node()
        self.rank = {legal[i]: r for r, i in enumerate(order)}
        self.bias = {legal[i]: prior[i] for i in range(len(legal))}
        self.score = dict(self.bias)
        """The one-ply score (reward units, 0 for the best of its decision) of every action met."""
        self.base: dict[Seat, float] = {}
        self.target = bot.target or hooks.search_target
        """Whom the rewards measure each seat against: the bot's setting, else the game's."""

    def _order(self, action: Any) -> tuple[float, int]:
        """Expansion order of the seat's actions: best score first, the root's order on ties; an
        action never scored (a game without an evaluation) first, as the baseline."""
        return (-self.score.get(action, 1.0), self.rank.get(action, -1))

    def _score_new(self, world: Any, seat: Seat, actions: Sequence[Any]) -> None:
        """Score, once, the actions not met before, by the heuristic's one-ply look at this world
        (a copy: the world itself goes on unchanged). Before, such actions were tried first
        whatever they were: the turn of the second Power a seat plays (Pax Britannica's
        Austria-Hungary after Germany) opened with its costliest placements, and the end of the
        first Power's turn looked bad for it."""
        new = [a for a in actions if a not in self.score]
        if not new:
            return
        scores = self.bot._prior.scores(self.game, self.hooks, world, seat, new)
        top = max(scores)
        for action, value in zip(new, scores, strict=True):
            self.score[action] = 0.25 * (value - top) / self.hooks.value_scale

    def iterate(self, world: Any) -> None:
        game, hooks, bot, me = self.game, self.hooks, self.bot, self.me
        node = self.root
        path: list[tuple[_Node, Seat]] = []
        expanded = False
        turn_horizon = bot.horizon == "turn"
        while not expanded:
            acting = game.to_act(world)
            if not acting:
                break
            # Several seats deciding at once (a sealed bid): the searching seat decides first in
            # the tree, so its choice never depends on answers it could not have seen.
            seat = me if me in acting else acting[0]
            if turn_horizon and seat != me:
                if hooks.continues is None or not hooks.continues(world):
                    break  # the seat's turn is over: judge the position here
                game.apply(world, seat, answer(game, hooks, world, seat), None)
                continue
            if turn_horizon and len(path) >= bot.max_depth:
                break
            legal = game.legal_actions(world, seat)
            if len(legal) == 1:
                game.apply(world, seat, legal[0], None)  # a forced step is no decision
                continue
            mine_at_root = node is self.root and seat == me
            allowed = max(1, math.ceil(bot.widening * math.sqrt(node.visits + 1)))
            children = node.children
            known = 0
            untried = []
            for action in legal:
                child = children.get((seat, action))
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
                    known += 1
            if untried and known < allowed:
                if seat == me:
                    # The seat's decisions are expanded best one-ply score first: the root's
                    # prior, and for an action the root did not have (another decision, the turn
                    # of a second Power the seat plays) its score where it is first met.
                    if hooks.values is not None:
                        self._score_new(world, seat, untried)
                    action = min(untried, key=self._order)
                else:
                    action = untried[self.rng.below(len(untried))]
                child = _Node()
                child.available = 1
                children[(seat, action)] = child
                expanded = True
            else:
                action, child = self._select(node, seat, legal, mine_at_root)
            game.apply(world, seat, action, None)
            path.append((child, seat))
            node = child
        rewards = self._leaf(world)
        self.root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.reward += rewards.get(seat, 0.0)
        highest = bot.backup == "max"
        for child, seat in reversed(path):
            child.value = _best_follow_up(child, seat) if highest else child.reward / child.visits

    def _select(self, node: _Node, seat: Seat, legal: Any, mine_at_root: bool) -> tuple[Any, _Node]:
        c, weight = self.bot.exploration, self.bot.prior_weight
        best_score = -math.inf
        best: tuple[Any, _Node] | None = None
        for action in legal:
            child = node.children.get((seat, action))
            if child is None:
                continue
            score = child.value + c * math.sqrt(math.log(max(child.available, 1)) / (child.visits + 1))
            if mine_at_root:
                score += weight * self.bias[action] / (child.visits + 1)
            if score > best_score:
                best_score, best = score, (action, child)
        assert best is not None
        return best

    def _leaf(self, world: Any) -> dict[Seat, float]:
        game, hooks = self.game, self.hooks
        for _ in range(self.bot.rollout_depth):
            acting = game.to_act(world)
            if not acting:
                break
            legal = game.legal_actions(world, acting[0])
            game.apply(world, acting[0], legal[self.rng.below(len(legal))], None)
        if hooks.values is None:
            return self._random_playout(world)
        now = _relative(hooks, world, self.target)
        scale = hooks.value_scale
        return {s: 1.0 / (1.0 + math.exp(-(v - self.base.get(s, 0.0)) / scale)) for s, v in now.items()}

    def _random_playout(self, world: Any) -> dict[Seat, float]:
        """Without an evaluation, a leaf is judged by playing it out at random (slow, but any
        game works): a win scores 1, shared among the winners."""
        game = self.game
        while True:
            acting = game.to_act(world)
            if not acting:
                break
            legal = game.legal_actions(world, acting[0])
            game.apply(world, acting[0], legal[self.rng.below(len(legal))], None)
        outcome = game.outcome(world)
        if outcome is None or not outcome.winners:
            return {}
        return {s: 1.0 / len(outcome.winners) for s in outcome.winners}
