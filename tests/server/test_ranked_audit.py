"""``jantaku ranked-audit`` (ranked_audit.py, ranked_reading.py): ranked matches stored through
the storage API (SQLite, and PostgreSQL when ``JANTAKU_TEST_POSTGRES`` is set), with the
events and rank changes in the shapes the server stores, where two accounts farm (one deals
into the other, match after match) among honest accounts seated at random: the report names
that pair first, the feeder and the receiver the right way round, and no honest pair; a pair
that meets as often with an even flow comes after it; bad input is one line, exit status 2."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import update

from jantaku.cli import main
from jantaku.engine.riichi.events import Won
from jantaku.server.models import GamePlayerRow, GameRow, TableRow
from jantaku.server.ranked_audit import DealIn, RankedMatch, audit
from jantaku.server.ranks import RankChange, RankState
from jantaku.server.storage import Store
from jantaku.tiles import parse_tiles

DAY = 86400.0
START = 1_780_000_000.0  # the first match's end (Unix time); one match an hour after it
MANGAN = 8000


def _won(winner: int, loser: int, points: int) -> dict[str, object]:
    """A win on a discard as the server stores it (``Won.to_json``)."""
    deltas = [0, 0, 0, 0]
    deltas[winner], deltas[loser] = points, -points
    tiles = parse_tiles("123m456p789s1122z")
    return Won(
        winner, loser, tiles[-1], tuple(tiles[:-1]), 3, 40, points, 0, "mangan",
        (("riichi", 1),), tuple(deltas), (),
    ).to_json()  # fmt: skip


def _store(
    store: Store, game_id: str, when: float, players: list[int], deal_ins: list[DealIn]
) -> None:
    """A finished, rated novice match of ``players`` (seat order) with ``deal_ins``; places by
    the points won."""
    scores = [25000] * 4
    for d in deal_ins:
        scores[d.to_seat] += d.points
        scores[d.from_seat] -= d.points
    order = sorted(range(4), key=lambda s: -scores[s])
    places = {seat: i + 1 for i, seat in enumerate(order)}
    ranks = [
        RankChange(places[s], RankState(0, 0), RankState(0, 0), (30, 10, 0, 0)[places[s] - 1],
                   1500.0, 1500.0).to_json()
        for s in range(4)
    ]  # fmt: skip
    seats = [{"user_id": u, "name": f"p{u}", "bot": None} for u in players]
    config = {"family": "riichi", "kind": "novice", "ranked": True}
    store.create_table(
        TableRow(
            id=game_id, family="riichi", kind="novice", config=config, seed="s", commitment="c",
            status="live", invite_code=None, seats=seats, created_at=when - 1800,
            started_at=when - 1800, created_by=None,
        )
    )  # fmt: skip
    result = {"scores": scores, "ranked": True, "rated": True, "ranks": ranks, "seats": seats}
    events = [_won(d.to_seat, d.from_seat, d.points) for d in deal_ins]
    lines = [
        GamePlayerRow(
            game_id=game_id, seat=s, user_id=players[s], place=places[s], score=scores[s],
            hands=8, wins=0, deal_ins=0, yaku={},
        )
        for s in range(4)
    ]  # fmt: skip
    store.finish_game(game_id, True, result, events, lines)
    with store.engine.begin() as c:
        c.execute(update(GameRow).where(GameRow.id == game_id).values(finished_at=when))


def _farm(database: str) -> tuple[int, int, list[int]]:
    """Stored: 12 matches of the farmers with two honest fillers each, the feeder dealing a
    mangan into the receiver twice a match, and 24 matches of honest accounts seated at random
    with deal-ins at random. Returns the receiver, the feeder and the honest accounts."""
    store = Store(database)
    try:
        receiver = store.add_user("Receiver", None, False).id
        feeder = store.add_user("Feeder", None, False).id
        honest = [store.add_user(f"Honest{i}", None, False).id for i in range(12)]
        rng = random.Random(3)
        when, n = START, 0
        for i in range(36):
            if i % 3 == 0:  # a farming match among the honest ones
                players = [receiver, feeder, *rng.sample(honest, 2)]
                rng.shuffle(players)
                r, f = players.index(receiver), players.index(feeder)
                deals = [DealIn(f, r, MANGAN), DealIn(f, r, MANGAN)]
            else:
                players = rng.sample(honest, 4)
                deals = [DealIn(*rng.sample(range(4), 2), rng.choice([1000, 3900, MANGAN]))
                         for _ in range(3)]  # fmt: skip
            _store(store, f"g{n:03d}", when, players, deals)
            when, n = when + 3600, n + 1
    finally:
        store.close()
    return receiver, feeder, honest


def _run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, ["ranked-audit", *args])
    return r.exit_code, r.stdout, r.stderr


def test_the_farming_pair_is_named_first_and_no_honest_pair(database: str) -> None:
    receiver, feeder, honest = _farm(database)
    code, out, err = _run("--database", database, "--json", "--together", "5", "--last", "20")
    assert code == 0, err
    report = json.loads(out)
    assert report["matches"] == 36 and report["accounts"] == 14
    pairs = report["pairs"]
    assert pairs, "the farming pair is listed"
    first = pairs[0]
    assert (first["receiver"]["id"], first["feeder"]["id"]) == (receiver, feeder)
    assert first["receiver"]["name"] == "Receiver"
    assert first["meetings"] == 12
    assert first["fed"] == {"deal_ins": 24, "points": 24 * MANGAN}
    assert first["returned"] == {"deal_ins": 0, "points": 0}
    assert first["receiver_placed_above"] == 12
    assert first["rank_points"]["receiver"] > first["rank_points"]["feeder"]
    named = {p["receiver"]["id"] for p in pairs} | {p["feeder"]["id"] for p in pairs}
    assert named == {receiver, feeder}, pairs  # no honest account is named
    assert report["groups"] == [
        [{"id": receiver, "name": "Receiver"}, {"id": feeder, "name": "Feeder"}]
    ]
    code, text, err = _run("--database", database, "--together", "5", "--last", "20")
    assert code == 0, err
    assert f"1. Receiver (#{receiver}) <- Feeder (#{feeder}): met 12 times" in text
    assert "Honest" not in text
    # some honest pairs did meet 5 times: by chance, as random seating in a pool this small
    # makes likely (listed when the chance is not asked about)
    by_count = _pairs(database, "--together", "5")
    assert by_count[0] == (receiver, feeder) and len(by_count) > 1
    assert all(set(p) <= set(honest) for p in by_count[1:])


def test_the_time_window_and_the_last_matches_bound_the_meetings(database: str) -> None:
    receiver, feeder, _honest = _farm(database)
    farm = (receiver, feeder)
    # the first 18 hours hold 6 farming matches: below 7, above 5
    until = "2026-05-29T14:26:40"  # START + 18 h, in UTC
    assert farm not in _pairs(database, "--until", until, "--together", "7")
    assert farm in _pairs(database, "--until", until, "--together", "6")
    # the farmers' last 4 matches hold 4 meetings, all their 12 matches 12
    assert farm in _pairs(database, "--last", "4", "--together", "4")
    assert farm in _pairs(database, "--last", "20", "--together", "12")
    assert farm not in _pairs(database, "--last", "20", "--together", "13")
    assert _pairs(database, "--since", "2026-05-31", "--together", "2") == []  # after them
    assert farm in _pairs(database, "--since", "2026-05-30", "--together", "2")
    assert farm not in _pairs(database, "--since", "2026-05-30", "--together", "3")


def _pairs(database: str, *args: str) -> list[tuple[int, int]]:
    """The pairs listed, by K and M alone (``--chance 1``) unless ``args`` say otherwise."""
    code, out, err = _run("--database", database, "--json", "--chance", "1", *args)
    assert code == 0, err
    return [(p["receiver"]["id"], p["feeder"]["id"]) for p in json.loads(out)["pairs"]]


def test_a_one_sided_flow_comes_before_more_meetings_with_an_even_flow() -> None:
    """Two friends who always queue together and deal into each other evenly meet more often
    than the farmers, yet the farmers come first: the flow orders the report."""
    matches = []
    for i in range(10):
        friends = (1, 2, 10 + i, 20 + i)  # friends' deal-ins go both ways
        deals = (DealIn(0, 1, MANGAN),) if i % 2 else (DealIn(1, 0, MANGAN),)
        matches.append(RankedMatch(f"a{i}", i, friends, (1, 2, 3, 4), (30,) * 4, deals))
    for i in range(6):
        farm = (40 + i, 3, 50 + i, 4)  # 3 deals into 4
        matches.append(
            RankedMatch(f"b{i}", 100 + i, farm, (2, 4, 3, 1), (0,) * 4, (DealIn(1, 3, 3900),))
        )
    report = audit(matches, together=5, last=20)
    assert [(p.receiver, p.feeder) for p in report.pairs] == [(4, 3), (1, 2)]
    assert report.pairs[0].net_points == 6 * 3900 and report.pairs[1].net_points == 0
    assert report.groups == [[4, 3], [1, 2]]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--database", "not a url"], "not a database URL"),
        (["--database", "mysql://a@b/c"], "'mysql' is not a database jantaku keeps its tables in"),
        (["--together", "0"], "'--together'"),
        (["--together", "9", "--last", "5"], "--together (9) cannot exceed --last (5)"),
        (["--since", "2026-13-01"], "--since: '2026-13-01' is not a date"),
        (["--since", "2026-05-02", "--until", "2026-05-01"], "--since must come before --until"),
        (["--days", "7", "--since", "2026-05-01"], "give --since or --days, not both"),
        (["--days", "-1"], "'--days'"),
    ],
)
def test_bad_options_are_one_line(args: list[str], says: str, tmp_path: Path) -> None:
    database = _sqlite(tmp_path)
    code, out, err = _run(*(["--database", database] if "--database" not in args else []), *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and says in err, err


def test_a_database_that_is_not_there_is_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite3"
    code, _out, err = _run("--database", f"sqlite:///{missing}")
    assert code == 2 and err == f"error: no SQLite database at {missing}\n"
    assert not missing.exists()  # an audit makes no database
    other = tmp_path / "other.sqlite3"
    other.write_bytes(b"")  # a file, but no jantaku tables in it
    code, _out, err = _run("--database", f"sqlite:///{other}")
    assert code == 2 and err.count("\n") == 1 and "is not a jantaku database" in err, err


def _sqlite(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    Store(url).close()  # the schema, no matches
    return url


# Collusion without deal-ins: the feeder stays out of the receiver's way (deals into the others,
# takes the last place), so only the placements between the two are one-sided.

RANK_POINTS = (30, 15, 0, -30)  # by place


def _club(farm: bool, seed: int = 7, matches: int = 60) -> list[RankedMatch]:
    """A club of six accounts (1-6) where every match seats four of them at random, places at
    random, three deal-ins among the seats at random. With ``farm``, account 1 never places
    above account 2 when both sit (it takes the last place from whoever drew it) and no deal-in
    passes between them."""
    rng = random.Random(seed)
    out = []
    for i in range(matches):
        players = tuple(rng.sample(range(1, 7), 4))
        places = rng.sample(range(1, 5), 4)
        deals = [
            DealIn(*rng.sample(range(4), 2), rng.choice([1000, 3900, MANGAN])) for _ in range(3)
        ]
        if farm and 1 in players and 2 in players:
            f, r = players.index(1), players.index(2)
            last = places.index(4)
            places[f], places[last] = places[last], places[f]  # the feeder takes the 4th
            deals = [d for d in deals if {d.from_seat, d.to_seat} != {f, r}]
        deltas = tuple(RANK_POINTS[p - 1] for p in places)
        out.append(RankedMatch(f"c{i:02d}", float(i), players, tuple(places), deltas, tuple(deals)))
    return out


def test_a_farm_by_placements_alone_is_listed_in_a_club_where_everyone_meets() -> None:
    """Six accounts meet all the time, so meeting says nothing; the farming pair is listed by
    its placements (receiver above feeder in every meeting), the receiver the right way round
    though no point passed between them, and no other pair of the club."""
    matches = _club(farm=True)
    report = audit(matches, together=5, last=40)
    assert [(p.receiver, p.feeder) for p in report.pairs] == [(2, 1)]
    assert report.tested == 15  # every pair of the club met at least 5 times
    pair = report.pairs[0]
    assert pair.listed_by == ("placements",)
    assert pair.chance == 1.0 and pair.deal_in_chance == 1.0
    assert (pair.fed, pair.returned, pair.net_points) == (0, 0, 0)
    assert pair.receiver_above == pair.meetings and pair.feeder_above == 0
    assert pair.placement_chance == pytest.approx(min(1.0, 2 * 15 / 2**pair.meetings))
    assert pair.feeder_rank_points == -30 * pair.meetings  # the feeder took every 4th place
    # the rank points of their last matches without each other, for comparison
    for account, other, apart in ((2, 1, pair.receiver_apart), (1, 2, pair.feeder_apart)):
        own = [m for m in matches if account in m.players][-40:]
        alone = [m for m in own if other not in m.players]
        points = sum(RANK_POINTS[m.places[m.players.index(account)] - 1] for m in alone)
        assert apart == (len(alone), points)
    assert report.groups == [[2, 1]]


def test_a_club_with_even_placements_lists_nobody() -> None:
    """The same club without the farm: every pair met often, and one placed above the other
    about as often as the other way round, so no pair is listed."""
    report = audit(_club(farm=False), together=5, last=40)
    assert report.tested == 15 and report.pairs == []


def test_one_sided_deal_ins_list_a_pair_where_meeting_is_no_signal() -> None:
    """In the club, account 1 deals into account 2 in every match they share and never the
    other way: listed by its deal-ins, though meeting says nothing."""
    matches = []
    for m in _club(farm=False):
        if 1 in m.players and 2 in m.players:
            f, r = m.players.index(1), m.players.index(2)
            others = [d for d in m.deal_ins if {d.from_seat, d.to_seat} != {f, r}]
            m = RankedMatch(
                m.game_id, m.finished_at, m.players, m.places, m.rank_deltas,
                (DealIn(f, r, MANGAN), *others),
            )  # fmt: skip
        matches.append(m)
    report = audit(matches, together=5, last=40)
    assert [(p.receiver, p.feeder, p.listed_by) for p in report.pairs] == [(2, 1, ("deal-ins",))]
    pair = report.pairs[0]
    assert (pair.fed, pair.returned) == (pair.meetings, 0)
    assert pair.deal_in_chance == pytest.approx(min(1.0, 2 * 15 / 2**pair.meetings))


def test_friends_meeting_often_with_even_placements_are_listed_by_meetings_only() -> None:
    """In a big pool two friends who always queue together are listed for meeting that often,
    as before; their placements, even, are not a signal."""
    matches = []
    for i in range(12):
        places = (1, 2, 3, 4) if i % 2 else (2, 1, 3, 4)
        matches.append(RankedMatch(f"f{i}", i, (1, 2, 10 + i, 30 + i), places, (0,) * 4, ()))
    report = audit(matches, together=5, last=20)
    assert [(p.receiver, p.feeder, p.listed_by) for p in report.pairs] == [(1, 2, ("meetings",))]
    assert report.pairs[0].placement_chance == 1.0


def _club_in(database: str) -> tuple[int, int]:
    """Stored: a club of six accounts, 30 matches of four of them at random, where the feeder
    deals into the third parties whenever it sits with the receiver, who wins from one of them:
    the receiver places above the feeder, and no deal-in passes between the two."""
    store = Store(database)
    try:
        receiver = store.add_user("Receiver", None, False).id
        feeder = store.add_user("Feeder", None, False).id
        club = [receiver, feeder, *(store.add_user(f"Member{i}", None, False).id for i in range(4))]
        rng = random.Random(5)
        for i in range(30):
            players = rng.sample(club, 4)
            if receiver in players and feeder in players:
                r, f = players.index(receiver), players.index(feeder)
                a, b = (s for s in range(4) if s not in (r, f))
                deals = [DealIn(f, a, 3900), DealIn(f, b, 3900), DealIn(a, r, MANGAN)]
            else:
                deals = [DealIn(*rng.sample(range(4), 2), rng.choice([1000, 3900, MANGAN]))
                         for _ in range(3)]  # fmt: skip
            _store(store, f"h{i:03d}", START + i * 3600, players, deals)
    finally:
        store.close()
    return receiver, feeder


def test_the_cli_lists_a_farm_by_placements_and_says_so(database: str) -> None:
    receiver, feeder = _club_in(database)
    code, out, err = _run("--database", database, "--json")
    assert code == 0, err
    report = json.loads(out)
    [pair] = report["pairs"]
    assert report["accounts"] == 6 and report["tested"] == 15
    assert (pair["receiver"]["id"], pair["feeder"]["id"]) == (receiver, feeder)
    assert pair["listed_by"] == ["placements"]
    n = pair["meetings"]
    assert pair["receiver_placed_above"] == n and pair["feeder_placed_above"] == 0
    assert pair["fed"] == pair["returned"] == {"deal_ins": 0, "points": 0}
    assert pair["chance"] == 1.0 and pair["deal_in_chance"] == 1.0
    assert pair["placement_chance"] <= 0.01
    assert pair["rank_points"] == {"receiver": 30 * n, "feeder": 0}  # first and last
    assert pair["apart"]["receiver"]["matches"] + n == 20  # its last 20, without the feeder
    code, text, err = _run("--database", database)
    assert code == 0, err
    assert f"1. Receiver (#{receiver}) <- Feeder (#{feeder}): met {n} times" in text
    assert "   listed by: placements\n" in text
    assert (
        f"Receiver (#{receiver}) placed above Feeder (#{feeder}) in {n} of {n}, below in 0" in text
    )
    assert f"rank points a match: Receiver (#{receiver}) +30.0 together, " in text
    assert "Member" not in text
    # these matches were stored without their rules and actions: none plays again, each says so
    assert "played again for the wins passed up: 0 matches (30 did not replay)\n" in text
    assert f"   passed up: none of their {n} matches together played again\n" in text
    assert err.count("warning: match h0") == 30 and "its table has no readable rules" in err
