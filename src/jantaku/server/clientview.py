"""What the browser client gets of a match, and how its intentions become legal actions.

The view is the engine's own per-seat view JSON (:meth:`jantaku.engine.Game.view`; each
meld's called tile and giver are its seats' ``meld_info``, so the called tile can be turned
sideways) with which physical tile the seat just drew (``drawn_index``: the view's ``drawn``,
the one place that knows it)."""

from __future__ import annotations

from typing import Any

from jantaku.engine.actions import Action
from jantaku.engine.game import Game, GameView

__all__ = ["client_view", "drawn_index", "ended_client_view", "match_action"]


def drawn_index(game: Game, view: GameView) -> int | None:
    """The index of the tile the view's seat just drew, while the match goes on."""
    drawn = view.drawn
    if drawn is None or game.finished:
        return None
    return drawn.index


def client_view(game: Game, seat: int | None) -> dict[str, Any]:
    """The view JSON of ``seat`` (None: a spectator) for the browser client."""
    view = game.view(seat)
    return _view_json(view, drawn_index(game, view))


def ended_client_view(game: Game, seat: int | None) -> dict[str, Any] | None:
    """The view JSON of ``seat`` of the deal that ended last, at its end (what the board shows
    behind that deal's result), or None before any deal ended."""
    view = game.ended_view(seat)
    if view is None:
        return None
    return _view_json(view, None if view.drawn is None else view.drawn.index)


def _view_json(view: GameView, drawn: int | None) -> dict[str, Any]:
    out = dict(view.to_json())
    out["drawn_index"] = drawn
    return out


def match_action(legal: list[Action], data: dict[str, Any]) -> Action | None:
    """The legal action a client's intention names, or None. ``type`` names the kind; a tile is
    given by ``tile_index`` (exact copy) or ``tile`` (notation, e.g. "5m", first copy held);
    ``tile_indices`` pick the own tiles of a call when several choices exist."""
    kind = data.get("type")
    tile_index = data.get("tile_index")
    tile_text = data.get("tile")
    indices = data.get("tile_indices")
    for action in legal:
        if action.kind.value != kind:
            continue
        if tile_index is not None and (action.tile is None or action.tile.index != tile_index):
            continue
        if (
            tile_index is None
            and tile_text is not None
            and (action.tile is None or action.tile.notation != tile_text)
        ):
            continue
        if indices is not None and [t.index for t in action.tiles] != list(indices):
            continue
        return action
    return None
