"""``jantaku mjai-bot``: a jantaku bot speaking the mjai protocol on standard input/output."""

from __future__ import annotations

import sys

import click

from jantaku.families.riichi import RIICHI
from jantaku.players.mjai.bot import MjaiBot, serve
from jantaku.players.riichi import LEVELS, make_player
from jantaku.rules.riichi.options import preset

__all__ = ["mjai_bot"]


@click.command("mjai-bot")
@click.option("--level", type=click.Choice(list(LEVELS)), default="defensive", show_default=True)
@click.option(
    "--seat",
    type=click.IntRange(0, 3),
    default=0,
    show_default=True,
    help='Own seat until a start_game event names it (its "id").',
)
@click.option(
    "--rules",
    type=click.Choice(list(RIICHI.presets)),  # mjai is a riichi protocol
    default="tenhou",
    show_default=True,
    help="Rules the wins are judged by.",
)
@click.option("--seed", default="0", show_default=True)
def mjai_bot(level: str, seat: int, rules: str, seed: str) -> None:
    """Read mjai events (one JSON object or array per line), answer each with one line."""
    options = preset(rules)
    player = make_player(level, seed)
    serve(MjaiBot(player, seat, options), sys.stdin, sys.stdout)
