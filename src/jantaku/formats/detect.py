"""Find and read every game under a path, whatever its format.

``load_games(path)`` takes a file or a folder (walked recursively, in sorted order) and yields a
:class:`GameRecord` per game, or a :class:`Skipped` for a log jantaku does not replay (three
players, chip rules, a player's view) or a file found there that holds no game; a broken log
(cut short, corrupt, not UTF-8, a bad gzip) raises :class:`LogFormatError`. Formats are told
apart by content, not by name: mjlog XML (plain or gzip), tenhou.net/6 JSON (object, JSON lines,
viewer URLs), mjai JSON lines, mjx proto JSON lines, and jantaku's native log
(``game_to_json``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from jantaku.errors import JantakuError
from jantaku.formats.errors import LogFormatError, Skipped, UnsupportedLog
from jantaku.formats.logtext import read_log_text
from jantaku.formats.mjai import read_mjai_text
from jantaku.formats.mjlog import read_mjlog_text
from jantaku.formats.mjxproto import read_mjx_text
from jantaku.formats.record import GameRecord
from jantaku.formats.record_json import read_native_text
from jantaku.formats.tenhou6 import read_tenhou6_text
from jantaku.jsontext import loads as load_json

__all__ = [
    "GAME_SUFFIXES",
    "LOG_SUFFIXES",
    "LogFormatError",
    "Skipped",
    "load_file",
    "load_games",
    "read_games_text",
]

GAME_SUFFIXES = frozenset({".mjlog", ".xml", ".json", ".jsonl", ".mjson", ".txt", ".gz", ".log"})
"""File endings a folder walk looks at; anything else (READMEs, images) is passed over."""

LOG_SUFFIXES = frozenset({".mjlog", ".mjson"})
"""Endings only game logs have: such a file that is no game log is broken, not skipped."""


def read_games_text(text: str, source: str) -> list[GameRecord]:
    """The games of one file's text; UnsupportedLog for a game we do not play, LookupError for a
    text that is no game log at all, LogFormatError for a broken one (JSON cut short included,
    and values of a shape no reader expects)."""
    try:
        return _read_games_text(text, source)
    except (JantakuError, LookupError):
        raise
    except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
        problem = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
        raise LogFormatError(source, f"unexpected content ({problem})") from None


def _read_games_text(text: str, source: str) -> list[GameRecord]:
    head = text.lstrip()[:4096]
    if head.startswith("<") and "<mjloggm" in head:
        return [read_mjlog_text(text, source)]
    if "#json=" in head:
        return read_tenhou6_text(text, source)
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        obj = load_json(first)
    except json.JSONDecodeError as first_error:
        try:
            obj = load_json(text)
        except json.JSONDecodeError as exc:
            if not head:
                raise LookupError("not a game log (an empty file)") from None
            if head[0] not in "[{":
                raise LookupError("not a game log (neither mjlog XML nor JSON)") from None
            # JSON that breaks off or is corrupt; for JSON lines the first line's error counts
            error = first_error if exc.msg == "Extra data" else exc
            raise LogFormatError(source, f"broken JSON ({error.msg})", error.lineno) from None
    if isinstance(obj, dict):
        if "jantaku_log" in obj:
            return read_native_text(text, source)
        if "log" in obj:
            return read_tenhou6_text(text, source)
        if "publicObservation" in obj or "hiddenState" in obj:
            return [read_mjx_text(text, source)]
        if isinstance(obj.get("type"), str):
            return [read_mjai_text(text, source)]
        if obj.get("format") == "jantaku-native":
            raise LookupError(
                "not a recorded game log: a jantaku native match log (seed and "
                "actions); jantaku.formats.native.from_native replays it, jantaku review reads it"
            )
        if isinstance(obj.get("result"), dict) and isinstance(obj.get("events"), list):
            raise LookupError(
                "not a recorded game log: a finished game as the server serves it "
                "(GET /api/games/ID); jantaku replay-check and jantaku review read it"
            )
    raise LookupError("not a game log (JSON of an unknown shape)")


def load_file(path: str | Path, *, named: bool = True) -> Iterator[GameRecord | Skipped]:
    """The games of one file. A file that is no game log is an error when it was ``named`` (the
    user asked for it) or its ending is a log's own (.mjlog, .mjson); otherwise (a file found by
    walking a folder) it is skipped with the reason. A log of a game jantaku does not replay is
    always skipped; a broken one always raises :class:`LogFormatError`."""
    path = Path(path)
    try:
        games = read_games_text(read_log_text(path), str(path))
    except UnsupportedLog as exc:
        yield Skipped(str(path), exc.reason)
        return
    except LookupError as exc:
        if named or path.suffix.lower() in LOG_SUFFIXES:
            raise LogFormatError(str(path), str(exc)) from None
        yield Skipped(str(path), str(exc))
        return
    yield from games


def _exists(path: str) -> bool:
    """Whether a file or folder is at ``path`` (a viewer URL may be too long to look up)."""
    try:
        return Path(path).exists()
    except (OSError, ValueError):
        return False


def load_games(path: str | Path) -> Iterator[GameRecord | Skipped]:
    """Every game in a file or under a folder, or of a tenhou.net/6 viewer URL given as the path.
    Broken input raises :class:`LogFormatError` (naming the file, line and event); so does a
    named file that is no game log (files found in a folder that are none are skipped)."""
    if isinstance(path, str) and "#json=" in path and not _exists(path):
        try:
            yield from read_tenhou6_text(path, "<tenhou.net/6 URL>")
        except UnsupportedLog as exc:
            yield Skipped("<tenhou.net/6 URL>", exc.reason)
        return
    root = Path(path)
    if root.is_dir():
        for p in sorted(root.rglob("*")):
            if p.is_file() and p.suffix.lower() in GAME_SUFFIXES:
                yield from load_file(p, named=False)
    elif root.is_file():
        yield from load_file(root)
    else:
        raise LogFormatError(str(root), "no such file or folder")
