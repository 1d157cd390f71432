"""The turn order of one tenhou.net/6 kyoku: the per-seat draw and discard lists interleaved
into actions by replaying whose turn it is, calls and kans included.

A call string in a draw list may answer more than one discard; :class:`Turns` takes the
alternative ``choices`` names at each such point (and records how many there were in
``counts``), so the reader can try the alternatives depth-first."""

from __future__ import annotations

from collections import deque
from typing import Any, Protocol

from jantaku.formats.copies import Holdings
from jantaku.formats.record import (
    Action,
    Call,
    CallKind,
    Discard,
    Draw,
    NewDora,
    Riichi,
    RiichiAccepted,
)
from jantaku.formats.tenhou6_codes import TSUMOGIRI, kind_of_code, parse_call
from jantaku.tiles import Tile

__all__ = ["Tracker", "Turns", "ended_by_ron"]


class Tracker(Protocol):
    """Where the reader is (for error messages) and its source of physical tiles."""

    where: str

    def take(self, code: Any) -> Tile: ...


def ended_by_ron(result: Any) -> bool:
    """Whether the kyoku's result is a win on a discard (or the triple-ron abort)."""
    return bool(
        isinstance(result, list)
        and result
        and (
            result[0] == "三家和了"
            or (
                result[0] == "和了"
                and any(r[0] != r[1] for r in result[2::2] if isinstance(r, list))
            )
        )
    )


