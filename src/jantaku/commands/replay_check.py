"""``jantaku replay-check``: replay recorded games through the engine and compare every hand."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from jantaku.errors import JantakuError
from jantaku.formats.detect import GAME_SUFFIXES, load_file, read_games_text
from jantaku.formats.errors import LogFormatError, Skipped
from jantaku.formats.logtext import read_log_text
from jantaku.formats.record import GameRecord
from jantaku.formats.replay import GameCheck, check_games, summary
from jantaku.jsontext import loads as load_json
from jantaku.players.server_record import check_server_game, is_server_game


def _where(path: str) -> str:
    """ "dir", "file" or "missing"; a path the system cannot look up (too long, a NUL byte) is
    missing."""
    try:
        p = Path(path)
        if p.is_dir():
            return "dir"
        if p.exists():
            return "file"
    except (OSError, ValueError):
        pass
    return "missing"


def _files(paths: tuple[str, ...]) -> Iterator[tuple[str, bool]]:
    """Each file to read and whether the user named it (else it was found in a folder)."""
    for path in paths:
        if path and _where(path) == "dir":
            for f in sorted(Path(path).rglob("*")):
                if f.is_file() and f.suffix.lower() in GAME_SUFFIXES:
                    yield str(f), False
        else:
            yield path, True


def _message(path: str, error: Exception) -> str:
    """One line naming the file and what is wrong with it."""
    if isinstance(error, LogFormatError):
        return str(error)  # it starts with the file
    return f"{path}: {error}"


def _server_game(path: str) -> dict[str, Any] | None:
    """The file's game as the server serves it (``GET /api/games/{id}``), else None."""
    text = read_log_text(path)
    if not text.lstrip().startswith("{"):
        return None
    try:
        obj = load_json(text)
    except (json.JSONDecodeError, ValueError):
        return None  # the readers of the log formats say what is wrong with it
    return obj if is_server_game(obj) else None


def _read(path: str, named: bool) -> Iterator[GameRecord | Skipped | GameCheck]:
    if not path:
        raise LogFormatError("''", "an empty path")
    if _where(path) == "missing":
        if "#json=" in path:
            yield from read_games_text(path, "<tenhou.net/6 URL>")
            return
        raise LogFormatError(path, "no such file or folder")
    server = _server_game(path)
    if server is not None:
        yield check_server_game(server, path)
        return
    yield from load_file(path, named=named)


def _games(
    paths: tuple[str, ...], errors: list[dict[str, str]]
) -> Iterator[GameRecord | Skipped | GameCheck]:
    """Every game under the paths; a file that cannot be read is one error, not a crash."""
    for path, named in _files(paths):
        try:
            yield from _read(path, named)
        except (JantakuError, LookupError, OSError) as error:
            errors.append({"file": path, "error": _message(path, error)})


@click.command("replay-check")
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object with the mismatches.")
def replay_check(paths: tuple[str, ...], as_json: bool) -> None:
    """Replay every game found in PATHS (files, folders or tenhou.net/6 viewer URLs; mjlog XML,
    tenhou.net/6 JSON, mjai or mjx JSON) through the engine under the rules the log states, and
    compare each hand's result and the final scores with the record. A game record of a jantaku
    server (the JSON of GET /api/games/ID, either rule family) is replayed from its seed along
    its decisions, and every event and the end must equal the record. A log that cannot be read
    (cut short, corrupt, not a game log although named) is an error. Exit status 1 on any
    mismatch or error."""
    errors: list[dict[str, str]] = []
    results: list[GameCheck | Skipped] = list(check_games(_games(paths, errors)))
    report: dict[str, Any] = summary(results)
    report["errors"] = len(errors)
    report["error_list"] = errors
    line = (
        f"games={report['games']} hands={report['hands']} "
        f"mismatches={report['mismatches']} skipped={report['skipped']} "
        f"errors={report['errors']}"
    )
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False))
    else:
        for m in report["mismatch_list"]:
            click.echo(f"{m['file']} {m['hand']}: {m['what']}")
        for s in report["skipped_list"]:
            click.echo(f"skipped {s['file']}: {s['reason']}")
        for e in errors:
            click.echo(f"error: {e['error']}")
        click.echo(line)
    sys.exit(1 if report["mismatches"] or errors else 0)
