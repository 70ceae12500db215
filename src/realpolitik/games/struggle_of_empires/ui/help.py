"""The ``help`` command for Struggle of Empires, in English and French: each decision and each
action verb explained in our own words, with the lines of the French rules summary to read
(``L123``; docs/struggle-of-empires.md), never the summary's own sentences."""

from __future__ import annotations

VERBS: dict[str, dict[str, tuple[str, str]]] = {
    # verb: {lang: (menu heading, source lines)}
    "place": {
        "en": ("Place a unit at setup", "L55-59"),
        "fr": ("Placer une unité (mise en place)", "L55-59"),
    },
    "bid": {"en": ("Bid for an alliance", "L110-122"), "fr": ("Enchérir pour une alliance", "L110-122")},
    "pass": {"en": ("Pass", "L110-112, L346-348"), "fr": ("Passer", "L110-112, L346-348")},
    "buy": {"en": ("Buy a tile", "L158-181"), "fr": ("Acheter une tuile", "L158-181")},
    "build": {"en": ("Build a unit", "L183-195"), "fr": ("Construire une unité", "L183-195")},
    "move": {"en": ("Move units", "L197-246"), "fr": ("Déplacer des unités", "L197-246")},
    "army": {"en": ("Move an army", "L197-246"), "fr": ("Déplacer une armée", "L197-246")},
    "ship": {"en": ("Move a ship", "L197-246"), "fr": ("Déplacer un navire", "L197-246")},
    "done": {"en": ("Stop moving", "L200-203"), "fr": ("Arrêter le déplacement", "L200-203")},
    "attack": {"en": ("Attack", "L248-333"), "fr": ("Attaquer", "L248-333")},
    "colonize": {"en": ("Colonize", "L335-344"), "fr": ("Coloniser", "L335-344")},
    "enslave": {"en": ("Take slaves", "L335-344"), "fr": ("Prendre des esclaves", "L335-344")},
    "trade": {"en": ("Trade with a commerce tile", "L461-463"), "fr": ("Commercer (tuile)", "L461-463")},
    "use": {"en": ("Use a tile", "L533-536"), "fr": ("Utiliser une tuile", "L533-536")},
    "ally": {"en": ("Diplomatic Service", "L530-531"), "fr": ("Service diplomatique", "L530-531")},
    "blockade": {"en": ("Place the Blockade", "L563-567"), "fr": ("Poser le Blocus", "L563-567")},
    "militia": {"en": ("Militia: a second army", "L520-522"), "fr": ("Milice : seconde armée", "L520-522")},
    "raid": {"en": ("Raid a token", "L540-552"), "fr": ("Raid sur un jeton", "L540-552")},
    "offer": {
        "en": ("Offer gold for support", "L312-314"),
        "fr": ("Offrir de l'or pour un soutien", "L312-314"),
    },
    "support": {"en": ("Support an ally", "L303-314"), "fr": ("Soutenir un allié", "L303-314")},
    "lose": {"en": ("Choose the unit lost", "L277, L286-287"), "fr": ("Choisir la perte", "L277, L286-287")},
    "assign": {
        "en": ("Assign an alliance tile", "L319-322"),
        "fr": ("Affecter une tuile d'alliance", "L319-322"),
    },
    "fight": {"en": ("Fight at sea", "L263-267"), "fr": ("Combattre en mer", "L263-267")},
    "decline": {"en": ("Decline the sea fight", "L263-267"), "fr": ("Refuser le combat naval", "L263-267")},
    "boost": {"en": ("Blockade: +2 naval support", "L570"), "fr": ("Blocus : soutien naval +2", "L570")},
    "reserve": {"en": ("Re-roll with Reserve", "L501-504"), "fr": ("Relancer (Réserve)", "L501-504")},
    "withdraw": {
        "en": ("Fighting Withdrawal", "L554-556"),
        "fr": ("Retraite en bon ordre", "L554-556"),
    },
    "no": {"en": ("Decline", "L501-570"), "fr": ("Refuser", "L501-570")},
}

