"""``python counting_server.py FILE serve ...``: ``jantaku serve`` that writes a line to FILE
for each database query a test counts: a session lookup (``Accounts.by_token`` of a token it
looks up) and a table's claim (``Store.claim_fence``, a write transaction). A test against a
real server counts what one message costs with :func:`counted`."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

from jantaku.server.auth import Accounts
from jantaku.server.storage import Store


def counted(path: Path) -> Counter[str]:
    """The calls written to ``path`` so far, by name."""
    if not path.exists():
        return Counter()
    return Counter(path.read_text(encoding="utf-8").split())


_FILE = ""  # set by the command line


def _note(name: str) -> None:
    with open(_FILE, "a", encoding="utf-8") as f:
        f.write(name + "\n")


def _install() -> None:
    by_token, claim_fence = Accounts.by_token, Store.claim_fence

    def counted_by_token(self: Accounts, token: object) -> Any:
        if isinstance(token, str) and len(token) <= 128:  # the calls that query the database
            _note("by_token")
        return by_token(self, token)

    def counted_claim_fence(self: Store, table_id: str) -> Any:
        _note("claim_fence")
        return claim_fence(self, table_id)

    Accounts.by_token = counted_by_token  # type: ignore[method-assign]
    Store.claim_fence = counted_claim_fence  # type: ignore[method-assign]


if __name__ == "__main__":
    _FILE = sys.argv.pop(1)
    _install()
    from jantaku.cli import main

    main()
