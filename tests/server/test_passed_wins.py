"""The wins passed up in ranked matches (passed_wins.py, the ``passed-rons`` signal of
``jantaku ranked-audit``): real matches played by bots through the engine as the server's
tables play them (a call window after every discard), their actions stored with who decided
each one, as the server stores them. A feeder passes up every ron on the receiver's discards;
the test counts, while the match is played, every win the engine offered and how it was
answered, and the audit's figures, read back by playing the stored matches again, must be
those counts. Honest bots take every win (RiichiBot), so they pass up none. A stored match
that does not replay is one line naming it, and the audit goes on."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from click.testing import CliRunner
from sqlalchemy import delete, update

from jantaku.cli import main
from jantaku.server.models import ActionRow, GameRow
from jantaku.server.passed_wins import WinOffer
from jantaku.server.ranked_audit import RankedMatch, audit
from jantaku.server.storage import Store
from tests.server.played_matches import START, Seen, play


def _farm(database: str) -> tuple[int, int, list[int], Seen]:
    """Stored: 8 matches of the receiver and the feeder with two of four honest accounts (the
    feeder's decisions in the first stored as its timer's, in the second taken over by a
    computer player half-way), 3 of the feeder with three honest ones, 2 of the receiver."""
    store = Store(database)
    seen = Seen()
    try:
        receiver = store.add_user("Receiver", None, False).id
        feeder = store.add_user("Feeder", None, False).id
        honest = [store.add_user(f"Honest{i}", None, False).id for i in range(4)]
        rng = random.Random(11)
        for i in range(13):
            if i < 8:
                players = [receiver, feeder, *rng.sample(honest, 2)]
            elif i < 11:
                players = [feeder, *rng.sample(honest, 3)]
            else:
                players = [receiver, *rng.sample(honest, 3)]
            rng.shuffle(players)
            play(
                store, f"m{i:02d}", START + i * 3600, players, seen, feeder, receiver,
                timer_passes=i == 0,
                takeover_from=150 if i == 1 else None,
            )  # fmt: skip
    finally:
        store.close()
    return receiver, feeder, honest, seen


def _expected(seen: Seen, account: int, other: int, games: set[str]) -> dict[str, Any]:
    """The figures the audit must give for ``account`` (against ``other``), counted from what
    the test saw: the person's decisions (its own and its timer's), never a takeover's."""
    count: Counter[tuple[str, str]] = Counter()
    for game, who, frm, taken, source in seen.offers:
        if who != account or source == "bot":
            continue
        if frm is None:
            where = "self_draws" if game in games else "apart_self_draws"
        elif game not in games:
            where = "apart_rons"
        else:
            where = "rons_on_other" if frm == other else "rons_elsewhere"
        count[(where, "offered")] += 1
        if not taken:
            count[(where, "timed_out" if source == "timeout" else "passed")] += 1

    def of(where: str) -> dict[str, int]:
        return {k: count[(where, k)] for k in ("offered", "passed", "timed_out")}

    return {
        "rons_on_other": of("rons_on_other"),
        "rons_elsewhere": of("rons_elsewhere"),
        "self_draws": of("self_draws"),
        "apart": {"rons": of("apart_rons"), "self_draws": of("apart_self_draws")},
    }


def _run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, ["ranked-audit", *args])
    return r.exit_code, r.stdout, r.stderr


