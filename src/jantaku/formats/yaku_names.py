"""Yaku names: Tenhou's numeric ids, the Japanese (and English) names logs print, and the
snake_case romaji ids of the neutral record."""

from __future__ import annotations

__all__ = ["TENHOU_YAKU", "YAKUMAN_IDS", "yaku_from_name", "yaku_id"]

TENHOU_YAKU: tuple[tuple[str, str], ...] = (
    ("menzen_tsumo", "門前清自摸和"),
    ("riichi", "立直"),
    ("ippatsu", "一発"),
    ("chankan", "槍槓"),
    ("rinshan_kaihou", "嶺上開花"),
    ("haitei_raoyue", "海底摸月"),
    ("houtei_raoyui", "河底撈魚"),
    ("pinfu", "平和"),
    ("tanyao", "断幺九"),
    ("iipeikou", "一盃口"),
    ("yakuhai_seat_east", "自風 東"),
    ("yakuhai_seat_south", "自風 南"),
    ("yakuhai_seat_west", "自風 西"),
    ("yakuhai_seat_north", "自風 北"),
    ("yakuhai_round_east", "場風 東"),
    ("yakuhai_round_south", "場風 南"),
    ("yakuhai_round_west", "場風 西"),
    ("yakuhai_round_north", "場風 北"),
    ("yakuhai_haku", "役牌 白"),
    ("yakuhai_hatsu", "役牌 發"),
    ("yakuhai_chun", "役牌 中"),
    ("double_riichi", "両立直"),
    ("chiitoitsu", "七対子"),
    ("chanta", "混全帯幺九"),
    ("ittsu", "一気通貫"),
    ("sanshoku_doujun", "三色同順"),
    ("sanshoku_doukou", "三色同刻"),
    ("sankantsu", "三槓子"),
    ("toitoi", "対々和"),
    ("sanankou", "三暗刻"),
    ("shousangen", "小三元"),
    ("honroutou", "混老頭"),
    ("ryanpeikou", "二盃口"),
    ("junchan", "純全帯幺九"),
    ("honitsu", "混一色"),
    ("chinitsu", "清一色"),
    ("renhou", "人和"),
    ("tenhou", "天和"),
    ("chiihou", "地和"),
    ("daisangen", "大三元"),
    ("suuankou", "四暗刻"),
    ("suuankou_tanki", "四暗刻単騎"),
    ("tsuuiisou", "字一色"),
    ("ryuuiisou", "緑一色"),
    ("chinroutou", "清老頭"),
    ("chuuren_poutou", "九蓮宝燈"),
    ("junsei_chuuren_poutou", "純正九蓮宝燈"),
    ("kokushi_musou", "国士無双"),
    ("kokushi_musou_13", "国士無双１３面"),
    ("daisuushii", "大四喜"),
    ("shousuushii", "小四喜"),
    ("suukantsu", "四槓子"),
    ("dora", "ドラ"),
    ("ura_dora", "裏ドラ"),
    ("aka_dora", "赤ドラ"),
)
"""Index = Tenhou's yaku id (mjlog ``yaku``/``yakuman`` attributes, mjx ``yakus``)."""

YAKUMAN_IDS = frozenset(range(37, 52))  # tenhou .. suukantsu (renhou, 36, is a mangan)

_BY_NAME: dict[str, int] = {jp: i for i, (_id, jp) in enumerate(TENHOU_YAKU)}
_BY_NAME.update({"純正九蓮宝燈": 46, "国士無双十三面": 48, "四暗刻単騎待ち": 41})
_ENGLISH: dict[str, int] = {
    "riichi": 1,
    "dora": 52,
    "ura dora": 53,
    "red five": 54,
    "aka dora": 54,
    "tsumo": 0,
    "fully concealed hand": 0,
    "ippatsu": 2,
    "pinfu": 7,
    "tanyao": 8,
    "all simples": 8,
}


def yaku_id(tenhou_id: int) -> str:
    """The record id of a Tenhou yaku number."""
    if not 0 <= tenhou_id < len(TENHOU_YAKU):
        return f"tenhou_{tenhou_id}"
    return TENHOU_YAKU[tenhou_id][0]


def yaku_from_name(name: str) -> tuple[str, int | None]:
    """(record id, Tenhou id) of a printed yaku name; unknown names get a slug of their own."""
    key = name.strip()
    if key in _BY_NAME:
        i = _BY_NAME[key]
        return TENHOU_YAKU[i][0], i
    low = key.lower()
    if low in _ENGLISH:
        i = _ENGLISH[low]
        return TENHOU_YAKU[i][0], i
    slug = "".join(c if c.isalnum() else "_" for c in low).strip("_")
    return slug or "unknown", None
