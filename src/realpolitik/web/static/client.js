// The play page: loads the state the link may see, keeps it live over the websocket, draws it with
// the game's board, and sends the actions the player clicks. The rules stay on the server: the
// page only offers the legal actions the server listed and sends back their notation.
//
// The board is the game's own module when it has one (the board data names it, e.g.
// /games/<game>/board.js, exporting createBoard(board, getLang)); otherwise, or if it fails to
// load, the generic board, which draws any game from its view and legal actions alone.
import { t, tx, el, getLang, setLang, offerLanguages } from "./i18n.js";
import { createBoard as createGeneric } from "./generic.js";
import { rememberLink } from "./mygames.js";

const token = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
// A replay (an uploaded record) is drawn by the same page, read-only and stepped by the viewer.
const replayMode = location.pathname.startsWith("/replay/");
const api = (path = "") => `/api/${replayMode ? "replay" : "play"}/${encodeURIComponent(token)}${path}`;
const seenKey = `rp-seen-${token.slice(0, 12)}`;
const $ = (id) => document.getElementById(id);

let board = null;
let R = null;
let state = null;
let log = [];
let logEpoch = 0;
let socket = null;
let live = false;
let busy = false;
let revealed = null; // hot-seat: the seat whose hand is on screen
let subscribed = null; // hot-seat: the seat the server sends secrets for (null: public only)
let menuEvent = null; // the click that opened the menu must not close it
let step = 0; // replay: how many of the record's actions are on the board
let chat = []; // the messages this link may see, oldest first
let chatId = 0; // the newest message id on the page
let rematchUrl = null; // this link's own link to the rematch, once asked
let clockAt = 0; // when the last state (and its clock) arrived, for the countdown
let dialogKey = null; // the decision the dialog is about (a new one opens unfolded)
let dialogFolded = false;
let dialogShown = false; // its place was brought into view once
const visitMark = replayMode ? -1 : Number(localStorage.getItem(seenKey) ?? "-1");

async function loadBoard(data) {
  if (data.module) {
    try {
      const module = await import(data.module);
      const created = module.createBoard(data, getLang);
      // Its style sheet first (boardStyles), so the first frame is laid out: a phone's map can then
      // be scrolled to the seat's home and to the place a dialog is about. A sheet slow to come
      // does not hold the game back for more than two seconds.
      await Promise.race([created.ready, new Promise((resolve) => setTimeout(resolve, 2000))]);
      return created;
    } catch (error) {
      // A broken board module must not lose the game: the generic board can play anything.
      console.error(`the board module ${data.module} failed; drawing the generic board`, error);
    }
  }
  return createGeneric(data, getLang);
}

// The page's words, in the game's own where its board has them ("Powers" rather than "Seats").
const w = (key) => R?.word?.(key) ?? t(key);
const seatName = (seat) => (R.seatName ? R.seatName(seat) : seat);

// -- talking to the server ------------------------------------------------------------------------
async function getJson(url) {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw Object.assign(new Error(response.statusText), { status: response.status });
  return response.json();
}

async function refresh(full = false) {
  if (replayMode) {
    applyState(await getJson(api(`?step=${step}`)));
    return;
  }
  const since = full || !state ? 0 : state.log_length;
  applyState(await getJson(api(`?since=${since}&epoch=${logEpoch}${revealParam()}`)));
}

// A shared (hot-seat) screen asks for one seat's secrets only, once its person pressed "show".
const revealParam = () => (subscribed ? `&reveal=${encodeURIComponent(subscribed)}` : "");

async function resubscribe(seat) {
  subscribed = seat;
  log = [];
  if (socket) {
    socket.onclose = null;
    socket.close();
    socket = null;
  }
  try { await refresh(true); } catch { /* the socket below catches up */ }
  connect();
}

function applyState(payload) {
  if (payload.type !== "state") return;
  log = log.filter((entry) => entry.i < payload.log_from).concat(payload.log);
  logEpoch = payload.log_epoch;
  state = payload;
  clockAt = Date.now();
  if (!replayMode) {
    rememberLink({ path: location.pathname, title: payload.game.title, role: payload.role, seats: payload.seats, names: payload.names });
  }
  renderSoon();
}

