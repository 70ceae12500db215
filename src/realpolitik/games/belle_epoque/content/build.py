"""From checked file shapes to the frozen objects, with the checks that span several values.

Each check names the key a person must edit (``Origins.error``) and cites the rule behind it where
there is one. The parts live beside this module: ``build_map``, ``build_powers``, ``build_cards``.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from .build_cards import CardBuilder
from .build_map import MapBuilder
from .build_powers import PowerBuilder
from .building import frozen
from .rules import (
    DisputeRules,
    GameRules,
    NonPlayerPower,
    NonPlayerRules,
    SendRow,
    SoloBand,
    SoloRules,
)
from .schema import Leaf, RawSendRow


class Builder(MapBuilder, PowerBuilder, CardBuilder):
    """Builds one :class:`Content`'s parts; every method raises ``ContentError`` on bad data."""

    # --- game -------------------------------------------------------------------------------

    def game(self) -> GameRules:
        g = self.raw.game
        turns = g.turns.value
        eras = tuple(tuple(era) for era in g.eras.value)
        flat = [turn for era in eras for turn in era]
        if flat != list(range(1, turns + 1)):
            raise self.o.error("game.eras", f"the eras must list turns 1..{turns} once each, in order (§6.1)")
        for name in ("intrigue_turns", "scoring_turns", "sell_armaments_from_turn"):
            leaf: Leaf[Any] = getattr(g, name)
            values = leaf.value if isinstance(leaf.value, list) else [leaf.value]
            if any(not 1 <= turn <= turns for turn in values):
                raise self.o.error(f"game.{name}", f"turns must lie in 1..{turns}")
        return GameRules(
            turns=turns,
            eras=eras,
            era_of_turn=frozen({t: i + 1 for i, era in enumerate(eras) for t in era}),
            intrigue_turns=frozenset(g.intrigue_turns.value),
            scoring_turns=frozenset(g.scoring_turns.value),
            sell_armaments_from_turn=g.sell_armaments_from_turn.value,
            events_per_turn=g.events_per_turn.value,
            actions_per_turn=g.actions_per_turn.value,
            international_prestige_cost=g.international_prestige_cost.value,
            international_prestige_steps=g.international_prestige_steps.value,
            economic_investment_income=g.economic_investment_income.value,
            great_work_prestige=g.great_work_prestige.value,
            final_colony_prestige=g.final_colony_prestige.value,
        )

    def dispute(self) -> DisputeRules:
        d = self.raw.dispute
        return DisputeRules(
            **{name: getattr(d, name).value for name in type(d).model_fields},
        )

    # --- solo and NP ------------------------------------------------------------------------

    def solo(self, game: GameRules) -> SoloRules:
        s = self.raw.solo
        bonus: dict[int, int] = {}
        for name, leaf in s.end_turn_bonus.items():
            if not name.isdigit() or not 1 <= int(name) <= game.turns:
                raise self.o.error(f"solo.end_turn_bonus.{name}", "must name a turn number")
            bonus[int(name)] = leaf.value
        bands = [
            SoloBand(
                id=bid,
                name_en=b.name_en.value,
                name_it=b.name_it.value,
                min_vp=b.min_vp.value if b.min_vp else None,
                max_vp=b.max_vp.value if b.max_vp else None,
            )
            for bid, b in s.bands.items()
        ]
        bands.sort(key=lambda b: -(10**9) if b.min_vp is None else b.min_vp)
        if not bands or bands[0].min_vp is not None or bands[-1].max_vp is not None:
            raise self.o.error("solo.bands", "the lowest band needs no min_vp and the highest no max_vp")
        for low, high in pairwise(bands):
            if low.max_vp is None or high.min_vp != low.max_vp + 1:
                raise self.o.error(
                    f"solo.bands.{high.id}.min_vp",
                    f"must be {low.id}'s max_vp + 1 so every score has one band",
                    f"solo.bands.{low.id}.max_vp",
                )
        return SoloRules(frozen(bonus), tuple(bands))

    def non_player(self, game: GameRules) -> NonPlayerRules:
        n = self.raw.np
        powers: dict[str, NonPlayerPower] = {}
        for pid, p in n.powers.items():
            key = f"np.powers.{pid}"
            for name in ("arsenal_bonus", "card", "prestige", "fleet"):
                values = getattr(p, name).value
                if len(values) != game.turns:
                    raise self.o.error(
                        f"{key}.{name}",
                        f"needs one entry per turn ({game.turns}), got {len(values)}",
                    )
            for tid in p.objectives.value:
                if tid not in self.raw.territory:
                    raise self.o.error(f"{key}.objectives", f"unknown territory {tid!r}")
            extra = p.extra_dm_from_turn
            if extra is not None and extra.value > game.turns:
                raise self.o.error(f"{key}.extra_dm_from_turn", "after the last turn")
            for tid in p.setup.value:
                if tid not in self.raw.territory:
                    raise self.o.error(f"{key}.setup", f"unknown territory {tid!r}")
            rows = self._send_rows(key, p.send)
            powers[pid] = NonPlayerPower(
                power=pid,
                arsenal_bonus=tuple(p.arsenal_bonus.value),
                card=tuple(p.card.value),
                prestige=tuple(p.prestige.value),
                objectives=tuple(p.objectives.value),
                extra_dm_from_turn=extra.value if extra else None,
                fleet=tuple(p.fleet.value),
                setup=tuple(p.setup.value.items()),
                send=rows,
            )
        return NonPlayerRules(
            n.dispute_bonus_cap.value,
            n.dm_per_turn.value,
            frozenset(n.armament_rows.value),
            frozen(powers),
        )

    def _send_rows(self, key: str, send: Mapping[Any, Leaf[RawSendRow]]) -> tuple[SendRow, ...]:
        """§13.7: six rows, two "Territory (Alternative)" boxes and a last column whose die ranges
        cover every face once."""
        if sorted(send) != [str(n) for n in range(1, 7)]:
            raise self.o.error(f"{key}.send", "needs the rows 1 to 6")
        rows = []
        for number in range(1, 7):
            where = f"{key}.send.{number}"
            row = send[str(number)].value
            for column in (row.first, row.second):
                if len(column) != 2 or column[0] == column[1]:
                    raise self.o.error(where, "a box is [territory, alternative], two different territories")
            faces: list[int] = []
            for tid, span in row.last.items():
                if len(span) != 2 or span[0] > span[1]:
                    raise self.o.error(where, f"{tid}: a die range is [lowest, highest]")
                faces.extend(range(span[0], span[1] + 1))
            if sorted(faces) != [1, 2, 3, 4, 5, 6]:
                raise self.o.error(where, "the last column's die ranges must cover 1-6 once each")
            for tid in (*row.first, *row.second, *row.last):
                if tid not in self.raw.territory:
                    raise self.o.error(where, f"unknown territory {tid!r}")
            rows.append(
                SendRow(
                    (row.first[0], row.first[1]),
                    (row.second[0], row.second[1]),
                    tuple((t, span[0], span[1]) for t, span in row.last.items()),
                )
            )
        return tuple(rows)
