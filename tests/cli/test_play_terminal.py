"""``realpolitik play`` in a pseudo-terminal: setup, a turn with a dispute, bad input, undo, save,
quit, resume, Ctrl-C, and the hot-seat hand-over. The program is driven like a person would; a
:class:`~tests.cli.terminal.Mirror` plays the same game in-process to know what is legal."""

from __future__ import annotations

from pathlib import Path

from realpolitik.engine.record import load_record
from tests.cli.terminal import Mirror, Terminal, pass_or_first

SEED = 1


def test_a_turn_with_a_dispute_undo_save_quit_and_resume(tmp_path: Path) -> None:
    term = Terminal(GAME_ARG, "--seed", str(SEED), "--fast", "--seats", RANDOM, cwd=tmp_path)
    mirror = Mirror(SEED)

    # Setup: the bots place first (§3.3.1); the screen shows the board, the mats and GB's hand.
    assert mirror.bots_move() == "GB"
    screen = term.prompt("GB")
    assert "seed 1" in term.text and "GB human" in term.text and "FR bot:random" in term.text
    for shown in ("Europe", "Africa", "Asia", "Horn of Africa", "Powers", "Your hand — GB Great Britain"):
        assert shown in screen
    assert "Great Britain (GB): place a starting DM cube (§3.3)" in screen
    assert "Initial Setup §3.3" in screen

    # Bad input is explained and changes nothing.
    term.send("send atlantis")
    out = term.prompt("GB")
    assert "'send atlantis' is not legal" in out and "Nothing changed" in out and "§3.3" in out
    assert "Legal now: place" in out
    term.send("frobnicate")
    assert "'frobnicate' is not understood: unknown action" in term.prompt("GB")
    term.send("999")
    assert "no action number 999: choose 1 to" in term.prompt("GB")
    term.send("undo")
    assert "cannot undo: you have taken no action yet" in term.prompt("GB")
    term.send("help")
    assert "Initial Setup (§3.3)" in term.prompt("GB")

    # The Initial Setup, by menu number (one group: the menu is the legal list in order).
    seat = "GB"
    while mirror.view()["phase"] != "action":
        term.send("1")
        mirror.play(seat, mirror.legal(seat)[0])
        seat = mirror.next_seat()
        screen = term.prompt(seat)
    assert "Action Phase §8" in screen and "Turn 1/9" in screen

    # A dispute: GB's cube on another's (shown base/top), then undo, then again for real.
    target = next(a for a in mirror.legal("GB") if a.startswith("send") and "@" in a)
    territory, space = target.split()[1].split("@")
    term.send(target)
    mirror.play("GB", target)
    screen = " ".join(term.prompt("GB").split())
    name = mirror.match.state.content.territories[territory].name_en
    base = mirror.view()["territories"][territory]["spaces"][int(space) - 1]
    # The compact map marks the space "!" and names the dispute under the map: base/top.
    assert base.endswith("/GB") and f"Dispute {name} {space}: {base}" in screen
    term.send("undo")
    out = term.prompt("GB")
    assert f"undone: GB: {target}" in out
    assert f"Dispute {name} {space}:" not in " ".join(term.screen.split())
    mirror.match.undo("GB")
    term.send(target)
    mirror.play("GB", target)
    term.prompt("GB")
    buy = "buy 2 armies"
    term.send(buy)
    mirror.play("GB", buy)

    # Next round: GB resolves its dispute; the dispute panel and the commit menu show.
    seat = mirror.next_seat()
    assert seat == "GB"
    term.prompt("GB")
    resolve = f"resolve {territory}@{space}"
    assert resolve in mirror.legal("GB")
    term.send(resolve)
    mirror.play("GB", resolve)
    seat = mirror.next_seat()
    screen = term.prompt("GB")
    while mirror.view()["decision"]["kind"] == "commit":
        assert "Diplomatic Dispute §8.7" in screen and "commit units to the dispute" in screen
        commit = mirror.legal("GB")[-1]
        term.send(commit)
        mirror.play("GB", commit)
        seat = mirror.next_seat()
        screen = term.prompt("GB")
    assert "rolls" in screen and "§8.7" in screen

    # Play on to Turn 2 (passing), then save, quit (saving again) and check the files.
    while mirror.view()["turn"] == 1:
        move = pass_or_first(mirror.legal("GB"))
        term.send(move)
        mirror.play("GB", move)
        assert mirror.bots_move() == "GB"
        screen = term.prompt("GB")
    assert "Turn 2/9" in screen
    term.send("save mid.json")
    assert f"saved {len(mirror.match.moves)} actions to mid.json" in term.prompt("GB")
    term.send("quit")
    term.wait("File name (Enter: quit without saving): ")
    term.send("quit.json")
    assert term.end() == 0
    assert "Goodbye" in term.text
    for name in ("mid.json", "quit.json"):
        record = load_record(tmp_path / name)
        assert record.final_hash == mirror.match.hash()
        assert len(record.actions) == len(mirror.match.moves)

    # Resume from the file: the same position, then Ctrl-C autosaves before exiting.
    again = Terminal("--load", "quit.json", "--fast", "--autosave", "auto.json", cwd=tmp_path)
    screen = again.prompt("GB")
    assert f"resumed after {len(mirror.match.moves)} actions" in again.text
    assert "Turn 2/9" in screen
    again.interrupt()
    assert again.end() == 130
    assert f"the game is saved in {tmp_path / 'auto.json'}" in again.text.replace("\n", "")
    assert load_record(tmp_path / "auto.json").final_hash == mirror.match.hash()


def test_hot_seat_hands_over_between_people_and_hides_the_last_hand(tmp_path: Path) -> None:
    term = Terminal(
        GAME_ARG,
        "--seed",
        "2",
        "--fast",
        "--seats",
        "GB=human,FR=human,CE=bot:random,RU=bot:random",
        cwd=tmp_path,
    )
    mirror = Mirror(2, humans=("GB", "FR"))
    seat = mirror.next_seat()
    assert seat == "FR"  # §3.3.1: Russia places first, then France
    handover = term.wait("FR: press Enter when you are ready")
    assert "Hand-over: FR France plays next" in handover
    term.send("")
    assert "Your hand — FR France" in term.prompt("FR")
    for _ in range(2):  # France's two cubes of the round, then the bots, then GB
        move = mirror.legal("FR")[0]
        term.send(move)
        mirror.play("FR", move)
        seat = mirror.next_seat()
        if seat == "FR":
            term.prompt("FR")
    assert seat == "GB"
    term.wait("GB: press Enter when you are ready")
    on_screen = term.screen
    assert "Hand-over: GB Great Britain plays next" in on_screen
    assert "Your hand" not in on_screen, "the previous player's hand must be off the screen"
    term.send("")
    assert "Your hand — GB Great Britain" in term.prompt("GB")
    assert "Your hand — FR" not in term.screen
    term.send("quit")
    term.wait("File name (Enter: quit without saving): ")
    term.send("")
    assert term.end() == 0


def test_bot_moves_are_shown_one_by_one(tmp_path: Path) -> None:
    term = Terminal(GAME_ARG, "--seed", str(SEED), "--pace", "0.01", "--seats", RANDOM, cwd=tmp_path)
    mirror = Mirror(SEED)
    mirror.bots_move()
    out = term.prompt("GB")
    for move in mirror.match.moves:
        assert f"> {move.seat} {move.text}" in out
    assert "§3.3    RU places a DM cube in" in out
    term.interrupt()
    assert term.end() == 130


GAME_ARG = "la-belle-epoque"
RANDOM = "GB=human,FR=bot:random,CE=bot:random,RU=bot:random"
