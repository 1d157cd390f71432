"""The ``jantaku`` command line: thin commands over the library.

Each command's module is imported only when that command runs (or help lists it), so a short
command such as ``jantaku score`` does not pay for the server's or the arena's imports."""

from __future__ import annotations

import importlib

import click

from jantaku import __version__

COMMANDS = {
    "arena": "jantaku.commands.arena:arena",
    "hand": "jantaku.commands.hand:hand",
    "mjai-bot": "jantaku.commands.mjai_bot:mjai_bot",
    "play": "jantaku.commands.play:play",
    "ranked-audit": "jantaku.commands.ranked_audit:ranked_audit",
    "replay-check": "jantaku.commands.replay_check:replay_check",
    "review": "jantaku.commands.review:review",
    "score": "jantaku.commands.score:score",
    "serve": "jantaku.commands.serve:serve",
    "sheet": "jantaku.commands.sheet:sheet",
    "sit": "jantaku.commands.sit:sit",
}
"""Command name -> ``module:attribute`` of its click command."""


class _LazyGroup(click.Group):
    """A group that imports a command's module on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return super().get_command(ctx, cmd_name)
        module, attribute = target.split(":")
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command), target
        return command


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="jantaku")
def main() -> None:
    """jantaku (雀卓): Doman riichi and classical German Mah-Jongg."""
