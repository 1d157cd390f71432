"""``jantaku score``: score one hand given as a JSON object (or JSON lines with ``--batch``).

A request's ``rules`` preset names its family (:mod:`jantaku.families`), whose scorer answers
it; a request without a known preset goes to the first family's (riichi), which says what is
wrong with it."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any, BinaryIO

import click

from jantaku.errors import JantakuError
from jantaku.families import all_presets, default_family, family_of_preset
from jantaku.formats.jsontext import loads

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
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise _BadInput(f"not UTF-8 text ({e.reason} at byte {e.start + 1})") from None


def _lines(stream: BinaryIO) -> Iterator[tuple[int, bytes | None]]:
    """Numbered lines of a byte stream; None for a line over the length limit (skipped unread)."""
    number = 0
    while True:
        line = stream.readline(MAX_REQUEST_BYTES + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_REQUEST_BYTES and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = stream.readline(1 << 16)
            yield number, None
        else:
            yield number, line


def _batch(stream: BinaryIO) -> None:
    for number, line in _lines(stream):
        if line is not None and not line.strip():
            continue
        try:
            if line is None:
                raise _BadInput(f"the line is longer than {MAX_REQUEST_BYTES} bytes")
            result, _explain = _score_one(_load(_decode(line)))
        except (JantakuError, _BadInput) as e:
            result = {"line": number, "error": f"line {number}: {e}"}
        click.echo(json.dumps(result, ensure_ascii=False))


@click.command("score")
@click.argument("file", type=click.File("rb"), default="-", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the result as a JSON object.")
@click.option("--batch", is_flag=True, help="Read JSON lines, print one JSON result per line.")
def score(file: BinaryIO, as_json: bool, batch: bool) -> None:
    """Score a hand given as a JSON object in FILE (default: standard input).

    The object's keys are documented in the README (riichi: hand, melds, win_tile, win, winds,
    dora, flags, honba, deposits; "rules" picks the preset, "options" overrides knobs)."""
    if batch:
        _batch(file)
        return
    try:
        result, explain = _score_one(_load(_decode(file.read(MAX_REQUEST_BYTES + 1))))
    except (JantakuError, _BadInput) as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    click.echo(json.dumps(result, ensure_ascii=False) if as_json else explain(result))
