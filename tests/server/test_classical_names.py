"""One name for every classical score row in every view: each row the scorer can write has an
English name, the browser's table (static/js/yaku.js) is the terminal's (rules/classical/names.py),
and the terminal prints the English name with the German term and the tiles."""

from __future__ import annotations

import json
import re
from pathlib import Path

from jantaku.commands.play_render_classical import item_line
from jantaku.rules.classical import preset
from jantaku.rules.classical.doubles import FARBSPIEL_ROWS
from jantaku.rules.classical.figures import (
    Figure,
    FigureKind,
    bonus_items,
    figure_items,
    pair_item,
)
from jantaku.rules.classical.names import ENGLISH, english_item, split_item
from jantaku.rules.classical.premiums import PREMIUM_POINTS
from jantaku.rules.classical.special_hands import CATALOGUE
from jantaku.tiles import TileKind, Wind, parse_kind

YAKU_JS = (Path(__file__).resolve().parents[2] / "src/jantaku/server/static/js/yaku.js").read_text()


def _scorer_rows() -> set[str]:
    """Every row name the scorer writes: each figure, pair and bonus tile in every seat and
    prevailing wind, the premiums, the hand doubles and the special hands."""
    options = preset("sontag")
    rows: set[str] = set()
    samples = [parse_kind(k) for k in ("1m", "5p", "9s", "1z", "2z", "5z", "7z")]
    for seat in Wind:
        for prevailing in Wind:
            for kind in samples:
                for fk in FigureKind:
                    if fk is FigureKind.CHOW and kind.is_honor:
                        continue
                    for concealed in (False, True):
                        for item in figure_items(Figure(fk, kind, concealed), seat, prevailing):
                            rows.add(item.row)
                rows.add(pair_item(kind, seat, prevailing, options).row)
            bonus = [k for k in TileKind if k.is_flower or k.is_season]
            for item in bonus_items(bonus, seat, options) + bonus_items(bonus[:1], seat, options):
                rows.add(item.row)
    rows.update(PREMIUM_POINTS)
    rows.update(row for row, _ in FARBSPIEL_ROWS.values())
    rows.update({"Mah Jongg ohne Rufe", "Ruf nur zum 14. Stein"})
    rows.update(h.name for h in CATALOGUE)
    return rows


def test_every_row_the_scorer_writes_has_an_english_name() -> None:
    missing = sorted(_scorer_rows() - set(ENGLISH))
    assert not missing, missing


def test_the_browser_names_the_rows_as_the_terminal_does() -> None:
    block = YAKU_JS.split("export const CLASSICAL_ENGLISH = {", 1)[1].split("};", 1)[0]
    pairs = re.findall(r'^\s*("(?:[^"\\]|\\.)*"):\s*("(?:[^"\\]|\\.)*"),$', block, re.M)
    js = {json.loads(k): json.loads(v) for k, v in pairs}
    assert js == ENGLISH


def test_an_item_shows_english_with_the_german_term_and_its_tiles() -> None:
    assert split_item("Randpung, verdeckt (999s)") == ("Randpung, verdeckt", "999s", "")
    assert english_item("Drachenpung (777z)") == "Pung of dragons (Drachenpung)"
    assert english_item("Himmelsleiter (1 Limit)") == "Heavenly ladder (Himmelsleiter), 1 limit"
    assert english_item("unknown row") == "unknown row"
    line = item_line("Drachenkong (7777z)", 0, 2)
    assert line.startswith("Kong of dragons (Drachenkong) Rd Rd Rd Rd")
    assert line.endswith("2 doubles (×4)")
    assert item_line("Randpung, offen (111m)", 4, 0).split() == [
        "Terminal",
        "pung,",
        "open",
        "(Randpung,",
        "offen)",
        "1m",
        "1m",
        "1m",
        "4",
        "points",
    ]
