// Europe in Turmoil's map as an SVG drawn by us (a schematic, not the publisher's art): the land by
// eye, each scoring region as a tint behind its spaces, the independent spaces, the three boxes
// (2.1.3), the adjacency lines of the content (2.1.4), and on every space what the seat's view says:
// each side's Support Points, who controls it (2.1.2), its stability and whether it is a
// battleground. Places come from the board data (ui/layout.py). Nothing here decides what is legal:
// the spaces marked `legal` are those the page's legal actions point to.

export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// Short names for the plates (the full name is in the tooltip and the details panel).
const SHORT = {
  "Normandy/Brittany": "Normandy", "French Catholic Church": "Fr. Church", "French Armed Forces": "Fr. Army",
  "French Writers": "Fr. Writers", "Viennese Secession": "Secession", "Dual Monarchy": "Dual Mon.",
  "Saint Petersburg": "St Petersb.", "Russian Bourgeoisie": "Rus. Bourg.", "Orthodox Church": "Orthodox Ch.",
  "Constantinople": "Constantin.", "Spain/Portugal": "Spain/Port.", "Alsace-Lorraine": "Alsace-Lorr.",
  "Imperial Army": "Imp. Army", "Tsarist Army": "Tsarist Army", "East Prussia": "E. Prussia",
  "Transylvania": "Transylv.", "Netherlands": "Netherlands", "Switzerland": "Switzerland",
};
export const shortName = (name) => SHORT[name] || (name.length > 12 ? `${name.slice(0, 11)}.` : name);

const pts = (list) => list.map(([x, y]) => `${x},${y}`).join(" ");

export class EuropeMap {
  constructor(board) {
    this.b = board;
    const [w, h] = board.map.node;
    this.w = w;
    this.h = h;
  }

  colour(side) { return this.b.sides?.[side]?.colour || "#555"; }

