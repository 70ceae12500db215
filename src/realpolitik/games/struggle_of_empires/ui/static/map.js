// Struggle of Empires' map as an SVG drawn by us (a schematic of Europe and the colonial world, not
// the publisher's board): each region's plate where the board data places it (ui/layout.py), the
// borders between European regions (the content's adjacency), and on each plate what the seat's
// view says: every empire's control tokens, armies, ships and forts, the region markers, the VP
// values printed for the region. Nothing here decides what is legal: the plates marked `legal` are
// those the page's legal actions point to (board.js `target`).
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

const CHAR = 7.2; // the width of a character of a chip's text, in map units (12 px bold)
const NAME_CHAR = 8.4; // a character of a region's name (14 px bold)
const ROW = 21; // a row of chips
const PAD = 6;

// What one region holds, in the order the plate draws it: [kind, empire|code, text].
export function contents(view, rid, w) {
  const here = view.regions?.[rid] || {};
  const items = [];
  for (const [e, n] of Object.entries(here.tokens || {})) if (n) items.push({ kind: "token", who: e, text: `${e} ${n}` });
  for (const [e, u] of Object.entries(here.units || {})) {
    const parts = [];
    if (u.army) parts.push(`${u.army}${w("a")}`);
    if (u.ship) parts.push(`${u.ship}${w("s")}`);
    if (u.fort) parts.push(`${u.fort}${w("f")}`);
    if (parts.length) items.push({ kind: "units", who: e, text: `${e} ${parts.join(" ")}` });
  }
  for (const code of here.markers || []) items.push({ kind: "marker", who: code, text: markerText(code, w) });
  return items;
}

// A region marker in a few letters: Pop, Slaves, N2 (a neutral of strength 2), +3g / +VP its reward.
export function markerText(code, w) {
  if (code === "pop") return w("pop_marker");
  if (code === "slaves") return w("slaves_marker");
  const m = /^n(\d)(?:g(\d)|(v))?$/.exec(code);
  if (!m) return code;
  return `N${m[1]}${m[2] ? ` +${m[2]}${w("gold").charAt(0).toLowerCase()}` : ""}${m[3] ? ` +${w("vp")}` : ""}`;
}

export class EmpireMap {
  constructor(board) {
    this.b = board;
  }

  colour(e) { return this.b.empires?.[e]?.colour || "#666"; }
  ink(e) { return this.b.empires?.[e]?.ink || "#fff"; }

  // The SVG of the whole map for a view. `name(rid)` gives a region's name in the page's language,
  // `w(key)` the board's words; `targets` the places with legal actions; `picked` the one shown.
  svg(view, targets, picked, name, w) {
    const b = this.b;
    const { width, height } = b.map;
    const parts = [`<svg class="soe-map" viewBox="0 0 ${width} ${height}" role="group" aria-label="${esc(w("map_label"))}" xmlns="http://www.w3.org/2000/svg">`];
    parts.push(`<rect class="ocean" x="0" y="0" width="${width}" height="${height}"/>`);
    for (const d of b.map.land) parts.push(`<path class="land" d="${d}"/>`);
    parts.push(this.borders());
    for (const rid of Object.keys(b.regions)) parts.push(this.plate(view, rid, targets, picked, name, w));
    parts.push(`<text class="credit" x="${width - 8}" y="${height - 8}">${esc(w("drawn_by_us"))}</text>`);
    parts.push("</svg>");
    return parts.join("");
  }

  borders() {
    const seen = new Set();
    const out = [];
    for (const [rid, r] of Object.entries(this.b.regions)) {
      for (const other of r.adjacent) {
        const key = [rid, other].sort().join("|");
        if (seen.has(key) || !this.b.regions[other]) continue;
        seen.add(key);
        const p = r.at;
        const q = this.b.regions[other].at;
        out.push(`<line class="border" x1="${p[0]}" y1="${p[1]}" x2="${q[0]}" y2="${q[1]}"/>`);
      }
    }
    return out.join("");
  }

