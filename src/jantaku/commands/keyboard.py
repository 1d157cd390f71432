"""What the riichi and the classical terminal players share: reading one key, picking one of
several choices by number, and leaving at the end of input."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from jantaku.engine.actions import Action


class Quit(Exception):
    """End of input: the person left."""


class KeyboardPlayer:
    """The person at the keyboard; subclasses render their table and map keys to actions."""

    name = "you"

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None]) -> None:
        self.read = read
        self.write = write
        self.names: Sequence[str] = ()

    def observe(self, events: Sequence[object]) -> None:
        pass

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
