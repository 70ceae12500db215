// La Belle Époque's map in the browser: a schematic of Europe, Africa and Asia drawn for realpolitik
// (the rulebook's map image was lost, and the publisher's art is not ours to copy). Each territory of
// the content data is a plate of its spaces placed roughly where it lies; the Great Powers' homelands
// are drawn for orientation (they are not territories of the game); each continent's fleet box sits
// in a sea beside it. Everything drawn comes from the seat's view and the printed board, never from
// anything else; what is clickable comes from the server's legal list (the keys in `targets`).
//
// Colour is never the only cue: every cube carries its letters (GB, FR, CE, RU; minor nations in
// lower case; # an Armament), a territory's holder is named in letters and drawn with its Power's
// hatching, a dispute has its own mark, and minor nations and colonies have differently shaped VP
// badges.

export const MAP_W = 1160;
export const MAP_H = 800;

const PITCH = 26; // a space and its gap
const CELL = 24;
const PAD = 5;
const SIDE = 30; // the plate's right column: VP badge and holder
const HEAD = 17; // one line of the territory's name
const FOOT = 14;

// Where each territory's plate sits (its top-left corner), in map units. Our own layout: west to
// the left, north up, the Pacific to the right; checked not to overlap by the browser test.
export const PLATES = {
  netherlands: [104, 8], belgium: [104, 110], portugal: [0, 244], spain: [122, 244], italy: [244, 180],
  serbia: [392, 124], romania: [514, 124], greece: [392, 226], bulgaria: [514, 226],
  "ottoman-empire": [636, 226],
  "algeria-morocco": [70, 356], "egypt-sudan": [380, 356], "french-guinea": [0, 462],
  "horn-of-africa": [500, 462], congo: [170, 500], tanganyika: [340, 560], namibia: [150, 640],
  "south-africa": [280, 684],
  persia: [758, 226], "afghanistan-baluchistan": [880, 226], china: [892, 122],
  "manchuria-korea": [916, 8], japan: [1040, 40], indochina: [966, 330], micronesia: [1040, 152],
  melanesia: [1040, 452],
};

// Each continent's fleet box, in a sea beside it: x, y, width, height.
const FLEET_BOXES = {
  europe: [238, 296, 141, 62], africa: [0, 574, 140, 62], asia: [800, 470, 150, 62],
};

// Land, drawn under the plates so that the plates read as regions of a map.
const LAND = [
  // Europe, from Iberia round to the Urals and down to Anatolia.
  "M2,240 L20,136 L100,118 L100,4 L880,4 L880,118 L830,120 L830,222 L744,222 L744,328 L620,330 L560,336 L500,330 L386,332 L372,300 L330,282 L300,300 L236,286 L234,346 L0,346 Z",
  // Great Britain and Ireland.
  "M12,14 L92,8 L98,60 L90,128 L40,132 L14,100 Z",
  // Africa.
  "M66,352 L200,346 L376,352 L500,352 L520,440 L620,456 L612,520 L470,600 L458,690 L400,794 L276,796 L220,750 L146,740 L146,640 L160,570 L120,566 L0,560 L0,462 L30,420 Z",
  // Asia: Persia and Arabia, India, China, Manchuria and Korea, Indochina.
  "M744,222 L880,118 L880,4 L1034,4 L1034,116 L1036,222 L1004,226 L1000,326 L1086,326 L1086,418 L1050,420 L1030,470 L1010,440 L960,420 L925,470 L905,505 L880,450 L860,330 L840,330 L800,360 L770,420 L730,400 L700,330 L744,330 Z",
  // Japan, the islands of Micronesia, New Guinea and Melanesia.
  "M1038,44 L1100,30 L1158,36 L1156,140 L1110,146 L1040,130 Z",
  "M1038,160 L1080,148 L1158,156 L1156,246 L1100,252 L1040,240 Z",
  "M1036,456 L1100,446 L1158,460 L1158,548 L1090,556 L1038,544 Z",
];

