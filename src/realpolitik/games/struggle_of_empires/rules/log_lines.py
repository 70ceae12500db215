"""Every sentence of Struggle of Empires' log, in English and in French (our own words).

The rules write a line by its key and its values (:func:`say`, :func:`title`); the line kept in
the log (``LogEntry.text``) is the English sentence with the values as the rules know them: empire
codes (``GB``), region and tile ids (``north-america``, ``army-training``), marker codes
(``n2g3``), numbers. ``LogEntry`` holds one text, so the interfaces read a line back to its key
and values (``ui/log_text.py``) and write it in the reader's language with the names of the
content (the terminal's ``--lang fr``, the web page's language).

Each placeholder's name says what it holds (:data:`KINDS`): that is how a line is read back and
how each value is written in the other language. A sentence added here needs its French form and
a kind for each new placeholder; ``tests/struggle_of_empires/test_log_french.py`` checks both.
"""

from __future__ import annotations

from ....engine import LogEntry

Log = list[LogEntry] | None

LINES: dict[str, tuple[str, str]] = {
    # -- headings (LogEntry.heading): the set-up, each War and its phases ------------------------
    "setup_heading": ("Set-up", "Mise en place"),
    "war_heading": ("War {n}", "Guerre {n}"),
    "auction_heading": ("Alliance auction", "Enchère des alliances"),
    "round_heading": ("Round {n}", "Manche {n}"),
    "income_heading": ("Income and scoring", "Revenus et décompte"),
    # -- set-up (L40-59) and the region markers (L94-99) -------------------------------------------
    "setup": (
        "{first} plays first; each empire has {gold} gold, {population} Population and {tokens} tokens",
        "{first} joue en premier ; chaque empire reçoit {gold} ors, {population} de Population et "
        "{tokens} jetons",
    ),
    "markers_drawn": ("{n} region markers drawn", "{n} pions de région tirés du sac"),
    "deploy": ("{seat} places {unit} in {region}", "{seat} place {unit} : {region}"),
    # -- the alliance auction (L101-131) -------------------------------------------------------------
    "passes": ("{seat} passes", "{seat} passe"),
    "bid": ("{seat} bids {n}: A {a}, B {b}", "{seat} offre {n} : A {a}, B {b}"),
    "auction_won": (
        "{bidder} wins the auction for {n}: grey {a}, white {b}",
        "{bidder} remporte l'enchère pour {n} : gris {a}, blanc {b}",
    ),
    "turn_order": ("turn order: {order}", "ordre du tour : {order}"),
    # -- gold, loans and unrest (L61-73) -------------------------------------------------------------
    "borrow_auction": (
        "{seat} borrows {gold} gold for the auction (+{n} unrest)",
        "{seat} emprunte {gold} ors pour l'enchère (+{n} agitation)",
    ),
    "borrow_attack": (
        "{seat} borrows {gold} gold for an attack (+{n} unrest)",
        "{seat} emprunte {gold} ors pour une attaque (+{n} agitation)",
    ),
    "borrow_upkeep": (
        "{seat} borrows {gold} gold for upkeep (+{n} unrest)",
        "{seat} emprunte {gold} ors pour l'entretien (+{n} agitation)",
    ),
    "borrow_tile": (
        "{seat} borrows {gold} gold for the tile {tile} (+{n} unrest)",
        "{seat} emprunte {gold} ors pour la tuile {tile} (+{n} agitation)",
    ),
    "unrest_drawn": (
        "{seat} draws unrest markers worth {values}",
        "{seat} pioche des pions d'agitation valant {values}",
    ),
    # -- a turn's actions (L133-348) and free tile uses (L176-178, L445-572) -------------------------
    "buy": ("{seat} buys {tile}", "{seat} achète {tile}"),
    "colonize": ("{seat} colonizes in {region}", "{seat} colonise : {region}"),
    "enslave": ("{seat} enslaves in {region}", "{seat} fait le commerce des esclaves : {region}"),
    "trade": ("{seat} trades with {tile}: +{gold} gold", "{seat} commerce grâce à {tile} : +{gold} ors"),
    "agriculture": ("{seat} uses {tile}: +1 Population", "{seat} utilise {tile} : +1 Population"),
    "uses": ("{seat} uses {tile}", "{seat} utilise {tile}"),
    "reform_discard": (
        "{seat} discards {n} unrest points",
        "{seat} défausse {n} points d'agitation",
    ),
    "blockade": ("{seat} blockades {region}", "{seat} établit un blocus : {region}"),
    "ally_tile": (
        "{seat} takes {tile} through its {via}",
        "{seat} obtient {tile} par son {via}",
    ),
    "natives": (
        "{seat} builds a trained native army in {region}",
        "{seat} lève une armée d'indigènes entraînés : {region}",
    ),
    "build": (
        "{seat} builds {unit} for {region}: {result}",
        "{seat} construit {unit} à destination de la région {region} : {result}",
    ),
    # -- movement and the sea roll (L197-246) --------------------------------------------------------
    "sea_arrives": ("{seat} rolls {die} at sea: arrives", "{seat} lance {die} en mer : arrivée"),
    "sea_roll": (
        "{seat} rolls 1 then {roll} at sea: {result}",
        "{seat} lance 1 puis {roll} en mer : {result}",
    ),
    "move": (
        "{seat} moves {unit} {origin} -> {dest}: {result}",
        "{seat} déplace {unit} de la région {origin} vers la région {dest} : {result}",
    ),
    # -- an attack (L248-333, L421-439) --------------------------------------------------------------
    "attack": ("{seat} attacks {target} in {region}", "{seat} attaque {target} : {region}"),
    "attack_surprise": (
        "{seat} attacks {target} in {region} by surprise",
        "{seat} attaque {target} par surprise : {region}",
    ),
    "offer": (
        "{seat} offers {ally} {gold} gold for its support",
        "{seat} offre {gold} ors à {ally} en échange de son soutien",
    ),
    "no_offer": (
        "{seat} asks {ally} for its support, offering no gold",
        "{seat} demande le soutien de {ally} sans offrir d'or",
    ),
    "support": ("{seat} supports with {given}", "{seat} apporte son soutien : {given}"),
    "no_support": ("{seat} supports with none", "{seat} refuse son soutien"),
    "support_paid": ("{seat} pays {ally} {gold} gold", "{seat} verse {gold} ors à {ally}"),
    "declines": ("{seat} declines the naval combat", "{seat} refuse le combat naval"),
    "boost": ("{seat} uses its {tile}: naval support +2", "{seat} joue sa tuile {tile} : soutien naval +2"),
    "naval_dice": (
        "naval dice: {attacker} {a}, {defender} {d}",
        "dés du combat naval : {attacker} {a}, {defender} {d}",
    ),
    "land_dice": (
        "land dice: {attacker} {a}, {defender} {d}",
        "dés du combat terrestre : {attacker} {a}, {defender} {d}",
    ),
    "reserve": ("{seat} uses {tile}: dice {a} and {d}", "{seat} joue {tile} : dés {a} et {d}"),
    "withdraw": ("{seat} plays {tile}", "{seat} joue {tile}"),
    "naval_result": (
        "naval combat in {region}: {a} against {d}",
        "combat naval, {region} : {a} contre {d}",
    ),
    "land_result": (
        "land combat in {region}: {a} against {d}",
        "combat terrestre, {region} : {a} contre {d}",
    ),
    "loses": (
        "{seat} loses {unit} in {region} (+1 unrest)",
        "{seat} perd {unit} ({region}) et reçoit 1 agitation",
    ),
    "natural_seven": ("{seat}'s natural 7 falls on {ally}", "le 7 naturel de {seat} retombe sur {ally}"),
    "replaces": (
        "{seat} replaces a {target} token in {region}",
        "{seat} remplace un jeton de {target} : {region}",
    ),
    "conquers": (
        "{seat} conquers the neutral {target} in {region}",
        "{seat} s'empare du neutre {target} : {region}",
    ),
    "retakes": (
        "{seat} retakes the token held by {tile} in {region}",
        "{seat} reprend le jeton que retenait {tile} : {region}",
    ),
    "raid": (
        "{tile} raid in {region} on {victim}: {a} against {d}",
        "raid de {tile} contre {victim}, {region} : {a} contre {d}",
    ),
    # -- income, scoring and the end (L352-391) ------------------------------------------------------
    "income": ("{seat}: +{gold} gold, -{upkeep} upkeep", "{seat} : +{gold} ors, -{upkeep} d'entretien"),
    "vp": ("VP: {scores}", "PV : {scores}"),
    "wins": ("{winners} wins with {n} VP", "{winners} l'emporte avec {n} PV"),
    "share": ("{winners} share the win with {n} VP", "{winners} se partagent la victoire avec {n} PV"),
}
"""key -> (English, French). The English sentence is what the log keeps."""

