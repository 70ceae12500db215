// Pax Britannica's world as an SVG drawn by us (a schematic, not the publisher's map): every Area,
// Home Country and Sea Zone where the board data places it (ui/layout.py), the Overland Routes
// (solid), the coasts (dotted) and the sea lanes between Sea Zones (dashed) from the content, and on
// them what the seat's view says: each Power's markers by status, units, merchant fleets, canals,
// Unrest, the disputed Area and the Congress's Area. Nothing here decides what is legal: the places
// marked `legal` are those the page's legal actions point to.
import { LEVEL_LETTERS, levelName, typeName, tr } from "./words.js";

export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

const TYPE_FILL = {
  unorganized: "#efe6cd", independent: "#dfe9cf", ottoman: "#f1d8c0", "chinese-empire": "#f3d0cc", "chinese-vassal": "#f2e0dc",
};
const R = 17; // an Area's disc
const HIT = 23; // its target: 46 units, 46 px on a phone's unzoomed map
const CONTROL = new Set(["protectorate", "possession", "state", "dominion"]);

// Units as the view lists them ("A3", "N10"): each Power's army and naval strength in one place.
function strengths(list) {
  let army = 0;
  let naval = 0;
  for (const u of list) {
    const n = Number(String(u).slice(1)) || 0;
    if (String(u).startsWith("A")) army += n; else naval += n;
  }
  return { army, naval };
}

export function unitsAt(view) {
  // place -> [[power, {army, naval}]]
  const out = new Map();
  for (const [power, locs] of Object.entries(view.units || {})) {
    for (const [loc, list] of Object.entries(locs)) {
      const key = loc === "home" ? `home:${power}` : loc;
      out.set(key, [...(out.get(key) || []), [power, strengths(list)]]);
    }
  }
  return out;
}

export function fleetsAt(view) {
  // sea -> Map(power -> count)
  const out = new Map();
  for (const [power, seas] of Object.entries(view.fleets || {})) {
    for (const sea of seas) {
      const here = out.get(sea) || new Map();
      here.set(power, (here.get(power) || 0) + 1);
      out.set(sea, here);
    }
  }
  return out;
}

export class WorldMap {
  constructor(board) {
    this.b = board;
  }

  colour(p) { return this.b.powers[p]?.colour || "#555"; }

  // The markers of an Area, strongest first: [power, level, established].
  markers(view, area) {
    const held = view.markers?.[area] || {};
    const order = this.b.levels;
    return Object.entries(held)
      .map(([p, m]) => [p, m.level, m.established])
      .sort((x, y) => order.indexOf(y[1]) - order.indexOf(x[1]) || x[0].localeCompare(y[0]));
  }

  links() {
    const b = this.b;
    const parts = [];
    const at = (key) => (key.startsWith("home:") ? b.homes[key.slice(5)]?.at : key.startsWith("sea:") ? b.seas[key.slice(4)]?.at : b.areas[key]?.at);
    const line = (p, q, cls) => (p && q ? `<line class="${cls}" x1="${p[0]}" y1="${p[1]}" x2="${q[0]}" y2="${q[1]}"/>` : "");
    const seen = new Set();
    for (const [sid, sea] of Object.entries(b.seas)) {
      for (const other of sea.neighbours) {
        const key = [sid, other].sort().join("|");
        if (seen.has(key)) continue;
        seen.add(key);
        parts.push(line(sea.at, b.seas[other]?.at, sea.cape || b.seas[other]?.cape ? "lane cape" : "lane"));
      }
    }
    for (const [aid, area] of Object.entries(b.areas)) {
      for (const sea of area.seas) parts.push(line(area.at, b.seas[sea]?.at, "coast"));
    }
    for (const [pid, home] of Object.entries(b.homes)) {
      for (const sea of home.seas) parts.push(line(home.at, b.seas[sea]?.at, "coast"));
    }
    for (const [aid, area] of Object.entries(b.areas)) {
      for (const other of area.land) {
        const key = [aid, other].sort().join("|");
        if (seen.has(key)) continue;
        seen.add(key);
        parts.push(line(area.at, at(other.startsWith("home:") ? other : other), "route"));
      }
    }
    return parts.join("");
  }

