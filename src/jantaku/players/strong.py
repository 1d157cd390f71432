"""The strongest riichi level: ``expert`` plus the exact value of a ready hand and placement
play in the last deal.

Ready: every wait is scored with the rules' own scorer as a ron without riichi. A hand already
worth ``dama_points`` on every wait stays quiet (dama): riichi would add little and make the
others fold, and a quiet hand also keeps the freedom to fold. All-last (the view's
``all_last``): the leader wins cheaply to end the match (any call that keeps a yaku, dama on any
yaku) and folds all but a ready hand; the last-placed seat has nothing to lose by dealing in
and pushes every hand."""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.flow import ranking
from jantaku.engine.view import SeatView
from jantaku.hand.analysis import waits
from jantaku.players.bots import ExpertBot
from jantaku.players.reading import counts_of_tiles
from jantaku.rules.riichi import NoWin, WinContext, score
from jantaku.rules.riichi.options import preset
from jantaku.tiles import Tile, Wind

__all__ = ["StrongBot", "dama_values"]

_OPTIONS = preset("doman")


def dama_values(view: SeatView, discard: int) -> list[tuple[int, int]]:
    """(wait kind, ron points without riichi) of the hand after discarding ``discard``; 0
    points when that wait has no yaku. Empty when the hand is not ready."""
    me = view.seat
    assert me is not None
    hand = sorted(view.hand, key=lambda t: (t.index >> 2 != discard, t.red))
    assert hand and hand[0].index >> 2 == discard, "the discard is not in the hand"
    rest = tuple(hand[1:])
    melds = view.seats[me].melds
    used = {t.index for t in rest} | {t.index for m in melds for t in m.tiles}
    out = []
    for w in waits(counts_of_tiles(rest), len(melds)):
        free = [i for i in range(w * 4, w * 4 + 4) if i not in used]
        ctx = WinContext(
            hand=rest,
            win_tile=Tile(free[0] if free else w * 4),
            melds=tuple(melds),
            seat_wind=Wind((me - view.dealer) % 4),
            round_wind=Wind(view.round_wind),
            dora_indicators=tuple(t.kind for t in view.dora_indicators),
            discarder=1,
        )
        result = score(ctx, _OPTIONS, validate=False)
        out.append((int(w), 0 if isinstance(result, NoWin) else result.points))
    return out


class StrongBot(ExpertBot):
    """Expert plus exact ready values (dama) and all-last placement play."""

    name = "strong"
    dama_points = 3900  # a ready hand worth this by ron on every wait stays quiet

    def placement(self, view: SeatView) -> str:
        """``lead`` or ``last`` in the match's last deal, else ``""``."""
        me = view.seat
        assert me is not None
        if not view.all_last:
            return ""
        order = ranking([p.score for p in view.seats])
        if order[0] == me:
            return "lead"
        return "last" if order[3] == me else ""

    def riichi_choice(
        self, view: SeatView, legal: Sequence[Action], evals: dict[int, tuple[int, int]]
    ) -> Action | None:
        choice = super().riichi_choice(view, legal, evals)
        mode = self.placement(view)
        if choice is None or choice.tile is None or mode == "last":
            return choice
        k = choice.tile.index >> 2
        floor = 1 if mode == "lead" else self.dama_points
        values = dama_values(view, k)
        if values and all(points >= floor for _w, points in values):
            return self.pick_tile(legal, k, ActionKind.DISCARD)
        return choice

    def should_push(
        self, view: SeatView, sh: int, acc: int, value: float, thr: dict[int, float]
    ) -> bool:
        mode = self.placement(view)
        if mode == "last":
            return True
        if mode == "lead":
            return sh <= 0 and acc >= 2
        return super().should_push(view, sh, acc, value, thr)

    def cheap_calls(self, view: SeatView) -> bool:
        """The leader's cheapest win ends the match (as dealer too: Doman's leading dealer
        stops after a win)."""
        return self.placement(view) == "lead"
