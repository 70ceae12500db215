"""Pax Britannica's own terminal screen: drawn from a seat's view only (another seat's secret
treaty or secret offer never shows), a heading and a help text for every verb and decision, the
compact screen fitting 100x40 and 80x24 at 4 and 7 players, the details listing every Area, and a
real game in a pseudo-terminal against bots (moves, help, undo, details, save)."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from realpolitik.cli.play import Tall
from realpolitik.engine import Match
from realpolitik.engine.record import load_record
from realpolitik.games.pax_britannica import GAME, PLUGIN
from realpolitik.games.pax_britannica.rules import actions
from realpolitik.games.pax_britannica.rules.board import set_marker
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance
from realpolitik.games.pax_britannica.ui.help import DECISIONS as DECISION_LINES
from realpolitik.games.pax_britannica.ui.help import KIND_TOPIC, PHASES, TOPICS, VERBS
from realpolitik.games.pax_britannica.ui.terminal import REGIONS, PaxBritannicaRenderer, treaty_text
from tests.pax_britannica.support import clear_area


def renderer(options: dict[str, Any], lang: str = "en") -> PaxBritannicaRenderer:
    assert PLUGIN.terminal is not None
    made = PLUGIN.terminal.renderer(GAME.normalize_options(options), lang)
    assert isinstance(made, PaxBritannicaRenderer)
    return made


def draw(view: dict[str, Any], options: dict[str, Any], seat: str | None, width: int, height: int = 0) -> str:
    """The screen as plain text: the compact one on a ``width``x``height`` terminal, everything
    (``details``) when ``height`` is 0."""
    console = Console(file=io.StringIO(), width=width, height=height or 40, record=True, color_system=None)
    screen = renderer(options).screen(view, seat)
    console.print(screen if height else Tall(screen))
    return console.export_text()


def positions(players: int, seed: int, every: int) -> Iterator[Match]:
    """A random game (two turns, so wars and Congresses come early enough), every few actions."""
    match = Match(GAME, {"players": players}, seed)
    chooser = random.Random(seed)
    n = 0
    while match.to_act():
        if n % every == 0:
            yield match
        seat = match.to_act()[0]
        match.play(seat, chooser.choice(match.legal_actions(seat)))
        n += 1
    yield match


def test_the_plugin_declares_its_own_screen() -> None:
    r = renderer({"players": 5})
    assert r.players() == [("GB",), ("FR",), ("DE",), ("US",), ("JP",)]
    assert r.seat_name("GB") == "Great Britain" and r.seat_label("FR").plain == "FR"
    assert renderer({}, "it").seat_name("DE") == "Germania"
    # Every Area of the map is in exactly one region of the screen.
    listed = [a for _, _, areas in REGIONS for a in areas]
    assert sorted(listed) == sorted(GAME.setup({}, 1).content.area_ids)


def test_the_plugin_loads_without_rich() -> None:
    """The screen (and rich) is imported only when a terminal asks for it: bots, simulations and
    the server load the plug-in headless."""
    code = (
        "import sys; from realpolitik.engine import plugin; plugin('pax-britannica'); "
        "assert not [m for m in sys.modules if m == 'rich' or m.startswith('rich.')]"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(("rows", "columns"), [(40, 100), (24, 80)])
@pytest.mark.parametrize("players", [4, 7])
def test_the_compact_screen_fits(rows: int, columns: int, players: int) -> None:
    drawn = 0
    # Random games until nine screens are drawn (a game ended early by the Great War draws few).
    for match in (
        m for seed in range(10 + players, 30 + players) for m in positions(players, seed, every=37)
    ):
        if drawn > 8:
            break
        acting = match.to_act()
        seat = acting[0] if acting else None
        view = match.view(seat)
        text = draw(view, match.options, seat, columns, rows)
        lines = text.rstrip("\n").split("\n")
        # The decision, the menu (two lines at least), the hint and the input line follow.
        assert len(lines) + 5 <= rows, "\n".join(lines)
        assert max(len(line) for line in lines) <= columns, text
        assert f"Turn {view['turn']}/10 · {view['year']}" in lines[0]
        assert lines[1].startswith("ETI ") and " CRI " in lines[1]
        if seat is not None:
            assert seat in lines[0] and "decide" in lines[0]
            assert f"{renderer({}).seat_name(seat)} (you)" in text  # the own Power's line
            decision = renderer(match.options).decision(view, seat)
            assert decision.startswith(f"{renderer({}).seat_name(seat)} ({seat})") and "(L" in decision
        if columns == 100:
            # At 100x40 every Area with a marker is named (each region's Areas packed).
            shown = [a for a in view["markers"] if len(renderer({}).area_name(a)) <= 12]
            assert all(renderer({}).area_name(a) in text for a in shown), text
        drawn += 1
    assert drawn > 8


@pytest.mark.parametrize(("rows", "columns"), [(70, 120), (40, 100), (24, 80)])
def test_a_crowded_board_still_fits_with_the_own_areas_first(rows: int, columns: int) -> None:
    """Markers of two or three Powers in most Areas and units at sea (a war): the map gives way
    region by region (at most a few lines each, then counts) and the header stays."""
    match = Match(GAME, {"players": 7}, 5)
    view = match.view("GB")
    chooser = random.Random(1)
    for area in match.state.content.area_ids:
        if chooser.random() < 0.8:
            held = view["markers"].setdefault(area, {})
            for power in chooser.sample(["GB", "FR", "DE", "AH", "US", "JP", "RU", "IT"], 3):
                held[power] = {"level": chooser.choice(["interest", "possession"]), "established": True}
    view["units"]["GB"]["sea:north-atlantic"] = ["N10", "A3"]
    text = draw(view, match.options, "GB", columns, rows)
    lines = text.rstrip("\n").split("\n")
    assert len(lines) + 5 <= rows and max(len(line) for line in lines) <= columns, text
    assert lines[0].endswith("GB Great Britain to decide") and lines[1].startswith("ETI ")
    assert "At sea    North Atlantic GB/a3n10" in text
    if columns == 120:  # a tall terminal: every Area named, the header still on top
        assert "more" not in text and "Markers by region" not in text
        assert all(renderer({}).area_name(a)[:10] in text for a in view["markers"])
    elif columns == 100:
        assert "more" in text  # some Areas counted, not named
        for short in ("Near East", "N.Africa", "China", "S.America"):
            line = next(line for line in lines if line.startswith(short))
            # The region's first Area named is one where Great Britain holds a marker.
            assert " GB:" in line.split(" · ")[0], line
    else:
        assert "Markers by region" in text


def test_the_details_show_every_area_power_and_record() -> None:
    # The first random game (from seed 3) that reaches turn 2: one may end earlier (the Great War).
    match = next(
        m for seed in range(3, 40) for m in positions(7, seed, every=200) if m.view(None)["turn"] >= 2
    )
    view = match.view("IT")
    text = draw(view, match.options, "IT", 100)
    r = renderer(match.options)
    for area, held in view["markers"].items():
        line = next(line for line in text.split("\n") if line.startswith(f"  {r.area_name(area)} ("))
        for power, marker in held.items():
            assert f"{power} {marker['level'].capitalize()}" in line, line
    for power in view["great_powers"]:
        if power in view["record"]:
            assert f"income {view['record'][power]['income']} (Colonial Office" in text
    assert "Seas: Merchant Fleets" in text and "Treaties (L812-845)" in text


def test_every_decision_and_verb_has_help_and_a_heading() -> None:
    for kind in DECISIONS.handlers:
        assert kind in DECISION_LINES and "(L" in DECISION_LINES[kind], kind
        assert kind in PHASES, kind
        assert "(L" in TOPICS[KIND_TOPIC.get(kind, kind)], kind
    for verb in actions.VERBS:
        assert verb in VERBS and VERBS[verb] != verb, verb
        assert verb in TOPICS and "(L" in TOPICS[verb], verb
    r = renderer({"players": 4})
    kinds: set[str] = set()
    for seed in range(3, 60):  # random games until a Congress has voted and a war been fought
        for match in positions(4, seed, every=1):
            if not match.to_act():
                break
            seat = match.to_act()[0]
            view = match.view(seat)
            kinds.add(view["phase"])
            r.screen(view, seat)
            for text in match.legal_notations(seat):
                assert r.verb_title(text.split()[0]) != text.split()[0]
            assert "(L" in r.help(view, seat, None) and "(L" in r.decision(view, seat)
        if {"maneuver", "vote"} <= kinds:
            break
    assert {"movement", "offer", "declare", "call", "vote", "maneuver"} <= kinds
    assert r.help({}, "GB", "nonsense").startswith("no help")
    assert "L547" in r.help({}, "GB", "place")


def _congress_over_gabon(players: int) -> Any:
    """France's Influence under a Belgian Protectorate in Gabon: France's Casus Belli (L482-485)."""
    state = GAME.setup({"players": players}, 1)
    clear_area(state, "gabon")
    set_marker(state, "gabon", "FR", "influence", True)
    set_marker(state, "gabon", "BE", "protectorate", True)
    state.units["BE"]["gabon"] = ["A1"]
    state.cbs = [["FR", "BE", "protectorate in gabon"]]
    state.flow.clear()
    state.phase = "negotiation"
    advance(state, None)
    return state


@pytest.mark.parametrize(("rows", "columns"), [(40, 100), (24, 80)])
def test_the_congress_is_told_in_words_and_votes_stay_sealed(rows: int, columns: int) -> None:
    state = _congress_over_gabon(7)
    options = GAME.normalize_options({"players": 7})
    text = draw(GAME.view(state, "FR"), options, "FR", columns, rows)
    assert "Casus Belli: FR against BE (protectorate in Gabon)" in text
    assert "Congress of Europe" in text and "calling" in text
    for seat, line in (("FR", "congress call"), ("GB", "propose codominion"), ("DE", "vote no")):
        DECISIONS.apply(state, state.flow, seat, GAME.parse_action(line), None)
    mine = draw(GAME.view(state, "DE"), options, "DE", columns, rows)
    theirs = draw(GAME.view(state, "GB"), options, "GB", columns, rows)
    assert "proposal: codominion" in theirs and "voting, answered: DE" in theirs
    assert "yours: no" in mine and "yours:" not in theirs  # a sealed vote shows to its voter only
    for out in (mine, theirs):
        lines = out.rstrip("\n").split("\n")
        assert len(lines) + 5 <= rows and max(len(line) for line in lines) <= columns


@pytest.mark.parametrize(("rows", "columns"), [(40, 100), (24, 80)])
def test_a_grievance_before_the_congress_is_told_in_words(rows: int, columns: int) -> None:
    # a Casus Belli naming no Area taken to the Congress (rules/congress.py, L846-848, L505-506)
    state = GAME.setup({"players": 7}, 1)
    state.cbs = [["US", "ES", "random event"]]
    state.flow.clear()
    state.phase = "negotiation"
    advance(state, None)
    options = GAME.normalize_options({"players": 7})
    for seat, line in (("US", "congress call"), ("GB", "propose redress cede cuba")):
        DECISIONS.apply(state, state.flow, seat, GAME.parse_action(line), None)
    text = draw(GAME.view(state, "US"), options, "US", columns, rows)
    assert "US's Casus Belli against ES" in text and "proposal: redress cede cuba" in text
    lines = text.rstrip("\n").split("\n")
    assert len(lines) + 5 <= rows and max(len(line) for line in lines) <= columns


def test_a_dispute_is_told_in_words_and_its_answers_stay_sealed() -> None:
    state = GAME.setup({"players": 4}, 1)
    clear_area(state, "gabon")
    for power in ("GB", "FR"):
        set_marker(state, "gabon", power, "protectorate", True)
        state.units[power]["gabon"] = ["A1"]
    state.cbs = [["FR", "GB", "control in gabon"], ["GB", "FR", "control in gabon"]]  # L727-729
    state.flow.clear()
    state.phase = "adjustment"
    advance(state, None)
    GAME.apply(state, "GB", GAME.parse_action("settle hold"))
    options = GAME.normalize_options({"players": 4})
    r = renderer(options)
    for seat, mine in (("GB", True), ("FR", False)):
        view = GAME.view(state, seat)
        text = draw(view, options, seat, 80, 24)
        assert "Dispute over Gabon (GB, FR)" in text and "answered: GB" in text
        assert ("yours: hold" in text) == mine  # GB's answer is sealed from France (L784-811)
        assert "hold" not in text.replace("share, yield or hold", "") or mine
    assert r.decision(GAME.view(state, "FR"), "FR").startswith("France (FR): Gabon: several Powers")
    assert "share (a codominion" in r.help(GAME.view(state, "FR"), "FR", None)


def test_no_other_seats_secret_treaty_or_offer_appears() -> None:
    treaties = offers = 0
    for seed in range(1, 40):
        for match in positions(7, seed, every=13):
            state = match.state
            top = state.flow.top()
            secret_offer = top is not None and top.kind == "offer" and bool(top.data.get("secret"))
            if not state.secret_treaties and not secret_offer:
                continue
            for seat in state.seats:
                text = " ".join(draw(match.view(seat), match.options, seat, 200).split())
                for treaty in state.secret_treaties:
                    signer = seat in {state.player_of[p] for p in treaty[1:3]}
                    assert (f"{treaty_text(treaty)} (secret)" in text) == signer, (seat, treaty)
                    assert signer or treaty_text(treaty) not in text
                    treaties += 1
                if secret_offer and top is not None:
                    party = seat in {state.player_of[str(top.data[k])] for k in ("from", "to")}
                    assert ("(its terms are hidden)" in text) != party, (seat, top.data)
                    offers += 1
        if treaties > 20 and offers > 5:
            break
    assert treaties > 20 and offers > 5


def test_the_verdict_gives_the_final_record_and_the_great_war() -> None:
    seen: set[bool] = set()
    for seed in range(2, 14):  # random games until one ran its course and one ended in the Great War
        match = list(positions(4, seed, every=10_000))[-1]
        outcome = match.outcome()
        assert outcome is not None
        verdict = renderer({}).verdict(outcome)
        assert verdict is not None
        for power, line in outcome.details["lines"].items():
            assert f"{power} {line['accumulated']} accumulated" in verdict.plain
            assert f"− {-line['great_war']} Great War = {line['total']} VP" in verdict.plain
        great_war = bool(outcome.details["great_war"])
        assert ("The Great War ended the game" in verdict.plain) == great_war
        for blamed in outcome.details["blame"]:
            assert blamed in verdict.plain.split("triple penalty): ")[1]
        seen.add(great_war)
        if seen == {True, False}:
            break
    assert seen == {True, False}


@pytest.mark.parametrize(("rows", "columns", "players"), [(24, 80, 4), (40, 100, 7)])
def test_a_game_in_the_terminal_against_bots(tmp_path: Path, rows: int, columns: int, players: int) -> None:
    terminal = pytest.importorskip("tests.cli.terminal")
    seed = 6
    others = ("FR", "DE", "US", "JP", "RU", "IT")[: players - 1]
    seats = ",".join(["GB=human", *(f"{s}=bot:random" for s in others)])
    term = terminal.Terminal(
        "pax-britannica",
        "--seed",
        str(seed),
        "--players",
        str(players),
        "--fast",
        "--seats",
        seats,
        cwd=tmp_path,
        size=(rows, columns),
    )
    mirror = terminal.Mirror(seed, humans=("GB",), match=Match(GAME, {"players": players}, seed))

    def check(screen: str) -> None:
        lines = screen.rstrip("\n").split("\n")
        assert len(lines) + 1 <= rows and max(len(line) for line in lines) <= columns, screen
        assert "Turn " in lines[0] and "decide" in lines[0]  # the header
        assert "Great Britain (GB): " in screen  # the decision line
        assert "ETI " in screen and "CRI " in screen

    term.prompt(mirror.next_seat())
    check(term.screen)
    # A move typed as its notation, then taken back.
    move = next(m for m in mirror.legal("GB") if m.startswith("buy army"))
    term.send(move)
    mirror.play("GB", move)
    term.prompt(mirror.next_seat())
    check(term.screen)
    term.send("undo")
    term.prompt("GB")
    mirror.match.undo("GB")
    assert f"undone: GB: {move}" in term.screen
    check(term.screen)
    # The rule for the decision, and a topic.
    term.send("help")
    assert "Movement/Status Change (L533-702)" in " ".join(term.prompt("GB").split())
    term.send("help congress")
    assert "Congress of Europe (L846-903)" in " ".join(term.prompt("GB").split())
    term.send("details")
    details = term.prompt("GB")
    assert "Areas by region" in details and "Seas: Merchant Fleets" in details
    # A few decisions by menu number or notation, then save.
    for _ in range(3):
        seat = mirror.next_seat()
        legal = mirror.legal(seat)
        fallback = "done" if "done" in legal else legal[0]
        move = next((m for m in legal if m.startswith("place interest")), fallback)
        term.send(move)
        mirror.play(seat, move)
        term.prompt(mirror.next_seat())
        check(term.screen)
    term.send("save game.json")
    term.prompt("GB")
    assert "saved" in term.text
    record = load_record(tmp_path / "game.json")
    assert record.game == "pax-britannica" and len(record.actions) == len(mirror.match.moves)
    term.interrupt()
    assert term.end() == 130
