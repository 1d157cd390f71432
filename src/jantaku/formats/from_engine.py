"""A match played in jantaku's engine as a neutral :class:`GameRecord`, so it can be written as
tenhou.net/6 JSON (to open it in common viewers) or as mjai, and replayed by ``replay-check``."""

from __future__ import annotations

from jantaku.engine import events as ev
from jantaku.engine.match import Match
from jantaku.formats import record as rec
from jantaku.formats.yaku_names import TENHOU_YAKU
from jantaku.tiles import Tile, Wind

__all__ = ["record_of_match"]

_WIND_NAMES = ("east", "south", "west", "north")
_RENAMED = {
    "haitei": "haitei_raoyue",
    "houtei": "houtei_raoyui",
    "ittsuu": "ittsu",
    "kokushi_musou_13_wait": "kokushi_musou_13",
}
_TENHOU_ID = {name: number for number, (name, _jp) in enumerate(TENHOU_YAKU)}
_CALLS = {"chi": rec.CallKind.CHI, "pon": rec.CallKind.PON, "open_kan": rec.CallKind.OPEN_KAN}
_KANS = {"added_kan": rec.CallKind.ADDED_KAN, "concealed_kan": rec.CallKind.CONCEALED_KAN}
_DRAWS = {
    ev.DrawKind.EXHAUSTIVE: rec.DrawKind.EXHAUSTIVE,
    ev.DrawKind.NAGASHI_MANGAN: rec.DrawKind.NAGASHI_MANGAN,
    ev.DrawKind.NINE_TERMINALS: rec.DrawKind.NINE_TERMINALS,
    ev.DrawKind.FOUR_WINDS: rec.DrawKind.FOUR_WINDS,
    ev.DrawKind.FOUR_KANS: rec.DrawKind.FOUR_KANS,
    ev.DrawKind.FOUR_RIICHI: rec.DrawKind.FOUR_RIICHI,
    ev.DrawKind.TRIPLE_RON: rec.DrawKind.TRIPLE_RON,
}
_LIMITS = {
    None: rec.Limit.NONE,
    "mangan": rec.Limit.MANGAN,
    "haneman": rec.Limit.HANEMAN,
    "baiman": rec.Limit.BAIMAN,
    "sanbaiman": rec.Limit.SANBAIMAN,
}


def _yaku(name: str, han: int, seat_wind: Wind, round_wind: Wind) -> rec.YakuItem:
    if name == "yakuhai_seat_wind":
        name = f"yakuhai_seat_{_WIND_NAMES[seat_wind]}"
    elif name == "yakuhai_round_wind":
        name = f"yakuhai_round_{_WIND_NAMES[round_wind]}"
    name = _RENAMED.get(name, name)
    return rec.YakuItem(name, han, _TENHOU_ID.get(name))


