// The board of a game without a browser renderer of its own: its view as text, actions as a list.
import { el } from "./i18n.js";

export class Generic {
  constructor(board) { this.b = board; }
  chip(p) { return el("span", { class: "chip", style: "background:#555" }, p); }
  verb(text) { return text.split(" ")[0]; }
  target() { return null; }
  label(text) { return text; }
  header(view) { return view.phase ? String(view.phase) : ""; }
  prompt() { return ""; }
  drawBoard(view) {
    const pre = JSON.stringify(view, null, 1).replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);
    return `<pre class="generic">${pre}</pre>`;
  }
  mats() { return el("div"); }
  hand() { return el("div"); }
  dialog() { return null; }
}
