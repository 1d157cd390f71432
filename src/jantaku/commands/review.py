"""``jantaku review``: a puppet looks over a player's game (docs/review.md)."""

from __future__ import annotations

import json
import sys

import click

from jantaku.errors import JantakuError
from jantaku.players.review import DEFAULT_THRESHOLD, read_sources, review_source
from jantaku.players.review.text import render_review


@click.command("review")
@click.argument("file")
@click.option(
    "--seat",
    type=click.IntRange(0, 3),
    default=0,
    show_default=True,
    help="The seat to review (0 = the first East of the game).",
)
@click.option(
    "--level",
    default=None,
    help="The puppet's level (default: strongest).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON (docs/review.md).")
@click.option(
    "--threshold",
    type=click.FloatRange(min=0.0),
    default=DEFAULT_THRESHOLD,
    show_default=True,
    help="Mark a choice worse than the puppet's by more than this (accepted tiles).",
)
def review(file: str, seat: int, level: str | None, as_json: bool, threshold: float) -> None:
    """Review every decision of one seat in the game(s) of FILE: any log jantaku reads (mjlog,
    tenhou.net/6, mjai, mjx, its native logs) or a finished game as the server serves it
    (GET /api/games/ID, either rule family). For each decision: the player's choice, the
    puppet's, its top three candidates with what it weighed, and a mark where the player's
    choice is worse by more than the threshold in the puppet's own estimate."""
    try:
        reviews = [review_source(s, seat, level, threshold) for s in read_sources(file)]
    except (JantakuError, OSError) as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(
            json.dumps({"file": file, "games": [r.to_json() for r in reviews]}, ensure_ascii=False)
        )
        return
    click.echo("\n\n".join(render_review(r) for r in reviews))