// The Great Powers' homelands (not territories of the game: drawn for orientation, with the Power's
// letters, hatching and what sits in its Arsenal).
const HOMES = {
  GB: { path: "M16,18 L88,12 L94,60 L86,124 L44,128 L18,98 Z", at: [54, 56] },
  FR: { path: "M10,150 L98,126 L100,236 L10,236 Z", at: [54, 170] },
  CE: { path: "M226,8 L380,8 L380,118 L380,174 L226,174 Z", at: [303, 70] },
  RU: { path: "M388,6 L878,6 L878,116 L826,118 L740,196 L700,214 L626,214 L626,118 L388,118 Z", at: [640, 48] },
};

const SEAS = [
  { en: "Atlantic Ocean", it: "Oceano Atlantico", x: 74, y: 680 },
  { en: "Mediterranean", it: "Mediterraneo", x: 448, y: 342 },
  { en: "Indian Ocean", it: "Oceano Indiano", x: 720, y: 580 },
  { en: "Pacific Ocean", it: "Oceano Pacifico", x: 1098, y: 600 },
];

const CONTINENT_LABELS = { europe: [560, 176], africa: [300, 460], asia: [905, 395] };

// Each Power's hatching, by its place in the board's list of Powers: a second cue beside colour.
const HATCH = [
  '<path d="M-1,1 l2,-2 M0,8 l8,-8 M7,9 l2,-2" stroke="#fff" stroke-width="1.6"/>', // diagonal
  '<circle cx="4" cy="4" r="1.6" fill="#fff"/>', // dots
  '<path d="M0,4 h8" stroke="#fff" stroke-width="1.6"/>', // horizontal
  '<path d="M0,0 l8,8 M8,0 l-8,8" stroke="#fff" stroke-width="1.1"/>', // cross-hatched
];

const DIE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

let measure = null;
// The width of a text in the map's font (the canvas measures it; a rough guess without one).
function textWidth(text, size, bold = true) {
  try {
    measure = measure || document.createElement("canvas").getContext("2d");
    measure.font = `${bold ? "bold " : ""}${size}px "DejaVu Sans", sans-serif`; // as the page draws SVG text
    return measure.measureText(text).width;
  } catch {
    return text.length * size * 0.62;
  }
}

// A plate's rows of spaces: 2, or 3 for a territory of more than 8 spaces (Italy's 11) so that its
// plate is no wider than China's.
export function plateRows(spaces) {
  return spaces > 8 ? 3 : 2;
}

// A plate's width and height for a territory of `spaces` spaces and a name of `lines` lines.
export function plateSize(spaces, lines = 1) {
  const rows = plateRows(spaces);
  const cols = Math.ceil(spaces / rows);
  return [PAD + cols * PITCH + 2 + SIDE, HEAD + (lines - 1) * 12 + rows * PITCH + FOOT];
}

// The name on one line if it fits (12, 11 or 10 px), else on two, split at a hyphen or a space.
function nameLines(name, width) {
  for (const size of [12, 11, 10]) if (textWidth(name, size) <= width) return { size, lines: [name] };
  const cut = Math.max(name.lastIndexOf("-", Math.ceil(name.length * 0.66)), name.lastIndexOf(" ", Math.ceil(name.length * 0.66)));
  if (cut > 0) {
    const lines = name[cut] === "-" ? [name.slice(0, cut + 1), name.slice(cut + 1)] : [name.slice(0, cut), name.slice(cut + 1)];
    const size = lines.every((l) => textWidth(l, 11) <= width) ? 11 : 10;
    return { size, lines };
  }
  return { size: 9, lines: [name] };
}

export class MapDrawer {
  constructor(R) {
    this.R = R; // the board: names, colours, words, cubes
  }

  get b() { return this.R.b; }
  t(key) { return this.R.word(key) ?? key; }

