"""``jantaku sheet``: a score sheet for a real table kept in a JSON file (docs/sheet.md).

``new`` starts a sheet, ``add`` enters a hand (or corrects one with ``--replace``), ``show``
prints every hand explained with the running totals, ``export`` writes CSV or JSON. The file
always holds the sheet document the server and the browser page use too."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, NoReturn

import click

from jantaku.errors import JantakuError
from jantaku.jsontext import loads
from jantaku.sheet import VERSION, SheetError, compute_sheet
from jantaku.sheet.csv_export import sheet_csv
from jantaku.sheet.explain import explain_sheet

__all__ = ["sheet"]

MAX_FILE_BYTES = 1 << 20
"""Largest sheet or entry file read (a full sheet is well under 300 KiB)."""


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def _read_json(path: str, what: str) -> Any:
    """A JSON file (``-``: standard input), bounded in size; errors name the file."""
    name = f"{what} from standard input" if path == "-" else f"{what} {path}"
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        _fail(f"cannot read {what} {path}: {e.strerror}")
    if len(data) > MAX_FILE_BYTES:
        _fail(f"{name} is longer than {MAX_FILE_BYTES} bytes")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        _fail(f"{name} is not UTF-8 text")
    if not text.strip():
        _fail(f"{name} is empty (expected JSON)")
    try:
        return loads(text)
    except json.JSONDecodeError as e:
        _fail(f"{name} is not JSON: {e.msg} at line {e.lineno} column {e.colno}")


def _write(path: str, text: str) -> None:
    """Write a file whole or not at all (a new file replaces the old one in one step)."""
    target = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent or Path("."), prefix=f".{target.name}.")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, target)
    except OSError as e:
        _fail(f"cannot write {path}: {e.strerror}")


def _save(path: str, document: dict[str, Any]) -> None:
    _write(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")


def _compute(document: Any, path: str) -> dict[str, Any]:
    try:
        return compute_sheet(document)
    except SheetError as e:
        _fail(f"{path}: {e}")
    except JantakuError as e:  # pragma: no cover - every sheet problem is a SheetError
        _fail(f"{path}: {e}")


def _option(text: str) -> tuple[str, Any]:
    """``name=value``; the value read as JSON when it is JSON (numbers, true, null)."""
    name, eq, value = text.partition("=")
    if not eq or not name:
        raise click.BadParameter(f"expected name=value, got {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


@click.group("sheet")
def sheet() -> None:
    """A score sheet for a real table, kept in a JSON file (see docs/sheet.md)."""


@sheet.command("new")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--preset", required=True, help="doman, doman_no_kuitan, tenhou or sontag.")
@click.option(
    "--players", required=True, help="The four names, comma separated, first dealer first."
)
@click.option("--title", default="", help="A title for the evening.")
@click.option("--option", "options", multiple=True, help="A rule option, name=value (repeatable).")
@click.option("--force", is_flag=True, help="Replace an existing file.")
def new(
    file: str, preset: str, players: str, title: str, options: tuple[str, ...], force: bool
) -> None:
    """Start a sheet in FILE."""
    if Path(file).exists() and not force:
        _fail(f"{file} exists (use --force to replace it)")
    try:
        chosen = dict(_option(o) for o in options)
    except click.BadParameter as e:
        _fail(f"--option: {e.message}")
    document: dict[str, Any] = {
        "version": VERSION,
        "preset": preset,
        "players": [n.strip() for n in players.split(",")],
        "hands": [],
    }
    if title:
        document["title"] = title
    if chosen:
        document["options"] = chosen
    computed = _compute(document, file)
    _save(file, document)
    click.echo(
        f"{file}: a new {computed['family']} sheet ({preset}) for {', '.join(computed['players'])}"
    )


@sheet.command("add")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("entry", default="-", required=False)
@click.option("--replace", type=int, default=None, help="Correct hand N (1 = the first) instead.")
def add(file: str, entry: str, replace: int | None) -> None:
    """Enter a hand from ENTRY (a JSON file, default standard input) into FILE.

    The hand is checked first: one that gives an error is not entered (the file stays as it
    was) and the error names its field."""
    document = _read_json(file, "sheet")
    new_entry = _read_json(entry, "entry")
    hands = document.get("hands") if isinstance(document, dict) else None
    if not isinstance(hands, list):
        _compute(document, file)  # says what is wrong with the file
        _fail(f"{file}: not a sheet")
    if replace is None:
        index = len(hands)
        hands.append(new_entry)
    elif 1 <= replace <= len(hands):
        index = replace - 1
        hands[index] = new_entry
    else:
        _fail(f"--replace: the sheet has hands 1 to {len(hands)}, not {replace}")
    computed = _compute(document, file)
    hand = computed["hands"][index]
    if hand["error"] is not None:
        _fail(f"hand {index + 1}: {hand['error']['field']}: {hand['error']['message']}")
    _save(file, document)
    totals = "  ".join(f"{n} {t}" for n, t in zip(computed["players"], hand["totals"], strict=True))
    click.echo(f"hand {index + 1} ({hand['before']['round']}) entered: {totals}")
    later = [h["index"] + 1 for h in computed["hands"][index + 1 :] if h["error"] is not None]
    if later:
        click.echo(f"note: hands {', '.join(map(str, later))} now give errors", err=True)


@sheet.command("show")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the computed sheet as JSON.")
@click.option("--brief", is_flag=True, help="Leave out each hand's itemised breakdown.")
def show(file: str, as_json: bool, brief: bool) -> None:
    """Print every hand of FILE explained, the payments, the running totals and standings."""
    computed = _compute(_read_json(file, "sheet"), file)
    if as_json:
        click.echo(json.dumps(computed, ensure_ascii=False))
    else:
        click.echo(explain_sheet(computed, breakdown=not brief))


@sheet.command("export")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["csv", "json"]), required=True)
@click.option("-o", "--output", default="-", help="The file to write (default: standard output).")
def export(file: str, fmt: str, output: str) -> None:
    """Write FILE as CSV (one row per hand, the totals) or as the JSON sheet document."""
    document = _read_json(file, "sheet")
    computed = _compute(document, file)
    text = (
        sheet_csv(computed)
        if fmt == "csv"
        else json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    )
    if output == "-":
        click.echo(text, nl=False)
    else:
        _write(output, text)
