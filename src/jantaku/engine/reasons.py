"""Why a match ended, as a code. The engines say it in an English sentence for people; what
matches on it (the server's result, a client's words, a record's checker) uses the code, which
stays the same when a sentence is reworded."""

from __future__ import annotations

__all__ = ["BY_CLOCK_80", "BY_CLOCK_120", "END_CODES", "TIME_80", "TIME_120", "end_code"]

#: the riichi engine's reasons for an end the match clock made (doman-rules.md, 80/120 minutes)
BY_CLOCK_80 = "the 80-minute rule made this the last hand"
BY_CLOCK_120 = "the 120-minute limit was reached"
TIME_80, TIME_120 = "time_80", "time_120"

#: the engines' reasons for the end of a match -> its code
END_CODES: dict[str, str] = {
    "a player went below zero": "bust",
    "the last hand is over": "last_hand",
    "the dealer won or was ready in the last hand while leading": "dealer_stop",
    "the dealer won the last hand while leading with at least 30,000": "dealer_stop",
    BY_CLOCK_80: TIME_80,
    BY_CLOCK_120: TIME_120,
    "a player reached the target in the extension round": "target",
    "the extension round is over": "last_hand",
    "the game is over": "last_hand",  # classical: the last wind round is over
}


def end_code(reason: str) -> str | None:
    """The code of an engine's reason for the end of a match (None for one it does not know)."""
    return END_CODES.get(reason)