KIND_VERBS: dict[tuple[str, str], dict[str, tuple[str, str]]] = {
    # (decision kind, verb): a heading that depends on the decision.
    ("auction", "pass"): {"en": ("Pass the auction", "L110-112"), "fr": ("Passer l'enchère", "L110-112")},
    ("turn", "pass"): {"en": ("Pass the action", "L346-348"), "fr": ("Passer l'action", "L346-348")},
    ("militia", "no"): {"en": ("No second army", "L520-522"), "fr": ("Pas de seconde armée", "L520-522")},
    ("boost", "no"): {"en": ("Keep the Blockade", "L570"), "fr": ("Garder le Blocus", "L570")},
    ("reserve", "no"): {"en": ("Keep the dice", "L501-504"), "fr": ("Garder les dés", "L501-504")},
    ("withdraw", "no"): {"en": ("Stand and lose units", "L554-556"), "fr": ("Tenir et perdre", "L554-556")},
}

DECISIONS: dict[str, dict[str, str]] = {
    # decision kind: {lang: one line for the prompt (the seat's name comes first)}
    "deploy": {
        "en": "place one unit of your setup deployment (L55-59)",
        "fr": "placez une unité de votre déploiement initial (L55-59)",
    },
    "auction": {
        "en": "the alliance auction: bid or pass (L110-122)",
        "fr": "enchère des alliances : enchérissez ou passez (L110-122)",
    },
    "turn": {
        "en": "your turn: choose an action (L133-154)",
        "fr": "votre tour : choisissez une action (L133-154)",
    },
    "move": {
        "en": "move a unit, or stop (L197-246)",
        "fr": "déplacez une unité, ou arrêtez (L197-246)",
    },
    "militia": {
        "en": "Militia: build a second army for one more Population? (L520-522)",
        "fr": "Milice : une seconde armée pour 1 Population de plus ? (L520-522)",
    },
    "raid": {
        "en": "choose the token your raiding tile attacks (L540-552)",
        "fr": "choisissez le jeton que votre tuile attaque (L540-552)",
    },
    "offer": {
        "en": "offer gold to an ally before it answers your call for support (L312-314)",
        "fr": "offrez de l'or à un allié avant qu'il réponde à votre appel (L312-314)",
    },
    "lose": {
        "en": "the combat costs you a unit: choose which (L277, L286-287)",
        "fr": "le combat vous coûte une unité : choisissez laquelle (L277, L286-287)",
    },
    "support": {
        "en": "an ally attacks or is attacked: commit units or not (L303-314)",
        "fr": "un allié attaque ou est attaqué : engagez des unités ou non (L303-314)",
    },
    "assign": {
        "en": "an alliance tile with army and ship: naval or land combat? (L319-322)",
        "fr": "tuile d'alliance armée et navire : combat naval ou terrestre ? (L319-322)",
    },
    "naval": {
        "en": "fight the naval combat, or decline it (L263-267)",
        "fr": "livrez le combat naval, ou refusez-le (L263-267)",
    },
    "boost": {
        "en": "spend your Blockade for +2 naval support? (L570)",
        "fr": "dépenser votre Blocus pour un soutien naval de +2 ? (L570)",
    },
    "reserve": {
        "en": "re-roll the combat dice with your Reserve? (L501-504)",
        "fr": "relancer les dés du combat avec votre Réserve ? (L501-504)",
    },
    "withdraw": {
        "en": "beaten: play Fighting Withdrawal and lose no unit? (L554-556)",
        "fr": "battu : jouer la Retraite en bon ordre et ne perdre aucune unité ? (L554-556)",
    },
}

