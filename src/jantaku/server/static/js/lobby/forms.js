// The lobby's forms: ranked queues, practice against computer players, create a table, join
// by invite code. `lb` is the page's object: {api, socket, settings, navigate, alive,
// showError(e), clearError()}.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { familyOfKind, tableKinds } from "../families/index.js";

const KINDS = tableKinds();
const DEFAULT_BOT = "defensive";

const lengthSelect = (id) =>
  el("select", { id, "data-testid": id }, el("option", { value: "quick" }, t("length.quick")), el("option", { value: "full" }, t("length.full")));

const field = (id, label, control) => el("label", { class: "field", for: id }, el("span", {}, label), control);

/** The ranked queue buttons; `counts` gets each "kind-length" -> its waiting count element. */
export function queueButtons(lb, counts) {
  const enter = async (button, kind, length) => {
    lb.clearError();
    button.disabled = true;
    try {
      await lb.socket.connect();
      const snap = await lb.socket.request({ type: "queue", kind, length }, { expect: "snapshot" });
      lb.navigate(`#/table/${snap.table.id}`);
    } catch (e) {
      lb.showError(e);
      button.disabled = false;
    }
  };
  return ["novice", "advanced"].flatMap((kind) =>
    ["quick", "full"].map((length) => {
      const count = el("span", { class: "count" }, t("lobby.waiting", { n: 0 }));
      counts[`${kind}-${length}`] = count;
      const onclick = (ev) => enter(ev.currentTarget, kind, length);
      return el("button", { type: "button", class: "btn queue-btn", "data-testid": `queue-${kind}-${length}`, onclick }, el("strong", {}, `${t(`kind.${kind}`)} · ${t(`length.${length}`)}`), count);
    }),
  );
}

function botSelect(lb) {
  // a practice table defaults to the defensive puppets (a fair first opponent), until one is chosen
  const select = el("select", { id: "practice-bot", "data-testid": "practice-bot" }, el("option", { value: DEFAULT_BOT }, t(`bot.${DEFAULT_BOT}`)));
  lb.api
    .bots()
    .then((data) => {
      if (!lb.alive) return;
      const saved = lb.settings.get("botLevel", DEFAULT_BOT);
      const label = (name) => (t(`bot.${name}`) === `bot.${name}` ? name : t(`bot.${name}`));
      select.replaceChildren(...data.bots.map((name) => el("option", { value: name, selected: name === saved }, label(name))));
    })
    .catch(() => {});
  return select;
}

/** "Play against puppets": a private practice table filled with the chosen computer players. */
export function practiceCard(lb) {
  const length = lengthSelect("practice-length");
  const bots = botSelect(lb);
  const start = async () => {
    lb.clearError();
    button.disabled = true;
    const bot = bots.value || DEFAULT_BOT;
    lb.settings.set("botLevel", bot);
    try {
      await lb.socket.connect();
      const created = await lb.socket.request({ type: "create", kind: "practice", length: length.value, kuitan: true, private: true });
      const id = created.table.id;
      // sit down with the puppets chosen here; the table page's own join then takes the seat back
      await lb.socket.request({ type: "join", table: id, fill_bots: true, bot }, { expect: "snapshot" });
      lb.navigate(`#/table/${id}?fill=1&bot=${encodeURIComponent(bot)}`);
    } catch (e) {
      lb.showError(e);
      button.disabled = false;
    }
  };
  const button = el("button", { type: "button", class: "btn btn--primary", "data-testid": "practice-start", onclick: start }, t("lobby.practice_start"));
  return el(
    "section",
    { class: "card", "aria-labelledby": "practice-title", "data-testid": "practice" },
    el("h2", { id: "practice-title" }, t("lobby.practice")),
    el("p", { class: "hint" }, t("lobby.practice_text")),
    el("div", { class: "create-form" }, field("practice-length", t("lobby.length"), length), field("practice-bot", t("lobby.bot_level"), bots), el("div", { class: "wide" }, button)),
  );
}

