"""``jantaku hand``: shanten, waits and tile acceptance of a hand written in MPSZ notation."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from typing import Any

import click

from jantaku.errors import InvalidHandError, JantakuError
from jantaku.hand import acceptance, analyze_shanten, discard_options, validate_counts, waits
from jantaku.tiles import counts_of, format_counts, parse_kinds

MAX_HAND_CHARS = 200
"""Longest hand text accepted: 14 tiles with a letter and a space each still fit four times."""

_RUN = re.compile(r"([0-9\s]+)([A-Za-z])")


def _check_red_fives(text: str) -> None:
    """At most one red five (``0``) per suit; the text's notation is already known good."""
    reds = {"m": 0, "p": 0, "s": 0}
    for digits, letter in _RUN.findall(text):
        if letter.lower() in reds:
            reds[letter.lower()] += digits.count("0")
    for suit, n in reds.items():
        if n > 1:
            raise InvalidHandError(f"{n} red fives 0{suit}; the set has one red five per suit")


def analyze(text: str, melds: int | None) -> dict[str, Any]:
    """The JSON-ready analysis of one hand; raises a JantakuError for bad input."""
    if len(text) > MAX_HAND_CHARS:
        raise InvalidHandError(
            f"the hand is {len(text)} characters long; at most {MAX_HAND_CHARS} are read"
        )
    kinds = parse_kinds(text)
    _check_red_fives(text)
    bonus = [k for k in kinds if k.is_bonus]
    if bonus:
        raise InvalidHandError(f"{bonus[0].notation} is a bonus tile; a riichi hand has none")
    if not kinds:
        raise InvalidHandError("the hand is empty")
    counts = counts_of(kinds)
    used = validate_counts(counts, melds)
    result = analyze_shanten(counts, used)
    out: dict[str, Any] = {
        "hand": format_counts(counts),
        "tiles": len(kinds),
        "melds": used,
        "shanten": result.minimum,
        "shanten_standard": result.standard,
        "shanten_seven_pairs": result.seven_pairs,
        "shanten_thirteen_orphans": result.thirteen_orphans,
        "waits": [],
    }
    if len(kinds) % 3 == 1:
        if result.minimum == 0:
            out["waits"] = [k.notation for k in waits(counts, used)]
        accepted = acceptance(counts, used)
        out["improving"] = [{"tile": k.notation, "remaining": n} for k, n in accepted.tiles]
        out["improving_total"] = accepted.total
    else:
        out["complete"] = result.minimum == -1
        if result.minimum >= 0:
            out["discards"] = [
                {
                    "discard": o.discard.notation,
                    "shanten": o.acceptance.shanten,
                    "accepted": [
                        {"tile": k.notation, "remaining": n} for k, n in o.acceptance.tiles
                    ],
                    "accepted_total": o.acceptance.total,
                }
                for o in discard_options(counts, used)
            ]
    return out


def _shanten_words(n: int | None) -> str:
    if n is None:
        return "-"
    return {-1: "complete", 0: "ready"}.get(n, f"{n}-shanten")


def _number(value: int | None) -> str:
    return "-" if value is None else str(value)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def render(out: dict[str, Any]) -> str:
    """A short human-readable report of :func:`analyze`'s result."""
    lines = [
        f"hand      {out['hand']}  ({_count(out['tiles'], 'tile')}, "
        f"{_count(out['melds'], 'meld')} called)",
        f"shanten   {out['shanten']} ({_shanten_words(out['shanten'])}); standard "
        f"{out['shanten_standard']}, seven pairs {_number(out['shanten_seven_pairs'])}, "
        f"thirteen orphans {_number(out['shanten_thirteen_orphans'])}",
    ]
    if out["waits"]:
        lines.append("waits     " + " ".join(out["waits"]))
    elif "improving" in out:
        tiles = " ".join(f"{a['tile']}({a['remaining']})" for a in out["improving"])
        lines.append(f"improving {tiles}  = {out['improving_total']} tiles")
    for option in out.get("discards", [])[:5]:
        tiles = " ".join(f"{a['tile']}({a['remaining']})" for a in option["accepted"])
        lines.append(
            f"discard {option['discard']}: {_shanten_words(option['shanten'])}, "
            f"{option['accepted_total']} tiles: {tiles}"
        )
    return "\n".join(lines)


_MAX_LINE_BYTES = MAX_HAND_CHARS * 4 + 2


def _lines(stream: Any) -> Iterator[tuple[int, str | None, str]]:
    """(number, text, text to echo) of each line of a byte stream; for a line that is not
    UTF-8 or longer than any hand (skipped unread) the text is None and the third item says why."""
    number = 0
    while True:
        raw: bytes = stream.readline(_MAX_LINE_BYTES)
        if not raw:
            return
        number += 1
        if len(raw) == _MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(1 << 16)
            yield number, None, f"the line is longer than {_MAX_LINE_BYTES} bytes"
            continue
        try:
            text = raw.decode("utf-8-sig").strip()
        except UnicodeDecodeError as e:
            yield number, None, f"not UTF-8 text ({e.reason} at byte {e.start + 1})"
            continue
        yield number, text, text if len(text) <= 80 else text[:80] + "…"


def _lines_mode(melds: int | None) -> None:
    """One JSON object per line of standard input (an error object for a bad line)."""
    for number, text, shown in _lines(sys.stdin.buffer):
        if text is None:
            result: dict[str, Any] = {"line": number, "error": f"line {number}: {shown}"}
        else:
            try:
                result = analyze(text, melds)
            except JantakuError as error:
                result = {"line": number, "input": shown, "error": f"line {number}: {error}"}
        click.echo(json.dumps(result, ensure_ascii=False))


@click.command("hand")
@click.argument("tiles")
@click.option(
    "--melds",
    type=click.IntRange(0, 4),
    default=None,
    help="Melds already called (default: inferred from the tile count).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def hand(tiles: str, melds: int | None, as_json: bool) -> None:
    """Shanten, waits and improving tiles of TILES (e.g. 123m456p789s1122z).

    With TILES '-', read one hand per line from standard input and print one JSON object per line
    (a {"line": N, "input": ..., "error": ...} object for a bad line)."""
    if tiles == "-":
        _lines_mode(melds)
        return
    try:
        result = analyze(tiles, melds)
    except JantakuError as error:
        click.echo(f"jantaku hand: {error}", err=True)
        sys.exit(2)
    click.echo(json.dumps(result, ensure_ascii=False) if as_json else render(result))
