"""Building the map: continents, territories, minor nations and their cubes, with their checks."""

from __future__ import annotations

from collections.abc import Mapping

from .building import BuilderBase, frozen, rates
from .map import Continent, MinorCubes, MinorNation, Territory, TerritoryKind


class MapBuilder(BuilderBase):
    """Continents, territories (spaces, die faces, rates), minor nations and minor cubes."""

    def continents(self) -> dict[str, Continent]:
        if not self.raw.continent:
            raise self.o.error("continent", "the map needs at least one continent")
        members: dict[str, list[str]] = {cid: [] for cid in self.raw.continent}
        for tid, terr in self.raw.territory.items():
            cid = terr.continent.value
            if cid not in members:
                raise self.o.error(
                    f"territory.{tid}.continent",
                    f"unknown continent {cid!r} (known: {', '.join(members)})",
                )
            members[cid].append(tid)
        return {
            cid: Continent(
                id=cid,
                name_en=c.name_en.value,
                name_it=c.name_it.value,
                fleet_box=c.fleet_box.value,
                fleet_required=c.fleet_required.value,
                armament_rate=rates(c.armament_rate.value) if c.armament_rate else (),
                territories=tuple(members[cid]),
            )
            for cid, c in self.raw.continent.items()
        }

    def fleet_free(self) -> dict[str, frozenset[str]]:
        out: dict[str, frozenset[str]] = {}
        for power, leaf in self.raw.map.fleet_free.items():
            for tid in leaf.value:
                if tid not in self.raw.territory:
                    raise self.o.error(f"map.fleet_free.{power}", f"unknown territory {tid!r}")
            out[power] = frozenset(leaf.value)
        return out

    def territories(self, continents: Mapping[str, Continent]) -> dict[str, Territory]:
        fleet_free = self.fleet_free()
        setups = self._minor_setup()
        out: dict[str, Territory] = {}
        for tid, t in self.raw.territory.items():
            key = f"territory.{tid}"
            spaces = t.spaces.value
            faces = t.die_faces.value
            here = setups.get(tid, {})
            if sum(here.values()) > spaces:
                owners = ", ".join(f"minor_cubes.{mid}.setup" for mid in here)
                raise self.o.error(
                    f"{key}.spaces",
                    f"{t.name_en.value} has {spaces} spaces but {sum(here.values())} minor "
                    f"cubes start there ({owners})",
                    *[f"minor_cubes.{mid}.setup" for mid in here],
                )
            if len(faces) > spaces:
                raise self.o.error(
                    f"{key}.die_faces",
                    f"{len(faces)} die faces for {spaces} spaces (give die_faces with spaces)",
                    f"{key}.spaces",
                )
            if len(set(faces)) != len(faces):
                raise self.o.error(f"{key}.die_faces", "a die face appears twice")
            bottom = spaces if t.bottom_right.value == "last" else t.bottom_right.value
            if bottom > spaces:
                raise self.o.error(
                    f"{key}.bottom_right",
                    f"space {bottom} does not exist ({spaces} spaces)",
                    f"{key}.spaces",
                )
            continent = continents[t.continent.value]
            if continent.armament_rate and t.armament_rate is not None:
                raise self.o.error(
                    f"{key}.armament_rate",
                    f"{continent.name_en} has one rate for all its territories, on the "
                    f"continent box (§8.9); set continent.{continent.id}.armament_rate instead",
                )
            if not continent.armament_rate and t.armament_rate is None:
                raise self.o.error(
                    f"{key}.armament_rate",
                    f"missing: {continent.name_en} has no continent rate, so each territory "
                    "gives its own (§8.9)",
                )
            rate = continent.armament_rate or rates(t.armament_rate.value if t.armament_rate else [])
            for option in rate:
                if option.armies + option.fleets == 0:
                    raise self.o.error(f"{key}.armament_rate", "a rate must cost some units")
                if option.cubes > spaces:
                    raise self.o.error(
                        f"{key}.armament_rate",
                        f"{option.cubes} Armament cubes do not fit in {spaces} spaces",
                        f"{key}.spaces",
                    )
            order = tuple(range(bottom, 0, -1)) + tuple(range(bottom + 1, spaces + 1))
            die_faces: list[int | None] = [*faces, *([None] * (spaces - len(faces)))]
            out[tid] = Territory(
                id=tid,
                name_en=t.name_en.value,
                name_it=t.name_it.value,
                continent=continent.id,
                kind=TerritoryKind(t.kind.value),
                spaces=spaces,
                die_faces=tuple(die_faces),
                die_space=frozen({face: i + 1 for i, face in enumerate(faces)}),
                bottom_right=bottom,
                armament_order=order,
                vp=t.vp.value,
                armament_rate=rate,
                fleet_required=continent.fleet_required,
                fleet_free_for=frozenset(p for p, tids in fleet_free.items() if tid in tids),
                minor_setup=frozen(here),
            )
        return out

    def _minor_setup(self) -> dict[str, dict[str, int]]:
        """Territory -> {cube owner: cubes at setup}, checking ids and supplies (§3.1)."""
        by_territory: dict[str, dict[str, int]] = {}
        for mid, cubes in self.raw.minor_cubes.items():
            key = f"minor_cubes.{mid}.setup"
            for tid, count in cubes.setup.value.items():
                if tid not in self.raw.territory:
                    raise self.o.error(key, f"unknown territory {tid!r}")
                by_territory.setdefault(tid, {})[mid] = count
            placed = sum(cubes.setup.value.values())
            if placed > cubes.supply.value:
                raise self.o.error(
                    key,
                    f"{placed} cubes placed at setup but the supply is {cubes.supply.value}",
                    f"minor_cubes.{mid}.supply",
                )
        return by_territory

    def minors(self, continents: Mapping[str, Continent]) -> dict[str, MinorNation]:
        for tid, t in self.raw.territory.items():
            if t.kind.value == "minor" and tid not in self.raw.minor:
                raise self.o.error(
                    f"territory.{tid}.kind",
                    f"{tid} is a minor nation but has no [minor.{tid}] entry (its alliance bonus)",
                    f"minor.{tid}",
                )
        out: dict[str, MinorNation] = {}
        everywhere = frozenset(continents)
        for mid, m in self.raw.minor.items():
            key = f"minor.{mid}.bonus"
            terr = self.raw.territory.get(mid)
            if terr is None or terr.kind.value != "minor":
                raise self.o.error(
                    f"minor.{mid}",
                    f"{mid!r} is not a territory of kind 'minor'",
                    f"territory.{mid}",
                )
            bonus = m.bonus.value
            for field_name in ("army_continents", "fleet_continents"):
                listed = getattr(bonus, field_name) or []
                for cid in listed:
                    if cid not in continents:
                        raise self.o.error(key, f"{field_name}: unknown continent {cid!r}")
            if bonus.intrigue_keep > bonus.intrigue_draw:
                raise self.o.error(key, "intrigue_keep cannot exceed intrigue_draw")
            out[mid] = MinorNation(
                id=mid,
                income=bonus.income,
                armies=bonus.armies,
                fleets=bonus.fleets,
                army_continents=frozenset(bonus.army_continents or everywhere),
                fleet_continents=frozenset(bonus.fleet_continents or everywhere),
                prestige=bonus.prestige,
                intrigue_draw=bonus.intrigue_draw,
                intrigue_keep=bonus.intrigue_keep,
            )
        return out

    def minor_cubes(self) -> dict[str, MinorCubes]:
        out: dict[str, MinorCubes] = {}
        for mid, c in self.raw.minor_cubes.items():
            key = f"minor_cubes.{mid}"
            terr = self.raw.territory.get(mid)
            own = terr is not None and terr.kind.value == "minor"
            if own and (c.name_en is not None or c.name_it is not None):
                raise self.o.error(
                    f"{key}.name_en" if c.name_en is not None else f"{key}.name_it",
                    f"the name comes from territory.{mid}; give it in one place only",
                )
            if not own and (c.name_en is None or c.name_it is None):
                raise self.o.error(key, "needs name_en and name_it (this nation has no territory to name it)")
            name_en = terr.name_en.value if own and terr else c.name_en.value if c.name_en else ""
            name_it = terr.name_it.value if own and terr else c.name_it.value if c.name_it else ""
            out[mid] = MinorCubes(
                id=mid,
                name_en=name_en,
                name_it=name_it,
                supply=c.supply.value,
                defence=c.defence.value,
                setup=frozen(c.setup.value),
                territory=mid if own else None,
            )
        return out
