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
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import pytest
from click.testing import CliRunner
from sqlalchemy import delete, update

from jantaku.cli import main
from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.clock import ManualClock
from jantaku.families import family
from jantaku.players.protocol import Player, tell
from jantaku.players.riichi import make_player
from jantaku.server.config import table_config
from jantaku.server.models import ActionRow, GameRow, TableRow
from jantaku.server.passed_wins import WinOffer
from jantaku.server.ranked_audit import RankedMatch, audit
from jantaku.server.ranks import RankChange, RankState
from jantaku.server.records import player_lines
from jantaku.server.storage import ActionRecord, Store

START = 1_780_000_000.0
_WIN_KINDS = (ActionKind.RON, ActionKind.TSUMO)


class _Feeder:
    """Plays as its bot, but passes up every ron on one seat's discards (or its kong)."""

    name = "feeder"

    def __init__(self, bot: Player, receiver_seat: int) -> None:
        self.bot, self.receiver_seat = bot, receiver_seat
        self.owner: int | None = None  # whose tile the open call window is about

    def observe(self, events: Sequence[Any]) -> None:
        for e in events:
            if e.type in ("discarded", "kan_declared"):
                self.owner = e.seat
        self.bot.observe(events)

    def choose(self, view: Any) -> Action:
        legal = view.legal_actions
        if self.owner == self.receiver_seat and any(a.kind is ActionKind.RON for a in legal):
            return next(a for a in legal if a.kind is ActionKind.PASS)
        return self.bot.choose(view)


@dataclass
class _Seen:
    """What the test saw offered while it played: (match, account, from account or None for
    a self-draw, taken, source) for every decision where the engine offered a win."""

    offers: list[tuple[str, int, int | None, bool, str]] = field(default_factory=list)


def _play(
    store: Store,
    game_id: str,
    when: float,
    players: list[int],
    seen: _Seen,
    feeder: int | None = None,
    receiver: int | None = None,
    timer_passes: bool = False,
    takeover_from: int | None = None,
) -> None:
    """A full ranked (novice) match of ``players`` (accounts, seat order) played by bots and
    stored as the server stores it. With ``feeder`` and ``receiver`` seated, the feeder passes
    up every ron on the receiver's discards; with ``timer_passes`` those passes are stored as
    its timer's (it let its time run out), and from its ``takeover_from``-th decision on its
    decisions as a computer player's (its seat taken over)."""
    config = table_config("novice", "full")
    clock = ManualClock()
    fam = family(config.family)
    seed = f"seed-{game_id}"
    engine = fam.new_game(config.preset, seed, clock=clock, overrides=config.overrides)
    engine.hold_calls = True
    bots: list[Player] = [make_player("efficiency", f"{game_id}:{s}") for s in range(4)]
    fed = None
    if feeder in players and receiver in players:
        f = players.index(feeder)
        bots[f] = fed = _Feeder(bots[f], players.index(receiver))
    seats = [{"user_id": u, "name": f"p{u}", "bot": None} for u in players]
    store.create_table(
        TableRow(
            id=game_id, family="riichi", kind="novice", config=config.to_json(), seed=seed,
            commitment="c", status="live", invite_code=None, seats=seats, created_at=when - 3600,
            started_at=when - 3600, created_by=None,
        )
    )  # fmt: skip
    records, owner, feeder_decisions = [], None, 0
    while not engine.finished:
        if engine.holding:
            tell(bots, engine.close_calls())
            continue
        seat = engine.to_act()[0]
        offered = [a for a in engine.legal_actions(seat) if a.kind in _WIN_KINDS]
        action = bots[seat].choose(engine.view(seat))
        if fed is not None and seat == fed.receiver_seat:
            action = _into_wait(engine, seat, bots.index(fed)) or action
        source = "player"
        if isinstance(bots[seat], _Feeder):
            feeder_decisions += 1
            if timer_passes and offered and action.kind is ActionKind.PASS:
                source = "timeout"
            if takeover_from is not None and feeder_decisions >= takeover_from:
                source = "bot"
        if offered:
            tsumo = offered[0].kind is ActionKind.TSUMO
            frm = None if tsumo or owner is None else players[owner]
            taken = action.kind is offered[0].kind
            seen.offers.append((game_id, players[seat], frm, taken, source))
        clock.time += 2.0
        records.append(
            ActionRecord(game_id, len(records) + 1, action.to_json(), clock.time, source, None)
        )
        events = engine.apply(action)
        for e in events:
            if e.type in ("discarded", "kan_declared"):
                owner = e.seat
        tell(bots, events)
    store.append_actions(records)
    outcome = engine.result
    assert outcome is not None
    places = {s: i + 1 for i, s in enumerate(outcome.ranking)}
    ranks = [
        RankChange(places[s], RankState(0, 0), RankState(0, 0), (30, 10, 0, 0)[places[s] - 1],
                   1500.0, 1500.0).to_json()
        for s in range(4)
    ]  # fmt: skip
    result = {"scores": list(outcome.scores), "ranked": True, "rated": True, "ranks": ranks}
    events = [e.to_json() for e in engine.log]
    store.finish_game(
        game_id, True, result, events, player_lines(game_id, seats, outcome, engine.log)
    )
    with store.engine.begin() as c:
        c.execute(update(GameRow).where(GameRow.id == game_id).values(finished_at=when))


def _into_wait(engine: Any, seat: int, feeder_seat: int) -> Action | None:
    """A discard of ``seat`` that the feeder waits on, if it has one: the receiver gives the
    feeder rons to pass up (the test's device; the audit never sees who chose what)."""
    waits = set(engine.view(feeder_seat).waits)
    for a in engine.legal_actions(seat):
        if a.kind is ActionKind.DISCARD and a.tile is not None and a.tile.kind in waits:
            return a
    return None


def _farm(database: str) -> tuple[int, int, list[int], _Seen]:
    """Stored: 8 matches of the receiver and the feeder with two of four honest accounts (the
    feeder's decisions in the first stored as its timer's, in the second taken over by a
    computer player half-way), 3 of the feeder with three honest ones, 2 of the receiver."""
    store = Store(database)
    seen = _Seen()
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
            _play(
                store, f"m{i:02d}", START + i * 3600, players, seen, feeder, receiver,
                timer_passes=i == 0,
                takeover_from=150 if i == 1 else None,
            )  # fmt: skip
    finally:
        store.close()
    return receiver, feeder, honest, seen


def _expected(seen: _Seen, account: int, other: int, games: set[str]) -> dict[str, Any]:
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
            _play(store, f"c{i}", START + i * 3600, accounts, _Seen())
    finally:
        store.close()
    return accounts[0], accounts[1]


@pytest.mark.parametrize("damage", ["bad tile", "no actions"])
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
            else:
                c.execute(delete(ActionRow).where(ActionRow.table_id == "c0"))
    finally:
        store.close()
    code, out, err = _run("--database", database, "--json", "--together", "2", "--chance", "1")
    assert code == 0
    assert err.count("\n") == 1 and err.startswith("warning: match c0: "), err
    says = (
        "stored action 40 ({'type': 'discard', 'seat': 9"
        if damage == "bad tile"
        else "no stored actions"
    )
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
