"""Victory Points (10.3), Tension and the Franz Ferdinand cap (8.1), the Great War Status track and
the Crisis roll (8.2, 8.3)."""

from __future__ import annotations

from ....engine import LogEntry
from .board import controller
from .state import State

Log = list[LogEntry] | None

TEL, FRA = "three-emperor-league", "franco-russian-alliance"


def note(
    log: Log, text: str, rule: str, seat: str | None = None, visible_to: tuple[str, ...] | None = None
) -> None:
    if log is not None:
        log.append(LogEntry(text, rule, seat, visible_to))


def gain_vp(state: State, seat: str, n: int, log: Log, *, why: str, rule: str) -> None:
    """10.3.2: VP move the marker toward the side that gains them (positive = Liberal)."""
    if n == 0:
        return
    limit = state.content.vp_victory
    state.vp = max(-limit, min(limit, state.vp + (n if seat == "L" else -n)))
    note(log, f"{seat} {'gains' if n > 0 else 'loses'} {abs(n)} VP ({why}); VP {state.vp:+d}", rule, seat)


def ff_active(state: State) -> bool:
    """8.1.2: Franz Ferdinand in effect and both Vienna and Budapest Authoritarian-controlled."""
    return (
        "franz-ferdinand" in state.in_effect
        and controller(state, "vienna") == "A"
        and controller(state, "budapest") == "A"
    )


def tension_cap(state: State) -> int:
    """8.1.2 and 15.0: 6; while Franz Ferdinand is active, 3 or the lowest tension reached since
    it became active, whichever is higher (the ratchet)."""
    if not ff_active(state):
        return state.content.tension_max
    low = state.tension if state.ff_low is None else state.ff_low
    return max(state.content.ff_cap, min(low, state.content.tension_max))


def change_tension(state: State, n: int, blamed: str, log: Log) -> None:
    """8.1.2 and 15.0: points beyond 0 or the cap become VP for the side whose event moved it
    (``blamed``: the event's ideology, the card player for a neutral event)."""
    if not ff_active(state):
        state.ff_low = None
    elif state.ff_low is None:
        state.ff_low = state.tension
    cap = tension_cap(state)
    target = state.tension + n
    if target > cap:
        over = target - max(cap, state.tension)
        state.tension = max(cap, state.tension)
        gain_vp(state, blamed, -over, log, why="tension above its maximum", rule="§8.1.2")
    elif target < 0:
        gain_vp(state, blamed, -target, log, why="tension below 0", rule="§8.1.2")
        state.tension = 0
    else:
        state.tension = target
    if state.ff_low is not None:
        state.ff_low = min(state.ff_low, state.tension)
    note(log, f"tension {state.tension}", "§8.1")


def gw_status(state: State) -> int:
    """8.2.4: the value of the leftmost open position (0 when the track is full), -2 while the
    Three Emperor League is unflipped, plus the markers' crisis modifiers (the Balkan War +1)."""
    track = state.content.gw_track
    value = track[len(state.gw_track)] if len(state.gw_track) < len(track) else 0
    if not state.tel_flipped:
        value -= 2
    value += sum(state.content.markers[m].crisis for m in state.gw_track if m in state.content.markers)
    return value


def place_on_track(state: State, marker: str) -> None:
    """8.2.3: a new War Status marker goes in the leftmost open position."""
    if marker == FRA:
        state.tel_flipped = True  # 8.2.4: the Three Emperor League marker turns to its other side
        state.gw_track = [FRA if m == TEL else m for m in state.gw_track]
        return
    if marker not in state.gw_track and len(state.gw_track) < len(state.content.gw_track):
        state.gw_track.append(marker)


def crisis_total(state: State, die: int) -> int:
    """8.3.1: d6 + tension + the Great War Status modifier."""
    return die + state.tension + gw_status(state)
