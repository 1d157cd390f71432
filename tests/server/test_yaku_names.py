"""The riichi yaku have one English label in every view: the browser's (``table.yaku.*`` of
``static/js/i18n/table.en.js``, used by the table's results and the replay through yaku.js) is
the terminal game's (``jantaku.rules.riichi.names``)."""

from __future__ import annotations

from pathlib import Path

from jantaku.commands.play_render import render_end_of_hand
from jantaku.engine.riichi.events import Won
from jantaku.rules.riichi.names import YAKU_LABELS, yaku_label
from jantaku.tiles import parse_tiles
from tests.server.js_labels import read_dictionary

_STATIC = Path(__file__).resolve().parents[2] / "src/jantaku/server/static/js"


def test_the_terminal_labels_the_yaku_as_the_browser_does() -> None:
    english = read_dictionary(_STATIC / "i18n/table.en.js")
    browser = {k.removeprefix("table.yaku."): v for k, v in english.items() if "table.yaku." in k}
    assert browser == YAKU_LABELS
    german = read_dictionary(_STATIC / "i18n/table.de.js")  # and German has each of them
    assert {k for k in german if k.startswith("table.yaku.")} == {
        f"table.yaku.{k}" for k in YAKU_LABELS
    }


def test_the_terminal_prints_the_labels() -> None:
    hand = tuple(parse_tiles("234m345p456s2277z"))
    won = Won(
        0,
        None,
        hand[-1],
        hand[:-1],
        3,
        40,
        5200,
        0,
        None,
        (("menzen_tsumo", 1), ("tanyao", 1), ("made_up_yaku", 1)),
        (0, 0, 0, 0),
        (),
    )
    text = render_end_of_hand([won], ["you", "b", "c", "d"], 0)
    assert "Menzen tsumo (concealed self-draw)" in text
    assert "Tanyao (all simples)" in text
    assert "Made up yaku" in text and yaku_label("made_up_yaku") == "Made up yaku"
