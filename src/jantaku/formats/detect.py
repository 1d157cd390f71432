"""Find and read every game under a path, whatever its format.

``load_games(path)`` takes a file or a folder (walked recursively, in sorted order) and yields a
:class:`GameRecord` per game, or a :class:`Skipped` for a log jantaku does not replay (three
players, chip rules, a player's view) or a file that holds no game. Formats are told apart by
content, not by name: mjlog XML (plain or gzip), tenhou.net/6 JSON (object, JSON lines, viewer
URLs), mjai JSON lines, mjx proto JSON lines, and jantaku's native log (``game_to_json``)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

from jantaku.formats.errors import LogFormatError, Skipped, UnsupportedLog
from jantaku.formats.mjai import read_mjai_text
from jantaku.formats.mjlog import read_mjlog_text
from jantaku.formats.mjxproto import read_mjx_text
from jantaku.formats.record import GameRecord
from jantaku.formats.record_json import read_native_text
from jantaku.formats.tenhou6 import read_tenhou6_text

__all__ = ["GAME_SUFFIXES", "LogFormatError", "Skipped", "load_games", "read_games_text"]

GAME_SUFFIXES = frozenset({".mjlog", ".xml", ".json", ".jsonl", ".mjson", ".txt", ".gz", ".log"})
"""File endings a folder walk looks at; anything else (READMEs, images) is passed over."""


def _text(path: Path) -> str:
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as exc:
            raise LogFormatError(str(path), f"broken gzip data ({exc})") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LogFormatError(str(path), f"not UTF-8 text ({exc.reason})") from None


def read_games_text(text: str, source: str) -> list[GameRecord]:
    """The games of one file's text; UnsupportedLog for a game we do not play, LookupError for a
    text that is no game log at all."""
    head = text.lstrip()[:4096]
    if head.startswith("<") and "<mjloggm" in head:
        return [read_mjlog_text(text, source)]
    if "#json=" in head:
        return read_tenhou6_text(text, source)
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        obj = json.loads(first)
    except json.JSONDecodeError:
        try:
            obj = json.loads(text)
        except json.JSONDecodeError:
            raise LookupError("not a game log (neither mjlog XML nor JSON)") from None
    if isinstance(obj, dict):
        if "jantaku_log" in obj:
            return read_native_text(text, source)
        if "log" in obj:
            return read_tenhou6_text(text, source)
        if "publicObservation" in obj or "hiddenState" in obj:
            return [read_mjx_text(text, source)]
        if isinstance(obj.get("type"), str):
            return [read_mjai_text(text, source)]
    raise LookupError("not a game log (JSON of an unknown shape)")


def _load_file(path: Path) -> Iterator[GameRecord | Skipped]:
    try:
        games = read_games_text(_text(path), str(path))
    except UnsupportedLog as exc:
        yield Skipped(str(path), exc.reason)
        return
    except LookupError as exc:
        yield Skipped(str(path), str(exc))
        return
    yield from games


def load_games(path: str | Path) -> Iterator[GameRecord | Skipped]:
    """Every game in a file or under a folder, or of a tenhou.net/6 viewer URL given as the path.
    Broken input raises :class:`LogFormatError` (naming the file, line and event)."""
    if isinstance(path, str) and "#json=" in path and not Path(path).exists():
        try:
            yield from read_tenhou6_text(path, "<tenhou.net/6 URL>")
        except UnsupportedLog as exc:
            yield Skipped("<tenhou.net/6 URL>", exc.reason)
        return
    root = Path(path)
    if root.is_dir():
        for p in sorted(root.rglob("*")):
            if p.is_file() and p.suffix.lower() in GAME_SUFFIXES:
                yield from _load_file(p)
    elif root.is_file():
        yield from _load_file(root)
    else:
        raise LogFormatError(str(root), "no such file or folder")
