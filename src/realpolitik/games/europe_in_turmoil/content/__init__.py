"""Europe in Turmoil's content as validated data with provenance (``data/*.toml``).

The rulebook gives the procedures almost completely but lost the map, the card faces and the
scoring cards with its images. Every value the text gives is ``stated`` or ``implied``; everything
else is ``reconstructed`` by us (never the publisher's) and listed by ``realpolitik data audit
europe-in-turmoil``. See docs/europe-in-turmoil.md.

>>> content = load_content()
>>> content.spaces["french-catholic-church"].stability
4
>>> content.provenance["space.french-catholic-church.stability"].status.value
'stated'
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ....engine.content import ContentPackage, Origins, collect, fingerprint, leaves
from .model import (
    REGIONS,
    Card,
    Content,
    Marker,
    MobilizationCard,
    NavalBox,
    ScoringValues,
    Space,
    StabilityCard,
    StrategicMarker,
)
from .schema import RawContent

CONTENT_VERSION = "0.1"
DATA_DIR = Path(__file__).resolve().parent.parent / "data"

OPS = {
    "place",
    "remove",
    "tension",
    "crisis",
    "vp",
    "navy",
    "navy-back",
    "checks",
    "ops",
    "marker",
    "ops-mod",
    "discard",
    "refresh",
    "hook",
    "extra-naval",
    "cancel",
}
"""The effect primitives (rules/effects.py)."""
HOOKS = {
    "tirpitz",
    "dreyfus",
    "foreign-investments",
    "eight-nation-alliance",
    "replay-authoritarian",
    "replay-liberal",
    "two-power-standard",
    "absolutist-rule",
    "secret-treaty-clauses",
    "naval-law-amendment",
    "workers-unite",
    "popular-uproar",
    "intelligentsia",
    "naval-estimates",
}
"""Cards that need Python (rules/hooks.py)."""
STEP_KEYS = {"op", "n", "per_space", "upto", "where", "when", "ops", "id", "who", "name"}
WHERE_KEYS = {"region", "icons", "spaces", "uncontrolled", "adjacent"}


def _kind(path: tuple[str, ...]) -> str:
    return {
        "space": "space",
        "link": "link",
        "card": "card",
        "stability": "stability-card",
        "mobilization": "mobilization-card",
    }.get(path[0], path[0])


NATIONS = ("germany", "austria-hungary", "france", "russia", "balkans", "ottoman-empire", "italy")
"""The nations that pick Mobilization cards (8.4.4); ``britain`` takes part (8.4.1) but picks none (C9)."""
MOBILIZATION_OPS = {"vp", "place", "remove", "control", "void", "withdraw", "navy-match"}
"""The Mobilization effect primitives (rules/mobilization.py)."""
MOBILIZATION_IFS = {"participates", "marker", "navy"}
"""The Mobilization validity conditions (rules/mobilization.py)."""


def _check_mobilization(
    cid: str,
    valid: list[dict[str, Any]],
    effect: list[dict[str, Any]],
    spaces: Mapping[str, Any],
    origins: Origins,
) -> None:
    key = f"mobilization.{cid}"
    for cond in valid:
        kind = cond.get("if")
        if kind not in MOBILIZATION_IFS:
            raise origins.error(
                f"{key}.valid", f"unknown condition {kind!r} (known: {', '.join(sorted(MOBILIZATION_IFS))})"
            )
        if kind == "participates" and (
            cond.get("nation") not in (*NATIONS, "britain") or cond.get("side") not in ("own", "opposing")
        ):
            raise origins.error(
                f"{key}.valid", f"participates needs a nation and side own|opposing, got {cond}"
            )
        if kind == "navy" and cond.get("is") not in ("ahead", "behind", "not-behind"):
            raise origins.error(f"{key}.valid", f"navy needs is = ahead|behind|not-behind, got {cond}")
        if kind == "marker" and not isinstance(cond.get("id"), str):
            raise origins.error(f"{key}.valid", "marker needs an id")
    for step in effect:
        op = step.get("op")
        if op not in MOBILIZATION_OPS:
            raise origins.error(
                f"{key}.effect", f"unknown primitive {op!r} (known: {', '.join(sorted(MOBILIZATION_OPS))})"
            )
        if op in ("void", "withdraw") and step.get("nation") not in NATIONS:
            raise origins.error(f"{key}.effect", f"{op} needs a nation, got {step.get('nation')!r}")
        if op == "control" and step.get("space") not in spaces:
            raise origins.error(f"{key}.effect", f"no space {step.get('space')!r}")
        if op in ("vp", "place", "remove") and not isinstance(step.get("n"), int):
            raise origins.error(f"{key}.effect", f"{op} needs a number n")
        if op in ("place", "remove"):
            _check_effect(f"{key}.effect", [step], spaces, set(), origins)


def _check_effect(
    key: str, effect: list[dict[str, Any]], spaces: Mapping[str, Any], markers: set[str], origins: Origins
) -> None:
    for step in effect:
        op = step.get("op")
        if op not in OPS:
            raise origins.error(key, f"unknown effect primitive {op!r} (known: {', '.join(sorted(OPS))})")
        unknown = set(step) - STEP_KEYS
        if unknown:
            raise origins.error(key, f"unknown keys {sorted(unknown)} in a {op} step")
        if op == "hook" and step.get("name") not in HOOKS:
            raise origins.error(key, f"unknown hook {step.get('name')!r}")
        if op == "marker" and step.get("id") not in markers:
            raise origins.error(key, f"unknown marker {step.get('id')!r}")
        where = step.get("where", {})
        if set(where) - WHERE_KEYS:
            raise origins.error(key, f"unknown filter keys {sorted(set(where) - WHERE_KEYS)}")
        for sid in where.get("spaces", []):
            if sid not in spaces:
                raise origins.error(key, f"no space {sid!r}")
        regions = where.get("region", [])
        for region in [regions] if isinstance(regions, str) else regions:
            if region not in REGIONS and region != "@region":
                raise origins.error(key, f"no region {region!r}")


def build(data: Mapping[str, Any], origins: Origins) -> Content:
    raw = origins.validate(RawContent, data)
    spaces = {
        sid: Space(
            sid, s.name.value, s.region.value, s.stability.value, tuple(s.icons.value), s.battleground.value
        )
        for sid, s in raw.space.items()
    }
    for sid, space in spaces.items():
        if space.stability < 1:
            raise origins.error(f"space.{sid}.stability", "a stability is at least 1")
        if space.independent and space.battleground:
            raise origins.error(
                f"space.{sid}.battleground", "independent spaces are never battlegrounds (10.1.3)"
            )
    boxes = {bid: b.counts_as.value for bid, b in raw.box.items()}
    adjacent: dict[str, list[str]] = {sid: [] for sid in (*spaces, *boxes)}
    for key, link in raw.link.items():
        pair = link.value
        if len(pair) != 2 or pair[0] == pair[1] or any(p not in adjacent for p in pair):
            raise origins.error(f"link.{key}", f"a link joins two different known spaces, got {pair}")
        a, b = pair
        if b in adjacent[a]:
            raise origins.error(f"link.{key}", f"{a} and {b} are linked twice")
        adjacent[a].append(b)
        adjacent[b].append(a)
    markers = {
        mid: Marker(mid, m.kind.value, m.war_authoritarian.value, m.war_liberal.value, m.crisis.value)
        for mid, m in raw.marker.items()
    }
    marker_ids = set(markers) | {
        "admiral-fisher",
        "state-secularism",
        "union-of-liberation",
        "enver-pasha",
        "norwegian-independence",
        "reinhold-von-sydow",
    }
    strategic: dict[str, StrategicMarker] = {}
    for mid, raw_marker in raw.strategic.items():
        if mid not in marker_ids:
            raise origins.error(f"strategic.{mid}", f"no Strategic Event marker {mid!r}")
        named = list(raw_marker.spaces.value) if raw_marker.spaces is not None else []
        for sid in named:
            if sid not in spaces:
                raise origins.error(f"strategic.{mid}.spaces", f"no space {sid!r}")
        region = raw_marker.region.value if raw_marker.region is not None else None
        if (region is None) == (not named):
            raise origins.error(f"strategic.{mid}", "a Strategic Event marker names a region or spaces")
        marked = named or [sid for sid, space in spaces.items() if space.region == region]
        seat, check = raw_marker.seat.value, raw_marker.check.value
        strategic[mid] = StrategicMarker(mid, seat, check, region, tuple(marked))
    check_markers = {
        sid: tuple(m for m in strategic.values() if sid in m.spaces)
        for sid in spaces
        if any(sid in m.spaces for m in strategic.values())
    }
    cards: dict[str, Card] = {}
    by_number: dict[int, str] = {}
    for cid, c in raw.card.items():
        number = c.number.value
        if number in by_number:
            raise origins.error(f"card.{cid}.number", f"card #{number} is also {by_number[number]}")
        by_number[number] = cid
        scoring = c.side.value == "scoring"
        if scoring != (c.region is not None):
            raise origins.error(f"card.{cid}.region", "a Scoring card names its region, no other card does")
        if not scoring and (c.ops is None or c.effect is None or c.removed is None or c.lasting is None):
            raise origins.error(f"card.{cid}", "a Strategy card needs ops, removed, lasting and effect")
        effect = c.effect.value if c.effect is not None else []
        _check_effect(f"card.{cid}.effect", effect, spaces, marker_ids, origins)
        cards[cid] = Card(
            cid,
            number,
            c.name.value,
            c.era.value,
            c.side.value,
            c.region.value if c.region is not None else None,
            c.ops.value if c.ops is not None else 0,
            bool(c.removed.value) if c.removed is not None else False,
            bool(c.lasting.value) if c.lasting is not None else False,
            tuple(MappingProxyType(dict(step)) for step in effect),
            tuple(c.requires.value) if c.requires is not None else (),
        )
    for cid, card in cards.items():
        for step in card.effect:
            if step.get("op") == "cancel":
                target = cards.get(str(step.get("id")))
                if target is None or not target.lasting:
                    raise origins.error(
                        f"card.{cid}.effect", f"cancel names {step.get('id')!r}, not a lasting card (7.2)"
                    )
        for need in card.requires:
            if need not in cards:
                raise origins.error(f"card.{cid}.requires", f"no card {need!r}")
    stability = {}
    for sid, st in raw.stability.items():
        _check_effect(f"stability.{sid}.effect", st.effect.value, spaces, marker_ids, origins)
        side = "A" if st.side.value == "authoritarian" else "L"
        stability[sid] = StabilityCard(
            sid, side, st.name.value, tuple(MappingProxyType(dict(s)) for s in st.effect.value)
        )
    for side in ("A", "L"):
        if sum(1 for s in stability.values() if s.side == side) != 10:
            raise origins.error(
                "stability", f"each player has ten Stability cards (9.0); {side} has another count"
            )
    mobilization: dict[str, MobilizationCard] = {}
    for mid, m in raw.mobilization.items():
        if not 0 <= m.priority.value <= 8:
            raise origins.error(f"mobilization.{mid}.priority", "a priority is 0 to 8 (8.4.4)")
        _check_mobilization(mid, m.valid.value, m.effect.value, spaces, origins)
        mobilization[mid] = MobilizationCard(
            mid,
            m.name.value,
            m.nation.value,
            m.priority.value,
            bool(m.extra.value) if m.extra is not None else False,
            tuple(MappingProxyType(dict(c)) for c in m.valid.value),
            tuple(MappingProxyType(dict(s)) for s in m.effect.value),
            m.name.reconstructed is not None,
        )
    for nation in NATIONS:
        if not any(m.nation == nation and not m.extra for m in mobilization.values()):
            raise origins.error("mobilization", f"{nation} has no Mobilization card to pick (8.4.4)")
    naval = sorted(
        (
            NavalBox(
                bid,
                n.name.value,
                n.order.value,
                n.needed.value,
                n.ability.value,
                n.vp_first.value,
                n.vp_second.value,
            )
            for bid, n in raw.naval.items()
        ),
        key=lambda box: box.order,
    )
    track = tuple(raw.great_war_track[str(i)].value for i in range(1, len(raw.great_war_track) + 1))
    std = {"A": raw.setup.standard.authoritarian.value, "L": raw.setup.standard.liberal.value}
    edw = raw.setup.edwardian
    tables: list[tuple[str, dict[str, dict[str, int]]]] = [
        ("setup.standard", std),
        ("setup.edwardian", {"A": edw.authoritarian.value, "L": edw.liberal.value}),
    ]
    for where, table in tables:
        for side, placed in table.items():
            for sid in placed:
                if sid not in spaces:
                    raise origins.error(where, f"no space {sid!r} ({side})")
    edwardian: dict[str, Any] = {
        "turn": edw.turn.value,
        "vp": edw.vp.value,
        "tension": edw.tension.value,
        "sp": {"A": dict(edw.authoritarian.value), "L": dict(edw.liberal.value)},
        "removed": list(edw.removed.value),
        "discard": list(edw.discard.value),
        "victorian_in_deck": list(edw.victorian_in_deck.value),
        "in_effect": dict(edw.in_effect.value),
        "markers": list(edw.markers.value),
        "navy": dict(edw.navy.value),
        "stability_unavailable": {k: list(v) for k, v in edw.stability_unavailable.value.items()},
    }
    for listed in ("removed", "discard", "victorian_in_deck"):
        for cid in edwardian[listed]:
            if cid not in cards:
                raise origins.error(f"setup.edwardian.{listed}", f"no card {cid!r}")
    audit, provenance = collect(leaves(raw), origins, _kind)
    g = raw.game
    return Content(
        version=CONTENT_VERSION,
        fingerprint=fingerprint(data),
        turns=g.turns.value,
        era_turns=MappingProxyType({str(k): v for k, v in g.era_turns.value.items()}),
        hand_size=MappingProxyType({int(k): v for k, v in g.hand_size.value.items()}),
        action_rounds=MappingProxyType({int(k): v for k, v in g.action_rounds.value.items()}),
        discretionary=tuple((str(s), int(n)) for s, n in g.discretionary.value),
        tension_max=g.tension_max.value,
        ff_cap=g.franz_ferdinand_cap.value,
        vp_victory=g.vp_victory.value,
        crisis_threshold=g.crisis_threshold.value,
        gw_track=track,
        markers=MappingProxyType(markers),
        strategic=MappingProxyType(strategic),
        check_markers=MappingProxyType(check_markers),
        naval=tuple(naval),
        naval_index=MappingProxyType({box.id: i for i, box in enumerate(naval)}),
        scoring=MappingProxyType(
            {
                r: ScoringValues(s.presence.value, s.domination.value, s.control.value)
                for r, s in raw.scoring.items()
            }
        ),
        spaces=MappingProxyType(spaces),
        space_ids=tuple(spaces),
        boxes=MappingProxyType(boxes),
        adjacent=MappingProxyType({k: tuple(v) for k, v in adjacent.items()}),
        cards=MappingProxyType(cards),
        card_ids=tuple(cards),
        by_number=MappingProxyType(by_number),
        stability=MappingProxyType(stability),
        mobilization=MappingProxyType(mobilization),
        standard_setup=MappingProxyType(std),
        edwardian=MappingProxyType(edwardian),
        audit=audit,
        provenance=MappingProxyType(provenance),
    )


PACKAGE: ContentPackage[Content] = ContentPackage(
    DATA_DIR, build, audit=lambda content: content.audit, guide="docs/europe-in-turmoil.md"
)


def load_content(override: Mapping[str, Any] | None = None) -> Content:
    """The content (cached without an override); ContentError names the file and key of a bad value."""
    return PACKAGE.load(override)


__all__ = [
    "CONTENT_VERSION",
    "PACKAGE",
    "REGIONS",
    "Card",
    "Content",
    "Marker",
    "MobilizationCard",
    "NavalBox",
    "ScoringValues",
    "Space",
    "StabilityCard",
    "load_content",
]
