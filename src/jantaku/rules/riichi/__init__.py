"""The riichi scorer: options and presets, yaku, fu, limits, payments (spec doman-rules.md §3).

The engine calls :func:`score` with a :class:`WinContext` and :class:`RiichiOptions`; it returns a
:class:`ScoreResult` (a typed, explainable breakdown) or a :class:`NoWin` carrying a reason."""

from jantaku.rules.riichi.context import WinContext
from jantaku.rules.riichi.options import OptionError, RiichiOptions, preset
from jantaku.rules.riichi.result import (
    FuItem,
    FuLine,
    Limit,
    NoWin,
    NoWinReason,
    ScoreResult,
    YakuHan,
)
from jantaku.rules.riichi.scorer import score
from jantaku.rules.riichi.yaku import Yaku

__all__ = [
    "FuItem",
    "FuLine",
    "Limit",
    "NoWin",
    "NoWinReason",
    "OptionError",
    "RiichiOptions",
    "ScoreResult",
    "WinContext",
    "Yaku",
    "YakuHan",
    "preset",
    "score",
]
