// The page that creates a game: the game, its options, who plays each seat, then one link per
// player. The form is built from what the server says of each game (GET /api/games: its options
// schema, seats and automaton), so a new game needs nothing here. Before the game is created the
// server previews it (POST /api/games/preview): who holds which seats, and which options the game
// works out from the other choices, which are shown but not sent.
import { t, tx, el, getLang, setLang } from "./i18n.js";
import { copyButton, createdGames, rememberCreated } from "./mygames.js";

const $ = (id) => document.getElementById(id);
const FIELD_KINDS = ["bool", "int", "choice"];
let games = [];
let derived = new Set();
let asked = 0; // the newest preview asked for: older answers are dropped
let previewing = Promise.resolve();

const game = () => games.find((g) => g.id === $("game").value) || games[0];
const fields = (g) => g.options.filter((o) => o.form && FIELD_KINDS.includes(o.kind));
const detail = (data) => (typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail));

function translate() {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.getAttribute("data-t"));
  const g = game();
  if (!g) return;
  for (const option of fields(g)) {
    const label = document.querySelector(`[data-option-label="${option.name}"]`);
    const help = document.querySelector(`[data-option-help="${option.name}"]`);
    if (label) label.textContent = tx(option.label);
    if (help) help.textContent = helpText(option);
  }
  for (const node of document.querySelectorAll("#game option")) {
    const known = games.find((x) => x.id === node.value);
    node.textContent = `${tx(known.title)} (${known.players})`;
  }
  $("summary").textContent = tx(g.summary);
  drawSeats();
}

function helpText(option) {
  const help = tx(option.help);
  return option.rule && !help.includes(option.rule) ? `${help} (${option.rule})` : help;
}

// -- options, from the game's schema ----------------------------------------------------------------
function field(option) {
  const id = `opt-${option.name}`;
  if (option.kind === "bool") return el("input", { id, type: "checkbox", checked: option.default === true, "data-option": option.name });
  if (option.choices) {
    // Choices by index, so the value sent is the schema's own (a number stays a number).
    const select = el("select", { id, "data-option": option.name },
      option.choices.map((choice, i) => el("option", { value: String(i), selected: choice === option.default }, String(choice))));
    return select;
  }
  return el("input", { id, type: "number", step: "1", min: option.minimum, max: option.maximum, value: option.default, "data-option": option.name });
}

function drawOptions() {
  const box = $("options");
  const legend = box.querySelector("legend");
  box.replaceChildren(legend);
  const g = game();
  const shown = fields(g);
  box.hidden = !shown.length;
  for (const option of shown) {
    const input = field(option);
    input.addEventListener("change", schedulePreview);
    const label = el("span", { "data-option-label": option.name }, tx(option.label));
    const help = el("small", { class: "help", "data-option-help": option.name }, helpText(option));
    const row = option.kind === "bool"
      ? el("label", { class: "option", "data-field": option.name }, input, " ", label, help)
      : el("label", { class: "option", "data-field": option.name }, label, " ", input, help);
    box.append(row);
  }
  derived = new Set();
}

function readOption(option) {
  const input = $(`opt-${option.name}`);
  if (option.kind === "bool") return input.checked;
  if (option.choices) return input.value === "derived" ? undefined : option.choices[Number(input.value)];
  if (input.value === "") return option.default;
  const number = Number(input.value);
  return Number.isFinite(number) ? number : input.value; // the server names what is wrong with it
}

// The options as the person chose them; the ones the game derives are left out when creating.
function chosenOptions(withDerived) {
  const options = {};
  for (const option of fields(game())) {
    if (!withDerived && derived.has(option.name)) continue;
    const value = readOption(option);
    if (value !== undefined) options[option.name] = value;
  }
  return options;
}

function showDerived(names, values) {
  derived = new Set(names);
  for (const option of fields(game())) {
    const input = $(`opt-${option.name}`);
    const isDerived = derived.has(option.name);
    if (isDerived) {
      // Show the value the game works it out to; keep the person's own choice for later.
      if (!input.disabled) input.dataset.chosen = option.kind === "bool" ? String(input.checked) : input.value;
      setValue(option, input, values[option.name]);
    } else if (input.disabled && input.dataset.chosen !== undefined) {
      input.querySelector('option[value="derived"]')?.remove();
      if (option.kind === "bool") input.checked = input.dataset.chosen === "true";
      else input.value = input.dataset.chosen;
      delete input.dataset.chosen;
    }
    input.disabled = isDerived;
    input.title = isDerived ? t("derived") : "";
    input.closest("[data-field]")?.classList.toggle("derived", isDerived);
  }
}

function setValue(option, input, value) {
  if (option.kind === "bool") input.checked = value === true;
  else if (option.choices) {
    const index = option.choices.indexOf(value);
    input.querySelector('option[value="derived"]')?.remove();
    if (index >= 0) input.value = String(index);
    else {
      input.append(el("option", { value: "derived" }, String(value)));
      input.value = "derived";
    }
  } else input.value = String(value);
}

