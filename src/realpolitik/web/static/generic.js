// The board of a game without a board module of its own: everything comes from the seat's view and
// legal actions, so any game is playable and readable in the browser from its first commit.
//
// * the seats' table (the mats): one row per seat, one column per part of the view that gives a
//   value to every seat (scores, hand sizes ...);
// * the table itself: the view's other values as plain panels (tables for tables and lists);
// * the seat's hand, when the view has one (a "hand" list);
// * the legal actions grouped by verb (the notation's first word), one button per choice.
// Seat names, the game's title and its own words come with the board data from the server.
import { t, tx, el } from "./i18n.js";

const PALETTE = ["#1f5fbf", "#c62828", "#2e7d32", "#8e24aa", "#ef6c00", "#00838f", "#5d4037", "#546e7a"];
// Shown elsewhere on the page: the hand in its own box, who must act in the status line.
const ELSEWHERE = new Set(["hand", "to_act"]);
// Parts of the view that say where the game stands, for the page's title line.
const HEADLINE = ["era", "phase", "turn", "round"];

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isScalar = (value) => value === null || typeof value !== "object";

export function createBoard(board, getLang) {
  return new Generic(board, getLang);
}

// A board module's own style sheet, added once; the promise resolves when it has loaded (or failed),
// so the page draws the board's first frame with its layout (a map wider than a phone's screen can
// then be scrolled to the seat's home and to the place a dialog is about).
export function boardStyles(id, href) {
  const found = document.getElementById(id);
  if (found) return found.loaded || Promise.resolve();
  const link = el("link", { id, rel: "stylesheet", href });
  link.loaded = new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  });
  document.head.append(link);
  return link.loaded;
}

// A game board's scrolling map box across a redraw: back where the player had panned it, or the
// first time, on a screen narrower than the map, centred on \`home\` ([x, y] in the units of a map
// \`mapWidth\` wide). Left alone when the page has already scrolled it (to bring the place a dialog
// is about into view).
export function keepMapPlace(selector, scroll, home, mapWidth) {
  queueMicrotask(() => {
    const now = document.querySelector(selector);
    if (!now || now.scrollLeft || now.scrollTop) return;
    if (scroll) [now.scrollLeft, now.scrollTop] = scroll;
    else if (home && now.scrollWidth > now.clientWidth) {
      const scale = now.scrollWidth / mapWidth;
      now.scrollLeft = Math.max(0, home[0] * scale - now.clientWidth / 2);
      now.scrollTop = Math.max(0, home[1] * scale - now.clientHeight / 2);
    }
  });
}

export class Generic {
  constructor(board, getLang) {
    this.b = board;
    this.lang = getLang;
    this.seats = Object.keys(board.seats || {});
    this.inlineGroups = true;
  }