def test_the_wins_a_feeder_passed_up_are_counted_from_the_replayed_matches(
    database: str,
) -> None:
    receiver, feeder, honest, seen = _farm(database)
    fed = [o for o in seen.offers if o[1] == feeder and o[2] == receiver]
    assert any(not taken for _g, _w, _f, taken, src in fed if src == "player"), fed
    assert any(src == "timeout" for *_x, src in fed) or any(src == "bot" for *_x, src in fed)
    assert all(taken for _g, who, _f, taken, _s in seen.offers if who != feeder)  # honest bots
    code, out, err = _run(
        "--database", database, "--json", "--together", "2", "--last", "20", "--chance", "1"
    )
    assert code == 0 and err == "", err
    report = json.loads(out)
    assert report["replayed"] == 13 and report["unreplayed"] == []
    pairs = {(p["receiver"]["id"], p["feeder"]["id"]): p for p in report["pairs"]}
    pair = pairs[(receiver, feeder)]
    together = set(pair["games"])
    assert len(together) == 8 and pair["replayed"] == 8
    assert pair["passed_wins"]["feeder"] == _expected(seen, feeder, receiver, together)
    assert pair["passed_wins"]["receiver"] == _expected(seen, receiver, feeder, together)
    assert pair["passed_wins"]["feeder"]["rons_on_other"]["passed"] > 0
    # honest accounts passed up nothing, with anyone
    for (r, f), p in pairs.items():
        for role, account in (("receiver", r), ("feeder", f)):
            if account in honest:
                wins = p["passed_wins"][role]
                flat = [wins[k] for k in ("rons_on_other", "rons_elsewhere", "self_draws")]
                flat += list(wins["apart"].values())
                assert all(c["passed"] == c["timed_out"] == 0 for c in flat), p
        if feeder not in (r, f):
            assert p["passed_ron_chance"] == 1.0
    code, text, err = _run(
        "--database", database, "--together", "2", "--last", "20", "--chance", "1"
    )
    assert code == 0, err
    assert "played again for the wins passed up: 13 matches\n" in text
    mine = _expected(seen, feeder, receiver, together)["rons_on_other"]
    let_go = mine["passed"] + mine["timed_out"]
    assert f"Feeder (#{feeder}): rons on Receiver (#{receiver})'s discards {let_go} of " in text


def _stored_pair(database: str) -> tuple[int, int]:
    """Two matches of the same four accounts, stored as played."""
    store = Store(database)
    try:
        accounts = [store.add_user(f"P{i}", None, False).id for i in range(4)]
        for i in range(2):
            play(store, f"c{i}", START + i * 3600, accounts, Seen())
    finally:
        store.close()
    return accounts[0], accounts[1]


@pytest.mark.parametrize("damage", ["bad tile", "no actions", "other wins"])
def test_a_match_that_does_not_replay_is_one_line_and_the_audit_goes_on(
    database: str, damage: str
) -> None:
    _stored_pair(database)
    store = Store(database)
    try:
        with store.engine.begin() as c:
            if damage == "bad tile":
                c.execute(
                    update(ActionRow)
                    .where(ActionRow.table_id == "c0", ActionRow.seq == 40)
                    .values(action={"type": "discard", "seat": 9, "tile": "5m", "tile_index": 1})
                )
            elif damage == "no actions":
                c.execute(delete(ActionRow).where(ActionRow.table_id == "c0"))
            else:  # the stored events lost their wins: the actions are not this match's
                c.execute(update(GameRow).where(GameRow.id == "c0").values(events=[]))
    finally:
        store.close()
    code, out, err = _run("--database", database, "--json", "--together", "2", "--chance", "1")
    assert code == 0
    assert err.count("\n") == 1 and err.startswith("warning: match c0: "), err
    says = {
        "bad tile": "stored action 40 ({'type': 'discard', 'seat': 9",
        "no actions": "no stored actions",
        "other wins": "wins that are not the 0 the match stored",
    }[damage]
    assert says in err and err.endswith("its passed-up wins are not counted\n"), err
    report = json.loads(out)
    assert report["replayed"] == 1
    assert [u["game"] for u in report["unreplayed"]] == ["c0"]
    assert all(p["replayed"] == 1 for p in report["pairs"]) and len(report["pairs"]) == 6
    code, text, _err = _run("--database", database, "--together", "2", "--chance", "1")
    assert code == 0 and "played again for the wins passed up: 1 matches (1 did not replay)" in text


