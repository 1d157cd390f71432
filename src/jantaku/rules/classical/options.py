"""Options of the classical rule family and the ``sontag`` preset.

Every open point of the TU Chemnitz rules is settled by a project default (spec §11); each default
is a field here, so a user can switch to the alternative by name:
``preset("sontag", upper_limit=3000)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import Enum
from fractions import Fraction
from typing import Any

from jantaku.errors import JantakuError

__all__ = [
    "PRESETS",
    "CallPriority",
    "CallTieBreak",
    "ClassicalOptions",
    "DealPattern",
    "FlowerNames",
    "GreenHandStructure",
    "InitialSeating",
    "KongReplacementPremium",
    "Mundraub",
    "OptionError",
    "RemisPayments",
    "Rounding",
    "SingleWaitRule",
    "SpecialHandId",
    "SpecialHandScoring",
    "StoerspielNoSafeTile",
    "StoerspielPayment",
    "StoerspielRule",
    "WinningDiscardFigure",
    "preset",
]


class OptionError(JantakuError, ValueError):
    """An unknown option name or a value the option does not accept."""


class SpecialHandId(Enum):
    """The special hands of the catalogue (spec §4.3); the value is the option spelling."""

    HIMMELSGEWINN = "himmelsgewinn"
    ERDGEWINN = "erdgewinn"
    DREI_GELEHRTE = "drei_grosse_gelehrte"
    SCHLANGE = "schlange"
    GRUENE_HAND = "gruene_hand"
    FLUSH = "flush"
    ROYAL_FLUSH = "royal_flush"
    NEUN_LATERNEN_13 = "neun_laternen_13"
    NEUN_LATERNEN_14 = "neun_laternen_14"
    DREIZEHN_WUNDER = "dreizehn_wunder"
    ZWILLINGE_ERDE = "zwillinge_der_erde"
    ZWILLINGE_ERDE_EINFARBIG = "zwillinge_der_erde_einfarbig"
    ZWILLINGE_HIMMEL = "zwillinge_des_himmels"
    ZWILLINGE_HIMMEL_OHNE_ECKSTEINE = "zwillinge_des_himmels_ohne_ecksteine"
    HIMMELSLEITER = "himmelsleiter"
    HIMMELSLEITER_EINFARBIG = "himmelsleiter_einfarbig"
    VIER_SEGEN = "vier_segen"


class StoerspielRule(Enum):
    SONTAG = "sontag"  # §7: four triggers, three exceptions


class StoerspielPayment(Enum):
    TAKE_OVER_INNOCENT = "take_over_innocent"  # §6.1 literal reading (default)
    KAJONGG = "kajongg"  # violator pays the winner 4x / 6x value, no other settlement


class StoerspielNoSafeTile(Enum):
    """Exception 3 of §7.2 ("no other, non-dangerous tile") while several seats threaten: the
    spec is silent. Default: a tile is non-dangerous only if no threat forbids it, so a hand
    whose every tile some threat forbids may discard any (otherwise every discard would break
    the rule against somebody). Alternative: judged against each threat's own tiles alone."""

    ALL_THREATS = "all_threats"
    EACH_THREAT = "each_threat"


class Rounding(Enum):
    NONE = "none"


class DealPattern(Enum):
    CIK = "cik"


class InitialSeating(Enum):
    RANDOM = "random"
    FIXED = "fixed"


class CallPriority(Enum):
    MAHJONG_KONG_PUNG_CHOW = "mahjong_kong_pung_chow"


class CallTieBreak(Enum):
    NEAREST_TO_DISCARDER = "nearest_to_discarder"


class SingleWaitRule(Enum):
    TILE_KINDS = "tile_kinds"


class WinningDiscardFigure(Enum):
    OPEN = "open"
    CONCEALED = "concealed"


class SpecialHandScoring(Enum):
    HIGHER_OF = "higher_of"
    SPECIAL_VALUE = "special_value"


class GreenHandStructure(Enum):
    STANDARD = "standard"


class RemisPayments(Enum):
    NONE = "none"


class FlowerNames(Enum):
    SONTAG = "sontag"
    COMMON = "common"


class Mundraub(Enum):
    NONE = "none"


class KongReplacementPremium(Enum):
    NONE = "none"


_ALL_SPECIAL = frozenset(SpecialHandId)

