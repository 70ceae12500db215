// Struggle of Empires in the browser, in English and French: the map of Europe and the colonial
// world (map.js, drawn by us), the War / round track and the alliance rows, each empire's gold,
// Population, VP, loans and unrest markers (the unrest's value only on its own seat's page, as the
// view gives it: rules/view.py, L73), the tile stock and each empire's tiles with their texts, and
// the decisions with no place on the map as a dialog: the alliance auction (bid, Proposals A and B,
// pass; L101-131) and the answers inside a combat (L248-333).
//
// Everything is drawn from the seat's view and the legal-action list the page passes (client.js
// calls createBoard(board, getLang), then drawBoard, dialog, mats ... at each state): this module
// never decides what is legal; the rules stay on the server.
import { t, el } from "/static/i18n.js";
import { Generic, boardStyles, keepMapPlace } from "/static/generic.js";
import { logLine } from "./log.js";
import { EmpireMap, markerText } from "./map.js";
import { word } from "./words.js";

const ZOOMS = [1, 1.5, 2];
// Answers inside an attack (rules/decisions.py): offered in the combat dialog.
const COMBAT_KINDS = new Set(["offer", "support", "lose", "assign", "naval", "boost", "reserve", "withdraw"]);
const COMBAT_VERBS = new Set(["offer", "support", "lose", "assign", "fight", "decline", "boost", "reserve", "withdraw", "no"]);
const UNIT_VERBS = new Set(["place", "build"]);

function add(node, ...items) {
  node.append(...items.flat(2).filter((item) => item !== null && item !== undefined && item !== false));
}

export function createBoard(board, getLang) {
  return new StruggleOfEmpires(board, getLang);
}

export class StruggleOfEmpires extends Generic {
  constructor(board, getLang) {
    super(board, getLang);
    this.map = new EmpireMap(board);
    this.view = null;
    this.seat = null;
    this.picked = null; // the region whose details are shown under the map
    this.zoom = 0;
    this.auc = null; // the auction dialog's choice being made: {key, n, a, b}
    this.inlineGroups = false;
    this.ready = boardStyles("soe-board-css", new URL("./board.css", import.meta.url).href);
  }

  // -- words ----------------------------------------------------------------------------------------
  // The page's language (Generic keeps the page's getLang as this.lang); SoE's texts are en and fr.
  currentLang() { return (typeof this.lang === "function" && this.lang()) || "en"; }
  w(key) { return word(this.currentLang(), key); }
  // French sets a space before a colon.
  colon() { return this.currentLang() === "fr" ? " : " : ": "; }
  pick(texts) {
    if (!texts) return "";
    return texts[this.currentLang()] || texts.en || "";
  }
  word(key) {
    if (key === "mats") return this.w("empires");
    if (key === "hand") return this.w("your_tiles");
    return undefined;
  }
  empireName(e) { return this.pick(this.b.empires?.[e]?.name) || e; }
  seatName(seat) { return this.b.seats?.[seat] ? this.pick(this.b.seats[seat]) : this.empireName(seat); }
  regionName(rid) { return this.pick(this.b.regions?.[rid]?.name) || rid; }
  tileName(tid) { return this.pick(this.b.tiles?.[tid]?.name) || tid; }
  chip(e) {
    const colour = this.b.empires?.[e]?.colour || "#666";
    const ink = this.b.empires?.[e]?.ink || "#fff";
    return el("span", { class: "chip soe-chip", style: `background:${colour};color:${ink}`, title: this.empireName(e), "data-seat": e }, e);
  }
  unitWord(kind) { return this.w(kind); }
  // An attack's target: an empire, or a neutral marker (n2g3: strength 2, 3 gold to its conqueror).
  targetName(code) {
    if (this.b.empires?.[code]) return this.empireName(code);
    return `${this.w("neutral")} ${markerText(code, (k) => this.w(k))}`;
  }

