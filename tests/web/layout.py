"""Layout checks shared by the browser tests: no horizontal overflow, no overlapping controls."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

CONTROLS = "button, a, input, select, textarea, [role=button]"

_BOXES = """(selector) => {
  const out = [];
  const all = [...document.querySelectorAll(selector)];
  // the part of an element its scrolling or clipping ancestors let through
  const clipped = (el) => {
    const b = el.getBoundingClientRect();
    let r = {left: b.left, top: b.top, right: b.right, bottom: b.bottom};
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      r = {left: Math.max(r.left, c.left), top: Math.max(r.top, c.top),
           right: Math.min(r.right, c.right), bottom: Math.min(r.bottom, c.bottom)};
    }
    return {left: r.left, top: r.top, width: Math.max(0, r.right - r.left),
            height: Math.max(0, r.bottom - r.top)};
  };
  for (const el of all) {
    const r = clipped(el);
    const style = getComputedStyle(el);
    if (r.width < 1 || r.height < 1 || style.visibility === 'hidden') continue;
    out.push({
      i: all.indexOf(el),
      tag: el.tagName.toLowerCase(),
      text: (el.textContent || el.getAttribute('aria-label') || el.id || '').trim().slice(0, 40),
      x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height,
      // text wider than its own box, drawn over the border or cut off (a field scrolls instead)
      spill: ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)
        || ['auto', 'scroll'].includes(style.overflowX) || style.textOverflow === 'ellipsis'
        ? 0 : el.scrollWidth - el.clientWidth,
    });
  }
  return {
    boxes: out,
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // pairs where one control contains the other (a label around its checkbox) may overlap
    nested: all.flatMap((a, i) => all.map((b, j) => (i !== j && a.contains(b) ? [i, j] : null)))
      .filter(Boolean),
  };
}"""


def layout_problems(page: Page, selector: str = CONTROLS) -> list[str]:
    """Horizontal overflow of the page or of a control, text wider than its control, and pairs
    of overlapping controls."""
    data: dict[str, Any] = page.evaluate(_BOXES, selector)
    problems = []
    width = data["innerWidth"]
    if data["scrollWidth"] > width:
        problems.append(f"the page is {data['scrollWidth']} px wide in a {width} px viewport")
    boxes = data["boxes"]
    nested = {tuple(p) for p in data["nested"]}
    for b in boxes:
        if b["x"] < -0.5 or b["x"] + b["w"] > width + 0.5:
            problems.append(f"{b['tag']} {b['text']!r} sticks out: x={b['x']:.0f} w={b['w']:.0f}")
        if b["spill"] > 1:
            problems.append(f"{b['tag']} {b['text']!r}: its text is {b['spill']} px too wide")
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if (a["i"], b["i"]) in nested or (b["i"], a["i"]) in nested:
                continue
            dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if dx > 1 and dy > 1:
                problems.append(f"{a['tag']} {a['text']!r} overlaps {b['tag']} {b['text']!r}")
    return problems


def control_count(page: Page, selector: str = CONTROLS) -> int:
    return len(page.evaluate(_BOXES, selector)["boxes"])


_UNNAMED = """() => [...document.querySelectorAll('button, a[href], input, select, textarea')]
  .filter((el) => el.getClientRects().length > 0)
  .filter((el) => {
    const own = (el.getAttribute('aria-label') || el.getAttribute('title') || '').trim();
    if (own) return false;
    const field = ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName);
    if (field) return !(el.labels && el.labels.length);
    return !(el.textContent || '').trim();
  })
  .map((el) => el.outerHTML.slice(0, 120))"""


def unnamed_controls(page: Page) -> list[str]:
    """Visible controls without an accessible name (text, aria-label, title or a label)."""
    return list(page.evaluate(_UNNAMED))
