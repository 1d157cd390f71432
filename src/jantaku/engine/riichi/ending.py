"""The end of a riichi deal: the situation a win is judged in, wins settled, abortive and
exhaustive draws (doman-rules.md §2.8), and the deal's result."""

from __future__ import annotations

from jantaku.engine.riichi.draws import draw_payments, is_nagashi, is_tenpai
from jantaku.engine.riichi.events import DealEnded, DrawKind, Won
from jantaku.engine.riichi.judge import WinOutcome, WinSituation
from jantaku.engine.riichi.position import Position
from jantaku.engine.riichi.state import DealResult, DealState, Phase, by_index
from jantaku.tiles import Tile

__all__ = ["abort", "exhaustive_draw", "settle_wins", "win_situation"]


def win_situation(
    deal: Position, seat_no: int, tile: Tile, from_seat: int | None, chankan: bool = False
) -> WinSituation:
    """What the judge needs to know about ``seat_no`` winning on ``tile`` now (self-drawn when
    ``from_seat`` is None)."""
    seat = deal.seats[seat_no]
    concealed = list(seat.tiles)
    if from_seat is None:
        concealed.remove(tile)
    tsumo = from_seat is None
    last = deal.live_remaining == 0
    rinshan = tsumo and deal.rinshan
    ura = deal.ura_indicators() if seat.riichi else ()
    return WinSituation(
        seat=seat_no,
        dealer=deal.dealer,
        concealed=tuple(concealed),
        melds=tuple(seat.melds),
        win_tile=tile,
        from_seat=from_seat,
        seat_wind=deal.seat_wind(seat_no),
        round_wind=deal.round_wind,
        dora_indicators=deal.dora_indicators,
        ura_indicators=ura,
        riichi=seat.riichi and not seat.double_riichi,
        double_riichi=seat.double_riichi,
        ippatsu=seat.ippatsu,
        haitei=tsumo and last and (not rinshan or deal.rules.rinshan_counts_haitei),
        houtei=not tsumo and last and not chankan,
        rinshan=rinshan,
        chankan=chankan,
        first_turn=tsumo and deal.first_turn(seat_no),
        honba=deal.honba,
        deposits=deal.deposits,
        pao_seat=seat.pao_seat,
    )


def settle_wins(
    deal: DealState, winners: list[tuple[int, WinOutcome]], from_seat: int | None, tile: Tile
) -> None:
    """End the deal with these wins (one tsumo, or the rons on one discard)."""
    total = [0, 0, 0, 0]
    for seat_no, outcome in winners:
        seat = deal.seats[seat_no]
        hand = list(seat.tiles)
        if from_seat is None:
            hand.remove(tile)
        ura = deal.ura_indicators() if seat.riichi else ()
        for i, d in enumerate(outcome.deltas):
            total[i] += d
        deal.log.append(
            Won(
                seat_no,
                from_seat,
                tile,
                tuple(sorted(hand, key=by_index)),
                outcome.han,
                outcome.fu,
                outcome.points,
                outcome.yakuman,
                outcome.limit,
                outcome.yaku,
                outcome.deltas,
                ura,
                outcome.pao_seat,
            )
        )
    deal.deposits = 0
    _finish(deal, tuple(s for s, _ in winners), None, tuple(total), (False,) * 4, reveal=())


def abort(deal: DealState, kind: DrawKind) -> None:
    """An abortive draw: nobody pays."""
    _finish(deal, (), kind, (0, 0, 0, 0), (False,) * 4, reveal=())


def exhaustive_draw(deal: DealState) -> None:
    """The wall is empty: noten payments (or nagashi mangan); the ready hands are shown."""
    rules = deal.rules
    tenpai = tuple(is_tenpai(seat, rules.karaten_counts_as_tenpai) for seat in deal.seats)
    nagashi = [
        s
        for s, seat in enumerate(deal.seats)
        if rules.nagashi_mangan and is_nagashi(seat, rules.nagashi_allow_own_calls)
    ]
    deltas = draw_payments(tenpai, nagashi, deal.dealer)
    kind = DrawKind.NAGASHI_MANGAN if nagashi else DrawKind.EXHAUSTIVE
    reveal = tuple(s for s in range(4) if tenpai[s])
    _finish(deal, (), kind, deltas, tenpai, reveal=reveal)


def _finish(
    deal: DealState,
    winners: tuple[int, ...],
    draw: DrawKind | None,
    deltas: tuple[int, ...],
    tenpai: tuple[bool, ...],
    reveal: tuple[int, ...],
) -> None:
    for i, d in enumerate(deltas):
        deal.scores[i] += d
    deal.phase = Phase.ENDED
    deal.claims = {}
    deal.answers = {}
    deal.result = DealResult(winners, draw, tenpai, deltas, deal.deposits, tuple(deal.scores))
    hands = tuple(
        tuple(sorted(deal.seats[s].tiles, key=by_index)) if s in reveal else None for s in range(4)
    )
    deal.log.append(
        DealEnded(draw, deltas, tuple(deal.scores), tenpai, hands, deal.deposits, deal.honba)
    )
