// Pax Britannica's words on the web board, in English and Italian: phases, marker levels and every
// action's notation read as a sentence. Our own wording of the rules (line numbers L... are the
// rulebook's, see docs/pax-britannica.md); the notation itself is the rules' (rules/actions.py) and
// never changes. The Areas' and Sea Zones' names are the content's (English only).
import { getLang } from "/static/i18n.js";

// The text in the page's language: tr("Turn", "Turno").
export function tr(en, it) {
  return getLang() === "it" && it ? it : en;
}
const pick = (pair) => (Array.isArray(pair) ? tr(pair[0], pair[1]) : pair);

const LEVELS = {
  interest: ["Interest", "Interesse"], influence: ["Influence", "Influenza"], protectorate: ["Protectorate", "Protettorato"],
  possession: ["Possession", "Possedimento"], state: ["State", "Stato"], dominion: ["Dominion", "Dominion"],
};
export const levelName = (level) => pick(LEVELS[level]) || level;
// The letter a marker chip shows after its Power (the legend spells them out).
export const LEVEL_LETTERS = {
  interest: "i", influence: "f", protectorate: "P", possession: "C", state: "S", dominion: "D",
};
const TYPES = {
  independent: ["Independent", "Indipendente"], ottoman: ["Ottoman", "Ottomana"], "chinese-empire": ["Chinese Empire", "Impero cinese"],
  "chinese-vassal": ["Chinese vassal", "Vassallo cinese"], unorganized: ["Unorganized", "Non organizzata"],
};
export const typeName = (type) => pick(TYPES[type]) || type;

const PHASES = {
  events: ["Random Events", "Eventi casuali"], admin: ["Administrative Phase", "Fase amministrativa"],
  movement: ["Movement & Status Change", "Movimento e cambio di stato"],
  offer: ["An offer awaits its answer", "Un'offerta attende risposta"], dispute: ["Negotiation: a dispute", "Negoziato: una contesa"],
  call: ["Congress of Europe: called?", "Congresso d'Europa: convocato?"], propose: ["Congress of Europe: the proposal", "Congresso d'Europa: la proposta"],
  vote: ["Congress of Europe: the vote", "Congresso d'Europa: il voto"], sign: ["Congress of Europe: signatures", "Congresso d'Europa: le firme"],
  declare: ["War Phase: declarations", "Fase di guerra: dichiarazioni"], treaty: ["War Phase: treaty obligations", "Fase di guerra: obblighi dei trattati"],
  maneuver: ["War: maneuver", "Guerra: manovra"], attack: ["War: attacks", "Guerra: attacchi"], retreat: ["War: a retreat", "Guerra: una ritirata"],
  lose: ["War: losses", "Guerra: perdite"], peace: ["War: peace?", "Guerra: pace?"], aid: ["War with the Ottomans", "Guerra con gli Ottomani"],
  join: ["War: join the attack?", "Guerra: unirsi all'attacco?"], over: ["Game over", "Partita finita"],
  spoils: ["War: the spoils", "Guerra: il bottino"], rights: ["A Minor's rights", "I diritti di una potenza minore"],
  deny: ["War: canals and Straits", "Guerra: canali e Stretti"], coal: ["War: coaling for an Alliance?", "Guerra: rifornimento di carbone a un'alleanza?"],
};
export function phaseName(phase) {
  return pick(PHASES[phase]) || String(phase || "").replace(/[-_]+/g, " ");
}

// The War Sequence's steps (L1083-1133) as rules/war_sequence.py names them; a war's ``stage`` is
// the step due next (the terminal's STAGES says the same).
const WAR_STEPS = {
  alliance: ["the Alliances form", "si formano le Alleanze"], initiative: ["initiative", "iniziativa"],
  maneuver: ["Maneuver", "Manovra"], attack: ["Attack", "Attacco"], attacks: ["Attack", "Attacco"],
  supply: ["Supply", "Rifornimento"], end: ["War End Determination", "fine della guerra"],
  verdict: ["the war's end", "esito della guerra"],
};

export function warStep(stage) {
  return pick(WAR_STEPS[stage]) || String(stage || "");
}

