// The client shell: a hash router, the header (user, language, logout) and the page lifecycle.
// Routes: #/login, #/lobby, #/table/<id>?fill=1|watch=1|invite=<code>, #/replay/<gameId>,
// #/profile/<userId>, #/sheet[/<id>], #/sheetview/<token>. A page module js/pages/<name>.js exports
// `async function mount(root, params, ctx)` returning an optional unmount function;
// params = {id, query: URLSearchParams}; ctx = {api, socket, user, t, navigate, settings,
// sessionStarted, el} (el is the builder of dom.js, which pages may also import themselves).
import { api, Socket } from "./api.js";
import { el } from "./dom.js";
import { getLang, onLangChange, setLang, t } from "./i18n.js";
import { settings } from "./settings.js";
import { tileEl } from "./tiles.js";

const ROUTES = new Set(["login", "lobby", "table", "replay", "profile", "sheet", "sheetview"]);
// the score sheet needs no login (it lives in localStorage; a shared one is public)
const PUBLIC = new Set(["login", "sheet", "sheetview"]);

const socket = new Socket();
const header = document.getElementById("app-header");
const root = document.getElementById("app");

let current = null; // {name, unmount}
let generation = 0;

/** Parse "#/table/abc?fill=1" into {name, id, query}. */
export function parseHash(hash) {
  const raw = (hash || "").replace(/^#\/?/, "");
  const [path, search = ""] = raw.split("?");
  const parts = path.split("/").filter(Boolean);
  const name = parts[0] || "";
  const id = parts.length > 1 ? decodeURIComponent(parts.slice(1).join("/")) : null;
  return { name, id, query: new URLSearchParams(search) };
}

function navigate(hash) {
  const target = hash.startsWith("#") ? hash : `#${hash}`;
  if (location.hash === target) route();
  else location.hash = target;
}

function renderHeader() {
  const user = api.user();
  const lang = getLang();
  const langSwitch = el(
    "div",
    { class: "lang-switch", role: "group", "aria-label": t("shell.language") },
    ...["en", "de"].map((code) =>
      el(
        "button",
        {
          type: "button",
          class: "lang-btn",
          "data-lang": code,
          "aria-pressed": String(code === lang),
          title: t(`shell.lang.${code}`),
          onclick: () => setLang(code),
        },
        code.toUpperCase(),
      ),
    ),
  );
  // the link to the page shown is marked (and a screen reader says it is the current page)
  const shown = parseHash(location.hash).name;
  const link = (name, href, label, extra = {}) =>
    el("a", { href, "data-nav": name, class: name === shown ? "active" : null, "aria-current": name === shown ? "page" : null, ...extra }, label);
  const nav = el(
    "nav",
    { class: "app-nav", "aria-label": t("shell.nav") },
    user ? link("lobby", "#/lobby", t("shell.lobby")) : null,
    user ? link("profile", `#/profile/${user.id}`, t("shell.profile")) : null,
    link("sheet", "#/sheet", t("sheet.nav"), { "data-testid": "nav-sheet" }),
  );
  const who = user
    ? el(
        "div",
        { class: "app-user" },
        el(
          "span",
          { class: "user-name", "data-testid": "user-name" },
          user.name,
          user.guest ? el("span", { class: "badge" }, t("shell.guest")) : null,
        ),
        el(
          "button",
          { type: "button", class: "btn btn--small", "data-testid": "logout", onclick: logout },
          t("shell.logout"),
        ),
      )
    : null;
  header.replaceChildren(
    ...[
    el(
      "a",
      { class: "brand", href: user ? "#/lobby" : "#/login", "aria-label": "jantaku" },
      tileEl("7z", { size: "sm", label: "" }),
      el("span", {}, "jantaku"),
    ),
    nav,
    el("div", { class: "header-right" }, who, langSwitch),
    ].filter(Boolean),
  );
  document.title = `jantaku`;
}

async function logout() {
  socket.close();
  try {
    await api.logout();
  } catch {
    // the token is forgotten locally either way
  }
  renderHeader();
  navigate("#/login");
}

/** Called by the login page once a session is stored. */
function sessionStarted() {
  renderHeader();
  socket.connect().catch(onSocketRefused);
}

function onSocketRefused(err) {
  if (err && err.code === "bad_token") {
    api.forget();
    socket.close();
    renderHeader();
    navigate("#/login");
  }
}

function ctxFor() {
  return {
    api,
    socket,
    user: api.user(),
    t,
    navigate,
    settings,
    sessionStarted,
    el,
  };
}

async function route() {
  const gen = ++generation;
  const parsed = parseHash(location.hash);
  let { name } = parsed;
  const loggedIn = Boolean(api.token());
  if (!ROUTES.has(name)) {
    navigate(loggedIn ? "#/lobby" : "#/login");
    return;
  }
  if (!loggedIn && !PUBLIC.has(name)) {
    const next = location.hash;
    navigate(`#/login?next=${encodeURIComponent(next)}`);
    return;
  }
  if (loggedIn && name === "login") {
    navigate("#/lobby");
    return;
  }
  if (current && current.unmount) {
    try {
      current.unmount();
    } catch {
      // a failing unmount must not block the next page
    }
  }
  current = null;
  renderHeader();
  root.replaceChildren();
  root.dataset.page = name;
  let mod;
  try {
    mod = await import(`./pages/${name}.js`);
  } catch (e) {
    root.replaceChildren(el("p", { class: "error", role: "alert" }, t("shell.page_failed")));
    return;
  }
  if (gen !== generation) return;
  const params = { id: parsed.id, query: parsed.query };
  const page = { name, unmount: null };
  current = page;
  try {
    const unmount = await mod.mount(root, params, ctxFor());
    if (typeof unmount === "function") {
      if (gen !== generation) unmount();
      else page.unmount = unmount;
    }
  } catch (e) {
    if (gen !== generation) return;
    if (e && e.code === "bad_token") {
      onSocketRefused(e);
      return;
    }
    root.append(
      el("p", { class: "error", role: "alert" }, t("shell.error", { message: e?.message || e })),
    );
  }
}

onLangChange(() => {
  renderHeader();
  // the table page listens to onLangChange itself (re-mounting it would rejoin the table)
  if (current && current.name !== "table") route();
});

window.addEventListener("hashchange", route);
// a token refused on a reconnect (expired, or logged out elsewhere): log in again
socket.on("error", (msg) => {
  if (msg.code === "bad_token") onSocketRefused(msg);
});
socket.on("welcome", (msg) => {
  api.setUser(msg.user);
  renderHeader();
});

// for the browser console and tests: the live connection and the API
window.jantaku = { api, socket, navigate, settings };

renderHeader();
if (api.token()) socket.connect().catch(onSocketRefused);
route();
