"""``jantaku arena``: bots play many matches (optionally duplicate) and each player's placement,
points, win, deal-in and riichi rates are printed with 95% confidence intervals; with
``--rules sontag`` classical games, with average balance and Störspiel violations."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

import click

from jantaku.errors import JantakuError
from jantaku.players.arena import GameRecordStats, match_at, play_one, summarize
from jantaku.players.classical_arena import (
    ClassicalRecord,
    play_classical_one,
    summarize_classical,
)
from jantaku.players.riichi import LEVELS, make_player

__all__ = ["arena"]

RIICHI_RULES = ("doman", "doman_no_kuitan", "tenhou")
LENGTHS = {"full": "east_south", "quick": "east_only"}


def _table(rules: str, length: str, match_seed: str) -> Any:
    from jantaku.engine.riichi.presets import new_match

    return new_match(rules, seed=match_seed, length=LENGTHS[length])


def _player(names: list[str], index: int, seed: str) -> Any:
    return make_player(names[index], seed)


def _one(
    rules: str, length: str, names: list[str], seed: str, duplicate: bool, g: int
) -> GameRecordStats:
    match_seed, seats = match_at(g, seed, duplicate)
    return play_one(
        match_seed,
        seats,
        partial(_table, rules, length),
        partial(_player, names),
    )


def _classical_table(length: str, max_hands: int, match_seed: str) -> Any:
    from jantaku.players.classical_table import CLASSICAL_LENGTHS, ClassicalTable

    return ClassicalTable(seed=match_seed, rounds=CLASSICAL_LENGTHS[length], max_hands=max_hands)


def _classical_player(names: list[str], index: int, seed: str) -> Any:
    from jantaku.players.classical import make_player as make_classical_player

    return make_classical_player(names[index], seed)


def _classical_one(
    length: str, max_hands: int, names: list[str], seed: str, duplicate: bool, g: int
) -> ClassicalRecord:
    return play_classical_one(
        g,
        seed,
        duplicate,
        partial(_classical_table, length, max_hands),
        partial(_classical_player, names),
    )


def _print_classical(rows: list[dict[str, Any]], header: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=header)
    for col in (
        "player",
        "seat",
        "games",
        "avg balance",
        "avg place",
        "win",
        "deal-in",
        "violations",
    ):
        table.add_column(col, justify="right" if col != "player" else "left")

    def pct(r: dict[str, Any], key: str) -> str:
        return f"{100 * r[key]:.1f}% ± {100 * r[key + '_ci95']:.1f}"

    for r in rows:
        table.add_row(
            r["name"],
            str(r["seat_index"]),
            str(r["games"]),
            f"{r['avg_balance']:.0f} ± {r['avg_balance_ci95']:.0f}",
            f"{r['avg_placement']:.3f} ± {r['avg_placement_ci95']:.3f}",
            pct(r, "win_rate"),
            pct(r, "deal_in_rate"),
            str(r["violations"]),
        )
    Console().print(table)


def _print_table(rows: list[dict[str, Any]], header: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=header)
    cols = ("player", "seat", "games", "avg place", "± by wall set", "avg points", "win", "deal-in")
    for col in (*cols, "riichi"):
        table.add_column(col, justify="right" if col != "player" else "left")

    def pct(r: dict[str, Any], key: str) -> str:
        return f"{100 * r[key]:.1f}% ± {100 * r[key + '_ci95']:.1f}"

    for r in rows:
        table.add_row(
            r["name"],
            str(r["seat_index"]),
            str(r["games"]),
            f"{r['avg_placement']:.3f} ± {r['avg_placement_ci95']:.3f}",
            f"± {r['avg_placement_ci95_by_wall']:.3f}",
            f"{r['avg_points']:.0f} ± {r['avg_points_ci95']:.0f}",
            pct(r, "win_rate"),
            pct(r, "deal_in_rate"),
            pct(r, "riichi_rate"),
        )
    Console().print(table)


@click.command("arena")
@click.option(
    "--rules",
    default="doman",
    show_default=True,
    type=click.Choice([*RIICHI_RULES, "sontag"]),
    help="Rule family / preset.",
)
@click.option(
    "--players",
    "players_",
    required=True,
    help=f"Four comma-separated levels ({', '.join(LEVELS)}).",
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
    type=click.Choice(list(LENGTHS)),
    default="full",
    show_default=True,
    help="riichi: full = East and South rounds (hanchan), quick = East round only; "
    "sontag: full = four wind rounds, quick = the East wind round only.",
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
    try:
        if len(names) != 4:
            raise JantakuError(f"--players needs four levels, got {len(names)}")
        known = list(LEVELS)
        if rules == "sontag":
            from jantaku.players.classical import LEVELS as CLASSICAL_LEVELS

            known += [n for n in CLASSICAL_LEVELS if n not in known]
        for n in names:
            if n not in known:
                raise JantakuError(f"unknown level {n!r}; choose from {', '.join(known)}")
    except JantakuError as e:
        raise click.ClickException(str(e)) from None
    if duplicate and games % 4:
        games += 4 - games % 4
    run: Any
    if rules == "sontag":
        run = partial(_classical_one, length, max_hands, names, seed, duplicate)
    else:
        run = partial(_one, rules, length, names, seed, duplicate)
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
    if rules == "sontag":
        rows = [p.to_json() for p in summarize_classical(names, records)]
    else:
        rows = [p.to_json() for p in summarize(names, records)]
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
        title = f"{rules} arena: {games} {length} matches ({mode}), seed {seed}"
        if rules == "sontag":
            _print_classical(rows, title.replace("matches", "games"))
        else:
            _print_table(rows, title)


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)
