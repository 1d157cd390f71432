"""The JSON readers of views and events against the writers, on random self-play of both
families: reading back what ``to_json`` wrote gives the same view or event (tiles by kind and
red; the own hand's copies named by the legal actions and ``drawn_index`` exactly)."""

from __future__ import annotations

import random
from dataclasses import fields, is_dataclass
from typing import Any

import pytest

from jantaku.engine.actions import ActionKind
from jantaku.engine.classical.events import EVENTS as CLASSICAL_EVENTS
from jantaku.engine.classical.view import ClassicalView
from jantaku.engine.json_read import read_event, tiles_from_notation
from jantaku.engine.riichi.events import EVENTS as RIICHI_EVENTS
from jantaku.engine.riichi.view import SeatView
from jantaku.families import family
from jantaku.players import tell
from jantaku.tiles import Tile


def _shape(value: Any) -> Any:
    """``value`` with every tile as its notation (kind and red: what JSON keeps of it)."""
    if isinstance(value, Tile):
        return value.notation
    if is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            {f.name: _shape(getattr(value, f.name)) for f in fields(value)},
        )
    if isinstance(value, tuple | list):
        return tuple(_shape(v) for v in value)
    return value


_BOLD = frozenset(
    {
        ActionKind.OPEN_KAN,
        ActionKind.ADDED_KAN,
        ActionKind.CONCEALED_KAN,
        ActionKind.TSUMO,
        ActionKind.RON,
        ActionKind.PON,
        ActionKind.CHI,
        ActionKind.RIICHI,
    }
)
"""Kinds the self-play takes half the times one is legal, so that kongs, calls and wins (and
the events and melds they make) come up often."""

_VIEWS = {"riichi": (SeatView, RIICHI_EVENTS), "classical": (ClassicalView, CLASSICAL_EVENTS)}


def _check_view(view: Any, cls: Any) -> None:
    data = view.to_json()
    if view.drawn is not None:
        data["drawn_index"] = view.drawn.index
    back = cls.from_json(data, view.options)
    assert _shape(back) == _shape(view)
    assert back.to_json() == view.to_json()
    assert back.legal_actions == view.legal_actions
    assert back.drawn == view.drawn
    own = {t for a in view.legal_actions for t in a.tiles}
    own |= {
        a.tile
        for a in view.legal_actions
        if a.tile is not None and a.kind in (ActionKind.DISCARD, ActionKind.TSUMO)
    }
    assert own & set(view.hand) <= set(back.hand)  # an action's own tile is the hand's
    assert len({t.index for t in back.hand}) == len(back.hand)
    for a in back.legal_actions:
        if a.kind is ActionKind.DISCARD:
            assert a.tile in back.hand


@pytest.mark.parametrize(
    ("family_name", "seed", "expected"),
    [
        ("riichi", 1, {"kan_declared", "dora_revealed", "riichi_accepted", "won"}),
        ("classical", 3, {"bonus_laid_out", "dangerous_discard", "kong_declared", "mah_jongg"}),
    ],
)
def test_views_and_events_read_back_what_they_wrote(
    family_name: str, seed: int, expected: set[str]
) -> None:
    fam = family(family_name)
    game = fam.new_game(fam.default_preset, seed, overrides=fam.length_overrides("quick"))
    view_cls, event_types = _VIEWS[family_name]
    players = [fam.new_player("efficiency", seed, fam.default_preset) for _ in range(4)]
    tell(players, game.log)
    rng = random.Random(seed)
    seen_kinds: set[str] = set()
    while not game.finished:
        for seat in (0, 1, 2, 3, None):
            _check_view(game.view(seat), view_cls)
        seat = game.to_act()[0]
        bold = [a for a in game.legal_actions(seat) if a.kind in _BOLD]
        if bold and rng.random() < 0.5:
            action = rng.choice(bold)
        else:
            action = players[seat].choose(game.view(seat))
        events = game.apply(action)
        tell(players, events)
        for event in events:
            for viewer in (0, 1, 2, 3, None):
                seen = event.seen_by(viewer)
                data = seen.to_json()
                back = read_event(data, event_types)
                assert type(back) is type(seen)
                assert back.to_json() == data
                assert _shape(back) == _shape(seen)
            seen_kinds.add(event.type)
    assert expected | {"drew", "discarded", "called", "deal_ended"} <= seen_kinds


def test_unknown_or_malformed_events_are_named() -> None:
    with pytest.raises(ValueError, match="unknown event type 'nope'"):
        read_event({"type": "nope"}, RIICHI_EVENTS)
    with pytest.raises(ValueError, match="bad drew event"):
        read_event({"type": "drew", "seat": "0", "tile": "1m", "replacement": False}, RIICHI_EVENTS)


def test_notation_gives_distinct_copies_red_five_first() -> None:
    tiles = tiles_from_notation("0555m5555p1f")
    assert [t.index for t in tiles] == [16, 17, 18, 19, 53, 54, 55, 52, 136]
    assert tiles[0].red and not any(t.red for t in tiles[1:])
