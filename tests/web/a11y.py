"""Accessibility checks the browser tests run on a page: the accessible names of its controls
(from Chromium's own accessibility tree), the contrast of its text (WCAG 2 relative luminance),
its headings and landmarks."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

#: the roles a person operates (each needs a name to be told apart)
CONTROL_ROLES = {
    "button",
    "link",
    "textbox",
    "combobox",
    "checkbox",
    "radio",
    "menuitem",
    "tab",
    "switch",
    "spinbutton",
    "slider",
    "searchbox",
    "listbox",
}


def _value(prop: dict[str, Any] | None) -> Any:
    return None if prop is None else prop.get("value")


def unnamed_controls(page: Page) -> list[str]:
    """The controls of the page's accessibility tree (Chromium's, as a screen reader gets it)
    without a name: each as ``role <html of the element>``."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.getDocument", {"depth": -1})
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
        found = []
        for node in nodes:
            if node.get("ignored"):
                continue
            role = _value(node.get("role"))
            name = str(_value(node.get("name")) or "").strip()
            if role in CONTROL_ROLES and not name:
                html = "?"
                if "backendDOMNodeId" in node:
                    html = cdp.send(
                        "DOM.getOuterHTML", {"backendNodeId": node["backendDOMNodeId"]}
                    )["outerHTML"][:160]
                found.append(f"{role} {html}")
        return found
    finally:
        cdp.detach()


def names_of(page: Page, roles: set[str]) -> list[tuple[str, str]]:
    """(role, name) of every node of the accessibility tree with one of ``roles``."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
        return [
            (str(_value(n.get("role"))), str(_value(n.get("name")) or ""))
            for n in nodes
            if not n.get("ignored") and _value(n.get("role")) in roles
        ]
    finally:
        cdp.detach()


# The contrast of every visible piece of text against what lies behind it: the text's colour
# and the background colours of its ancestors blended down to the page (opacity multiplies the
# text's alpha), WCAG 2's relative luminance and ratio. Over a gradient, the worst of its
# colours counts; text over a picture is left out. Large text: 24 px, or 18.66 px bold.
COLOURS = r"""
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]);
  };
  const lum = (c) => {
    const f = (v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const x = lum(a), y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  // the colours behind `el` (several where a gradient lies behind it: each of its colours)
  const background = (el) => {
    const layers = [];
    let bases = [[255, 255, 255, 1]];
    for (let n = el; n; n = n.parentElement) {
      const s = getComputedStyle(n);
      const c = parse(s.backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
      if (s.backgroundImage && s.backgroundImage !== 'none') {
        const stops = (s.backgroundImage.match(/rgba?\([^)]+\)/g) || []).map(parse);
        if (!stops.length || s.backgroundImage.includes('url(')) return null; // a picture
        bases = stops.map((c) => over(c, [255, 255, 255, 1]));
        break;
      }
    }
    return bases.map((base) => {
      for (const c of [...layers].reverse()) base = over(c, base);
      return base;
    });
  };
  const opacity = (el) => {
    let o = 1;
    for (let n = el; n; n = n.parentElement) o *= Number(getComputedStyle(n).opacity);
    return o;
  };
"""

CONTRAST = (
    r"""() => {
"""
    + COLOURS
    + r"""  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const el = t.parentElement;
    if (!el || seen.has(el) || !t.textContent.trim()) continue;
    seen.add(el);
    if (el.closest('svg, [aria-hidden=true], script, style, noscript, option')) continue;
    const r = document.createRange(); r.selectNodeContents(t);
    if (!r.getClientRects().length) continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const s = getComputedStyle(el);
    const bgs = background(el);
    if (!bgs) continue;
    const fg = parse(s.color);
    const a = fg[3] * opacity(el);
    // the worst of the colours behind it
    const [bg, value] = bgs
      .map((b) => [b, ratio(over([fg[0], fg[1], fg[2], a], b), b)])
      .sort((x, y) => x[1] - y[1])[0];
    const size = parseFloat(s.fontSize), bold = Number(s.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    const disabled = Boolean(el.closest(':disabled, [aria-disabled=true]'));
    out.push({
      text: t.textContent.trim().slice(0, 40), ratio: value, need: large ? 3 : 4.5, disabled,
      where: String(el.dataset.testid || el.className || el.tagName), color: s.color,
      bg: `rgb(${bg.slice(0, 3).map(Math.round).join(',')})`,
    });
  }
  return out;
}"""
)


def low_contrast(page: Page) -> list[str]:
    """The visible text (of enabled controls and everything else) below WCAG's AA contrast."""
    rows = page.evaluate(CONTRAST)
    return [
        f"{r['ratio']:.2f} < {r['need']}: {r['text']!r} ({r['where']}; {r['color']} on {r['bg']})"
        for r in rows
        if not r["disabled"] and r["ratio"] < r["need"]
    ]


# The edge of every visible enabled button, field and select against what lies around it: its
# own background where that stands out (3:1), else its border (3:1, WCAG 1.4.11). Buttons without
# either (a hand tile: its picture is the edge; a text link) are left out.
BOUNDARIES = (
    r"""() => {
"""
    + COLOURS
    + r"""
  const out = [];
  for (const el of document.querySelectorAll('button, .btn, input:not([type=checkbox]), select')) {
    if (!el.checkVisibility() || el.disabled) continue;
    if (el.getAttribute('aria-disabled') === 'true') continue;
    const around = background(el.parentElement);
    if (!around) continue;
    const s = getComputedStyle(el);
    const own = parse(s.backgroundColor);
    const width = parseFloat(s.borderTopWidth);
    const border = parse(s.borderTopColor);
    const worst = (c) => Math.min(...around.map((b) => ratio(over(c, b), b)));
    const fill = own && own[3] > 0 ? worst(own) : 1;
    const edge = width > 0 && s.borderTopStyle !== 'none' && border[3] > 0 ? worst(border) : 1;
    if (fill === 1 && edge === 1) continue; // no drawn edge at all
    if (Math.max(fill, edge) < 3) {
      out.push(`${(el.dataset.testid || el.className || el.tagName)}: fill ${fill.toFixed(2)},`
        + ` edge ${edge.toFixed(2)} (${s.borderTopColor})`);
    }
  }
  return out;
}"""
)


def weak_boundaries(page: Page) -> list[str]:
    """The controls whose edge (fill or border) stands out less than 3:1 from around them."""
    return list(page.evaluate(BOUNDARIES))


STRUCTURE = """() => ({
  lang: document.documentElement.lang,
  h1: [...document.querySelectorAll('h1')].length,
  main: document.querySelectorAll('main, [role=main]').length,
  banner: document.querySelectorAll('header, [role=banner]').length,
})"""


def structure(page: Page) -> dict[str, Any]:
    """The page's language, its number of h1 headings, main and banner landmarks."""
    return dict(page.evaluate(STRUCTURE))