  defs() {
    const out = ["<defs>"];
    Object.keys(this.b.powers).forEach((p, i) => {
      out.push(`<pattern id="lbe-hatch-${esc(p)}" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="${this.R.colour(p)}"/>${HATCH[i % HATCH.length]}</pattern>`);
    });
    out.push('<pattern id="lbe-sea" width="24" height="12" patternUnits="userSpaceOnUse"><path d="M0,8 q6,-5 12,0 t12,0" fill="none" stroke="#c3d6e2" stroke-width="1"/></pattern>');
    out.push("</defs>");
    return out.join("");
  }

  // The whole map, to be placed at (0, y) in the board's SVG.
  draw(view, targets, y) {
    const out = [`<g class="lbe-map" transform="translate(0 ${y})" role="group" aria-label="${esc(this.t("map_label"))}">`];
    out.push(`<rect x="0" y="0" width="${MAP_W}" height="${MAP_H}" class="sea"/><rect x="0" y="0" width="${MAP_W}" height="${MAP_H}" fill="url(#lbe-sea)"/>`);
    for (const d of LAND) out.push(`<path d="${d}" class="land"/>`);
    const lang = this.R.lang();
    for (const sea of SEAS) out.push(`<text x="${sea.x}" y="${sea.y}" class="sea-name">${esc(sea[lang] || sea.en)}</text>`);
    for (const cont of this.b.continents) {
      const at = CONTINENT_LABELS[cont.id];
      if (at) out.push(`<text x="${at[0]}" y="${at[1]}" class="continent-name">${esc(this.R.name(cont.id).toUpperCase())}</text>`);
    }
    for (const p of Object.keys(this.b.powers)) out.push(this.home(view, p));
    for (const cont of this.b.continents) if (cont.fleet_box) out.push(this.fleetBox(view, cont, targets));
    // A territory the layout does not know (content changed) still gets a place, in a row below.
    let spare = 0;
    for (const tid of Object.keys(this.b.territories)) {
      let at = PLATES[tid];
      if (!at) {
        at = [620 + (spare % 4) * 134, 640 + Math.floor(spare / 4) * 100];
        spare += 1;
      }
      out.push(this.plate(view, tid, at[0], at[1], targets));
    }
    if (view.phase === "initial-setup") out.push(this.setupPanel(view));
    else if (this.R.results?.length) out.push(this.disputesPanel(this.R.results));
    // The legend, in the southern seas where no plate lies.
    ["map_legend", "map_legend2", "map_note"].forEach((key, i) => {
      out.push(`<text x="470" y="${MAP_H - 46 + i * 16}" class="map-legend${i === 2 ? " note" : ""}">${esc(this.t(key))}</text>`);
    });
    out.push("</g>");
    return out.join("");
  }

  // §3.3: the Initial Setup's progress, in the Indian Ocean: each Power's cubes placed out of its
  // pool and per continent against its minimum (§3.3.2), with a check mark once met.
  setupPanel(view) {
    const pool = this.b.setup_pool || {};
    const minimum = this.b.setup_minimum || {};
    const placed = {};
    for (const [tid, here] of Object.entries(view.territories)) {
      const cont = this.b.territories[tid]?.continent;
      for (const space of here.spaces) {
        if (!space) continue;
        for (const owner of space.split("/")) {
          if (!this.b.powers[owner]) continue;
          placed[owner] = placed[owner] || { all: 0 };
          placed[owner].all += 1;
          placed[owner][cont] = (placed[owner][cont] || 0) + 1;
        }
      }
    }
    const x = 480;
    const y = 604;
    const powers = Object.keys(this.b.powers).filter((p) => !view.powers[p]?.np);
    const h = 24 + powers.length * 19;
    const out = [`<g class="setup-panel" role="group" aria-label="${esc(this.t("setup_title"))}"><rect x="${x}" y="${y}" width="440" height="${h}" rx="6" class="setup-bg"/>`];
    out.push(`<text x="${x + 8}" y="${y + 16}" class="setup-title">${esc(this.t("setup_title"))}</text>`);
    powers.forEach((p, i) => {
      const row = y + 24 + i * 19;
      const have = placed[p] || { all: 0 };
      out.push(this.R.cubeSvg(p, x + 8, row, 28, 15, true, 0, p, 9));
      out.push(`<text x="${x + 42}" y="${row + 12}" class="setup-cell" data-setup="${esc(p)}">${have.all}/${pool[p] ?? "?"} ${esc(this.t("placed"))}</text>`);
      let cx = x + 150;
      for (const [cont, need] of Object.entries(minimum[p] || {})) {
        const got = have[cont] || 0;
        const done = got >= need;
        out.push(`<text x="${cx}" y="${row + 12}" class="setup-cell${done ? " met" : ""}">${esc(this.R.name(cont))} ${got}/${need}${done ? " ✓" : ""}</text>`);
        cx += 96;
      }
    });
    out.push("</g>");
    return out.join("");
  }

