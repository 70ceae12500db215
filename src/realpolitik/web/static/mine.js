// "My games": the links this browser has opened (and the games it created), each with its game, its
// seats and whose turn it is, asked of the server (GET /api/play/TOKEN/summary) every 20 s.
import { t, el, getLang, setLang } from "./i18n.js";
import { copyButton, createdGames, forgetCreated, forgetLink, rememberedLinks } from "./mygames.js";

const $ = (id) => document.getElementById(id);
const full = (path) => `${location.origin}${path}`;
const tokenOf = (path) => path.split("/").filter(Boolean).pop();
let summaries = new Map();

function translate() {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.getAttribute("data-t"));
}

async function summary(path) {
  try {
    const response = await fetch(`/api/play/${encodeURIComponent(tokenOf(path))}/summary`, { headers: { accept: "application/json" } });
    if (response.status === 404) return { gone: true };
    if (!response.ok) return null;
    return await response.json();
  } catch {
    return null;
  }
}

const seatsWithNames = (seats, names) => seats.map((s) => (names && names[s] ? `${s} (${names[s]})` : s)).join(", ");

function drawOpened() {
  const links = rememberedLinks();
  if (!links.length) {
    $("opened").replaceChildren(el("p", { class: "muted", id: "mine-empty" }, t("mine_empty")));
    return;
  }
  const rows = links.map((link) => {
    const info = summaries.get(link.path);
    let status = "…";
    let mine = false;
    if (info && info.gone) status = t("gone");
    else if (info) {
      mine = info.yours.length > 0;
      status = info.over ? `${t("over")}: ${info.over}` : mine ? `● ${t("your_turn_short")}` : seatsWithNames(info.to_act, info.names);
    }
    const names = info && !info.gone ? info.names : link.names;
    const role = t(`role_${link.role}`) || link.role;
    const seats = link.seats && link.seats.length ? seatsWithNames(link.seats, names) : role;
    return el("tr", { class: mine ? "yours" : "", "data-mine": link.path },
      el("td", {}, el("a", { href: link.path }, link.title || "?")),
      el("td", {}, seats, link.role !== "player" ? el("small", { class: "muted" }, ` · ${role}`) : null),
      el("td", { class: "turn" }, status),
      el("td", {}, copyButton(el, t, full(link.path)), el("button", { type: "button", class: "small", onclick: () => { forgetLink(link.path); drawOpened(); } }, t("remove_link"))));
  });
  $("opened").replaceChildren(el("div", { class: "scroll" }, el("table", { class: "generic mine-table" },
    el("thead", {}, el("tr", {}, el("th", {}, t("game")), el("th", {}, t("seats_col")), el("th", {}, t("whose_turn")), el("th", {}, ""))),
    el("tbody", {}, rows))));
}

function drawCreated() {
  const games = createdGames();
  if (!games.length) {
    $("created").replaceChildren(el("p", { class: "muted" }, t("mine_empty")));
    return;
  }
  $("created").replaceChildren(...games.map((game) => el("div", { class: "created", "data-created": game.spectator },
    el("h3", {}, game.title, el("small", { class: "muted" }, ` · ${new Date(game.at).toLocaleString()}`)),
    el("ul", {}, game.links.filter((l) => l.url).map((l) => el("li", {},
      el("b", {}, l.kind === "player" ? `${l.label}${l.name ? ` (${l.name})` : ""}` : l.label), " ",
      el("a", { href: l.url }, t("open")), " ", copyButton(el, t, full(l.url))))),
    el("button", { type: "button", class: "small", onclick: () => { forgetCreated(game.spectator); drawCreated(); } }, t("remove_link")))));
}

async function poll() {
  const links = rememberedLinks();
  const found = await Promise.all(links.map((l) => summary(l.path)));
  summaries = new Map(links.map((l, i) => [l.path, found[i]]));
  drawOpened();
  document.body.dataset.ready = "1";
}

function start() {
  const select = $("lang");
  select.value = getLang();
  select.addEventListener("change", () => { setLang(select.value); translate(); drawOpened(); drawCreated(); });
  translate();
  drawOpened();
  drawCreated();
  poll();
  setInterval(poll, 20000);
}

start();
