"""Pax Britannica's rules help for the terminal, in our own words, each text citing the lines of
the rules transcription (``../shared/seeds/004_064fa9b0a60651cd.txt``, as the digest
``pb-digest.md`` numbers them): a title for every verb of the action menu, a text for every
decision and every verb, and how to read the screen.

It also holds the game's :class:`~realpolitik.engine.plugin.TerminalUI`, which imports the screen
(:mod:`.terminal`, and with it rich) only when a screen is made, so the plug-in loads headless.
"""

from __future__ import annotations

from collections.abc import Mapping

from ....engine import JSON, Renderer


class PaxBritannicaTerminal:
    """Pax Britannica's :class:`~realpolitik.engine.plugin.TerminalUI` (rich is imported only when
    a screen is made)."""

    def renderer(self, options: Mapping[str, JSON], lang: str) -> Renderer:
        from .terminal import make_renderer  # noqa: PLC0415 - rich is not needed to play headless

        return make_renderer(options, lang)


PHASES: dict[str, str] = {
    # decision kind (the view's ``phase``) -> the step of the Game Turn it belongs to
    "movement": "Movement/Status Change",
    "offer": "Movement/Status Change: an offer",
    "dispute": "Negotiation: a dispute",
    "call": "Congress of Europe: calling",
    "propose": "Congress of Europe: proposal",
    "vote": "Congress of Europe: vote",
    "sign": "Congress of Europe: signature",
    "declare": "War Phase: declarations",
    "treaty": "War Phase: treaty obligations",
    "aid": "War Phase: aid to the Ottomans",
    "coal": "War: coaling offers",
    "deny": "War: canals and Straits",
    "maneuver": "War: Maneuver",
    "attack": "War: Attack",
    "join": "War: joining an attack",
    "retreat": "War: retreat",
    "loss": "War: losses",
    "peace": "War: peace",
    "spoils": "War: the spoils",
    "rights": "Marker Adjustment: a Minor's rights",
    "events": "Random Events",
    "admin": "Administrative Phase",
    "minors": "Minor Powers Phase",
    "combat": "Colonial Combat",
    "adjustment": "Marker Adjustment",
    "negotiation": "Negotiation",
    "congress": "Congress of Europe",
    "resentment": "Chinese Resentment",
    "war": "War Phase",
    "vp": "Victory Point Record",
    "over": "Game over",
}

DECISIONS: dict[str, str] = {
    # decision kind -> one line on what to decide (the decision line under the screen)
    "movement": "buy markers and units, move, make offers; done ends your turn (L533-702)",
    "offer": "answer the offer: accept or refuse (L599-603, L700-702, L812-845)",
    "dispute": "several Powers hold Control in one Area: share, yield or hold (L784-811)",
    "call": "you hold a Casus Belli: call the Congress of Europe or pass (L846-862)",
    "propose": (
        "your turn as a member: put a treaty for the disputed Area or grievance to the vote (clauses "
        "may follow it: help propose), or pass (L863-874)"
    ),
    "vote": "vote on the Congress's proposal: yes or no (L875-879)",
    "sign": "sign the treaty the Congress passed, or refuse (L880-896)",
    "declare": "declare war on a Power you hold a Casus Belli against, or pass (L1134-1141)",
    "treaty": "a treaty partner is at war: honour the treaty or break it (L1163-1199)",
    "aid": "the Ottomans are at war: aid them, aid their enemies, or stay out (L1046-1048)",
    "coal": "a war is fought: offer your coaling Areas to one side, or none (L1274-1276)",
    "deny": "you Control a canal or the Straits: deny it to this Alliance, or allow it (L1508-1530)",
    "maneuver": "move units one space each, then done (L1238-1293)",
    "attack": "attack where enemy units stand, then done (L1314-1333)",
    "join": "your ally attacks here: join with all your units or decline (L1318-1321)",
    "retreat": "your beaten unit retreats: choose where (L1349-1352)",
    "loss": "an exchange: choose which units to lose (L1353-1356)",
    "peace": "sign the peace, make peace with one Alliance, or fight on (L1411-1417)",
    "spoils": "the victors' division of the spoils: agree or dispute (L1419-1424)",
    "rights": (
        "a Great Power's Control stands over a Minor's Influence: defend the Minor's rights or pass "
        "(L490-500)"
    ),
}

