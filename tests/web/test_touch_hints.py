"""Key hints are for keyboards: on a phone (touch, no hover) the replay does not open with
"Keys: ← → step, ↑ ↓ previous / next hand, Home / End." and the prompt's buttons carry no key
caps ("Pass [Space]"); a desktop shows both."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.server.harness import ServerProcess
from tests.web.helpers import login_guest, play_practice_game, session

# a prompt button of the table page as own.js draws it: its label and its key cap
_KEYCAP = """() => {
  const page = document.createElement('div');
  page.className = 'table-page';
  page.innerHTML = '<button class="btn act">Pass <kbd>Space</kbd></button>';
  document.body.append(page);
  const shown = getComputedStyle(page.querySelector('kbd')).display !== 'none';
  page.remove();
  return shown;
}"""


@pytest.mark.parametrize("touch", [True, False], ids=["phone", "desktop"])
def test_key_hints_only_where_there_is_a_keyboard(
    server: str, server_proc: ServerProcess, browser: Browser, new_page: Any, touch: bool
) -> None:
    if touch:
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
        page = context.new_page()
    else:
        page = new_page(1366, 768)
    try:
        login_guest(page, server)
        game = play_practice_game(server_proc, session(page)["token"])
        page.goto(f"{server}/#/replay/{game}")
        hint = page.get_by_test_id("replay-keys")
        expect(hint).to_have_count(1)
        if touch:
            expect(hint).to_be_hidden()
        else:
            expect(hint).to_be_visible()
        assert page.evaluate(_KEYCAP) is not touch
    finally:
        if touch:
            context.close()
