// Europe in Turmoil in the browser: the map of Europe (map.js, our own schematic), the tracks (VP
// from -20 to +20, Tension, Great War Status, the Naval Arms Race chart, turn and action round), the
// seat's hand with every card's text, the other side's hand as backs, the Stability decks (open
// information), lasting events and markers. Everything is drawn from the seat's view and the
// legal-action list the page passes; the rules stay on the server (rules/*.py): this module never
// decides what is legal, it only says where an action is clicked and what it does, in words.
//
// The play page (web/static/client.js) imports this module and calls createBoard; the methods below
// are what the page asks of a board (target: where an action is clicked; drawBoard; hand; mats ...).
import { el } from "/static/i18n.js";
import { Generic, boardStyles } from "/static/generic.js";
import { EuropeMap } from "./map.js";

const ZOOMS = [1, 1.5, 2];
const SIDE_WORD = { authoritarian: "Authoritarian", liberal: "Liberal", neutral: "Neutral", scoring: "Scoring" };
const ERA_SHORT = { victorian: "Victorian", edwardian: "Edwardian", georgian: "Georgian" };
// 6.3.5, the Deluxe chart's box abilities in our words (who reached the box first holds it).
const ABILITY = {
  none: "Both navies start here.",
  dreadnought: "First here: 1 SP in up to 2 uncontrolled independent spaces.",
  nassau: "First here: the opponent's cards of 3+ OPs lose 1 OP, until the opponent arrives.",
  vp: "VP to the first navy here, fewer to the second.",
  helgoland: "First here: look at the opponent's hand after your 2nd round, until the opponent arrives.",
  colossus: "First here: 2 OPs after your own event once a turn, until the opponent arrives.",
  orion: "First here: one more Stability card at scoring, until the opponent arrives.",
  moltke: "First here: a free naval attempt after the last round, until the opponent arrives.",
  konig: "First here: re-roll one die a turn, until the opponent arrives.",
  bayern: "First here: draw 3 cards, then discard 2.",
};
// What each decision asks, for the prompt (rules/decisions.py names them).
const ASKS = {
  "setup-reveal": "Reveal your Scoring cards for +1 SP in each setup step, or keep them hidden (3.4, 15.0).",
  "setup-place": "Discretionary setup: click a space to place 1 SP (3.4).",
  play: "Play a card: click a card of your hand, or choose below (5.0).",
  order: "The opponent's event on your card: before or after your OPs? (5.2)",
  place: "Place Support: click a highlighted space (6.1).",
  checks: "Support Check: click a highlighted space (6.2).",
  "event-place": "The event places Support: click a highlighted space (7.0).",
  "event-remove": "The event removes opponent Support: click a highlighted space (7.0).",
  use: "Use the event's OPs (7.4).",
  pick: "Choose a card (7.0).",
  "fi-source": "Foreign Investments: the space your SP leave (7.0).",
  tirpitz: "Admiral von Tirpitz: SP to take from Wilhelm II (6.3.4).",
  stability: "Choose your Stability card(s) for the scoring, sealed (9.0).",
  moltke: "Moltke: a free naval attempt with a card (6.3.5).",
  "war-order": "The Great War: the order of the war's steps (8.4).",
};

export function createBoard(board, getLang) {
  return new EuropeInTurmoil(board, getLang);
}

export class EuropeInTurmoil extends Generic {
  constructor(board, getLang) {
    super(board, getLang);
    this.map = new EuropeMap(board);
    this.view = null;
    this.picked = null; // the space whose details are shown under the map
    this.zoom = 0;
    this.seat = null; // the seat the page draws for (the one deciding, when it holds it)
    this.tracksOpen = typeof window === "undefined" || window.innerWidth >= 700; // phones: folded
    this.scrolled = false; // the map was brought to the seat's place once
    this.decisionKey = null; // the decision the map last showed (a new one is brought into view)
    this.inlineGroups = false; // the rest of the actions: one button per verb, its choices in a menu
    this.byNumber = {};
    for (const [id, card] of Object.entries(board.cards)) this.byNumber[card.number] = id;
    this.ready = boardStyles("eit-board-css", new URL("./board.css", import.meta.url).href);
  }

