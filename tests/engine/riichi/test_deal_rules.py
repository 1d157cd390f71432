"""Deal rules of doman-rules.md §2 on hand-made walls: calls, kuikae, the last discard, riichi,
furiten, kans, abortive draws and the settlement of a draw."""

from __future__ import annotations

import pytest

from jantaku.engine import Action, ActionKind
from jantaku.engine.riichi import Deal, Match, Phase, TableRules
from jantaku.engine.riichi.events import DealEnded, DoraRevealed, DrawKind, Drew, RiichiAccepted
from jantaku.engine.riichi.wall import WallSetup
from jantaku.errors import IllegalActionError
from jantaku.tiles import TileKind, Wind, parse_kind
from tests.engine.riichi.mahjong_judge import MahjongJudge
from tests.engine.riichi.walls import make_wall

JUDGE = MahjongJudge()
DOMAN = TableRules()
TENHOU = TableRules(
    fifth_kan_aborts=False,
    nagashi_allow_own_calls=True,
    abortive_draws=frozenset(
        {"nine_terminals", "four_winds", "four_kans", "triple_ron", "four_riichi"}
    ),
)


def deal_of(wall: WallSetup, rules: TableRules = DOMAN, **kw: object) -> Deal:
    return Deal(rules, JUDGE, wall, dealer=0, round_wind=Wind.EAST, **kw)  # type: ignore[arg-type]


def find(deal: Deal, seat: int, kind: ActionKind, tile: str | None = None) -> Action | None:
    for action in deal.legal_actions(seat):
        if action.kind is kind and (
            tile is None or (action.tile is not None and action.tile.kind is parse_kind(tile))
        ):
            return action
    return None


def do(deal: Deal, seat: int, kind: ActionKind, tile: str | None = None) -> None:
    action = find(deal, seat, kind, tile)
    assert action is not None, f"seat {seat} cannot {kind.value} {tile}: {deal.legal_actions(seat)}"
    deal.apply(action)


def pass_all(deal: Deal) -> None:
    while deal.phase in (Phase.CALLS, Phase.CHANKAN):
        deal.apply(Action(ActionKind.PASS, deal.to_act()[0]))


def tsumogiri(deal: Deal) -> None:
    """The seat to move discards its drawn tile; every claim is passed."""
    assert deal.drawn is not None
    deal.apply(Action(ActionKind.DISCARD, deal.turn, deal.drawn))
    pass_all(deal)


def discard_kinds(deal: Deal, seat: int) -> set[TileKind]:
    return {
        a.tile.kind for a in deal.legal_actions(seat) if a.kind is ActionKind.DISCARD and a.tile
    }


# --------------------------------------------------------------------------------- calls

CALL_WALL = make_wall(
    ["3m111222333444z", "2456m555666777z", "24m1122334455p6p", "1122334455667s"], draws="9s"
)


def test_chi_only_from_the_left_with_every_shape() -> None:
    deal = deal_of(CALL_WALL)
    do(deal, 0, ActionKind.DISCARD, "3m")
    chis = {
        tuple(sorted(t.kind.notation for t in a.tiles))
        for a in deal.legal_actions(1)
        if a.kind is ActionKind.CHI
    }
    assert chis == {("2m", "4m"), ("4m", "5m")}
    assert deal.legal_actions(2) == []  # holds 2m-4m too, but sits across


def test_kuikae_forbids_the_same_tile_and_the_suji_swap() -> None:
    deal = deal_of(CALL_WALL)
    do(deal, 0, ActionKind.DISCARD, "3m")
    ryanmen = deal.clone()
    chi = next(
        a
        for a in ryanmen.legal_actions(1)
        if a.kind is ActionKind.CHI and {t.kind.notation for t in a.tiles} == {"4m", "5m"}
    )
    ryanmen.apply(chi)
    pass_all(ryanmen)
    kinds = discard_kinds(ryanmen, 1)
    assert TileKind.M6 not in kinds and TileKind.M2 in kinds  # 3m taken with 4-5: no 6m
    kanchan = deal.clone()
    chi = next(
        a
        for a in kanchan.legal_actions(1)
        if a.kind is ActionKind.CHI and {t.kind.notation for t in a.tiles} == {"2m", "4m"}
    )
    kanchan.apply(chi)
    assert TileKind.M6 in discard_kinds(kanchan, 1) and TileKind.M5 in discard_kinds(kanchan, 1)
    with pytest.raises(IllegalActionError):
        kanchan.apply(Action(ActionKind.TSUMO, 1))


