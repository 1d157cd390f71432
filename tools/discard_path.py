"""The modules a discard passes on the server, from the table receiving the player's intention
to the last message sent: run one practice table in-process, let the player discard, and list
every jantaku module entered, in order of first entry (``docs/architecture.md`` quotes it).

    .venv/bin/python tools/discard_path.py [--all]

Without ``--all`` the engine's own modules are folded into one line per engine package (the
engine's inner split is not indirection on the path)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any


class _Conn:
    def __init__(self, user_id: int | None) -> None:
        self.user_id = user_id
        self.sent: list[Any] = []

    def send(self, message: Any, ref: Any = None) -> None:
        self.sent.append(message)


def _modules_of_a_discard(fold: bool) -> list[str]:
    from jantaku.server.config import ServerSettings
    from jantaku.server.manager import Lobby
    from jantaku.server.storage import Store

    store = Store(f"sqlite:///{Path(tempfile.mkdtemp()) / 'db.sqlite3'}")
    lobby = Lobby(store, ServerSettings(bot_delay=0.0))
    user = store.add_user("player", "-", guest=False)
    table = lobby.create("practice", "quick", seed="path")
    table.sit(user.id, user.name)
    table.fill_with_bots("efficiency")
    table.start()
    table.attach(_Conn(user.id), 0)
    table.attach(_Conn(None), None)  # a spectator
    while 0 not in table.engine.to_act():  # the bots' turns, as the driver would play them
        seat = table.engine.to_act()[0]
        table._commit(table.engine.legal_actions(seat)[-1], "bot")
    legal = [a for a in table.engine.legal_actions(0) if a.kind.value == "discard"]
    intention = {"type": "discard", "tile_index": legal[0].tile.index}

    seen: list[str] = []
    calls = [0]

    def trace(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        name = frame.f_globals.get("__name__", "")
        if not name.startswith("jantaku."):
            return
        calls[0] += 1
        if fold and name.startswith("jantaku.engine."):
            parts = name.split(".")
            name = ".".join(parts[:3]) + ".*" if len(parts) > 3 else name
        if name not in seen:
            seen.append(name)

    sys.setprofile(trace)
    try:
        table.submit(user.id, intention, None)
    finally:
        sys.setprofile(None)
    return [*seen, f"({calls[0]} calls of jantaku functions in all)"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="list the engine's modules too")
    args = parser.parse_args()
    for name in _modules_of_a_discard(not args.all):
        print(name)


if __name__ == "__main__":
    main()
