"""The Störspielgebot (spec §7): triggers, dangerous tiles, exceptions, the pay-for-all check."""

from __future__ import annotations

from _classical_deal import request

from jantaku.rules.classical import preset, score_request
from jantaku.rules.classical.danger import (
    DangerCase,
    Exemption,
    dangerous_tiles,
    discard_exemption,
    is_dangerous,
    threats,
    violates,
)
from jantaku.rules.classical.figures import Figure, FigureKind
from jantaku.rules.classical.options import SpecialHandId
from jantaku.tiles import TileKind, parse_kinds

SONTAG = preset("sontag")
PUNG, CHOW, KONG = FigureKind.PUNG, FigureKind.CHOW, FigureKind.KONG


def figs(*specs: tuple[FigureKind, str]) -> list[Figure]:
    return [Figure(kind, parse_kinds(t)[0], False) for kind, t in specs]


def kinds(text: str) -> frozenset[TileKind]:
    return frozenset(parse_kinds(text))


HONORS = "1234567z"


def test_case_1_three_figures_of_one_suit_chows_count() -> None:
    exposed = figs((CHOW, "1s"), (CHOW, "4s"), (PUNG, "9s"))
    found = threats(exposed, SONTAG)
    assert found[0].case is DangerCase.ONE_SUIT
    # chows 123 + 456 of one suit: a Flush is possible too, which adds nothing outside the suit
    assert dangerous_tiles(exposed, SONTAG) == kinds("123456789s" + HONORS)


def test_case_3_three_trumpf_figures() -> None:
    exposed = figs((PUNG, "1z"), (PUNG, "5z"), (KONG, "2z"))
    assert [t.case for t in threats(exposed, SONTAG)] == [DangerCase.TRUMPF]
    assert dangerous_tiles(exposed, SONTAG) == kinds(HONORS)


def test_terminals_as_trumpf_option_widens_case_3() -> None:
    exposed = figs((PUNG, "1z"), (PUNG, "5z"), (PUNG, "9m"))
    assert not any(t.case is DangerCase.TRUMPF for t in threats(exposed, SONTAG))
    djI = preset("sontag", terminals_are_trumpf=True)
    assert dangerous_tiles(exposed, djI) >= kinds("19m19p19s" + HONORS)


def test_not_in_force_below_three_figures_or_with_two_suits() -> None:
    assert threats(figs((PUNG, "2s"), (PUNG, "3s")), SONTAG) == ()
    mixed = figs((PUNG, "2s"), (PUNG, "3s"), (CHOW, "1m"))
    assert not any(
        t.case in (DangerCase.ONE_SUIT, DangerCase.SUIT_AND_TRUMPF) for t in threats(mixed, SONTAG)
    )


def test_case_4_special_hands_can_be_switched_off() -> None:
    exposed = figs((PUNG, "2s"), (PUNG, "4m"), (PUNG, "5m"))
    off = preset("sontag", stoerspiel_special_hands=False)
    assert dangerous_tiles(exposed, off) == frozenset()
    assert is_dangerous(exposed, TileKind.P6, SONTAG) and not is_dangerous(
        exposed, TileKind.P7, SONTAG
    )


def test_case_4_green_hand_and_four_blessings() -> None:
    green = figs((PUNG, "2s"), (PUNG, "6s"), (PUNG, "6z"))
    by_hand = {t.special_hand: t.dangerous for t in threats(green, SONTAG) if t.special_hand}
    # b6 and DG are used up (a pair of either would be a fifth copy)
    assert by_hand[SpecialHandId.GRUENE_HAND] == kinds("2348s")
    winds = figs((PUNG, "1z"), (PUNG, "2z"), (PUNG, "3z"))
    by_hand = {t.special_hand: t.dangerous for t in threats(winds, SONTAG) if t.special_hand}
    # the fourth wind plus any pair but one of the three shown winds (that would be a 5th copy)
    assert by_hand[SpecialHandId.VIER_SEGEN] == frozenset(TileKind).difference(
        kinds("123z1234f1234y")
    )


def test_exceptions() -> None:
    danger = kinds("123456789s" + HONORS)
    hand = parse_kinds("5s1m2m")
    assert (
        discard_exemption(TileKind.S5, hand, danger, ready=True, previous_discard=None)
        is Exemption.READY
    )
    assert (
        discard_exemption(TileKind.S5, hand, danger, ready=False, previous_discard=TileKind.S5)
        is Exemption.SAME_AS_PREVIOUS
    )
    assert (
        discard_exemption(TileKind.S5, hand, danger, ready=False, previous_discard=TileKind.S6)
        is None
    )
    only_danger = parse_kinds("5s7s1z")
    assert (
        discard_exemption(TileKind.S5, only_danger, danger, ready=False, previous_discard=None)
        is Exemption.NO_SAFE_TILE
    )


def test_violates() -> None:
    exposed = figs((KONG, "7z"), (PUNG, "3s"), (PUNG, "7s"))
    hand = parse_kinds("5s1m2m9p")
    assert violates(exposed, TileKind.S5, hand, SONTAG, ready=False, previous_discard=None)
    assert not violates(exposed, TileKind.M1, hand, SONTAG, ready=False, previous_discard=None)
    assert not violates(exposed, TileKind.S5, hand, SONTAG, ready=True, previous_discard=None)


def _meld(kind: str, tiles: str) -> dict[str, object]:
    return {"type": kind, "tiles": tiles, "open": True}


def test_stoerspiel_not_in_force_or_tile_not_dangerous_are_reported() -> None:
    # two exposed figures only: the rule is not in force, normal settlement
    req = request(
        {"S": {"hand": "4699s123p", "melds": [_meld("kong", "7777z"), _meld("pung", "333s")]}},
        winner="S",
        win_tile="5s",
        win="discard",
        discarder="E",
        danger_violation="E",
    )
    result = score_request(req)
    assert result["stoerspiel"] == {
        "violator": "E",
        "pays_for_all": False,
        "reason": "not_in_force",
        "payment": "take_over_innocent",
    }
    assert result["settlement"]["W"] < 0
