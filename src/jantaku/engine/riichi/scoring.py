"""The engine's judge backed by jantaku's riichi scorer (``jantaku.rules.riichi``)."""

from __future__ import annotations

from jantaku.engine.riichi.judge import WinOutcome, WinSituation
from jantaku.rules.riichi import NoWin, RiichiOptions, WinContext, score
from jantaku.rules.riichi.options import preset

__all__ = ["RiichiJudge"]

_PAO_YAKU = frozenset({"daisangen", "daisuushii"})


class RiichiJudge:
    """Values wins with :func:`jantaku.rules.riichi.score` under one set of options.

    Seats in the scorer are relative to the winner (1 = next in turn order); the engine works in
    absolute seats, so this is where the two meet."""

    def __init__(self, options: RiichiOptions | None = None) -> None:
        self.options = options if options is not None else preset("doman")

    def judge(self, s: WinSituation) -> WinOutcome | None:

        def relative(seat: int | None) -> int | None:
            return None if seat is None else (seat - s.seat) % 4

        ctx = WinContext(
            hand=s.concealed,
            win_tile=s.win_tile,
            melds=s.melds,
            tsumo=s.from_seat is None,
            seat_wind=s.seat_wind,
            round_wind=s.round_wind,
            dora_indicators=tuple(t.kind for t in s.dora_indicators),
            ura_indicators=tuple(t.kind for t in s.ura_indicators),
            riichi=s.riichi,
            double_riichi=s.double_riichi,
            ippatsu=s.ippatsu,
            haitei=s.haitei,
            houtei=s.houtei,
            rinshan=s.rinshan,
            chankan=s.chankan,
            first_turn=s.first_turn,
            honba=s.honba,
            deposits=s.deposits,
            discarder=relative(s.from_seat),
            pao=relative(s.pao_seat),
        )
        result = score(ctx, self.options, validate=False)
        if isinstance(result, NoWin):
            return None
        deltas = [0, 0, 0, 0]
        for offset, paid in enumerate(result.payments, start=1):
            deltas[(s.seat + offset) % 4] -= paid
        deltas[s.seat] += result.received
        pao_seat = None
        if (
            s.pao_seat is not None
            and result.yakuman
            and any(line.name in _PAO_YAKU for line in result.yaku)
        ):
            pao_seat = s.pao_seat
        return WinOutcome(
            han=result.han,
            fu=result.fu,
            points=result.points,
            yakuman=result.yakuman,
            limit=None if result.limit is None else str(result.limit),
            yaku=tuple((line.name, line.han) for line in result.yaku),
            deltas=(deltas[0], deltas[1], deltas[2], deltas[3]),
            pao_seat=pao_seat,
        )