// A burst of state messages (bots moving quickly, a game driven to its end) is drawn once: the page
// draws the latest state as soon as the messages already received are read.
let renderPending = false;
function renderSoon() {
  if (renderPending) return;
  renderPending = true;
  setTimeout(() => {
    renderPending = false;
    render();
  }, 0);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const since = state ? state.log_length : 0;
  const opened = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(token)}?since=${since}&chat=${chatId}${revealParam()}`);
  socket = opened;
  opened.onopen = () => { live = true; showConn(); };
  opened.onmessage = (event) => {
    if (socket !== opened) return;
    const message = JSON.parse(event.data);
    if (message.type === "chat") addChat(message.messages);
    else if (message.type === "result") settle(message.id, message);
    else applyState(message);
  };
  opened.onclose = () => {
    if (socket !== opened) return;
    live = false;
    for (const id of [...calls.keys()]) settle(id, null);
    showConn();
    // Come back quietly: a laptop lid closed or a server restart should not lose the game.
    setTimeout(async () => { try { await refresh(); } catch { /* still down */ } if (socket === opened) connect(); }, 1500);
  };
}

// Actions and undos go on the live socket (no HTTP request each), answered by a "result" message
// with the status and reason their POST would have. Without a live socket they go by POST. If the
// socket closes before the answer, nobody knows whether the action was played: the page reloads
// the state and shows what the game holds.
let callId = 0;
const calls = new Map(); // id -> resolve
const CALL_SECONDS = 15; // no answer by then: the socket is taken as dead (closed, reopened)

function socketCall(message) {
  return new Promise((resolve) => {
    callId += 1;
    const id = callId;
    const sentOn = socket;
    calls.set(id, resolve);
    sentOn.send(JSON.stringify({ ...message, id }));
    setTimeout(() => {
      if (!calls.has(id)) return;
      settle(id, null);
      if (socket === sentOn) sentOn.close();
    }, CALL_SECONDS * 1000);
  });
}

function settle(id, result) {
  const resolve = calls.get(id);
  if (!resolve) return;
  calls.delete(id);
  resolve(result);
}

function socketOpen() {
  // Offline, a socket may still look open: the POST then fails at once and says so.
  return live && navigator.onLine !== false && socket && socket.readyState === WebSocket.OPEN;
}

async function goTo(target) {
  if (busy || !state) return;
  busy = true;
  try {
    step = Math.max(0, Math.min(target, state.moves));
    await refresh();
  } catch (error) {
    showMessage(String(error));
  } finally {
    busy = false;
  }
}

// The server cannot be reached (offline, restarting): say so, and mark the page as not live.
function unreachable() {
  live = false;
  showConn();
  showMessage(t("unreachable"));
}

async function send(action, seat) {
  if (busy || !state) return;
  busy = true;
  closeMenu();
  try {
    let status;
    let body;
    if (socketOpen()) {
      body = await socketCall({ type: "action", action, move: state.move, seat });
      if (body === null) {
        await refresh().catch(unreachable);
        return;
      }
      status = body.ok ? 200 : body.status;
    } else {
      let response;
      try {
        // Without a live socket, the answer carries the new state (no GET after it).
        const query = live ? "" : `?since=${state.log_length}&epoch=${logEpoch}${revealParam()}`;
        response = await fetch(api(`/action${query}`), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ action, move: state.move, seat }),
        });
      } catch {
        unreachable();
        return;
      }
      status = response.status;
      body = await response.json().catch(() => ({}));
    }
    if (status !== 200) {
      const rule = body.rule ? ` (${body.rule})` : "";
      showMessage(status === 409 ? `${t("stale")} — ${body.detail}` : `${body.detail}${rule}`);
      await refresh().catch(unreachable);
    } else {
      showMessage("");
      if (!live && body.state) applyState(body.state);
      else if (!live) await refresh();
    }
  } finally {
    busy = false;
  }
}

async function undo(seat) {
  let ok;
  let body;
  if (socketOpen()) {
    body = await socketCall({ type: "undo", move: state.move, seat });
    ok = body !== null && body.ok;
    body = body || {};
  } else {
    let response;
    try {
      response = await fetch(api("/undo"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ move: state.move, seat }),
      });
    } catch {
      unreachable();
      return;
    }
    ok = response.ok;
    body = await response.json().catch(() => ({}));
  }
  showMessage(ok ? "" : body.detail);
  if (!live || !ok) await refresh(true).catch(unreachable);
}

// -- drawing --------------------------------------------------------------------------------------
function showConn() {
  if (replayMode) {
    $("conn").textContent = t("replay");
    $("conn").className = "conn";
    return;
  }
  $("conn").textContent = live ? `● ${t("connected")}` : `○ ${t("disconnected")}`;
  $("conn").className = live ? "conn on" : "conn off";
}

function showMessage(text) {
  $("message").textContent = text || "";
}

// -- choosing: a click on a place selects it and says what will happen; a second click on it (or
// the menu's Confirm / an entry) commits. Escape (or Cancel) closes the menu and gives the focus
// back to the place that opened it, through the board's hook when it has one.
let selected = null; // {key, move}: the place whose actions the menu shows
let menuOpener = null; // the button that opened the menu (the focus goes back to it)

function closeMenu(restoreFocus = false) {
  const menu = $("menu");
  const wasOpen = !menu.hidden;
  menu.hidden = true;
  const key = selected?.key;
  selected = null;
  for (const node of document.querySelectorAll("[data-target].selected")) node.classList.remove("selected");
  if (!restoreFocus || !wasOpen) return;
  if (!key) {
    // A menu opened from a button (Buy units …): the focus goes back to that button.
    if (menuOpener?.isConnected) menuOpener.focus();
    return;
  }
  // The board knows where its places are after a redraw (R.focusTarget); otherwise the node itself.
  if (R?.focusTarget?.(key)) return;
  const node = document.querySelector(`#board [data-target="${CSS.escape(key)}"], #hand [data-target="${CSS.escape(key)}"]`);
  if (node && typeof node.focus === "function") node.focus();
}

function markSelected() {
  for (const node of document.querySelectorAll("#board [data-target], #hand [data-target]")) {
    node.classList.toggle("selected", !!selected && node.getAttribute("data-target") === selected.key);
  }
}

// A place of the board or a card of the hand was clicked (or pressed: a click with detail 0).
function choose(key, actions, seat, event) {
  if (selected && selected.key === key && selected.move === state.move && actions.length === 1 && !$("menu").hidden) {
    send(actions[0], seat); // the second click on the selected place commits its one action
    return;
  }
  openMenu(actions, seat, event, key);
}

