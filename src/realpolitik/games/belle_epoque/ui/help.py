"""The ``help`` command for La Belle Époque: each decision and each action in our own words, with
the rulebook section to read (paraphrased from the rules digest, never quoted)."""

from __future__ import annotations

VERBS: dict[str, tuple[str, str]] = {
    # verb: (menu heading, rule section)
    "place": ("Place a starting DM cube", "§3.3"),
    "send": ("Send Diplomatic Missions", "§8.2"),
    "buy": ("Buy Military Units", "§8.1"),
    "great-work": ("Build the Great Work", "§8.3"),
    "invest": ("Economic Investment", "§8.4"),
    "prestige": ("Gain International Prestige", "§8.5"),
    "play": ("Play a card", "§8.6"),
    "resolve": ("Resolve a Diplomatic Dispute", "§8.7"),
    "commit": ("Commit units to the dispute", "§8.7"),
    "deploy": ("Deploy Fleets", "§8.8"),
    "sell": ("Sell Armaments", "§8.9"),
    "pass": ("Pass", "§8.10"),
    "end": ("End your turn", "§8.0"),
    "keep": ("Keep an Intrigue card", "§8.2.3"),
    "remove": ("Remove a DM cube", "§8.6"),
    "choose": ("Choose for the card", "§8.6"),
}

VERBS_IT: dict[str, str] = {
    "place": "Piazza un cubo DM iniziale",
    "send": "Invia Missioni Diplomatiche",
    "buy": "Acquista Unità Militari",
    "great-work": "Costruisci la Grande Opera",
    "invest": "Investimento Economico",
    "prestige": "Prestigio Internazionale",
    "play": "Gioca una carta",
    "resolve": "Risolvi una Disputa Diplomatica",
    "commit": "Impegna unità nella disputa",
    "deploy": "Schiera Flotte",
    "sell": "Vendi Armamenti",
    "pass": "Passa",
    "end": "Termina il turno",
    "keep": "Tieni una carta Intrigo",
    "remove": "Rimuovi un cubo DM",
    "choose": "Scegli per la carta",
}