const VERBS = {
  place: ["Place a marker", "Piazza un segnalino"], downgrade: ["Downgrade", "Riduci"], buy: ["Buy units", "Compra unità"],
  move: ["Move units", "Muovi unità"], fleet: ["Merchant fleet", "Flotta mercantile"], canal: ["Build a canal", "Costruisci un canale"],
  offer: ["Make an offer", "Fai un'offerta"], accept: ["Accept", "Accetta"], refuse: ["Refuse", "Rifiuta"],
  settle: ["Settle the dispute", "Risolvi la contesa"], congress: ["Congress", "Congresso"], propose: ["Propose", "Proponi"],
  vote: ["Vote", "Vota"], sign: ["Sign", "Firma"], declare: ["Declare war", "Dichiara guerra"], pass: ["Pass", "Passa"],
  treaty: ["Treaty obligation", "Obbligo del trattato"], attack: ["Attack", "Attacca"], join: ["Join", "Unisciti"],
  decline: ["Decline", "Declina"], peace: ["Peace", "Pace"], retreat: ["Retreat", "Ritirata"], lose: ["Take a loss", "Subisci una perdita"],
  aid: ["Ottoman war", "Guerra ottomana"], done: ["Done", "Fatto"],
  deny: ["Deny the passage", "Nega il passaggio"], allow: ["Allow the passage", "Consenti il passaggio"],
  coal: ["Coaling", "Carbone"], spoils: ["Spoils", "Bottino"], rights: ["A Minor's rights", "Diritti di una minore"],
};
export const verbTitle = (verb) => pick(VERBS[verb]);