  // -- notation: where an action is clicked, and how it reads -----------------------------------------
  target(text) {
    const [verb, ...a] = text.split(" ");
    switch (verb) {
      case "place":
      case "build": return a[1];
      case "attack":
      case "colonize":
      case "enslave":
      case "militia":
      case "raid":
      case "blockade": return a[0];
      case "army":
      case "ship": return a[0];
      case "buy": return `stock:${a[0]}`;
      case "trade":
      case "use":
      case "ally": return `own:${a[0]}`;
      default: return null;
    }
  }
  kind() { return this.view?.decision?.kind || null; }
  verbTitle(verb) {
    const kv = this.b.kind_verbs?.[`${this.kind()} ${verb}`];
    if (kv) return this.pick(kv);
    const v = this.b.verbs?.[verb];
    return v ? this.pick(v) : super.verbTitle(verb);
  }
  label(text) {
    const [verb, ...a] = text.split(" ");
    const title = this.verbTitle(verb);
    const c = this.colon();
    const r = (rid) => this.regionName(rid);
    switch (verb) {
      case "place":
      case "build": return `${title}${c}${this.unitWord(a[0])} — ${r(a[1])}`;
      case "bid": {
        const [pa, pb] = (a[1] || "").split("/");
        const side = (e) => (e === "-" ? this.w("none_side") : this.empireName(e));
        return `${title}${c}${a[0]} — A ${side(pa)}, B ${side(pb)}`;
      }
      case "buy": {
        const tile = this.b.tiles?.[a[0]];
        return `${title}${c}${this.tileName(a[0])}${tile ? ` (${this.price(tile)})` : ""}`;
      }
      case "army":
      case "ship": return `${this.verbTitle(verb)}${c}${r(a[0])} → ${r(a[1])}`;
      case "attack": return `${title}${c}${this.targetName(a[1])} — ${r(a[0])}`;
      case "colonize":
      case "enslave":
      case "militia":
      case "blockade": return a.length ? `${title}${c}${r(a[0])}` : title;
      case "raid": return `${title}${c}${this.targetName(a[1])} — ${r(a[0])}`;
      case "trade": return `${title}${c}${this.tileName(a[0])} — ${r(a[1])}`;
      case "use":
      case "ally": return `${title}${c}${this.tileName(a[0])}${a[1] ? ` — ${this.empireName(a[1])}` : ""}`;
      case "offer": return `${title}${c}${a[0]} ${this.w("gold").toLowerCase()}`;
      case "support": return `${title}${c}${{ none: this.w("none_support"), ships: this.w("ships"), armies: this.w("armies"), all: this.w("all_support") }[a[0]] || a[0]}`;
      case "lose": return `${title}${c}${this.b.empires?.[a[0]] ? `${this.empireName(a[0])} ${this.w("payer")}` : this.unitWord(a[0])}`;
      case "assign": return `${title}${c}${this.tileName(a[0])} — ${this.w(a[1])}`;
      default: return a.length ? `${title} ${a.join(" ")}` : title;
    }
  }
  choiceLabel(text) { return this.label(text); }
  price(tile) {
    const parts = [];
    if (tile.gold) parts.push(`${tile.gold} ${this.w("gold").toLowerCase()}`);
    if (tile.population) parts.push(`${tile.population} ${this.w("pop").toLowerCase()}`);
    if (tile.unrest) parts.push(`${tile.unrest} ${this.w("unrest").toLowerCase()}`);
    return parts.join(", ") || "0";
  }
  inDialog(action) {
    const verb = action.split(" ")[0];
    const kind = this.kind();
    if (kind === "auction") return verb === "bid" || verb === "pass";
    if (COMBAT_KINDS.has(kind)) return COMBAT_VERBS.has(verb);
    return false;
  }

