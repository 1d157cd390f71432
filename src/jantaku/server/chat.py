"""Chat at party tables (doman-rules.md §4, §6.1: "chat only in the four-player party rooms").

A seated person of a party table says a line; the table sends it to the connections of its
seated persons (never to spectators, never to another table) and keeps the last
:data:`BACKLOG` lines in memory for a seat's snapshot. A line is not game state: it is never
stored, and a restart or a move to another process forgets it (nor does it wait, as the
table's messages do, for the table's actions to be stored: handlers.py). What a line carries is
what its sender typed, the sender's seat and name, and when the server received it.

Abuse: a line is at most :data:`MAX_CHARS` characters once trimmed, line breaks and tabs
become spaces, other control characters (and bidirectional overrides, which would turn the
following text around) are refused, and each person's lines are counted in a token bucket of
this process (``chat_burst`` at once, then ``chat_lines_per_minute``): a refused line costs a
dictionary lookup and reaches nobody. A party table is driven by one process (docs/deploy.md),
so its bucket counts every line said at it."""

from __future__ import annotations

import math
import re
import time
import unicodedata
from collections import deque
from dataclasses import dataclass

from jantaku.server.config import ServerSettings, TableKind
from jantaku.server.limits import TokenBuckets
from jantaku.server.messages import Chat
from jantaku.server.seats import TableError

__all__ = ["BACKLOG", "MAX_CHARS", "ChatLimits", "ChatLine", "TableChat", "clean_text"]

#: the most characters of one line, after trimming
MAX_CHARS = 200
#: the lines a table keeps for a snapshot
BACKLOG = 20

_BREAKS = re.compile(r"[\t\n\r\v\f\u0085\u2028\u2029]+")
# bidirectional embeddings, overrides and isolates: "abc\u202edcba" shows another text
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_text(text: str) -> str:
    """The line as it is said: line breaks and tabs as single spaces, trimmed. Refused
    (TableError) when empty (``chat_empty``), longer than :data:`MAX_CHARS`
    (``chat_too_long``) or holding a control character (``chat_bad_text``)."""
    line = _BREAKS.sub(" ", text).strip()
    if not line:
        raise TableError("chat_empty", "chat.text is empty")
    if len(line) > MAX_CHARS:
        raise TableError(
            "chat_too_long", f"chat.text is {len(line)} characters; at most {MAX_CHARS}"
        )
    for i, ch in enumerate(line):
        if ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs"):
            raise TableError(
                "chat_bad_text", f"chat.text has a control character (U+{ord(ch):04X}) at {i}"
            )
    return line


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line said at a table."""

    seat: int
    name: str
    text: str
    at: int  # Unix seconds, when the server received it

    def message(self, table: str) -> Chat:
        return Chat(table, self.seat, self.name, self.text, self.at)


class ChatLimits:
    """Each person's lines, in one token bucket per account (this process's)."""

    def __init__(self, settings: ServerSettings) -> None:
        self.buckets = TokenBuckets(settings.chat_burst, settings.chat_lines_per_minute / 60.0)

    def check(self, user_id: int) -> None:
        """Take a line's token; ``chat_too_fast`` saying how long to wait when there is none."""
        wait = self.buckets.take(str(user_id))
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise TableError("chat_too_fast", f"too many chat lines; wait {seconds} s")


class TableChat:
    """The chat of one table: who may say a line, and the last lines said."""

    def __init__(self) -> None:
        self.lines: deque[ChatLine] = deque(maxlen=BACKLOG)

    @staticmethod
    def check_table(kind: TableKind) -> None:
        """Only party tables have a chat (``chat_unavailable`` elsewhere)."""
        if kind is not TableKind.PARTY:
            raise TableError("chat_unavailable", f"{kind.value} tables have no chat; party only")

    def say(self, seat: int, name: str, text: str) -> ChatLine:
        """Keep a line (already cleaned and allowed) and return it."""
        line = ChatLine(seat, name, text, int(time.time()))
        self.lines.append(line)
        return line

    def backlog(self, table: str) -> list[dict[str, object]]:
        """The kept lines as a snapshot carries them, oldest first."""
        return [line.message(table).line_json() for line in self.lines]
