// The lobby's forms: ranked queues, practice against computer players, create a table, join
// by invite code. `lb` is the page's object: {api, socket, settings, navigate, alive,
// showError(e), clearError()}.
import { t } from "../i18n.js";
import { clockText, el } from "../dom.js";
import { familyNames, familyOf, familyOfKind, tableKinds } from "../families/index.js";
import { DEFAULT_BOT, chosenLevel, levelLabel, saveLevel } from "../levels.js";

// ranked tables are a solo queue: the queue buttons seat them, the create form does not make them
const RANKED = ["novice", "advanced"];
const KINDS = tableKinds().filter((k) => !RANKED.includes(k));

const lengthSelect = (id) =>
  el("select", { id, "data-testid": id }, el("option", { value: "quick" }, t("length.quick")), el("option", { value: "full" }, t("length.full")));

const field = (id, label, control) => el("label", { class: "field", for: id }, el("span", {}, label), control);

/** The ranked queue buttons; `counts` gets each "kind-length" -> {count, wait} elements (the
 * refresh writes the count, and the own wait's start when one sits in that queue). */
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
  return RANKED.flatMap((kind) =>
    ["quick", "full"].map((length) => {
      const key = `${kind}-${length}`;
      const count = el("span", { class: "count" }, t("lobby.waiting", { n: 0 }));
      const wait = el("span", { class: "count wait", "data-testid": `queue-wait-${key}`, hidden: true });
      counts[key] = { count, wait, since: null };
      const onclick = (ev) => enter(ev.currentTarget, kind, length);
      return el("button", { type: "button", class: "btn queue-btn", "data-testid": `queue-${key}`, onclick }, el("strong", {}, `${t(`kind.${kind}`)} · ${t(`length.${length}`)}`), count, wait);
    }),
  );
}

/** Count the own wait in a queue up (once a second, from the start the server told). */
export function tickWaits(counts) {
  const now = Date.now();
  for (const c of Object.values(counts)) {
    c.wait.hidden = c.since === null;
    if (c.since !== null) c.wait.textContent = t("lobby.you_wait", { time: clockText((now - c.since) / 1000) });
  }
}

/** The practice card's controls: the family, its lengths and its puppet levels (the server
 * says which levels each family's tables seat). */
function practiceControls(lb) {
  const names = familyNames();
  const savedFamily = lb.settings.get("practiceFamily", names[0]);
  const fam = el("select", { id: "practice-family", "data-testid": "practice-family" }, names.map((n) => el("option", { value: n, selected: n === savedFamily }, t(`family.${n}`))));
  const length = lengthSelect("practice-length");
  // a practice table defaults to the defensive puppets (a fair first opponent), until one is chosen
  const bots = el("select", { id: "practice-bot", "data-testid": "practice-bot" }, el("option", { value: DEFAULT_BOT }, t(`bot.${DEFAULT_BOT}`)));
  let offered = {};
  const sync = () => {
    const name = fam.value;
    for (const option of length.options) option.textContent = familyOf(name).lobby.lengthLabel(option.value, t);
    const levels = offered[name] || [DEFAULT_BOT];
    const chosen = chosenLevel(lb.settings, name, levels);
    bots.replaceChildren(...levels.map((level) => el("option", { value: level, selected: level === chosen }, levelLabel(name, level))));
    bots.value = chosen;
  };
  fam.addEventListener("change", sync);
  sync();
  lb.api
    .bots()
    .then((data) => {
      if (!lb.alive) return;
      offered = data.levels || {};
      sync();
    })
    .catch(() => {});
  return { fam, length, bots };
}

/** "Play against puppets": a private table of the chosen family filled with the chosen level. */
export function practiceCard(lb) {
  const c = practiceControls(lb);
  const start = async () => {
    lb.clearError();
    button.disabled = true;
    const name = c.fam.value;
    const bot = c.bots.value || DEFAULT_BOT;
    lb.settings.set("practiceFamily", name);
    saveLevel(lb.settings, name, bot);
    try {
      await lb.socket.connect();
      const kind = familyOf(name).lobby.practiceKind;
      const created = await lb.socket.request({ type: "create", kind, length: c.length.value, private: true });
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
    el(
      "div",
      { class: "create-form" },
      field("practice-family", t("lobby.family"), c.fam),
      field("practice-length", t("lobby.length"), c.length),
      el("div", { class: "wide" }, field("practice-bot", t("lobby.bot_level"), c.bots)),
      el("div", { class: "wide" }, button),
    ),
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
  const kuitanLabel = el("label", { class: "check", for: "create-kuitan" }, kuitan, t("lobby.kuitan"));
  const priv = el("input", { type: "checkbox", id: "create-private", "data-testid": "create-private" });
  const sync = () => {
    const fam = familyOfKind(kind.value);
    // kuitan is offered only by a family that has it, and chosen only at a party table
    const party = kind.value === "party";
    kuitanLabel.hidden = !fam.lobby.options.includes("kuitan");
    kuitan.disabled = !party;
    if (!party) kuitan.checked = true;
    length.disabled = fam.lobby.lengths.length < 2;
    for (const option of length.options) option.textContent = fam.lobby.lengthLabel(option.value, t);
  };
  kind.addEventListener("change", sync);
  sync();
  // the create message: kuitan only where it is a choice (the server refuses it elsewhere)
  const message = () => {
    const msg = { type: "create", kind: kind.value, length: length.value, private: priv.checked };
    if (kind.value === "party" && !kuitanLabel.hidden) msg.kuitan = kuitan.checked;
    return msg;
  };
  return { kind, length, kuitanLabel, priv, message };
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
      const created = await lb.socket.request(c.message());
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
      el("div", { class: "row wide" }, c.kuitanLabel, el("label", { class: "check", for: "create-private" }, c.priv, t("lobby.private"))),
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
