"""Struggle of Empires on the terminal, in English or French: the War, the round and the turn order,
the alliance rows, the regions with each empire's tokens and units, every empire's mat, and the
seat's own unrest.

Everything that changes is read from the game's JSON view (``rules/view.py``): another empire's
unrest is shown as its count of markers only (L73), and the bag as its size. Only what is printed
(region, empire and tile names, the regions' VP values, the tiles' texts and prices) comes from the
public content. Each empire shows its letters as well as its colour, so the screen reads in
monochrome.

The screen fits its console: from 60 lines up (and for ``details``) everything, with full names,
scores and tile texts; on an ordinary terminal (100×40) a line a region and a line an empire; on a
small one (80×24) the header, the own mat and the others' in short, then the regions if room is left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from ....engine import JSON, LogEntry, Outcome, Seat
from ..content import Content, marker_of
from ..rules.setup import content_for, seats_for
from .help import DECISIONS, GENERAL, KIND_VERBS, TOPICS, VERBS
from .log_text import translate

STYLES = {
    "GB": "bold red",
    "FR": "bold bright_blue",
    "PR": "bold cyan",
    "AU": "bold white",
    "ES": "bold yellow",
    "RU": "bold green",
    "NL": "bold magenta",
}
FULL_HEIGHT = 60
"""A console at least this tall gets the full screen at every decision."""
NAME = 15
"""Characters of a region's name on the compact screen."""

SHORT: dict[str, dict[str, str]] = {
    # region: {lang: at most 10 characters}, for a small terminal's summary
    "north-america": {"en": "N.America", "fr": "Am.du Nord"},
    "south-america": {"en": "S.America", "fr": "Am.du Sud"},
    "east-indies": {"en": "E.Indies", "fr": "Indes Or."},
    "mediterranean": {"en": "Mediterr.", "fr": "Méditerr."},
    "german-states": {"en": "German St.", "fr": "États all."},
    "central-europe": {"en": "Central Eu", "fr": "Europe c."},
    "ottoman-empire": {"en": "Ottoman", "fr": "Emp.ottom."},
}

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Struggle of Empires",
        "colon": ": ",
        "war": "War",
        "round": "Round",
        "setup": "Setup",
        "auction": "Alliance auction",
        "over": "Game over",
        "decides": "to decide",
        "choose": "choose",
        "order": "Order",
        "grey": "Grey",
        "white": "White",
        "bag": "bag",
        "regions": "Regions",
        "vp_values": "VP",
        "tokens": "tokens",
        "units": "units",
        "home": "At home",
        "empires": "Empires",
        "gold": "gold",
        "pop": "pop",
        "vp": "VP",
        "unrest": "unrest",
        "unrest_markers": "unrest markers",
        "tiles": "tiles",
        "no_tiles": "no tiles",
        "used": "used",
        "you": "you",
        "stock": "Tile stock",
        "your_tiles": "Your tiles",
        "leads": "scores now",
        "no_bid": "no bid yet; {seat} opens",
        "high": "high bid {n} by {seat}: grey {a}, white {b}",
        "passes": "{n} pass(es)",
        "attack": "Attack: {att} on {target} in {region}",
        "support_by": "support",
        "naval_support": "naval support",
        "dice": "dice",
        "surprise": "Surprise Attack: the defender's allies are not asked",
        "asked": "{ally} asked, {n} gold offered",
        "asked_no_gold": "{ally} asked, no gold offered",
        "answer_ships": "ships",
        "answer_armies": "armies",
        "answer_all": "ships and armies",
        "answer_none": "refuses",
        "answer_waiting": "answer awaited",
        "boosted": "Blockade: naval support +2",
        "neutral": "neutral {n}",
        "held": "held by {tile}: {seats}",
        "blockade": "blockade {seat}",
        "revolution": "revolution at {n}",
        "details": "details: everything",
        "legend": (
            "tokens: control tokens · units: a army, s ship, f fort · markers: Pop, Slaves, N2 a "
            "neutral of strength 2 (+3g: 3 gold, +VP: 1 VP to its conqueror) · VP: first/second/third"
        ),
        "army": "a",
        "ship": "s",
        "fort": "f",
        "slaves": "Slaves",
        "gold_short": "g",
        "price": "{n} gold",
        "price_unrest": "{n} unrest",
    },
    "fr": {
        "title": "Luttes impériales",
        "colon": " : ",
        "war": "Guerre",
        "round": "Manche",
        "setup": "Mise en place",
        "auction": "Enchère des alliances",
        "over": "Partie terminée",
        "decides": "décide",
        "choose": "choisissent",
        "order": "Ordre",
        "grey": "Gris",
        "white": "Blanc",
        "bag": "sac",
        "regions": "Régions",
        "vp_values": "PV",
        "tokens": "jetons",
        "units": "unités",
        "home": "Chez soi",
        "empires": "Empires",
        "gold": "or",
        "pop": "pop",
        "vp": "PV",
        "unrest": "agitation",
        "unrest_markers": "pions d'agitation",
        "tiles": "tuiles",
        "no_tiles": "aucune tuile",
        "used": "utilisée",
        "you": "vous",
        "stock": "Réserve de tuiles",
        "your_tiles": "Vos tuiles",
        "leads": "marquerait",
        "no_bid": "pas d'offre ; {seat} ouvre",
        "high": "meilleure offre {n} par {seat} : gris {a}, blanc {b}",
        "passes": "{n} passe(s)",
        "attack": "Attaque : {att} contre {target} en {region}",
        "support_by": "soutien",
        "naval_support": "soutien naval",
        "dice": "dés",
        "surprise": "Attaque surprise : les alliés du défenseur ne sont pas sollicités",
        "asked": "{ally} sollicité, {n} ors offerts",
        "asked_no_gold": "{ally} sollicité, sans or offert",
        "answer_ships": "ses navires",
        "answer_armies": "ses armées",
        "answer_all": "ses navires et ses armées",
        "answer_none": "refuse",
        "answer_waiting": "réponse attendue",
        "boosted": "Blocus : soutien naval +2",
        "neutral": "neutre {n}",
        "held": "retenu par {tile} : {seats}",
        "blockade": "blocus {seat}",
        "revolution": "révolution à {n}",
        "details": "details : tout",
        "legend": (
            "jetons : jetons de contrôle · unités : a armée, n navire, f fort · pions : Pop, "
            "Esclaves, N2 un neutre de force 2 (+3o : 3 ors, +PV : 1 PV à qui le conquiert) · PV : "
            "premier/deuxième/troisième"
        ),
        "army": "a",
        "ship": "n",
        "fort": "f",
        "slaves": "Esclaves",
        "gold_short": "o",
        "price": "{n} ors",
        "price_unrest": "{n} agitation",
    },
}


