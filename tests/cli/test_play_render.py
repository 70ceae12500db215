"""The La Belle Époque screen, drawn from views only: names in both languages, disputes as
base/top, a seat's own hand and never another's, and rules help for every action verb."""

from __future__ import annotations

import io
import random
from typing import Any

from rich.console import Console

from realpolitik.cli.render_base import GenericRenderer
from realpolitik.cli.render_base import make_renderer as renderer_for
from realpolitik.engine import Match, plugin
from realpolitik.games.belle_epoque.ui.terminal import BelleEpoqueRenderer
from tests.engine.double import PLUGIN as TALLY

LBE = plugin("la-belle-epoque")
GAME = LBE.game


def make_renderer(game: Any, options: Any, seats: Any, lang: str) -> Any:
    return renderer_for(plugin(game.id), options, lang)


def draw(renderer: object, view: dict[str, Any], seat: str | None) -> str:
    console = Console(file=io.StringIO(), width=140, record=True, color_system=None)
    console.print(renderer.screen(view, seat))  # type: ignore[attr-defined]
    return console.export_text()


def played_until(seed: int, stop) -> Match:
    match = Match(GAME, {}, seed)
    chooser = random.Random(seed)
    while match.to_act() and not stop(match):
        seat = match.to_act()[0]
        match.play(seat, chooser.choice(match.legal_actions(seat)))
    return match


def test_each_game_gets_its_renderer_and_others_the_generic_one():
    assert isinstance(make_renderer(GAME, {}, ("GB", "FR", "CE", "RU"), "en"), BelleEpoqueRenderer)
    assert isinstance(make_renderer(TALLY.game, TALLY.game.normalize_options({}), (), "en"), GenericRenderer)


def test_the_board_in_italian_and_in_english():
    match = Match(GAME, {}, 1)
    seat = match.to_act()[0]
    italian = draw(make_renderer(GAME, match.options, (), "it"), match.view(seat), seat)
    names = ("Europa", "Belgio", "Impero Ottomano", "Corno d'Africa", "Giappone", "Schieramento iniziale")
    for name in names:
        assert name in italian
    english = draw(make_renderer(GAME, match.options, (), "en"), match.view(seat), seat)
    for name in ("Europe", "Belgium", "Ottoman Empire", "Horn of Africa", "Japan", "Initial Setup"):
        assert name in english


def test_a_dispute_shows_base_and_top_and_the_dispute_panel():
    match = played_until(6, lambda m: "dispute" in m.view(None))
    view = match.view(None)
    dispute = view["dispute"]
    cell = view["territories"][dispute["territory"]]["spaces"][dispute["space"] - 1]
    assert "/" in cell
    text = draw(BelleEpoqueRenderer(match.state.content, 4, "en"), view, None)
    assert cell in text and "Diplomatic Dispute §8.7" in text and " attacks " in text


def test_a_seat_sees_its_own_hand_and_never_another_seats():
    match = played_until(3, lambda m: m.view(None)["turn"] == 3)
    seat = match.to_act()[0]
    renderer = BelleEpoqueRenderer(match.state.content, 4, "en")
    text = draw(renderer, match.view(seat), seat)
    mine = match.view(seat)["powers"][seat]["intrigue"]
    assert mine, "by Turn 3 every Power has drawn an Intrigue card (§7)"
    assert f"Your hand — {seat}" in text
    for card in mine:
        assert f"[{card}]" in text
    for other in GAME.seats(match.state):
        for card in match.view(other)["powers"][other]["intrigue"]:
            if other != seat and card not in mine:
                assert f"[{card}]" not in text
    spectator = draw(renderer, match.view(None), None)
    assert "Your hand" not in spectator


def test_help_explains_every_verb_and_decision():
    match = Match(GAME, {}, 1)
    renderer = make_renderer(GAME, match.options, (), "en")
    seat = match.to_act()[0]
    assert "§3.3" in renderer.help(match.view(seat), seat, None)
    for verb in ("place", "send", "buy", "great-work", "invest", "prestige", "play", "resolve", "commit"):
        assert "§" in renderer.help(match.view(seat), seat, verb), verb
    for verb in ("deploy", "sell", "pass", "end", "keep", "remove"):
        assert "§" in renderer.help(match.view(seat), seat, verb), verb
        assert "§" in renderer.verb_title(verb)
    assert "no help on 'fly'" in renderer.help(match.view(seat), seat, "fly")


def test_the_generic_screen_fits_a_small_terminal_and_shows_one_hand():
    """A game without a screen of its own (Tally): plain values on one line, per-seat values as one
    table, the seat's own hand and never another's."""
    options = TALLY.game.normalize_options({"wagers": True, "seats": 3})
    match = Match(TALLY.game, options, 3)
    renderer = make_renderer(TALLY.game, options, (), "en")
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    console.print(renderer.screen(match.view("N"), "N"))
    text = console.export_text()
    assert len(text.splitlines()) <= 8, text
    assert "scores" in text and "hand sizes" in text and "E East" in text
    assert f"Your hand: {', '.join(map(str, match.state.hands['N']))}" in text
    for other in ("S", "E"):
        assert ", ".join(map(str, match.state.hands[other])) not in text
