"""Tenhou mjlog meld codes."""

from __future__ import annotations

from jantaku.formats import CallKind
from jantaku.formats.mjlog import decode_meld
from jantaku.tiles import TileKind


def test_mjlog_chi_code() -> None:
    """Worked by hand from Tenhou's bit layout: m=21959 (0x55C7) has bit 2 set (a chi); 21959>>10
    = 21 = 3*7 + 0, so run 7 (1p-2p-3p) with the called tile first; m&3 = 3: from the left."""
    kind, hand, called, frm = decode_meld(3, 21959)
    assert kind is CallKind.CHI and frm == 2
    assert called is not None and called // 4 == TileKind.P1
    assert [t // 4 for t in hand] == [TileKind.P2, TileKind.P3]
