"""La Belle Époque's screen for an ordinary terminal (100×40, readable at 80×24): the header, the
whole map with one character per space, the Powers in one line each, the dispute, and the hand by
name, so the prompt and the menu stay on screen. The full screen (every cube's letters, the card
texts) is one command away (``details``).

A space is one character: a Power's initial in its colour (``G`` Great Britain, ``F`` France, ``C``
Central Empires, ``R`` Russia), a minor nation's in lower case (``i`` Italy ...), ``#`` an Armament,
``·`` free and ``!`` a dispute (named in full under the map)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.text import Text

from ....engine import JSON, Seat

if TYPE_CHECKING:
    from .terminal import BelleEpoqueRenderer

MINOR_LETTERS = {
    "italy": "i",
    "japan": "j",
    "united-states": "u",
    "spain": "e",
    "portugal": "p",
    "belgium": "b",
    "netherlands": "n",
    "boer-states": "o",
}
TALL = 30
"""From this height on, the Powers' lines and the legend are drawn too."""
ROMAN = {1: "I", 2: "II", 3: "III"}


class Compact:
    """The compact screen of one view, for a console of ``width`` × ``height``."""

    def __init__(self, renderer: BelleEpoqueRenderer, view: Mapping[str, JSON], width: int, height: int):
        self.r = renderer
        self.view: Mapping[str, Any] = view
        self.width = max(60, width)
        self.height = height
        self.content = renderer.content

    @property
    def tall(self) -> bool:
        return self.height >= TALL

    def render(self, seat: Seat | None) -> RenderableType:
        parts: list[RenderableType] = [*self.header(), *self.map(), *self.map_notes()]
        if self.tall:
            parts.append(self.legend())
            parts.extend(self.powers())
        parts.extend(self.dispute())
        if seat is not None:
            parts.extend(self.hand(seat))
        return Group(*parts)

    # -- header -----------------------------------------------------------------------------------

    def header(self) -> list[Text]:
        view, r = self.view, self.r
        phase = str(view["phase"])
        first = Text.assemble(
            ("La Belle Époque", "bold"),
            f" · {r.word('turn')} {view['turn']}/{self.content.game.turns}"
            f" · {r.word('era')} {ROMAN.get(int(view['era']), view['era'])} · ",
            (r.phase_name(phase), "bold"),
        )
        order = list(view["turn_order"]) or (
            list(self.content.setup.order) if phase == "initial-setup" else []
        )
        second = Text(f"{r.word('order')}: " if self.tall else " · ")
        second.append_text(r.seat_list(order, view))
        if view["next_order"]:
            second.append(f" · {r.word('next')}: " if self.tall else " · next ")
            second.append_text(r.seat_list(view["next_order"], view))
        if not self.tall:  # one line on a small terminal (the decks are in the details)
            first.append_text(second)
            return [first]
        events, intrigue = view["events"], view["intrigue"]
        second.append(
            f" · {r.word('events')} {events['deck']} · {r.word('intrigue')} {intrigue['deck']}", style="dim"
        )
        return [first, second]

    # -- the map ----------------------------------------------------------------------------------

    def cell(self, text: str | None) -> Text:
        if text is None:
            return Text("·", style="dim")
        if "/" in text:
            return Text("!", style="bold reverse")
        if text in self.content.powers:
            return Text(text[0], style=self.r.seat_style(text))
        if text == "#":
            return Text("#", style="bold yellow")
        return Text(MINOR_LETTERS.get(text, text[:1]), style="magenta")

    def map(self) -> list[Text]:
        continents = self.content.continent_ids
        columns = max(1, min(len(continents), self.width // 26))
        col_width = self.width // columns
        # name, VP (2), 8 spaces, the holder "[G]": the name gets what is left.
        name_width = max(8, col_width - 16)
        lines: list[Text] = []
        headings: set[int] = set()
        territories: Mapping[str, Any] = self.view["territories"]
        for continent in self.content.continent_ids:
            headings.add(len(lines))
            lines.append(Text(self.r.continent_name(continent), style="bold underline"))
            for tid in self.content.continents[continent].territories:
                info = self.content.territories[tid]
                name = self.r.territory_name(tid)
                if len(name) > name_width:
                    name = name[: name_width - 1] + "…"
                line = Text(f"{name:<{name_width}}")
                line.append(f"{info.vp:>2} ", style="dim")
                for space in territories[tid]["spaces"]:
                    line.append_text(self.cell(space))
                line.append(" " * (8 - len(territories[tid]["spaces"])))
                holder = territories[tid]["holder"]
                if holder:
                    line.append(" [")
                    line.append(holder[0], style=self.r.seat_style(holder))
                    line.append("]")
                lines.append(line)
        chunks: list[list[Text]] = []
        if columns >= len(continents):
            # A continent per column, side by side as on the board.
            bounds = [*sorted(headings), len(lines)]
            chunks = [lines[a:b] for a, b in itertools.pairwise(bounds)]
        else:
            rows = -(-len(lines) // columns)
            start = 0
            while start < len(lines):
                end = min(len(lines), start + rows)
                if end - 1 in headings and end < len(lines):
                    end -= 1  # a continent's heading goes with its first territory
                chunks.append(lines[start:end])
                start = end
        out = []
        for row in range(max(len(c) for c in chunks)):
            line = Text()
            for chunk in chunks:
                piece = chunk[row].copy() if row < len(chunk) else Text()
                piece.truncate(col_width - 1)
                piece.pad_right(col_width - len(piece))
                line.append_text(piece)
            line.rstrip()
            out.append(line)
        return out

    def map_notes(self) -> list[Text]:
        """Fleet boxes, disputes, Diplomatic Contrasts and allied minors' units: one wrapped text."""
        view, r = self.view, self.r
        notes = Text()

        def add(label: str) -> None:
            if notes:
                notes.append(" · ")
            notes.append(label, style="bold")

        add(f"{r.word('fleet box')}:")
        for continent in self.content.continent_ids:
            box = view["fleet_boxes"].get(continent) or {}
            held = [(p, n) for p, n in box.items() if n]
            notes.append(f" {r.continent_name(continent)} ")
            if not held:
                notes.append("—", style="dim")
            for power, count in held:
                notes.append_text(r.seat_label(power))
                exhausted = view["powers"][power]["fleets"]["exhausted"].get(continent, 0)
                notes.append(f"{count}" + (f"({exhausted}x)" if exhausted else "") + " ")
        for tid, here in view["territories"].items():
            for number, space in enumerate(here["spaces"], 1):
                if space and "/" in space:
                    add("Dispute")
                    notes.append(f" {r.territory_name(tid)} {number}: {space}")
        for tid, contrasts in view["contrasts"].items():
            add("Contrasts")
            notes.append(f" {r.territory_name(tid)} ")
            notes.append_text(r.seat_label(contrasts["power"]))
            notes.append(f" T{contrasts['turn']}")
        for tid, minor in view["minors"].items():
            away = [u for u in minor["units"] if u["location"] not in ("home", "arsenal") or u["exhausted"]]
            if minor["ally"] and away:
                add(r.territory_name(tid))
                for unit in away:
                    kind = unit["unit"].rsplit("-", 1)[-1]
                    notes.append(f" {kind} {unit['location']}" + ("*" if unit["exhausted"] else ""))
        if not self.tall and len(notes) > 2 * self.width - 12:
            notes.truncate(2 * self.width - 13)
            notes.append("…")
        return [notes]

    def legend(self) -> Text:
        return Text(
            "G F C R = the Powers' cubes · i j u e p b n o = minor nations' (Italy, Japan, US, Spain, "
            "Portugal, Belgium, Netherlands, Boers) · # Armament · ! dispute · [G] ally or control",
            style="dim",
        )

    # -- the Powers -------------------------------------------------------------------------------

    def powers(self) -> list[Text]:
        head = Text(
            "Power    £   DM Res Prest VP FT  Armies   Fleets arsenal/eu/af/as/buy GW   Arm Cards",
            style="bold",
        )
        out = [head]
        for power, me in self.view["powers"].items():
            armies, fleets = me["armies"], me["fleets"]
            away = sum(armies["out"].values())
            boxes = "/".join(
                f"{fleets['active'][b]}" + (f"+{fleets['exhausted'][b]}x" if fleets["exhausted"][b] else "")
                for b in fleets["active"]
            )
            great = self.content.powers[power].great_work
            line = Text.assemble(self.r.seat_label(power), ("*" if me.get("np") else " ", "italic"))
            army = f"{armies['arsenal']}/{armies['reserve']}/{away}"
            fleet = f"{fleets['arsenal']}/{boxes}/{fleets['reserve']}"
            line.append(
                f"{me['money']:>5} {me['embassies']:>4} {me['reserve']:>3} {me['prestige']:>5}"
                f" {me['vp']:>2} {me['fleet_track']:>2}  {army:<8} {fleet:<26}"
                f"{'built' if me['great_work'] else '£' + str(great.cost):<5} {me['armament_left']:>3}"
                f" {me['intrigue_count']}/{len(me['national'])}"
            )
            status = []
            if me.get("np"):
                status.append("NP")
            if me["passed"]:
                status.append("passed")
            if me["actions_used"]:
                status.append("+".join(me["actions_used"]))
            if status:
                line.append("  " + ", ".join(status), style="dim")
            line.truncate(self.width)
            out.append(line)
        return out

    def dispute(self) -> list[Text]:
        dispute = self.view.get("dispute")
        if not isinstance(dispute, Mapping):
            return []
        r = self.r
        line = Text.assemble(
            (f"{r.word('dispute')} §8.7: ", "bold"),
            f"{r.territory_name(dispute['territory'])} {dispute['space']}: ",
            r.seat_label(dispute["attacker"]),
            " attacks ",
            r.cube(dispute["cube"]),
            f" · fleets/armies committed: {dispute['attacker']} {dispute['a_fleets']}/{dispute['a_armies']}",
        )
        if dispute["defender"]:
            line.append(f", {dispute['defender']} {dispute['d_fleets']}/{dispute['d_armies']}")
        return [line]

    # -- the hand ---------------------------------------------------------------------------------

    def hand(self, seat: Seat) -> list[Text]:
        r = self.r
        me = self.view["powers"][seat]
        title = Text.assemble((f"{r.word('hand')} — ", "bold"), r.seat_label(seat), f" {r.seat_name(seat)}")
        wide = self.width >= 100  # card ids (what the notation names) where there is room
        if self.tall:
            title.append("  (card texts: type details)", style="dim")
            out = [title]
            line = Text()
        else:
            out = []
            line = title.append(": ")
        cards: Sequence[Mapping[str, Any]] | None = me.get("hand")
        if cards is None:
            cards = [{"card": c, "deck": "intrigue"} for c in me.get("intrigue", [])]
            cards += [{"card": c, "deck": "national"} for c in me["national"]]
        for card in cards:
            item = Text(f"[{card['card']}] " if wide else "", style="cyan")
            item.append(r.card_name(card["card"]), style="bold")
            if card.get("deck") == "national":
                cost = card.get("cost", self.content.national_cards[card["card"]].cost.get(seat, 0))
                item.append(f" £{cost}")
            if line and len(line) + len(item) + 3 > self.width:
                out.append(line)
                line = Text()
            if line and not line.plain.endswith(": "):
                line.append(" · ")
            line.append_text(item)
        out.append(line if cards else Text("no cards", style="dim"))
        keep = self.view.get("keep")
        if isinstance(keep, Sequence) and keep:
            out.append(Text("Drawn, keep one: " + "; ".join(f"{r.card_name(c)} [{c}]" for c in keep)))
        return out
