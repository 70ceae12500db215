"""Building the Event, Intrigue and National cards, with their checks."""

from __future__ import annotations

from typing import Any

from .building import BuilderBase, frozen
from .cards import EffectStep, EventCard, EventDecks, IntrigueCard, IntrigueHalf, NationalCard
from .effects import EVENT, INTRIGUE, NATIONAL, Refs, check_effect
from .rules import GameRules
from .schema import Effect, Leaf, RawEvent, RawIntrigue, RawIntrigueHalf, RawNational


def _tuples(value: Any) -> Any:
    """Lists in effect arguments become tuples: the content is frozen."""
    return tuple(_tuples(item) for item in value) if isinstance(value, list) else value


class CardBuilder(BuilderBase):
    """Event cards and decks, Intrigue designs and deck, National cards."""

    def check_card_ids(self) -> None:
        """One id names one card, whatever its deck (records and logs cite cards by id)."""
        seen: dict[str, str] = {}
        for deck in ("event", "intrigue", "national"):
            for cid in getattr(self.raw, deck):
                if cid in seen:
                    raise self.o.error(
                        f"{deck}.{cid}",
                        f"card id {cid!r} is used twice (also {seen[cid]}.{cid})",
                        f"{seen[cid]}.{cid}",
                    )
                seen[cid] = deck

    def refs(self, deck: str) -> Refs:
        """The ids an effect of ``deck`` may name (checked against the map files)."""
        raw = self.raw
        return Refs(
            deck=deck,
            territories=frozenset(raw.territory),
            minors=frozenset(t for t, v in raw.territory.items() if v.kind.value == "minor"),
            colonies=frozenset(t for t, v in raw.territory.items() if v.kind.value == "colony"),
            continents=frozenset(raw.continent),
            colours=frozenset(raw.minor_cubes),
        )

    def effect(self, key: str, leaf: Leaf[Effect] | None, deck: str) -> tuple[EffectStep, ...]:
        """The steps of a card's effect, each checked against the vocabulary (:mod:`.effects`)."""
        if leaf is None:
            raise self.o.error(
                f"{key}.effect",
                "every card needs an `effect`: a list of steps of the effect vocabulary "
                "(docs/cards.md); a lost effect is reconstructed, with `why`",
            )
        problem = check_effect(leaf.value, self.refs(deck))
        if problem:
            number, reason = problem
            raise self.o.error(f"{key}.effect", f"step {number}: {reason}" if number else reason)
        return tuple(
            EffectStep(
                step["op"],
                frozen({k: _tuples(v) for k, v in step.items() if k not in ("op", "if")}),
                step.get("if"),
            )
            for step in leaf.value
        )

    def text_it(self, key: str, leaf: Leaf[str] | None) -> str:
        if leaf is None:
            raise self.o.error(
                f"{key}.effect_summary_it",
                "every card needs its text in Italian too (`effect_summary_it`, in our own words)",
            )
        return leaf.value

    def events(self, game: GameRules) -> tuple[dict[str, EventCard], EventDecks]:
        cards: dict[str, EventCard] = {}
        for cid, e in self.raw.event.items():
            cards[cid] = self._event(cid, e)
        eras = range(1, len(game.eras) + 1)
        by_era = {era: tuple(c for c, e in cards.items() if e.era == era and not e.promo) for era in eras}
        promos = {era: tuple(c for c, e in cards.items() if e.era == era and e.promo) for era in eras}
        d = self.raw.event_decks
        removed = {1: d.era1_removed.value, 2: d.era2_removed.value, 3: d.era3_removed.value}
        with_promo = {**removed, 2: d.era2_removed_with_promo.value}
        for era, count in removed.items():
            if count > len(by_era.get(era, ())):
                raise self.o.error(
                    f"event_decks.era{era}_removed",
                    f"removes {count} cards from an Era {era} deck of {len(by_era.get(era, ()))}",
                )
        decks = EventDecks(
            by_era=frozen(by_era),
            promos=frozen(promos),
            removed=frozen(removed),
            removed_with_promo=frozen(with_promo),
        )
        return cards, decks

    def _event(self, cid: str, e: RawEvent) -> EventCard:
        key = f"event.{cid}"
        effect = self.effect(key, e.effect, EVENT)
        ops = {step.op for step in effect}
        ends_game = bool(e.ends_game and e.ends_game.value)
        if ends_game != ("end_game" in ops):
            raise self.o.error(
                f"{key}.effect",
                "a card that ends the game (`ends_game`, §6.3) has an `end_game` step, and only it",
                f"{key}.ends_game",
            )
        if (e.final_vp is not None) != ("final_vp" in ops):
            raise self.o.error(
                f"{key}.effect",
                "a card scoring at the end (`final_vp`, §10.2) has a `final_vp` step, and only it",
                f"{key}.final_vp",
            )
        return EventCard(
            id=cid,
            name_en=e.name_en.value,
            name_it=e.name_it.value,
            era=e.era.value,
            promo=bool(e.promo and e.promo.value),
            ends_game=ends_game,
            final_vp=e.final_vp.value if e.final_vp else None,
            effect_summary=e.effect_summary.value,
            effect_summary_it=self.text_it(key, e.effect_summary_it),
            effect=effect,
        )

    def intrigue(self) -> tuple[dict[str, IntrigueCard], tuple[str, ...], tuple[str, ...]]:
        cards = {cid: self._intrigue(cid, c) for cid, c in self.raw.intrigue.items()}
        deck = tuple(cid for cid, c in cards.items() if not c.promo for _ in range(c.copies))
        promos = tuple(cid for cid, c in cards.items() if c.promo for _ in range(c.copies))
        return cards, deck, promos

    def _intrigue(self, cid: str, c: RawIntrigue) -> IntrigueCard:
        def half(name: str, h: RawIntrigueHalf) -> IntrigueHalf:
            key = f"intrigue.{cid}.{name}"
            return IntrigueHalf(
                name_en=h.name_en.value,
                name_it=h.name_it.value,
                np_symbol=c.np_half.value == name,
                effect_summary=h.effect_summary.value,
                effect_summary_it=self.text_it(key, h.effect_summary_it),
                effect=self.effect(key, h.effect, INTRIGUE),
            )

        return IntrigueCard(
            id=cid,
            copies=c.copies.value,
            promo=bool(c.promo and c.promo.value),
            halves=(half("a", c.a), half("b", c.b)),
        )

    def national(self) -> dict[str, NationalCard]:
        return {cid: self._national(cid, c) for cid, c in self.raw.national.items()}

    def _national(self, cid: str, c: RawNational) -> NationalCard:
        key = f"national.{cid}"
        owners = c.owners.value
        if not owners or len(set(owners)) != len(owners):
            raise self.o.error(f"{key}.owners", "list each owning Power once")
        if set(c.cost) != set(owners):
            raise self.o.error(
                f"{key}.cost",
                f"give one cost per owner ({', '.join(owners)}); got {', '.join(c.cost) or 'none'}",
                f"{key}.owners",
            )
        return NationalCard(
            id=cid,
            name_en=c.name_en.value,
            name_it=c.name_it.value,
            owners=tuple(owners),
            cost=frozen({pid: c.cost[pid].value for pid in owners}),
            requires_great_work=bool(c.requires_great_work and c.requires_great_work.value),
            effect_summary=c.effect_summary.value,
            effect_summary_it=self.text_it(key, c.effect_summary_it),
            effect=self.effect(key, c.effect, NATIONAL),
        )
