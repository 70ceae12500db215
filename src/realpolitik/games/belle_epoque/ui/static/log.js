// La Belle Époque's log on the page: a dispute's dice drawn as dice (⚀-⚅) with its result, the
// disputes' results found for the map (drawn where each one happened), and the log in Italian.
// The rules write the log in English only (LogEntry has one text); the Italian lines are the
// commonest of them, matched by their English template and rewritten here with the names the
// printed board gives in Italian. A line no template knows stays English.
import { el, getLang } from "/static/i18n.js";

const DIE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const RESOLVES = /^(\w+) resolves the dispute in (.+) \(space (\d+)\)$/;
const ROLLS = /^(\w+) rolls (\d) ([+-]\d+) = (-?\d+); (.+) rolls (\d) ([+-]\d+) = (-?\d+)$/;
const REROLL = /^(\w+) plays (.+): re-rolls (\d) → (\d)$/;
const OUTCOME = /^(?:(\w+) wins the dispute: its cube takes the space|(.+) wins the dispute: the (\w+) cube goes back to the General Reserve|(a tie with equal Prestige): both cubes go back to the General Reserve)$/;

// Every dispute settled in the log: {territory, space, attacker, a: [roll, mod, total], d: [...],
// defender (name), winner: "attacker" | "defender" | "tie", i (the log index of its dice)}.
export function disputeResults(log, R) {
  const byName = new Map(Object.keys(R.b.territories).map((id) => [R.b.territories[id].name.en, id]));
  const who = new Map([...Object.entries(R.b.powers), ...Object.entries(R.b.minors)].map(([id, x]) => [x.name.en, id]));
  const out = [];
  let open = null;
  for (const entry of log) {
    const text = entry.text;
    let m = text.match(RESOLVES);
    if (m) { open = { attacker: m[1], territory: byName.get(m[2]), space: Number(m[3]) }; continue; }
    if (!open) continue;
    m = text.match(ROLLS);
    if (m) {
      open.a = [Number(m[2]), Number(m[3]), Number(m[4])];
      open.defender = who.get(m[5]) ?? m[5];
      open.d = [Number(m[6]), Number(m[7]), Number(m[8])];
      open.i = entry.i;
      continue;
    }
    // Change of Strategy (§13.4.6): the side the dice did not favour rolled its die again.
    m = text.match(REROLL);
    if (m && open.a) {
      const side = m[1] === open.attacker ? "a" : "d";
      const mod = open[side][1];
      open[side] = [Number(m[3]), mod, Number(m[3]) + mod];
      continue;
    }
    m = text.match(OUTCOME);
    if (m && open.a) {
      open.winner = m[1] ? "attacker" : m[2] ? "defender" : "tie";
      if (open.territory) out.push(open);
      open = null;
    }
  }
  return out;
}

