"""Issue 19's wrong or unclear texts: each as a person reads it in the terminal (and in the log every
screen shows)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from realpolitik.engine import Match, plugin
from realpolitik.games.belle_epoque.ui.terminal import BelleEpoqueRenderer

LBE = plugin("la-belle-epoque")
DOCS = Path(__file__).resolve().parents[2] / "docs"


def _log_of_random_games(seeds: range) -> list[str]:
    lines: list[str] = []
    for seed in seeds:
        match = Match(LBE.game, {}, seed)
        chooser = random.Random(seed)
        while match.to_act():
            seat = match.to_act()[0]
            match.play(seat, chooser.choice(match.legal_actions(seat)))
        lines += [entry.text for entry in match.log]
    return lines


def test_log_lines_read_as_sentences() -> None:
    lines = _log_of_random_games(range(4))
    buys = [line for line in lines if " buys " in line]
    assert buys
    assert not [line for line in buys if re.search(r"\b0 (armies|fleets)|\b1 (armies|fleets)\b", line)], buys
    chooses = [line for line in lines if " chooses " in line]
    assert not [line for line in chooses if re.search(r"chooses (gb|fr|ce|ru)\b", line)], chooses
    assert not [line for line in lines if re.search(r"fleet:(europe|africa|asia|arsenal)", line)]
    wins = [line for line in lines if re.match(r"^(GB|FR|CE|RU|[a-z-]+) wins", line)]
    assert wins and all("wins the dispute" in line for line in wins), wins


def _renderer() -> BelleEpoqueRenderer:
    match = Match(LBE.game, {}, 1)
    return BelleEpoqueRenderer(match.state.content, 4, "en")


def test_a_cards_placement_is_not_headed_as_the_initial_setup() -> None:
    renderer = _renderer()
    renderer.screen({"decision": {"kind": "card", "seat": "GB"}}, None)
    assert "starting" not in renderer.verb_title("place") and "§8.6.2" in renderer.verb_title("place")
    renderer.screen({"decision": {"kind": "place", "seat": "GB"}}, None)
    assert "§3.3" in renderer.verb_title("place")


def test_the_solo_prompt_before_np_disputes_says_what_it_asks() -> None:
    renderer = _renderer()
    view = {"decision": {"kind": "phase-e-card", "seat": "GB"}}
    renderer.screen(view, None)
    prompt = renderer.decision(view, "GB")
    assert "Empire of the Seas" in prompt and "§13.4.7" in prompt
    assert "Keep the card" in renderer.verb_title("end")


def test_card_names_and_texts_carry_no_notes_to_the_contents_readers() -> None:
    renderer = _renderer()
    assert renderer.card_name("france-own-card") == "France's own National card"
    italian = BelleEpoqueRenderer(renderer.content, 4, "it")
    assert "sconosciuto" not in italian.card_name("france-own-card")
    board = LBE.web.board({}) if LBE.web is not None else {}
    assert "esempio italiano" not in str(board) and "name unknown" not in str(board)


def test_the_docs_quote_a_band_of_the_solo_table() -> None:
    text = (DOCS / "terminal.md").read_text(encoding="utf-8")
    assert "Marginal victory" not in text  # §13.10 has Minor, Significant and Overwhelming victories


def test_a_purchase_and_a_cards_choice_read_as_words() -> None:
    """The log texts of §8.1 purchases and §8.6 card choices, driven directly (random games may
    never buy 0 armies and 1 fleet, or choose a Power as a card's target)."""
    from realpolitik.engine import LogEntry
    from realpolitik.games.belle_epoque.rules import action_phase
    from realpolitik.games.belle_epoque.rules.cards import play

    match = Match(LBE.game, {}, 1)
    state = match.state
    state.powers["GB"].money = 50
    log: list[LogEntry] = []
    action_phase._buy(state, "GB", 0, 1, log)
    action_phase._buy(state, "GB", 2, 0, log)
    assert [e.text for e in log] == [
        f"GB buys 1 fleet for £{state.content.powers['GB'].fleet_cost}",
        f"GB buys 2 armies for £{2 * state.content.powers['GB'].army_cost}",
    ]
    assert play._choice_words(state, "ru") == "RU as the target"
    assert play._choice_words(state, "china") == "China"
    assert play._choice_words(state, "fleet:europe") == "a fleet in the Europe fleet box"
