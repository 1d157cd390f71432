"""The view every family's match gives a seat (``engine.GameView``) offers what a bot written
against that contract alone needs: its seat, its hand (the drawn tile included), the drawn tile
and the legal actions."""

from __future__ import annotations

import pytest

from jantaku.engine import GameView
from jantaku.families import family_of_preset


def test_the_contract_declares_the_hand() -> None:
    for member in ("seat", "hand", "drawn", "legal_actions", "to_json"):
        assert hasattr(GameView, member), member


@pytest.mark.parametrize("preset", ["doman", "sontag"])
def test_the_hand_holds_the_drawn_tile(preset: str) -> None:
    game = family_of_preset(preset).new_game(preset, "view")
    seat = game.to_act()[0]
    view: GameView = game.view(seat)
    assert view.seat == seat and view.drawn is not None
    assert view.drawn in view.hand and len(view.hand) == 14
    assert game.view(None).hand == ()
