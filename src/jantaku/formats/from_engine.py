"""The engine's event log as a neutral :class:`GameRecord`, so a game played on jantaku can be
written as tenhou.net/6 JSON or mjai and replayed by ``jantaku replay-check``.

The log must be the engine's own, unredacted (``match.log``): starting hands and draws carry
their tiles. Seats are absolute, as in the engine."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from jantaku.engine.riichi import events as ev
from jantaku.engine.riichi.match import Match
from jantaku.formats import record as rec
from jantaku.tiles import Tile, Wind

__all__ = ["record_from_events", "record_of_match"]

_YAKU_IDS = {
    "ittsuu": "ittsu",
    "haitei": "haitei_raoyue",
    "houtei": "houtei_raoyui",
    "kokushi_musou_13_wait": "kokushi_musou_13",
}
_TENHOU_NUMBER = {
    name: i
    for i, (name, _jp) in enumerate(
        __import__("jantaku.formats.yaku_names", fromlist=["TENHOU_YAKU"]).TENHOU_YAKU
    )
}
_WINDS = ("east", "south", "west", "north")
_DRAWS = {
    ev.DrawKind.EXHAUSTIVE: rec.DrawKind.EXHAUSTIVE,
    ev.DrawKind.NAGASHI_MANGAN: rec.DrawKind.NAGASHI_MANGAN,
    ev.DrawKind.NINE_TERMINALS: rec.DrawKind.NINE_TERMINALS,
    ev.DrawKind.FOUR_WINDS: rec.DrawKind.FOUR_WINDS,
    ev.DrawKind.FOUR_KANS: rec.DrawKind.FOUR_KANS,
    ev.DrawKind.FOUR_RIICHI: rec.DrawKind.FOUR_RIICHI,
    ev.DrawKind.TRIPLE_RON: rec.DrawKind.TRIPLE_RON,
}


def _limit(name: str | None) -> rec.Limit:
    if name is None:
        return rec.Limit.NONE
    if "yakuman" in name:
        return rec.Limit.YAKUMAN
    return rec.Limit(name)


def _yaku(name: str, han: int, seat_wind: int, round_wind: int) -> rec.YakuItem:
    ident = _YAKU_IDS.get(name, name)
    if name == "yakuhai_seat_wind":
        ident = f"yakuhai_seat_{_WINDS[seat_wind]}"
    elif name == "yakuhai_round_wind":
        ident = f"yakuhai_round_{_WINDS[round_wind]}"
    return rec.YakuItem(ident, han, _TENHOU_NUMBER.get(ident))


@dataclass
class _Hand:
    """One deal being read: its start, the actions so far, the dora revealed, the results."""

    start: ev.DealStarted
    actions: list[rec.Action] = field(default_factory=list)
    dora: list[Tile] = field(default_factory=list)
    ura: tuple[Tile, ...] = ()
    wins: list[rec.WinResult] = field(default_factory=list)
    draw: rec.DrawResult | None = None
    last_drawer: int | None = None

    def build(self) -> rec.HandRecord:
        s = self.start
        hands = tuple(tuple(h) if h is not None else () for h in s.hands)
        result = None
        if self.wins or self.draw is not None:
            result = rec.HandResult(tuple(self.wins), self.draw)
        return rec.HandRecord(
            round_wind=Wind(s.round_wind),
            number=s.deal,
            honba=s.honba,
            riichi_deposits=s.deposits,
            scores=tuple(s.scores),
            dora_indicators=(s.dora_indicator, *self.dora),
            ura_indicators=self.ura,
            hands=hands,
            actions=tuple(self.actions),
            result=result,
        )

    def add(self, e: ev.Event) -> None:
        """One event of the deal as record actions (and results)."""
        a = self.actions
        if isinstance(e, ev.Drew):
            if e.tile is None:
                raise ValueError("the log is redacted (a hidden draw); use the engine's own log")
            a.append(rec.Draw(e.seat, e.tile, e.replacement))
            self.last_drawer = e.seat
        elif isinstance(e, ev.Discarded):
            if e.riichi:
                a.append(rec.Riichi(e.seat))
            a.append(rec.Discard(e.seat, e.tile, e.tsumogiri))
        elif isinstance(e, ev.RiichiAccepted):
            a.append(rec.RiichiAccepted(e.seat))
        elif isinstance(e, ev.Called):
            a.append(rec.Call(e.seat, rec.CallKind(e.kind), tuple(e.tiles), e.tile, e.from_seat))
        elif isinstance(e, ev.KanDeclared):
            a.append(rec.Call(e.seat, rec.CallKind(e.kind), tuple(e.tiles)))
        elif isinstance(e, ev.DoraRevealed):
            a.append(rec.NewDora(e.indicator))
            self.dora.append(e.indicator)
        elif isinstance(e, ev.Won):
            self.won(e)
        elif isinstance(e, ev.DealEnded) and e.draw is not None:
            kind = _DRAWS[e.draw]
            if kind is rec.DrawKind.EXHAUSTIVE and not any(e.tenpai):
                kind = rec.DrawKind.ALL_NOTEN
            seat = self.last_drawer if kind is rec.DrawKind.NINE_TERMINALS else None
            a.append(rec.Abort(kind, seat))
            self.draw = rec.DrawResult(
                kind, tuple(e.deltas), tuple(i for i, t in enumerate(e.tenpai) if t)
            )

    def won(self, e: ev.Won) -> None:
        """A win: its action and its result (the ura indicators of the last win that has them)."""
        from_seat = e.seat if e.from_seat is None else e.from_seat
        self.actions.append(rec.Win(e.seat, from_seat, e.tile))
        seat_wind = (e.seat - self.start.deal) % 4
        self.ura = tuple(e.ura_indicators) or self.ura
        self.wins.append(
            rec.WinResult(
                seat=e.seat,
                from_seat=from_seat,
                deltas=tuple(e.deltas),
                pao_seat=e.pao_seat,
                han=e.han,
                fu=e.fu,
                points=e.points,
                limit=_limit(e.limit),
                yaku=tuple(_yaku(n, h, seat_wind, self.start.round_wind) for n, h in e.yaku),
                hand=(*e.hand, e.tile),
                win_tile=e.tile,
            )
        )


def record_from_events(
    log: Iterable[ev.Event],
    *,
    players: tuple[str, ...] = ("A", "B", "C", "D"),
    rules: rec.RulesInfo | None = None,
    source: str = "<jantaku>",
    game_id: str | None = None,
) -> rec.GameRecord:
    """A GameRecord of a whole match (or of the part played so far)."""
    hands: list[rec.HandRecord] = []
    current: _Hand | None = None
    final: tuple[int, ...] | None = None
    start_scores: tuple[int, ...] | None = None
    for e in log:
        if isinstance(e, ev.DealStarted):
            if current is not None:
                hands.append(current.build())
            if start_scores is None:
                start_scores = tuple(e.scores)
            current = _Hand(e)
            continue
        if isinstance(e, ev.MatchEnded):
            final = tuple(e.scores)
            continue
        if current is not None:
            current.add(e)
    if current is not None:
        hands.append(current.build())
    return rec.GameRecord(
        source=source,
        format=rec.LogFormat.TENHOU6,
        rules=rules or rec.RulesInfo(),
        players=players,
        hands=tuple(hands),
        start_scores=start_scores or (25000,) * 4,
        final_scores=final,
        game_id=game_id,
    )


def record_of_match(match: Match, source: str = "jantaku") -> rec.GameRecord:
    """The record of a match made by :func:`jantaku.engine.riichi.new_match`, naming its preset
    so that tenhou.net/6 exports replay under the same rules (``replay-check`` reads the tag)."""
    setup = match.setup
    options = setup.get("options", {})
    rules = match.rules
    info = rec.RulesInfo(
        players=4,
        red_fives=(1, 1, 1) if rules.red_fives else (0, 0, 0),
        open_tanyao=bool(options.get("kuitan", setup.get("rules") != "doman_no_kuitan")),
        length=rec.Length.EAST_ONLY if rules.length == "east_only" else rec.Length.EAST_SOUTH,
        special=(f"jantaku:{setup.get('rules', 'doman')}",),
    )
    return record_from_events(
        match.log, players=("seat 0", "seat 1", "seat 2", "seat 3"), rules=info, source=source
    )
