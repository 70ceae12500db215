"""Options of a new game: the player count, and the rulings of the digest (R1-R22) where players
could reasonably want the other reading (docs/struggle-of-empires.md lists every reading)."""

from __future__ import annotations

from ...engine import Option, OptionsSchema

SCHEMA = OptionsSchema(
    (
        Option(
            "players",
            "int",
            4,
            {"en": "Players", "fr": "Joueurs"},
            {"en": "How many empires play (2 to 7).", "fr": "Nombre d'empires en jeu (2 à 7)."},
            minimum=2,
            maximum=7,
            rule="L135",
        ),
        Option(
            "turn_order",
            "choice",
            "alternate",
            {"en": "Turn order", "fr": "Ordre du tour"},
            {
                "en": (
                    "How the alliance rows set the turn order (G6): alternate grey 1, white 1, grey "
                    "2, ... or the grey row then the white row."
                ),
                "fr": (
                    "Comment les lignes d'alliance fixent l'ordre du tour (G6) : alterner gris 1, "
                    "blanc 1, gris 2, ... ou la ligne grise puis la blanche."
                ),
            },
            choices=("alternate", "rows"),
            rule="G6",
        ),
        Option(
            "reserve_rerolls",
            "choice",
            "all",
            {"en": "Reserve re-rolls", "fr": "Relance de la Réserve"},
            {
                "en": "Reserve re-rolls every die of the combat, or only its user's (R6).",
                "fr": (
                    "La Réserve relance tous les dés du combat, ou seulement ceux de son utilisateur (R6)."
                ),
            },
            choices=("all", "own"),
            rule="R6",
        ),
        Option(
            "war_office",
            "choice",
            "free-action",
            {"en": "War Office", "fr": "Ministère de la Guerre"},
            {
                "en": (
                    "The War Office's free attack uses no action but costs 2 gold, or costs no gold "
                    "but uses an action, or both (R7)."
                ),
                "fr": (
                    "L'attaque gratuite du Ministère de la Guerre ne coûte pas d'action mais 2 ors, "
                    "ou pas d'or mais une action, ou ni l'un ni l'autre (R7)."
                ),
            },
            choices=("free-action", "no-gold", "both"),
            rule="R7",
        ),
        Option(
            "commerce",
            "choice",
            "free-action",
            {"en": "Commerce tiles", "fr": "Tuiles de Commerce"},
            {
                "en": (
                    "Commerce tiles pay once a War as a free action, or automatically with the income (R8)."
                ),
                "fr": (
                    "Les tuiles de Commerce rapportent une fois par Guerre en action gratuite, ou "
                    "automatiquement avec les revenus (R8)."
                ),
            },
            choices=("free-action", "income"),
            rule="R8",
        ),
        Option(
            "sea_loss_unrest",
            "bool",
            False,
            {"en": "Unrest for losses at sea", "fr": "Insatisfaction pour les pertes en mer"},
            {
                "en": (
                    "A unit lost to the sea roll also gives an unrest marker (R5; the text names only "
                    "combat losses)."
                ),
                "fr": (
                    "Une unité perdue au dé maritime donne aussi un marqueur d'Insatisfaction (R5 ; "
                    "le texte ne cite que les pertes au combat)."
                ),
            },
            rule="R5",
        ),
        Option(
            "deploy_ships",
            "choice",
            "sea",
            {"en": "Ships at setup", "fr": "Navires à la mise en place"},
            {
                "en": (
                    "At setup ships go only where ships may go, or to any of the 11 regions as the "
                    "text says (R13)."
                ),
                "fr": (
                    "À la mise en place, les navires vont seulement là où vont les navires, ou dans "
                    "l'une des 11 régions comme le dit le texte (R13)."
                ),
            },
            choices=("sea", "anywhere"),
            rule="R13",
        ),
        Option(
            "loss_choice",
            "choice",
            "owner",
            {"en": "Losses chosen by", "fr": "Pertes choisies par"},
            {
                "en": (
                    "Who picks the unit a combat costs (R2): its owner (an army or a fort, and the "
                    "loser which ally pays a natural 7, L286-287), or the rules (an army before a fort)."
                ),
                "fr": (
                    "Qui choisit l'unité perdue au combat (R2) : son propriétaire (armée ou fort, et le "
                    "perdant l'allié qui paie un 7 naturel, L286-287), ou la règle (une armée avant un fort)."
                ),
            },
            choices=("owner", "auto"),
            rule="R2",
        ),
        Option(
            "support_gold",
            "choice",
            "on-support",
            {"en": "Gold for support", "fr": "Or contre soutien"},
            {
                "en": (
                    "Before an ally answers a call for support, the side asking may offer it gold "
                    "(L312-314, R22): paid if the ally commits units, paid up front whatever it "
                    "answers, or no offers."
                ),
                "fr": (
                    "Avant qu'un allié réponde à une demande de soutien, le camp qui demande peut lui "
                    "offrir de l'or (L312-314, R22) : payé si l'allié engage des unités, payé d'avance "
                    "quoi qu'il réponde, ou pas d'offre."
                ),
            },
            choices=("on-support", "upfront", "off"),
            rule="R22",
        ),
        Option(
            "unrest_markers",
            "choice",
            "ones",
            {"en": "Unrest markers", "fr": "Marqueurs d'Insatisfaction"},
            {
                "en": (
                    "Every unrest marker counts 1 point, or markers are drawn face down from a pool "
                    "of 1-, 2- and 3-point markers whose values only their owner sees (G8, L70-73, L387)."
                ),
                "fr": (
                    "Chaque marqueur d'Insatisfaction vaut 1 point, ou les marqueurs sont tirés face "
                    "cachée d'une réserve de marqueurs de 1, 2 et 3 points dont seul le propriétaire "
                    "connaît la valeur (G8, L70-73, L387)."
                ),
            },
            choices=("ones", "valued"),
            rule="G8",
        ),
        Option(
            "content",
            "table",
            {},
            {"en": "Content override", "fr": "Contenu remplacé"},
            {
                "en": ("Content values replaced for this game (--content FILE.toml); kept in the record."),
                "fr": (
                    "Valeurs de contenu remplacées pour cette partie (--content FICHIER.toml) ; "
                    "gardées dans l'enregistrement."
                ),
            },
        ),
    )
)
