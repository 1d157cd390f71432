"""``jantaku score``: score one hand given as a JSON object (or JSON lines with ``--batch``).

A request's ``rules`` preset names its family (:mod:`jantaku.families`), whose scorer answers
it; a request without a known preset goes to the first family's (riichi), which says what is
wrong with it."""

from __future__ import annotations

import codecs
import importlib
import json
import sys
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any, BinaryIO, TextIO

import click

from jantaku.errors import JantakuError
from jantaku.families import all_presets, default_family, family_of_preset
from jantaku.jsontext import MAX_DEPTH, loads

__all__ = ["score"]


class _BadInput(Exception):
    """Input that is not a JSON object (reported like a JantakuError)."""


def _module_for(obj: Any) -> ModuleType:
    rules = obj.get("rules") if isinstance(obj, dict) else None
    fam = default_family()
    if isinstance(rules, str) and rules in all_presets():
        fam = family_of_preset(rules)
    try:
        return importlib.import_module(fam.scorer)
    except ImportError as e:
        raise _BadInput(f"the {fam.name} scorer is not available ({e})") from None


def _score_one(obj: Any) -> tuple[dict[str, Any], Callable[[dict[str, Any]], str]]:
    module = _module_for(obj)
    result: dict[str, Any] = module.score_request(obj)
    return result, module.explain


_BOM = codecs.BOM_UTF8
MAX_REQUEST_BYTES = 1 << 20
"""Longest request accepted (a real one is well under 1 KB): bounds memory and parsing time."""


def _load(text: str) -> Any:
    if not text.strip():
        raise _BadInput("the input is empty (expected a JSON object)")
    try:
        return loads(text)
    except json.JSONDecodeError as e:
        raise _BadInput(f"invalid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None


def _decode(data: bytes) -> str:
    if len(data) > MAX_REQUEST_BYTES:
        raise _BadInput(f"the request is longer than {MAX_REQUEST_BYTES} bytes")
    if not data.startswith(_BOM):  # the common case: plain UTF-8 decodes the same, faster
        try:
            return data.decode()
        except UnicodeDecodeError:
            pass  # the message comes from the decoder below, as always
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise _BadInput(f"not UTF-8 text ({e.reason} at byte {e.start + 1})") from None


def _lines(
    stream: BinaryIO, before_waiting: Callable[[], None]
) -> Iterator[tuple[int, bytes | None]]:
    """Numbered lines of a byte stream; None for a line over the length limit (skipped unread).

    Reads whatever is there (``read1``) and calls ``before_waiting`` each time no whole line is
    left to read, so that a caller sending one request at a time gets its answer at once."""
    read = getattr(stream, "read1", stream.read)  # read1: what is there, without waiting for more
    number = 0
    pending = b""  # the start of a line whose end has not arrived
    too_long = False  # the current line passed the limit: skip to its end
    while True:
        before_waiting()
        chunk = read(1 << 16)
        if not chunk:
            if pending or too_long:
                yield number + 1, None if too_long else pending
            return
        *whole, rest = (pending + chunk).split(b"\n") if not too_long else chunk.split(b"\n")
        for n, line in enumerate(whole):
            number += 1
            long_line = (too_long and n == 0) or len(line) >= MAX_REQUEST_BYTES
            yield number, None if long_line else line + b"\n"
        if whole:
            too_long = False
        pending = b"" if too_long else rest
        if len(pending) >= MAX_REQUEST_BYTES:
            too_long, pending = True, b""


def _batch(stream: BinaryIO, out: TextIO) -> None:
    """One result line per request line, in order. Results are written together when several
    requests arrived at once (a write and flush per result is a large part of the work)."""
    dumps = json.JSONEncoder().encode  # ASCII, other characters escaped: the faster encoder
    block: list[str] = []
    writers: dict[str | None, Callable[[Any], str]] = {}  # by a known "rules" (or none)

    def flush() -> None:
        if block:
            out.write("\n".join(block) + "\n")
            block.clear()
        out.flush()

    for number, line in _lines(stream, flush):
        if line is not None and not line.strip():
            continue
        try:
            if line is None:
                raise _BadInput(f"the line is longer than {MAX_REQUEST_BYTES} bytes")
            block.append(_answer_text(_load_line(line), dumps, writers))
        except (JantakuError, _BadInput) as e:
            block.append(dumps({"line": number, "error": f"line {number}: {e}"}))
    flush()


_Scan = Callable[[str, int], tuple[Any, int]]
_scan: _Scan = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
"""What ``json.loads`` runs on a string, without its Python layers around it."""
_JSON_SPACE = " \t\n\r"


def _load_line(line: bytes) -> Any:
    """``_load(_decode(line))``. The common line (UTF-8 without a byte-order mark, one JSON
    value with few brackets, nothing but whitespace after it) goes straight to the decoder's
    scanner; anything else, and anything that fails there, takes the checked way, which names
    the problem."""
    if not line.startswith(_BOM):
        try:
            text = line.decode()
        except UnicodeDecodeError:
            text = ""
        if text and text.count("[") + text.count("{") <= MAX_DEPTH:  # not too deep to load
            try:
                value, end = _scan(text, 0)
            except (StopIteration, ValueError):
                pass
            else:
                if end == len(text) or not text[end:].strip(_JSON_SPACE):
                    return value
    return _load(_decode(line))


def _answer_text(
    obj: Any, dumps: Callable[[Any], str], writers: dict[str | None, Callable[[Any], str]]
) -> str:
    """The result line of one request: the scorer module's own JSON writer when it has one
    (``score_request_text``, the same text without building the dict), else ``dumps`` of its
    result. The writer of each known preset (or of none) is looked up once per batch."""
    rules = obj.get("rules") if type(obj) is dict else None
    write = writers.get(rules) if rules is None or type(rules) is str else None
    if write is None:
        module = _module_for(obj)
        found: Callable[[Any], str] | None = getattr(module, "score_request_text", None)
        write = found if found is not None else lambda o: dumps(module.score_request(o))
        if rules is None or (type(rules) is str and rules in all_presets()):
            writers[rules] = write
    return write(obj)


@click.command("score")
@click.argument("file", type=click.File("rb"), default="-", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the result as a JSON object.")
@click.option("--batch", is_flag=True, help="Read JSON lines, print one JSON result per line.")
def score(file: BinaryIO, as_json: bool, batch: bool) -> None:
    """Score a hand given as a JSON object in FILE (default: standard input).

    The object's keys are documented in docs/score.md (riichi: hand, melds, win_tile, win,
    seat_wind, round_wind, dora_indicators, ura_indicators, the flags riichi, ippatsu and so
    on, honba, deposits; "rules" picks the preset, "options" overrides rule options) and
    docs/sontag-score-json.md ("rules": "sontag": all four hands).

    \b
    Example:
      echo '{"hand": "234m456p789s1155z", "win_tile": "5z", "win": "tsumo"}' | jantaku score"""
    if batch:
        _batch(file, sys.stdout)
        return
    try:
        result, explain = _score_one(_load(_decode(file.read(MAX_REQUEST_BYTES + 1))))
    except (JantakuError, _BadInput) as e:
        name = getattr(file, "name", "-")
        where = f"{name}: " if isinstance(name, str) and name not in ("-", "<stdin>") else ""
        click.echo(f"error: {where}{e}", err=True)
        sys.exit(2)
    click.echo(json.dumps(result, ensure_ascii=False) if as_json else explain(result))
