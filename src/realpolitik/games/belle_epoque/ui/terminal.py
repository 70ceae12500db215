"""La Belle Époque on the terminal: the map, the fleet boxes, the Power mats and the seat's hand.

Everything drawn comes from the game's JSON view (``games/belle_epoque/view.py``), so nothing
hidden can leak; only names, space counts and continents (printed on the board, public) are read
from the content. Each cube shows its owner's letters as well as a colour, so the screen reads in
monochrome and for colour-blind players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ....engine import JSON, Outcome, Seat
from ..content import Content
from ..rules.setup import SEATING, content_for
from .compact import Compact
from .help import GENERAL, TOPICS, TOPICS_IT, VERBS, VERBS_IT
from .names import public

POWER_STYLES = {"red": "bold red", "blue": "bold bright_blue", "grey": "bold grey70", "green": "bold green"}
MINOR_STYLE = "magenta"
ARMAMENT_STYLE = "bold yellow"
CELL = 5
"""Characters per space on the board: a dispute ``FR/GB`` fills one."""

MINOR_CODES = {
    "italy": "it",
    "japan": "jp",
    "united-states": "us",
    "spain": "es",
    "portugal": "pt",
    "belgium": "be",
    "netherlands": "nl",
    "boer-states": "bo",
}
"""Minor nations' DM cubes in lower case, so they never look like a Power's."""

_PHASES = {
    "setup": ("Setup", "Preparazione"),
    "initial-setup": ("Initial Setup §3.3", "Schieramento iniziale §3.3"),
    "turn-start": ("Start of turn", "Inizio turno"),
    "intrigue": ("Intrigue Cards Phase §7", "Fase carte Intrigo §7"),
    "action": ("Action Phase §8", "Fase Azioni §8"),
    "end-of-turn": ("End of turn §9-§10", "Fine turno §9-§10"),
    "over": ("Game over §10.2", "Fine partita §10.2"),
}

_WORDS = {
    "turn": ("Turn", "Turno"),
    "era": ("Era", "Era"),
    "order": ("Turn order", "Ordine di turno"),
    "next": ("Next order", "Prossimo ordine"),
    "events": ("Event deck", "Mazzo Eventi"),
    "intrigue": ("Intrigue deck", "Mazzo Intrighi"),
    "discard": ("discard", "scarti"),
    "fleet box": ("Fleet box", "Box flotte"),
    "territory": ("Territory", "Territorio"),
    "holder": ("Ally / control", "Alleato / controllo"),
    "notes": ("Notes", "Note"),
    "power": ("Power", "Potenza"),
    "mats": ("Powers", "Potenze"),
    "hand": ("Your hand", "La tua mano"),
    "in play": ("Cards in play", "Carte in gioco"),
    "dispute": ("Diplomatic Dispute", "Disputa Diplomatica"),
    "legend": (
        "GB = a Great Britain cube · it = a minor nation's cube · FR/GB = GB disputes FR's cube · "
        "# = Armament · · = free",
        "GB = cubo della Gran Bretagna · it = cubo di una nazione minore · FR/GB = GB contesta il cubo "
        "FR · # = Armamento · · = libero",
    ),
}

_ROMAN = {1: "I", 2: "II", 3: "III"}

FULL_HEIGHT = 70
"""A console at least this tall gets the full screen at every decision; a shorter one (an ordinary
terminal) gets the compact one, and the full one on request."""


class _Screen:
    """The screen of one view, laid out for the console it is printed on: compact on an ordinary
    terminal, everything (every cube's letters, the card texts) when there is room."""

    def __init__(self, renderer: BelleEpoqueRenderer, view: Mapping[str, JSON], seat: Seat | None) -> None:
        self.renderer, self.view, self.seat = renderer, view, seat

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_height >= FULL_HEIGHT:
            yield self.renderer.full_screen(self.view, self.seat)
        else:
            yield Compact(self.renderer, self.view, options.max_width, options.max_height).render(self.seat)


def make_renderer(options: Mapping[str, JSON], lang: str) -> BelleEpoqueRenderer:
    np = options.get("np")
    return BelleEpoqueRenderer(
        content_for(options),
        int(options.get("players", 4)),
        lang,
        np=[str(p) for p in np] if isinstance(np, list) else [],
    )


class BelleEpoqueRenderer:
    """La Belle Époque's :class:`~realpolitik.engine.plugin.Renderer`."""

    def __init__(self, content: Content, players: int, lang: str, np: Sequence[str] = ()) -> None:
        self.content = content
        self.player_count = players
        self.it = lang == "it"
        self.np = tuple(np)
        """The Non-Player Powers (§13): played by the game itself, never by a person here."""
        self.kind: str | None = None
        """The decision last drawn: a verb's heading depends on it (a card's ``place``)."""

    # -- names ------------------------------------------------------------------------------------

    def word(self, key: str) -> str:
        en, it = _WORDS[key]
        return it if self.it else en

    def seat_name(self, seat: Seat) -> str:
        power = self.content.powers[seat]
        return power.name_it if self.it else power.name_en

    def seat_style(self, seat: str) -> str:
        return POWER_STYLES.get(self.content.powers[seat].colour, "bold")

    def seat_label(self, seat: Seat) -> Text:
        return Text(seat, style=self.seat_style(seat))

    def phase_name(self, phase: str) -> str:
        en, it = _PHASES.get(phase, (phase, phase))
        return it if self.it else en

    def territory_name(self, territory: str) -> str:
        t = self.content.territories[territory]
        return t.name_it if self.it else t.name_en

    def card_name(self, card: str) -> str:
        c = self.content
        if card in c.national_cards:
            n = c.national_cards[card]
            return public(n.name_it if self.it else n.name_en)
        if card in c.intrigue_cards:
            halves = c.intrigue_cards[card].halves
            return public(" / ".join(h.name_it if self.it else h.name_en for h in halves))
        if card in c.event_cards:
            e = c.event_cards[card]
            return public(e.name_it if self.it else e.name_en)
        return card

    def players(self) -> list[tuple[Seat, ...]]:
        if self.np:
            # §13: with NP Powers each other Power is one player's (the 2- and 3-player seating of
            # §3.2 does not apply), and the NP Powers are nobody's.
            return [(p,) for p in self.content.power_ids if p not in self.np]
        # §3.2: with 2 or 3 players some hold two Powers; the hand-over screen is per person.
        return list(SEATING.get(self.player_count, tuple((p,) for p in self.content.power_ids)))

    def np_mark(self, seat: Seat) -> Text:
        """`` (NP)`` after a Non-Player Power's name, so nobody waits for it to decide."""
        return Text(" (NP)" if seat in self.np else "", style="italic")

    # -- pieces -----------------------------------------------------------------------------------

    def cube(self, owner: str) -> Text:
        if owner in self.content.powers:
            return self.seat_label(owner)
        if owner == "#":
            return Text("#", style=ARMAMENT_STYLE)
        code = MINOR_CODES.get(owner) or "".join(w[0] for w in owner.split("-"))[:2]
        return Text(code, style=MINOR_STYLE)

    def space(self, text: str | None) -> Text:
        if text is None:
            return Text("·", style="dim")
        base, _, top = text.partition("/")
        cell = self.cube(base)
        if top:
            # "FR/GB": GB's cube sits on FR's (the top is the attacker, §8.2).
            cell = Text.assemble(cell, ("/", "bold"), self.cube(top))
            cell.stylize("underline")
        return cell

    # -- the screen -------------------------------------------------------------------------------

    def screen(self, view: Mapping[str, JSON], seat: Seat | None) -> RenderableType:
        decision = view.get("decision")
        self.kind = str(decision.get("kind")) if isinstance(decision, Mapping) else None
        return _Screen(self, view, seat)

    def full_screen(self, view: Mapping[str, JSON], seat: Seat | None) -> RenderableType:
        parts: list[RenderableType] = [self.header(view)]
        parts.append(Columns([self.continent(view, c) for c in self.content.continent_ids], expand=False))
        parts.append(Text(self.word("legend"), style="dim"))
        dispute = view.get("dispute")
        if isinstance(dispute, Mapping):
            parts.append(self.dispute(dispute))
        card = view.get("card")
        if isinstance(card, Mapping):
            parts.append(self.card_in_play(card))
        parts.append(self.mats(view))
        played = self.played(view)
        if played is not None:
            parts.append(played)
        if seat is not None:
            parts.append(self.hand(view, seat))
        return Group(*parts)

    def header(self, view: Mapping[str, JSON]) -> Text:
        turn, era, phase = view["turn"], view["era"], str(view["phase"])
        en, it = _PHASES.get(phase, (phase, phase))
        line = Text.assemble(
            ("La Belle Époque", "bold"),
            f"  ·  {self.word('turn')} {turn}/{self.content.game.turns}  ·  ",
            f"{self.word('era')} {_ROMAN.get(int(era), era)}  ·  ",
            (it if self.it else en, "bold"),
        )
        line.append(f"\n{self.word('order')}: ")
        # Before the first turn order exists, the Initial Setup's (§3.3.1).
        order = view["turn_order"] or (self.content.setup.order if phase == "initial-setup" else [])
        line.append_text(self.seat_list(order, view))
        if view["next_order"]:
            line.append(f"   {self.word('next')}: ")
            line.append_text(self.seat_list(view["next_order"], view))
        events, intrigue = view["events"], view["intrigue"]
        line.append(
            f"   {self.word('events')}: {events['deck']}   "
            f"{self.word('intrigue')}: {intrigue['deck']} ({self.word('discard')} {intrigue['discard']})",
            style="dim",
        )
        return line

    def seat_list(self, seats: Sequence[str], view: Mapping[str, JSON]) -> Text:
        decision = view.get("decision")
        acting = decision.get("seat") if isinstance(decision, Mapping) else None
        out = Text()
        for i, seat in enumerate(seats):
            if i:
                out.append(" ")
            label = self.seat_label(seat)
            if seat == acting:
                label.stylize("reverse")
            out.append_text(label)
            out.append_text(self.np_mark(seat))
        return out

    def continent(self, view: Mapping[str, JSON], continent: str) -> Panel:
        """One continent as fixed-width lines (a rich Table here costs ten times as much to lay
        out, and the screen is drawn at every decision)."""
        info = self.content.continents[continent]
        names = {
            t: self.territory_name(t) + (" M" if self.content.territories[t].is_minor else " C")
            for t in info.territories
        }
        wide = max(len(n) for n in names.values())
        widest = max(self.content.territories[t].spaces for t in info.territories)
        holder_wide = max(15, len(self.word("holder")))
        heading = Text(f"{self.word('territory'):<{wide}} VP ", style="bold")
        heading.append("".join(f"{n:^{CELL}}" for n in range(1, widest + 1)))
        heading.append(f" {self.word('holder'):<{holder_wide}} {self.word('notes')}")
        lines = [heading]
        territories: Mapping[str, Any] = view["territories"]
        for territory in info.territories:
            here = territories[territory]
            line = Text(f"{names[territory]:<{wide}}")
            line.stylize("dim", len(names[territory]) - 1, len(names[territory]))
            line.append(f" {self.content.territories[territory].vp:>2} ")
            for text in here["spaces"]:
                cell = self.space(text)
                cell.pad_left((CELL - len(cell)) // 2)
                cell.pad_right(CELL - len(cell))
                line.append_text(cell)
            line.append(" " * CELL * (widest - len(here["spaces"])) + " ")
            holder = self.holder(here["holder"], self.content.territories[territory].is_minor)
            holder.pad_right(holder_wide - len(holder))
            line.append_text(holder)
            line.append(" ")
            line.append_text(self.notes(view, territory))
            lines.append(line)
        title = Text.assemble((self.continent_name(continent), "bold"), "  ", self.fleet_box(view, continent))
        return Panel(Group(*lines), title=title, title_align="left", expand=False)

    def continent_name(self, continent: str) -> str:
        c = self.content.continents[continent]
        return c.name_it if self.it else c.name_en

    def holder(self, holder: str | None, minor: bool) -> Text:
        if holder is None:
            return Text("—", style="dim")
        words = ("alleato", "controllo") if self.it else ("ally", "controls")
        what = words[0] if minor else words[1]
        return Text.assemble(self.seat_label(holder), f" {what}")

    def notes(self, view: Mapping[str, JSON], territory: str) -> Text:
        out = Text()
        contrasts = view["contrasts"].get(territory)
        if contrasts:
            out.append("Contrasts ")
            out.append_text(self.seat_label(contrasts["power"]))
            out.append(f" T{contrasts['turn']} ")
        minor = view["minors"].get(territory)
        if minor and minor["ally"]:
            for unit in minor["units"]:
                kind = unit["unit"].rsplit("-", 1)[-1]
                mark = "*" if unit["exhausted"] else ""
                out.append(f"{kind}:{unit['location']}{mark} ", style="dim")
        return out

    def fleet_box(self, view: Mapping[str, JSON], continent: str) -> Text:
        box = view["fleet_boxes"].get(continent)
        if box is None:
            return Text()
        out = Text(f"{self.word('fleet box')}: ", style="dim")
        shown = False
        for power, count in box.items():
            if not count:
                continue
            exhausted = view["powers"][power]["fleets"]["exhausted"].get(continent, 0)
            out.append_text(self.seat_label(power))
            out.append(f" {count}" + (f" ({exhausted} exh.)" if exhausted else "") + "  ")
            shown = True
        for minor, data in view["minors"].items():
            for unit in data["units"]:
                if unit["location"] == continent and data["ally"]:
                    out.append(f"{minor}-fleet", style=MINOR_STYLE)
                    out.append(" (")
                    out.append_text(self.seat_label(data["ally"]))
                    out.append(")" + ("*" if unit["exhausted"] else "") + "  ")
                    shown = True
        if not shown:
            out.append("—", style="dim")
        return out

    def dispute(self, dispute: Mapping[str, Any]) -> Panel:
        attacker, defender = dispute["attacker"], dispute["defender"]
        line = Text.assemble(
            f"{self.territory_name(dispute['territory'])}, space {dispute['space']}: ",
            self.seat_label(attacker),
            " attacks ",
            self.cube(dispute["cube"]),
            "'s cube",
        )
        line.append("\n")
        line.append_text(self.seat_label(attacker))
        line.append(f" commits {dispute['a_fleets']} fleet(s), {dispute['a_armies']} army(ies)   ")
        if defender:
            line.append_text(self.seat_label(defender))
            line.append(f" commits {dispute['d_fleets']} fleet(s), {dispute['d_armies']} army(ies)")
        else:
            line.append("the unallied minor nation defends with its fixed modifier (§8.7.1)")
        return Panel(line, title=f"{self.word('dispute')} §8.7", title_align="left", expand=False)

    def mats(self, view: Mapping[str, JSON]) -> Table:
        """One row per Power mat. Headings name the parts of a cell (``ready/buy/out``) so the
        table stays narrow enough for a 100-column terminal."""
        table = Table(
            title=self.word("mats"),
            title_justify="left",
            caption="Armies: ready/to buy/out · Fleets: arsenal/Europe/Africa/Asia/to buy (+Nx exhausted) "
            "· FT: Fleet track · Arm.: Armament cubes left · Cards: Intrigue/National",
            caption_justify="left",
            pad_edge=False,
        )
        right = ("£", "DM", "Res.", "Prest.", "VP", "FT", "Arm.")
        headings = ("", "£", "DM", "Res.", "Prest.", "VP", "FT", "Armies", "Fleets", "GW", "Arm.")
        for heading in (*headings, "Cards", "Status"):
            table.add_column(
                heading,
                justify="right" if heading in right else "left",
                no_wrap=heading != "Status",
                # "RU (NP)" must not be cut to "RU (N…" on a narrow terminal.
                min_width=7 if heading == "" and self.np else None,
            )
        for power, me in view["powers"].items():
            armies, fleets = me["armies"], me["fleets"]
            out = sum(armies["out"].values())
            boxes = "/".join(
                f"{fleets['active'][b]}" + (f"+{fleets['exhausted'][b]}x" if fleets["exhausted"][b] else "")
                for b in fleets["active"]
            )
            great = self.content.powers[power].great_work
            gw = Text("built", style="green") if me["great_work"] else Text(f"£{great.cost}", style="dim")
            status = []
            if me["passed"]:
                status.append("passed")
            if me["actions_used"]:
                status.append("+".join(me["actions_used"]))
            if me["prestige_used"]:
                status.append("prestige taken")
            if me["targeted"]:
                status.append("targeted")
            table.add_row(
                Text.assemble(self.seat_label(power), self.np_mark(power) if me.get("np") else ""),
                str(me["money"]),
                str(me["embassies"]),
                str(me["reserve"]),
                str(me["prestige"]),
                str(me["vp"]),
                str(me["fleet_track"]),
                f"{armies['arsenal']}/{armies['reserve']}/{out}",
                f"{fleets['arsenal']}/{boxes}/{fleets['reserve']}",
                gw,
                str(me["armament_left"]),
                f"{me['intrigue_count']}/{len(me['national'])}",
                ", ".join(status),
            )
        return table

    def played(self, view: Mapping[str, JSON]) -> Text | None:
        played: Sequence[Mapping[str, Any]] = view["played"]
        if not played:
            return None
        out = Text(f"{self.word('in play')}: ", style="bold")
        for i, card in enumerate(played):
            if i:
                out.append(";  ")
            out.append(self.card_name(card["card"]) + " (")
            out.append_text(self.seat_label(card["player"]))
            out.append(")")
            if card["victims"]:
                out.append(" on " + ", ".join(card["victims"]))
        return out

    def hand(self, view: Mapping[str, JSON], seat: Seat) -> Panel:
        """The seat's own cards (its view holds no other hand), with their texts when the view
        gives them, so a player can choose a card without the rulebook."""
        me = view["powers"][seat]
        lines = Text()
        cards: Sequence[Mapping[str, Any]] | None = me.get("hand")
        if cards is None:  # a view without card texts: ids and names only
            cards = [{"card": c, "deck": "intrigue"} for c in me.get("intrigue", [])]
            cards += [{"card": c, "deck": "national"} for c in me["national"]]
        if not cards:
            lines.append("no cards", style="dim")
        for n, card in enumerate(cards):
            if n:
                lines.append("\n")
            lines.append_text(self.card_line(card, seat))
        keep = view.get("keep")
        if isinstance(keep, Sequence) and keep:
            lines.append("\nDrawn, keep one: ", style="bold")
            lines.append("; ".join(f"{self.card_name(c)} [{c}]" for c in keep))
        title = Text.assemble(f"{self.word('hand')} — ", self.seat_label(seat), f" {self.seat_name(seat)}")
        return Panel(lines, title=title, title_align="left", expand=False)

    def card_line(self, card: Mapping[str, Any], seat: Seat) -> Text:
        lang = "it" if self.it else "en"
        line = Text(f"[{card['card']}] ", style="cyan")
        if card.get("deck") == "national":
            cost = card.get("cost", self.content.national_cards[card["card"]].cost.get(seat, 0))
            line.append(
                f"{public(card.get(f'name_{lang}') or self.card_name(card['card']))} £{cost}", style="bold"
            )
            line.append(" (National)", style="dim")
            if card.get(f"text_{lang}"):
                line.append(f": {public(card[f'text_{lang}'])}")
            return line
        halves: Sequence[Mapping[str, Any]] = card.get("halves", [])
        if not halves:
            line.append(self.card_name(card["card"]), style="bold")
            return line
        for half in halves:
            line.append(f"\n   /{half['half']} ", style="cyan")
            line.append(half.get(f"name_{lang}") or half["name_en"], style="bold")
            if half.get("reaction"):
                line.append(" (reaction)", style="dim")
            text = half.get(f"text_{lang}") or half.get("text_en")
            if text:
                line.append(f": {text}")
        return line

    def card_in_play(self, card: Mapping[str, Any]) -> Panel:
        line = Text.assemble(
            (str(card.get("name_en") or self.card_name(str(card["card"]))), "bold"),
            " played by ",
            self.seat_label(str(card["player"])),
        )
        if card.get("target"):
            line.append(f" on {card['target']}")
        line.append(" · ")
        line.append_text(self.seat_label(str(card["seat"])))
        line.append(f" chooses ({card.get('choosing', '')})")
        return Panel(line, title=f"{self.word('in play')} §8.6", title_align="left", expand=False)

    # -- the decision -----------------------------------------------------------------------------

    def decision(self, view: Mapping[str, JSON], seat: Seat) -> str:
        decision = view.get("decision")
        kind = decision.get("kind") if isinstance(decision, Mapping) else None
        what = {
            "place": "place a starting DM cube (§3.3)",
            "action": "take an action (§8)",
            "commit": "commit units to the dispute (§8.7)",
            "keep": "keep one of the Intrigue cards drawn (§8.2.3)",
            "remove": "choose a DM cube for the card to remove (§8.6)",
            "card": "make the choice the card in play asks for (§8.6)",
            "reroll": "re-roll with Change of Strategy, or keep the roll (choose accept)",
            "phase-e-card": "before the disputes with the Non-Player Powers, play Empire of the Seas "
            "for them (§13.4.7), or end to keep the card",
        }.get(str(kind), "choose one of the actions below")
        if kind == "action":
            used = view["powers"][seat]["actions_used"]
            if used:
                what = f"take a second action of another type, or end (§8.0.1; done: {', '.join(used)})"
        return f"{self.seat_name(seat)} ({seat}): {what}"

    def verdict(self, outcome: Outcome) -> Text | None:
        """The solo game's band on the §13.10 table (NP Powers never score)."""
        verdict = outcome.details.get("verdict")
        if not isinstance(verdict, Mapping):
            return None
        name = verdict.get("name_it" if self.it else "name_en") or verdict.get("band")
        victory = "victory" in str(verdict.get("band", ""))
        bonus = int(verdict.get("bonus") or 0)
        line = Text(
            "Solo verdict (§13.10): " if not self.it else "Esito in solitario (§13.10): ", style="bold"
        )
        line.append(str(name), style="bold green" if victory else "bold red")
        line.append(f" with {verdict.get('vp')} VP" if not self.it else f" con {verdict.get('vp')} PV")
        if bonus:
            line.append(
                f" (+{bonus} for an early end)" if not self.it else f" (+{bonus} per la fine anticipata)"
            )
        return line

    def verb_title(self, verb: str) -> str:
        # A card that places cubes (Rising Sun, §8.6.2) is not the Initial Setup (§3.3).
        if verb == "place" and self.kind == "card":
            return "Piazzare un cubo MD §8.6.2" if self.it else "Place a DM cube with the card §8.6.2"
        if verb == "end" and self.kind == "phase-e-card":
            return "Tenere la carta per dopo §13.4.7" if self.it else "Keep the card for later §13.4.7"
        if verb not in VERBS:
            return verb
        title, rule = VERBS[verb]
        return f"{VERBS_IT[verb] if self.it else title} {rule}"

    def help(self, view: Mapping[str, JSON], seat: Seat, topic: str | None) -> str:
        topics = TOPICS_IT if self.it else TOPICS
        if topic:
            text = topics.get(topic.lower())
            if text is None:
                return f"no help on {topic!r}; topics: {', '.join(TOPICS)}"
            return text
        decision = view.get("decision")
        kind = str(decision.get("kind")) if isinstance(decision, Mapping) else ""
        return f"{topics.get(kind, '')}\n\n{GENERAL}".strip()