  // -- the header and the prompt ---------------------------------------------------------------------
  phaseName(view) {
    const kind = view.decision?.kind || view.phase;
    if (kind === "deploy") return `${this.w("setup")} (${this.w("deploy")})`;
    if (kind === "auction") return this.w("auction");
    if (kind === "over" || view.final) return this.w("over");
    if (COMBAT_KINDS.has(kind)) return this.w("combat");
    return this.w("turn");
  }
  header(view) {
    this.view = view;
    return `${this.w("war")} ${view.war}/${this.b.wars} · ${this.w("round")} ${view.round}/${view.rounds} · ${this.phaseName(view)}`;
  }
  prompt(view, seat) {
    this.view = view;
    const kind = view.decision?.kind;
    const line = this.pick(this.b.decisions?.[kind]) || t("choose");
    const data = view.decision?.data || {};
    const extra = kind === "turn" && data.actions !== undefined ? ` · ${this.w("actions_left")}: ${data.actions}`
      : kind === "move" && data.left !== undefined ? ` · ${this.w("moves_left")}: ${data.left}` : "";
    return `${this.seatName(seat)}${this.colon()}${line}${extra}. ${this.w("prompt_click")}`;
  }

  // A log line in the page's language (log.js: read back to its key and values from the catalog
  // of rules/log_lines.py, written from its English or French template with the regions' and
  // tiles' names); the chip names the seat, so a line that starts with it does not repeat it.
  logText(entry) {
    const text = logLine(entry.text, this.b, this.currentLang());
    return entry.seat && text.startsWith(`${entry.seat} `) ? text.slice(entry.seat.length + 1) : text;
  }
  // The result in the page's bar, as the log's own "wins" line reads in the page's language.
  outcomeText(summary) { return logLine(summary, this.b, this.currentLang()); }

