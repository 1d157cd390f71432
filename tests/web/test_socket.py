"""js/api.js's Socket against the real server: replies by ref, errors with codes, reconnects."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.helpers import login_guest

RECORD = """() => {
  window.seen = [];
  window.jantaku.socket.on('*', (m) => window.seen.push(m.type));
}"""


def test_requests_resolve_by_ref_and_reject_with_the_error_code(server: str, new_page) -> None:
    page = new_page()
    login_guest(page, server)
    out = page.evaluate(
        """async () => {
      const s = window.jantaku.socket;
      await s.connect();
      const pong = await s.request({type: 'ping'});
      const lobby = await s.request({type: 'lobby'});
      let code = null;
      try { await s.request({type: 'join', table: 'nope'}, {expect: 'snapshot'}); }
      catch (e) { code = e.code; }
      const created = await s.request({type: 'create', kind: 'party', length: 'quick'});
      const snap = await s.request({type: 'join', table: created.table.id}, {expect: 'snapshot'});
      let timeout = null;
      try {  // watch answers with a snapshot without a ref: only `expect` could match it
        await s.request({type: 'watch', table: created.table.id}, {expect: 'never', timeout: 500});
      }
      catch (e) { timeout = e.code; }
      return {pong: pong.type, ref: pong.ref, lobby: lobby.type, code, seat: snap.seat,
              table: snap.table.id === created.table.id, timeout};
    }"""
    )
    assert isinstance(out.pop("ref"), int)
    assert out == {
        "pong": "pong",
        "lobby": "lobby",
        "code": "no_table",
        "seat": 0,
        "table": True,
        "timeout": "timeout",
    }


def test_reconnects_after_a_server_restart_and_says_so(
    server: str, server_proc: ServerProcess, new_page
) -> None:
    # while the server is down the browser itself logs the refused connection attempts
    # (any network error: the server is killed in the middle of whatever the page is loading)
    page = new_page(allow=(r"WebSocket connection to .* failed", r"net::ERR_"))
    login_guest(page, server)
    page.evaluate("() => window.jantaku.socket.connect()")
    page.evaluate(RECORD)
    server_proc.kill()
    page.wait_for_function("() => window.seen.includes('disconnected')")
    # pages asking to connect meanwhile wait for the reconnect (no second socket)
    page.evaluate(
        "() => { window.waited = Promise.all([1, 2].map(() => window.jantaku.socket.connect())); }"
    )
    server_proc.start()  # same port, same database: the token is still good
    page.wait_for_function("() => window.seen.includes('reconnected')", timeout=30000)
    page.evaluate("() => window.waited")
    seen = page.evaluate("() => window.seen")
    assert seen.index("welcome") < seen.index("reconnected")
    assert seen.count("reconnected") == 1
    assert server_proc.get("/api/health").json()["clients"] == 1
    # and the connection works again
    assert (
        page.evaluate("async () => (await window.jantaku.socket.request({type: 'ping'})).type")
        == "pong"
    )
    expect(page.get_by_test_id("user-name")).to_be_visible()


def test_a_refused_token_sends_the_visitor_to_the_login_page(
    server: str, server_proc: ServerProcess, new_page
) -> None:
    page = new_page(allow=(r"status of 401",))
    login_guest(page, server)
    token = page.evaluate("localStorage.getItem('jantaku.token')")
    server_proc.post("/api/logout", {"token": token})
    page.reload()
    page.wait_for_url("**/#/login*")
    assert page.evaluate("localStorage.getItem('jantaku.token')") is None
