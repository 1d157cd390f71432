"""``jantaku arena``: bots play many matches (optionally duplicate) and each player's placement,
points, win, deal-in and riichi rates are printed with 95% confidence intervals; with a
classical preset (``--rules sontag``) classical games, with average balance and Störspiel
violations. What each family plays and prints comes from :mod:`jantaku.families`."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

import click

from jantaku.errors import JantakuError
from jantaku.families import (
    Family,
    all_levels,
    all_presets,
    default_family,
    family_of_preset,
    lengths_help,
)

__all__ = ["arena"]


def _print_table(fam: Family, rows: list[dict[str, Any]], header: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=header)
    for col, _ in fam.arena.columns:
        table.add_column(col, justify="right" if col != "player" else "left")
    for r in rows:
        table.add_row(*(show(r) for _, show in fam.arena.columns))
    Console().print(table)


@click.command("arena")
@click.option(
    "--rules",
    default=default_family().default_preset,
    show_default=True,
    type=click.Choice(list(all_presets())),
    help="Rule family / preset.",
)
@click.option(
    "--players",
    "players_",
    required=True,
    help=f"Four comma-separated levels ({', '.join(all_levels())}).",
)
@click.option(
    "--games",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="Matches to play (duplicate: rounded up to a multiple of 4).",
)
@click.option("--seed", default="0", show_default=True, help="Seed of the walls.")
@click.option("--duplicate", is_flag=True, help="Play each wall set with players in every seat.")
@click.option(
    "--length",
    type=click.Choice(["quick", "full"]),
    default="full",
    show_default=True,
    help=lengths_help(),
)
@click.option(
    "--max-hands",
    type=click.IntRange(min=1),
    default=400,
    show_default=True,
    help="sontag: end a game after this many hands (East keeps the deal after a Remis).",
)
@click.option(
    "--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def arena(
    rules: str,
    players_: str,
    games: int,
    seed: str,
    duplicate: bool,
    length: str,
    max_hands: int,
    jobs: int,
    as_json: bool,
) -> None:
    """Bots play GAMES matches; per-player results with 95% confidence intervals."""
    names = [n.strip() for n in players_.split(",")]
    fam = family_of_preset(rules)
    try:
        if len(names) != 4:
            raise JantakuError(f"four levels are needed, got {len(names)}")
        for n in names:
            fam.level(n)
    except JantakuError as e:
        raise click.BadParameter(str(e), param_hint="'--players'") from None
    if duplicate and games % 4:
        games += 4 - games % 4
    run = partial(fam.arena.play_one, rules, length, max_hands, names, seed, duplicate)
    records: list[Any] = []
    from rich.progress import Progress

    with Progress(transient=True, disable=False, console=_stderr_console()) as bar:
        task = bar.add_task(f"{rules} arena", total=games)
        if jobs == 1:
            for g in range(games):
                records.append(run(g))
                bar.advance(task)
        else:
            with ProcessPoolExecutor(jobs) as pool:
                for rec in pool.map(run, range(games), chunksize=4):
                    records.append(rec)
                    bar.advance(task)
    rows = fam.arena.summarize(names, records)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "rules": rules,
                    "games": games,
                    "seed": seed,
                    "duplicate": duplicate,
                    "length": length,
                    "players": rows,
                }
            )
        )
    else:
        mode = "duplicate" if duplicate else "plain"
        title = f"{rules} arena: {games} {length} {fam.arena.unit} ({mode}), seed {seed}"
        _print_table(fam, rows, title)


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)
