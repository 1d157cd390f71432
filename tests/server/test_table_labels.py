"""The table page's labels (js/i18n/table.*.js): every key its modules use exists in English and
German with the same placeholders, and the key families cover what the engine can send."""

from __future__ import annotations

import re

from jantaku.engine.actions import ActionKind
from jantaku.engine.reasons import NAMING_SEATS, EndReason
from jantaku.engine.riichi.events import DrawKind
from jantaku.rules.riichi.result import Limit
from jantaku.rules.riichi.yaku.registry import Yaku
from jantaku.server.app import STATIC
from tests.server.js_labels import read_dictionary

JS = STATIC / "js"
# the table page and the family modules (families/*.js draw the table's family-specific parts)
TABLE_FILES = [
    JS / "pages" / "table.js",
    *sorted((JS / "table").glob("*.js")),
    *sorted((JS / "families").glob("*.js")),
]
EN = read_dictionary(JS / "i18n" / "table.en.js")
DE = read_dictionary(JS / "i18n" / "table.de.js")


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    assert len(EN) > 100
    assert all(k.startswith("table.") for k in EN)
    assert set(EN) == set(DE)
    for key in EN:
        assert set(re.findall(r"\{(\w+)\}", EN[key])) == set(re.findall(r"\{(\w+)\}", DE[key])), key


def test_every_literal_key_used_by_the_table_exists() -> None:
    used: set[str] = set()
    for path in TABLE_FILES:
        used |= set(re.findall(r'\bt\(\s*"(table\.[a-z0-9_.]+)"', path.read_text()))
    assert len(used) > 60
    assert sorted(used - set(EN)) == []


def test_key_families_cover_the_engine_values() -> None:
    families = {
        "table.draw": {d.value for d in DrawKind},
        "table.limit": {v.value for v in Limit},
        "table.yaku": {y.value for y in Yaku} | {"dora", "aka_dora", "ura_dora"},
        "table.wind": {"0", "1", "2", "3"},
        "table.wind_short": {"0", "1", "2", "3"},
        # prompt buttons: every kind but discard (a click on a tile) has a label
        "table.act": {"tsumo", "ron", "riichi", "chi", "pon", "kan", "nine_terminals", "pass"},
        # why a match ended (the result's reason_code), and with the players it names
        "table.end_reason": {r.value for r in EndReason},
        "table.end_reason_by": {r.value for r in NAMING_SEATS},
    }
    kans = {"open_kan", "added_kan", "concealed_kan"}  # one "kan" button
    assert {k.value for k in ActionKind} - {"discard"} - kans <= families["table.act"]
    for family, values in families.items():
        missing = {v for v in values if f"{family}.{v}" not in EN}
        assert not missing, f"{family}: {sorted(missing)}"
    for code in NAMING_SEATS:  # the players named, in the language's list ("A and B")
        assert "{names}" in EN[f"table.end_reason_by.{code.value}"], code
