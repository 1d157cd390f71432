"""``jantaku replay-check``: replay recorded games through the engine and compare every hand."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from jantaku.errors import JantakuError
from jantaku.formats.detect import GAME_SUFFIXES, load_games, read_games_text
from jantaku.formats.errors import Skipped
from jantaku.formats.record import GameRecord
from jantaku.replay import GameCheck, HandMismatch, check_games, summary


def _files(paths: tuple[str, ...]) -> Iterator[str]:
    for path in paths:
        p = Path(path)
        if p.is_dir():
            for f in sorted(p.rglob("*")):
                if f.is_file() and f.suffix.lower() in GAME_SUFFIXES:
                    yield str(f)
        else:
            yield path


def _games(paths: tuple[str, ...], broken: list[HandMismatch]) -> Iterator[GameRecord | Skipped]:
    """Every game under the paths; a file that cannot be read is one mismatch, not a crash."""
    for path in _files(paths):
        try:
            if "#json=" in path and not Path(path).exists():
                yield from read_games_text(path, "<url>")
            else:
                yield from load_games(path)
        except (JantakuError, LookupError, OSError) as error:
            broken.append(HandMismatch(path, "-", f"cannot read: {error}"))


@click.command("replay-check")
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object with the mismatches.")
def replay_check(paths: tuple[str, ...], as_json: bool) -> None:
    """Replay every game found in PATHS (files, folders or tenhou.net/6 viewer URLs; mjlog XML,
    tenhou.net/6 JSON, mjai or mjx JSON) through the engine under the rules the log states, and
    compare each hand's result and the final scores with the record. Exit status 1 on any
    mismatch."""
    broken: list[HandMismatch] = []
    results: list[GameCheck | Skipped] = list(check_games(_games(paths, broken)))
    report: dict[str, Any] = summary(results)
    report["mismatch_list"] += [m.to_json() for m in broken]
    report["mismatches"] += len(broken)
    line = (
        f"games={report['games']} hands={report['hands']} "
        f"mismatches={report['mismatches']} skipped={report['skipped']}"
    )
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False))
    else:
        for m in report["mismatch_list"]:
            click.echo(f"{m['file']} {m['hand']}: {m['what']}")
        for s in report["skipped_list"]:
            click.echo(f"skipped {s['file']}: {s['reason']}")
        click.echo(line)
    sys.exit(1 if report["mismatches"] else 0)
