"""Reset Rank/Rating in storage (doman-rules.md §5.2): Novice at 0 points and a rating of 1,500,
the highest rating kept; refused while a ranked match is still to be settled; a match finished
after the reset counts from Novice. On SQLite and PostgreSQL (``database``)."""

from __future__ import annotations

from typing import Any

import pytest

from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.rank_reset import ResetRefused, reset_rank
from jantaku.server.ranks import (
    RANKS,
    RankState,
    apply_placement,
    placement_points,
    rating_delta,
)
from jantaku.server.storage import Store, migrate
from jantaku.server.tables import Table
from tests.server.checks import play_out
from tests.server.rows import quick_table_row

_DAN3 = [r.name for r in RANKS].index("3rd Dan")


def _account(store: Store, name: str, **standing: Any) -> dict[str, Any]:
    """A registered account with ``standing`` (rank_index, rating, ...) set; its seat."""
    user = store.add_user(name, "-", guest=False)
    for field, value in standing.items():
        setattr(user, field, value)
    store.save_user(user)
    return {"user_id": user.id, "name": name, "bot": None}


def _climbed(store: Store, name: str) -> dict[str, Any]:
    """An account well up the ladder: 3rd Dan with 700 points, rating 1,720 (its best 1,800),
    40 rated matches."""
    return _account(
        store,
        name,
        rank_index=_DAN3,
        rank_points=700,
        rating=1720.0,
        rating_max=1800.0,
        rated_games=40,
        skill_mu=31.0,
    )


def _table(store: Store, seats: list[dict[str, Any]], status: str = "live") -> Table | str:
    """A quick novice table stored with ``seats``: resumed by a lobby when live (returned),
    else only stored (its id)."""
    row = quick_table_row("novice", status=status, seats=seats)
    store.create_table(row)
    if status != "live":
        return row.id
    lobby = Lobby(store, ServerSettings(bot_delay=0.0))
    assert lobby.recover() == 1
    return lobby.tables[row.id]


def test_reset_sets_novice_and_1500_and_keeps_the_best_and_the_history(database: str) -> None:
    store = Store(database)
    seat = _climbed(store, "climber")
    user = reset_rank(store, seat["user_id"], now=1234.5)
    stored = store.user(seat["user_id"])
    assert stored is not None
    for shown in (user, stored):
        assert (shown.rank_index, shown.rank_points, shown.rating) == (0, 0, 1500.0)
        assert shown.rating_max == 1800.0  # the highest rating is kept
        assert shown.rated_games == 40 and shown.skill_mu == 31.0
        assert shown.rank_reset_at == 1234.5
    store.close()


def test_a_low_rating_resets_up_to_1500_and_the_best_follows(database: str) -> None:
    store = Store(database)
    seat = _account(store, "sinker", rating=1310.0, rating_max=1490.0)
    user = reset_rank(store, seat["user_id"])
    assert (user.rating, user.rating_max) == (1500.0, 1500.0)
    store.close()


def test_a_guest_or_unknown_account_is_refused(database: str) -> None:
    store = Store(database)
    guest = store.add_user("guest-1", None, guest=True)
    with pytest.raises(ResetRefused) as refused:
        reset_rank(store, guest.id)
    assert refused.value.code == "guests_unranked"
    with pytest.raises(ResetRefused) as refused:
        reset_rank(store, 999_999)
    assert refused.value.code == "not_found"
    store.close()


