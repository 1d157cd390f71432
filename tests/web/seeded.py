"""Known deals for the browser tests: a table is played in process with the server's own table
code (the seat's prompts as the server sends them, computer players as the server runs them)
to find a seed whose game reaches a wanted position early; ``SeededServer`` then serves that
seed (seeded_server.py), so the real server deals the same game and the test meets the
position for certain instead of waiting for luck."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.messages import ServerMessage
from jantaku.server.storage import Store
from tests.server.harness import ServerProcess
from tests.server.in_process import advance

_LAUNCHER = Path(__file__).with_name("seeded_server.py")

#: answers a prompt of the seat: an action to send, STOP (the wanted position: the search ends
#: here) or SKIP (the game does not go the way the test plays: try the next seed)
Answer = Callable[[dict[str, Any]], "dict[str, Any] | str"]
STOP, SKIP = "stop", "skip"


class SeededServer(ServerProcess):
    """A real server whose every new table deals from ``seed``."""

    def __init__(self, database: str, seed: str, *extra: str) -> None:
        super().__init__(database, *extra)
        self.launcher = (str(_LAUNCHER), seed)


class _Inbox:
    """A connection of the seat that keeps what the table sends it."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def send(self, message: ServerMessage) -> None:
        self.messages.append(message.to_json())


def reaches(
    tmp: Path,
    seed: str,
    answer: Answer,
    kind: str = "practice",
    bot: str = "efficiency",
    length: str = "quick",
    seen: Callable[[dict[str, Any]], bool] | None = None,
) -> bool:
    """Whether the table dealt from ``seed`` (the person in seat 0, computer players of level
    ``bot`` in the others) reaches a prompt ``answer`` stops at, or a message the seat gets that
    ``seen`` accepts, the person's prompts answered as ``answer`` says (results confirmed at
    once)."""
    store = Store(f"sqlite:///{tmp / f'{seed}.sqlite3'}")
    user = store.add_user("seeded", None, guest=True)
    table = Lobby(store, ServerSettings(bot_delay=0.0)).create(kind, length, seed=seed)
    me = table.sit(user.id, user.name)
    inbox = _Inbox()
    table.attach(inbox, me)
    table.fill_with_bots(bot)
    table.start()
    engine = table.engine
    assert engine is not None
    read = 0
    while table.status == "live":
        if seen is not None:
            if any(seen(m) for m in inbox.messages[read:]):
                return True
            read = len(inbox.messages)
        if not advance(table, me):
            prompt = next(m for m in reversed(inbox.messages) if m["type"] == "prompt")
            assert prompt["seq"] == table.step, "the seat is asked without a prompt"
            action = answer(prompt)
            if action in (STOP, SKIP):
                return action == STOP
            assert isinstance(action, dict)
            table.submit(user.id, action, table.step)
    return False


def first_seed(
    tmp: Path,
    name: str,
    seeds: Iterable[int],
    make: Callable[[], Answer],
    seen: Callable[[dict[str, Any]], bool] | None = None,
    **table: str,
) -> str:
    """The first of the seeds ``name-N`` whose table reaches the position (``make`` gives a
    fresh answer for each game)."""
    tried = []
    for n in seeds:
        seed = f"{name}-{n}"
        tried.append(seed)
        if reaches(tmp, seed, make(), seen=seen, **table):
            return seed
    raise AssertionError(f"none of the seeded tables {tried} reaches the position")