VERBS: dict[str, str] = {
    # verb -> the menu heading (with the lines it rests on)
    "place": "Place or upgrade a Status marker (L547-592)",
    "downgrade": "Give up an Interest or Influence (L593-598)",
    "buy": "Buy a military unit (L533-541)",
    "move": "Move a unit (L664-682; in war L1238-1293)",
    "fleet": "Place or move a Merchant Fleet (L657-663)",
    "canal": "Build a canal, 30 pounds (L683-699)",
    "reveal": "Make one of your secret treaties public (L843-845)",
    "offer": "Offer a deal to another Power (L599-603, L700-702, L812-838)",
    "secret": "Offer a secret treaty (L839-845)",
    "accept": "Accept the offer",
    "refuse": "Refuse",
    "settle": "Settle the dispute (L784-811)",
    "congress": "Call the Congress of Europe, or pass (L846-862)",
    "propose": "Propose a treaty to the Congress (L863-874)",
    "vote": "Vote on the proposal (L875-879)",
    "sign": "Sign the Congress's treaty (L880-896)",
    "declare": "Declare war (L1134-1200)",
    "pass": "Pass",
    "treaty": "Honour or break the treaty (L1163-1199, L1497)",
    "attack": "Attack (L1314-1374)",
    "join": "Join the attack (L1318-1321)",
    "decline": "Decline",
    "peace": "Peace (L1411-1417)",
    "retreat": "Retreat (L1349-1352)",
    "lose": "Lose a unit (L1353-1356)",
    "aid": "Aid in the Ottoman war (L1046-1048)",
    "coal": "Offer coaling rights (L1274-1276)",
    "deny": "Deny the canal or Straits (L1508-1530)",
    "allow": "Leave the canal or Straits open (L1508-1530)",
    "spoils": "The division of the spoils (L1419-1424)",
    "rights": "A Minor's rights (L490-500)",
    "done": "End your turn",
}

KIND_VERBS: dict[tuple[str, str], str] = {
    # headings that depend on the decision drawn
    ("movement", "done"): "End your Movement/Status Change turn (L533)",
    ("maneuver", "done"): "End your Maneuver (L1238)",
    ("attack", "done"): "No more attacks (L1314)",
    ("offer", "accept"): "Accept the offer (L599-603)",
    ("offer", "refuse"): "Refuse the offer (L599)",
    ("secret-offer", "accept"): "Accept the secret offer: your answer stays secret too (L839-845)",
    ("secret-offer", "refuse"): "Refuse the secret offer (L839-845)",
    ("sign", "refuse"): "Refuse to sign: every other member gains a Casus Belli, +2 ETI (L880-882, L1485)",
    ("declare", "pass"): "Declare no war (the Casus Belli expires with the turn, L1138-1141)",
}

GENERAL = (
    "Reading the screen. The header gives the Game Turn and its year, the step of the turn, who "
    "decides, the European Tensions Index (the Great War comes at 100, L1461-1466) and the Chinese "
    "Resentment Index (three dice at or under its tens bring a Rebellion, L920-925). The Areas are "
    "listed by region, each with every Power's marker: int Interest, inf Influence, PRO "
    "Protectorate, POS Possession, STA State, DOM Dominion; a * marks a marker placed this turn and "
    "not yet established (L561-578), '!' an Area in Unrest; a13 and n3 are a Power's Army and Naval "
    "strength there. Each Power's line gives its treasury in pounds, its VP and its markers; the "
    "record line is its last Administrative Record (L393-423: Colonial Office and Area income, "
    "upkeep of units and markers, net). 'details' shows everything: every Area with its EV and "
    "CS, the sea zones and Merchant Fleets, every record and treaty. 'help TOPIC' explains a verb "
    "(help place) or a step (help congress)."
)

