// Login, registration and "play as guest".
export async function mount(root, params, ctx) {
  const { t, el, api } = ctx;
  let mode = params.query.get("mode") === "register" ? "register" : "login";
  const next = params.query.get("next");

  const done = () => {
    ctx.sessionStarted();
    ctx.navigate(next && next.startsWith("#/") && !next.startsWith("#/login") ? next : "#/lobby");
  };

  function render() {
    const error = el("p", { class: "error", role: "alert", "data-testid": "login-error", hidden: true });
    const name = el("input", {
      id: "login-name",
      name: "username",
      autocomplete: "username",
      required: true,
      minlength: "2",
      maxlength: "32",
      pattern: "[A-Za-z0-9_\\-]{2,32}",
    });
    const password = el("input", {
      id: "login-password",
      name: "password",
      type: "password",
      autocomplete: mode === "register" ? "new-password" : "current-password",
      required: true,
      minlength: mode === "register" ? "8" : null,
    });
    const submit = el(
      "button",
      { type: "submit", class: "btn btn--primary", "data-testid": "login-submit" },
      mode === "register" ? t("login.register") : t("login.login"),
    );
    const showError = (e) => {
      error.textContent =
        e && e.status === 401 ? t("login.bad_password") : t("shell.error", { message: e?.message || e });
      error.hidden = false;
    };
    const form = el(
      "form",
      {
        class: "card form",
        "aria-labelledby": "login-title",
        onsubmit: async (ev) => {
          ev.preventDefault();
          error.hidden = true;
          submit.disabled = true;
          try {
            if (mode === "register") await api.register(name.value.trim(), password.value);
            else await api.login(name.value.trim(), password.value);
            done();
          } catch (e) {
            showError(e);
            submit.disabled = false;
          }
        },
      },
      el("h1", { id: "login-title" }, mode === "register" ? t("login.register_title") : t("login.title")),
      el("label", { for: "login-name" }, t("login.name")),
      name,
      el("label", { for: "login-password" }, t("login.password")),
      password,
      mode === "register" ? el("p", { class: "hint" }, t("login.rules")) : null,
      error,
      submit,
      el(
        "p",
        { class: "switch-mode" },
        el(
          "button",
          {
            type: "button",
            class: "link",
            "data-testid": "login-switch",
            onclick: () => {
              mode = mode === "register" ? "login" : "register";
              render();
            },
          },
          mode === "register" ? t("login.have_account") : t("login.need_account"),
        ),
      ),
    );
    const guestError = el("p", { class: "error", role: "alert", hidden: true });
    const guest = el(
      "section",
      { class: "card guest" },
      el("h2", {}, t("login.guest_title")),
      el("p", {}, t("login.guest_text")),
      el(
        "button",
        {
          type: "button",
          class: "btn",
          "data-testid": "login-guest",
          onclick: async (ev) => {
            const button = ev.currentTarget;
            button.disabled = true;
            try {
              await api.guest();
              done();
            } catch (e) {
              guestError.textContent = t("shell.error", { message: e?.message || e });
              guestError.hidden = false;
              button.disabled = false;
            }
          },
        },
        t("login.guest"),
      ),
      guestError,
    );
    root.replaceChildren(
      el(
        "div",
        { class: "login-page" },
        el("p", { class: "tagline" }, t("login.tagline")),
        el("div", { class: "login-grid" }, form, guest),
      ),
    );
    name.focus();
  }
  render();
}
