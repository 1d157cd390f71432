"""A riichi bot level as a composition: named policies (how to play a turn, when to declare
riichi, when to push against a threat, which calls to make) and a parameter set, run by one
shell that also holds the measures every policy shares (speed, keep value, danger)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.incremental import HandAnalysis
from jantaku.hand.lookup import shanten
from jantaku.players.riichi.kans import kan_choice
from jantaku.players.riichi.reading import (
    counts_of_tiles,
    danger_of,
    dora_kinds,
    safe_kinds,
    threats,
    track_passed,
    visible_counts,
    yakuhai_kinds,
)

__all__ = ["KEEP_WEIGHT", "Level", "Params", "PushRule", "RandomBot", "RiichiBot"]

TURN_KINDS = (ActionKind.DISCARD, ActionKind.RIICHI)
_WINS = (ActionKind.TSUMO, ActionKind.RON)
Evals = dict[int, tuple[int, int]]  # discarded kind -> (shanten, acceptance) after it

_SHANTEN_WEIGHT = 1000.0  # a step of shanten outweighs any count of accepted tiles
KEEP_WEIGHT = 0.5  # keep value against one accepted tile
_SCORED_CONTEXTS = 16  # scoring contexts whose points a bot keeps (a deal has a few)
_HONOUR_KEEP = 0.3  # a yakuhai honour's keep value
_RANK_KEEP = (0.0, 0.1, 0.2, 0.3, 0.3, 0.3, 0.2, 0.1, 0.0)  # middle tiles connect best
_SUITED_KEEP = 0.05  # any suited tile over an honour without yaku


@dataclass(frozen=True, slots=True)
class PushRule:
    """When a hand plays on against a threat, by its distance from ready (``measured_push``).
    ``None`` for a case the rule leaves out: it falls back (two riichis: the one-riichi
    figures) or folds (one from ready against a riichi)."""

    ready_waits: int  # a ready hand pushes with this many unseen winning tiles...
    ready_value: float  # ...or this much hand value
    two_riichi: tuple[int, float] | None  # (waits, value) a ready hand needs against two
    near_value: float  # one from ready, no riichi: the hand value to push
    near_live: int  # ...while more live tiles than this are left
    near_vs_riichi: tuple[float, int, int] | None  # (value, acceptance, live tiles) vs a riichi


@dataclass(frozen=True, slots=True)
class Params:
    """The numbers that tell the levels apart."""

    dora_keep: float = 1.0  # keep value of a dora kind, beyond its speed
    careful_kans: bool = False  # no added or open kan while an opponent threatens
    reads_passes: bool = False  # remember the kinds each riichi hand let pass (safe tiles)
    caution: float = 0.5  # danger weight on a pushed discard of a hand not yet ready
    caution_ready: float = 0.5  # the same for a ready hand
    push: PushRule | None = None  # the push/fold figures of ``measured_push``
    formal_tenpai_live: int = 16  # live tiles left from which a yakuless ready call pays
    table_near_live: int = 10  # ``table_push``: one from ready pushes while more are left
    table_far_live: int = 30  # ``table_push``: two from ready pushes while more are left


TurnPolicy = Callable[["RiichiBot", SeatView, Sequence[Action]], Action]
CallPolicy = Callable[["RiichiBot", SeatView, Sequence[Action]], Action]
RiichiPolicy = Callable[["RiichiBot", SeatView, Sequence[Action], Evals], Action | None]
PushPolicy = Callable[["RiichiBot", SeatView, int, int, float, dict[int, float]], bool]


def _never_push(
    bot: RiichiBot, view: SeatView, sh: int, acc: int, value: float, thr: dict[int, float]
) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class Level:
    """A named bot level: its policies and their parameters."""

    name: str
    turn: TurnPolicy
    riichi: RiichiPolicy
    call: CallPolicy
    push: PushPolicy = _never_push
    params: Params = Params()


class RandomBot:
    """Any legal action, uniformly (seeded, so arena runs replay)."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions)

    def observe(self, events: Sequence[Any]) -> None:
        pass


