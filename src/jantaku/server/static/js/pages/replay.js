// The replay viewer: every hand of a stored game open, stepped event by event.
import { handStarts, stateAt } from "../replay_state.js";
import { doraFromIndicator, parseTiles, tileEl } from "../tiles.js";
import { tileName } from "../i18n.js";

/** "yakuhai_haku" -> "Yakuhai haku" (romaji names are what riichi players know). */
export function romaji(name) {
  const text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export async function mount(root, params, ctx) {
  const { t, el, api, settings } = ctx;
  root.replaceChildren(el("p", { class: "muted" }, t("shell.loading")));
  let game;
  try {
    game = await api.game(params.id);
  } catch (e) {
    root.replaceChildren(
      el("h1", {}, t("replay.title")),
      el("p", { class: "error", role: "alert", "data-testid": "replay-error" }, e.status === 404 ? t("replay.not_found") : t("shell.error", { message: e.message })),
    );
    return undefined;
  }
  const events = game.events || [];
  const result = game.result || {};

  // A private game's files are served only with a player's token, which a plain link does not
  // send: such a link fetches with the token and saves what it gets.
  function downloadLink(fmt, filename, label) {
    const href = `/api/games/${encodeURIComponent(game.id)}/${fmt}`;
    if (!(result.config && result.config.private)) return el("a", { href, download: filename }, label);
    return el(
      "a",
      {
        href,
        download: filename,
        onclick: async (ev) => {
          ev.preventDefault();
          const token = api.token();
          const res = await fetch(href, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
          if (!res.ok) return;
          const url = URL.createObjectURL(await res.blob());
          const a = document.createElement("a");
          a.href = url;
          a.download = filename;
          a.click();
          setTimeout(() => URL.revokeObjectURL(url), 1000);
        },
      },
      label,
    );
  }
  const seats = result.seats || [{}, {}, {}, {}];
  const starts = handStarts(events);
  const names = seats.map((s, i) => s.name || t("replay.seat", { n: i + 1 }));
  const startHand = Math.max(0, Math.min(starts.length - 1, Number(params.query.get("hand") || 1) - 1));
  const step = Number(params.query.get("step"));
  let pos = step >= 1 ? Math.min(events.length, step) - 1 : starts.length ? starts[startHand].index : 0;

  const windName = (w) => t(`wind.${w}`);
  const handLabel = (s) =>
    s.classical
      ? t("replay.hand_label_classical", { wind: windName(s.roundWind), n: s.number + 1 })
      : t("replay.hand_label", { wind: windName(s.roundWind), n: s.deal + 1, honba: s.honba });

  // ------------------------------------------------------------ controls
  const position = el("span", { class: "position", "data-testid": "replay-position", "aria-live": "polite" });
  const btn = (testid, label, title, onclick) =>
    el("button", { type: "button", class: "btn", "data-testid": testid, title, "aria-label": title, onclick }, label);
  const prevHand = btn("replay-prev-hand", "«", t("replay.prev_hand"), () => jumpHand(-1));
  const prev = btn("replay-prev", "◀", t("replay.back"), () => go(pos - 1));
  const next = btn("replay-next", "▶", t("replay.forward"), () => go(pos + 1));
  const nextHand = btn("replay-next-hand", "»", t("replay.next_hand"), () => jumpHand(1));
  const doraToggle = el("button", {
    type: "button",
    class: "btn btn--small",
    "data-testid": "dora-toggle",
    onclick: () => {
      settings.set("doraDisplay", settings.get("doraDisplay", "dora") === "dora" ? "indicator" : "dora");
      render();
    },
  });
  const handsBar = el(
    "div",
    { class: "replay-hands", role: "group", "aria-label": t("replay.hands") },
    ...starts.map((s, k) =>
      el("button", { type: "button", class: "btn btn--small", "data-testid": `hand-jump-${k}`, onclick: () => go(s.index) }, handLabel(s)),
    ),
  );

  function currentHand() {
    let k = 0;
    starts.forEach((s, i) => {
      if (s.index <= pos) k = i;
    });
    return k;
  }

  function jumpHand(delta) {
    const k = currentHand();
    const target = starts[Math.max(0, Math.min(starts.length - 1, k + delta))];
    if (delta < 0 && target && starts[k].index < pos) go(starts[k].index);
    else if (target) go(target.index);
  }

  function go(i) {
    pos = Math.max(0, Math.min(events.length - 1, i));
    // the address follows the step (shareable; kept when the language switch re-renders)
    history.replaceState(null, "", `#/replay/${encodeURIComponent(params.id)}?step=${pos + 1}`);
    render();
  }

  // ------------------------------------------------------------ board
  const board = el("div", { class: "replay-board", "data-testid": "replay-board" });
  const lastLine = el("p", { class: "last-event", "data-testid": "replay-last" });
  const resultBox = el("div", { class: "result-box", "data-testid": "replay-result", hidden: true });

  function tiles(list, opts) {
    return list.map((n) => tileEl(n, opts));
  }

  function describe(e) {
    if (!e) return "";
    const name = (s) => names[s] ?? "?";
    switch (e.type) {
      case "deal_started":
        return t("replay.ev.deal_started", { hand: handLabel({ roundWind: e.round_wind, deal: e.deal, honba: e.honba }) });
      case "classical_deal_started":
        return t("replay.ev.deal_started", { hand: handLabel({ roundWind: e.round_wind, number: e.hand_number, classical: true }) });
      case "bonus_laid_out":
        return t("replay.ev.bonus", { name: name(e.seat), tile: tileName(e.tile) });
      case "dangerous_discard":
        return t(e.violation ? "replay.ev.danger_violation" : "replay.ev.danger", { name: name(e.seat), tile: tileName(e.tile), other: name(e.threatened_by) });
      case "mah_jongg":
        return e.from_seat === null || e.from_seat === undefined
          ? t("replay.ev.mah_jongg_self", { name: name(e.seat) })
          : t("replay.ev.mah_jongg", { name: name(e.seat), from: name(e.from_seat) });
      case "kong_declared":
        return t("replay.ev.kan", { name: name(e.seat), call: t(`call.${e.kind}`) });
      case "false_declaration":
        return t("replay.ev.false_declaration", { name: name(e.seat), reason: e.reason });
      case "game_ended":
        return t("replay.ev.match_ended");
      case "drew":
        return t("replay.ev.drew", { name: name(e.seat), tile: e.tile ? tileName(e.tile) : "?" });
      case "discarded":
        return t(e.riichi ? "replay.ev.riichi" : "replay.ev.discarded", { name: name(e.seat), tile: tileName(e.tile) });
      case "riichi_accepted":
        return t("replay.ev.riichi_accepted", { name: name(e.seat) });
      case "called":
        return t("replay.ev.called", { name: name(e.seat), call: t(`call.${e.kind}`), tile: tileName(e.tile), from: name(e.from_seat) });
      case "kan_declared":
        return t("replay.ev.kan", { name: name(e.seat), call: t(`call.${e.kind}`) });
      case "dora_revealed":
        return t("replay.ev.dora", { tile: tileName(e.indicator) });
      case "won":
        return e.from_seat === null || e.from_seat === undefined
          ? t("replay.ev.tsumo", { name: name(e.seat) })
          : t("replay.ev.ron", { name: name(e.seat), from: name(e.from_seat) });
      case "deal_ended":
        if (e.outcome === "remis") return t("replay.ev.draw", { kind: t("outcome.remis") });
        return e.draw ? t("replay.ev.draw", { kind: t(`draw.${e.draw}`) }) : t("replay.ev.deal_ended");
      case "match_ended":
        return t("replay.ev.match_ended");
      default:
        return e.type;
    }
  }

  function signed(n) {
    return n > 0 ? `+${n}` : String(n);
  }

  function yakuName(name) {
    const key = `yaku.${name}`;
    const label = t(key);
    return label === key ? romaji(name) : label;
  }

  function renderResult(state) {
    const parts = [];
    for (const w of state.wins) {
      if (w.classical) {
        const how = w.from_seat === null || w.from_seat === undefined ? t("replay.self_drawn") : t("replay.ron_from", { name: names[w.from_seat] });
        const flags = ["robbing_kong", "heavenly", "earthly", "last_wall_tile", "last_discard"].filter((f) => w[f]);
        parts.push(
          el(
            "div",
            { class: "win", "data-testid": "win" },
            el("h3", {}, t("replay.mah_jongg", { name: names[w.seat] }), " · ", how, ...flags.map((f) => ` · ${t(`flag.${f}`)}`)),
            el("div", { class: "tiles-row" }, ...tiles(parseTiles(w.hand), { size: "sm" }), el("span", { class: "drawn" }, tileEl(w.tile, { size: "sm" }))),
          ),
        );
        continue;
      }
      const how = w.from_seat === null || w.from_seat === undefined ? t("replay.tsumo") : t("replay.ron_from", { name: names[w.from_seat] });
      const figures = w.yakuman
        ? t("replay.yakuman", { n: w.yakuman, points: w.points })
        : t("replay.han_fu", { han: w.han, fu: w.fu, points: w.points });
      parts.push(
        el(
          "div",
          { class: "win", "data-testid": "win" },
          el("h3", {}, t("replay.wins", { name: names[w.seat] }), " · ", how, w.limit ? ` · ${w.limit}` : ""),
          el("div", { class: "tiles-row" }, ...tiles(w.hand ? parseTiles(Array.isArray(w.hand) ? w.hand.join("") : w.hand) : [], { size: "sm" }), el("span", { class: "drawn" }, tileEl(w.tile, { size: "sm" }))),
          el("ul", { class: "yaku-list" }, ...(w.yaku || []).map(([name, han]) => el("li", {}, `${yakuName(name)}: ${han} ${t("replay.han")}`))),
          el("p", { class: "figures" }, figures),
        ),
      );
    }
    if (state.ended && state.ended.results) {
      const e = state.ended;
      if (e.outcome !== "mah_jongg") parts.push(el("h3", {}, t(`outcome.${e.outcome}`)));
      parts.push(
        el(
          "div",
          { class: "table-scroll" },
          el(
            "table",
            { class: "yaku-table figures-table", "data-testid": "figures" },
            el("thead", {}, el("tr", {}, ...["replay.player", "replay.figures", "replay.base", "replay.doubles", "replay.value", "replay.delta"].map((k) => el("th", {}, t(k))))),
            el(
              "tbody",
              {},
              ...e.results.map((r) =>
                el(
                  "tr",
                  {},
                  el("td", {}, names[r.seat]),
                  el("td", {}, (r.special_hand ? [r.special_hand] : []).concat(r.items.map(([label, pts, dbl]) => `${label}${pts ? ` ${pts}` : ""}${dbl ? ` ×${2 ** dbl}` : ""}`)).join("; ")),
                  el("td", {}, String(r.base)),
                  el("td", {}, String(r.doubles)),
                  el("td", {}, String(r.value)),
                  el("td", {}, signed(e.deltas[r.seat])),
                ),
              ),
            ),
          ),
        ),
      );
      if (e.stoerspiel) {
        parts.push(el("p", { class: "error" }, t("replay.stoerspiel", { name: names[e.violator] ?? "?", reason: t(`stoerspiel.${e.stoerspiel}`) })));
      }
    } else if (state.ended) {
      const e = state.ended;
      if (e.draw) {
        const tenpai = (e.tenpai || []).map((v, i) => (v ? names[i] : null)).filter(Boolean);
        parts.push(el("h3", {}, t(`draw.${e.draw}`)), el("p", {}, t("replay.tenpai", { names: tenpai.length ? tenpai.join(", ") : t("replay.nobody") })));
      }
      parts.push(
        el("p", { class: "deltas", "data-testid": "deltas" }, (e.deltas || []).map((d, i) => `${names[i]} ${signed(d)}`).join(" · ")),
      );
    }
    if (state.matchEnded) {
      const m = state.matchEnded;
      parts.push(
        el("h3", {}, t("replay.final")),
        el("ol", { class: "ranking", "data-testid": "final-ranking" }, ...m.ranking.map((s) => el("li", {}, `${names[s]}: ${m.scores[s]}`))),
      );
    }
    resultBox.replaceChildren(...parts);
    resultBox.hidden = parts.length === 0;
  }

  function seatPanel(state, s) {
    const wind = (s - state.dealer + 4) % 4;
    const handRow = el(
      "div",
      { class: "tiles-row hand-row", "data-testid": `hand-${s}`, "aria-label": t("replay.hand_of", { name: names[s] }) },
      ...tiles(state.hands[s], { size: "md" }),
      state.drawn[s] ? el("span", { class: "drawn" }, tileEl(state.drawn[s], { size: "md" })) : null,
    );
    const melds = el(
      "div",
      { class: "melds", "data-testid": `melds-${s}` },
      ...state.melds[s].map((m) =>
        el(
          "span",
          { class: "meld", title: t(`call.${m.kind}`) },
          ...m.tiles.map((n, i) =>
            (m.kind === "concealed_kan" || m.kind === "concealed") && (i === 0 || i === 3)
              ? tileEl(null, { size: "sm" })
              : tileEl(n, { size: "sm", sideways: n === m.called && m.tiles.indexOf(n) === i }),
          ),
        ),
      ),
    );
    const river = el(
      "div",
      { class: "tiles-row river", "data-testid": `river-${s}`, "aria-label": t("replay.river_of", { name: names[s] }) },
      ...state.rivers[s].map((r) => {
        const node = tileEl(r.tile, { size: "sm", dim: r.tsumogiri, sideways: r.riichi });
        if (r.taken) node.classList.add("tile--taken");
        return node;
      }),
    );
    return el(
      "section",
      { class: `seat-panel${state.toMove === s ? " to-move" : ""}`, "data-testid": `seat-${s}` },
      el(
        "div",
        { class: "seat-head" },
        el(
          "span",
          {},
          `${windName(wind)} · `,
          seats[s] && seats[s].user_id
            ? el("a", { href: `#/profile/${seats[s].user_id}`, "data-testid": `player-link-${s}` }, names[s])
            : names[s],
          s === state.dealer ? el("span", { class: "badge" }, t("replay.dealer")) : null,
          state.riichi[s] ? el("span", { class: "badge badge--riichi" }, t("replay.riichi")) : null,
        ),
        el("span", { class: "score", "data-testid": `score-${s}` }, String(state.scores[s])),
      ),
      handRow,
      state.bonus[s].length ? el("div", { class: "tiles-row bonus-row", "data-testid": `bonus-${s}`, "aria-label": t("replay.bonus") }, ...tiles(state.bonus[s], { size: "sm" })) : null,
      melds,
      river,
    );
  }

  function render() {
    const state = stateAt(events, pos);
    const k = currentHand();
    position.textContent = t("replay.position", { step: pos + 1, total: events.length });
    prev.disabled = pos <= 0;
    next.disabled = pos >= events.length - 1;
    handsBar.querySelectorAll("button").forEach((b, i) => b.setAttribute("aria-current", String(i === k)));
    const mode = settings.get("doraDisplay", "dora");
    doraToggle.textContent = mode === "dora" ? t("replay.show_indicators") : t("replay.show_dora");
    const doraTiles = mode === "dora" ? state.dora.map(doraFromIndicator) : state.dora;
    const center = el(
      "div",
      { class: "replay-center card", "data-testid": "replay-center" },
      el("strong", {}, starts[k] ? handLabel(starts[k]) : ""),
      state.classical ? null : el("span", {}, t("replay.honba_deposits", { honba: state.honba, deposits: state.deposits })),
      state.classical ? null : el(
        "span",
        { class: "dora-row", "data-testid": "dora" },
        mode === "dora" ? t("replay.dora") : t("replay.indicators"),
        ...tiles(doraTiles, { size: "sm" }),
        state.ura.length ? el("span", { class: "muted" }, ` ${t("replay.ura")}`) : null,
        ...(state.ura.length ? tiles(mode === "dora" ? state.ura.map(doraFromIndicator) : state.ura, { size: "sm" }) : []),
      ),
      state.classical ? null : doraToggle,
      state.warning ? el("span", { class: "error", "data-testid": "danger" }, describe(state.warning)) : null,
    );
    board.replaceChildren(center, ...[0, 1, 2, 3].map((s) => seatPanel(state, s)));
    lastLine.textContent = describe(state.last);
    renderResult(state);
  }

  function onKey(ev) {
    if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const actions = {
      ArrowRight: () => go(pos + 1),
      ArrowLeft: () => go(pos - 1),
      ArrowDown: () => jumpHand(1),
      PageDown: () => jumpHand(1),
      ArrowUp: () => jumpHand(-1),
      PageUp: () => jumpHand(-1),
      Home: () => go(0),
      End: () => go(events.length - 1),
    };
    const fn = actions[ev.key];
    if (fn) {
      ev.preventDefault();
      fn();
    }
  }

  const config = result.config || {};
  root.replaceChildren(
    el(
      "div",
      { class: "replay", "data-testid": "replay" },
      el(
        "div",
        { class: "row" },
        el("h1", {}, t("replay.title")),
        el("span", { class: "muted" }, [config.kind ? t(`kind.${config.kind}`) : null, config.family === "classical" ? t("lobby.classical_rules") : config.length ? t(`length.${config.length}`) : null].filter(Boolean).join(" · ")),
      ),
      el("p", { class: "hint" }, t("replay.keys")),
      handsBar,
      el("div", { class: "replay-bar" }, prevHand, prev, position, next, nextHand),
      lastLine,
      resultBox,
      board,
      el(
        "p",
        { class: "hint" },
        t("replay.downloads"),
        " ",
        downloadLink("tenhou6", `${game.id}.tenhou6.json`, "tenhou.net/6"),
        " · ",
        downloadLink("mjai", `${game.id}.mjai.jsonl`, "mjai"),
        result.seed ? el("span", { class: "muted" }, ` · ${t("replay.seed")} ${result.seed}`) : null,
      ),
    ),
  );
  render();
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