const IN_FORCE = { "superior doctrine": "Dottrina Superiore", "empire of the seas": "Impero dei mari", "trans siberian": "Ferrovia Transiberiana" };
const NP_ROLLS = {
  "the row of the Send Diplomatic Missions table": "la riga della tabella Inviare Missioni Diplomatiche",
  "the row for another last-column cube": "la riga per un altro cubo dell'ultima colonna",
  "Political Scandal: even Prestige, odd a DM cube": "Scandalo Politico: pari Prestigio, dispari un cubo MD",
  "Big Stick Policy: even Micronesia, odd Melanesia": "Politica del Grosso Bastone: pari Micronesia, dispari Melanesia",
};
// A Non-Player Power's die (§13): what it decides, in Italian.
const npRoll = (why, n) => NP_ROLLS[why]
  ?? why.replace(/^the territory of row (\d+)'s last column$/, "il territorio dell'ultima colonna della riga $1")
    .replace(/^a new row for column (\d+): (.+) \((.+)\) are taken$/, (w, c, one, other) => `una nuova riga per la colonna ${c}: ${n(one)} (${n(other)}) sono occupati`)
    .replace(/^a tie for (.+) between (.+)$/, (w, what, tied) => `parità per ${what
      .replace(/^the cube to dispute$/, "il cubo da contestare")
      .replace(/^the most (embassies|prestige|money|cards)$/, (x, what) => `il maggior ${MOST[what]}`)
      .replace(/^the cube an Armament replaces$/, "il cubo che un Armamento sostituisce")
      .replace(/^the cube in (.+)$/, (x, t) => `il cubo in ${n(t)}`)} tra ${tied.split(", ").map(n).join(", ")}`);
// A unit a card sends back to the Reserve (cards/primitives.py lose_unit).
const returned = (what, n) => what
  .replace(/^an active army$/, "un esercito attivo")
  .replace(/^a fleet from its Arsenal$/, "una flotta dal suo Arsenale")
  .replace(/^an active fleet from the (.+) fleet box$/, (x, c) => `una flotta attiva dal box flotte ${n(c)}`);
// §13.4.3: what a Non-Player Power's target has the most of.
const MOST = { embassies: "numero di ambasciate", prestige: "Prestigio", money: "denaro", cards: "numero di carte" };
const CHOICE = { next: "il prossimo", this: "questo" };
const UNITS = { none: "nulla", and: "e", fleet: "flotta", fleets: "flotte", army: "esercito", armies: "eserciti", cube: "cubo", cubes: "cubi" };
const units = (text) => text.replace(/\b(none|and|fleets?|army|armies|cubes?)\b/g, (w) => UNITS[w]);
// "at the end (control of Horn of Africa +3; Prestige track +2)": a scoring's details.
// An objective is named by its id in the rules' line: here by its words on the Power's card.
const objective = (R, power, id) => {
  const found = R.b.powers[power]?.objectives?.find((o) => o.id === id);
  return found && R.objectiveWords ? `obiettivo «${R.objectiveWords(power, found)}»` : `obiettivo ${id}`;
};
const scored = (text, n, R, power) => text
  .replace(/^ at the end/, " alla fine").replace(/^ in turn (\d+)/, " nel turno $1")
  .replace(/control of ([^+;()]+?) \+/g, (w, t) => `controllo di ${n(t)} +`)
  .replace(/alliance with ([^+;()]+?) \+/g, (w, t) => `alleanza con ${n(t)} +`)
  .replace(/objective (\S+)/g, (w, id) => objective(R, power, id)).replace(/Prestige track/g, "tracciato del Prestigio")
  .replace(/([A-Z][^+;()«»]*?) \+/g, (w, t) => `${n(t)} +`);
// §13.10: the solo verdict's band, by its Italian name from the board data.
const band = (R, english) => R.b.solo_bands?.find((b) => b.en === english)?.it ?? english;

// The Italian for the commonest log lines ({names} from the board data; English names looked up).
const IT = [
  [/^(\w+) resolves the dispute in (.+) \(space (\d+)\)$/, (m, n) => `${m[1]} risolve la disputa in ${n(m[2])} (spazio ${m[3]})`],
  [/^(\w+) wins the dispute: its cube takes the space$/, (m) => `${m[1]} vince la disputa: il suo cubo prende lo spazio`],
  [/^(.+) wins the dispute: the (\w+) cube goes back to the General Reserve$/, (m, n) => `${n(m[1])} vince la disputa: il cubo ${m[2]} torna nella Riserva Generale`],
  [/^a tie with equal Prestige: both cubes go back to the General Reserve$/, () => "pareggio a pari Prestigio: entrambi i cubi tornano nella Riserva Generale"],
  [/^(\w+) disputes the (.+) cube in (.+) \(space (\d+)\)$/, (m, n) => `${m[1]} contesta il cubo di ${n(m[2])} in ${n(m[3])} (spazio ${m[4]})`],
  [/^(\w+) sends a DM cube to (.+) \(space (\d+)\)$/, (m, n) => `${m[1]} invia un cubo MD in ${n(m[2])} (spazio ${m[3]})`],
  [/^(\w+) places a DM cube in (.+)$/, (m, n) => `${m[1]} piazza un cubo MD in ${n(m[2])}`],
  [/^(.+) DM cube placed in (.+) \(space (\d+)\)$/, (m, n) => `cubo MD di ${n(m[1])} piazzato in ${n(m[2])} (spazio ${m[3]})`],
  [/^(.+) DM cube placed in (.+)$/, (m, n) => `cubo MD di ${n(m[1])} piazzato in ${n(m[2])}`],
  [/^(\w+) commits (.+)$/, (m) => `${m[1]} impegna ${units(m[2])}`],
  [/^(\w+) buys (.+) for £(\d+)$/, (m) => `${m[1]} acquista ${units(m[2])} per £${m[3]}`],
  [/^(\w+) passes$/, (m) => `${m[1]} passa`],
  [/^(\w+) ends its turn$/, (m) => `${m[1]} termina il turno`],
  [/^Turn (\d+) begins$/, (m) => `Inizia il turno ${m[1]}`],
  [/^(\w+) Prestige (-?\d+) → (-?\d+)$/, (m) => `${m[1]} Prestigio ${m[2]} → ${m[3]}`],
  [/^(?!die |a )(.+) replaces (.+) in (.+)$/, (m, n) => `${n(m[1])} prende il posto di ${n(m[2])} in ${n(m[3])}`],
  // The headings that open each phase of §4's sequence (the Italian rulebook's phase names).
  [/^Initial Setup$/, () => "Schieramento iniziale"],
  [/^Resource Phase$/, () => "Fase delle Risorse"],
  [/^Event Phase$/, () => "Fase degli Eventi"],
  [/^Intrigue Phase$/, () => "Fase delle Carte Intrigo"],
  [/^Action Phase$/, () => "Fase delle Azioni"],
  [/^Preparation Phase$/, () => "Fase di Preparazione"],
  [/^Scoring$/, () => "Calcolo dei Punti Vittoria"],
  [/^Final Scoring$/, () => "Calcolo dei Punti Vittoria di fine partita"],
  [/^Turn 1 order: (.+?)( \(NP Powers first\))?$/, (m) => `Ordine del turno 1: ${m[1]}${m[2] ? " (prima le Potenze Non Giocanti)" : ""}`],
  [/^Preparation: next turn order (.+)$/, (m) => `Preparazione: prossimo ordine di turno ${m[1]}`],
  [/^(\w+) collects £(\d+) and (\d+) DM cubes$/, (m) => `${m[1]} incassa £${m[2]} e ${m[3]} cubi MD`],
  [/^(.+) allies with (.+)$/, (m, n) => `${n(m[1])} si allea con ${n(m[2])}`],
  [/^(.+) is no longer allied with (.+)$/, (m, n) => `${n(m[1])} non è più alleata di ${n(m[2])}`],
  [/^(.+) controls (.+)$/, (m, n) => `${n(m[1])} controlla ${n(m[2])}`],
  [/^(.+) loses control of (.+)$/, (m, n) => `${n(m[1])} perde il controllo di ${n(m[2])}`],
  [/^(\w+) invests a DM cube for £(\d+)$/, (m) => `${m[1]} investe un cubo MD per £${m[2]}`],
  [/^(\w+) pays £(\d+) for International Prestige$/, (m) => `${m[1]} paga £${m[2]} per il Prestigio Internazionale`],
  [/^(\w+) deploys a fleet (\S+) → (\S+)$/, (m, n) => `${m[1]} schiera una flotta ${n(m[2])} → ${n(m[3])}`],
  [/^(\w+) scores (-?\d+) VP(.*)$/, (m, n, tt, R) => `${m[1]} segna ${m[2]} PV${scored(m[3], n, R, m[1])}`],
  [/^(.+): (.+) with (-?\d+) VP(?: \(\+(\d+) for a game ended on Turn (\d+)\))? \(§13\.10\)$/, (m, n, tt, R) =>
    `${n(m[1])}: ${band(R, m[2])} con ${m[3]} PV${m[4] ? ` (+${m[4]} per una partita finita al turno ${m[5]})` : ""} (§13.10)`],
  [/^(\w+) sells armaments to (.+) \((.+)\)$/, (m, n) => `${m[1]} vende armamenti a ${n(m[2])} (${units(m[3])})`],
  [/^(\w+) keeps one Intrigue card and discards the other$/, (m) => `${m[1]} tiene una carta Intrigo e scarta l'altra`],
  [/^(\w+) keeps its roll$/, (m) => `${m[1]} tiene il tiro`],
  [/^(\w+) keeps (.+)$/, (m, n) => `${m[1]} tiene ${n(m[2])}`],
  [/^the Intrigue discards are shuffled into a new deck$/, () => "gli scarti Intrigo sono mescolati in un nuovo mazzo"],
  [/^die (\d): an Armament cube holds space (\d+); the placement is cancelled$/, (m) => `dado ${m[1]}: un cubo Armamento occupa lo spazio ${m[2]}; il piazzamento è annullato`],
  [/^(\d+) unresolved dispute\(s\) removed$/, (m) => `${m[1]} disputa/e non risolta/e rimossa/e`],
  [/^Event: (.+)$/, (m, n) => `Evento: ${n(m[1])}`],
  [/^(\w+) chooses: (.+)$/, (m) => `${m[1]} sceglie: ${m[2]}`],
  [/^(\w+) turns a fleet in (\w+) to its exhausted side$/, (m, n) => `${m[1]} gira una flotta in ${n(m[2].toLowerCase())} sul lato esausto`],
  [/^(\w+) turns a fleet in (\w+) active again$/, (m, n) => `${m[1]} rende di nuovo attiva una flotta in ${n(m[2].toLowerCase())}`],
  // §8.6.2: a card's cube takes an occupied space outright.
  [/^a DM cube of (.+) replaces the (.+) cube in space (\d+) of (.+), without a dispute$/, (m, n) => `un cubo MD di ${n(m[1])} sostituisce il cubo di ${n(m[2])} nello spazio ${m[3]} di ${n(m[4])}, senza disputa`],
  [/^die (\d): (.+) DM cube replaces the (.+) cube in space (\d+) of (.+)$/, (m, n) => `dado ${m[1]}: un cubo MD di ${n(m[2])} sostituisce il cubo di ${n(m[3])} nello spazio ${m[4]} di ${n(m[5])}`],
  [/^(\w+) chooses (.+) as the target$/, (m, n) => `${m[1]} sceglie ${n(m[2])} come bersaglio`],
  [/^(\w+) draws (.+): kept for a dispute$/, (m, n) => `${m[1]} pesca ${n(m[2])}: tenuta per una disputa`],
  [/^(\w+) puts an Armament cube on the last column$/, (m) => `${m[1]} mette un cubo Armamento nell'ultima colonna`],
  [/^(\w+) rolls (\d+): (.+)$/, (m, n) => `${m[1]} tira ${m[2]}: ${npRoll(m[3], n)}`],
  [/^(\w+) plays (.+): it has nothing to act on and is discarded$/, (m, n) => `${m[1]} gioca ${n(m[2])}: non ha nulla su cui agire ed è scartata`],
  [/^(\w+) plays (.+) \(no cost\)$/, (m, n) => `${m[1]} gioca ${n(m[2])} (senza costo)`],
  [/^(\w+) has no (Intrigue|National) card to play$/, (m) => `${m[1]} non ha carte ${m[2] === "Intrigue" ? "Intrigo" : "Nazionali"} da giocare`],
  [/^(\w+) finds no territory for its Armament cube: back to the General Reserve$/, (m) => `${m[1]} non trova un territorio per il suo cubo Armamento: torna nella Riserva Generale`],
  [/^no box of column (\d+) can take the cube: it goes to the last column$/, (m) => `nessuna casella della colonna ${m[1]} può prendere il cubo: va all'ultima colonna`],
  [/^(\w+) has no Armament cube left for the last column$/, (m) => `${m[1]} non ha più cubi Armamento per l'ultima colonna`],
  [/^(.+): no objective left to act on$/, (m, n) => `${n(m[1])}: nessun obiettivo rimasto su cui agire`],
  [/^(.+) cannot take the cube: it stays in the Embassies$/, (m, n) => `${n(m[1])} non può prendere il cubo: resta nelle Ambasciate`],
  [/^(\w+): no Armament sales before Turn (\d+)$/, (m) => `${m[1]}: nessuna vendita di Armamenti prima del turno ${m[2]}`],
  [/^(\w+) disputes the (.+) cube in (.+) \(space (\d+)\); phase e resolves it$/, (m, n) => `${m[1]} contesta il cubo di ${n(m[2])} in ${n(m[3])} (spazio ${m[4]}); la fase e la risolve`],
  [/^(\w+) sends a DM cube to (.+) \(space (\d+)\); phase e resolves it$/, (m, n) => `${m[1]} invia un cubo MD in ${n(m[2])} (spazio ${m[3]}); la fase e la risolve`],
  [/^(\w+) is a Non-Player Power: set up from its NP card$/, (m) => `${m[1]} è una Potenza Non Giocante: schierata dalla sua carta PNG`],
  [/^(\w+) begins its Action Phase$/, (m) => `${m[1]} inizia la sua Fase Azioni`],
  [/^(\w+) ends its Action Phase$/, (m) => `${m[1]} termina la sua Fase Azioni`],
  [/^(\w+) collects (\d+) DM cubes and no money$/, (m) => `${m[1]} incassa ${m[2]} cubi MD e nessun denaro`],
  [/^(\w+) builds a fleet: Fleet Track (\d+)$/, (m) => `${m[1]} costruisce una flotta: tracciato flotte ${m[2]}`],
  [/^(\w+) has no DM cube to send$/, (m) => `${m[1]} non ha cubi MD da inviare`],
  [/^(\w+) sells (\d+) Armament cube\(s\) to (.+)$/, (m, n) => `${m[1]} vende ${m[2]} cubo/i Armamento a ${n(m[3])}`],
  [/^(\w+) Dispute Bonus: Arsenal Bonus (\d+) \/ (\d+) dispute\(s\) = \+(\d+)$/, (m) => `${m[1]} Bonus Disputa: Bonus Arsenale ${m[2]} / ${m[3]} disputa/e = +${m[4]}`],
  [/^Dispute Resolution with NP Powers: (\d+) dispute\(s\)$/, (m) => `Risoluzione delle dispute con le Potenze Non Giocanti: ${m[1]} disputa/e`],
  [/^(\w+) draws an Intrigue card$/, (m) => `${m[1]} pesca una carta Intrigo`],
  [/^(\w+) draws (.+)$/, (m, n) => `${m[1]} pesca ${n(m[2])}`],
  [/^(\w+) puts a reminder cube on (.+)$/, (m, n) => `${m[1]} mette un cubo promemoria su ${n(m[2])}`],
  [/^(\w+) moves (\d+) DM cube\(s\) into its Embassies$/, (m) => `${m[1]} sposta ${m[2]} cubo/i MD nelle sue Ambasciate`],
  [/^(\w+) moves (\d+) DM cube\(s\) from its Embassies to the General Reserve$/, (m) => `${m[1]} sposta ${m[2]} cubo/i MD dalle sue Ambasciate alla Riserva Generale`],
  [/^(.+) removes a (.+) cube from (.+)$/, (m, n) => `${n(m[1])} rimuove un cubo di ${n(m[2])} da ${n(m[3])}`],
  [/^(\w+) takes the Prestige bonus (.+) \(space (-?\d+)\)$/, (m) => `${m[1]} prende il bonus del Prestigio ${m[2].replace("Intrigue card", "carta Intrigo").replace("DM", "MD")} (casella ${m[3]})`],
  [/^Era (\d+): (\d+) cards join the Event deck \((\d+) removed unseen\)$/, (m) => `Era ${m[1]}: ${m[2]} carte entrano nel mazzo Eventi (${m[3]} rimosse senza vederle)`],
  [/^no (.+) cube left in the General Reserve$/, (m, n) => `nessun cubo di ${n(m[1])} nella Riserva Generale`],
  [/^(.+) stays in play until Preparation \(it hit (.+)\)$/, (m, n) => `${n(m[1])} resta in gioco fino alla Preparazione (ha colpito ${m[2]})`],
  [/^(\w+) chooses (.+)$/, (m, n) => `${m[1]} sceglie ${m[2].split(", ").map((w) => CHOICE[w] ?? n(w)).join(", ")}`],
  [REROLL, (m, n) => `${m[1]} gioca ${n(m[2])}: ritira ${m[3]} → ${m[4]}`],
  [/^(\w+) plays the Intrigue card (.+?): (.+)$/, (m, n, tt) => `${m[1]} gioca la carta Intrigo ${n(m[2])}: ${tt(m[3])}`],
  [/^(\w+) plays (.+?) \(£(\d+)\): (.+)$/, (m, n, tt) => `${m[1]} gioca ${n(m[2])} (£${m[3]}): ${tt(m[4])}`],
  [/^(\w+) plays (.+) \(£(\d+)\) for the disputes with NP Powers$/, (m, n) => `${m[1]} gioca ${n(m[2])} (£${m[3]}) per le dispute con le Potenze Non Giocanti`],
  [/^(\w+) plays (.+)$/, (m, n) => `${m[1]} gioca ${n(m[2])}`],
  [/^(.+) hit no opposing Power: it goes back to the box$/, (m, n) => `${n(m[1])} non colpisce alcuna Potenza avversaria: torna nella scatola`],
  [/^(.+) hit no opposing Power: it goes to the discards$/, (m, n) => `${n(m[1])} non colpisce alcuna Potenza avversaria: va negli scarti`],
  [/^(\w+) discards (.+) at random$/, (m, n) => `${m[1]} scarta ${n(m[2])} a caso`],
  [/^(\w+) returns (.+) to its Reserve$/, (m, n) => `${m[1]} rimette ${returned(m[2], n)} nella sua Riserva`],
  [/^(\w+) builds (.+) for £(\d+)$/, (m, n) => `${m[1]} costruisce ${n(m[2])} per £${m[3]}`],
  [/^(\w+) (gains|loses) £(\d+)$/, (m) => `${m[1]} ${m[2] === "gains" ? "guadagna" : "perde"} £${m[3]}`],
  [/^(.+) goes to no Power \(a tie\)$/, (m, n) => `${n(m[1])} non va a nessuna Potenza (pareggio)`],
  [/^(.+) goes to (.+)$/, (m, n) => `${n(m[1])} va a ${n(m[2])}`],
  [/^(.+) wins? with (\d+) VP(.*)$/, (m, n) => `${m[1].split(/, | and /).map(n).join(", ")} ${/ win with/.test(m[0]) ? "vincono" : "vince"} con ${m[2]} PV${m[3]}`],
  [/^(\w+): (.+) in force$/, (m) => `${m[1]} ${IN_FORCE[m[2]] ?? m[2]} in vigore`],
  [/^(.+?): (.+)$/, (m, n, tt) => (n(m[1]) !== m[1] ? `${n(m[1])}: ${tt(m[2])}` : null)],
  [/^no other Power may send DM cubes to (.+) in turn (\d+)$/, (m, n) => `nessun'altra Potenza può inviare cubi MD in ${n(m[1])} nel turno ${m[2]}`],
  [/^(\w+) \(NP\) begins its Action Phase$/, (m) => `${m[1]} (PNG) inizia la sua Fase Azioni`],
  [/^(\w+) \(NP\) ends its Action Phase$/, (m) => `${m[1]} (PNG) termina la sua Fase Azioni`],
  [/^The game ends at once: the rest of this turn is not played$/, () => "La partita finisce subito: il resto del turno non si gioca"],
  [/^Initial Setup: each Power places its starting DM cubes, 2 at a time$/, () => "Schieramento iniziale: ogni Potenza piazza i suoi cubi MD iniziali, 2 alla volta"],
];

// An English name on the board (territory, Power, minor nation, card, continent) in Italian.
function namer(R) {
  if (!R._itNames) {
    const map = new Map();
    const add = (texts) => { if (texts?.en && texts?.it) map.set(texts.en, texts.it); };
    for (const x of Object.values(R.b.territories)) add(x.name);
    for (const x of Object.values(R.b.powers)) add(x.name);
    for (const x of Object.values(R.b.minors)) add(x.name);
    for (const x of Object.values(R.b.cards)) {
      add(x.name);
      for (const half of x.halves || []) add(half.name);
    }
    for (const x of R.b.continents) add(x.name);
    R._itNames = map;
  }
  return (english) => R._itNames.get(english) ?? R._itNames.get(english.replace(/^the /, "")) ?? R.name(english);
}

// A card's text (its effect summary, printed on the card) in Italian, when the board has it.
function texter(R) {
  if (!R._itTexts) {
    const map = new Map();
    for (const card of Object.values(R.b.cards)) {
      if (card.text?.en && card.text?.it) map.set(card.text.en, card.text.it);
      for (const half of card.halves || []) {
        if (half.text?.en && half.text?.it) map.set(half.text.en, half.text.it);
      }
    }
    R._itTexts = map;
  }
  return (english) => R._itTexts.get(english) ?? english;
}

export function translate(text, R) {
  if (getLang() !== "it") return text;
  // A Non-Player Power's line ("FR (NP) sends ..."): the line without the mark, marked again.
  const np = text.match(/^(\w+) \(NP\)(:?) (.+)$/);
  if (np) {
    const plain = `${np[1]}${np[2]} ${np[3]}`;
    const said = translate(plain, R);
    return said === plain || !said.startsWith(np[1]) ? text : `${np[1]} (PNG)${said.slice(np[1].length)}`;
  }
  const n = namer(R);
  const tt = texter(R);
  for (const [pattern, make] of IT) {
    const m = text.match(pattern);
    if (!m) continue;
    const said = make(m, n, tt, R);
    if (said !== null) return said;
  }
  return text;
}

// A log line for the page (the entry's seat, if it starts the line, is left to the page's chip): a
// dispute's dice drawn as dice with their totals, the rest in the page's language.
export function logLine(entry, R) {
  const strip = (line) => (entry.seat && line.startsWith(`${entry.seat} `) ? line.slice(entry.seat.length + 1) : line);
  const m = entry.text.match(ROLLS);
  if (m) {
    const it = getLang() === "it";
    const who = it ? namer(R)(m[5]) : m[5];
    const lead = m[1] === entry.seat ? "" : `${m[1]} `;
    return el("span", { class: "dice-line", "data-dice": `${m[2]} ${m[3]} ${m[4]} ${m[6]} ${m[7]} ${m[8]}` },
      `${lead}${it ? "tira" : "rolls"} `, el("span", { class: "die" }, DIE[Number(m[2])]), ` ${m[2]} ${m[3]} = `, el("b", {}, m[4]),
      `; ${who} ${it ? "tira" : "rolls"} `, el("span", { class: "die" }, DIE[Number(m[6])]), ` ${m[6]} ${m[7]} = `, el("b", {}, m[8]));
  }
  return strip(translate(entry.text, R));
}
