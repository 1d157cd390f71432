"""``jantaku score``: score one hand given as a JSON object (or JSON lines with ``--batch``).

Riichi requests go to :mod:`jantaku.rules.riichi.request`; ``"rules": "sontag"`` requests to
the classical scorer (:mod:`jantaku.rules.classical.request`)."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any, TextIO

import click

from jantaku.errors import JantakuError

__all__ = ["score"]

CLASSICAL_RULES = frozenset({"sontag"})


class _BadInput(Exception):
    """Input that is not a JSON object (reported like a JantakuError)."""


def _module_for(obj: Any) -> ModuleType:
    rules = obj.get("rules") if isinstance(obj, dict) else None
    if rules in CLASSICAL_RULES:
        try:
            return importlib.import_module("jantaku.rules.classical.request")
        except ImportError as e:
            raise _BadInput(f"the classical scorer is not available ({e})") from None
    return importlib.import_module("jantaku.rules.riichi.request")


def _score_one(obj: Any) -> tuple[dict[str, Any], Callable[[dict[str, Any]], str]]:
    module = _module_for(obj)
    result: dict[str, Any] = module.score_request(obj)
    return result, module.explain


def _load(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise _BadInput(f"invalid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None


@click.command("score")
@click.argument("file", type=click.File("r", encoding="utf-8"), default="-", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the result as a JSON object.")
@click.option("--batch", is_flag=True, help="Read JSON lines, print one JSON result per line.")
def score(file: TextIO, as_json: bool, batch: bool) -> None:
    """Score a hand given as a JSON object in FILE (default: standard input).

    The object's keys are documented in the README (riichi: hand, melds, win_tile, win, winds,
    dora, flags, honba, deposits; "rules" picks the preset, "options" overrides knobs)."""
    if batch:
        for line in file:
            if not line.strip():
                continue
            try:
                result, _explain = _score_one(_load(line))
            except (JantakuError, _BadInput) as e:
                result = {"error": str(e)}
            click.echo(json.dumps(result, ensure_ascii=False))
        return
    try:
        result, explain = _score_one(_load(file.read()))
    except (JantakuError, _BadInput) as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    click.echo(json.dumps(result, ensure_ascii=False) if as_json else explain(result))
