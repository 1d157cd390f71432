"""The decisions of a game jantaku played, read back from its event log (the ``events`` of a
finished game as the server keeps and serves them): each decision event names the legal action
it records; a pass shows only by its absence, so a claim window still open when the next
decision comes was passed by every seat still asked (but the claimants)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical.match import ClassicalMatch
from jantaku.engine.classical.replay import action_of
from jantaku.engine.game import Game
from jantaku.errors import JantakuError
from jantaku.rules.classical import Penalty
from jantaku.tiles import parse_tiles

__all__ = ["actions_of_events"]

_RIICHI_CALLS = {"chi": ActionKind.CHI, "pon": ActionKind.PON, "open_kan": ActionKind.OPEN_KAN}
_CLAIMS = frozenset({ActionKind.RON, ActionKind.CHI, ActionKind.PON, ActionKind.OPEN_KAN})
_WINDOW = ("calls", "chankan", "rob")
_OWN_TURN = {("mah_jongg", None, None), ("false_declaration", None, "tsumo")}
_CLASSICAL_DECISIONS = frozenset(
    {"discarded", "called", "kong_declared", "mah_jongg", "false_declaration"}
)


def _tiles(text: Any) -> list[tuple[int, bool]]:
    return sorted((t.kind_id, t.red) for t in parse_tiles(str(text or "")))


def _riichi_wanted(event: dict[str, Any]) -> tuple[int | None, ActionKind, Any, Any] | None:
    """(seat, kind, tile notation, own tiles notation) a riichi event records, or None."""
    kind = event.get("type")
    if kind == "discarded":
        act = ActionKind.RIICHI if event.get("riichi") else ActionKind.DISCARD
        return event["seat"], act, event["tile"], None
    if kind == "called":
        return event["seat"], _RIICHI_CALLS[event["kind"]], event["tile"], event["tiles"]
    if kind == "kan_declared":
        return event["seat"], ActionKind(event["kind"]), None, event["tiles"]
    if kind == "won":
        act = ActionKind.TSUMO if event.get("from_seat") is None else ActionKind.RON
        return event["seat"], act, event["tile"], None
    if kind == "deal_ended" and event.get("draw") == "nine_terminals":
        return None, ActionKind.NINE_TERMINALS, None, None
    return None


def _fits(a: Action, kind: ActionKind, tile: Any, tiles: Any) -> bool:
    if a.kind is not kind:
        return False
    if tile is not None and (a.tile is None or _tiles(tile) != _tiles(a.tile.notation)):
        return False
    if tiles is None:
        return True
    own = a.tiles if a.tiles else ((a.tile,) if a.tile is not None else ())
    wanted = _tiles(tiles)
    return _tiles("".join(t.notation for t in own)) == wanted or (
        kind is ActionKind.ADDED_KAN and a.tile is not None and _tiles(a.tile.notation)[0] in wanted
    )


def _passes(game: Game, claimants: set[int]) -> Iterator[Action]:
    """PASS for each seat still asked about an open window, the claimants aside."""
    while not game.finished and _open(game):
        waiting = [s for s in game.to_act() if s not in claimants]
        if not waiting:
            return
        yield Action(ActionKind.PASS, waiting[0])


def _open(game: Game) -> bool:
    deal: Any = getattr(game, "deal", None)
    return deal is not None and deal.phase.value in _WINDOW


def _riichi_actions(game: Game, events: Sequence[dict[str, Any]]) -> Iterator[Action]:
    for number, event in enumerate(events):
        wanted = _riichi_wanted(event)
        if wanted is None or game.finished:
            continue
        seat, kind, tile, tiles = wanted
        if kind is ActionKind.NINE_TERMINALS:
            seats = [s for s in range(4) if any(a.kind is kind for a in game.legal_actions(s))]
            if not seats:
                continue  # the deal had ended by the engine's own rule (four winds, ...)
            seat = seats[0]
        assert seat is not None
        claimants = {seat} if kind in _CLAIMS else set()
        if kind is ActionKind.RON:  # a double or triple ron: every winner claims
            for later in events[number + 1 :]:
                if later.get("type") != "won" or later.get("from_seat") is None:
                    break
                claimants.add(later["seat"])
        yield from _passes(game, claimants)
        if seat not in game.to_act() and not _open(game):
            continue  # a ron the window closed on (the engine resolved it with the first)
        found = [a for a in game.legal_actions(seat) if _fits(a, kind, tile, tiles)]
        if not found:
            raise JantakuError(f"event {number} ({event.get('type')}) is not a legal action")
        drawn = game.view(seat).drawn
        tsumogiri = bool(event.get("tsumogiri"))
        found.sort(key=lambda a: (a.tile == drawn) != tsumogiri)
        yield found[0]
    yield from _passes(game, set())


def _classical_actions(game: ClassicalMatch, events: Sequence[dict[str, Any]]) -> Iterator[Action]:
    """As the classical engine's own replay does (offences reported where the record has
    them), yielding the passes too: they are decisions of the seats asked."""
    for event in events:
        kind = event.get("type")
        if game.finished:
            return
        if kind == "offence_reported":
            yield from _passes(game, set())
            game.report_offence(
                event["seat"], Penalty(event["offence"]), east_shares=bool(event["east_shares"])
            )
            continue
        if kind not in _CLASSICAL_DECISIONS:
            continue
        turn = kind in ("discarded", "kong_declared") or (
            (kind, event.get("from_seat"), event.get("declared")) in _OWN_TURN
        )
        if turn or kind != "false_declaration":  # a false claim is made in the open window
            yield from _passes(game, set() if turn else {event["seat"]})
        action = action_of(event, game)
        if action is None:
            continue
        yield action
    yield from _passes(game, set())


def actions_of_events(game: Game, events: Iterable[dict[str, Any]]) -> Iterator[Action]:
    """The actions an event log records, produced as ``game`` (fresh, of the log's family and
    seed) is played along by the caller."""
    log = [e for e in events if isinstance(e, dict)]
    if isinstance(game, ClassicalMatch):
        return _classical_actions(game, log)
    return _riichi_actions(game, log)
