"""``jantaku sit``: a bot plays one match at a running ``jantaku serve``, through
:mod:`jantaku.client`, as a person would."""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

import click

from jantaku.client.table import RANKED_KINDS
from jantaku.errors import JantakuError
from jantaku.families import all_families, all_levels, default_family, family

__all__ = ["sit"]


def _bad(message: str) -> click.BadParameter:
    return click.BadParameter(message, param_hint="'--bot'")


def load_player(spec: str) -> Any:
    """A player made by ``module:Name`` (a class or function called without arguments; the
    module is looked for in the working directory too)."""
    module_name, _, attribute = spec.partition(":")
    if "" in (module_name, attribute):
        raise _bad(f"{spec!r} is not module:Name")
    if "" not in sys.path:
        sys.path.insert(0, "")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise _bad(f"cannot import {module_name!r}: {error}") from None
    make = getattr(module, attribute, None)
    if make is None:
        raise _bad(f"{module_name} has no {attribute!r}")
    try:
        player = make() if callable(make) else make
    except TypeError as error:
        raise _bad(f"cannot make {spec} without arguments: {error}") from None
    if not all(hasattr(player, a) for a in ("name", "observe", "choose")):
        raise _bad(f"{spec} is not a player (it needs name, observe and choose)")
    return player


@click.command("sit")
@click.option("--server", required=True, help="The server, e.g. http://127.0.0.1:8000.")
@click.option(
    "--bot",
    default="efficiency",
    show_default=True,
    help=f"The player: a built-in level ({', '.join(all_levels())}) or your own module:Class.",
)
@click.option(
    "--family",
    "family_name",
    type=click.Choice([f.name for f in all_families()]),
    default=default_family().name,
    show_default=True,
    help="The rules of a new table (a practice table for riichi).",
)
@click.option("--length", type=click.Choice(["quick", "full"]), default="quick", show_default=True)
@click.option("--puppets", default=None, help="Level of the computer players that fill the table.")
@click.option("--table", default=None, help="Join this table id instead of making one.")
@click.option("--invite", default=None, help="Join the private table of this invite code.")
@click.option("--seat", type=click.IntRange(0, 3), default=None, help="Take this seat.")
@click.option(
    "--queue",
    type=click.Choice(RANKED_KINDS),
    default=None,
    help="Queue for a ranked table of this kind (a registered account: --name), of --length.",
)
@click.option("--name", default=None, help="Log in as this account (else a new guest).")
@click.option("--password", envvar="JANTAKU_PASSWORD", default=None, help="[env JANTAKU_PASSWORD]")
@click.option("--seed", default="0", show_default=True, help="Seed of a built-in level.")
@click.option("--json", "as_json", is_flag=True, help="Print the match result as JSON.")
def sit(
    server: str,
    bot: str,
    family_name: str,
    length: str,
    puppets: str | None,
    table: str | None,
    invite: str | None,
    seat: int | None,
    queue: str | None,
    name: str | None,
    password: str | None,
    seed: str,
    as_json: bool,
) -> None:
    """Seat a bot at a running server (a new table with computer players, a table or invite
    of your own, or a ranked queue) and play one match to its end."""
    from jantaku.client import TableClient, TableRequest

    if queue is not None:
        clash = [
            f"--{n}"
            for n, v in (("table", table), ("invite", invite), ("puppets", puppets), ("seat", seat))
            if v is not None
        ]
        if clash:
            raise click.UsageError(f"--queue finds its own table and seat: drop {', '.join(clash)}")
        if name is None:
            raise click.UsageError("--queue seats registered accounts only: log in with --name")
    if name is not None and password is None:
        password = click.prompt(f"password of {name}", hide_input=True)
    player = load_player(bot) if ":" in bot else None
    if player is None and bot not in all_levels():
        raise _bad(f"unknown level {bot!r}; choose from {', '.join(all_levels())} or module:Class")

    def make(family_of_table: str) -> Any:
        fam = family(family_of_table)
        return fam.new_player(fam.level(bot), seed, fam.default_preset)

    try:
        if queue is not None:
            request = TableRequest(kind=queue, length=length, fill_bots=False, queue=True)
        else:
            request = TableRequest(
                kind=family(family_name).solo_kind,
                length=length,
                bot=puppets,
                fill_bots=(table is None and invite is None) or puppets is not None,
                table=table,
                invite=invite,
                seat=seat,
            )
        client = TableClient(server, name=name, password=password)
        if player is not None:
            result = client.sit(player, request)
        else:
            result = client.sit(request=request, make_player=make)
    except JantakuError as error:
        raise click.ClickException(str(error)) from None
    if as_json:
        click.echo(json.dumps({"table": result.table, "seat": result.seat, **result.raw}))
        return
    scores = "  ".join(str(s) for s in result.scores)
    click.echo(
        f"table {result.table}, seat {result.seat}: place {result.place} of 4; "
        f"scores {scores} ({result.reason})"
    )