  plate(view, rid, targets, picked, name, w) {
    const r = this.b.regions[rid];
    const [cx, cy] = r.at;
    const [pw, ph] = r.size;
    const x0 = cx - pw / 2;
    const y0 = cy - ph / 2;
    const home = r.home_of;
    const items = contents(view, rid, w);
    // Chips flow left to right and wrap inside the plate.
    const chips = [];
    let x = x0 + PAD;
    let y = y0 + 30;
    for (const item of items) {
      const cw = Math.round(10 + CHAR * item.text.length);
      if (x + cw > x0 + pw - PAD && x > x0 + PAD) {
        x = x0 + PAD;
        y += ROW;
      }
      chips.push(this.chip(item, x, y, cw));
      x += cw + 4;
    }
    const height = Math.max(ph, y + ROW + PAD - y0);
    const here = view.regions?.[rid] || {};
    const legal = targets.has(rid);
    const classes = ["place", "region", r.kind, r.sea ? "sea" : "land-only", legal ? "legal target" : "", picked === rid ? "picked" : "", here.blockade ? "blockaded" : "", view.combat?.region === rid ? "in-combat" : ""].filter(Boolean).join(" ");
    const tokens = Object.entries(here.tokens || {}).filter(([, n]) => n).map(([e, n]) => `${e}:${n}`).join(" ");
    const units = Object.entries(here.units || {}).map(([e, u]) => `${e}:${u.army}/${u.ship}/${u.fort}`).join(" ");
    const vp = r.vp.length ? r.vp.join("/") : "";
    const label = `${name(rid)}${vp ? ` · ${w("vp")} ${vp}` : ""}${home ? ` · ${w("home_of")} ${home}` : ""} · ${items.map((i) => i.text).join(", ") || w("nothing_here")}`;
    const out = [`<g class="${classes}" data-target="${rid}" data-region="${rid}" data-tokens="${esc(tokens)}" data-units="${esc(units)}" data-markers="${esc((here.markers || []).join(" "))}" tabindex="${legal ? 0 : -1}" role="button" aria-label="${esc(label)}">`];
    out.push(`<rect class="plate-bg hit" x="${x0}" y="${y0}" width="${pw}" height="${height}" rx="9"/>`);
    if (home) out.push(`<rect class="home-band" x="${x0}" y="${y0}" width="${pw}" height="24" rx="9" style="fill:${this.colour(home)}"/><rect x="${x0}" y="${y0 + 14}" width="${pw}" height="10" style="fill:${this.colour(home)}"/>`);
    const ink = home ? this.ink(home) : "#1d1d1f";
    // The name fits the room left by the VP badge (squeezed when a language's name is long).
    const vw = vp ? Math.round(12 + CHAR * vp.length) : 0;
    const room = pw - 2 * PAD - 4 - (vp ? vw + 6 : 0);
    const fit = NAME_CHAR * name(rid).length > room ? ` textLength="${room}" lengthAdjust="spacingAndGlyphs"` : "";
    out.push(`<text class="rname" x="${x0 + PAD + 2}" y="${y0 + 18}"${fit} style="fill:${ink}">${esc(name(rid))}</text>`);
    if (vp) {
      out.push(`<g class="vp" data-vp="${vp}"><rect x="${x0 + pw - vw - 4}" y="${y0 + 4}" width="${vw}" height="18" rx="9"/><text x="${x0 + pw - vw / 2 - 4}" y="${y0 + 17}">${vp}</text></g>`);
    }
    if (r.sea && !home) out.push(`<text class="anchor" x="${x0 + pw - 10}" y="${y0 + height - 6}" aria-hidden="true">⚓</text>`);
    if (here.blockade) out.push(`<text class="blockade-mark" x="${x0 + pw - 28}" y="${y0 + height - 6}">⛔${esc(here.blockade)}</text>`);
    out.push(...chips);
    out.push("</g>");
    return out.join("");
  }

  chip(item, x, y, cw) {
    if (item.kind === "token") {
      return `<g class="chip-token" data-token="${item.who}"><rect x="${x}" y="${y}" width="${cw}" height="18" rx="3" style="fill:${this.colour(item.who)};stroke:#222"/><text x="${x + cw / 2}" y="${y + 13}" style="fill:${this.ink(item.who)}">${esc(item.text)}</text></g>`;
    }
    if (item.kind === "units") {
      return `<g class="chip-units" data-units-of="${item.who}"><rect x="${x}" y="${y}" width="${cw}" height="18" rx="9" style="stroke:${this.colour(item.who) === "#f4f1e8" ? "#777" : this.colour(item.who)}"/><text x="${x + cw / 2}" y="${y + 13}">${esc(item.text)}</text></g>`;
    }
    return `<g class="chip-marker" data-marker="${item.who}"><rect x="${x}" y="${y}" width="${cw}" height="18" rx="2"/><text x="${x + cw / 2}" y="${y + 13}">${esc(item.text)}</text></g>`;
  }
}