KINDS: dict[str, str] = {
    # an empire's code
    "seat": "empire",
    "first": "empire",
    "bidder": "empire",
    "ally": "empire",
    "victim": "empire",
    "attacker": "empire",
    # a region's id
    "region": "region",
    "origin": "region",
    "dest": "region",
    # a tile's id
    "tile": "tile",
    "via": "tile",
    # what is attacked: an empire's code, a neutral marker's code or a raiding tile's id
    "target": "target",
    "defender": "target",
    # a unit (written with its article: "an army", "une armée")
    "unit": "unit",
    # the outcome of a sea roll (L241-244)
    "result": "result",
    # what an ally commits (L303-308)
    "given": "given",
    # numbers
    "n": "number",
    "gold": "number",
    "population": "number",
    "tokens": "number",
    "upkeep": "number",
    "die": "number",
    # language-free texts: codes and numbers
    "a": "word",
    "b": "word",
    "d": "word",
    "roll": "word",
    "values": "list",
    "order": "list",
    "scores": "list",
    "winners": "list",
}
"""What each placeholder holds: how a line is read back and each value written in a language."""

WORDS: dict[str, dict[str, dict[str, str]]] = {
    "unit": {
        "en": {"army": "an army", "ship": "a ship", "fort": "a fort", "unit": "a unit"},
        "fr": {"army": "une armée", "ship": "un navire", "fort": "un fort", "unit": "une unité"},
    },
    "result": {
        "en": {"arrive": "arrive", "back": "back", "lost": "lost"},
        "fr": {"arrive": "arrivée", "back": "retour au pays", "lost": "perdu en mer"},
    },
    "given": {
        "en": {"ships": "ships", "armies": "armies", "all": "ships and armies"},
        "fr": {"ships": "ses navires", "armies": "ses armées", "all": "ses navires et ses armées"},
    },
}
"""The values of a closed set, by kind and language (the English ones are what the log keeps)."""


def english(key: str, args: dict[str, object]) -> str:
    """The sentence the log keeps: the English template with the values, closed sets in words."""
    shown = {
        name: WORDS[KINDS[name]]["en"][str(value)] if KINDS[name] in WORDS else value
        for name, value in args.items()
    }
    return LINES[key][0].format(**shown)


def say(
    log: Log,
    key: str,
    rule: str | None = None,
    about: str | None = None,
    visible_to: tuple[str, ...] | None = None,
    **args: object,
) -> None:
    """Write the line ``key`` with these values (nothing when no log is kept: a bot's step);
    ``about`` is the seat the line is about (``LogEntry.seat``)."""
    if log is not None:
        log.append(LogEntry(english(key, args), rule, about, visible_to))


def title(log: Log, key: str, rule: str, level: int, **args: object) -> None:
    """A heading (``LogEntry.heading``): 1 opens the set-up or a War, 2 a phase within it."""
    if log is not None:
        log.append(LogEntry(english(key, args), rule, heading=level))
