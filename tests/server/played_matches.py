"""Ranked matches played by bots through the engine as the server's tables play them (a call
window after every discard) and stored as the server stores them (the table's row, every action
with who decided it, the finished game with its events and rank changes), for the audit's tests
and its benchmark (benchmarks/audit_replay.py). A feeder may sit with a receiver: it passes up
every ron on the receiver's discards, and the receiver discards into its wait when it can. What
the engine offered is counted here, as the match is played (``Seen``), not by the audit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import update

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.clock import ManualClock
from jantaku.families import family
from jantaku.players.protocol import Player, tell
from jantaku.players.riichi import make_player
from jantaku.server.config import table_config
from jantaku.server.models import GameRow, TableRow
from jantaku.server.ranks import RankChange, RankState
from jantaku.server.records import player_lines
from jantaku.server.storage import ActionRecord, Store

__all__ = ["START", "Feeder", "Seen", "play"]

START = 1_780_000_000.0
_WIN_KINDS = (ActionKind.RON, ActionKind.TSUMO)


class Feeder:
    """Plays as its bot, but passes up every ron on one seat's discards (or its kong)."""

    name = "feeder"

    def __init__(self, bot: Player, receiver_seat: int) -> None:
        self.bot, self.receiver_seat = bot, receiver_seat
        self.owner: int | None = None  # whose tile the open call window is about

    def observe(self, events: Sequence[Any]) -> None:
        for e in events:
            if e.type in ("discarded", "kan_declared"):
                self.owner = e.seat
        self.bot.observe(events)

    def choose(self, view: Any) -> Action:
        legal = view.legal_actions
        if self.owner == self.receiver_seat and any(a.kind is ActionKind.RON for a in legal):
            return next(a for a in legal if a.kind is ActionKind.PASS)
        return self.bot.choose(view)


@dataclass
class Seen:
    """What was offered while the match was played: (match, account, from account or None for
    a self-draw, taken, source) for every decision where the engine offered a win."""

    offers: list[tuple[str, int, int | None, bool, str]] = field(default_factory=list)


def play(
    store: Store,
    game_id: str,
    when: float,
    players: list[int],
    seen: Seen,
    feeder: int | None = None,
    receiver: int | None = None,
    timer_passes: bool = False,
    takeover_from: int | None = None,
) -> None:
    """A full ranked (novice) match of ``players`` (accounts, seat order) played by bots and
    stored as the server stores it. With ``feeder`` and ``receiver`` seated, the feeder passes
    up every ron on the receiver's discards; with ``timer_passes`` those passes are stored as
    its timer's (it let its time run out), and from its ``takeover_from``-th decision on its
    decisions as a computer player's (its seat taken over)."""
    config = table_config("novice", "full")
    clock = ManualClock()
    fam = family(config.family)
    seed = f"seed-{game_id}"
    engine = fam.new_game(config.preset, seed, clock=clock, overrides=config.overrides)
    engine.hold_calls = True
    bots: list[Player] = [make_player("efficiency", f"{game_id}:{s}") for s in range(4)]
    fed = None
    if feeder in players and receiver in players:
        f = players.index(feeder)
        bots[f] = fed = Feeder(bots[f], players.index(receiver))
    seats = [{"user_id": u, "name": f"p{u}", "bot": None} for u in players]
    store.create_table(
        TableRow(
            id=game_id, family="riichi", kind="novice", config=config.to_json(), seed=seed,
            commitment="c", status="live", invite_code=None, seats=seats, created_at=when - 3600,
            started_at=when - 3600, created_by=None,
        )
    )  # fmt: skip
    records, owner, feeder_decisions = [], None, 0
    while not engine.finished:
        if engine.holding:
            tell(bots, engine.close_calls())
            continue
        seat = engine.to_act()[0]
        offered = [a for a in engine.legal_actions(seat) if a.kind in _WIN_KINDS]
        action = bots[seat].choose(engine.view(seat))
        if fed is not None and seat == fed.receiver_seat:
            action = _into_wait(engine, seat, bots.index(fed)) or action
        source = "player"
        if isinstance(bots[seat], Feeder):
            feeder_decisions += 1
            if timer_passes and offered and action.kind is ActionKind.PASS:
                source = "timeout"
            if takeover_from is not None and feeder_decisions >= takeover_from:
                source = "bot"
        if offered:
            tsumo = offered[0].kind is ActionKind.TSUMO
            frm = None if tsumo or owner is None else players[owner]
            taken = action.kind is offered[0].kind
            seen.offers.append((game_id, players[seat], frm, taken, source))
        clock.time += 2.0
        records.append(
            ActionRecord(game_id, len(records) + 1, action.to_json(), clock.time, source, None)
        )
        events = engine.apply(action)
        for e in events:
            if e.type in ("discarded", "kan_declared"):
                owner = e.seat
        tell(bots, events)
    store.append_actions(records)
    outcome = engine.result
    assert outcome is not None
    places = {s: i + 1 for i, s in enumerate(outcome.ranking)}
    ranks = [
        RankChange(places[s], RankState(0, 0), RankState(0, 0), (30, 10, 0, 0)[places[s] - 1],
                   1500.0, 1500.0).to_json()
        for s in range(4)
    ]  # fmt: skip
    result = {"scores": list(outcome.scores), "ranked": True, "rated": True, "ranks": ranks}
    events = [e.to_json() for e in engine.log]
    store.finish_game(
        game_id, True, result, events, player_lines(game_id, seats, outcome, engine.log)
    )
    with store.engine.begin() as c:
        c.execute(update(GameRow).where(GameRow.id == game_id).values(finished_at=when))


def _into_wait(engine: Any, seat: int, feeder_seat: int) -> Action | None:
    """A discard of ``seat`` that the feeder waits on, if it has one: the receiver gives the
    feeder rons to pass up (the test's device; the audit never sees who chose what)."""
    waits = set(engine.view(feeder_seat).waits)
    for a in engine.legal_actions(seat):
        if a.kind is ActionKind.DISCARD and a.tile is not None and a.tile.kind in waits:
            return a
    return None
