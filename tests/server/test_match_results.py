"""What the end of a match tells (doman-rules.md §2.10, §5): why it ended, the riichi sticks
left on the table and who got them, and at a ranked table each seat's rank points and rating
change; checked against numbers worked out here from the spec, not read back from the code."""

from __future__ import annotations

from typing import Any

from jantaku.engine.actions import ActionKind
from jantaku.engine.clock import ManualClock
from jantaku.engine.reasons import EndReason
from jantaku.families import family
from jantaku.players.filler import Filler
from jantaku.server.config import ServerSettings, table_config
from jantaku.server.manager import Lobby
from jantaku.server.match_summary import REASON_CODES, leftover_sticks, reason_code
from jantaku.server.storage import Store
from jantaku.server.tables import Table
from tests.server.rows import quick_table_row


def _live_table(store: Store, kind: str, seats: list[dict[str, Any]], seed: str) -> Table:
    """A live quick table of ``kind`` with ``seats``, resumed by a lobby (nothing played)."""
    row = quick_table_row(kind, seats=seats, seed=seed)
    store.create_table(row)
    lobby = Lobby(store, ServerSettings())
    assert lobby.recover() == 1
    return lobby.tables[row.id]


def _play(table: Table, riichi_seat: int | None = None) -> None:
    """Every seat played by the seat filler, but ``riichi_seat`` declares riichi when it can
    (so that sticks lie on the table); call windows are closed at once."""
    filler = Filler()
    seen = [0, 0, 0, 0]
    keen = (
        family("riichi").new_player("efficiency", 1, "doman") if riichi_seat is not None else None
    )
    for _ in range(40000):
        if table.status != "live":
            return
        engine = table.engine
        assert engine is not None
        if engine.holding or table._deferred is not None:
            table._close_window()
            continue
        seat = engine.to_act()[0]
        legal = engine.legal_actions(seat)
        riichi = [a for a in legal if a.kind is ActionKind.RIICHI]
        wins = [a for a in legal if a.kind in (ActionKind.TSUMO, ActionKind.RON)]
        if seat == riichi_seat and riichi and not wins:
            table._commit(riichi[0], "bot")
        elif seat == riichi_seat and keen is not None:  # makes its hand ready
            keen.observe([e.seen_by(seat) for e in engine.log[seen[seat] :]])
            seen[seat] = len(engine.log)
            table._commit(keen.choose(engine.view(seat)), "bot")
        else:
            table._commit(filler.choose(engine.view(seat)), "bot")
    raise AssertionError("the match did not end")  # pragma: no cover


def _account(
    store: Store, name: str, rank: int = 0, points: int = 0, rating: float = 1500.0, games: int = 0
) -> dict[str, Any]:
    user = store.add_user(name, "-", guest=False)
    user.rank_index, user.rank_points, user.rating, user.rated_games = rank, points, rating, games
    store.save_user(user)
    return {"user_id": user.id, "name": name, "bot": None}


def _bot(i: int) -> dict[str, Any]:
    return {"user_id": None, "name": f"filler-{i}", "bot": "filler"}


def _ended(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == "deal_ended"]


def test_a_practice_match_end_says_why_and_who_got_the_sticks(database: str) -> None:
    store = Store(database)
    person = _account(store, "alice")
    seen = 0
    for n in range(12):  # seeds until a match ends with riichi sticks on the table
        table = _live_table(store, "practice", [person, _bot(1), _bot(2), _bot(3)], f"s{n}")
        _play(table, riichi_seat=0)
        result = table._result_json()
        game = store.game(table.id)
        assert game is not None and game.result == result  # the record says the same
        events = game.events
        last = _ended(events)[-1]
        # §2.10: practice tables are unrated; nobody's rank changes
        assert result["ranked"] is False and result["rated"] is False and result["ranks"] is None
        # the reason, from the last deal: below zero is a bust; else East 4 was played out
        starts = [e for e in events if e["type"] == "deal_started"]
        if any(s < 0 for s in last["scores"]):
            assert result["reason_code"] == "bust"
        else:
            assert (starts[-1]["round_wind"], starts[-1]["deal"]) == (0, 3)
            assert result["reason_code"] in ("last_hand", "dealer_stop")
        # §2.10: leftover riichi sticks (1,000 each) go to the first-placed player
        sticks = last["deposits"]
        first = result["ranking"][0]
        assert result["leftover"]["sticks"] == sticks
        assert result["leftover"]["points"] == 1000 * sticks
        assert result["leftover"]["to"] == (first if sticks else None)
        expected = list(last["scores"])
        expected[first] += 1000 * sticks
        assert result["scores"] == expected
        if sticks:
            seen += 1
            break
    assert seen, "no seed left riichi sticks on the table"
    store.close()


