"""The table rules the engine reads, taken by name from a riichi options object.

The option names are those of the spec's option table (doman-rules.md §9.C); the scorer reads the
yaku- and fu-related ones itself."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

__all__ = ["TableRules"]


@dataclass(frozen=True, slots=True)
class TableRules:
    """Flow rules of a deal and a match (defaults: the ``doman`` preset)."""

    start_points: int = 25000
    length: str = "east_south"  # east_only | east_south
    extension_round_threshold: int | None = None  # tenhou: 30000
    red_fives: int = 3
    abortive_draws: frozenset[str] = frozenset(
        {"nine_terminals", "four_winds", "four_kans", "triple_ron"}
    )
    fifth_kan_aborts: bool = True
    four_kan_abort_timing: str = "after_replacement_discard"
    double_ron: bool = True
    head_bump: bool = False
    multi_ron_sticks_honba: str = "nearest_winner"
    nagashi_mangan: bool = True
    nagashi_allow_own_calls: bool = False
    kokushi_rob_ankan: bool = False
    kan_dora_timing: str = "tenhou"
    kan_ura: bool = True
    kan_on_last_draw: bool = False
    rinshan_counts_haitei: bool = False
    karaten_counts_as_tenpai: bool = False
    abortive_draw_dealer_repeats: bool = True
    riichi_min_points: int = 1000
    riichi_min_wall: int = 4
    riichi_ankan_rule: str = "tenhou_strict"  # tenhou_strict | waits_unchanged
    # dealer_first: a leading all-last dealer stops on a win or a ready draw (Doman);
    # dealer_first_30000: on a win only, leading with >= 30000 (Tenhou, no tenpai-yame)
    agari_yame: str = "dealer_first"
    bust_below_zero: bool = True
    leftover_sticks: str = "to_first"
    time_80min_last_hand: bool = True
    hard_stop_120: bool = True

    @classmethod
    def from_options(cls, options: Any) -> TableRules:
        """Read every field of the same name from a riichi options object (missing: default)."""
        values: dict[str, Any] = {}
        for f in fields(cls):
            if hasattr(options, f.name):
                value = getattr(options, f.name)
                if f.name == "abortive_draws":
                    value = frozenset(str(getattr(v, "value", v)) for v in value)
                elif hasattr(value, "value") and not isinstance(value, bool | int):
                    value = value.value  # an enum option
                values[f.name] = value
        return cls(**values)
