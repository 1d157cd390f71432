"""The ``sontag`` preset: every project default of spec §11 is a knob with its default, and bad
names or values are refused with a clear error."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from fractions import Fraction

import pytest

from jantaku.errors import JantakuError
from jantaku.rules.classical import ClassicalOptions, OptionError, preset
from jantaku.rules.classical.options import SpecialHandId, StoerspielPayment

# spec §11: option name -> default (as the spec spells it)
SPEC_DEFAULTS = {
    "stoerspiel_rule": "sontag",
    "stoerspiel_special_hands": True,
    "stoerspiel_payment": "take_over_innocent",
    "kongspiel_replaces_pungspiel": True,
    "handspiel_with_ohne_rufe": True,
    "strauss_includes_own_double": True,
    "terminals_are_trumpf": False,
    "loser_scores_hidden_figures": True,
    "loser_max_scoring_pairs": 1,
    "lower_limit": 100,
    "upper_limit": 5000,
    "rounding": "none",
    "dead_wall_size": 16,
    "deal_pattern": "cik",
    "initial_seating": "random",
    "mahjong_chow_any_seat": True,
    "call_priority": "mahjong_kong_pung_chow",
    "call_tie_break": "nearest_to_discarder",
    "rob_concealed_kong": True,
    "extend_pung_with_discard": False,
    "single_wait_rule": "tile_kinds",
    "winning_discard_figure": "open",
    "special_hand_scoring": "higher_of",
    "green_hand_structure": "standard",
    "remis_payments": "none",
    "prevailing_wind_pair_points": 2,
    "flower_names": "sontag",
    "mundraub": "none",
    "kong_replacement_premium": "none",
    "penalties": False,
    "start_balance": 0,
}


def test_every_spec_default_is_a_knob() -> None:
    options = preset("sontag")
    for name, default in SPEC_DEFAULTS.items():
        value = getattr(options, name)
        assert getattr(value, "value", value) == default, name
    assert options.special_hands == frozenset(SpecialHandId)
    assert options.special_limits(SpecialHandId.GRUENE_HAND) == 2
    assert options.special_limits(SpecialHandId.FLUSH) == Fraction(1, 2)


def test_overrides_by_name() -> None:
    options = preset("sontag", stoerspiel_payment="kajongg", upper_limit=3000, penalties="true")
    assert options.stoerspiel_payment is StoerspielPayment.KAJONGG
    assert options.upper_limit == 3000 and options.penalties is True
    assert options.special_value(SpecialHandId.FLUSH) == 1500


def test_frozen() -> None:
    with pytest.raises(FrozenInstanceError):
        preset("sontag").upper_limit = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"upper_limt": 3000}, "unknown option 'upper_limt'"),
        ({"stoerspiel_payment": "everybody"}, "take_over_innocent or kajongg"),
        ({"penalties": 1}, "true or false"),
        ({"upper_limit": "lots"}, "integer"),
        ({"upper_limit": 0}, "upper_limit must be positive"),
        ({"lower_limit": -5}, "lower_limit"),
        ({"prevailing_wind_pair_points": 3}, "2 or 0"),
        ({"special_hands": ["gruene_hand", "jade"]}, "unknown special hand 'jade'"),
        ({"special_hands": "gruene_hand"}, "takes a list"),
        ({"special_hand_values": {"flush": "half"}}, "not a number of limits"),
        ({"special_hand_values": {"flush": 0}}, "more than 0 limits"),
        ({"deal_pattern": "random"}, "cik"),
    ],
)
def test_bad_options_are_refused(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message) as err:
        preset("sontag", **overrides)
    assert isinstance(err.value, JantakuError)


def test_unknown_preset() -> None:
    with pytest.raises(OptionError, match="unknown classical preset 'doman'"):
        preset("doman")


def test_default_constructor_is_the_preset() -> None:
    assert ClassicalOptions() == preset("sontag")