// An action's notation as a sentence; `name` turns an id (Area, Sea Zone, Power) into its name.
export function sentence(text, name, context = {}) {
  const [verb, ...a] = text.split(" ");
  const place = (loc) => (loc === "home" ? `${name(context.power)} (${tr("home", "madrepatria")})` : name(loc));
  const arm = (kind) => (kind === "army" ? tr("army", "esercito") : tr("naval", "navale"));
  switch (verb) {
    case "place": return tr(`Place ${article(levelName(a[0]))} ${levelName(a[0])} in ${name(a[1])}`, `Piazza ${levelName(a[0])} in ${name(a[1])}`);
    case "downgrade": return tr(`Downgrade your marker in ${name(a[0])}`, `Riduci il tuo segnalino in ${name(a[0])}`);
    case "buy": return tr(`Buy ${a[0] === "army" ? "an army" : "a naval"} unit of strength ${a[1]}`, `Compra un'unità ${arm(a[0])} di forza ${a[1]}`);
    case "move": return tr(`Move ${a[0]} ${a[1]}: ${place(a[2])} → ${place(a[3])}`, `Muovi ${arm(a[0])} ${a[1]}: ${place(a[2])} → ${place(a[3])}`);
    case "fleet": return a[0] === "new"
      ? tr(`New merchant fleet to ${name(a[1])}`, `Nuova flotta mercantile in ${name(a[1])}`)
      : tr(`Merchant fleet: ${name(a[0])} → ${name(a[1])}`, `Flotta mercantile: ${name(a[0])} → ${name(a[1])}`);
    case "canal": return tr(`Build the canal in ${name(a[0])}`, `Costruisci il canale in ${name(a[0])}`);
    case "offer": return offerSentence(a, name);
    case "accept": return context.congress ? tr("Sign", "Firma") : tr("Accept the offer", "Accetta l'offerta");
    case "refuse": return context.congress ? tr("Refuse to sign", "Rifiuta di firmare") : tr("Refuse the offer", "Rifiuta l'offerta");
    case "settle": return pick({ share: ["Share it (a codominion)", "Condividi (un condominio)"], yield: ["Yield (withdraw my marker)", "Cedi (ritira il mio segnalino)"], hold: ["Hold on", "Resisti"] }[a[0]]) || text;
    case "congress": return a[0] === "call" ? tr("Call a Congress of Europe", "Convoca un Congresso d'Europa") : tr("No Congress", "Nessun Congresso");
    case "propose": {
      if (a[0] === "pass") return tr("Make no proposal", "Nessuna proposta");
      const { terms, clauses } = splitTreaty(a);
      const main = terms[0] === "redress" ? redressWords(terms, name) : terms[0] === "codominion"
        ? tr("Propose a codominion", "Proponi un condominio")
        : terms[2] === "pay"
          ? tr(`Propose to award it to ${name(terms[1])}, who pays £${terms[3]} to each other party`, `Proponi di assegnarla a ${name(terms[1])}, che paga £${terms[3]} a ogni altra parte`)
          : tr(`Propose to award it to ${name(terms[1])}`, `Proponi di assegnarla a ${name(terms[1])}`);
      return clauses.length ? `${main}; ${clauses.map((c) => clauseWords(c, name)).join("; ")}` : main;
    }
    case "vote": return a[0] === "yes" ? tr("Vote yes", "Vota sì") : tr("Vote no", "Vota no");
    case "sign": return tr("Sign the Congress's decision", "Firma la decisione del Congresso");
    case "declare": return tr(`Declare war on ${a[0].split("+").map(name).join(" and ")}`, `Dichiara guerra a ${a[0].split("+").map(name).join(" e ")}`);
    case "pass": return tr("Pass (no declaration)", "Passa (nessuna dichiarazione)");
    case "treaty": return a[0] === "honour" ? tr("Honour the treaty (declare war)", "Onora il trattato (dichiara guerra)") : tr("Break the treaty", "Rompi il trattato");
    case "attack": return a[2]  // three Alliances there: the one attacked is named by one of its Powers (L1201-1204)
      ? tr(`Attack ${name(a[2])}'s Alliance with ${a[0] === "army" ? "armies" : "navals"} in ${name(a[1])}`, `Attacca l'alleanza di ${name(a[2])} con ${a[0] === "army" ? "eserciti" : "navali"} in ${name(a[1])}`)
      : tr(`Attack with ${a[0] === "army" ? "armies" : "navals"} in ${name(a[1])}`, `Attacca con ${a[0] === "army" ? "eserciti" : "navali"} in ${name(a[1])}`);
    case "join": return tr("Join the ally's attack", "Unisciti all'attacco dell'alleato");
    case "decline": return tr("Decline", "Declina");
    case "peace": if (a[0] === "with") return tr(`Make peace with ${name(a[1])}'s Alliance only`, `Fai la pace solo con l'alleanza di ${name(a[1])}`);
      return pick({ sign: ["Sign the peace", "Firma la pace"], fight: ["Fight on", "Continua a combattere"], announce: ["Announce peace terms", "Annuncia le condizioni di pace"] }[a[0]]) || text;
    case "retreat": return tr(`Retreat the ${a[0]} to ${name(a[1])}`, `Ritira il ${a[0]} in ${name(a[1])}`);
    case "lose": return tr(`Lose a unit of strength ${a[0]}`, `Perdi un'unità di forza ${a[0]}`);
    case "aid": return pick({ ottomans: ["Aid the Ottomans", "Aiuta gli Ottomani"], enemies: ["Aid their enemies", "Aiuta i loro nemici"], none: ["Stay out", "Resta fuori"] }[a[0]]) || text;
    case "deny": return tr(`Deny ${passageName(a[0])} to ${name(a[1])}'s Alliance`, `Nega ${passageName(a[0])} all'alleanza di ${name(a[1])}`);
    case "allow": return tr(`Leave ${passageName(a[0])} open to ${name(a[1])}'s Alliance`, `Lascia ${passageName(a[0])} aperto all'alleanza di ${name(a[1])}`);
    case "rights": return a[0] === "defend"
      ? tr("Defend the Minor's rights", "Difendi i diritti della minore")
      : tr("Leave it to them", "Lascia correre");
    case "spoils": return a[0] === "agree"
      ? tr("Agree to the division", "Accetta la spartizione")
      : tr("Dispute it (a Congress of Europe sits at once)", "Contestala (si riunisce subito un Congresso d'Europa)");
    case "coal": return a[0] === "none"
      ? tr("Volunteer no Area for coaling", "Non offrire aree per il carbone")
      : tr(`Volunteer my Areas to ${name(a[0])}'s Alliance for coaling`, `Offri le mie aree all'alleanza di ${name(a[0])} per il carbone`);
    case "done": return tr("Done (end my moves)", "Fatto (fine delle mie mosse)");
    default: return text;
  }
}