  // The static part (land, regions, links, labels) is the same at every redraw.
  background() {
    if (this.bg) return this.bg;
    const b = this.b;
    const parts = [];
    parts.push(`<rect class="sea" x="0" y="0" width="${b.map.width}" height="${b.map.height}"/>`);
    parts.push(`<polygon class="land" points="${pts(b.map.land)}"/>`);
    parts.push(`<polygon class="land" points="${pts(b.map.africa)}"/>`);
    // Each region a tint: a disc behind each of its spaces (independents: one each).
    for (const [rid, region] of Object.entries(b.regions)) {
      const discs = Object.values(b.spaces).filter((s) => s.region === rid)
        .map((s) => `<ellipse cx="${s.at[0]}" cy="${s.at[1]}" rx="${rid === "independent" ? 48 : 62}" ry="${rid === "independent" ? 32 : 44}"/>`);
      parts.push(`<g class="region-tint" data-region="${esc(rid)}" fill="${region.colour}">${discs.join("")}</g>`);
    }
    // The links (2.1.4): once per pair; a link that leaves its region is dashed.
    const at = (id) => (b.spaces[id] || b.boxes[id])?.at;
    const regionOf = (id) => b.spaces[id]?.region ?? "box";
    const seen = new Set();
    const lines = [];
    for (const [id, place] of [...Object.entries(b.spaces), ...Object.entries(b.boxes)]) {
      for (const other of place.adjacent) {
        const key = [id, other].sort().join("|");
        if (seen.has(key) || !at(other)) continue;
        seen.add(key);
        const [x1, y1] = place.at;
        const [x2, y2] = at(other);
        const across = regionOf(id) !== regionOf(other) || regionOf(id) === "independent";
        lines.push(`<line class="link${across ? " across" : ""}" data-link="${esc(key)}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
      }
    }
    parts.push(`<g class="links">${lines.join("")}</g>`);
    for (const [rid, region] of Object.entries(b.regions)) {
      if (!region.label) continue;
      const s = region.scoring;
      const values = s ? ` ${s.presence}/${s.domination}/${s.control}` : "";
      parts.push(`<text class="region-name" x="${region.label[0]}" y="${region.label[1]}"><tspan>${esc(region.name.toUpperCase())}</tspan><tspan class="values">${esc(values)}</tspan></text>`);
    }
    this.bg = parts.join("");
    return this.bg;
  }

  box(id, box) {
    const [x, y] = box.at;
    const w = this.w + 34;
    const h = this.h;
    return `<g class="box" data-box="${esc(id)}" data-side="${esc(box.side)}"><title>${esc(box.name)}: counts as ${esc(this.b.sides[box.side].name)}-controlled for Support Checks (6.2.4)</title>`
      + `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="3" stroke="${this.colour(box.side)}" fill="${this.colour(box.side)}"/>`
      + `<text class="box-name" x="${x}" y="${y - 3}">${esc(box.name)}</text>`
      + `<text class="box-side" x="${x}" y="${y + 12}">${esc(this.b.sides[box.side].name)} box</text></g>`;
  }

  // One space: a plate with its name, its stability (a battleground's in red), each side's SP.
  space(id, space, shown, legal, picked) {
    const [x, y] = space.at;
    const { w, h } = this;
    const sp = shown?.sp || [0, 0]; // [Liberal, Authoritarian], as the view gives it (rules/state.py)
    const control = shown?.control || null;
    const classes = ["space", legal ? "legal" : "", picked ? "picked" : "", control ? `ctl-${control}` : "", space.battleground ? "bg" : ""].filter(Boolean).join(" ");
    const fill = control ? this.colour(control) : "#fffdf6";
    const ink = control ? "#fff" : "#1d1d1f";
    const icons = space.icons.join(", ");
    const title = `${space.name} — stability ${space.stability}${space.battleground ? ", battleground" : ""}; ${icons}; `
      + `Authoritarian ${sp[1]} SP, Liberal ${sp[0]} SP${control ? `; ${this.b.sides[control].name}-controlled` : "; uncontrolled"}`;
    const parts = [
      `<g class="${classes}" data-target="${esc(id)}" data-space="${esc(id)}" data-sp="A:${sp[1]} L:${sp[0]}" data-control="${control || ""}" tabindex="0" role="button" aria-label="${esc(title)}">`,
      `<title>${esc(title)}</title>`,
      `<rect class="plate" x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="6" fill="${fill}"/>`,
      `<text class="sname" x="${x}" y="${y - 8}" fill="${ink}">${esc(shortName(space.name))}</text>`,
      // The stability in the middle of the bottom row: a battleground's on red (2.1.5).
      `<rect class="stab${space.battleground ? " bg" : ""}" x="${x - 8}" y="${y + 1}" width="16" height="16" rx="2"/>`,
      `<text class="stab-n" x="${x}" y="${y + 13}">${space.stability}</text>`,
    ];
    // Each side's SP: the Authoritarian's left, the Liberal's right (only when there are some).
    for (const [i, side, dx] of [[1, "A", -24], [0, "L", 24]]) {
      if (!sp[i]) continue;
      parts.push(`<rect class="spbox spbox-${side}" x="${x + dx - 10}" y="${y + 1}" width="20" height="16" rx="3" fill="${this.colour(side)}"/>`,
        `<text class="spbox-n" x="${x + dx}" y="${y + 13}">${sp[i]}</text>`);
    }
    parts.push("</g>");
    return parts.join("");
  }

  svg(view, targets, picked) {
    const b = this.b;
    const body = [this.background()];
    for (const [id, box] of Object.entries(b.boxes)) body.push(this.box(id, box));
    for (const [id, space] of Object.entries(b.spaces)) {
      body.push(this.space(id, space, view.spaces?.[id], targets.has(id), picked === id));
    }
    return `<svg class="eit-map" viewBox="0 0 ${b.map.width} ${b.map.height}" role="img" aria-label="Map of Europe (our own schematic)">${body.join("")}</svg>`;
  }
}
