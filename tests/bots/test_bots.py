"""Bots choose only legal actions, decide the same way for the same seed, and never look at what
their seat cannot see."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.bots import (
    BotSpecError,
    Budget,
    HeuristicBot,
    IsmctsBot,
    RandomBot,
    hooks_for,
    make_bot,
    parse_spec,
)
from realpolitik.bots.base import determinizer
from realpolitik.bots.hooks import against_rivals
from realpolitik.bots.ismcts import _best_follow_up, _Node, _Search
from realpolitik.engine import Rng, get_game

GAME = get_game("la-belle-epoque")


def positions(seed: int, every: int = 9, limit: int = 400) -> list[Any]:
    """Decision points of one random game of La Belle Époque (copies), one in ``every``."""
    state = GAME.setup(GAME.normalize_options({"players": 4}), seed)
    rng = Rng.from_seed(seed)
    found = []
    for step in range(limit):
        acting = GAME.to_act(state)
        if not acting:
            break
        legal = GAME.legal_actions(state, acting[0])
        if step % every == 0 and len(legal) > 1:
            found.append(GAME.clone(state))
        GAME.apply(state, acting[0], legal[rng.below(len(legal))])
    return found


@pytest.fixture(scope="module")
def sample() -> list[Any]:
    return positions(3)[:14]


@pytest.mark.parametrize(
    "bot",
    [
        RandomBot(1),
        HeuristicBot(1, samples=2),
        IsmctsBot(1, Budget(iterations=30)),
        IsmctsBot(1, Budget(iterations=30), target="field", backup="mean"),
        HeuristicBot(1, samples=1, target="leader"),
    ],
    ids=["random", "heuristic", "ismcts", "ismcts-field-mean", "heuristic-leader"],
)
def test_bots_choose_a_legal_action_and_leave_the_state_alone(bot, sample):
    for state in sample:
        seat = GAME.to_act(state)[0]
        before = GAME.serialize(state)
        action = bot.choose(GAME, state, seat)
        assert action in GAME.legal_actions(state, seat)
        assert GAME.serialize(state) == before


@pytest.mark.parametrize(
    "spec", ["random", "heuristic:samples=2", "ismcts:iterations=25", "ismcts:iterations=25:backup=mean"]
)
def test_bots_are_deterministic_per_seed(spec, sample):
    def decisions(seed: int) -> list[str]:
        bot = make_bot(spec, seed)
        return [GAME.notation(bot.choose(GAME, s, GAME.to_act(s)[0])) for s in sample[:8]]

    assert decisions(5) == decisions(5)


def test_random_bots_differ_between_seeds(sample):
    one, two = make_bot("random", 1), make_bot("random", 2)
    picks = [(one.choose(GAME, s, GAME.to_act(s)[0]), two.choose(GAME, s, GAME.to_act(s)[0])) for s in sample]
    assert any(a != b for a, b in picks)


def test_bots_play_whole_games_to_the_end():
    state = GAME.setup(GAME.normalize_options({"players": 4}), 11)
    lineup = [HeuristicBot(1, samples=1), RandomBot(2), RandomBot(3), RandomBot(4)]
    bots = dict(zip(GAME.seats(state), lineup, strict=True))
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, bots[seat].choose(GAME, state, seat))
    outcome = GAME.outcome(state)
    assert outcome is not None
    # the heuristic bot is far stronger than random play (typically 100+ VP against ~10)
    assert outcome.scores["GB"] > max(v for s, v in outcome.scores.items() if s != "GB")


def test_budget_limits_ismcts_iterations(sample):
    bot = IsmctsBot(3, Budget(iterations=17))
    state = sample[-1]
    bot.choose(GAME, state, GAME.to_act(state)[0])
    assert bot.last_iterations in (0, 17)  # 0 when only one action was legal


def test_time_budget_stops_ismcts(sample):
    bot = IsmctsBot(3, Budget(seconds=0.05))
    state = sample[-1]
    bot.choose(GAME, state, GAME.to_act(state)[0])
    assert bot.last_iterations >= 1


def test_game_without_determinize_is_refused_by_ismcts_but_random_plays_it():
    tally = get_game("tally-bare")
    state = tally.setup(tally.normalize_options({}), 1)
    seat = tally.to_act(state)[0]
    assert RandomBot(1).choose(tally, state, seat) in tally.legal_actions(state, seat)
    if len(tally.legal_actions(state, seat)) > 1:
        with pytest.raises(ValueError, match="determinize"):
            IsmctsBot(1, Budget(iterations=5)).choose(tally, state, seat)
    assert hooks_for(tally).values is None


def test_bot_specs():
    assert parse_spec("ismcts:iterations=200:c=0.2").settings == {"iterations": "200", "c": "0.2"}
    assert make_bot("ismcts:iterations=200", 1).describe().startswith("ismcts(iterations=200")
    with pytest.raises(BotSpecError, match="no bot"):
        parse_spec("alphazero")
    with pytest.raises(BotSpecError, match="unknown setting"):
        make_bot("random:depth=3")
    with pytest.raises(BotSpecError, match="not a number"):
        make_bot("ismcts:iterations=many")
    with pytest.raises(BotSpecError, match="target must be one of field, leader"):
        make_bot("ismcts:target=everyone")
    with pytest.raises(BotSpecError, match="backup must be one of mean, max"):
        make_bot("ismcts:backup=median")
    with pytest.raises(BotSpecError, match="bot heuristic: target must be one of"):
        make_bot("heuristic:target=all")
    bot = make_bot("ismcts:iterations=5:target=field:backup=mean", 1)
    assert isinstance(bot, IsmctsBot) and (bot.target, bot.backup) == ("field", "mean")
    default = make_bot("ismcts", 1)
    assert isinstance(default, IsmctsBot) and (default.target, default.backup) == (None, "max")
    assert "target=game" in default.describe()
    assert default.budget == Budget(iterations=300)  # deterministic: no time limit by default


@pytest.mark.parametrize(
    ("game_id", "spec", "searched"),
    [
        ("pax-britannica", "ismcts:iterations=3", "field"),  # the game's search_target
        ("pax-britannica", "ismcts:iterations=3:target=leader", "leader"),
        ("la-belle-epoque", "ismcts:iterations=3", "leader"),
        ("la-belle-epoque", "ismcts:iterations=3:target=field", "field"),
    ],
)
def test_ismcts_measures_against_the_games_target_unless_told(game_id, spec, searched):
    game = get_game(game_id)
    state = game.setup(game.normalize_options({"players": 4}), 5)
    bot = make_bot(spec, 1)
    assert isinstance(bot, IsmctsBot)
    seat = game.to_act(state)[0]
    bot.choose(game, state, seat)
    assert bot.last_target == searched


def test_against_rivals_field_and_leader():
    """``field``: less half the best rival and half the rivals' mean; ``leader``: less the best."""
    table = {"GB": 50.0, "FR": 60.0, "CE": 40.0, "RU": 20.0}
    assert against_rivals(table, "GB") == pytest.approx(50 - 30 - 20)
    assert against_rivals(table, "GB", "leader") == pytest.approx(-10)
    assert against_rivals(table, "FR", "leader") == pytest.approx(10)  # the leader: over the second
    assert against_rivals({"GB": 7.0}, "GB", "leader") == 7.0