  // The SVG of the whole map; `targets` the places the seat's legal actions point to.
  svg(view, targets, picked) {
    const b = this.b;
    const { width, height } = b.map;
    const units = unitsAt(view);
    const fleets = fleetsAt(view);
    const unrest = new Set(view.unrest || []);
    const canals = new Set(view.canals || []);
    const disputed = view.dispute?.area || null;
    const congress = view.congress?.area || null;
    const out = [];
    out.push(`<svg class="pb-map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${tr("World map (our schematic)", "Mappa del mondo (il nostro schema)")}">`);
    out.push(`<rect class="ocean" x="0" y="0" width="${width}" height="${height}"/>`);
    out.push(`<g class="links">${this.links()}</g>`);
    // Sea Zones: a label with the merchant fleets there.
    for (const [sid, sea] of Object.entries(b.seas)) {
      const key = `sea:${sid}`;
      const [x, y] = sea.at;
      const here = fleets.get(sid) || new Map();
      const chips = [...here.entries()].sort();
      const w = Math.max(esc(sea.name).length * 6.2 + 14, chips.length * 30 + 8);
      const cls = ["sea", "place", sea.cape ? "cape" : "", targets.has(key) ? "legal target" : "", picked === key ? "picked" : ""].join(" ");
      const fleetText = chips.map(([p, n]) => `${p}:${n}`).join(" ");
      out.push(`<g class="${cls}" data-target="${key}" data-sea="${sid}" data-fleets="${fleetText}" tabindex="0" role="button" aria-label="${esc(sea.name)}">`);
      out.push(`<title>${esc(sea.name)}${sea.cape ? tr(" (Cape Zone, war only)", " (zona del Capo, solo in guerra)") : ""}${chips.length ? ` — ${tr("merchant fleets", "flotte mercantili")} ${fleetText}` : ""}</title>`);
      const h = chips.length ? 36 : 22;
      out.push(`<rect class="plate-bg sea-plate" x="${x - w / 2}" y="${y - 11}" width="${w}" height="${h}" rx="8"/>`);
      out.push(`<text class="sea-name" x="${x}" y="${y + 4}">${esc(sea.name)}</text>`);
      chips.forEach(([p, n], i) => {
        const cx = x - (chips.length * 30) / 2 + i * 30 + 2;
        out.push(`<rect class="fleet-chip" x="${cx}" y="${y + 9}" width="26" height="13" rx="3" fill="${this.colour(p)}"/>`);
        out.push(`<text class="chip-text" x="${cx + 13}" y="${y + 19}">${p}${n > 1 ? `×${n}` : ""}</text>`);
      });
      // Naval units at sea (in a war's maneuver, L1280-1289).
      out.push(this.unitLine(units.get(key) || [], x, y + h + 2));
      out.push(`</g>`);
    }
    // Home Countries: a tag in the Power's colour with its units.
    for (const [pid, home] of Object.entries(b.homes)) {
      const key = `home:${pid}`;
      const [x, y] = home.at;
      const cls = ["home", "place", targets.has(key) ? "legal target" : "", picked === key ? "picked" : ""].join(" ");
      const here = units.get(key) || [];
      out.push(`<g class="${cls}" data-target="${key}" data-home="${pid}" tabindex="0" role="button" aria-label="${esc(home.name)}">`);
      out.push(`<title>${esc(home.name)} (${tr("home country of", "madrepatria di")} ${esc(pid)})</title>`);
      out.push(`<rect class="hit" x="${x - HIT}" y="${y - HIT}" width="${2 * HIT}" height="${2 * HIT}" rx="6"/>`);
      out.push(`<rect class="plate-bg home-tag" x="${x - 19}" y="${y - 15}" width="38" height="30" rx="5" fill="${this.colour(pid)}"/>`);
      out.push(`<text class="home-code" x="${x}" y="${y + 5}">${pid}</text>`);
      out.push(this.unitLine(here, x, y + 27));
      out.push(`</g>`);
    }
    // Areas.
    for (const [aid, area] of Object.entries(b.areas)) {
      out.push(this.area(view, aid, area, units.get(aid) || [], {
        legal: targets.has(aid), picked: picked === aid, unrest: unrest.has(aid), canal: canals.has(aid),
        disputed: disputed === aid, congress: congress === aid,
      }));
    }
    out.push(`</svg>`);
    return out.join("");
  }

  unitLine(here, x, y) {
    if (!here.length) return "";
    const words = here.map(([p, s]) => `${p}${s.army ? ` A${s.army}` : ""}${s.naval ? ` N${s.naval}` : ""}`);
    const text = words.join(" · ");
    const w = text.length * 5.6 + 8;
    return `<g class="units"><rect class="units-bg" x="${x - w / 2}" y="${y - 9}" width="${w}" height="12" rx="3"/><text class="units-text" x="${x}" y="${y}">${esc(text)}</text></g>`;
  }

