"""What each riichi option accepts, its documentation and the rule text it comes from
(doman-rules.md §9.C): the table behind :class:`~jantaku.rules.riichi.options.RiichiOptions`'s
checks and ``OPTION_DOCS``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from jantaku.rules.riichi.option_values import (
    AbortiveDraw,
    AgariYame,
    DoraDisplay,
    Length,
    OkaUma,
    OptionError,
    PaoYakuman,
)

__all__ = ["OPTION_DOCS", "SPECS", "coerce_all"]


@dataclass(frozen=True, slots=True)
class _Spec:
    """What one option accepts, its documentation and where the rule comes from."""

    doc: str
    source: str
    coerce: Callable[[str, Any], Any]
    allowed: tuple[Any, ...] | None = None

    def check(self, name: str, value: Any) -> None:
        if self.coerce(name, value) != value:
            raise OptionError(f"option {name}: {value!r} has the wrong type")
        if self.allowed is not None and value not in self.allowed:
            choices = ", ".join("null" if a is None else str(a) for a in self.allowed)
            raise OptionError(f"option {name}: {_show(value)} is not allowed (choose {choices})")


def _show(value: Any) -> str:
    return "null" if value is None else str(value)


def _bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise OptionError(f"option {name}: expected true or false, not {value!r}")
    return value


def _int(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(f"option {name}: expected a whole number, not {value!r}")
    return value


def _opt_int(name: str, value: Any) -> int | None:
    return None if value is None else _int(name, value)


def _str(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise OptionError(f"option {name}: expected a string, not {value!r}")
    return value


def _opt_str(name: str, value: Any) -> str | None:
    return None if value is None else _str(name, value)


def _enum(cls: type[StrEnum]) -> Callable[[str, Any], Any]:
    def coerce(name: str, value: Any) -> Any:
        try:
            return cls(_str(name, value))
        except ValueError:
            choices = ", ".join(str(m) for m in cls)
            raise OptionError(f"option {name}: {value!r} is not one of {choices}") from None

    return coerce


def _enum_set(cls: type[StrEnum]) -> Callable[[str, Any], Any]:
    one = _enum(cls)

    def coerce(name: str, value: Any) -> Any:
        if isinstance(value, str) or not isinstance(value, list | tuple | set | frozenset):
            raise OptionError(f"option {name}: expected a list, not {value!r}")
        return frozenset(one(name, v) for v in value)

    return coerce


def _oka_uma(name: str, value: Any) -> OkaUma | None:
    if value is None or isinstance(value, OkaUma):
        return value
    if isinstance(value, Mapping) and set(value) == {"oka", "uma"}:
        uma = value["uma"]
        if isinstance(uma, list | tuple) and len(uma) == 4:
            return OkaUma(_int(name, value["oka"]), tuple(_int(name, u) for u in uma))  # type: ignore[arg-type]
    raise OptionError(f'option {name}: expected null or {{"oka": n, "uma": [a, b, c, d]}}')


_TENHOU_SRC = "§7 Tenhou column"
SPECS: dict[str, _Spec] = {
    "start_points": _Spec("Points each player starts with. Default 25000.", "§2.1", _int),
    "length": _Spec(
        "east_south (full match) or east_only (quick). Default east_south.", "§2.1", _enum(Length)
    ),
    "extension_round_threshold": _Spec(
        "Score someone must reach or the game extends a round (null: no extension). "
        "Default null; tenhou 30000.",
        "§7",
        _opt_int,
        (None, 30000),
    ),
    "oka_uma": _Spec(
        "Final oka/uma adjustment, null for placement only. Default null; tenhou "
        "oka 20000, uma 20/10/-10/-20.",
        "§7",
        _oka_uma,
    ),
    "red_fives": _Spec("Number of red fives (one per suit) or 0. Default 3.", "§1", _int, (0, 3)),
    "kuitan": _Spec(
        "Open tanyao scores. Default true; false in doman_no_kuitan.", "§2.4, §3.2", _bool
    ),
    "atozuke": _Spec(
        "A yaku may come only from the winning tile. Default true (only value).",
        "§3.1",
        _bool,
        (True,),
    ),
    "kuikae": _Spec(
        "Swap-calling ban. Default forbid_same_and_suji (only value).",
        "§2.4",
        _str,
        ("forbid_same_and_suji",),
    ),
    "abortive_draws": _Spec(
        "Abortive draws in use. Default nine_terminals, four_winds, four_kans, "
        "triple_ron; tenhou adds four_riichi.",
        "§2.8.4, Q21",
        _enum_set(AbortiveDraw),
    ),
    "fifth_kan_aborts": _Spec(
        "A fifth kan when one player holds four aborts the hand. Default "
        "true; tenhou false (a fifth kan is illegal).",
        "§2.5, Q10",
        _bool,
    ),
    "four_kan_abort_timing": _Spec(
        "When four kans by two or more players abort. Default "
        "after_replacement_discard (only value).",
        "Q10",
        _str,
        ("after_replacement_discard",),
    ),
    "double_ron": _Spec("Two players may ron the same discard. Default true.", "§2.8.1", _bool),
    "head_bump": _Spec(
        "Only the winner nearest the discarder may ron. Default false.", "Q24", _bool
    ),
    "multi_ron_sticks_honba": _Spec(
        "Who gets sticks and honba in a double ron. Default nearest_winner (only value).",
        "Q6",
        _str,
        ("nearest_winner",),
    ),
    "yakuman_set": _Spec(
        "The yakuman in use. Default standard12 (the twelve of §3.3, only value).",
        "§3.3",
        _str,
        ("standard12",),
    ),
    "double_yakuman_patterns": _Spec(
        "Suuankou tanki, 13-sided kokushi, pure nine gates and "
        "daisuushii count double. Default false.",
        "Q2",
        _bool,
    ),
    "max_yakuman_multiplier": _Spec(
        "Cap on stacked yakuman (null: no cap). Default 4; tenhou null.", "§3.3, Q2", _opt_int
    ),
    "kazoe_yakuman": _Spec(
        "13+ han scores a yakuman (false: sanbaiman). Default true.", "§3.3", _bool
    ),
    "pao_yakuman": _Spec(
        "Yakuman with liability payment. Default daisangen, daisuushii.",
        "§3.3",
        _enum_set(PaoYakuman),
    ),
    "pao_scope": _Spec(
        "Liability covers the whole hand incl. stacked yakuman. Default whole_hand (only value).",
        "Q7",
        _str,
        ("whole_hand",),
    ),
    "pao_ron_honba_payer": _Spec(
        "Who pays the honba on a pao ron by a third player: discarder or "
        "liable. Default discarder.",
        "Q7",
        _str,
        ("discarder", "liable"),
    ),
    "nagashi_mangan": _Spec(
        "Nagashi mangan at an exhaustive draw. Default true.", "§2.8.3, Q8", _bool
    ),
    "nagashi_allow_own_calls": _Spec(
        "Nagashi mangan despite own calls. Default false; tenhou true.", "Q8", _bool
    ),
    "kokushi_rob_ankan": _Spec(
        "Thirteen orphans may rob a concealed kan. Default false.", "§2.5", _bool
    ),
    "kan_dora_timing": _Spec(
        "Kan-dora reveal timing. Default tenhou (only value).", "Q1", _str, ("tenhou",)
    ),
    "kan_ura": _Spec(
        "Riichi winners also get the ura under kan-dora indicators. Default true.", "Q1", _bool
    ),
    "kan_on_last_draw": _Spec(
        "A kan may be declared on the haitei draw. Default false.", "Q11", _bool
    ),
    "rinshan_counts_haitei": _Spec(
        "A replacement tile drawn as the wall empties also scores haitei. Default false.",
        "Q11",
        _bool,
    ),
    "kiriage_mangan": _Spec(
        "4 han 30 fu and 3 han 60 fu score mangan. Default false.", "§3.6, Q3", _bool
    ),
    "double_wind_pair_fu": _Spec(
        "Fu for a pair of the wind that is both seat and round wind. Default 4.",
        "§3.5, Q4",
        _int,
        (2, 4),
    ),
    "rinshan_tsumo_fu": _Spec("Tsumo fu on a rinshan win. Default 2.", "§3.5, Q5", _int, (0, 2)),
    "karaten_counts_as_tenpai": _Spec(
        "A wait whose four copies the player holds still counts as tenpai. Default false.",
        "Q13",
        _bool,
    ),
    "abortive_draw_dealer_repeats": _Spec(
        "The dealer repeats after an abortive draw. Default true.", "Q9", _bool
    ),
    "riichi_min_points": _Spec("Points needed to declare riichi. Default 1000.", "§2.6, Q22", _int),
    "riichi_min_wall": _Spec(
        "Live-wall tiles needed to declare riichi. Default 4.", "§2.6, Q22", _int
    ),
    "riichi_ankan_rule": _Spec(
        "Concealed kan after riichi: tenhou_strict or waits_unchanged. Default tenhou_strict.",
        "§2.5, Q20",
        _str,
        ("tenhou_strict", "waits_unchanged"),
    ),
    "agari_yame": _Spec(
        "All-last dealer stop, for a dealer in first place: dealer_first (ends on the "
        "dealer's win or ready hand at the exhaustive draw, no threshold) or "
        "dealer_first_30000 (ends on the dealer's win only, with at least 30,000; a ready "
        "dealer plays on). Default dealer_first; tenhou dealer_first_30000.",
        "§2.10, §7",
        _enum(AgariYame),
    ),
    "agari_yame_leader": _Spec(
        "What leading means for the stop. Default strict_first (only value).",
        "Q18",
        _str,
        ("strict_first",),
    ),
    "bust_below_zero": _Spec("A score below zero ends the game. Default true.", "§2.10", _bool),
    "leftover_sticks": _Spec(
        "Sticks left at the end go to first place. Default to_first (only value).",
        "§2.10",
        _str,
        ("to_first",),
    ),
    "time_80min_last_hand": _Spec(
        "After 80 minutes the next hand is the last. Default true; tenhou false.",
        "§2.10, Q19",
        _bool,
    ),
    "hard_stop_120": _Spec(
        "The match stops at 120 minutes. Default true; tenhou false.", "§2.10", _bool
    ),
    "per_action_timer": _Spec(
        "Per-action time limits. Default true; false in party rooms.", "§5.3", _bool
    ),
    "per_action_time_s": _Spec(
        "Seconds per discard decision (placeholder). Default 15; null where irrelevant.",
        "Q12",
        _opt_int,
    ),
    "call_prompt_time_s": _Spec(
        "Seconds per call/ron prompt (placeholder). Default 8; null where irrelevant.",
        "Q12",
        _opt_int,
    ),
    "rating_formula": _Spec(
        "Rating update (unofficial). Default tenhou_style; null unrated.",
        "Q14",
        _opt_str,
        ("tenhou_style", None),
    ),
    "quick_match_rank_points": _Spec(
        "Rank points of quick matches. Default same_as_full; null unranked.",
        "Q15",
        _opt_str,
        ("same_as_full", None),
    ),
    "rank_points_on_rank_change": _Spec(
        "Rank points after promotion/demotion. Default rank_start_value; null unranked.",
        "Q16",
        _opt_str,
        ("rank_start_value", None),
    ),
    "npc_table_rules": _Spec(
        "Rules at NPC tables. Default ranked; null elsewhere.", "Q17", _opt_str, ("ranked", None)
    ),
    "dora_display": _Spec(
        "UI only: show the dora (doman) or the indicator (traditional). "
        "Default doman; tenhou traditional.",
        "§1, Q23",
        _enum(DoraDisplay),
    ),
}

OPTION_DOCS: dict[str, tuple[str, str]] = {k: (v.doc, v.source) for k, v in SPECS.items()}
"""Option name -> (documentation with default, spec section)."""


def coerce_all(overrides: Mapping[str, Any]) -> dict[str, Any]:
    """The overrides by name, each coerced from its JSON-style value (unknown names raise)."""
    out: dict[str, Any] = {}
    for name, value in overrides.items():
        spec = SPECS.get(name)
        if spec is None:
            raise OptionError(f"unknown riichi option {name!r}")
        out[name] = spec.coerce(name, value)
    return out