  // §8.7: the disputes settled this turn, with their dice, in the Indian Ocean (each one is also
  // marked on its territory and written in the log).
  disputesPanel(results) {
    const shown = results.slice(-5);
    const x = 600;
    const y = 596;
    const out = [`<g class="disputes-panel" role="group" aria-label="${esc(this.t("disputes_title"))}"><rect x="${x}" y="${y}" width="430" height="${24 + shown.length * 17}" rx="6" class="setup-bg"/>`];
    out.push(`<text x="${x + 8}" y="${y + 16}" class="setup-title">${esc(this.t("disputes_title"))}</text>`);
    shown.forEach((r, i) => {
      out.push(`<text x="${x + 8}" y="${y + 35 + i * 17}" class="setup-cell" data-dispute-result="${esc(r.territory)}">${esc(this.R.resultText(r))}</text>`);
    });
    out.push("</g>");
    return out.join("");
  }

  home(view, p) {
    const home = HOMES[p];
    if (!home) return "";
    const me = view.powers[p];
    const [x, y] = home.at;
    const name = this.R.powerName(p);
    const arsenal = me ? `⚑${me.armies.arsenal} ⚓${me.fleets.arsenal}` : "";
    const np = me?.np ? ` ${this.t("np_short")}` : "";
    const gw = me?.great_work ? " ★" : "";
    const label = `${name}${np ? ` (${this.t("np_title")})` : ""}: ${this.t("home_label")}. ${this.t("arsenal")}: ${me?.armies.arsenal ?? 0} ${this.t("armies")}, ${me?.fleets.arsenal ?? 0} ${this.t("fleets")}${me?.great_work ? `; ${this.t("great_work")} ${this.t("built")}` : ""}`;
    return `<g class="home" data-home="${esc(p)}" role="img" aria-label="${esc(label)}"><title>${esc(label)}</title>` +
      `<path d="${home.path}" fill="url(#lbe-hatch-${esc(p)})" class="home-land"/>` +
      `<rect x="${x - 26}" y="${y - 14}" width="52" height="44" rx="5" class="home-tag"/>` +
      `<text x="${x}" y="${y + 2}" class="home-letters">${esc(p)}${esc(gw)}</text>` +
      `<text x="${x}" y="${y + 14}" class="home-sub">${esc(arsenal)}</text>` +
      `<text x="${x}" y="${y + 25}" class="home-sub">${esc(np.trim())}</text></g>`;
  }

