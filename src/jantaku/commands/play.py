"""``jantaku play``: a person plays a whole match in the terminal against three bots (the
classical rules, ``--rules sontag``, in :mod:`jantaku.commands.play_classical`).

Every prompt is answered with one key (and Enter): hand positions 1-9, 0, a-d discard; ``r``
riichi, ``t`` tsumo, ``k`` kan, ``x`` abort with nine terminals; on a claim ``h`` ron, ``p`` pon,
``c`` chi, ``k`` kan, ``n`` pass. Enter alone takes the default shown (discard the drawn tile,
pass). A key that means nothing now gets a hint."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from jantaku.commands.keyboard import KeyboardPlayer, play_to_the_end
from jantaku.commands.play_render import (
    HAND_KEYS,
    end_words,
    label,
    render_end_of_hand,
    render_ranking,
    render_table,
)
from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.events import Event
from jantaku.engine.riichi.events import DealEnded, Discarded, MatchEnded, Won
from jantaku.engine.riichi.view import SeatView
from jantaku.errors import JantakuError
from jantaku.families import (
    all_families,
    all_levels,
    default_family,
    family_of_preset,
    lengths_help,
)
from jantaku.families.classical import CLASSICAL
from jantaku.families.riichi import RIICHI
from jantaku.tiles import Tile

__all__ = ["play"]

_TURN_KEYS = {
    "t": ActionKind.TSUMO,
    "r": ActionKind.RIICHI,
    "k": ActionKind.CONCEALED_KAN,
    "x": ActionKind.NINE_TERMINALS,
}
_CLAIM_KEYS = {
    "h": ActionKind.RON,
    "p": ActionKind.PON,
    "c": ActionKind.CHI,
    "k": ActionKind.OPEN_KAN,
    "n": ActionKind.PASS,
}
_NAMES = {
    ActionKind.TSUMO: "t tsumo",
    ActionKind.RIICHI: "r riichi",
    ActionKind.CONCEALED_KAN: "k kan",
    ActionKind.ADDED_KAN: "k kan",
    ActionKind.NINE_TERMINALS: "x abort (nine terminals)",
    ActionKind.RON: "h ron",
    ActionKind.PON: "p pon",
    ActionKind.CHI: "c chi",
    ActionKind.OPEN_KAN: "k kan",
    ActionKind.PASS: "n pass",
}


class Human(KeyboardPlayer):
    """The person at the keyboard, as a player."""

    def choose(self, view: SeatView) -> Action:
        legal = list(view.legal_actions)
        self.recap()
        self.write(render_table(view, self.names))
        if any(a.kind in (ActionKind.DISCARD, ActionKind.RIICHI) for a in legal):
            return self._turn(view, legal)
        return self._claim(view, legal)

    def tiles_text(self, action: Action) -> str:
        return " ".join(label(t) for t in action.tiles)

    def tile_label(self, tile: Tile) -> str:
        return label(tile)

    def _recap_line(self, e: Event) -> str | None:
        line = super()._recap_line(e)
        if line is not None and isinstance(e, Discarded) and e.riichi:
            return f"{line}, declaring riichi"
        return line

    def _turn(self, view: SeatView, legal: list[Action]) -> Action:
        hand = list(view.hand)
        discards = {a.tile: a for a in legal if a.kind is ActionKind.DISCARD}
        specials = sorted({_NAMES[a.kind] for a in legal if a.kind not in (ActionKind.DISCARD,)})
        default = discards.get(view.drawn) if view.drawn is not None else None
        if default is None and discards:
            default = next(iter(discards.values()))
        extra = (", " + ", ".join(specials)) if specials else ""
        hint = (
            f"Hint: press a hand position ({HAND_KEYS[0]}-{HAND_KEYS[len(hand) - 1]}) to "
            f"discard{extra}; Enter discards "
            f"{label(default.tile) if default and default.tile else 'the drawn tile'}."
        )
        while True:
            key = self.ask(f"Your turn: discard [{HAND_KEYS[: len(hand)]}]{extra} > ")
            if key == "" and default is not None:
                return default
            if len(key) == 1 and key in HAND_KEYS[: len(hand)]:
                tile = hand[HAND_KEYS.index(key)]
                if tile in discards:
                    return discards[tile]
                self.write(
                    "Hint: that tile cannot be discarded now (riichi, or the tile you just called)."
                )
                continue
            kind = _TURN_KEYS.get(key)
            if key == "k":
                kans = [
                    a for a in legal if a.kind in (ActionKind.CONCEALED_KAN, ActionKind.ADDED_KAN)
                ]
                if kans:
                    return self._pick(kans, "kan")
            elif kind is ActionKind.RIICHI:
                riichi = {a.tile: a for a in legal if a.kind is ActionKind.RIICHI}
                if riichi:
                    keys = "".join(HAND_KEYS[i] for i, t in enumerate(hand) if t in riichi)
                    while True:
                        pick = self.ask(f"Riichi: discard which tile? [{keys}] ")
                        if len(pick) == 1 and pick in keys:
                            return riichi[hand[HAND_KEYS.index(pick)]]
                        self.write(f"Hint: riichi needs a discard that leaves you ready: {keys}.")
            elif kind is not None:
                found = next((a for a in legal if a.kind is kind), None)
                if found is not None:
                    return found
            self.write(hint)

    def _claim(self, view: SeatView, legal: list[Action]) -> Action:
        tile = view.last_discard
        options = sorted({_NAMES[a.kind] for a in legal})
        what = label(tile) if tile is not None else "the tile"
        while True:
            key = self.ask(f"Claim {what}? {', '.join(options)} (Enter passes) > ")
            if key == "":
                key = "n"
            kind = _CLAIM_KEYS.get(key)
            matches = [a for a in legal if a.kind is kind]
            if matches:
                return self._pick(matches, kind.value if kind else "call")
            self.write(f"Hint: press one of {', '.join(options)}.")


@click.command("play")
@click.option(
    "--rules",
    type=click.Choice([p for f in all_families() for p in f.table_presets]),
    default=default_family().default_preset,
    show_default=True,
)
@click.option(
    "--length",
    type=click.Choice(["quick", "full"]),
    default="quick",
    show_default=True,
    help=lengths_help(),
)
@click.option(
    "--level",
    type=click.Choice(list(all_levels())),
    default="defensive",
    show_default=True,
    help="Strength of the three bots.",
)
@click.option("--seed", default=None, help="Seed of the walls (random when omitted).")
def play(rules: str, length: str, level: str, seed: str | None) -> None:
    """Play a match in the terminal against three bots.

    Keys: a hand position (1-9, 0, a-d) discards that tile, Enter the drawn one. Riichi: r riichi,
    t tsumo, k kan, x abort; on a discard h ron, p pon, c chi, k kan, n pass. Classical: m Mah
    Jongg, k kong; on a discard m Mah Jongg, p pung, c chow, k kong, n pass; a discard that would
    break the Störspiel rule asks for a y first."""
    import secrets

    seed = seed if seed is not None else secrets.token_hex(4)
    fam = family_of_preset(rules)
    try:
        fam.level(level)
    except JantakuError as e:
        raise click.ClickException(str(e)) from None
    _TERMINAL_GAMES[fam.name](rules, length, level, seed)


def _play_riichi(rules: str, length: str, level: str, seed: str) -> None:
    """The riichi match loop: the person sits at seat 0, bots at 1-3."""
    table: Any = RIICHI.new_table(rules, seed, length, 0)
    human = Human(input, click.echo)
    names = ["You", f"{level}-1", f"{level}-2", f"{level}-3"]
    human.names = names
    bots = [RIICHI.new_player(level, f"{seed}:{s}", rules) for s in (1, 2, 3)]
    click.echo(
        f"jantaku: {rules}, {length} match, seed {seed}. You sit East; "
        f"three {level} bots play the other seats. Ctrl-D quits."
    )
    play_to_the_end(table, human, bots, lambda events: _narrate(events, names, human))


def _play_classical(rules: str, length: str, level: str, seed: str) -> None:
    from jantaku.commands.play_classical import play_classical

    play_classical(length, level, seed)


#: the terminal game of each family
_TERMINAL_GAMES = {RIICHI.name: _play_riichi, CLASSICAL.name: _play_classical}


def _narrate(events: Sequence[object], names: Sequence[str], human: Human) -> None:
    hand_end: list[object] = []
    for e in events:
        if isinstance(e, Won | DealEnded):
            hand_end.append(e)
        if isinstance(e, DealEnded):
            human.write(render_end_of_hand(hand_end, names, 0))
            hand_end = []
            human.ask("Press Enter to continue ")
        elif isinstance(e, MatchEnded):
            why = end_words(e.reason_code, e.reason_seats, names, 0, e.reason)
            human.write(render_ranking(e.scores, e.ranking, names, 0, why))
