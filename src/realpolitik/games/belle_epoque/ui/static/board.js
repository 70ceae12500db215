// La Belle Époque in the browser: the map (map.js, our own schematic of Europe, Africa and Asia)
// and, one click away, the same board as a table of territories, both drawn from the seat's view
// (never from anything else); the Power mats, the hand with card texts, and the mapping from each
// legal action's notation to the place on the board where it is clicked. The play page imports this
// module (the board data names it) and calls createBoard; the methods below are what the page asks
// of a board.
import { tx, el } from "/static/i18n.js";
import { boardStyles } from "/static/generic.js";
import { s as t, has, fill } from "./strings.js";
import { MapDrawer, MAP_W, MAP_H } from "./map.js";
import { parseCommit } from "./dispute.js";
import { disputeResults, logLine, translate } from "./log.js";

// The Powers' colours, in shades told apart with the common colour-vision deficiencies (after
// Okabe and Ito's palette; the Central Empires' grey darker than Russia's green, which a deutan or
// protan eye sees as a mid grey), dark enough for white letters; the letters are the first cue.
const COLOURS = { red: "#b8460b", blue: "#0a62a8", grey: "#3d4148", green: "#00795a" };
const TRACKS_H = 158; // the tracks above the map
const ZOOMS = [1, 1.5, 2, 3];
const VIEW_KEY = "rp-lbe-board"; // map or table, remembered by the browser

const MINOR_FILL = "#e6d7f2";
const MINOR_INK = "#5b2a86";
const MINOR_CODES = {
  italy: "it", japan: "jp", "united-states": "us", spain: "es", portugal: "pt", belgium: "be",
  netherlands: "nl", "boer-states": "bo",
};
const ROMAN = { 1: "I", 2: "II", 3: "III" };
const LABEL_W = 122; // the tracks' labels (Italian's are the longest: "Tracciato flotte")
const ROW = 80; // a territory's box and the gap below it
const PHASES = {
  setup: ["Setup", "Preparazione"], "initial-setup": ["Initial Setup §3.3", "Schieramento iniziale §3.3"],
  "turn-start": ["Start of turn", "Inizio turno"], intrigue: ["Intrigue Phase §7", "Fase Intrighi §7"],
  action: ["Action Phase §8", "Fase Azioni §8"], "end-of-turn": ["End of turn §9-§10", "Fine turno §9-§10"],
  over: ["Game over §10.2", "Fine partita §10.2"],
};

const sign = (n) => `${n >= 0 ? "+" : ""}${n}`;
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// The item nearest to `from` in direction [dx, dy] (by the centres the map gives its items):
// distance along the direction, with sideways distance counting double.
// Items within 45 degrees of the direction first, any item ahead otherwise.
function nearest(from, items, [dx, dy]) {
  const at = (n) => [Number(n.getAttribute("data-cx")), Number(n.getAttribute("data-cy"))];
  const [x0, y0] = at(from);
  let best = null;
  let score = Infinity;
  for (const item of items) {
    if (item === from) continue;
    const [x, y] = at(item);
    const along = (x - x0) * dx + (y - y0) * dy;
    if (along <= 0) continue;
    const side = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx);
    const s = along + 2 * side + (side > along ? 10000 : 0);
    if (s < score) { score = s; best = item; }
  }
  return best;
}

export function createBoard(board, getLang) {
  return new BelleEpoque(board, getLang);
}

export class BelleEpoque {
  constructor(board, lang) {
    this.b = board;
    this.lang = lang;
    this.kind = null; // the decision on screen: a verb's heading depends on it ("place" in a card)
    this.view = null; // the view on screen: a menu entry names the cube it acts on
    this.map = new MapDrawer(this);
    this.zoom = 0; // index in ZOOMS
    this.focusKey = null; // the map item keyboard focus stays on across redraws
    this.returnFocus = null; // a map item activated by the keyboard gets the focus back
    this.choice = null; // the commitment selected in the dispute dialog (before Confirm)
    this.log = []; // the log lines the page holds (the dice of each dispute, drawn where it was)
    let mode = "map";
    try { mode = localStorage.getItem(VIEW_KEY) === "table" ? "table" : "map"; } catch { /* no storage */ }
    this.mode = mode;
    // The style sheet is in before the first frame (client.js awaits it, generic.boardStyles).
    this.ready = boardStyles("lbe-board-css", new URL("./board.css", import.meta.url).href);
  }

  // -- names --------------------------------------------------------------------------------------
  it() { return this.lang() === "it"; }
  powerName(p) { return this.b.powers[p] ? tx(this.b.powers[p].name) : p; }
  colour(p) { return COLOURS[this.b.powers[p]?.colour] || "#333"; }
  territoryName(id) { return this.b.territories[id] ? tx(this.b.territories[id].name) : id; }
  cardName(id) { return this.b.cards[id] ? tx(this.b.cards[id].name) : id; }
  name(word) {
    if (this.b.territories[word]) return this.territoryName(word);
    if (this.b.powers[word]) return this.powerName(word);
    if (this.b.cards[word]) return this.cardName(word);
    if (this.b.minors[word]) return tx(this.b.minors[word].name);
    const box = this.b.continents.find((c) => c.id === word);
    if (box) return tx(box.name);
    if (word === "arsenal") return t("arsenal");
    return word;
  }
  seatName(p) { return this.powerName(p); }
  // The page's headings in the game's words where it has them ("Powers" for the mats).
  word(key) { return has(key) ? t(key) : undefined; }
  minorCode(m) { return MINOR_CODES[m] || m.slice(0, 2); }
  chip(p) {
    return el("span", { class: "chip", style: `background:${this.colour(p)}`, title: this.powerName(p) }, p);
  }

