"""The text of a log file, read with bounds: plain or gzip, UTF-8 (a BOM is dropped).

Every way a file can fail to be text (missing, unreadable, too large, a gzip that is truncated or
corrupt, bytes that are not UTF-8) is a :class:`LogFormatError` naming the file."""

from __future__ import annotations

import gzip
import io
import zlib
from pathlib import Path

from jantaku.formats.errors import LogFormatError

__all__ = ["MAX_LOG_BYTES", "read_log_text"]

MAX_LOG_BYTES = 64 << 20
"""Largest log read, before and after gzip (a full Tenhou game is about 100 KB of text)."""


def _gunzip(data: bytes, source: str) -> bytes:
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            out = stream.read(MAX_LOG_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise LogFormatError(source, f"broken gzip data ({exc})") from None
    if len(out) > MAX_LOG_BYTES:
        raise LogFormatError(source, f"more than {MAX_LOG_BYTES} bytes once unzipped")
    return out


def read_log_text(path: str | Path) -> str:
    """The decoded text of the log file at ``path`` (gzip told by its magic bytes)."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_LOG_BYTES + 1)
    except OSError as exc:
        raise LogFormatError(source, f"cannot read the file ({exc.strerror or exc})") from None
    if len(data) > MAX_LOG_BYTES:
        raise LogFormatError(source, f"the file is larger than {MAX_LOG_BYTES} bytes")
    if data[:2] == b"\x1f\x8b":
        data = _gunzip(data, source)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LogFormatError(
            source, f"not UTF-8 text ({exc.reason} at byte {exc.start + 1})"
        ) from None
