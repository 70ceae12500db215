"""La Belle Époque's public board for the browser: continents, territories and their spaces, the
Powers' colours, the tracks and every card text (all printed on the physical game, so public). The
board module in ``static/`` draws the seat's view with it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ....engine import JSON, BoardFiles
from ..content import Content
from ..rules.setup import content_for
from .help import TOPICS, TOPICS_IT, VERBS, VERBS_IT
from .names import public

STATIC_DIR = Path(__file__).resolve().parent / "static"


def board_for(options: Mapping[str, JSON]) -> dict[str, JSON]:
    """The board data of a game with these options (its content, overrides included)."""
    return board(content_for(options))


WEB = BoardFiles(STATIC_DIR, board_for)
"""La Belle Époque's :class:`~realpolitik.engine.plugin.WebUI`."""


_OTHER_TOPICS = {
    "action": ("Your Action-Phase turn", "Il vostro turno nella Fase delle Azioni"),
    "card": ("A card in play", "Una carta in gioco"),
    "reroll": ("After the dice", "Dopo i dadi"),
}
"""Help topics that are decisions rather than actions: their headings."""


def _topic_title(topic: str) -> dict[str, str]:
    if topic in VERBS:
        return {"en": VERBS[topic][0], "it": VERBS_IT[topic]}
    en, it = _OTHER_TOPICS.get(topic, (topic, topic))
    return {"en": en, "it": it}


def _texts(en: str, it: str) -> dict[str, str]:
    return {"en": public(en), "it": public(it)}


def board(content: Content) -> dict[str, JSON]:
    c = content
    cards: dict[str, JSON] = {}
    for cid, event in c.event_cards.items():
        cards[cid] = {
            "kind": "event",
            "name": _texts(event.name_en, event.name_it),
            "text": _texts(event.effect_summary, event.effect_summary_it),
        }
    for cid, national in c.national_cards.items():
        cards[cid] = {
            "kind": "national",
            "name": _texts(national.name_en, national.name_it),
            "text": _texts(national.effect_summary, national.effect_summary_it),
            "cost": dict(national.cost),
        }
    for cid, intrigue in c.intrigue_cards.items():
        cards[cid] = {
            "kind": "intrigue",
            "name": _texts(
                " / ".join(h.name_en for h in intrigue.halves), " / ".join(h.name_it for h in intrigue.halves)
            ),
            "halves": [
                {
                    "name": _texts(h.name_en, h.name_it),
                    "text": _texts(h.effect_summary, h.effect_summary_it),
                }
                for h in intrigue.halves
            ],
        }
    return {
        "renderer": "la-belle-epoque",
        "turns": c.game.turns,
        # §3.3.1: the order of the Initial Setup, before the first turn order exists.
        "setup_order": list(c.setup.order),
        # §3.3.2: each Power's starting cubes and its minimum per continent (printed on its card).
        "setup_pool": {pid: p.setup_pool for pid, p in c.powers.items()},
        "setup_minimum": {pid: dict(p.setup_minimum) for pid, p in c.powers.items()},
        "continents": [
            {
                "id": cid,
                "name": _texts(cont.name_en, cont.name_it),
                "fleet_box": cont.fleet_box,
                "territories": list(cont.territories),
            }
            for cid, cont in c.continents.items()
        ],
        "territories": {
            tid: {
                "name": _texts(t.name_en, t.name_it),
                "continent": t.continent,
                "kind": t.kind.value,
                "spaces": t.spaces,
                "die_faces": list(t.die_faces),
                "vp": t.vp,
            }
            for tid, t in c.territories.items()
        },
        "powers": {
            pid: {
                "name": _texts(p.name_en, p.name_it),
                "colour": p.colour,
                "great_work": {
                    "name": _texts(p.great_work.name_en, p.great_work.name_it),
                    "cost": p.great_work.cost,
                },
                # §10.1: the National Objectives printed on the Power Status Card.
                "objectives": [
                    {
                        "id": o.id,
                        "kind": o.kind.value,
                        "territories": list(o.territories),
                        "vp": o.vp,
                        "count": o.count,
                        "holder": o.holder,
                    }
                    for o in p.objectives
                ],
            }
            for pid, p in c.powers.items()
        },
        "minors": {mid: {"name": _texts(m.name_en, m.name_it)} for mid, m in c.minor_cubes.items()},
        "prestige": {
            "lowest": c.prestige.lowest,
            "highest": c.prestige.highest,
            "vp": {str(s.position): s.vp for s in c.prestige.spaces},
            # §11.1: the one-off bonus printed on each space (kind: none, dm, money, intrigue).
            "bonus": {
                str(s.position): {"kind": s.bonus.kind.value, "amount": s.bonus.amount}
                for s in c.prestige.spaces
            },
        },
        "fleet_track": {"lowest": c.fleet_track.lowest, "highest": c.fleet_track.highest},
        # The rules in our own words, one topic a decision or action, citing the section
        # (ui/help.py, shared with the terminal's help): the page's "Rules and cards" panel.
        "help": {
            topic: {"en": text, "it": TOPICS_IT[topic], "title": _topic_title(topic)}
            for topic, text in TOPICS.items()
        },
        # §13.10: the solo verdict's bands, named in both languages (the log and the end page).
        "solo_bands": [_texts(b.name_en, b.name_it) for b in c.solo.bands],
        "cards": cards,
    }
