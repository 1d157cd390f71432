// Redraws paced to the screen's frames. Every change of the page's state asks for a redraw
// (`tp.render()`); the asks that come before the next frame are drawn once, in that frame. A
// burst of messages (computer players playing fast, a reconnect's missed events, a result left
// open while play goes on) thus costs one drawing instead of one per message, and the clicks
// waiting behind it are not held up. A tab without frames (hidden: the browser then fires no
// animation frames) is drawn by a timer instead; what the page sends by itself does not wait
// for either (auto.js).

/** How long (ms) an asked redraw waits for a frame before it is drawn anyway. */
export const FALLBACK_MS = 200;

/** The pacer of `draw`: `request()` asks for a redraw, `cancel()` drops one asked for. */
export function createPace(draw) {
  const pace = { pending: false, frame: null, timer: null };
  const stop = () => {
    if (pace.frame !== null) cancelAnimationFrame(pace.frame);
    if (pace.timer !== null) clearTimeout(pace.timer);
    pace.frame = null;
    pace.timer = null;
    pace.pending = false;
  };
  const run = () => {
    if (!pace.pending) return;
    stop();
    draw();
  };
  pace.request = () => {
    if (pace.pending) return;
    pace.pending = true;
    pace.frame = requestAnimationFrame(run);
    pace.timer = setTimeout(run, FALLBACK_MS);
  };
  pace.cancel = stop;
  return pace;
}