function showInvite(box, id, invite) {
  const link = `#/table/${id}?invite=${encodeURIComponent(invite)}`;
  const full = `${location.origin}${location.pathname}${link}`;
  box.replaceChildren(
    el("p", {}, t("lobby.invite_made")),
    el("p", {}, t("lobby.invite_code"), " ", el("code", { "data-testid": "invite-code" }, invite)),
    el("p", {}, t("lobby.invite_link"), " ", el("a", { href: link, "data-testid": "invite-link" }, full)),
    el("a", { class: "btn btn--primary", href: link, "data-testid": "invite-go" }, t("lobby.to_table")),
  );
  box.hidden = false;
}

function createControls() {
  const kind = el("select", { id: "create-kind", "data-testid": "create-kind" }, KINDS.map((k) => el("option", { value: k, selected: k === "party" }, t(`kind.${k}`))));
  const length = lengthSelect("create-length");
  const kuitan = el("input", { type: "checkbox", id: "create-kuitan", checked: true, "data-testid": "create-kuitan" });
  const priv = el("input", { type: "checkbox", id: "create-private", "data-testid": "create-private" });
  const sync = () => {
    const party = kind.value === "party";
    kuitan.disabled = !party;
    if (!party) kuitan.checked = true;
    const fam = familyOfKind(kind.value);
    length.disabled = fam.lobby.lengths.length < 2;
    for (const option of length.options) option.textContent = fam.lobby.lengthLabel(option.value, t);
  };
  kind.addEventListener("change", sync);
  sync();
  return { kind, length, kuitan, priv };
}

/** Create a table (kind, length, kuitan, private); a private one shows its invitation. */
export function createForm(lb) {
  const c = createControls();
  const inviteBox = el("div", { class: "invite-box", "data-testid": "invite-box", hidden: true });
  const button = el("button", { type: "submit", class: "btn btn--primary", "data-testid": "create-submit" }, t("lobby.create"));
  const onsubmit = async (ev) => {
    ev.preventDefault();
    lb.clearError();
    button.disabled = true;
    try {
      await lb.socket.connect();
      const msg = { type: "create", kind: c.kind.value, length: c.length.value, kuitan: c.kuitan.checked, private: c.priv.checked };
      const created = await lb.socket.request(msg);
      if (created.invite) showInvite(inviteBox, created.table.id, created.invite);
      else lb.navigate(`#/table/${created.table.id}`);
    } catch (e) {
      lb.showError(e);
    } finally {
      button.disabled = false;
    }
  };
  return el(
    "form",
    { class: "card", "aria-labelledby": "create-title", onsubmit },
    el("h2", { id: "create-title" }, t("lobby.create_title")),
    el(
      "div",
      { class: "create-form" },
      field("create-kind", t("lobby.kind"), c.kind),
      field("create-length", t("lobby.length"), c.length),
      el("div", { class: "row wide" }, el("label", { class: "check", for: "create-kuitan" }, c.kuitan, t("lobby.kuitan")), el("label", { class: "check", for: "create-private" }, c.priv, t("lobby.private"))),
      el("div", { class: "wide" }, button),
    ),
    inviteBox,
  );
}

/** Join a private table by its invite code. */
export function inviteForm(lb) {
  const input = el("input", {
    id: "invite-input",
    "data-testid": "invite-input",
    autocomplete: "off",
    required: true,
    placeholder: t("lobby.invite_placeholder"),
    "aria-label": t("lobby.invite_placeholder"),
  });
  const onsubmit = async (ev) => {
    ev.preventDefault();
    lb.clearError();
    const code = input.value.trim();
    if (!code) return;
    try {
      await lb.socket.connect();
      const snap = await lb.socket.request({ type: "join", invite: code }, { expect: "snapshot" });
      lb.navigate(`#/table/${snap.table.id}?invite=${encodeURIComponent(code)}`);
    } catch (e) {
      lb.showError(e);
    }
  };
  return el(
    "form",
    { class: "card", "aria-labelledby": "invite-title", onsubmit },
    el("h2", { id: "invite-title" }, t("lobby.join_invite")),
    el("div", { class: "row" }, input, el("button", { type: "submit", class: "btn", "data-testid": "invite-join" }, t("lobby.join"))),
  );
}