  // -- names --------------------------------------------------------------------------------------
  colour(side) { return this.b.sides?.[side]?.colour || "#555"; }
  chip(seat) {
    return el("span", { class: "chip", style: `background:${this.colour(seat)}`, title: this.seatName(seat), "data-seat": seat }, seat);
  }
  word(key) { return { mats: "Sides", hand: "Your hand" }[key]; }
  placeName(id) { return this.b.spaces[id]?.name || this.b.boxes[id]?.name || this.b.regions[id]?.name || id; }
  cardOf(n) { return this.b.cards[this.byNumber[n]]; }
  cardName(id) { return this.b.cards[id]?.name || id; }
  stabName(id) { return this.b.stability[id]?.name || id; }

  // -- notation: where it is clicked, how it reads ---------------------------------------------------
  target(text) {
    const [verb, a] = text.split(" ");
    if (["sp", "rm", "check", "from"].includes(verb)) return a;
    if (["event", "ops", "naval", "score", "combo", "card"].includes(verb)) return `card:${a}`;
    return null;
  }
  verbTitle(verb) {
    return {
      sp: "Place SP", rm: "Remove SP", check: "Support Check", from: "Move SP from", event: "Event", ops: "Operations",
      naval: "Naval attempt", score: "Score", combo: "Eight-Nation Alliance", card: "Card", first: "Order",
      stab: "Stability cards", bonus: "Event OPs", tirpitz: "Tirpitz", region: "Region",
      done: "Done", none: "None", pass: "Pass", reveal: "Reveal", conceal: "Keep hidden",
    }[verb] || super.verbTitle(verb);
  }
  label(text) {
    const [verb, a, b] = text.split(" ");
    const card = () => this.cardOf(Number(a));
    const cname = () => card()?.name || `card ${a}`;
    const use = (how) => (how === "checks" ? "2 Support Checks (6.2)" : "placing Support (6.1)");
    switch (verb) {
      case "sp": return `Place 1 SP in ${this.placeName(a)}`;
      case "rm": return `Remove 1 opponent SP from ${this.placeName(a)}`;
      case "check": return `Support Check in ${this.placeName(a)}`;
      case "from": return `Move up to 3 SP out of ${this.placeName(a)}`;
      case "event": return `${cname()}: play the event — ${card()?.text || ""}`;
      case "ops": return `${cname()}: ${card()?.ops ?? "?"} OPs for ${use(b)}${this.theirs(card()) ? ` (with the ${SIDE_WORD[card().side]} event, 5.2)` : ""}`;
      case "naval": return `${cname()}: ${card()?.ops ?? "?"} OPs for a Naval Arms Race attempt (6.3)`;
      case "score": return `${cname()}: score the region now (10.1)`;
      case "combo": return `${cname()} with the Eight-Nation Alliance: OPs for ${use(b)}`;
      case "card": return `${cname()}${card()?.text ? ` — ${card().text}` : ""}`;
      case "first": return a === "event" ? "The opponent's event first, then my OPs" : "My OPs first, then the opponent's event";
      case "stab": return `Stability: ${a.split("+").map((s) => this.stabName(s)).join(" and ")}`;
      case "bonus": return { place: "Use the OPs to place Support", checks: "Use the OPs for 2 Support Checks", pass: "Decline the OPs" }[a] || text;
      case "tirpitz": return `Take ${a} SP from Wilhelm II (the navy advances ${a})`;
      case "region": return `Region: ${this.placeName(a)}`;
      case "reveal": return "Reveal my Scoring cards (+1 SP per setup step)";
      case "conceal": return "Keep my Scoring cards hidden";
      case "done": return "Done";
      case "none": return "None";
      case "pass": return "Pass";
      default: return super.label(text);
    }
  }
  choiceLabel(text) { return this.label(text); }
  // A card of the other ideology than the seat deciding (5.2: its event happens with the OPs).
  theirs(card) {
    const seat = this.seat;
    return !!card && !!seat && ((card.side === "authoritarian" && seat === "L") || (card.side === "liberal" && seat === "A"));
  }

