"""Which messages read the account's rank before they are handled (queue_rank.py): a
``queue`` for advanced tables, however its type is spelt, and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from jantaku.server.queue_rank import rank_needed_by, stored_rank
from jantaku.server.ranks import FIRST_DAN
from jantaku.server.storage import Store


@pytest.mark.parametrize(
    "raw",
    [
        '{"type": "queue", "kind": "advanced", "length": "quick"}',
        '{"type": "queue", "kind": "advanced", "length": "full", "id": 3}',
        '{"type": "\\u0071ueue", "kind": "advanced"}',
        '{"type": "queue", "kind": "\\u0061dvanced"}',
        b'{"type": "queue", "kind": "advanced"}',
    ],
)
def test_an_advanced_queue_reads_the_rank(raw: str | bytes) -> None:
    message = rank_needed_by(raw)
    assert message is not None and message.kind == "advanced"


@pytest.mark.parametrize(
    "raw",
    [
        '{"type": "queue", "kind": "novice", "length": "quick"}',  # any rank sits there
        '{"type": "queue"}',  # novice by default
        '{"type": "chat", "table": "t", "text": "queue for advanced?"}',
        '{"type": "join", "table": "advanced queue"}',
        '{"type": "queue", "kind": "nonsense"}',  # refused by its handler
        '{"type": "queue", "kind": "advanced", "length": "endless"}',
        "not json at all: queue",
        b"\xff\xfequeue",
    ],
)
def test_nothing_else_does(raw: str | bytes) -> None:
    assert rank_needed_by(raw) is None


def test_the_stored_rank(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'ranks.sqlite3'}")
    user = store.add_user("dan", None, guest=False)
    assert stored_rank(store, user.id) == 0
    user.rank_index = FIRST_DAN
    store.save_user(user)
    assert stored_rank(store, user.id) == FIRST_DAN
    assert stored_rank(store, user.id + 1000) is None
    store.close()
