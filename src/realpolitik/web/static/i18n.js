// English and Italian strings of the client. Game content (names, card texts) comes from the
// server's board data in both languages; these are only the words of the interface.
const STRINGS = {
  en: {
    new_game: "New game", game: "Game", players: "Players", who_plays: "Who plays each Power",
    seed: "Seed (optional)", dreyfus: "Dreyfus Affair promo event", promos: "Intrigue promo cards",
    table_link: "Also make a hot-seat link (one screen for every human seat)", create: "Create the game",
    links: "Your links", links_help: "Each link is a seat's key: send each player theirs and keep it secret. Anyone with the spectator link can watch.",
    human: "Human", bot: "Bot (random)", bot_heuristic: "Bot (heuristic)", np: "Non-Player Power (§13)",
    np_short: "NP", np_title: "Non-Player Power: the game plays it (§13)", np_status: "Non-Player (§13)",
    verdict: "Solo verdict (§13.10)", np_players: "Non-Player Powers: one player per other Power (§13)",
    player_link: "Player", spectator_link: "Spectators", table: "Hot-seat (all human seats)", open: "open",
    turn: "Turn", era: "Era", phase: "Phase", order: "Turn order", next_order: "Next order",
    your_turn: "Your decision", waiting: "Waiting for", spectating: "You are watching", game_over: "Game over",
    actions: "Actions", all_actions: "All legal actions (list)", hand: "Your hand", log: "Log",
    mats: "Powers", undo: "Undo", no_hand: "No cards", intrigue: "Intrigue", national: "National",
    since_visit: "since your last visit", connected: "live", disconnected: "offline — reconnecting",
    unknown_link: "This link does not open any game. Check that you copied all of it.",
    dispute: "Diplomatic Dispute", attacker: "attacker", defender: "defender", commit_units: "Commit your units",
    keep_one: "Keep one Intrigue card", pass_device: "Pass the device to", i_am: "I am", show: "Show my board",
    events_deck: "Events", intrigue_deck: "Intrigue deck", discard: "discard", fleet_box: "Fleets",
    prestige: "Prestige", vp: "VP", fleet_track: "Fleet track", money: "£", dm: "DM", reserve: "Reserve",
    armies: "Armies", fleets: "Fleets", great_work: "Great Work", armaments: "Armament", cards: "Cards",
    state: "Status", built: "built", passed: "passed", ally: "ally", controls: "controls",
    choose: "Choose", cancel: "Cancel", winner: "Winner", score: "Score", record: "Download the record",
    replay: "Replay", replay_move: "move", of: "of", first: "First", previous: "Previous", next: "Next", last: "Last",
    watch_record: "Watch a record", watch_help: "Open a record file downloaded from a finished game to step through it move by move.",
    stale: "The game moved on before your action arrived; the board is up to date now.",
    error_bot: "Problem", legend: "Cube letters: GB, FR, CE, RU = Powers · lower case = minor nations · # = Armament · top-right number = die face",
    contrasts: "Contrasts", seat: "Seat", arsenal: "Arsenal", out: "out", exhausted: "exhausted",
    place: "Place starting DM cube (§3.3)", send: "Send a DM cube (§8.2)", buy: "Buy units (§8.1)",
    "great-work": "Great Work (§8.3)", invest: "Economic Investment (§8.4)", prestige_a: "International Prestige (§8.5)",
    play: "Play a card (§8.6)", resolve: "Resolve a dispute (§8.7)", commit: "Commit units (§8.7)",
    deploy: "Deploy fleets (§8.8)", sell: "Sell Armaments (§8.9)", pass: "Pass (§8.10)", end: "End your turn (§8.0)",
    keep: "Keep a card (§8.2.3)", remove: "Remove a DM cube (§8.6)",
    k_place: "place a starting DM cube: click a territory", k_action: "take an action: click the board, a card or a button",
    k_commit: "commit units to the dispute", k_keep: "keep one of the Intrigue cards drawn", k_remove: "choose a DM cube to remove: click it",
  },
  it: {
    new_game: "Nuova partita", game: "Gioco", players: "Giocatori", who_plays: "Chi gioca ogni Potenza",
    seed: "Seme (facoltativo)", dreyfus: "Evento promo Affare Dreyfus", promos: "Carte Intrigo promo",
    table_link: "Crea anche un link per giocare a turno sullo stesso schermo", create: "Crea la partita",
    links: "I vostri link", links_help: "Ogni link è la chiave di un posto: mandate a ciascuno il suo e tenetelo segreto. Chi ha il link spettatori può guardare.",
    human: "Umano", bot: "Bot (casuale)", bot_heuristic: "Bot (euristico)", np: "Potenza Non Giocante (§13)",
    np_short: "PNG", np_title: "Potenza Non Giocante: la gioca il gioco (§13)", np_status: "Non Giocante (§13)",
    verdict: "Esito in solitario (§13.10)", np_players: "Potenze Non Giocanti: un giocatore per ogni altra Potenza (§13)",
    player_link: "Giocatore", spectator_link: "Spettatori", table: "Stesso schermo (tutti gli umani)", open: "apri",
    turn: "Turno", era: "Era", phase: "Fase", order: "Ordine di turno", next_order: "Prossimo ordine",
    your_turn: "Tocca a voi", waiting: "In attesa di", spectating: "State guardando", game_over: "Partita finita",
    actions: "Azioni", all_actions: "Tutte le azioni legali (elenco)", hand: "La vostra mano", log: "Cronaca",
    mats: "Potenze", undo: "Annulla", no_hand: "Nessuna carta", intrigue: "Intrigo", national: "Nazionali",
    since_visit: "dalla vostra ultima visita", connected: "in diretta", disconnected: "disconnesso — riprovo",
    unknown_link: "Questo link non apre alcuna partita. Controllate di averlo copiato per intero.",
    dispute: "Disputa Diplomatica", attacker: "attaccante", defender: "difensore", commit_units: "Impegnate le vostre unità",
    keep_one: "Tenete una carta Intrigo", pass_device: "Passate il dispositivo a", i_am: "Sono", show: "Mostra il mio tavolo",
    events_deck: "Eventi", intrigue_deck: "Mazzo Intrighi", discard: "scarti", fleet_box: "Flotte",
    prestige: "Prestigio", vp: "PV", fleet_track: "Tracciato flotte", money: "£", dm: "MD", reserve: "Riserva",
    armies: "Eserciti", fleets: "Flotte", great_work: "Grande Opera", armaments: "Armamenti", cards: "Carte",
    state: "Stato", built: "costruita", passed: "ha passato", ally: "alleato", controls: "controlla",
    choose: "Scegliete", cancel: "Annulla", winner: "Vincitore", score: "Punteggio", record: "Scarica la registrazione",
    replay: "Replica", replay_move: "mossa", of: "di", first: "Prima", previous: "Indietro", next: "Avanti", last: "Ultima",
    watch_record: "Guarda una registrazione", watch_help: "Aprite il file di registrazione di una partita finita per rivederla mossa per mossa.",
    stale: "La partita è andata avanti prima che arrivasse la vostra azione; il tavolo è aggiornato.",
    error_bot: "Problema", legend: "Lettere dei cubi: GB, FR, CE, RU = Potenze · minuscole = nazioni minori · # = Armamento · numero in alto a destra = faccia del dado",
    contrasts: "Contrasti", seat: "Posto", arsenal: "Arsenale", out: "fuori", exhausted: "esauste",
    place: "Piazzare un cubo MD iniziale (§3.3)", send: "Inviare un cubo MD (§8.2)", buy: "Acquistare unità (§8.1)",
    "great-work": "Grande Opera (§8.3)", invest: "Investimento Economico (§8.4)", prestige_a: "Prestigio Internazionale (§8.5)",
    play: "Giocare una carta (§8.6)", resolve: "Risolvere una disputa (§8.7)", commit: "Impegnare unità (§8.7)",
    deploy: "Schierare flotte (§8.8)", sell: "Vendere Armamenti (§8.9)", pass: "Passare (§8.10)", end: "Terminare il turno (§8.0)",
    keep: "Tenere una carta (§8.2.3)", remove: "Rimuovere un cubo MD (§8.6)",
    k_place: "piazzate un cubo MD iniziale: cliccate un territorio", k_action: "fate un'azione: cliccate il tavolo, una carta o un pulsante",
    k_commit: "impegnate unità nella disputa", k_keep: "tenete una delle carte Intrigo pescate", k_remove: "scegliete un cubo MD da rimuovere: cliccatelo",
  },
};

export function pickLang() {
  const asked = new URLSearchParams(location.search).get("lang") || localStorage.getItem("rp-lang");
  if (asked === "en" || asked === "it") return asked;
  return (navigator.language || "en").toLowerCase().startsWith("it") ? "it" : "en";
}

let lang = pickLang();

export function getLang() { return lang; }

export function setLang(value) {
  lang = value === "it" ? "it" : "en";
  localStorage.setItem("rp-lang", lang);
  document.documentElement.lang = lang;
}

export function t(key) {
  return STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
}

// A bilingual text from the board data: {en: "...", it: "..."}.
export function tx(texts) {
  if (!texts) return "";
  return texts[lang] || texts.en || "";
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