def test_no_call_on_the_last_discard() -> None:
    # The 70th live draw goes to seat 1 (no calls); seat 2 holds a pair of it.
    wall = make_wall(["111222333444z5z", "", "99p"], tail="9p")
    deal = deal_of(wall)
    while deal.phase is not Phase.ENDED:
        if deal.live_remaining == 0 and deal.phase is Phase.TURN:
            assert deal.turn == 1 and deal.drawn is not None and deal.drawn.kind is TileKind.P9
            deal.apply(Action(ActionKind.DISCARD, 1, deal.drawn))
            assert find(deal, 2, ActionKind.PON) is None
            pass_all(deal)
            break
        tsumogiri(deal)
    ended = [e for e in deal.log if isinstance(e, DealEnded)]
    assert ended and ended[0].draw in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN)


# --------------------------------------------------------------------------------- riichi

READY = "123m456p789s1122z"  # waits on East or South


def test_riichi_needs_1000_points() -> None:
    wall = make_wall([READY], draws="9p")
    assert find(deal_of(wall), 0, ActionKind.RIICHI, "9p")
    poor = deal_of(wall, scores=(900, 25000, 25000, 49100))
    assert find(poor, 0, ActionKind.RIICHI) is None
    exact = deal_of(wall, scores=(1000, 25000, 25000, 49000))
    assert find(exact, 0, ActionKind.RIICHI, "9p")


def test_riichi_needs_four_tiles_left_in_the_wall() -> None:
    deal = deal_of(make_wall([READY], draws="9p"))
    seen = []
    while deal.phase is not Phase.ENDED:
        if deal.turn == 0 and deal.phase is Phase.TURN:
            seen.append((deal.live_remaining, find(deal, 0, ActionKind.RIICHI) is not None))
        tsumogiri(deal)
    assert seen and all(allowed == (left >= 4) for left, allowed in seen)
    assert any(not allowed for _left, allowed in seen)


RON_WALL = make_wall([READY, "67m234p456p678s55s"], draws="8m")


def test_a_riichi_discard_that_deals_in_pays_no_stick() -> None:
    deal = deal_of(RON_WALL)
    do(deal, 0, ActionKind.RIICHI, "8m")
    do(deal, 1, ActionKind.RON, "8m")
    assert not any(isinstance(e, RiichiAccepted) for e in deal.log)
    assert deal.deposits == 0 and deal.result is not None and deal.result.winners == (1,)
    assert deal.scores[0] + deal.scores[1] == 50000  # only the hand's value moved


def test_an_accepted_riichi_pays_the_stick_and_opens_ippatsu() -> None:
    deal = deal_of(RON_WALL)
    do(deal, 0, ActionKind.RIICHI, "8m")
    do(deal, 1, ActionKind.PASS)
    pass_all(deal)
    assert deal.deposits == 1 and deal.scores[0] == 24000
    assert deal.seats[0].riichi and deal.seats[0].ippatsu and deal.seats[0].double_riichi


# --------------------------------------------------------------------------------- furiten

FURITEN_WALL = make_wall(["5m111222333444z", "67m234p456p678s55s"], draws="9s8m1s2s9p")


def test_discard_furiten_blocks_every_ron() -> None:
    deal = deal_of(FURITEN_WALL)
    tsumogiri(deal)  # dealer: 9s
    assert find(deal, 1, ActionKind.TSUMO, "8m")  # a win the seat lets go by
    do(deal, 1, ActionKind.DISCARD, "8m")
    pass_all(deal)
    tsumogiri(deal)
    tsumogiri(deal)
    do(deal, 0, ActionKind.DISCARD, "5m")
    assert find(deal, 1, ActionKind.RON) is None
    assert deal.view(1).furiten


def test_passing_a_ron_is_furiten_until_the_own_next_discard() -> None:
    wall = make_wall(["5m8m11122233344z", "67m234p456p678s55s"], draws="9s1s")
    deal = deal_of(wall)
    do(deal, 0, ActionKind.DISCARD, "5m")
    assert find(deal, 1, ActionKind.RON, "5m")
    do(deal, 1, ActionKind.PASS)
    pass_all(deal)
    assert deal.view(1).furiten
    tsumogiri(deal)  # seat 1's own discard ends the temporary furiten
    assert not deal.view(1).furiten


def test_riichi_furiten_is_permanent() -> None:
    wall = make_wall(["5m8m11122233344z", "67m234p456p678s55s"], draws="9s1s")
    deal = deal_of(wall)
    do(deal, 0, ActionKind.DISCARD, "9s")
    pass_all(deal)
    do(deal, 1, ActionKind.RIICHI, "1s")
    pass_all(deal)
    tsumogiri(deal)
    tsumogiri(deal)
    do(deal, 0, ActionKind.DISCARD, "5m")
    do(deal, 1, ActionKind.PASS)
    pass_all(deal)
    tsumogiri(deal)  # seat 1 discards again: still furiten in riichi
    assert deal.seats[1].riichi_furiten and deal.view(1).furiten