// The canals and the Straits a Controller may deny in war (L1508-1530, rules/straits.py).
// A Congress proposal's words: its terms for the Area before the Congress, then each clause
// (rules/congress.py split_treaty: "clause codominion|downgrade|remove POWER AREA", "clause pay
// PAYER PAYEE N", "clause transfer POWER AREA TO").
export function splitTreaty(words) {
  const terms = [];
  const clauses = [];
  let current = terms;
  for (const w of words) {
    if (w === "clause") { current = []; clauses.push(current); } else current.push(w);
  }
  return { terms, clauses };
}

// A grievance's treaty before the Congress (rules/congress.py: redress [pay N | cede AREA]).
export function redressWords(terms, name) {
  if (terms[1] === "pay") return tr(`Propose to settle the grievance, the Power it names paying £${terms[2]} to its holder`, `Proponi di risolvere la lagnanza: la Potenza accusata paga £${terms[2]} a chi la solleva`);
  if (terms[1] === "cede") return tr(`Propose to settle the grievance, the Minor ceding its marker in ${name(terms[2])} to the holder`, `Proponi di risolvere la lagnanza: la Potenza minore cede il suo segnalino in ${name(terms[2])} a chi la solleva`);
  return tr("Propose to settle the grievance (its Casus Belli withdrawn)", "Proponi di risolvere la lagnanza (il Casus Belli ritirato)");
}

export function clauseWords(c, name) {
  if (c[0] === "pay") return tr(`${name(c[1])} pays £${c[3]} to ${name(c[2])}`, `${name(c[1])} paga £${c[3]} a ${name(c[2])}`);
  if (c[0] === "codominion") return tr(`a codominion for ${name(c[1])} in ${name(c[2])} (a free Protectorate)`, `un condominio per ${name(c[1])} in ${name(c[2])} (un Protettorato gratuito)`);
  if (c[0] === "transfer") return tr(`${name(c[1])}'s marker in ${name(c[2])} passes to ${name(c[3])}`, `il segnalino di ${name(c[1])} in ${name(c[2])} passa a ${name(c[3])}`);
  if (c[0] === "remove") return tr(`${name(c[1])}'s marker in ${name(c[2])} removed`, `il segnalino di ${name(c[1])} in ${name(c[2])} è rimosso`);
  if (c[0] === "ban") return tr(`${name(c[1])} promises ${name(c[3])} to place no marker in ${name(c[2])}`, `${name(c[1])} promette a ${name(c[3])} di non porre segnalini in ${name(c[2])}`);
  if (c[0] === "cap") return tr(`${name(c[1])} promises ${name(c[4])} to own at most ${c[3]} ${c[2] === "naval" ? "Naval units" : "Armies"}`, `${name(c[1])} promette a ${name(c[4])} di avere al massimo ${c[3]} ${c[2] === "naval" ? "unità navali" : "eserciti"}`);
  if (c[0] === "pact") return tr(`a non-aggression pact between ${name(c[1])} and ${name(c[2])}`, `un patto di non aggressione tra ${name(c[1])} e ${name(c[2])}`);
  return tr(`${name(c[1])}'s marker in ${name(c[2])} one step down`, `il segnalino di ${name(c[1])} in ${name(c[2])} scende di un livello`);
}

const PASSAGES = {
  suez: ["the Suez Canal", "il canale di Suez"], straits: ["the Straits", "gli Stretti"],
  panama: ["the Panama canal", "il canale di Panama"], "central-america": ["the Central American canal", "il canale centroamericano"],
};
export const passageName = (passage) => pick(PASSAGES[passage]) || passage;

function article(word) {
  return /^[AEIOU]/.test(word || "") ? "an" : "a";
}

