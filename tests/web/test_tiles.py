"""The tile pictures and helpers of js/tiles.js, checked against the Python tile model."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import expect

from jantaku.tiles import TileKind

ALL = [k.notation for k in TileKind] + ["0m", "0p", "0s"]

GALLERY = """async (all) => {
  const tiles = await import('/static/js/tiles.js');
  const box = document.createElement('div');
  box.id = 'gallery';
  box.style.cssText = 'display:flex;flex-wrap:wrap;gap:4px;padding:8px;background:#fff';
  for (const size of ['sm', 'md', 'lg']) {
    for (const n of [...all, null]) box.append(tiles.tileEl(n, {size}));
    box.append(tiles.tileEl('3s', {size, sideways: true}), tiles.tileEl('7z', {size, dim: true}));
  }
  document.getElementById('gallery')?.remove();
  document.body.append(box);  // outside the page root, which a language switch re-renders
  return [...box.querySelectorAll('.tile--md')].map((el) => ({
    label: el.getAttribute('aria-label'), role: el.getAttribute('role'),
    svg: el.innerHTML, w: el.getBoundingClientRect().width, h: el.getBoundingClientRect().height,
  }));
}"""


def test_dora_and_sorting_follow_the_python_tile_model(server: str, new_page) -> None:
    page = new_page()
    page.goto(f"{server}/#/login")
    riichi = [k for k in TileKind if k < 34]
    dora = page.evaluate(
        "async (ns) => { const t = await import('/static/js/tiles.js');"
        " return ns.map((n) => t.doraFromIndicator(n)); }",
        [k.notation for k in riichi] + ["0m", "0p", "0s"],
    )
    assert dora[:34] == [k.dora_successor.notation for k in riichi]
    assert dora[34:] == ["6m", "6p", "6s"]
    rng = random.Random(8)
    for _ in range(20):
        sample = rng.sample(ALL, 14)
        got = page.evaluate(
            "async (l) => (await import('/static/js/tiles.js')).sortTiles(l)", sample
        )

        def key(n: str) -> tuple[int, int]:
            red = n[0] == "0"
            return (int(TileKind[_kind_name(n)]), 1 if red else 0)

        assert got == sorted(sample, key=key)


def _kind_name(notation: str) -> str:
    plain = "5" + notation[1] if notation[0] == "0" else notation
    return next(k.name for k in TileKind if k.notation == plain)


def test_every_tile_has_a_distinct_picture_and_a_name(
    server: str, new_page, artifacts: Path
) -> None:
    for width in (1280, 390):
        page = new_page(width=width, height=800)
        page.goto(f"{server}/#/login")
        shown = page.evaluate(GALLERY, ALL)
        assert len(shown) == len(ALL) + 3  # every tile, a face-down one, sideways, dimmed
        pictures = [s["svg"] for s in shown[: len(ALL) + 1]]
        assert len(set(pictures)) == len(pictures), "two tiles share a picture"
        assert all(s["role"] == "img" and s["label"] for s in shown)
        for s in shown[: len(ALL)]:
            assert "<svg" in s["svg"] and "\U0001f000" not in s["svg"]
            assert s["h"] > s["w"] >= 18  # upright and not too small to read
        sideways = shown[len(ALL) + 1]
        assert sideways["w"] > sideways["h"]
        labels = [s["label"] for s in shown[: len(ALL)]]
        for k, label in zip(TileKind, labels, strict=False):
            if k.is_honor or k.is_bonus:
                assert label.lower() == k.english.lower()
        assert labels[ALL.index("0m")] == "5 of characters, red"
        assert shown[len(ALL)]["label"] == "face-down tile"
        page.locator("#gallery").screenshot(path=str(artifacts / f"tiles-{width}.png"))
        page.locator("[data-lang=de]").click()
        expect(page.get_by_test_id("login-guest")).to_have_text("Als Gast spielen")
        page.evaluate(GALLERY, ALL)
        de = page.locator("#gallery .tile--md").nth(ALL.index("0m")).get_attribute("aria-label")
        assert de == "Rote 5 Man"
        page.locator("[data-lang=en]").click()