TOPICS: dict[str, str] = {
    "place": (
        "Initial Setup (§3.3). The Powers place their starting DM cubes in rounds (Russia, France, "
        "Central Empires, Great Britain), two per round in two different territories. No fleet is "
        "needed anywhere yet, no dispute may be started, and after your cube at most half of the "
        "territory's spaces may be taken (minor-nation cubes count). By the end you must have met your "
        "Power's minimum per continent, so the menu only offers placements that still allow it."
    ),
    "action": (
        "Action Phase (§8). On your Action-Phase turn you take one or two actions of different types, "
        "in any order; after one action you may type 'end' to stop there. Rounds go on in turn order "
        "until every Power has passed. 'pass' is always your last action of the turn: after it you "
        "only defend in disputes, and your place on the next turn order is the order you passed in. "
        "Type 'help VERB' (e.g. 'help send') for one action."
    ),
    "send": (
        "Send Diplomatic Missions (§8.2). Move one DM cube from your Embassies to a territory: "
        "'send china' takes the free space (the lowest numbered one where spaces carry die numbers); "
        "'send china@3' puts your cube on top of the single opposing cube in space 3 and starts a "
        "Diplomatic Dispute. In Africa and Asia you need a fleet of yours (active or exhausted, or an "
        "allied minor's) in that continent's fleet box; Russia needs none in Persia, "
        "Afghanistan-Baluchistan, China and Manchuria-Korea. You may not dispute a space already in a "
        "dispute, an Armament cube, your own cube, or send into a territory under another Power's "
        "Diplomatic Contrasts. A dispute's top cube does not count for alliance or control."
    ),
    "buy": (
        "Buy Military Units (§8.1). Pay the price on your Power card for Armies and/or Fleets from your "
        "Reserve; they arrive active in your Arsenal. Each fleet bought also moves your Fleet marker up "
        "one box. Fleets cost £10 and each Power has at most 3."
    ),
    "great-work": (
        "Build the Great Work (§8.3). Once per game, pay its cost: you gain 2 Prestige at once (taking "
        "the bonuses you pass), it scores Victory Points at every scoring from then on, and its own "
        "bonus applies (Kiel Canal: cheaper fleets in disputes; HMS Dreadnought: +1 on the Fleet track; "
        "Eiffel Tower: one more DM cube each Resource Phase; Trans-Siberian Railway: unlocks the "
        "Russian National card)."
    ),
    "invest": (
        "Economic Investment (§8.4). Return one DM cube from your Embassies to your General Reserve "
        "and take £2 from the bank."
    ),
    "prestige": (
        "Gain International Prestige (§8.5). Once per game turn, pay £5 and move one space up the "
        "Prestige track, taking any bonus you reach."
    ),
    "play": (
        "Play a card (§8.6). An Intrigue card is played for one of its two halves ('play CARD/1' or "
        "'/2'); a National card is paid for and played whole. Any extra words are the card's own "
        "choices (targets, territories, option). A Power that already has a reminder cube on a card "
        "this turn cannot be the victim of another Intrigue or National card this turn (§8.6.1). DM "
        "cubes that cards place take a free space or replace a cube outright, without a dispute "
        "(§8.6.2)."
    ),
    "resolve": (
        "Resolve a Diplomatic Dispute (§8.7). Only the Power whose cube is on top may resolve it. The "
        "attacker commits active fleets from that continent's box (£2 each), then the defender; then "
        "the defender sends active Armies from its Arsenal (£1 each), then the attacker. Armies outside "
        "Europe need a fleet of theirs in the box. Fleets give +2, Armies +1, at most +4 in all (Great "
        "Britain +1 with a British fleet and at most +5; the Central Empires +1 attacking with an Army, "
        "+2 and at most +6 with Superior Doctrine). Both roll a die: the higher total keeps the space; "
        "a tie goes to the higher Prestige, and with equal Prestige both cubes go. An unallied minor "
        "nation defends at +1 (Italy, Japan and the United States at +2)."
    ),
    "commit": (
        "Commit units to the dispute (§8.7). Type the units you send, e.g. 'commit 1 fleet 2 armies', "
        "'+italy-army' for an allied minor's unit (free), or 'commit none'. Fleets come active from the "
        "dispute's continent box (£2 each, they end exhausted); Armies come active from your Arsenal "
        "(£1 each) and need a fleet of yours in that box outside Europe. Fleets +2, Armies +1, capped "
        "at +4 (see 'help resolve' for the Powers' own bonuses). The dice are rolled once both sides "
        "have committed."
    ),
    "deploy": (
        "Deploy Fleets (§8.8). One action moves any of your fleets, one 'deploy' at a time: from the "
        "Arsenal to a continent's box (arriving active), or from one box to another (arriving "
        "exhausted). Exhausted fleets cannot move. A fleet in a box lets you send DM cubes and Armies "
        "to that continent; only an active one can join a dispute."
    ),
    "sell": (
        "Sell Armaments (§8.9). From Turn 4, pay a territory's exchange rate in Armies and/or Fleets "
        "(removed from the game) to put your Armament cubes there, starting bottom-right. The territory "
        "must have no Armament cube yet. '#N' picks another exchange rate, '@2,5' the DM cubes replaced "
        "when no space is free, 'fleet:africa' where sold fleets come from. Armament cubes can never be "
        "disputed or removed, and they lower the majority needed for alliance or control."
    ),
    "pass": (
        "Pass (§8.10). Your Action Phase ends for this turn: your Turn marker takes the first free box "
        "of the next turn order. You still defend in disputes."
    ),
    "end": (
        "End your Action-Phase turn after one action (§8.0): the next Power in turn order acts, and "
        "you act again next round."
    ),
    "keep": (
        "Keep an Intrigue card (§8.2.3). The ally of the Ottoman Empire draws two Intrigue cards and "
        "keeps one; the other is discarded."
    ),
    "remove": (
        "A card removes DM cubes (§8.6): choose the cube to remove by its space, e.g. "
        "'remove belgium@2'. Only the base cube of a dispute can be removed, never an Armament cube."
    ),
    "choose": (
        "A card in play asks for a choice (§8.6): the menu lists the options the card allows, e.g. "
        "which loss a victim takes or which fleet box; 'choose accept' keeps a dispute's roll instead "
        "of playing a re-roll card."
    ),
    "card": (
        "A card in play waits for a choice (§8.6): pick one of the options in the menu. Cubes a card "
        "places ('place china' or 'place china@3') take a free space or replace the cube in that "
        "space outright, without a dispute (§8.6.2)."
    ),
    "reroll": (
        "After a dispute's dice you may play a re-roll card such as Change of Strategy, or keep the "
        "roll with 'choose accept'."
    ),
}