class _Hand:
    """Collects one deal's events into a HandRecord."""

    def __init__(self, start: ev.DealStarted) -> None:
        self.start = start
        self.round_wind = Wind(start.round_wind)
        self.dora: list[Tile] = [start.dora_indicator]
        self.ura: tuple[Tile, ...] = ()
        self.actions: list[rec.Action] = []
        self.wins: list[rec.WinResult] = []
        self.draw: rec.DrawResult | None = None
        self.last_drawer = start.deal

    def add(self, event: ev.Event) -> None:
        dealer = self.start.deal
        if isinstance(event, ev.Drew):
            assert event.tile is not None
            self.last_drawer = event.seat
            self.actions.append(rec.Draw(event.seat, event.tile, event.replacement))
        elif isinstance(event, ev.Discarded):
            if event.riichi:
                self.actions.append(rec.Riichi(event.seat))
            self.actions.append(rec.Discard(event.seat, event.tile, event.tsumogiri))
        elif isinstance(event, ev.RiichiAccepted):
            self.actions.append(rec.RiichiAccepted(event.seat))
        elif isinstance(event, ev.Called):
            call = _CALLS[event.kind]
            self.actions.append(
                rec.Call(event.seat, call, event.tiles, event.tile, event.from_seat)
            )
        elif isinstance(event, ev.KanDeclared):
            self.actions.append(rec.Call(event.seat, _KANS[event.kind], event.tiles))
        elif isinstance(event, ev.DoraRevealed):
            self.dora.append(event.indicator)
            self.actions.append(rec.NewDora(event.indicator))
        elif isinstance(event, ev.Won):
            source = event.seat if event.from_seat is None else event.from_seat
            self.actions.append(rec.Win(event.seat, source, event.tile))
            self.ura = self.ura or event.ura_indicators
            seat_wind = Wind((event.seat - dealer) % 4)
            limit = rec.Limit.YAKUMAN if event.yakuman else _LIMITS.get(event.limit)
            self.wins.append(
                rec.WinResult(
                    seat=event.seat,
                    from_seat=source,
                    deltas=event.deltas,
                    pao_seat=event.pao_seat,
                    han=event.han,
                    fu=event.fu,
                    points=event.points,
                    limit=limit if limit is not None else rec.Limit.YAKUMAN,
                    yaku=tuple(
                        _yaku(name, han, seat_wind, self.round_wind) for name, han in event.yaku
                    ),
                    hand=(*event.hand, event.tile),
                    win_tile=event.tile,
                )
            )
        elif isinstance(event, ev.DealEnded) and event.draw is not None:
            draw = _DRAWS[event.draw]
            if draw is rec.DrawKind.EXHAUSTIVE and not any(event.tenpai):
                draw = rec.DrawKind.ALL_NOTEN
            declarer = self.last_drawer if draw is rec.DrawKind.NINE_TERMINALS else None
            self.actions.append(rec.Abort(draw, declarer))
            tenpai = tuple(s for s, ready in enumerate(event.tenpai) if ready)
            self.draw = rec.DrawResult(draw, event.deltas, tenpai)

    def record(self) -> rec.HandRecord:
        start = self.start
        hands = tuple(tuple(h or ()) for h in start.hands)
        return rec.HandRecord(
            round_wind=self.round_wind,
            number=start.deal,
            honba=start.honba,
            riichi_deposits=start.deposits,
            scores=start.scores,
            dora_indicators=tuple(self.dora),
            ura_indicators=self.ura,
            hands=hands,
            actions=tuple(self.actions),
            result=rec.HandResult(tuple(self.wins), self.draw) if self.wins or self.draw else None,
        )


def record_of_match(match: Match, source: str = "jantaku") -> rec.GameRecord:
    """The full record of a match from its event log (the log holds every seat's tiles)."""
    hands: list[rec.HandRecord] = []
    current: _Hand | None = None
    for event in match.log:
        if isinstance(event, ev.DealStarted):
            if current is not None:
                hands.append(current.record())
            current = _Hand(event)
        elif current is not None:
            current.add(event)
    if current is not None:
        hands.append(current.record())
    rules = match.rules
    red = (1, 1, 1) if rules.red_fives else (0, 0, 0)
    kuitan = bool(match.setup.get("rules") != "doman_no_kuitan")
    kuitan = bool(match.setup.get("options", {}).get("kuitan", kuitan))
    info = rec.RulesInfo(
        players=4,
        red_fives=red,
        open_tanyao=kuitan,
        length=rec.Length.EAST_ONLY if rules.length == "east_only" else rec.Length.EAST_SOUTH,
        special=(f"jantaku:{match.setup.get('rules', 'custom')}",),
    )
    result = match.result
    return rec.GameRecord(
        source=source,
        format=rec.LogFormat.TENHOU6,
        rules=info,
        players=("seat 0", "seat 1", "seat 2", "seat 3"),
        hands=tuple(hands),
        start_scores=tuple(hands[0].scores) if hands else (25000,) * 4,
        final_scores=None if result is None or not result.recorded else result.scores,
    )
