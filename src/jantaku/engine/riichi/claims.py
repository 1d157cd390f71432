"""Call windows in a riichi deal: after a discard (or a robbable kong) every other seat is asked
for ron, pon, kan, chi or pass; when all have answered, priority decides (doman-rules.md §2.4),
and what follows: wins, a call, or the next draw with the abortive draws checked on the way."""

from __future__ import annotations

from dataclasses import replace

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.calls import call_choices, chi_possible, kuikae_forbidden
from jantaku.engine.riichi.drawing import reveal_dora, start_turn
from jantaku.engine.riichi.ending import abort, exhaustive_draw, settle_wins, win_situation
from jantaku.engine.riichi.events import Called, DrawKind, RiichiAccepted
from jantaku.engine.riichi.judge import WinOutcome
from jantaku.engine.riichi.kongs import (
    after_added_kong,
    after_concealed_kong,
    fifth_kong_aborts,
    kong_allowed,
)
from jantaku.engine.riichi.position import Position
from jantaku.engine.riichi.state import DealState, Phase, by_index
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.tiles import Tile

__all__ = ["claim_choices", "open_claims", "resolve_claims"]

_WIND_KINDS = (27, 28, 29, 30)
_PASS = Action(ActionKind.PASS, 0)
_PASSES = tuple(Action(ActionKind.PASS, seat) for seat in range(4))  # immutable: built once


def open_claims(deal: DealState, discarder: int, tile: Tile) -> None:
    """Ask the other seats about the discard; with nobody to ask (and no window held), play
    goes on at once."""
    kind = tile.kind_id
    deal.claims = {}
    deal.answers = {}
    deal.wins = {}
    seats = deal.seats
    waiting = []  # the seats this kind completes
    for offset in (1, 2, 3):
        seat_no = (discarder + offset) % 4
        seat = seats[seat_no]
        if kind in seat.waits:
            waiting.append(seat_no)
        elif seat.counts[kind] < 2 and (
            offset != 1 or kind >= 27 or not chi_possible(seat.counts, kind)
        ):
            continue  # the common case: no ron, pon, kan nor chi (see claim_choices)
        choices, outcome = claim_choices(deal, seat_no, discarder, tile)
        if outcome is not None:
            deal.wins[seat_no] = outcome
        if choices:
            deal.claims[seat_no] = choices
    if waiting:
        _missed_wins(deal, waiting)
    if deal.claims or deal.hold_calls:
        deal.phase = Phase.CALLS
    else:
        after_passes(deal)


def claim_choices(
    deal: Position, seat_no: int, discarder: int, tile: Tile
) -> tuple[list[Action], WinOutcome | None]:
    """What ``seat_no`` may answer to ``discarder``'s ``tile`` (ron, calls, and pass when
    there is anything else; empty when nothing) and what a ron would win."""
    seat = deal.seats[seat_no]
    choices: list[Action] = []
    outcome = None
    if tile.kind_id in seat.waits and not seat.furiten:
        outcome = deal.judge.judge(win_situation(deal, seat_no, tile, discarder))
        if outcome is not None:
            choices.append(Action(ActionKind.RON, seat_no, tile))
    if deal.live_remaining != 0 and not seat.riichi:
        open_kan = kong_allowed(deal) and deal.live_remaining >= 1
        nxt = (discarder + 1) % 4 == seat_no
        choices.extend(call_choices(seat, seat_no, tile, nxt, open_kan))
    if choices:
        choices.append(_PASSES[seat_no])
    return choices, outcome


def _missed_wins(deal: DealState, waiting: list[int]) -> None:
    """A winning tile that goes by sets temporary (or, in riichi, permanent) furiten for the
    ``waiting`` seats (the others than the discarder that it completes); for seats that could
    ron this is settled when they answer."""
    for seat_no in waiting:
        if seat_no not in deal.wins:
            seat = deal.seats[seat_no]
            seat.temp_furiten = True
            if seat.riichi:
                seat.riichi_furiten = True


def resolve_claims(deal: DealState) -> None:
    """Everybody asked has answered (or the held window closed): rons first, then the robbed
    kong stands, then pon/kan before chi, else the next draw."""
    assert deal.last_discard is not None
    discarder, tile = deal.last_discard
    answers = deal.answers
    for seat_no, answer in answers.items():
        if answer.kind is not ActionKind.RON and seat_no in deal.wins:
            seat = deal.seats[seat_no]
            seat.temp_furiten = True
            if seat.riichi:
                seat.riichi_furiten = True
    rons = [
        (discarder + o) % 4
        for o in (1, 2, 3)
        if answers.get((discarder + o) % 4, _PASS).kind is ActionKind.RON
    ]
    chankan = deal.phase is Phase.CHANKAN
    deal.claims = {}
    deal.answers = {}
    if rons:
        _settle_rons(deal, rons, discarder, tile, chankan)
    elif chankan:
        if deal.robbing_concealed:
            after_concealed_kong(deal, discarder)
        else:
            after_added_kong(deal, discarder)
    else:
        _accept_riichi(deal)
        call = next(
            (a for a in answers.values() if a.kind in (ActionKind.PON, ActionKind.OPEN_KAN)), None
        ) or next((a for a in answers.values() if a.kind is ActionKind.CHI), None)
        if call is None:
            after_passes(deal, riichi_done=True)
        elif _four_kong_abort_due(deal):
            abort(deal, DrawKind.FOUR_KANS)
        else:
            _call(deal, call, discarder, tile)


