// The login page's two cards: log in or register (one form, two modes) and play as a guest.
// `lp` is the page's object: {mode, api, done(), render()}.
import { t } from "../i18n.js";
import { el } from "../dom.js";

function fields(mode) {
  const name = el("input", {
    id: "login-name",
    name: "username",
    autocomplete: "username",
    required: true,
    minlength: "2",
    maxlength: "32",
    // no pattern: the server's name rules (any one script's letters) answer with a code
  });
  const password = el("input", {
    id: "login-password",
    name: "password",
    type: "password",
    autocomplete: mode === "register" ? "new-password" : "current-password",
    required: true,
    minlength: mode === "register" ? "8" : null,
  });
  return { name, password };
}

/** A refusal in the page's language by its code (`login.err.<code>`); a code without a text
 * shows the server's own message, never wrapped in a sentence of another language. */
function refusalText(e) {
  const key = `login.err.${e?.code}`;
  const text = t(key, e?.details || {});
  return text !== key ? text : String(e?.message || e);
}

function switchMode(lp) {
  const onclick = () => {
    lp.mode = lp.mode === "register" ? "login" : "register";
    lp.render();
  };
  return el(
    "p",
    { class: "switch-mode" },
    el("button", { type: "button", class: "link", "data-testid": "login-switch", onclick }, lp.mode === "register" ? t("login.have_account") : t("login.need_account")),
  );
}

/** The login (or registration) form; returns it with its name field (to focus). */
export function loginForm(lp) {
  const register = lp.mode === "register";
  const { name, password } = fields(lp.mode);
  const error = el("p", { class: "error", role: "alert", "data-testid": "login-error", hidden: true });
  const submit = el("button", { type: "submit", class: "btn btn--primary", "data-testid": "login-submit" }, register ? t("login.register") : t("login.login"));
  const onsubmit = async (ev) => {
    ev.preventDefault();
    error.hidden = true;
    submit.disabled = true;
    try {
      if (register) await lp.api.register(name.value.trim(), password.value);
      else await lp.api.login(name.value.trim(), password.value);
      lp.done();
    } catch (e) {
      error.textContent = refusalText(e);
      error.hidden = false;
      submit.disabled = false;
    }
  };
  const form = el(
    "form",
    { class: "card form", "aria-labelledby": "login-title", onsubmit },
    el("h1", { id: "login-title" }, register ? t("login.register_title") : t("login.title")),
    el("label", { for: "login-name" }, t("login.name")),
    name,
    el("label", { for: "login-password" }, t("login.password")),
    password,
    register ? el("p", { class: "hint" }, t("login.rules")) : null,
    error,
    submit,
    switchMode(lp),
  );
  return { form, name };
}

/** "Play as a guest": a session without an account. */
export function guestCard(lp) {
  const guestError = el("p", { class: "error", role: "alert", hidden: true });
  const onclick = async (ev) => {
    const button = ev.currentTarget;
    button.disabled = true;
    try {
      await lp.api.guest();
      lp.done();
    } catch (e) {
      guestError.textContent = refusalText(e);
      guestError.hidden = false;
      button.disabled = false;
    }
  };
  return el(
    "section",
    { class: "card guest" },
    el("h2", {}, t("login.guest_title")),
    el("p", {}, t("login.guest_text")),
    el("button", { type: "button", class: "btn", "data-testid": "login-guest", onclick }, t("login.guest")),
    guestError,
  );
}
