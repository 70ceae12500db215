"""Struggle of Empires' own terminal screen: drawn from a seat's view only (never another empire's
hidden unrest), the French names with ``fr``, a help text and a menu heading for every verb the
legal lists use, the compact screen fitting 100×40 and 80×24, and a real game in a pseudo-terminal
against bots."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from realpolitik.cli.play import Tall
from realpolitik.cli.render_base import action_menu
from realpolitik.engine import Match, plugin
from realpolitik.games.struggle_of_empires.ui.help import TOPICS, VERBS
from realpolitik.games.struggle_of_empires.ui.terminal import StruggleOfEmpiresRenderer
from tests.cli.terminal import random_positions

SOE = plugin("struggle-of-empires")
GAME = SOE.game
# Unrest markers worth 2 points, so a marker count and an unrest value never look alike.
VALUED = {"rules": {"unrest_marker_value": {"value": 2, "stated": "a test of hidden unrest"}}}


def renderer(options: dict[str, Any], lang: str = "en") -> StruggleOfEmpiresRenderer:
    assert SOE.terminal is not None
    made = SOE.terminal.renderer(GAME.normalize_options(options), lang)
    assert isinstance(made, StruggleOfEmpiresRenderer)
    return made


def draw(
    match: Match, seat: str | None, width: int = 100, height: int | None = None, lang: str = "en"
) -> str:
    """The screen as plain text: the compact one on a ``width``×``height`` terminal, everything
    (``details``) without a height."""
    console = Console(file=io.StringIO(), width=width, height=height or 40, record=True, color_system=None)
    screen = renderer(match.options, lang).screen(match.view(seat), seat)
    console.print(screen if height else Tall(screen))
    return console.export_text()


def positions(seed: int, options: dict[str, Any], every: int = 7) -> Iterator[Match]:
    """A random game, yielding the match every few actions."""
    return random_positions(GAME, options, seed, every)


def test_the_plugin_declares_its_own_screen() -> None:
    r = renderer({"players": 3})
    assert r.players() == [("GB",), ("FR",), ("PR",)]
    assert r.seat_name("GB") == "Great Britain" and r.seat_label("FR").plain == "FR"
    assert renderer({}, "fr").seat_name("GB") == "Grande-Bretagne"


def test_no_other_empires_hidden_unrest_appears() -> None:
    options = {"players": 4, "content": VALUED}
    checked = 0
    for match in positions(7, options, every=23):
        state = match.state
        for seat in state.seats:
            for text in (draw(match, seat), draw(match, seat, 100, 40), draw(match, seat, 80, 24)):
                # Its own unrest as a value; every other empire's as a marker count only.
                assert re.findall(r"unrest (\d+) \(revolution", text) == [str(state.unrest[seat])]
                others = sorted(state.unrest[o] // 2 for o in state.seats if o != seat)
                assert sorted(int(n) for n in re.findall(r"unrest markers (\d+)", text)) == others
                assert len(re.findall(r"unrest (?:markers )?\d+", text)) == len(state.seats)
                # The bag shows its size, never what is in it.
                assert f"bag {len(state.bag)}" in text
                checked += 1
    assert checked > 30


def test_the_french_names_appear_with_fr() -> None:
    match = next(m for m in positions(3, {"players": 4}, every=1) if m.view(None)["phase"] == "turn")
    seat = match.to_act()[0]
    text = draw(match, seat, lang="fr")
    for words in ("Luttes impériales", "Guerre 1/3", "Manche 1/6", "Amérique du Nord", "Indes Orientales"):
        assert words in text
    for words in ("Grande-Bretagne", "Autriche", "Prusse", "agitation", "Vos tuiles", "Réserve de tuiles"):
        assert words in text
    assert "Caribbean" not in text and "Your tiles" not in text
    r = renderer({}, "fr")
    assert "votre tour" in r.decision(match.view(seat), seat)
    assert r.verb_title("attack").startswith("Attaquer") and "L248" in r.verb_title("attack")
    assert "Attaquer" in r.help({}, seat, "attack") and "L248" in r.help({}, seat, "attack")


def test_every_verb_and_decision_has_help_and_a_heading() -> None:
    verbs: set[str] = set()
    kinds: set[str] = set()
    for players, seed in ((2, 1), (4, 2), (7, 3)):
        r = renderer({"players": players})
        fr = renderer({"players": players}, "fr")
        for match in positions(seed, {"players": players}, every=1):
            seat = match.to_act()[0]
            view = match.view(seat)
            kinds.add(view["decision"]["kind"])
            r.screen(view, seat)  # the heading of 'pass' and 'no' depends on the decision drawn
            for text in match.legal_notations(seat):
                verb = text.split()[0]
                verbs.add(verb)
                assert r.verb_title(verb) != verb and "L" in r.verb_title(verb), verb
            assert "L" in r.help(view, seat, None) and "(L" in r.decision(view, seat), view["decision"]
            assert "(L" in fr.decision(view, seat)
    assert {"place", "bid", "pass", "buy", "build", "move", "attack"} <= verbs
    for verb in verbs:
        assert verb in VERBS and verb in TOPICS, verb
        for lang in ("en", "fr"):
            assert TOPICS[verb][lang] and "(L" in TOPICS[verb][lang], (verb, lang)
    for kind in kinds:
        assert kind in TOPICS, kind
    assert renderer({}).help({}, "GB", "nonsense").startswith("no help")


@pytest.mark.parametrize(("rows", "columns"), [(40, 100), (24, 80)])
@pytest.mark.parametrize("players", [2, 4, 7])
def test_the_compact_screen_fits(rows: int, columns: int, players: int) -> None:
    for match in positions(5, {"players": players}, every=31):
        seat = match.to_act()[0]
        text = draw(match, seat, columns, rows)
        lines = text.rstrip("\n").split("\n")
        # The decision, the menu (two lines at least), the hint and the input line follow.
        assert len(lines) + 5 <= rows, "\n".join(lines)
        assert max(len(line) for line in lines) <= columns
        assert "Struggle of Empires · War" in lines[0] and "(you)" in text and "Your tiles" in text
        if columns == 100:
            assert "North America" in text and "Ottoman Empire" in text


def test_a_game_in_the_terminal_against_bots(tmp_path: Path) -> None:
    terminal = pytest.importorskip("tests.cli.terminal")
    seed = 4
    term = terminal.Terminal(
        "struggle-of-empires",
        "--seed",
        str(seed),
        "--fast",
        "--seats",
        "GB=human,FR=bot:random,PR=bot:random,AU=bot:random",
        cwd=tmp_path,
        size=(40, 100),
    )
    mirror = terminal.Mirror(seed, humans=("GB",), match=Match(GAME, {}, seed))
    decisions = 0
    kinds = set()
    while decisions < 12:
        seat = mirror.next_seat()
        term.prompt(seat)
        screen = term.screen
        lines = screen.rstrip("\n").split("\n")
        assert len(lines) + 1 <= 40 and max(len(line) for line in lines) <= 100, screen
        assert "Struggle of Empires · War" in screen and "Great Britain (you)" in screen
        assert "Great Britain (GB): " in screen  # the decision line
        state = mirror.match.state
        for other in ("FR", "PR", "AU"):
            assert f"unrest markers {state.unrest[other]}" in screen
        kinds.add(mirror.view(seat)["decision"]["kind"])
        if decisions == 8:
            term.send("help")
            assert "L" in term.prompt(seat)
            term.send("details")
            details = term.prompt(seat)
            assert "Tile stock" in details and "Your tiles" in details
        legal = mirror.legal(seat)
        move = next((m for m in legal if m.startswith("build ")), "pass" if "pass" in legal else legal[0])
        # By its menu number: a typed action with capitals (bid 2 GB/FR) is taken for its verb alone.
        order, _ = action_menu(legal, str, 100)
        term.send(str(order.index(move) + 1))
        mirror.play(seat, move)
        decisions += 1
    assert {"deploy", "auction"} <= kinds or {"deploy", "turn"} <= kinds
    term.interrupt()
    assert term.end() == 130
