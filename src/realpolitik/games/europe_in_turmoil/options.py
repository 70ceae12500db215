"""Options of a new game: the scenario, the balance option, and the readings of ambiguous rules
(digest C1-C24) where players could reasonably want the other one (docs/europe-in-turmoil.md)."""

from __future__ import annotations

from ...engine import Option, OptionsSchema

SCHEMA = OptionsSchema(
    (
        Option(
            "scenario",
            "choice",
            "standard",
            {"en": "Scenario"},
            {"en": "The standard game from turn 1 (3.0) or the Edwardian Era scenario from turn 4 (14.0)."},
            choices=("standard", "edwardian"),
            rule="§3.0, §14.0",
        ),
        Option(
            "switzerland",
            "int",
            1,
            {"en": "Liberal SP in Switzerland"},
            {
                "en": "Balance option (3.2/3.3): 1 between equal players, "
                "3 against a stronger Authoritarian, 0 without it."
            },
            choices=(0, 1, 3),
            rule="§3.3",
        ),
        Option(
            "war",
            "choice",
            "standard",
            {"en": "Great War resolution"},
            {
                "en": "Standard dice and War Losses (8.4.2-8.4.3), Express (8.4.6), or the optional "
                "War Mobilization (8.4.4: sealed Mobilization cards revealed by priority; 29 of their "
                "names and 34 effects are our reconstruction)."
            },
            choices=("standard", "express", "mobilization"),
            rule="§8.4",
        ),
        Option(
            "nassau",
            "choice",
            "three-plus",
            {"en": "Nassau penalty (C1)"},
            {"en": "Cards of 3+ OPs lose 1 (15.0, ch. 13), or the chart's 2+ OPs cards are worth 1."},
            choices=("three-plus", "chart"),
            rule="§6.3.5",
        ),
        Option(
            "war_losses_own",
            "bool",
            True,
            {"en": "War Losses from own SP (C10)"},
            {"en": "Each roller removes its own SP (15.0), or the opponent's."},
            rule="§8.4.3",
        ),
        Option(
            "lock_flip",
            "bool",
            True,
            {"en": "Locked attempt flips to +1 (C14)"},
            {
                "en": "An Authoritarian attempt failing by the pre-Dreadnought lock "
                "still flips to its +1 side."
            },
            rule="§6.3.2",
        ),
        Option(
            "french_monarchy",
            "bool",
            False,
            {"en": "Restoring the French Monarchy"},
            {
                "en": "Optional rule 12.0 #20: Paris becomes a Monarchy space "
                "if Bonapartism/Monarchism takes it."
            },
            rule="§12.0",
        ),
    )
)