  fleetBox(view, cont, targets) {
    const box = FLEET_BOXES[cont.id];
    if (!box) return "";
    const [x, y, w, h] = box;
    const key = `b:${cont.id}`;
    const legal = targets.has(key);
    const items = [];
    for (const [p, n] of Object.entries(view.fleet_boxes[cont.id] || {})) {
      if (!n) continue;
      const ex = view.powers[p].fleets.exhausted[cont.id] || 0;
      items.push({ owner: p, text: `${p} ${n}${ex ? "*" : ""}`, say: `${this.R.powerName(p)} ${n}${ex ? ` (${ex} ${this.t("exhausted")})` : ""}` });
    }
    for (const [minor, data] of Object.entries(view.minors)) {
      for (const unit of data.units) {
        if (unit.location === cont.id && unit.unit.endsWith("fleet")) {
          items.push({ owner: minor, text: `${this.R.minorCode(minor)}⚓${unit.exhausted ? "*" : ""}`, say: `${this.R.name(minor)} ⚓` });
        }
      }
    }
    const title = `${this.t("fleet_box")} · ${this.R.name(cont.id)}`;
    const label = `${title}: ${items.length ? items.map((i) => i.say).join(", ") : this.t("empty")}${legal ? `. ${this.t("has_actions")}` : ""}`;
    const out = [`<g class="mapitem fleet target${legal ? " legal" : ""}" data-target="${key}" data-box="${esc(cont.id)}" data-cx="${x + w / 2}" data-cy="${y + h / 2}" role="button" aria-label="${esc(label)}"${legal ? "" : ' aria-disabled="true"'}>`];
    out.push(`<title>${esc(label)}</title><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" class="fleetbox plate-bg"/>`);
    if (legal) out.push(`<rect x="${x + 3}" y="${y + 3}" width="${w - 6}" height="${h - 6}" rx="4" class="legal-ring"/>`);
    out.push(`<text x="${x + 6}" y="${y + 13}" class="fleet-title">⚓ ${esc(title)}</text>`);
    const per = Math.max(1, Math.floor((w - 8) / 46));
    items.forEach((item, i) => {
      const cx = x + 5 + (i % per) * 46;
      const cy = y + 18 + Math.floor(i / per) * 19;
      out.push(this.R.cubeSvg(item.owner, cx, cy, 43, 16, true, 0, item.text));
    });
    out.push("</g>");
    return out.join("");
  }

