// The chat of a party table (doman-rules.md §4, §6.1; docs/table.md): a panel under the board
// for the seated players alone (spectators and other kinds of table have none), with who sits
// there, the lines said ("name: text", a log region a screen reader follows politely), a line
// to type in (Enter sends it) and a toggle that hides or shows the rest (saved as chatShown).
// The panel is built once and kept outside the page's redrawn parts, so what is typed and the
// focus survive every message of the game; the table's letter keys never act while the focus
// is in its input (input.js leaves form fields alone). Lines are always written as text.
import { el } from "../dom.js";
import { getSetting, setSetting } from "../settings.js";

/** The most lines the panel keeps (the server sends the last 20 again with a snapshot). */
const KEEP = 100;
/** The most characters of a line, as the server counts them once trimmed (docs/protocol.md). */
export const MAX_CHARS = 200;

/** Whether the page shows the chat: a seated player at a party table. */
export function chatOpen(tp) {
  const table = tp.state.table;
  return Boolean(table && table.config?.kind === "party" && tp.state.seat !== null && !tp.watching);
}

function lineEl(line) {
  // text nodes only: what was typed is shown as typed, never read as markup
  return el("p", { class: "chat-line", "data-testid": "chat-line", dataset: { seat: String(line.seat) } }, el("strong", {}, line.name), ": ", line.text);
}

/** The panel and its parts; `tp.chat` holds them. */
export function createChat(tp) {
  const chat = { lines: [], shown: Boolean(getSetting("chatShown", true)), sending: false };
  const toggle = el("input", { type: "checkbox", "data-testid": "toggle-chat" });
  const toggleText = el("span", {});
  const who = el("p", { class: "chat-who muted", "data-testid": "chat-who" });
  const log = el("div", { class: "chat-log", role: "log", "aria-live": "polite", "data-testid": "chat-log", tabindex: "0" });
  const input = el("input", { type: "text", class: "chat-input", "data-testid": "chat-input", maxlength: String(MAX_CHARS), autocomplete: "off", enterkeyhint: "send" });
  const send = el("button", { type: "submit", class: "btn", "data-testid": "chat-send" });
  const error = el("p", { class: "chat-error", role: "status", "data-testid": "chat-error" });
  const form = el("form", { class: "chat-form", "data-testid": "chat-form" }, input, send);
  const body = el("div", { class: "chat-body" }, who, log, form, error);
  const heading = el("h2", { class: "chat-heading" }, el("label", { class: "check" }, toggle, toggleText));
  const panel = el("section", { class: "chat-panel card", "data-testid": "chat" }, heading, body);
  panel.hidden = true;
  Object.assign(chat, { panel, toggle, toggleText, who, log, input, send, error, form, body });

  toggle.addEventListener("change", () => {
    chat.shown = toggle.checked;
    setSetting("chatShown", chat.shown);
    drawChat(tp);
  });
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    say(tp);
  });
  return chat;
}

/** Send what is typed (Enter or the button); the input empties once the server has it. */
function say(tp) {
  const { chat, t } = tp;
  const text = chat.input.value.trim();
  if (!text || chat.sending || !tp.state.table) return;
  chat.sending = true;
  chat.error.textContent = "";
  tp.socket
    .request({ type: "chat", table: tp.state.table.id, text }, { expect: null })
    .then(() => {
      if (chat.input.value.trim() === text) chat.input.value = "";
    })
    .catch((err) => {
      const known = ["chat_too_fast", "chat_too_long", "chat_empty", "chat_bad_text"];
      const key = known.includes(err?.code) ? `table.chat.${err.code}` : null;
      chat.error.textContent = key ? t(key) : t("table.error", { message: err?.message || err?.code || "" });
    })
    .finally(() => {
      chat.sending = false;
    });
}

function append(chat, line) {
  chat.lines.push(line);
  if (chat.lines.length > KEEP) chat.lines.splice(0, chat.lines.length - KEEP);
  const atEnd = chat.log.scrollTop + chat.log.clientHeight >= chat.log.scrollHeight - 4;
  chat.log.append(lineEl(line));
  while (chat.log.childElementCount > KEEP) chat.log.firstElementChild.remove();
  if (atEnd) chat.log.scrollTop = chat.log.scrollHeight;
}

/** Bring the panel up to date with the page's state (called with every drawing: cheap). */
export function drawChat(tp) {
  const { chat, t, state } = tp;
  if (!chat) return;
  const open = chatOpen(tp);
  chat.panel.hidden = !open;
  if (!open) return;
  chat.toggle.checked = chat.shown;
  chat.body.hidden = !chat.shown;
  chat.toggleText.textContent = t("table.chat.title");
  chat.input.setAttribute("aria-label", t("table.chat.input"));
  chat.input.setAttribute("placeholder", t("table.chat.placeholder"));
  chat.send.textContent = t("table.chat.send");
  const people = (state.table.seats || []).filter((s) => s.user_id !== null && s.user_id !== undefined && !s.withdrawn).map((s) => s.name);
  const text = t("table.chat.who", { names: people.join(", ") });
  if (chat.who.textContent !== text) chat.who.textContent = text;
}

/** Subscribe to the table's lines (and the backlog a snapshot brings); the unsubscribers. */
export function listenChat(tp) {
  const { socket } = tp;
  return [
    socket.on("chat", (msg) => {
      if (!tp.chat || msg.table !== tp.tableId) return;
      append(tp.chat, msg);
    }),
    socket.on("snapshot", (msg) => {
      if (!tp.chat || msg.table?.id !== tp.tableId || !Array.isArray(msg.chat)) return;
      // the server's last lines replace what the panel had (a reconnect may have missed some)
      tp.chat.lines = [];
      tp.chat.log.replaceChildren();
      for (const line of msg.chat) append(tp.chat, line);
      drawChat(tp);
    }),
  ];
}