def test_max_backup_reads_the_best_follow_up_tried_twice():
    """A node where the same seat decides again is worth its best follow-up tried at least
    :data:`MAX_BACKUP_VISITS` times, not the mean dragged down by exploratory tries."""
    node = _Node()
    node.visits, node.reward = 10, 3.0  # mean 0.3
    assert _best_follow_up(node, "GB") == pytest.approx(0.3)  # nothing below: its own mean
    good, bad, once, theirs = _Node(), _Node(), _Node(), _Node()
    good.visits, good.value = 2, 0.7
    bad.visits, bad.value = 7, 0.1
    once.visits, once.value = 1, 0.95  # one lucky try is not enough
    theirs.visits, theirs.value = 5, 0.9  # another seat's decision: not the seat's to pick
    node.children = {("GB", "a"): good, ("GB", "b"): bad, ("GB", "c"): once, ("FR", "d"): theirs}
    assert _best_follow_up(node, "GB") == pytest.approx(0.7)
    node.children = {("FR", "d"): theirs}
    assert _best_follow_up(node, "GB") == pytest.approx(0.3)


def test_mean_backup_keeps_the_plain_average(sample):
    """With ``backup=mean`` every node's value is its mean reward (classic UCB1)."""
    state = sample[2]
    seat = GAME.to_act(state)[0]
    bot = IsmctsBot(4, Budget(iterations=40), backup="mean")
    hooks = hooks_for(GAME)
    legal = GAME.legal_actions(state, seat)
    search = _Search(
        bot, GAME, hooks, seat, legal=legal, order=list(range(len(legal))), prior=[0.0] * len(legal)
    )
    resample = determinizer(GAME)
    assert resample is not None
    for _ in range(40):
        search.iterate(resample(state, seat, bot.rng))
    stack = list(search.root.children.values())
    assert stack
    while stack:
        node = stack.pop()
        assert node.value == pytest.approx(node.reward / node.visits)
        stack.extend(node.children.values())
