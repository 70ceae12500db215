// The page that creates a game: who plays each Power, options, then one link per player.
import { t, el, getLang, setLang } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];

function translate() {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.getAttribute("data-t"));
  drawSeats();
}

function drawSeats() {
  const box = $("seats");
  const game = $("game").value;
  const powers = (games.find((g) => g.id === game) || { seats: [] }).seats;
  const legend = box.querySelector("legend");
  box.replaceChildren(legend);
  for (const { id, name } of powers) {
    const select = el("select", { id: `ctl-${id}`, "data-seat": id },
      el("option", { value: "human" }, t("human")), el("option", { value: "bot" }, t("bot")),
      el("option", { value: "bot:heuristic" }, t("bot_heuristic")), el("option", { value: "np" }, t("np")));
    select.addEventListener("change", syncPlayers);
    box.append(el("label", {}, `${name[getLang()] || name.en} (${id}) `, select));
  }
  syncPlayers();
}

function npSeats() {
  return [...document.querySelectorAll("[data-seat]")].filter((s) => s.value === "np").map((s) => s.getAttribute("data-seat"));
}

// With Non-Player Powers the count of players follows from them (§13: one player per other
// Power), so the players choice is set aside rather than sent to be refused.
function syncPlayers() {
  const np = npSeats().length;
  $("players").disabled = np > 0;
  $("players").title = np ? t("np_players") : "";
}

async function create(event) {
  event.preventDefault();
  $("error").textContent = "";
  const game = $("game").value;
  const controllers = {};
  for (const select of document.querySelectorAll("[data-seat]")) controllers[select.getAttribute("data-seat")] = select.value;
  const options = { dreyfus_affair: $("dreyfus").checked, intrigue_promos: $("promos").checked };
  if (!npSeats().length) options.players = Number($("players").value);
  const body = {
    game,
    options,
    controllers,
    table: $("table").checked,
  };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  const response = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    $("error").textContent = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    return;
  }
  const list = $("link-list");
  list.replaceChildren();
  const full = (path) => `${location.origin}${path}`;
  for (const player of data.players) {
    const who = `${t("player_link")} ${player.seats.join(" + ")}`;
    if (player.url) list.append(el("li", {}, el("b", {}, who), ": ", el("a", { href: player.url, target: "_blank", "data-link": player.seats.join("+") }, full(player.url))));
    else if (player.controller === "np") list.append(el("li", { "data-np": player.seats.join("+") }, el("b", {}, who), `: ${t("np")}`));
    else list.append(el("li", {}, el("b", {}, who), `: ${player.controller}`));
  }
  if (data.table) list.append(el("li", {}, el("b", {}, t("table")), ": ", el("a", { href: data.table, target: "_blank", "data-link": "table" }, full(data.table))));
  list.append(el("li", {}, el("b", {}, t("spectator_link")), ": ", el("a", { href: data.spectator, target: "_blank", "data-link": "spectator" }, full(data.spectator))));
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
    $("watch-error").textContent = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    return;
  }
  location.href = data.url;
}

async function start() {
  const select = $("lang");
  select.value = getLang();
  select.addEventListener("change", () => { setLang(select.value); translate(); });
  games = await (await fetch("/api/games")).json();
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.id }, g.title)));
  $("game").addEventListener("change", drawSeats);
  $("create").addEventListener("submit", create);
  $("record-file").addEventListener("change", watch);
  translate();
}

start();
