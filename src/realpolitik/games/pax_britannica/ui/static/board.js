// Pax Britannica in the browser: the world map (map.js, our own schematic), the turn, the phase and
// the ETI and CRI tracks, each Power's treasury, VP and record sheet, the wars, treaties and Casus
// Belli, and the decisions of the moment (an offer, a dispute, the Congress of Europe, a war) as a
// dialog. Everything is drawn from the seat's view and the legal-action list the page passes; the
// rules stay on the server (rules/*.py): this module never decides what is legal.
//
// The play page (web/static/client.js) imports this module and calls createBoard; the methods below
// are what the page asks of a board (target: where an action is clicked; drawBoard; dialog ...).
import { t, el } from "/static/i18n.js";
import { Generic, boardStyles, keepMapPlace } from "/static/generic.js";
import { WorldMap, esc } from "./map.js";
import { LEVEL_LETTERS, levelName, typeName, verbTitle, phaseName, warStep, sentence, offerTerms, passageName, tr, splitTreaty, clauseWords } from "./words.js";

const ZOOMS = [1, 1.5, 2, 3];
// The decisions the dialog offers as buttons (they have no place on the map).
const DIALOG_VERBS = {
  offer: new Set(["accept", "refuse"]),
  dispute: new Set(["settle"]),
  congress: new Set(["congress", "propose", "vote", "sign", "accept", "refuse"]),
  spoils: new Set(["spoils"]),
  rights: new Set(["rights"]),
  war: new Set(["declare", "pass", "treaty", "peace", "aid", "join", "decline", "lose", "deny", "allow", "coal"]),
};
// The war's decisions that have no place on the map get the dialog; a maneuver, an attack and a
// retreat are chosen on the map (the war panel under it shows the sides and the stage).
const WAR_PHASES = new Set(["declare", "treaty", "lose", "peace", "aid", "join", "deny", "coal"]);
// The parts of the view drawn in their own places (the map, the tracks, the record sheet, the
// panels and the dialog); any other part goes to the "Also" panel.
const DRAWN = new Set([
  "turn", "year", "phase", "to_act", "acting_power", "offer", "dispute", "congress", "wars", "eti", "cri",
  "great_powers", "minor_powers", "treasury", "vp", "markers", "units", "fleets", "unrest", "canals",
  "casus_belli", "treaties", "record", "denial", "spoils", "rights",
]);
const CONGRESS_PHASES = new Set(["call", "propose", "vote", "sign"]);

// Append to a node, leaving out what is not there (null) and flattening lists.
function add(node, ...items) {
  node.append(...items.flat(2).filter((item) => item !== null && item !== undefined && item !== false));
}


export function createBoard(board, getLang) {
  return new PaxBritannica(board, getLang);
}

export class PaxBritannica extends Generic {
  constructor(board, getLang) {
    super(board, getLang);
    this.map = new WorldMap(board);
    this.view = null;
    this.decision = null; // the kind of dialog on screen: offer, dispute, congress, war
    this.picked = null; // the place whose details are shown under the map
    const phone = typeof window !== "undefined" && window.innerWidth < 700;
    this.zoom = phone ? 0 : 0;
    this.inlineGroups = false; // the rest of the actions: one button per verb, its choices in a menu
    this.ready = boardStyles("pb-board-css", new URL("./board.css", import.meta.url).href);
  }

  // -- names --------------------------------------------------------------------------------------
  powerName(p) {
    const power = this.b.powers?.[p];
    return power ? tr(power.name, power.name_it) : p;
  }
  colour(p) { return this.b.powers?.[p]?.colour || "#555"; }
  seatName(seat) {
    const names = this.b.seats?.[seat];
    return names ? super.seatName(seat) : this.powerName(seat);
  }
  name(id) {
    if (!id) return "";
    if (id.startsWith("sea:")) return this.b.seas[id.slice(4)]?.name || id;
    if (id.startsWith("home:")) return this.b.homes[id.slice(5)]?.name || id;
    if (this.b.areas[id]) return this.b.areas[id].name;
    if (this.b.seas[id]) return this.b.seas[id].name;
    if (this.b.powers[id]) return this.powerName(id);
    return id;
  }
  chip(p) {
    return el("span", { class: "chip", style: `background:${this.colour(p)}`, title: this.powerName(p), "data-seat": p }, p);
  }
  word(key) {
    return { mats: tr("Powers", "Potenze"), hand: tr("Decision", "Decisione") }[key];
  }

  // -- notation: where it is clicked, how it reads --------------------------------------------------
  acting() { return this.view?.acting_power || null; }
  target(text) {
    const [verb, ...a] = text.split(" ");
    const home = (loc) => (loc === "home" ? (this.acting() ? `home:${this.acting()}` : null) : loc);
    switch (verb) {
      case "place": return a[1];
      case "downgrade": return a[0];
      case "canal": return a[0];
      case "move": return home(a[3]);
      case "fleet": return `sea:${a[1]}`;
      case "offer": return a[0] === "give" || a[0] === "ban" ? a[1] : null;
      case "attack": return a[1];
      case "retreat": return a[1];
      default: return null;
    }
  }
  verbTitle(verb) { return verbTitle(verb) || super.verbTitle(verb); }
  label(text) {
    return sentence(text, (id) => this.name(id), { power: this.acting(), congress: this.decision === "congress" });
  }
  choiceLabel(text) { return this.label(text); }
  inDialog(action) {
    const verbs = DIALOG_VERBS[this.decision];
    return !!verbs && verbs.has(action.split(" ")[0]);
  }

  // -- the header and the prompt --------------------------------------------------------------------
  header(view) {
    this.view = view;
    this.decision = this.decisionOf(view);
    return `${tr("Turn", "Turno")} ${view.turn} (${view.year}) · ${phaseName(view.phase)}`;
  }
  prompt(view, seat) {
    const acting = view.acting_power && view.acting_power !== seat ? ` ${tr("for", "per")} ${this.powerName(view.acting_power)}` : "";
    return `${this.powerName(seat)}${acting}: ${phaseName(view.phase)}. ${tr("Click a highlighted place on the map, or choose below.", "Clicca un luogo evidenziato sulla mappa, o scegli qui sotto.")}`;
  }
  decisionOf(view) {
    if (view.offer) return "offer";
    if (view.dispute) return "dispute";
    if (view.spoils) return "spoils";
    if (view.rights) return "rights";
    if (view.congress && (CONGRESS_PHASES.has(view.phase) || view.congress.answering)) return "congress";
    if (WAR_PHASES.has(view.phase)) return "war";
    return null;
  }

