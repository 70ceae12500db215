"""Europe in Turmoil on the terminal: the tracks, the map by region, the seat's own hand and the
opponent's card backs.

Everything that changes is read from the game's JSON view (``rules/view.py``), so nothing hidden
can leak; only what is printed on the board and the cards (space names, stabilities, battlegrounds,
regions, the naval chart's names, the Stability cards) is read from the public content. Each side
shows its letter as well as its colour (``L`` blue, ``A`` yellow), so the screen reads in
monochrome.

The screen fits the console it is printed on: from 60 lines up (and for ``details``) everything,
with full names and card texts; on an ordinary terminal (100×40) the map as a grid of short names
and the hand one line a card; on a small one (80×24) a line per region instead of the map.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ....engine import JSON, Outcome, Seat
from ..content import Content, load_content
from ..content.model import REGIONS
from ..rules.view import describe_step
from .help import DECISIONS, GENERAL, KIND_VERBS, TOPICS, VERBS

SIDE_STYLES = {"L": "bold bright_blue", "A": "bold yellow"}
SIDE_NAMES = {"L": "Liberal", "A": "Authoritarian"}
SIDE_OF_IDEOLOGY = {"liberal": "L", "authoritarian": "A"}
REGION_NAMES = {
    "france": "France",
    "austria-hungary": "Austria-Hungary",
    "germany": "Germany",
    "russia": "Russia",
    "balkans": "The Balkans",
    "independent": "Independent countries",
}
REGION_SHORT = {"austria-hungary": "Austria-Hung.", "balkans": "Balkans", "independent": "Independent"}
SHORT = {
    "French Catholic Church": "Fr.Church",
    "French Writers": "Fr.Writer",
    "French Armed Forces": "Fr.Army",
    "Beau-Monde": "BeauMonde",
    "Normandy/Brittany": "Normandy",
    "Dual Monarchy": "Dual Mon.",
    "Viennese Secession": "Secession",
    "Transylvania": "Transylv.",
    "Alto Adige": "AltoAdige",
    "Wilhelm II": "Wilhelm",
    "Imperial Army": "Imp.Army",
    "East Prussia": "E.Prussia",
    "Jugendstil": "Jugendst.",
    "Alsace-Lorraine": "Alsace-L.",
    "Nicolas II": "Nicolas",
    "Tsarist Army": "Tsar.Army",
    "Orthodox Church": "Orthodox",
    "Saint Petersburg": "St.Peters",
    "Russian Bourgeoisie": "Rus.Bourg",
    "Constantinople": "Constant.",
    "Switzerland": "Switzerl.",
    "Netherlands": "Netherl.",
    "Spain/Portugal": "Spain/Pt.",
}
"""Names of at most 9 characters for the compact map (the full names are in ``details``)."""
ERAS = {"victorian": "Victorian Era", "edwardian": "Edwardian Era", "georgian": "Georgian Era"}
SIDE_OF_WAR = {"A": "Central Powers", "L": "Entente"}
"""The sides of the Great War: the Authoritarian decides for the Central Powers (8.4)."""
NATION_NAMES = {
    "germany": "Germany",
    "austria-hungary": "Austria-Hungary",
    "france": "France",
    "russia": "Russia",
    "balkans": "the Balkans",
    "ottoman-empire": "the Ottoman Empire",
    "italy": "Italy",
    "britain": "Britain (no card, C9)",
}
OUTCOMES = {
    "valid": "valid, done",
    "invalid": "not valid: no effect",
    "void": "cancelled by a lower card",
    "pending": "revealed",
}

CELL = 20
"""Characters per space on the compact map: ``L Paris     2* 3  ·`` (19 and a gap)."""
WIDE_CELL = 50
"""Characters per space on the full map (full names and icons)."""
FULL_HEIGHT = 60
"""A console at least this tall gets the full screen at every decision."""
BACK = "▮"
"""A card back: the opponent's cards are drawn as backs only."""
HELD_BACK = "▯"
"""A card held over from an earlier turn: its bottom was shown, so it is known not to be a Scoring
card (15.0 End of Turn); which card it is stays hidden."""


def make_renderer(options: Mapping[str, JSON], lang: str) -> EuropeInTurmoilRenderer:
    return EuropeInTurmoilRenderer(load_content(), lang)


def _short(name: str) -> str:
    if len(name) <= 9:
        return name
    return SHORT.get(name, name[:8] + ".")


def _marker_name(marker: str) -> str:
    return " ".join(w.capitalize() if len(w) > 2 else w for w in marker.split("-")).replace("Ii", "II")


def _step_text(step: Mapping[str, Any], content: Content | None = None) -> str:
    """A Stability card's step in words (the view's wording of the effect primitives); a count
    that depends on the spaces controlled is put in words here."""
    n = step.get("n")
    if not isinstance(n, Mapping):
        return describe_step(step, content)
    per = "/".join(str(i) for i in n.get("per_control", ()))
    return describe_step({**step, "n": 0}, content).replace(
        " 0 SP", f" 1 SP for each {per} space you control,", 1
    )


