"""The rough hand value behind push/fold and calls (``reading.hand_value``): a yakuhai triplet
held concealed is the same certain han as the one called, so a hand does not fold or stay
closed for hiding its triplet; a double wind (the seat's wind that is also the round wind) is
two han, called or concealed."""

from __future__ import annotations

from dataclasses import replace

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.view import PublicSeat, SeatView
from jantaku.meld import Meld, MeldKind
from jantaku.players.riichi import make_player
from jantaku.players.riichi.reading import counts_of_tiles, hand_value
from jantaku.tiles import parse_tiles
from tests.players.riichi.views import copies, own_turn, seats_with_rivers

# seat 1 is in riichi and has discarded 2m; three copies of 6s are gone, so the kanchan wait
# of the hands below has one winning tile left
_RIVERS = ["", "2m9p1z", "6s6s", "6s"]
_RIICHI = (False, True, False, False)
_PUSH_TILE = "4p"  # the drawn tile: dangerous, and discarding it keeps the hand ready


def _with_triplet(triplet: str, concealed: bool, hand: str, dora: str) -> SeatView:
    """Seat 0 (the dealer) on turn with ``hand`` and the honour ``triplet``, concealed or
    called (pon)."""
    used: dict[int, int] = {}
    honours = copies(triplet, used)
    rest = copies(hand, used)
    seats = seats_with_rivers(_RIVERS, _RIICHI)
    if concealed:
        return own_turn(sorted([*honours, *rest], key=lambda t: t.index), seats, parse_tiles(dora))
    pon = Meld(MeldKind.PUNG, tuple(honours), called=honours[0], from_seat=3)
    me = seats[0]
    seats = (PublicSeat(me.score, (pon,), me.river, me.riichi, len(rest)), *seats[1:])
    return own_turn(rest, seats, parse_tiles(dora))


def _with_white(concealed: bool, hand: str, dora: str) -> SeatView:
    """With the white dragons 555z."""
    return _with_triplet("555z", concealed, hand, dora)


def _answer_to_chi_on_4m(view: SeatView) -> ActionKind:
    """What ``defensive`` does with the chi on 4m (with the 2m3m that ``view.hand`` starts
    with), offered by the seat on its left, the others' rivers empty."""
    two_three = (view.hand[0], view.hand[1])
    assert [t.kind.notation for t in two_three] == ["2m", "3m"]
    chi = Action(ActionKind.CHI, 0, parse_tiles("4m")[0], two_three)
    call_view = replace(
        view,
        phase="call",
        drawn=None,
        seats=(view.seats[0], *seats_with_rivers(["", "", "", ""], (False,) * 4)[1:]),
        legal_actions=(Action(ActionKind.PASS, 0), chi),
    )
    return make_player("defensive").choose(call_view).kind


def test_a_concealed_yakuhai_triplet_pushes_as_the_called_one_does() -> None:
    """Ready on one winning tile left against a riichi, with the white dragons and two dora
    (the pair 33s, indicator 2s): ``defensive`` pushes a ready hand worth three han. Holding
    the triplet concealed is worth at least as much as calling it (the same yakuhai, and the
    hand stays closed), so it must push too, not fold onto the genbutsu 2m."""
    for concealed in (False, True):
        view = _with_white(concealed, "2m3m4m6p7p8p3s3s5s7s" + _PUSH_TILE, dora="2s")
        choice = make_player("defensive").choose(view)
        assert choice.tile is not None, concealed
        assert choice.tile.kind.notation == _PUSH_TILE, "concealed" if concealed else "called"


def test_a_concealed_yakuhai_triplet_with_a_dora_opens_for_a_yaku_call() -> None:
    """One from ready with the white dragons and one dora (6p, indicator 5p): a yakuhai and a
    dora are the two han from which ``defensive`` opens a closed hand, so the chi on 4m that
    makes it ready is taken, concealed dragons or called."""
    for concealed in (False, True):
        view = _with_white(concealed, "2m3m6p7p8p3p3p5s6s9s", dora="5p")
        assert _answer_to_chi_on_4m(view) is ActionKind.CHI, "concealed" if concealed else "called"


def _with_east(concealed: bool, round_wind: int, hand: str, dora: str) -> SeatView:
    """With the East winds 111z: a double wind in the East round (``round_wind`` 0), a single
    one in the South round (1)."""
    return replace(_with_triplet("111z", concealed, hand, dora), round_wind=round_wind)


def test_a_double_wind_triplet_counts_two() -> None:
    """The seat wind that is also the round wind scores twice (double wind, 2 han), so its
    triplet, called or concealed, is worth one more than a single wind's."""
    for concealed in (False, True):
        double = _with_east(concealed, 0, "2m3m4m6p7p8p3s3s5s7s4p", dora="9s")
        single = _with_east(concealed, 1, "2m3m4m6p7p8p3s3s5s7s4p", dora="9s")
        counts = counts_of_tiles(double.hand)
        assert hand_value(double, counts) == hand_value(single, counts) + 1, concealed
        assert hand_value(double, counts) == 2.0, concealed


def test_a_double_wind_triplet_opens_for_a_yaku_call() -> None:
    """One from ready with the dealer's East winds concealed and no dora: in the East round
    they are a double wind, the two han from which ``defensive`` opens a closed hand for the
    chi on 4m; in the South round (one han) it stays closed."""
    for round_wind, call in ((0, ActionKind.CHI), (1, ActionKind.PASS)):
        view = _with_east(True, round_wind, "2m3m6p7p8p3p3p5s6s9s", dora="9p")
        assert _answer_to_chi_on_4m(view) is call, f"round wind {round_wind}"


def test_a_double_wind_triplet_pushes_with_one_dora() -> None:
    """Ready on one winning tile left against a riichi with the dealer's East winds and one
    dora (5s, indicator 4s): the double wind makes three han, as the dragons with two dora do,
    so ``defensive`` pushes; with a single wind (two han) it folds onto the genbutsu 2m."""
    for concealed in (False, True):
        for round_wind, pushes in ((0, True), (1, False)):
            view = _with_east(concealed, round_wind, "2m3m4m6p7p8p3s3s5s7s" + _PUSH_TILE, "4s")
            choice = make_player("defensive").choose(view)
            assert choice.tile is not None
            label = f"concealed {concealed}, round wind {round_wind}"
            assert (choice.tile.kind.notation == _PUSH_TILE) is pushes, label