  // -- the header and the prompt --------------------------------------------------------------------
  eraOf(turn) {
    let era = null;
    for (const [id, e] of Object.entries(this.b.eras)) if (turn >= e.from && (!era || e.from > this.b.eras[era].from)) era = id;
    return era;
  }
  header(view) {
    this.view = view;
    const era = this.eraOf(view.turn);
    const done = view.rounds_done || {};
    return `Turn ${view.turn} of ${this.b.turns} (${this.b.eras[era]?.name || ""}) · rounds A ${done.A ?? 0}, L ${done.L ?? 0}`;
  }
  prompt(view, seat) {
    const d = view.decision;
    let ask = ASKS[d?.kind] || "Choose below.";
    if (d?.kind === "place" && d.data) ask = `Place Support: ${d.data.ops} OP(s) left — click a highlighted space (6.1).`;
    if (d?.kind === "setup-place" && d.data) ask = `Discretionary setup: ${d.data.left} SP to place — click a highlighted space (3.4).`;
    if (d?.kind === "event-place" && d.data) ask = `The event places Support (${d.data.left} left): click a highlighted space (7.0).`;
    if (d?.kind === "stability" && d.region) ask = `Scoring ${this.placeName(d.region)}: choose your Stability card(s), sealed (9.0).`;
    return `${this.seatName(seat)}: ${ask}`;
  }

