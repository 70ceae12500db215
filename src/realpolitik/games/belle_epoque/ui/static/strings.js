// La Belle Époque's words for the page, in English and Italian: the board's own vocabulary (tracks,
// mats, the dispute) and the headings of its actions. Names printed on the game (Powers, territories,
// cards) come with the board data from the server; the page's own words are in /static/i18n.js.
import { t as pageWord, getLang } from "/static/i18n.js";

export const STRINGS = {
  en: {
    np_short: "NP", np_title: "Non-Player Power: the game plays it (§13)", np_status: "Non-Player (§13)",
    verdict: "Solo verdict (§13.10)", turn: "Turn", era: "Era", phase: "Phase", order: "Turn order",
    next_order: "Next order", mats: "Powers", intrigue: "Intrigue", national: "National",
    dispute: "Diplomatic Dispute", attacker: "attacker", defender: "defender",
    commit_units: "Commit your units", keep_one: "Keep one Intrigue card", events_deck: "Events",
    intrigue_deck: "Intrigue deck", discard: "discard", fleet_box: "Fleets", prestige: "Prestige", vp: "VP",
    fleet_track: "Fleet track", money: "£", dm: "DM", reserve: "Reserve", armies: "Armies", fleets: "Fleets",
    great_work: "Great Work", armaments: "Armament", cards: "Cards", state: "Status", built: "built",
    passed: "passed", ally: "ally", controls: "controls",
    legend: "Cube letters: GB, FR, CE, RU = Powers · lower case = minor nations · # = Armament · top-right number = die face",
    contrasts: "Contrasts", arsenal: "Arsenal", out: "out", exhausted: "exhausted",
    place: "Place starting DM cube (§3.3)", send: "Send a DM cube (§8.2)", buy: "Buy units (§8.1)",
    "great-work": "Great Work (§8.3)", invest: "Economic Investment (§8.4)",
    prestige_a: "International Prestige (§8.5)", play: "Play a card (§8.6)",
    resolve: "Resolve a dispute (§8.7)", commit: "Commit units (§8.7)", deploy: "Deploy fleets (§8.8)",
    sell: "Sell Armaments (§8.9)", pass: "Pass (§8.10)", end: "End your turn (§8.0)",
    keep: "Keep a card (§8.2.3)", remove: "Remove a DM cube (§8.6)",
    k_place: "place a starting DM cube: click a territory",
    k_action: "take an action: click the board, a card or a button", k_commit: "commit units to the dispute",
    k_keep: "keep one of the Intrigue cards drawn", k_remove: "choose a DM cube to remove: click it",
    k_card: "make the choice the card in play asks for (§8.6)",
    k_reroll: "re-roll with Change of Strategy, or keep the roll",
    "k_phase-e-card": "before the disputes with the Non-Player Powers: play Empire of the Seas for them (§13.4.7), or keep it",
    k_other: "your decision: choose an action",
    place_card: "Place a DM cube (§8.6.2)", end_keep: "Keep the card for later (§13.4.7)",
    u_buy: "buy", u_send: "send", "u_great-work": "Great Work", u_invest: "invest", u_prestige: "prestige",
    u_play: "card", u_resolve: "dispute", u_deploy: "deploy", u_sell: "sell", u_pass: "pass",
    h_reserve: "Res.", h_prestige: "Prest.", h_fleet_track: "FT", h_great_work: "GW", h_armaments: "Arm.",
  },
  it: {
    np_short: "PNG", np_title: "Potenza Non Giocante: la gioca il gioco (§13)",
    np_status: "Non Giocante (§13)", verdict: "Esito in solitario (§13.10)", turn: "Turno", era: "Era",
    phase: "Fase", order: "Ordine di turno", next_order: "Prossimo ordine", mats: "Potenze",
    intrigue: "Intrigo", national: "Nazionali", dispute: "Disputa Diplomatica", attacker: "attaccante",
    defender: "difensore", commit_units: "Impegnate le vostre unità", keep_one: "Tenete una carta Intrigo",
    events_deck: "Eventi", intrigue_deck: "Mazzo Intrighi", discard: "scarti", fleet_box: "Flotte",
    prestige: "Prestigio", vp: "PV", fleet_track: "Tracciato flotte", money: "£", dm: "MD",
    reserve: "Riserva", armies: "Eserciti", fleets: "Flotte", great_work: "Grande Opera",
    armaments: "Armamenti", cards: "Carte", state: "Stato", built: "costruita", passed: "ha passato",
    ally: "alleato", controls: "controlla",
    legend: "Lettere dei cubi: GB, FR, CE, RU = Potenze · minuscole = nazioni minori · # = Armamento · numero in alto a destra = faccia del dado",
    contrasts: "Contrasti", arsenal: "Arsenale", out: "fuori", exhausted: "esauste",
    place: "Piazzare un cubo MD iniziale (§3.3)", send: "Inviare un cubo MD (§8.2)",
    buy: "Acquistare unità (§8.1)", "great-work": "Grande Opera (§8.3)",
    invest: "Investimento Economico (§8.4)", prestige_a: "Prestigio Internazionale (§8.5)",
    play: "Giocare una carta (§8.6)", resolve: "Risolvere una disputa (§8.7)",
    commit: "Impegnare unità (§8.7)", deploy: "Schierare flotte (§8.8)", sell: "Vendere Armamenti (§8.9)",
    pass: "Passare (§8.10)", end: "Terminare il turno (§8.0)", keep: "Tenere una carta (§8.2.3)",
    remove: "Rimuovere un cubo MD (§8.6)", k_place: "piazzate un cubo MD iniziale: cliccate un territorio",
    k_action: "fate un'azione: cliccate il tavolo, una carta o un pulsante",
    k_commit: "impegnate unità nella disputa", k_keep: "tenete una delle carte Intrigo pescate",
    k_remove: "scegliete un cubo MD da rimuovere: cliccatelo",
    k_card: "fate la scelta che chiede la carta in gioco (§8.6)",
    k_reroll: "ritirate con Cambio di Strategia, o tenete il tiro",
    "k_phase-e-card": "prima delle dispute con le Potenze Non Giocanti: giocate Impero dei Mari (§13.4.7), o tenetelo",
    k_other: "tocca a voi: scegliete un'azione",
    place_card: "Piazzare un cubo MD (§8.6.2)", end_keep: "Tenere la carta per dopo (§13.4.7)",
    u_buy: "acquisto", u_send: "invio", "u_great-work": "Grande Opera", u_invest: "investimento",
    u_prestige: "prestigio", u_play: "carta", u_resolve: "disputa", u_deploy: "schieramento",
    u_sell: "vendita", u_pass: "passa",
    h_reserve: "Ris.", h_prestige: "Prest.", h_fleet_track: "TF", h_great_work: "GO", h_armaments: "Arm.",
  },
};

// A word of the game in the page's language (English when Italian lacks it), else the page's own.
export function s(key) {
  return STRINGS[getLang()]?.[key] ?? STRINGS.en[key] ?? pageWord(key);
}

// Whether the game has a word for ``key`` (the page asks before using its own).
export function has(key) {
  return key in STRINGS.en;
}