function openMenu(actions, seat, event, key = null) {
  menuEvent = event;
  menuOpener = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
  const x = event.clientX;
  const y = event.clientY;
  const menu = $("menu");
  selected = key ? { key, move: state.move } : null;
  markSelected();
  const one = actions.length === 1 && key;
  menu.replaceChildren(
    el("div", { class: "menu-title" }, one ? t("will_happen") : t("choose")),
    ...(one
      ? [el("p", { class: "menu-what", "data-what": actions[0] }, R.label(actions[0])),
        el("button", { class: "confirm", "data-action": actions[0], onclick: () => send(actions[0], seat) }, `✔ ${t("confirm")}`),
        el("p", { class: "muted menu-hint" }, t(window.matchMedia?.("(pointer: coarse)").matches ? "confirm_hint_touch" : "confirm_hint"))]
      : actions.map((a) => el("button", { "data-action": a, onclick: () => send(a, seat) }, R.label(a)))),
    el("button", { class: "cancel", onclick: () => closeMenu(true) }, t("cancel")),
  );
  menu.hidden = false;
  const width = Math.min(320, window.innerWidth - 16);
  const height = menu.offsetHeight || 40 + actions.length * 34;
  let top = y + 8;
  // A place of the board stays in sight: the menu goes below it, or above it when there is no room.
  const place = key && event.currentTarget?.getBoundingClientRect ? event.currentTarget.getBoundingClientRect() : null;
  if (place) {
    if (place.bottom + 6 + height <= window.innerHeight) top = place.bottom + 6;
    else if (place.top - 6 - height >= 0) top = place.top - 6 - height;
  }
  menu.style.left = `${Math.max(4, Math.min(x, window.innerWidth - width - 8))}px`;
  menu.style.top = `${Math.max(4, Math.min(top, window.innerHeight - height - 8))}px`;
  // Opened from the keyboard (Enter or Space make a click of detail 0): the keyboard goes into it.
  if (event.detail === 0) menu.querySelector("[data-action]")?.focus();
}

function focusSeat() {
  const mine = state.seats.filter((s) => state.to_act.includes(s));
  if (state.role === "table") return mine[0] ?? revealed ?? state.seats[0] ?? null;
  return mine[0] ?? state.seats[0] ?? null;
}