  // -- the board ---------------------------------------------------------------------------------------
  drawBoard(view, targets, seat) {
    this.view = view;
    this.seat = seat;
    const old = document.querySelector(".soe-scroll");
    const scroll = old ? [old.scrollLeft, old.scrollTop] : null;
    const root = el("div", { class: "soe-board", "data-phase": view.phase, "data-war": String(view.war), "data-round": String(view.round), lang: this.currentLang() });
    root.append(this.track(view), this.alliances(view), this.tools());
    const box = el("div", { class: `soe-scroll${this.zoom ? " zoomed" : ""}`, "data-zoom": String(ZOOMS[this.zoom]) });
    box.style.setProperty("--zoom", String(ZOOMS[this.zoom]));
    box.innerHTML = this.map.svg(view, targets, this.picked, (rid) => this.regionName(rid), (k) => this.w(k));
    root.append(box);
    const details = el("div", { class: "soe-details", "data-details": this.picked || "" });
    if (this.picked) details.append(this.details(view, this.picked));
    root.append(details);
    root.append(this.stock(view, targets));
    for (const node of box.querySelectorAll(".place")) {
      node.addEventListener("click", () => this.pickRegion(node.getAttribute("data-region"), details));
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          node.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: 0, clientY: 0, detail: 0 }));
        }
      });
    }
    // A redraw keeps the map where the player panned it; the first shows the seat's home (a phone).
    const home = this.b.regions[this.b.empires[seat]?.home]?.at;
    keepMapPlace(".soe-scroll", scroll, home, this.b.map.width);
    return root;
  }

  pickRegion(rid, details) {
    this.picked = rid;
    details.setAttribute("data-details", rid);
    details.replaceChildren(this.details(this.view, rid));
    for (const node of document.querySelectorAll(".soe-map .picked")) node.classList.remove("picked");
    document.querySelector(`.soe-map [data-region="${CSS.escape(rid)}"]`)?.classList.add("picked");
  }

  // L101-154: three Wars, each of 6 rounds (5 with five players or more).
  track(view) {
    const cells = [];
    for (let war = 1; war <= this.b.wars; war += 1) {
      const rounds = [];
      for (let r = 1; r <= view.rounds; r += 1) {
        const now = war === view.war && r === view.round;
        const past = war < view.war || (war === view.war && r < view.round);
        rounds.push(el("span", { class: `rnd${now ? " now" : past ? " past" : ""}`, "data-round-cell": `${war}.${r}`, title: `${this.w("war")} ${war} · ${this.w("round")} ${r}` }, String(r)));
      }
      cells.push(el("span", { class: `war${war === view.war ? " now" : ""}`, "data-war-cell": String(war) }, el("b", {}, `${this.w("war")} ${war}`), " ", rounds));
    }
    return el("div", { class: "soe-track", "data-track": "war" },
      cells,
      el("span", { class: "phase", "data-phase": view.decision?.kind || view.phase }, this.phaseName(view)),
      view.first ? el("span", { class: "muted" }, ` · ${this.w("first")}: `, this.chip(view.first)) : null,
      el("span", { class: "muted", "data-bag": String(view.bag) }, ` · ${view.bag} ${this.w("bag")}`));
  }

  // L124-131: the grey and white rows the auctions fill; they set the turn order (G6).
  alliances(view) {
    const row = (cls, title, list) => el("div", { class: `soe-row ${cls}`, "data-row": cls },
      el("span", { class: "what" }, title), list.length ? list.map((e) => this.chip(e)) : el("span", { class: "muted" }, "—"));
    const allied = new Set([...(view.alliances?.grey || []), ...(view.alliances?.white || [])]);
    const free = Object.keys(view.empires || {}).filter((e) => !allied.has(e));
    return el("div", { class: "soe-alliances" },
      row("grey", this.w("grey"), view.alliances?.grey || []),
      row("white", this.w("white"), view.alliances?.white || []),
      free.length && view.decision?.kind === "auction" ? row("free", this.w("unallied"), free) : null,
      (view.order || []).length ? row("order", this.w("order"), view.order) : null);
  }

  tools() {
    const bar = el("div", { class: "soe-tools" });
    const label = el("span", { class: "zoom-level" }, `${Math.round(ZOOMS[this.zoom] * 100)}%`);
    const set = (i) => {
      this.zoom = i;
      const box = document.querySelector(".soe-scroll");
      if (box) {
        box.style.setProperty("--zoom", String(ZOOMS[i]));
        box.classList.toggle("zoomed", i > 0);
        box.setAttribute("data-zoom", String(ZOOMS[i]));
      }
      label.textContent = `${Math.round(ZOOMS[i] * 100)}%`;
    };
    bar.append(el("span", { class: "seg" },
      el("button", { type: "button", "data-zoom-out": "", title: this.w("zoom_out"), "aria-label": this.w("zoom_out"), onclick: () => set(Math.max(0, this.zoom - 1)) }, "−"),
      label,
      el("button", { type: "button", "data-zoom-in": "", title: this.w("zoom_in"), "aria-label": this.w("zoom_in"), onclick: () => set(Math.min(ZOOMS.length - 1, this.zoom + 1)) }, "+")),
    el("span", { class: "muted hint" }, this.w("tap_hint")));
    return bar;
  }

  details(view, rid) {
    const r = this.b.regions[rid];
    const here = view.regions?.[rid] || {};
    const box = el("div", { class: "soe-place", "data-place": rid });
    const kind = r.home_of ? `${this.w("home")} · ${this.w("home_of")} ${this.empireName(r.home_of)}` : r.kind === "colony" ? this.w("colony") : this.w("europe");
    add(box, el("h3", {}, this.regionName(rid), r.home_of ? [" ", this.chip(r.home_of)] : null),
      el("p", {}, kind, r.vp.length ? ` · ${this.w("vp_values")}: ${r.vp.join("/")}` : "",
        ` · ${r.sea ? this.w("sea") : this.w("no_sea")}`, r.naval_at && r.naval_at !== rid ? ` (${this.w("naval_at")} ${this.regionName(r.naval_at)})` : ""),
      r.adjacent.length ? el("p", {}, `${this.w("adjacent")}: ${r.adjacent.map((a) => this.regionName(a)).join(", ")}`) : null);
    const empires = new Set([...Object.keys(here.tokens || {}), ...Object.keys(here.units || {})]);
    if (empires.size) {
      const table = el("table", { class: "soe-small" }, el("tr", {}, el("th", {}, this.w("empire")), el("th", {}, this.w("tokens")),
        el("th", {}, this.w("armies")), el("th", {}, this.w("ships")), el("th", {}, this.w("forts")), here.scores ? el("th", {}, this.w("scores_now")) : null));
      for (const e of empires) {
        const u = here.units?.[e] || {};
        table.append(el("tr", {}, el("td", {}, this.chip(e), " ", this.empireName(e)), el("td", {}, String(here.tokens?.[e] || 0)),
          el("td", {}, String(u.army || 0)), el("td", {}, String(u.ship || 0)), el("td", {}, String(u.fort || 0)),
          here.scores ? el("td", {}, String(here.scores[e] ?? 0)) : null));
      }
      box.append(table);
    } else box.append(el("p", { class: "muted" }, this.w("nothing_here")));
    if ((here.markers || []).length) box.append(el("p", {}, `${this.w("markers")}: ${here.markers.map((m) => markerText(m, (k) => this.w(k))).join(", ")}`));
    for (const [tile, owner] of here.held || []) box.append(el("p", {}, `${this.w("held")} ${this.tileName(tile)}: `, this.chip(owner)));
    if (here.blockade) box.append(el("p", {}, `${this.w("blockade")}: `, this.chip(here.blockade)));
    return box;
  }

  // L158-181: the tiles for sale, each with its price, the copies left and its text.
  stock(view, targets) {
    // Folded by the player (a long list on a phone), it stays folded across redraws.
    const left = Object.values(view.stock || {}).reduce((sum, n) => sum + n, 0);
    const box = el("details", { class: "soe-stock", "data-panel": "stock", open: this.stockOpen !== false,
      ontoggle: (event) => { this.stockOpen = event.currentTarget.open; } },
    el("summary", {}, el("h3", {}, `${this.w("stock")} (${left})`)));
    for (const kind of ["commerce", "alliance", "development"]) {
      const ids = this.b.tile_order.filter((id) => this.b.tiles[id].kind === kind && view.stock?.[id]);
      if (!ids.length) continue;
      box.append(el("h4", {}, this.w(kind)));
      const list = el("div", { class: "soe-tiles" });
      for (const id of ids) {
        const tile = this.b.tiles[id];
        const key = `stock:${id}`;
        const legal = targets.has(key);
        list.append(el(legal ? "button" : "div", { class: `soe-tile ${kind}${legal ? " legal" : ""}`, type: legal ? "button" : null, "data-tile": id, "data-target": legal ? key : null },
          el("b", { class: "tname" }, this.tileName(id)), " ",
          el("span", { class: "tprice" }, `${this.price(tile)} · ×${view.stock[id]} ${this.w("copies")}`),
          el("span", { class: "ttext" }, this.pick(tile.text))));
      }
      box.append(list);
    }
    return box;
  }

  // -- the empires' mats ----------------------------------------------------------------------------
  mats(view, state) {
    this.view = view;
    const toAct = new Set(view.to_act || []);
    const table = el("table", { class: "mats soe-mats" },
      el("tr", {}, el("th", {}, this.w("empire")), el("th", {}, this.w("gold")), el("th", {}, this.w("pop")), el("th", {}, this.w("vp")),
        el("th", {}, this.w("unrest_markers")), el("th", {}, this.w("unrest")), el("th", {}, this.w("loan")),
        el("th", {}, this.w("tokens")), el("th", {}, this.w("units")), el("th", {}, this.w("tiles"))));
    for (const [e, m] of Object.entries(view.empires || {})) {
      const played = state?.controllers?.[e];
      // L73: another empire's unrest is hidden; the view gives null for it (its markers are counted).
      const unrest = m.unrest === null || m.unrest === undefined
        ? el("td", { class: "muted", "data-unrest-hidden": e }, this.w("unrest_hidden"))
        : el("td", { "data-unrest-value": e }, String(m.unrest), m.unrest_values?.length ? ` (${m.unrest_values.join("+")})` : "");
      const tiles = Object.entries(m.tiles || {});
      table.append(el("tr", { class: `${toAct.has(e) ? "acting" : ""}${e === this.seat ? " mine" : ""}`, "data-seat-row": e, "data-empire": e },
        el("td", {}, this.chip(e), " ", this.empireName(e), played && played !== "human" ? el("span", { class: "muted" }, " (bot)") : null),
        el("td", { "data-gold": e }, String(m.gold)),
        el("td", { "data-pop": e }, String(m.population)),
        el("td", { "data-vp": e }, String(m.vp)),
        el("td", { "data-unrest-markers": e }, String(m.unrest_markers)),
        unrest,
        el("td", {}, `${m.loan}`),
        el("td", {}, String(m.tokens)),
        el("td", {}, String(m.units)),
        el("td", { class: "tiles" }, tiles.length ? tiles.map(([id, n]) => el("span", { class: `owned${m.used?.[id] ? " used" : ""}`, title: this.pick(this.b.tiles[id]?.text), "data-owned": id },
          `${this.tileName(id)}${n > 1 ? ` ×${n}` : ""}${m.used?.[id] ? ` (${this.w("used")})` : ""}`)) : el("span", { class: "muted" }, this.w("no_tiles")))));
    }
    return el("div", { class: "soe-mats-box" }, table);
  }

  // The seat's own tiles with their texts; a tile with a free use this turn is a place to click.
  hand(view, seat, targets) {
    const m = view.empires?.[seat];
    if (!m) return null;
    const box = el("div", { class: "soe-hand" });
    const tiles = Object.entries(m.tiles || {});
    if (!tiles.length) box.append(el("p", { class: "muted" }, this.w("no_tiles")));
    for (const [id, n] of tiles) {
      const key = `own:${id}`;
      const legal = targets.has(key);
      box.append(el(legal ? "button" : "div", { class: `soe-tile ${this.b.tiles[id]?.kind || ""}${legal ? " legal" : ""}`, type: legal ? "button" : null, "data-target": legal ? key : null, "data-own-tile": id },
        el("b", { class: "tname" }, this.tileName(id), n > 1 ? ` ×${n}` : ""), m.used?.[id] ? el("span", { class: "muted" }, ` (${this.w("used")})`) : null,
        el("span", { class: "ttext" }, this.pick(this.b.tiles[id]?.text))));
    }
    return box;
  }

  // -- the dialog: the auction, or a combat's answers -----------------------------------------------
  dialogKey(view) {
    const d = view.decision;
    if (!d) return "none";
    if (d.kind === "auction") return `auction:${view.war}:${d.data.opener}:${(view.alliances?.grey || []).length}`;
    if (view.combat) return `combat:${view.combat.attacker}:${view.combat.region}:${view.combat.target}`;
    return d.kind;
  }
  dialogAnchor(view = this.view) {
    const rid = view?.combat?.region;
    return rid ? document.querySelector(`.soe-map [data-region="${CSS.escape(rid)}"]`) : null;
  }

  dialog(view, seat, legal, send) {
    this.view = view;
    const kind = view.decision?.kind;
    if (kind === "auction") return this.auctionDialog(view, seat, legal, send);
    if (COMBAT_KINDS.has(kind) || view.combat) return this.combatDialog(view, seat, legal, send);
    return null;
  }

  // L101-131: bids go clockwise; a bid beats the last (0 opens), and names Proposal A (grey row) and
  // Proposal B (white row) among the unallied empires; once all the others pass, the bidder pays.
  auctionDialog(view, seat, legal, send) {
    const data = view.decision.data || {};
    const box = el("div", { class: "soe-dialog soe-auction", "data-decision": "auction" });
    const bids = legal.filter((a) => a.startsWith("bid "));
    const key = this.dialogKey(view);
    const amounts = [...new Set(bids.map((a) => Number(a.split(" ")[1])))].sort((x, y) => x - y);
    const pairs = [...new Set(bids.map((a) => a.split(" ")[2]))];
    const lowest = amounts.length ? amounts[0] : 0;
    if (!this.auc || this.auc.key !== key || this.auc.high !== data.high) {
      const keep = this.auc && this.auc.key === key ? this.auc : null;
      const pair = keep && pairs.includes(`${keep.a}/${keep.b}`) ? [keep.a, keep.b] : (pairs[0] || "-/-").split("/");
      this.auc = { key, high: data.high, n: lowest, a: pair[0], b: pair[1] };
    }
    const side = (e) => (e === "-" ? el("span", { class: "muted" }, this.w("none_side")) : [this.chip(e), " ", this.empireName(e)]);
    const fill = () => {
      const c = this.auc;
      const parts = [el("h3", {}, `${this.w("auction")} · ${this.w("war")} ${view.war} · ${this.w("opener")} `, data.opener ? this.chip(data.opener) : "—"),
        data.high >= 0
          ? el("p", { class: "terms", "data-high": String(data.high) }, `${this.w("high_bid")}: ${data.high} ${this.w("by")} `, this.chip(data.bidder),
            " — A: ", side(data.a), " · B: ", side(data.b), el("span", { class: "muted" }, ` · ${data.passes} ${this.w("passes")}`))
          : el("p", { class: "terms", "data-high": "-1" }, this.w("no_bid"))];
      if (!legal.length) {
        parts.push(el("p", { class: "muted" }, `${this.w("waiting_for")} `, ...(view.to_act || []).map((e) => this.chip(e))));
        box.replaceChildren(...parts);
        return;
      }
      if (bids.length) {
        const gold = view.empires?.[seat]?.gold ?? 0;
        const choose = (field, value) => () => {
          c[field] = value;
          if (field === "a") {
            const bs = pairs.filter((p) => p.startsWith(`${value}/`)).map((p) => p.split("/")[1]);
            if (!bs.includes(c.b)) c.b = bs[0];
          }
          fill();
        };
        const amountButtons = amounts.map((n) => el("button", { type: "button", class: `opt${c.n === n ? " on" : ""}`, "aria-pressed": String(c.n === n), "data-amount": String(n), onclick: choose("n", n) }, String(n)));
        // Any amount from the lowest is a bid (rules/auction.py check_bid); beyond one's gold the
        // rest is borrowed (R10, L61-73). The server checks it again.
        const more = el("button", { type: "button", class: "opt", "data-amount-more": "", title: "+1", onclick: () => { c.n += 1; fill(); } }, "+1");
        const less = el("button", { type: "button", class: "opt", "data-amount-less": "", disabled: c.n <= lowest, onclick: () => { c.n = Math.max(lowest, c.n - 1); fill(); } }, "−1");
        const firsts = [...new Set(pairs.map((p) => p.split("/")[0]))];
        const seconds = pairs.filter((p) => p.startsWith(`${c.a}/`)).map((p) => p.split("/")[1]);
        const opt = (field, e) => el("button", { type: "button", class: `opt${c[field] === e ? " on" : ""}`, "aria-pressed": String(c[field] === e), [`data-${field}`]: e, onclick: choose(field, e) },
          e === "-" ? this.w("none_side") : [this.chip(e), ` ${this.empireName(e)}`]);
        const action = `bid ${c.n} ${c.a}/${c.b}`;
        const valid = pairs.includes(`${c.a}/${c.b}`) && c.n >= lowest;
        parts.push(
          el("div", { class: "field" }, el("span", { class: "what" }, this.w("amount")), less, ...amountButtons, more,
            el("b", { class: "amount", "data-chosen-amount": String(c.n) }, ` ${c.n}`),
            c.n > gold ? el("small", { class: "warn" }, this.w("borrow")) : null),
          el("div", { class: "field" }, el("span", { class: "what" }, this.w("proposal_a")), firsts.map((e) => opt("a", e))),
          el("div", { class: "field" }, el("span", { class: "what" }, this.w("proposal_b")), seconds.map((e) => opt("b", e))),
        );
        const choices = el("div", { class: "choices" },
          el("button", { type: "button", class: "soe-choice yes", "data-action": action, "data-bid": "", disabled: !valid, onclick: () => send(action) }, `${this.w("bid")} ${c.n}: A ${c.a === "-" ? "—" : c.a} · B ${c.b === "-" ? "—" : c.b}`));
        if (legal.includes("pass")) choices.append(el("button", { type: "button", class: "soe-choice no", "data-action": "pass", onclick: () => send("pass") }, this.w("pass_auction")));
        parts.push(choices);
      } else if (legal.includes("pass")) {
        parts.push(el("div", { class: "choices" }, el("button", { type: "button", class: "soe-choice no", "data-action": "pass", onclick: () => send("pass") }, this.w("pass_auction"))));
      }
      const focused = box.contains(document.activeElement) ? document.activeElement : null;
      const again = focused ? [...focused.attributes].find((at) => at.name.startsWith("data-"))?.name : null;
      box.replaceChildren(...parts);
      if (again) box.querySelector(`[${again}]`)?.focus({ preventScroll: true });
    };
    fill();
    return box;
  }

  // What every empire at the table saw and heard during the attack (the view's public facts):
  // a Surprise Attack (L558-559), the gold offered to each ally asked and its answer (L303-314,
  // R22), the Blockade's +2 (L570), Fighting Withdrawal (L554-556).
  tableTalk(c) {
    const out = [];
    if (c.surprise) out.push(el("p", { "data-surprise": "" }, this.w("surprise_attack")));
    const offers = c.offers || {};
    const answers = c.answers || {};
    const asked = [...new Set([...Object.keys(offers), ...Object.keys(answers)])];
    if (asked.length) {
      out.push(el("p", { class: "muted" }, this.w("asks")));
      out.push(el("ul", { class: "soe-asks" }, asked.map((ally) => el("li", { "data-ally": ally, "data-answer": answers[ally] || "" },
        this.chip(ally), ` ${offers[ally] ? `${offers[ally]} ${this.w("gold_offered")}` : this.w("no_gold_offered")}${this.colon()}`,
        answers[ally] ? this.w(`answer_${answers[ally]}`) : this.w("answer_waiting")))));
    }
    if (c.boost) out.push(el("p", { "data-boost": "" }, this.w("boost_on")));
    if (c.withdrawn) out.push(el("p", { "data-withdrawn": "" }, this.w("withdrawn")));
    return out;
  }

  combatDialog(view, seat, legal, send) {
    const c = view.combat;
    const box = el("div", { class: "soe-dialog soe-combat", "data-decision": view.decision?.kind || "combat" });
    add(box, el("h3", {}, this.w("combat")));
    if (c) {
      add(box, el("p", { class: "terms" }, this.chip(c.attacker), ` → ${this.targetName(c.target)} · ${this.w("in")} ${this.regionName(c.region)}`),
        Object.keys(c.support || {}).length ? el("p", {}, `${this.w("support")}${this.colon()}`, ...Object.entries(c.support).flatMap(([e, what]) => [this.chip(e), ` ${this.w(`answer_${what}`)} `])) : null,
        Object.keys(c.dice || {}).length ? el("p", { "data-dice": "" }, `${this.w("dice")}${this.colon()}${Object.entries(c.dice).map(([k, v]) => `${k} ${v.join(",")}`).join(" · ")}`) : null);
      add(box, this.tableTalk(c));
    }
    // R22 (L312-314): the ally asked to support sees who asks and the gold offered for it.
    const data = view.decision?.data || {};
    if (view.decision?.kind === "support" && data.from) {
      add(box, el("p", { "data-asked-by": data.from }, `${this.w("asked_by")} `, this.chip(data.from),
        data.offer ? ` · ${data.offer} ${this.w("gold_offered")}` : ""));
    }
    const line = this.pick(this.b.decisions?.[view.decision?.kind]);
    if (line) add(box, el("p", { class: "muted" }, line));
    const mine = legal.filter((a) => this.inDialog(a));
    if (mine.length) {
      add(box, el("div", { class: "choices" }, mine.map((a) => el("button", { type: "button", class: "soe-choice", "data-action": a, onclick: () => send(a) }, this.label(a)))));
    } else add(box, el("p", { class: "muted" }, `${this.w("waiting_for")} `, ...(view.to_act || []).map((e) => this.chip(e))));
    return box;
  }
}
