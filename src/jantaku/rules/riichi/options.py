"""Riichi rule options: one frozen object with every knob of the spec's option table
(doman-rules.md §9.C), and the named presets ``doman``, ``doman_no_kuitan`` and ``tenhou``.

Each field documents its default and the section of the spec it comes from (``OPTION_DOCS``, in
:mod:`.option_specs`; the value types are in :mod:`.option_values`). Only values named by a source
are accepted; anything else, unknown names and contradictory combinations raise
:class:`OptionError`."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any

from jantaku.rules.riichi.option_specs import OPTION_DOCS, SPECS, coerce_all
from jantaku.rules.riichi.option_values import (
    ALL_PAO,
    STANDARD_ABORTS,
    AbortiveDraw,
    AgariYame,
    DoraDisplay,
    Length,
    OkaUma,
    OptionError,
    PaoYakuman,
)

__all__ = [
    "OPTION_DOCS",
    "PRESETS",
    "AbortiveDraw",
    "AgariYame",
    "DoraDisplay",
    "Length",
    "OkaUma",
    "OptionError",
    "PaoYakuman",
    "RiichiOptions",
    "preset",
]


@dataclass(frozen=True, slots=True)
class RiichiOptions:
    """Every riichi rule knob; defaults are the ``doman`` preset (see ``OPTION_DOCS``)."""

    start_points: int = 25000
    length: Length = Length.EAST_SOUTH
    extension_round_threshold: int | None = None
    oka_uma: OkaUma | None = None
    red_fives: int = 3
    kuitan: bool = True
    atozuke: bool = True
    kuikae: str = "forbid_same_and_suji"
    abortive_draws: frozenset[AbortiveDraw] = STANDARD_ABORTS
    fifth_kan_aborts: bool = True
    four_kan_abort_timing: str = "after_replacement_discard"
    double_ron: bool = True
    head_bump: bool = False
    multi_ron_sticks_honba: str = "nearest_winner"
    yakuman_set: str = "standard12"
    double_yakuman_patterns: bool = False
    max_yakuman_multiplier: int | None = 4
    kazoe_yakuman: bool = True
    pao_yakuman: frozenset[PaoYakuman] = ALL_PAO
    pao_scope: str = "whole_hand"
    pao_ron_honba_payer: str = "discarder"
    nagashi_mangan: bool = True
    nagashi_allow_own_calls: bool = False
    kokushi_rob_ankan: bool = False
    kan_dora_timing: str = "tenhou"
    kan_ura: bool = True
    kan_on_last_draw: bool = False
    rinshan_counts_haitei: bool = False
    kiriage_mangan: bool = False
    double_wind_pair_fu: int = 4
    rinshan_tsumo_fu: int = 2
    karaten_counts_as_tenpai: bool = False
    abortive_draw_dealer_repeats: bool = True
    riichi_min_points: int = 1000
    riichi_min_wall: int = 4
    riichi_ankan_rule: str = "tenhou_strict"
    agari_yame: AgariYame = AgariYame.DEALER_FIRST
    agari_yame_leader: str = "strict_first"
    bust_below_zero: bool = True
    leftover_sticks: str = "to_first"
    time_80min_last_hand: bool = True
    hard_stop_120: bool = True
    per_action_timer: bool = True
    per_action_time_s: int | None = 15
    call_prompt_time_s: int | None = 8
    rating_formula: str | None = "tenhou_style"
    quick_match_rank_points: str | None = "same_as_full"
    rank_points_on_rank_change: str | None = "rank_start_value"
    npc_table_rules: str | None = "ranked"
    dora_display: DoraDisplay = DoraDisplay.DOMAN

    def __post_init__(self) -> None:
        for f in fields(self):
            SPECS[f.name].check(f.name, getattr(self, f.name))
        _check_contradictions(self)

    def with_overrides(self, **overrides: Any) -> RiichiOptions:
        """A copy with some options changed; values may be JSON-style (strings, lists)."""
        return replace(self, **coerce_all(overrides))

    def to_json(self) -> dict[str, Any]:
        """Every option as a JSON-ready value (the inverse of the ``options`` overrides)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, frozenset):
                value = sorted(str(v) for v in value)
            elif isinstance(value, OkaUma):
                value = {"oka": value.oka, "uma": list(value.uma)}
            elif isinstance(value, StrEnum):
                value = str(value)
            out[f.name] = value
        return out


def _check_contradictions(o: RiichiOptions) -> None:
    if o.head_bump and o.double_ron:
        raise OptionError("head_bump = true contradicts double_ron = true (set one of them false)")
    if o.nagashi_allow_own_calls and not o.nagashi_mangan:
        raise OptionError("nagashi_allow_own_calls = true needs nagashi_mangan = true")
    if o.max_yakuman_multiplier is not None and o.max_yakuman_multiplier < 1:
        raise OptionError("max_yakuman_multiplier must be at least 1 (or null for no cap)")
    if not o.per_action_timer and (
        o.per_action_time_s is not None or o.call_prompt_time_s is not None
    ):
        raise OptionError(
            "per_action_timer = false contradicts per-action times (set them to null)"
        )
    for name in ("per_action_time_s", "call_prompt_time_s"):
        value = getattr(o, name)
        if value is not None and value <= 0:
            raise OptionError(f"option {name}: must be positive")
    if o.riichi_min_points < 0 or o.riichi_min_wall < 0 or o.start_points <= 0:
        raise OptionError("riichi_min_points, riichi_min_wall must be >= 0 and start_points > 0")


_DOMAN = RiichiOptions()
PRESETS: dict[str, RiichiOptions] = {
    "doman": _DOMAN,
    "doman_no_kuitan": replace(
        _DOMAN,
        kuitan=False,
        per_action_timer=False,
        per_action_time_s=None,
        call_prompt_time_s=None,
        rating_formula=None,
        quick_match_rank_points=None,
        rank_points_on_rank_change=None,
        npc_table_rules=None,
    ),
    "tenhou": replace(
        _DOMAN,
        extension_round_threshold=30000,
        oka_uma=OkaUma(20000, (20, 10, -10, -20)),
        abortive_draws=STANDARD_ABORTS | {AbortiveDraw.FOUR_RIICHI},
        fifth_kan_aborts=False,
        max_yakuman_multiplier=None,
        nagashi_allow_own_calls=True,
        agari_yame=AgariYame.DEALER_FIRST_30000,
        time_80min_last_hand=False,
        hard_stop_120=False,
        per_action_time_s=None,
        call_prompt_time_s=None,
        rating_formula=None,
        quick_match_rank_points=None,
        rank_points_on_rank_change=None,
        npc_table_rules=None,
        dora_display=DoraDisplay.TRADITIONAL,
    ),
}
"""The named presets (§9.C). ``tenhou`` takes red fives, kuitan and length from each log's flags."""


def preset(name: str = "doman", **overrides: Any) -> RiichiOptions:
    """The options of a named preset with some knobs overridden (JSON-style values accepted)."""
    base = PRESETS.get(name)
    if base is None:
        raise OptionError(f"unknown riichi preset {name!r} (choose {', '.join(PRESETS)})")
    return base.with_overrides(**overrides) if overrides else base
