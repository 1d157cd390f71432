"""The wins each seat of a stored match (a ranked one: riichi) was offered, and how it
answered: the match played again from its seed and stored actions, as the server resumes a
table (tables.py, ``Table.replay``), with each seat's legal actions looked at before each of its
stored answers.
A ron or tsumo among them that the answer did not take is a win passed up. The engine offers
no ron to a furiten seat, nor a win without a yaku, so neither is ever counted as passed.

For the collusion audit (ranked_audit.py, docs/ranked-audit.md): a feeder who never wins on
the receiver's discards shows here even when the placements do not move."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.clock import ManualClock
from jantaku.errors import JantakuError
from jantaku.families import family

__all__ = ["SOURCES", "ReplayError", "StoredPlay", "WinOffer", "win_offers"]

# who made a stored decision (the actions table's ``source``): the person at the seat, the
# timer when the person's time ran out (a pass or the drawn tile discarded, never a win), or a
# computer player (the seat's own, or one that took over a person's seat)
SOURCES = ("player", "timeout", "bot")
_WINS = (ActionKind.TSUMO, ActionKind.RON)
_TILE_OWNERS = ("discarded", "kan_declared")  # the events whose tile a ron may take


@dataclass(frozen=True, slots=True)
class WinOffer:
    """A decision where ``seat`` could win: on ``from_seat``'s discard (or robbing its kong),
    or by self-draw (``from_seat`` None); ``taken``: it won; ``source``: who decided."""

    seat: int
    from_seat: int | None
    taken: bool
    source: str


@dataclass(frozen=True, slots=True)
class StoredPlay:
    """What the replay of one stored match needs: its table's rules and seed, its actions in
    order (``(action, elapsed, source)``) and the ``won`` events it stored."""

    game_id: str
    config: Mapping[str, Any]
    seed: str
    actions: list[tuple[Any, float, str]]
    stored_wins: list[Any]


class ReplayError(JantakuError):
    """A stored match whose actions do not play again into the stored match."""


def win_offers(play: StoredPlay) -> tuple[WinOffer, ...]:
    """Every decision of the match where the deciding seat could win, in order; ReplayError
    (naming the match and the action) when the stored actions do not replay."""
    where = f"match {play.game_id}"
    try:
        name, preset = str(play.config["family"]), str(play.config["preset"])
        overrides = dict(play.config.get("overrides") or {})
    except (AttributeError, KeyError, TypeError, ValueError):
        raise ReplayError(f"{where}: its table has no readable rules") from None
    if not play.actions:
        raise ReplayError(f"{where}: no stored actions")
    try:
        clock = ManualClock()
        engine = family(name).new_game(preset, play.seed, clock=clock, overrides=overrides)
    except (JantakuError, TypeError, ValueError) as e:
        raise ReplayError(f"{where}: its rules do not start a match: {e}") from None
    engine.hold_calls = True  # as the server's tables play: a call window after every discard
    offers: list[WinOffer] = []
    owner: int | None = None  # whose discard (or kong) the open call window is about
    seen = 0
    for n, (data, elapsed, source) in enumerate(play.actions, 1):
        try:
            clock.time = float(elapsed)
            if engine.holding:
                engine.close_calls()
            action = Action.from_json(data)
            if not 0 <= action.seat < 4:
                raise ValueError(f"no seat {action.seat}")
            owner, seen = _tile_owner(engine.log, seen, owner)
            win = next((a for a in engine.legal_actions(action.seat) if a.kind in _WINS), None)
            engine.apply(action)
        except (JantakuError, AttributeError, IndexError, KeyError, TypeError, ValueError) as e:
            raise ReplayError(f"{where}: stored action {n} ({_shown(data)}): {e}") from None
        if win is not None:
            from_seat = None if win.kind is ActionKind.TSUMO else owner
            offers.append(WinOffer(action.seat, from_seat, action.kind is win.kind, str(source)))
    if engine.holding:
        engine.close_calls()
    _check_wins(where, engine.log, play.stored_wins)
    return tuple(offers)


def _tile_owner(log: list[Any], seen: int, owner: int | None) -> tuple[int | None, int]:
    """The seat of the last discard or kong in ``log`` (read from ``seen`` on), and the end."""
    for event in log[seen:]:
        if event.type in _TILE_OWNERS:
            owner = event.seat
    return owner, len(log)


def _check_wins(where: str, log: Iterable[Any], stored: list[Any]) -> None:
    """The replay must end in the wins the match stored, else its actions are not the match's."""
    replayed = [e.to_json() for e in log if e.type == "won"]
    kept = [e for e in stored if isinstance(e, dict) and e.get("type") == "won"]
    if replayed != kept:
        raise ReplayError(
            f"{where}: the stored actions replay into {len(replayed)} wins that are not the "
            f"{len(kept)} the match stored"
        )


def _shown(data: Any) -> str:
    text = repr(data)
    return text if len(text) <= 80 else text[:77] + "..."
