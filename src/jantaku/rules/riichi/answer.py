"""The result object of ``jantaku score`` (see :mod:`.request` for its keys), as a dict
(:func:`result_json`) or straight as the JSON text the batch writes (:func:`result_text`).

The text is the one ``json.JSONEncoder().encode(result_json(...))`` gives, byte for byte: its
variable parts (the yaku and fu lists) are encoded by that encoder once per distinct list and
remembered, the rest are numbers and fixed words put into a template. A batch writes one
result per request, and encoding the nested dict costs as much as scoring the hand."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from jantaku.rules.riichi.context import WinContext
from jantaku.rules.riichi.fu import Group
from jantaku.rules.riichi.result import FuLine, Limit, NoWin, NoWinReason, ScoreResult, YakuHan
from jantaku.tiles import TileKind, format_tiles

__all__ = [
    "SEAT_NAMES",
    "no_win_text",
    "result_json",
    "result_text",
    "standard_reading",
    "win_text",
]

SEAT_NAMES = {1: "right", 2: "across", 3: "left"}
_KINDS = tuple(TileKind)


def _reading(ctx: WinContext, result: ScoreResult, groups: Sequence[Group]) -> str:
    """The chosen reading in notation; ``groups`` is the result's :attr:`~ScoreResult.groups`."""
    if result.shape != "standard":
        return format_tiles(sorted((*ctx.hand, ctx.win_tile), key=lambda t: t.index))
    melds = " ".join([f"[{m.notation}]" for m in ctx.melds])
    return standard_reading(groups, len(ctx.melds), result.detail.pair, melds)


def standard_reading(groups: Sequence[Group], n_melds: int, pair: int, melds: str) -> str:
    """A standard reading in notation: its concealed groups (``groups`` after the ``n_melds``
    melds' own), its pair, then ``melds``, the melds' notation in brackets."""
    parts = [
        (_CHOW_TEXT if gtype == 0 else _PUNG_TEXT)[kind]
        for gtype, kind, _concealed in groups[n_melds:]
    ]
    parts.append(_PAIR_TEXT[pair])
    if melds:
        parts.append(melds)
    return " ".join(parts)


def _group_texts(size: int, step: int) -> tuple[str, ...]:
    """Per kind, the notation of ``size`` tiles from it upward by ``step`` (chows stay in
    their suit: only first kinds up to 7 are read)."""
    return tuple(
        "".join(str(min(k.number + i * step, 9)) for i in range(size)) + k.letter for k in _KINDS
    )


_CHOW_TEXT = _group_texts(3, 1)
_PUNG_TEXT = _group_texts(3, 0)
_PAIR_TEXT = _group_texts(2, 0)


def result_json(ctx: WinContext, result: ScoreResult | NoWin) -> dict[str, Any]:
    """The JSON object of a result (see the module docstring)."""
    if isinstance(result, NoWin):
        return {"win": False, "reason": result.reason.value}
    pay = result.payments
    return {
        "win": True,
        "han": result.han,
        "fu": result.fu,
        "yakuman": result.yakuman,
        "limit": None if result.limit is None else result.limit.value,
        "yaku": [{"name": y.name, "han": y.han} for y in result.yaku],
        "fu_items": [
            {"item": f.item._value_, "fu": f.fu, "tiles": f.tiles} for f in result.fu_items
        ],
        "points": result.points,
        "payments": {
            "winner": result.received,
            "right": -pay[0],
            "across": -pay[1],
            "left": -pay[2],
        },
        "dealer": result.dealer,
        "win_type": "tsumo" if result.tsumo else "ron",
        "honba": ctx.honba,
        "deposits": ctx.deposits,
        "pao": None if result.liable is None else SEAT_NAMES[result.liable],
        "wait": result.wait,
        "shape": result.shape,
        "reading": _reading(ctx, result, result.groups),
    }


_encode = json.JSONEncoder().encode
_NO_WIN_TEXT = {r: _encode({"win": False, "reason": r.value}) for r in NoWinReason}
_LIMIT_TEXT: dict[Limit | None, str] = {None: "null", **{x: _encode(x.value) for x in Limit}}
_PAO_TEXT: dict[int | None, str] = {None: "null", **{s: _encode(n) for s, n in SEAT_NAMES.items()}}
_TRUE_TEXT = {True: "true", False: "false"}
_WIN_TYPE_TEXT = {True: '"tsumo"', False: '"ron"'}
_YAKU_TEXT: dict[YakuHan, str] = {}
_FU_TEXT: dict[FuLine, str] = {}
_MEMO_LIMIT = 4096


def _listed(items: Sequence[tuple[object, ...]], texts: dict[Any, str], encode: Any) -> str:
    """The JSON list of ``items``, each encoded once by ``encode`` and remembered in ``texts``
    (the items of a result, yaku lines and fu items, are a few hundred in all)."""
    parts = []
    for item in items:
        text = texts.get(item)
        if text is None:
            if len(texts) >= _MEMO_LIMIT:
                texts.clear()
            text = texts[item] = encode(item)
        parts.append(text)
    return "[" + ", ".join(parts) + "]"


def _yaku_item(line: YakuHan) -> str:
    return _encode({"name": line.name, "han": line.han})


def _fu_item(line: FuLine) -> str:
    return _encode({"item": line.item._value_, "fu": line.fu, "tiles": line.tiles})


def result_text(ctx: WinContext, result: ScoreResult | NoWin) -> str:
    """``json.JSONEncoder().encode(result_json(ctx, result))``, without building the dict."""
    if isinstance(result, NoWin):
        return _NO_WIN_TEXT[result.reason]
    groups = result.detail.groups
    return win_text(result, groups, ctx.honba, ctx.deposits, _reading(ctx, result, groups))


def no_win_text(result: NoWin) -> str:
    """The JSON text of a result that is no win."""
    return _NO_WIN_TEXT[result.reason]


def win_text(
    result: ScoreResult, groups: list[Group], honba: int, deposits: int, reading: str
) -> str:
    """The JSON text of a win whose groups (:attr:`.Breakdown.groups`) and reading in notation
    are known (the wait and shape are plain lowercase words and the reading is tile notation,
    digits, suit letters, spaces and brackets: nothing in them to escape)."""
    pay = result.payments
    detail = result.detail
    return (
        f'{{"win": true, "han": {result.han}, "fu": {result.fu}, '
        f'"yakuman": {result.yakuman}, "limit": {_LIMIT_TEXT[result.limit]}, '
        f'"yaku": {_listed(detail.yaku(), _YAKU_TEXT, _yaku_item)}, '
        f'"fu_items": {_listed(detail.fu_items(groups), _FU_TEXT, _fu_item)}, '
        f'"points": {result.points}, "payments": {{"winner": {result.received}, '
        f'"right": {-pay[0]}, "across": {-pay[1]}, "left": {-pay[2]}}}, '
        f'"dealer": {_TRUE_TEXT[result.dealer]}, "win_type": {_WIN_TYPE_TEXT[result.tsumo]}, '
        f'"honba": {honba}, "deposits": {deposits}, "pao": {_PAO_TEXT[result.liable]}, '
        f'"wait": "{detail.wait_name}", "shape": "{detail.shape_name}", "reading": "{reading}"}}'
    )
