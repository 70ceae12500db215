"""Europe in Turmoil's own terminal screen: drawn from a seat's view only (never the other side's
hand), the header's names, a help text and a menu heading for every verb the legal lists use, the
compact screen fitting 100×40 and 80×24, and a real game in a pseudo-terminal against a bot."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from realpolitik.cli.play import Tall
from realpolitik.engine import Match, plugin
from realpolitik.engine.record import Record
from realpolitik.games.europe_in_turmoil import load_content
from realpolitik.games.europe_in_turmoil.ui.help import TOPICS
from realpolitik.games.europe_in_turmoil.ui.terminal import EuropeInTurmoilRenderer
from tests.cli.terminal import random_positions

EIT = plugin("europe-in-turmoil")
GAME = EIT.game
OPTION_SETS: tuple[dict[str, Any], ...] = ({}, {"scenario": "edwardian", "war": "express"})


def renderer() -> EuropeInTurmoilRenderer:
    assert EIT.terminal is not None
    made = EIT.terminal.renderer(GAME.normalize_options({}), "en")
    assert isinstance(made, EuropeInTurmoilRenderer)
    return made


def draw(view: dict[str, Any], seat: str | None, width: int = 100, height: int | None = None) -> str:
    """The screen as plain text: the compact one on a ``width``×``height`` terminal, everything
    (``details``) without a height."""
    console = Console(file=io.StringIO(), width=width, height=height or 40, record=True, color_system=None)
    screen = renderer().screen(view, seat)
    console.print(screen if height else Tall(screen))
    return console.export_text()


def positions(seed: int, options: dict[str, Any], every: int = 7) -> Iterator[Match]:
    """A random game, yielding the match every few actions."""
    return random_positions(GAME, options, seed, every)


def test_the_plugin_declares_its_own_screen() -> None:
    assert isinstance(renderer(), EuropeInTurmoilRenderer)
    assert renderer().players() == [("A",), ("L",)]
    assert renderer().seat_name("L") == "Liberal" and renderer().seat_label("A").plain == "A"


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_screen_never_shows_the_other_sides_hand(options: dict[str, Any]) -> None:
    content = load_content()
    board = [s.name for s in content.spaces.values()] + [b.name for b in content.naval]
    board += [c.name for c in content.stability.values()]
    printed = {c for c in content.card_ids if any(content.cards[c].name in name for name in board)}
    checked = 0
    for match in positions(11, options, every=9):
        state = match.state
        for seat, them in (("A", "L"), ("L", "A")):
            view = match.view(seat)
            mine = set(state.hands[seat])
            assert {c["id"] for c in view["hand"]} == mine
            shown = set(view["revealed"][them]) | set(view["peek"] or []) | set(view["in_effect"])
            texts = [draw(view, seat), draw(view, seat, 100, 40), draw(view, seat, 80, 24)]
            for cid in state.hands[them]:
                card = content.cards[cid]
                for text in texts:
                    # Never as a card of a hand ("  7 Name"), and never by name unless shown.
                    assert f"{card.number:>3} {card.name}" not in text or cid in mine, (seat, cid)
                    if cid not in mine | shown | printed and not card.lasting:
                        assert card.name not in text, (seat, card.name)
            for cid in mine:
                card = content.cards[cid]
                assert f"{card.number:>3} {card.name}" in texts[0]
            checked += 1
    assert checked > 10


def test_the_header_names_turn_era_round_and_tracks() -> None:
    match = Match(GAME, {}, 2)
    seat = match.to_act()[0]
    text = draw(match.view(seat), seat, 100, 40)
    for words in ("Europe in Turmoil", "Turn 1/10", "Victorian Era", "Setup §3", "Authoritarian to decide"):
        assert words in text
    for words in ("VP level", "Tension 0/6", "Great War Status", "Naval race L Pre-Dreadnought"):
        assert words in text
    for match in positions(2, {}):
        view = match.view("L")
        if view["decision"]["kind"] == "play":
            text = draw(view, "L", 100, 40)
            assert (
                "Action Round" in text and "Authoritarian holds" in text and "Your hand — Liberal (L)" in text
            )
            break
    edwardian = Match(GAME, {"scenario": "edwardian"}, 2)
    seat = edwardian.to_act()[0]
    assert "Turn 4/10 · Edwardian Era" in draw(edwardian.view(seat), seat)


def test_every_verb_and_decision_has_help_and_a_heading() -> None:
    r = renderer()
    verbs: set[str] = set()
    kinds: set[str] = set()
    for options in OPTION_SETS:
        for seed in (1, 2, 3):
            for match in positions(seed, options, every=1):
                seat = match.to_act()[0]
                view = match.view(seat)
                kinds.add(view["decision"]["kind"])
                r.screen(view, seat)  # the heading of 'sp' depends on the decision drawn
                for text in match.legal_notations(seat):
                    verb = text.split()[0]
                    verbs.add(verb)
                    title = r.verb_title(verb)
                    assert title != verb and "§" in title, verb
                assert "§" in r.help(view, seat, None) and "§" in r.decision(view, seat), view["decision"]
    assert {"sp", "ops", "event", "naval", "score", "stab"} <= verbs
    for verb in verbs:
        assert verb in TOPICS and "§" in r.help({}, "A", verb), verb
    for kind in kinds:
        assert kind in TOPICS, kind
    assert r.help({}, "A", "nonsense").startswith("no help")


@pytest.mark.parametrize(("rows", "columns"), [(40, 100), (24, 80)])
def test_the_compact_screen_fits(rows: int, columns: int) -> None:
    for options in OPTION_SETS:
        for match in positions(5, options, every=11):
            seat = match.to_act()[0]
            text = draw(match.view(seat), seat, columns, rows)
            lines = text.rstrip("\n").split("\n")
            # The decision, the menu (two lines at least), the hint and the input line follow.
            assert len(lines) + 5 <= rows, "\n".join(lines)
            assert max(len(line) for line in lines) <= columns
            assert "Europe in Turmoil · Turn" in lines[0] and "Your hand — " in text and " holds " in text
            if columns == 100:
                assert "Independent" in text and "Fr.Church" in text  # the map


def test_a_game_in_the_terminal_against_a_bot(tmp_path: Path) -> None:
    terminal = pytest.importorskip("tests.cli.terminal")
    seed = 4
    term = terminal.Terminal(
        "europe-in-turmoil",
        "--seed",
        str(seed),
        "--fast",
        "--seats",
        "A=human,L=bot:random",
        cwd=tmp_path,
        size=(40, 100),
    )
    mirror = terminal.Mirror(seed, humans=("A",), match=Match(GAME, {}, seed))
    decisions = 0
    kinds = set()
    while decisions < 10:
        seat = mirror.next_seat()
        term.prompt(seat)
        screen = term.screen
        lines = screen.rstrip("\n").split("\n")
        assert len(lines) + 1 <= 40 and max(len(line) for line in lines) <= 100, screen
        assert "Europe in Turmoil · Turn" in screen and "Your hand — Authoritarian (A)" in screen
        assert "Authoritarian (A): " in screen  # the decision line
        for cid in mirror.match.state.hands["L"]:
            card = mirror.match.state.content.cards[cid]
            assert f"{card.number:>3} {card.name}" not in screen
        kinds.add(mirror.view(seat)["decision"]["kind"])
        if decisions == 6:
            term.send("help")
            assert "§" in term.prompt(seat)
            term.send("details")
            details = term.prompt(seat)
            assert "Stability cards available" in details and "French Catholic Church" in details
        legal = mirror.legal(seat)
        move = next((m for m in legal if m.startswith("ops ")), legal[0])
        term.send(move)
        mirror.play(seat, move)
        decisions += 1
    assert {"setup-place", "play"} <= kinds
    term.interrupt()
    assert term.end() == 130


# -- War Mobilization's picks (8.4.4) -------------------------------------------------------------

MOBILIZATION = {"war": "mobilization"}


def at_the_mobilization(seed: int) -> Match | None:
    """A random game (Scoring cards played first, so no one loses holding one) up to the sealed
    Mobilization picks, or None if it ends before a war."""
    match = Match(GAME, MOBILIZATION, seed)
    chooser = random.Random(seed)
    while match.to_act():
        top = match.state.flow.top()
        if top is not None and top.kind == "mobilize":
            return match
        seat = match.to_act()[0]
        legal = match.legal_notations(seat)
        scoring = [a for a in legal if a.startswith("score")]
        match.play(seat, chooser.choice(scoring or legal))
    return None


def first_mobilization() -> Match:
    for seed in range(60):
        match = at_the_mobilization(seed)
        if match is not None:
            return match
    pytest.fail("no seed reached War Mobilization")


def test_the_mobilization_picks_are_listed_in_words() -> None:
    match = first_mobilization()
    seat = "A"
    view = match.view(seat)
    options = view["decision"]["options"]
    cards = {c["id"]: c for c in view["mobilization_cards"]}
    legal = match.legal_notations(seat)
    # the list above the menu follows the legal list, so its numbers are the menu's
    assert [f"mob {o['id']}" for o in options] == legal
    for height, width in ((24, 80), (40, 100), (None, 100)):
        text = draw(view, seat, width, height)
        for number, option in enumerate(options, 1):
            card = cards[option["id"]]
            head = f"{number:>2} {card['name']}" + (" (ours)" if card["name_ours"] else "")
            assert f"{head} [{card['priority']}] {'✓' if option['valid_now'] else '✗'}" in text
            assert card["text"][:25] in text.replace("\n   ", " ")
        assert "lowest first" in text
        if height is None:  # details: the whole text, with its provenance note
            assert "our reconstruction" in text
    decision = renderer().decision(view, seat)
    assert decision.startswith("Authoritarian (A): pick 1 of ") and "Germany's card" in decision
    assert renderer().verb_title("mob").endswith("§8.4.4")


def test_mobilization_picks_in_the_terminal_at_80x24(tmp_path: Path) -> None:
    terminal = pytest.importorskip("tests.cli.terminal")
    match = first_mobilization()
    record = tmp_path / "war.json"
    Record.of(match).save(record)
    slots = [match.view("A")["decision"]["progress"]["A"][1]]
    term = terminal.Terminal(
        "--load", str(record), "--fast", "--seats", "A=human,L=bot:random", cwd=tmp_path, size=(24, 80)
    )
    picked: list[str] = []
    content = match.state.content
    for step in range(slots[0]):
        screen = term.prompt("A")
        screen = screen[screen.index("Europe in Turmoil · Turn") :]  # the first follows the intro
        lines = screen.rstrip("\n").split("\n")
        assert len(lines) + 1 <= 24 and max(len(line) for line in lines) <= 80, screen
        assert f"pick {step + 1} of {slots[0]}" in screen
        assert ("[priority]: lowest first" in screen and "✓" in screen) or "✗" in screen
        options = match.view("A")["decision"]["options"]
        first = content.mobilization[options[0]["id"]]
        assert f" 1 {first.name}" in screen and f"[{first.priority}]" in screen
        for name in picked:
            assert name in screen  # "yours: ..." (the seat's own sealed picks)
        term.send("1")  # the first card the list shows (the menu's number 1)
        match.play("A", f"mob {options[0]['id']}")
        picked.append(first.name)
    # the picks are done: the cards are revealed by priority; the screen shows how far it got
    after = term.prompt("A")
    after = after[after.index("Europe in Turmoil · Turn") :]
    lines = after.rstrip("\n").split("\n")
    assert len(lines) + 1 <= 24 and max(len(line) for line in lines) <= 80, after
    assert "Priority reached: " in after and "Sealed picks" not in after
    # each revealed card with its side, priority, name and outcome in words
    assert any(f"] {name} — " in after for name in picked), after
    assert "valid, done" in after or "not valid: no effect" in after
    term.interrupt()
    term.end()
