"""The upper limit (cap on a hand's value) and the lower limit (minimum to go out), §4.2, §5.4."""

from __future__ import annotations

from dataclasses import dataclass

from jantaku.rules.classical.options import ClassicalOptions

__all__ = ["LowerLimitCheck", "apply_upper_limit", "check_lower_limit", "raw_value"]


def raw_value(base: int, doubles: int) -> int:
    """base x 2^doubles, exact (``rounding = none``)."""
    return base << doubles


def apply_upper_limit(value: int, options: ClassicalOptions) -> tuple[int, bool]:
    """The capped value and whether the cap bit."""
    return (options.upper_limit, True) if value > options.upper_limit else (value, False)


@dataclass(frozen=True, slots=True)
class LowerLimitCheck:
    """Whether a standard hand may go out: its value before the cap against ``lower_limit``."""

    value: int
    lower_limit: int

    @property
    def passed(self) -> bool:
        return self.value >= self.lower_limit


def check_lower_limit(value: int, options: ClassicalOptions) -> LowerLimitCheck:
    return LowerLimitCheck(value, options.lower_limit)
