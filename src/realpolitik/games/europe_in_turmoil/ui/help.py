"""The ``help`` command for Europe in Turmoil: each decision and each action verb explained in our
own words, with the rulebook section to read (never the rulebook's sentences)."""

from __future__ import annotations

VERBS: dict[str, tuple[str, str]] = {
    # verb: (menu heading, rule section)
    "event": ("Play a card for its event", "§7.1"),
    "ops": ("Play a card for Operations", "§6.0"),
    "naval": ("Naval Arms Race attempt", "§6.3"),
    "score": ("Play a Scoring card", "§9.0"),
    "combo": ("Eight Nation Alliance with an opponent's card", "§12.0"),
    "first": ("The opponent's event before or after your OPs", "§5.2"),
    "sp": ("Place a Support Point", "§6.1"),
    "rm": ("Remove a Support Point", "§7.0"),
    "check": ("Make a Support Check", "§6.2"),
    "done": ("Stop placing", "§7.0"),
    "stab": ("Choose Stability card(s)", "§9.0"),
    "card": ("Choose a card", "§7.0"),
    "none": ("Choose nothing", "§7.0"),
    "from": ("Move Support Points out of a space", "§12.0"),
    "tirpitz": ("Support Points taken off Wilhelm II", "§6.3.4"),
    "bonus": ("Use the event's OPs", "§7.4"),
    "pass": ("Decline the free naval attempt", "§6.3.5"),
    "reveal": ("Show your Scoring cards", "§3.1"),
    "conceal": ("Keep your Scoring cards hidden", "§3.1"),
    "region": ("The region whose War Losses come next", "§8.4.3"),
    "mob": ("Pick a Mobilization card (numbered as in the list above)", "§8.4.4"),
}

KIND_VERBS: dict[tuple[str, str], tuple[str, str]] = {
    # (decision kind, verb): a heading that depends on the decision.
    ("setup-place", "sp"): ("Place a discretionary Support Point", "§3.4"),
    ("event-place", "sp"): ("Place a Support Point for the event", "§6.1.1"),
    ("event-remove", "rm"): ("Remove a Support Point", "§7.0, §8.4.3"),
    ("pick", "card"): ("Choose a card", "§5.4, §7.0"),
    ("mobilize", "pass"): ("No U-Boat Offensive in addition", "§8.4.4"),
}

DECISIONS: dict[str, str] = {
    # decision kind: one line for the prompt (the seat's name comes first)
    "setup-reveal": "show your Scoring cards for extra setup Support Points, or keep them hidden (§3.1)",
    "setup-place": "place your discretionary Support Points (§3.4)",
    "play": "play a card: event, Operations, naval attempt or score (§5.0)",
    "order": "the opponent's event on your card: before or after your Operations? (§5.2)",
    "place": "place Support Points with your Operations Points (§6.1)",
    "checks": "choose the space of your next Support Check (§6.2)",
    "event-place": "place the Support Points the event gives (§6.1.1)",
    "event-remove": "choose where Support Points are removed (§7.0)",
    "use": "use the Operations Points the event gives (§7.4)",
    "pick": "choose a card (§7.0)",
    "fi-source": "Foreign Investments: the space your Support Points leave (§12.0)",
    "tirpitz": "Admiral von Tirpitz: how many Support Points leave Wilhelm II (§6.3.4)",
    "stability": "choose your Stability card(s) for the scoring, sealed until both have chosen (§9.0)",
    "moltke": "Moltke: a free naval attempt with a card, or pass (§6.3.5)",
    "war-order": "choose the region whose War Losses are taken next (§8.4.3)",
    "mobilize": "War Mobilization: pick your Mobilization cards, one a nation, sealed (§8.4.4)",
}