function offerSentence(a, name) {
  switch (a[0]) {
    case "pay": return tr(`Offer £${a[2]} to ${name(a[1])}`, `Offri £${a[2]} a ${name(a[1])}`);
    case "give": return tr(`Offer my marker in ${name(a[1])} to ${name(a[2])}`, `Offri il mio segnalino in ${name(a[1])} a ${name(a[2])}`);
    case "ally": return tr(`Offer ${name(a[2])} a ${a[1]} alliance`, `Offri a ${name(a[2])} un'alleanza ${a[1] === "defensive" ? "difensiva" : "offensiva"}`);
    case "lapse":
      if (a[1].startsWith("ban:")) {  // a placement ban (L820, L836-839)
        const area = name(a[1].slice(4));
        return tr(`Offer ${name(a[2])} to let our ban on markers in ${area} lapse`, `Proponi a ${name(a[2])} di lasciar decadere il divieto di segnalini in ${area}`);
      }
      return tr(`Offer ${name(a[2])} to let our ${a[1]} treaty lapse`, `Proponi a ${name(a[2])} di lasciar decadere il trattato`);
    case "ban": return tr(`Promise ${name(a[2])} to place no marker in ${name(a[1])}`, `Prometti a ${name(a[2])} di non piazzare segnalini in ${name(a[1])}`);
    case "pact": return tr(`Offer ${name(a[1])} a non-aggression pact`, `Offri a ${name(a[1])} un patto di non aggressione`);
    case "cap": return tr(`Promise ${name(a[3])} to own at most ${a[2]} ${a[1]} units`, `Prometti a ${name(a[3])} di avere al massimo ${a[2]} unità ${a[1] === "army" ? "terrestri" : "navali"}`);
    default: return `${tr("Offer", "Offri")} ${a.join(" ")}`;
  }
}

// The terms of the offer on the table (the view's `offer`), in words (L599-603, L700-702, L812-845).
export function offerTerms(offer, name, markers) {
  const giver = name(offer.from);
  const taker = name(offer.to);
  switch (offer.kind) {
    case "pay": return tr(`${giver} offers ${taker} £${offer.amount}.`, `${giver} offre a ${taker} £${offer.amount}.`);
    case "give": {
      const level = markers?.[offer.area]?.[offer.from]?.level;
      const what = level ? levelName(level) : "";
      return tr(`${giver} offers ${taker} its ${what ? `${what} ` : ""}marker in ${name(offer.area)} (the marker changes hands at the same level).`,
        `${giver} offre a ${taker} il suo segnalino${what ? ` (${what})` : ""} in ${name(offer.area)} (passa di mano allo stesso livello).`);
    }
    case "ally": return tr(`${giver} offers ${taker} a ${offer.treaty} alliance treaty.`, `${giver} offre a ${taker} un trattato d'alleanza ${offer.treaty === "defensive" ? "difensiva" : "offensiva"}.`);
    case "lapse": {
      const ban = offer.treaty.startsWith("ban:") ? name(offer.treaty.slice(4)) : null;  // a placement ban (L820)
      return tr(`${giver} asks ${taker} to let their ${ban ? `ban on markers in ${ban}` : `${offer.treaty} treaty`} lapse (no breach).`,
        `${giver} chiede a ${taker} di lasciar decadere ${ban ? `il divieto di segnalini in ${ban}` : "il trattato"} (senza violazione).`);
    }
    case "ban": return tr(`${giver} promises ${taker} to place no marker in ${name(offer.area)}.`, `${giver} promette a ${taker} di non piazzare segnalini in ${name(offer.area)}.`);
    case "pact": return tr(`${giver} offers ${taker} a non-aggression pact (neither declares war on the other).`, `${giver} offre a ${taker} un patto di non aggressione (nessuno dei due dichiara guerra all'altro).`);
    case "cap": {
      // the treaty's kind: cap:KIND:N (rules/treaties.py)
      const [, unit, limit] = String(offer.treaty).split(":");
      return tr(`${giver} promises ${taker} to own at most ${limit} ${unit} units.`, `${giver} promette a ${taker} di avere al massimo ${limit} unità ${unit === "army" ? "terrestri" : "navali"}.`);
    }
    default: return tr(`${giver} makes ${taker} an offer (${offer.kind}).`, `${giver} fa un'offerta a ${taker} (${offer.kind}).`);
  }
}
