"""``python seeded_server.py SEED serve ...``: ``jantaku serve`` whose every new table deals
from SEED, so a browser test plays a deal it has looked at beforehand (seeded.py). The server
itself takes no seed from outside: only this test launcher gives one."""

from __future__ import annotations

import sys
from typing import Any

from jantaku.server.manager import Lobby
from jantaku.server.tables import Table


def _install(seed: str) -> None:
    create = Lobby.create

    def seeded(self: Lobby, *args: Any, **kwargs: Any) -> Table:
        if len(args) < 5 and kwargs.get("seed") is None:  # seed is create's fifth parameter
            kwargs["seed"] = seed
        return create(self, *args, **kwargs)

    Lobby.create = seeded  # type: ignore[method-assign]


if __name__ == "__main__":
    _install(sys.argv.pop(1))
    from jantaku.cli import main

    main()
