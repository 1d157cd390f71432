"""``python gated_server.py DIR serve ...``: ``jantaku serve`` whose database calls a test may
hold: while the file ``DIR/NAME`` exists, a call of NAME (a session lookup
``Accounts.by_token``, ``Store.table_id_by_invite``, ``Store.session``, ``Store.game``,
``Store.user``, ``Store.table``, ``Store.add_user``, ``Store.drop_session``, a table's
``Store.create_table`` and ``Store.update_table``, the writer thread's ``Store.append_actions``
(a run of accepted actions), a takeover's ``Store.claim_fence``,
``replay``: a stored match played again when it resumes, ``Table.replay``, and
``claim_lease``: a table's lease claimed in Redis, ``Leases.claim``)
writes ``DIR/NAME.entered`` and waits until the test removes ``DIR/NAME`` (an awaited call
waits as a slow reply would, without holding the event loop). A test holds a call and
shows that the server answers others meanwhile (gated.py): the call runs off the event loop."""

from __future__ import annotations

import asyncio
import functools
import sys
import time
from pathlib import Path
from typing import Any

_DIR = Path()  # set by the command line


def _held(name: str, fn: Any) -> Any:
    @functools.wraps(fn)
    def gated(*args: Any, **kwargs: Any) -> Any:
        gate = _DIR / name
        if gate.exists():
            (_DIR / f"{name}.entered").touch()
            end = time.monotonic() + 60
            while gate.exists() and time.monotonic() < end:
                time.sleep(0.01)
        return fn(*args, **kwargs)

    return gated


def _held_async(name: str, fn: Any) -> Any:
    @functools.wraps(fn)
    async def gated(*args: Any, **kwargs: Any) -> Any:
        gate = _DIR / name
        if gate.exists():
            (_DIR / f"{name}.entered").touch()
            end = time.monotonic() + 60
            while gate.exists() and time.monotonic() < end:
                await asyncio.sleep(0.01)
        return await fn(*args, **kwargs)

    return gated


def _install() -> None:
    from jantaku.server.auth import Accounts
    from jantaku.server.storage import Store

    Accounts.by_token = _held("by_token", Accounts.by_token)  # type: ignore[method-assign]
    names = ("table_id_by_invite", "session", "game", "user", "table", "add_user")
    for name in (*names, "create_table", "update_table", "append_actions", "claim_fence"):
        setattr(Store, name, _held(name, getattr(Store, name)))
    Store.drop_session = _held("drop_session", Store.drop_session)  # type: ignore[method-assign]
    from jantaku.server.tables import Table

    Table.replay = _held("replay", Table.replay)  # type: ignore[method-assign]
    from jantaku.server.leases import Leases

    Leases.claim = _held_async("claim_lease", Leases.claim)  # type: ignore[method-assign]


if __name__ == "__main__":
    _DIR = Path(sys.argv.pop(1))
    _install()
    from jantaku.cli import main

    main()
