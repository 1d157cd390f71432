"""Text pictures for ``jantaku play --rules sontag``: the classical table from the player's seat
(hand numbered, flowers and seasons, every river and figure, balances, the Störspiel in force),
the end-of-hand figures/doubles breakdown with the payments, and the final ranking."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.commands.play_render import HAND_KEYS, seat_name
from jantaku.engine.classical import (
    ClassicalDealEnded,
    ClassicalView,
    DiscardWarning,
    MahJonggDeclared,
    SeatResult,
)
from jantaku.meld import Meld, MeldKind
from jantaku.rules.classical.names import doubles_text, english_item, points_text, split_item
from jantaku.tiles import Tile, parse_tiles

__all__ = [
    "classical_label",
    "doubles_text",
    "item_line",
    "render_classical_end",
    "render_classical_ranking",
    "render_classical_table",
    "value_line",
    "warning_text",
]

_HONORS = ("Ea", "So", "We", "No", "Wh", "Gr", "Rd")
_WINDS = ("East", "South", "West", "North")


def classical_label(tile: Tile) -> str:
    """``1m``..``9s``, ``Ea``..``Rd``, flowers ``F1``-``F4`` and seasons ``J1``-``J4`` (the
    spec's German "Jahreszeit")."""
    kind = tile.kind_id if tile.index < 136 else 34 + tile.index - 136
    if kind >= 38:
        return f"J{kind - 37}"
    if kind >= 34:
        return f"F{kind - 33}"
    if kind >= 27:
        return _HONORS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}"


def _meld(m: Meld) -> str:
    tiles = " ".join(classical_label(t) for t in m.tiles)
    if m.kind is MeldKind.KONG and not m.is_open:
        return "[" + tiles + " concealed]"
    return "[" + tiles + "]"


def warning_text(w: DiscardWarning, me: int, names: Sequence[str]) -> str:
    who = seat_name(w.threatened_by, me, names)
    kind = Tile(int(w.kind) * 4)
    if w.exemption is None:
        return (
            f"{classical_label(kind)} is dangerous for {who} (Störspiel): discarding it breaks "
            f"the rule, and if {who} wins with it you pay for everybody"
        )
    return f"{classical_label(kind)} is dangerous for {who}, allowed now ({w.exemption})"


def item_line(name: str, points: int, doubles: int) -> str:
    """One scored row: its English name with the German term beside it, its tiles, its
    points and doubles (``Pung of dragons (Drachenpung) Rd Rd Rd   1 double (×2)``)."""
    _row, tiles, _limit = split_item(name)
    shown = " ".join(classical_label(t) for t in parse_tiles(tiles, red_fives=False))
    parts = []
    if points or not doubles:
        parts.append(points_text(points))
    if doubles:
        parts.append(doubles_text(doubles))
    return f"{english_item(name) + (' ' + shown if shown else ''):<55}  {' · '.join(parts)}"


def value_line(result: SeatResult) -> str:
    """How a hand's value comes about: ``base 16 · 3 doubles (×8) = 128``, with the limit
    when it capped the value, or the special hand's fixed value."""
    if result.special_hand:
        return f"{english_item(result.special_hand)}: value {result.value}"
    raw = result.base * 2**result.doubles
    line = f"base {result.base} · {doubles_text(result.doubles)} = {raw}"
    return line if raw == result.value else f"{line}, limited to {result.value}"


def render_classical_table(view: ClassicalView, names: Sequence[str]) -> str:
    me = view.seat if view.seat is not None else 0
    lines = [
        f"== {_WINDS[view.round_wind]} wind round, hand {view.hand_number + 1}, "
        f"East: {seat_name(view.dealer, me, names)}, wall {view.live_remaining} "
        f"(dead wall {view.dead_remaining}) =="
    ]
    for s, p in enumerate(view.seats):
        marker = ""
        if s == view.turn:
            marker = " <- turn" if view.phase == "turn" else " <- discarded"
        bonus = " ".join(classical_label(t) for t in p.bonus)
        lines.append(
            f"{seat_name(s, me, names):>14} {_WINDS[p.seat_wind]:<5} {p.balance:>7}"
            + (f"  bonus: {bonus}" if bonus else "")
            + marker
        )
        river = " ".join(classical_label(t) + ("'" if c else "") for t, _g, c in p.river)
        melds = " ".join(_meld(m) for m in p.melds)
        lines.append(f"{'':>15}river: {river or '-'}" + (f"   figures: {melds}" if melds else ""))
        if p.dangerous:
            danger = " ".join(classical_label(Tile(int(k) * 4)) for k in p.dangerous)
            lines.append(f"{'':>15}Störspiel ({', '.join(p.threats)}): do not feed {danger}")
    hand = " ".join(f"{HAND_KEYS[i]}:{classical_label(t)}" for i, t in enumerate(view.hand))
    drawn = f"   drew {classical_label(view.drawn)}" if view.drawn is not None else ""
    lines.append(f"Your hand  {hand}{drawn}")
    for w in view.discard_warnings:
        lines.append("  ! " + warning_text(w, me, names))
    return "\n".join(lines)


def render_classical_end(events: Sequence[object], names: Sequence[str], me: int) -> str:
    lines = ["", "=== End of hand ==="]
    for e in events:
        if isinstance(e, MahJonggDeclared):
            who = seat_name(e.seat, me, names)
            how = (
                "self-drawn"
                if e.from_seat is None
                else f"off {seat_name(e.from_seat, me, names)}"
                + (" (robbing the kong)" if e.robbing_kong else "")
            )
            lines.append(f"{who} declares Mah Jongg on {classical_label(e.tile)}, {how}")
        elif isinstance(e, ClassicalDealEnded):
            if e.winner is None:
                lines.append("Remis: the wall is exhausted, no payments; East keeps the deal.")
            for r in e.results:
                who = seat_name(r.seat, me, names)
                tiles = " ".join(classical_label(t) for t in r.hand)
                title = "winner" if r.seat == e.winner else "hand"
                lines.append(f"  {who} ({_WINDS[r.seat_wind]}, {title}): {tiles}")
                for name, points, doubles in r.items:
                    lines.append("      " + item_line(name, points, doubles))
                lines.append(f"      = {value_line(r)}")
            if e.stoerspiel is not None:
                lines.append(f"Störspiel: {e.stoerspiel}")
                if e.violator is not None:
                    lines.append(
                        f"  {seat_name(e.violator, me, names)} broke the rule and pays for all"
                    )
            lines.append(
                "Payments: "
                + "  ".join(f"{seat_name(s, me, names)} {d:+d}" for s, d in enumerate(e.deltas))
            )
            lines.append(
                "Balances: "
                + "  ".join(f"{seat_name(s, me, names)} {b}" for s, b in enumerate(e.balances))
            )
    return "\n".join(lines)


def render_classical_ranking(
    balances: Sequence[int], ranking: Sequence[int], names: Sequence[str], me: int, hands: int
) -> str:
    lines = ["", f"=== Final ranking (after {hands} hands) ==="]
    for place, seat in enumerate(ranking, start=1):
        lines.append(f"  {place}. {seat_name(seat, me, names):<14} {balances[seat]:>8}")
    return "\n".join(lines)