  // -- words --------------------------------------------------------------------------------------
  word(key) {
    const texts = this.b.words?.[key];
    return texts ? tx(texts) : undefined;
  }
  title(key) {
    // The game's own word for a part of its view, else the key made readable: hand_sizes -> Hand sizes.
    const own = this.word(key);
    if (own) return own;
    const words = String(key).replace(/[_-]+/g, " ").trim();
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  seatName(seat) {
    const names = this.b.seats?.[seat];
    return names ? tx(names) : seat;
  }
  chip(seat) {
    const index = this.seats.indexOf(seat);
    const colour = index >= 0 ? PALETTE[index % PALETTE.length] : "#555";
    return el("span", { class: "chip", style: `background:${colour}`, title: this.seatName(seat), "data-seat": seat }, seat);
  }

  // -- actions ------------------------------------------------------------------------------------
  verb(text) { return text.split(" ")[0]; }
  verbTitle(verb) { return this.title(verb); }
  target() { return null; }
  label(text) {
    const [verb, ...rest] = text.split(" ");
    return rest.length ? `${this.verbTitle(verb)} ${rest.join(" ")}` : this.verbTitle(verb);
  }
  choiceLabel(text) {
    const rest = text.split(" ").slice(1).join(" ");
    return rest || this.verbTitle(this.verb(text));
  }

  // -- the header and the prompt --------------------------------------------------------------------
  header(view) {
    return HEADLINE.filter((key) => isScalar(view[key]) && view[key] !== null && view[key] !== undefined)
      .map((key) => `${this.title(key)} ${view[key]}`)
      .join(" · ");
  }
  prompt(view, seat) {
    return `${t("decide_for")} ${this.seatName(seat)} (${seat})`;
  }

  // -- values as text, chips and tables ---------------------------------------------------------------
  value(value) {
    if (value === null || value === undefined) return t("none");
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (Array.isArray(value)) {
      if (!value.length) return t("none");
      if (value.every((v) => typeof v === "string" && this.seats.includes(v))) {
        return el("span", { class: "chips" }, value.map((v) => this.chip(v)));
      }
      if (value.every(isScalar)) return value.map((v) => this.text(v)).join(", ");
      if (value.every(isObject)) return this.rows(value);
      return value.map((v) => this.text(v)).join(", ");
    }
    if (isObject(value)) return this.pairs(value);
    return String(value);
  }
  text(value) {
    if (value === null || value === undefined) return t("none");
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (typeof value === "object") return JSON.stringify(value);
    return String(value);
  }
  pairs(object) {
    // A table as two columns, key and value; a seat's key gets its chip.
    const table = el("table", { class: "generic kv" });
    for (const [key, value] of Object.entries(object)) {
      const head = this.seats.includes(key) ? [this.chip(key), " ", this.seatName(key)] : this.title(key);
      table.append(el("tr", {}, el("th", {}, head), el("td", {}, this.value(value))));
    }
    return table;
  }
  rows(list) {
    // A list of records as a table with one column per field.
    const columns = [...new Set(list.flatMap((row) => Object.keys(row)))];
    const table = el("table", { class: "generic" }, el("tr", {}, columns.map((c) => el("th", {}, this.title(c)))));
    for (const row of list) table.append(el("tr", {}, columns.map((c) => el("td", {}, this.value(row[c])))));
    return table;
  }

  // A part of the view that gives every seat a value: a column of the seats' table.
  perSeat(value) {
    if (!isObject(value)) return false;
    const keys = Object.keys(value);
    return keys.length > 0 && keys.every((k) => this.seats.includes(k));
  }

  // -- the table, the seats, the hand ---------------------------------------------------------------
  drawBoard(view) {
    const facts = el("table", { class: "generic kv", "data-panel": "facts" });
    const panels = [];
    for (const [key, value] of Object.entries(view)) {
      if (ELSEWHERE.has(key) || this.perSeat(value)) continue;
      if (isObject(value) || (Array.isArray(value) && value.length && value.every(isObject))) {
        panels.push(el("section", { class: "panel generic-panel", "data-panel": key }, el("h2", {}, this.title(key)), this.value(value)));
      } else {
        facts.append(el("tr", { "data-key": key }, el("th", {}, this.title(key)), el("td", {}, this.value(value))));
      }
    }
    const table = el("section", { class: "panel generic-panel", "data-panel": "table" },
      el("h2", {}, `${tx(this.b.title) || ""} · ${t("table_view")}`), facts);
    return el("div", { class: "generic-board" }, table, ...panels);
  }

  mats(view, state) {
    const columns = Object.keys(view).filter((key) => !ELSEWHERE.has(key) && this.perSeat(view[key]));
    const automaton = this.b.automaton;
    const toAct = new Set(state?.to_act || view.to_act || []);
    const table = el("table", { class: "mats generic-seats" },
      el("tr", {}, el("th", {}, t("seat")), columns.map((c) => el("th", {}, this.title(c)))));
    for (const seat of this.seats) {
      const played = automaton && state?.controllers?.[seat] === automaton.keyword;
      table.append(el("tr", { class: toAct.has(seat) ? "acting" : "", "data-seat-row": seat },
        el("td", {}, this.chip(seat), " ", this.seatName(seat), played ? el("span", { class: "np", title: tx(automaton.name) }, ` (${tx(automaton.short)})`) : null),
        columns.map((c) => el("td", {}, this.value(view[c][seat])))));
    }
    return table;
  }

  hand(view) {
    if (!Array.isArray(view.hand)) return null; // no hand in this game, or not this seat's to see
    const box = el("div", { class: "hand" });
    if (!view.hand.length) box.append(el("p", { class: "muted" }, t("no_hand")));
    for (const card of view.hand) {
      box.append(el("div", { class: "card generic-card", "data-card": this.text(card) }, isObject(card) ? this.pairs(card) : this.text(card)));
    }
    return box;
  }

  dialog() { return null; }

  outcomePanel(outcome) {
    // The final scores, best first, the winners in bold.
    const scores = Object.entries(outcome.scores || {}).sort((a, b) => b[1] - a[1]);
    const winners = new Set(outcome.winners || []);
    const table = el("table", { class: "generic final", "data-panel": "outcome" },
      el("tr", {}, el("th", {}, t("seat")), el("th", {}, t("score"))));
    for (const [seat, score] of scores) {
      table.append(el("tr", { class: winners.has(seat) ? "winner" : "" },
        el("td", {}, this.chip(seat), " ", this.seatName(seat)), el("td", {}, String(score))));
    }
    const names = [...winners].map((s) => this.seatName(s)).join(", ");
    return el("div", { class: "outcome" }, el("p", {}, el("b", {}, `${winners.size > 1 ? t("winners") : t("winner")}: ${names}`)), table);
  }
}
