// The tiles of the hand being entered: each part (concealed tiles, melds, winning tile, bonus
// tiles, indicators) as pictures (tap one to take it back) and as MPSZ text (type and press
// Enter), the part a tap fills, the meld kind, and the picker. Changes go through draft.js; a
// refused tap or text shows a message naming the tile or meld and keeps what was entered.
import { el } from "../dom.js";
import { formatNumber, tileName } from "../i18n.js";
import { tileEl } from "../tiles.js";
import { leftOf, overLimit, tally } from "./copies.js";
import { addTap, partTiles, removeAt, replacePart, roomError } from "./draft.js";
import { pickerEl } from "./picker.js";
import { meldFrom, readMelds, readTiles, tileExists, writeMelds, writeTiles } from "./typing.js";

const keyOf = (target) => `${target.player}:${target.part}`;
const same = (a, b) => a && b && a.player === b.player && a.part === b.part;

/** The message of an error {key, params} with tile notations named ("5 of dots (5p)"). */
export function errorText(t, error, names = []) {
  const params = { ...error.params };
  if (params.refusal) params.message = errorText(t, params.refusal, names);
  if (typeof params.player === "number") params.player = names[params.player] ?? params.player;
  if (params.reason) params.reason = t(`sheet.no_win.${params.reason}`);
  if (params.flag) params.flag = t(`sheet.flag.${params.flag}`);
  if (params.rule) params.rule = t(`sheet.flag_rule.${params.rule}`);
  if (params.position === null) params.position = "?";
  for (const n of ["points", "least", "value", "limit"]) if (typeof params[n] === "number") params[n] = formatNumber(params[n]);
  if (params.tile && tileExists(params.tile)) params.tile = `${tileName(params.tile)} (${params.tile})`;
  if (params.kind) params.kind = t(`sheet.meld.${params.kind}`);
  return t(error.key, params);
}

/** A hand the server refused (its `error`, docs/sheet.md) as an error of this page: the text of
 * its code in the reader's language; null for a code this client does not know (the server's
 * English message stands then). */
export function refusal(t, bad) {
  const key = `sheet.refused.${bad.code}`;
  return bad.code && t(key) !== key ? { key, params: { field: bad.field || "", ...bad.params } } : null;
}

/** Why a call to the server failed (an ApiError of remote.js), in the reader's language: the
 * text of its code, else the server's own message. */
export function failure(t, e) {
  const key = `sheet.failed.${e.code}`;
  return t(key) !== key ? t(key, { field: e.field || "", retry_after: e.retry_after ?? "" }) : e.message;
}

/** All tiles the draft uses outside `except` (a target whose content is being replaced). */
function usedTiles(sp, except) {
  let draft = sp.draft;
  if (except) draft = replacePart(draft, except, []);
  return sp.kind.setTiles(draft);
}

function tap(sp, tile) {
  const res = addTap(sp.draft, sp.target, tile, {
    used: usedTiles(sp, sp.target.part === "win" ? sp.target : null),
    set: sp.kind.set,
    meldKind: sp.meldKind,
    meldOpen: sp.meldOpen,
    meldAdded: Boolean(sp.kind.set.added && sp.meldAdded),
  });
  if (res.error) {
    sp.error = res.error;
    return sp.render();
  }
  sp.draft = res.draft;
  sp.error = null;
  delete sp.typed[keyOf(sp.target)];
  if (sp.target.part === "win" || (["hand", "melds"].includes(sp.target.part) && sp.kind.autoAdvance(sp.draft, sp.target))) {
    sp.target = sp.kind.nextTarget(sp.draft, sp.target);
  }
  sp.render();
}

/** Show the outcome of typing without rebuilding the card (a click that blurred the field must
 * still land on its button): the part's tiles and the message are updated in place. */
function showInPlace(sp, target) {
  const row = document.querySelector(`.part[data-key="${keyOf(target)}"]`);
  const box = row && row.closest(".entry-card");
  if (!row || !box) return sp.render();
  row.querySelector(".part-tiles").replaceChildren(...tilesEl(sp, target));
  row.querySelector(".part-text").setAttribute("aria-invalid", String(sp.typed[keyOf(target)] !== undefined));
  const message = box.querySelector('[data-testid="sheet-error"]');
  message.textContent = sp.error ? errorText(sp.t, sp.error, sp.sheet.players) : "";
  message.hidden = !sp.error;
}

/** Typed text for a part: replaces the part when it reads, else an error and the text stays.
 * Enter redraws the card (`full`); leaving the field updates it in place. */
function typed(sp, target, text, full) {
  const read = target.part === "melds" ? readMelds(text, sp.kind.set) : readTiles(text);
  const done = (error) => {
    sp.error = error;
    if (error) sp.typed[keyOf(target)] = text;
    else delete sp.typed[keyOf(target)];
    if (full) sp.render();
    else showInPlace(sp, target);
  };
  if (read.error) return done(read.error);
  const content = target.part === "melds" ? read.melds : read.tiles;
  const tiles = target.part === "melds" ? content.flatMap((m) => m.tiles) : content;
  const wrong = sp.kind.partError(target, tiles);
  if (wrong) return done(wrong);
  const bad = overLimit(usedTiles(sp, target), tiles, sp.kind.set);
  if (bad) return done({ key: bad[0] === "0" && !sp.kind.set.red ? "sheet.err.no_red" : "sheet.err.fifth_copy", params: { tile: bad } });
  const next = replacePart(sp.draft, target, content);
  const size = sp.kind.sizeError(next, target);
  if (size) return done(size);
  sp.draft = next;
  done(null);
}

