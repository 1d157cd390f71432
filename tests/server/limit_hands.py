"""A riichi match whose first hand is the dealer's heavenly hand (tenhou, a yakuman: the
dealer's first draw completes 123m 456m 789m 123p 55p), played out by computer players, and
its storage through the API the server stores matches with (its real statistics lines)."""

from __future__ import annotations

import functools
from typing import Any

from jantaku.engine.riichi.match import Match
from jantaku.engine.riichi.rules import TableRules
from jantaku.engine.riichi.scoring import RiichiJudge
from jantaku.engine.riichi.wall import LIVE_DRAWS, WallSetup, full_set, shuffled_wall
from jantaku.families import family
from jantaku.rules.riichi.options import preset
from jantaku.server.config import table_config
from jantaku.server.models import TableRow
from jantaku.server.records import player_lines
from jantaku.server.seating import seat_player
from jantaku.server.storage import Store
from jantaku.tiles import Tile, parse_tiles

DEALER_HAND = "123m456m789m123p5p"
FIRST_DRAW = "5p"


def _heavenly_wall() -> WallSetup:
    """The dealer's 13 tiles and first draw as above (no red five), the rest shuffled."""
    pool = full_set(3)
    taken: list[Tile] = []
    for kind in parse_tiles(DEALER_HAND + FIRST_DRAW):
        tile = next(t for t in pool if t.kind_id == kind.kind_id and not t.red)
        pool.remove(tile)
        taken.append(tile)
    rest = [t for t in shuffled_wall("limit-hands", 3).all_tiles() if t in pool]
    others = rest[:39]
    live = (taken[13], *rest[39 : 39 + LIVE_DRAWS - 1])
    dead = rest[39 + LIVE_DRAWS - 1 :]
    return WallSetup(
        hands=(tuple(taken[:13]), tuple(others[:13]), tuple(others[13:26]), tuple(others[26:])),
        live=live,
        replacements=tuple(dead[:4]),
        dora=tuple(dead[4:9]),
        ura=tuple(dead[9:14]),
    )


@functools.cache
def heavenly_match() -> Match:
    """The match, played to its end by ``efficiency`` players (the dealer takes the win)."""
    options = preset("doman", length="east_only")
    first = _heavenly_wall()
    match = Match(
        TableRules.from_options(options),
        RiichiJudge(options),
        "limit-hands",
        walls=lambda n: first if n == 0 else shuffled_wall(f"limit-hands:{n}", 3),
    )
    fam = family("riichi")
    players = [seat_player("efficiency", fam, "doman", s) for s in range(4)]
    for s, p in enumerate(players):
        p.observe([e.seen_by(s) for e in match.log])
    for _ in range(200000):
        if match.result is not None:
            return match
        seat = match.to_act()[0]
        events = match.apply(players[seat].choose(match.view(seat)))
        for s, p in enumerate(players):
            p.observe([e.seen_by(s) for e in events])
    raise AssertionError("the match did not end")


def store_match(
    store: Store,
    game_id: str,
    user_ids: list[int | None],
    match: Match,
    *,
    kind: str = "party",
    private: bool = False,
) -> None:
    """``match`` stored as a finished game ``game_id`` of a table of ``kind`` where the
    accounts ``user_ids`` sat (None: a computer player), as the server stores one."""
    config = table_config(kind, "quick", private=private).to_json()
    seats: list[dict[str, Any]] = [
        {"user_id": u, "name": f"p{i}", "bot": None if u is not None else "efficiency"}
        for i, u in enumerate(user_ids)
    ]
    store.create_table(
        TableRow(
            id=game_id,
            family="riichi",
            kind=kind,
            config=config,
            seed="limit-hands",
            commitment="c",
            status="live",
            invite_code=None,
            seats=seats,
            created_at=0.0,
            started_at=0.0,
            created_by=None,
            fence=0,
        )
    )
    assert match.result is not None
    lines = player_lines(game_id, seats, match.result, match.log)
    result = {"config": config, "seats": seats, "scores": list(match.result.scores)}
    events = [e.to_json() for e in match.log]
    assert store.finish_game(game_id, True, result, events, lines)
