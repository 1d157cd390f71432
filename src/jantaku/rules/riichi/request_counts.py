"""The common score request read straight into the scorer's packed counts (:mod:`.packed`),
scored by :func:`.scorer.score_packed` and written as JSON text, without the ``Tile``,
``Meld`` and ``WinContext`` objects of the general path (``jantaku score --batch`` reads every
request; docs/speed.md has what this saves).

It reads what :mod:`.request_fast` reads (a JSON object of known keys, a preset without
overrides, plain notation, winds as letters, flags as booleans) and answers only where the
general path answers without raising: every tile has a copy left in the set, the melds are
melds, the hand has its size, the flags agree. Anything else gives None, and the general path
answers (naming any problem). Tile strings are read once: short ones (winning tiles,
indicators, melds) are remembered whole, since they come again and again."""

from __future__ import annotations

from typing import Any, NamedTuple

from jantaku.errors import InvalidHandError
from jantaku.rules.riichi.answer import no_win_text, standard_reading, win_text
from jantaku.rules.riichi.fu import Group
from jantaku.rules.riichi.options import PRESETS, RiichiOptions
from jantaku.rules.riichi.packed import BITS, KIND_WEIGHT, ONES, bad_counts, unpack
from jantaku.rules.riichi.request_tiles import (
    FLAGS,
    KEYS,
    MAX_COUNT,
    MAX_INDICATORS,
    MAX_NOTATION,
    MELD_SIZES,
    PLAIN_NOTATION,
    RUNS,
    SEATS,
    SUIT_BASE,
    Copies,
    built_meld,
    plain_kinds,
)
from jantaku.rules.riichi.result import NoWin
from jantaku.rules.riichi.scorer import score_packed
from jantaku.rules.riichi.scorer_input import NO_MELDS, Melded, contradicting_flags, read_melds
from jantaku.rules.riichi.yaku.facts import STANDARD
from jantaku.tiles import Wind, format_tiles, tile_at

__all__ = ["PlainWin", "plain_options", "plain_request_text", "plain_win"]


class PlainWin(NamedTuple):
    """The flags of a plain request as the scorer reads them (:class:`.context.WinFacts`)."""

    tsumo: bool
    seat_wind: Wind
    round_wind: Wind
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool
    first_turn: bool
    honba: int
    deposits: int
    discarder: int | None
    pao: int | None


Piece = tuple[int, int, int, tuple[int, ...]]
"""Tiles read from notation: how many, their kinds packed, their red fives packed (by kind),
their kinds in order."""
MeldRecord = tuple[int, int, int, bool, Melded, str]
"""A meld read: its tiles packed, its red fives packed, whether it is a kong, whether it keeps
the hand closed, its parts as :func:`.scorer_input.read_melds` gives them, its notation."""

_WINDS = {w.letter: w for w in Wind}
_FALSE = (False,) * len(FLAGS)
_FLAG_KEYS = frozenset(FLAGS)
_BOOL = frozenset({bool})
_SHORT = 10
_MEMO_LIMIT = 1 << 14
_pieces: dict[str, Piece | None] = {}
_melds: dict[tuple[str, str, bool], MeldRecord | None] = {}
_PLAIN_FOURS = sum(4 << BITS * k for k in (4, 13, 22))
"""Bit 2 of the fives' fields: set where a count of at most four is four."""
_RUN_WEIGHT = {
    letter: {str(d): KIND_WEIGHT[base + (4 if d == 0 else d - 1)] for d in range(10)}.__getitem__
    for letter, base in SUIT_BASE.items()
}
"""By suit letter: the packed weight of a digit's tile (0: the red five)."""
_RED_WEIGHT = {letter: KIND_WEIGHT[base + 4] for letter, base in SUIT_BASE.items()}
_new_win = tuple.__new__  # builds a PlainWin without the named tuple's Python-level __new__
_TWO_OR_MORE = ONES * 30
"""The bits of every field above its lowest: set where a count is 2 or more."""


def _piece(text: Any) -> Piece | None:
    """The tiles of plain notation, or None; short texts remembered."""
    if type(text) is not str or len(text) > MAX_NOTATION:
        return None
    found = _pieces.get(text, _pieces)
    if found is not _pieces:
        return found  # type: ignore[return-value]
    kinds = plain_kinds(text)
    piece = None
    if kinds is not None and len(kinds) <= 14:  # more is never valid, and could overflow
        code = red = 0
        for k in kinds:
            if k < 0:
                red += KIND_WEIGHT[~k]
            code += KIND_WEIGHT[k if k >= 0 else ~k]
        piece = (len(kinds), code, red, tuple([k if k >= 0 else ~k for k in kinds]))
    if len(text) <= _SHORT:
        if len(_pieces) >= _MEMO_LIMIT:
            _pieces.clear()
        _pieces[text] = piece
    return piece


