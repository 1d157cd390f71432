"""Replaying a classical game from its serialised event log (and the seed of its walls).

The events are the record of truth: every decision that changed the game shows as an event
(a discard, a call, a kong, a Mah Jongg, a false declaration); a pass shows only by its absence,
so a claim window still open when the next seat acts was passed by everybody still asked."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.match import ClassicalMatch
from jantaku.engine.classical.wall import ClassicalWall
from jantaku.errors import JantakuError
from jantaku.rules.classical import ClassicalOptions, Penalty
from jantaku.tiles import Tile, TileKind, parse_kinds

__all__ = ["ReplayError", "action_of", "replay_game"]

_CALLS = {
    "chow": ActionKind.CHI,
    "pung": ActionKind.PON,
    "kong": ActionKind.OPEN_KAN,
    "extended": ActionKind.ADDED_KAN,
}
_CLAIMS = (
    ActionKind.RON,
    ActionKind.CHI,
    ActionKind.PON,
    ActionKind.OPEN_KAN,
    ActionKind.ADDED_KAN,
)


class ReplayError(JantakuError):
    """An event log that does not fit the game it claims to record (names the event)."""


def _tiles(text: str) -> tuple[Tile, ...]:
    """Tiles from notation; the copy is a placeholder (the engine uses the copies held)."""
    return tuple(Tile.of(TileKind(k)) for k in parse_kinds(text))


def action_of(event: dict[str, Any], game: ClassicalMatch) -> Action | None:
    """The decision an event records, or None for an event that is a consequence."""
    kind = event["type"]
    if kind == "discarded":
        return Action(ActionKind.DISCARD, event["seat"], _discarded(event, game))
    if kind == "called":
        return Action(
            _CALLS[event["kind"]], event["seat"], _tiles(event["tile"])[0], _tiles(event["tiles"])
        )
    if kind == "kong_declared":
        tiles = _tiles(event["tiles"])
        if event["kind"] == "concealed":
            return Action(ActionKind.CONCEALED_KAN, event["seat"], None, tiles)
        return Action(ActionKind.ADDED_KAN, event["seat"], tiles[0])
    if kind == "mah_jongg":
        won = ActionKind.TSUMO if event["from_seat"] is None else ActionKind.RON
        return Action(won, event["seat"], _tiles(event["tile"])[0])
    if kind == "false_declaration":
        declared = ActionKind(event["declared"])
        deal = game.deal
        tile = deal.last_discard[1] if declared in _CLAIMS and deal.last_discard else None
        return Action(declared, event["seat"], tile)
    return None


def _discarded(event: dict[str, Any], game: ClassicalMatch) -> Tile:
    """The held copy the record means: the tile just drawn when ``tsumogiri``, another copy of
    that kind otherwise (copies are otherwise alike)."""
    kind = _tiles(event["tile"])[0].kind
    drawn = game.deal.drawn
    seat: int = event["seat"]
    held: list[Tile] = [t for t in game.deal.seats[seat].tiles if t.kind == kind]
    for tile in held:
        if (tile == drawn) == bool(event["tsumogiri"]):
            return tile
    return held[0] if held else Tile.of(kind)


def replay_game(
    options: ClassicalOptions,
    seed: int | str,
    events: Iterable[dict[str, Any]],
    *,
    walls: Callable[[int], ClassicalWall] | None = None,
    first_dealer: int | None = None,
) -> ClassicalMatch:
    """Play the recorded decisions again on the same walls; the result's log can be compared
    with the original event by event."""
    game = ClassicalMatch(options, seed, walls=walls, first_dealer=first_dealer)
    for number, event in enumerate(events):
        if event["type"] not in _DECISIONS:
            continue
        if game.finished:
            raise ReplayError(f"event {number} ({event['type']}) comes after the end of the game")
        if event["type"] == "offence_reported":
            _report(game, number, event)
            continue
        if _is_turn_action(event):  # it closes any claim window still open
            _pass_others(game, None)
        action = action_of(event, game)
        assert action is not None
        if event["type"] != "false_declaration":  # a false claim is made while the window is open
            _pass_others(game, action)
        try:
            game.apply(action)
        except JantakuError as error:
            raise ReplayError(f"event {number} ({event['type']}): {error}") from error
    while not game.finished and game.deal.phase.value in ("calls", "rob"):
        _pass_others(game, None)
    return game


_DECISIONS = frozenset(
    {"discarded", "called", "kong_declared", "mah_jongg", "false_declaration", "offence_reported"}
)


def _report(game: ClassicalMatch, number: int, event: dict[str, Any]) -> None:
    """Report an offence at the point of the record where it was made: when the record shows
    events before it that the replay has not produced yet, the open claim window had closed."""
    if len(game.log) < number:
        _pass_others(game, None)
    try:
        offence = Penalty(event["offence"])
        game.report_offence(event["seat"], offence, east_shares=bool(event["east_shares"]))
    except (JantakuError, ValueError) as error:
        raise ReplayError(f"event {number} (offence_reported): {error}") from error


def _is_turn_action(event: dict[str, Any]) -> bool:
    kind = event["type"]
    if kind in ("discarded", "kong_declared"):
        return True
    if kind == "mah_jongg":
        return bool(event["from_seat"] is None)
    return kind == "false_declaration" and bool(event["declared"] == ActionKind.TSUMO.value)


def _pass_others(game: ClassicalMatch, action: Action | None) -> None:
    """Answer PASS for every seat still asked about an open claim, but the one acting now when
    it claims; a turn action (or the end of the log) closes the window."""
    while game.deal.phase.value in ("calls", "rob"):
        claimant = action.seat if action is not None and action.kind in _CLAIMS else None
        waiting = [s for s in game.to_act() if s != claimant]
        if not waiting:
            return
        for seat in waiting:
            game.apply(Action(ActionKind.PASS, seat))
