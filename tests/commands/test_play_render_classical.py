"""The classical terminal game words points and doubles as the browser does: "4 points",
"1 double (×2)", "3 doubles (×8)", and the value line "base 16 · 3 doubles (×8) = 128"."""

from __future__ import annotations

from jantaku.commands.play_render_classical import doubles_text, item_line, render_classical_end
from jantaku.engine.classical import ClassicalDealEnded, SeatResult
from jantaku.tiles import parse_tiles


def test_doubles_are_counted_with_the_factor_they_give() -> None:
    assert doubles_text(0) == "no doubles"
    assert doubles_text(1) == "1 double (×2)"
    assert doubles_text(3) == "3 doubles (×8)"


def test_an_item_shows_its_points_and_doubles_in_words() -> None:
    assert item_line("Drachenkong (7777z)", 0, 2).endswith("  2 doubles (×4)")
    assert item_line("Randpung, offen (111m)", 4, 0).endswith("  4 points")
    assert item_line("Randpung, offen (111m)", 1, 0).endswith("  1 point")
    assert item_line("Chow, offen (567m)", 0, 0).endswith("  0 points")
    both = item_line("eigene Blume (1f)", 4, 1)
    assert both.endswith("  4 points · 1 double (×2)")
    long_row = item_line("Pung des vorherrschenden Windes (111z)", 0, 2)
    assert "Ea Ea Ea  2 doubles (×4)" in long_row  # a long name never runs into its value
    assert "dbl" not in both + long_row and "pts" not in both


def _seat(seat: int, base: int, doubles: int, value: int, special: str | None = None) -> SeatResult:
    return SeatResult(seat, seat, tuple(parse_tiles("123m")), base, doubles, value, (), special)


def test_the_value_line_reads_as_the_browser_says_it() -> None:
    end = ClassicalDealEnded(
        "mah_jongg",
        0,
        (_seat(0, 70, 9, 5000), _seat(1, 16, 3, 128), _seat(2, 20, 0, 20), _seat(3, 8, 1, 16)),
        (30000, -10000, -10000, -10000),
        (30000, -10000, -10000, -10000),
        None,
        None,
    )
    text = render_classical_end([end], ["You", "b1", "b2", "b3"], 0)
    assert "= base 70 · 9 doubles (×512) = 35840, limited to 5000" in text
    assert "= base 16 · 3 doubles (×8) = 128" in text
    assert "= base 20 · no doubles = 20" in text
    assert "= base 8 · 1 double (×2) = 16" in text
    assert "2^" not in text and " x " not in text