class Turns:
    """One replay attempt of a kyoku: the lists still to play, the hands, the actions so far
    and the dora still to reveal."""

    def __init__(
        self, tracker: Tracker, k: list[Any], dora: list[Tile], hands: list[tuple[Tile, ...]]
    ) -> None:
        self.tracker = tracker
        self.dora = dora
        self.draws = [deque(enumerate(k[5 + 3 * s])) for s in range(4)]
        self.discards = [deque(enumerate(k[6 + 3 * s])) for s in range(4)]
        self.hold = Holdings(tuple(hands))
        self.actions: list[Action] = []
        self.last_draw: list[Tile | None] = [None] * 4
        self.last_discard: tuple[int, Tile] | None = None
        self.next_dora = 1
        self.pending = 0  # dora revealed by a kan, shown after the next discard

    def play(
        self, dealer: int, accept_last_riichi: bool, choices: list[int], counts: list[int]
    ) -> int:
        """Play from the dealer's first draw until the lists run out; the seat whose turn it
        was at the end. ``accept_last_riichi``: a riichi declared with the very last discard
        is accepted (the kyoku has a result, and it is not a ron on that discard)."""
        cur, need_draw = dealer, True
        while True:
            if need_draw and not self.draw_tile(cur, False):
                break
            # discard phase (repeats after a kan and its replacement draw)
            if not self.discards[cur]:
                break
            i, entry = self.discards[cur].popleft()
            self.tracker.where = f"seat {cur} discard {i + 1} ({entry!r})"
            if isinstance(entry, str) and not entry.startswith("r"):
                self.kan_in_discards(cur, entry)
                if self.all_done() or not self.draw_tile(cur, True):
                    break
                need_draw = False
                continue
            t = self.discard(cur, entry, accept_last_riichi)
            if self.all_done():
                break
            caller = self.choose_caller(cur, t, choices, counts)
            if caller is None:
                cur, need_draw = (cur + 1) % 4, True
                continue
            drew = self.claim(cur, caller, t)
            cur, need_draw = caller[0], False
            if not drew:
                break
        return cur

    def reveal(self, n: int) -> None:
        for _ in range(n):
            if self.next_dora < len(self.dora):
                self.actions.append(NewDora(self.dora[self.next_dora]))
                self.next_dora += 1

    def draw_tile(self, seat: int, replacement: bool) -> bool:
        """The seat's next draw; False when its list is empty."""
        draws = self.draws[seat]
        if not draws:
            return False
        i, entry = draws[0]
        self.tracker.where = f"seat {seat} draw {i + 1} ({entry!r})"
        if isinstance(entry, str):
            raise ValueError("a call that no discard matches")
        draws.popleft()
        t = self.tracker.take(entry)
        self.hold.add(seat, t)
        self.last_draw[seat] = t
        self.actions.append(Draw(seat, t, replacement))
        return True

    def all_done(self) -> bool:
        return not any(self.draws) and not any(self.discards)

    def kan_in_discards(self, cur: int, entry: str) -> None:
        """An added or concealed kan written in the discard list."""
        call = parse_call(entry)
        if call.kind not in (CallKind.ADDED_KAN, CallKind.CONCEALED_KAN):
            raise ValueError("only a kan can stand in the discards")
        if call.kind is CallKind.ADDED_KAN:
            kind, red = kind_of_code(call.called)
            added = self.hold.remove(cur, kind, red)
            self.actions.append(Call(cur, CallKind.ADDED_KAN, (added,)))
            self.reveal(self.pending)
            self.pending = 1
            self.last_discard = (cur, added)
        else:
            used = tuple(self.hold.remove(cur, *kind_of_code(c)) for c in call.hand)
            self.actions.append(Call(cur, CallKind.CONCEALED_KAN, used))
            self.reveal(self.pending + 1)
            self.pending = 0

    def discard(self, cur: int, entry: Any, accept_last_riichi: bool) -> Tile:
        """A discard (``r`` before the code: with a riichi; 60: the tile just drawn)."""
        riichi = isinstance(entry, str)
        code = int(entry[1:]) if riichi else entry
        if riichi:
            self.actions.append(Riichi(cur))
        if code == TSUMOGIRI:
            t = self.last_draw[cur]
            prev = self.actions[-2] if riichi else self.actions[-1]
            if t is None or not isinstance(prev, Draw) or prev.seat != cur or prev.tile != t:
                raise ValueError("tsumogiri without a draw just before")
            self.hold.remove_tile(cur, t)
            tsumogiri = True
        elif code == 0:
            raise ValueError("a 0 placeholder without an open kan")
        else:
            t = self.hold.remove(cur, *kind_of_code(code))
            tsumogiri = False
        self.reveal(self.pending)
        self.pending = 0
        self.actions.append(Discard(cur, t, tsumogiri))
        self.last_discard = (cur, t)
        if riichi and not (self.all_done() and not accept_last_riichi):
            self.actions.append(RiichiAccepted(cur))
        return t

    def choose_caller(
        self, cur: int, tile: Tile, choices: list[int], counts: list[int]
    ) -> tuple[int, Any] | None:
        """The seat that calls the discard (and its call), as ``choices`` picks among the
        candidates; None: nobody calls (always one of the alternatives)."""
        options = self.callers(cur, tile)
        if not options:
            return None
        point = len(counts)
        counts.append(len(options) + 1)
        pick = choices[point] if point < len(choices) else 0
        return options[pick] if pick < len(options) else None

    def callers(self, cur: int, tile: Tile) -> list[tuple[int, Any]]:
        """The seats whose next draw entry is a call on this discard (pon/kan before chi)."""
        draws = self.draws
        found = []
        for step in (1, 2, 3):
            s = (cur + step) % 4
            if not draws[s] or not isinstance(draws[s][0][1], str):
                continue
            self.tracker.where = f"seat {s} draw {draws[s][0][0] + 1} ({draws[s][0][1]!r})"
            call = parse_call(draws[s][0][1])
            if call.kind in (CallKind.ADDED_KAN, CallKind.CONCEALED_KAN):
                raise ValueError("a kan declaration stands in the draws")
            kind, red = kind_of_code(call.called)
            if (s + call.offset) % 4 == cur and (kind, red) == (tile.kind, tile.red):
                found.append((call.kind is CallKind.CHI, s, call))
        found.sort(key=lambda x: x[0])
        return [(s, call) for _chi, s, call in found]

    def claim(self, cur: int, caller: tuple[int, Any], t: Tile) -> bool:
        """The call on ``cur``'s discard ``t``; False when an open kan's replacement draw is
        missing (the lists ended)."""
        s, call = caller
        i, entry = self.draws[s].popleft()
        self.tracker.where = f"seat {s} draw {i + 1} ({entry!r})"
        used = tuple(self.hold.remove(s, *kind_of_code(c)) for c in call.hand)
        self.actions.append(Call(s, call.kind, used, t, cur))
        if call.kind is CallKind.OPEN_KAN:
            if not self.discards[s] or self.discards[s][0][1] != 0:
                raise ValueError("an open kan must be followed by a 0 in the discards")
            self.discards[s].popleft()
            self.reveal(self.pending)
            self.pending = 1
            if not self.draw_tile(s, True):
                return False
        return True

    def check_leftovers(self) -> None:
        left = [(s, "draws") for s in range(4) if self.draws[s]]
        left += [(s, "discards") for s in range(4) if self.discards[s]]
        if left:
            s, what = left[0]
            raise ValueError(f"seat {s} has {what} left over when the hand ends")
