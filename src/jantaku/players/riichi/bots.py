"""Built-in riichi bots in graded levels.

``random`` picks any legal action; ``efficiency`` plays for the fastest hand (shanten, then
unseen accepted tiles) and riichis when ready; ``defensive`` adds push/fold (genbutsu and the
tiles a riichi hand let pass, suji, kabe and visible counts against riichi and big open hands),
calls that keep a yaku (and only for a hand with value: a cheap hand stays closed for riichi), a
two-step look at the best discards, and dora value; ``expert`` adds a push/fold weighed by hand
value against the threat and riichi on the wait others let go most readily."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.view import SeatView
from jantaku.hand.lookup import shanten
from jantaku.players.riichi.kan_policy import kan_choice
from jantaku.players.riichi.reading import (
    acceptance_count,
    counts_of_tiles,
    danger,
    dora_kinds,
    hand_value,
    open_yaku_path,
    threats,
    track_passed,
    visible_counts,
    yakuhai_kinds,
)

__all__ = ["LEVELS", "DefensiveBot", "EfficiencyBot", "ExpertBot", "RandomBot", "make_player"]

_TURN = (ActionKind.DISCARD, ActionKind.RIICHI)


class RandomBot:
    """Any legal action, uniformly (seeded, so arena runs replay)."""

    name = "random"

    def __init__(self, seed: int | str = 0, kuitan: bool = True) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions)

    def observe(self, events: Sequence[Any]) -> None:
        pass


class EfficiencyBot:
    """The fastest hand: lowest shanten, then the most unseen tiles that improve it."""

    name = "efficiency"

    def __init__(self, seed: int | str = 0, kuitan: bool = True) -> None:
        self.rng = random.Random(str(seed))
        self.kuitan = kuitan

    def observe(self, events: Sequence[Any]) -> None:
        pass

    # ------------------------------------------------------------------ entry

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if a.kind in (ActionKind.TSUMO, ActionKind.RON):
                return a
        kan = kan_choice(view, legal, careful=self.name != "efficiency")
        if kan is not None:
            return kan
        if any(a.kind in _TURN for a in legal):
            return self.turn(view, legal)
        return self.call(view, legal)

    # ------------------------------------------------------------------ turn

    def evaluate(self, view: SeatView, legal: Sequence[Action]) -> dict[int, tuple[int, int]]:
        """(shanten, acceptance) after discarding each discardable kind."""
        me = view.seat
        assert me is not None
        counts = counts_of_tiles(view.hand)
        melds = len(view.seats[me].melds)
        seen = visible_counts(view)
        out: dict[int, tuple[int, int]] = {}
        for a in legal:
            if a.kind is ActionKind.DISCARD and a.tile is not None:
                k = a.tile.kind_id
                if k not in out:
                    counts[k] -= 1
                    out[k] = acceptance_count(counts, melds, seen)
                    counts[k] += 1
        return out

    def keep_value(self, view: SeatView, kind: int) -> float:
        """Tie-break: what a kind is worth keeping beyond speed (dora, yakuhai, middle tiles)."""
        me = view.seat
        assert me is not None
        value = 0.0
        if kind in dora_kinds(view):
            value += 1.0
        if kind >= 27:
            value += 0.3 if kind in yakuhai_kinds(view, me) else 0.0
        else:
            value += (0.0, 0.1, 0.2, 0.3, 0.3, 0.3, 0.2, 0.1, 0.0)[kind % 9] + 0.05
        return value

    def efficiency_score(self, view: SeatView, kind: int, ev: tuple[int, int]) -> float:
        sh, acc = ev
        return -sh * 1000.0 + acc - 0.5 * self.keep_value(view, kind)

    def pick_tile(self, legal: Sequence[Action], kind: int, akind: ActionKind) -> Action:
        """The action of ``akind`` on ``kind``, sparing red fives."""
        options = [
            a for a in legal if a.kind is akind and a.tile is not None and a.tile.kind_id == kind
        ]
        options.sort(key=lambda a: a.tile is not None and a.tile.red)
        return options[0]

    def riichi_choice(
        self, view: SeatView, legal: Sequence[Action], evals: dict[int, tuple[int, int]]
    ) -> Action | None:
        kinds = {a.tile.kind_id for a in legal if a.kind is ActionKind.RIICHI and a.tile}
        if not kinds:
            return None
        best = max(kinds, key=lambda k: (evals.get(k, (9, 0))[1], -self.keep_value(view, k)))
        if evals.get(best, (9, 0))[1] == 0:
            return None  # every wait is dead: stay quiet and keep improving
        return self.pick_tile(legal, best, ActionKind.RIICHI)

    def turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        for a in legal:
            if a.kind is ActionKind.NINE_TERMINALS:
                return a
        evals = self.evaluate(view, legal)
        if not evals:
            return next(a for a in legal if a.kind in _TURN)
        riichi = self.riichi_choice(view, legal, evals)
        if riichi is not None:
            return riichi
        best = max(evals, key=lambda k: self.efficiency_score(view, k, evals[k]))
        return self.pick_tile(legal, best, ActionKind.DISCARD)

    # ------------------------------------------------------------------ calls

    def after_call(self, view: SeatView, action: Action) -> tuple[list[int], int, int]:
        """Counts, melds and best shanten after making ``action`` and the best discard."""
        me = view.seat
        assert me is not None
        counts = counts_of_tiles(view.hand)
        for t in action.tiles:
            counts[t.kind_id] -= 1
        melds = len(view.seats[me].melds) + 1
        best = 9
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                best = min(best, shanten(counts, melds))
                counts[k] += 1
        return counts, melds, best

    def call(self, view: SeatView, legal: Sequence[Action]) -> Action:
        me = view.seat
        assert me is not None
        pass_ = next(a for a in legal if a.kind is ActionKind.PASS)
        counts = counts_of_tiles(view.hand)
        now = shanten(counts, len(view.seats[me].melds))
        for a in legal:
            if a.kind is ActionKind.PON and a.tile is not None:
                k = a.tile.kind_id
                if k in yakuhai_kinds(view, me) and self.after_call(view, a)[2] < now:
                    return a
        return pass_


class DefensiveBot(EfficiencyBot):
    """Efficiency plus push/fold, yaku-keeping calls and value."""

    name = "defensive"

    def __init__(self, seed: int | str = 0, kuitan: bool = True) -> None:
        super().__init__(seed, kuitan)
        self.passed: dict[int, set[int]] = {}  # per riichi seat: kinds let go since

    def observe(self, events: Sequence[Any]) -> None:
        track_passed(self.passed, events)

    def safe_extra(self, threat: int) -> set[int]:
        return self.passed.get(threat, set())

    def keep_value(self, view: SeatView, kind: int) -> float:
        value = super().keep_value(view, kind)
        return value + (0.5 if kind in dora_kinds(view) else 0.0)

    def total_danger(
        self, view: SeatView, kind: int, thr: dict[int, float], seen: Sequence[int]
    ) -> float:
        return sum(w * danger(kind, view, s, seen, self.safe_extra(s)) for s, w in thr.items())

    def should_push(
        self, view: SeatView, sh: int, acc: int, value: float, thr: dict[int, float]
    ) -> bool:
        riichi_threat = any(w >= 1.0 for w in thr.values())
        if sh <= 0:
            return acc >= 2 or value >= 3
        if sh == 1:
            return not riichi_threat and value >= 2 and view.live_remaining > 20
        return False

    def turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        me = view.seat
        assert me is not None
        for a in legal:
            if a.kind is ActionKind.NINE_TERMINALS:
                return a
        evals = self.evaluate(view, legal)
        if not evals:
            return next(a for a in legal if a.kind in _TURN)
        kan = self.concealed_kan(view, legal)
        thr = threats(view, me)
        if kan is not None and not thr:
            return kan
        counts = counts_of_tiles(view.hand)
        value = hand_value(view, counts)
        best = max(evals, key=lambda k: self.efficiency_score(view, k, evals[k]))
        if not thr:
            riichi = self.riichi_choice(view, legal, evals)
            if riichi is not None:
                return riichi
            best = self.two_step_pick(view, evals, best)
            return self.pick_tile(legal, best, ActionKind.DISCARD)
        seen = visible_counts(view)
        sh, acc = evals[best]
        if self.should_push(view, sh, acc, value, thr):
            riichi = self.riichi_choice(view, legal, evals)
            if riichi is not None:
                return riichi
            choice = max(
                evals,
                key=lambda k: (
                    self.efficiency_score(view, k, evals[k])
                    - self.push_caution(sh) * self.total_danger(view, k, thr, seen)
                ),
            )
        else:
            choice = min(
                evals,
                key=lambda k: (
                    self.total_danger(view, k, thr, seen),
                    -self.efficiency_score(view, k, evals[k]),
                ),
            )
        return self.pick_tile(legal, choice, ActionKind.DISCARD)

    def push_caution(self, sh: int) -> float:
        return 0.5

    def two_step_pick(self, view: SeatView, evals: dict[int, tuple[int, int]], best: int) -> int:
        """One or two from ready: among the three best discards by plain acceptance, the one
        whose improving draws leave the widest next step (the classic ukeire-2 refinement)."""
        me = view.seat
        assert me is not None
        best_sh = evals[best][0]
        if best_sh not in (1, 2):
            return best
        top = sorted(
            (k for k in evals if evals[k][0] == best_sh),
            key=lambda k: -self.efficiency_score(view, k, evals[k]),
        )[:3]
        if len(top) < 2:
            return best
        counts = counts_of_tiles(view.hand)
        melds = len(view.seats[me].melds)
        seen = visible_counts(view)
        scored = {
            k: self.second_step(counts, melds, seen, k) - 0.5 * self.keep_value(view, k)
            for k in top
        }
        return max(top, key=lambda k: scored[k])

    @staticmethod
    def second_step(counts: list[int], melds: int, seen: Sequence[int], discard: int) -> float:
        counts[discard] -= 1
        base = shanten(counts, melds)
        total = 0.0
        for k in range(34):
            held = counts[k]
            left = 4 - seen[k]  # ``seen`` counts the own tiles already
            if held == 4 or left <= 0:
                continue
            counts[k] = held + 1
            if shanten(counts, melds) < base:
                best = 0
                for j in range(34):
                    if counts[j] and j != k:
                        counts[j] -= 1
                        if shanten(counts, melds) < base:
                            best = max(best, _quick_acceptance(counts, melds, seen, base - 1, k))
                        counts[j] += 1
                total += left * (1 + best)
            counts[k] = held
        counts[discard] += 1
        return total / 10.0

    def concealed_kan(self, view: SeatView, legal: Sequence[Action]) -> Action | None:
        me = view.seat
        assert me is not None
        counts = counts_of_tiles(view.hand)
        melds = len(view.seats[me].melds)
        for a in legal:
            if a.kind is ActionKind.CONCEALED_KAN and a.tiles:
                k = a.tiles[0].kind_id
                best_before = min(self._minus(counts, j, melds) for j in range(34) if counts[j])
                counts[k] -= 4
                after = shanten(counts, melds + 1) if sum(counts) % 3 == 1 else 9
                counts[k] += 4
                if after <= best_before:
                    return a
        return None

    @staticmethod
    def _minus(counts: list[int], k: int, melds: int) -> int:
        counts[k] -= 1
        s = shanten(counts, melds)
        counts[k] += 1
        return s

    def cheap_calls(self, view: SeatView) -> bool:
        """Whether a call may open a hand without value (when a cheap win is all it takes)."""
        return False

    def call(self, view: SeatView, legal: Sequence[Action]) -> Action:
        me = view.seat
        assert me is not None
        pass_ = next(a for a in legal if a.kind is ActionKind.PASS)
        thr = threats(view, me)
        counts = counts_of_tiles(view.hand)
        melds_now = view.seats[me].melds
        now = shanten(counts, len(melds_now))
        yakuhai = yakuhai_kinds(view, me)
        value = hand_value(view, counts)
        best: tuple[float, Action] | None = None
        for a in legal:
            if a.kind not in (ActionKind.PON, ActionKind.CHI) or a.tile is None:
                continue
            after, _melds, sh = self.after_call(view, a)
            if sh >= now:
                continue
            k = a.tile.kind_id
            group = sorted([k, *(t.kind_id for t in a.tiles)])
            meld_kinds = [list(m.kinds) for m in melds_now] + [group]
            if not open_yaku_path(after, meld_kinds, yakuhai, self.kuitan):
                continue
            yakuhai_pon = a.kind is ActionKind.PON and k in yakuhai
            opened = any(m.is_open for m in melds_now)
            # a hand without value stays closed: its riichi is worth more than a cheap open win
            if not (yakuhai_pon or opened or value >= 2 or self.cheap_calls(view)):
                continue
            if thr and sh > 1:
                continue
            score = -sh + 0.1 * (a.kind is ActionKind.PON)
            if best is None or score > best[0]:
                best = (score, a)
        return best[1] if best is not None else pass_


class ExpertBot(DefensiveBot):
    """Defensive plus a push/fold weighed by hand value and riichi on the most appealing wait."""

    name = "expert"

    def riichi_choice(
        self, view: SeatView, legal: Sequence[Action], evals: dict[int, tuple[int, int]]
    ) -> Action | None:
        """Riichi on the discard whose waits are best: unseen copies, weighted by how likely
        others let them go (honours, terminals and suji of the own river look safe), and
        nearly worthless when the wait is furiten (a tsumo-only hand)."""
        me = view.seat
        assert me is not None
        kinds = {a.tile.kind_id for a in legal if a.kind is ActionKind.RIICHI and a.tile}
        if not kinds:
            return None
        counts = counts_of_tiles(view.hand)
        melds = len(view.seats[me].melds)
        seen = visible_counts(view)
        river = {t.kind_id for t, _g, _r, _c in view.seats[me].river}
        best: tuple[float, int] | None = None
        for k in kinds:
            counts[k] -= 1
            own = river | {k}
            waits = []
            for w in range(34):
                if counts[w] < 4:
                    counts[w] += 1
                    if shanten(counts, melds) == -1:
                        waits.append(w)
                    counts[w] -= 1
            counts[k] += 1
            furiten = any(w in own for w in waits)
            score = 0.0
            for w in waits:
                left = max(0, 4 - seen[w])
                score += left * self.wait_appeal(w, own)
            if furiten:
                score *= 0.35
            score -= 0.3 * self.keep_value(view, k)
            if best is None or score > best[0]:
                best = (score, k)
        assert best is not None
        if best[0] <= 0.5:
            return None
        return self.pick_tile(legal, best[1], ActionKind.RIICHI)

    @staticmethod
    def wait_appeal(w: int, river: set[int]) -> float:
        if w >= 27:
            return 1.3
        n = w % 9
        suji = (n >= 3 and w - 3 in river) or (n <= 5 and w + 3 in river)
        appeal = 1.0 + (0.2 if n in (0, 8) else 0.0)
        return appeal * (1.4 if suji else 1.0)

    def keep_value(self, view: SeatView, kind: int) -> float:
        value = super().keep_value(view, kind)
        return value + (1.0 if kind in dora_kinds(view) else 0.0)

    def should_push(
        self, view: SeatView, sh: int, acc: int, value: float, thr: dict[int, float]
    ) -> bool:
        riichi_threat = sum(1 for w in thr.values() if w >= 1.0)
        if sh <= 0:
            if riichi_threat >= 2:
                return acc >= 4 and value >= 2
            return acc >= 2 or value >= 2
        if sh == 1:
            if riichi_threat:
                return value >= 4 and acc >= 16 and view.live_remaining > 30
            return value >= 2 and view.live_remaining > 20
        return False

    def push_caution(self, sh: int) -> float:
        return 0.8 if sh <= 0 else 0.5


def _quick_acceptance(
    counts: list[int], melds: int, seen: Sequence[int], base: int, drawn: int
) -> int:
    """Unseen tiles that lower ``counts`` below ``base`` after ``drawn`` was (hypothetically)
    drawn: that copy is no longer in the wall."""
    total = 0
    for k in range(34):
        held = counts[k]
        if held == 4:
            continue
        counts[k] = held + 1
        if shanten(counts, melds) < base:
            total += max(0, 4 - seen[k] - (k == drawn))
        counts[k] = held
    return total


LEVELS: dict[str, Callable[..., Any]] = {
    "random": RandomBot,
    "efficiency": EfficiencyBot,
    "defensive": DefensiveBot,
    "expert": ExpertBot,
}


def _strong(seed: int | str = 0, kuitan: bool = True) -> Any:
    from jantaku.players.riichi.strong import StrongBot  # imports this module: loaded on first use

    return StrongBot(seed, kuitan=kuitan)


LEVELS["strong"] = _strong
LEVELS["strongest"] = _strong  # the top level under the classical family's name for it


def make_player(level: str, seed: int | str = 0, *, kuitan: bool = True) -> Any:
    """A bot of a named level (``random``, ``efficiency``, ``defensive``, ``expert``,
    ``strong``, also called ``strongest`` as in the classical family)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        from jantaku.errors import JantakuError

        raise JantakuError(
            f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}"
        ) from None
    return factory(seed, kuitan=kuitan)
