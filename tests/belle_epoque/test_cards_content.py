"""The cards as content: every card has an effect in the vocabulary and its text in English and
Italian, with provenance; the loader refuses a bad effect naming the card and the step."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from realpolitik.engine.provenance import Status
from realpolitik.games.belle_epoque.content import Content, ContentError, audit_entries, load_content
from realpolitik.games.belle_epoque.content.effects import OPS

OURS = {"reconstructed": "test", "why": "a test value"}


def effect(*steps: dict[str, Any]) -> dict[str, Any]:
    return {"value": list(steps), **OURS}


def refused(override: dict[str, Any]) -> ContentError:
    with pytest.raises(ContentError) as caught:
        load_content(override)
    return caught.value


def all_effects(content: Content) -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = [(f"event.{c}", e) for c, e in content.event_cards.items()]
    for cid, card in content.intrigue_cards.items():
        found += [(f"intrigue.{cid}.{h}", half) for h, half in zip("ab", card.halves, strict=True)]
    found += [(f"national.{c}", n) for c, n in content.national_cards.items()]
    return found


def test_every_card_has_an_effect_and_both_texts(content: Content) -> None:
    cards = all_effects(content)
    assert len(cards) == 26 + 17 * 2 + 7
    for key, card in cards:
        assert card.effect, key
        assert card.effect_summary and card.effect_summary_it, key
        assert card.effect_summary != card.effect_summary_it, key
        assert content.provenance[f"{key}.effect"].source, key


def test_effect_provenance_counts(content: Content) -> None:
    """Which effects are the publisher's: the report of issue 5 quotes these numbers."""
    counts = Counter(content.provenance[f"{key}.effect"].status for key, _ in all_effects(content))
    assert counts == {Status.STATED: 5, Status.IMPLIED: 5, Status.RECONSTRUCTED: 57}


def test_stated_and_implied_effects_are_the_rulebooks(content: Content) -> None:
    by_status: dict[Status, set[str]] = {}
    for key, _ in all_effects(content):
        by_status.setdefault(content.provenance[f"{key}.effect"].status, set()).add(key)
    assert by_status[Status.STATED] == {
        "event.italian-penetration-horn-of-africa",  # §6.2 example, §12
        "event.portuguese-bankruptcy",  # §12
        "event.assassination-of-franz-ferdinand",  # §6.3
        "intrigue.big-stick-policy.a",  # §8.6.2 example, §13.4.6
        "national.nationalist-disorder",  # §13.4.4 example and caption
    }
    assert by_status[Status.IMPLIED] == {
        "intrigue.political-scandal.a",  # §13.4.6
        "intrigue.diplomatic-attack.a",  # §13.4.6
        "intrigue.change-of-strategy.a",  # §13.4.6
        "national.diplomatic-contrasts",  # §8.9.2, §12, §13.4.7
        "national.superior-doctrine",  # §8.7
    }


def test_the_audit_lists_every_effect(content: Content) -> None:
    keys = {entry.key for entry in audit_entries(content)}
    for key, _ in all_effects(content):
        assert f"{key}.effect" in keys and f"{key}.effect_summary_it" in keys


def test_every_primitive_is_used_by_some_card(content: Content) -> None:
    used = {step.op for _, card in all_effects(content) for step in card.effect}
    assert used == set(OPS)


@pytest.mark.parametrize(
    ("override", "key", "reason"),
    [
        (
            {"event": {"economic-crisis": {"effect": effect({"op": "fly"})}}},
            "event.economic-crisis.effect",
            "unknown op 'fly'",
        ),
        (
            {"event": {"economic-crisis": {"effect": effect({"op": "money", "who": "self", "amount": 3})}}},
            "event.economic-crisis.effect",
            "`self` and `target` are for Intrigue and National cards",
        ),
        (
            {"event": {"economic-crisis": {"effect": effect({"op": "money", "who": "all"})}}},
            "event.economic-crisis.effect",
            "step 1: op 'money' needs `amount`",
        ),
        (
            {
                "event": {
                    "sino-japanese-war": {
                        "effect": effect(
                            {"op": "place", "owner": "japan", "territory": "cathay", "mode": "event"}
                        )
                    }
                }
            },
            "event.sino-japanese-war.effect",
            "a territory id (got 'cathay')",
        ),
        (
            {
                "event": {
                    "sino-japanese-war": {
                        "effect": effect(
                            {"op": "place", "owner": "japan", "territory": "china", "mode": "intrigue"}
                        )
                    }
                }
            },
            "event.sino-japanese-war.effect",
            "events place by §6.2",
        ),
        (
            {
                "national": {
                    "social-policy": {
                        "effect": effect({"op": "money", "who": "self", "amount": 3, "if": "money"})
                    }
                }
            },
            "national.social-policy.effect",
            "give at least 2 options",
        ),
        (
            {
                "intrigue": {
                    "sabotage": {
                        "a": {
                            "effect": effect({"op": "remove", "owner": "target", "count": 1, "colour": "red"})
                        }
                    }
                }
            },
            "intrigue.sabotage.a.effect",
            "has no argument `colour`",
        ),
        (
            {"intrigue": {"sabotage": {"a": {"effect": effect({"op": "end_game"})}}}},
            "intrigue.sabotage.a.effect",
            "not for intrigue cards",
        ),
        (
            {"event": {"economic-crisis": {"ends_game": {"value": True, "stated": "test"}}}},
            "event.economic-crisis.effect",
            "`end_game` step",
        ),
        (
            {"intrigue": {"rising-sun": {"b": {"effect": {"_remove": True}}}}},
            "intrigue.rising-sun.b.effect",
            "every card needs an `effect`",
        ),
        (
            {"national": {"superior-doctrine": {"effect_summary_it": {"_remove": True}}}},
            "national.superior-doctrine.effect_summary_it",
            "in Italian",
        ),
    ],
)
def test_bad_effects_are_refused_with_the_card_and_the_step(
    override: dict[str, Any], key: str, reason: str
) -> None:
    error = refused(override)
    assert error.key == key
    assert reason in error.reason