def test_the_120_minute_stop_leaves_the_sticks_with_nobody() -> None:
    """An unrecorded match (§2.10: the 120-minute limit) gives the sticks to nobody."""
    config = table_config("practice", "quick")
    clock = ManualClock()
    match = family("riichi").new_game(config.preset, "x", clock=clock, overrides=config.overrides)
    players = [family("riichi").new_player("efficiency", i, "doman") for i in range(4)]
    riichi_done = False
    while not riichi_done:  # play until a riichi is accepted, so one stick lies on the table
        assert not match.finished
        seat = match.to_act()[0]
        riichi = [a for a in match.legal_actions(seat) if a.kind is ActionKind.RIICHI]
        events = match.apply(riichi[0] if riichi else players[seat].choose(match.view(seat)))
        for i, p in enumerate(players):
            p.observe([e.seen_by(i) for e in events])
        riichi_done = any(e.type == "riichi_accepted" for e in events)
    clock.advance(120 * 60)
    seat = match.to_act()[0]
    match.apply(players[seat].choose(match.view(seat)))
    assert match.result is not None and not match.result.recorded
    assert reason_code(match.result.reason) == "time_120"
    left = leftover_sticks(match.log, match.result, to_first=True)
    assert left["sticks"] >= 1 and left["to"] is None


# doman-rules.md §5.1: (rank name, points on reaching it, points needed, 4th-place delta)
_LADDER = {
    0: ("Novice", 0, 20, 0),
    1: ("9th Kyu", 0, 20, 0),
    8: ("2nd Kyu", 0, 100, -10),
    9: ("1st Kyu", 0, 100, -20),
    10: ("1st Dan", 200, 400, -30),
    11: ("2nd Dan", 400, 800, -45),
}
_NOVICE_TABLE = {1: 30, 2: 15, 3: 0}  # §5.1, the novice table's 1st-3rd place
_P = {1: 30, 2: 10, 3: -10, 4: -30}  # Q14


def _expected(
    rank: int, points: int, rating: float, games: int, others: list[float], place: int
) -> dict[str, Any]:
    """A seat's change worked out from §5.1 and Q14."""
    name, _start, needed, fourth = _LADDER[rank]
    delta = fourth if place == 4 else _NOVICE_TABLE[place]
    after, new_rank = points + delta, rank
    if after >= needed:  # promotion: the next rank's start value (Q16)
        new_rank, after = rank + 1, _LADDER[rank + 1][1]
    elif after < 0:  # a Dan rank is demoted to the rank below's start (Q16); a Kyu stays at 0
        if rank >= 10:
            new_rank, after = rank - 1, _LADDER[rank - 1][1]
        else:
            after = 0
    k = max(1 - 0.002 * games, 0.2)
    change = k * (_P[place] + (sum(others) / 3 - rating) / 40)
    return {
        "place": place,
        "rank_before": name,
        "rank": _LADDER[new_rank][0],
        "rank_points_before": points,
        "rank_points": after,
        "rank_delta": delta,
        "rating_delta": round(change, 2),
    }


def test_a_ranked_match_end_gives_rank_points_and_rating_changes(database: str) -> None:
    store = Store(database)
    standing = [
        (8, 95, 1620.0, 100),
        (10, 210, 1700.0, 40),
        (0, 10, 1500.0, 0),
        (9, 5, 1450.0, 450),
    ]
    seats = [_account(store, n, *standing[i]) for i, n in enumerate(("al", "bo", "cy", "di"))]
    table = _live_table(store, "novice", seats, "ranked-seed")
    _play(table)
    result = table._result_json()
    assert result["ranked"] is True and result["rated"] is True
    game = store.game(table.id)
    assert game is not None and game.result["ranks"] == result["ranks"]
    ratings = [s[2] for s in standing]
    for seat in range(4):
        place = result["ranking"].index(seat) + 1
        rank, points, rating, games = standing[seat]
        others = [r for j, r in enumerate(ratings) if j != seat]
        want = _expected(rank, points, rating, games, others, place)
        got = result["ranks"][seat]
        assert {k: got[k] for k in want} == want, (seat, got, want)
        assert abs(got["rating"] - (rating + want["rating_delta"])) < 0.02
        user = store.user(seats[seat]["user_id"])  # and the accounts were changed so
        assert user is not None
        assert _LADDER[user.rank_index][0] == want["rank"]
        assert user.rank_points == want["rank_points"]
    store.close()