function render() {
  if (!state || !R) return;
  const seat = focusSeat();
  const views = state.views;
  const view = (views.find((v) => v.seat === seat) || views[0]).view;
  const hidden = state.role === "table" && seat !== null && state.to_act.includes(seat) && revealed !== seat;
  const legal = hidden ? [] : (seat && state.legal[seat]) || [];
  if (state.role === "table" && !replayMode) {
    // Behind the hand-over screen the shared page holds only what everyone may see.
    const want = hidden ? null : revealed;
    if (want !== subscribed) {
      log = log.filter((entry) => !entry.private);
      resubscribe(want);
    }
  }

  $("title").textContent = `${gameTitle()} · ${R.header(view)}`;
  const status = $("status");
  status.replaceChildren();
  if (state.role === "replay") status.append(el("b", {}, t("replay")), " · ");
  if (state.error) status.append(el("span", { class: "error" }, `${t("error_bot")}: ${state.error}`));
  else if (state.outcome) {
    const outcome = finalOutcome();
    status.append(el("b", {}, `${t("game_over")}: ${outcome.summary}`));
    const note = R.outcomeNote ? R.outcomeNote(outcome) : null;
    if (note) status.append(" · ", note);
  }
  else if (state.role === "replay") status.append(t("waiting"), " ", ...state.to_act.map((s) => R.chip(s)));
  else if (state.role === "spectator") status.append(t("spectating"), " · ", t("waiting"), " ", ...state.to_act.flatMap(named));
  else if (legal.length) status.append(el("b", { class: "yours" }, t("your_turn")), " ", ...named(seat));
  else status.append(t("waiting"), " ", ...state.to_act.flatMap(named));
  showTurn(legal.length > 0 && state.role !== "spectator" && !replayMode);

  // Legal actions by where they are clicked; the rest become buttons.
  const targets = new Map();
  const loose = [];
  for (const action of legal) {
    const key = R.target(action);
    if (key) targets.set(key, [...(targets.get(key) || []), action]);
    else loose.push(action);
  }
  // The board also gets the log this link may see (a game may draw on its map what the log says).
  const drawn = R.drawBoard(view, new Set(targets.keys()), seat, { log });
  if (typeof drawn === "string") $("board").innerHTML = drawn;
  else $("board").replaceChildren(drawn);
  for (const node of document.querySelectorAll("#board [data-target]")) {
    const actions = targets.get(node.getAttribute("data-target"));
    if (!actions) continue;
    node.addEventListener("click", (event) => {
      event.stopPropagation();
      choose(node.getAttribute("data-target"), actions, seat, event);
    });
  }
  // A redraw after another move ends a choice made on the old position; otherwise it stays marked.
  if (selected && selected.move !== state.move) closeMenu();
  markSelected();

  // The prompt, the buttons, undo and the full list.
  $("prompt-title").textContent = state.outcome ? t("game_over") : t("actions");
  $("prompt").textContent = legal.length ? R.prompt(view, seat) : "";
  const buttons = $("buttons");
  buttons.replaceChildren();
  const byVerb = new Map();
  for (const action of loose) {
    if (R.inDialog?.(action)) continue; // offered in the dialog
    const verb = R.verb(action);
    byVerb.set(verb, [...(byVerb.get(verb) || []), action]);
  }
  const verbTitle = (verb) => (R.verbTitle ? R.verbTitle(verb) : verb);
  for (const [verb, actions] of byVerb) {
    if (R.inlineGroups) {
      // One row per verb with a button for each choice: "Wager: 0 1 2".
      buttons.append(el("div", { class: "verb-group", "data-verb": verb },
        el("span", { class: "verb" }, verbTitle(verb)),
        actions.map((a) => el("button", { "data-action": a, onclick: () => send(a, seat) }, R.choiceLabel ? R.choiceLabel(a) : R.label(a)))));
    } else if (actions.length === 1) {
      buttons.append(el("button", { "data-action": actions[0], onclick: () => send(actions[0], seat) }, R.label(actions[0])));
    } else {
      buttons.append(el("button", { "data-verb": verb, onclick: (e) => openMenu(actions, seat, e) }, `${verbTitle(verb)} …`));
    }
  }
  // Several of this link's seats deciding at once (a sealed choice): one is shown at a time,
  // and the others are named, so nobody wonders why their seat waits.
  const others = state.seats.filter((s) => s !== seat && state.to_act.includes(s) && state.legal[s]);
  if (others.length && legal.length) buttons.append(el("p", { class: "muted also" }, `${t("also_deciding")}: `, ...others.map((s) => R.chip(s))));
  if (state.outcome && R.outcomePanel) buttons.append(R.outcomePanel(finalOutcome()));
  if (seat && state.undo[seat] && !hidden) buttons.append(el("button", { class: "undo", "data-undo": seat, onclick: () => undo(seat) }, `↶ ${t("undo")}`));
  if (state.outcome && !replayMode) buttons.append(el("a", { href: api("/record"), class: "button" }, t("record")));
  if (replayMode) renderReplayBar(buttons);
  $("all-actions").hidden = replayMode || !legal.length; // nothing to choose: no empty list
  $("all-actions-title").textContent = `${t("all_actions")} (${legal.length})`;
  $("action-list").replaceChildren(...legal.map((a) => el("button", { class: "listed", "data-action": a, onclick: () => send(a, seat) }, R.label(a), el("code", {}, a))));

  // The dispute or keep dialog, for both sides (only the side to act gets buttons).
  const dialog = $("dialog");
  const content = R.dialog(view, seat, legal, (a) => send(a, seat));
  dialog.hidden = !content;
  if (content) {
    // A new decision opens expanded; the player may fold it to a bar to see the board under it.
    const key = R.dialogKey ? R.dialogKey(view) : "dialog";
    if (key !== dialogKey) {
      dialogKey = key;
      dialogFolded = false;
      dialogShown = false;
    }
    const toggle = el("button", { type: "button", class: "dialog-toggle", "data-dialog-toggle": "", "aria-expanded": String(!dialogFolded),
      onclick: () => { dialogFolded = !dialogFolded; render(); } }, dialogFolded ? `▴ ${t("show_dialog")}` : `▾ ${t("hide_dialog")}`);
    // A redraw (a chat message, another seat's move) keeps the keyboard where it was in the dialog.
    const focused = dialog.contains(document.activeElement) ? document.activeElement : null;
    const choice = focused?.closest("[data-choice]")?.getAttribute("data-choice");
    const again = !focused ? null : focused.matches("[data-dialog-toggle]") ? "[data-dialog-toggle]"
      : choice ? `[data-choice="${CSS.escape(choice)}"] button`
        : focused.matches("[data-action]") ? `[data-action="${CSS.escape(focused.getAttribute("data-action"))}"]` : null;
    dialog.replaceChildren(toggle, content);
    dialog.classList.toggle("folded", dialogFolded);
    if (again) dialog.querySelector(again)?.focus({ preventScroll: true });
  } else {
    dialogKey = null;
    dialog.replaceChildren();
  }

  // Hands: only the seats this link holds (on a shared screen, only the one shown).
  const hand = $("hand");
  hand.replaceChildren();
  $("hand-title").textContent = w("hand");
  const shown = state.role === "table" ? (revealed && !hidden ? [revealed] : []) : state.seats;
  let hands = 0;
  for (const s of shown) {
    const v = (views.find((x) => x.seat === s) || {}).view;
    if (!v) continue;
    // A board returns null when the game has no hand to show (the box is then left out).
    const drawnHand = R.hand(v, s, s === seat ? new Set(targets.keys()) : new Set());
    if (!drawnHand) continue;
    hands += 1;
    if (shown.length > 1) hand.append(el("h3", {}, R.chip(s), " ", seatName(s)));
    hand.append(drawnHand);
  }
  for (const node of hand.querySelectorAll("[data-target]")) {
    const actions = targets.get(node.getAttribute("data-target"));
    if (actions) node.addEventListener("click", (e) => { e.stopPropagation(); choose(node.getAttribute("data-target"), actions, seat, e); });
  }
  $("hand-box").hidden = state.role === "spectator" || state.role === "replay" || (!hands && state.role !== "table");

  $("mats-title").textContent = w("mats");
  $("mats").replaceChildren(R.mats(view, state));
  renderPeople();
  renderChat();
  renderLog();
  renderHandover(seat, hidden);
  if (!replayMode) localStorage.setItem(seenKey, String(state.log_length));
  // For people and tests alike: what the page shows is the state at this move.
  document.body.dataset.move = String(state.move);
  document.body.dataset.acting = legal.length ? seat : "";
  if (content) placeDialog();
}