# Values in limits (spec §4.3); the inferred entries are the project's reading, hence options.
DEFAULT_SPECIAL_HAND_VALUES: tuple[tuple[SpecialHandId, Fraction], ...] = (
    (SpecialHandId.HIMMELSGEWINN, Fraction(1)),
    (SpecialHandId.ERDGEWINN, Fraction(1)),
    (SpecialHandId.DREI_GELEHRTE, Fraction(1, 2)),
    (SpecialHandId.SCHLANGE, Fraction(1)),
    (SpecialHandId.GRUENE_HAND, Fraction(2)),
    (SpecialHandId.FLUSH, Fraction(1, 2)),
    (SpecialHandId.ROYAL_FLUSH, Fraction(1)),
    (SpecialHandId.NEUN_LATERNEN_13, Fraction(1)),
    (SpecialHandId.NEUN_LATERNEN_14, Fraction(1, 2)),
    (SpecialHandId.DREIZEHN_WUNDER, Fraction(1)),
    (SpecialHandId.ZWILLINGE_ERDE, Fraction(1, 2)),
    (SpecialHandId.ZWILLINGE_ERDE_EINFARBIG, Fraction(2)),
    (SpecialHandId.ZWILLINGE_HIMMEL, Fraction(1)),
    (SpecialHandId.ZWILLINGE_HIMMEL_OHNE_ECKSTEINE, Fraction(2)),
    (SpecialHandId.HIMMELSLEITER, Fraction(1)),
    (SpecialHandId.HIMMELSLEITER_EINFARBIG, Fraction(2)),
    (SpecialHandId.VIER_SEGEN, Fraction(1)),
)


@dataclass(frozen=True, slots=True)
class ClassicalOptions:
    """The rule options; field comments give the spec §11 row and the alternative."""

    special_hands: frozenset[SpecialHandId] = _ALL_SPECIAL  # §11.1 enabled set
    special_hand_values: tuple[tuple[SpecialHandId, Fraction], ...] = DEFAULT_SPECIAL_HAND_VALUES
    stoerspiel_rule: StoerspielRule = StoerspielRule.SONTAG  # §11.2
    stoerspiel_special_hands: bool = True  # §11.3 (false: cases 1-3 only)
    stoerspiel_payment: StoerspielPayment = StoerspielPayment.TAKE_OVER_INNOCENT  # §11.4
    # §7.2 exception 3 under several threats (not in §11; see the enum): each_threat
    stoerspiel_no_safe_tile: StoerspielNoSafeTile = StoerspielNoSafeTile.ALL_THREATS
    kongspiel_replaces_pungspiel: bool = True  # §11.5 (false: 10 + 40)
    handspiel_with_ohne_rufe: bool = True  # §11.6
    strauss_includes_own_double: bool = True  # §11.7 (false: 1 + 3)
    terminals_are_trumpf: bool = False  # §11.8 (true: DJI reading)
    loser_scores_hidden_figures: bool = True  # §11.9
    loser_max_scoring_pairs: int = 1  # §11.9
    lower_limit: int = 100  # §11.10 (0 = off)
    upper_limit: int = 5000  # §11.11
    rounding: Rounding = Rounding.NONE  # §11.12
    dead_wall_size: int = 16  # §11.13
    deal_pattern: DealPattern = DealPattern.CIK  # §11.14
    initial_seating: InitialSeating = InitialSeating.RANDOM  # §11.15
    mahjong_chow_any_seat: bool = True  # §11.16
    call_priority: CallPriority = CallPriority.MAHJONG_KONG_PUNG_CHOW  # §11.17
    call_tie_break: CallTieBreak = CallTieBreak.NEAREST_TO_DISCARDER  # §11.17
    rob_concealed_kong: bool = True  # §11.18
    extend_pung_with_discard: bool = False  # §11.19
    single_wait_rule: SingleWaitRule = SingleWaitRule.TILE_KINDS  # §11.20
    winning_discard_figure: WinningDiscardFigure = WinningDiscardFigure.OPEN  # §11.21
    special_hand_scoring: SpecialHandScoring = SpecialHandScoring.HIGHER_OF  # §11.22
    green_hand_structure: GreenHandStructure = GreenHandStructure.STANDARD  # §11.23
    remis_payments: RemisPayments = RemisPayments.NONE  # §11.24
    prevailing_wind_pair_points: int = 2  # §11.25 (0)
    flower_names: FlowerNames = FlowerNames.SONTAG  # §11.26
    mundraub: Mundraub = Mundraub.NONE  # §11.27
    kong_replacement_premium: KongReplacementPremium = KongReplacementPremium.NONE  # §11.28
    penalties: bool = False  # §11.29
    start_balance: int = 0  # §11.30
    wind_rounds: int = 4  # §9: a game is four wind rounds; 1 plays the East wind round only
    name: str = field(default="sontag", compare=False)

    def __post_init__(self) -> None:
        if self.upper_limit <= 0:
            raise OptionError(f"upper_limit must be positive, not {self.upper_limit}")
        if self.lower_limit < 0:
            raise OptionError(f"lower_limit must be 0 (off) or positive, not {self.lower_limit}")
        if self.prevailing_wind_pair_points not in (0, 2):
            raise OptionError(
                "prevailing_wind_pair_points must be 2 or 0, not "
                f"{self.prevailing_wind_pair_points}"
            )
        if not 1 <= self.wind_rounds <= 4:
            raise OptionError(f"wind_rounds must be 1 to 4, not {self.wind_rounds}")
        if self.loser_max_scoring_pairs < 0:
            raise OptionError("loser_max_scoring_pairs must be 0 or more")
        if self.dead_wall_size < 0 or self.dead_wall_size % 2:
            raise OptionError(
                f"dead_wall_size must be an even count >= 0, not {self.dead_wall_size}"
            )
        values = dict(self.special_hand_values)
        missing = [h.value for h in SpecialHandId if h not in values]
        if missing:
            raise OptionError(f"special_hand_values lacks {', '.join(missing)}")
        for hand, limits in values.items():
            if limits <= 0:
                raise OptionError(f"special hand {hand.value} must be worth more than 0 limits")

    def special_limits(self, hand: SpecialHandId) -> Fraction:
        """The value of a special hand, in limits."""
        return dict(self.special_hand_values)[hand]

    def special_value(self, hand: SpecialHandId) -> int:
        """The value of a special hand in points: limits x upper limit (never capped)."""
        value = self.special_limits(hand) * self.upper_limit
        return int(value) if value.denominator == 1 else int(value + Fraction(1, 2))


