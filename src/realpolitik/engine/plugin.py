"""A game as a plug-in: the one object the platform reaches a game through.

The rules are a :class:`~realpolitik.engine.game.Game`. Everything else the platform needs to host
a game — its title and player counts, an options schema (from which the command line flags, the
lobby form and option checks are built), how people sit at its seats, and its optional
capabilities — is declared on a :class:`GamePlugin`. ``cli/``, ``server/``, ``web/``, ``bots/`` and
``sim/`` read these declarations; they never import a game package and never look a capability up
by ``getattr``.

A capability a game does not have is ``None``, and every consumer has a fallback: without a
terminal renderer the terminal prints the view as panels; without a web client the page shows the
view generically; without evaluation hooks the heuristic bot is refused and search plays out at
random; without a determinizer searching bots refuse the game rather than peek at its secrets.

Strings shown to people are :data:`Strings`: a text per language code (``"en"`` always present),
so the lobby and the terminal speak the user's language wherever the game does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from .errors import OptionsError
from .game import JSON, Game, Outcome, Refusal, Seat
from .provenance import AuditEntry
from .rng import Rng

if TYPE_CHECKING:  # the terminal protocol speaks rich's types; the engine does not need rich
    from rich.console import RenderableType
    from rich.text import Text

Strings = Mapping[str, str]
"""A text in each language the game speaks, by code: ``{"en": "Players", "it": "Giocatori"}``."""


def text_in(strings: Strings, lang: str) -> str:
    """The text in ``lang``, else in English."""
    return strings.get(lang) or strings.get("en") or next(iter(strings.values()), "")


def _en(value: Strings) -> Strings:
    return dict(value)


# -- options ----------------------------------------------------------------------------------------

OptionKind = Literal["bool", "int", "choice", "seats", "strings", "table"]
"""``bool``; ``int`` (with bounds or choices); ``choice`` (one of ``choices``); ``seats`` (a list of
distinct seats from ``choices``); ``strings`` (a list of ids from ``choices`` when given);
``table`` (a JSON object, e.g. a content override: never a form field, given with ``--content``)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a new game."""

    name: str
    kind: OptionKind
    default: JSON
    label: Strings
    """A few words for the lobby form and the flag's heading."""
    help: Strings = field(default_factory=dict)
    """One sentence on what the option does, citing the rule."""
    choices: tuple[JSON, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    rule: str | None = None
    """The section the option comes from, added to refusals: ``players must be 2, 3 or 4 (§3.2)``."""
    form: bool = True
    """Offered in the lobby form and as a command-line flag (a ``table`` never is)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", _en(self.label))
        object.__setattr__(self, "help", _en(self.help))
        if self.kind == "table":
            object.__setattr__(self, "form", False)
        if self.kind in ("choice", "seats") and not self.choices:
            raise ValueError(f"option {self.name}: a {self.kind} option needs its choices")
        self.check(self.default)  # a schema whose default breaks its own rule is a bug

    @property
    def flag(self) -> str:
        """The command-line flag: ``--dreyfus-affair``."""
        return "--" + self.name.replace("_", "-")

    def _refuse(self, what: str) -> OptionsError:
        cite = f" ({self.rule})" if self.rule else ""
        return OptionsError(f"{self.name} must be {what}{cite}")

    def _listing(self) -> str:
        words = [json.dumps(c) if not isinstance(c, str) else c for c in self.choices]
        return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"

    def check(self, value: Any) -> JSON:
        """``value`` if it fits this option (a copy for lists and tables), else ``OptionsError``."""
        kind = self.kind
        if kind == "bool":
            if not isinstance(value, bool):
                raise self._refuse("true or false")
            return value
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._refuse(f"one of {self._listing()}" if self.choices else "a whole number")
            if self.choices and value not in self.choices:
                raise self._refuse(self._listing())
            if self.minimum is not None and value < self.minimum:
                raise self._refuse(f"at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise self._refuse(f"at most {self.maximum}")
            return value
        if kind == "choice":
            if value not in self.choices:
                raise self._refuse(f"one of {self._listing()}")
            return value
        if kind in ("seats", "strings"):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise self._refuse("a list of " + ("seats" if kind == "seats" else "ids"))
            if self.choices and any(v not in self.choices for v in value):
                raise self._refuse(f"a list drawn from {self._listing()}")
            if kind == "seats" and len(set(value)) != len(value):
                raise self._refuse("a list of distinct seats")
            return list(value)
        if not isinstance(value, dict):
            raise self._refuse("a table")
        return dict(value)

    def parse(self, text: str) -> JSON:
        """A value written on the command line: ``true``, ``3``, ``FR,CE`` (a JSON value is also
        read as JSON)."""
        try:
            value: Any = json.loads(text)
        except json.JSONDecodeError:
            value = text
        if self.kind in ("seats", "strings") and isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        if self.kind in ("seats", "strings") and isinstance(value, int) and not isinstance(value, bool):
            value = [str(value)]
        return self.check(value)

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "label": dict(self.label),
            "help": dict(self.help),
        }
        if self.choices:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.rule:
            data["rule"] = self.rule
        data["form"] = self.form
        return data


@dataclass(frozen=True, slots=True)
class OptionsSchema:
    """Every option of a game. :meth:`check` does the part of option checking that one option at a
    time can do (unknown names, types, choices, bounds); the game's ``normalize_options`` calls it,
    fills in :meth:`defaults` and adds the rules that tie options together (it needs to know which
    options were given: LBE derives ``players`` from ``np`` when ``players`` is not given)."""

    options: tuple[Option, ...] = ()

    def __post_init__(self) -> None:
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"options named twice: {sorted(n for n in names if names.count(n) > 1)}")

    def names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)

    def get(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def defaults(self) -> dict[str, JSON]:
        return {o.name: o.check(o.default) for o in self.options}

    def check(self, given: Mapping[str, Any]) -> dict[str, JSON]:
        """The given options, each checked (no defaults added); ``OptionsError`` names the first
        bad one."""
        if not isinstance(given, Mapping):
            raise OptionsError("options must be a table of option names to values")
        unknown = sorted(set(given) - set(self.names()))
        if unknown:
            known = ", ".join(sorted(self.names())) or "none"
            raise OptionsError(f"unknown option(s) {', '.join(unknown)} (known: {known})")
        return {o.name: o.check(given[o.name]) for o in self.options if o.name in given}

    def to_json(self) -> list[dict[str, JSON]]:
        return [o.to_json() for o in self.options]


# -- who sits where -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Automaton:
    """Seats the game itself plays by its own procedure (LBE's Non-Player Powers, §13).

    Which seats are automata is a game option (``option``, a ``seats`` option); people choose it
    seat by seat with the controller word ``keyword`` (``--seats RU=np``, the lobby's seat menu).
    """

    keyword: str
    option: str
    name: Strings
    """What the lobby calls the controller: ``Non-Player Power (§13)``."""
    short: Strings
    """A mark after the seat's name: ``NP``."""

    def seats(self, options: Mapping[str, JSON]) -> tuple[Seat, ...]:
        value = options.get(self.option)
        return tuple(str(s) for s in value) if isinstance(value, list) else ()

    def with_seats(self, options: Mapping[str, JSON], seats: Sequence[Seat]) -> dict[str, JSON]:
        """``options`` with ``seats`` added to the automaton's option (in the order given)."""
        given = list(self.seats(options))
        return {**options, self.option: [*given, *(s for s in seats if s not in given)]}


# -- capabilities -------------------------------------------------------------------------------------


TARGETS = ("field", "leader")
"""Whom a bot measures itself against (:func:`against_rivals`): the one definition of a seat's
standing that the bots and a game's own reasoning (PB's Congress answers) share."""


def against_rivals(table: Mapping[Seat, float], seat: Seat, target: str = "field") -> float:
    """The seat's value less its rivals': half the best rival's and half their mean (``field``:
    hurting any rival helps), or the best rival's alone (``leader``: only the margin over the
    nearest threat to the win counts)."""
    others = [v for s, v in table.items() if s != seat]
    if not others:
        return table[seat]
    if target == "leader":
        return table[seat] - max(others)
    return table[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A game's hooks for bots and reports (every one optional).

    * ``values(state) -> {seat: float}``: projected final score of each seat (the heuristic bot and
      search leaves);
    * ``value_scale``: a typical score gap between two seats, to turn value gaps into win chances;
    * ``choose_special(state, seat, legal) -> action | None``: decisions the game's own reasoning
      settles (dispute commitments by the odds);
    * ``continues(state) -> bool``: the position is mid-exchange (a one-ply look plays it out first);
    * ``track(state, seen)`` / ``facts(state, seen) -> dict``: facts for simulation reports, under
      names the game chooses; the reports know ``turns`` (the game's length), ``first_player`` and
      ``sudden_end`` (what ended the game before its last turn, e.g. LBE's ``"Sarajevo"``), and
      count and average any other fact under its own name (``None`` for "not this game");
    * ``search_target``: whom ISMCTS measures a seat's rewards against when its spec names no
      ``target`` (one of :data:`TARGETS`): the setting measured strongest in this game
      (docs/bots.md).
    """

    values: Callable[[Any], Mapping[Seat, float]] | None = None
    value_scale: float = 1.0
    choose_special: Callable[[Any, Seat, Sequence[Any]], Any] | None = None
    continues: Callable[[Any], bool] | None = None
    track: Callable[[Any, dict[str, Any]], None] | None = None
    facts: Callable[[Any, dict[str, Any]], dict[str, Any]] | None = None
    search_target: str = "leader"


Determinizer = Callable[[Any, "Seat | None", Rng], Any]
"""``determinize(state, seat, rng) -> state``: a copy whose hidden information (other hands, deck
order, dice to come, others' sealed answers) is sampled anew, consistent with everything ``seat``
may know: the seat's view of the copy equals its view of ``state``."""

InfoKey = Callable[[Any, Seat], str]
"""``info_key(state, seat) -> str``: equal for two states exactly when ``seat`` cannot tell them
apart (an information-state key for search and learning)."""

ActionCheck = Callable[[Any, Seat, Any], "Refusal | None"]
"""``check_action(state, seat, action) -> Refusal | None``: a direct legality check, for games whose
actions are too many to list (a sum of money, the terms of a treaty). The legal list stays the
source for menus and bots (it may then list a representative choice); :class:`~realpolitik.engine.Match`
accepts any action this check passes, and refuses with its reason. It must pass every listed action
(the battery checks it)."""

Invariants = Callable[[Any], None]
"""``check(state)`` raises ``AssertionError`` naming the broken invariant (run by the battery after
every action)."""


@dataclass(frozen=True, slots=True)
class ObservationField:
    """One field of an :class:`Encoding`'s observation vector: ``size`` numbers in a row, each
    documented (``doc``) so a researcher knows what the network sees."""

    name: str
    size: int
    doc: str


class Encoding(Protocol):
    """A fixed action encoding and a fixed-size observation per seat, for learning (the
    ``realpolitik.adapters`` environments; see docs/research.md).

    * ``size(options)``: ``N``, fixed by the game and its (normalised) options; every legal action
      of every seat maps to an index in ``[0, N)``.
    * ``encode(state, seat, action)`` / ``decode(state, seat, index)``: an action to its index and
      back (exact for every legal action; ``decode`` of an index no legal action has raises
      ``ValueError``). The legal list stays the one source of legality: masks are built from it.
      An encoding may need the position to tell variants apart (the *k*-th way to play a card), so
      both take the state.
    * ``legal_indices(state, seat)``: ``encode`` of every legal action, in the legal list's order
      (one pass; the adapters build masks from it); distinct, in range.
      An encoding may also offer ``indexed_legal(state, seat)``: the legal list and those indices
      together, from one computation of the list (the environments then build the mask and decode
      the chosen index without listing the legal actions twice).
      And ``observe_sparse(state, seat)``: the observation's non-zero numbers as (positions,
      values), which the environments scatter into a zeroed array; or ``observe_split(state,
      seat)``: (positions holding 1, other non-zero positions, their values), cheaper still
      when the observation is mostly one-hot.
    * ``observation_fields(options)``: the observation vector's layout, field by field; its
      length (the sum of the sizes) is the observation's shape.
    * ``observe(state, seat)``: the observation, numbers only, of what ``seat`` may see and
      nothing else (never another seat's hand, the deck order or the generator's state): a world
      resampled for the seat by the plug-in's determinizer gives the very same vector (the
      battery checks it).
    """

    def size(self, options: Mapping[str, JSON]) -> int: ...

    def encode(self, state: Any, seat: Seat, action: Any) -> int: ...

    def decode(self, state: Any, seat: Seat, index: int) -> Any: ...

    def legal_indices(self, state: Any, seat: Seat) -> list[int]: ...

    def observation_fields(self, options: Mapping[str, JSON]) -> Sequence[ObservationField]: ...

    def observe(self, state: Any, seat: Seat) -> Sequence[float]: ...


def observation_shape(encoding: Encoding, options: Mapping[str, JSON]) -> tuple[int]:
    """The shape of ``encoding``'s observation for games with these options: ``(length,)``."""
    return (sum(f.size for f in encoding.observation_fields(options)),)


class ContentCapability(Protocol):
    """Content with provenance (``realpolitik data audit``, ``--content FILE``)."""

    def audit(self, override: Mapping[str, Any] | None = None) -> list[AuditEntry]:
        """Every content value with its provenance, after ``override``."""
        ...

    def load_override(self, path: Path) -> dict[str, Any]:
        """An override file read and checked (``ContentError`` says which key is wrong)."""
        ...

    @property
    def option(self) -> str:
        """The option that carries an override into a game (a ``table`` option)."""
        ...


class Renderer(Protocol):
    """A game's screen for the terminal, built from its JSON view (never from the state)."""

    def seat_name(self, seat: Seat) -> str:
        """The seat's full name, e.g. ``"Great Britain"``."""
        ...

    def seat_label(self, seat: Seat) -> Text:
        """The seat's short letters in its colour, e.g. a red ``GB``."""
        ...

    def players(self) -> list[tuple[Seat, ...]]:
        """Seats grouped by the person who holds them (a 2-player game gives each two Powers)."""
        ...

    def screen(self, view: Mapping[str, JSON], seat: Seat | None) -> RenderableType:
        """The board and the public mats as ``seat`` may see them, with its own hand."""
        ...

    def decision(self, view: Mapping[str, JSON], seat: Seat) -> str:
        """One line saying what ``seat`` must decide now."""
        ...

    def verb_title(self, verb: str) -> str:
        """Heading of a group of the action menu (the first word of the notation)."""
        ...

    def help(self, view: Mapping[str, JSON], seat: Seat, topic: str | None) -> str:
        """The rule for the current decision (or for ``topic``, a verb), in our own words."""
        ...

    def verdict(self, outcome: Outcome) -> Text | None:
        """What the end of a game says beyond the score table, or ``None``."""
        ...


class TerminalUI(Protocol):
    """A game's own terminal screen (``games/<game>/ui/``)."""

    def renderer(self, options: Mapping[str, JSON], lang: str) -> Renderer: ...


class WebUI(Protocol):
    """A game's own board in the browser (``games/<game>/ui/``).

    The server serves ``static_dir`` at ``/games/<id>/`` and the generic play page imports
    ``module`` from there (an ES module exporting ``createBoard(board, getLang)``); ``board`` is the
    public, printed part of the game the module draws with (names, spaces, card texts), built from
    the options only, never from a state, so nothing hidden can leak through it."""

    @property
    def static_dir(self) -> Path: ...

    @property
    def module(self) -> str:
        """The module's file name inside ``static_dir``, e.g. ``board.js``."""
        ...

    def board(self, options: Mapping[str, JSON]) -> dict[str, JSON]: ...


@dataclass(frozen=True, slots=True)
class BoardFiles:
    """A :class:`WebUI` as a game's ``ui/web.py`` usually makes it: the folder of its board's static
    files, the function that builds the board data from the options, and the module's name."""

    static_dir: Path
    build: Callable[[Mapping[str, JSON]], dict[str, JSON]]
    module: str = "board.js"

    def board(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        return self.build(options)


# -- the plug-in --------------------------------------------------------------------------------------


def _no_groups(options: Mapping[str, JSON], seats: Sequence[Seat]) -> list[tuple[Seat, ...]]:
    return [(seat,) for seat in seats]


@dataclass(frozen=True, slots=True)
class GamePlugin:
    """Everything the platform knows of one game (see the module docstring)."""

    game: Game[Any, Any]
    title: Strings
    min_players: int
    max_players: int
    options: OptionsSchema
    seats: Callable[[Mapping[str, JSON]], tuple[Seat, ...]]
    """Every seat of a game made with these (normalised) options, in the game's fixed order."""
    seat_names: Callable[[Mapping[str, JSON]], Mapping[Seat, Strings]] | None = None
    """Each seat's name for people (``GB`` -> Great Britain); the seat id when ``None``."""
    players: Callable[[Mapping[str, JSON], Sequence[Seat]], list[tuple[Seat, ...]]] = _no_groups
    """The seats people hold, grouped by person, in seating order: called with the normalised
    options and the seats no automaton plays (LBE's 2-player game gives each person two Powers)."""
    automaton: Automaton | None = None
    languages: tuple[str, ...] = ("en",)
    summary: Strings = field(default_factory=dict)
    """One line on the game for lists (``realpolitik games``, the lobby)."""
    strings: Mapping[str, Strings] = field(default_factory=dict)
    """The game's own words for the generic interfaces, by key (verbs of the action menu ...)."""
    option_sets: tuple[Mapping[str, JSON], ...] = ({},)
    """Typical option sets (every player count, the automaton, variants): the battery plays each."""
    secret_action: Callable[[Any], bool] | None = None
    """Actions whose notation other seats may not see (a card kept from a draw). Answers to a
    decision several seats take at once are sealed anyway until the game reveals them."""
    check_action: ActionCheck | None = None
    evaluation: Evaluation | None = None
    determinize: Determinizer | None = None
    info_key: InfoKey | None = None
    invariants: Invariants | None = None
    content: ContentCapability | None = None
    terminal: TerminalUI | None = None
    web: WebUI | None = None
    encoding: Encoding | None = None
    """A fixed action encoding and observation for learning (:class:`Encoding`); without one the
    adapters fall back to the index in the sorted legal list and a hashed view (docs/research.md)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "title", _en(self.title))
        object.__setattr__(self, "summary", _en(self.summary))
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.id}: players {self.min_players}-{self.max_players} is not a range")
        if self.automaton is not None:
            option = self.options.get(self.automaton.option)
            if option is None or option.kind != "seats":
                raise ValueError(
                    f"{self.id}: the automaton's option {self.automaton.option!r} is not a seats option"
                )

    @property
    def id(self) -> str:
        return self.game.id

    def title_in(self, lang: str) -> str:
        return text_in(self.title, lang)

    def player_range(self) -> str:
        """``"1-4"``, or ``"2"`` when the count is fixed."""
        low, high = self.min_players, self.max_players
        return str(low) if low == high else f"{low}-{high}"

    def normalize(self, options: Mapping[str, Any]) -> dict[str, JSON]:
        """Options checked by the game (its schema, then its own rules), defaults filled in."""
        return self.game.normalize_options(options)

    def seat_name(self, seat: Seat, options: Mapping[str, JSON], lang: str = "en") -> str:
        names = self.seat_names(options) if self.seat_names is not None else {}
        return text_in(names[seat], lang) if seat in names else seat

    def automata(self, options: Mapping[str, JSON]) -> tuple[Seat, ...]:
        return self.automaton.seats(options) if self.automaton is not None else ()

    def people(self, options: Mapping[str, JSON]) -> list[tuple[Seat, ...]]:
        """The seats people hold, grouped by person (automaton seats left out)."""
        auto = set(self.automata(options))
        return self.players(options, [s for s in self.seats(options) if s not in auto])

    def secret(self, action: Any) -> bool:
        """Whether other seats may not see this action's notation (:attr:`secret_action`)."""
        return self.secret_action is not None and self.secret_action(action)

    def word(self, key: str, lang: str, default: str | None = None) -> str:
        """One of the game's own words (:attr:`strings`), else ``default`` (else the key)."""
        strings = self.strings.get(key)
        if strings is None:
            return key if default is None else default
        return text_in(strings, lang)

    def describe(self) -> dict[str, JSON]:
        """The plug-in as JSON for the lobby: title, players, options schema, seats, automaton."""
        defaults = self.normalize({})
        names = self.seat_names(defaults) if self.seat_names is not None else {}
        data: dict[str, JSON] = {
            "id": self.id,
            "title": dict(self.title),
            "summary": dict(self.summary),
            "players": self.player_range(),
            "languages": list(self.languages),
            "options": self.options.to_json(),
            "defaults": defaults,
            "seats": [{"id": s, "name": dict(names.get(s, {"en": s}))} for s in self.seats(defaults)],
            "automaton": None,
        }
        if self.automaton is not None:
            data["automaton"] = {
                "keyword": self.automaton.keyword,
                "option": self.automaton.option,
                "name": dict(self.automaton.name),
                "short": dict(self.automaton.short),
            }
        return data