// The dialog must not hide the place it is about (R.dialogAnchor: the disputed territory): the
// first time, that place is brought into view; the dialog then takes the top or the bottom of the
// screen, whichever leaves the place uncovered.
const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function placeDialog() {
  const dialog = $("dialog");
  const anchor = R.dialogAnchor ? R.dialogAnchor() : null;
  dialog.classList.remove("at-top");
  if (!anchor || dialog.hidden) return;
  if (!dialogShown) {
    dialogShown = true;
    // A keyboard player (the focus on the board, or lost with a closed menu) goes into the dialog.
    const active = document.activeElement;
    const idle = !active || active === document.body || !!active.closest?.("#board");
    if (idle) dialog.querySelector("[data-action]")?.focus({ preventScroll: true });
    const a = anchor.getBoundingClientRect();
    const inView = a.top >= 0 && a.bottom <= window.innerHeight && a.left >= 0 && a.right <= window.innerWidth;
    if (!inView || window.innerWidth < 600) anchor.scrollIntoView({ block: "center", inline: "center" });
  }
  if (overlaps(anchor.getBoundingClientRect(), dialog.getBoundingClientRect())) dialog.classList.add("at-top");
  if (overlaps(anchor.getBoundingClientRect(), dialog.getBoundingClientRect())) dialog.classList.remove("at-top");
  dialog.dataset.clear = String(!overlaps(anchor.getBoundingClientRect(), dialog.getBoundingClientRect()));
}

// The game's name in the page's language (the board data has it in the game's languages).
const gameTitle = () => tx(board?.title) || state.game.title;

let jumpChoice = null; // replay: the heading last chosen in "go to"
const plain = (words) => (typeof words === "string" ? words : words.textContent);

function renderReplayBar(box) {
  // First / previous / next / last, and where we are: "move 3 of 120 · GB: send china".
  const nav = (key, label, target, disabled) =>
    el("button", { "data-step": key, title: t(key), "aria-label": t(key), disabled, onclick: () => goTo(target) }, label);
  const atEnd = state.move >= state.moves;
  // Go to a turn or phase: the log's headings with the move after which each was written.
  const chapters = state.chapters || [];
  // Shown: the viewer's last choice while the board is there, else the first heading written at
  // the latest move reached (a turn's heading before its phases, all written by one move).
  let here = -1;
  chapters.forEach((c, i) => { if (c.move <= state.move && (here < 0 || c.move > chapters[here].move)) here = i; });
  if (jumpChoice !== null && chapters[jumpChoice]?.move === state.move) here = jumpChoice;
  const jump = chapters.length ? el("select", { id: "replay-jump", "aria-label": t("go_to"),
    onchange: (event) => { jumpChoice = Number(event.target.value); goTo(chapters[jumpChoice].move); } },
  el("option", { value: "", disabled: true, selected: here < 0 }, t("go_to")),
  ...chapters.map((c, i) => el("option", { value: String(i), selected: i === here, "data-move": c.move },
    `${c.heading === 2 ? "\u00a0\u00a0\u00a0" : ""}${plain(R.logText ? R.logText(c) : c.text)}`))) : null;
  box.append(el("div", { class: "replay-bar" },
    nav("first", "|◀", 0, state.move === 0), nav("previous", "◀", state.move - 1, state.move === 0),
    nav("next", "▶", state.move + 1, atEnd), nav("last", "▶|", state.moves, atEnd), jump));
  box.append(el("p", { id: "replay-pos", class: "replay-pos" },
    `${t("replay_move")} ${state.move} ${t("of")} ${state.moves}`,
    state.last_action ? el("code", {}, state.last_action) : null));
}

// -- people: names, turn notice, chat, leaving, rematch ------------------------------------------------
const names = () => (state && state.names) || {};

// A seat as the page names it: its chip, then its person's name when they gave one.
function named(seat) {
  const name = names()[seat];
  return name ? [R.chip(seat), " ", el("span", { class: "person", "data-name": seat }, name), " "] : [R.chip(seat), " "];
}

// An optional sound when this page's turn begins (off unless the person turns it on: a page that
// beeps by itself is a nuisance). Browsers start audio only after a gesture, so the switch's own
// click creates the audio context.
let wasMine = null; // null until the first state: opening a page at one's turn is not news
let audio = null;
const soundOn = () => localStorage.getItem("rp-sound") === "1";

function beep() {
  if (!audio) return;
  const now = audio.currentTime;
  for (const [at, freq] of [[0, 660], [0.18, 880]]) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.2, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.16);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + at);
    osc.stop(now + at + 0.17);
  }
  document.body.dataset.beeps = String(Number(document.body.dataset.beeps || "0") + 1);
}

function soundSwitch() {
  const box = el("input", { id: "sound", type: "checkbox", checked: soundOn(),
    onchange: () => {
      localStorage.setItem("rp-sound", box.checked ? "1" : "0");
      if (box.checked) {
        audio = audio || new AudioContext();
        audio.resume();
      }
    } });
  return el("label", { class: "sound" }, box, ` ${t("sound")}`);
}

// The tab says when it is this page's turn: its title and its icon (seen from another tab).
function showTurn(mine) {
  if (mine && wasMine === false && soundOn()) {
    audio = audio || new AudioContext();
    beep();
  }
  wasMine = mine;
  const base = `${gameTitle()} — realpolitik`;
  document.title = mine ? `● ${t("your_turn_title")} — ${base}` : base;
  const icon = $("favicon");
  if (icon) icon.setAttribute("href", mine ? "/static/favicon-turn.svg" : "/static/favicon.svg");
  document.body.dataset.turn = mine ? "1" : "";
}

async function post(path, body = {}) {
  let response;
  try {
    response = await fetch(api(path), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    unreachable();
    return null;
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    showMessage(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail));
    return null;
  }
  showMessage("");
  return data;
}

