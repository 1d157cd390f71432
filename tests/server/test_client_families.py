"""The browser client's family modules name the same table kinds and lengths as the server's
registry of families (the lobby offers what the server accepts, and nothing else)."""

from __future__ import annotations

import json
import re

from jantaku.families import all_families
from jantaku.server.app import STATIC


def _lobby_list(source: str, key: str) -> list[str]:
    found = re.search(rf"^\s*{key}: (\[[^\]]*\])", source, re.MULTILINE)
    assert found, f"no lobby.{key} in the family module"
    return list(json.loads(found.group(1)))


def test_client_family_modules_match_the_registry() -> None:
    for fam in all_families():
        source = (STATIC / "js" / "families" / f"{fam.name}.js").read_text(encoding="utf-8")
        assert _lobby_list(source, "kinds") == list(fam.table_kinds), fam.name
        assert _lobby_list(source, "lengths") == list(fam.table_lengths), fam.name