  plate(view, tid, x, y, targets) {
    const info = this.b.territories[tid];
    const here = view.territories[tid];
    const n = here.spaces.length;
    const [w] = plateSize(n);
    const name = this.R.territoryName(tid);
    const { size, lines } = nameLines(name, w - SIDE - PAD);
    const [, h] = plateSize(n, lines.length);
    const key = `t:${tid}`;
    const legal = targets.has(key);
    const holder = here.holder;
    const minor = info.kind === "minor";
    const contrast = view.contrasts[tid];
    const counts = {};
    for (const space of here.spaces) {
      if (!space) continue;
      for (const owner of space.split("/")) counts[owner] = (counts[owner] || 0) + 1;
    }
    const cubes = Object.entries(counts).map(([o, c]) => `${o}:${c}`).join(" ");
    const label = this.describe(view, tid, legal);
    const fighting = view.dispute && view.dispute.territory === tid;
    const cls = `mapitem territory target${legal ? " legal" : ""}${holder ? " held" : ""}${here.disputes ? " disputed" : ""}${fighting ? " fighting" : ""}`;
    const out = [`<g class="${cls}" data-target="${key}" data-territory="${esc(tid)}" data-cubes="${esc(cubes)}" data-holder="${esc(holder || "")}" data-disputes="${here.disputes}" data-cx="${x + w / 2}" data-cy="${y + h / 2}" role="button" aria-label="${esc(label)}"${legal ? "" : ' aria-disabled="true"'}>`];
    out.push(`<title>${esc(label)}</title>`);
    const stroke = holder && this.b.powers[holder] ? this.R.colour(holder) : "#8d8266";
    out.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" class="plate-bg ${minor ? "minor" : "colony"}" stroke="${stroke}" stroke-width="${holder ? 3 : 1.2}"/>`);
    if (holder && this.b.powers[holder]) {
      // The holder's hatching along the plate's top, under the name: colour and pattern together.
      out.push(`<rect x="${x + 1.5}" y="${y + 1.5}" width="${w - 3}" height="${HEAD + (lines.length - 1) * 12 - 1}" rx="4" fill="url(#lbe-hatch-${esc(holder)})" opacity="0.35"/>`);
    }
    // Where the seat may act: a dashed gold ring inside the plate (its outline stays the holder's).
    if (legal) out.push(`<rect x="${x + 3}" y="${y + 3}" width="${w - 6}" height="${h - 6}" rx="3" class="legal-ring"/>`);
    lines.forEach((line, i) => out.push(`<text x="${x + PAD}" y="${y + 13 + i * 12}" class="tname" font-size="${size}">${esc(line)}</text>`));
    const top = y + HEAD + (lines.length - 1) * 12;
    const cols = Math.ceil(n / plateRows(n));
    const fought = view.dispute && view.dispute.territory === tid ? view.dispute.space : 0;
    here.spaces.forEach((space, i) => {
      const sx = x + PAD + (i % cols) * PITCH;
      const sy = top + Math.floor(i / cols) * PITCH;
      out.push(`<g class="space" data-space="${i + 1}" data-cube="${esc(space || "")}">${this.space(space, info.die_faces[i], sx, sy)}</g>`);
      // The dispute being fought now (§8.7): a ring round its space, whatever the colours.
      if (fought === i + 1) out.push(`<rect x="${sx - 3}" y="${sy - 3}" width="${CELL + 6}" height="${CELL + 6}" rx="4" class="fought" data-fought="${i + 1}"/>`);
    });
    // The right column: the VP badge (a circle for a minor nation, a square for a colony), then
    // the holder's letters.
    const bx = x + w - SIDE / 2 - 2;
    const by = top + 11;
    out.push(minor ? `<circle cx="${bx}" cy="${by}" r="12" class="vp-badge"/>` : `<rect x="${bx - 12}" y="${by - 12}" width="24" height="24" rx="2" class="vp-badge"/>`);
    out.push(`<text x="${bx}" y="${by + 1}" class="vp-n">${info.vp}</text><text x="${bx}" y="${by + 9}" class="vp-w">${esc(this.t("vp"))}</text>`);
    if (holder) {
      const word = minor ? this.t("ally_short") : this.t("control_short");
      out.push(this.R.cubeSvg(holder, bx - 13, by + 16, 26, 14, true, 0, this.b.powers[holder] ? holder : this.R.minorCode(holder)));
      out.push(`<text x="${bx}" y="${by + 37}" class="holder-w">${esc(word)}</text>`);
    }
    // A dispute settled here this turn (§8.7): a die on the plate's corner, the dice in words.
    const result = this.R.results?.filter((r) => r.territory === tid).pop();
    if (result) {
      const said = this.R.resultText(result);
      // The two totals, attacker first, on a pill across the plate's top edge; the winner's letters
      // (or "=" for both cubes removed) after them.
      const won = result.winner === "attacker" ? result.attacker : result.winner === "defender" ? (this.b.powers[result.defender] ? result.defender : this.R.minorCode(result.defender)) : "=";
      const label = `${DIE[result.a[0]]}${result.a[2]}:${result.d[2]}${DIE[result.d[0]]} ${won}`;
      const pw = 70;
      out.push(`<g class="dispute-result ${result.winner}" data-result="${esc(said)}"><title>${esc(said)}</title><rect x="${x + w - pw + 4}" y="${y - 9}" width="${pw}" height="17" rx="8"/><text x="${x + w + 4 - pw / 2}" y="${y + 3.5}">${esc(label)}</text></g>`);
    }
    // The foot: armies sent here, an allied minor nation's own units, contrasts, disputes.
    const foot = [];
    for (const [p, me] of Object.entries(view.powers)) if (me.armies.out[tid]) foot.push(`⚑${p}×${me.armies.out[tid]}`);
    const units = view.minors[tid]?.units || [];
    const home = units.filter((u) => u.location === "home" || u.location === "arsenal");
    if (home.length) foot.push(home.map((u) => (u.unit.endsWith("fleet") ? "⚓" : "⚑") + (u.exhausted ? "*" : "")).join("") + (home.some((u) => u.location === "arsenal") ? ` ${this.t("arsenal_short")}` : ""));
    if (contrast) foot.push(`✕${contrast.power}`);
    if (here.disputes) foot.push(`⚠${here.disputes}`);
    if (foot.length) out.push(`<text x="${x + PAD}" y="${y + h - 4}" class="foot" data-units="${esc(tid)}">${esc(foot.join(" "))}</text>`);
    out.push("</g>");
    return out.join("");
  }

