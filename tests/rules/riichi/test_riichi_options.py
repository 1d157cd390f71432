"""Rule options: presets, every knob documented, unknown names, bad values, contradictions."""

from __future__ import annotations

from dataclasses import fields

import pytest

from jantaku.errors import JantakuError
from jantaku.rules.riichi import OptionError, RiichiOptions, preset
from jantaku.rules.riichi.options import OPTION_DOCS, PRESETS, AbortiveDraw

# the option names of the spec's table §9.C (two rows hold two knobs each)
SPEC_TABLE = [
    "start_points",
    "length",
    "extension_round_threshold",
    "oka_uma",
    "red_fives",
    "kuitan",
    "atozuke",
    "kuikae",
    "abortive_draws",
    "fifth_kan_aborts",
    "four_kan_abort_timing",
    "double_ron",
    "head_bump",
    "multi_ron_sticks_honba",
    "yakuman_set",
    "double_yakuman_patterns",
    "max_yakuman_multiplier",
    "kazoe_yakuman",
    "pao_yakuman",
    "pao_scope",
    "pao_ron_honba_payer",
    "nagashi_mangan",
    "nagashi_allow_own_calls",
    "kokushi_rob_ankan",
    "kan_dora_timing",
    "kan_ura",
    "kan_on_last_draw",
    "rinshan_counts_haitei",
    "kiriage_mangan",
    "double_wind_pair_fu",
    "rinshan_tsumo_fu",
    "karaten_counts_as_tenpai",
    "abortive_draw_dealer_repeats",
    "riichi_min_points",
    "riichi_min_wall",
    "riichi_ankan_rule",
    "agari_yame",
    "agari_yame_leader",
    "bust_below_zero",
    "leftover_sticks",
    "time_80min_last_hand",
    "hard_stop_120",
    "per_action_timer",
    "per_action_time_s",
    "call_prompt_time_s",
    "rating_formula",
    "quick_match_rank_points",
    "rank_points_on_rank_change",
    "npc_table_rules",
    "dora_display",
]


def test_every_knob_of_the_spec_table_exists_and_is_documented() -> None:
    names = {f.name for f in fields(RiichiOptions)}
    assert names == set(SPEC_TABLE)
    for name in names:
        doc, source = OPTION_DOCS[name]
        assert "Default" in doc and source


def test_presets_differ_as_the_spec_says() -> None:
    doman, no_kuitan, tenhou = preset("doman"), preset("doman_no_kuitan"), preset("tenhou")
    assert doman.kuitan and not no_kuitan.kuitan
    assert not no_kuitan.per_action_timer
    assert AbortiveDraw.FOUR_RIICHI in tenhou.abortive_draws
    assert AbortiveDraw.FOUR_RIICHI not in doman.abortive_draws
    assert doman.max_yakuman_multiplier == 4 and tenhou.max_yakuman_multiplier is None
    assert tenhou.extension_round_threshold == 30000 and doman.extension_round_threshold is None
    assert tenhou.nagashi_allow_own_calls and not doman.nagashi_allow_own_calls
    for o in PRESETS.values():
        assert not o.kiriage_mangan and o.double_wind_pair_fu == 4 and o.rinshan_tsumo_fu == 2


def test_overrides_accept_json_values() -> None:
    o = preset("doman", abortive_draws=["nine_terminals"], length="east_only", kuitan=False)
    assert o.abortive_draws == frozenset({AbortiveDraw.NINE_TERMINALS})
    assert o.length.value == "east_only" and not o.kuitan
    assert preset("tenhou").to_json()["oka_uma"] == {"oka": 20000, "uma": [20, 10, -10, -20]}


@pytest.mark.parametrize(
    ("name", "overrides", "message"),
    [
        ("mleague", {}, "unknown riichi preset"),
        ("doman", {"kuitan_rule": True}, "unknown riichi option 'kuitan_rule'"),
        ("doman", {"kuitan": "yes"}, "kuitan"),
        ("doman", {"red_fives": 4}, "red_fives"),
        ("doman", {"double_wind_pair_fu": 3}, "double_wind_pair_fu"),
        ("doman", {"length": "west_round"}, "length"),
        ("doman", {"head_bump": True}, "contradicts double_ron"),
        ("doman", {"nagashi_mangan": False, "nagashi_allow_own_calls": True}, "nagashi"),
        ("doman", {"max_yakuman_multiplier": 0}, "max_yakuman_multiplier"),
        ("doman", {"per_action_timer": False}, "per_action_timer"),
        ("doman", {"abortive_draws": "four_winds"}, "expected a list"),
    ],
)
def test_bad_options_are_rejected_clearly(
    name: str, overrides: dict[str, object], message: str
) -> None:
    with pytest.raises(OptionError, match=message) as info:
        preset(name, **overrides)
    assert isinstance(info.value, JantakuError)


def test_head_bump_is_allowed_without_double_ron() -> None:
    assert preset("doman", head_bump=True, double_ron=False).head_bump