def _hang(line: Text, indent: int) -> RenderableType:
    """``line`` wrapped under its own text: its first ``indent`` characters (a card's number) stay
    in a column of their own."""
    head, body = line.divide([indent])
    grid = Table.grid()
    grid.add_column(width=indent, no_wrap=True)
    grid.add_column()
    grid.add_row(head, body)
    return grid


class _Screen:
    """The screen of one view, laid out for the console it is printed on."""

    def __init__(self, renderer: EuropeInTurmoilRenderer, view: Mapping[str, Any], seat: Seat | None) -> None:
        self.renderer, self.view, self.seat = renderer, view, seat

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        r, view, seat = self.renderer, self.view, self.seat
        width, height = max(60, options.max_width), options.max_height
        if height >= FULL_HEIGHT:
            yield r.full_screen(view, seat, width)
            return
        header = r.header(view, width)
        if view.get("mobilization") is not None:
            # 8.4.4: the war is fought with Mobilization cards; the hand no longer matters
            # the decision line, a condensed menu, the hint and the input line follow: 5 lines
            room = height - len(header) - 5
            mob = r.mobilization_lines(view, seat, width, wrap=False, room=room)
            summary = r.summary(view, width)
            board = summary if len(header) + len(mob) + len(summary) + 8 <= height else []
            yield Group(*header, *board, *mob)
            return
        hand = r.hand(view, seat, width, wrap=False) if seat is not None else []
        extra = r.situation(view, seat, width)
        grid = r.grid(view, width)
        # The prompt, the menu, the hint and the input line need about 6 lines below the screen;
        # the map is drawn when it leaves them (and a few lines of log) room, else a line a region.
        used = sum(-(-max(1, len(line)) // width) for line in (*header, *hand, *extra)) + 8
        board = grid if used + len(grid) <= height else r.summary(view, width)
        yield Group(*header, *board, *extra, *hand)


class EuropeInTurmoilRenderer:
    """Europe in Turmoil's :class:`~realpolitik.engine.plugin.Renderer`."""

    def __init__(self, content: Content, lang: str) -> None:
        self.content = content
        self.lang = lang
        self.kind: str | None = None
        """The decision last drawn: a verb's heading depends on it (``sp`` at setup or for OPs)."""
        by_region: dict[str, list[str]] = {}
        for sid in content.space_ids:
            by_region.setdefault(content.spaces[sid].region, []).append(sid)
        self.regions: dict[str, list[str]] = {r: by_region.get(r, []) for r in (*REGIONS, "independent")}

    # -- names ------------------------------------------------------------------------------------

    def seat_name(self, seat: Seat) -> str:
        return SIDE_NAMES.get(seat, seat)

    def seat_label(self, seat: Seat) -> Text:
        return Text(seat, style=SIDE_STYLES.get(seat, "bold"))

    def players(self) -> list[tuple[Seat, ...]]:
        return [("A",), ("L",)]

    def side(self, seat: str | None, text: str | None = None) -> Text:
        """``text`` (default: the seat's letter) in the side's colour."""
        if seat is None:
            return Text(text or "·", style="dim")
        return Text(text if text is not None else seat, style=SIDE_STYLES.get(seat, "bold"))

    def era(self, turn: int) -> str:
        starts = self.content.era_turns
        era = max((e for e in starts if starts[e] <= turn), key=lambda e: starts[e], default="victorian")
        return ERAS.get(era, era)

    def naval_name(self, box: str) -> str:
        index = self.content.naval_index.get(box)
        return self.content.naval[index].name if index is not None else box

    def card_name(self, cid: str) -> str:
        card = self.content.cards.get(cid)
        return card.name if card is not None else _marker_name(cid)

    # -- header -----------------------------------------------------------------------------------

    def phase(self, view: Mapping[str, Any]) -> str:
        decision = view.get("decision")
        kind = str(decision.get("kind")) if isinstance(decision, Mapping) else ""
        if view.get("over"):
            return "Game over"
        if kind.startswith("setup"):
            return "Setup §3"
        if kind == "stability":
            region = str(decision.get("region", "")) if isinstance(decision, Mapping) else ""
            return f"Stability Check: {REGION_NAMES.get(region, region)} §9"
        if kind == "war-order":
            return "The Great War §8.4"
        if view.get("mobilization") is not None:
            return "Mobilization §8.4.4"
        if kind == "moltke":
            return "After the last round: Moltke"
        rounds = self.content.value_at(self.content.action_rounds, int(view["turn"]))
        done = max(view["rounds_done"].values(), default=0)
        return f"Action Round {max(1, min(done, rounds))}/{rounds}"

    def acting(self, view: Mapping[str, Any]) -> Text:
        waiting: Sequence[str] = view.get("to_act") or []
        if not waiting:
            return Text("")
        if len(waiting) > 1:
            return Text("both (sealed)", style="bold")
        seat = waiting[0]
        return Text.assemble(self.side(seat, self.seat_name(seat)), " to decide")

    def vp(self, view: Mapping[str, Any]) -> Text:
        vp = int(view["vp"])
        out = Text("VP ")
        if vp == 0:
            out.append("level", style="bold")
        else:
            seat = "L" if vp > 0 else "A"
            out.append_text(self.side(seat, f"{self.seat_name(seat)} +{abs(vp)}"))
        return out

    def navy(self, view: Mapping[str, Any], seat: str) -> Text:
        out = self.side(seat)
        out.append(f" {self.naval_name(view['navy'][seat])}")
        if view["navy_plus"].get(seat):
            out.append(" +1")
        if view["naval_used"].get(seat):
            out.append(" (tried)", style="dim")
        return out

    def header(self, view: Mapping[str, Any], width: int) -> list[Text]:
        """Two lines (three on a narrow terminal): turn, era, round, who decides; VP, Tension, the
        Great War Status and both navies."""
        turn = int(view["turn"])
        era, phase, acting = self.era(turn), self.phase(view), self.acting(view)
        first = Text.assemble(
            ("Europe in Turmoil", "bold"), f" · Turn {turn}/{self.content.turns} · {era} · ", (phase, "bold")
        )
        if len(first) + len(acting) + 3 > width:
            first = Text.assemble(
                ("Europe in Turmoil", "bold"),
                f" · Turn {turn}/{self.content.turns} · {era.split()[0]} · ",
                (phase.replace("Action Round", "Round"), "bold"),
            )
        waiting: Sequence[str] = view.get("to_act") or []
        if len(first) + len(acting) + 3 > width and len(waiting) == 1:
            acting = Text.assemble(self.side(waiting[0]), " to decide")  # the seat's letter
        if acting:
            first.append(" · ")
            first.append_text(acting)
        tracks = self.vp(view)
        tracks.append(f" · Tension {int(view['tension'])}/{view['tension_cap']}")
        tracks.append(f" · Great War Status {int(view['gw_status']):+d}")
        navies = Text("Naval race ")
        navies.append_text(self.navy(view, "L"))
        navies.append(" · ")
        navies.append_text(self.navy(view, "A"))
        if len(tracks) + len(navies) + 3 <= width:
            tracks.append(" · ")
            tracks.append_text(navies)
            return [first, tracks]
        return [first, tracks, navies]

    # -- the map ----------------------------------------------------------------------------------

    def control_counts(self, view: Mapping[str, Any], region: str) -> dict[str | None, int]:
        counts: dict[str | None, int] = {"L": 0, "A": 0}
        for sid in self.regions[region]:
            ctl = view["spaces"][sid]["control"]
            if ctl in counts:
                counts[ctl] += 1
        return counts

    def cell(self, view: Mapping[str, Any], sid: str, wide: bool = False) -> Text:
        """One space: who controls it, its name, stability (``*`` battleground) and each side's
        Support Points (Liberal, then Authoritarian; ``·`` none)."""
        space = self.content.spaces[sid]
        here = view["spaces"][sid]
        ctl = here["control"]
        liberal, authoritarian = (int(n) for n in here["sp"])
        out = self.side(ctl, ctl or " ")
        name = f"{space.name:<22}" if wide else f"{_short(space.name):<9}"
        out.append(" ")
        out.append(name, style=SIDE_STYLES.get(ctl, "") if ctl else "")
        out.append(f" {space.stability}", style="dim")
        out.append("*" if space.battleground else " ", style="bold")
        out.append(f"{liberal:>2}" if liberal else " ·", style=SIDE_STYLES["L"] if liberal else "dim")
        out.append(
            f"{authoritarian:>3}" if authoritarian else "  ·",
            style=SIDE_STYLES["A"] if authoritarian else "dim",
        )
        if wide:
            out.append("  " + ", ".join(space.icons), style="dim")
        return out

    def region_heading(self, view: Mapping[str, Any], region: str, wide: bool = False) -> Text:
        name = REGION_NAMES[region] if wide else REGION_SHORT.get(region, REGION_NAMES[region])
        out = Text(name, style="bold underline")
        counts = self.control_counts(view, region)
        out.append(" ")
        out.append_text(self.side("L", f"L{counts['L']}"))
        out.append(" ")
        out.append_text(self.side("A", f"A{counts['A']}"))
        values = self.content.scoring.get(region)
        if values is not None and wide:
            out.append(f"  scores {values.presence}/{values.domination}/{values.control}", style="dim")
        return out

    def _rows(self, blocks: Sequence[list[Text]], cell: int, columns: int) -> list[Text]:
        """Blocks of lines side by side, ``columns`` to a row, each ``cell`` characters wide."""
        lines: list[Text] = []
        for start in range(0, len(blocks), columns):
            row = blocks[start : start + columns]
            for i in range(max(len(b) for b in row)):
                line = Text(no_wrap=True, overflow="crop")
                for block in row:
                    part = block[i].copy() if i < len(block) else Text()
                    part.truncate(cell - 1)
                    part.pad_right(cell - len(part))
                    line.append_text(part)
                line.rstrip()
                lines.append(line)
        return lines

    def grid(self, view: Mapping[str, Any], width: int) -> list[Text]:
        """The compact map: the five regions side by side, the independent countries under them."""
        columns = max(1, min(len(REGIONS), width // CELL))
        blocks = [
            [self.region_heading(view, r), *(self.cell(view, s) for s in self.regions[r])] for r in REGIONS
        ]
        lines = self._rows(blocks, CELL, columns)
        rule = self.region_heading(view, "independent")
        rule.append(
            "   L/A: who controls · 2* stability, * battleground · SP: Liberal, Authoritarian", style="dim"
        )
        rule.truncate(width)
        lines.append(rule)
        independents = [[self.cell(view, s)] for s in self.regions["independent"]]
        cells = [c[0] for c in independents]
        for start in range(0, len(cells), columns):
            lines.extend(self._rows([[c] for c in cells[start : start + columns]], CELL, columns))
        return lines

    def full_map(self, view: Mapping[str, Any], width: int) -> list[Text]:
        columns = max(1, min(2, width // WIDE_CELL))
        blocks = [
            [
                self.region_heading(view, r, wide=True),
                *(self.cell(view, s, wide=True) for s in self.regions[r]),
            ]
            for r in (*REGIONS, "independent")
        ]
        legend = Text(
            "L/A: who controls the space · 2* its stability, * a battleground · then the Liberal's and "
            "the Authoritarian's Support Points (· none) · scores: VP for presence/domination/control "
            "(§10.1) · the UK and Egypt count as Liberal, the Ottoman Empire as Authoritarian",
            style="dim",
        )
        out: list[Text] = []
        for start in range(0, len(blocks), columns):
            out.extend(self._rows(blocks[start : start + columns], WIDE_CELL, columns))
            out.append(Text())
        return [*out, legend]

    def summary(self, view: Mapping[str, Any], width: int) -> list[Text]:
        """The map in a line or two: the spaces each side controls per region (``details`` draws
        every space)."""
        parts: list[Text] = []
        for region in (*REGIONS, "independent"):
            counts = self.control_counts(view, region)
            part = Text(REGION_SHORT.get(region, REGION_NAMES[region]), style="bold")
            part.append(" ")
            part.append_text(self.side("L", f"L{counts['L']}"))
            part.append(" ")
            part.append_text(self.side("A", f"A{counts['A']}"))
            parts.append(part)
        lines: list[Text] = [Text("Control ", style="dim")]
        for part in parts:
            line = lines[-1]
            if len(line) + len(part) + 3 > width:
                lines.append(Text("        "))
                line = lines[-1]
            elif len(line) > 8:
                line.append(" · ", style="dim")
            line.append_text(part)
        lines[-1].append("  (details: the map)", style="dim")
        return lines

    # -- the situation: lasting events, modifiers, the opponent -----------------------------------

    def situation(
        self, view: Mapping[str, Any], seat: Seat | None, width: int, lasting: bool = True
    ) -> list[Text]:
        """One line of what is in effect (lasting events, OPs modifiers, markers), cut to the
        width (``details`` lists them with their texts)."""
        line = Text()
        in_effect: Mapping[str, str] = view["in_effect"]
        if in_effect and lasting:
            line.append("In effect: ", style="bold")
            for i, (cid, who) in enumerate(in_effect.items()):
                if i:
                    line.append(", ")
                line.append(self.card_name(cid))
                line.append(" (")
                line.append_text(self.side(who))
                line.append(")")
        mods = [(s, int(n)) for s, n in view["ops_mod"].items() if int(n)]
        for s, n in mods:
            line.append(" · " if line else "")
            line.append_text(self.side(s))
            line.append(f" cards {n:+d} OPs")
        if view.get("dreyfus"):
            line.append(" · " if line else "")
            line.append("Dreyfus Affair: Liberal pays double in France")
        if view.get("two_power_standard"):
            line.append(" · " if line else "")
            line.append(f"Two-Power Standard: {view['two_power_standard']} naval attempt(s) due")
        if not line:
            return []
        line.no_wrap, line.overflow = True, "ellipsis"
        line.truncate(width, overflow="ellipsis")
        return [line]

    def opponent(self, view: Mapping[str, Any], seat: Seat) -> Text:
        """The other side's hand: its size as card backs, and what it has shown (Scoring cards
        revealed at setup, the cards a Helgoland look saw)."""
        them = "A" if seat == "L" else "L"
        count = int(view["hand_sizes"].get(them, 0))
        out = Text.assemble(self.side(them, self.seat_name(them)), f" holds {count} ")
        held = min(count, int((view.get("held_counts") or {}).get(them, 0)))
        out.append(BACK * (count - held), style="dim")
        out.append(HELD_BACK * held, style="dim")
        if held:
            # 15.0 End of Turn: held cards showed their bottoms: no Scoring card among them
            out.append(f" ({held} held over: no Scoring card)")
        revealed = view["revealed"].get(them) or []
        if revealed:
            out.append(" · shown: " + ", ".join(self.card_name(c) for c in revealed))
        peek = view.get("peek") or []
        if peek:
            out.append(" · seen (Helgoland): " + ", ".join(self.card_name(c) for c in peek))
        out.append(f" · deck {view['deck_size']} · discard {len(view['discard'])}", style="dim")
        return out

    # -- the hand ---------------------------------------------------------------------------------

    def card_line(self, card: Mapping[str, Any], wrap: bool) -> Text:
        side = card["side"]
        line = Text(f"{card['number']:>3} ", style="bold cyan")
        line.append(str(card["name"]), style="bold underline" if card.get("lasting") else "bold")
        if card.get("removed"):
            line.append("*", style="bold")
        if card.get("held"):
            line.append(" [held]", style="dim")  # 15.0: held over from an earlier turn
        if side == "scoring":
            line.append(" SCORING", style="bold red")
        else:
            owner = SIDE_OF_IDEOLOGY.get(side)
            ops = int(card["ops"])
            line.append(f" ({ops} OP{'s' if ops != 1 else ''}, ")
            line.append_text(self.side(owner, owner) if owner else Text("N", style="bold"))
            line.append(")")
        if wrap:
            flags = [
                w
                for w, on in (
                    ("asterisk: leaves play", card.get("removed")),
                    ("lasting", card.get("lasting")),
                )
                if on
            ]
            if flags:
                line.append(f" ({', '.join(flags)})", style="dim")
        line.append(f": {card.get('text', '')}", style="" if wrap else "dim")
        if not wrap:
            line.no_wrap, line.overflow = True, "ellipsis"
        return line

    def hand(self, view: Mapping[str, Any], seat: Seat, width: int, wrap: bool) -> list[Text]:
        cards: Sequence[Mapping[str, Any]] = view.get("hand") or []
        title = Text.assemble(
            ("Your hand", "bold"), " — ", self.side(seat, f"{self.seat_name(seat)} ({seat})")
        )
        title.append(f", {len(cards)} card{'s' if len(cards) != 1 else ''}")
        legend = (
            " · (OPs, whose event: L Liberal, A Authoritarian, N neutral) · * leaves play after its event"
            " · [held] kept from an earlier turn, its bottom shown to the other player (§15.0)"
            if wrap
            else " · (OPs, whose event: L/A/N) · * leaves play"
        )
        if wrap or len(title) + len(legend) <= width:
            title.append(legend, style="dim")
        lines = [title]
        sort = sorted(cards, key=lambda c: (c["side"] != "scoring", int(c["number"])))
        for card in sort:
            line = self.card_line(card, wrap)
            if not wrap:
                line.truncate(width, overflow="ellipsis")
            lines.append(line)
        if not cards:
            lines.append(Text("  no cards", style="dim"))
        opponent = self.opponent(view, seat)
        if not wrap:
            opponent.no_wrap, opponent.overflow = True, "ellipsis"
            opponent.truncate(width, overflow="ellipsis")
        lines.append(opponent)
        return lines

    def stability_lines(self, view: Mapping[str, Any], seat: Seat | None) -> list[RenderableType]:
        """Both Stability decks (open knowledge, §9.0): each side's available cards, and the seat's
        own with their effects."""
        lines: list[RenderableType] = [Text("Stability cards available (§9.0)", style="bold")]
        for side in ("L", "A"):
            avail: Sequence[str] = view["stability"].get(side, [])
            line = Text.assemble("  ", self.side(side), f" {len(avail)}: ")
            if side != seat:
                line.append(", ".join(self.stability_name(s) for s in avail))
            lines.append(line)
            if side == seat:
                for sid in avail:
                    line = Text.assemble(
                        ("    " + self.stability_name(sid), "bold"), ": ", self.stability_text(sid)
                    )
                    lines.append(_hang(line, 4))
        return lines

    def stability_name(self, sid: str) -> str:
        card = self.content.stability.get(sid)
        return card.name if card is not None else sid

    def stability_text(self, sid: str) -> str:
        card = self.content.stability.get(sid)
        if card is None:
            return ""
        text = "; ".join(_step_text(s, self.content) for s in card.effect) or "no effect"
        return text[0].upper() + text[1:] + "."

    # -- War Mobilization (8.4.4) -------------------------------------------------------------------

    def nation_name(self, nation: str) -> str:
        return NATION_NAMES.get(nation, nation)

    def mobilization_lines(
        self, view: Mapping[str, Any], seat: Seat | None, width: int, wrap: bool, room: int = 0
    ) -> list[RenderableType]:
        """The war under 8.4.4: who fights on each side, the priority reached and the cards
        revealed (with their outcome), how many cards each side has face down; while a seat picks,
        its picks so far and the cards it may pick now, each with its menu number, name, priority,
        whether it would be valid now, and what it does. ``wrap``: every text whole (``details``);
        else each card on two lines when ``room`` lines allow it, or one, cut to the width."""
        mob: Mapping[str, Any] = view["mobilization"]
        cards = {str(c["id"]): c for c in view.get("mobilization_cards") or []}
        lines: list[RenderableType] = []
        nations: Mapping[str, str] = mob["nations"]
        withdrawn = set(mob.get("withdrawn") or [])
        sides: list[Text] = []
        for side in ("A", "L"):
            line = Text.assemble(self.side(side, f"{SIDE_OF_WAR[side]} ({side})"), ": ")
            names = [
                self.nation_name(n) + (" (out)" if n in withdrawn else "")
                for n, s in nations.items()
                if s == side
            ]
            line.append(", ".join(names) or "—")
            sides.append(line)
        joined = Text.assemble(("War Mobilization §8.4.4 · ", "bold"), sides[0], " · ", sides[1])
        if wrap or len(joined) <= width:
            lines.append(joined)
        else:
            lines.extend(self._cut(line, width, wrap) for line in sides)
        decision = view.get("decision")
        picking = isinstance(decision, Mapping) and decision.get("kind") == "mobilize"
        if isinstance(decision, Mapping) and picking:
            lines.extend(self.pick_lines(decision, cards, width, wrap, room - len(lines)))
        revealed: Sequence[Mapping[str, Any]] = mob.get("revealed") or []
        if revealed or not picking:
            line = Text(f"Priority reached: {max(0, int(mob['priority']))}", style="dim")
            hidden: Mapping[str, int] = mob.get("hidden_counts") or {}
            line.append(" · face down: ", style="dim")
            line.append_text(self.side("A", f"A {hidden.get('A', 0)}"))
            line.append(" ")
            line.append_text(self.side("L", f"L {hidden.get('L', 0)}"))
            lines.append(line)
        for card in revealed:
            line = Text("  ")
            line.append_text(self.side(str(card.get("side")), str(card.get("side"))))
            line.append(f" [{card['priority']}] {card['name']}", style="bold")
            outcome = str(card.get("outcome"))
            line.append(f" — {OUTCOMES.get(outcome, outcome)}", style="dim" if outcome != "valid" else "")
            if wrap:
                line.append(f": {self._effect(card, wrap)}", style="dim")
            lines.append(self._cut(line, width, wrap))
        return lines

    def pick_lines(
        self,
        decision: Mapping[str, Any],
        cards: Mapping[str, Mapping[str, Any]],
        width: int,
        wrap: bool,
        room: int,
    ) -> list[RenderableType]:
        """The seat's picks so far and the cards of the pick it makes now (numbered as the menu
        numbers them: the legal list's order)."""
        lines: list[RenderableType] = []
        progress: Mapping[str, Sequence[int]] = decision.get("progress") or {}
        state = Text("Sealed picks: ", style="dim")
        for i, side in enumerate(("A", "L")):
            done, total = progress.get(side, (0, 0))
            state.append(" · " if i else "")
            state.append_text(self.side(side))
            state.append(f" {done}/{total}" + (" done" if total and done >= total else ""))
        mine: Sequence[str] = decision.get("my_pick") or []
        if mine:
            yours = ", ".join(self.mobilization_label(cards, c) for c in mine)
            if len(state.plain) + len(" · yours: ") + len(yours) <= width or wrap:
                state.append(" · yours: " + yours)
            else:
                # its own line, the priorities dropped if the names alone fit: a seat must
                # see every card it has sealed (8.4.4)
                lines.append(self._cut(state, width, wrap))
                if len("Yours: " + yours) > width:
                    yours = ", ".join(str(cards.get(c, {}).get("name", c)) for c in mine)
                state = Text("Yours: ", style="dim")
                state.append(yours)
        lines.append(self._cut(state, width, wrap))
        options: Sequence[Mapping[str, Any]] = decision.get("options") or []
        slot = str(decision.get("picking") or "")
        if not options:
            return lines
        if slot.startswith("+"):
            ask = f"{cards.get(slot[1:], {}).get('name', slot[1:])} too, in addition to Germany's card? ·"
        else:
            ask = f"{self.nation_name(slot)}'s card ·"
        heading = Text(ask, style="bold")
        heading.append(" [priority]: lowest first · ✓ valid if run now", style="dim")
        lines.append(self._cut(heading, width, wrap))
        count = len(options) + (1 if slot.startswith("+") else 0)
        per = 2 if wrap or 2 * count <= room - len(lines) - 1 else 1
        for number, option in enumerate(options, 1):
            card = cards.get(str(option["id"]), {})
            lines.extend(self.option_lines(number, card, option, width=width, wrap=wrap, per=per))
        if slot.startswith("+"):
            lines.append(Text.assemble((f"{len(options) + 1:>2} ", "bold cyan"), "pass: no extra card"))
        return lines

    def mobilization_label(self, cards: Mapping[str, Mapping[str, Any]], cid: str) -> str:
        card = cards.get(cid, {})
        return f"{card.get('name', cid)} [{card.get('priority', '?')}]"

    def option_lines(
        self,
        number: int,
        card: Mapping[str, Any],
        option: Mapping[str, Any],
        *,
        width: int,
        wrap: bool,
        per: int,
    ) -> list[RenderableType]:
        """One card the seat may pick: its menu number, name (``(ours)``: a name we gave it),
        priority, whether it would be valid now, and its effect in words, on ``per`` lines."""
        head = Text(f"{number:>2} ", style="bold cyan")
        head.append(str(card.get("name", option["id"])), style="bold")
        if card.get("name_ours"):
            head.append(" (ours)", style="dim")
        head.append(f" [{card.get('priority', '?')}] ")
        if option.get("valid_now"):
            head.append("✓", style="bold green")
        else:
            head.append("✗", style="bold red")
        text = self._effect(card, wrap)
        if wrap:
            return [_hang(Text.assemble(head, " ", text), 3)]
        if per == 1:
            return [self._cut(Text.assemble(head, " ", (text, "dim")), width, False)]
        rows = textwrap.wrap(
            head.plain + " " + text, width, subsequent_indent="   ", max_lines=per, placeholder=" …"
        )
        first = (
            Text.assemble(head, rows[0][len(head.plain) :])
            if rows[0].startswith(head.plain)
            else Text(rows[0])
        )
        return [first, *(Text(row, style="dim") for row in rows[1:])]

    @staticmethod
    def _effect(card: Mapping[str, Any], wrap: bool) -> str:
        """A Mobilization card's text; on the compact screen without its note on provenance (the
        name says "(ours)"; ``details`` shows the whole text)."""
        text = str(card.get("text", ""))
        if not wrap:
            for note in (" (Name and effect are our", " (Effect is our"):
                text = text.split(note, maxsplit=1)[0]
        return text

    @staticmethod
    def _cut(line: Text, width: int, wrap: bool) -> Text:
        if not wrap:
            line.no_wrap, line.overflow = True, "ellipsis"
            line.truncate(width, overflow="ellipsis")
        return line

    # -- the screen -------------------------------------------------------------------------------

    def screen(self, view: Mapping[str, JSON], seat: Seat | None) -> RenderableType:
        decision = view.get("decision")
        self.kind = str(decision.get("kind")) if isinstance(decision, Mapping) else None
        return _Screen(self, view, seat)

    def full_screen(self, view: Mapping[str, Any], seat: Seat | None, width: int) -> RenderableType:
        parts: list[RenderableType] = [*self.header(view, width)]
        parts.append(self.tracks(view))
        parts.append(Text())
        parts.extend(self.full_map(view, width))
        in_effect: Mapping[str, str] = view["in_effect"]
        if in_effect:
            parts.append(Text("Lasting events in effect (§7.2)", style="bold"))
            for cid, who in in_effect.items():
                text = view["in_play_texts"].get(cid, "")
                parts.append(Text.assemble("  ", self.side(who), f" {self.card_name(cid)}: ", (text, "dim")))
        parts.extend(self.situation(view, seat, width, lasting=False))
        if view.get("mobilization") is not None:
            parts.extend(self.mobilization_lines(view, seat, width, wrap=True))
        parts.extend(self.stability_lines(view, seat))
        if seat is not None:
            title, *cards, opponent = self.hand(view, seat, width, wrap=True)
            parts.append(title)
            parts.extend(_hang(card, 4) for card in cards)
            parts.append(opponent)
        return Group(*parts)

    def tracks(self, view: Mapping[str, Any]) -> Text:
        """The Great War track's markers, the naval chart's extras (who holds each ability, the
        High Water Mark), the removed cards."""
        out = Text("Great War track: ", style="dim")
        out.append(", ".join(_marker_name(m) for m in view["gw_track"]) or "—")
        if view["markers"]:
            out.append(" · event markers: " + ", ".join(_marker_name(m) for m in view["markers"]))
        held = [(box, who) for box, who in view["naval_abilities"].items() if who]
        if held:
            out.append("\nNaval abilities: ", style="dim")
            for i, (box, who) in enumerate(held):
                out.append(", " if i else "")
                out.append(f"{self.naval_name(box)} ")
                out.append_text(self.side(who))
        if view.get("hwm"):
            out.append(f" · German High Water Mark: {self.naval_name(view['hwm'])}", style="dim")
        rounds_left: Sequence[str] = view["rounds_left"]
        out.append(f"\nRounds left this turn: {len(rounds_left)}", style="dim")
        out.append(f" · removed from play: {len(view['removed'])} card(s)", style="dim")
        return out

    # -- the decision -----------------------------------------------------------------------------

    def decision(self, view: Mapping[str, JSON], seat: Seat) -> str:
        decision = view.get("decision")
        kind = str(decision.get("kind")) if isinstance(decision, Mapping) else ""
        data: Mapping[str, Any] = {}
        if isinstance(decision, Mapping) and isinstance(decision.get("data"), Mapping):
            data = decision["data"]
        what = DECISIONS.get(kind, "choose one of the actions below")
        if kind == "setup-place" and "left" in data:
            what = f"place a discretionary Support Point ({data['left']} to place now) (§3.4)"
        elif kind == "play" and data.get("mandatory"):
            what = "Two-Power Standard: this round must be a naval attempt (§6.3.3)"
        elif kind == "order" and "card" in data:
            what = f"{self.card_name(str(data['card']))}'s event: before or after your OPs? (§5.2)"
        elif kind == "place" and "ops" in data:
            what = f"place Support Points, {data['ops']} OP(s) left (§6.1)"
        elif kind == "checks" and "left" in data:
            what = f"Support Check with {data['ops']} OPs, {data['left']} left: choose the space (§6.2)"
        elif kind == "event-place" and "left" in data:
            up = "up to " if data.get("upto") else ""
            what = f"place {up}{data['left']} Support Point(s) for the event (§6.1.1)"
        elif kind == "event-remove" and "left" in data:
            victim = str(data.get("victim", ""))
            what = f"remove {data['left']} {self.seat_name(victim)} Support Point(s) (§7.0)"
        elif kind == "use" and "ops" in data:
            what = f"use {data['ops']} OPs from the event: place, Support Checks" + (
                ", or pass (§7.4)" if data.get("may_pass") else " (§7.4)"
            )
        elif kind == "pick":
            purpose = str(data.get("purpose", "discard"))
            what = {
                "replay": "choose an event to play again from the discard (§7.0)",
                "take": "choose a card to take from the discard (§7.0)",
                "discard": "choose a card to discard; its event does not happen (§5.4)",
            }.get(purpose, what)
        elif kind == "tirpitz" and "most" in data:
            what = f"Admiral von Tirpitz: take 0 to {data['most']} SP off Wilhelm II (§6.3.4)"
        elif kind == "mobilize" and isinstance(decision, Mapping) and decision.get("picking"):
            slot = str(decision["picking"])
            done, total = (decision.get("progress") or {}).get(seat, (0, 0))
            what_now = (
                "U-Boat Offensive too, or pass"
                if slot.startswith("+")
                else f"{self.nation_name(slot)}'s card"
            )
            what = f"pick {done + 1} of {total}: {what_now}, sealed (§8.4.4)"
        elif kind == "stability" and isinstance(decision, Mapping):
            region = REGION_NAMES.get(str(decision.get("region")), str(decision.get("region")))
            what = f"choose Stability card(s) for the {region} scoring, sealed (§9.0)"
        return f"{self.seat_name(seat)} ({seat}): {what}"

    def verb_title(self, verb: str) -> str:
        title, rule = KIND_VERBS.get((self.kind or "", verb)) or VERBS.get(verb, (verb, ""))
        return f"{title} {rule}".strip()

    def help(self, view: Mapping[str, JSON], seat: Seat, topic: str | None) -> str:
        if topic:
            text = TOPICS.get(topic.lower().split()[0])
            if text is None:
                return f"no help on {topic!r}; topics: {', '.join(VERBS)}"
            return text
        decision = view.get("decision")
        kind = str(decision.get("kind")) if isinstance(decision, Mapping) else ""
        return f"{TOPICS.get(kind, '')}\n\n{GENERAL}".strip()

    def verdict(self, outcome: Outcome) -> Text | None:
        """Who won the Great War, when it broke out (§8.4.2)."""
        winner = outcome.details.get("war_winner")
        if not isinstance(winner, str) or not winner:
            return None
        name = self.seat_name(winner) if winner in SIDE_NAMES else winner
        return Text.assemble(("The Great War (§8.4): ", "bold"), (f"won by the {name}", "bold"))
