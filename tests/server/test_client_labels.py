"""The shell's labels: every key the pages use exists in English and German, with the same
placeholders, and the key families cover what the server and engine can send (their enums)."""

from __future__ import annotations

import re

from jantaku.engine.actions import ActionKind
from jantaku.engine.riichi.events import DrawKind
from jantaku.server.app import STATIC
from jantaku.server.config import TableKind
from jantaku.server.player_records import ACHIEVEMENTS
from jantaku.server.seating import PLAYERS
from tests.server.js_labels import read_dictionary

JS = STATIC / "js"
SHELL_FILES = [
    p
    for p in JS.rglob("*.js")
    if p.name != "table.js"
    and "i18n" not in p.parts
    and "table" not in p.parts  # js/table/: the table page's modules (web-table's labels)
    and not p.name.startswith("table")
]
# the shell's dictionaries: the pages around the table, the profile's records, the score sheet's
SHELL_DICTIONARIES = ("shell", "records", "sheet")
EN = {
    k: v for d in SHELL_DICTIONARIES for k, v in read_dictionary(JS / "i18n" / f"{d}.en.js").items()
}
DE = {
    k: v for d in SHELL_DICTIONARIES for k, v in read_dictionary(JS / "i18n" / f"{d}.de.js").items()
}


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    assert len(EN) > 100
    assert set(EN) == set(DE)
    for key in EN:
        # German may leave out a value English needs (an ordinal suffix), never add one
        english = set(re.findall(r"\{(\w+)\}", EN[key]))
        german = set(re.findall(r"\{(\w+)\}", DE[key]))
        assert german <= english and (german == english or key == "rank.numbered"), key


def test_every_literal_key_used_by_the_shell_exists() -> None:
    used: set[str] = set()
    for path in SHELL_FILES:
        keys = re.findall(r'\bt\(\s*"([a-z_]+\.[a-z0-9_.]+)"', path.read_text())
        # families/*.js also draw the table: their table.* keys are test_table_labels' to check
        used |= {k for k in keys if not k.startswith("table.")}
    assert len(used) > 80
    assert sorted(used - set(EN)) == []


def test_key_families_cover_the_server_and_engine_values() -> None:
    families = {
        "kind": {k.value for k in TableKind},
        "length": {"quick", "full"},
        # levels registered later show their own name until they get a label
        "bot": set(PLAYERS) & {"filler", "random", "efficiency", "defensive", "expert"},
        "wind": {"0", "1", "2", "3"},
        "call": {
            k.value
            for k in (
                ActionKind.CHI,
                ActionKind.PON,
                ActionKind.OPEN_KAN,
                ActionKind.ADDED_KAN,
                ActionKind.CONCEALED_KAN,
            )
        },
        "draw": {d.value for d in DrawKind},
        "shell.lang": {"en", "de"},
        "records.achievement": {name for name, _rating in ACHIEVEMENTS},
    }
    for family, values in families.items():
        missing = {v for v in values if f"{family}.{v}" not in EN}
        assert not missing, f"{family}: {sorted(missing)}"


# words that begin a clause and are never nouns (a noun keeps its capital after a colon)
_CLAUSE_WORDS = (
    r"(Die|Der|Das|Dies|Diese|Dieser|Wer|Was|Ein|Eine|Es|Er|Sie|Bewertet|Bitte|Hier|Nur|Kein|Keine)"
)


def test_german_labels_go_on_in_lower_case_after_a_colon() -> None:
    """The German labels' one style: after a colon the clause goes on in lower case ("Die
    Partie ist zu Ende: das letzte Spiel ist gespielt."), as most of them do; a noun keeps its
    capital ("Strafe: Anna 100")."""
    table = read_dictionary(JS / "i18n" / "table.de.js")
    capital = [
        f"{key}: {text}"
        for key, text in (DE | table).items()
        if re.search(rf": {_CLAUSE_WORDS}\b", text)
    ]
    assert capital == []