TOPICS: dict[str, dict[str, str]] = {
    # -- action verbs ----------------------------------------------------------------------------
    "place": {
        "en": (
            "Setup deployment (L55-59): each empire puts five units on the map, one at a time and "
            "in seating order, in any of the eleven scoring regions. No movement rule applies; a "
            "ship only goes where ships sail (R13)."
        ),
        "fr": (
            "Déploiement initial (L55-59) : chaque empire pose cinq unités, une à la fois et dans "
            "l'ordre des sièges, dans l'une des onze régions qui rapportent des points. Aucune règle "
            "de déplacement ne s'applique ; un navire ne va que là où naviguent les navires (R13)."
        ),
    },
    "bid": {
        "en": (
            "The alliance auction (L101-131). 'bid N A/B' offers N gold (more than the last bid; 0 "
            "opens) and names two empires not yet allied: A joins the grey row, B the white row if "
            "you win. You may name yourself. Bidding goes round clockwise; once everyone else has "
            "passed the high bidder pays and the next auction opens, until every empire is allied. "
            "Gold you lack is borrowed, with unrest (R10, L61-73). The rows set the turn order (G6)."
        ),
        "fr": (
            "L'enchère des alliances (L101-131). « bid N A/B » propose N ors (plus que la dernière "
            "offre ; 0 pour ouvrir) et nomme deux empires encore sans alliance : A rejoint la ligne "
            "grise, B la blanche si vous l'emportez. Vous pouvez vous nommer. On enchérit dans le "
            "sens horaire ; quand tous les autres ont passé, le plus offrant paie et l'enchère "
            "suivante s'ouvre, jusqu'à ce que chacun soit allié. L'or manquant est emprunté, avec "
            "de l'agitation (R10, L61-73). Les lignes fixent l'ordre du tour (G6)."
        ),
    },
    "pass": {
        "en": (
            "Pass. In the auction (L110-112) you let the bid stand; you may bid again later. In "
            "your turn (L346-348) the action is spent doing nothing."
        ),
        "fr": (
            "Passer. À l'enchère (L110-112), vous laissez l'offre en place et pourrez relancer plus "
            "tard. Pendant votre tour (L346-348), l'action est dépensée sans rien faire."
        ),
    },
    "buy": {
        "en": (
            "Buy a tile from the stock (L158-181), once a round: pay its price in gold (and unrest "
            "for Industry). Commerce tiles bring gold, alliance tiles add a unit to your combats in "
            "their regions, development tiles give lasting abilities. 'details' shows each text."
        ),
        "fr": (
            "Acheter une tuile de la réserve (L158-181), une fois par manche : payez son prix en or "
            "(et en agitation pour l'Industrie). Les tuiles de commerce rapportent de l'or, celles "
            "d'alliance ajoutent une unité à vos combats dans leurs régions, celles de "
            "développement donnent des capacités durables. « details » montre leurs textes."
        ),
    },
    "build": {
        "en": (
            "Build an army, a ship or a fort (L183-195) for one Population: it starts at home and "
            "goes straight to a region it could reach, rolling at sea when it must (L410-419). "
            "Mercenaries pay gold instead, Pressgangs build ships, Trained Natives raise an army in "
            "a colony (L514-518). Not at Population 0 (R19)."
        ),
        "fr": (
            "Construire une armée, un navire ou un fort (L183-195) pour 1 Population : l'unité part "
            "de chez vous et va droit dans une région qu'elle pourrait atteindre, avec le jet de mer "
            "s'il le faut (L410-419). Les Mercenaires se paient en or, la Presse construit des "
            "navires, les Indigènes entraînés lèvent une armée dans une colonie (L514-518). "
            "Impossible à Population 0 (R19)."
        ),
    },
    "move": {
        "en": (
            "Move (L197-246): up to two units one after the other (three with Logistics). Armies "
            "cross land borders or sail with a ship; a long sea voyage needs a roll, where a low "
            "die loses the unit or sends it back (L410-419, Navigation helps)."
        ),
        "fr": (
            "Déplacer (L197-246) : jusqu'à deux unités l'une après l'autre (trois avec la "
            "Logistique). Les armées franchissent les frontières ou embarquent sur un navire ; un "
            "long trajet en mer demande un jet où un dé faible perd l'unité ou la renvoie "
            "(L410-419, la Navigation aide)."
        ),
    },
    "army": {
        "en": "Move one army from the first region to the second (L197-246); see 'help move'.",
        "fr": "Déplacer une armée de la première région vers la seconde (L197-246) ; voir « help move ».",
    },
    "ship": {
        "en": "Move one ship from the first region to the second (L197-246); see 'help move'.",
        "fr": "Déplacer un navire de la première région vers la seconde (L197-246) ; voir « help move ».",
    },
    "done": {
        "en": "Stop moving (L200-203): the move ends with the units moved so far.",
        "fr": "Arrêter (L200-203) : le déplacement finit avec les unités déjà déplacées.",
    },
    "attack": {
        "en": (
            "Attack (L248-333) costs 2 gold. Name a region where you have an army or a ship (R1) "
            "and an enemy empire outside your alliance, a neutral marker or a held token. Allies "
            "may commit units; a naval combat may come first and gives naval support to its "
            "winner; then each side adds units, training and tiles to two dice. The loser loses a "
            "unit (and unrest), a natural 7 costs one too; a winning attacker takes a token."
        ),
        "fr": (
            "Attaquer (L248-333) coûte 2 ors. Nommez une région où vous avez une armée ou un navire "
            "(R1) et un empire ennemi hors de votre alliance, un pion neutre ou un jeton capturé. "
            "Les alliés peuvent engager des unités ; un combat naval peut venir d'abord et donne le "
            "soutien naval au vainqueur ; puis chaque camp ajoute unités, entraînement et tuiles à "
            "deux dés. Le perdant perd une unité (et gagne de l'agitation), un 7 naturel en coûte "
            "une aussi ; un attaquant vainqueur prend un jeton."
        ),
    },
    "colonize": {
        "en": (
            "Colonize (L335-344), once a round: in a region showing a Population marker, pay one "
            "Population to swap the marker for one of your control tokens (no unit needed)."
        ),
        "fr": (
            "Coloniser (L335-344), une fois par manche : dans une région montrant un pion Population, "
            "payez 1 Population pour le remplacer par un de vos jetons (aucune unité requise)."
        ),
    },
    "enslave": {
        "en": (
            "Take slaves (L335-344), once a round instead of colonizing: in Africa, where a Slaves "
            "marker lies and you have a ship, remove the marker and place a control token there; "
            "no Population is paid."
        ),
        "fr": (
            "Prendre des esclaves (L335-344), une fois par manche au lieu de coloniser : en Afrique, "
            "où se trouve un pion Esclaves et si vous y avez un navire, retirez le pion et posez-y "
            "un jeton ; sans payer de Population."
        ),
    },
    "trade": {
        "en": "A commerce tile pays its gold once a War, a free action (L461-463, R8).",
        "fr": "Une tuile de commerce rapporte son or une fois par Guerre, action gratuite (L461-463, R8).",
    },
    "use": {
        "en": (
            "A free use of a tile (L533-536): Improved Agriculture gives one Population; Government "
            "Reform takes unrest away once, then leaves the game (R9)."
        ),
        "fr": (
            "Usage gratuit d'une tuile (L533-536) : l'Agriculture améliorée donne 1 Population ; la "
            "Réforme du gouvernement retire de l'agitation une fois, puis quitte le jeu (R9)."
        ),
    },
    "ally": {
        "en": (
            "Diplomatic Service (L530-531): buy the named alliance tile at its price, without "
            "spending an action."
        ),
        "fr": (
            "Service diplomatique (L530-531) : achetez la tuile d'alliance nommée à son prix, sans "
            "dépenser d'action."
        ),
    },
    "blockade": {
        "en": (
            "Place your Blockade in a region where you have a ship (L563-567): enemy armies may not "
            "move there (R17)."
        ),
        "fr": (
            "Posez votre Blocus dans une région où vous avez un navire (L563-567) : les armées "
            "ennemies ne peuvent pas y entrer (R17)."
        ),
    },
    "militia": {
        "en": (
            "Militia (L520-522): a second army with your build, for one more Population, in the region named."
        ),
        "fr": (
            "Milice (L520-522) : une seconde armée avec votre construction, pour 1 Population, "
            "dans la région nommée."
        ),
    },
    "raid": {
        "en": (
            "Pirates or Slave Revolt (L540-552): the tile just bought attacks the named empire's "
            "token in that region; won, the token is held until someone takes it back by attack."
        ),
        "fr": (
            "Pirates ou Révolte des esclaves (L540-552) : la tuile achetée attaque le jeton de "
            "l'empire nommé dans la région ; si elle gagne, le jeton est retenu jusqu'à sa reprise."
        ),
    },
    "offer": {
        "en": (
            "Gold for support (L312-314, R22): before your ally answers, offer it any amount of the "
            "gold you hold (0 for none; no loan pays a gift). It is paid if the ally commits units "
            "(or at once, with the 'upfront' option); the ally is never bound to accept."
        ),
        "fr": (
            "De l'or contre un soutien (L312-314, R22) : avant la réponse de votre allié, offrez-lui "
            "autant de votre or que vous voulez (0 pour rien ; pas d'emprunt pour un cadeau). Il est "
            "payé si l'allié engage des unités (ou tout de suite, avec l'option « upfront »)."
        ),
    },
    "lose": {
        "en": (
            "A combat's loss (L277, R2): name the unit you remove, an army or a fort (a fort only "
            "when you lose in defence, never on a tie, L291). Beaten with a natural 7 and several "
            "allies beside you, name the ally that loses the unit (L286-287)."
        ),
        "fr": (
            "Perte au combat (L277, R2) : nommez l'unité retirée, une armée ou un fort (un fort "
            "seulement battu en défense, jamais sur une égalité, L291). Battu sur un 7 naturel avec "
            "plusieurs alliés, nommez l'allié qui perd l'unité (L286-287)."
        ),
    },
    "support": {
        "en": (
            "An ally's combat (L303-314): commit your ships, your armies, both ('all') or nothing "
            "('none') in that region; forts never help. Units committed may be lost."
        ),
        "fr": (
            "Combat d'un allié (L303-314) : engagez vos navires, vos armées, les deux (« all ») ou "
            "rien (« none ») dans cette région ; les forts n'aident jamais. Ils peuvent être perdus."
        ),
    },
    "assign": {
        "en": (
            "A tile showing both an army and a ship counts in the naval or the land combat, your "
            "choice (L319-322)."
        ),
        "fr": (
            "Une tuile montrant armée et navire compte au combat naval ou terrestre, à votre choix "
            "(L319-322)."
        ),
    },
    "fight": {
        "en": (
            "Fight at sea (L263-267): ships against ships; the winner gets naval support (+1) in "
            "the land combat."
        ),
        "fr": (
            "Combattre en mer (L263-267) : navires contre navires ; le vainqueur obtient le soutien "
            "naval (+1) au combat terrestre."
        ),
    },
    "decline": {
        "en": "Decline the sea fight (L263-267): the other side has naval support without a battle.",
        "fr": "Refuser le combat naval (L263-267) : l'autre camp a le soutien naval sans bataille.",
    },
    "boost": {
        "en": "Blockade (L570): spend it for +2 naval support instead of +1; it goes back to the stock.",
        "fr": (
            "Blocus (L570) : dépensez-le pour un soutien naval de +2 au lieu de +1 ; il retourne en réserve."
        ),
    },
    "reserve": {
        "en": "Reserve (L501-504): re-roll the combat's dice once the result is known (R6).",
        "fr": "Réserve (L501-504) : relancez les dés du combat une fois le résultat connu (R6).",
    },
    "withdraw": {
        "en": (
            "Fighting Withdrawal (L554-556): beaten in defence, you and your allies lose no unit; "
            "the token is still lost."
        ),
        "fr": (
            "Retraite en bon ordre (L554-556) : battu en défense, ni vous ni vos alliés ne perdez "
            "d'unité ; le jeton est tout de même perdu."
        ),
    },
    "no": {
        "en": "Decline the offer (L501-570): no second army, no Blockade, no re-roll or no withdrawal.",
        "fr": "Refuser (L501-570) : pas de seconde armée, de Blocus, de relance ni de retraite.",
    },
    # -- decisions without a verb of their own ---------------------------------------------------
    "deploy": {
        "en": "Setup (L55-59); see 'help place'.",
        "fr": "Mise en place (L55-59) ; voir « help place ».",
    },
    "auction": {
        "en": "The alliance auction (L101-131); see 'help bid' and 'help pass'.",
        "fr": "L'enchère des alliances (L101-131) ; voir « help bid » et « help pass ».",
    },
    "turn": {
        "en": (
            "Your turn (L133-154): two actions among buy a tile (once a round), build, move, "
            "attack, colonize or take slaves (once a round) and pass; free tile uses between "
            "them. Type 'help buy', 'help attack' ... for one of them."
        ),
        "fr": (
            "Votre tour (L133-154) : deux actions parmi acheter une tuile (une fois par manche), "
            "construire, déplacer, attaquer, coloniser ou prendre des esclaves (une fois par manche) "
            "et passer ; usages gratuits de tuiles entre elles. « help buy », « help attack » ..."
        ),
    },
    "naval": {
        "en": "The naval combat (L257-267); see 'help fight'.",
        "fr": "Le combat naval (L257-267) ; voir « help fight ».",
    },
}

GENERAL = {
    "en": (
        "Choose an action by its number in the menu, or type its notation ('build army india', "
        "'bid 1 AU/FR'; Tab completes). Commands: details (everything, with tile texts), undo, "
        "help [VERB], log [N|all], board, save FILE, quit."
    ),
    "fr": (
        "Choisissez une action par son numéro, ou tapez sa notation (« build army india », "
        "« bid 1 AU/FR » ; Tab complète). Commandes : details (tout, avec les textes des tuiles), "
        "undo, help [VERBE], log [N|all], board, save FICHIER, quit."
    ),
}