PRESETS: dict[str, ClassicalOptions] = {"sontag": ClassicalOptions()}

_FIELDS = {f.name: f for f in fields(ClassicalOptions) if f.name != "name"}


def _coerce(name: str, default: Any, value: Any) -> Any:
    """Turn a user-given value (e.g. from JSON or a command line) into the option's type."""
    if name == "special_hands":
        return frozenset(_coerce_special(name, v) for v in _iterable(name, value))
    if name == "special_hand_values":
        items = value.items() if isinstance(value, dict) else _iterable(name, value)
        merged = dict(default)
        for entry in items:
            try:
                hand, limits = entry
            except (TypeError, ValueError):
                raise OptionError(f"{name}: expected (hand, limits) pairs, got {entry!r}") from None
            merged[_coerce_special(name, hand)] = _fraction(name, limits)
        return tuple(merged.items())
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        raise OptionError(f"option {name} takes true or false, not {value!r}")
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise OptionError(f"option {name} takes an integer, not {value!r}")
        try:
            return int(value)
        except ValueError:
            raise OptionError(f"option {name} takes an integer, not {value!r}") from None
    if isinstance(default, Enum):
        enum = type(default)
        if isinstance(value, enum):
            return value
        allowed = [m.value for m in enum]
        if isinstance(value, str) and value in allowed:
            return enum(value)
        raise OptionError(f"option {name} takes {' or '.join(allowed)}, not {value!r}")
    raise OptionError(f"option {name} cannot be set")  # pragma: no cover


def _iterable(name: str, value: Any) -> list[Any]:
    if isinstance(value, str) or not hasattr(value, "__iter__"):
        raise OptionError(f"option {name} takes a list, not {value!r}")
    return list(value)


def _coerce_special(name: str, value: Any) -> SpecialHandId:
    if isinstance(value, SpecialHandId):
        return value
    try:
        return SpecialHandId(value)
    except ValueError:
        known = ", ".join(h.value for h in SpecialHandId)
        raise OptionError(f"{name}: unknown special hand {value!r} (known: {known})") from None


def _fraction(name: str, value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | str | Fraction):
        raise OptionError(f"{name}: a value in limits must be a number, not {value!r}")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise OptionError(f"{name}: {value!r} is not a number of limits") from None


def preset(name: str = "sontag", **overrides: Any) -> ClassicalOptions:
    """A named preset with some options overridden by name; unknown names and values are errors."""
    try:
        base = PRESETS[name]
    except KeyError:
        raise OptionError(
            f"unknown classical preset {name!r} (known: {', '.join(PRESETS)})"
        ) from None
    changes: dict[str, Any] = {}
    for key, value in overrides.items():
        if key not in _FIELDS:
            raise OptionError(f"unknown option {key!r} for the {name} preset")
        changes[key] = _coerce(key, getattr(base, key), value)
    return replace(base, name=name, **changes)
