"""``python counting_server.py FILE serve ...``: ``jantaku serve`` whose session lookups
(``Accounts.by_token``, a database query each) each append a line to FILE, so a test against a
real server counts the lookups a message costs."""

from __future__ import annotations

import sys

from jantaku.server.auth import Accounts

_FILE = sys.argv.pop(1)
_by_token = Accounts.by_token


def _counted(self: Accounts, token: object) -> object:
    if isinstance(token, str) and len(token) <= 128:  # the calls that query the database
        with open(_FILE, "a", encoding="utf-8") as f:
            f.write("by_token\n")
    return _by_token(self, token)


Accounts.by_token = _counted  # type: ignore[method-assign,assignment]

if __name__ == "__main__":
    from jantaku.cli import main

    main()