  // -- the board -------------------------------------------------------------------------------------
  drawBoard(view, targets, seat) {
    this.view = view;
    this.decision = this.decisionOf(view);
    const old = document.querySelector(".pb-scroll");
    const scroll = old ? [old.scrollLeft, old.scrollTop] : null;
    const root = el("div", { class: "pb-board", "data-phase": view.phase, "data-turn": String(view.turn) });
    root.append(this.tracks(view));
    root.append(this.tools());
    const box = el("div", { class: `pb-scroll${this.zoom ? " zoomed" : ""}`, "data-zoom": String(ZOOMS[this.zoom]) });
    box.style.setProperty("--zoom", String(ZOOMS[this.zoom]));
    box.innerHTML = this.map.svg(view, targets, this.picked);
    root.append(box);
    root.append(this.legend());
    const details = el("div", { class: "pb-details", "data-details": this.picked || "" });
    if (this.picked) details.append(this.details(view, this.picked));
    root.append(details);
    root.append(this.politics(view));
    // Any place shows its details when clicked (places with legal actions also open the page's menu).
    for (const node of box.querySelectorAll(".place")) {
      node.addEventListener("click", () => this.pick(node.getAttribute("data-target"), details));
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); node.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: 0, clientY: 0, detail: 0 })); }
      });
    }
    // A redraw keeps the map where the player panned it; the first one shows the seat's home
    // (on a phone the map is wider than the screen).
    const home = this.b.homes[view.acting_power || seat]?.at;
    keepMapPlace(".pb-scroll", scroll, home, this.b.map.width);
    return root;
  }

  pick(key, details) {
    this.picked = key;
    details.setAttribute("data-details", key);
    details.replaceChildren(this.details(this.view, key));
    for (const node of document.querySelectorAll(".pb-map .picked")) node.classList.remove("picked");
    document.querySelector(`.pb-map [data-target="${CSS.escape(key)}"]`)?.classList.add("picked");
  }

  tools() {
    const bar = el("div", { class: "pb-tools" });
    const set = (i) => {
      this.zoom = i;
      const box = document.querySelector(".pb-scroll");
      if (box) {
        box.style.setProperty("--zoom", String(ZOOMS[i]));
        box.classList.toggle("zoomed", i > 0);
        box.setAttribute("data-zoom", String(ZOOMS[i]));
      }
      for (const b of bar.querySelectorAll("[data-zoom-to]")) b.setAttribute("aria-pressed", String(Number(b.getAttribute("data-zoom-to")) === i));
      label.textContent = `${Math.round(ZOOMS[i] * 100)}%`;
    };
    const label = el("span", { class: "zoom-level" }, `${Math.round(ZOOMS[this.zoom] * 100)}%`);
    bar.append(
      el("span", { class: "seg" },
        el("button", { type: "button", "data-zoom-out": "", title: tr("Zoom out", "Riduci"), onclick: () => set(Math.max(0, this.zoom - 1)) }, "−"),
        label,
        el("button", { type: "button", "data-zoom-in": "", title: tr("Zoom in", "Ingrandisci"), onclick: () => set(Math.min(ZOOMS.length - 1, this.zoom + 1)) }, "+")),
      el("span", { class: "muted hint" }, tr("Map drawn by realpolitik (a schematic, not the publisher's). Tap a place for its details; highlighted places have actions.", "Mappa disegnata da realpolitik (uno schema, non quella dell'editore). Tocca un luogo per i dettagli; i luoghi evidenziati hanno azioni.")),
    );
    return bar;
  }

  tracks(view) {
    const eti = Number(view.eti) || 0;
    const max = Number(this.b.great_war_eti) || 100;
    const bar = (value, top, cls, title) => el("div", { class: `track ${cls}`, title },
      el("div", { class: "fill", style: `width:${Math.max(0, Math.min(100, (value / top) * 100))}%` }));
    const toAct = (view.to_act || []).map((p) => this.chip(p));
    return el("div", { class: "pb-tracks" },
      el("div", { class: "turn", "data-turn": String(view.turn) }, el("b", {}, `${tr("Turn", "Turno")} ${view.turn}`), ` · ${view.year} · `,
        el("span", { class: "phase", "data-phase": view.phase }, phaseName(view.phase)),
        view.acting_power ? [" · ", el("span", { class: "acting" }, tr("moving: ", "muove: ")), this.chip(view.acting_power)] : null,
        toAct.length ? [" · ", el("span", {}, tr("to act: ", "decide: ")), ...toAct] : null),
      el("div", { class: "meter", "data-track": "eti" }, el("span", { class: "what", title: tr("European Tensions Index: the Great War breaks out at its top (L1476-1481)", "Indice delle tensioni europee: in cima scoppia la Grande Guerra (L1476-1481)") }, `ETI ${eti}/${max}`), bar(eti, max, "eti", "European Tensions Index")),
      // L920-925: a Chinese Rebellion when three dice total at most the CRI's tens (the track's
      // end: the highest such total, times ten).
      el("div", { class: "meter", "data-track": "cri" },
        el("span", { class: "what", title: tr("Chinese Resentment Index: a Rebellion when three dice total at most its tens (L920-925)", "Indice del risentimento cinese: ribellione se tre dadi fanno al più le sue decine (L920-925)") },
          `CRI ${view.cri}`),
        bar(Number(view.cri) || 0, 60 * (Number(this.b.rebellion_dice) || 3), "cri", "Chinese Resentment Index")),
    );
  }

  legend() {
    const chip = (level) => {
      const cls = level === "interest" ? "m-interest" : level === "influence" ? "m-influence" : (level === "state" || level === "dominion") ? "m-top" : "m-control";
      return el("span", { class: `lg-chip ${cls}` }, `GB${LEVEL_LETTERS[level]}`);
    };
    return el("div", { class: "pb-legend" },
      ...this.b.levels.map((level) => el("span", { class: "lg" }, chip(level), ` ${levelName(level)}`)),
      el("span", { class: "lg" }, el("span", { class: "lg-chip fresh m-control" }, "GBP"), tr(" not yet established", " non ancora stabilito")),
      el("span", { class: "lg" }, tr("A3 N1: army / naval strength", "A3 N1: forza eserciti / navali")),
      el("span", { class: "lg" }, el("span", { class: "lg-unrest" }, "!"), tr(" Unrest", " Disordini")),
      el("span", { class: "lg" }, el("span", { class: "lg-canal" }, "≈"), tr(" canal", " canale")),
      el("span", { class: "lg" }, tr("disc: Economic Value; rim: the controlling Power", "disco: valore economico; bordo: la Potenza che controlla")));
  }

  details(view, key) {
    const box = el("div", { class: "pb-place" });
    if (key.startsWith("sea:")) {
      const sea = this.b.seas[key.slice(4)];
      const fleets = Object.entries(view.fleets || {}).flatMap(([p, seas]) => seas.filter((s) => s === key.slice(4)).map(() => p));
      box.append(el("h3", {}, sea.name, sea.cape ? tr(" (Cape Zone)", " (zona del Capo)") : tr(" (Sea Zone)", " (zona marittima)")),
        el("p", {}, `${tr("Sea lanes to", "Rotte verso")}: ${sea.neighbours.map((n) => this.name(n)).join(", ")}`),
        el("p", {}, `${tr("Merchant fleets", "Flotte mercantili")}: `, fleets.length ? fleets.map((p) => this.chip(p)) : tr("none", "nessuna")));
      return box;
    }
    if (key.startsWith("home:")) {
      const pid = key.slice(5);
      const home = this.b.homes[pid];
      const units = view.units?.[pid]?.home || [];
      box.append(el("h3", {}, home.name, " ", this.chip(pid)),
        el("p", {}, `${tr("Coasts", "Coste")}: ${home.seas.map((s) => this.name(s)).join(", ") || tr("none", "nessuna")}`),
        el("p", {}, `${tr("Overland to", "Via terra verso")}: ${home.land.map((a) => this.name(a)).join(", ") || tr("none", "nessuna")}`),
        el("p", {}, `${tr("Units at home", "Unità in patria")}: ${units.join(" ") || tr("none", "nessuna")}`));
      return box;
    }
    const area = this.b.areas[key];
    if (!area) return box;
    const held = this.map.markers(view, key);
    const table = el("table", { class: "pb-small" }, el("tr", {}, el("th", {}, tr("Power", "Potenza")), el("th", {}, tr("Status", "Stato")), el("th", {}, tr("Units", "Unità"))));
    const powers = new Set([...held.map(([p]) => p), ...Object.keys(view.units || {}).filter((p) => view.units[p][key])]);
    for (const p of powers) {
      const m = held.find(([q]) => q === p);
      table.append(el("tr", {}, el("td", {}, this.chip(p), " ", this.powerName(p)),
        el("td", {}, m ? `${levelName(m[1])}${m[2] ? "" : tr(" (new)", " (nuovo)")}` : "—"),
        el("td", {}, (view.units?.[p]?.[key] || []).join(" ") || "—")));
    }
    box.append(el("h3", {}, area.name),
      el("p", {}, `${typeName(area.type)} · ${tr("Economic Value", "Valore economico")} ${area.ev} · ${tr("Combat Strength", "Forza di combattimento")} ${area.cs}`
        + `${(view.unrest || []).includes(key) ? ` · ${tr("Unrest", "Disordini")}` : ""}${(view.canals || []).includes(key) ? ` · ${tr("canal built", "canale costruito")}` : ""}`),
      el("p", {}, `${tr("Coasts", "Coste")}: ${area.seas.map((s) => this.name(s)).join(", ") || tr("landlocked", "senza sbocco sul mare")} · ${tr("Overland to", "Via terra verso")}: ${area.land.map((a) => this.name(a)).join(", ") || tr("none", "nessuna")}`),
      powers.size ? table : el("p", { class: "muted" }, tr("No marker and no unit here.", "Nessun segnalino e nessuna unità qui.")));
    return box;
  }

  politics(view) {
    const box = el("div", { class: "pb-politics" });
    const wars = view.wars || [];
    box.append(el("section", { class: "pb-panel", "data-panel": "wars" }, el("h3", {}, `${tr("Wars", "Guerre")} (${wars.length})`),
      ...(wars.length ? wars.map((w, i) => this.warLine(w, i)) : [el("p", { class: "muted" }, tr("At peace.", "In pace."))])));
    const treaties = view.treaties || [];
    box.append(el("section", { class: "pb-panel", "data-panel": "treaties" }, el("h3", {}, tr("Treaties", "Trattati")),
      treaties.length ? el("ul", {}, treaties.map((tr) => el("li", {}, this.treatyWords(tr)))) : el("p", { class: "muted" }, tr("None.", "Nessuno."))));
    const cbs = view.casus_belli || [];
    box.append(el("section", { class: "pb-panel", "data-panel": "casus_belli" }, el("h3", {}, "Casus Belli"),
      cbs.length ? el("ul", {}, cbs.map((cb) => el("li", {}, this.cbWords(cb)))) : el("p", { class: "muted" }, tr("None.", "Nessuno."))));
    // The rest of the view's facts, when there are any (forced purchases, licences, merchant
    // fleets bought this turn, Chinese rebellions, Balkan wars, the final scoring, and whatever
    // the rules add to the view later): nothing the view gives is left off the page.
    const facts = el("table", { class: "pb-small" });
    for (const key of Object.keys(view).filter((k) => !DRAWN.has(k))) {
      const value = view[key];
      const empty = value === null || value === undefined || value === 0 || value === false
        || (Array.isArray(value) && !value.length) || (typeof value === "object" && !Object.keys(value).length);
      if (empty) continue;
      facts.append(el("tr", { "data-fact": key }, el("th", {}, this.title(key)), el("td", {}, this.value(value))));
    }
    if (facts.children.length) box.append(el("section", { class: "pb-panel", "data-panel": "facts" }, el("h3", {}, tr("Also", "Inoltre")), facts));
    return box;
  }

  treatyWords(treaty) {
    // [kind, power, power, ...] (rules/treaties.py): a cap (cap:KIND:N) and a pact in words
    const [kind, ...rest] = treaty;
    if (String(kind).startsWith("cap:") && rest.length >= 2) {
      const [, unit, limit] = String(kind).split(":");
      return [this.chip(rest[0]), ` ${tr("promises", "promette a")} `, this.chip(rest[1]), ` ${tr("at most", "al massimo")} ${limit} ${unit}`];
    }
    const powers = rest.filter((p) => typeof p === "string" && this.b.powers[p]);
    const area = rest.find((p) => typeof p === "string" && this.b.areas[p]);
    const words = kind === "pact" ? tr("non-aggression", "non aggressione") : kind;
    return [`${words} `, ...powers.flatMap((p) => [this.chip(p), " "]), area ? `(${this.name(area)})` : ""];
  }
  cbWords(cb) {
    const parts = cb.map((x) => (typeof x === "string" && this.b.powers[x] ? this.chip(x) : typeof x === "string" && this.b.areas[x] ? this.name(x) : String(x)));
    return parts.flatMap((p, i) => (i ? [" ", p] : [p]));
  }
  // The Casus Belli the declaring Power holds, and their grounds (L1138-1162; a canal denied by a
  // neutral gives one usable at once, L1527-1530).
  heldCasusBelli(view) {
    const held = (view.casus_belli || []).filter((cb) => cb[0] === view.acting_power);
    if (!held.length) return null;
    return el("p", { "data-held": view.acting_power }, this.chip(view.acting_power), ` ${tr("holds Casus Belli against", "ha Casus Belli contro")} `,
      ...held.flatMap((cb, k) => [k ? "; " : "", this.chip(cb[1]), ` (${cb[2]})`]), ".");
  }
  // A canal's or the Straits' Controller, asked at the start of a War Sequence (L1508-1530,
  // rules/straits.py): the passage, its two zones and the Alliance it may be closed to.
  denialQuestion(q) {
    const passage = passageName(q.passage);
    const alliance = q.alliance.flatMap((p, k) => (k ? [" + ", this.chip(p)] : [this.chip(p)]));
    return el("div", { class: "pb-denial", "data-passage": q.passage, "data-asked": q.power },
      el("p", {}, this.chip(q.power), " ", tr(`${this.powerName(q.power)} Controls ${this.name(q.area)}: close ${passage} to the Alliance of `,
        `${this.powerName(q.power)} controlla ${this.name(q.area)}: chiudere ${passage} all'alleanza di `), ...alliance, "?"),
      el("p", { class: "muted small" }, tr(`Closed, it lets none of that Alliance's units, nor its Lines of Supply, pass between ${this.name(q.zones[0])} and ${this.name(q.zones[1])} in this War Sequence (L1509-1514). A codominion closes it only if every member agrees (L1526-1527).`,
        `Chiuso, nessuna unità di quell'alleanza né le sue Linee di Rifornimento passano tra ${this.name(q.zones[0])} e ${this.name(q.zones[1])} in questa Sequenza di Guerra (L1509-1514). Un condominio lo chiude solo se tutti i membri sono d'accordo (L1526-1527).`)),
      q.neutral ? el("p", { class: "muted small", "data-neutral": "true" }, tr("Neutral: closing it to some Alliances but not to all gives each one closed out a Casus Belli against you, which its members may use at once (L1527-1530).",
        "Neutrale: chiuderlo ad alcune alleanze ma non a tutte dà a ciascuna esclusa un Casus Belli contro di te, che i suoi membri possono usare subito (L1527-1530).")) : null);
  }

  warLine(w, i) {
    // Its Alliances: two, or three and more in a three-cornered war (L1201-1204); an Alliance gone by
    // a separate peace is an empty list and is not drawn; the one whose phases are under way is marked.
    const sides = w.sides || [];
    const side = (s, k) => el("span", { class: w.moving === k ? "side moving" : "side", "data-alliance": String(k) },
      s.map((p) => this.chip(p)));
    const live = sides.map((s, k) => [s, k]).filter(([s]) => s.length);
    const who = (k) => (sides[k] || []).join("+") || String(k);
    return el("div", { class: "war", "data-war": String(i) },
      live.length > 2 ? `${tr("Three-cornered war", "Guerra a tre")} (${live.length} ${tr("Alliances", "Alleanze")}): ` : "",
      live.flatMap(([s, k], n) => (n ? [" vs ", side(s, k)] : [side(s, k)])),
      // ``stage`` is the War Sequence's step due next (rules/alliance.py), as the terminal says.
      ` · ${tr("next", "prossima fase")}: ${warStep(w.stage)}${w.round ? `, round ${w.round}` : ""}`,
      Object.keys(w.conquered || {}).length ? ` · ${tr("conquered", "conquistate")}: ${Object.entries(w.conquered).map(([a, k]) => `${this.name(a)} (${who(k)})`).join(", ")}` : "",
      Object.keys(w.surrendered || {}).length ? ` · ${tr("surrendered", "arresi")}: ${Object.keys(w.surrendered).join(", ")}` : "",
      (w.out || []).length ? ` · ${tr("out", "fuori")}: ${w.out.join(", ")}` : "",
      // the defenders of a Minor's rights bound to its war (L500-504): a separate peace without it,
      // or territory gained from its lost war, costs them 5 VP and +3 ETI
      Object.keys(w.champions || {}).length ? ` · ${tr("champions", "difensori")}: ${Object.entries(w.champions).map(([p, m]) => `${p} (${m})`).join(", ")}` : "",
      // a canal or the Straits denied this War Sequence (L1508-1530): passage -> Alliances
      Object.entries(w.closed || {}).map(([p, ks]) => ` · ${passageName(p)} ${tr("denied to", "negato a")} ${ks.map(who).join(", ")}`).join(""));
  }

  // -- a Congress proposal's clauses (L866-874, L883-890) -----------------------------------------------
  // The clauses a member adds to its proposal, kept across redraws while the same turn to propose lasts.
  clauseDraft(view) {
    const c = view.congress;
    const key = `${view.turn}:${c.area || (c.grievance || []).slice(0, 2).join(">")}:${c.proposer}`;
    if (this.draftKey !== key) { this.draftKey = key; this.draft = []; }
    return this.draft;
  }

  clauseBuilder(view, draft) {
    const MAX = 3;  // rules/congress.py MAX_CLAUSES
    const c = view.congress;
    const markers = view.markers || {};
    const great = view.great_powers || [];
    const owners = [...new Set(Object.values(markers).flatMap((held) => Object.keys(held)))].sort();
    const controlled = (area) => Object.values(markers[area] || {}).some((m) => m.level === "protectorate" || m.level === "possession");
    const option = (value, text) => el("option", { value }, text);
    const select = (field, label, values, text) => el("label", {}, `${label} `, el("select", { "data-field": field }, values.map((v) => option(v, text(v)))));
    const box = el("fieldset", { class: "pb-clauses", "data-clauses": String(draft.length) });
    const list = el("ul", { class: "terms clauses" });
    const form = el("div", { class: "row" });
    const drawList = () => {
      list.replaceChildren(...draft.map((cl, i) => el("li", { "data-draft": cl.join(" ") }, clauseWords(cl, (id) => this.name(id)), " ",
        el("button", { type: "button", class: "small", "aria-label": tr("Remove this clause", "Togli questa clausola"), onclick: () => { draft.splice(i, 1); drawList(); drawForm(current); } }, "✕"))));
      box.setAttribute("data-clauses", String(draft.length));
    };
    let current = "codominion";
    const drawForm = (kind) => {
      current = kind;
      if (draft.length >= MAX) { form.replaceChildren(el("p", { class: "muted small" }, tr(`At most ${MAX} clauses.`, `Al massimo ${MAX} clausole.`))); return; }
      const kinds = { codominion: tr("a codominion", "un condominio"), downgrade: tr("a marker down", "un segnalino giù"), remove: tr("a marker removed", "un segnalino rimosso"),
        transfer: tr("a marker transferred", "un segnalino ceduto"), pay: tr("a payment", "un pagamento"),
        ban: tr("no placement in an Area", "nessun segnalino in un'area"), cap: tr("a cap on units", "un tetto alle unità"),
        pact: tr("a non-aggression pact", "un patto di non aggressione") };
      const kindSelect = el("select", { "data-field": "kind", onchange: (e) => drawForm(e.target.value) }, Object.entries(kinds).map(([v, text]) => option(v, text)));
      kindSelect.value = kind;
      const fields = [el("label", {}, `${tr("Clause", "Clausola")} `, kindSelect)];
      const powerName = (p) => this.powerName(p);
      let read;
      if (kind === "pay") {
        const payers = great.filter((p) => p !== "AH");
        const payer = select("power", tr("payer", "pagante"), payers, powerName);
        const payee = select("to", tr("to", "a"), great, powerName);
        const amount = el("input", { type: "number", min: "1", step: "1", value: "5", "data-field": "amount", style: "width:4.5em" });
        fields.push(payer, payee, el("label", {}, "£ ", amount));
        read = () => ["pay", payer.querySelector("select").value, payee.querySelector("select").value, String(Math.max(1, Math.floor(Number(amount.value) || 0)))];
      } else if (kind === "ban" || kind === "cap" || kind === "pact") {
        // L868: limits on future actions, the Negotiation Phase's treaties made by the Congress
        const power = select("power", kind === "pact" ? tr("between", "tra") : tr("Power", "Potenza"), great, powerName);
        const to = select("to", kind === "pact" ? tr("and", "e") : tr("promises", "promette a"), great, powerName);
        fields.push(power, to);
        if (kind === "ban") {
          const areaSelect = el("select", { "data-field": "area" }, Object.keys(this.b.areas).sort((x, y) => this.name(x).localeCompare(this.name(y))).map((a) => option(a, this.name(a))));
          fields.push(el("label", {}, `${tr("to keep out of", "di restare fuori da")} `, areaSelect));
          read = () => ["ban", power.querySelector("select").value, areaSelect.value, to.querySelector("select").value];
        } else if (kind === "cap") {
          const unit = el("select", { "data-field": "unit", "aria-label": tr("kind of unit", "tipo di unità") }, ["army", "naval"].map((u) => option(u, u === "army" ? tr("Armies", "eserciti") : tr("Naval units", "unità navali"))));
          const limit = el("input", { type: "number", min: "0", step: "1", value: "3", "data-field": "limit", style: "width:4.5em" });
          fields.push(el("label", {}, `${tr("to own at most", "di avere al massimo")} `, limit, " ", unit));
          read = () => ["cap", power.querySelector("select").value, unit.value, String(Math.max(0, Math.floor(Number(limit.value) || 0))), to.querySelector("select").value];
        } else {
          read = () => ["pact", power.querySelector("select").value, to.querySelector("select").value];
        }
      } else {
        const who = kind === "codominion" ? great : owners;
        const power = select("power", tr("Power", "Potenza"), who, powerName);
        const areaSelect = el("select", { "data-field": "area" });
        const fill = () => {
          const p = power.querySelector("select").value;
          // L493-494: no clause on a Minor Power's territory outside the dispute (the server checks)
          const minorLand = (a) => a !== c.area && Object.keys(markers[a] || {}).some((q) => !great.includes(q));
          const areas = Object.keys(markers).filter((a) => !minorLand(a) && (kind === "codominion"
            ? a !== c.area && controlled(a) && !["protectorate", "possession", "state", "dominion"].includes(markers[a][p]?.level)
            : Boolean(markers[a][p]) && !["state", "dominion"].includes(markers[a][p].level) && (kind !== "transfer" || a !== c.area)))
            .sort((x, y) => this.name(x).localeCompare(this.name(y)));
          areaSelect.replaceChildren(...areas.map((a) => option(a, this.name(a))));
        };
        power.querySelector("select").addEventListener("change", fill);
        fill();
        fields.push(power, el("label", {}, `${tr("in", "in")} `, areaSelect));
        read = () => [kind, power.querySelector("select").value, areaSelect.value];
        if (kind === "transfer") {
          const to = select("to", tr("to", "a"), great, powerName);
          fields.push(to);
          read = () => [kind, power.querySelector("select").value, areaSelect.value, to.querySelector("select").value];
        }
      }
      fields.push(el("button", { type: "button", "data-add-clause": "1", onclick: () => {
        const cl = read();
        if (cl.some((w) => !w)) return;
        draft.push(cl); drawList(); drawForm(kind);
      } }, tr("Add the clause", "Aggiungi la clausola")));
      form.replaceChildren(...fields);
    };
    drawList();
    drawForm("codominion");
    add(box, el("legend", {}, tr("Clauses beyond this Area (optional, L866-874)", "Clausole oltre quest'area (facoltative, L866-874)")),
      el("p", { class: "muted small" }, tr("A treaty may also grant a codominion where a Power holds Control, step down, remove or transfer a marker, move money, or limit what a Power may do (no placement in an Area, a cap on its units, a non-aggression pact: L868). A Power a clause names signs too; if it is no party to the dispute, its refusal voids only its clauses (L883-890). Add them, then choose the treaty.",
        "Un trattato può anche concedere un condominio dove una Potenza ha il controllo, far scendere, rimuovere o cedere un segnalino, spostare denaro, o limitare ciò che una Potenza può fare (nessun segnalino in un'area, un tetto alle unità, un patto di non aggressione: L868). Anche la Potenza nominata in una clausola firma; se non è parte della contesa, il suo rifiuto annulla solo le sue clausole (L883-890). Aggiungile, poi scegli il trattato.")),
      list, form);
    return box;
  }

  // -- the Powers' record sheets -----------------------------------------------------------------------
  mats(view, state) {
    const powers = [...(view.great_powers || [])];
    const toAct = new Set(view.to_act || []);
    const recordKeys = [...new Set(powers.flatMap((p) => Object.keys(view.record?.[p] || {})))];
    const count = (p) => {
      let markers = 0;
      let control = 0;
      for (const held of Object.values(view.markers || {})) {
        const m = held[p];
        if (!m) continue;
        markers += 1;
        if (!["interest", "influence"].includes(m.level)) control += 1;
      }
      return [markers, control];
    };
    const table = el("table", { class: "mats pb-record" },
      el("tr", {}, el("th", {}, tr("Power", "Potenza")), el("th", {}, tr("Treasury", "Tesoro")), el("th", {}, tr("VP", "PV")), el("th", {}, tr("Markers (control)", "Segnalini (controllo)")),
        el("th", {}, tr("Fleets", "Flotte")), recordKeys.map((k) => el("th", {}, this.title(k)))));
    for (const p of powers) {
      const [markers, control] = count(p);
      const played = state?.controllers?.[p];
      table.append(el("tr", { class: toAct.has(p) ? "acting" : "", "data-seat-row": p, "data-power": p },
        el("td", {}, this.chip(p), " ", this.powerName(p), played && played !== "human" ? el("span", { class: "muted" }, " (bot)") : null),
        el("td", { "data-treasury": p }, `£${view.treasury?.[p] ?? 0}`),
        el("td", { "data-vp": p }, String(view.vp?.[p] ?? (p === "AH" ? "(DE)" : 0))),
        el("td", {}, `${markers} (${control})`),
        el("td", {}, String((view.fleets?.[p] || []).length)),
        recordKeys.map((k) => el("td", {}, this.text(view.record?.[p]?.[k] ?? "—")))));
    }
    const minors = view.minor_powers || [];
    return el("div", { class: "pb-mats" }, table,
      minors.length ? el("p", { class: "muted" }, tr("Minor Powers (automated): ", "Potenze minori (automatiche): "), ...minors.flatMap((p) => [this.chip(p), " "])) : null);
  }

  hand() { return null; }

  // -- the decision of the moment --------------------------------------------------------------------
  dialogKey(view) {
    const d = this.decisionOf(view);
    if (d === "offer") return `offer:${JSON.stringify(view.offer)}`;
    if (d === "dispute") return `dispute:${view.turn}:${view.dispute.area}`;
    if (d === "spoils") return `spoils:${view.turn}:${Object.keys(view.spoils.proposal).join(",")}`;
    if (d === "rights") return `rights:${view.turn}:${view.rights.area}:${view.rights.minor}`;
    if (d === "congress") return `congress:${view.turn}:${view.congress.area || (view.congress.grievance || []).slice(0, 2).join(">")}:${view.congress.answering || view.phase}`;
    if (d === "war") {
      const q = view.denial;  // each canal question its own (a new one opens unfolded)
      return `war:${view.turn}:${view.phase}${q ? `:${q.passage}:${q.alliance.join("+")}:${q.power}` : ""}`;
    }
    return "none";
  }
  dialogAnchor(view = this.view) {
    if (!view) return null;
    const area = view.offer?.area || view.dispute?.area || view.rights?.area || view.congress?.area || view.denial?.area
      || Object.keys(view.spoils?.proposal || {})[0];
    return area ? document.querySelector(`.pb-map [data-area="${CSS.escape(area)}"]`) : null;
  }

  dialog(view, seat, legal, send) {
    const d = this.decisionOf(view);
    if (!d) return null;
    const mine = legal.filter((a) => DIALOG_VERBS[d].has(a.split(" ")[0]));
    const button = (a, cls = "") => el("button", { type: "button", class: `pb-choice ${cls}`, "data-action": a, onclick: () => send(a) }, this.label(a));
    const waiting = (who) => el("p", { class: "muted" }, tr("Waiting for ", "In attesa di "), ...(who || []).map((p) => this.chip(p)));
    const box = el("div", { class: `pb-dialog pb-${d}`, "data-decision": d });
    if (d === "offer") {
      const o = view.offer;
      add(box, el("h3", {}, tr("An offer", "Un'offerta")),
        el("p", { class: "terms", "data-offer": o.kind }, this.chip(o.from), " → ", this.chip(o.to), " ", offerTerms(o, (id) => this.name(id), view.markers)),
        el("p", { class: "muted small" }, tr("A deal binds only when accepted (L599-603, L700-702).", "Un accordo vincola solo se accettato (L599-603, L700-702).")));
      if (mine.length) add(box, el("div", { class: "choices" }, mine.map((a) => button(a, a === "accept" ? "yes" : "no"))));
      else add(box, waiting(view.to_act));
      return box;
    }
    if (d === "dispute") {
      const dp = view.dispute;
      add(box, el("h3", {}, `${tr("Dispute over", "Contesa per")} ${this.name(dp.area)}`),
        el("p", {}, tr("Control established by ", "Controllo stabilito da "), ...dp.powers.flatMap((p) => [this.chip(p), " "]),
          tr("this turn. Each answers sealed: share (a codominion), yield (withdraw) or hold (the Casus Belli stand) (L784-811).",
            "in questo turno. Ognuno risponde in segreto: condividere (condominio), cedere (ritirarsi) o resistere (i Casus Belli restano) (L784-811).")),
        el("p", { class: "muted" }, `${tr("Answered", "Hanno risposto")}: ${dp.answered.length ? dp.answered.join(", ") : tr("nobody yet", "ancora nessuno")}${dp.my_answer ? ` · ${tr("your answer", "la tua risposta")}: ${dp.my_answer}` : ""}`));
      if (mine.length) add(box, el("div", { class: "choices" }, mine.map((a) => button(a))));
      else add(box, waiting(view.to_act));
      return box;
    }
    if (d === "rights") {
      // Defend a Minor's rights where a Great Power's Control stands over its Influence (L490-500).
      const r = view.rights;
      const rulers = (r.rulers || []).map((p) => this.powerName(p)).join(", ");
      add(box, el("h3", {}, tr("A Minor's rights", "I diritti di una potenza minore")),
        el("p", { class: "terms", "data-rights": `${r.minor} ${r.area}` }, this.chip(r.minor), " ",
          tr(`${this.powerName(r.minor)} holds Influence in ${this.name(r.area)}, where ${rulers} now holds Control. Will you defend its rights?`,
            `${this.powerName(r.minor)} ha Influenza in ${this.name(r.area)}, dove ${rulers} ha ora il controllo. Difenderai i suoi diritti?`)),
        el("p", { class: "muted small" }, tr("A defender holds a Casus Belli against the Power in Control and a Congress of Europe must sit (+3 ETI). If the Congress awards the Area to the Minor and that Power refuses to sign, the Minor declares war on it and every defender must declare too, or lose 5 VP (+3 ETI).",
          "Chi difende ha un Casus Belli contro la potenza che controlla e il Congresso d'Europa deve riunirsi (+3 ETI). Se il Congresso assegna l'area alla minore e quella potenza non firma, la minore le dichiara guerra e ogni difensore deve dichiararla a sua volta, o perde 5 PV (+3 ETI).")),
        el("p", { class: "muted" }, `${tr("Answered", "Hanno risposto")}: ${r.answered.length ? r.answered.join(", ") : tr("nobody yet", "ancora nessuno")}${r.my_answer ? ` · ${tr("your answer", "la tua risposta")}: ${r.my_answer}` : ""}`));
      if (mine.length) add(box, el("div", { class: "choices" }, mine.map((a) => button(a, a === "rights defend" ? "yes" : "no"))));
      else add(box, waiting(view.to_act));
      return box;
    }
    if (d === "spoils") {
      // The victors' division of the conquered Areas, answered at once and sealed (L1419-1424).
      const sp = view.spoils;
      add(box, el("h3", {}, tr("The spoils of war", "Il bottino di guerra")),
        el("p", {}, tr("Each conquered Area goes, as a free Possession, to the victor with the most Army strength there:",
          "Ogni area conquistata va, come Possedimento gratuito, al vincitore con più forza d'eserciti lì:")),
        el("ul", { class: "terms" }, Object.entries(sp.proposal).map(([area, taker]) => el("li", { "data-spoils": area }, `${this.name(area)} → `, this.chip(taker), ` ${this.powerName(taker)}`))),
        el("p", { class: "muted small" }, tr("If a victor with Armies there disputes it, each claimant places its Possession there, they hold Casus Belli against each other, and a Congress of Europe sits at once (L1422-1424).",
          "Se un vincitore con eserciti lì la contesta, ogni pretendente vi piazza il suo Possedimento, hanno Casus Belli l'uno contro l'altro e si riunisce subito un Congresso d'Europa (L1422-1424).")),
        el("p", { class: "muted" }, `${tr("Answered", "Hanno risposto")}: ${sp.answered.length ? sp.answered.join(", ") : tr("nobody yet", "ancora nessuno")}${sp.my_answer ? ` · ${tr("your answer", "la tua risposta")}: ${sp.my_answer}` : ""}`));
      if (mine.length) add(box, el("div", { class: "choices" }, mine.map((a) => button(a, a === "spoils agree" ? "yes" : "no"))));
      else add(box, waiting(view.to_act));
      return box;
    }
    if (d === "congress") {
      const c = view.congress;
      const terms = c.proposal ? splitTreaty(c.proposal).terms : null;
      const clauses = c.proposal ? splitTreaty(c.proposal).clauses : [];
      const paid = terms && terms[2] === "pay" ? tr(`, who pays £${terms[3]} to each other Great Power party (L866)`, `, che paga £${terms[3]} a ogni altra Grande Potenza parte (L866)`) : "";
      // a grievance (rules/congress.py): a Casus Belli naming no Area, taken to the Congress by its holder
      const g = c.grievance;
      const redress = (t) => {
        const base = tr("the Casus Belli withdrawn", "il Casus Belli ritirato");
        if (t[1] === "pay") return `${base}, ${tr(`${this.powerName(g[1])} paying £${t[2]} to ${this.powerName(g[0])}`, `${this.powerName(g[1])} paga £${t[2]} a ${this.powerName(g[0])}`)} (L866)`;
        if (t[1] === "cede") return `${base}, ${tr(`${this.powerName(g[1])} ceding its marker in ${this.name(t[2])} to ${this.powerName(g[0])}`, `${this.powerName(g[1])} cede il suo segnalino in ${this.name(t[2])} a ${this.powerName(g[0])}`)} (L505-506)`;
        return base;
      };
      const proposal = terms ? (terms[0] === "redress" && g ? redress(terms) : terms[0] === "codominion" ? tr("a codominion of the Powers there", "un condominio delle Potenze presenti") : `${tr("award it to", "assegnarla a")} ${this.powerName(terms[1])}${paid}`) : null;
      const grievance = g ? el("p", { "data-congress-grievance": `${g[0]} ${g[1]}` }, `${tr("The question", "La questione")}: ${tr(`${this.powerName(g[0])}'s Casus Belli against ${this.powerName(g[1])}`, `il Casus Belli di ${this.powerName(g[0])} contro ${this.powerName(g[1])}`)} (${g[2].join(", ")}; L846-848)`) : null;
      const named = (ps) => ps.map((p) => this.powerName(p)).join(", ");
      const stage = { call: tr("Does anyone call a Congress of Europe?", "Qualcuno convoca un Congresso d'Europa?"), vote: tr("The members vote on the proposal (the host breaks a tie).", "I membri votano la proposta (l'ospite decide in caso di parità)."), sign: tr("Each party signs or refuses the decision.", "Ogni parte firma o rifiuta la decisione.") }[c.answering] || (view.phase === "propose" && c.proposer ? tr(`${this.powerName(c.proposer)} may make a proposal or pass; any member may, the host first.`, `${this.powerName(c.proposer)} può fare una proposta o passare; ogni membro può farlo, prima l'ospite.`) : "");
      add(box, el("h3", {}, tr("Congress of Europe", "Congresso d'Europa")),
        c.host ? el("p", {}, `${tr("Host", "Ospite")}: `, this.chip(c.host), ` ${this.powerName(c.host)} · ${tr("members", "membri")}: `, ...(c.members || []).flatMap((p) => [this.chip(p), " "])) : null,
        c.area ? el("p", { "data-congress-area": c.area }, `${tr("The question", "La questione")}: ${this.name(c.area)}`) : grievance,
        proposal ? el("p", { class: "terms", "data-proposal": c.proposal.join(" ") }, `${tr("Proposal", "Proposta")}: ${proposal}${clauses.length ? tr(", with these clauses:", ", con queste clausole:") : "."}`) : null,
        clauses.length ? el("ul", { class: "terms clauses" }, clauses.map((cl, i) => el("li", { "data-clause": cl.join(" ") }, clauseWords(cl, (id) => this.name(id)),
          (c.bound?.[i] || []).length ? el("span", { class: "muted small" }, ` (${tr("with the consent of", "col consenso di")} ${named(c.bound[i])})`) : null))) : null,
        c.answering === "sign" && (c.free || []).length ? el("p", { class: "muted small", "data-free": c.free.join(" ") }, tr(
          `${named(c.free)}: no party to the dispute, named in a clause; a refusal voids only the clauses that name it, and gives nobody a Casus Belli (L883-890).`,
          `${named(c.free)}: non parte della contesa, nominata in una clausola; un rifiuto annulla solo le clausole che la nominano e non dà Casus Belli a nessuno (L883-890).`)) : null,
        el("p", {}, stage, " (L846-903)"),
        c.answering ? el("p", { class: "muted" }, `${tr("Answered", "Hanno risposto")}: ${(c.answered || []).join(", ") || tr("nobody yet", "ancora nessuno")}${c.my_answer ? ` · ${tr("your answer", "la tua risposta")}: ${c.my_answer}` : ""}`) : null);
      const proposing = mine.some((a) => a.startsWith("propose ") && a !== "propose pass");
      if (proposing) {
        // A treaty may carry clauses beyond the Area (L866-874), typed after it: built here, sent
        // with the treaty chosen; the server checks them (rules/congress.py proposal_refusal).
        const draft = this.clauseDraft(view);
        const withDraft = (a) => (a === "propose pass" || !draft.length ? a : `${a} ${draft.map((cl) => `clause ${cl.join(" ")}`).join(" ")}`);
        add(box, this.clauseBuilder(view, draft),
          el("div", { class: "choices" }, mine.map((a) => el("button", { type: "button", class: "pb-choice", "data-action": a, onclick: () => send(withDraft(a)) }, this.label(a)))));
      } else if (mine.length) add(box, el("div", { class: "choices" }, mine.map((a) => button(a))));
      else add(box, waiting(view.to_act));
      return box;
    }
    // A war's decision: its sides and stage, and the choices with no place on the map.
    const wars = view.wars || [];
    add(box, el("h3", {}, phaseName(view.phase)),
      ...(wars.length ? wars.map((w, i) => this.warLine(w, i)) : [el("p", { class: "muted" }, tr("No war yet: each Power in turn may declare one on a Power it holds a Casus Belli against (L1138-1162).", "Nessuna guerra per ora: ogni Potenza a turno può dichiararla a chi ha un Casus Belli contro (L1138-1162)."))]),
      view.denial ? this.denialQuestion(view.denial) : null,
      view.phase === "declare" ? this.heldCasusBelli(view) : null,
      view.phase === "coal" ? el("p", { class: "muted small", "data-coal": view.acting_power || "" }, tr("A neutral may volunteer its Control markers on the coasts to one Alliance as coaling Areas, for the whole war (L1274-1276).",
        "Un neutrale può offrire i suoi segnalini di controllo costieri a un'alleanza come aree di rifornimento di carbone, per tutta la guerra (L1274-1276).")) : null);
    if (mine.length) add(box, el("div", { class: "choices" }, mine.map((a) => button(a))));
    else if (!legal.length) add(box, waiting(view.to_act));
    else add(box, el("p", { class: "muted" }, tr("Choose on the map or in the list of actions.", "Scegli sulla mappa o nella lista delle azioni.")));
    return box;
  }
}

export { esc };
