"""What the riichi and the classical terminal players share: reading one key, picking one of
several choices by number, telling what the others did since the last question, leaving at the
end of input, and the loop of a terminal game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from jantaku.engine.actions import Action
from jantaku.engine.events import Event
from jantaku.players.protocol import Player, tell
from jantaku.tiles import Tile

#: event type -> how another seat's event reads ({who}, {tile}, {tiles}, {kind})
_RECAP = {
    "discarded": "{who} discards {tile}",
    "called": "{who} calls {kind} on {tile}",
    "kan_declared": "{who} declares a kan ({kind}): {tiles}",
    "kong_declared": "{who} declares a kong ({kind}): {tiles}",
    "bonus_laid_out": "{who} lays out {tile}",
}
_NEW_HAND = ("deal_started", "classical_deal_started")
_HAND_END = "deal_ended"  # both families: the hand's result comes next


class Quit(Exception):
    """End of input: the person left."""


class KeyboardPlayer:
    """The person at the keyboard; subclasses render their table and map keys to actions."""

    name = "you"
    seat = 0  # the terminal games seat the person first

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None]) -> None:
        self.read = read
        self.write = write
        self.names: Sequence[str] = ()
        self._since: list[str] = []  # what the others did since the last question

    def observe(self, events: Sequence[Event]) -> None:
        for e in events:
            if e.type in _NEW_HAND:
                self._since = []
                continue
            if e.type == _HAND_END:  # what led to the result, before it is shown
                self.recap()
                continue
            line = self._recap_line(e)
            if line is not None:
                self._since.append(line)

    def choose(self, view: Any) -> Action:
        """Show the table and ask for a key until it names one of the view's legal actions."""
        raise NotImplementedError

    def tile_label(self, tile: Tile) -> str:
        """A tile as the family's table shows it."""
        raise NotImplementedError

    def _recap_line(self, e: Event) -> str | None:
        text = _RECAP.get(e.type)
        seat: Any = getattr(e, "seat", None)
        if text is None or seat is None or seat == self.seat:
            return None
        tile = getattr(e, "tile", None)
        line = text.format(
            who=self.names[seat] if seat < len(self.names) else f"seat {seat}",
            tile=self.tile_label(tile) if isinstance(tile, Tile) else "",
            tiles=" ".join(self.tile_label(t) for t in getattr(e, "tiles", ())),
            kind=str(getattr(e, "kind", "")).replace("_", " "),
        )
        return line

    def recap(self) -> None:
        """Write what the others did since the last question (once)."""
        if self._since:
            self.write("Since your last move: " + "; ".join(self._since) + ".")
            self._since = []

    def ask(self, prompt: str) -> str:
        try:
            return self.read(prompt).strip().lower()
        except EOFError:
            raise Quit from None

    def tiles_text(self, action: Action) -> str:
        """The tiles that tell one choice from another (the own tiles of a call)."""
        raise NotImplementedError

    def _pick(self, options: list[Action], what: str) -> Action:
        if len(options) == 1:
            return options[0]
        for i, a in enumerate(options, start=1):
            self.write(f"  {i}: {what} with {self.tiles_text(a)}")
        while True:
            key = self.ask(f"Which {what}? [1-{len(options)}] ")
            if key.isdigit() and 1 <= int(key) <= len(options):
                return options[int(key) - 1]
            self.write(f"Hint: press a number from 1 to {len(options)}.")


def play_to_the_end(
    table: Any,
    human: KeyboardPlayer,
    bots: Sequence[Player],
    narrate: Callable[[list[Event]], None],
) -> None:
    """The terminal game's loop: the person at seat 0, ``bots`` at the others; each seat to act
    chooses until the match ends or the person leaves. ``narrate`` tells what each step did."""
    players: list[Player] = [human, *bots]
    tell(players, table.log)
    try:
        while not table.finished:
            seat = table.to_act()[0]
            events = table.apply(players[seat].choose(table.view(seat)))
            tell(players, events)
            narrate(events)
    except Quit:
        human.write("\nBye.")