def _tail(offered: int, on_other: int, let_go: int, on_other_let_go: int) -> float:
    """The chance by brute force: every way to pick which ``let_go`` of the ``offered`` rons
    were passed up, the share with at least ``on_other_let_go`` on the other's discards."""
    ways = list(combinations(range(offered), let_go))
    hits = sum(sum(1 for i in w if i < on_other) >= on_other_let_go for w in ways)
    return hits / len(ways)


def test_a_pair_is_listed_by_passed_rons_when_they_fall_on_the_other_far_more_than_chance() -> None:
    """Six accounts meet all the time; account 1 passes up every ron on account 2's discards
    and takes every other: listed by ``passed-rons`` alone (its chance that of the offers'
    hypergeometric tail, by brute force, times two directions and the pairs tested), and
    account 2 is the receiver though nothing else passed between them."""
    rng = random.Random(5)
    matches, offers = [], {}
    for i in range(26):  # 12 meetings of accounts 1 and 2: placements split 6 and 6
        players = tuple(rng.sample(range(1, 7), 4))
        game = f"r{i:02d}"
        matches.append(RankedMatch(game, float(i), players, (1, 2, 3, 4), (0,) * 4, ()))
        found = []
        for seat in range(4):  # one ron offer for each seat on the next seat's discard
            frm = (seat + 1) % 4
            passed = players[seat] == 1 and players[frm] == 2
            found.append(WinOffer(seat, frm, not passed, "player"))
        offers[game] = tuple(found)
    matches = _even_between(matches, 1, 2)
    report = audit(
        matches, together=5, last=40, offers=lambda ms: {m.game_id: offers[m.game_id] for m in ms}
    )
    listed = [(p.receiver, p.feeder, p.listed_by) for p in report.pairs]
    assert listed == [(2, 1, ("passed-rons",))], listed
    pair = report.pairs[0]
    fw = pair.feeder_passes
    n = fw.on_other.offered + fw.elsewhere.offered + fw.apart_rons.offered
    assert fw.on_other.passed == fw.on_other.offered > 0
    assert fw.elsewhere.passed == fw.apart_rons.passed == 0
    expected = (
        2 * report.tested * _tail(n, fw.on_other.offered, fw.on_other.passed, fw.on_other.passed)
    )
    assert pair.passed_ron_chance == pytest.approx(min(1.0, expected))
    assert pair.passed_ron_chance <= 0.01
    assert pair.receiver_above == pair.feeder_above and pair.fed == pair.returned == 0
    assert report.replayed == 26 and pair.meetings == 12


def _even_between(matches: list[RankedMatch], a: int, b: int) -> list[RankedMatch]:
    """The matches with ``a`` above ``b`` in every other meeting, ``b`` above ``a`` in the rest."""
    out, met = [], 0
    for m in matches:
        places = [3, 4, 3, 4]
        if a in m.players and b in m.players:
            first, second = (a, b) if met % 2 == 0 else (b, a)
            met += 1
            places[m.seat_of(first)], places[m.seat_of(second)] = 1, 2
            rest = [s for s in range(4) if m.players[s] not in (a, b)]
            places[rest[0]], places[rest[1]] = 3, 4
        else:
            places = [1 + (s + int(m.finished_at)) % 4 for s in range(4)]  # by turns
        out.append(
            RankedMatch(m.game_id, m.finished_at, m.players, tuple(places), m.rank_deltas, ())
        )
    return out


def test_no_replay_lists_nobody_by_passed_rons() -> None:
    """Without the matches played again, no pair has passed-up wins: chance 1."""
    matches = [
        RankedMatch(f"x{i}", float(i), (1, 2, 3, 4), (1, 2, 3, 4), (0,) * 4, ()) for i in range(6)
    ]
    report = audit(matches, together=5, last=20, chance=1.0)
    assert report.replayed == 0
    assert all(p.passed_ron_chance == 1.0 for p in report.pairs)
    assert math.isclose(report.pairs[0].chances()["passed-rons"], 1.0)
