"""jantaku's native game log: how the match was made (preset, option overrides, seed), every
action in order, and the events they produced. Because the engine is deterministic, the actions
alone replay the match; the stored events let a reader check that the replay is faithful."""

from __future__ import annotations

import json
from typing import Any

from jantaku.engine.actions import Action
from jantaku.engine.riichi.match import Match
from jantaku.errors import JantakuError
from jantaku.formats.errors import LogFormatError
from jantaku.jsontext import loads as load_json

__all__ = ["FORMAT", "from_native", "to_native"]

FORMAT = "jantaku-native"
VERSION = 1


def to_native(match: Match) -> dict[str, Any]:
    """The native log of a match made by :func:`jantaku.engine.riichi.presets.new_match`."""
    setup = match.setup
    if "rules" not in setup:
        raise ValueError(
            "only matches made by jantaku.engine.riichi.presets.new_match know their preset"
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": setup["rules"],
        "options": setup.get("options", {}),
        "seed": setup["seed"],
        "actions": [a.to_json() for a in match.actions],
        "events": [e.to_json() for e in match.log],
    }


def from_native(data: dict[str, Any] | str, source: str = "<native>") -> Match:
    """Replay a native log; any divergence from the stored events is a LogFormatError."""
    from jantaku.engine.riichi.presets import new_match

    try:
        obj = load_json(data) if isinstance(data, str) else data
    except json.JSONDecodeError as exc:
        raise LogFormatError(source, f"bad JSON ({exc.msg})", exc.lineno) from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise LogFormatError(source, f"not a {FORMAT} log")
    if obj.get("version") != VERSION:
        raise LogFormatError(source, f"unsupported {FORMAT} version {obj.get('version')!r}")
    try:
        match = new_match(obj["rules"], seed=obj["seed"], **obj.get("options", {}))
    except (KeyError, TypeError, JantakuError) as error:
        raise LogFormatError(source, f"bad match setup: {error}") from None
    for number, raw in enumerate(obj.get("actions", []), start=1):
        try:
            match.apply(Action.from_json(raw))
        except (KeyError, TypeError, ValueError, JantakuError) as error:
            raise LogFormatError(source, f"action {number} ({raw!r}): {error}") from None
    stored = obj.get("events")
    if stored is not None:
        replayed = [e.to_json() for e in match.log]
        for number, (got, want) in enumerate(zip(replayed, stored, strict=False), start=1):
            if json.dumps(got, sort_keys=True) != json.dumps(want, sort_keys=True):
                raise LogFormatError(source, f"event {number} differs on replay: {want} != {got}")
        if len(replayed) != len(stored):
            raise LogFormatError(source, f"{len(stored)} events stored, {len(replayed)} replayed")
    return match
