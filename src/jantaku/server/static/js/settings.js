// Client settings in localStorage, stored as JSON under "jantaku.<key>"
// (keys: lang = "en" | "de", doraDisplay = "dora" | "indicator", the table's toggles autoWin,
// noCalls, hints, sound and sayDiscards = true | false (the sound and the spoken discards are off unless chosen;
// autoWin and noCalls are kept only with keepCallToggles = true, else they last one hand), chatShown
// = true | false (a party table's chat panel; shown unless hidden), and whatever pages add).
const PREFIX = "jantaku.";

export function getSetting(key, fallback = null) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

export function setSetting(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the setting lasts for this page only
  }
}

export const settings = { get: getSetting, set: setSetting };