// -- seats ------------------------------------------------------------------------------------------
let seats = []; // the seats of the game the options make (from the preview; the defaults' first)
let groups = null; // who holds which seats (the preview's players): one menu per player, not per seat

// The opponent a seat gets unless the person says otherwise: the heuristic bot where the game has
// one (random play is a test tool, not an opponent); the first player is the person creating.
const defaultBot = (g) => (g.bots.includes("heuristic") ? "bot:heuristic" : "bot");

function drawSeats() {
  const box = $("seats");
  const g = game();
  const chosen = controllers();
  const typedNames = Object.fromEntries([...document.querySelectorAll("[data-name-for]")].map((i) => [i.getAttribute("data-name-for"), i.value]));
  const legend = box.querySelector("legend");
  box.replaceChildren(legend);
  const names = Object.fromEntries(seats.map((s) => [s.id, tx(s.name)]));
  const plan = groups || seats.map((s) => ({ seats: [s.id] }));
  plan.forEach((group, index) => {
    const first = group.seats[0];
    const choices = [el("option", { value: "human" }, t("human")), el("option", { value: "bot" }, t("bot"))];
    if (g.bots.includes("heuristic")) choices.push(el("option", { value: "bot:heuristic" }, t("bot_heuristic")));
    // The game's automaton only where the game has one (LBE's Non-Player Powers, §13), and only
    // for a player holding one seat (the automaton plays seats, not people).
    if (g.automaton && group.seats.length === 1) choices.push(el("option", { value: g.automaton.keyword }, tx(g.automaton.name)));
    const select = el("select", { id: `ctl-${first}`, "data-seat": first, "data-seats": group.seats.join(" ") }, choices);
    const wanted = chosen[first] ?? (index === 0 ? "human" : defaultBot(g));
    select.value = [...select.options].some((o) => o.value === wanted) ? wanted : defaultBot(g);
    select.addEventListener("change", schedulePreview);
    const label = group.seats.map((id) => `${names[id] || id} (${id})`).join(" + ");
    // The person's name, shown on every page (only for a person: bots and the automaton have none).
    const typed = typedNames[first] ?? "";
    const name = el("input", { id: `name-${first}`, class: "person-name", "data-name-for": first, maxlength: 32,
      placeholder: t("name_placeholder"), value: typed, "aria-label": `${t("your_name")} ${label}` });
    name.hidden = select.value !== "human";
    select.addEventListener("change", () => { name.hidden = select.value !== "human"; });
    box.append(el("div", { class: "seat-row", "data-player": group.seats.join("+") }, el("label", {}, `${label} `, select), name));
  });
  if (g.automaton) {
    // A solo game is a choice: you hold the first seat, the game's automaton the others.
    box.append(el("button", { type: "button", id: "solo", onclick: solo }, `${t("solo")}: ${tx(g.automaton.name)}`));
  }
}

function solo() {
  const g = game();
  const selects = [...document.querySelectorAll("[data-seat]")];
  selects.forEach((select, index) => {
    const keyword = [...select.options].some((o) => o.value === g.automaton.keyword) ? g.automaton.keyword : defaultBot(g);
    select.value = index === 0 ? "human" : keyword;
  });
  schedulePreview();
}

function controllers() {
  const out = {};
  for (const select of document.querySelectorAll("[data-seat]")) {
    for (const seat of (select.getAttribute("data-seats") || select.getAttribute("data-seat")).split(" ")) out[seat] = select.value;
  }
  return out;
}

// -- the preview ------------------------------------------------------------------------------------
function schedulePreview() {
  previewing = preview();
  return previewing;
}