  space(space, face, sx, sy) {
    const out = [`<rect x="${sx}" y="${sy}" width="${CELL}" height="${CELL}" rx="2" class="sp"/>`];
    if (!space) {
      if (face !== null && face !== undefined) out.push(`<text x="${sx + CELL / 2}" y="${sy + CELL / 2 + 3}" class="face">${face}</text>`);
      return out.join("");
    }
    const [base, top] = space.split("/");
    if (top) {
      // A dispute (§8.2): the attacker's cube on the defender's, both lettered, with its mark.
      out.push(`<rect x="${sx - 1}" y="${sy - 1}" width="${CELL + 2}" height="${CELL + 2}" rx="3" class="dispute-ring"/>`);
      // Two bands, each lettered: the attacker's cube (top) stands on the defender's (bottom).
      out.push(this.R.cubeSvg(top, sx + 1, sy + 1, CELL - 2, 10, true, 0, null, 8.5));
      out.push(this.R.cubeSvg(base, sx + 1, sy + 12, CELL - 2, 11, true, 0, null, 9));
    } else {
      out.push(this.R.cubeSvg(base, sx + 1, sy + 1, CELL - 2, CELL - 2, false, 0, null, 11));
    }
    return out.join("");
  }

  // A territory in words, for screen readers and the tooltip.
  describe(view, tid, legal) {
    const info = this.b.territories[tid];
    const here = view.territories[tid];
    const parts = [`${this.R.territoryName(tid)}, ${info.kind === "minor" ? this.t("minor_nation") : this.t("colony")}, ${info.vp} ${this.t("vp")}`];
    if (here.holder) parts.push(`${info.kind === "minor" ? this.t("allied_to") : this.t("controlled_by")} ${this.R.name(here.holder)}`);
    const spaces = here.spaces.map((s, i) => {
      if (!s) return `${i + 1} ${this.t("free")}`;
      const [base, top] = s.split("/");
      const who = (o) => (o === "#" ? this.t("armaments") : this.R.name(o));
      return top ? `${i + 1} ${who(base)} ${this.t("disputed_by")} ${who(top)}` : `${i + 1} ${who(base)}`;
    });
    parts.push(`${this.t("spaces")}: ${spaces.join("; ")}`);
    const armies = Object.entries(view.powers).filter(([, me]) => me.armies.out[tid]).map(([p, me]) => `${this.R.name(p)} ${me.armies.out[tid]}`);
    if (armies.length) parts.push(`${this.t("armies")}: ${armies.join(", ")}`);
    const units = view.minors[tid]?.units || [];
    if (units.length) parts.push(`${this.t("own_units")}: ${units.map((u) => `${u.unit.endsWith("fleet") ? this.t("fleet_one") : this.t("army_one")} (${this.R.name(u.location === "home" ? tid : u.location)})`).join(", ")}`);
    const contrast = view.contrasts[tid];
    if (contrast) parts.push(`${this.t("contrasts")} ${this.R.name(contrast.power)}`);
    if (legal) parts.push(this.t("has_actions"));
    return parts.join(". ");
  }
}