  // -- the board -------------------------------------------------------------------------------------
  drawBoard(view, targets, seat) {
    this.view = view;
    this.seat = seat;
    const old = document.querySelector(".eit-scroll");
    const scroll = old ? [old.scrollLeft, old.scrollTop] : null;
    const root = el("div", { class: "eit-board", "data-turn": String(view.turn), "data-decision": view.decision?.kind || "" });
    root.append(this.tracks(view));
    root.append(this.tools());
    // The decision on the map, said next to it (on a phone the prompt's panel is far below).
    const onMap = [...targets].some((t) => this.b.spaces[t]);
    if (onMap) root.append(el("p", { class: "eit-ask", "data-ask": view.decision?.kind || "" }, this.prompt(view, seat)));
    const box = el("div", { class: `eit-scroll${this.zoom ? " zoomed" : ""}`, "data-zoom": String(ZOOMS[this.zoom]) });
    box.style.setProperty("--zoom", String(ZOOMS[this.zoom]));
    box.innerHTML = this.map.svg(view, targets, this.picked);
    root.append(box);
    root.append(this.legend());
    const details = el("div", { class: "eit-details", "data-details": this.picked || "" });
    if (this.picked) details.append(this.details(view, this.picked));
    root.append(details);
    root.append(this.panels(view, seat));
    for (const node of box.querySelectorAll(".space")) {
      node.addEventListener("click", () => this.pick(node.getAttribute("data-space"), details));
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          node.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: 0, clientY: 0, detail: 0 }));
        }
      });
    }
    // A new decision on the map (place, check, remove ...) brings the map into view when the page
    // was scrolled away from it (a phone, after a card was chosen in the hand) and shows its first
    // highlighted space; otherwise a redraw keeps the map where the player panned it.
    const key = `${view.turn}|${view.decision?.kind || ""}|${seat}|${onMap}`;
    const fresh = onMap && key !== this.decisionKey;
    this.decisionKey = key;
    if (fresh) this.scrolled = false;
    queueMicrotask(() => {
      const now = document.querySelector(".eit-scroll");
      if (!now) return;
      if (scroll) [now.scrollLeft, now.scrollTop] = scroll;
      if (fresh) {
        const top = now.getBoundingClientRect().top;
        if (top < 0 || top > window.innerHeight * 0.6) (document.querySelector(".eit-ask") || now).scrollIntoView({ block: "start" });
      }
      if (this.scrolled || now.scrollWidth <= now.clientWidth + 1) return;
      this.scrolled = true;
      const first = [...targets].find((t) => this.b.spaces[t]) || "paris";
      const node = now.querySelector(`[data-space="${first}"] .plate`);
      if (!node) return;
      const a = node.getBoundingClientRect();
      const b = now.getBoundingClientRect();
      now.scrollLeft += a.left + a.width / 2 - (b.left + b.width / 2);
      now.scrollTop += a.top + a.height / 2 - (b.top + b.height / 2);
    });
    return root;
  }

  pick(id, details) {
    this.picked = id;
    details.replaceChildren(this.details(this.view, id));
    details.setAttribute("data-details", id);
    for (const node of document.querySelectorAll(".eit-map .space")) node.classList.toggle("picked", node.getAttribute("data-space") === id);
  }

  details(view, id) {
    const s = this.b.spaces[id];
    if (!s) return el("span");
    const shown = view.spaces?.[id] || { sp: [0, 0], control: null };
    const region = this.b.regions[s.region]?.name || s.region;
    const control = shown.control ? `${this.seatName(shown.control)}-controlled` : "uncontrolled";
    return el("div", { class: "eit-place" },
      el("h3", {}, s.name, s.battleground ? el("span", { class: "bg-tag" }, " battleground") : null),
      el("p", {}, `${region} · stability ${s.stability} · ${s.icons.join(", ")} · ${control}`),
      el("p", {}, "Support: ", this.chip("A"), ` ${shown.sp[1]}  `, this.chip("L"), ` ${shown.sp[0]}`),
      el("p", { class: "muted" }, `Adjacent: ${s.adjacent.map((a) => this.placeName(a)).join(", ")}`));
  }

  tools() {
    const zoomTo = (i) => { this.zoom = Math.max(0, Math.min(ZOOMS.length - 1, i)); document.dispatchEvent(new Event("scroll")); this.redrawMap(); };
    return el("div", { class: "eit-tools" },
      el("span", { class: "seg" },
        el("button", { type: "button", "data-zoom-out": "", "aria-label": "Zoom out", onclick: () => zoomTo(this.zoom - 1) }, "−"),
        el("span", { class: "zoom-level" }, `${ZOOMS[this.zoom] * 100}%`),
        el("button", { type: "button", "data-zoom-in": "", "aria-label": "Zoom in", onclick: () => zoomTo(this.zoom + 1) }, "+")),
      el("span", { class: "hint muted" }, "Click a space for its details; highlighted spaces have actions for you."));
  }

  redrawMap() {
    const box = document.querySelector(".eit-scroll");
    if (!box) return;
    box.classList.toggle("zoomed", !!this.zoom);
    box.dataset.zoom = String(ZOOMS[this.zoom]);
    box.style.setProperty("--zoom", String(ZOOMS[this.zoom]));
    const level = document.querySelector(".eit-tools .zoom-level");
    if (level) level.textContent = `${ZOOMS[this.zoom] * 100}%`;
  }

  legend() {
    return el("div", { class: "eit-legend" },
      el("span", {}, el("span", { class: "lg-sp", style: `background:${this.colour("A")}` }, "2"), " Authoritarian SP"),
      el("span", {}, el("span", { class: "lg-sp", style: `background:${this.colour("L")}` }, "2"), " Liberal SP"),
      el("span", {}, el("span", { class: "lg-stab" }, "3"), " stability"),
      el("span", {}, el("span", { class: "lg-stab bg" }, "3"), " battleground"),
      el("span", {}, "a filled plate: controlled (2.1.2) · region values: Presence/Domination/Control VP (10.1) · our own schematic map"));
  }

  // -- the tracks ---------------------------------------------------------------------------------------
  tracks(view) {
    const b = this.b;
    const lead = view.vp === 0 ? "even" : `${Math.abs(view.vp)} ${view.vp < 0 ? "Authoritarian" : "Liberal"}`;
    const wrap = el("details", { class: "eit-tracks", open: this.tracksOpen, ontoggle: (e) => { this.tracksOpen = e.target.open; } },
      el("summary", { "data-tracks-summary": "" }, `Turn ${view.turn} · VP ${lead} · Tension ${view.tension} · War Status ${view.gw_status}`));
    // 10.3.2: one marker from 20 (Authoritarian) to 20 (Liberal).
    const vp = el("div", { class: "track vp", "data-track": "vp", "data-value": String(view.vp) },
      el("span", { class: "what" }, "VP"));
    const cells = el("span", { class: "cells" });
    for (let v = -b.vp_victory; v <= b.vp_victory; v += 1) {
      const cls = ["cell", v < 0 ? "a" : v > 0 ? "l" : "zero", v === view.vp ? "on" : ""].filter(Boolean).join(" ");
      cells.append(el("span", { class: cls, title: v === 0 ? "0" : `${Math.abs(v)} ${v < 0 ? "Authoritarian" : "Liberal"}` }, v === view.vp ? String(Math.abs(v)) : ""));
    }
    vp.append(el("span", { class: "end a" }, "A 20"), cells, el("span", { class: "end l" }, "20 L"), el("span", { class: "val" }, lead));
    wrap.append(vp);

    // 8.1: Tension from 0 to 6 (capped by Franz Ferdinand).
    const tension = el("div", { class: "track tension", "data-track": "tension", "data-value": String(view.tension) }, el("span", { class: "what" }, "Tension"));
    for (let v = 0; v <= b.tension_max; v += 1) {
      tension.append(el("span", { class: `step${v === view.tension ? " on" : ""}${v > view.tension_cap ? " capped" : ""}` }, String(v)));
    }
    if (view.tension_cap < b.tension_max) tension.append(el("span", { class: "muted small" }, ` cap ${view.tension_cap}`));
    wrap.append(tension);

    // 8.2: the Great War Status track: its positions, the markers on them, the status.
    const gw = el("div", { class: "track gw", "data-track": "gw", "data-value": String(view.gw_status) }, el("span", { class: "what" }, "Great War Status"));
    b.gw_track.forEach((value, i) => {
      const marker = view.gw_track[i];
      gw.append(el("span", { class: `pos${marker ? " full" : ""}`, title: marker ? this.b.markers[marker]?.name || marker : "open" },
        String(value), marker ? el("small", {}, ` ${this.b.markers[marker]?.name || marker}`) : null));
    });
    gw.append(el("span", { class: "val" }, `status ${view.gw_status}`));
    wrap.append(gw);

    // 6.3: the Naval Arms Race chart: each box, who is where, the High Water Mark.
    const naval = el("div", { class: "track naval", "data-track": "naval" }, el("span", { class: "what" }, "Naval Arms Race"));
    const chart = el("span", { class: "chart" });
    for (const box of b.naval) {
      const here = ["A", "L"].filter((s) => view.navy?.[s] === box.id);
      const holder = view.naval_abilities?.[box.id];
      const vp = box.vp[0] ? ` · VP ${box.vp[0]}/${box.vp[1]}` : "";
      chart.append(el("span", { class: `nbox${view.hwm === box.id ? " hwm" : ""}`, "data-box": box.id,
        title: `${box.name} (${box.needed || "start"})${vp}: ${ABILITY[box.ability] || ""}${holder ? ` Held by the ${this.seatName(holder)}.` : ""}${view.hwm === box.id ? " German High Water Mark." : ""}` },
      el("span", { class: "need" }, box.needed ? String(box.needed) : "·"),
      el("span", { class: "navies" }, here.map((s) => this.chip(s))),
      holder ? el("span", { class: "held", style: `color:${this.colour(holder)}` }, "★") : null));
    }
    naval.append(chart);
    const name = (s) => b.naval.find((x) => x.id === view.navy?.[s])?.name || "?";
    naval.append(el("span", { class: "val" }, `German (A): ${name("A")} · British (L): ${name("L")}`));
    wrap.append(naval);

    // 4.0: the turn and the action rounds still to play.
    const turn = el("div", { class: "track turn", "data-track": "turn", "data-value": String(view.turn) }, el("span", { class: "what" }, "Turn"));
    for (let t = 1; t <= b.turns; t += 1) turn.append(el("span", { class: `step${t === view.turn ? " on" : ""}${t < view.turn ? " past" : ""}` }, String(t)));
    const left = view.rounds_left || [];
    turn.append(el("span", { class: "val" }, `action rounds done A ${view.rounds_done?.A ?? 0} · L ${view.rounds_done?.L ?? 0} · ${left.length} to play`));
    wrap.append(turn);
    return wrap;
  }

  // -- the panels under the map -------------------------------------------------------------------
  cardFace(id, extra = {}) {
    const card = this.b.cards[id];
    if (!card) return el("div", { class: "eit-card" }, id);
    const side = card.side;
    // 15.0 End of Turn: a card kept from an earlier turn; the other player saw its bottom.
    const flags = [card.removed ? "removed after its event (*)" : "", card.lasting ? "lasting (underlined)" : "",
      extra.held ? "held over (its bottom shown)" : ""].filter(Boolean).join(" · ");
    return el("div", { class: `eit-card side-${side}${extra.legal ? " legal" : ""}`, "data-card": id, ...extra.attrs },
      el("div", { class: "top" },
        el("span", { class: "ops", title: "Operations points" }, side === "scoring" ? "S" : String(card.ops)),
        el("span", { class: `cname${card.lasting ? " lasting" : ""}` }, `${card.name}${card.removed ? " *" : ""}`),
        el("span", { class: "num" }, `#${card.number}`)),
      el("div", { class: "meta" }, `${SIDE_WORD[side] || side} · ${ERA_SHORT[card.era] || card.era}${flags ? ` · ${flags}` : ""}`),
      el("div", { class: "text" }, card.text));
  }

  panels(view, seat) {
    const wrap = el("div", { class: "eit-panels" });
    // The other side's hand: backs only, and what it has shown (Scoring cards revealed at setup,
    // cards a Helgoland look saw). A spectator (no hand in the view) sees both sides' backs.
    const hidden = Array.isArray(view.hand) ? [view.opponent || (seat === "A" ? "L" : "A")] : ["A", "L"];
    for (const them of hidden) {
      const count = view.hand_sizes?.[them] ?? 0;
      // 15.0 End of Turn: the held cards showed their bottoms: how many, and none a Scoring card.
      const held = Math.min(count, view.held_counts?.[them] ?? 0);
      const backs = el("div", { class: "backs", "data-opponent-hand": String(count), "data-held": String(held) });
      for (let i = 0; i < count; i += 1) {
        const isHeld = i >= count - held;
        backs.append(el("span", { class: `back${isHeld ? " held" : ""}`, style: `border-color:${this.colour(them)}`,
          title: isHeld ? "Held over from an earlier turn: its bottom shows it is not a Scoring card (15.0)" : "A card back" }));
      }
      const shown = view.revealed?.[them] || [];
      const peek = Array.isArray(view.hand) ? view.peek || [] : [];
      wrap.append(el("section", { class: "eit-panel", "data-panel": "opponent", "data-side": them },
        el("h3", {}, this.chip(them), ` ${this.seatName(them)}'s hand: ${count} card${count === 1 ? "" : "s"}`), backs,
        held ? el("p", { "data-held-note": String(held) }, `${held} held over from an earlier turn (light backs): no Scoring card among them (15.0)`) : null,
        shown.length ? el("p", {}, "Shown: ", shown.map((c) => this.cardName(c)).join(", ")) : null,
        peek.length ? el("p", {}, "Seen (Helgoland): ", peek.map((c) => this.cardName(c)).join(", ")) : null,
        el("p", { class: "muted" }, `Deck ${view.deck_size} · discard ${view.discard?.length ?? 0} · removed ${view.removed?.length ?? 0}`)));
    }

    // Lasting events and markers in effect.
    const lasting = Object.entries(view.in_effect || {});
    const markers = view.markers || [];
    wrap.append(el("section", { class: "eit-panel", "data-panel": "in-effect" }, el("h3", {}, "In effect"),
      !lasting.length && !markers.length ? el("p", { class: "muted" }, "No lasting event or marker.") : null,
      lasting.length ? el("ul", {}, lasting.map(([c, s]) => el("li", { "data-lasting": c }, this.chip(s), ` ${this.cardName(c)}: `, el("span", { class: "muted" }, view.in_play_texts?.[c] || "")))) : null,
      markers.length ? el("p", {}, "Markers: ", markers.map((m) => this.b.markers[m]?.name || m).join(", ")) : null,
      view.ops_mod && (view.ops_mod.A || view.ops_mod.L) ? el("p", {}, `OPs this turn: A ${view.ops_mod.A >= 0 ? "+" : ""}${view.ops_mod.A}, L ${view.ops_mod.L >= 0 ? "+" : ""}${view.ops_mod.L}`) : null));

    // 9.0: the two Stability decks, open information: what each side still has.
    const scored = view.decision?.kind === "stability" && view.decision.region ? ` — scoring ${this.placeName(view.decision.region)}` : "";
    const stab = el("section", { class: "eit-panel", "data-panel": "stability" }, el("h3", {}, `Stability decks (9.0)${scored}`));
    for (const side of ["A", "L"]) {
      const avail = new Set(view.stability?.[side] || []);
      const all = Object.entries(this.b.stability).filter(([, s]) => s.side === side);
      // Open while a scoring asks for Stability cards (9.0), so their texts are at hand.
      const open = view.decision?.kind === "stability";
      stab.append(el("details", { "data-stability": side, open },
        el("summary", {}, this.chip(side), ` ${this.seatName(side)}: ${avail.size} of ${all.length} available`),
        el("ul", {}, all.map(([id, s]) => el("li", { class: avail.has(id) ? "" : "used", "data-stab": id },
          el("b", {}, s.name), avail.has(id) ? "" : " (used)", ": ", s.text)))));
    }
    wrap.append(stab);

    // The discard pile, names only (its texts are in the board data; hover for them).
    const discard = view.discard || [];
    wrap.append(el("section", { class: "eit-panel", "data-panel": "discard" }, el("h3", {}, `Discard (${discard.length})`),
      discard.length ? el("p", { class: "small" }, discard.flatMap((c, i) => [i ? ", " : "", el("span", { title: this.b.cards[c]?.text || "", "data-discard": c }, this.cardName(c))])) : el("p", { class: "muted" }, "Empty.")));
    return wrap;
  }

  // -- the hand: every card with its text; a card with legal plays is a target ---------------------
  hand(view, seat, targets) {
    if (!Array.isArray(view.hand)) return null;
    const box = el("div", { class: "eit-hand", "data-hand": seat });
    if (!view.hand.length) box.append(el("p", { class: "muted" }, "No card in hand."));
    for (const card of view.hand) {
      const key = `card:${card.number}`;
      const legal = targets.has(key);
      box.append(this.cardFace(card.id, { legal, held: card.held, attrs: legal ? { "data-target": key, tabindex: "0", role: "button" } : {} }));
    }
    return box;
  }

  // -- the sides' table ------------------------------------------------------------------------------
  mats(view, state) {
    const toAct = new Set(state?.to_act || view.to_act || []);
    const table = el("table", { class: "mats eit-mats" },
      el("tr", {}, el("th", {}, "Side"), el("th", {}, "Cards"), el("th", {}, "Rounds"), el("th", {}, "Navy"), el("th", {}, "Stability")));
    for (const s of ["A", "L"]) {
      const navy = this.b.naval.find((x) => x.id === view.navy?.[s])?.name || "";
      table.append(el("tr", { class: toAct.has(s) ? "acting" : "", "data-seat-row": s },
        el("td", {}, this.chip(s), el("span", { class: "long" }, ` ${this.seatName(s)}`)),
        el("td", { "data-hand-size": s }, String(view.hand_sizes?.[s] ?? 0)),
        el("td", {}, String(view.rounds_done?.[s] ?? 0)),
        el("td", {}, navy),
        el("td", {}, String(view.stability?.[s]?.length ?? 0))));
    }
    return el("div", { class: "eit-mats-wrap" }, table); // a narrow screen scrolls the table, not the page
  }

  // The log as the rules write it, with spaces by name rather than by id ("french-writers").
  logText(entry) {
    const text = entry.seat && entry.text.startsWith(`${entry.seat} `) ? entry.text.slice(entry.seat.length + 1) : entry.text;
    return text.replace(/\b[a-z][a-z-]*[a-z]\b/g, (word) => this.b.spaces[word]?.name || this.b.boxes[word]?.name || word);
  }

  outcomeNote(outcome) {
    return this.view?.result ? String(this.view.result) : null;
  }
}