GENERAL = (
    "Choose an action by its number in the menu, or type its notation (Tab completes). "
    "Commands: undo (take back your last action, unless a die was rolled or a card revealed since), "
    "help [VERB], log [N|all], board (draw the screen again), save FILE, quit."
)

TOPICS_IT: dict[str, str] = {
    "place": (
        "Schieramento iniziale (§3.3). Le Potenze piazzano i cubi MD iniziali a turni (Russia, Francia, "
        "Imperi Centrali, Gran Bretagna), due per turno in due territori diversi. Non servono flotte, "
        "non si aprono dispute, e dopo il vostro cubo al massimo metà degli spazi del territorio può "
        "essere occupata (i cubi delle nazioni minori contano). Alla fine dovete avere il minimo per "
        "continente della vostra Potenza: il menu offre solo i piazzamenti che lo permettono ancora."
    ),
    "action": (
        "Fase delle Azioni (§8). Nel vostro turno fate una o due azioni di tipo diverso, nell'ordine che "
        "volete; dopo una sola azione potete terminare il turno. I giri proseguono nell'ordine di turno "
        "finché tutte le Potenze hanno passato. Passare è sempre l'ultima azione del turno: poi vi "
        "limitate a difendervi nelle dispute, e l'ordine in cui passate è il vostro posto nel prossimo "
        "ordine di turno."
    ),
    "send": (
        "Inviare Missioni Diplomatiche (§8.2). Spostate un cubo MD dalle Ambasciate a un territorio: "
        "nello spazio libero (il più basso dove gli spazi hanno numeri di dado) oppure sopra l'unico "
        "cubo avversario di uno spazio, aprendo una Disputa Diplomatica. In Africa e in Asia serve una "
        "vostra flotta (attiva o esausta, o di una minore alleata) nel box flotte del continente; alla "
        "Russia non serve in Persia, Afghanistan-Belucistan, Cina e Manciuria-Corea. Non potete "
        "contestare uno spazio già in disputa, un cubo Armamento o un vostro cubo, né inviare in un "
        "territorio sotto i Contrasti Diplomatici di un'altra Potenza. Il cubo sopra una disputa non "
        "conta per alleanza e controllo."
    ),
    "buy": (
        "Acquistare Unità Militari (§8.1). Pagate il prezzo indicato sulla vostra carta Potenza per "
        "Eserciti e/o Flotte della Riserva; arrivano attivi nel vostro Arsenale. Ogni flotta acquistata "
        "fa avanzare di una casella il segnalino sul tracciato delle flotte. Le flotte costano £10 e ogni "
        "Potenza ne ha al massimo 3."
    ),
    "great-work": (
        "Costruire la Grande Opera (§8.3). Una volta per partita, pagandone il costo: guadagnate subito 2 "
        "di Prestigio (con i bonus delle caselle superate), segna Punti Vittoria a ogni calcolo del "
        "punteggio da quel momento, e vale il suo bonus (Canale di Kiel: flotte più economiche nelle "
        "dispute; HMS Dreadnought: +1 sul tracciato delle flotte; Torre Eiffel: un cubo MD in più in ogni "
        "Fase delle Risorse; Transiberiana: sblocca la carta Nazionale russa)."
    ),
    "invest": (
        "Investimento Economico (§8.4). Rimettete un cubo MD dalle Ambasciate nella vostra Riserva "
        "Generale e prendete £2 dalla banca."
    ),
    "prestige": (
        "Prestigio Internazionale (§8.5). Una volta per turno di gioco, pagate £5 e avanzate di una "
        "casella sul tracciato del Prestigio, prendendo il bonus che raggiungete."
    ),
    "play": (
        "Giocare una carta (§8.6). Una carta Intrigo si gioca per una delle sue due metà; una carta "
        "Nazionale si paga e si gioca intera. Le altre scelte sono quelle della carta (bersagli, "
        "territori, opzione). Una Potenza che ha già un cubo promemoria su una carta in questo turno non "
        "può essere vittima di un'altra carta Intrigo o Nazionale nello stesso turno (§8.6.1). I cubi MD "
        "piazzati dalle carte prendono uno spazio libero o sostituiscono un cubo senza disputa (§8.6.2)."
    ),
    "resolve": (
        "Risolvere una Disputa Diplomatica (§8.7). Solo la Potenza il cui cubo sta sopra può risolverla. "
        "L'attaccante impegna flotte attive dal box del continente (£2 l'una), poi il difensore; poi il "
        "difensore manda Eserciti attivi dal suo Arsenale (£1 l'uno), poi l'attaccante. Fuori "
        "dall'Europa gli Eserciti richiedono una propria flotta nel box. Flotte +2, Eserciti +1, al "
        "massimo +4 in tutto (la Gran Bretagna +1 con una flotta britannica e al massimo +5; gli Imperi "
        "Centrali +1 attaccando con un Esercito, +2 e al massimo +6 con la Dottrina Superiore). Ognuno "
        "tira un dado: il totale più alto tiene lo spazio; il pareggio va al Prestigio più alto, e a "
        "pari Prestigio entrambi i cubi se ne vanno. Una nazione minore non alleata si difende a +1 "
        "(Italia, Giappone e Stati Uniti a +2)."
    ),
    "commit": (
        "Impegnare unità nella disputa (§8.7). Scegliete le unità da mandare, comprese quelle di una "
        "minore alleata (gratuite), oppure nessuna. Le flotte vengono attive dal box del continente "
        "della disputa (£2 l'una, finiscono esauste); gli Eserciti attivi dal vostro Arsenale (£1 l'uno) "
        "e fuori dall'Europa richiedono una vostra flotta in quel box. Flotte +2, Eserciti +1, al "
        "massimo +4 (i bonus propri delle Potenze sono in 'risolvere una disputa'). I dadi si tirano "
        "quando entrambe le parti hanno impegnato."
    ),
    "deploy": (
        "Schierare Flotte (§8.8). Un'azione sposta qualsiasi vostra flotta, una alla volta: dall'Arsenale "
        "al box di un continente (arriva attiva) o da un box a un altro (arriva esausta). Le flotte "
        "esauste non si muovono. Una flotta in un box vi permette di inviare cubi MD ed Eserciti in quel "
        "continente; solo una flotta attiva può unirsi a una disputa."
    ),
    "sell": (
        "Vendere Armamenti (§8.9). Dal turno 4, pagate il tasso di cambio di un territorio in Eserciti "
        "e/o Flotte (rimossi dal gioco) per mettervi i vostri cubi Armamento, a partire dall'angolo in "
        "basso a destra. Il territorio non deve avere già un cubo Armamento. I cubi Armamento non possono "
        "mai essere contestati né rimossi, e abbassano la maggioranza necessaria per alleanza e "
        "controllo."
    ),
    "pass": (
        "Passare (§8.10). La vostra Fase delle Azioni finisce per questo turno: il vostro segnalino prende "
        "la prima casella libera del prossimo ordine di turno. Continuate a difendervi nelle dispute."
    ),
    "end": (
        "Terminare il turno dopo una sola azione (§8.0): agisce la Potenza successiva nell'ordine di "
        "turno, e voi agite di nuovo al giro seguente."
    ),
    "keep": (
        "Tenere una carta Intrigo (§8.2.3). L'alleato dell'Impero Ottomano pesca due carte Intrigo e ne "
        "tiene una; l'altra va negli scarti."
    ),
    "remove": (
        "Una carta rimuove cubi MD (§8.6): scegliete lo spazio del cubo da rimuovere. Si può rimuovere "
        "solo il cubo di base di una disputa, mai un cubo Armamento."
    ),
    "choose": (
        "Una carta in gioco chiede una scelta (§8.6): il menu elenca le opzioni che la carta permette, "
        "per esempio quale perdita subisce una vittima o quale box flotte; 'accept' tiene il tiro di "
        "una disputa invece di giocare una carta di ritiro."
    ),
    "card": (
        "Una carta in gioco attende una scelta (§8.6): scegliete un'opzione dal menu. I cubi piazzati da "
        "una carta prendono uno spazio libero o sostituiscono il cubo di quello spazio senza disputa "
        "(§8.6.2)."
    ),
    "reroll": (
        "Dopo i dadi di una disputa potete giocare una carta di ritiro come Cambio di Strategia, oppure "
        "tenere il tiro."
    ),
}
""":data:`TOPICS` in Italian (the terminal with ``--lang it`` and the web page's rules panel)."""
