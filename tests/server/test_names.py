"""Account names: normalised, unique without regard to case or width (in the database too),
no invisible or look-alike characters, ``guest-`` kept for guests."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from jantaku.server.storage import Store
from tests.server.harness import ServerProcess

PASSWORD = "correct horse"


def _register(server: ServerProcess, name: str) -> tuple[int, dict[str, object]]:
    status, body = server.post("/api/register", {"name": name, "password": PASSWORD})
    return int(status), body


def test_names_are_unique_without_regard_to_case_or_width(server: ServerProcess) -> None:
    status, body = _register(server, "Alice")
    assert status == 200
    for other in ("alice", "ALICE", "Ａｌｉｃｅ", "ａｌｉｃｅ"):
        status, body = _register(server, other)
        assert status == 400 and "taken" in str(body["error"]), other
    # the stored name is the normalised one; login finds the account by any spelling
    status, body = _register(server, "Ｂｏｂ")
    assert status == 200 and body["user"]["name"] == "Bob"  # type: ignore[index]
    for typed in ("Alice", "alice", "ALICE", "Ａｌｉｃｅ"):
        status, body = server.post("/api/login", {"name": typed, "password": PASSWORD})
        assert status == 200 and body["user"]["name"] == "Alice", typed
    assert server.post("/api/login", {"name": "bob", "password": PASSWORD})[0] == 200


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("carol\n", "control"),  # re's $ matches before a final newline
        ("\x07carol", "control"),
        ("car\u200bol", "invisible"),
        ("car\u200dol", "invisible"),
        ("carol\u2060", "invisible"),
        ("\ufeffcarol", "invisible"),
        ("carol\u202e", "direction"),
        ("car\u2066ol", "direction"),
        ("carol\u3164", "invisible"),
        ("car ol", "space"),
        ("\u0430lice", "one script"),  # Cyrillic a + Latin lice
        ("p\u0430ypal", "one script"),
        ("\u0440\u043e\u0435", "read as a Latin"),  # Cyrillic "рое" looks like "poe"
        ("\u0391\u0392\u0395", "read as a Latin"),  # Greek capitals "ΑΒΕ"
        ("guest-1234abcd", "guest"),
        ("GUEST-x1", "guest"),
        ("\uff47\uff55\uff45\uff53\uff54-x1", "guest"),  # fullwidth guest-
        ("c", "2-32"),
        ("c" * 33, "2-32"),
        ("ca<rol>", "letters, digits"),
    ],
)
def test_bad_names_are_refused_with_the_reason(server: ServerProcess, name: str, says: str) -> None:
    status, body = _register(server, name)
    assert status == 400
    assert says in str(body["error"]), body


def test_names_of_one_script_are_welcome(server: ServerProcess) -> None:
    for name in ("Müller", "Δημήτρης", "Иван", "山田たろう", "e\u0301lise", "ann_42-x"):
        status, body = _register(server, name)
        assert status == 200, (name, body)
    assert _register(server, "MÜLLER")[0] == 400


def test_the_database_refuses_a_second_name_of_the_same_key(database: str) -> None:
    store = Store(database)
    try:
        store.add_user("Zed", None, guest=False)
        with pytest.raises(IntegrityError):
            store.add_user("zED", None, guest=False)
    finally:
        store.close()


def test_the_migration_fills_keys_of_existing_accounts(database: str, tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    import jantaku.server.storage as storage

    url = database.replace("postgresql://", "postgresql+psycopg://", 1)
    engine = sa.create_engine(url)
    config = Config()
    config.set_main_option("script_location", str(Path(storage.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    columns = "name, password_hash, guest, created_at, rank_index, rank_points, rating, " + (
        "rating_max, rated_games, skill_mu, skill_sigma"
    )
    with engine.begin() as connection:
        for name in ("Ann", "ann", "Ｄａｎ"):
            connection.execute(
                sa.text(
                    f"INSERT INTO users ({columns}) VALUES "
                    "(:name, NULL, false, 0, 0, 0, 1500, 1500, 0, 25, 8)"
                ),
                {"name": name},
            )
    engine.dispose()
    store = Store(database)  # upgrades to the newest revision
    try:
        with store.engine.connect() as connection:
            keys = dict(connection.execute(sa.text("SELECT name, name_key FROM users")).all())
        assert keys["Ann"] == "ann" and keys["Ｄａｎ"] == "dan"
        assert keys["ann"].startswith("ann#")  # the later duplicate keeps a key of its own
        # each old account is still found by its own exact name, the first also by its key
        assert store.user_by_name("ann").name == "ann"  # type: ignore[union-attr]
        assert store.user_by_name("ANN").name == "Ann"  # type: ignore[union-attr]
        with pytest.raises(IntegrityError):
            store.add_user("DAN", None, guest=False)
    finally:
        store.close()
