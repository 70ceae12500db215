"""The map primitives of card effects: place DM cubes, remove them, convert them.

Placement comes in four modes (``place``'s ``mode``):

* ``event`` (§6.2): one cube at a time into a free space; if none, a die names the space whose cube
  is replaced, whoever owns it; an Armament cube there cancels the placement.
* ``intrigue`` (§8.6.2): the player puts each cube on a free space or directly on any DM cube of
  its choice, even with free spaces left; the replaced cube goes home and no dispute starts.
* ``free``: the player picks a free space.
* ``send``: like Send Diplomatic Missions (§8.2) from the player's Embassies, a free space or a
  dispute, but without the fleet it would need (Diplomatic Contrasts still applies).

Removal takes only the base cube of a space (§8.2.5; a dispute's top cube then drops into the space,
digest G24) and never an Armament cube (§8.9.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Final

from .....engine import LogEntry
from .. import actions as A
from ..board import (
    allied_colours,
    contrasts_against,
    cube_to_reserve,
    disputable_spaces,
    evaluate,
    first_free,
    name,
    note,
    remove_base,
    send_cube,
    set_base,
    set_top,
)
from ..state import ARMAMENT, State
from .primitives import EVENT, OPS, Args, Ctx, Op, eligible, hit, powers_of, rule_of, title_of

Log = list[LogEntry] | None


def take_cube(state: State, owner: str) -> bool:
    """Take one cube of ``owner`` from the General Reserve (False if none is left, digest G21)."""
    if owner in state.powers:
        if state.powers[owner].reserve <= 0:
            return False
        state.powers[owner].reserve -= 1
        return True
    if state.minor_reserve[owner] <= 0:
        return False
    state.minor_reserve[owner] -= 1
    return True


def has_cube(state: State, owner: str) -> bool:
    if owner in state.powers:
        return state.powers[owner].reserve > 0
    return state.minor_reserve[owner] > 0


def place_by_event(state: State, territory: str, owner: str, log: Log, rule: str = "§6.2") -> None:
    """§6.2: a free space first (the lowest-numbered, digest A3); if none, a die picks the space
    whose cube is replaced, whoever owns it; an Armament cube there cancels the placement."""
    if not take_cube(state, owner):
        note(log, f"no {name(state, owner)} cube left in the General Reserve", "§2.2")
        return
    spaces = state.territories[territory]
    index = first_free(state, territory)
    if index is not None:
        set_base(state, territory, index, owner)
        note(log, f"{name(state, owner)} DM cube placed in {name(state, territory)}", rule)
        return
    die_space = state.content.territories[territory].die_space
    while True:
        roll = state.rng.die()
        if roll in die_space:  # digest A4: a face the territory does not print is re-rolled
            break
    index = die_space[roll] - 1
    current = spaces.base[index]
    if current == ARMAMENT:
        cube_to_reserve(state, owner)
        note(
            log,
            f"die {roll}: an Armament cube holds space {index + 1}; the placement is cancelled",
            rule,
        )
        return
    assert current is not None
    _replace(state, territory, index, owner)
    note(
        log,
        f"die {roll}: {name(state, owner)} DM cube replaces the {name(state, current)} cube in space "
        f"{index + 1} of {name(state, territory)}",
        rule,
    )


def _replace(state: State, territory: str, index: int, owner: str) -> None:
    """The cube in a space gives way to ``owner``'s (already taken from its reserve). Digest G24: a
    dispute standing on it goes on against the new cube, unless that cube is the attacker's own,
    which then has nothing left to dispute and goes home."""
    spaces = state.territories[territory]
    current = spaces.base[index]
    assert current is not None and current != ARMAMENT
    cube_to_reserve(state, current)
    set_base(state, territory, index, owner)
    if spaces.top[index] == owner:
        cube_to_reserve(state, owner)
        set_top(state, territory, index, None)


# -- where a step acts -----------------------------------------------------------------------------


def territories_of(state: State, ctx: Ctx, args: Args) -> Sequence[str]:
    """The territories ``args`` name (territory, territories, each, continents, kinds,
    self_present), in map order; the whole map when none is named. Callers only read it."""
    found = _named_entry(state, args)[1]
    if args.get("self_present"):
        player, territories = ctx["player"], state.territories
        return [t for t in found if player in territories[t].base]  # power_cubes(...) > 0
    return found


_Named = tuple[Args, tuple[str, ...], bool, tuple[int, ...] | None]

_NAMED: Final[dict[tuple[str, int], _Named]] = {}
"""What :func:`territories_of` reads from the content alone, by (content, the step's args), and
whether no territory is named twice, and the groups of territories (``State.cube_counts``) they
make up exactly, if they do: the args are kept with it, so their id is not reused while the entry
lives."""


def _named_entry(state: State, args: Args) -> _Named:
    key = (state.content.fingerprint, id(args))
    entry = _NAMED.get(key)
    if entry is None or entry[0] is not args:
        found = tuple(_territories_named(state, args))
        named = frozenset(found)
        groups = tuple(
            group
            for group, members in enumerate(state.layout.territories_of_group)
            if members and members <= named
        )
        covered = frozenset(t for group in groups for t in state.layout.territories_of_group[group])
        exact = groups if covered == named and len(named) == len(found) else None
        entry = _NAMED[key] = (args, found, len(named) == len(found), exact)
    return entry


def _groups_of(state: State, ctx: Ctx, args: Args) -> tuple[int, ...] | None:
    """The groups of territories (``State.cube_counts``) that :func:`territories_of` covers
    exactly, or None: then only a pass over its territories can tell what is there."""
    if args.get("self_present"):
        return None  # (it depends on where the player's cubes are)
    return _named_entry(state, args)[3]


def _present_where(state: State, ctx: Ctx, args: Args, wanted: frozenset[str] | None) -> bool:
    """Whether a territory the step names (``self_present``: one holding a cube of the player's,
    :func:`territories_of`) has a free space (``wanted`` None) or a base cube of one of ``wanted``."""
    player, territories = ctx["player"], state.territories
    for territory in _named_entry(state, args)[1]:
        spaces = territories[territory]
        base = spaces.base
        if player not in base:
            continue
        if spaces.free > 0 if wanted is None else not wanted.isdisjoint(base):
            return True
    return False


def _counted(state: State, owners: Iterable[str | None], groups: tuple[int, ...]) -> bool:
    """Whether any of ``owners`` has a base cube (``None``: a free space) in these groups, read
    from the index of cubes (``State.cube_counts``)."""
    layout, counts = state.layout, state.cube_counts
    for owner in owners:
        start = layout.slot.get(owner)
        if start is None:
            continue  # (not an owner of any cube: every cube on the map has a slot)
        for group in groups:
            if counts[start + group]:
                return True
    return False


def _territories_named(state: State, args: Args) -> list[str]:
    content = state.content
    if "territory" in args:
        found: list[str] = [args["territory"]]
    elif "territories" in args:
        found = list(args["territories"])
    elif "each" in args:
        found = [t for entry in args["each"] for t in entry]
    else:
        found = list(content.territory_ids)
    if "continents" in args:
        found = [t for t in found if content.territories[t].continent in args["continents"]]
    if "kinds" in args:
        kinds = args["kinds"]
        found = [t for t in found if ("minor" if content.territories[t].is_minor else "colony") in kinds]
    return found


def _owner(ctx: Ctx, owner: str) -> str:
    return str(ctx["player"]) if owner == "self" else owner


# -- place ------------------------------------------------------------------------------------------


class Place(Op):
    """``place``: ``count`` cubes of ``owner`` (or one per entry of ``each``), by ``mode``."""

    def decides(self, ctx: Ctx, args: Args) -> bool:
        return bool(args["mode"] != "event")

    @staticmethod
    def _count(args: Args) -> int:
        """The cubes the step places (``left`` at :meth:`begin`)."""
        return len(args["each"]) if "each" in args else int(args.get("count", 1))

    def begin(self, state: State, ctx: Ctx, args: Args) -> None:
        ctx["left"] = self._count(args)
        ctx["done"] = []

    def possible(self, state: State, ctx: Ctx, args: Args) -> bool:
        """:meth:`Op.possible` without its copy of the context: :meth:`begin` writes only
        ``left`` (none left: finished) and ``done`` (empty), the options read ``done`` alone."""
        if not self.decides(ctx, args):
            return True
        if self._count(args) <= 0:
            return False
        mode = args["mode"]
        if mode in ("free", "intrigue") and "each" not in args:
            groups = _groups_of(state, ctx, args)
            if groups is not None:
                # _each_option offers the free spaces of the territories named first (free mode:
                # only them): is there one, by the index of cubes (free spaces counted as
                # ``None``), and a cube to put there (digest G21)
                if not has_cube(state, _owner(ctx, args["owner"])):
                    return False
                if _counted(state, (None,), groups):
                    return True
                if mode == "free":
                    return False
                # (intrigue, no free space: a cube to place on, found by the pass below)
            elif mode == "free" and args.get("self_present"):
                # self_present: a territory named with one of the player's cubes and a free space
                # (_each_option's first option), without the list of such territories
                if not has_cube(state, _owner(ctx, args["owner"])):
                    return False
                return _present_where(state, ctx, args, None)
        probe = ctx if not ctx["done"] else dict(ctx, done=[])
        return next(self._each_option(state, probe, args), None) is not None

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        owner = _owner(ctx, args["owner"])
        for _ in range(int(args.get("count", 1))):
            place_by_event(state, args["territory"], owner, log, rule="§6.2")
        evaluate(state, log, args["territory"])

    def _candidates(self, state: State, ctx: Ctx, args: Args) -> Sequence[str]:
        done = ctx["done"]
        if "each" in args:
            if not done and "territory" not in args and "territories" not in args:
                # nothing placed yet: every entry is open, and the territories named are the
                # entries' own (_territories_named), so the filter below would keep them all
                return territories_of(state, ctx, args)
            open_slots = [entry for entry in args["each"] if not set(entry) & set(done)]
            wanted = {t for entry in open_slots for t in entry}
            return [t for t in territories_of(state, ctx, args) if t in wanted]
        found = territories_of(state, ctx, args)
        return [t for t in found if t not in done] if args.get("distinct") else found

    def options(self, state: State, ctx: Ctx, args: Args) -> list[A.Action]:
        return list(self._each_option(state, ctx, args))

    def has_options(self, state: State, ctx: Ctx, args: Args) -> bool:
        return next(self._each_option(state, ctx, args), None) is not None

    def first_options(self, state: State, ctx: Ctx, args: Args, limit: int) -> list[A.Action]:
        return list(islice(self._each_option(state, ctx, args), limit))

    def _each_option(self, state: State, ctx: Ctx, args: Args) -> Iterator[A.Action]:
        mode, owner, player = args["mode"], _owner(ctx, args["owner"]), ctx["player"]
        if mode == "send":
            if not state.powers[player].embassies:
                return
        elif not has_cube(state, owner):
            return  # digest G21: an empty supply places nothing
        allied = allied_colours(state, player) if mode == "send" else frozenset()
        candidates = self._candidates(state, ctx, args)
        if not _named_entry(state, args)[2]:  # a subsequence of territories named once each
            candidates = list(dict.fromkeys(candidates))
        for territory in candidates:
            spaces = state.territories[territory]
            free = spaces.free > 0
            if mode == "send":
                if contrasts_against(state, player, territory):
                    continue  # §8.9.2: a send, so Diplomatic Contrasts keeps it out
                if free:
                    yield A.send(territory)
                for index in disputable_spaces(state, player, territory, allied):
                    yield A.send(territory, index + 1)
                continue
            if free:
                yield A.place(territory)
            if mode == "intrigue":
                for index, cube in enumerate(spaces.base):
                    if cube in (None, ARMAMENT, owner) or spaces.top[index] == owner:
                        continue
                    if cube in state.powers and not eligible(state, ctx, cube):
                        continue  # §8.6.1, and never the player's own cube
                    yield A.place(territory, index + 1)

    def choose(self, state: State, ctx: Ctx, args: Args, action: A.Action, log: Log) -> None:
        assert isinstance(action, A.Place | A.Send)
        owner, territory = _owner(ctx, args["owner"]), action.territory
        spaces = state.territories[territory]
        if isinstance(action, A.Send):
            send_cube(state, owner, territory, action.space - 1 if action.space else None, log)
        else:
            take_cube(state, owner)
            if action.space:
                replaced = spaces.base[action.space - 1]
                assert replaced is not None
                _replace(state, territory, action.space - 1, owner)
                note(
                    log,
                    f"a DM cube of {name(state, owner)} replaces the {name(state, replaced)} cube in space "
                    f"{action.space} of {name(state, territory)}, without a dispute",
                    "§8.6.2",
                    ctx["player"],
                )
                if replaced in state.powers:
                    hit(state, ctx, replaced, log)
            else:
                index = first_free(state, territory)
                assert index is not None
                set_base(state, territory, index, owner)
                note(
                    log,
                    f"{name(state, owner)} DM cube placed in {name(state, territory)} (space {index + 1})",
                    rule_of(ctx),
                )
        ctx["done"] = [*ctx["done"], territory]
        ctx["left"] -= 1
        evaluate(state, log, territory)


# -- remove -----------------------------------------------------------------------------------------


class Remove(Op):
    """``remove``: base cubes of ``owner`` (opposing, target, powers, a Power, ally:MINOR or a minor
    colour), ``count`` in all or ``all``, at most ``per_power`` of a Power and ``per_territory`` in
    one territory. With ``choose`` (cards) the player picks each cube; otherwise (events) the
    lowest-numbered spaces go first, territory by territory in map order."""

    def decides(self, ctx: Ctx, args: Args) -> bool:
        return bool(args.get("choose", ctx["source"] != EVENT))

    @staticmethod
    def _count(args: Args) -> int:
        """The cubes the step removes (``left`` at :meth:`begin`): -1 for all of them."""
        return -1 if args["count"] == "all" else int(args["count"])

    def begin(self, state: State, ctx: Ctx, args: Args) -> None:
        ctx["left"] = self._count(args)
        ctx["hits"] = {}

    def possible(self, state: State, ctx: Ctx, args: Args) -> bool:
        """:meth:`Op.possible` without its copy of the context: :meth:`begin` writes only
        ``left`` (0: finished) and ``hits`` (empty), the options read ``hits`` alone."""
        if not self.decides(ctx, args):
            return True
        if self._count(args) == 0:
            return False
        probe = ctx if not ctx["hits"] else dict(ctx, hits={})
        return self._any_cube(state, probe, args)

    def hits(self, state: State, power: str, args: Args) -> bool:
        probe = {"player": "", "target": power, "hits": {}, "hit": [power], "source": "intrigue"}
        return self._any_cube(state, probe, args)

    def _any_cube(self, state: State, ctx: Ctx, args: Args) -> bool:
        """Whether :meth:`_cubes` has any cube: when the territories are whole groups (the whole
        map, continents, minor nations or colonies), read from the index of cubes by owner
        (``State.cube_counts``) instead of a pass over them."""
        groups = _groups_of(state, ctx, args)
        if groups is None:
            if args.get("self_present"):
                # a territory named with one of the player's cubes and a matching cube (_cubes'
                # first), without the list of such territories
                matching = self._matching(state, ctx, args)
                return bool(matching) and _present_where(state, ctx, args, matching)
            return next(self._cubes(state, ctx, args), None) is not None
        owners = self._owners(state, ctx, args)
        for cube in self._candidates(state, ctx, args, owners):
            if _counted(state, (cube,), groups) and self._matches(state, ctx, args, cube, owners):
                return True
        return False

    def _matches(self, state: State, ctx: Ctx, args: Args, cube: str, owners: list[str] | None) -> bool:
        owner = args["owner"]
        if owner == "opposing":
            if cube not in state.powers or not eligible(state, ctx, cube):
                return False
        elif owner == "target":
            if cube != ctx["target"]:
                return False
        elif owners is not None and cube not in owners:
            return False
        cap = args.get("per_power")
        return cap is None or cube not in state.powers or ctx["hits"].get(cube, 0) < cap

    def _owners(self, state: State, ctx: Ctx, args: Args) -> list[str] | None:
        owner = args["owner"]
        if owner in ("opposing", "target"):
            return None
        if owner == "powers":
            return list(state.content.power_ids)
        if owner.startswith("ally:"):
            return powers_of(state, ctx, owner)
        return [owner]

    @staticmethod
    def _candidates(state: State, ctx: Ctx, args: Args, owners: list[str] | None) -> Sequence[str]:
        """The owners the step names (:meth:`_owners`), or the target, or every Power (opposing:
        Powers' cubes only): those :meth:`_matches` then decides on."""
        if owners is not None:
            return owners
        if args["owner"] == "target":
            return (ctx["target"],) if ctx["target"] else ()
        return state.content.power_ids

    def _matching(self, state: State, ctx: Ctx, args: Args) -> frozenset[str]:
        """The owners whose base cubes the step may remove now: whether a cube matches depends
        on its owner alone."""
        owners = self._owners(state, ctx, args)
        found = []  # (a loop, not a generator: probes run at every decision)
        for cube in self._candidates(state, ctx, args, owners):
            if self._matches(state, ctx, args, cube, owners):
                found.append(cube)
        return frozenset(found)

    def _cubes(self, state: State, ctx: Ctx, args: Args) -> Iterator[tuple[str, int]]:
        """The cubes the step may remove now, in map order (nothing may change while this runs:
        the owners that match are worked out once)."""
        matching = self._matching(state, ctx, args)
        if not matching:
            return
        territories = state.territories
        for territory in territories_of(state, ctx, args):
            base = territories[territory].base
            if matching.isdisjoint(base):
                continue
            for index, cube in enumerate(base):
                if cube in matching:
                    yield territory, index

    def options(self, state: State, ctx: Ctx, args: Args) -> list[A.Action]:
        return [A.remove(territory, index + 1) for territory, index in self._cubes(state, ctx, args)]

    def has_options(self, state: State, ctx: Ctx, args: Args) -> bool:
        return next(self._cubes(state, ctx, args), None) is not None

    def first_options(self, state: State, ctx: Ctx, args: Args, limit: int) -> list[A.Action]:
        return [
            A.remove(territory, index + 1)
            for territory, index in islice(self._cubes(state, ctx, args), limit)
        ]

    def choose(self, state: State, ctx: Ctx, args: Args, action: A.Action, log: Log) -> None:
        assert isinstance(action, A.Remove)
        self._remove(state, ctx, action.territory, action.space - 1, log)
        ctx["left"] -= 1
        evaluate(state, log, action.territory)

    def _remove(self, state: State, ctx: Ctx, territory: str, index: int, log: Log) -> None:
        owner = remove_base(state, territory, index)
        ctx["hits"] = {**ctx["hits"], owner: ctx["hits"].get(owner, 0) + 1}
        if log is not None:
            card = title_of(state.content, ctx)
            note(
                log,
                f"{card} removes a {name(state, owner)} cube from {name(state, territory)}",
                rule_of(ctx),
                ctx["player"] or None,
            )
        if owner in state.powers:
            hit(state, ctx, owner, log)

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        owners = self._owners(state, ctx, args)
        per_territory = args.get("per_territory")
        for territory in territories_of(state, ctx, args):
            taken = 0
            for index, cube in enumerate(state.territories[territory].base):
                if ctx["left"] == 0 or (per_territory is not None and taken >= per_territory):
                    break
                if cube is None or cube == ARMAMENT or not self._matches(state, ctx, args, cube, owners):
                    continue
                self._remove(state, ctx, territory, index, log)
                taken += 1
                ctx["left"] -= 1
        evaluate(state, log)

    def finished(self, state: State, ctx: Ctx, args: Args) -> bool:
        return int(ctx["left"]) == 0


# -- convert ----------------------------------------------------------------------------------------


class Convert(Op):
    """``convert``: every ``from`` cube in the territory gives way to a ``to`` cube, as long as the
    ``to`` supply lasts."""

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        territory, old, new = args["territory"], args["from"], args["to"]
        spaces = state.territories[territory]
        for index, cube in enumerate(spaces.base):
            if cube == old and take_cube(state, new):
                _replace(state, territory, index, new)
                note(
                    log,
                    f"{name(state, new)} replaces {name(state, old)} in {name(state, territory)}",
                    rule_of(ctx),
                )
        evaluate(state, log, territory)


OPS.update({"place": Place(), "remove": Remove(), "convert": Convert()})
