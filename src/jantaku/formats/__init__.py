"""Game logs: a neutral typed record (:mod:`~jantaku.formats.record`) and readers/writers for
Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON lines and mjx proto JSON.

No engine dependency: readers only parse and account for tiles; replaying is the engine's job."""

from jantaku.formats.detect import load_games, read_games_text
from jantaku.formats.errors import LogFormatError, Skipped, UnsupportedLog
from jantaku.formats.mjai import read_mjai, write_mjai
from jantaku.formats.mjlog import read_mjlog
from jantaku.formats.mjxproto import read_mjx
from jantaku.formats.record import (
    Abort,
    Action,
    Call,
    CallKind,
    Discard,
    Draw,
    DrawKind,
    DrawResult,
    GameRecord,
    HandRecord,
    HandResult,
    Length,
    Limit,
    LogFormat,
    NewDora,
    Riichi,
    RiichiAccepted,
    RulesInfo,
    Win,
    WinResult,
    YakuItem,
)
from jantaku.formats.record_json import game_from_json, game_to_json
from jantaku.formats.tenhou6 import read_tenhou6, write_tenhou6, write_tenhou6_lines
from jantaku.formats.tenhou6_write import tenhou6_url
from jantaku.formats.wall import rebuild_wall

__all__ = [
    "Abort",
    "Action",
    "Call",
    "CallKind",
    "Discard",
    "Draw",
    "DrawKind",
    "DrawResult",
    "GameRecord",
    "HandRecord",
    "HandResult",
    "Length",
    "Limit",
    "LogFormat",
    "LogFormatError",
    "NewDora",
    "Riichi",
    "RiichiAccepted",
    "RulesInfo",
    "Skipped",
    "UnsupportedLog",
    "Win",
    "WinResult",
    "YakuItem",
    "game_from_json",
    "game_to_json",
    "load_games",
    "read_games_text",
    "read_mjai",
    "read_mjlog",
    "read_mjx",
    "read_tenhou6",
    "rebuild_wall",
    "tenhou6_url",
    "write_mjai",
    "write_tenhou6",
    "write_tenhou6_lines",
]
