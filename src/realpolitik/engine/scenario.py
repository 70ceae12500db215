"""Scenario files: a position, actions with scripted dice, and expectations, in TOML.

They are the language the rulebook's worked examples are written in (see ``docs/scenarios.md``)::

    game = "la-belle-epoque"
    title = "A dispute in French Guinea"
    source = "§8.7 example"

    [position]            # the game's own words; anything not given keeps its set-up value
    ...

    [[step]]
    seat = "GB"
    do = "resolve french-guinea@2"
    dice = [4, 2]          # the rolls this action makes, in order
    expect = { "powers.GB.money" = 0 }

    [[step]]
    do = "send japan"
    refused = "fleet"      # the action must be refused with a reason containing this text
    rule = "§8.2.1"

A step may act (``do`` or ``undo``) and then check (``expect``, ``legal``, ``illegal``, ``to_act``,
``log``, ``outcome``). Every check is reported as passed or failed; a step whose action fails
unexpectedly ends the scenario, since what follows would be meaningless.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalAction, RealpolitikError, ScenarioError, UndoRefused
from .game import JSON, Seat
from .match import Match
from .registry import get_game

_TOP_KEYS = {"game", "title", "source", "seed", "options", "position", "dice", "step", "note"}
_STEP_KEYS = {
    "seat",
    "do",
    "dice",
    "refused",
    "rule",
    "undo",
    "view",
    "expect",
    "null",
    "legal",
    "illegal",
    "to_act",
    "log",
    "outcome",
    "note",
}


@dataclass(frozen=True, slots=True)
class Check:
    """One expectation of a scenario and whether it held."""

    step: int
    """1-based step number in the file."""
    what: str
    ok: bool
    detail: str = ""


@dataclass(slots=True)
class ScenarioResult:
    path: str
    title: str
    source: str
    checks: list[Check] = field(default_factory=list)
    error: str | None = None
    """Set when the scenario could not run to the end (malformed file, unexpected refusal)."""

    @property
    def passed(self) -> bool:
        return self.error is None and all(check.ok for check in self.checks)

    @property
    def failures(self) -> list[Check]:
        return [check for check in self.checks if not check.ok]


@dataclass(frozen=True, slots=True)
class Scenario:
    """A parsed scenario file."""

    path: str
    game: str
    title: str
    source: str
    seed: int
    options: Mapping[str, JSON]
    position: Mapping[str, JSON]
    dice: tuple[int, ...]
    """Dice rolled by the automatic steps that follow the position (events, ...)."""
    steps: tuple[Mapping[str, JSON], ...]


def load_scenario(path: str | Path) -> Scenario:
    """Parse a scenario file; :class:`ScenarioError` names the file and the key at fault."""
    name = str(path)
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise ScenarioError(f"{name}: cannot read: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"{name}: not valid TOML: {error}") from None
    return parse_scenario(data, name)


def parse_scenario(data: Mapping[str, Any], name: str = "<scenario>") -> Scenario:
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise ScenarioError(
            f"{name}: unknown key(s) {', '.join(unknown)} (allowed: {', '.join(sorted(_TOP_KEYS))})"
        )
    game = _typed(data, "game", str, name)
    title = _typed(data, "title", str, name, default="")
    source = _typed(data, "source", str, name, default="")
    seed = _typed(data, "seed", int, name, default=0)
    options = _typed(data, "options", dict, name, default={})
    position = _typed(data, "position", dict, name, default={})
    steps = _typed(data, "step", list, name, default=[])
    dice = _typed(data, "dice", list, name, default=[])
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in dice):
        raise ScenarioError(f"{name}: 'dice' must be a list of integers, e.g. dice = [5]")
    for number, step in enumerate(steps, 1):
        where = f"{name}: step {number}"
        if not isinstance(step, dict):
            raise ScenarioError(f"{where}: each [[step]] must be a table")
        bad = sorted(set(step) - _STEP_KEYS)
        if bad:
            raise ScenarioError(
                f"{where}: unknown key(s) {', '.join(bad)} (allowed: {', '.join(sorted(_STEP_KEYS))})"
            )
        if not set(step) - {"note", "seat", "view"}:
            raise ScenarioError(f"{where}: the step neither acts nor checks anything")
        if "do" in step and "undo" in step:
            raise ScenarioError(f"{where}: a step either does an action or undoes one, not both")
        for key in ("dice", "refused", "rule"):
            if key in step and "do" not in step and not (key == "refused" and "undo" in step):
                raise ScenarioError(f"{where}: {key!r} needs a 'do' action in the same step")
        if "dice" in step and (
            not isinstance(step["dice"], list) or not all(isinstance(d, int) for d in step["dice"])
        ):
            raise ScenarioError(f"{where}: 'dice' must be a list of integers, e.g. dice = [4, 2]")
        if "null" in step and not isinstance(step["null"], list):
            raise ScenarioError(f"{where}: 'null' must be a list of view paths")
        if "expect" in step and not isinstance(step["expect"], dict):
            raise ScenarioError(f"{where}: 'expect' must be a table of view paths and values")
        if "illegal" in step and not isinstance(step["illegal"], list | dict):
            raise ScenarioError(f"{where}: 'illegal' must be a list of actions or a table action = reason")
    return Scenario(name, game, title, source, seed, options, position, tuple(dice), tuple(steps))


def _typed(data: Mapping[str, Any], key: str, kind: type, name: str, default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise ScenarioError(f"{name}: missing key {key!r}")
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ScenarioError(f"{name}: {key!r} must be a {kind.__name__}, got {type(value).__name__}")
    return value


def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Run a scenario and collect every check."""
    result = ScenarioResult(scenario.path, scenario.title, scenario.source)
    try:
        game = get_game(scenario.game)
        match = Match(game, scenario.options, scenario.seed)
        if scenario.dice:
            game.rng(match.state).script_dice(scenario.dice)
        game.set_position(match.state, scenario.position, match.log)
        left = game.rng(match.state).end_script()
    except RealpolitikError as error:
        result.error = f"cannot set up the position: {error}"
        return result
    if left:
        result.error = f"the position's automatic steps did not roll the scripted dice {left}"
        return result
    for number, step in enumerate(scenario.steps, 1):
        if not _run_step(match, number, step, result):
            break
    return result


