// Login, registration and "play as guest". The cards are js/login/forms.js; this module keeps
// the mode (login or register) and where to go once a session is stored.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { guestCard, loginForm } from "../login/forms.js";

export async function mount(root, params, ctx) {
  const next = params.query.get("next");
  const lp = {
    mode: params.query.get("mode") === "register" ? "register" : "login",
    api: ctx.api,
    done() {
      ctx.sessionStarted();
      ctx.navigate(next && next.startsWith("#/") && !next.startsWith("#/login") ? next : "#/lobby");
    },
    render() {
      const { form, name } = loginForm(lp);
      root.replaceChildren(
        el("div", { class: "login-page" }, el("p", { class: "tagline" }, t("login.tagline")), el("div", { class: "login-grid" }, form, guestCard(lp))),
      );
      name.focus();
    },
  };
  lp.render();
}
