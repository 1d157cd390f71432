// The registry of rule families on the client: a family module (families/<name>.js) exports the
// same hooks, one group per page (`table`, `replay`); pages look them up by the table's family
// and never branch on its name. A new family is a new module here and one line below.
import riichi from "./riichi.js";
import classical from "./classical.js";

const FAMILIES = { riichi, classical };

/** The hooks of a family by name; an unknown or missing name gets riichi's (the default). */
export function familyOf(name) {
  return FAMILIES[name] || riichi;
}

/** The families' names in registry order (the lobby's choice of rules). */
export function familyNames() {
  return Object.keys(FAMILIES);
}

/** A table's kind, rules and length in its family's words ("Party · Doman rules · kuitan on ·
 * Quick (East only)"): the lobby's lists and the table page's header line. */
export function tableTitle(config, t) {
  const lobby = familyOf(config.family).lobby;
  return [t(`kind.${config.kind}`), lobby.rulesLabel(config, t), lobby.lengthLabel(config.length, t)].join(" · ");
}

/** Every lobby table kind, family by family in registry order. */
export function tableKinds() {
  return Object.values(FAMILIES).flatMap((f) => f.lobby.kinds);
}

/** The family a lobby table kind seats (riichi's for an unknown kind). */
export function familyOfKind(kind) {
  return Object.values(FAMILIES).find((f) => f.lobby.kinds.includes(kind)) || riichi;
}