@pytest.mark.parametrize("withdrawn", [False, True])
def test_refused_at_a_live_ranked_table_then_counted_from_novice(
    database: str, withdrawn: bool
) -> None:
    """Seated (or withdrawn: its 4th place is still to be counted) at a live ranked table:
    refused, nothing changed; once the match is stored, the reset is allowed, and the next
    match counts from Novice and 1,500."""
    store = Store(database)
    seats = [_climbed(store, n) for n in ("alice", "bob", "carol", "dave")]
    me = seats[0]["user_id"]
    if withdrawn:
        seats[0] = {**seats[0], "withdrawn": True}
    table = _table(store, seats)
    assert isinstance(table, Table)
    with pytest.raises(ResetRefused) as refused:
        reset_rank(store, me)
    assert (refused.value.code, refused.value.table) == ("ranked_seat", table.id)
    user = store.user(me)
    assert user is not None and (user.rank_index, user.rank_points) == (_DAN3, 700)
    play_out(table)  # settled from 3rd Dan
    game = store.game(table.id)
    assert game is not None and game.result["ranks"][0]["rank_before"] == "3rd Dan"

    reset_rank(store, me)
    again = [{**s, "withdrawn": False} for s in seats]
    table = _table(store, again)
    assert isinstance(table, Table)
    play_out(table)
    assert table.outcome is not None and table.outcome.recorded
    game = store.game(table.id)
    assert game is not None
    mine = game.result["ranks"][0]
    place = table.outcome.ranking.index(0) + 1
    after = apply_placement(RankState(0, 0), place, "novice")
    others = [game.result["ranks"][i]["rating_before"] for i in (1, 2, 3)]
    rating = 1500.0 + rating_delta(1500.0, others, place, 41)
    assert (mine["rank_before"], mine["rank_points_before"], mine["rating_before"]) == (
        "Novice",
        0,
        1500.0,
    )
    assert (mine["rank"], mine["rank_points"]) == (RANKS[after.index].name, after.points)
    assert mine["rating"] == round(rating, 2)
    user = store.user(me)
    assert user is not None and user.rating_max == 1800.0 and user.rated_games == 42
    store.close()


def test_refused_while_waiting_in_the_ranked_queue(database: str) -> None:
    store = Store(database)
    seat = _climbed(store, "waiter")
    empty = {"user_id": None, "name": "", "bot": None}
    table_id = _table(store, [empty, seat, empty, empty], status="open")
    with pytest.raises(ResetRefused) as refused:
        reset_rank(store, seat["user_id"])
    assert (refused.value.code, refused.value.table) == ("ranked_seat", table_id)
    store.update_table(str(table_id), status="expired")  # the queue table went away
    assert reset_rank(store, seat["user_id"]).rank_index == 0
    store.close()


def test_an_unranked_or_finished_table_does_not_stop_a_reset(database: str) -> None:
    store = Store(database)
    seat = _climbed(store, "partier")
    row = quick_table_row("party", seats=[seat])
    store.create_table(row)
    finished = quick_table_row("novice", status="finished", seats=[seat])
    store.create_table(finished)
    assert reset_rank(store, seat["user_id"]).rank_index == 0
    store.close()


def test_the_migration_adds_the_reset_time(tmp_path: Any) -> None:
    """A database of the revision before gets the column (null: never reset)."""
    from pathlib import Path

    from alembic import command
    from alembic.config import Config

    import jantaku.server.storage as storage

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    store = Store(url)
    config = Config()
    config.set_main_option("script_location", str(Path(storage.__file__).parent / "migrations"))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0006")
    migrate(store.engine)
    user = store.add_user("old-timer", "-", guest=False)
    assert store.user(user.id) is not None and user.rank_reset_at is None
    store.close()


def test_the_ranked_audit_reads_the_matches_around_a_reset(database: str) -> None:
    """The audit reads each match's stored rank changes, not the accounts: the match before a
    reset keeps its 3rd Dan placement points, the one after has the Novice ones."""
    from jantaku.server.ranked_reading import read_ranked

    store = Store(database)
    seats = [_climbed(store, n) for n in ("alice", "bob", "carol", "dave")]
    games = []
    for _ in range(2):
        table = _table(store, seats)
        assert isinstance(table, Table)
        play_out(table)
        assert table.outcome is not None
        games.append((table.id, table.outcome.ranking.index(0) + 1))
        reset_rank(store, seats[0]["user_id"])
    store.close()
    matches, names = read_ranked(database)
    assert [m.game_id for m in matches] == [g for g, _place in games]
    assert names[seats[0]["user_id"]] == "alice"
    for match, (_game, place), rank in zip(matches, games, (_DAN3, 0), strict=True):
        assert match.places[0] == place
        assert match.rank_deltas[0] == placement_points(rank, place, "novice")
