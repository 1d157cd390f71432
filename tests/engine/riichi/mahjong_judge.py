"""A WinJudge backed by the PyPI ``mahjong`` package: an independent scorer that drives the engine
in tests, so engine and scorer are checked against each other."""

from __future__ import annotations

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld as PeerMeld

from jantaku.engine.riichi.judge import WinOutcome, WinSituation
from jantaku.meld import KongKind, Meld, MeldKind

_OPTIONS = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False)


def _peer_meld(meld: Meld) -> PeerMeld:
    tiles = sorted(t.index for t in meld.tiles)
    called = meld.called.index if meld.called else None
    if meld.kind is MeldKind.CHOW:
        return PeerMeld(PeerMeld.CHI, tiles, True, called)
    if meld.kind is MeldKind.PUNG:
        return PeerMeld(PeerMeld.PON, tiles, True, called)
    if meld.kong is KongKind.ADDED:
        return PeerMeld(PeerMeld.SHOUMINKAN, tiles, True, called)
    return PeerMeld(PeerMeld.KAN, tiles, meld.kong is KongKind.EXPOSED, called)


class MahjongJudge:
    def __init__(self) -> None:
        self.calls = 0

    def judge(self, s: WinSituation) -> WinOutcome | None:
        self.calls += 1
        tiles = [t.index for t in s.concealed] + [s.win_tile.index]
        melds = [_peer_meld(m) for m in s.melds]
        for m in melds:
            tiles.extend(m.tiles)
        tsumo = s.from_seat is None
        config = HandConfig(
            is_tsumo=tsumo,
            is_riichi=s.riichi or s.double_riichi,
            is_ippatsu=s.ippatsu,
            is_rinshan=s.rinshan,
            is_chankan=s.chankan,
            is_haitei=s.haitei,
            is_houtei=s.houtei,
            is_daburu_riichi=s.double_riichi,
            is_tenhou=s.first_turn and s.seat == s.dealer,
            is_chiihou=s.first_turn and s.seat != s.dealer,
            player_wind=27 + int(s.seat_wind),
            round_wind=27 + int(s.round_wind),
            kyoutaku_number=s.deposits,
            tsumi_number=s.honba,
            options=_OPTIONS,
        )
        result = HandCalculator.estimate_hand_value(
            tiles,
            s.win_tile.index,
            melds=melds,
            dora_indicators=[t.index for t in s.dora_indicators],
            config=config,
            ura_dora_indicators=[t.index for t in s.ura_indicators] or None,
        )
        if result.error:
            return None
        cost = result.cost
        assert cost is not None
        deltas = [0, 0, 0, 0]
        if tsumo:
            for other in range(4):
                if other == s.seat:
                    continue
                if s.seat == s.dealer or other == s.dealer:
                    pay = cost["main"] + cost["main_bonus"]
                else:
                    pay = cost["additional"] + cost["additional_bonus"]
                deltas[other] -= pay
                deltas[s.seat] += pay
        else:
            assert s.from_seat is not None
            pay = cost["main"] + cost["main_bonus"]
            deltas[s.from_seat] -= pay
            deltas[s.seat] += pay
        deltas[s.seat] += s.deposits * 1000
        yaku = tuple((str(y), int(y.han_closed or 0)) for y in (result.yaku or []))
        return WinOutcome(
            han=result.han or 0,
            fu=result.fu or 0,
            points=cost["main"] + 2 * cost["additional"] if tsumo else cost["main"],
            yakuman=0,
            limit=None,
            yaku=yaku,
            deltas=(deltas[0], deltas[1], deltas[2], deltas[3]),
        )