def _settle_rons(
    deal: DealState, rons: list[int], discarder: int, tile: Tile, chankan: bool
) -> None:
    if len(rons) == 3 and "triple_ron" in deal.rules.abortive_draws:
        deal.riichi_pending = None  # a riichi discard that causes the abort is void
        abort(deal, DrawKind.TRIPLE_RON)
        return
    if deal.rules.head_bump or not deal.rules.double_ron:
        rons = rons[:1]
    deal.riichi_pending = None  # the riichi discard dealt in: no stick is paid
    winners = [(s, deal.wins[s]) for s in rons]
    if len(winners) > 1:  # only the nearest winner collects honba and deposits
        winners = [winners[0]] + [
            (s, _rejudge_without_bonus(deal, s, tile, discarder, chankan)) for s, _ in winners[1:]
        ]
    settle_wins(deal, winners, discarder, tile)


def _rejudge_without_bonus(
    deal: DealState, seat_no: int, tile: Tile, discarder: int, chankan: bool
) -> WinOutcome:
    situation = win_situation(deal, seat_no, tile, discarder, chankan=chankan)
    outcome = deal.judge.judge(replace(situation, honba=0, deposits=0))
    assert outcome is not None
    return outcome


def _accept_riichi(deal: DealState) -> None:
    seat_no = deal.riichi_pending
    if seat_no is None:
        return
    deal.riichi_pending = None
    deal.scores[seat_no] -= 1000
    deal.deposits += 1
    deal.seats[seat_no].ippatsu = True
    deal.log.append(RiichiAccepted(seat_no, tuple(deal.scores), deal.deposits))


def _four_kong_abort_due(deal: DealState) -> bool:
    return (
        "four_kans" in deal.rules.abortive_draws
        and len(deal.kan_seats) == 4
        and len(set(deal.kan_seats)) > 1
    )


def after_passes(deal: DealState, riichi_done: bool = False) -> None:
    """Nobody called the discard: the riichi stick is paid, the abortive draws are checked,
    and the next seat draws (or the wall is exhausted)."""
    if not riichi_done and deal.riichi_pending is not None:
        _accept_riichi(deal)
    if len(deal.kan_seats) == 4 and _four_kong_abort_due(deal):
        abort(deal, DrawKind.FOUR_KANS)
        return
    abortive = deal.rules.abortive_draws
    assert deal.last_discard is not None
    discarder = deal.seats[deal.last_discard[0]]  # in both draws below: checked first, cheaply
    if discarder.riichi and "four_riichi" in abortive and all(s.riichi for s in deal.seats):
        abort(deal, DrawKind.FOUR_RIICHI)
        return
    if len(discarder.river) == 1 and "four_winds" in abortive and not deal.calls_made:
        firsts = [s.river[0].tile.kind_id for s in deal.seats if len(s.river) == 1]
        if len(firsts) == 4 and firsts[0] in _WIND_KINDS and len(set(firsts)) == 1:
            abort(deal, DrawKind.FOUR_WINDS)
            return
    if deal.live_remaining == 0:
        exhaustive_draw(deal)
        return
    start_turn(deal, (deal.last_discard[0] + 1) % 4, replacement=False)


def _call(deal: DealState, call: Action, discarder: int, tile: Tile) -> None:
    seat_no = call.seat
    seat = deal.seats[seat_no]
    seat.shanten_floor -= 1  # the claimed tile is one tile more (see SeatState.shanten_floor)
    for t in call.tiles:
        seat.remove(t)
    deal.seats[discarder].river[-1].called = True
    deal.break_first_turn()
    offset = (discarder - seat_no) % 4
    tiles = tuple(sorted((*call.tiles, tile), key=by_index))
    kind = tile.kind_id
    if call.kind is ActionKind.CHI:
        meld = Meld(MeldKind.CHOW, tiles, called=tile, from_seat=offset)
        deal.kuikae = kuikae_forbidden(kind, min(t.kind_id for t in tiles))
    elif call.kind is ActionKind.PON:
        meld = Meld(MeldKind.PUNG, tiles, called=tile, from_seat=offset)
        deal.kuikae = kuikae_forbidden(kind, None)
    else:
        meld = Meld(MeldKind.KONG, tiles, KongKind.EXPOSED, called=tile, from_seat=offset)
    seat.melds.append(meld)
    _check_pao(deal, seat_no, discarder, kind)
    deal.log.append(Called(seat_no, call.kind.value, tile, call.tiles, discarder))
    deal.turn = seat_no
    deal.phase = Phase.TURN
    deal.drawn = None
    deal.rinshan = False
    if call.kind is ActionKind.OPEN_KAN:
        deal.kuikae = frozenset()
        seat.kans += 1
        deal.kan_seats.append(seat_no)
        if fifth_kong_aborts(deal):
            return
        if deal.rules.kan_dora_timing == "tenhou":
            deal.pending_dora += 1
        else:
            reveal_dora(deal)
        start_turn(deal, seat_no, replacement=True)


def _check_pao(deal: DealState, seat_no: int, discarder: int, kind: int) -> None:
    """Completing the third dragon set or the fourth wind set on a call makes the discarder
    liable (pao) for the yakuman it brings."""
    melds = deal.seats[seat_no].melds
    kinds = {m.first for m in melds if m.kind is not MeldKind.CHOW}
    if (kind >= 31 and all(k in kinds for k in (31, 32, 33))) or (
        27 <= kind <= 30 and all(k in kinds for k in _WIND_KINDS)
    ):
        deal.seats[seat_no].pao_seat = discarder
