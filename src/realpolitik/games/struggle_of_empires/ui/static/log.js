// Struggle of Empires' log in the page's language. The rules write each line once, in English with
// ids and codes (rules/log_lines.py); the board data carries the catalog (ui/log_text.py: each
// line's pattern, its placeholders and its English and French templates, what each placeholder
// holds, the closed sets' words). A line is read back to its key and values, then written from
// the template of the page's language with the regions' and tiles' names. A line no pattern knows
// is shown as written. No import: tests run this module alone (tests/struggle_of_empires).

const compiled = new WeakMap();

function patterns(catalog) {
  let found = compiled.get(catalog);
  if (!found) {
    found = Object.entries(catalog.lines).map(([key, line]) => [key, new RegExp(line.pattern), line.names]);
    compiled.set(catalog, found);
  }
  return found;
}

// The key and the values of a line ({key, values}), or null when no pattern knows it.
export function readLine(text, catalog) {
  for (const [key, re, names] of patterns(catalog)) {
    const m = text.match(re);
    if (!m) continue;
    const values = {};
    names.forEach((name, i) => {
      const kind = catalog.kinds[name];
      const value = m[i + 1];
      const words = catalog.words[kind];
      // Closed sets (a unit, a sea roll's outcome, what an ally commits): back from their words.
      values[name] = words ? Object.keys(words.en).find((k) => words.en[k] === value) : value;
    });
    return { key, values };
  }
  return null;
}

// One value as the reader reads it: a region's or a tile's name, a closed set's word.
function valueIn(board, name, value, lang) {
  const kind = board.log.kinds[name];
  const words = board.log.words[kind];
  const pick = (texts) => (texts && (texts[lang] || texts.en)) || value;
  if (words) return (words[lang] || words.en)[value];
  if (kind === "region" && board.regions?.[value]) return pick(board.regions[value].name);
  if ((kind === "tile" || kind === "target") && board.tiles?.[value]) return pick(board.tiles[value].name);
  return value;
}

// The line in ``lang`` ("en" or "fr"), with the content's names; as written when unknown.
export function logLine(text, board, lang) {
  const found = board.log ? readLine(text, board.log) : null;
  if (!found) return text;
  const line = board.log.lines[found.key];
  const template = lang === "fr" ? line.fr : line.en;
  return template.replace(/\{(\w+)\}/g, (all, name) => valueIn(board, name, found.values[name], lang));
}
