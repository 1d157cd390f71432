// The registry of the score sheet's families: a preset's family module (sheet/riichi.js,
// sheet/classical.js), which the sheet's pages use without branching on the family's name.
import riichi from "./riichi.js";
import classical from "./classical.js";

const KINDS = [riichi, classical];

/** The family module of a preset (an unknown preset gets riichi's). */
export function kindOf(preset) {
  return KINDS.find((k) => k.presets.includes(preset)) || riichi;
}

/** Every preset a sheet can use, family by family: doman, doman_no_kuitan, tenhou, sontag. */
export function presets() {
  return KINDS.flatMap((k) => k.presets);
}