# --------------------------------------------------------------------------------- kans

FIVE_KAN_WALL = make_wall(["1111222233334m", "999p"], draws="4m", replacements="4m4m9p8p")


@pytest.mark.parametrize(("rules", "aborts"), [(DOMAN, True), (TENHOU, False)])
def test_a_fifth_kan_aborts_in_doman_and_is_not_offered_on_tenhou(
    rules: TableRules, aborts: bool
) -> None:
    deal = deal_of(FIVE_KAN_WALL, rules)
    for kind in ("1m", "2m", "3m", "4m"):
        kan = next(
            a
            for a in deal.legal_actions(0)
            if a.kind is ActionKind.CONCEALED_KAN and a.tiles[0].kind is parse_kind(kind)
        )
        deal.apply(kan)
    assert len(deal.kan_seats) == 4 and deal.phase is Phase.TURN  # one player: play goes on
    do(deal, 0, ActionKind.DISCARD, "9p")
    open_kan = find(deal, 1, ActionKind.OPEN_KAN, "9p")
    assert (open_kan is not None) == aborts
    if open_kan is not None:
        deal.apply(open_kan)
        pass_all(deal)
        assert deal.result is not None and deal.result.draw is DrawKind.FOUR_KANS


def _four_concealed_kans(deal: Deal) -> None:
    for kind in ("1m", "2m", "3m", "4m"):
        kan = next(
            a
            for a in deal.legal_actions(0)
            if a.kind is ActionKind.CONCEALED_KAN and a.tiles[0].kind is parse_kind(kind)
        )
        deal.apply(kan)


FIFTH_ANKAN_WALL = make_wall(["1111222233334m", "6666p"], draws="4m6s", replacements="4m4m9p8p")


@pytest.mark.parametrize("rob_ankan", [False, True])
def test_a_fifth_kan_made_concealed_aborts_before_any_dora_or_replacement(
    rob_ankan: bool,
) -> None:
    deal = deal_of(FIFTH_ANKAN_WALL, TableRules(kokushi_rob_ankan=rob_ankan))
    _four_concealed_kans(deal)
    do(deal, 0, ActionKind.DISCARD, "9p")
    pass_all(deal)
    assert deal.turn == 1 and deal.dora_shown == 5  # every indicator is already shown
    kan = find(deal, 1, ActionKind.CONCEALED_KAN)
    assert kan is not None, "one player holds all four kans: a fifth may be declared"
    events = deal.apply(kan)
    pass_all(deal)
    assert deal.result is not None and deal.result.draw is DrawKind.FOUR_KANS
    assert deal.result.deltas == (0, 0, 0, 0)
    assert not any(isinstance(e, DoraRevealed | Drew) for e in events)
    assert len(deal.seats[1].melds) == 1 and deal.dora_shown == 5


def test_a_fifth_concealed_kan_in_a_match_aborts_and_the_dealer_repeats() -> None:
    match = Match(DOMAN, JUDGE, walls=lambda n: FIFTH_ANKAN_WALL)
    _four_concealed_kans(match.deal)  # through the deal: the match only sees its log
    match.apply(find(match.deal, 0, ActionKind.DISCARD, "9p"))  # type: ignore[arg-type]
    while match.deal.phase is Phase.CALLS:
        match.apply(Action(ActionKind.PASS, match.to_act()[0]))
    kan = find(match.deal, 1, ActionKind.CONCEALED_KAN)
    assert kan is not None
    events = match.apply(kan)
    ended = [e for e in events if isinstance(e, DealEnded)]
    assert len(ended) == 1 and ended[0].draw is DrawKind.FOUR_KANS
    assert match.deal_number == 1 and match.dealer == 0 and match.honba == 1
    assert match.scores == [25000] * 4


# --------------------------------------------------------------------------------- aborts


def test_four_winds_abort() -> None:
    wall = make_wall(["1z", "1z", "1z", "1z"], draws="9s9s9s9s")
    deal = deal_of(wall)
    for seat in range(4):
        do(deal, seat, ActionKind.DISCARD, "1z")
        pass_all(deal)
    assert deal.result is not None and deal.result.draw is DrawKind.FOUR_WINDS


