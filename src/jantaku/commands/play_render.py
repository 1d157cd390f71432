"""Text pictures for ``jantaku play``: the table from the player's seat, the end-of-hand
breakdown and the final ranking. Plain text, so any terminal (and a test driving one) reads it."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.reasons import EndReason
from jantaku.engine.riichi.events import DealEnded, Won
from jantaku.engine.riichi.view import SeatView
from jantaku.meld import Meld
from jantaku.rules.riichi.names import yaku_label
from jantaku.tiles import Tile

__all__ = [
    "HAND_KEYS",
    "end_words",
    "label",
    "render_end_of_hand",
    "render_ranking",
    "render_table",
]

HAND_KEYS = "1234567890abcd"  # one key per hand position (14 at most)
_HONORS = ("Ea", "So", "We", "No", "Wh", "Gr", "Rd")
_WINDS = ("East", "South", "West", "North")


def label(tile: Tile) -> str:
    kind = tile.kind_id
    if kind >= 27:
        return _HONORS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}" + ("r" if tile.red else "")


def _meld(m: Meld) -> str:
    return "[" + " ".join(label(t) for t in m.tiles) + "]"


def seat_name(seat: int, me: int, names: Sequence[str]) -> str:
    return "You" if seat == me else names[seat]


def render_table(view: SeatView, names: Sequence[str]) -> str:
    me = view.seat if view.seat is not None else 0
    lines = []
    dealer_wind = _WINDS[view.round_wind]
    number = view.dealer + 1
    lines.append(
        f"== {dealer_wind} {number}  honba {view.honba}  riichi sticks {view.deposits}  "
        f"wall {view.live_remaining}  dora indicator "
        + " ".join(label(t) for t in view.dora_indicators)
        + " =="
    )
    for s in range(4):
        p = view.seats[s]
        wind = _WINDS[(s - view.dealer) % 4]
        river = " ".join(
            label(t) + ("*" if r else "") + ("'" if c else "") for t, _g, r, c in p.river
        )
        marker = ""
        if s == view.turn:
            marker = " <- turn" if view.phase == "turn" else " <- discarded"
        flags = (" RIICHI" if p.riichi else "") + marker
        melds = " ".join(_meld(m) for m in p.melds)
        lines.append(f"{seat_name(s, me, names):>14} {wind:<5} {p.score:>6}{flags}")
        lines.append(f"{'':>15}river: {river or '-'}" + (f"   melds: {melds}" if melds else ""))
    hand = " ".join(f"{HAND_KEYS[i]}:{label(t)}" for i, t in enumerate(view.hand))
    drawn = f"   drew {label(view.drawn)}" if view.drawn is not None else ""
    lines.append(f"Your hand  {hand}{drawn}")
    if view.waits:
        waits = ", ".join(label(Tile(int(k) * 4)) for k in view.waits)
        lines.append(f"Waiting on {waits}" + (" (furiten)" if view.furiten else ""))
    return "\n".join(lines)


def render_end_of_hand(events: Sequence[object], names: Sequence[str], me: int) -> str:
    lines = ["", "=== End of hand ==="]
    for e in events:
        if isinstance(e, Won):
            who = seat_name(e.seat, me, names)
            how = "tsumo" if e.from_seat is None else f"ron off {seat_name(e.from_seat, me, names)}"
            lines.append(f"{who} wins by {how} on {label(e.tile)}")
            lines.append("  hand: " + " ".join(label(t) for t in e.hand) + f" + {label(e.tile)}")
            for name, han in e.yaku:
                lines.append(f"  {yaku_label(name):<40} {han:>2} han")
            limit = f" ({e.limit})" if e.limit else ""
            value = f"yakuman x{e.yakuman}" if e.yakuman else f"{e.han} han {e.fu} fu"
            lines.append(f"  {value}{limit}: {e.points} points")
        elif isinstance(e, DealEnded):
            if e.draw is not None:
                ready = [seat_name(s, me, names) for s in range(4) if e.tenpai[s]]
                lines.append(f"Draw ({e.draw.value}); ready: {', '.join(ready) or 'nobody'}")
            lines.append(
                "Payments: "
                + "  ".join(f"{seat_name(s, me, names)} {e.deltas[s]:+d}" for s in range(4))
            )
            lines.append(
                "Scores:   "
                + "  ".join(f"{seat_name(s, me, names)} {e.scores[s]}" for s in range(4))
            )
    return "\n".join(lines)


#: why a match ended, in the terminal's words ({who}: the players the end names)
_END_WORDS = {
    EndReason.BUST: "{who} went below zero",
    EndReason.LAST_HAND: "the last hand is over",
    EndReason.DEALER_STOP: "{who}, the dealer, won or was ready in the last hand while leading",
    EndReason.TIME_80: "after 80 minutes the next hand was the last",
    EndReason.TIME_120: "the 120-minute limit was reached",
    EndReason.TARGET: "{who} reached the target score",
}


def end_words(
    code: EndReason, seats: Sequence[int], names: Sequence[str], me: int, fallback: str
) -> str:
    """Why the match ended, naming the players its code names ("You and West went below
    zero"); ``fallback`` (the engine's sentence) for a code without words here."""
    words = _END_WORDS.get(code)
    if words is None or ("{who}" in words and not seats):
        return fallback
    who = [seat_name(seat, me, names) for seat in seats]
    listed = " and ".join(who) if len(who) <= 2 else ", ".join(who[:-1]) + " and " + who[-1]
    return words.format(who=listed)


def render_ranking(
    scores: Sequence[int], ranking: Sequence[int], names: Sequence[str], me: int, reason: str
) -> str:
    lines = ["", f"=== Final ranking ({reason}) ==="]
    width = max(len(seat_name(seat, me, names)) for seat in ranking)
    for place, seat in enumerate(ranking, start=1):
        lines.append(f"  {place}. {seat_name(seat, me, names):<{width}} {scores[seat]:>6}")
    return "\n".join(lines)
