"""A call policy by expected value: with no threat on the table and the hand two from ready
or closer, a chi or pon is made when the open hand it leaves (after its best discard) is worth
more in expected points than the closed hand without it (:mod:`jantaku.players.riichi.hand_ev`,
the scorer deciding whether the open hand has a yaku and what it pays). Against a threat, in
the last deal's placement play and late in the deal (formal tenpai) ``placement_call``
decides."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.calls import kuikae_forbidden
from jantaku.engine.riichi.view import SeatView
from jantaku.meld import Meld, MeldKind
from jantaku.players.riichi.bot import RiichiBot
from jantaku.players.riichi.calls import placement_call
from jantaku.players.riichi.hand_ev import HandSpot
from jantaku.players.riichi.lookahead import hand_value_ahead
from jantaku.players.riichi.placement import placement
from jantaku.players.riichi.reading import counts_of_tiles, threats

__all__ = ["open_value", "value_call"]


def value_call(bot: RiichiBot, view: SeatView, legal: Sequence[Action]) -> Action:
    me = view.seat
    assert me is not None
    late = view.live_remaining <= bot.params.formal_tenpai_live
    if threats(view, me) or late or placement(view):
        return placement_call(bot, view, legal)
    spot = HandSpot.of(view, bot.analysis(view), bot.scored(view))
    closed = hand_value_ahead(spot, counts_of_tiles(view.hand))
    if closed is None:
        return placement_call(bot, view, legal)
    best: tuple[float, Action] | None = None
    for a in legal:
        if a.kind in (ActionKind.CHI, ActionKind.PON) and a.tile is not None:
            value = open_value(spot, view, a)
            if value is not None and value > (best[0] if best else closed):
                best = (value, a)
    return best[1] if best else next(a for a in legal if a.kind is ActionKind.PASS)


def open_value(spot: HandSpot, view: SeatView, call: Action) -> float | None:
    """Expected points of the hand after ``call`` and its best discard (one the no-swap rule
    allows); None when the open hand would be further than two from ready."""
    assert call.tile is not None
    counts = counts_of_tiles(view.hand)
    for t in call.tiles:
        counts[t.kind_id] -= 1
    tiles = tuple(sorted((*call.tiles, call.tile), key=lambda t: (t.kind_id, t.index)))
    kind = MeldKind.CHOW if call.kind is ActionKind.CHI else MeldKind.PUNG
    meld = Meld(kind, tiles, called=call.tile, from_seat=1)
    reds = spot.reds - {t.kind_id for t in call.tiles if t.red}
    opened = replace(
        spot,
        melds=(*spot.melds, meld),
        closed=False,
        reds=reds,
        draws=max(0, spot.draws - 1),
        ready_cache={},
        known=None,
    )
    k = call.tile.kind_id
    low = min(k, *(t.kind_id for t in call.tiles)) if call.kind is ActionKind.CHI else None
    banned = kuikae_forbidden(k, low)
    an = opened.analysis
    fastest: dict[int, int] = {}
    for j in range(34):
        if counts[j] and j not in banned:
            counts[j] -= 1
            fastest[j] = an.shanten(counts)
            counts[j] += 1
    if not fastest or min(fastest.values()) > 2:
        return None
    sh = min(fastest.values())
    values = []
    for j in (j for j, s in fastest.items() if s == sh):
        counts[j] -= 1
        values.append(hand_value_ahead(opened, counts) or 0.0)
        counts[j] += 1
    return max(values)
