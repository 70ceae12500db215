// English and Italian words of the page itself: the lobby, the play page and the generic board. A
// game's own words (its tracks, its actions' headings) ship with its board module, and its options,
// seats and automaton come in both languages from the server; these are only the interface's.
const STRINGS = {
  en: {
    new_game: "New game", game: "Game", players: "Players", who_plays: "Who plays each seat",
    seed: "Seed (optional)", options: "Options", seating: "Who holds which seats",
    derived: "Follows from the other choices", one_player: "one player",
    table_link: "Also make a hot-seat link (one screen for every human seat)", create: "Create the game",
    links: "Your links", links_help: "Each link is a seat's key: send each player theirs and keep it secret. Anyone with the spectator link can watch.",
    human: "Human", bot: "Bot (random)", bot_heuristic: "Bot (heuristic)",
    player_link: "Player", spectator_link: "Spectators", table: "Hot-seat (all human seats)", open: "open",
    your_turn: "Your decision", waiting: "Waiting for", spectating: "You are watching", game_over: "Game over",
    actions: "Actions", all_actions: "All legal actions (list)", hand: "Your hand", log: "Log",
    mats: "Seats", table_view: "Table", undo: "Undo", no_hand: "No cards",
    since_visit: "since your last visit", connected: "live", disconnected: "offline — reconnecting",
    unknown_link: "This link does not open any game. Check that you copied all of it.",
    pass_device: "Pass the device to", i_am: "I am", show: "Show my board",
    choose: "Choose", cancel: "Cancel", will_happen: "This will happen:", confirm: "Confirm",
    confirm_hint: "Click the place again or Confirm; Escape cancels.", confirm_hint_touch: "Tap the place again or Confirm.", show_dialog: "Show", hide_dialog: "Fold", winner: "Winner", winners: "Winners", score: "Score", record: "Download the record",
    replay: "Replay", replay_move: "move", of: "of", first: "First", previous: "Previous", next: "Next", last: "Last",
    watch_record: "Watch a record", watch_help: "Open a record file downloaded from a finished game to step through it move by move.",
    stale: "The game moved on before your action arrived; the board is up to date now.",
    error_bot: "Problem", seat: "Seat", decides: "to choose", decide_for: "Choose for", done: "done",
    also_deciding: "also deciding now", none: "—", yes: "yes", no: "no",
    solo: "Solo against", my_games: "My games", copy: "Copy", copied: "copied",
    your_turn_title: "Your turn", players_title: "Players", chat: "Chat", send: "Send", everyone: "Everyone",
    private_to: "Private to", private_from: "private", spectator: "Spectator", table_sender: "Hot-seat table",
    your_name: "Your name", name_placeholder: "Name (optional)", save: "Save", name_once: "You can set your name once.",
    sound: "Sound when my turn comes", webhook: "Turn webhook", webhook_help: "A URL the server calls when your turn comes and this page is closed (http/https).",
    webhook_set: "Webhook set", webhook_none: "No webhook", remove: "Remove",
    resign: "Resign", resign_confirm: "Leave this game? A bot takes your seats and the game goes on.",
    replace: "Replace by a bot", replace_confirm: "Hand this player's seats to a bot?",
    clock: "Clock", clock_pace: "Time per player", clock_none: "No clock",
    clock_live: "Live: 10 min, +1 min a decision (20 min at most)", clock_fast: "Fast: 8 h, +2 h a decision (a day at most)",
    clock_slow: "Slow: 3 days, +1 day a decision (5 days at most)", clock_timeout: "When a player runs out of time",
    clock_bot: "a bot plays on for them", clock_forfeit: "they forfeit (ranked last; a bot plays on)",
    timeout: "ran out of time", forfeited: "forfeited on time", time_left: "time left", standings: "Standings",
    forfeit_mark: "forfeited", wins_forfeit: "wins by forfeit", win_forfeit: "win by forfeit",
    resigned: "resigned", replaced: "replaced by a bot", at_move: "at move", played_by: "now played by",
    online: "page open", away: "away", bot_seat: "bot", rematch: "Rematch", open_rematch: "Open the rematch",
    rematch_help: "A new game with the same seats and options; each player gets a new link on this page.",
    mine_title: "My games", mine_help: "The links opened or created on this browser (kept only here).",
    mine_empty: "No games yet: open a link or create a game.", created_here: "Created on this browser",
    opened_here: "Links you opened", your_turn_short: "your turn", over: "over", remove_link: "Forget",
    status: "Status", seats_col: "Seats", whose_turn: "Whose turn", gone: "this link no longer opens a game",
    role_player: "player", role_table: "hot-seat", role_spectator: "spectator",
    unreachable: "The server cannot be reached: nothing was sent. Check your connection; the page reconnects by itself.",
  },
  it: {
    new_game: "Nuova partita", game: "Gioco", players: "Giocatori", who_plays: "Chi gioca ogni posto",
    seed: "Seme (facoltativo)", options: "Opzioni", seating: "Chi tiene quali posti",
    derived: "Segue dalle altre scelte", one_player: "un giocatore",
    table_link: "Crea anche un link per giocare a turno sullo stesso schermo", create: "Crea la partita",
    links: "I vostri link", links_help: "Ogni link è la chiave di un posto: mandate a ciascuno il suo e tenetelo segreto. Chi ha il link spettatori può guardare.",
    human: "Umano", bot: "Bot (casuale)", bot_heuristic: "Bot (euristico)",
    player_link: "Giocatore", spectator_link: "Spettatori", table: "Stesso schermo (tutti gli umani)", open: "apri",
    your_turn: "Tocca a voi", waiting: "In attesa di", spectating: "State guardando", game_over: "Partita finita",
    actions: "Azioni", all_actions: "Tutte le azioni legali (elenco)", hand: "La vostra mano", log: "Cronaca",
    mats: "Posti", table_view: "Tavolo", undo: "Annulla", no_hand: "Nessuna carta",
    since_visit: "dalla vostra ultima visita", connected: "in diretta", disconnected: "disconnesso — riprovo",
    unknown_link: "Questo link non apre alcuna partita. Controllate di averlo copiato per intero.",
    pass_device: "Passate il dispositivo a", i_am: "Sono", show: "Mostra il mio tavolo",
    choose: "Scegliete", cancel: "Annulla", will_happen: "Succederà questo:", confirm: "Conferma",
    confirm_hint: "Cliccate di nuovo il luogo o Conferma; Esc annulla.", confirm_hint_touch: "Toccate di nuovo il luogo o Conferma.", show_dialog: "Mostra", hide_dialog: "Riduci", winner: "Vincitore", winners: "Vincitori", score: "Punteggio", record: "Scarica la registrazione",
    replay: "Replica", replay_move: "mossa", of: "di", first: "Prima", previous: "Indietro", next: "Avanti", last: "Ultima",
    watch_record: "Guarda una registrazione", watch_help: "Aprite il file di registrazione di una partita finita per rivederla mossa per mossa.",
    stale: "La partita è andata avanti prima che arrivasse la vostra azione; il tavolo è aggiornato.",
    error_bot: "Problema", seat: "Posto", decides: "deve scegliere", decide_for: "Scegliete per", done: "fatto",
    also_deciding: "sceglie anche ora", none: "—", yes: "sì", no: "no",
    solo: "In solitario contro", my_games: "Le mie partite", copy: "Copia", copied: "copiato",
    your_turn_title: "Tocca a voi", players_title: "Giocatori", chat: "Chat", send: "Invia", everyone: "Tutti",
    private_to: "Privato a", private_from: "privato", spectator: "Spettatore", table_sender: "Tavolo condiviso",
    your_name: "Il vostro nome", name_placeholder: "Nome (facoltativo)", save: "Salva", name_once: "Potete scegliere il nome una volta.",
    sound: "Suono quando tocca a me", webhook: "Webhook del turno", webhook_help: "Un URL che il server chiama quando tocca a voi e questa pagina è chiusa (http/https).",
    webhook_set: "Webhook impostato", webhook_none: "Nessun webhook", remove: "Togli",
    resign: "Abbandona", resign_confirm: "Lasciare la partita? Un bot prende i vostri posti e la partita continua.",
    replace: "Sostituisci con un bot", replace_confirm: "Affidare i posti di questo giocatore a un bot?",
    clock: "Orologio", clock_pace: "Tempo per giocatore", clock_none: "Nessun orologio",
    clock_live: "Dal vivo: 10 min, +1 min a decisione (al massimo 20 min)", clock_fast: "Veloce: 8 h, +2 h a decisione (al massimo un giorno)",
    clock_slow: "Lento: 3 giorni, +1 giorno a decisione (al massimo 5 giorni)", clock_timeout: "Quando un giocatore finisce il tempo",
    clock_bot: "un bot gioca al suo posto", clock_forfeit: "perde a tavolino (ultimo in classifica; un bot gioca al suo posto)",
    timeout: "ha finito il tempo", forfeited: "ha perso a tempo", time_left: "tempo rimasto", standings: "Classifica",
    forfeit_mark: "a tavolino", wins_forfeit: "vince a tavolino", win_forfeit: "vincono a tavolino",
    resigned: "ha abbandonato", replaced: "sostituito da un bot", at_move: "alla mossa", played_by: "ora giocato da",
    online: "pagina aperta", away: "assente", bot_seat: "bot", rematch: "Rivincita", open_rematch: "Apri la rivincita",
    rematch_help: "Una nuova partita con gli stessi posti e opzioni; ogni giocatore riceve un nuovo link in questa pagina.",
    mine_title: "Le mie partite", mine_help: "I link aperti o creati in questo browser (conservati solo qui).",
    mine_empty: "Ancora nessuna partita: aprite un link o createne una.", created_here: "Create in questo browser",
    opened_here: "Link che avete aperto", your_turn_short: "tocca a voi", over: "finita", remove_link: "Dimentica",
    status: "Stato", seats_col: "Posti", whose_turn: "A chi tocca", gone: "questo link non apre più una partita",
    role_player: "giocatore", role_table: "stesso schermo", role_spectator: "spettatore",
    unreachable: "Il server non risponde: non è stato inviato nulla. Controllate la connessione; la pagina si ricollega da sola.",
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