def _hand(text: Any) -> Piece | None:
    """The concealed tiles of plain notation, or None (their kinds in order are not kept: no
    one reads them). Hands are nearly always new: each run of digits is summed at C speed."""
    if type(text) is not str or len(text) > MAX_NOTATION or not PLAIN_NOTATION.fullmatch(text):
        return None
    n = code = red = 0
    for digits, letter in RUNS.findall(text):
        n += len(digits)
        if n > 14:  # more is never valid, and the counts could overflow
            return None
        code += sum(map(_RUN_WEIGHT[letter], digits))
        if "0" in digits:
            red += digits.count("0") * _RED_WEIGHT[letter]
    return n, code, red, ()


def _meld(kind: Any, tiles: Any, red_fives: bool) -> MeldRecord | None:
    """A meld of the request's form (type and tiles), or None where it is not one; remembered."""
    if type(kind) is not str or type(tiles) is not str or kind not in MELD_SIZES:
        return None
    key = (kind, tiles, red_fives)
    found = _melds.get(key, _melds)
    if found is not _melds:
        return found  # type: ignore[return-value]
    record = None
    taken = Copies(red_fives).read(tiles, MELD_SIZES[kind])
    if taken is not None:
        try:
            meld = built_meld(kind, taken)
        except InvalidHandError:
            meld = None
        if meld is not None:
            code, _red, kongs, closed, melded = read_melds((meld,), 0, 0, 0)
            red = sum([KIND_WEIGHT[t.kind_id] for t in taken if t.red])
            record = (code, red, kongs, closed, melded, f"[{meld.notation}]")
    if len(_melds) >= _MEMO_LIMIT:
        _melds.clear()
    _melds[key] = record
    return record


Read = tuple[PlainWin, RiichiOptions, Piece, Piece, int, int, int, bool, Melded, list[str]]
"""A plain request read: its flags, options, hand, winning tile, the melds' tiles packed, red
fives packed, kongs, closedness and parts, and their notation."""


def plain_request_text(obj: Any) -> str | None:
    """The result text of a plain, valid request (what :func:`.answer.result_text` gives on
    the general path), or None where the general path must answer."""
    read = _read(obj)
    if read is None:
        return None
    w, options, hand, won, meld_code, meld_red, kongs, closed, melded, meld_texts = read
    code = hand[1] + won[1]
    total = code + meld_code
    riichi = w.riichi or w.double_riichi
    n_melds = len(meld_texts)
    if (riichi and not closed) or (  # what impossible() finds that _read did not rule out
        (w.double_riichi or w.ippatsu or w.haitei or w.houtei or w.rinshan or w.chankan
         or w.first_turn)
        and contradicting_flags(w, n_melds, w.tsumo, riichi, kongs)
    ):  # fmt: skip
        return None  # the general path names the problem
    kinds = (code | code >> 1 | code >> 2) & ONES  # packed.present, inline
    red = (hand[2] + won[2] + meld_red).bit_count()  # at most one red five of a kind
    result = score_packed(
        w, options, code, kinds, total, red, kongs, closed, melded, riichi, won[3][0], n_melds
    )
    if isinstance(result, NoWin):
        return no_win_text(result)
    detail = result.detail
    groups = detail.groups
    if detail.shape is STANDARD:
        reading = standard_reading(groups, n_melds, detail.pair, " ".join(meld_texts))
    else:
        reading = _notation(code, hand[2] + won[2])
    return win_text(result, groups, w.honba, w.deposits, reading)


def plain_options(obj: Any) -> RiichiOptions | None:
    """The preset's options of a plain request: a JSON object of known keys with a hand and a
    winning tile, naming a preset (or none) without overrides; None otherwise."""
    if type(obj) is not dict or not KEYS.issuperset(obj) or "options" in obj:
        return None
    rules = obj.get("rules", "doman")
    options = PRESETS.get(rules) if type(rules) is str else None
    if options is None or "hand" not in obj or "win_tile" not in obj:
        return None
    return options


