"""``jantaku serve``: run the table server (HTTP API + WebSocket game protocol)."""

from __future__ import annotations

import gc
import sys
from typing import Any

import click

__all__ = ["serve"]


def _fewer_full_collections() -> None:
    """A full garbage collection stops the whole process for a time that grows with the live
    tables' objects; with the default thresholds one ran every few seconds and set the players'
    tail latency (measured in docs/deploy.md). The oldest
    generation is collected a hundred times less often (the young ones as before: most
    garbage, cycles included, dies young)."""
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young, middle, 1000)


def _database_url(url: str) -> str:
    """``url`` when it names a database jantaku keeps its tables in; else one clear line, before
    the server starts (its start would end in a driver's traceback)."""
    from jantaku.server.database_url import database_url

    try:
        database_url(url)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--database") from None
    return url


def _refuse_unreachable(database: str, redis_url: str | None) -> None:
    """One line and exit status 1 when the database or Redis does not answer, before the
    server starts (its start would end in a driver's traceback)."""
    from jantaku.server.reachable import database_problem, redis_problem

    problem = database_problem(database) or (redis_url and redis_problem(redis_url))
    if problem:
        raise click.ClickException(problem)


def _shown(host: str) -> str:
    """The address to open for ``host`` (one listening everywhere is reachable at loopback;
    an IPv6 address in brackets)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    return f"[{shown}]" if ":" in shown else shown


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int)
@click.option(
    "--database",
    "database",
    default=None,
    help="SQLAlchemy URL (default: SQLite in ./jantaku-data); postgresql://… works too.",
)
@click.option(
    "--redis",
    "redis_url",
    default=None,
    help="Redis URL (redis://host:port/0): several processes share the database's tables, "
    "with fail-over (docs/deploy.md). Without it this process drives every table.",
)
@click.option(
    "--turn-seconds",
    type=float,
    default=None,
    help="Per-turn time at timed tables (default: the rules' 15 s).",
)
@click.option(
    "--call-seconds",
    type=float,
    default=None,
    help="Per-call-prompt time at timed tables (default: the rules' 8 s).",
)
@click.option(
    "--bank-seconds",
    type=float,
    default=30.0,
    show_default=True,
    help="Time bank per seat and match.",
)
@click.option(
    "--grace-seconds",
    type=float,
    default=20.0,
    show_default=True,
    help="How long an absent player's seat waits before a computer player takes it.",
)
@click.option(
    "--abandon-seconds",
    type=click.FloatRange(min=0),
    default=600.0,
    show_default=True,
    help="An unranked match whose persons all left (or stayed away past the grace) stops, "
    "and ends as abandoned after this long unless one comes back.",
)
@click.option(
    "--bot-delay",
    type=float,
    default=0.7,
    show_default=True,
    help="Seconds a computer player thinks before its turn (0.5-1.5 times this; 0: at once).",
)
@click.option(
    "--call-window",
    type=float,
    default=1.0,
    show_default=True,
    help="Seconds every discard waits for calls at a table with more than one person.",
)
@click.option(
    "--solo-call-window",
    type=float,
    default=0.3,
    show_default=True,
    help="The same at a table of one person and computer players.",
)
@click.option(
    "--decision-threads",
    type=click.IntRange(min=1),
    default=None,
    help="Threads the computer players' call decisions run on, shared by the process's "
    "tables, one decision per table at a time  [default: one per core, at least 2].",
)
@click.option(
    "--hand-pause",
    type=float,
    default=15.0,
    show_default=True,
    help="Longest pause between hands while the result is shown (ends when all confirm).",
)
@click.option(
    "--solo-hand-pause",
    type=float,
    default=900.0,
    show_default=True,
    help="The same at a table of one person and computer players (nobody else waits).",
)
@click.option(
    "--session-days",
    type=float,
    default=30.0,
    show_default=True,
    help="Lifetime of a login token; an older one must log in again.",
)
@click.option(
    "--session-recheck-seconds",
    type=click.FloatRange(min=0.1),
    default=30.0,
    show_default=True,
    help="How often open connections' sessions are checked again; a connection whose session "
    "ended (by age, or a logout at another process) is closed within this time.",
)
@click.option(
    "--table-idle-seconds",
    type=float,
    default=600.0,
    show_default=True,
    help="An open table with nobody seated, or nobody connected, closes after this long.",
)
@click.option(
    "--ranked-distinct-addresses/--ranked-shared-addresses",
    default=True,
    show_default=True,
    help="A ranked queue table seats at most one account per network address (against rank "
    "farming); --ranked-shared-addresses for a LAN event where everyone shares one address.",
)
@click.option(
    "--http-tokens-per-second",
    type=click.FloatRange(min=0.01),
    default=100.0,
    show_default=True,
    help="HTTP budget of one client address (of the whole group with --redis): tokens per "
    "second; a request takes its route's weight (a static file 1, a game's record 10; "
    "docs/deploy.md).",
)
@click.option(
    "--http-token-burst",
    type=click.IntRange(min=1),
    default=2000,
    show_default=True,
    help="The same budget's tokens at once (over it: 429 too_many_requests).",
)
@click.option(
    "--address-messages-per-second",
    type=click.FloatRange(min=0.01),
    default=200.0,
    show_default=True,
    help="WebSocket messages of one client address, all its connections together (of the "
    "whole group with --redis); a hall of players behind one address may need more.",
)
@click.option(
    "--address-message-burst",
    type=click.IntRange(min=1),
    default=400,
    show_default=True,
    help="The same budget's messages at once (over it: rate_limited).",
)
@click.option(
    "--tables-per-user",
    type=click.IntRange(min=1),
    default=4,
    show_default=True,
    help="Unfinished tables a player sits at (of the whole group with --redis); a seat one "
    "left counts until its match ends.",
)
@click.option(
    "--tables-per-address",
    type=click.IntRange(min=1),
    default=16,
    show_default=True,
    help="The same for all accounts of one client address together.",
)
@click.option(
    "--watches-per-connection",
    type=click.IntRange(min=1),
    default=4,
    show_default=True,
    help="Unfinished tables one connection watches at once (of the whole group with --redis); "
    "one more watch is refused (too_many_tables).",
)
@click.option(
    "--chat-burst",
    type=click.IntRange(min=1),
    default=5,
    show_default=True,
    help="Chat lines one player may say at once at party tables (over it: chat_too_fast).",
)
@click.option(
    "--chat-lines-per-minute",
    type=click.FloatRange(min=0.1),
    default=20.0,
    show_default=True,
    help="Chat lines one player may say a minute after the burst.",
)
@click.option("--log-level", default="warning", show_default=True)
def serve(
    host: str,
    port: int,
    database: str | None,
    redis_url: str | None,
    log_level: str,
    **settings_options: Any,
) -> None:
    """Serve jantaku tables: lobby, ranked and party tables, bots, records (docs/protocol.md)."""
    import uvicorn

    from jantaku.server.app import create_app
    from jantaku.server.config import ServerSettings
    from jantaku.server.storage import default_url

    # every other option is the ServerSettings field of its name
    settings = ServerSettings(**settings_options)
    url = _database_url(database or default_url())
    _refuse_unreachable(url, redis_url)
    app = create_app(url, settings, redis_url)
    _fewer_full_collections()

    class _Server(uvicorn.Server):
        """Tells every client to reconnect before uvicorn closes the sockets (SIGTERM)."""

        async def shutdown(self, sockets: list[Any] | None = None) -> None:
            # in the event loop, not the signal handler: the messages must leave before the
            # connections are closed, and a handler cannot wait for that. The tables are
            # handed over first, so that the clients find them driven elsewhere at once.
            await app.state.server.drain()
            await app.state.server.announce_shutdown()
            await super().shutdown(sockets=sockets)

        async def startup(self, sockets: list[Any] | None = None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                click.echo(f"jantaku is running: open http://{_shown(host)}:{port}/")
                sys.stdout.flush()

    config = uvicorn.Config(
        app, host=host, port=port, log_level=log_level, ws_max_size=64 * 1024, lifespan="on"
    )
    _Server(config).run()
