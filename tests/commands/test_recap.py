"""The terminal game tells the person what the others did since the last question: every
discard, call and kan of another seat, in order, read from the match's own log, and nothing of
the person's own moves."""

from __future__ import annotations

import random

from jantaku.commands.play import Human
from jantaku.commands.play_classical import ClassicalHuman
from jantaku.commands.play_render import label
from jantaku.commands.play_render_classical import classical_label
from jantaku.engine.classical import ClassicalMatch
from jantaku.engine.riichi import new_match
from jantaku.players.protocol import tell

NAMES = ["You", "bot-1", "bot-2", "bot-3"]
_SHOWN = {"discarded", "called", "kan_declared", "kong_declared", "bonus_laid_out"}


def _expected(events: list, tile_label) -> list[str]:  # type: ignore[no-untyped-def]
    """The other seats' public moves, straight from the log (the oracle)."""
    out = []
    for e in events:
        if e.type in ("deal_started", "classical_deal_started"):
            out = []
        elif e.type in _SHOWN and e.seat != 0:
            out.append((NAMES[e.seat], e.type, tile_label(getattr(e, "tile", None) or e.tiles[0])))
    return out


def _check(game, human, tile_label, steps: int = 400) -> int:  # type: ignore[no-untyped-def]
    written: list[str] = []
    human.write = written.append
    human.names = NAMES
    rng = random.Random(5)
    tell([human], game.log)
    since = 0  # the deal's opening (bonus tiles laid out) counts as the others' moves
    checked = 0
    for _ in range(steps):
        if game.finished:
            break
        seat = game.to_act()[0]
        if seat == 0:
            written.clear()
            human.recap()
            want = _expected(game.log[since:], tile_label)
            if want:
                assert len(written) == 1, written
                parts = written[0].removeprefix("Since your last move: ").rstrip(".").split("; ")
                assert len(parts) == len(want)
                for part, (who, _kind, tile) in zip(parts, want, strict=True):
                    assert part.startswith(who + " ") and tile in part, (part, who, tile)
                checked += 1
            else:
                assert written == []
            since = len(game.log)
        events = game.apply(rng.choice(game.legal_actions(seat)))
        tell([human], events)
    return checked


def test_riichi_recap_lists_the_others_moves_in_order() -> None:
    game = new_match("doman", seed=11, length="east_only")
    assert _check(game, Human(input, print), label) > 10


def test_classical_recap_lists_the_others_moves_in_order() -> None:
    game = ClassicalMatch(seed=11)
    assert _check(game, ClassicalHuman(input, print), classical_label) > 10