def make_renderer(options: Mapping[str, JSON], lang: str) -> StruggleOfEmpiresRenderer:
    return StruggleOfEmpiresRenderer(content_for(options), seats_for(options), lang)


def _fit(line: Text, width: int) -> Text:
    line.no_wrap, line.overflow = True, "ellipsis"
    line.truncate(width, overflow="ellipsis")
    return line


class _Screen:
    """The screen of one view, laid out for the console it is printed on."""

    def __init__(
        self, renderer: StruggleOfEmpiresRenderer, view: Mapping[str, Any], seat: Seat | None
    ) -> None:
        self.renderer, self.view, self.seat = renderer, view, seat

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        r, view, seat = self.renderer, self.view, self.seat
        width, height = max(60, options.max_width), options.max_height
        if height >= FULL_HEIGHT:
            yield r.full_screen(view, seat, width)
            return
        top = [*r.header(view, width), *r.situation(view, width)]
        mats = r.mats(view, seat, width, short=height < 30)
        regions = r.regions(view, width)
        # The decision, the menu, the hint and the input line need about 6 lines below the screen.
        room = height - 6 - len(top) - len(mats)
        if len(regions) + 1 <= room:
            stock = r.stock_line(view, width)
            body = [*regions, *([stock] if len(regions) + 2 <= room else [])]
        else:
            body = r.region_summary(view, width)
            body = body if len(body) <= room else []
        yield Group(*top, *body, *mats)