def _read(obj: Any) -> Read | None:
    """The request read, or None where it is not plain or not valid."""
    options = plain_options(obj)
    if options is None:
        return None
    red_fives = options.red_fives > 0
    meld_code = meld_red = kongs = 0
    closed = True
    melded = NO_MELDS
    texts: list[str] = []
    if "melds" in obj and obj["melds"] != []:
        found = _read_melds(obj["melds"], red_fives, texts)
        if found is None:
            return None
        meld_code, meld_red, kongs, closed, melded = found
    hand = _hand(obj["hand"])
    won = _piece(obj["win_tile"])
    dora = obj.get("dora_indicators", "")
    dora = _NO_TILES if dora == "" else _indicators(dora)
    ura = obj.get("ura_indicators", "")
    ura = _NO_TILES if ura == "" else _indicators(ura)
    if (
        hand is None
        or hand[0] != 13 - 3 * len(texts)
        or won is None
        or won[0] != 1
        or dora is None
        or ura is None
        or bad_counts(hand[1])  # then no count below overflows its five bits
        or bad_counts(hand[1] + won[1] + meld_code)
        or bad_counts(hand[1] + won[1] + meld_code + dora[1] + ura[1])
    ):
        return None
    reds = hand[2] + won[2] + meld_red + dora[2] + ura[2]
    if reds and (not red_fives or reds & _TWO_OR_MORE):
        return None
    if red_fives and (hand[1] + won[1] + meld_code + dora[1] + ura[1] - reds) & _PLAIN_FOURS:
        return None  # four plain fives: with red fives on the set has three and the red one
    w = plain_win(obj, dora[3], ura[3])
    if w is None:
        return None
    return w, options, hand, won, meld_code, meld_red, kongs, closed, melded, texts


def _read_melds(
    value: Any, red_fives: bool, texts: list[str]
) -> tuple[int, int, int, bool, Melded] | None:
    """The melds of a list of well-formed ``{"type": ..., "tiles": ...}`` (at most four), or
    None; their notation goes to ``texts``."""
    if type(value) is not list or len(value) > 4:
        return None
    code = red = kongs = ankans = fu = 0
    closed = True
    chows: tuple[int, ...] = ()
    pungs: tuple[int, ...] = ()
    groups: list[Group] = []
    for m in value:
        if type(m) is not dict or len(m) != 2 or "tiles" not in m:
            return None
        record = _meld(m.get("type"), m["tiles"], red_fives)
        if record is None:
            return None
        code += record[0]
        red += record[1]
        kongs += record[2]
        closed = closed and record[3]
        parts = record[4]
        chows += parts[0]
        pungs += parts[1]
        ankans += parts[2]
        fu += parts[3]
        groups.extend(parts[4])
        texts.append(record[5])
    return code, red, kongs, closed, (chows, pungs, ankans, fu, groups)


def _indicators(value: Any) -> Piece | None:
    """Dora or ura indicators (not none): one to five tiles of plain notation."""
    piece = _piece(value)
    return piece if piece is not None and 1 <= piece[0] <= MAX_INDICATORS else None


_NO_TILES: Piece = (0, 0, 0, ())


def plain_win(obj: dict[str, Any], dora: tuple[int, ...], ura: tuple[int, ...]) -> PlainWin | None:
    """The win's flags, winds, counts and seats of a plain request (with the indicators
    given), or None where one is not well-formed (the general path names it)."""
    win = obj.get("win", "ron")
    flags = _FALSE if _FLAG_KEYS.isdisjoint(obj) else tuple(map(obj.get, FLAGS, _FALSE))
    seat_wind = obj.get("seat_wind", "E")
    seat_wind = _WINDS.get(seat_wind) if type(seat_wind) is str else None
    round_wind = obj.get("round_wind", "E")
    round_wind = _WINDS.get(round_wind) if type(round_wind) is str else None
    honba = obj.get("honba", 0)
    deposits = obj.get("deposits", 0)
    discarder = obj.get("discarder")  # a tsumo has none: the general path refuses one
    pao = obj.get("pao")
    if (
        (win != "ron" and win != "tsumo")
        or (flags is not _FALSE and not _BOOL.issuperset(map(type, flags)))  # True, False
        or seat_wind is None
        or round_wind is None
        or type(honba) is not int
        or not 0 <= honba <= MAX_COUNT
        or type(deposits) is not int
        or not 0 <= deposits <= MAX_COUNT
        or (discarder is not None and (type(discarder) is not str or discarder not in SEATS))
        or (discarder is not None and win == "tsumo")
        or (pao is not None and (type(pao) is not str or pao not in SEATS))
    ):
        return None
    return _new_win(  # the fields in order (see PlainWin)
        PlainWin,
        (
            win == "tsumo", seat_wind, round_wind, dora, ura, *flags, honba, deposits,
            None if discarder is None else SEATS[discarder], None if pao is None else SEATS[pao],
        ),
    )  # fmt: skip


def _notation(code: int, reds: int) -> str:
    """The packed tiles in notation, sorted as the general path sorts its tiles (a red five is
    its kind's first copy, so it is written before the plain ones)."""
    tiles = []
    for kind, n in enumerate(unpack(code)):
        red = reds >> BITS * kind & 1
        if red:
            tiles.append(tile_at(4 * kind, True))
        tiles += [tile_at(4 * kind + red + copy) for copy in range(n - red)]
    return format_tiles(tiles)