TOPICS: dict[str, str] = {
    # -- action verbs ---------------------------------------------------------------------------
    "event": (
        "Play a card for its event (§7.1). You may do this with a card whose symbol is yours or "
        "neutral: the card's effect happens as its text in your hand says. An asterisk card leaves "
        "the game afterwards (§2.2.5); an underlined one stays beside the board and keeps working "
        "until something cancels it (§2.2.6, §7.2). A card needing an earlier card (§2.2.7) is "
        "offered only once that card has been played."
    ),
    "ops": (
        "Play a card for Operations (§6.0). 'ops N place' spends the card's OPs placing Support "
        "Points one by one (§6.1): each must go in or next to a space where you already had support "
        "when you began; it costs 1 OP, or 2 in a space your opponent controls. 'ops N checks' "
        "gives two Support Checks in two different spaces instead (§6.2). If the card carries your "
        "opponent's event, that event still happens, for them, and you choose whether before or "
        "after your OPs (§5.2). The OPs shown already count the modifiers in effect (§7.3)."
    ),
    "naval": (
        "Naval Arms Race attempt (§6.3). Spend the card on moving your navy (the British for the "
        "Liberal, the German for the Authoritarian) one box along the race: roll a die, add the "
        "card's OPs (and +1 if your marker shows its +1 side); reaching the number printed in the "
        "next box moves you there and you apply that ship class's effect (§6.3.5). A miss turns "
        "your marker to its +1 side. The card's event never happens this way, whoever's it is "
        "(§6.3.6). One regular attempt per turn (§6.3.3); while both navies are still "
        "pre-Dreadnought, the Authoritarian cannot advance (§6.3.2)."
    ),
    "score": (
        "Play a Scoring card (§9.0, §10.1). It starts the region's Stability Check: both sides "
        "choose Stability cards in secret, the non-active side's card takes effect first, then the "
        "region is scored (Presence, Domination or Control, plus 1 VP a controlled battleground and "
        "a controlled adjacent independent country), then a Crisis roll (§8.3). A Scoring card may "
        "never stay in your hand past the turn it came in: holding one at the end of the turn loses "
        "the game (§4.5.3)."
    ),
    "combo": (
        "Eight Nation Alliance (§12.0, our reading in docs/europe-in-turmoil.md): play it together "
        "with one of your opponent's cards in the same round. The opponent's event does not happen "
        "and you use that card's OPs for placement or Support Checks."
    ),
    "first": (
        "Your card carries your opponent's event (§5.2): it happens anyway, as if they had played "
        "it. 'first event' lets it happen before your Operations, 'first ops' after them."
    ),
    "sp": (
        "Place one Support Point in the named space. With Operations (§6.1) each SP needs a space in "
        "or next to your support as it stood when you began, costing 1 OP (2 where the opponent "
        "controls; the cost drops as soon as the control changes). For an event (§6.1.1) the card "
        "says where, and adjacency and control do not matter. At setup (§3.4) any space without "
        "opposing support will do."
    ),
    "rm": (
        "Remove one Support Point from the named space (§7.0): an event taking away the other "
        "side's support, or War Losses after the Great War (§8.4.3)."
    ),
    "check": (
        "Support Check (§6.2) in a space that has opposing support. Double the space's stability; "
        "roll a die and add the card's OPs, +1 for each adjacent space you control and -1 for each "
        "one the opponent controls (the UK and Egypt count as Liberal, the Ottoman Empire as "
        "Authoritarian). Beat the doubled stability and the margin comes off the opponent's "
        "support, any rest being added to yours up to what control needs. Each check is rolled "
        "before the next target is named; with Operations the two must be in different spaces."
    ),
    "done": "Stop placing (§7.0): the event says 'up to', so you may place fewer than it allows.",
    "stab": (
        "Choose Stability card(s) for this Stability Check (§9.0). Both sides choose in secret; "
        "the non-active side's card is resolved first, then the active side's, alternating when "
        "either chose more than one. A card played is spent until your deck is refreshed (when "
        "only one card is left, §9.0 step 1). 'stab a+b' names two cards when you may choose two."
    ),
    "card": (
        "Choose a card by its number (§7.0): the event asks for one, to play its event again from "
        "the discard pile, to take into your hand, or to discard (a discarded card's event does "
        "not happen, §5.4)."
    ),
    "none": "Choose nothing (§7.0): no card fits what the event asks for.",
    "from": (
        "Foreign Investments (§12.0): choose the space up to 3 of your Support Points leave; you "
        "then place them in any spaces."
    ),
    "tirpitz": (
        "Admiral von Tirpitz (§6.3.4): take up to the number shown of your Support Points off "
        "Wilhelm II; the German navy moves one box ahead for each one taken."
    ),
    "bonus": (
        "The event gives OPs to use as if from a card (§7.4): 'bonus place' to place Support "
        "Points, 'bonus checks' for Support Checks, 'bonus pass' to let them go (only where the "
        "event allows it)."
    ),
    "pass": "Let the free naval attempt go (§6.3.5, Moltke): no card is spent.",
    "reveal": (
        "Show your Scoring cards (§3.1): a player dealt two or more may show them before the "
        "discretionary Support Points, for extra SP (§15.0)."
    ),
    "conceal": "Keep your Scoring cards hidden (§3.1): no extra Support Points.",
    "region": (
        "War Losses (§8.4.3): after the Great War each region that took part loses or gains "
        "support by die rolls; the war's winner decides the order (with no winner, the Entente "
        "chooses first and the two sides alternate)."
    ),
    # -- decisions that have no verb of their own -------------------------------------------------
    "play": (
        "Your Action Round (§4.5.2, §5.0): play one card from your hand. 'event N' for its event "
        "(your symbol or neutral, §7.1), 'ops N place' or 'ops N checks' for Operations (§6.0), "
        "'naval N' for a Naval Arms Race attempt (§6.3), 'score N' for a Scoring card (§9.0). You "
        "may not skip a round. Type 'help ops', 'help naval' ... for one way of playing."
    ),
    "order": (
        "Your card carries your opponent's event (§5.2): it happens anyway. Choose 'first event' "
        "or 'first ops'."
    ),
    "place": "Place your card's OPs as Support Points, one at a time (§6.1); see 'help sp'.",
    "checks": "Name the space of the next Support Check (§6.2); see 'help check'.",
    "event-place": "Place the Support Points the event gives where it allows (§6.1.1); see 'help sp'.",
    "event-remove": "Remove Support Points as the event or War Losses require (§7.0, §8.4.3).",
    "use": "The event gives OPs to spend as a card's (§7.4); see 'help bonus'.",
    "pick": "Choose a card as the event asks (§7.0); see 'help card'.",
    "fi-source": "Foreign Investments (§12.0); see 'help from'.",
    "stability": "A Stability Check (§9.0); see 'help stab'.",
    "moltke": (
        "Moltke (§6.3.5): after the last regular round you may make one more naval attempt with a "
        "card from your hand ('naval N'), or 'pass'."
    ),
    "war-order": "War Losses (§8.4.3); see 'help region'.",
    "mob": (
        "Pick a Mobilization card (§8.4.4, the optional War Mobilization): one card for each nation at "
        "war on your side, asked one nation at a time (Germany, Austria-Hungary, France, Russia, the "
        "Balkans, the Ottoman Empire, Italy), and U-Boat Offensive in addition to Germany's card if "
        "you like. Any card of the nation may be picked: whether it is valid is checked only when it "
        "is revealed and run. The list above the menu gives each card's priority in brackets, whether "
        "it would be valid now, and what it does. The names marked (ours) and all effects but U-Boat "
        "Offensive's are our reconstruction (docs/europe-in-turmoil.md)."
    ),
    "mobilize": (
        "War Mobilization (§8.4.4) replaces the war roll and War Losses. Both sides pick their cards "
        "at the same time, sealed; then the cards are revealed by priority, 0 first, those of one "
        "priority together; a card whose condition fails, whose nation has left the war, or which a "
        "lower card cancelled has no effect. Then the regions at war are scored (§8.4.5): there is "
        "no war winner, and VP 0 means both players lose. Britain takes part but picks no card (C9)."
    ),
    "setup-reveal": "Setup (§3.1); see 'help reveal'.",
    "setup-place": (
        "Setup (§3.4): the two sides place their discretionary Support Points in turns (2, 2, 3, 3, "
        "1, 1), Authoritarian first, in spaces without opposing support."
    ),
}

GENERAL = (
    "Choose an action by its number in the menu, or type its notation (cards by number: "
    "'ops 23 place'; spaces by id: 'sp vienna'; Tab completes). Commands: details (the whole "
    "map and your cards' texts), undo, help [VERB], log [N|all], board, save FILE, quit."
)
