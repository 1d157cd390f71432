"""What one seat may see: its own concealed tiles and everything public, nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jantaku.engine.actions import Action
from jantaku.engine.json_read import (
    claimed_tile,
    meld_to_json,
    own_tiles,
    read_drawn,
    read_melds,
    tile_from_notation,
    tiles_from_notation,
)
from jantaku.engine.view import DealView
from jantaku.meld import Meld
from jantaku.rules.riichi.options import RiichiOptions
from jantaku.tiles import BY_INDEX, Tile, TileKind, format_tiles, parse_kind

if TYPE_CHECKING:
    from jantaku.engine.riichi.deal import Deal

__all__ = ["PublicSeat", "SeatView", "build_view"]

_DEFAULT_OPTIONS = RiichiOptions()  # the doman preset, for views built without a table


@dataclass(frozen=True, slots=True)
class PublicSeat:
    """What everybody sees of a seat."""

    score: int
    melds: tuple[Meld, ...]
    river: tuple[tuple[Tile, bool, bool, bool], ...]  # tile, tsumogiri, riichi, called away
    riichi: bool
    concealed_count: int


@dataclass(frozen=True, slots=True)
class SeatView(DealView):
    """A seat's view of the deal (``seat`` None: a spectator, who sees no concealed tile)."""

    honba: int
    deposits: int
    live_remaining: int
    dora_indicators: tuple[Tile, ...]
    seats: tuple[PublicSeat, ...]
    hand: tuple[Tile, ...]  # own concealed tiles, sorted; empty for a spectator
    drawn: Tile | None  # own drawn tile this turn
    last_discard: Tile | None
    waits: tuple[TileKind, ...]
    furiten: bool
    legal_actions: tuple[Action, ...]
    # the match ends after this deal unless the dealer repeats: placement play starts here
    all_last: bool = False
    # the table's rules (the scorer's options: kuitan, red fives, ...), so a bot reads them
    # here instead of assuming a preset; not part of the JSON, which the client reads
    options: RiichiOptions = _DEFAULT_OPTIONS

    def to_json(self) -> dict[str, Any]:
        return {
            **DealView.to_json(self),
            "honba": self.honba,
            "deposits": self.deposits,
            "live_remaining": self.live_remaining,
            "dora_indicators": format_tiles(self.dora_indicators),
            "seats": [
                {
                    "score": p.score,
                    "melds": [m.notation for m in p.melds],
                    "river": [
                        {"tile": t.notation, "tsumogiri": g, "riichi": r, "called": c}
                        for t, g, r, c in p.river
                    ],
                    "riichi": p.riichi,
                    "concealed_count": p.concealed_count,
                    "meld_info": [meld_to_json(m) for m in p.melds],
                }
                for p in self.seats
            ],
            "hand": format_tiles(self.hand),
            "drawn": self.drawn.notation if self.drawn else None,
            "last_discard": self.last_discard.notation if self.last_discard else None,
            "waits": [k.notation for k in self.waits],
            "furiten": self.furiten,
            "legal_actions": [a.to_json() for a in self.legal_actions],
            "all_last": self.all_last,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], options: RiichiOptions | None = None) -> SeatView:
        """The view of :meth:`to_json` (or the table server's, which adds ``drawn_index``).
        ``options``: the table's rules, which the JSON leaves out. Tiles named by notation are
        representative copies; the own hand takes the exact copies its legal actions and
        ``drawn_index`` name (:mod:`jantaku.engine.json_read`)."""
        legal = tuple(Action.from_json(a) for a in data["legal_actions"])
        drawn = read_drawn(data)
        last = data["last_discard"]
        return cls(
            seat=data["seat"],
            phase=data["phase"],
            turn=data["turn"],
            dealer=data["dealer"],
            round_wind=data["round_wind"],
            honba=data["honba"],
            deposits=data["deposits"],
            live_remaining=data["live_remaining"],
            dora_indicators=tiles_from_notation(data["dora_indicators"]),
            seats=tuple(
                PublicSeat(
                    p["score"],
                    read_melds(p),
                    tuple(
                        (tile_from_notation(r["tile"]), r["tsumogiri"], r["riichi"], r["called"])
                        for r in p["river"]
                    ),
                    p["riichi"],
                    p["concealed_count"],
                )
                for p in data["seats"]
            ),
            hand=own_tiles(data["hand"], legal, drawn),
            drawn=drawn,
            last_discard=None if last is None else claimed_tile(last, legal),
            waits=tuple(parse_kind(k) for k in data["waits"]),
            furiten=data["furiten"],
            legal_actions=legal,
            all_last=data.get("all_last", False),
            options=_DEFAULT_OPTIONS if options is None else options,
        )


def build_view(
    deal: Deal, seat: int | None, legal: list[Action], all_last: bool = False
) -> SeatView:
    own = deal.seats[seat] if seat is not None else None
    options = getattr(deal.judge, "options", None)  # the scorer's options, when it has them
    return SeatView(
        seat=seat,
        phase=deal.phase.value,
        turn=deal.turn,
        dealer=deal.dealer,
        round_wind=int(deal.round_wind),
        honba=deal.honba,
        deposits=deal.deposits,
        live_remaining=deal.live_remaining,
        dora_indicators=deal.dora_indicators,
        seats=tuple(
            PublicSeat(
                deal.scores[i],
                tuple(s.melds),
                tuple((r.tile, r.tsumogiri, r.riichi, r.called) for r in s.river),
                s.riichi,
                len(s.tiles),
            )
            for i, s in enumerate(deal.seats)
        ),
        hand=tuple(sorted(own.tiles, key=BY_INDEX)) if own else (),
        drawn=deal.drawn if own is not None and deal.turn == seat else None,
        last_discard=deal.last_discard[1] if deal.last_discard else None,
        waits=tuple(TileKind(k) for k in own.waits) if own else (),
        furiten=own.furiten if own else False,
        legal_actions=tuple(legal),
        all_last=all_last,
        options=options if isinstance(options, RiichiOptions) else _DEFAULT_OPTIONS,
    )