TOPICS: dict[str, str] = {
    "movement": (
        "Movement/Status Change (L533-702). On your turn you may, in any order: buy and place Status "
        "markers (each needs a Communication Link to the Area, L547; an Interest where no "
        "Possession, State or Dominion stands, an Influence where no Control marker stands, a "
        "Protectorate or Possession in an Unorganized or Chinese Vassal Area, or in an Area in "
        "Unrest, without an established Control marker, L548-560); upgrade a marker by paying the "
        "difference (L585-592); give up an Interest or Influence (L593-598); buy units and move "
        "them (Naval units to any coast you Control, Armies along your own Areas and fleets, "
        "L664-682); move Merchant Fleets (L657-663); build a canal (L683-699); offer money, a "
        "marker or a treaty to another Power (L599-603, L700-702, L812-845). Every Control marker "
        "needs one of your Armies in its Area at the end of the phase, or it drops to Influence "
        "(L555, L604-630). A new Control marker is established only by winning the Colonial "
        "Combat that follows (L561-578). Type done when your turn is over."
    ),
    "offer": (
        "An offer (L599-603, L700-702, L812-845). Another Power offers you money, one of its "
        "established markers at the same level, an alliance (defensive or offensive), a "
        "non-aggression pact (neither of you declares war on the other), the lapse of a treaty, a "
        "promise to place no marker in an Area, or a promise to own at most N army or naval units "
        "(offer cap army|naval N POWER; any N from what it owns to its counters, L821-822). Accept "
        "and it takes effect at "
        "once; refuse and nothing changes. A secret treaty's terms are seen only by its two "
        "parties (L839-845); breaking any treaty costs +5 ETI and gives the partner a Casus Belli "
        "(L829-834, L1497)."
    ),
    "dispute": (
        "A dispute (L784-811). Several Powers established Control in the same Area this turn, "
        "which gives each a Casus Belli (L727-729). Every disputant answers at once, sealed: share "
        "(a codominion: the markers stand side by side, L800-808), yield (your marker goes: +1 ETI "
        "a step of reduction, L786-791, L1476-1481) or hold. If everyone shares, the dispute is "
        "settled; otherwise the Casus Belli stand for the Congress and the War Phase."
    ),
    "congress": (
        "The Congress of Europe (L846-903). A Power holding a Casus Belli may call it (+3 ETI, "
        "L1482); there is one Congress a turn for every dispute (L858-862). The host (a European "
        "Power not a party, L848-857) proposes first, then the other members in turn, each a "
        "treaty for the disputed Area or a pass: award it to one Power, the Power awarded perhaps "
        "paying each other Great Power party £5, £10 or £20, or a codominion (L863-874); a defeated "
        "treaty is not put again, and a round of passes leaves the Area unresolved. The members "
        "vote at once, sealed; a majority passes and "
        "the host breaks a tie (L875-877; Austria-Hungary never votes). The disputants then sign; a "
        "refusal gives every other member a Casus Belli against the refuser and +2 ETI (L880-882, "
        "L1485). Each Casus Belli left unresolved adds +3 ETI (L1483-1484). A Casus Belli naming no "
        "Area (a treaty broken before the Congress, a Random Event's) is a grievance: its holder "
        "takes it to the Congress by calling it (L846-848, L505-506), and the members may propose "
        "its redress: the Casus Belli withdrawn, perhaps with a payment by the Great Power it names "
        "or a Minor's marker ceded to the holder."
    ),
    "declare": (
        "Declarations of war (L1134-1200). You may declare war only on a Power you hold a Casus "
        "Belli against, and only this turn (L1138-1141). A declaration costs +5 ETI, whatever the "
        "number of targets (L1487-1489), ends your treaties with the target, and calls your "
        "treaty partners to your side. You join the first Alliance of the war holding nobody you "
        "are at war with; at war with members of every Alliance, you form a Third Alliance with "
        "phases of its own (L1201-1204). A war that comes to involve four European Powers is the "
        "Great War, which ends the game, and its first declarer is blamed (L1208-1228)."
    ),
    "treaty": (
        "A treaty obligation (L1163-1199). A defensive partner attacked, or an offensive partner "
        "declaring, calls on you: honour (you declare war, +5 ETI) or break (+5 ETI, your partner "
        "gains a Casus Belli against you and the treaty ends, L1497). Germany and Austria-Hungary "
        "are bound by a permanent defensive treaty the German player may break (L1536-1542)."
    ),
    "aid": (
        "War with the Ottomans (L1040-1078). A Power that established Control in an Ottoman Area "
        "faces an Ottoman declaration. Any other Power may announce aid to the Ottomans, and the "
        "Ottomans' opponent may then ask for aid (L1046-1048); or stay out with aid none."
    ),
    "coal": (
        "Coaling rights (L1274-1276). A neutral Power may volunteer its Control markers as coaling "
        "stations for one side of a war, for the whole war; or offer none."
    ),
    "deny": (
        "Canals and Straits (L1508-1530). In war, the player who Controls Egypt (Suez: the "
        "Mediterranean and the Indian Ocean), Anatolia (the Straits: the Black Sea and the "
        "Mediterranean) or a built canal's Area (the Caribbean and the South Pacific) may deny it to "
        "an Alliance for this War Sequence: its units cannot pass between the two zones and its "
        "Lines of Supply cannot cross (with both canals built, only when both are denied). A "
        "codominion's members must all agree. A neutral denying it to one Alliance but not to all "
        "gives that Alliance a Casus Belli: any member may declare war on it at once."
    ),
    "maneuver": (
        "Maneuver (L1238-1293). Each unit moves one space: a Naval unit to a sea zone where its "
        "Alliance has Coaling Rights or to a coast holding either Alliance's Control marker; an "
        "Army to an Area holding a Control marker, to a sea zone holding its own Merchant Fleet, or "
        "to and from its Home Country. A Naval unit that came into an Area touching two zones "
        "not next to each other (Canada, the Cape Colony) sails out only on the side it came in by; "
        "at home in the US or Russia it keeps to its port box (L1249-1256). Merchant Fleets stay "
        "put in war. Type done when finished."
    ),
    "attack": (
        "Attack (L1314-1374). Where your units share an Area (armies) or a space (naval units) with "
        "enemy units, you may attack with all of them; every enemy unit of that kind there defends, "
        "and your allies may join. The odds, rounded for the defender, pick a column of the Combat "
        "Results Table (Table 1 if the smaller side is under 5); E, AR, EX, ½EX, DR, DE as L1341-1356. "
        "Where units of two enemy Alliances stand (a three-cornered war, L1201-1204), name the one "
        "you attack: attack army AREA POWER. "
        "Armies alone in an enemy Area at the end of the Attack Phase conquer it (L1375-1380)."
    ),
    "join": (
        "Joining an attack (L1318-1321): commit all your units in that space to your ally's attack, "
        "or decline."
    ),
    "retreat": (
        "Retreat (L1349-1352). A unit forced back moves to an adjacent space it may legally enter; "
        "with nowhere to go it surrenders (L1403-1410). A Naval unit that retreats where a Naval "
        "combat is still to be fought this Attack Phase lends no strength there but shares its "
        "side's result (L1370-1374)."
    ),
    "loss": (
        "An exchange (L1353-1356). The larger side removes at least the strength the result names "
        "(the whole smaller force for EX, half of it for ½EX): choose the units one by one."
    ),
    "peace": (
        "Peace (L1411-1417). A war ends by negotiation when every belligerent signs; signing while "
        "an ally fights on is a separate peace (+5 ETI, L1490). peace fight carries on. In a war "
        "of three Alliances, peace with POWER accepts peace with that Power's Alliance only: an "
        "Alliance at peace with all the others leaves the war, the others fight on."
    ),
    "spoils": (
        "The spoils (L1419-1424). The victors divide the enemy Areas they reach; where several "
        "victors' Armies stand, the division is a proposal: all agree and it stands; a dispute "
        "gives each claimant a free Possession, mutual Casus Belli and an automatic Congress."
    ),
    "rights": (
        "rights defend|pass (L490-504): a Great Power's Control marker stands over a Minor's "
        "Influence. Defending its rights gives you a Casus Belli against that Power and a Congress "
        "of Europe must sit (+3 ETI); if the Congress awards the Area to the Minor and the Power "
        "refuses to sign, the Minor declares war on it and you must declare too, or lose 5 VP "
        "(+3 ETI). The same penalty falls on a defender that later makes a separate peace while "
        "the Minor fights on, or comes out of a war the Minor did not win with more territory "
        "(L500-504). The Minor's Influence stays until the Congress."
    ),
    "place": (
        "place LEVEL AREA (L547-592): a new Status marker, or an upgrade of yours paid at the "
        "difference. Costs: Influence 10, Protectorate 20 pounds (L590-591; the others are our "
        "reconstruction, see 'data audit'). Needs a Communication Link (L547) and a free counter."
    ),
    "downgrade": (
        "downgrade AREA (L593-598): remove your Interest, or turn your Influence into an Interest. No refund."
    ),
    "buy": (
        "buy army|naval STRENGTH (L533-541): a unit of 1, 3 or 10 strength points, placed at home. "
        "Naval units built by Powers other than GB, the US and Japan raise the ETI (L1494-1496)."
    ),
    "move": (
        "move army|naval STRENGTH FROM TO. In peace (L664-682): a Naval unit to any coast where you "
        "hold an established Control marker or home; an Army along your own Areas and fleets into an "
        "Area where you have just placed Control or that is in Unrest. In war: one space (L1238-1293)."
    ),
    "fleet": (
        "fleet FROM|new TO (L657-663): a Merchant Fleet to a sea zone without one of yours; new "
        "ones arrive from the turn track."
    ),
    "canal": (
        "canal AREA (L683-699): 30 pounds in Panama or Central America; the first canal built gives 15 VP."
    ),
    "secret": (
        "secret ally|lapse|pact|ban|cap ...: a treaty offered secretly; only its two parties see it "
        "(L831-835)."
    ),
    "settle": "settle share|yield|hold: your answer to a dispute (L784-811).",
    "reveal": (
        "reveal KIND POWER (L843-845): make public a secret treaty you signed with POWER (KIND "
        "defensive, offensive, pact, ban:AREA or cap:KIND:N). Revealing is no breach; a secret "
        "treaty must be public before it can found a Casus Belli."
    ),
    "propose": (
        "propose award POWER [pay N] | propose codominion | propose pass: a member's treaty for the "
        "disputed Area, the host first, then the others in turn (L863-874); pay N: the Power awarded "
        "pays £N to each other Great Power party there. For a grievance (a Casus Belli naming no "
        "Area): propose redress [pay N | cede AREA] (the Casus Belli withdrawn; the Great Power it "
        "names pays its holder £N, or the Minor it names cedes its marker there, L505-506). Up to "
        "3 clauses may follow a treaty, typed "
        "after it: clause codominion POWER AREA (a free Protectorate where another Power holds "
        "Control; its Control holders must agree), clause downgrade POWER AREA (one step down), "
        "clause remove POWER AREA, clause transfer POWER AREA TO, clause pay PAYER PAYEE N "
        "(L866-874); limits on future actions (L868): clause ban POWER AREA TO (POWER places no "
        "marker there), clause cap POWER army|naval N TO (it owns at most N such units), clause "
        "pact POWER TO (a non-aggression pact), each a public treaty. A Power a clause names signs "
        "too; if it is no party to the dispute and refuses, only its clauses fall, with no Casus "
        "Belli (L883-890)."
    ),
    "vote": "vote yes|no: a majority of the voters passes the treaty, the host breaks ties (L875-877).",
    "sign": (
        "sign: the treaty takes effect when every disputant signs (L880-896); a Power no party to the "
        "dispute signs or refuses only the clauses that name it (L883-890)."
    ),
    "lose": "lose STRENGTH: remove one of your units in the exchange (L1353-1356).",
    "eti": (
        "The European Tensions Index (L1460-1507): +1 a step of a forced downgrade, +3 a Congress, "
        "+3 an unresolved Casus Belli, +2 a refusal to sign, +5 a declaration of war, a separate "
        "peace or a broken treaty, +2 a war turn, +1 or +3 for Naval units of the continental "
        "Powers. At 100 the Great War breaks out and ends the game; its culprits lose three times "
        "the turn's penalty, every other Power once (L1212-1216, L1461-1466)."
    ),
    "cri": (
        "The Chinese Resentment Index (L918-950): it rises for markers placed in Chinese Areas; "
        "each turn three dice at or under its tens bring a Chinese Rebellion (L920-925)."
    ),
    "vp": (
        "Victory Points (L1552-1600): each turn the treasury left buys VP at the Power's divisor "
        "(L1563-1570); at the end, twice the Area income over the divisor, the paths across Africa "
        "(+10 west-east, +15 north-south, L1589-1600), less the Great War penalty."
    ),
}
TOPICS["accept"] = TOPICS["refuse"] = TOPICS["offer"]
TOPICS["war"] = TOPICS["pass"] = TOPICS["declare"]
TOPICS["done"] = TOPICS["movement"]
TOPICS["decline"] = TOPICS["join"]
TOPICS["allow"] = TOPICS["deny"]
TOPICS["areas"] = TOPICS["markers"] = TOPICS["screen"] = GENERAL

KIND_TOPIC: dict[str, str] = {
    # decision kind -> the topic its help shows (the Congress's four steps share one text)
    "call": "congress",
    "propose": "congress",
    "vote": "congress",
    "sign": "congress",
}
