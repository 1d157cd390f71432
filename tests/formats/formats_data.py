"""Locating the riichi validation data and reading it once per test session."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from tests.validation import validation_data

from jantaku.formats import (
    Call,
    Discard,
    Draw,
    GameRecord,
    NewDora,
    Skipped,
    Win,
    load_games,
)
from jantaku.tiles import Tile


@functools.cache
def _load(folder: str) -> tuple[tuple[GameRecord, ...], tuple[Skipped, ...]]:
    games: list[GameRecord] = []
    skipped: list[Skipped] = []
    for g in load_games(validation_data() / folder):
        (skipped if isinstance(g, Skipped) else games).append(g)  # type: ignore[arg-type]
    return tuple(games), tuple(skipped)


def games(folder: str) -> tuple[GameRecord, ...]:
    return _load(folder)[0]


def skipped(folder: str) -> tuple[Skipped, ...]:
    return _load(folder)[1]


GAME_FOLDERS = (
    "mjx/tests_py_mjlog",
    "mjx/tests_cpp_mjlog",
    "mjx/tests_py_mjscore",
    "mjx/tests_cpp_json",
    "mjx/suphx_reward_shaping_json",
    "mjai-reviewer_convlog_testdata",
    "jansou",
    "riichienv",
)


def all_games() -> list[GameRecord]:
    return [g for folder in GAME_FOLDERS for g in games(folder)]


def _k(t: Tile | None) -> Any:
    return None if t is None else (int(t.kind), t.red)


def kind_level(action: Any) -> Any:
    """An action with its tiles reduced to (kind, red): what formats without ids can agree on."""
    if isinstance(action, Draw | Discard):
        return dataclasses.replace(action, tile=_k(action.tile))  # type: ignore[arg-type]
    if isinstance(action, Call):
        return (
            action.seat,
            action.kind,
            tuple(_k(t) for t in action.tiles),
            _k(action.called),
            action.from_seat,
        )
    if isinstance(action, NewDora):
        return ("dora", _k(action.indicator))
    if isinstance(action, Win):
        return ("win", action.seat, action.from_seat, _k(action.tile))
    return action