def _text(module: Any, node: Any, function: Any) -> Any:
    """A string written out, named by a constant (engine/reasons.py), or last assigned to a
    local name in ``function`` before ``node``; else None."""
    import ast

    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name) and node.id.isupper():
        return getattr(module, node.id)
    if isinstance(node, ast.Name):
        assigned = [
            sub
            for sub in ast.walk(function)
            if isinstance(sub, ast.Assign)
            and [getattr(t, "id", None) for t in sub.targets] == [node.id]
            and sub.lineno < node.lineno
        ]
        if assigned:
            last = max(assigned, key=lambda sub: sub.lineno)
            return _text(module, last.value, function)
    return None


def _engine_reasons() -> dict[str, str]:
    """Every reason the engines can give for a match's end, with the code they give with it:
    each ``Ending`` the riichi flow and match make, the classical default."""
    import ast
    import inspect

    from jantaku.engine.classical.match import ClassicalMatchResult
    from jantaku.engine.riichi import flow, match

    fields = ClassicalMatchResult.__dataclass_fields__
    reasons = {fields["reason"].default: fields["code"].default.value}
    for module in (flow, match):
        tree = ast.parse(inspect.getsource(module))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            for sub in ast.walk(function):
                if isinstance(sub, ast.Call) and getattr(sub.func, "id", "") == "Ending":
                    code, text = sub.args[0], sub.args[1]
                    assert isinstance(code, ast.Attribute), ast.dump(sub)
                    reasons[_text(module, text, function)] = EndReason[code.attr].value
    return reasons


def test_every_reason_an_engine_gives_has_its_code_in_its_words() -> None:
    """A record stored before the code existed is read by its words: each sentence an engine
    writes must say the code the engine gives with it."""
    reasons = _engine_reasons()
    assert None not in reasons
    assert len(reasons) >= 9  # bust, 80 minutes, last hand, two dealer stops, 120 minutes, ...
    assert {r: reason_code(r) for r in reasons} == reasons


def test_the_80_minute_rule_ends_the_match_after_the_next_hand() -> None:
    """§2.10: once 80 minutes have passed, the hand after the one in progress is the last."""
    config = table_config("practice", "full")
    clock = ManualClock()
    match = family("riichi").new_game(config.preset, "y", clock=clock, overrides=config.overrides)
    players = [family("riichi").new_player("efficiency", i, "doman") for i in range(4)]
    clock.advance(80 * 60)
    deals = 0
    while not match.finished:
        seat = match.to_act()[0]
        events = match.apply(players[seat].choose(match.view(seat)))
        deals += sum(1 for e in events if e.type == "deal_ended")
        for i, p in enumerate(players):
            p.observe([e.seen_by(i) for e in events])
    assert match.result is not None and match.result.recorded
    if any(s < 0 for s in match.result.scores):  # a bust may come first
        assert reason_code(match.result.reason) == "bust"
    else:
        assert deals == 2 and reason_code(match.result.reason) == "time_80"


def test_every_reason_code_is_worded_in_both_languages() -> None:
    from pathlib import Path

    from tests.server.js_labels import read_dictionary

    i18n = Path(__file__).resolve().parents[2] / "src/jantaku/server/static/js/i18n"
    codes = {*REASON_CODES.values(), "other"}
    for lang in ("en", "de"):
        labels = read_dictionary(i18n / f"table.{lang}.js")
        assert {c for c in codes if f"table.end_reason.{c}" not in labels} == set(), lang


def test_the_classical_score_sheets_end_has_its_code() -> None:
    """A classical score sheet ends after the North round: its German reader is told so in
    German (the code's words), not "The match ended." of an unknown reason."""
    from jantaku.families.classical_sheet import _GAME_OVER

    assert reason_code(_GAME_OVER) == "last_hand"
