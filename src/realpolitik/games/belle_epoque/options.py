"""The options of a new game of La Belle Époque: the schema the command line flags, the lobby form
and :func:`check` are built from. The rules that tie options together (``players`` follows from
``np``, §13) are in ``setup.normalize_options``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Automaton, Option, OptionsSchema

POWERS = ("GB", "FR", "CE", "RU")

SCHEMA = OptionsSchema(
    (
        Option(
            "players",
            "int",
            4,
            {"en": "Players", "it": "Giocatori"},
            {
                "en": "How many people play; with 2 or 3 some hold two Powers. With Non-Player "
                "Powers it follows from them (one Power each; 1 is the solo game, §13).",
                "it": "Quante persone giocano; in 2 o 3 qualcuno guida due Potenze. Con Potenze Non "
                "Giocanti ne deriva (una Potenza ciascuno; 1 è il gioco in solitario, §13).",
            },
            choices=(1, 2, 3, 4),
            rule="§3.2",
        ),
        Option(
            "dreyfus_affair",
            "bool",
            False,
            {"en": "Dreyfus Affair promo card", "it": "Carta promo Affare Dreyfus"},
            {
                "en": "Adds the Dreyfus Affair to the Era II Event deck.",
                "it": "Aggiunge l'Affare Dreyfus al mazzo Eventi dell'Era II.",
            },
            rule="§6.1",
        ),
        Option(
            "intrigue_promos",
            "bool",
            False,
            {"en": "Intrigue promo cards", "it": "Carte promo Intrigo"},
            {
                "en": "Adds the promotional Intrigue cards to the Intrigue deck.",
                "it": "Aggiunge le carte Intrigo promozionali al mazzo Intrighi.",
            },
            rule="§7",
        ),
        Option(
            "contrasts_armament_penalty",
            "bool",
            True,
            {
                "en": "Prestige penalty for armaments under Contrasts",
                "it": "Penalità di Prestigio per armamenti sotto Contrasti",
            },
            {
                "en": "Selling armaments into a territory under another Power's Diplomatic Contrasts "
                "costs 1 Prestige, as in the Italian rulebook's example.",
                "it": "Vendere armamenti in un territorio sotto i Contrasti Diplomatici di un'altra "
                "Potenza costa 1 Prestigio, come nell'esempio del regolamento italiano.",
            },
            rule="§8.9.2",
        ),
        Option(
            "np",
            "seats",
            [],
            {"en": "Non-Player Powers", "it": "Potenze Non Giocanti"},
            {
                "en": "Powers the game plays by its own procedure; each other Power is one player's.",
                "it": "Potenze guidate dal gioco con la sua procedura; ogni altra Potenza è di un giocatore.",
            },
            choices=POWERS,
            rule="§13",
        ),
        Option(
            "variants",
            "strings",
            [],
            {"en": "Content variants", "it": "Varianti dei contenuti"},
            {
                "en": "Named sets of content values to play with (realpolitik data audit lists them).",
                "it": "Insiemi di valori di contenuto con cui giocare.",
            },
            form=False,
        ),
        Option(
            "content",
            "table",
            {},
            {"en": "Content override", "it": "Modifica dei contenuti"},
            {
                "en": "Content values replaced for this game (--content FILE.toml); kept in the record.",
                "it": "Valori di contenuto sostituiti per questa partita (--content FILE.toml).",
            },
        ),
    )
)

NON_PLAYERS = Automaton(
    keyword="np",
    option="np",
    name={"en": "Non-Player Power (§13)", "it": "Potenza Non Giocante (§13)"},
    short={"en": "NP", "it": "PNG"},
)
"""§13: the Non-Player Powers, chosen seat by seat with the controller word ``np``."""


def check(options: Mapping[str, Any]) -> dict[str, Any]:
    """Each given option checked against :data:`SCHEMA` (unknown names, types, choices)."""
    return SCHEMA.check(options)