async function preview() {
  const mine = ++asked;
  // Only the automaton's seats change the game (its option, the seating); people and bots are
  // chosen per player once the preview says who holds which seats, so a change of the player
  // count never sends a stale per-seat mix the server would refuse.
  const g0 = game();
  const automated = Object.fromEntries(Object.entries(controllers()).filter(([, v]) => g0.automaton && v === g0.automaton.keyword));
  const body = { game: g0.id, options: chosenOptions(true), controllers: automated };
  let response;
  try {
    response = await fetch("/api/games/preview", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    return;
  }
  const data = await response.json().catch(() => ({}));
  if (mine !== asked) return;
  if (!response.ok) {
    $("error").textContent = detail(data);
    $("seating").replaceChildren();
    return;
  }
  $("error").textContent = "";
  showDerived(data.derived, data.options);
  const planned = data.players.map((p) => p.seats.join("+")).join();
  if (data.seats.map((s) => s.id).join() !== seats.map((s) => s.id).join() || planned !== (groups || []).map((p) => p.seats.join("+")).join()) {
    seats = data.seats;
    groups = data.players.map((p) => ({ seats: p.seats }));
    drawSeats();
  }
  const g = game();
  const names = Object.fromEntries(seats.map((s) => [s.id, tx(s.name)]));
  const words = { human: t("human"), bot: t("bot"), "bot:random": t("bot"), "bot:heuristic": t("bot_heuristic") };
  const chosen = controllers();
  const word = (controller) => (g.automaton && controller === g.automaton.keyword ? tx(g.automaton.short)
    : words[controller] ?? controller);
  $("seating").replaceChildren(el("b", {}, `${t("seating")}: `),
    ...data.players.flatMap((p, i) => [i ? " · " : "", el("span", { "data-group": p.seats.join("+") },
      p.seats.map((s) => names[s] || s).join(" + "), ` (${word(chosen[p.seats[0]] ?? p.controller)})`)]));
}

// -- creating ----------------------------------------------------------------------------------------
async function create(event) {
  event.preventDefault();
  await previewing; // the derived options must be known before the game is asked for
  $("error").textContent = "";
  const g = game();
  const chosen = controllers();
  const names = {};
  for (const input of document.querySelectorAll("[data-name-for]")) {
    const seat = input.getAttribute("data-name-for");
    if (chosen[seat] === "human" && input.value.trim()) names[seat] = input.value.trim();
  }
  const body = { game: g.id, options: chosenOptions(false), controllers: chosen, table: $("table").checked, names };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  if ($("clock-pace").value !== "none") body.clock = { pace: $("clock-pace").value, on_timeout: $("clock-timeout").value };
  const response = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    $("error").textContent = detail(data);
    return;
  }
  // Kept in this browser at once: a reload (or a closed tab) never loses the links.
  const entry = { title: tx(g.title), game: g.id, at: Date.now(), links: [], spectator: data.spectator };
  const seatNames = Object.fromEntries(seats.map((s) => [s.id, tx(s.name)]));
  for (const player of data.players) {
    const label = player.seats.map((s) => seatNames[s] || s).join(" + ");
    if (player.url) entry.links.push({ kind: "player", seats: player.seats, label, name: player.name || "", url: player.url });
    else {
      const word = g.automaton && player.controller === g.automaton.keyword ? tx(g.automaton.name) : player.controller;
      entry.links.push({ kind: "other", seats: player.seats, label, controller: word });
    }
  }
  if (data.table) entry.links.push({ kind: "table", label: t("table"), url: data.table });
  entry.links.push({ kind: "spectator", label: t("spectator_link"), url: data.spectator });
  rememberCreated(entry);
  showLinks(entry);
  $("links").hidden = false;
}

// The links of a game created here, each with a copy button (also after a reload: see start()).
function showLinks(entry) {
  const list = $("link-list");
  const full = (path) => `${location.origin}${path}`;
  list.replaceChildren(el("li", { class: "muted" }, `${entry.title} · ${new Date(entry.at).toLocaleString()}`));
  for (const link of entry.links) {
    const key = link.kind === "player" ? link.seats.join("+") : link.kind;
    const who = link.kind === "player" ? `${t("player_link")} ${link.seats.join(" + ")}${link.name ? ` (${link.name})` : ""}` : link.label;
    if (!link.url) {
      list.append(el("li", { "data-automaton": link.seats.join("+") }, el("b", {}, `${t("player_link")} ${link.seats.join(" + ")}`), `: ${link.controller}`));
      continue;
    }
    list.append(el("li", {}, el("b", {}, who), ": ",
      el("a", { href: link.url, target: "_blank", "data-link": key }, full(link.url)), " ",
      copyButton(el, t, full(link.url), { "data-copy": key })));
  }
  $("links").hidden = false;
}

// A record file from a finished game: the server checks that it replays and opens it read-only.
async function watch() {
  $("watch-error").textContent = "";
  const file = $("record-file").files[0];
  if (!file) return;
  let body;
  try {
    body = JSON.parse(await file.text());
  } catch (error) {
    $("watch-error").textContent = String(error);
    return;
  }
  const response = await fetch("/api/replays", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    $("watch-error").textContent = detail(data);
    return;
  }
  location.href = data.url;
}

function chooseGame() {
  $("seats").replaceChildren($("seats").querySelector("legend"));
  seats = game().seats;
  groups = null;
  drawOptions();
  translate();
  schedulePreview();
}

async function start() {
  const select = $("lang");
  select.value = getLang();
  select.addEventListener("change", () => { setLang(select.value); translate(); schedulePreview(); });
  games = await (await fetch("/api/games")).json();
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.id }, tx(g.title))));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) $("game").value = wanted;
  $("game").addEventListener("change", chooseGame);
  $("create").addEventListener("submit", create);
  $("record-file").addEventListener("change", watch);
  chooseGame();
  const last = createdGames()[0];
  if (last) showLinks(last); // the last game created here, so a reload loses nothing
  document.body.dataset.ready = "1";
}

start();
