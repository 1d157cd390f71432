"""Reading the client's label dictionaries (js/i18n/*.js: one `"key": "value",` per line)."""

from __future__ import annotations

import json
import re
from pathlib import Path

_ENTRY = re.compile(r'^\s*("(?:[^"\\]|\\.)*"):\s*("(?:[^"\\]|\\.)*"),?\s*$')


def read_dictionary(path: Path) -> dict[str, str]:
    """The dictionary's entries; a key given twice fails the test."""
    out: dict[str, str] = {}
    for line in path.read_text().splitlines():
        m = _ENTRY.match(line)
        if m:
            key, value = json.loads(m.group(1)), json.loads(m.group(2))
            assert key not in out, f"{path.name}: {key} twice"
            out[key] = value
    return out
