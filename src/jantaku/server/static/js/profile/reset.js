// "Reset rank and rating" on one's own profile (docs/protocol.md, *Resetting rank and rating*):
// a button, a confirmation dialog (the focus on "Keep my rank", Tab kept inside, Escape closes,
// the focus given back to the button), then the rank card drawn again from the server's answer.
import { t } from "../i18n.js";
import { el } from "../dom.js";

/** The focusable controls of a dialog, in order. */
const controls = (box) => [...box.querySelectorAll("button:not([disabled]), [href], input, select, textarea")];

/** Tab and Shift+Tab go round the dialog's controls, never to the page behind. */
function trapTab(box, ev) {
  const list = controls(box);
  if (!list.length) return;
  const at = list.indexOf(document.activeElement);
  const next = ev.shiftKey ? (at <= 0 ? list.length - 1 : at - 1) : at === list.length - 1 || at < 0 ? 0 : at + 1;
  ev.preventDefault();
  list[next].focus();
}

/** The text of a refused reset: the page's own for a code it knows, else the server's. */
function refusal(e) {
  const key = `profile.reset_refused_${e.code}`;
  return t(key) === key ? t("shell.error", { message: e.message }) : t(key);
}

/** Open the confirmation; `done(user)` gets the account as the server answered once reset. */
function confirmReset(opener, api, done) {
  const status = el("p", { class: "error", role: "alert", "data-testid": "reset-error" });
  let busy = false;
  const close = () => {
    overlay.remove();
    document.removeEventListener("keydown", onKey, true);
    if (opener.isConnected) opener.focus();
  };
  const confirm = async (ev) => {
    if (busy) return;
    busy = true;
    const button = ev.currentTarget; // gone from the event once it has been dispatched
    button.disabled = true;
    try {
      const { user } = await api.resetRank();
      close();
      done(user);
    } catch (e) {
      busy = false;
      button.disabled = false;
      status.textContent = refusal(e);
    }
  };
  const box = el(
    "div",
    { class: "dialog", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "reset-title", "aria-describedby": "reset-text", "data-testid": "reset-dialog" },
    el("h2", { id: "reset-title" }, t("profile.reset_title")),
    el("p", { id: "reset-text" }, t("profile.reset_text")),
    status,
    el(
      "div",
      { class: "dialog-actions" },
      el("button", { type: "button", class: "btn", "data-testid": "reset-cancel", onclick: close }, t("profile.reset_cancel")),
      el("button", { type: "button", class: "btn btn--danger", "data-testid": "reset-confirm", onclick: confirm }, t("profile.reset_confirm")),
    ),
  );
  const overlay = el("div", { class: "overlay" }, box);
  function onKey(ev) {
    if (!overlay.isConnected) return document.removeEventListener("keydown", onKey, true);
    if (ev.key === "Escape") {
      ev.preventDefault();
      close();
    } else if (ev.key === "Tab") {
      trapTab(box, ev);
    }
  }
  document.addEventListener("keydown", onKey, true);
  opener.closest(".profile").append(overlay);
  box.querySelector("[data-testid=reset-cancel]").focus(); // the safe answer
}

/** The button of one's own rank card; `redraw(user)` draws the card again with the reset
 * account and returns the new card. */
export function resetButton(api, redraw) {
  const button = el("button", { type: "button", class: "btn", "data-testid": "reset-rank", "aria-haspopup": "dialog" }, t("profile.reset_button"));
  button.addEventListener("click", () =>
    confirmReset(button, api, (user) => {
      const card = redraw(user);
      card.querySelector("[data-testid=reset-rank]")?.focus(); // where the focus was
    }),
  );
  return el("div", { class: "rank-reset" }, button);
}
