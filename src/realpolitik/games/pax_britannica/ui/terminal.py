"""Pax Britannica on the terminal: the Game Turn, the step, who decides, the ETI and the CRI; the
offer, dispute, Congress and wars under way in words; the Areas by region with every Power's
markers by status and its units; each Power's treasury, VP and Administrative Record.

Everything that changes is read from the seat's JSON view (``rules/view.py``): a secret treaty or
a secret offer's terms appear only when the view shows them (to their signers, L839-845), and a
sealed answer only as "answered". Only what is printed on the board (Area, sea and Power names, an
Area's EV, CS and type) comes from the public content. Each Power shows its letters as well as its
colour, so the screen reads in monochrome.

The screen fits its console: for ``details`` (and a pipe or a file) everything, an Area a line;
on an ordinary terminal (100x40) the Areas with a marker packed by region and a line a Power; on a
small one (80x24) the header, the situation and the Powers in short, then as much of the map as
fits (each region's markers counted by Power when the Areas do not fit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from ....engine import JSON, Outcome, Seat
from ..content import RANK, Content
from ..options import content_for, seats_for
from .help import DECISIONS, GENERAL, KIND_TOPIC, KIND_VERBS, PHASES, TOPICS, VERBS
from .web import NAMES_IT

STYLES = {
    # ours: a terminal colour a Power (the web board's hues, as near as a terminal has them)
    "GB": "bold red",
    "FR": "bold bright_blue",
    "DE": "bold white",
    "AH": "bold yellow",
    "US": "bold green",
    "JP": "bold magenta",
    "RU": "bold cyan",
    "IT": "bold bright_green",
    "NL": "dark_orange",
    "BE": "orange4",
    "ES": "purple",
    "PT": "deep_sky_blue1",
}
FULL_HEIGHT = 1_000
"""A console at least this tall gets the full screen at every decision: in practice only
``details`` and output that is not a terminal (a pipe, a file), since the full screen runs to a
hundred lines and more; a tall terminal gets the compact screen with room for every Area."""
BELOW = 6
"""Lines the terminal loop needs under the screen: the decision, two of the menu, the hint, the
input line and one to spare; on a terminal narrower than 100 columns two more (the decision and
the Movement/Status Change menu each wrap onto one more line)."""

CODES = {
    # L249-252's status ladder: control markers in capitals
    "interest": "int",
    "influence": "inf",
    "protectorate": "PRO",
    "possession": "POS",
    "state": "STA",
    "dominion": "DOM",
}
LEVEL_ORDER = tuple(CODES)
STAGES = {
    # the War Sequence's steps (L1083-1133), as rules/war_sequence.py names them
    "alliance": "the Alliances form",
    "initiative": "initiative",
    "maneuver": "Maneuver",
    "attack": "Attack",
    "supply": "Supply",
    "end": "War End Determination",
    "verdict": "the war's end",
}

REGIONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # ours, for reading only (no rule uses them): (name, short name, Areas)
    (
        "Balkans and the Near East",
        "Near East",
        (
            "serbia",
            "rumania",
            "bulgaria",
            "greece",
            "anatolia",
            "mesopotamia",
            "quwait",
            "arabia",
            "aden",
            "oman",
            "persia",
            "afghanistan",
            "baluchistan",
            "turkestan",
        ),
    ),
    ("North Africa", "N.Africa", ("marocco", "algiers", "tunis", "tripoli", "egypt")),
    (
        "West and Central Africa",
        "W.Africa",
        (
            "rio-de-oro",
            "mauretania",
            "senegambia",
            "sierra-leone",
            "liberia",
            "ashantee",
            "dahomey",
            "nigeria",
            "upper-niger",
            "taureg",
            "chad",
            "kamerun",
            "gabon",
            "kongo",
            "angola",
        ),
    ),
    (
        "East Africa",
        "E.Africa",
        (
            "soudan",
            "eritrea",
            "abyssinia",
            "berbera",
            "somalia",
            "kenya",
            "uganda",
            "zanzibar",
            "tanganyika",
            "nyasaland",
            "mozambique",
            "madagascar",
        ),
    ),
    (
        "Southern Africa",
        "S.Africa",
        (
            "rhodesia",
            "bechuanaland",
            "sudwest-afrika",
            "transvaal",
            "orange-free-state",
            "natal",
            "cape-colony",
        ),
    ),
    (
        "India and South-East Asia",
        "India/SEA",
        (
            "india",
            "ceylon",
            "nepal",
            "tibet",
            "burma",
            "siam",
            "indo-china",
            "malaya",
            "dutch-east-indies",
            "borneo",
            "philippines",
            "new-guinea",
        ),
    ),
    (
        "China and North-East Asia",
        "China",
        (
            "sinkiang",
            "mongolia",
            "manchuria",
            "korea",
            "north-china",
            "yangtze",
            "south-china",
            "hong-kong",
            "formosa",
        ),
    ),
    (
        "Oceania and the Pacific",
        "Pacific",
        (
            "australia",
            "new-zealand",
            "fiji",
            "samoa",
            "solomon-islands",
            "caroline-islands",
            "tahiti",
            "hawaii",
        ),
    ),
    (
        "North and Central America",
        "N.America",
        ("alaska", "canada", "newfoundland", "mexico", "central-america", "panama"),
    ),
    ("The Caribbean", "Caribbean", ("cuba", "haiti", "porto-rico", "west-indies")),
    (
        "South America",
        "S.America",
        (
            "colombia",
            "venezuela",
            "guiana",
            "ecuador",
            "peru",
            "brazil",
            "bolivia",
            "paraguay",
            "chile",
            "argentina",
            "uruguay",
            "patagonia",
        ),
    ),
)


def make_renderer(options: Mapping[str, JSON], lang: str) -> PaxBritannicaRenderer:
    players = options.get("players", 4)
    turns = options.get("turns", 10)
    return PaxBritannicaRenderer(
        content_for(options),
        seats_for(players if isinstance(players, int) else 4),
        turns if isinstance(turns, int) else 10,
        lang,
    )


def _fit(line: Text, width: int) -> Text:
    line.no_wrap, line.overflow = True, "ellipsis"
    line.truncate(width, overflow="ellipsis")
    return line


def strength(codes: Iterable[str]) -> tuple[int, int]:
    """Army and Naval strength of unit codes (``A10``, ``N3``)."""
    army = naval = 0
    for code in codes:
        if code.startswith("A"):
            army += int(code[1:])
        elif code.startswith("N"):
            naval += int(code[1:])
    return army, naval


def treaty_text(treaty: Sequence[str]) -> str:
    """A treaty in words: ``GB-US defensive``, ``GB-US non-aggression``, ``FR promises GB no marker
    in egypt``, ``FR promises GB at most 3 army units``."""
    kind, a, b = treaty[0], treaty[1], treaty[2]
    if kind.startswith("ban:"):
        return f"{a} promises {b} no marker in {kind[4:]}"
    if kind.startswith("cap:"):
        _, unit, limit = kind.split(":")
        return f"{a} promises {b} at most {limit} {unit} units"
    return f"{a}-{b} {'non-aggression' if kind == 'pact' else kind}"


class _Screen:
    """The screen of one view, laid out for the console it is printed on."""

    def __init__(self, renderer: PaxBritannicaRenderer, view: Mapping[str, Any], seat: Seat | None) -> None:
        self.renderer, self.view, self.seat = renderer, view, seat

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        r, view, seat = self.renderer, self.view, self.seat
        width, height = max(60, options.max_width), options.max_height
        if height >= FULL_HEIGHT:
            yield r.full_screen(view, seat, width)
            return
        top = [*r.header(view, width), *r.situation(view, width)]
        # The situation may take at most a third of the screen (the rest: 'details').
        cap = max(3, height // 3)
        if len(top) > cap:
            top = [*top[: cap - 1], _fit(Text("... more under way: type details", style="dim"), width)]
        powers = r.powers(view, seat, width, short=height < 30)
        room = height - BELOW - (2 if width < 100 else 0) - len(top) - len(powers)
        areas: list[Text] = []
        # The richest map that fits: every Area, then at most 3, 2 or 1 lines a region, then
        # each region's markers counted by Power.
        for per_region in (None, 3, 2, 1, 0):
            lines = (
                r.areas_packed(view, width, per_region, seat)
                if per_region != 0
                else r.areas_counted(view, width)
            )
            if len(lines) <= room:
                areas = lines
                break
        yield Group(*top, *areas, *powers)


class PaxBritannicaRenderer:
    """Pax Britannica's :class:`~realpolitik.engine.plugin.Renderer`."""

    def __init__(self, content: Content, seats: Sequence[Seat], turns: int, lang: str) -> None:
        self.content = content
        self.seats = tuple(seats)
        self.turns = turns
        self.lang = lang
        self.kind: str | None = None
        """The decision last drawn: some verbs' headings depend on it (``done``, ``refuse``)."""
        placed = {a for _, _, areas in REGIONS for a in areas}
        rest = tuple(a for a in content.area_ids if a not in placed)
        self.regions = tuple(
            (name, short, tuple(a for a in areas if a in content.areas)) for name, short, areas in REGIONS
        ) + ((("Elsewhere", "Elsewhere", rest),) if rest else ())

    # -- names ------------------------------------------------------------------------------------

    def seat_name(self, seat: Seat) -> str:
        power = self.content.powers.get(seat)
        if power is None:
            return seat
        return NAMES_IT.get(seat, power.name) if self.lang == "it" else power.name

    def seat_label(self, seat: Seat) -> Text:
        return Text(seat, style=STYLES.get(seat, "bold"))

    def players(self) -> list[tuple[Seat, ...]]:
        return [(s,) for s in self.seats]

    def area_name(self, area: str) -> str:
        info = self.content.areas.get(area)
        return info.name if info is not None else area

    def place_name(self, place: str) -> str:
        """An Area, ``home`` or ``sea:ZONE`` in words."""
        if place.startswith("sea:"):
            sea = self.content.seas.get(place[4:])
            return sea.name if sea is not None else place[4:]
        if place == "home":
            return "home"
        return self.area_name(place)

    def power(self, p: str) -> Text:
        return Text(p, style=STYLES.get(p, "bold"))

    def powers_text(self, powers: Iterable[str], joiner: str = "+") -> Text:
        out = Text()
        for i, p in enumerate(powers):
            out.append(joiner if i else "")
            out.append_text(self.power(p))
        return out

    # -- header -----------------------------------------------------------------------------------

    def phase(self, view: Mapping[str, Any]) -> str:
        if view.get("final") or view.get("phase") == "over":
            return PHASES["over"]
        kind = str(view.get("phase"))
        return PHASES.get(kind, kind)

    def header(self, view: Mapping[str, Any], width: int) -> list[Text]:
        """Two lines: the turn, its year, the step and who decides; the ETI, the CRI and the
        counts of what stands on the board this turn."""
        # A narrow terminal drops the title, so that who decides stays on the line.
        first = Text("Pax Britannica · " if width >= 90 else "", style="bold")
        first.append(f"Turn {view['turn']}/{self.turns} · {view['year']} · ")
        first.append(self.phase(view), style="bold")
        waiting: Sequence[str] = view.get("to_act") or []
        acting = view.get("acting_power")
        # Who decides, in full words if they fit, else by the Powers' letters.
        for full in (True, False):
            who = Text(" · ")
            if len(waiting) == 1:
                who.append_text(self.power(waiting[0]))
                who.append(f" {self.seat_name(waiting[0])}" if full else "")
                if isinstance(acting, str) and acting != waiting[0] and acting in self.content.powers:
                    who.append(f" for {self.seat_name(acting) if full else acting}")
                who.append(" to decide")
            elif waiting:
                who.append_text(self.powers_text(waiting, ", " if full else ","))
                who.append(" decide (sealed)" if full else " decide")
            if len(first) + len(who) <= width:
                break
        if waiting:
            first.append_text(who)
        eti = int(view.get("eti", 0))
        limit = int(self.content.game["great_war_eti"])
        cri = int(view.get("cri", 0))
        second = Text.assemble(
            ("ETI ", "bold"),
            (f"{eti}/{limit}", "bold red" if eti >= limit * 3 // 4 else "bold"),
            " (Great War at 100)" if width >= 90 else "",
            " · ",
            ("CRI ", "bold"),
            (str(cri), "bold"),
            f" (rebellion: 3 dice ≤ {cri // 10})",
        )
        unrest: Sequence[str] = view.get("unrest") or []
        if unrest:
            second.append(f" · Unrest {len(unrest)}")
        cbs: Sequence[Any] = view.get("casus_belli") or []
        if cbs:
            second.append(f" · Casus Belli {len(cbs)}")
        canals: Sequence[str] = view.get("canals") or []
        if canals:
            second.append(" · canal " + ", ".join(self.area_name(c) for c in canals))
        return [_fit(first, width), _fit(second, width)]

    # -- what is under way ------------------------------------------------------------------------

    def offer_text(self, view: Mapping[str, Any], offer: Mapping[str, Any]) -> Text:
        giver, taker = str(offer.get("from")), str(offer.get("to"))
        line = Text("Offer: ", style="bold")
        line.append_text(self.power(giver))
        kind = offer.get("kind")
        secret = " secret" if offer.get("secret") else ""
        if kind == "secret":  # L839-841: the terms are its two parties' only
            line.append(" has made ")
            line.append_text(self.power(taker))
            line.append(" a secret offer (its terms are hidden)")
            return line
        line.append(" offers ")
        line.append_text(self.power(taker))
        if kind == "pay":
            line.append(f" {offer.get('amount')} pounds")
        elif kind == "give":
            area = str(offer.get("area"))
            held = (view.get("markers") or {}).get(area, {}).get(giver)
            level = held["level"].capitalize() if isinstance(held, Mapping) else "marker"
            line.append(f" its {level} in {self.area_name(area)}")
        elif kind == "ally":
            line.append(f" a{secret} {offer.get('treaty')} alliance")
        elif kind == "lapse":
            line.append(f" to end their {offer.get('treaty')} treaty{secret and ' (secretly)'}")
        elif kind == "ban":
            line.append(f" a{secret} promise to place no marker in {self.area_name(str(offer.get('area')))}")
        elif kind == "pact":
            line.append(f" a{secret} non-aggression pact")
        elif kind == "cap":
            _, unit, limit = str(offer.get("treaty")).split(":")
            line.append(f" a{secret} promise to own at most {limit} {unit} units")
        line.append(" · ")
        line.append_text(self.power(taker))
        line.append(" answers")
        return line

    def situation(self, view: Mapping[str, Any], width: int) -> list[Text]:
        """The offer, dispute, Congress, spoils and wars under way, a line each."""
        lines: list[Text] = []
        offer = view.get("offer")
        if isinstance(offer, Mapping):
            lines.append(self.offer_text(view, offer))
        dispute = view.get("dispute")
        if isinstance(dispute, Mapping):
            # The seat's own sealed answer first: a narrow terminal cuts the end of the line.
            line = Text(f"Dispute over {self.area_name(str(dispute['area']))} (", style="bold")
            line.append_text(self.powers_text(dispute.get("powers") or [], ", "))
            line.append(")", style="bold")
            if dispute.get("my_answer"):
                line.append(f" · yours: {dispute['my_answer']}")
            answered: Sequence[str] = dispute.get("answered") or []
            line.append(f" · answered: {', '.join(answered) or 'nobody yet'}", style="dim")
            line.append(" · each answers share, yield or hold", style="dim")
            lines.append(line)
        congress = view.get("congress")
        if isinstance(congress, Mapping):
            lines.extend(self.congress_text(congress))
        spoils = view.get("spoils")
        if isinstance(spoils, Mapping):
            proposal: Mapping[str, str] = spoils.get("proposal") or {}
            line = Text("Spoils", style="bold")
            if spoils.get("my_answer"):
                line.append(f" · yours: {spoils['my_answer']}")
            line.append(
                f" · answered: {', '.join(spoils.get('answered') or []) or 'nobody yet'}", style="dim"
            )
            line.append(" · proposed: ")
            line.append(", ".join(f"{self.area_name(a)} to {p}" for a, p in proposal.items()) or "nothing")
            lines.append(line)
        rights = view.get("rights")
        if isinstance(rights, Mapping):
            line = Text("A Minor's rights", style="bold")
            line.append(
                f" · {rights['minor']}'s Influence in {self.area_name(str(rights['area']))} under "
                f"{', '.join(rights.get('rulers') or [])}'s Control: defend it? (L490-500)"
            )
            if rights.get("my_answer"):
                line.append(f" · yours: {rights['my_answer']}")
            line.append(
                f" · answered: {', '.join(rights.get('answered') or []) or 'nobody yet'}", style="dim"
            )
            lines.append(line)
        for war in view.get("wars") or []:
            lines.append(self.war_text(war))
        cbs: Sequence[Sequence[str]] = view.get("casus_belli") or []
        if cbs:
            line = Text("Casus Belli: ", style="bold")
            for i, cb in enumerate(cbs):
                # [holder, against, reason] (rules/state.py); a longer record keeps these first.
                holder, against = str(cb[0]), str(cb[1])
                reason = str(cb[2]) if len(cb) > 2 else ""
                line.append("; " if i else "")
                line.append_text(self.power(holder))
                line.append(" against ")
                line.append_text(self.power(against))
                line.append(f" ({self.reason_text(reason)})", style="dim")
            lines.append(line)
        return [_fit(line, width) for line in lines]

    def reason_text(self, reason: str) -> str:
        """A Casus Belli's reason with its Area named: ``control in Egypt``."""
        head, sep, area = reason.rpartition(" in ")
        return f"{head}{sep}{self.area_name(area)}" if sep and area in self.content.areas else reason

    def congress_text(self, congress: Mapping[str, Any]) -> list[Text]:
        """Two lines: the host and members; the Area treated, the proposal and who has answered."""
        head = Text("Congress of Europe", style="bold")
        line = Text("  ")
        if congress.get("host"):
            head.append(" hosted by ")
            head.append_text(self.power(str(congress["host"])))
            head.append(" · members ")
            head.append_text(self.powers_text(congress.get("members") or [], " "))
        if congress.get("closed"):
            head.append(" · closed")
        if congress.get("area"):
            line.append(f"on {self.area_name(str(congress['area']))}")
        grievance = congress.get("grievance")
        if grievance:  # a Casus Belli naming no Area (rules/congress.py)
            line.append(f"on {grievance[0]}'s Casus Belli against {grievance[1]} ({', '.join(grievance[2])})")
        proposal = congress.get("proposal")
        if proposal:
            terms: Sequence[str] = congress.get("terms") or proposal
            line.append(f" · proposal: {' '.join(str(w) for w in terms)}", style="bold")
            for clause in congress.get("clauses") or []:
                line.append(f" + {self.clause_words(clause)}", style="bold")
        if congress.get("proposer") and not congress.get("closed"):
            line.append(" · proposing: ")
            line.append_text(self.power(str(congress["proposer"])))
        unresolved: Sequence[str] = congress.get("unresolved") or []
        left = [self.area_name(a) for a in unresolved]
        left += [f"{g[0]}'s grievance against {g[1]}" for g in congress.get("unresolved_grievances") or []]
        if left:
            line.append(" · unresolved: " + ", ".join(left))
        answering = congress.get("answering")
        if answering:
            step = {"call": "calling", "vote": "voting", "sign": "signing"}.get(
                str(answering), str(answering)
            )
            answered: Sequence[str] = congress.get("answered") or []
            if congress.get("my_answer"):
                line.append(f" · yours: {congress['my_answer']}")
            line.append(f" · {step}, answered: {', '.join(answered) or 'nobody yet'}", style="dim")
        if line.plain.startswith("   · "):
            line = Text("  ").append_text(line[5:])
        return [head, line] if len(line) > 2 else [head]

    def clause_words(self, clause: Sequence[str]) -> str:
        """A Congress clause in words (rules/congress.py)."""
        if clause[0] == "pay":
            return f"{clause[1]} pays {clause[2]} £{clause[3]}"
        if clause[0] == "codominion":
            return f"a codominion for {clause[1]} in {self.area_name(clause[2])}"
        if clause[0] == "transfer":
            return f"{clause[1]}'s marker in {self.area_name(clause[2])} to {clause[3]}"
        if clause[0] == "remove":
            return f"{clause[1]}'s marker in {self.area_name(clause[2])} removed"
        return f"{clause[1]} steps down in {self.area_name(clause[2])}"

    def war_text(self, war: Mapping[str, Any]) -> Text:
        """The Alliances (three or more in a three-cornered war, L1201-1204; the one whose phases
        are under way marked), the step due, conquests (by which Alliance when there are three)."""
        sides: Sequence[Sequence[str]] = war.get("sides") or []
        live = [(i, side) for i, side in enumerate(sides) if side]
        line = Text("War: " if len(live) < 3 else f"War of {len(live)} Alliances: ", style="bold")
        for n, (i, side) in enumerate(live):
            line.append(" against " if n else "")
            line.append_text(self.powers_text(side))
            if war.get("moving") == i:
                line.append(" (its phases)", style="dim")
        stage = STAGES.get(str(war.get("stage")), str(war.get("stage")))
        rounds = int(war.get("round", 0))
        # ``stage`` is the step of the War Sequence due next (rules/alliance.py).
        line.append(f" · war turn {rounds}, next: {stage}" if rounds else f" · next: {stage}")
        conquered: Mapping[str, int] = war.get("conquered") or {}
        if conquered:
            by = len(live) > 2  # name the conquering Alliance when there are three or more
            line.append(
                " · conquered "
                + ", ".join(
                    self.area_name(a) + (f" by {'+'.join(sides[s])}" if by and s < len(sides) else "")
                    for a, s in conquered.items()
                )
            )
        closed: Mapping[str, Sequence[int]] = war.get("closed") or {}
        for passage, denied in closed.items():  # L1508-1530
            names = ", ".join("+".join(sides[s]) for s in denied if s < len(sides))
            line.append(f" · {passage} denied to {names}")
        out: Sequence[str] = war.get("out") or []
        if out:
            line.append(f" · separate peace: {', '.join(out)}")
        champions: Mapping[str, str] = war.get("champions") or {}
        for minor in dict.fromkeys(champions.values()):  # L500-504
            bound = ", ".join(p for p, m in champions.items() if m == minor)
            line.append(f" · {minor}'s champions: {bound}")
        surrendered: Mapping[str, Sequence[str]] = war.get("surrendered") or {}
        if any(surrendered.values()):
            line.append(
                " · surrendered: " + ", ".join(f"{p} {' '.join(u)}" for p, u in surrendered.items() if u)
            )
        return line

    # -- the Areas --------------------------------------------------------------------------------

    def units_at(self, view: Mapping[str, Any], place: str) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for p, locs in (view.get("units") or {}).items():
            here = locs.get(place)
            if here:
                found[p] = list(here)
        return found

    def holders(self, view: Mapping[str, Any], area: str) -> list[tuple[str, str, bool]]:
        """(Power, level, established) in an Area, the highest status first."""
        held: Mapping[str, Mapping[str, Any]] = (view.get("markers") or {}).get(area) or {}
        rows = [(p, str(m["level"]), bool(m["established"])) for p, m in held.items()]
        return sorted(rows, key=lambda r: (-RANK.get(r[1], 0), r[0]))

    def shown_areas(self, view: Mapping[str, Any], areas: Sequence[str]) -> list[str]:
        unrest = set(view.get("unrest") or [])
        return [a for a in areas if self.holders(view, a) or self.units_at(view, a) or a in unrest]

    def area_cell(self, view: Mapping[str, Any], area: str, name: int = 12) -> Text:
        """``Egypt! GB:POS*/a13n3 FR:int``: an Area with every Power's marker and units."""
        title = self.area_name(area)
        title = title if len(title) <= name else title[: name - 1].rstrip() + "."
        unrest = area in set(view.get("unrest") or [])
        cell = Text(title, style="bold")
        if unrest:
            cell.append("!", style="bold red")
        units = self.units_at(view, area)
        seen: set[str] = set()
        for p, level, est in self.holders(view, area):
            cell.append(" ")
            cell.append_text(self.power(p))
            cell.append(":" + CODES.get(level, level) + ("" if est else "*"))
            cell.append(self.units_short(units.get(p, [])), style="dim")
            seen.add(p)
        for p, codes in units.items():
            if p not in seen:
                cell.append(" ")
                cell.append_text(self.power(p))
                cell.append(self.units_short(codes), style="dim")
        return cell

    def units_short(self, codes: Sequence[str]) -> str:
        army, naval = strength(codes)
        if not army and not naval:
            return ""
        return "/" + (f"a{army}" if army else "") + (f"n{naval}" if naval else "")

    def areas_packed(
        self, view: Mapping[str, Any], width: int, cap: int | None = None, seat: Seat | None = None
    ) -> list[Text]:
        """Every Area with a marker, units or Unrest, packed after its region's short name; with
        ``cap``, at most that many lines a region, the seat's own Areas first and the rest counted
        (``+4 more``)."""
        label = 10
        lines: list[Text] = [self.area_heading(width)]
        mine = {seat, "AH"} if seat == "DE" else {seat}
        for _, short, areas in self.regions:
            shown = self.shown_areas(view, areas)
            if not shown:
                continue
            if cap is not None:
                shown.sort(key=lambda a: not any(p in mine for p, _, _ in self.holders(view, a)))
            done: list[Text] = []
            line = Text(f"{short:<{label}}", style="bold underline")
            fresh = True
            for i, area in enumerate(shown):
                cell = self.area_cell(view, area)
                more = len(shown) - i - 1
                last = cap is not None and len(done) == cap - 1
                tail = len(f" +{more} more") if last and more else 0
                if not fresh and len(line) + 3 + len(cell) + tail > width:
                    if last:
                        line.append(f" +{more + 1} more", style="dim")
                        break
                    done.append(line)
                    line, fresh = Text(" " * label), True
                    last = cap is not None and len(done) == cap - 1
                    tail = len(f" +{more} more") if last and more else 0
                if not fresh:
                    line.append(" · ", style="dim")
                line.append_text(_fit(cell, max(8, width - len(line) - tail)))
                fresh = False
            done.append(line)
            lines.extend(_fit(one, width) for one in done)
        return [*lines, *self.at_sea(view, width)]

    def at_sea(self, view: Mapping[str, Any], width: int) -> list[Text]:
        """Units at sea (only in a war, L1238-1293): ``At sea  North Atlantic GB/n13 FR/n3``."""
        label = 10
        cells: list[Text] = []
        for sid, sea in self.content.seas.items():
            units = self.units_at(view, f"sea:{sid}")
            if not units:
                continue
            cell = Text(sea.name, style="bold")
            for p, codes in units.items():
                cell.append(" ")
                cell.append_text(self.power(p))
                cell.append(self.units_short(codes), style="dim")
            cells.append(cell)
        if not cells:
            return []
        line = Text(f"{'At sea':<{label}}", style="bold underline")
        for i, cell in enumerate(cells):
            line.append(" · " if i else "", style="dim")
            line.append_text(cell)
        return [_fit(line, width)]

    def area_heading(self, width: int) -> Text:
        heading = Text("Areas", style="bold underline")
        legend = (
            "  int/inf Interest/Influence, PRO/POS Protectorate/Possession, STA State, DOM Dominion"
            " · * new · ! Unrest · /a3n1 Army 3 Naval 1"
        )
        heading.append(legend, style="dim")
        return _fit(heading, width)

    def areas_counted(self, view: Mapping[str, Any], width: int) -> list[Text]:
        """Each region's markers counted by Power (``GB3 FR1``), several regions a line."""
        heading = _fit(Text("Markers by region (details: every Area)", style="bold underline"), width)
        cells: list[Text] = []
        for _, short, areas in self.regions:
            counts: dict[str, int] = {}
            for area in areas:
                for p, _, _ in self.holders(view, area):
                    counts[p] = counts.get(p, 0) + 1
            if not counts:
                continue
            cell = Text(f"{short} ", style="bold")
            for i, (p, n) in enumerate(sorted(counts.items(), key=lambda pn: -pn[1])):
                cell.append(" " if i else "")
                cell.append(f"{p}{n}", style=STYLES.get(p, "bold"))
            cells.append(cell)
        if not cells:
            return [heading, *self.at_sea(view, width)]
        columns = 3 if width >= 100 else 2
        cell_width = width // columns
        lines = [heading]
        for start in range(0, len(cells), columns):
            row = Text()
            for cell in cells[start : start + columns]:
                cell.truncate(cell_width - 2, overflow="ellipsis")
                row.append_text(cell)
                row.append(" " * (cell_width - len(cell)))
            row.rstrip()
            lines.append(row)
        return [*lines, *self.at_sea(view, width)]

    # -- the Powers -------------------------------------------------------------------------------

    def marker_counts(self, view: Mapping[str, Any], p: str) -> str:
        counts = dict.fromkeys(LEVEL_ORDER, 0)
        for held in (view.get("markers") or {}).values():
            marker = held.get(p)
            if isinstance(marker, Mapping):
                counts[str(marker["level"])] = counts.get(str(marker["level"]), 0) + 1
        return " ".join(f"{CODES[lv]} {n}" for lv, n in counts.items() if n) or "no markers"

    def unit_totals(self, view: Mapping[str, Any], p: str) -> str:
        locs: Mapping[str, Sequence[str]] = (view.get("units") or {}).get(p) or {}
        army, naval = strength(c for codes in locs.values() for c in codes)
        home_army, home_naval = strength(locs.get("home", []))
        fleets = len((view.get("fleets") or {}).get(p) or [])
        text = f"a{army} n{naval} (home a{home_army} n{home_naval}) · fleets {fleets}"
        new = (view.get("new_fleets") or {}).get(p)
        return text + (f" +{new} new" if new else "")

    def record_text(self, view: Mapping[str, Any], p: str, brief: bool = False, full: bool = False) -> str:
        """The last Administrative Record (L393-423) and the VP it bought (L1563)."""
        r: Mapping[str, int] = (view.get("record") or {}).get(p) or {}
        if not r:
            return "no record yet"
        if brief:
            bought = f" → {r['vp_bought']} VP" if "vp_bought" in r else ""
            return (
                f"income {r.get('income', 0)} − upkeep {r.get('maintenance', 0)} = net {r.get('net', 0)}"
                f"{bought} (details: every line)"
            )
        areas = r.get("interest_income", 0) + r.get("influence_income", 0) + r.get("control_income", 0)
        text = (
            f"income {r.get('income', 0)} ({'Colonial Office' if full else 'CO'} "
            f"{r.get('colonial_office', 0)} + Areas {areas})"
            f" − upkeep {r.get('maintenance', 0)} (units {r.get('unit_upkeep', 0)} + markers "
            f"{r.get('marker_upkeep', 0)}) = net {r.get('net', 0)}"
        )
        if "vp_bought" in r:
            text += f" → {r['vp_bought']} VP"
        return text

    def power_line(self, view: Mapping[str, Any], p: str, seat: Seat | None, width: int) -> Text:
        # The mark: the Power acting (Austria-Hungary when the German player moves for it), else
        # every seat still to answer.
        acting = view.get("acting_power")
        waiting: Sequence[str] = [acting] if isinstance(acting, str) else view.get("to_act") or []
        line = Text("▸" if p in waiting else " ")
        line.append_text(self.power(p))
        name = self.seat_name(p) + (" (you)" if p == seat else "")
        line.append(f" {name[:19]:<19}", style="bold" if p == seat else "")
        treasury = (view.get("treasury") or {}).get(p, 0)
        vp = (view.get("vp") or {}).get(p)
        if p in (view.get("minor_powers") or []):
            line.append(" Minor Power", style="dim")  # no treasury and no VP (L443-532)
        else:
            line.append(f" £{treasury:>3}")
            # L1548-1550: Austria-Hungary's money counts for Germany's VP.
            line.append(f" · VP {vp:>3}" if vp is not None else " · (VP to DE)", style="" if vp else "dim")
        line.append(f" · {self.marker_counts(view, p)}")
        line.append(f" · {self.unit_totals(view, p)}", style="dim")
        return _fit(line, width)

    def powers(self, view: Mapping[str, Any], seat: Seat | None, width: int, short: bool) -> list[Text]:
        """A line a Great Power (the seat's own last, with its record line), the Minors on one
        line; ``short``: the other Powers several to a line."""
        great: Sequence[str] = view.get("great_powers") or []
        own = [p for p in great if p == seat or (seat == "DE" and p == "AH")]
        others = [p for p in great if p not in own]
        heading = "Powers  £ treasury · VP · markers · a/n Army/Naval strength (at home) · Merchant Fleets"
        if short:
            heading = "Powers  £ treasury · VP (details: everything)"
        lines = [_fit(Text(heading, style="bold underline"), width)]
        if short:
            row = Text()
            for p in others:
                part = Text(" · " if row else " ", style="dim")
                part.append_text(self.power(p))
                treasury = (view.get("treasury") or {}).get(p, 0)
                vp = (view.get("vp") or {}).get(p)
                part.append(f" £{treasury} VP {vp if vp is not None else '-'}")
                if row and len(row) + len(part) > width:
                    lines.append(row)
                    row = Text(" ")
                    part = part[3:]
                row.append_text(part)
            if row:
                lines.append(row)
        else:
            lines.extend(self.power_line(view, p, seat, width) for p in others)
        for p in own:
            lines.append(self.power_line(view, p, seat, width))
            if not short or p == seat:
                record = self.record_text(view, p, brief=width < 100)
                lines.append(_fit(Text(f"   record: {record}", style="dim"), width))
        minors: Sequence[str] = view.get("minor_powers") or []
        if minors and not short:
            line = Text("Minors", style="dim")
            for p in minors:
                line.append(" · " if line.plain != "Minors" else " ")
                line.append_text(self.power(p))
                line.append(f" {self.marker_counts(view, p)}")
            lines.append(_fit(line, width))
        return lines

    # -- the screen -------------------------------------------------------------------------------

    def screen(self, view: Mapping[str, JSON], seat: Seat | None) -> RenderableType:
        self.kind = str(view.get("phase"))
        offer = view.get("offer")
        if self.kind == "offer" and isinstance(offer, Mapping) and offer.get("secret"):
            self.kind = "secret-offer"
        return _Screen(self, view, seat)

    def full_screen(self, view: Mapping[str, Any], seat: Seat | None, width: int) -> RenderableType:
        """Everything, wrapped: every Area with a marker, units or Unrest, a line each with its EV,
        CS and type; the sea zones; every Power with its record; treaties; forced spending."""
        parts: list[RenderableType] = [*self.header(view, width)]
        for line in self.situation(view, 10_000):
            line.no_wrap = False
            parts.append(line)
        parts.append(Text())
        parts.append(Text("Areas by region", style="bold underline"))
        parts.append(self.legend())
        for name, _, areas in self.regions:
            shown = self.shown_areas(view, areas)
            empty = len(areas) - len(shown)
            parts.append(Text.assemble((name, "bold"), (f"  ({empty} more Areas without a marker)", "dim")))
            for area in shown:
                parts.append(self.area_line(view, area))
        parts.append(Text())
        parts.append(Text("Seas: Merchant Fleets and units at sea", style="bold underline"))
        for sid, sea in self.content.seas.items():
            line = Text(f"  {sea.name}: ", style="bold")
            holders = [p for p, zones in (view.get("fleets") or {}).items() if sid in zones]
            line.append("fleets ")
            line.append_text(self.powers_text(holders, " ") if holders else Text("none", style="dim"))
            for p, codes in self.units_at(view, f"sea:{sid}").items():
                line.append(" · ")
                line.append_text(self.power(p))
                line.append(" " + " ".join(codes))
            parts.append(line)
        parts.append(Text())
        parts.append(Text("Powers", style="bold underline"))
        for p in [*(view.get("great_powers") or []), *(view.get("minor_powers") or [])]:
            line = self.power_line(view, p, seat, 10_000)
            line.no_wrap = False
            parts.append(line)
            home = self.units_at(view, "home").get(p)
            if home:
                parts.append(Text(f"   at home: {' '.join(home)}", style="dim"))
            if p in (view.get("record") or {}):
                parts.append(Text(f"   record: {self.record_text(view, p, full=True)}", style="dim"))
        parts.append(Text())
        parts.append(self.treaty_lines(view))
        forced: Mapping[str, int] = view.get("forced") or {}
        if forced:
            parts.append(
                Text(
                    "Forced spending on units (L348-359): " + ", ".join(f"{p} {n}" for p, n in forced.items())
                )
            )
        licences: Mapping[str, Sequence[str]] = view.get("licences") or {}
        if licences:
            parts.append(
                Text(
                    "Licences from events: "
                    + "; ".join(
                        f"{p} {', '.join(self.area_name(a) for a in areas)}" for p, areas in licences.items()
                    )
                )
            )
        counts = f"Chinese Rebellions {view.get('rebellions', 0)} · Balkan Wars {view.get('balkan_wars', 0)}"
        parts.append(Text(counts, style="dim"))
        return Group(*parts)

    def legend(self) -> Text:
        return Text(
            "int Interest, inf Influence, PRO Protectorate, POS Possession, STA State, DOM Dominion; "
            "* placed this turn, not yet established (L561-578); UNREST: an Unrest marker (L739-766)",
            style="dim",
        )

    def area_line(self, view: Mapping[str, Any], area: str) -> Text:
        info = self.content.areas[area]
        line = Text(f"  {info.name}", style="bold")
        line.append(f" ({info.type}, EV {info.ev}, CS {info.cs})", style="dim")
        if area in set(view.get("unrest") or []):
            line.append(" UNREST", style="bold red")
        units = self.units_at(view, area)
        seen: set[str] = set()
        for p, level, est in self.holders(view, area):
            line.append(" · ")
            line.append_text(self.power(p))
            line.append(f" {level.capitalize()}" + ("" if est else " (new)"))
            if units.get(p):
                line.append(f" {' '.join(units[p])}", style="dim")
            seen.add(p)
        for p, codes in units.items():
            if p not in seen:
                line.append(" · ")
                line.append_text(self.power(p))
                line.append(f" {' '.join(codes)}", style="dim")
        return line

    def treaty_lines(self, view: Mapping[str, Any]) -> Text:
        treaties: Sequence[Sequence[str]] = view.get("treaties") or []
        secret = [list(t) for t in view.get("secret_treaties") or []]
        out = Text("Treaties (L812-845): ", style="bold")
        if not treaties:
            out.append("none", style="dim")
        for i, t in enumerate(treaties):
            out.append("; " if i else "")
            out.append(treaty_text(t))
            if list(t) in secret:
                out.append(" (secret)", style="italic")
        return out

    # -- the decision -----------------------------------------------------------------------------

    def decision(self, view: Mapping[str, JSON], seat: Seat) -> str:
        kind = str(view.get("phase"))
        what = DECISIONS.get(kind, "choose one of the actions below")
        acting = view.get("acting_power")
        who = f"{self.seat_name(seat)} ({seat})"
        if isinstance(acting, str) and acting != seat and acting in self.content.powers:
            who += f" for {self.seat_name(acting)} ({acting})"
        if kind == "movement":
            treasury = view.get("treasury")
            if isinstance(treasury, Mapping) and isinstance(acting, str):
                what = f"£{treasury.get(acting, 0)} to spend · {what}"
        elif kind == "offer":
            offer = view.get("offer")
            if isinstance(offer, Mapping):
                terms = self.offer_text(view, offer).plain.removeprefix("Offer: ").split(" · ")[0]
                what = f"{terms}: accept or refuse (L599-603)"
        elif kind == "dispute":
            dispute = view.get("dispute")
            if isinstance(dispute, Mapping):
                what = f"{self.area_name(str(dispute['area']))}: {what}"
        return f"{who}: {what}"

    def verb_title(self, verb: str) -> str:
        return KIND_VERBS.get((self.kind or "", verb)) or VERBS.get(verb, verb)

    def help(self, view: Mapping[str, JSON], seat: Seat, topic: str | None) -> str:
        if topic:
            key = topic.lower().split()[0]
            text = TOPICS.get(key)
            if text is None:
                return f"no help on {topic!r}; topics: {', '.join(sorted(TOPICS))}"
            return text
        kind = str(view.get("phase"))
        text = TOPICS.get(KIND_TOPIC.get(kind, kind), "")
        return f"{text}\n\n{GENERAL}".strip()

    def verdict(self, outcome: Outcome) -> Text | None:
        """The final record (L1573-1588): each Power's accumulated VP, end bonuses, Area VP and the
        Great War penalty; the Great War and whom it blames (L1212-1216)."""
        lines = outcome.details.get("lines")
        if not isinstance(lines, Mapping):
            return None
        out = Text("Final record (L1573-1588): ", style="bold")
        for i, (p, line) in enumerate(lines.items()):
            if not isinstance(line, Mapping):
                continue
            out.append("\n" if i else "")
            out.append_text(self.power(p))
            out.append(
                f" {line.get('accumulated', 0)} accumulated + {line.get('bonus', 0)} bonus + "
                f"{line.get('area_vp', 0)} for the Areas − {-int(line.get('great_war', 0))} Great War = "
                f"{line.get('total', 0)} VP"
            )
        if outcome.details.get("great_war"):
            blame = outcome.details.get("blame") or []
            out.append("\nThe Great War ended the game", style="bold red")
            if isinstance(blame, list) and blame:
                out.append(f"; blamed (triple penalty): {', '.join(str(b) for b in blame)}")
        else:
            end = outcome.details.get("end_year")
            out.append(f"\nThe game ran its course to {end}" if end else "")
        return out
