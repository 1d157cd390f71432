"""The native log: a seeded match written and read back replays to the same events; a tampered
log is refused with the event that differs."""

from __future__ import annotations

import json
import random

import pytest
from tests.engine.policies import greedy_choice

from jantaku.engine.riichi.presets import new_match
from jantaku.formats.errors import LogFormatError
from jantaku.formats.native import from_native, to_native


def played(seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    match = new_match("doman_no_kuitan", seed=seed, length="east_only")
    while not match.finished:
        seat = match.to_act()[0]
        match.apply(greedy_choice(match, seat, rng))
    return to_native(match)


def test_round_trip_through_json_text() -> None:
    log = played(4)
    text = json.dumps(log)
    again = from_native(text)
    assert again.result is not None and again.finished
    assert [e.to_json() for e in again.log] == log["events"]


def test_a_changed_action_is_refused() -> None:
    log = played(5)
    actions = log["actions"]
    assert isinstance(actions, list)
    first_discard = next(i for i, a in enumerate(actions) if a["type"] == "discard")
    actions[first_discard] = {**actions[first_discard], "type": "tsumo"}
    with pytest.raises(LogFormatError, match=f"action {first_discard + 1}"):
        from_native(log)


def test_changed_events_are_refused() -> None:
    log = played(6)
    events = log["events"]
    assert isinstance(events, list)
    events[3] = {**events[3], "tile": "9z" if events[3].get("tile") != "9z" else "1z"}
    with pytest.raises(LogFormatError, match="event 4 differs"):
        from_native(log)


def test_not_a_native_log() -> None:
    with pytest.raises(LogFormatError, match="not a jantaku-native log"):
        from_native({"format": "tenhou"})
