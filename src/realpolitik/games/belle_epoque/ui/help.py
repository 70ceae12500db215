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