def test_nine_terminals_is_offered_on_the_first_draw_only() -> None:
    wall = make_wall(["19m19p19s123z2345m"], draws="6m")
    deal = deal_of(wall)
    assert find(deal, 0, ActionKind.NINE_TERMINALS)
    later = deal.clone()
    do(later, 0, ActionKind.NINE_TERMINALS)
    assert later.result is not None and later.result.draw is DrawKind.NINE_TERMINALS
    assert later.result.deltas == (0, 0, 0, 0)
    tsumogiri(deal)
    for _ in range(3):
        tsumogiri(deal)
    assert find(deal, 0, ActionKind.NINE_TERMINALS) is None


# --------------------------------------------------------------------------------- draws


def _play_out(deal: Deal) -> DealEnded:
    while deal.phase is not Phase.ENDED:
        tsumogiri(deal)
    return next(e for e in deal.log if isinstance(e, DealEnded))


def test_noten_payments_with_one_ready_hand() -> None:
    # Tsumogiri keeps every hand as dealt: only seat 2 is ready (and cannot draw its wait).
    wall = make_wall(
        ["1357m2468p1357s1z", "2468m1357p2468s2z", "123m456p789s1122z", "1357m2468p159s3z"],
        draws="",
    )
    deal = deal_of(wall)
    ended = _play_out(deal)
    assert ended.draw is DrawKind.EXHAUSTIVE
    assert ended.tenpai == (False, False, True, False)
    assert ended.deltas == (-1000, -1000, 3000, -1000)


def _orphan_draws(seat_offset: int, used: str) -> str:
    """Live draws: the seat ``seat_offset`` after the dealer draws only terminals and honors."""
    from collections import Counter

    from jantaku.tiles import parse_kinds

    taken = Counter(parse_kinds(used))
    orphans = [k for k in TileKind if k < 34 and k.is_terminal_or_honor for _ in range(4)]
    simples = [k for k in TileKind if k < 34 and k.is_simple for _ in range(4)]
    for kind, n in taken.items():
        for _ in range(n):
            (orphans if kind.is_terminal_or_honor else simples).remove(kind)
    mine = orphans[:18]
    others = simples + orphans[18:]
    out = [(mine if i % 4 == seat_offset else others).pop(0).notation for i in range(70)]
    return "".join(out)


def test_nagashi_mangan_pays_a_mangan_tsumo_and_replaces_noten_payments() -> None:
    hands = ["2345m2345p2345s6m", "19m19p19s1234567z", "6789m6789p6789s2m", "34m34p34s67m67p67s2p"]
    wall = make_wall(hands, draws=_orphan_draws(1, "".join(hands)))
    ended = _play_out(deal_of(wall))
    assert ended.draw is DrawKind.NAGASHI_MANGAN
    assert ended.deltas == (-4000, 8000, -2000, -2000)


@pytest.mark.parametrize("allowed", [False, True])
def test_thirteen_orphans_robs_a_concealed_kan_only_when_the_option_says_so(
    allowed: bool,
) -> None:
    from jantaku.engine.riichi.scoring import RiichiJudge
    from jantaku.rules.riichi import preset

    wall = make_wall(["1111m234567m234p", "99m19p19s1234567z"], draws="8p")
    rules = TableRules(kokushi_rob_ankan=allowed)
    judge = RiichiJudge(preset("doman", kokushi_rob_ankan=allowed))
    deal = Deal(rules, judge, wall, dealer=0, round_wind=Wind.EAST)
    kan = next(a for a in deal.legal_actions(0) if a.kind is ActionKind.CONCEALED_KAN)
    deal.apply(kan)
    ron = find(deal, 1, ActionKind.RON)
    assert (ron is not None) == allowed
    if ron is not None:
        deal.apply(ron)
        assert deal.result is not None and deal.result.winners == (1,)
        assert deal.result.deltas[1] == 32000 and deal.result.deltas[0] == -32000
    else:
        assert deal.phase is Phase.TURN and deal.rinshan  # the kan stands: replacement drawn


@pytest.mark.parametrize("allowed", [False, True])
def test_kan_on_the_last_draw_follows_the_option(allowed: bool) -> None:
    # Seat 1 draws the last live tile, its fourth 9p.
    wall = make_wall(["111222333444z5z", "999p"], tail="9p")
    deal = deal_of(wall, TableRules(kan_on_last_draw=allowed))
    while not (deal.live_remaining == 0 and deal.phase is Phase.TURN):
        tsumogiri(deal)
    assert deal.turn == 1
    kan = find(deal, 1, ActionKind.CONCEALED_KAN)
    assert (kan is not None) == allowed
    if kan is not None:
        deal.apply(kan)
        assert deal.live_remaining == 0 and deal.rinshan
        tsumogiri(deal)
        assert deal.phase is Phase.ENDED
