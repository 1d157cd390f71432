"""The ``jantaku`` command line: thin commands over the library."""

from __future__ import annotations

import click

from jantaku import __version__
from jantaku.commands.arena import arena
from jantaku.commands.hand import hand
from jantaku.commands.mjai_bot import mjai_bot
from jantaku.commands.play import play
from jantaku.commands.replay_check import replay_check
from jantaku.commands.score import score
from jantaku.commands.serve import serve


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="jantaku")
def main() -> None:
    """jantaku (雀卓): Doman riichi and classical German Mah-Jongg."""


main.add_command(arena)
main.add_command(hand)
main.add_command(mjai_bot)
main.add_command(play)
main.add_command(replay_check)
main.add_command(score)
main.add_command(serve)