function controllerWord(controller) {
  if (controller === "human") return null;
  if (board.automaton && controller === board.automaton.keyword) return board.automaton.short?.[getLang()] || board.automaton.short?.en || controller;
  return controller === "bot:heuristic" ? t("bot_heuristic") : controller.startsWith("bot") ? t("bot") : controller;
}

// The result as the platform stands it: the rules' outcome, unless a person forfeited on time
// (server/clocks.py), whose seats then rank last and cannot win.
// The rules' summary is in English; a board that translates its log says it in the page's language.
function finalOutcome() {
  const said = R?.outcomeText ? R.outcomeText(state.outcome.summary) : state.outcome.summary;
  if (!state.standings || !state.forfeited?.length) return { ...state.outcome, summary: said };
  const winners = state.standings.winners;
  const lost = state.forfeited.map((s) => seatName(s)).join(", ");
  return { ...state.outcome, winners,
    summary: `${winners.map((s) => seatName(s)).join(", ")} ${t(winners.length > 1 ? "win_forfeit" : "wins_forfeit")} (${lost}: ${t("forfeited")}) · ${said}` };
}

// A seat's time left (server/clocks.py), counting down between two state messages.
function timeLeft(seat) {
  const clock = state.clock;
  if (!clock || !(seat in clock.remaining)) return null;
  const running = clock.running.includes(seat) && !state.outcome;
  return Math.max(0, clock.remaining[seat] - (running ? (Date.now() - clockAt) / 1000 : 0));
}

function formatTime(seconds) {
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  const two = (n) => String(n).padStart(2, "0");
  if (d) return `${d}d ${two(h)}h`;
  if (h) return `${h}:${two(m)}:${two(s % 60)}`;
  return `${m}:${two(s % 60)}`;
}

function clockChip(seat) {
  const left = timeLeft(seat);
  if (left === null) return null;
  const running = state.clock.running.includes(seat) && !state.outcome;
  return el("span", { class: `clock${running ? " running" : ""}${left < 60 ? " low" : ""}`, "data-clock-seat": seat,
    title: t("time_left"), "aria-label": `${t("time_left")} ${formatTime(left)}` }, formatTime(left));
}

setInterval(() => {
  if (!state || !state.clock) return;
  for (const node of document.querySelectorAll("[data-clock-seat]")) {
    const left = timeLeft(node.getAttribute("data-clock-seat"));
    if (left === null) continue;
    node.textContent = formatTime(left);
    node.classList.toggle("low", left < 60);
  }
}, 1000);

function standingsTable() {
  // The rules' ranking, or with forfeits on time applied (server/clocks.py): the server sends the
  // standings at every game's end. A game whose outcome carries each seat's score by source
  // (details.breakdown) gets a column per source, named by its board.
  const details = state.outcome?.details || {};
  const breakdown = details.breakdown || {};
  const present = new Set(Object.values(breakdown).flatMap((b) => Object.keys(b)));
  const sources = (details.sources || [...present]).filter((src) => present.has(src));
  // The score comes before its sources: on a narrow panel the table scrolls sideways, and what is
  // cut off then is the detail, never the result.
  const rows = state.standings.order.map((row, i) => el("tr", { "data-standing": row.seat },
    el("td", {}, String(i + 1)), el("td", {}, ...named(row.seat)),
    el("td", { class: "num", "data-score": "" }, el("b", {}, String(row.score))),
    el("td", {}, row.forfeited ? t("forfeit_mark") : state.standings.winners.includes(row.seat) ? "★" : ""),
    ...sources.map((src) => el("td", { class: "num", "data-source": src }, String(breakdown[row.seat]?.[src] ?? "—")))));
  return el("table", { class: "standings", id: "standings" }, el("caption", {}, t("standings")),
    el("tr", {}, el("th", {}, "#"), el("th", {}, ""), el("th", { class: "num" }, t("score")), el("th", {}, ""),
      ...sources.map((src) => el("th", { class: "num", title: w(`src_${src}_full`) }, w(`src_${src}`)))), ...rows);
}

