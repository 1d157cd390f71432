"""A page reloaded while a hand's result is open shows that result again, over the deal that
ended, and closing it lets the match go on (the server had kept waiting for it)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.server.harness import ServerProcess, choose
from tests.web.helpers import login_guest
from tests.web.test_hand_end_board import _close, _shows
from tests.web.test_table_results import _between_hands, _play, _seat


def test_a_reloaded_page_shows_the_open_result_again(
    tmp_path: Path, new_page, artifacts: Path
) -> None:
    proc = ServerProcess(f"sqlite:///{tmp_path / 'reload.sqlite3'}", solo_pause=None).start()
    try:
        page = new_page(1366, 768)
        login_guest(page, proc.base)
        client, table = _seat(proc, page, "practice", "quick", "efficiency")
        end = _play(client, table, choose, _between_hands)
        client.close()  # from now on only the page is at the table
        result = page.get_by_test_id("hand-end")
        expect(result).to_be_visible(timeout=20000)
        text = result.inner_text()
        page.reload()
        expect(result).to_be_visible(timeout=20000)
        assert result.inner_text() == text
        _shows(page, end["ended_view"])
        page.screenshot(path=str(artifacts / "hand-end-reloaded-1366x768.png"))
        _close(page, end)  # the page's confirmation: the next deal goes on
        page.wait_for_function(
            "(seq) => Number(document.querySelector('[data-testid=table-page]').dataset.seq) > seq",
            arg=int(end["seq"]),
            timeout=20000,
        )
        page.reload()  # confirmed: no result again
        expect(page.get_by_test_id("board")).to_be_visible(timeout=20000)
        expect(page.locator(f".overlay[data-key='hand-{end['seq']}']")).to_have_count(0)
        page.close()
    finally:
        proc.stop()
