"""How often bots discard what real players discarded: every recorded discard of a replayed game
is a decision point, each bot level is shown the same seat view there and chooses, and the
choices that match are counted by situation (whether a threat is on the table, how far the
hand is from ready). An oracle nobody here wrote for the bots' hand reading; it also checks
that each choice is legal at a real table's decision points."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from jantaku.engine.actions import ActionKind
from jantaku.engine.riichi.match import Match
from jantaku.engine.riichi.view import SeatView
from jantaku.formats import record as rec
from jantaku.formats.replay import check_game
from jantaku.hand.lookup import shanten
from jantaku.players.protocol import Player
from jantaku.players.riichi import make_player
from jantaku.players.riichi.reading import counts_of_tiles, threats

__all__ = ["Agreement", "TopAgreement", "measure", "measure_top", "ranked_discards"]


@dataclass
class Agreement:
    """One level's tally over the decision points seen."""

    level: str
    decisions: int = 0  # recorded discards the level chose at
    agreed: int = 0  # the level chose the recorded tile's kind
    by_situation: dict[str, list[int]] = field(default_factory=dict)  # -> [decisions, agreed]
    riichi_both: int = 0  # the player and the level declared riichi
    riichi_player_only: int = 0
    riichi_level_only: int = 0
    illegal: int = 0  # choices not among the legal actions (a bot bug)

    @property
    def rate(self) -> float:
        return self.agreed / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "decisions": self.decisions,
            "agreement": round(self.rate, 4),
            "by_situation": {
                k: {"decisions": n, "agreement": round(a / n, 4)}
                for k, (n, a) in sorted(self.by_situation.items())
            },
            "riichi_both": self.riichi_both,
            "riichi_player_only": self.riichi_player_only,
            "riichi_level_only": self.riichi_level_only,
            "illegal": self.illegal,
        }


def situation(view: SeatView) -> str:
    """``threat`` or ``free``, then ``ready`` (a discard leaves the hand ready), ``1-away`` or
    ``far``, for the seat whose view it is."""
    seat = view.seat
    assert seat is not None, "a spectator has no hand"
    sh = shanten(counts_of_tiles(view.hand), len(view.seats[seat].melds))
    distance = "ready" if sh <= 0 else "1-away" if sh == 1 else "far"
    return ("threat" if threats(view, seat) else "free") + "-" + distance


class _Seats:
    """The bots of every level at one game's four seats, kept up with the replayed deal."""

    def __init__(self, source: str, levels: Sequence[str], tallies: list[Agreement]) -> None:
        self.bots = [[make_player(level, f"{source}:{s}") for s in range(4)] for level in levels]
        self.tallies = tallies
        self.deal: object = None
        self.fed = 0  # events of ``deal`` the bots have seen

    def catch_up(self, match: Match) -> None:
        """Show the bots what happened since their last look (a new deal starts afresh)."""
        if self.deal is not match.deal:
            self.deal, self.fed = match.deal, 0
        new = match.deal.log[self.fed :]
        self.fed = len(match.deal.log)
        for group in self.bots:
            for s, bot in enumerate(group):
                bot.observe([e.seen_by(s) for e in new])

    def before(self, match: Match, action: rec.Discard, riichi: bool) -> None:
        self.catch_up(match)
        seat = action.seat
        view = match.view(seat)
        if view.seats[seat].riichi or not any(
            a.kind is ActionKind.DISCARD for a in view.legal_actions
        ):
            return
        where = situation(view)
        recorded = action.tile.kind_id
        for tally, group in zip(self.tallies, self.bots, strict=True):
            choice = group[seat].choose(view)
            if choice not in view.legal_actions:
                tally.illegal += 1
            same = choice.tile is not None and choice.tile.kind_id == recorded
            tally.decisions += 1
            tally.agreed += same
            cell = tally.by_situation.setdefault(where, [0, 0])
            cell[0] += 1
            cell[1] += same
            declared = choice.kind is ActionKind.RIICHI
            tally.riichi_both += riichi and declared
            tally.riichi_player_only += riichi and not declared
            tally.riichi_level_only += declared and not riichi


def measure(games: Iterable[rec.GameRecord], levels: Sequence[str]) -> list[Agreement]:
    """Replay ``games`` and let every level choose at each recorded discard (outside a riichi
    already declared, where the discard is forced)."""
    tallies = [Agreement(level) for level in levels]
    for game in games:
        check_game(game, before_discard=_Seats(game.source, levels, tallies).before)
    return tallies


_TURN = (ActionKind.DISCARD, ActionKind.RIICHI)


def ranked_discards(bot: Player, view: SeatView, n: int = 3) -> list[int]:
    """The first ``n`` tile kinds ``bot`` would discard at ``view``, best first: its own choice,
    then what it chooses when the kinds before are taken from its legal actions (its next best
    by its own measure). A choice that discards nothing (a win, a kan) is taken away unranked."""
    ranked: list[int] = []
    legal = view.legal_actions
    while len(ranked) < n and any(a.kind in _TURN for a in legal):
        shown = view if legal is view.legal_actions else replace(view, legal_actions=legal)
        choice = bot.choose(shown)
        if choice not in legal:
            break  # a bot bug: counted by ``measure``, not ranked here
        if choice.kind in _TURN and choice.tile is not None:
            kind = choice.tile.kind_id
            ranked.append(kind)
            legal = tuple(
                a for a in legal if not (a.kind in _TURN and a.tile and a.tile.kind_id == kind)
            )
        else:
            legal = tuple(a for a in legal if a != choice)
    return ranked


@dataclass
class TopAgreement:
    """One level's top-n tally: at how many recorded discards the player's kind was among the
    level's first k ranked discards, for k = 1..n."""

    level: str
    decisions: int = 0
    within: list[int] = field(default_factory=list)  # [k-1] -> decisions agreed within top k

    def to_json(self) -> dict[str, Any]:
        rates = {f"top{k + 1}": round(a / self.decisions, 4) for k, a in enumerate(self.within)}
        return {"level": self.level, "decisions": self.decisions, **rates}


class _TopSeats(_Seats):
    """The seats of :func:`measure_top`: each level ranks its discards at every decision."""

    def __init__(self, source: str, levels: Sequence[str], tops: list[TopAgreement]) -> None:
        super().__init__(source, levels, [])
        self.tops = tops

    def before(self, match: Match, action: rec.Discard, riichi: bool) -> None:
        self.catch_up(match)
        seat = action.seat
        view = match.view(seat)
        if view.seats[seat].riichi or not any(
            a.kind is ActionKind.DISCARD for a in view.legal_actions
        ):
            return
        for top, group in zip(self.tops, self.bots, strict=True):
            ranked = ranked_discards(group[seat], view, len(top.within))
            top.decisions += 1
            for k in range(len(top.within)):
                top.within[k] += action.tile.kind_id in ranked[: k + 1]


def measure_top(
    games: Iterable[rec.GameRecord], levels: Sequence[str], n: int = 3
) -> list[TopAgreement]:
    """Like :func:`measure`: at each recorded discard, whether the player's kind is among each
    level's first 1..n ranked discards (:func:`ranked_discards`)."""
    tops = [TopAgreement(level, within=[0] * n) for level in levels]
    for game in games:
        check_game(game, before_discard=_TopSeats(game.source, levels, tops).before)
    return tops