  // -- notation -> where it is clicked, and how it reads ----------------------------------------
  verb(text) {
    const v = text.split(" ")[0];
    return v === "prestige" ? "prestige_a" : v;
  }
  verbTitle(verb) {
    // A card that places a cube (Rising Sun, §8.6.2) is not the Initial Setup (§3.3).
    if (verb === "place" && this.kind === "card") return t("place_card");
    if (verb === "end" && this.kind === "phase-e-card") return t("end_keep");
    return t(verb);
  }
  // The dispute's commitments and the Ottoman keep are offered in the dialog, not as buttons.
  inDialog(action) { return action.startsWith("commit") || action.startsWith("keep "); }
  // A solo game against Non-Player Powers ends on a band of the §13.10 table, not a ranking.
  outcomeNote(outcome) {
    const verdict = outcome.details?.verdict;
    if (!verdict) return null;
    const name = verdict[`name_${this.lang()}`] || verdict.name_en;
    const bonus = verdict.bonus ? ` (+${verdict.bonus})` : "";
    return el("span", { class: "verdict", "data-verdict": verdict.band }, `${t("verdict")}: ${name}, ${verdict.vp} ${t("vp")}${bonus}`);
  }
  // Every action on a territory (place, send, resolve, remove, sell) is clicked on the territory:
  // one click on the map offers all of them, each named in words.
  target(text) {
    const [verb, first = ""] = text.split(" ");
    if (["place", "send", "resolve", "remove", "sell"].includes(verb) && first) {
      const tid = first.split(/[#@]/)[0];
      if (this.b.territories[tid]) return `t:${tid}`;
    }
    if (verb === "play") return `c:${first.split("/")[0]}`;
    if (verb === "deploy") return `b:${first.split(">")[1]}`;
    return null;
  }
  label(text) {
    const [verb, ...rest] = text.split(" ");
    const words = rest.join(" ").replace(/[a-z][a-z0-9-]*/g, (w) => this.name(w));
    if (verb === "play") {
      const [card, half] = (rest[0] || "").split("/");
      const info = this.b.cards[card];
      const title = info && half && info.halves ? tx(info.halves[Number(half) - 1].name) : this.cardName(card);
      const choice = rest.slice(1).join(" ").replace(/[a-z][a-z0-9-]*/g, (w) => this.name(w));
      return `${this.it() ? "Gioca" : "Play"} ${title}${choice ? " — " + choice : ""}`;
    }
    const said = this.placeLabel(verb, rest);
    if (said) return said;
    if (verb === "deploy" && rest.length === 1 && rest[0].includes(">")) {
      // "deploy arsenal>africa", "deploy italy-fleet>europe" (§8.8)
      const [from, to] = rest[0].split(">");
      const source = from.endsWith("-fleet") ? fill(t("l_minor_fleet"), { m: this.name(from.slice(0, -6)) }) : this.name(from);
      return fill(t("l_deploy"), { s: source, d: this.name(to) });
    }
    const heading = this.verbTitle(this.verb(text)).replace(/\s*\(§[^)]*\)/, "");
    return rest.length ? `${heading}: ${words}` : heading;
  }

  // An action on a territory in words, naming the cube it acts on ("Dispute France's cube in
  // space 3 of Belgium"), from the view on screen; null when the notation is not one of these.
  placeLabel(verb, rest) {
    const m = (rest[0] || "").match(/^([a-z0-9-]+)(?:@([\d,]+))?$/);
    if (!m || !this.b.territories[m[1]]) return null;
    const tid = m[1];
    const where = this.territoryName(tid);
    const spaces = m[2] ? m[2].split(",").map(Number) : [];
    const cells = this.view?.territories?.[tid]?.spaces || [];
    const owner = (n, top = false) => {
      const cell = cells[n - 1];
      if (!cell) return "?";
      const [base, over] = cell.split("/");
      const who = top && over ? over : base;
      return who === "#" ? t("an_armament") : this.name(who);
    };
    const n = spaces[0];
    const setup = verb === "place" && this.kind !== "card";
    switch (verb) {
      case "send":
        return n ? fill(t("l_send_on"), { o: owner(n), n, t: where }) : fill(t("l_send_free"), { t: where });
      case "place":
        if (n) return fill(t("l_place_on"), { o: owner(n), n, t: where });
        return fill(t(setup ? "l_place_setup" : "l_place_free"), { t: where });
      case "resolve": {
        const cell = cells[n - 1] || "";
        const [base, over] = cell.split("/");
        return fill(t("l_resolve"), { t: where, n, a: over ? this.name(over) : "?", o: base ? this.name(base) : "?" });
      }
      case "remove":
        return fill(t("l_remove"), { o: owner(n), n, t: where });
      case "sell": {
        const extra = rest.slice(1).join(" ").replace(/[a-z][a-z0-9-]*/g, (w) => this.name(w));
        const base = spaces.length ? fill(t("l_sell_on"), { t: where, n: spaces.join(", ") }) : fill(t("l_sell"), { t: where });
        return extra ? `${base} — ${extra}` : base;
      }
      default:
        return null;
    }
  }

  // -- header ------------------------------------------------------------------------------------
  header(view) {
    this.view = view;
    this.kind = view.decision?.kind ?? null;
    const [en, it] = PHASES[view.phase] || [view.phase, view.phase];
    return `${t("turn")} ${view.turn}/${this.b.turns} · ${t("era")} ${ROMAN[view.era] || view.era} · ${this.it() ? it : en}`;
  }
  prompt(view, seat) {
    const kind = view.decision?.kind;
    this.kind = kind ?? null;
    let text = has(`k_${kind}`) ? t(`k_${kind}`) : t("k_other");
    if (kind === "action" && view.powers[seat]?.actions_used?.length) {
      text += this.it() ? " (secondo tipo di azione, o terminate)" : " (a second action of another type, or end)";
    }
    return text;
  }

  // -- the page's hooks: focus after a menu, the dialog's anchor, the log --------------------------
  // The page closed its menu (Escape, Cancel): the keyboard goes back to the place that opened it,
  // found by its key in the map as drawn now.
  focusTarget(key) {
    const node = document.querySelector(`#board .lbe-board:not([hidden]) [data-view="${this.mode === "table" ? "table" : "map"}"] [data-focus-key="${CSS.escape(key)}"]`)
      || document.querySelector(`#board [data-focus-key="${CSS.escape(key)}"]`);
    if (!node) return false;
    node.focus();
    return true;
  }
  // What the dialog is about, to keep in sight: the territory of the dispute being fought.
  dialogAnchor() {
    const d = this.view?.dispute;
    if (!d) return null;
    const where = this.mode === "table" ? ".lbe-table-scroll" : ".lbe-scroll";
    return document.querySelector(`#board ${where} [data-territory="${CSS.escape(d.territory)}"]`);
  }
  dialogKey(view) {
    const d = view.dispute;
    if (d) return `dispute:${d.territory}:${d.space}:${view.decision?.seat}`;
    return view.keep ? "keep" : "dialog";
  }
  // A log line in the page's language, with a dispute's dice drawn as dice.
  logText(entry) { return logLine(entry, this); }
  // The result in the page's bar ("Russia wins with 10 VP", a solo verdict), as its log line reads.
  outcomeText(summary) { return translate(summary, this); }

  // -- the board ---------------------------------------------------------------------------------
  // The map (default) and the table, both in the page so that the page's clicks reach either; a
  // toolbar switches between them and zooms the map; the keyboard moves over the map.
  drawBoard(view, legalTargets, seat, extra = {}) {
    this.view = view;
    this.log = extra.log || [];
    // Where the keyboard was: the redraw replaces the nodes, so the focus is carried over by key.
    const active = document.activeElement;
    const inBoard = active && active.closest && active.closest(".lbe-board");
    // The focus is lost when what had it went away (a menu entry that was chosen, now hidden).
    const lost = !active || active === document.body || !active.isConnected || active.offsetParent === null;
    const refocus = inBoard ? active.getAttribute("data-focus-key") : lost ? this.returnFocus : null;
    this.returnFocus = null;

    const wrap = el("div", { class: "lbe-board" });
    const mapBox = el("div", { class: "lbe-scroll", "data-view": "map", style: `--zoom:${ZOOMS[this.zoom]}` });
    mapBox.innerHTML = this.drawMapSvg(view, legalTargets);
    const tableBox = el("div", { class: "lbe-table-scroll", "data-view": "table" });
    tableBox.innerHTML = this.drawTable(view, legalTargets);
    const tools = this.toolbar(wrap, mapBox);
    wrap.append(tools, mapBox, tableBox);
    this.showMode(wrap);
    this.keyboard(wrap, mapBox, legalTargets);
    if (refocus) {
      queueMicrotask(() => {
        const node = wrap.querySelector(`[data-focus-key="${CSS.escape(refocus)}"]`);
        if (node && wrap.isConnected) node.focus();
      });
    }
    return wrap;
  }

  // The disputes settled since the current turn began (from the log the page holds).
  turnResults() {
    let from = 0;
    this.log.forEach((entry) => { if (/^Turn \d+ begins$/.test(entry.text)) from = entry.i; });
    return disputeResults(this.log.filter((entry) => entry.i >= from), this);
  }
  resultText(r) {
    const it = this.it();
    const d = (x) => `${x[0]} ${x[1] >= 0 ? "+" : ""}${x[1]} = ${x[2]}`;
    const winner = r.winner === "tie" ? t("both_removed") : r.winner === "attacker" ? `${r.attacker} ${t("wins")}` : `${t("defender")} ${t("wins")}`;
    return `${this.territoryName(r.territory)} ${it ? "sp." : "sp."} ${r.space}: ${r.attacker} ${d(r.a)} · ${this.b.powers[r.defender] ? r.defender : this.name(r.defender)} ${d(r.d)} → ${winner}`;
  }

  drawMapSvg(view, targets) {
    this.results = this.turnResults();
    const W = MAP_W;
    const H = TRACKS_H + MAP_H;
    return `<svg xmlns="http://www.w3.org/2000/svg" class="lbe-map-svg" viewBox="0 0 ${W} ${H}" role="group" aria-label="${esc(t("board_label"))}">` +
      `${this.map.defs()}<rect x="0" y="0" width="${W}" height="${TRACKS_H}" class="tracks-bg"/>${this.tracks(view, W)}${this.map.draw(view, targets, TRACKS_H)}</svg>`;
  }

  toolbar(wrap, mapBox) {
    const pick = (mode) => () => {
      this.mode = mode;
      try { localStorage.setItem(VIEW_KEY, mode); } catch { /* no storage */ }
      this.showMode(wrap);
      // The board's layout changed: the page places its dialog again (clear of the territory).
      window.dispatchEvent(new Event("resize"));
    };
    const zoomTo = (index) => () => {
      this.zoom = Math.max(0, Math.min(ZOOMS.length - 1, index));
      mapBox.style.setProperty("--zoom", String(ZOOMS[this.zoom]));
      mapBox.classList.toggle("zoomed", this.zoom > 0);
      wrap.querySelector(".zoom-level").textContent = `${Math.round(ZOOMS[this.zoom] * 100)}%`;
      wrap.querySelector('[data-board-tool="zoom-out"]').disabled = this.zoom === 0;
      wrap.querySelector('[data-board-tool="zoom-in"]').disabled = this.zoom === ZOOMS.length - 1;
    };
    mapBox.classList.toggle("zoomed", this.zoom > 0);
    const button = (key, label, onclick, extra = {}) => el("button", { type: "button", "data-board-tool": key, "data-focus-key": `tool:${key}`, onclick, ...extra }, label);
    return el("div", { class: "lbe-tools", role: "toolbar", "aria-label": t("board_tools") },
      el("span", { class: "seg" },
        button("map", t("view_map"), pick("map"), { "aria-pressed": "false" }),
        button("table", t("view_table"), pick("table"), { "aria-pressed": "false" })),
      el("span", { class: "seg zoom" },
        button("zoom-out", "−", () => zoomTo(this.zoom - 1)(), { "aria-label": t("zoom_out"), title: t("zoom_out"), disabled: this.zoom === 0 }),
        el("span", { class: "zoom-level", "aria-live": "polite" }, `${Math.round(ZOOMS[this.zoom] * 100)}%`),
        button("zoom-in", "+", () => zoomTo(this.zoom + 1)(), { "aria-label": t("zoom_in"), title: t("zoom_in"), disabled: this.zoom === ZOOMS.length - 1 })),
      el("span", { class: "hint muted" }, t("map_hint")));
  }

  showMode(wrap) {
    const map = this.mode !== "table";
    wrap.querySelector('[data-view="map"]').hidden = !map;
    wrap.querySelector('[data-view="table"]').hidden = map;
    wrap.querySelector(".seg.zoom").hidden = !map;
    wrap.querySelector(".hint").hidden = !map;
    wrap.querySelector('[data-board-tool="map"]').setAttribute("aria-pressed", String(map));
    wrap.querySelector('[data-board-tool="table"]').setAttribute("aria-pressed", String(!map));
  }

  // Keyboard: one map item in the tab order (roving focus), the arrow keys move to the nearest
  // item in that direction, Enter or Space acts as a click (the page then offers the actions).
  keyboard(wrap, mapBox, targets) {
    const items = [...mapBox.querySelectorAll(".mapitem")];
    if (!items.length) return;
    for (const item of items) {
      item.setAttribute("tabindex", "-1");
      item.setAttribute("data-focus-key", item.getAttribute("data-target"));
    }
    const start = items.find((i) => i.getAttribute("data-target") === this.focusKey)
      || items.find((i) => targets.has(i.getAttribute("data-target"))) || items[0];
    start.setAttribute("tabindex", "0");
    mapBox.addEventListener("focusin", (event) => {
      const item = event.target.closest?.(".mapitem");
      if (!item) return;
      for (const other of items) other.setAttribute("tabindex", other === item ? "0" : "-1");
      this.focusKey = item.getAttribute("data-target");
    });
    mapBox.addEventListener("keydown", (event) => {
      const item = event.target.closest?.(".mapitem");
      if (!item) return;
      const arrows = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
      if (arrows[event.key]) {
        event.preventDefault();
        const next = nearest(item, items, arrows[event.key]);
        if (next) next.focus();
      } else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        if (!item.classList.contains("legal")) return;
        const box = item.getBoundingClientRect();
        this.returnFocus = item.getAttribute("data-target");
        // A click of detail 0: the page's menu takes the keyboard (and Escape gives it back here,
        // through focusTarget).
        item.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, detail: 0, clientX: box.left + box.width / 2, clientY: box.bottom }));
      }
    });
  }

  // The old board: territories as boxes in rows, per continent (the table view).
  drawTable(view, legalTargets) {
    const W = 1060;
    const parts = [];
    parts.push(this.tracks(view, W));
    const europe = this.b.continents.find((c) => c.id === "europe");
    const others = this.b.continents.filter((c) => c.id !== "europe");
    let y = 160;
    if (europe) {
      parts.push(this.continent(view, europe, 10, y, 4, legalTargets));
      y += 24 + Math.ceil(europe.territories.length / 4) * ROW + 12;
    }
    others.forEach((c, i) => parts.push(this.continent(view, c, 10 + i * 528, y, 2, legalTargets)));
    const rows = Math.max(0, ...others.map((c) => Math.ceil(c.territories.length / 2)));
    const H = y + 24 + rows * ROW + 30;
    parts.push(`<text x="12" y="${H - 10}" class="legend">${esc(t("legend"))}</text>`);
    return `<svg xmlns="http://www.w3.org/2000/svg" class="lbe-table-svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(t("table_label"))}">${parts.join("")}</svg>`;
  }

  tracks(view, W) {
    const out = [];
    const acting = view.decision?.seat;
    // Turn track with the eras shaded, then the turn order.
    out.push(`<text x="12" y="22" class="tl">${esc(t("turn"))}</text>`);
    for (let n = 1; n <= this.b.turns; n++) {
      const x = 60 + (n - 1) * 30;
      const era = n <= 3 ? 1 : n <= 6 ? 2 : 3;
      const cls = n === view.turn ? "cell now" : `cell era${era}`;
      out.push(`<rect x="${x}" y="8" width="28" height="22" class="${cls}"/><text x="${x + 14}" y="24" class="cn">${n}</text>`);
    }
    const ox = 60 + this.b.turns * 30 + 20;
    out.push(`<text x="${ox}" y="22" class="tl">${esc(t("order"))}</text>`);
    // Before the first turn, the order of the Initial Setup (§3.3.1), printed on the board.
    const order = view.turn_order.length ? view.turn_order
      : view.phase === "initial-setup" && this.b.setup_order ? this.b.setup_order : Object.keys(view.powers);
    out.push(`<g data-order="${esc(order.join(" "))}"></g>`);
    order.forEach((p, i) => {
      const x = ox + 112 + i * 44;
      const ring = p === acting ? `<rect x="${x - 3}" y="5" width="42" height="28" rx="4" class="acting"/>` : "";
      out.push(`${ring}${this.cubeSvg(p, x, 8, 36, 22)}`);
      if (view.powers[p]?.np) out.push(`<text x="${x + 18}" y="37" class="np-mark" text-anchor="middle">${esc(t("np_short"))}</text>`);
    });
    if (view.next_order.length) {
      const nx = ox + 112 + order.length * 44 + 16;
      out.push(`<text x="${nx}" y="22" class="tl">${esc(t("next_order"))}: ${esc(view.next_order.join(" "))}</text>`);
    }
    // Prestige track.
    const pr = this.b.prestige;
    out.push(`<text x="12" y="64" class="tl">${esc(t("prestige"))}</text>`);
    const cells = pr.highest - pr.lowest + 1;
    const cw = Math.min(36, (W - LABEL_W - 10) / cells);
    for (let v = pr.lowest; v <= pr.highest; v++) {
      const x = LABEL_W + (v - pr.lowest) * cw;
      // §11: each space's end-of-game VP (top right) and one-off bonus (at the foot, under any
      // cubes), in words on hover.
      const bonus = pr.bonus?.[String(v)];
      const vp = pr.vp?.[String(v)] ?? 0;
      const mark = !bonus || bonus.kind === "none" ? "" : bonus.kind === "money" ? `£${bonus.amount}` : bonus.kind === "dm" ? `+${t("dm")}` : "+Int";
      const said = [`${t("prestige")} ${v}`, `${vp > 0 ? "+" : ""}${vp} ${t("vp")} (§10.2)`];
      if (mark) said.push(`${t("bonus")}: ${t(`bonus_${bonus.kind}`)}${bonus.kind === "money" ? ` £${bonus.amount}` : ""} (§11.1)`);
      out.push(`<g class="pcell" data-prestige="${v}"><title>${esc(said.join(" · "))}</title><rect x="${x}" y="38" width="${cw - 2}" height="42" class="cell"/><text x="${x + 3}" y="47" class="cs">${v}</text>`);
      if (mark) out.push(`<text x="${x + (cw - 2) / 2}" y="76" class="cs pbonus">${esc(mark)}</text>`);
      if (vp) out.push(`<text x="${x + cw - 4}" y="47" class="cs pvp">${vp > 0 ? "+" : ""}${vp}</text>`);
      out.push("</g>");
      const here = Object.keys(view.powers).filter((p) => view.powers[p].prestige === v);
      here.forEach((p, k) => out.push(this.cubeSvg(p, x + 3 + (k % 2) * 15, 52 + Math.floor(k / 2) * 13, 13, 12, true)));
    }
    // Fleet track and Victory Points.
    const ft = this.b.fleet_track;
    out.push(`<text x="12" y="112" class="tl">${esc(t("fleet_track"))}</text>`);
    for (let v = ft.lowest; v <= ft.highest; v++) {
      const x = LABEL_W + (v - ft.lowest) * 34;
      out.push(`<rect x="${x}" y="88" width="32" height="40" class="cell"/><text x="${x + 3}" y="97" class="cs">${v}</text>`);
      const here = Object.keys(view.powers).filter((p) => view.powers[p].fleet_track === v);
      here.forEach((p, k) => out.push(this.cubeSvg(p, x + 3 + (k % 2) * 14, 100 + Math.floor(k / 2) * 13, 13, 12, true)));
    }
    const vx = LABEL_W + (ft.highest - ft.lowest + 1) * 34 + 30;
    out.push(`<text x="${vx}" y="112" class="tl">${esc(t("vp"))}</text>`);
    const maxVp = Math.max(50, ...Object.values(view.powers).map((p) => p.vp + 5));
    const top = Math.ceil(maxVp / 25) * 25;
    const x0 = vx + 40;
    const span = W - 20 - x0;
    out.push(`<line x1="${x0}" y1="118" x2="${x0 + span}" y2="118" class="axis"/>`);
    for (let v = 0; v <= top; v += 5) {
      const x = x0 + (v / top) * span;
      out.push(`<line x1="${x}" y1="${v % 25 ? 115 : 111}" x2="${x}" y2="121" class="axis"/>`);
      if (v % 25 === 0) out.push(`<text x="${x}" y="132" class="cn">${v}</text>`);
    }
    // Close scores would hide each other (a VP is ~11 px): the markers keep their order and are
    // pushed right just enough to sit side by side, each with a pointer to its place on the axis.
    const markers = Object.entries(view.powers)
      .map(([p, me]) => ({ p, vp: me.vp, at: x0 + (Math.max(0, me.vp) / top) * span }))
      .sort((a, b) => a.vp - b.vp || a.p.localeCompare(b.p));
    let next = -Infinity;
    for (const m of markers) {
      m.x = Math.max(m.at - 20, next);
      next = m.x + 42;
    }
    const overflow = next - 42 - (x0 + span - 20);
    if (overflow > 0) markers.forEach((m) => { m.x -= overflow; });
    for (const m of markers) {
      out.push(`<line x1="${m.x + 20}" y1="106" x2="${m.at}" y2="118" class="axis"/>`);
      out.push(this.cubeSvg(m.p, m.x, 86, 40, 18, true, 0, `${m.p} ${m.vp}`));
    }
    out.push(`<text x="12" y="150" class="tl">${esc(t("events_deck"))}: ${view.events.deck} · ${esc(t("intrigue_deck"))}: ${view.intrigue.deck} (${esc(t("discard"))} ${view.intrigue.discard})</text>`);
    return out.join("");
  }

  cubeSvg(owner, x, y, w, h, small = false, dy = 0, text = null, fontSize = null) {
    let fill;
    let ink = "#fff";
    let letter = owner;
    if (this.b.powers[owner]) fill = this.colour(owner);
    else if (owner === "#") { fill = "#222"; ink = "#ffd54f"; }
    else { fill = MINOR_FILL; ink = MINOR_INK; letter = MINOR_CODES[owner] || owner.slice(0, 2); }
    const size = fontSize ?? (small ? 8 : Math.min(12, h * 0.6));
    const title = this.b.powers[owner] ? this.powerName(owner) : owner === "#" ? t("armaments") : this.name(owner);
    return `<g class="cube"><title>${esc(title)}</title><rect x="${x}" y="${y + dy}" width="${w}" height="${h}" rx="2" fill="${fill}" stroke="#111" stroke-width="0.8"/>` +
      `<text x="${x + w / 2}" y="${y + dy + h / 2 + size * 0.36}" font-size="${size}" fill="${ink}" class="cl">${esc(text ?? letter)}</text></g>`;
  }

  continent(view, cont, x, y, columns, targets) {
    const out = [];
    const width = columns * 258 - 8;
    const rows = Math.ceil(cont.territories.length / columns);
    out.push(`<rect x="${x}" y="${y}" width="${width}" height="${24 + rows * ROW}" rx="6" class="continent ${cont.id}"/>`);
    out.push(`<text x="${x + 8}" y="${y + 17}" class="ct">${esc(tx(cont.name))}</text>`);
    if (cont.fleet_box) out.push(this.fleetBox(view, cont, x + 110, y + 3, targets));
    cont.territories.forEach((tid, i) => {
      const col = i % columns;
      const row = Math.floor(i / columns);
      out.push(this.territory(view, tid, x + 4 + col * 258, y + 24 + row * ROW, targets));
    });
    return out.join("");
  }

  fleetBox(view, cont, x, y, targets) {
    const key = `b:${cont.id}`;
    const legal = targets.has(key) ? " legal" : "";
    const out = [`<g class="target${legal}" data-target="${key}"><rect x="${x}" y="${y}" width="300" height="18" rx="3" class="fleetbox"/>`];
    out.push(`<text x="${x + 5}" y="${y + 13}" class="cs">${esc(t("fleet_box"))}</text>`);
    let cx = x + 48;
    for (const [p, n] of Object.entries(view.fleet_boxes[cont.id] || {})) {
      if (!n) continue;
      const ex = view.powers[p].fleets.exhausted[cont.id] || 0;
      out.push(this.cubeSvg(p, cx, y + 2, 40, 14, true, 0, `${p} ${n}${ex ? "*" : ""}`));
      cx += 44;
    }
    for (const [minor, data] of Object.entries(view.minors)) {
      for (const unit of data.units) {
        if (unit.location === cont.id && unit.unit.endsWith("fleet")) {
          out.push(this.cubeSvg(minor, cx, y + 2, 30, 14, true, 0, `${MINOR_CODES[minor] || minor.slice(0, 2)}⚓`));
          cx += 34;
        }
      }
    }
    out.push("</g>");
    return out.join("");
  }

  territory(view, tid, x, y, targets) {
    const info = this.b.territories[tid];
    const here = view.territories[tid];
    const key = `t:${tid}`;
    const legal = targets.has(key) ? " legal" : "";
    const holder = here.holder;
    const stroke = holder ? this.colour(holder) : "#9e9e9e";
    const out = [`<g class="territory target${legal}" data-target="${key}" data-territory="${tid}">`];
    out.push(`<rect x="${x}" y="${y}" width="250" height="${ROW - 4}" rx="4" class="tbox" stroke="${stroke}" stroke-width="${holder ? 3 : 1}"/>`);
    const kind = info.kind === "minor" ? "M" : "C";
    out.push(`<text x="${x + 6}" y="${y + 14}" class="tn">${esc(this.territoryName(tid))} <tspan class="cs">${kind}</tspan></text>`);
    const notes = [];
    if (holder) notes.push(`${holder} ${info.kind === "minor" ? t("ally") : t("controls")}`);
    const contrasts = view.contrasts[tid];
    if (contrasts) notes.push(`${t("contrasts")} ${contrasts.power}`);
    out.push(`<text x="${x + 244}" y="${y + 14}" class="tv">${esc(notes.join(" · "))}${notes.length ? " · " : ""}${esc(t("vp"))} ${info.vp}</text>`);
    // Eight spaces fill the box's width; a larger territory (Italy's 10) is drawn smaller to fit.
    const fit = Math.min(1, 8 / here.spaces.length);
    out.push(`<g transform="translate(${x + 6} ${y + 22}) scale(${fit})">`);
    here.spaces.forEach((space, i) => {
      const sx = i * 29;
      const sy = 0;
      const skey = `s:${tid}:${i + 1}`;
      const slegal = targets.has(skey) ? " legal" : "";
      out.push(`<g class="space target${slegal}" data-target="${skey}"><rect x="${sx}" y="${sy}" width="27" height="34" rx="2" class="sp"/>`);
      const face = info.die_faces[i];
      if (face !== null && face !== undefined) out.push(`<text x="${sx + 24}" y="${sy + 8}" class="df">${face}</text>`);
      if (space) {
        const [base, top] = space.split("/");
        if (top) {
          // A dispute: the attacker's cube stands on the defender's (§8.2).
          // Offset so both owners' letters stay readable; the red mark flags the dispute.
          out.push(this.cubeSvg(base, sx + 1, sy + 16, 17, 17, true));
          out.push(this.cubeSvg(top, sx + 10, sy + 1, 16, 16, true));
          out.push(`<path d="M${sx + 2} ${sy + 12} l4 -8 l4 8 z" class="dz"><title>${esc(t("dispute"))}</title></path>`);
        } else {
          out.push(this.cubeSvg(base, sx + 3, sy + 10, 21, 21, false));
        }
      }
      out.push("</g>");
    });
    out.push("</g>");
    // Below the spaces, never over them: the Powers' armies sent here (left) and an allied minor
    // nation's own units (right; at home unless a place is named).
    const minor = view.minors[tid];
    if (minor && minor.units.length) {
      const home = (u) => u.location === "home" || u.location === "arsenal";
      const units = minor.units.map((u) => `${u.unit.endsWith("fleet") ? "⚓" : "⚑"}${home(u) ? "" : "→" + this.name(u.location)}${u.exhausted ? "*" : ""}`);
      const where = minor.units.every(home) ? ` ${t("arsenal")}` : "";
      out.push(`<text x="${x + 244}" y="${y + 70}" class="tv" data-units="${tid}">${esc(units.join(" ") + where)}</text>`);
    }
    const out_armies = Object.entries(view.powers).filter(([, me]) => me.armies.out[tid]).map(([p, me]) => `${p}×${me.armies.out[tid]}`);
    if (out_armies.length) out.push(`<text x="${x + 6}" y="${y + 70}" class="tv start">⚑ ${esc(out_armies.join(" "))}</text>`);
    out.push("</g>");
    return out.join("");
  }

  // -- Power mats --------------------------------------------------------------------------------
  mats(view) {
    const heads = ["", "money", "dm", "reserve", "prestige", "vp", "fleet_track", "armies", "fleets", "great_work", "armaments", "cards", "state"];
    // Short headings (the full name on hover), so the table fits beside the board in either language.
    const table = el("table", { class: "mats" }, el("tr", {}, heads.map((h) => el("th", { title: h ? t(h) : "" }, h ? (has(`h_${h}`) ? t(`h_${h}`) : t(h)) : ""))));
    for (const [p, me] of Object.entries(view.powers)) {
      const out = Object.values(me.armies.out).reduce((a, b) => a + b, 0);
      const boxes = Object.keys(me.fleets.active).map((b) => `${me.fleets.active[b]}${me.fleets.exhausted[b] ? "+" + me.fleets.exhausted[b] + "*" : ""}`).join("/");
      const status = [];
      if (me.np) status.push(t("np_status"));
      if (me.passed) status.push(t("passed"));
      if (me.actions_used.length) status.push(me.actions_used.map((a) => t(`u_${a}`)).join(" + "));
      const gw = this.b.powers[p].great_work;
      table.append(el("tr", { class: view.decision?.seat === p ? "acting" : "" },
        el("td", {}, this.chip(p), " ", this.powerName(p), me.np ? el("span", { class: "np", "data-np": p, title: t("np_title") }, ` (${t("np_short")})`) : null),
        el("td", {}, me.money), el("td", {}, me.embassies), el("td", {}, me.reserve), el("td", {}, me.prestige),
        el("td", {}, me.vp), el("td", {}, me.fleet_track),
        el("td", { title: `${t("arsenal")} / ${t("reserve")} / ${t("out")}` }, `${me.armies.arsenal}/${me.armies.reserve}/${out}`),
        el("td", { title: `${t("arsenal")} / Europe/Africa/Asia / ${t("reserve")}` }, `${me.fleets.arsenal}/${boxes}/${me.fleets.reserve}`),
        el("td", { title: tx(gw.name) }, me.great_work ? t("built") : `£${gw.cost}`),
        el("td", {}, me.armament_left),
        el("td", {}, `${me.intrigue_count}/${me.national.length}`),
        el("td", {}, status.join(", "))));
    }
    const objectives = this.objectivesTable(view);
    const played = view.played.map((c) => `${this.cardName(c.card)} (${c.player}${c.victims.length ? " → " + c.victims.join(", ") : ""})`);
    return el("div", {}, table, played.length ? el("p", { class: "played" }, played.join(" · ")) : null, objectives,
      this.referencePanel(view));
  }

  // The rules and every card one click away: the current decision's rule in our own words
  // (ui/help.py, the terminal's help too), every action's, and every card's text by deck. Folded
  // until opened; what the reader opened stays open across redraws.
  referencePanel(view) {
    const lang = this.it() ? "it" : "en";
    const help = this.b.help || {};
    const open = (this.referenceOpen ||= { main: false, rules: false, cards: false });
    const fold = (key, summary, ...children) => el("details", { class: `reference-${key}`, open: open[key],
      ontoggle: (e) => { open[key] = e.target.open; } }, el("summary", {}, summary), ...children);
    const now = help[view.decision?.kind];
    const topics = Object.entries(help).map(([key, h]) => el("p", { "data-help": key },
      el("b", {}, tx(h.title)), " — ", h[lang]));
    const decks = [["event", t("ref_events")], ["national", t("national")], ["intrigue", t("intrigue")]];
    // Built only once opened: the page holds no card name it does not show (the leak tests read
    // the whole page for other hands' cards, and a hundred texts need not be redrawn unseen).
    const cards = () => decks.map(([kind, title]) => {
      const items = Object.entries(this.b.cards).filter(([, c]) => c.kind === kind)
        .sort(([, a], [, b]) => tx(a.name).localeCompare(tx(b.name)));
      return el("div", { class: "ref-deck", "data-deck": kind }, el("h4", {}, `${title} (${items.length})`),
        ...items.map(([id, c]) => el("p", { "data-card-text": id }, el("b", {}, tx(c.name)), c.cost ? ` (£${Object.values(c.cost)[0]})` : "", ": ",
          c.halves ? c.halves.map((h, i) => `${i + 1}. ${tx(h.name)}: ${tx(h.text)}`).join(" / ") : tx(c.text))));
    });
    return el("details", { class: "reference", id: "reference", open: open.main, ontoggle: (e) => { open.main = e.target.open; } },
      el("summary", {}, el("b", {}, t("ref_title"))),
      now ? el("p", { class: "help-now", "data-help-now": view.decision.kind }, el("b", {}, `${t("ref_now")}: `), now[lang]) : null,
      fold("rules", t("ref_rules"), ...topics),
      el("details", { class: "reference-cards", open: open.cards, ontoggle: (e) => {
        open.cards = e.target.open;
        if (open.cards && !e.target.querySelector(".ref-deck")) e.target.append(...cards());
      } }, el("summary", {}, t("ref_cards")), ...(open.cards ? cards() : [])));
  }

  // §10.1: each Power's National Objectives (printed on its Power Status Card, so public), met or
  // not in the position on screen (rules/scoring.py objective_met, from the view's territories).
  objectiveWords(p, o) {
    const where = o.territories.map((x) => this.territoryName(x)).join(t("or"));
    const who = o.holder === p ? "" : o.holder === "other" ? t("o_other") : this.powerName(o.holder);
    const key = o.kind === "min-cubes" ? "o_cubes" : o.kind === "alliance" ? "o_alliance" : "o_control";
    const text = fill(t(key), { t: where, n: o.count });
    return who ? fill(t("o_by"), { w: who, x: text }) : text;
  }
  objectivesTable(view) {
    const rows = [];
    // The seat's own Power first (the view gives its hand to it alone), then the others.
    const own = Object.keys(view.powers).find((p) => view.powers[p].intrigue);
    const order = Object.keys(this.b.powers).sort((a, b) => (b === own) - (a === own));
    for (const p of order) {
      (this.b.powers[p].objectives || []).forEach((o, i) => {
        const met = !!view.objectives_met?.[p]?.[o.id]; // the rules' own verdict (rules/view.py)
        rows.push(el("tr", { "data-objective": `${p}:${o.id}`, "data-met": String(met), class: `${met ? "met" : ""}${i === 0 ? " first" : ""}` },
          el("td", {}, i === 0 ? this.chip(p) : ""), el("td", {}, this.objectiveWords(p, o), o.vp < 0 ? el("small", { class: "muted" }, ` (${t("o_final")})`) : null),
          el("td", {}, `${o.vp > 0 ? "+" : ""}${o.vp} ${t("vp")}`),
          el("td", { class: "o-state" }, met ? `✓ ${t("o_met")}` : `✗ ${t("o_not_met")}`)));
      });
    }
    if (!rows.length) return null;
    return el("details", { class: "objectives", open: true }, el("summary", {}, el("b", {}, t("objectives_title"))),
      el("table", { class: "mats objectives-table" }, rows));
  }

  // -- the hand ----------------------------------------------------------------------------------
  hand(view, seat, targets) {
    const me = view.powers[seat];
    const box = el("div", { class: "hand" });
    const cards = [...(me.intrigue || []).map((c) => [c, "intrigue"]), ...me.national.map((c) => [c, "national"])];
    if (!cards.length) box.append(el("p", { class: "muted" }, t("no_hand")));
    for (const [id, kind] of cards) {
      const info = this.b.cards[id] || { name: { en: id }, kind };
      const key = `c:${id}`;
      const card = el("div", { class: `card ${kind} target${targets.has(key) ? " legal" : ""}`, "data-target": key, "data-card": id },
        el("div", { class: "card-kind" }, kind === "intrigue" ? t("intrigue") : `${t("national")}${info.cost ? " · £" + (info.cost[seat] ?? "") : ""}`),
        el("div", { class: "card-name" }, tx(info.name)));
      if (info.halves) {
        info.halves.forEach((h, i) => card.append(el("div", { class: "half" }, el("b", {}, `${i + 1}. ${tx(h.name)}: `), tx(h.text))));
      } else if (info.text) card.append(el("div", { class: "half" }, tx(info.text)));
      box.append(card);
    }
    return box;
  }

  // -- dialogs: the dispute exchange and the Ottoman keep ----------------------------------------
  // §8.7 before committing: each legal commitment with its modifier, cost and the odds of the dice
  // (the rules' numbers, carried by the view: rules/dispute_odds.py), every term of both sides' modifiers, who wins a
  // tie, and what each ending does. A click on a choice selects it; Confirm commits it.
  disputeDialog(view, seat, legal, send) {
    const d = view.dispute;
    const it = this.it();
    const who = (p) => (this.b.powers[p] ? this.chip(p) : el("b", {}, this.name(p)));
    const box = el("div", { class: "dispute", "data-dispute": d.territory },
      el("h3", {}, `${t("dispute")} §8.7`),
      el("p", { class: "where" }, `${this.territoryName(d.territory)}, ${it ? "spazio" : "space"} ${d.space}: `,
        who(d.attacker), ` ${t("attacker")} → `, who(d.cube), d.defender && d.defender !== d.cube ? [" (", who(d.defender), ` ${t("defender")})`] : ` ${t("defender")}`));
    const committed = (p, f, a) => el("span", { class: "muted" }, ` ${t("committed")}: ${t("fleets").toLowerCase()} ${f}, ${t("armies").toLowerCase()} ${a}`);
    box.append(el("p", { class: "sides" }, who(d.attacker), committed(d.attacker, d.a_fleets, d.a_armies),
      d.defender ? [el("br"), who(d.defender), committed(d.defender, d.d_fleets, d.d_armies)] : null));
    const commits = legal.filter((a) => a.startsWith("commit"));
    if (!commits.length) {
      // Waiting (the other side commits, or the dice are rolled and a re-roll may follow): the odds
      // as the dispute stands, for both sides and for spectators alike.
      const reroll = view.decision?.kind === "reroll";
      box.append(el("p", { class: "muted" }, t(reroll ? "dispute_reroll" : "dispute_waiting")));
      if (!reroll) {
        const now = { a: d.standing.a.total, d: d.standing.d.total, odds: d.standing.throws };
        box.append(el("p", { class: "standing", "data-standing": `${now.a} ${now.d} ${now.odds.win} ${now.odds.lose} ${now.odds.tie}` },
          fill(t("standing"), { a: d.attacker, am: sign(now.a), d: d.defender || this.name(d.cube), dm: sign(now.d),
            w: Math.round((now.odds.win / 36) * 100), l: Math.round((now.odds.lose / 36) * 100), t: Math.round((now.odds.tie / 36) * 100) })));
      }
      return box;
    }
    // The rules' numbers for each legal commitment (rules/dispute_odds.py, in the seat's view).
    const p = d.prospects;
    if (!p) return box;
    const info = { side: p.side, tie: p.tie, opponent: p.side === "a" ? d.defender : d.attacker, oppNow: p.theirs,
      oppAll: p.theirs_all === null ? null : { total: p.theirs_all }, unitCost: p.unit_cost,
      options: p.options.filter((o) => commits.includes(o.action)).map((o) => ({ ...o, text: o.action })) };
    const key = `${d.territory}:${d.space}:${view.decision?.seat}:${d.a_fleets}:${d.a_armies}:${d.d_fleets}:${d.d_armies}`;
    if (key !== this.choiceKey || !commits.includes(this.choice)) this.choice = commits[0];
    this.choiceKey = key;
    const pct = (n) => `${Math.round((n / 36) * 100)}%`;
    const odds = (o) => (info.side === "a" ? [o.win, o.lose] : [o.lose, o.win]);
    const table = el("table", { class: "odds" }, el("tr", {},
      el("th", {}, t("choice")), el("th", { title: t("mod_title") }, t("mod")), el("th", {}, "£"),
      el("th", { title: t("you_win_title") }, t("you_win")), el("th", { title: t("you_lose_title") }, t("you_lose")), el("th", { title: t("both_title") }, t("tie_short"))));
    const pick = (text) => () => {
      this.choice = text;
      const next = this.disputeDialog(view, seat, legal, send);
      box.replaceWith(next);
      // The keyboard stays on the choice just made (the dialog was drawn again).
      next.querySelector(`tr[data-choice="${CSS.escape(text)}"] button`)?.focus();
    };
    for (const o of info.options) {
      const [mineWin, mineLose] = odds(o.now);
      const worst = o.all ? odds(o.all) : null;
      const row = el("tr", { class: `option${o.text === this.choice ? " chosen" : ""}`, "data-choice": o.text,
        "data-mod": o.mine.total, "data-cost": o.cost, "data-a-win": o.now.win, "data-d-win": o.now.lose, "data-tie": o.now.tie,
        "data-a-win-all": o.all ? o.all.win : "", "data-d-win-all": o.all ? o.all.lose : "", "data-tie-all": o.all ? o.all.tie : "" },
      el("td", {}, el("button", { type: "button", "aria-pressed": String(o.text === this.choice), onclick: pick(o.text) }, this.commitWords(o.text))),
      el("td", {}, `${o.mine.total >= 0 ? "+" : ""}${o.mine.total}`), el("td", {}, o.cost ? `£${o.cost}` : "—"),
      el("td", {}, pct(mineWin), worst ? el("small", {}, ` (${pct(worst[0])})`) : null),
      el("td", {}, pct(mineLose), worst ? el("small", {}, ` (${pct(worst[1])})`) : null),
      el("td", {}, pct(o.now.tie), worst ? el("small", {}, ` (${pct(o.all.tie)})`) : null));
      table.append(row);
    }
    box.append(table);
    box.append(el("div", { class: "confirm-row" },
      el("button", { type: "button", class: "confirm", "data-action": this.choice, onclick: () => send(this.choice) }, `✔ ${t("commit_confirm")}: ${this.commitWords(this.choice)}`)));
    const opp = info.opponent;
    const oppName = opp ? opp : this.name(d.cube);
    const note = info.oppAll && info.oppAll.total !== info.oppNow.total ? fill(t("odds_note_all"), { o: oppName, now: sign(info.oppNow.total), all: sign(info.oppAll.total) })
      : fill(t("odds_note"), { o: oppName, now: sign(info.oppNow.total) });
    box.append(el("p", { class: "muted small" }, note));
    // The chosen commitment in detail: every term of both modifiers, the tie, the cost.
    const chosen = info.options.find((o) => o.text === this.choice);
    const terms = (m) => m.terms.map(([key, value, x]) => `${fill(t(key), { n: x?.n ?? "", each: x?.each ?? "", cap: x?.cap ?? "" })} ${typeof value === "number" ? sign(value) : value}`).join(" · ") || t("t_none");
    const detail = el("ul", { class: "terms" },
      el("li", { "data-terms": "mine" }, el("b", {}, `${seat} ${sign(chosen.mine.total)}: `), terms(chosen.mine)),
      el("li", { "data-terms": "theirs" }, el("b", {}, `${oppName} ${sign(info.oppNow.total)}: `), terms(info.oppNow)),
      el("li", { "data-terms": "tie" }, this.tieWords(view, d, info.tie)),
      el("li", { "data-terms": "cost" }, fill(t("cost_words"), { c: chosen.cost, f: info.unitCost.fleet, a: info.unitCost.army, m: view.powers[seat].money })),
      el("li", { class: "muted" }, t("endings")));
    box.append(detail);
    return box;
  }

  commitWords(text) {
    const c = parseCommit(text);
    const parts = [];
    if (c.fleets) parts.push(`${c.fleets} ${c.fleets === 1 ? t("fleet_one") : t("fleets").toLowerCase()}`);
    if (c.armies) parts.push(`${c.armies} ${c.armies === 1 ? t("army_one") : t("armies").toLowerCase()}`);
    for (const m of c.minors) parts.push(`${this.name(m.replace(/-(fleet|army)$/, ""))} ${m.endsWith("-fleet") ? "⚓" : "⚑"}`);
    return parts.length ? parts.join(" + ") : t("commit_nothing");
  }

  tieWords(view, d, tie) {
    if (!d.defender) return t("tie_minor");
    const a = view.powers[d.attacker].prestige;
    const p = view.powers[d.defender].prestige;
    if (!tie) return fill(t("tie_equal"), { a: d.attacker, d: d.defender, p: a });
    const winner = tie === "attacker" ? d.attacker : d.defender;
    return fill(t("tie_prestige"), { a: d.attacker, d: d.defender, pa: a, pd: p, w: winner });
  }

  dialog(view, seat, legal, send) {
    const d = view.dispute;
    if (d) return this.disputeDialog(view, seat, legal, send);
    const keeps = legal.filter((a) => a.startsWith("keep "));
    if (keeps.length) {
      const box = el("div", { class: "keep" }, el("h3", {}, t("keep_one")));
      box.append(el("div", { class: "choices" }, keeps.map((a) => {
        const id = a.split(" ")[1];
        const info = this.b.cards[id];
        return el("button", { "data-action": a, onclick: () => send(a) }, this.cardName(id),
          info?.halves ? el("small", {}, info.halves.map((h) => tx(h.text)).join(" / ")) : null);
      })));
      return box;
    }
    return null;
  }
}
