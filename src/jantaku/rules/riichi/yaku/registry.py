"""The yaku registry: every yaku and yakuman as one entry (id, romaji name, closed/open han or
yakuman value) with a cheap predicate over the precomputed :class:`Facts` of one reading."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from jantaku.rules.riichi.yaku.facts import Facts

__all__ = ["REGISTRY", "Yaku", "YakuDef", "register"]


class Yaku(StrEnum):
    """Yaku ids; the value is the documented snake_case romaji name used in JSON output."""

    RIICHI = "riichi"
    DOUBLE_RIICHI = "double_riichi"
    IPPATSU = "ippatsu"
    MENZEN_TSUMO = "menzen_tsumo"
    PINFU = "pinfu"
    TANYAO = "tanyao"
    IIPEIKOU = "iipeikou"
    YAKUHAI_HAKU = "yakuhai_haku"
    YAKUHAI_HATSU = "yakuhai_hatsu"
    YAKUHAI_CHUN = "yakuhai_chun"
    YAKUHAI_SEAT_WIND = "yakuhai_seat_wind"
    YAKUHAI_ROUND_WIND = "yakuhai_round_wind"
    RINSHAN_KAIHOU = "rinshan_kaihou"
    CHANKAN = "chankan"
    HAITEI = "haitei"
    HOUTEI = "houtei"
    SANSHOKU_DOUJUN = "sanshoku_doujun"
    ITTSUU = "ittsuu"
    CHANTA = "chanta"
    TOITOI = "toitoi"
    SANSHOKU_DOUKOU = "sanshoku_doukou"
    SANANKOU = "sanankou"
    SANKANTSU = "sankantsu"
    HONROUTOU = "honroutou"
    SHOUSANGEN = "shousangen"
    CHIITOITSU = "chiitoitsu"
    JUNCHAN = "junchan"
    RYANPEIKOU = "ryanpeikou"
    HONITSU = "honitsu"
    CHINITSU = "chinitsu"
    # yakuman (§3.3); the *_variant names are the "included" special forms of Q2
    TENHOU = "tenhou"
    CHIIHOU = "chiihou"
    DAISANGEN = "daisangen"
    SUUANKOU = "suuankou"
    SUUANKOU_TANKI = "suuankou_tanki"
    TSUUIISOU = "tsuuiisou"
    RYUUIISOU = "ryuuiisou"
    CHINROUTOU = "chinroutou"
    KOKUSHI_MUSOU = "kokushi_musou"
    KOKUSHI_MUSOU_13_WAIT = "kokushi_musou_13_wait"
    DAISUUSHII = "daisuushii"
    SHOUSUUSHII = "shousuushii"
    SUUKANTSU = "suukantsu"
    CHUUREN_POUTOU = "chuuren_poutou"
    JUNSEI_CHUUREN_POUTOU = "junsei_chuuren_poutou"


Check = Callable[[Facts], bool]


@dataclass(frozen=True, slots=True)
class YakuDef:
    """One registry entry. ``open_han`` 0 means closed only. A yakuman has ``yakuman`` 1 and no
    han; ``double_pattern`` marks the four forms that count double under
    ``double_yakuman_patterns``."""

    id: Yaku
    closed_han: int
    open_han: int
    check: Check
    yakuman: int = 0
    double_pattern: bool = False

    @property
    def name(self) -> str:
        return self.id.value


REGISTRY: dict[Yaku, YakuDef] = {}
"""Every yaku by id, filled by the ``yaku`` modules as they are imported."""


def register(
    yaku: Yaku,
    closed_han: int = 0,
    open_han: int = 0,
    *,
    yakuman: int = 0,
    double_pattern: bool = False,
) -> Callable[[Check], Check]:
    """Decorator: add a predicate to the registry under ``yaku``."""

    def add(check: Check) -> Check:
        if yaku in REGISTRY:
            raise ValueError(f"yaku {yaku} registered twice")
        REGISTRY[yaku] = YakuDef(yaku, closed_han, open_han, check, yakuman, double_pattern)
        return check

    return add
