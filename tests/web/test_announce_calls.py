"""The others' calls said aloud, deterministically: a game known (played through in process
first) where a computer player calls a discard while the person throws each drawn tile; the
table page's live region says who called, the call's word and the called tile's name, in the
page's language (a riichi game's chi, pon or kan; a classical game's chow, pung or kong)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.helpers import login_guest
from tests.web.seeded import SeededServer, first_seed
from tests.web.test_accessibility import (
    ANNOUNCE,
    LISTEN,
    TILE_WORDS,
    _tsumogiri,
    play_until_heard,
)
from tests.web.test_table_results import _seat, _seats

# the calls on a discard, by family, and the word the page says for each
CALLS = {
    "practice": {"chi": "Chi", "pon": "Pon", "open_kan": "Kan"},
    "classical": {"chow": "Chow", "pung": "Pung", "kong": "Kong", "extended": "Kong"},
}
SAID = {"en": "{name} calls {call}: {tile}", "de": "{name} ruft {call}: {tile}"}
TILE_NAME = "async (t) => (await import('/static/js/i18n.js')).tileName(t)"


def _others_call(kind: str, found: dict[str, Any]) -> Any:
    """Accepts an events message where a computer player (not seat 0) calls a discard with one
    of ``kind``'s calls; the call is kept in ``found``."""

    def seen(message: dict[str, Any]) -> bool:
        if message["type"] != "events":
            return False
        for e in message["events"]:
            if e["type"] == "called" and e["seat"] != 0 and e["kind"] in CALLS[kind]:
                found.update(e)
                return True
        return False

    return seen


@pytest.mark.parametrize(
    ("kind", "lang"), [("practice", "en"), ("practice", "de"), ("classical", "en")]
)
def test_a_computer_players_call_is_said_with_its_tile(
    tmp_path: Path, new_page: Any, kind: str, lang: str
) -> None:
    """The first call of a computer player in the seeded game is said as "<name> calls Pon:
    <tile>" (German: "ruft"), the tile named in the page's language."""
    call: dict[str, Any] = {}
    seed = first_seed(
        tmp_path, f"call-{kind}", range(40), _tsumogiri, seen=_others_call(kind, call), kind=kind
    )
    proc = SeededServer(f"sqlite:///{tmp_path / 'calls.sqlite3'}", seed).start()
    page = new_page()
    try:
        login_guest(page, proc.base)
        if lang == "de":
            page.get_by_role("button", name="DE").click()
            expect(page.locator("html")).to_have_attribute("lang", "de")
        client, _table = _seat(proc, page, kind, "quick", "efficiency")
        page.evaluate(LISTEN, ANNOUNCE)
        expect(page.get_by_test_id("hand-tile").first).to_be_visible(timeout=20000)
        tile = str(page.evaluate(TILE_NAME, call["tile"]))
        assert any(word in tile for word in TILE_WORDS[lang]), tile
        name = _seats(page)[call["seat"]]["name"]
        text = SAID[lang].format(name=name, call=CALLS[kind][call["kind"]], tile=tile)
        play_until_heard(page, lambda said: text in said)
        client.close()
    finally:
        page.close()  # before its server stops (no failed reconnections logged)
        proc.stop()
