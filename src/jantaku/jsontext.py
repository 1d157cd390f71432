"""JSON text from outside, read with bounds: every failure is a :class:`json.JSONDecodeError`.

Python's :func:`json.loads` raises ``RecursionError`` on deeply nested arrays (``[[[[…]]]]``)
and a plain ``ValueError`` on integers of more than 4300 digits; neither names the place, and
a nested value that does load can still overflow the stack of the code that walks it later.
:func:`loads` refuses both, and text longer than a limit, as ordinary decode errors with a
position, so every reader keeps one ``except json.JSONDecodeError`` branch."""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["MAX_DEPTH", "loads"]

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted; every log format and request needs < 10."""

_STRING = r'"(?:[^"\\]|\\.)*"'
_TOKENS = re.compile(_STRING + r"|[\[\]{}]", re.DOTALL)
_STRINGS = re.compile(_STRING, re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")
_LONG_NUMBER = re.compile(r"\d{4301,}")


def _too_deep(text: str, max_depth: int) -> int | None:
    """The position where nesting first exceeds ``max_depth``, or None. Strings are skipped.

    The bracket skeleton is peeled one level per pass (at C speed); only text that may be too
    deep (or whose brackets do not pair up) is walked token by token to find the place."""
    if text.count("[") + text.count("{") <= max_depth:
        return None  # fast path: not enough brackets to be too deep
    skeleton = _NOT_BRACKET.sub("", _STRINGS.sub("", text))
    for _ in range(max_depth):
        peeled = _INNERMOST.sub("", skeleton)
        if not peeled:
            return None
        if peeled == skeleton:
            break
        skeleton = peeled
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                return match.start()
        elif token in "]}":
            depth -= 1
    return None


def loads(text: str, *, max_depth: int = MAX_DEPTH, max_chars: int | None = None) -> Any:
    """:func:`json.loads` with nesting bounded by ``max_depth`` and length by ``max_chars``."""
    if max_chars is not None and len(text) > max_chars:
        raise json.JSONDecodeError(
            f"the text is {len(text)} characters long, more than the limit of {max_chars}",
            "",
            0,
        )
    where = _too_deep(text, max_depth)
    if where is not None:
        raise json.JSONDecodeError(f"nested deeper than {max_depth} levels", text, where)
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:  # only when max_depth is set above what the decoder can take
        raise json.JSONDecodeError("nested too deeply", text, 0) from None
    except ValueError:  # an integer of more digits than int() converts
        long = _LONG_NUMBER.search(text)
        raise json.JSONDecodeError(
            "a number with too many digits", text, long.start() if long else 0
        ) from None
