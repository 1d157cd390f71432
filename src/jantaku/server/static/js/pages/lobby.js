// The lobby: ranked queues, open and live tables, create a table, join by invite code, and
// "play against puppets" (a practice table filled with computer players).
const KINDS = ["novice", "advanced", "party", "practice", "classical"];
const REFRESH_MS = 3000;

export async function mount(root, params, ctx) {
  const { t, el, api, socket } = ctx;
  let timer = null;
  let alive = true;

  const status = el("p", { class: "error", role: "alert", "data-testid": "lobby-error", hidden: true });
  const showError = (e) => {
    const code = e && e.code;
    const known = code && t(`lobby.err.${code}`) !== `lobby.err.${code}` ? t(`lobby.err.${code}`) : null;
    status.textContent = known || t("shell.error", { message: e?.message || e });
    status.hidden = false;
  };
  const clearError = () => {
    status.hidden = true;
  };

  // ------------------------------------------------------------ queues
  const queueCounts = {};
  const queueButtons = [];
  for (const kind of ["novice", "advanced"]) {
    for (const length of ["quick", "full"]) {
      const count = el("span", { class: "count" }, t("lobby.waiting", { n: 0 }));
      queueCounts[`${kind}-${length}`] = count;
      queueButtons.push(
        el(
          "button",
          {
            type: "button",
            class: "btn queue-btn",
            "data-testid": `queue-${kind}-${length}`,
            onclick: (ev) => enterQueue(ev.currentTarget, kind, length),
          },
          el("strong", {}, `${t(`kind.${kind}`)} · ${t(`length.${length}`)}`),
          count,
        ),
      );
    }
  }
  async function enterQueue(button, kind, length) {
    clearError();
    button.disabled = true;
    try {
      await socket.connect();
      const snap = await socket.request({ type: "queue", kind, length }, { expect: "snapshot" });
      ctx.navigate(`#/table/${snap.table.id}`);
    } catch (e) {
      showError(e);
      button.disabled = false;
    }
  }

  // ------------------------------------------------------------ puppets (practice)
  const practiceLength = el(
    "select",
    { id: "practice-length", "data-testid": "practice-length" },
    el("option", { value: "quick" }, t("length.quick")),
    el("option", { value: "full" }, t("length.full")),
  );
  const botLevel = el(
    "select",
    { id: "practice-bot", "data-testid": "practice-bot" },
    el("option", { value: "filler" }, t("bot.filler")),
  );
  api
    .bots()
    .then((data) => {
      if (!alive) return;
      const saved = ctx.settings.get("botLevel", "filler");
      botLevel.replaceChildren(
        ...data.bots.map((name) =>
          el("option", { value: name, selected: name === saved }, t(`bot.${name}`) === `bot.${name}` ? name : t(`bot.${name}`)),
        ),
      );
    })
    .catch(() => {});
  const practiceButton = el(
    "button",
    {
      type: "button",
      class: "btn btn--primary",
      "data-testid": "practice-start",
      onclick: async () => {
        clearError();
        practiceButton.disabled = true;
        const bot = botLevel.value || "filler";
        ctx.settings.set("botLevel", bot);
        try {
          await socket.connect();
          const created = await socket.request({
            type: "create",
            kind: "practice",
            length: practiceLength.value,
            kuitan: true,
            private: true,
          });
          const id = created.table.id;
          // sit down with the puppets chosen here; the table page's own join then takes the seat back
          await socket.request({ type: "join", table: id, fill_bots: true, bot }, { expect: "snapshot" });
          ctx.navigate(`#/table/${id}?fill=1&bot=${encodeURIComponent(bot)}`);
        } catch (e) {
          showError(e);
          practiceButton.disabled = false;
        }
      },
    },
    t("lobby.practice_start"),
  );
  const practice = el(
    "section",
    { class: "card", "aria-labelledby": "practice-title", "data-testid": "practice" },
    el("h2", { id: "practice-title" }, t("lobby.practice")),
    el("p", { class: "hint" }, t("lobby.practice_text")),
    el(
      "div",
      { class: "create-form" },
      el("label", { class: "field", for: "practice-length" }, el("span", {}, t("lobby.length")), practiceLength),
      el("label", { class: "field", for: "practice-bot" }, el("span", {}, t("lobby.bot_level")), botLevel),
      el("div", { class: "wide" }, practiceButton),
    ),
  );

  // ------------------------------------------------------------ create a table
  const kindSel = el(
    "select",
    { id: "create-kind", "data-testid": "create-kind" },
    ...KINDS.map((k) => el("option", { value: k, selected: k === "party" }, t(`kind.${k}`))),
  );
  const lengthSel = el(
    "select",
    { id: "create-length", "data-testid": "create-length" },
    el("option", { value: "quick" }, t("length.quick")),
    el("option", { value: "full" }, t("length.full")),
  );
  const kuitan = el("input", { type: "checkbox", id: "create-kuitan", checked: true, "data-testid": "create-kuitan" });
  const priv = el("input", { type: "checkbox", id: "create-private", "data-testid": "create-private" });
  const kuitanLabel = el("label", { class: "check", for: "create-kuitan" }, kuitan, t("lobby.kuitan"));
  const syncKind = () => {
    const party = kindSel.value === "party";
    kuitan.disabled = !party;
    if (!party) kuitan.checked = true;
    lengthSel.disabled = kindSel.value === "classical";
  };
  kindSel.addEventListener("change", syncKind);
  syncKind();
  const inviteBox = el("div", { class: "invite-box", "data-testid": "invite-box", hidden: true });
  const createButton = el(
    "button",
    {
      type: "submit",
      class: "btn btn--primary",
      "data-testid": "create-submit",
    },
    t("lobby.create"),
  );
  const createForm = el(
    "form",
    {
      class: "card",
      "aria-labelledby": "create-title",
      onsubmit: async (ev) => {
        ev.preventDefault();
        clearError();
        createButton.disabled = true;
        try {
          await socket.connect();
          const created = await socket.request({
            type: "create",
            kind: kindSel.value,
            length: lengthSel.value,
            kuitan: kuitan.checked,
            private: priv.checked,
          });
          const id = created.table.id;
          if (created.invite) {
            const link = `#/table/${id}?invite=${encodeURIComponent(created.invite)}`;
            const full = `${location.origin}${location.pathname}${link}`;
            inviteBox.replaceChildren(
              el("p", {}, t("lobby.invite_made")),
              el("p", {}, t("lobby.invite_code"), " ", el("code", { "data-testid": "invite-code" }, created.invite)),
              el("p", {}, t("lobby.invite_link"), " ", el("a", { href: link, "data-testid": "invite-link" }, full)),
              el("a", { class: "btn btn--primary", href: link, "data-testid": "invite-go" }, t("lobby.to_table")),
            );
            inviteBox.hidden = false;
          } else {
            ctx.navigate(`#/table/${id}`);
          }
        } catch (e) {
          showError(e);
        } finally {
          createButton.disabled = false;
        }
      },
    },
    el("h2", { id: "create-title" }, t("lobby.create_title")),
    el(
      "div",
      { class: "create-form" },
      el("label", { class: "field", for: "create-kind" }, el("span", {}, t("lobby.kind")), kindSel),
      el("label", { class: "field", for: "create-length" }, el("span", {}, t("lobby.length")), lengthSel),
      el("div", { class: "row wide" }, kuitanLabel, el("label", { class: "check", for: "create-private" }, priv, t("lobby.private"))),
      el("div", { class: "wide" }, createButton),
    ),
    inviteBox,
  );

  // ------------------------------------------------------------ join by invite code
  const inviteInput = el("input", {
    id: "invite-input",
    "data-testid": "invite-input",
    autocomplete: "off",
    required: true,
    placeholder: t("lobby.invite_placeholder"),
    "aria-label": t("lobby.invite_placeholder"),
  });
  const inviteForm = el(
    "form",
    {
      class: "card",
      "aria-labelledby": "invite-title",
      onsubmit: async (ev) => {
        ev.preventDefault();
        clearError();
        const code = inviteInput.value.trim();
        if (!code) return;
        try {
          await socket.connect();
          const snap = await socket.request({ type: "join", invite: code }, { expect: "snapshot" });
          ctx.navigate(`#/table/${snap.table.id}?invite=${encodeURIComponent(code)}`);
        } catch (e) {
          showError(e);
        }
      },
    },
    el("h2", { id: "invite-title" }, t("lobby.join_invite")),
    el(
      "div",
      { class: "row" },
      inviteInput,
      el("button", { type: "submit", class: "btn", "data-testid": "invite-join" }, t("lobby.join")),
    ),
  );

  // ------------------------------------------------------------ table lists
  const openList = el("ul", { class: "table-list", "data-testid": "open-tables" });
  const mineList = el("ul", { class: "table-list", "data-testid": "my-tables" });
  const mine = el(
    "section",
    { class: "card card--mine", "aria-labelledby": "mine-title", hidden: true },
    el("h2", { id: "mine-title" }, t("lobby.mine")),
    mineList,
  );
  const liveList = el("ul", { class: "table-list", "data-testid": "live-tables" });
  // the lobby comes in pages; "more" shows one page more (kept over the periodic refresh)
  let pages = 1;
  const moreButton = el(
    "button",
    {
      type: "button",
      class: "btn btn--small",
      "data-testid": "lobby-more",
      hidden: true,
      onclick: async () => {
        pages += 1;
        moreButton.disabled = true;
        await refresh();
        moreButton.disabled = false;
      },
    },
    t("lobby.more"),
  );

  function seatsText(table) {
    return table.seats
      .map((s) => (s.name ? s.name : s.bot ? t("lobby.bot") : t("lobby.free")))
      .join(" · ");
  }

  function tableItem(table, live, own = false) {
    const c = table.config;
    const title = `${t(`kind.${c.kind}`)} · ${c.kind === "classical" ? t("lobby.classical_rules") : t(`length.${c.length}`)}${c.kind === "party" && !c.kuitan ? ` · ${t("lobby.no_kuitan")}` : ""}`;
    const free = table.seats.filter((s) => !s.name && !s.bot).length;
    return el(
      "li",
      { class: "table-item", "data-table": table.id },
      el(
        "div",
        { class: "table-info" },
        el("strong", {}, title),
        el("span", { class: "players" }, live ? seatsText(table) : `${seatsText(table)} (${t("lobby.free_seats", { n: free })})`),
      ),
      el(
        "div",
        { class: "table-actions" },
        own
          ? el("a", { class: "btn btn--small btn--primary", href: `#/table/${table.id}`, "data-testid": "back-to-table" }, t("lobby.back"))
          : live
          ? el("a", { class: "btn btn--small", href: `#/table/${table.id}?watch=1`, "data-testid": "watch" }, t("lobby.watch"))
          : el("a", { class: "btn btn--small btn--primary", href: `#/table/${table.id}`, "data-testid": "join" }, t("lobby.join")),
      ),
    );
  }

  function fill(list, tables, live) {
    if (!tables.length) {
      list.replaceChildren(el("li", { class: "empty" }, live ? t("lobby.no_live") : t("lobby.no_open")));
      return;
    }
    list.replaceChildren(...tables.map((tb) => tableItem(tb, live)));
  }

  async function lobbyPages() {
    const first = await api.lobby(0);
    const open = [...first.open];
    const live = [...first.live];
    let next = first.next_offset;
    for (let n = 1; n < pages && next !== null && next !== undefined; n++) {
      const page = await api.lobby(next);
      open.push(...page.open);
      live.push(...page.live);
      next = page.next_offset;
    }
    return { ...first, open, live, next_offset: next };
  }

  async function refresh() {
    try {
      const [data, own] = await Promise.all([lobbyPages(), api.myTables().catch(() => ({ tables: [] }))]);
      if (!alive) return;
      moreButton.hidden = data.next_offset === null || data.next_offset === undefined;
      mine.hidden = own.tables.length === 0;
      mineList.replaceChildren(...own.tables.map((tb) => tableItem(tb, tb.status === "live", true)));
      for (const [key, node] of Object.entries(queueCounts)) {
        node.textContent = t("lobby.waiting", { n: data.queues[key] || 0 });
      }
      fill(openList, data.open.filter((tb) => !tb.config.ranked), false);
      fill(liveList, data.live, true);
    } catch (e) {
      if (alive) showError(e);
    }
  }

  function schedule() {
    if (!alive) return;
    timer = setTimeout(async () => {
      if (document.visibilityState !== "hidden") await refresh();
      schedule();
    }, REFRESH_MS);
  }

  root.replaceChildren(
    el("h1", { class: "visually-hidden" }, t("shell.lobby")),
    status,
    el(
      "div",
      { class: "lobby" },
      el(
        "div",
        { class: "lobby-col" },
        mine,
        el(
          "section",
          { class: "card", "aria-labelledby": "queues-title" },
          el("h2", { id: "queues-title" }, t("lobby.ranked")),
          el("p", { class: "hint" }, t("lobby.ranked_text")),
          el("div", { class: "queues" }, ...queueButtons),
        ),
        el(
          "section",
          { class: "card", "aria-labelledby": "open-title" },
          el("h2", { id: "open-title" }, t("lobby.open")),
          openList,
        ),
        el(
          "section",
          { class: "card", "aria-labelledby": "live-title" },
          el("h2", { id: "live-title" }, t("lobby.live")),
          liveList,
        ),
        moreButton,
      ),
      el("div", { class: "lobby-col" }, practice, createForm, inviteForm),
    ),
  );
  await refresh();
  schedule();
  return () => {
    alive = false;
    if (timer) clearTimeout(timer);
  };
}
