// Pax Britannica's words on the web board: phases, marker levels and every action's notation read
// as a sentence. Our own wording of the rules (line numbers L... are the rulebook's, see
// docs/pax-britannica.md); the notation itself is the rules' (rules/actions.py) and never changes.

export const LEVEL_NAMES = {
  interest: "Interest", influence: "Influence", protectorate: "Protectorate",
  possession: "Possession", state: "State", dominion: "Dominion",
};
// The letter a marker chip shows after its Power (the legend spells them out).
export const LEVEL_LETTERS = {
  interest: "i", influence: "f", protectorate: "P", possession: "C", state: "S", dominion: "D",
};
export const TYPE_NAMES = {
  independent: "Independent", ottoman: "Ottoman", "chinese-empire": "Chinese Empire",
  "chinese-vassal": "Chinese vassal", unorganized: "Unorganized",
};

const PHASES = {
  events: "Random Events", admin: "Administrative Phase", movement: "Movement & Status Change",
  offer: "An offer awaits its answer", dispute: "Negotiation: a dispute", call: "Congress of Europe: called?",
  propose: "Congress of Europe: the proposal", vote: "Congress of Europe: the vote", sign: "Congress of Europe: signatures",
  declare: "War Phase: declarations", treaty: "War Phase: treaty obligations", maneuver: "War: maneuver",
  attack: "War: attacks", retreat: "War: a retreat", lose: "War: losses", peace: "War: peace?", aid: "War with the Ottomans",
  join: "War: join the attack?", over: "Game over",
};
export function phaseName(phase) {
  return PHASES[phase] || String(phase || "").replace(/[-_]+/g, " ");
}

export const VERB_TITLES = {
  place: "Place a marker", downgrade: "Downgrade", buy: "Buy units", move: "Move units", fleet: "Merchant fleet",
  canal: "Build a canal", offer: "Make an offer", accept: "Accept", refuse: "Refuse", settle: "Settle the dispute",
  congress: "Congress", propose: "Propose", vote: "Vote", sign: "Sign", declare: "Declare war", pass: "Pass",
  treaty: "Treaty obligation", attack: "Attack", join: "Join", decline: "Decline", peace: "Peace",
  retreat: "Retreat", lose: "Take a loss", aid: "Ottoman war", done: "Done",
};

// An action's notation as a sentence; `name` turns an id (Area, Sea Zone, Power) into its name.
export function sentence(text, name, context = {}) {
  const [verb, ...a] = text.split(" ");
  const place = (loc) => (loc === "home" ? `${name(context.power)} (home)` : name(loc));
  switch (verb) {
    case "place": return `Place ${article(LEVEL_NAMES[a[0]])} ${LEVEL_NAMES[a[0]]} in ${name(a[1])}`;
    case "downgrade": return `Downgrade your marker in ${name(a[0])}`;
    case "buy": return `Buy ${a[0] === "army" ? "an army" : "a naval"} unit of strength ${a[1]}`;
    case "move": return `Move ${a[0]} ${a[1]}: ${place(a[2])} → ${place(a[3])}`;
    case "fleet": return a[0] === "new" ? `New merchant fleet to ${name(a[1])}` : `Merchant fleet: ${name(a[0])} → ${name(a[1])}`;
    case "canal": return `Build the canal in ${name(a[0])}`;
    case "offer": return offerSentence(a, name);
    case "accept": return context.congress ? "Sign" : "Accept the offer";
    case "refuse": return context.congress ? "Refuse to sign" : "Refuse the offer";
    case "settle": return { share: "Share it (a codominion)", yield: "Yield (withdraw my marker)", hold: "Hold on" }[a[0]] || text;
    case "congress": return a[0] === "call" ? "Call a Congress of Europe" : "No Congress";
    case "propose": return a[0] === "codominion" ? "Propose a codominion" : `Propose to award it to ${name(a[1])}`;
    case "vote": return a[0] === "yes" ? "Vote yes" : "Vote no";
    case "sign": return "Sign the Congress's decision";
    case "declare": return `Declare war on ${a[0].split("+").map(name).join(" and ")}`;
    case "pass": return "Pass (no declaration)";
    case "treaty": return a[0] === "honour" ? "Honour the treaty (declare war)" : "Break the treaty";
    case "attack": return `Attack with ${a[0] === "army" ? "armies" : "navals"} in ${name(a[1])}`;
    case "join": return "Join the ally's attack";
    case "decline": return "Decline";
    case "peace": return { sign: "Sign the peace", fight: "Fight on", announce: "Announce peace terms" }[a[0]] || text;
    case "retreat": return `Retreat the ${a[0]} to ${name(a[1])}`;
    case "lose": return `Lose a unit of strength ${a[0]}`;
    case "aid": return { ottomans: "Aid the Ottomans", enemies: "Aid their enemies", none: "Stay out" }[a[0]] || text;
    case "done": return "Done (end my moves)";
    default: return text;
  }
}

function article(word) {
  return /^[AEIOU]/.test(word || "") ? "an" : "a";
}

function offerSentence(a, name) {
  switch (a[0]) {
    case "pay": return `Offer £${a[2]} to ${name(a[1])}`;
    case "give": return `Offer my marker in ${name(a[1])} to ${name(a[2])}`;
    case "ally": return `Offer ${name(a[2])} a ${a[1]} alliance`;
    case "lapse": return `Offer ${name(a[2])} to let our ${a[1]} treaty lapse`;
    case "ban": return `Promise ${name(a[2])} to place no marker in ${name(a[1])}`;
    default: return `Offer ${a.join(" ")}`;
  }
}

// The terms of the offer on the table (the view's `offer`), in words (L599-603, L700-702, L812-845).
export function offerTerms(offer, name, markers) {
  const giver = name(offer.from);
  switch (offer.kind) {
    case "pay": return `${giver} offers ${name(offer.to)} £${offer.amount}.`;
    case "give": {
      const level = markers?.[offer.area]?.[offer.from]?.level;
      const what = level ? `its ${LEVEL_NAMES[level]} marker` : "its marker";
      return `${giver} offers ${name(offer.to)} ${what} in ${name(offer.area)} (the marker changes hands at the same level).`;
    }
    case "ally": return `${giver} offers ${name(offer.to)} a ${offer.treaty} alliance treaty.`;
    case "lapse": return `${giver} asks ${name(offer.to)} to let their ${offer.treaty} treaty lapse (no breach).`;
    case "ban": return `${giver} promises ${name(offer.to)} to place no marker in ${name(offer.area)}.`;
    default: return `${giver} makes ${name(offer.to)} an offer (${offer.kind}).`;
  }
}
