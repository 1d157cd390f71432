"""The record formats of a match stopped inside a hand (abandoned by everybody, or cut by the
120-minute hard stop) are truthful: the unfinished hand claims no end (no mjai ``end_kyoku``, no
tenhou.net/6 result), the match's end is still written, and jantaku reads the files back and
replays them without a mismatch."""

from __future__ import annotations

import json
import random
from typing import Any

from jantaku.engine.clock import ManualClock
from jantaku.engine.riichi.match import Match
from jantaku.families import family
from jantaku.formats.detect import read_games_text
from jantaku.formats.replay import check_game
from jantaku.server.abandon import abandoned
from jantaku.server.config import table_config
from jantaku.server.export import export_game, replay_stored
from jantaku.server.match_summary import reason_code
from jantaku.server.storage import StoredAction
from tests.engine.policies import greedy_choice

SEED = "stopped-export"
TWO_HOURS = 120 * 60


def _deals(match: Match) -> int:
    return sum(e.type == "deal_started" for e in match.log)


def _play_into_second_hand(
    clock: ManualClock,
) -> tuple[Match, list[StoredAction], dict[str, Any]]:
    """A practice match played as a table plays it (a call window held after every discard)
    a few turns into its second hand, stopped in the window after a discard: (the match, its
    stored actions, the start of its stored result)."""
    config = table_config("practice")
    match = family("riichi").new_game(config.preset, SEED, clock=clock, overrides=config.overrides)
    assert isinstance(match, Match)
    match.hold_calls = True
    rng = random.Random(5)
    stored: list[StoredAction] = []
    turns_in_second = 0
    while turns_in_second < 12 or not match.holding:
        if match.holding:
            match.close_calls()
        action = greedy_choice(match, match.to_act()[0], rng)
        match.apply(action)
        stored.append(StoredAction(len(stored) + 1, action.to_json(), clock.now(), "human"))
        if _deals(match) >= 2:
            turns_in_second += 1
    assert not match.finished and match.deal.result is None
    result = {
        "config": config.to_json(),
        "seed": SEED,
        "seats": [{"name": f"p{i}"} for i in range(4)],
    }
    return match, stored, result


def _lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _check_stopped(result: dict[str, Any], actions: list[StoredAction], scores: list[int]) -> None:
    mjai = _lines(export_game(result, actions, "mjai", "g1"))
    kinds = [e["type"] for e in mjai]
    assert kinds.count("start_kyoku") == 2
    assert kinds.count("end_kyoku") == 1, "the unfinished hand must not claim an end"
    last_start = len(kinds) - 1 - kinds[::-1].index("start_kyoku")
    assert "end_kyoku" not in kinds[last_start:]
    assert not {"hora", "ryukyoku"} & set(kinds[last_start:])
    assert kinds[-1] == "end_game"
    if result.get("reason_code") == "abandoned":  # it stopped in the window after a discard
        assert kinds[-2] == "dahai", "a draw nobody made is exported"
    tenhou = json.loads(export_game(result, actions, "tenhou6", "g1"))
    assert len(tenhou["log"]) == 2
    assert len(tenhou["log"][0]) == 17 and len(tenhou["log"][1]) == 16  # no result entry
    assert tenhou["sc"][0::2] == [s // 100 for s in scores]
    (game,) = read_games_text("\n".join(map(json.dumps, mjai)), "stopped.mjson")
    assert [h.result is None for h in game.hands] == [False, True]
    assert check_game(game).mismatches == []
    (game,) = read_games_text(json.dumps(tenhou), "stopped.json")
    assert [h.result is None for h in game.hands] == [False, True]
    assert game.final_scores == tuple(scores)
    assert check_game(game).mismatches == []


def test_an_abandoned_match_exports_its_unfinished_hand_as_unfinished() -> None:
    match, actions, result = _play_into_second_hand(ManualClock())
    outcome = abandoned(match)
    result.update(
        scores=list(outcome.scores),
        ranking=list(outcome.ranking),
        recorded=False,
        reason=outcome.reason,
        reason_code=reason_code(outcome.reason),
    )
    assert result["reason_code"] == "abandoned"
    _check_stopped(result, actions, list(outcome.scores))


def test_a_match_cut_by_the_hard_stop_exports_its_cut_hand_as_unfinished() -> None:
    clock = ManualClock()
    match, actions, result = _play_into_second_hand(clock)
    clock.time = TWO_HOURS + 1
    match.close_calls()  # the window's time is up; the next step meets the limit
    action = match.legal_actions(match.to_act()[0])[0]
    match.apply(action)
    assert match.result is not None and not match.result.recorded
    actions.append(StoredAction(len(actions) + 1, action.to_json(), clock.now(), "human"))
    result.update(
        scores=list(match.result.scores),
        ranking=list(match.result.ranking),
        recorded=False,
        reason=match.result.reason,
    )
    _check_stopped(result, actions, list(match.result.scores))


def test_a_finished_match_replays_to_its_end_through_its_last_call_window() -> None:
    """The window after the last discard closed (no stored action does that) and the match
    ended: the replay of the stored actions ends it too."""
    config = table_config("practice")
    match = family("riichi").new_game(config.preset, SEED, overrides=config.overrides)
    assert isinstance(match, Match)
    match.hold_calls = True
    rng = random.Random(7)
    stored: list[StoredAction] = []
    while not match.finished:
        if match.holding:
            match.close_calls()
            continue
        action = greedy_choice(match, match.to_act()[0], rng)
        match.apply(action)
        stored.append(StoredAction(len(stored) + 1, action.to_json(), 0.0, "human"))
    assert match.result is not None
    result = {
        "config": config.to_json(),
        "seed": SEED,
        "seats": [{"name": f"p{i}"} for i in range(4)],
        "reason_code": reason_code(match.result.reason),
    }
    outcome, log = replay_stored(result, stored)
    assert outcome == match.result and len(log) == len(match.log)
