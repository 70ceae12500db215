// English, Italian and French words of the page itself: the lobby, the play page and the generic board. A
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
    fold: "Fold", unfold: "Unfold", go_to: "Go to…",
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
    fold: "Chiudi", unfold: "Apri", go_to: "Vai a…",
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
  fr: {
    new_game: "Nouvelle partie", game: "Jeu", players: "Joueurs", who_plays: "Qui joue chaque place",
    seed: "Graine (facultative)", options: "Options", seating: "Qui tient quelles places",
    derived: "Découle des autres choix", one_player: "un joueur",
    table_link: "Créer aussi un lien pour jouer à tour de rôle sur le même écran", create: "Créer la partie",
    links: "Vos liens", links_help: "Chaque lien est la clé d'une place : envoyez à chacun le sien et gardez-le secret. Qui a le lien spectateurs peut regarder.",
    human: "Humain", bot: "Bot (au hasard)", bot_heuristic: "Bot (heuristique)",
    player_link: "Joueur", spectator_link: "Spectateurs", table: "Même écran (toutes les places humaines)", open: "ouvrir",
    your_turn: "À vous de décider", waiting: "En attente de", spectating: "Vous regardez", game_over: "Partie terminée",
    actions: "Actions", all_actions: "Toutes les actions légales (liste)", hand: "Votre main", log: "Chronique",
    mats: "Places", table_view: "Table", undo: "Annuler", no_hand: "Aucune carte",
    since_visit: "depuis votre dernière visite", connected: "en direct", disconnected: "hors ligne — reconnexion",
    unknown_link: "Ce lien n'ouvre aucune partie. Vérifiez que vous l'avez copié en entier.",
    pass_device: "Passez l'appareil à", i_am: "Je suis", show: "Montrer mon plateau",
    choose: "Choisissez", cancel: "Annuler", will_happen: "Voici ce qui va se passer :", confirm: "Confirmer",
    confirm_hint: "Cliquez de nouveau sur le lieu ou sur Confirmer ; Échap annule.", confirm_hint_touch: "Touchez de nouveau le lieu ou Confirmer.", show_dialog: "Montrer", hide_dialog: "Replier", winner: "Vainqueur", winners: "Vainqueurs", score: "Score", record: "Télécharger l'enregistrement",
    replay: "Rejouer", replay_move: "coup", of: "sur", first: "Premier", previous: "Précédent", next: "Suivant", last: "Dernier",
    watch_record: "Regarder un enregistrement", watch_help: "Ouvrez le fichier d'enregistrement d'une partie terminée pour la revoir coup par coup.",
    stale: "La partie a avancé avant que votre action n'arrive ; le plateau est à jour.",
    error_bot: "Problème", seat: "Place", decides: "doit choisir", decide_for: "Choisissez pour", done: "fait",
    also_deciding: "décide aussi maintenant", none: "—", yes: "oui", no: "non",
    solo: "En solitaire contre", my_games: "Mes parties", copy: "Copier", copied: "copié",
    your_turn_title: "À vous", players_title: "Joueurs", chat: "Discussion", send: "Envoyer", everyone: "Tout le monde",
    private_to: "Privé à", private_from: "privé", spectator: "Spectateur", table_sender: "Table partagée",
    your_name: "Votre nom", name_placeholder: "Nom (facultatif)", save: "Enregistrer", name_once: "Vous pouvez choisir votre nom une fois.",
    sound: "Un son quand vient mon tour", webhook: "Webhook du tour", webhook_help: "Une URL que le serveur appelle quand vient votre tour et que cette page est fermée (http/https).",
    webhook_set: "Webhook défini", webhook_none: "Aucun webhook", remove: "Retirer",
    resign: "Abandonner", resign_confirm: "Quitter cette partie ? Un bot prend vos places et la partie continue.",
    replace: "Remplacer par un bot", replace_confirm: "Confier les places de ce joueur à un bot ?",
    clock: "Pendule", clock_pace: "Temps par joueur", clock_none: "Sans pendule",
    clock_live: "En direct : 10 min, +1 min par décision (20 min au plus)", clock_fast: "Rapide : 8 h, +2 h par décision (un jour au plus)",
    clock_slow: "Lent : 3 jours, +1 jour par décision (5 jours au plus)", clock_timeout: "Quand un joueur n'a plus de temps",
    clock_bot: "un bot joue à sa place", clock_forfeit: "il perd par forfait (classé dernier ; un bot joue à sa place)",
    timeout: "n'a plus de temps", forfeited: "a perdu au temps", time_left: "temps restant", standings: "Classement",
    forfeit_mark: "forfait", wins_forfeit: "gagne par forfait", win_forfeit: "gagnent par forfait",
    resigned: "a abandonné", replaced: "remplacé par un bot", at_move: "au coup", played_by: "joué désormais par",
    online: "page ouverte", away: "absent", bot_seat: "bot", rematch: "Revanche", open_rematch: "Ouvrir la revanche",
    rematch_help: "Une nouvelle partie avec les mêmes places et options ; chaque joueur reçoit un nouveau lien sur cette page.",
    mine_title: "Mes parties", mine_help: "Les liens ouverts ou créés dans ce navigateur (gardés ici seulement).",
    mine_empty: "Pas encore de partie : ouvrez un lien ou créez une partie.", created_here: "Créées dans ce navigateur",
    opened_here: "Liens que vous avez ouverts", your_turn_short: "à vous", over: "terminée", remove_link: "Oublier",
    status: "État", seats_col: "Places", whose_turn: "À qui le tour", gone: "ce lien n'ouvre plus de partie",
    role_player: "joueur", role_table: "même écran", role_spectator: "spectateur",
    unreachable: "Le serveur est injoignable : rien n'a été envoyé. Vérifiez votre connexion ; la page se reconnecte d'elle-même.",
    fold: "Replier", unfold: "Déplier", go_to: "Aller à",
  },
};

// The languages of the interface; a game declares which of them its own texts come in
// (GamePlugin.languages, sent with the board as `languages`) and falls back to English otherwise.
export const LANGUAGES = Object.keys(STRINGS);

export function pickLang() {
  const asked = new URLSearchParams(location.search).get("lang") || localStorage.getItem("rp-lang");
  if (LANGUAGES.includes(asked)) return asked;
  const browser = (navigator.language || "en").toLowerCase();
  return LANGUAGES.find((code) => code !== "en" && browser.startsWith(code)) || "en";
}

// The language picker offers the interface's languages a game's texts come in (English always):
// call with the page's <select id="lang"> and the board's `languages`.
export function offerLanguages(select, languages) {
  if (!select || !Array.isArray(languages)) return;
  for (const option of select.options) option.hidden = option.value !== "en" && !languages.includes(option.value) && option.value !== lang;
}

let lang = pickLang();

export function getLang() { return lang; }

export function setLang(value) {
  lang = LANGUAGES.includes(value) ? value : "en";
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
