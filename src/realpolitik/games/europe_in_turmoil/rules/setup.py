"""Setting up a game: the standard setup (3.0) or the Edwardian Era scenario (14.0)."""

from __future__ import annotations

from ....engine import LogEntry, Rng, heading
from ..content import Content
from .driver import begin_turn, drive, era_cards
from .naval import box_id
from .state import Readings, State, index
from .tracks import note

Log = list[LogEntry] | None


def fresh(content: Content, readings_options: dict[str, object], seed: int) -> State:
    state = State(content, Readings(dict(readings_options)), Rng.from_seed(seed))
    for seat in ("A", "L"):
        state.stab_avail[seat] = [s for s, c in content.stability.items() if c.side == seat]
    return state


def standard(state: State, log: Log) -> None:
    """3.1-3.5: the Victorian deck, 8 cards each, fixed SP, the discretionary SP, markers."""
    content = state.content
    for seat, placed in content.standard_setup.items():
        for space, n in placed.items():
            state.sp[space][index(seat)] += n
    if state.readings.switzerland:
        state.sp["switzerland"][index("L")] += state.readings.switzerland  # 3.2/3.3 balance option
    state.deck = era_cards(state, "victorian")
    state.rng.shuffle(state.deck)
    begin_turn(state, log)
    heading(log, "Set-up", "§3.0", 2)
    for seat in ("A", "L"):
        state.tasks.append({"t": "ask", "kind": "setup-reveal", "seat": seat, "data": {}, "if_scoring": True})
    for seat, n in content.discretionary:
        state.tasks.append({"t": "setup-step", "seat": seat, "n": n})
    note(log, "standard setup: Victorian deck, 8 cards each", "§3.0")


def edwardian(state: State, log: Log) -> None:
    """14.1-14.7: turn 4, VP -4, tension 2, both navies on Bellerophon, the listed decks."""
    data = state.content.edwardian
    state.turn = data["turn"]
    state.vp = data["vp"]
    state.tension = data["tension"]
    for seat, placed in data["sp"].items():
        for space, n in placed.items():
            state.sp[space][index(seat)] += n
    used = set(data["removed"]) | set(data["discard"]) | set(data["in_effect"])
    state.removed = list(data["removed"])
    state.discard = list(data["discard"])
    state.in_effect = dict(data["in_effect"])
    state.played_events = [*data["removed"], *data["in_effect"]]
    state.deck = [c for c in era_cards(state, "edwardian") if c not in used] + list(data["victorian_in_deck"])
    state.rng.shuffle(state.deck)
    state.gw_track = ["franco-russian-alliance"]
    state.tel_flipped = True
    state.markers = ["admiral-fisher", *data["markers"]]
    for seat, box in data["navy"].items():
        state.navy[seat] = state.content.naval_index[box]
    for i in range(1, max(state.navy.values()) + 1):
        state.reached[box_id(state, i)] = ["L", "A"]  # both navies passed these boxes before 1905
    for seat, cards in data["stability_unavailable"].items():
        state.stab_avail[seat] = [s for s in state.stab_avail[seat] if s not in cards]
    begin_turn(state, log)
    note(log, "Edwardian Era scenario: turn 4", "§14.0")


def setup(content: Content, options: dict[str, object], seed: int, log: Log) -> State:
    state = fresh(content, options, seed)
    if state.readings.scenario == "edwardian":
        edwardian(state, log)
    else:
        standard(state, log)
    drive(state, log)
    return state
