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

from jantaku.engine.actions import ActionKind
from jantaku.engine.clock import ManualClock
from jantaku.engine.timed_replay import TimedActionError, shown, timed_steps
from jantaku.errors import JantakuError
from jantaku.families import family

__all__ = ["ReplayError", "StoredPlay", "WinOffer", "win_offers"]

_WINS = (ActionKind.TSUMO, ActionKind.RON)
_TILE_OWNERS = ("discarded", "kan_declared")  # the events whose tile a ron may take
# what looking at the match before a stored action may raise (reported as that action's fault)
_LOOK_FAULTS = (JantakuError, AttributeError, IndexError, KeyError, TypeError, ValueError)


@dataclass(frozen=True, slots=True)
class WinOffer:
    """A decision where ``seat`` could win: on ``from_seat``'s discard (or robbing its kong),
    or by self-draw (``from_seat`` None); ``taken``: it won; ``source``: who decided (the
    actions table's: ``player``, the person's ``timeout``, or a ``bot``, its own or one that
    took a person's seat over)."""

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
        engine = family(name).new_game(preset, play.seed, clock=ManualClock(), overrides=overrides)
    except (JantakuError, TypeError, ValueError) as e:
        raise ReplayError(f"{where}: its rules do not start a match: {e}") from None
    offers: list[WinOffer] = []
    owner: int | None = None  # whose discard (or kong) the open call window is about
    seen = 0
    # as the server's tables play: a call window after every discard, closed before the next
    steps = ((data, elapsed) for data, elapsed, _source in play.actions)
    try:
        for n, action in timed_steps(engine, steps):
            data, _elapsed, source = play.actions[n - 1]
            try:
                owner, seen = _tile_owner(engine.log, seen, owner)
                legal = engine.legal_actions(action.seat)
            except _LOOK_FAULTS as e:
                raise TimedActionError(n, data, str(e)) from None
            win = next((a for a in legal if a.kind in _WINS), None)
            if win is not None:
                from_seat = None if win.kind is ActionKind.TSUMO else owner
                taken = action.kind is win.kind
                offers.append(WinOffer(action.seat, from_seat, taken, str(source)))
    except TimedActionError as e:
        raise ReplayError(
            f"{where}: stored action {e.number} ({shown(e.data)}): {e.reason}"
        ) from None
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
