"""The balance report is right for every lineup: a seat with no wins or every win, a solo game
against the automaton, a mixed game of players and automaton seats (issue 18)."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.sim.play import GameJob, play_game
from realpolitik.sim.report import write_report
from realpolitik.sim.stats import error_bar, wilson

BANDS = {
    "overwhelming-defeat": "Overwhelming defeat",
    "minor-victory": "Minor victory",
}


def _result(i: int, **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "index": i,
        "game": "g",
        "seed": i,
        "seats": {"A": "random", "B": "heuristic"},
        "automata": {},
        "scores": {"A": 10, "B": 5},
        "winners": ["A"],
        "turns": 9,
        "facts": {},
        "first_player": "A",
        "actions": 100,
        "seconds": 0.1,
        "verdict": None,
    }
    return {**base, **fields}


@pytest.mark.parametrize("n", [1, 3, 7, 13, 40, 200, 401])
def test_wilson_interval_holds_the_rate_at_zero_and_every_win(n):
    for wins in (0, n):
        low, high = wilson(wins, n)
        assert low <= wins / n <= high
        below, above = error_bar(wins, n)
        assert below >= 0 and above >= 0
    assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0


def test_a_seat_that_wins_every_game_and_one_that_wins_none(tmp_path):
    results = [_result(i) for i in range(13)]
    report = write_report(results, tmp_path, "t")
    text = report.markdown.read_text()
    assert "| A | 13 | 100.0% [77.2, 100.0] | above fair share |" in text
    assert "| B | 0 | 0.0% [0.0, 22.8] | below fair share |" in text
    assert (tmp_path / "win_rates.png").stat().st_size > 1000


def test_solo_report_gives_the_verdict_bands_and_bonus(tmp_path):
    def solo(i: int, band: str, vp: int, bonus: int) -> dict[str, Any]:
        victory = band == "minor-victory"
        return _result(
            i,
            seats={"A": "heuristic"},
            automata={"B": "np", "C": "np"},
            scores={"A": vp - bonus},
            winners=["A"] if victory else [],
            first_player="B",
            verdict={"band": band, "name_en": BANDS[band], "vp": vp, "bonus": bonus},
        )

    results = [solo(0, "minor-victory", 90, 10), solo(1, "overwhelming-defeat", 60, 5)]
    results += [solo(2, "overwhelming-defeat", 50, 0), solo(3, "overwhelming-defeat", 70, 0)]
    text = write_report(results, tmp_path, "t").markdown.read_text()
    assert "Solo verdict: A against the automaton" in text
    assert "A victory band reached in 25.0% [4.6, 69.9] of 4 games" in text
    assert "| Overwhelming defeat | 3 | 75.0% [30.1, 95.4] | 60.0 |" in text
    assert "| Minor victory | 1 | 25.0% [4.6, 69.9] | 90.0 |" in text
    assert "End-of-game bonus: +10 in 1 games, +5 in 1 games; mean 3.75 VP." in text
    assert "lineup (4 games): A=heuristic, B=np (automaton), C=np (automaton)" in text
    # no fair share of one player, no margin without a second player, no automaton's row
    assert "Fair share" not in text and "fair share" not in text
    assert "Winning margin" not in text and "nan" not in text
    assert "| B |" not in text and "| C |" not in text
    assert "The automaton's seats went first in 4 of 4 games." in text


def test_mixed_report_counts_only_the_players(tmp_path):
    results = [
        _result(
            i,
            seats={"A": "random", "B": "random"},
            automata={"C": "np"},
            scores={"A": 10, "B": 4 + 4 * i, "C": 0},
            winners=["A"] if i < 2 else ["B"],
            first_player="C" if i else "A",
        )
        for i in range(3)
    ]
    text = write_report(results, tmp_path, "t").markdown.read_text()
    assert "Fair share 50.0% (2 players)" in text
    assert "| C |" not in text
    assert "Winning margin: mean 3.3 VP" in text  # 10-4, 10-8, 12-10
    assert "The automaton's seats went first in 2 of 3 games." in text
    assert "The first player of the first turn won 100.0% [20.7, 100.0] of 1 games" in text
    assert "C=np (automaton)" in text


def test_length_separates_sudden_endings_from_full_games(tmp_path):
    results = [
        _result(i, turns=7 + i % 3, facts={"sudden_end": "Sarajevo" if i % 3 < 2 else None}) for i in range(6)
    ]
    text = write_report(results, tmp_path, "t").markdown.read_text()
    assert "| ended in turn | games | share | Sarajevo | full game |" in text
    assert "| 7 | 2 | 33.3% | 2 | 0 |" in text and "| 9 | 2 | 33.3% | 0 | 2 |" in text
    assert "Ended by Sarajevo: 4 of 6 games" in text
    assert "| seat | games | mean | sd | min | median | max |" in text


def test_a_solo_game_line_names_the_automaton_and_carries_the_verdict():
    result = play_game(GameJob("la-belle-epoque", 3, ("random",) * 4, {"np": ["FR", "CE", "RU"]}))
    assert result["automata"] == {"FR": "np", "CE": "np", "RU": "np"}
    assert result["seats"] == {"GB": "random"}
    verdict = result["verdict"]
    assert verdict is not None and set(verdict) >= {"band", "name_en", "vp", "bonus"}
    assert verdict["vp"] == result["scores"]["GB"] + verdict["bonus"]
    assert result["facts"]["sudden_end"] in (None, "Sarajevo")


def test_a_fact_that_is_a_table_stays_out_of_the_summary(tmp_path):
    results = [
        _result(i, facts={"eti": 20 + i, "score_lines": {"A": {"total": 10}, "B": {"total": 5}}})
        for i in range(4)
    ]
    text = write_report(results, tmp_path, "t").markdown.read_text()
    assert "Eti: in 4 of 4 games" in text and "mean 21.50" in text
    assert "Score lines" not in text
