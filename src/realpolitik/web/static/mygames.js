// What the browser remembers of a person's games (localStorage, nothing on the server): every seat or
// spectator link opened on this browser, and every game created here with all its links, so a link
// is never lost on reload. The "my games" page (/mine) lists them; the play page and the lobby add.
const LINKS = "rp-links";
const CREATED = "rp-created";
const MAX = 200;

function read(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function write(key, list) {
  try {
    localStorage.setItem(key, JSON.stringify(list.slice(0, MAX)));
  } catch { /* storage full or refused: the page still works */ }
}

export const rememberedLinks = () => read(LINKS);
export const createdGames = () => read(CREATED);

// A link opened on this page: kept first, with what the page knows of it.
export function rememberLink(entry) {
  const list = read(LINKS).filter((x) => x.path !== entry.path);
  const old = read(LINKS).find((x) => x.path === entry.path) || {};
  write(LINKS, [{ ...old, ...entry, seen: Date.now() }, ...list]);
}

export function forgetLink(path) {
  write(LINKS, read(LINKS).filter((x) => x.path !== path));
}

export function rememberCreated(entry) {
  write(CREATED, [entry, ...read(CREATED).filter((x) => x.spectator !== entry.spectator)]);
}

export function forgetCreated(spectator) {
  write(CREATED, read(CREATED).filter((x) => x.spectator !== spectator));
}

// A copy button: the full URL to the clipboard (or selected in a prompt where the clipboard is refused).
export function copyButton(el, t, url, attrs = {}) {
  const button = el("button", { type: "button", class: "copy", ...attrs, onclick: async () => {
    try {
      await navigator.clipboard.writeText(url);
      button.textContent = `✓ ${t("copied")}`;
    } catch {
      window.prompt(t("copy"), url);
    }
    setTimeout(() => { button.textContent = t("copy"); }, 1500);
  } }, t("copy"));
  return button;
}
