// Which way a seat's tiles face on the square table. Every seat's tiles are turned toward their
// owner (the own seat at the bottom 0°, the right seat -90°, across 180°, the left seat 90°); a
// riichi tile or a called tile lies a further quarter turn, sideways to its owner.
import { tileEl } from "../tiles.js";

/** The seats around the table as the viewer sees them, by relative position (0 = the viewer). */
export const POSITIONS = ["self", "right", "across", "left"];

const ROTATION = { self: 0, right: 270, across: 180, left: 90 };

/** The clockwise rotation (degrees) of the tiles of the seat at `pos`. */
export function seatRotation(pos) {
  return ROTATION[pos] ?? 0;
}

/**
 * A tile picture (tiles.js) turned by `rotation` degrees clockwise (0, 90, 180 or 270);
 * opts.turned adds a quarter turn counter-clockwise (sideways to its owner), the other options
 * are tileEl's. A picture on its side is drawn sideways (its box is wider than tall); 90° and
 * 180° add a half turn (class tile--flip), which keeps the box.
 */
export function orientedTile(notation, rotation, opts = {}) {
  const r = (((rotation + (opts.turned ? 270 : 0)) % 360) + 360) % 360;
  const node = tileEl(notation, { ...opts, sideways: r === 90 || r === 270 });
  if (r === 90 || r === 180) node.classList.add("tile--flip");
  if (opts.turned) node.classList.add("tile--turned");
  return node;
}