  area(view, aid, area, here, flags) {
    const [x, y] = area.at;
    const marks = this.markers(view, aid);
    const top = marks.find(([, level]) => CONTROL.has(level));
    const cls = ["area", "place", flags.legal ? "legal target" : "", flags.picked ? "picked" : "", flags.unrest ? "unrest" : ""].join(" ");
    const markerText = marks.map(([p, level, est]) => `${p}:${level}${est ? "" : "*"}`).join(" ");
    const words = marks.map(([p, level, est]) => `${p} ${levelName(level)}${est ? "" : tr(" (not yet established)", " (non ancora stabilito)")}`);
    const out = [];
    out.push(`<g class="${cls}" data-target="${aid}" data-area="${aid}" data-markers="${markerText}" data-cx="${x}" data-cy="${y}" tabindex="0" role="button" aria-label="${esc(area.name)}">`);
    out.push(`<title>${esc(area.name)} — ${typeName(area.type)}, EV ${area.ev}, CS ${area.cs}${words.length ? `\n${esc(words.join("; "))}` : ""}</title>`);
    out.push(`<circle class="hit" cx="${x}" cy="${y}" r="${HIT}"/>`);
    if (flags.disputed) out.push(`<circle class="dispute-ring" cx="${x}" cy="${y}" r="${R + 6}"/>`);
    if (flags.congress) out.push(`<circle class="congress-ring" cx="${x}" cy="${y}" r="${R + 9}"/>`);
    const stroke = top ? this.colour(top[0]) : "#9b8d6c";
    out.push(`<circle class="plate-bg disc${top ? " held" : ""}" cx="${x}" cy="${y}" r="${R}" fill="${TYPE_FILL[area.type] || "#eee"}" stroke="${stroke}"/>`);
    out.push(`<text class="ev" x="${x}" y="${y + 4}">${area.ev}</text>`);
    out.push(`<text class="aname" x="${x}" y="${y - R - 4}">${esc(area.name)}</text>`);
    if (flags.unrest) out.push(`<g class="unrest-mark"><circle cx="${x + R - 2}" cy="${y - R + 4}" r="6"/><text x="${x + R - 2}" y="${y - R + 7.5}">!</text></g>`);
    if (flags.canal) out.push(`<g class="canal-mark"><rect x="${x - R - 12}" y="${y - R - 1}" width="14" height="12" rx="2"/><text x="${x - R - 5}" y="${y - R + 8.5}">≈</text></g>`);
    // The markers under the disc, two to a row (three from five on) so that a crowded Area's chips
    // stay over their own place and do not run into the neighbours' (Areas lie 46 units apart at
    // the closest): the Power's letters, the status's letter, the chip's shape telling the status
    // too (hollow: Interest; pale: Influence; full: Control; gold rim: State/Dominion).
    const chipW = 25;
    const perRow = marks.length <= 2 ? marks.length : marks.length <= 4 ? 2 : 3;
    const rows = perRow ? Math.ceil(marks.length / perRow) : 0;
    marks.forEach(([p, level, est], i) => {
      const r = Math.floor(i / perRow);
      const inRow = Math.min(perRow, marks.length - r * perRow);
      const cx = x - (inRow * (chipW + 2) - 2) / 2 + (i % perRow) * (chipW + 2);
      const cy = y + R + 2 + r * 15;
      const colour = this.colour(p);
      const kind = level === "interest" ? "m-interest" : level === "influence" ? "m-influence" : (level === "state" || level === "dominion") ? "m-top" : "m-control";
      const fill = level === "interest" ? "#fffdf6" : colour;
      out.push(`<g class="marker ${kind}${est ? "" : " fresh"}" data-power="${p}" data-level="${level}">`);
      out.push(`<rect x="${cx}" y="${cy}" width="${chipW}" height="13" rx="3" fill="${fill}" stroke="${colour}"/>`);
      out.push(`<text x="${cx + chipW / 2}" y="${cy + 10}" fill="${level === "interest" ? colour : "#fff"}">${p}${LEVEL_LETTERS[level] || "?"}</text>`);
      out.push(`</g>`);
    });
    out.push(this.unitLine(here, x, y + R + (rows ? 27 + (rows - 1) * 15 : 13)));
    out.push(`</g>`);
    return out.join("");
  }
}
