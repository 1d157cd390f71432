"""The end of a classical deal: Mah Jongg declared (spec §6), a Remis, and the settlement with
every hand scored, the Störspiel verdict and the offenders who pay for all."""

from __future__ import annotations

from jantaku.engine.classical.events import ClassicalDealEnded, MahJonggDeclared
from jantaku.engine.classical.judge import WinCheck
from jantaku.engine.classical.penalties import correct
from jantaku.engine.classical.scoring import score_table
from jantaku.engine.classical.state import ClassicalDealResult, ClassicalDealState, Phase, by_index
from jantaku.rules.classical import Win
from jantaku.rules.classical.scorer import Outcome
from jantaku.rules.classical.settlement import pays_for_all
from jantaku.tiles import Tile, Wind

__all__ = ["mah_jongg", "remis"]


def mah_jongg(
    deal: ClassicalDealState, seat_no: int, tile: Tile, from_seat: int | None, check: WinCheck
) -> None:
    """``seat_no`` wins with ``tile`` (already in its hand; self-drawn when ``from_seat`` is
    None); a discard that broke the Störspielgebot makes its discarder pay."""
    win = check.win
    hand = list(deal.seats[seat_no].tiles)
    hand.remove(tile)
    deal.log.append(
        MahJonggDeclared(
            seat_no,
            from_seat,
            tile,
            tuple(sorted(hand, key=by_index)),
            win.robbing_kong,
            win.heavenly_hand,
            win.earthly_hand,
            win.last_wall_tile,
            win.last_discard,
        )
    )
    violation = None
    if from_seat is not None and not win.robbing_kong and seat_no in deal.violations:
        violation = deal.seat_wind(from_seat)
    _finish(deal, seat_no, win, violation)


def remis(deal: ClassicalDealState) -> None:
    """Nobody won: the wall (or the replacement tiles) ran out."""
    _finish(deal, None, None, None)


def _finish(
    deal: ClassicalDealState, winner: int | None, win: Win | None, violation: Wind | None
) -> None:
    for seat_no in sorted(deal.barred):  # a dead hand whose turn never came is settled now
        correct(deal, seat_no)
    score, results = score_table(deal, winner, win, violation)
    if winner is not None and score.outcome is not Outcome.MAH_JONGG:  # pragma: no cover
        raise AssertionError(f"the engine allowed a Mah Jongg the scorer refuses: {score}")
    settlement = score.settlement
    if winner is not None:
        for offender in deal.pays_for_all:
            settlement = pays_for_all(
                settlement, deal.seat_wind(winner), deal.seat_wind(offender), deal.options
            )
    net = settlement.net
    deltas = tuple(net[deal.seat_wind(s)] for s in range(4))
    for s, d in enumerate(deltas):
        deal.balances[s] += d
    verdict = score.stoerspiel
    deal.log.append(
        ClassicalDealEnded(
            score.outcome.value,
            winner,
            results,
            deltas,
            tuple(deal.balances),
            verdict.reason.value if verdict else None,
            deal.seat_of(verdict.violator) if verdict and verdict.pays_for_all else None,
        )
    )
    deal.phase = Phase.ENDED
    deal.claims = {}
    deal.answers = {}
    deal.result = ClassicalDealResult(winner, score, deltas, tuple(deal.penalties))
