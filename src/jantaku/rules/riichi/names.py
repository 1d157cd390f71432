"""English labels of the yaku as every view shows them: the browser's table results and replay
(``table.yaku.*`` in ``static/js/i18n/table.en.js``) and the terminal game; a test checks that both
agree. A yaku without a label is shown by its romaji name."""

from __future__ import annotations

__all__ = ["YAKU_LABELS", "yaku_label"]

#: yaku name (as results carry it) -> English label
YAKU_LABELS: dict[str, str] = {
    "riichi": "Riichi",
    "double_riichi": "Double riichi",
    "ippatsu": "Ippatsu (one-shot)",
    "menzen_tsumo": "Menzen tsumo (concealed self-draw)",
    "pinfu": "Pinfu (no-points hand)",
    "tanyao": "Tanyao (all simples)",
    "iipeikou": "Iipeikou (two identical sequences)",
    "yakuhai_haku": "Yakuhai: white dragon",
    "yakuhai_hatsu": "Yakuhai: green dragon",
    "yakuhai_chun": "Yakuhai: red dragon",
    "yakuhai_seat_wind": "Yakuhai: seat wind",
    "yakuhai_round_wind": "Yakuhai: round wind",
    "rinshan_kaihou": "Rinshan kaihou (win on the kan tile)",
    "chankan": "Chankan (robbing the kan)",
    "haitei": "Haitei (last tile)",
    "houtei": "Houtei (last discard)",
    "sanshoku_doujun": "Sanshoku (three-colour sequence)",
    "ittsuu": "Ittsuu (straight)",
    "chanta": "Chanta (terminals and honours in each set)",
    "toitoi": "Toitoi (all triplets)",
    "sanshoku_doukou": "Sanshoku doukou (three-colour triplets)",
    "sanankou": "San ankou (three concealed triplets)",
    "sankantsu": "San kantsu (three kans)",
    "honroutou": "Honroutou (all terminals and honours)",
    "shousangen": "Shousangen (little three dragons)",
    "chiitoitsu": "Chiitoitsu (seven pairs)",
    "junchan": "Junchan (terminals in each set)",
    "ryanpeikou": "Ryanpeikou (twice two identical sequences)",
    "honitsu": "Honitsu (half flush)",
    "chinitsu": "Chinitsu (full flush)",
    "tenhou": "Tenhou (heavenly hand)",
    "chiihou": "Chiihou (earthly hand)",
    "daisangen": "Daisangen (big three dragons)",
    "suuankou": "Suu ankou (four concealed triplets)",
    "suuankou_tanki": "Suu ankou tanki",
    "tsuuiisou": "Tsuuiisou (all honours)",
    "ryuuiisou": "Ryuuiisou (all green)",
    "chinroutou": "Chinroutou (all terminals)",
    "kokushi_musou": "Kokushi musou (thirteen orphans)",
    "kokushi_musou_13_wait": "Kokushi musou, 13-sided wait",
    "daisuushii": "Daisuushii (big four winds)",
    "shousuushii": "Shousuushii (little four winds)",
    "suukantsu": "Suu kantsu (four kans)",
    "chuuren_poutou": "Chuuren poutou (nine gates)",
    "junsei_chuuren_poutou": "Junsei chuuren poutou (pure nine gates)",
    "dora": "Dora",
    "aka_dora": "Red fives",
    "ura_dora": "Ura dora",
}


def yaku_label(name: str) -> str:
    """``tanyao`` -> ``Tanyao (all simples)``; ``yakuhai_haku`` without a label would be
    ``Yakuhai haku``."""
    label = YAKU_LABELS.get(name)
    if label is not None:
        return label
    text = name.replace("_", " ")
    return text[:1].upper() + text[1:]