def check_file(path: str | Path) -> ScenarioResult:
    """Load and run one scenario file; a malformed file is reported, not raised."""
    try:
        scenario = load_scenario(path)
    except ScenarioError as error:
        return ScenarioResult(str(path), "", "", error=str(error))
    return run_scenario(scenario)


# -- steps -------------------------------------------------------------------------------------


def _run_step(match: Match, number: int, step: Mapping[str, Any], result: ScenarioResult) -> bool:
    """Run one step; False when the scenario cannot go on."""
    checks = result.checks
    if "do" in step:
        if not _do(match, number, step, checks):
            result.error = f"step {number}: {checks[-1].detail}"
            return False
    elif "undo" in step:
        seat = str(step["undo"])
        try:
            move = match.undo(seat)
        except UndoRefused as error:
            expected = step.get("refused")
            ok = expected is not None and str(expected).lower() in str(error).lower()
            checks.append(Check(number, f"undo by {seat} refused", ok, str(error)))
            if not ok:
                result.error = f"step {number}: undo refused: {error}"
                return False
        else:
            ok = "refused" not in step
            detail = f"undid {move}" if ok else f"expected a refusal, but it undid {move}"
            checks.append(Check(number, f"undo by {seat}", ok, detail))
    _expectations(match, number, step, checks)
    return True


def _acting_seat(match: Match, step: Mapping[str, Any]) -> Seat | None:
    if "seat" in step:
        return str(step["seat"])
    acting = match.to_act()
    return acting[0] if len(acting) == 1 else None


def _do(match: Match, number: int, step: Mapping[str, Any], checks: list[Check]) -> bool:
    text = str(step["do"])
    seat = _acting_seat(match, step)
    label = f"{seat}: {text}" if seat else text
    if seat is None:
        checks.append(Check(number, label, False, f"say which seat acts (to act: {match.to_act()})"))
        return False
    rng = match.game.rng(match.state)
    if "dice" in step:
        rng.script_dice(step["dice"])
    expected_refusal = step.get("refused")
    try:
        match.play(seat, text)
    except IllegalAction as error:
        match.game.rng(match.state).end_script()
        if expected_refusal is None:
            checks.append(Check(number, label, False, f"refused: {error}"))
            return False
        ok = str(expected_refusal).lower() in error.reason.lower()
        detail = f"refused: {error.reason}" + (f" ({error.rule})" if error.rule else "")
        if ok and "rule" in step and error.rule != step["rule"]:
            ok, detail = False, f"refused citing {error.rule!r}, expected {step['rule']!r}"
        checks.append(Check(number, f"{label} is refused ({expected_refusal!r})", ok, detail))
        return True  # a refusal changes nothing, so the scenario can go on
    except RealpolitikError as error:
        match.game.rng(match.state).end_script()
        checks.append(Check(number, label, False, f"error: {error}"))
        return False
    left = match.game.rng(match.state).end_script()
    if expected_refusal is not None:
        checks.append(Check(number, f"{label} is refused", False, "it was accepted"))
        return False
    if left:
        checks.append(Check(number, label, False, f"scripted dice not rolled: {left}"))
        return False
    checks.append(Check(number, label, True, "applied"))
    return True


