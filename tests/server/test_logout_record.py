"""A logout is noted as a session's end (kept a while so that a ``hello`` looked up meanwhile is
not let in, hub.py) only when a session ended: anyone may post made-up tokens to
``/api/logout`` at little cost, and each noted end pushed a real one out of the bounded record
(and, with several processes, was told to every one of them)."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from jantaku.server.app import create_app


def test_only_a_real_sessions_logout_is_noted(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with TestClient(app) as http:
        hub = app.state.server.hub
        token = http.post("/api/guest").json()["token"]
        for n in range(50):
            answer = http.post("/api/logout", json={"token": f"made-up-{n}"})
            assert answer.status_code == 200 and answer.json() == {"ok": True}
        assert hub.logouts == 0 and not hub._ended
        assert http.post("/api/logout", json={"token": token}).json() == {"ok": True}
        assert hub.logouts == 1 and len(hub._ended) == 1
        assert http.get("/api/me", headers={"Authorization": f"Bearer {token}"}).status_code == 401
        http.post("/api/logout", json={"token": token})  # again: nothing more ended
        assert hub.logouts == 1
