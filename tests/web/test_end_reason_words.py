"""Why a match ended, in the reader's language and naming the players the end names: the
table's end-of-match facts (the table's and the replay's) fed the result the server sends, with
its ``reason_code`` and ``reason_seats``; an older result without seats keeps the plain words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.snippets import script

_RENDER = script("""
  const [result, lang] = args;
  const { matchFacts } = await import('/static/js/table/result_parts.js');
  const i18n = await import('/static/js/i18n.js');
  i18n.setLang(lang);
  const facts = matchFacts(result, ['Anna', 'Bert', 'Cora', 'Dirk'], i18n.t);
  return facts.querySelector('[data-testid=end-reason]').textContent;
""")

_ENGLISH = "a player went below zero"  # the engine's words, which a German reader never sees


def _result(code: str, seats: list[int] | None) -> dict[str, object]:
    out: dict[str, object] = {"reason_code": code, "reason": _ENGLISH, "rated": False}
    if seats is not None:
        out["reason_seats"] = seats
    return out


@pytest.mark.parametrize(
    ("code", "seats", "lang", "words"),
    [
        ("bust", [1], "de", "Die Partie ist zu Ende: Punktestand unter null bei Bert."),
        ("bust", [0, 3], "de", "Die Partie ist zu Ende: Punktestand unter null bei Anna und Dirk."),
        ("bust", [0, 3], "en", "The match ended: Anna and Dirk went below zero."),
        ("bust", None, "de", "Die Partie ist zu Ende: ein Spieler ist unter null gefallen."),
        ("dealer_stop", [3], "de", "der Geber Dirk hat im letzten Spiel in Führung gewonnen"),
        ("target", [2], "en", "The match ended: Cora reached the target score."),
        ("time_80", [], "de", "nach 80 Minuten war das nächste Spiel das letzte"),
        ("time_120", [], "de", "Die Partie wurde vom 120-Minuten-Limit abgebrochen."),
        ("last_hand", [], "de", "Die Partie ist zu Ende: das letzte Spiel ist gespielt."),
    ],
)
def test_the_end_of_a_match_is_worded_in_the_readers_language(
    server: str, new_page, code: str, seats: list[int] | None, lang: str, words: str
) -> None:
    page = new_page(1280, 800)
    page.goto(f"{server}/#/login")
    expect(page.get_by_test_id("login-guest")).to_be_visible()
    text = page.evaluate(_RENDER, [_result(code, seats), lang])
    assert words in text
    assert _ENGLISH not in text