def _expectations(match: Match, number: int, step: Mapping[str, Any], checks: list[Check]) -> None:
    view_seat = step.get("view")
    view: dict[str, JSON] | None = None
    for path, expected in (step.get("expect") or {}).items():
        if view is None:
            view = match.view(None if view_seat is None else str(view_seat))
        found, actual = _lookup(view, str(path))
        ok = found and _same(actual, expected)
        detail = f"{actual!r}" if found else f"no such value ({actual})"
        checks.append(Check(number, f"{path} == {expected!r}", ok, detail))
    for path in step.get("null") or []:
        if view is None:
            view = match.view(None if view_seat is None else str(view_seat))
        found, actual = _lookup(view, str(path))
        detail = f"{actual!r}" if found else f"no such value ({actual})"
        checks.append(Check(number, f"{path} is null", found and actual is None, detail))
    if "to_act" in step:
        expected = list(step["to_act"]) if isinstance(step["to_act"], list) else [step["to_act"]]
        actual = list(match.to_act())
        checks.append(Check(number, f"to act: {expected}", actual == expected, str(actual)))
    seat = _acting_seat(match, step)
    for text in step.get("legal") or []:
        checks.append(_legality(match, number, seat, str(text), want_legal=True, reason=None))
    illegal = step.get("illegal") or []
    pairs = illegal.items() if isinstance(illegal, dict) else ((text, None) for text in illegal)
    for text, reason in pairs:
        checks.append(_legality(match, number, seat, str(text), want_legal=False, reason=reason))
    if "log" in step:
        wanted = str(step["log"]).lower()
        texts = [entry.text for entry in match.visible_log(None if view_seat is None else str(view_seat))]
        ok = any(wanted in text.lower() for text in texts)
        checks.append(Check(number, f"log mentions {step['log']!r}", ok, texts[-1] if texts else "empty log"))
    if "outcome" in step:
        _outcome_checks(match, number, step["outcome"], checks)


def _legality(
    match: Match, number: int, seat: Seat | None, text: str, *, want_legal: bool, reason: Any
) -> Check:
    what = f"{seat}: {text} is {'legal' if want_legal else 'illegal'}"
    if seat is None:
        return Check(number, what, False, f"say which seat (to act: {match.to_act()})")
    try:
        action = match.parse(text)
    except RealpolitikError as error:
        return Check(number, what, not want_legal and reason is None, f"not an action: {error}")
    legal = action in match.legal_actions(seat) and seat in match.to_act()
    if want_legal or legal:
        return Check(number, what, legal == want_legal, "legal" if legal else "illegal")
    refusal = match.game.explain_illegal(match.state, seat, action)
    detail = refusal.reason + (f" ({refusal.rule})" if refusal.rule else "")
    ok = reason is None or str(reason).lower() in detail.lower()
    return Check(number, what + (f" ({reason!r})" if reason else ""), ok, detail)


def _outcome_checks(match: Match, number: int, expected: Any, checks: list[Check]) -> None:
    outcome = match.outcome()
    if expected is False or expected == "running":
        checks.append(Check(number, "game still running", outcome is None, "over" if outcome else "running"))
        return
    if outcome is None:
        checks.append(Check(number, "game over", False, "the game is still running"))
        return
    data = outcome.to_json()
    for path, value in expected.items() if isinstance(expected, dict) else []:
        found, actual = _lookup(data, str(path))
        checks.append(
            Check(number, f"outcome.{path} == {value!r}", found and _same(actual, value), repr(actual))
        )


def _lookup(data: Any, path: str) -> tuple[bool, Any]:
    """Follow a dotted path (``powers.GB.money``, ``log.0.text``) into JSON data."""
    current = data
    for part in path.split("."):
        if isinstance(current, Mapping):
            if part not in current:
                return False, f"{part!r} not among {sorted(current)[:12]}"
            current = current[part]
        elif isinstance(current, Sequence) and not isinstance(current, str):
            if not part.lstrip("-").isdigit() or not -len(current) <= int(part) < len(current):
                return False, f"{part!r} is not an index of a list of {len(current)}"
            current = current[int(part)]
        else:
            return False, f"{part!r} under a {type(current).__name__}"
    return True, current


def _same(actual: Any, expected: Any) -> bool:
    """Equality as TOML and JSON see it: tuples are lists, and ``True`` is not ``1``."""
    if isinstance(actual, bool) or isinstance(expected, bool):
        return type(actual) is type(expected) and actual == expected
    if isinstance(actual, list | tuple) and isinstance(expected, list):
        return len(actual) == len(expected) and all(map(_same, actual, expected))
    if isinstance(actual, Mapping) and isinstance(expected, Mapping):
        return set(actual) == set(expected) and all(_same(actual[k], expected[k]) for k in actual)
    return bool(actual == expected)
