"""Building the Powers (with Great Works and objectives) and the tracks, with their checks."""

from __future__ import annotations

from collections.abc import Mapping

from .building import BuilderBase, frozen
from .cards import NationalCard
from .map import Continent, Territory
from .powers import GreatWork, GreatWorkBonus, InitialSetup, Objective, ObjectiveKind, Power
from .schema import RawGreatWork, RawObjective, RawPower
from .tracks import FleetTrack, PrestigeBonus, PrestigeSpace, PrestigeTrack


class PowerBuilder(BuilderBase):
    """Initial Setup, Power Status Cards (Great Work, objectives) and the tracks."""

    def setup(self) -> InitialSetup:
        order = self.raw.setup.order.value
        if len(set(order)) != len(order) or set(order) != set(self.raw.power):
            raise self.o.error(
                "setup.order",
                f"must list every Power once ({', '.join(self.raw.power)}); got {order}",
            )
        return InitialSetup(tuple(order), self.raw.setup.cubes_per_round.value)

    def powers(
        self,
        territories: Mapping[str, Territory],
        continents: Mapping[str, Continent],
        national: Mapping[str, NationalCard],
        prestige: PrestigeTrack,
        fleet_track: FleetTrack,
    ) -> dict[str, Power]:
        missing = [p for p in ("GB", "FR", "CE", "RU") if p not in self.raw.power]
        if missing:
            raise self.o.error("power", f"missing Power(s): {', '.join(missing)}")
        out: dict[str, Power] = {}
        for pid, p in self.raw.power.items():
            key = f"power.{pid}"
            for cid in p.setup_minimum:
                if cid not in continents:
                    raise self.o.error(f"{key}.setup_minimum.{cid}", f"unknown continent {cid!r}")
            minima = {cid: leaf.value for cid, leaf in p.setup_minimum.items()}
            if sum(minima.values()) > p.setup_pool.value:
                raise self.o.error(
                    f"{key}.setup_minimum",
                    f"the continent minima add up to {sum(minima.values())} but the starting "
                    f"pool is {p.setup_pool.value} (§3.3.2)",
                    f"{key}.setup_pool",
                )
            self._check_start(key, p, prestige, fleet_track)
            out[pid] = Power(
                id=pid,
                name_en=p.name_en.value,
                name_it=p.name_it.value,
                colour=p.colour.value,
                revenue=p.revenue.value,
                dm_per_turn=p.dm_per_turn.value,
                dm_cubes=p.dm_cubes.value,
                army_max=p.army_max.value,
                army_cost=p.army_cost.value,
                fleet_max=p.fleet_max.value,
                fleet_cost=p.fleet_cost.value,
                armament_cubes=p.armament_cubes.value,
                setup_pool=p.setup_pool.value,
                setup_minimum=frozen(minima),
                start_money=p.start_money.value,
                start_prestige=p.start_prestige.value,
                start_vp=p.start_vp.value,
                start_fleet_track=p.start_fleet_track.value,
                great_work=self._great_work(key, pid, p.great_work, national),
                objectives=tuple(
                    self._objective(f"{key}.objectives.{oid}", oid, pid, o, territories)
                    for oid, o in p.objectives.items()
                ),
                national_cards=tuple(cid for cid, c in national.items() if pid in c.owners),
            )
        return out

    def _check_start(self, key: str, p: RawPower, prestige: PrestigeTrack, fleet_track: FleetTrack) -> None:
        if not prestige.lowest <= p.start_prestige.value <= prestige.highest:
            raise self.o.error(
                f"{key}.start_prestige",
                f"{p.start_prestige.value} is off the Prestige track ({prestige.lowest}..{prestige.highest})",
                "prestige",
            )
        if not fleet_track.lowest <= p.start_fleet_track.value <= fleet_track.highest:
            raise self.o.error(
                f"{key}.start_fleet_track",
                f"{p.start_fleet_track.value} is off the Fleet track "
                f"({fleet_track.lowest}..{fleet_track.highest})",
                "fleet_track",
            )

    def _great_work(
        self, key: str, pid: str, g: RawGreatWork, national: Mapping[str, NationalCard]
    ) -> GreatWork:
        key = f"{key}.great_work"
        bonus = GreatWorkBonus(g.bonus.value)
        if bonus is GreatWorkBonus.NATIONAL_CARD:
            if g.unlocks_card is None:
                raise self.o.error(f"{key}.unlocks_card", "required for a 'national-card' bonus")
            card = national.get(g.unlocks_card.value)
            if card is None or pid not in card.owners:
                raise self.o.error(
                    f"{key}.unlocks_card",
                    f"{g.unlocks_card.value!r} is not one of {pid}'s National cards",
                )
        elif g.unlocks_card is not None:
            raise self.o.error(f"{key}.unlocks_card", "only for a 'national-card' bonus")
        if bonus is not GreatWorkBonus.NATIONAL_CARD and g.bonus_amount is None:
            raise self.o.error(f"{key}.bonus_amount", f"required for a {bonus.value!r} bonus")
        return GreatWork(
            name_en=g.name_en.value,
            name_it=g.name_it.value,
            cost=g.cost.value,
            vp=g.vp.value,
            bonus=bonus,
            bonus_amount=g.bonus_amount.value if g.bonus_amount else 0,
            unlocks_card=g.unlocks_card.value if g.unlocks_card else None,
        )

    def _objective(
        self,
        key: str,
        oid: str,
        pid: str,
        o: RawObjective,
        territories: Mapping[str, Territory],
    ) -> Objective:
        kind = ObjectiveKind(o.kind.value)
        if not o.territories.value:
            raise self.o.error(f"{key}.territories", "names no territory")
        for tid in o.territories.value:
            terr = territories.get(tid)
            if terr is None:
                raise self.o.error(f"{key}.territories", f"unknown territory {tid!r}")
            if kind is ObjectiveKind.ALLIANCE and not terr.is_minor:
                raise self.o.error(
                    f"{key}.kind",
                    f"an alliance needs a minor nation; {tid} is a colony (use 'control')",
                    f"{key}.territories",
                )
            if kind is ObjectiveKind.CONTROL and not terr.is_colony:
                raise self.o.error(
                    f"{key}.kind",
                    f"control is of colonies; {tid} is a minor nation (use 'alliance')",
                    f"{key}.territories",
                )
            if o.count is not None and o.count.value > terr.spaces:
                raise self.o.error(
                    f"{key}.count", f"{o.count.value} cubes do not fit in {tid} ({terr.spaces})"
                )
        if (kind is ObjectiveKind.MIN_CUBES) != (o.count is not None):
            raise self.o.error(f"{key}.count", "give `count` for 'min-cubes' objectives only")
        if o.vp.value == 0:
            raise self.o.error(f"{key}.vp", "an objective worth 0 VP scores nothing")
        holder = o.holder.value if o.holder else "self"
        return Objective(
            id=oid,
            power=pid,
            kind=kind,
            territories=tuple(o.territories.value),
            vp=o.vp.value,
            count=o.count.value if o.count else 0,
            holder=pid if holder == "self" else holder,  # "other" or a Power id
        )

    # --- tracks -----------------------------------------------------------------------------

    def prestige(self) -> PrestigeTrack:
        p = self.raw.prestige
        low, high = p.lowest.value, p.highest.value
        if low >= high:
            raise self.o.error("prestige.highest", "must be above prestige.lowest", "prestige")
        positions: dict[int, str] = {}
        for name in p.spaces:
            try:
                positions[int(name)] = name
            except ValueError:
                raise self.o.error(
                    f"prestige.spaces.{name}", 'space names are whole numbers, e.g. "-2"'
                ) from None
        wanted = set(range(low, high + 1))
        missing = sorted(wanted - positions.keys())
        if missing:
            raise self.o.error(
                f"prestige.spaces.{missing[0]}",
                f"missing: the track runs {low}..{high}, so every space needs a bonus and VP",
                "prestige.lowest",
                "prestige.highest",
            )
        extra = sorted(positions.keys() - wanted)
        if extra:
            raise self.o.error(f"prestige.spaces.{positions[extra[0]]}", f"off the track {low}..{high}")
        spaces = tuple(
            PrestigeSpace(
                position=pos,
                bonus=PrestigeBonus.parse(p.spaces[positions[pos]].bonus.value),
                vp=p.spaces[positions[pos]].vp.value,
            )
            for pos in range(low, high + 1)
        )
        return PrestigeTrack(low, high, spaces)

    def fleet_track(self) -> FleetTrack:
        f = self.raw.fleet_track
        if f.lowest.value > f.highest.value:
            raise self.o.error("fleet_track.highest", "is below fleet_track.lowest", "fleet_track")
        return FleetTrack(f.lowest.value, f.highest.value)