class StruggleOfEmpiresRenderer:
    """Struggle of Empires' :class:`~realpolitik.engine.plugin.Renderer`."""

    def __init__(self, content: Content, seats: Sequence[Seat], lang: str) -> None:
        self.content = content
        self.seats = tuple(seats)
        self.lang = lang if lang in WORDS else "en"
        self.words = WORDS[self.lang]
        self.kind: str | None = None
        """The decision last drawn: some verbs' headings depend on it (``pass``, ``no``)."""

    # -- names ------------------------------------------------------------------------------------

    def log_text(self, entry: LogEntry) -> str:
        """A log line in the screen's language, regions and tiles by name (``ui/log_text.py``);
        the terminal loop calls it when the renderer has it."""
        return translate(self.content, entry.text, self.lang)

    def seat_name(self, seat: Seat) -> str:
        empire = self.content.empires.get(seat)
        if empire is None:
            return seat
        return empire.name_fr if self.lang == "fr" else empire.name_en

    def seat_label(self, seat: Seat) -> Text:
        return Text(seat, style=STYLES.get(seat, "bold"))

    def players(self) -> list[tuple[Seat, ...]]:
        return [(s,) for s in self.seats]

    def region_name(self, region: str) -> str:
        info = self.content.regions.get(region)
        if info is None:
            return region
        return info.name_fr if self.lang == "fr" else info.name_en

    def tile_name(self, tile: str) -> str:
        info = self.content.tiles.get(tile)
        if info is None:
            return tile
        return info.name_fr if self.lang == "fr" else info.name_en

    def tile_text(self, tile: str) -> str:
        info = self.content.tiles.get(tile)
        if info is None:
            return ""
        return info.text_fr if self.lang == "fr" else info.text_en

    def marker(self, code: str) -> str:
        w = self.words
        if code == "pop":
            return "Pop"
        if code == "slaves":
            return w["slaves"]
        m = marker_of(code)
        if not m.neutral:
            return code
        out = f"N{m.strength}"
        if m.gold:
            out += f"+{m.gold}{w['gold_short']}"
        if m.vp:
            out += f"+{w['vp']}"
        return out

    def target_name(self, target: str) -> str:
        if target in self.content.empires:
            return self.seat_name(target)
        if target in self.content.tiles:
            return self.tile_name(target)
        return self.words["neutral"].format(n=self.marker(target))

    def side(self, seat: str) -> Text:
        return Text(seat, style=STYLES.get(seat, "bold"))

    def units_text(self, units: Mapping[str, int]) -> str:
        w = self.words
        return "".join(f"{w[k]}{units[k]}" for k in ("army", "ship", "fort") if units.get(k))

    # -- header -----------------------------------------------------------------------------------

    def phase(self, view: Mapping[str, Any]) -> str:
        w = self.words
        kind = view.get("phase")
        if kind == "over" or view.get("final"):
            return w["over"]
        if kind == "deploy":
            return w["setup"]
        if kind == "auction":
            return w["auction"]
        return f"{w['round']} {view['round']}/{view['rounds']}"

    def header(self, view: Mapping[str, Any], width: int) -> list[Text]:
        """Two lines: title, War, round, who decides; the turn order and the alliance rows."""
        w = self.words
        wars = self.content.rules.wars
        first = Text.assemble(
            (w["title"], "bold"), f" · {w['war']} {view['war']}/{wars} · ", (self.phase(view), "bold")
        )
        waiting: Sequence[str] = view.get("to_act") or []
        if len(waiting) == 1:
            first.append(" · ")
            first.append_text(Text(self.seat_name(waiting[0]), style=STYLES.get(waiting[0], "bold")))
            first.append(f" ({waiting[0]}) {w['decides']}")
        elif waiting:
            first.append(f" · {', '.join(waiting)} {w['choose']}")
        second = Text(f"{w['order']} ", style="dim")
        order: Sequence[str] = view.get("order") or []
        for i, s in enumerate(order):
            if i:
                second.append(" ")
            mark = "▸" if s in waiting else ""
            second.append(mark + s, style=STYLES.get(s, "bold") + (" reverse" if mark else ""))
        if not order:
            second.append("—", style="dim")
        for row in ("grey", "white"):
            second.append(f" · {w[row]} ", style="dim")
            members: Sequence[str] = view["alliances"][row]
            for i, s in enumerate(members):
                second.append(" " if i else "")
                second.append_text(self.side(s))
            if not members:
                second.append("—", style="dim")
        second.append(f" · {w['bag']} {view['bag']}", style="dim")
        return [_fit(first, width), _fit(second, width)]

    def situation(self, view: Mapping[str, Any], width: int) -> list[Text]:
        """The auction's high bid, or the attack under way (one line each)."""
        w = self.words
        lines: list[Text] = []
        decision = view.get("decision")
        if isinstance(decision, Mapping) and decision.get("kind") == "auction":
            data = decision.get("data") or {}
            line = Text(w["auction"] + w["colon"], style="bold")
            if int(data.get("high", -1)) < 0:
                line.append(w["no_bid"].format(seat=data.get("opener", "?")))
            else:
                line.append(
                    w["high"].format(n=data["high"], seat=data["bidder"], a=data.get("a"), b=data.get("b"))
                )
                line.append(" · " + w["passes"].format(n=data.get("passes", 0)), style="dim")
            lines.append(_fit(line, width))
        combat = view.get("combat")
        if isinstance(combat, Mapping):
            line = Text(
                w["attack"].format(
                    att=combat["attacker"],
                    target=self.target_name(str(combat["target"])),
                    region=self.region_name(str(combat["region"])),
                ),
                style="bold",
            )
            support: Mapping[str, str] = combat.get("support") or {}
            if support:
                line.append(f" · {w['support_by']} " + ", ".join(f"{s} {o}" for s, o in support.items()))
            if combat.get("naval_support"):
                line.append(f" · {w['naval_support']} {combat['naval_support']}")
            dice: Mapping[str, Sequence[int]] = combat.get("dice") or {}
            shown = [f"{k} {'+'.join(str(d) for d in v)}" for k, v in dice.items() if v]
            if shown:
                line.append(f" · {w['dice']} " + ", ".join(shown))
            lines.append(_fit(line, width))
            table = self.table_talk(combat)
            if table.plain:
                lines.append(_fit(table, width))
        return lines

    def table_talk(self, combat: Mapping[str, Any]) -> Text:
        """What was said and played in the open during the attack (the view's public facts): a
        Surprise Attack (L558-559), the gold offered to each ally asked and its answer (L303-314,
        R22), the Blockade's +2 (L570), Fighting Withdrawal (L554-556)."""
        w = self.words
        parts: list[str] = []
        if combat.get("surprise"):
            parts.append(w["surprise"])
        offers: Mapping[str, int] = combat.get("offers") or {}
        answers: Mapping[str, str] = combat.get("answers") or {}
        for ally in dict.fromkeys([*offers, *answers]):
            gold = int(offers.get(ally, 0))
            asked = w["asked"].format(ally=ally, n=gold) if gold else w["asked_no_gold"].format(ally=ally)
            answer = answers.get(ally)
            parts.append(f"{asked}{w['colon']}{w['answer_' + answer] if answer else w['answer_waiting']}")
        if combat.get("boost"):
            parts.append(w["boosted"])
        if combat.get("withdrawn"):
            parts.append(self.tile_name("fighting-withdrawal"))
        return Text("  " + " · ".join(parts), style="dim") if parts else Text()

    # -- the regions ------------------------------------------------------------------------------

    def presence(self, here: Mapping[str, Any]) -> tuple[Text, Text]:
        """Each empire's tokens (``GB1 FR2``) and units (``GB a1s1 · PR f1``) in a region."""
        tokens = Text()
        for s, n in (here.get("tokens") or {}).items():
            if n:
                tokens.append(" " if tokens else "")
                tokens.append(f"{s}{n}", style=STYLES.get(s, "bold"))
        units = Text()
        for s, u in (here.get("units") or {}).items():
            text = self.units_text(u)
            if text:
                units.append(" · " if units else "", style="dim")
                units.append(s, style=STYLES.get(s, "bold"))
                units.append(f" {text}")
        return tokens, units

    def extras(self, here: Mapping[str, Any]) -> str:
        w = self.words
        parts = [self.marker(m) for m in here.get("markers") or []]
        held: Sequence[Sequence[str]] = here.get("held") or []
        for tile, owner in held:
            parts.append(w["held"].format(tile=self.tile_name(tile), seats=owner))
        if here.get("blockade"):
            parts.append(w["blockade"].format(seat=here["blockade"]))
        return " ".join(parts)

    def token_width(self, view: Mapping[str, Any]) -> int:
        """The tokens column: as wide as the most crowded region needs (12 at least)."""
        most = max(
            (sum(1 for n in r.get("tokens", {}).values() if n) for r in view["regions"].values()), default=0
        )
        return max(12, 4 * most - 1)

    def region_line(self, view: Mapping[str, Any], region: str, width: int, name: int = NAME) -> Text:
        here = view["regions"][region]
        info = self.content.regions[region]
        tokens, units = self.presence(here)
        title = self.region_name(region)
        title = title if len(title) <= name else title[: name - 1] + "."
        line = Text(f"{title:<{name}} ", style="bold")
        line.append(f"{'/'.join(str(v) for v in info.vp):<7}", style="dim")
        tokens.pad_right(max(0, self.token_width(view) - len(tokens)))
        line.append_text(tokens)
        line.append(" ")
        line.append_text(units)
        extra = self.extras(here)
        if extra:
            line.append("  " + extra, style="italic")
        return _fit(line, width)

    def home_line(self, view: Mapping[str, Any], width: int) -> Text | None:
        w = self.words
        line = Text(w["home"] + w["colon"], style="dim")
        found = False
        for region in self.content.region_ids:
            if self.content.regions[region].scoring:
                continue
            _, units = self.presence(view["regions"][region])
            if units:
                line.append(" · " if found else "", style="dim")
                line.append(f"{self.region_name(region)} ")
                line.append_text(units)
                found = True
        return _fit(line, width) if found else None

    def regions(self, view: Mapping[str, Any], width: int) -> list[Text]:
        w = self.words
        heading = Text(f"{w['regions']:<{NAME}} ", style="bold underline")
        heading.append(
            f"{w['vp_values']:<7}{w['tokens']:<{self.token_width(view) + 1}}{w['units']}", style="dim"
        )
        lines = [heading, *(self.region_line(view, r, width) for r in self.content.scoring_ids)]
        home = self.home_line(view, width)
        return [*lines, *([home] if home is not None else [])]

    def region_summary(self, view: Mapping[str, Any], width: int) -> list[Text]:
        """The regions' control tokens only, several to a line (a small terminal)."""
        columns = 3 if width >= 78 else 2
        cell = width // columns
        lines: list[Text] = []
        for i, region in enumerate(self.content.scoring_ids):
            if i % columns == 0:
                lines.append(Text(no_wrap=True, overflow="crop"))
            tokens, _ = self.presence(view["regions"][region])
            short = SHORT.get(region, {}).get(self.lang) or self.region_name(region)[:10]
            part = Text(short, style="bold")
            part.pad_right(11 - len(part))
            part.append_text(tokens or Text("·", style="dim"))
            part.truncate(cell - 1)
            part.pad_right(cell - len(part))
            lines[-1].append_text(part)
        for line in lines:
            line.rstrip()
        return lines

    def stock_line(self, view: Mapping[str, Any], width: int) -> Text:
        stock: Mapping[str, int] = view.get("stock") or {}
        line = Text(self.words["stock"] + self.words["colon"], style="dim")
        line.append(", ".join(f"{self.tile_name(t)}{f' ×{n}' if n > 1 else ''}" for t, n in stock.items()))
        return _fit(line, width)

    # -- the mats ---------------------------------------------------------------------------------

    def unrest_text(self, empire: Mapping[str, Any]) -> str:
        w = self.words
        if empire.get("unrest") is not None:
            return f"{w['unrest']} {empire['unrest']}"
        return f"{w['unrest_markers']} {empire['unrest_markers']}"

    def mat_line(self, view: Mapping[str, Any], s: str, seat: Seat | None, width: int, short: bool) -> Text:
        w = self.words
        e = view["empires"][s]
        waiting: Sequence[str] = view.get("to_act") or []
        line = Text("▸" if s in waiting else " ")
        line.append(s, style=STYLES.get(s, "bold"))
        if not short:
            name = self.seat_name(s) + (f" ({w['you']})" if s == seat else "")
            line.append(f" {name[:22]:<22}", style="bold" if s == seat else "")
        line.append(f" {w['gold']} {e['gold']:>2} · {w['pop']} {e['population']} · {w['vp']} {e['vp']:>2}")
        line.append(f" · {self.unrest_text(e)}", style="bold" if s == seat else "")
        if s == seat and not short:
            line.append(f" ({w['revolution'].format(n=self.content.rules.revolution_unrest)})", style="dim")
        if short:
            return line
        line.append(f" · {w['tokens']} {e['tokens']} · {w['units']} {e['units']}", style="dim")
        if s != seat:
            tiles: Mapping[str, int] = e.get("tiles") or {}
            if tiles:
                line.append(" · " + ", ".join(self.tile_name(t) for t in tiles), style="dim")
        return _fit(line, width)

    def own_tiles(self, view: Mapping[str, Any], seat: Seat, width: int) -> Text:
        w = self.words
        e = view["empires"][seat]
        tiles: Mapping[str, int] = e.get("tiles") or {}
        used: Mapping[str, int] = e.get("used") or {}
        line = Text(f"  {w['your_tiles']}{w['colon']}", style="bold")
        if not tiles:
            line.append(w["no_tiles"], style="dim")
        for i, (t, n) in enumerate(tiles.items()):
            line.append(", " if i else "")
            line.append(self.tile_name(t) + (f" ×{n}" if n > 1 else ""))
            if used.get(t):
                line.append(f" ({w['used']})", style="dim")
        return _fit(line, width)

    def mats(self, view: Mapping[str, Any], seat: Seat | None, width: int, short: bool) -> list[Text]:
        """Every empire's mat, a line each (the seat's own first, with its tiles); ``short``: the
        others on as few lines as the width allows."""
        w = self.words
        lines = [Text(w["empires"], style="bold underline")]
        others = [s for s in view["empires"] if s != seat]
        if seat is not None and seat in view["empires"]:
            lines.append(self.mat_line(view, seat, seat, width, short=False))
            lines.append(self.own_tiles(view, seat, width))
        if not short:
            return [*lines, *(self.mat_line(view, s, seat, width, short=False) for s in others)]
        row = Text()
        for s in others:
            part = self.mat_line(view, s, seat, width, short=True)
            if row and len(row) + len(part) + 2 > width:
                lines.append(row)
                row = Text()
            row.append("  " if row else "")
            row.append_text(part)
        if row:
            lines.append(row)
        return lines

    # -- the screen -------------------------------------------------------------------------------

    def screen(self, view: Mapping[str, JSON], seat: Seat | None) -> RenderableType:
        decision = view.get("decision")
        self.kind = str(decision.get("kind")) if isinstance(decision, Mapping) else None
        return _Screen(self, view, seat)

    def full_screen(self, view: Mapping[str, Any], seat: Seat | None, width: int) -> RenderableType:
        w = self.words
        parts: list[RenderableType] = [*self.header(view, width), *self.situation(view, width), Text()]
        heading = Text(f"{w['regions']:<24} ", style="bold underline")
        heading.append(
            f"{w['vp_values']:<7}{w['tokens']:<{self.token_width(view) + 1}}{w['units']}", style="dim"
        )
        parts.append(heading)
        for region in self.content.scoring_ids:
            line = self.region_line(view, region, 10_000, name=24)
            line.no_wrap = False
            parts.append(line)
            scores: Mapping[str, int] = view["regions"][region].get("scores") or {}
            if scores:
                lead = Text(f"{'':<25}{w['leads']}{w['colon']}", style="dim")
                lead.append(", ".join(f"{s} {n}" for s, n in scores.items()), style="dim")
                parts.append(lead)
        home = self.home_line(view, 10_000)
        if home is not None:
            home.no_wrap = False
            parts.append(home)
        parts.append(Text(w["legend"], style="dim"))
        parts.append(Text())
        for line in self.mats(view, seat, 10_000, short=False):
            line.no_wrap = False  # everything, wrapped, on the full screen
            parts.append(line)
        if seat is not None and seat in view["empires"]:
            for t in view["empires"][seat].get("tiles") or {}:
                parts.append(Text.assemble(("    " + self.tile_name(t), "bold"), ": ", self.tile_text(t)))
        parts.append(Text())
        parts.append(Text(w["stock"], style="bold underline"))
        for t, n in (view.get("stock") or {}).items():
            info = self.content.tiles.get(t)
            price = w["price"].format(n=info.gold) if info is not None else ""
            if info is not None and info.unrest:
                price += ", " + w["price_unrest"].format(n=info.unrest)
            parts.append(
                Text.assemble(
                    (f"  {self.tile_name(t)}", "bold"), f" ×{n} ({price}): ", (self.tile_text(t), "dim")
                )
            )
        return Group(*parts)

    # -- the decision -----------------------------------------------------------------------------

    def decision(self, view: Mapping[str, JSON], seat: Seat) -> str:
        decision = view.get("decision")
        kind = str(decision.get("kind")) if isinstance(decision, Mapping) else ""
        data: Mapping[str, Any] = {}
        if isinstance(decision, Mapping) and isinstance(decision.get("data"), Mapping):
            data = decision["data"]
        fr = self.lang == "fr"
        what = DECISIONS.get(kind, {}).get(self.lang) or (
            "choisissez une des actions ci-dessous" if fr else "choose one of the actions below"
        )
        combat = view.get("combat")
        if kind == "deploy" and "left" in data:
            what = (
                f"placez une unité (encore {data['left']}, tous empires confondus) (L55-59)"
                if fr
                else f"place one unit ({data['left']} still to place, all empires together) (L55-59)"
            )
        elif kind == "auction" and int(data.get("high", -1)) >= 0:
            what = (
                f"enchérissez au-delà de {data['high']} ({data['bidder']}) ou passez (L110-122)"
                if fr
                else f"bid more than {data['high']} ({data['bidder']}'s bid) or pass (L110-122)"
            )
        elif kind == "auction":
            what = (
                "ouvrez l'enchère des alliances : offre de 0 ou plus (L110-122)"
                if fr
                else "open the alliance auction: bid 0 or more (L110-122)"
            )
        elif kind == "turn" and "actions" in data:
            n = data["actions"]
            what = (
                f"votre tour, {n} action(s) restante(s) (L133-154)"
                if fr
                else f"your turn, {n} action{'s' if n != 1 else ''} left (L133-154)"
            )
        elif kind == "move" and "left" in data:
            what = (
                f"déplacez une unité ({data['left']} au plus), ou « done » (L197-246)"
                if fr
                else f"move a unit ({data['left']} at most), or 'done' (L197-246)"
            )
        elif kind in ("raid", "assign") and "tile" in data:
            what = f"{self.tile_name(str(data['tile']))}: {what}"
        elif kind == "support" and isinstance(combat, Mapping):
            target = self.target_name(str(combat["target"]))
            region = self.region_name(str(combat["region"]))
            what = (
                f"{combat['attacker']} attaque {target} en {region} : engagez-vous ? (L303-314)"
                if fr
                else f"{combat['attacker']} attacks {target} in {region}: commit units? (L303-314)"
            )
            if data.get("offer"):
                what += (
                    f" · {data['from']} offre {data['offer']} or"
                    if fr
                    else f" · {data['from']} offers {data['offer']} gold"
                )
        return f"{self.seat_name(seat)} ({seat}): {what}"

    def verb_title(self, verb: str) -> str:
        entry = KIND_VERBS.get((self.kind or "", verb)) or VERBS.get(verb)
        if entry is None:
            return verb
        title, source = entry.get(self.lang) or entry["en"]
        return f"{title} {source}"

    def help(self, view: Mapping[str, JSON], seat: Seat, topic: str | None) -> str:
        if topic:
            entry = TOPICS.get(topic.lower().split()[0])
            if entry is None:
                lead = "pas d'aide sur" if self.lang == "fr" else "no help on"
                return f"{lead} {topic!r}; topics: {', '.join(VERBS)}"
            return entry.get(self.lang) or entry["en"]
        decision = view.get("decision")
        kind = str(decision.get("kind")) if isinstance(decision, Mapping) else ""
        entry = TOPICS.get(kind) or TOPICS.get(kind.split("-")[0]) or {}
        text = entry.get(self.lang) or entry.get("en", "")
        return f"{text}\n\n{GENERAL.get(self.lang, GENERAL['en'])}".strip()

    def verdict(self, outcome: Outcome) -> Text | None:
        """Revolutions and unrest penalties at the end (L384-391): every unrest revealed."""
        unrest = outcome.details.get("unrest")
        if not isinstance(unrest, Mapping):
            return None
        fr = self.lang == "fr"
        out = Text("Agitation révélée (L384-391) : " if fr else "Unrest revealed (L384-391): ", style="bold")
        out.append(", ".join(f"{s} {n}" for s, n in unrest.items()))
        revolution = outcome.details.get("revolution")
        if isinstance(revolution, list) and revolution:
            out.append(" · révolution : " if fr else " · revolution: ", style="bold")
            out.append(", ".join(str(s) for s in revolution))
        return out