class RiichiBot:
    """A seat played by a :class:`Level`: wins first, then a kan that costs nothing, then the
    level's turn or call policy."""

    def __init__(self, level: Level, seed: int | str = 0) -> None:
        self.level = level
        self.name = level.name
        self.params = level.params
        self.rng = random.Random(str(seed))
        self.passed: dict[int, set[int]] = {}  # per riichi seat: kinds let go since
        self._analysis: tuple[SeatView, HandAnalysis] | None = None  # this decision's
        # this decision's keep values, with its dora kinds and yakuhai kinds
        self._keeps: tuple[SeatView, dict[int, float], list[int], set[int]] | None = None
        self._seen: tuple[SeatView, list[int]] | None = None  # this decision's
        self._counts: tuple[SeatView, list[int]] | None = None  # this decision's hand
        self._threats: tuple[SeatView, dict[int, float]] | None = None  # this decision's
        # this decision's dora kinds and, per threat, the kinds it cannot ron on
        self._safe: tuple[SeatView, list[int], dict[int, set[int]]] | None = None
        self._scored: dict[Any, dict[tuple[bytes, int, bool], int]] = {}  # by scoring context

    def observe(self, events: Sequence[Any]) -> None:
        if self.params.reads_passes:
            track_passed(self.passed, events)
            self._safe = None  # the safe kinds read the kinds let pass

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if a.kind in _WINS:
                return a
        kan = kan_choice(view, legal, careful=self.params.careful_kans)
        if kan is not None:
            return kan
        if any(a.kind in TURN_KINDS for a in legal):
            return self.level.turn(self, view, legal)
        return self.level.call(self, view, legal)

    # ------------------------------------------------------------------ the level's policies

    def riichi_choice(self, view: SeatView, legal: Sequence[Action], evals: Evals) -> Action | None:
        return self.level.riichi(self, view, legal, evals)

    def should_push(
        self, view: SeatView, sh: int, acc: int, value: float, thr: dict[int, float]
    ) -> bool:
        return self.level.push(self, view, sh, acc, value, thr)

    def push_caution(self, sh: int) -> float:
        return self.params.caution_ready if sh <= 0 else self.params.caution

    # ------------------------------------------------------------------ shared measures

    def analysis(self, view: SeatView) -> HandAnalysis:
        """The incremental hand analysis of this decision (one per view: the unseen copies it
        weighs acceptance by are this view's)."""
        held = self._analysis
        if held is not None and held[0] is view:
            return held[1]
        me = view.seat
        assert me is not None
        left = [4 - n for n in self.seen(view)]
        an = HandAnalysis(len(view.seats[me].melds), left)
        self._analysis = (view, an)
        return an

    def seen(self, view: SeatView) -> list[int]:
        """:func:`visible_counts` of this decision's view, counted once (read only)."""
        held = self._seen
        if held is None or held[0] is not view:
            held = self._seen = (view, visible_counts(view))
        return held[1]

    def threats(self, view: SeatView) -> dict[int, float]:
        """:func:`threats` against this decision's seat, read once (read only)."""
        held = self._threats
        if held is None or held[0] is not view:
            me = view.seat
            assert me is not None
            held = self._threats = (view, threats(view, me))
        return held[1]

    def hand_counts(self, view: SeatView) -> list[int]:
        """A fresh copy of :func:`counts_of_tiles` of this decision's hand (counted once)."""
        held = self._counts
        if held is None or held[0] is not view:
            held = self._counts = (view, counts_of_tiles(view.hand))
        return list(held[1])

    def scored(self, view: SeatView) -> dict[tuple[bytes, int, bool], int]:
        """Ron points the hand EV already scored for ready hands in this view's scoring context
        (the seat's melds and wind, the round wind, dora indicators, the red fives held, the
        rules): a ready hand's points depend on nothing else, and many recur turn after
        turn."""
        me = view.seat
        assert me is not None
        context = (
            view.seats[me].melds,
            (me - view.dealer) % 4,
            view.round_wind,
            tuple(view.dora_indicators),
            frozenset(t.kind_id for t in view.hand if t.red),
            view.options,
        )
        memo = self._scored.get(context)
        if memo is None:
            if len(self._scored) >= _SCORED_CONTEXTS:
                self._scored.clear()
            memo = self._scored[context] = {}
        return memo

    def evaluate(self, view: SeatView, legal: Sequence[Action]) -> Evals:
        """(shanten, acceptance) after discarding each discardable kind."""
        counts = self.hand_counts(view)
        acceptance = self.analysis(view).acceptance
        out: Evals = {}
        for a in legal:
            if a.kind is ActionKind.DISCARD and a.tile is not None:
                k = a.tile.kind_id
                if k not in out:
                    counts[k] -= 1
                    out[k] = acceptance(counts)
                    counts[k] += 1
        return out

    def keep_value(self, view: SeatView, kind: int) -> float:
        """Tie-break: what a kind is worth keeping beyond speed (dora, yakuhai, middle tiles);
        kept per decision (the view's dora and winds do not change within it)."""
        cached = self._keeps
        if cached is None or cached[0] is not view:
            me = view.seat
            assert me is not None
            cached = self._keeps = (view, {}, dora_kinds(view), yakuhai_kinds(view, me))
        value = cached[1].get(kind)
        if value is None:
            value = 0.0
            if kind in cached[2]:
                value += self.params.dora_keep
            if kind >= 27:
                value += _HONOUR_KEEP if kind in cached[3] else 0.0
            else:
                value += _RANK_KEEP[kind % 9] + _SUITED_KEEP
            cached[1][kind] = value
        return value

    def efficiency_score(self, view: SeatView, kind: int, ev: tuple[int, int]) -> float:
        sh, acc = ev
        return -sh * _SHANTEN_WEIGHT + acc - KEEP_WEIGHT * self.keep_value(view, kind)

    def pick_tile(self, legal: Sequence[Action], kind: int, akind: ActionKind) -> Action:
        """The action of ``akind`` on ``kind``, sparing red fives."""
        options = [
            a for a in legal if a.kind is akind and a.tile is not None and a.tile.kind_id == kind
        ]
        options.sort(key=lambda a: a.tile is not None and a.tile.red)
        return options[0]

    def after_call(self, view: SeatView, action: Action) -> tuple[list[int], int, int]:
        """Counts, melds and best shanten after making ``action`` and the best discard: the
        least shanten over the discards of a 3n+2 hand is its own shanten, or 0 when it is
        complete (checked against every discard on random hands of every meld count in
        tests/hand/test_incremental.py)."""
        me = view.seat
        assert me is not None
        counts = self.hand_counts(view)
        for t in action.tiles:
            counts[t.kind_id] -= 1
        melds = len(view.seats[me].melds) + 1
        if sum(counts) + 3 * melds == 14:
            return counts, melds, max(0, shanten(counts, melds))
        best = 9  # a hand of another size (a test's): every discard tried
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                best = min(best, shanten(counts, melds))
                counts[k] += 1
        return counts, melds, best

    def total_danger(
        self, view: SeatView, kind: int, thr: dict[int, float], seen: Sequence[int]
    ) -> float:
        """Danger of ``kind`` summed over the threats, each by its weight (the dora kinds and
        each threat's safe kinds are read once per decision)."""
        held = self._safe
        if held is None or held[0] is not view:
            held = self._safe = (view, dora_kinds(view), {})
        doras, safe = held[1], held[2]
        total = 0.0
        for s, w in thr.items():
            river = safe.get(s)
            if river is None:
                river = safe[s] = safe_kinds(view, s, self.passed.get(s, set()))
            total += w * danger_of(kind, river, doras, seen)
        return total
