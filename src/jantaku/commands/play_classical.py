"""``jantaku play --rules sontag``: a person plays a classical game in the terminal against three
bots.

One key (and Enter) answers every prompt: hand positions 1-9, 0, a-d discard; ``m`` Mah Jongg,
``k`` kong; on a discard ``m`` Mah Jongg, ``p`` pung, ``c`` chow, ``k`` kong, ``n`` pass. Enter
alone discards the drawn tile or passes. A discard that would break the Störspiel rule (the
engine allows it and settles it: the violator pays for everybody if the threatening player wins
with it) is only made after a warning and a ``y``. A key that means nothing now gets a hint."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from jantaku.commands.keyboard import KeyboardPlayer, play_to_the_end
from jantaku.commands.play_render import HAND_KEYS
from jantaku.commands.play_render_classical import (
    classical_label,
    render_classical_end,
    render_classical_ranking,
    render_classical_table,
    warning_text,
)
from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical import (
    ClassicalDealEnded,
    ClassicalMatchEnded,
    ClassicalView,
    MahJonggDeclared,
)
from jantaku.tiles import Tile

__all__ = ["ClassicalHuman", "play_classical"]

_NAMES = {
    ActionKind.TSUMO: "m mah jongg",
    ActionKind.RON: "m mah jongg",
    ActionKind.CONCEALED_KAN: "k kong",
    ActionKind.ADDED_KAN: "k kong",
    ActionKind.OPEN_KAN: "k kong",
    ActionKind.PON: "p pung",
    ActionKind.CHI: "c chow",
    ActionKind.PASS: "n pass",
}
_CLAIM_KEYS = {
    "m": (ActionKind.RON,),
    "p": (ActionKind.PON,),
    "c": (ActionKind.CHI,),
    "k": (ActionKind.OPEN_KAN, ActionKind.ADDED_KAN),
    "n": (ActionKind.PASS,),
}


class ClassicalHuman(KeyboardPlayer):
    """The person at the keyboard, as a classical player."""

    def choose(self, view: ClassicalView) -> Action:
        legal = list(view.legal_actions)
        self.recap()
        self.write(render_classical_table(view, self.names))
        if any(a.kind is ActionKind.DISCARD for a in legal):
            return self._turn(view, legal)
        return self._claim(view, legal)

    def tiles_text(self, action: Action) -> str:
        tiles = action.tiles or (action.tile,)
        return " ".join(classical_label(t) for t in tiles if t is not None)

    def tile_label(self, tile: Tile) -> str:
        return classical_label(tile)

    def _confirm_discard(self, view: ClassicalView, action: Action) -> bool:
        """Warn before a discard the Störspiel rule forbids; True to go ahead."""
        assert action.tile is not None and view.seat is not None
        kind = action.tile.kind
        broken = [w for w in view.discard_warnings if w.kind == kind and w.exemption is None]
        if not broken:
            return True
        for w in broken:
            self.write("Warning: " + warning_text(w, view.seat, self.names) + ".")
        while True:
            key = self.ask("Discard it anyway? [y/N] ")
            if key in ("y", "yes"):
                return True
            if key in ("", "n", "no"):
                return False
            self.write("Hint: y discards it anyway, n or Enter chooses another tile.")

    def _turn(self, view: ClassicalView, legal: list[Action]) -> Action:
        hand = list(view.hand)
        discards = {a.tile: a for a in legal if a.kind is ActionKind.DISCARD}
        specials = sorted({_NAMES[a.kind] for a in legal if a.kind is not ActionKind.DISCARD})
        default = discards.get(view.drawn) if view.drawn is not None else None
        if default is None and discards:
            default = next(iter(discards.values()))
        extra = (", " + ", ".join(specials)) if specials else ""
        keys = HAND_KEYS[: len(hand)]
        default_name = classical_label(default.tile) if default and default.tile else "a tile"
        hint = (
            f"Hint: press a hand position ({keys[0]}-{keys[-1]}) to discard{extra}; "
            f"Enter discards {default_name}."
        )
        while True:
            key = self.ask(f"Your turn: discard [{keys}]{extra} > ")
            choice: Action | None = None
            if key == "" and default is not None:
                choice = default
            elif len(key) == 1 and key in keys:
                choice = discards.get(hand[HAND_KEYS.index(key)])
                if choice is None:
                    self.write("Hint: that tile cannot be discarded now.")
                    continue
            elif key == "m":
                choice = next((a for a in legal if a.kind is ActionKind.TSUMO), None)
                if choice is not None:
                    return choice
            elif key == "k":
                kongs = [
                    a for a in legal if a.kind in (ActionKind.CONCEALED_KAN, ActionKind.ADDED_KAN)
                ]
                if kongs:
                    return self._pick(kongs, "kong")
            if choice is not None and choice.kind is ActionKind.DISCARD:
                if self._confirm_discard(view, choice):
                    return choice
                continue
            self.write(hint)

    def _claim(self, view: ClassicalView, legal: list[Action]) -> Action:
        tile = view.last_discard
        if view.phase == "rob":
            tile = next((a.tile for a in legal if a.kind is ActionKind.RON), tile)
            self.write("A kong was declared: you may rob its tile for Mah Jongg.")
        what = classical_label(tile) if tile is not None else "the tile"
        options = sorted({_NAMES[a.kind] for a in legal})
        while True:
            key = self.ask(f"Claim {what}? {', '.join(options)} (Enter passes) > ")
            if key == "":
                key = "n"
            kinds = _CLAIM_KEYS.get(key, ())
            matches = [a for a in legal if a.kind in kinds]
            if matches:
                return self._pick(matches, _NAMES[matches[0].kind].split(" ", 1)[1])
            self.write(f"Hint: press one of {', '.join(options)}.")


def play_classical(length: str, level: str, seed: str) -> None:
    """The classical game loop: the person sits at seat 0, bots at 1-3."""
    from jantaku.families.classical import CLASSICAL

    preset = CLASSICAL.default_preset
    table: Any = CLASSICAL.new_table(preset, seed, length, 400)
    human = ClassicalHuman(input, click.echo)
    names = ["You", f"{level}-1", f"{level}-2", f"{level}-3"]
    human.names = names
    bots = [CLASSICAL.new_player(level, f"{seed}:{s}", preset) for s in (1, 2, 3)]
    rounds = "the East wind round" if length == "quick" else "four wind rounds"
    east = "You are" if table.game.dealer == 0 else f"{names[table.game.dealer]} is"
    click.echo(
        f"jantaku: classical (sontag), {rounds}, seed {seed}. {east} East first; "
        f"three {level} bots play the other seats. Ctrl-D quits."
    )
    play_to_the_end(table, human, bots, lambda events: _narrate(events, names, human))


def _narrate(events: Sequence[object], names: Sequence[str], human: ClassicalHuman) -> None:
    hand_end: list[object] = []
    for e in events:
        if isinstance(e, MahJonggDeclared | ClassicalDealEnded):
            hand_end.append(e)
        if isinstance(e, ClassicalDealEnded):
            human.write(render_classical_end(hand_end, names, 0))
            hand_end = []
            human.ask("Press Enter to continue ")
        elif isinstance(e, ClassicalMatchEnded):
            human.write(render_classical_ranking(e.balances, e.ranking, names, 0, e.hands_played))
