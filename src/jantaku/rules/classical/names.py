"""English names of the classical score rows (figures, premiums, doubles, special hands).

The scorer names every row in German, as the BEW scoring table does (``Randpung, verdeckt``);
an English text shows the English name with the German term beside it. The browser client keeps
the same table in ``static/js/yaku.js`` (a test checks that both agree)."""

from __future__ import annotations

import re

__all__ = ["ENGLISH", "doubles_text", "english_item", "points_text", "split_item"]

_WINDS = {
    "des fremden Windes": "of a foreign wind",
    "des eigenen Windes": "of the own wind",
    "des vorherrschenden Windes": "of the prevailing wind",
    "des eigenen und vorherrschenden Windes": "of the own and prevailing wind",
}


def _figures() -> dict[str, str]:
    rows = {"Chow, offen": "Chow, open", "Chow, verdeckt": "Chow, concealed"}
    for noun in ("Pung", "Kong"):
        for german, english in (
            (f"einfacher {noun}", f"Simple {noun.lower()}"),
            (f"Rand{noun.lower()}", f"Terminal {noun.lower()}"),
            (f"Trumpf{noun.lower()}", f"Honour {noun.lower()}"),
        ):
            rows[f"{german}, offen"] = f"{english}, open"
            rows[f"{german}, verdeckt"] = f"{english}, concealed"
        for german, english in _WINDS.items():
            rows[f"{noun} {german}"] = f"{noun} {english}"
    for german, english in _WINDS.items():
        rows[f"Paar {german}"] = f"Pair {english}"
    return rows


#: German row -> English name
ENGLISH: dict[str, str] = {
    **_figures(),
    "Drachenpung": "Pung of dragons",
    "Drachenkong": "Kong of dragons",
    "Farbkong": "Kong of a suit",
    "Drachenpaar": "Pair of dragons",
    "Paar aus Farbsteinen": "Pair of suit tiles",
    "Blume oder Jahreszeit": "Flower or season",
    "eigene Blume": "Own flower",
    "eigene Jahreszeit": "Own season",
    "Strauß: alle vier Blumen": "Bouquet: all four flowers",
    "Strauß: alle vier Jahreszeiten": "Bouquet: all four seasons",
    "Mah Jongg": "Mah Jongg",
    "Handspiel (keine Rufe)": "Concealed hand (no calls)",
    "Chowspiel": "All chows",
    "Pungspiel": "All pungs",
    "Kongspiel": "All kongs",
    "Mah Jongg mit dem letzten abgelegten Stein": "Mah Jongg on the last discard",
    "Mah Jongg mit dem letzten Stein der Mauer": "Mah Jongg on the last tile of the wall",
    "Mah Jongg mit dem einzig möglichen Stein": "Mah Jongg on the only possible tile",
    "Beraubung des Kong": "Robbing the kong",
    "Mah Jongg ohne Rufe": "Mah Jongg without calls",
    "Ruf nur zum 14. Stein": "Only the 14th tile called",
    "Farbspiel: 2 Farbfiguren und 2 Trumpffiguren": "One suit: 2 suit figures and 2 honour figures",
    "Farbspiel: 3 Farbfiguren und 1 Trumpffigur": "One suit: 3 suit figures and 1 honour figure",
    "Farbspiel: 4 Farbfiguren und Trumpfpaar": "One suit: 4 suit figures and an honour pair",
    "reines Farbspiel": "Pure one suit",
    "Himmelsgewinn": "Heavenly hand",
    "Erdgewinn": "Earthly hand",
    "Die Drei Großen Gelehrten": "Three great scholars",
    "Sich windende Schlange": "Winding snake",
    "Grüne Hand": "Imperial jade",
    "Flush": "Flush",
    "Royal Flush": "Royal flush",
    "Neun Laternen (13 Steine)": "Nine gates (13 tiles)",
    "Neun Laternen (14 Steine)": "Nine gates (14 tiles)",
    "13 Wunder": "Thirteen wonders",
    "Zwillinge der Erde (mehrfarbig)": "Earthly twins (mixed suits)",
    "Zwillinge der Erde (einfarbig)": "Earthly twins (one suit)",
    "Zwillinge des Himmels": "Heavenly twins",
    "Zwillinge des Himmels ohne Ecksteine": "Heavenly twins without terminals",
    "Himmelsleiter": "Heavenly ladder",
    "einfarbige Himmelsleiter": "Heavenly ladder of one suit",
    "Vier Segen über der Tür": "Four blessings over the door",
}

_TILES = re.compile(r"^(.*) \(([0-9mpszfy]+)\)$")
_LIMIT = re.compile(r"^(.*) \(([0-9½¼]+) Limit\)$")


def split_item(name: str) -> tuple[str, str, str]:
    """A scored item's name as the events carry it -> (German row, tiles, limit): ``Randpung,
    verdeckt (999s)`` -> (``Randpung, verdeckt``, ``999s``, ``""``); ``Himmelsleiter (1 Limit)``
    -> (``Himmelsleiter``, ``""``, ``1``)."""
    if match := _TILES.match(name):
        return match[1], match[2], ""
    if match := _LIMIT.match(name):
        return match[1], "", match[2]
    return name, "", ""


def english_item(name: str) -> str:
    """``Pung of dragons (Drachenpung)``: the English name, the German term beside it; the
    German row alone when the table has none (the tiles and limit are left out)."""
    row, _tiles, limit = split_item(name)
    english = ENGLISH.get(row)
    text = row if english is None or english == row else f"{english} ({row})"
    return f"{text}, {limit} limit" if limit else text


def doubles_text(doubles: int) -> str:
    """Doublings and the factor they give, as the browser words them: ``no doubles``,
    ``1 double (×2)``, ``3 doubles (×8)``."""
    if not doubles:
        return "no doubles"
    return f"{doubles} double{'s' if doubles > 1 else ''} (×{2**doubles})"


def points_text(points: int) -> str:
    """``1 point``, ``16 points``."""
    return f"{points} point{'' if points == 1 else 's'}"
