"""The review panel names every action the engine can offer and every stance a review gives,
in English and German, and every level a review may be asked for."""

from __future__ import annotations

from jantaku.engine.actions import ActionKind
from jantaku.players.review import DEFAULT_LEVELS, LEVELS
from jantaku.server.app import STATIC
from tests.server.js_labels import read_dictionary

JS = STATIC / "js"


def test_the_review_labels_cover_actions_stances_and_levels() -> None:
    for lang in ("en", "de"):
        labels = read_dictionary(JS / "i18n" / f"shell.{lang}.js")
        missing = [k.value for k in ActionKind if f"review.act.{k.value}" not in labels]
        assert missing == [], (lang, missing)
        assert all(f"review.stance.{s}" in labels for s in ("free", "push", "fold")), lang
        levels = set(DEFAULT_LEVELS.values()) | {
            lv for family in LEVELS.values() for lv in family()
        }
        assert sorted(lv for lv in levels if f"bot.{lv}" not in labels) == [], lang
