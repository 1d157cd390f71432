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

/** Every lobby table kind, family by family in registry order. */
export function tableKinds() {
  return Object.values(FAMILIES).flatMap((f) => f.lobby.kinds);
}

/** The family a lobby table kind seats (riichi's for an unknown kind). */
export function familyOfKind(kind) {
  return Object.values(FAMILIES).find((f) => f.lobby.kinds.includes(kind)) || riichi;
}
