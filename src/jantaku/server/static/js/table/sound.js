// The table's optional sound (off by default, the "sound" setting): a short click for a discard,
// a lower double click for a call, made with the Web Audio API (no audio files). Where audio is
// unavailable or not yet allowed, the table stays silent without complaint.

let context = null;

function audio() {
  if (context) return context;
  const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!Ctx) return null;
  try {
    context = new Ctx();
  } catch {
    return null;
  }
  return context;
}

function click(ctx, at, freq, length) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = "triangle";
  osc.frequency.setValueAtTime(freq, at);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.25, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.01);
}

/** Play the sound of `kind` ("discard" | "call"); silent when audio is unavailable. */
export function playSound(kind) {
  try {
    const ctx = audio();
    if (!ctx) return;
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    const now = ctx.currentTime;
    if (kind === "call") {
      click(ctx, now, 520, 0.06);
      click(ctx, now + 0.08, 520, 0.06);
    } else click(ctx, now, 1100, 0.04);
  } catch {
    // a browser without (working) Web Audio: no sound
  }
}

const CALLS = new Set(["called", "kan_declared", "kong_declared"]);

/** The sound of an `events` message's events: a call sounds over a discard. */
export function soundOf(events) {
  let kind = null;
  for (const e of events || []) {
    if (CALLS.has(e.type)) kind = "call";
    else if (e.type === "discarded" && !kind) kind = "discard";
  }
  return kind;
}