function renderPeople() {
  const box = $("people");
  $("people-title").textContent = t("players_title");
  if (replayMode) {
    $("people-box").hidden = true;
    return;
  }
  const rows = [];
  const over = !!state.outcome;
  const holder = state.role === "player" || state.role === "table";
  const connected = new Set(state.connected || []);
  for (const s of Object.keys(board.seats || state.controllers)) {
    const controller = state.controllers[s];
    if (controller === undefined) continue;
    const bot = controllerWord(controller);
    const mine = state.seats.includes(s);
    const where = bot ? el("span", { class: "muted" }, `· ${bot}`)
      : state.role === "spectator" ? null
        : el("span", { class: connected.has(s) ? "here" : "muted" }, connected.has(s) ? `· ● ${t("online")}` : `· ○ ${t("away")}`);
    // Another player holding the game up with their page closed: after the server's idle time
    // (or at once from the hot-seat table) a bot may take their seats.
    const canReplace = holder && !over && !bot && (state.role === "table" || (!mine && state.to_act.includes(s)
      && !connected.has(s) && state.idle >= state.replace_after));
    rows.push(el("li", { "data-seat-row": s, class: mine ? "mine" : "" }, ...named(s), el("span", { class: "muted" }, seatName(s)), " ", where, " ", clockChip(s),
      canReplace ? el("button", { class: "small", "data-replace": s, onclick: () => { if (confirm(t("replace_confirm"))) post("/replace", { seat: s }); } }, t("replace")) : null));
  }
  const parts = [el("ul", { class: "people" }, rows)];
  if (state.standings) parts.unshift(standingsTable());
  for (const event of state.events || []) {
    parts.push(el("p", { class: "muted event", "data-event": event.kind }, event.seats.join(" + "), ` ${t(event.kind)} ${t("at_move")} ${event.move} · ${t("played_by")} ${controllerWord(event.controller)}`));
  }
  if (state.role === "player" && state.can_rename && !over) {
    const input = el("input", { id: "my-name", maxlength: 32, placeholder: t("name_placeholder"), value: names()[state.seats[0]] || "" });
    parts.push(el("form", { class: "row", id: "name-form", onsubmit: async (e) => { e.preventDefault(); if (await post("/name", { name: input.value })) refresh().catch(unreachable); } },
      el("label", { for: "my-name" }, `${t("your_name")} `), input, el("button", { type: "submit" }, t("save"))),
    el("small", { class: "muted" }, t("name_once")));
  }
  if ((state.role === "player" || state.role === "table") && !over) parts.push(soundSwitch());
  if (state.role === "player" && !over) {
    const hook = el("input", { id: "webhook-url", type: "url", maxlength: 500, placeholder: "https://…" });
    parts.push(el("details", { class: "webhook" }, el("summary", {}, `${t("webhook")}: ${state.webhook ? t("webhook_set") : t("webhook_none")}`),
      el("small", { class: "muted" }, t("webhook_help")),
      el("form", { class: "row", onsubmit: async (e) => { e.preventDefault(); if (await post("/webhook", { url: hook.value })) refresh().catch(unreachable); } },
        hook, el("button", { type: "submit" }, t("save")),
        state.webhook ? el("button", { type: "button", onclick: async () => { if (await post("/webhook", { url: null })) refresh().catch(unreachable); } }, t("remove")) : null)));
    const humanSeats = state.seats.filter((x) => state.controllers[x] === "human");
    if (humanSeats.length) {
      parts.push(el("button", { id: "resign", class: "danger", onclick: () => { if (confirm(t("resign_confirm"))) post("/resign"); } }, t("resign")));
    }
  }
  if (over && (holder || state.rematch)) {
    parts.push(el("div", { class: "rematch" },
      rematchUrl ? el("a", { class: "button", id: "rematch-link", href: rematchUrl }, t("open_rematch"))
        : el("button", { id: "rematch", onclick: askRematch }, state.rematch ? t("open_rematch") : t("rematch")),
      el("small", { class: "muted" }, t("rematch_help"))));
  }
  // A redraw (another seat's move, a page opening) keeps what the player is doing here: the
  // webhook box open, what they have typed, and the focus.
  const active = box.contains(document.activeElement) ? document.activeElement.id : null;
  const open = !!box.querySelector("details.webhook")?.open;
  const typed = {};
  for (const field of box.querySelectorAll("#webhook-url, #my-name")) typed[field.id] = field.value;
  box.replaceChildren(...parts);
  if (open) box.querySelector("details.webhook")?.setAttribute("open", "");
  for (const [id, value] of Object.entries(typed)) {
    const field = box.querySelector(`#${id}`);
    if (field && value) field.value = value;
  }
  if (active) box.querySelector(`#${CSS.escape(active)}`)?.focus({ preventScroll: true });
}

async function askRematch() {
  const data = await post("/rematch");
  if (data) {
    rematchUrl = data.url;
    render();
  }
}

function senderWords(message) {
  if (message.from === null) return [el("span", { class: "muted" }, t("spectator")), " "];
  if (message.from === "table") return [el("span", { class: "muted" }, t("table_sender")), " "];
  return message.from.flatMap(named);
}

function addChat(messages) {
  for (const message of messages) {
    if (message.id > chatId) {
      chat.push(message);
      chatId = message.id;
    }
  }
  renderChat();
}

function renderChat() {
  if (replayMode || !state) return;
  $("chat-box").hidden = false;
  $("chat-title").textContent = t("chat");
  $("chat-send").textContent = t("send");
  // Messages are text nodes, never HTML: what a person types cannot become markup on the page.
  const list = $("chat");
  list.replaceChildren(...chat.map((m) => el("li", { "data-chat": m.id, class: m.to ? "private" : "" },
    ...senderWords(m), m.to ? el("span", { class: "to" }, `(${t("private_to")} `, R.chip(m.to), ") ") : null,
    el("span", { class: "text" }, m.text))));
  list.scrollTop = list.scrollHeight;
  const to = $("chat-to");
  const chosen = to.value;
  const others = state.role === "player" ? Object.keys(state.controllers).filter((s) => !state.seats.includes(s) && state.controllers[s] === "human") : [];
  to.replaceChildren(el("option", { value: "" }, t("everyone")),
    ...others.map((s) => el("option", { value: s }, `${t("private_to")} ${s}${names()[s] ? ` (${names()[s]})` : ""}`)));
  to.value = others.includes(chosen) ? chosen : "";
  to.hidden = !others.length;
}

