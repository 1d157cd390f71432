"""Why a match ended, as a code with the seats it names: what clients word in their language
(who went below zero, who reached the target) and what matches on it (the server's result, a
record's checker). The engines also keep the English sentence they have always written, for the
records and exports that read it; a record stored before the code existed is read by its
sentence (:data:`END_CODES`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

__all__ = [
    "BY_CLOCK_80",
    "BY_CLOCK_120",
    "END_CODES",
    "NAMING_SEATS",
    "TIME_80",
    "TIME_120",
    "EndReason",
    "Ending",
    "end_code",
    "old_end_fields",
]


class EndReason(Enum):
    """Why a match ended (the protocol's ``reason_code``)."""

    BUST = "bust"  # a player went below zero (doman-rules.md §2.10); seats: who
    LAST_HAND = "last_hand"  # the last hand of the match (or of the extension round) is over
    DEALER_STOP = "dealer_stop"  # the all-last dealer stopped while leading; seats: the dealer
    TIME_80 = "time_80"  # the 80-minute rule made a hand the last (§2.10)
    TIME_120 = "time_120"  # the 120-minute limit stopped the match, unrecorded (§2.10)
    TARGET = "target"  # a player reached the target in the extension round (Tenhou); seats: who
    ABANDONED = "abandoned"  # the server's: nobody was left to play it (never the engine's)
    OTHER = "other"  # a reason this version does not know (an old or foreign record)


#: the codes whose end names seats (who went below zero, the dealer who stopped, who reached
#: the target); the others name none
NAMING_SEATS = frozenset({EndReason.BUST, EndReason.DEALER_STOP, EndReason.TARGET})

#: the riichi engine's reasons for an end the match clock made (doman-rules.md, 80/120 minutes)
BY_CLOCK_80 = "the 80-minute rule made this the last hand"
BY_CLOCK_120 = "the 120-minute limit was reached"
TIME_80, TIME_120 = EndReason.TIME_80.value, EndReason.TIME_120.value


@dataclass(frozen=True, slots=True)
class Ending:
    """Why a match ends: its code, the seats the code names (by seat order) and the English
    sentence the records keep."""

    code: EndReason
    text: str
    seats: tuple[int, ...] = ()


#: the engines' sentences for the end of a match -> its code (every sentence ever written)
END_CODES: dict[str, str] = {
    "a player went below zero": EndReason.BUST.value,
    "the last hand is over": EndReason.LAST_HAND.value,
    "the dealer won or was ready in the last hand while leading": EndReason.DEALER_STOP.value,
    "the dealer won the last hand while leading with at least 30,000": EndReason.DEALER_STOP.value,
    BY_CLOCK_80: TIME_80,
    BY_CLOCK_120: TIME_120,
    "a player reached the target in the extension round": EndReason.TARGET.value,
    "the extension round is over": EndReason.LAST_HAND.value,
    "the game is over": EndReason.LAST_HAND.value,  # classical: the last wind round is over
    "the North round is over": EndReason.LAST_HAND.value,  # classical score sheet
}


def end_code(reason: str) -> str | None:
    """The code of an engine's reason for the end of a match (None for one it does not know)."""
    return END_CODES.get(reason)


def old_end_fields(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A riichi ``match_ended`` event's JSON with the fields a record stored before the code
    lacks: the code its sentence says (``other`` for one unknown) and no seats."""
    if "reason_code" in data and "reason_seats" in data:
        return data
    code = data.get("reason_code") or end_code(str(data.get("reason"))) or EndReason.OTHER.value
    return {**data, "reason_code": code, "reason_seats": data.get("reason_seats", [])}