function tilesEl(sp, target) {
  if (target.part === "melds") {
    return sp.draft.hands[target.player].melds.map((m, i) =>
      el(
        "button",
        { type: "button", class: `meld-chip${m.open ? "" : " meld-chip--concealed"}`, "data-meld": writeTiles(m.tiles), "aria-label": sp.t("sheet.remove_meld", { meld: writeTiles(m.tiles) }), onclick: () => ((sp.draft = removeAt(sp.draft, target, i)), sp.render()) },
        m.tiles.map((tile) => tileEl(tile, { size: "sm" })),
        m.open ? null : el("span", { class: "meld-mark" }, sp.t("sheet.concealed_short")),
        m.added ? el("span", { class: "meld-mark" }, "+") : null,
      ),
    );
  }
  return partTiles(sp.draft, target).map((tile, i) =>
    el("button", { type: "button", class: "tile-chip", "data-chip": tile, "aria-label": sp.t("sheet.remove_tile", { tile: tileName(tile) }), onclick: () => ((sp.draft = removeAt(sp.draft, target, i)), sp.render()) }, tileEl(tile, { size: "sm" })),
  );
}

function partRow(sp, target, label) {
  const active = same(sp.target, target);
  const text = sp.typed[keyOf(target)] ?? (target.part === "melds" ? writeMelds(sp.draft.hands[target.player].melds) : writeTiles(partTiles(sp.draft, target)));
  const id = `part-${target.player}-${target.part}`;
  const input = el("input", {
    id,
    class: "part-text",
    type: "text",
    value: text,
    autocomplete: "off",
    autocapitalize: "off",
    spellcheck: "false",
    inputmode: "text",
    placeholder: sp.t(`sheet.placeholder.${target.part}`),
    "data-text": target.part,
    "aria-invalid": sp.typed[keyOf(target)] !== undefined ? "true" : null,
    onchange: (e) => typed(sp, target, e.target.value, false),
    onkeydown: (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      typed(sp, target, e.target.value, true);
    },
    onfocus: () => {
      if (!same(sp.target, target)) sp.target = target;
      for (const row of document.querySelectorAll(".part")) row.classList.toggle("part--active", row.dataset.key === keyOf(target));
    },
  });
  return el(
    "div",
    { class: `part${active ? " part--active" : ""}`, "data-part": target.part, dataset: { key: keyOf(target) } },
    el("button", { type: "button", class: "part-label", "aria-pressed": String(active), onclick: () => ((sp.target = target), sp.render()) }, label),
    el("div", { class: "part-tiles" }, tilesEl(sp, target)),
    el("label", { class: "visually-hidden", for: id }, sp.t("sheet.type_label", { part: label })),
    input,
  );
}

function meldChoice(sp) {
  const kinds = ["chow", "pung", "kong"];
  return el(
    "div",
    { class: "seg meld-kinds", role: "group", "aria-label": sp.t("sheet.meld_kind") },
    kinds.map((k) => el("button", { type: "button", class: "seg-btn", "data-meld-kind": k, "aria-pressed": String(sp.meldKind === k), onclick: () => ((sp.meldKind = k), sp.render()) }, sp.kind.meldLabel(k, sp.t))),
    sp.meldKind === "kong"
      ? el("label", { class: "check" }, el("input", { type: "checkbox", "data-testid": "kong-concealed", checked: !sp.meldOpen, onchange: (e) => ((sp.meldOpen = !e.target.checked), e.target.checked && (sp.meldAdded = false), sp.render()) }), sp.t("sheet.concealed_kong"))
      : null,
    // riichi: a kan made by adding the fourth tile to an own pon (kakan) is a kind of its own
    sp.meldKind === "kong" && sp.kind.set.added
      ? el("label", { class: "check" }, el("input", { type: "checkbox", "data-testid": "kong-added", checked: Boolean(sp.meldAdded), onchange: (e) => ((sp.meldAdded = e.target.checked), e.target.checked && (sp.meldOpen = true), sp.render()) }), sp.t("sheet.kong_added"))
      : null,
  );
}

/** Whether a tap on `tile` is legal now, and how many copies are left. */
function pickState(sp) {
  const used = usedTiles(sp, sp.target.part === "win" ? sp.target : null);
  const counts = tally(used);
  const set = sp.kind.set;
  const target = sp.target;
  const full = roomError(sp.draft, target);
  return (tile) => {
    const left = leftOf(counts, tile, set);
    if (full || sp.kind.partError(target, [tile])) return { left, ok: false };
    if (target.part !== "melds") return { left, ok: left > 0 };
    const meld = meldFrom(tile, sp.meldKind, set.red);
    return { left, ok: Boolean(meld) && !overLimit(used, meld, set) };
  };
}

/** The tiles part of the editor for the players whose tiles are entered. */
export function editorEl(sp) {
  const player = sp.target.player;
  const parts = sp.kind.parts(sp.draft, player).map(({ target }) => partRow(sp, target, sp.kind.partLabel(target.part, sp.t)));
  return el(
    "div",
    { class: "editor", "data-testid": "editor" },
    sp.kind.playerTabs(sp),
    el("div", { class: "parts" }, parts),
    el("p", { class: "error", role: "alert", "data-testid": "sheet-error", hidden: !sp.error }, sp.error ? errorText(sp.t, sp.error, sp.sheet.players) : ""),
    sp.target.part === "melds" ? meldChoice(sp) : null,
    pickerEl(sp.kind.set, sp.target.part, pickState(sp), (tile) => tap(sp, tile), sp.t),
  );
}