async function sendChat(event) {
  event.preventDefault();
  const input = $("chat-text");
  const text = input.value;
  if (!text.trim()) return;
  const body = { text };
  if ($("chat-to").value) body.to = $("chat-to").value;
  // Cleared at once, so what is typed while this one travels is kept; put back if refused.
  input.value = "";
  const restore = () => { if (!input.value) input.value = text; };
  let response;
  try {
    response = await fetch(api("/chat"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    $("chat-error").textContent = t("unreachable");
    restore();
    return;
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    $("chat-error").textContent = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    restore();
    return;
  }
  $("chat-error").textContent = "";
  if (!live) await loadChat();
}

async function loadChat() {
  try {
    addChat((await getJson(api(`/chat?after=${chatId}`))).messages);
  } catch { /* the socket brings them */ }
}

// The log grouped by the game's headings (LogEntry.heading: 1 opens a turn, 2 a phase): a turn's
// heading folds its lines away. Earlier turns start folded unless they hold lines new since the
// last visit; what the viewer opens or folds stays so across redraws.
const folded = new Map(); // log index of a turn heading -> folded, as the viewer chose

function renderLog() {
  // The log's heading names the people at the table.
  const who = Object.entries(names()).map(([s, name]) => `${s} ${name}`).join(" · ");
  $("log-title").textContent = who ? `${t("log")} — ${who}` : t("log");
  const list = $("log");
  const items = [];
  let marked = false;
  const turns = log.filter((e) => e.heading === 1).map((e) => e.i);
  const lastTurn = turns.length ? turns[turns.length - 1] : null;
  let turn = null; // the heading index of the turn the lines belong to
  let turnFolded = false;
  for (const entry of log) {
    if (!marked && visitMark >= 0 && entry.i >= visitMark && visitMark < log.length) {
      items.push(el("li", { class: "since" }, `— ${t("since_visit")} —`));
      marked = true;
    }
    // The chip names the seat: a line that starts with it ("CE sends ...") is not made to repeat it.
    const text = entry.seat && entry.text.startsWith(`${entry.seat} `) ? entry.text.slice(entry.seat.length + 1) : entry.text;
    // A board may rewrite a line (its language, its dice): it gets the whole entry.
    const words = R.logText ? R.logText(entry) : text;
    const rule = entry.rule ? el("span", { class: "rule" }, entry.rule) : null;
    if (entry.heading === 1) {
      turn = entry.i;
      // Unless the viewer chose: folded when earlier than the last turn and holding no line new
      // since the last visit.
      const next = turns[turns.indexOf(turn) + 1] ?? Infinity;
      const fresh = visitMark >= 0 && visitMark < log.length && visitMark < next;
      const key = turn;
      const open = !(folded.has(key) ? folded.get(key) : turn !== lastTurn && !fresh);
      items.push(el("li", { class: "heading h1", "data-turn": key },
        el("button", { class: "fold", "aria-expanded": String(open), title: t(open ? "fold" : "unfold"),
          onclick: () => { folded.set(key, open); renderLog(); } }, open ? "▾" : "▸"), " ", words, rule));
      turnFolded = !open;
      continue;
    }
    const hidden = turnFolded;
    if (entry.heading === 2) {
      items.push(el("li", { class: "heading h2", hidden }, words, rule));
      continue;
    }
    items.push(el("li", { class: marked ? "new" : "", hidden },
      entry.seat ? R.chip(entry.seat) : null, " ", words, rule));
  }
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}

function renderHandover(seat, hidden) {
  const screen = $("handover");
  screen.hidden = !hidden;
  if (!hidden) return;
  screen.replaceChildren(el("div", { class: "panel" },
    el("h2", {}, `${t("pass_device")} `, R.chip(seat), ` ${seatName(seat)}`),
    el("button", { "data-reveal": seat, onclick: () => { revealed = seat; render(); } }, `${t("i_am")} ${seatName(seat)} — ${t("show")}`)));
}

// -- start ----------------------------------------------------------------------------------------
async function start() {
  const select = $("lang");
  setLang(getLang()); // <html lang> from ?lang= or the remembered choice, not only on a change
  select.value = getLang();
  select.addEventListener("change", () => { setLang(select.value); $("mine-link").textContent = t("my_games"); render(); showConn(); });
  // A click outside the menu closes it, except the very click that opened it (a button's or a
  // card's click reaches the document after it opened the menu).
  // The page or the board's own box scrolled, or the window changed: the dialog keeps clear of its place.
  let placing = false;
  const replace = () => {
    if (placing || !state || !R || $("dialog").hidden) return;
    placing = true;
    requestAnimationFrame(() => { placing = false; placeDialog(); });
  };
  window.addEventListener("resize", replace);
  document.addEventListener("scroll", replace, { capture: true, passive: true });
  document.addEventListener("click", (e) => { if (e !== menuEvent && !$("menu").contains(e.target)) closeMenu(); });
  // Escape closes the menu and gives the focus back to the place that opened it (for any board).
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !$("menu").hidden) {
      e.preventDefault();
      closeMenu(true);
    }
  });
  try {
    board = await getJson(api("/board"));
    // The picker offers the languages the game's own texts come in (English always).
    offerLanguages($("lang"), board.languages);
    R = await loadBoard(board);
    document.body.classList.toggle("generic", !!R.inlineGroups);
    await refresh(true);
    if (replayMode) {
      // Arrow keys step too; there is nothing live to connect to.
      document.addEventListener("keydown", (e) => {
        if (e.key === "ArrowRight") goTo(step + 1);
        else if (e.key === "ArrowLeft") goTo(step - 1);
      });
      showConn();
      return;
    }
  } catch (error) {
    $("layout").replaceChildren(el("p", { class: "panel error" }, error.status === 404 ? t("unknown_link") : String(error)));
    return;
  }
  $("chat-form").addEventListener("submit", sendChat);
  $("mine-link").textContent = t("my_games");
  await loadChat();
  connect();
}

start();
