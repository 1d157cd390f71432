"""Server settings and the table kinds of doman-rules.md §4."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from jantaku.errors import JantakuError
from jantaku.families import family_of_kind

__all__ = ["ServerSettings", "TableConfig", "TableKind", "TableRequestError", "table_config"]


class TableRequestError(JantakuError):
    """A table request names an unknown kind or an option that kind does not allow."""


class TableKind(Enum):
    NOVICE = "novice"  # ranked, any rank
    ADVANCED = "advanced"  # ranked, 1st Dan or higher
    PARTY = "party"  # four friends (or fewer, with bots on request), unranked, no turn timer
    PRACTICE = "practice"  # one player against three puppets
    CLASSICAL = "classical"  # the classical German rules (``sontag``)


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """Knobs of one server process. Turn times default to the table's rule options
    (doman-rules.md Q12: 15 s per turn, 8 s per call prompt); the time bank is the project's
    choice (the spec is silent): extra seconds per seat for the whole match."""

    turn_seconds: float | None = None
    call_seconds: float | None = None
    bank_seconds: float = 30.0
    grace_seconds: float = 20.0
    # an unranked match nobody plays any more (each person withdrew, or was away past the grace)
    # stops, and ends as abandoned after this long unless a person comes back; at once when
    # every person withdrew (none can come back). A ranked match plays on (doman-rules.md §5.4).
    abandon_seconds: float = 600.0
    # a computer player's moment of thought before a turn (0.5-1.5 times this, so the seats do
    # not act in step); 0 makes them instant (the tests)
    bot_delay: float = 0.7
    # Every discard opens a call window of at least this long at a table with more than one
    # person, whether or not anybody may call, so its length tells nobody anything.
    call_window: float = 1.0
    # The same at a table of one person and computer players: the puppets decide in a few
    # milliseconds, so without it the next draw would come later exactly when one of them could
    # call, which the person and every spectator would see. Long enough for their decisions.
    solo_call_window: float = 0.3
    # The threads the computer players' call decisions run on, shared by every table of the
    # process, one running decision per table at most (None: one per core, at least two;
    # puppets.decision_threads says why).
    decision_threads: int | None = None
    # Between hands the table waits until every connected person has confirmed the result, or
    # this long at most; no turn clock runs meanwhile.
    hand_pause: float = 15.0
    # At a table of one person and computer players nobody else waits: the result stays until
    # the person has seen it, or this long at most (None: no limit). The limit frees a table
    # left open in a forgotten browser tab.
    solo_hand_pause: float | None = 900.0
    session_days: float = 30.0  # a login token's lifetime; an older one answers bad_token
    # how often the connections' sessions are looked up again (ended by age, or by a logout
    # whose message to this process was lost): at most this long may one outlive its session
    session_recheck_seconds: float = 30.0
    max_message_bytes: int = 16 * 1024
    messages_per_second: float = 100.0
    message_burst: int = 200
    # every connection of one client address together, of the group with Redis (one address
    # may hold sockets_per_address connections): four players at one address, each at a busy
    # table with a replay and the lobby open, send a few messages a second each; this is ten
    # times that and twice one connection's rate, so one tab's burst fits too
    address_messages_per_second: float = 200.0
    address_message_burst: int = 400
    # HTTP requests of one client address (of the group, with Redis), in tokens: each
    # request takes the weight of its route (http_budget.py: about its CPU time in ms; a
    # static file 1, a lobby page 3, a game's record 10). A browser polling the lobby takes
    # under 2.5 a second and a page load some 50; this is forty times the polling (a hall of
    # players behind one address polls too) and forty page loads at once, while one address
    # may hold about a tenth of a core at most
    http_tokens_per_second: float = 100.0
    http_token_burst: int = 2000
    # password hashing: threads of its own, and how many hashes may wait or run at once
    hash_workers: int = 2
    hash_queue: int = 32
    # login back-off: the n-th failure within the window refuses for 1 s, then 2 s, 4 s, ...
    login_failures_per_name: int = 5
    login_failures_per_address: int = 20
    login_window_seconds: float = 600.0
    login_backoff_max_seconds: float = 300.0
    # new accounts (registered or guest) per client address: a burst, then a steady rate
    signup_burst: int = 20
    signups_per_minute: float = 10.0
    # per client
    open_tables_per_user: int = 3  # created and not yet started
    # tables one sits at that have not finished, open or under way (a seat one withdrew from
    # too, while other persons play on; a match nobody plays any more is abandoned, see
    # abandon_seconds), so that one account cannot keep the server busy with tables
    tables_per_user: int = 4
    tables_per_address: int = 16  # the same for every account of one client address
    watches_per_connection: int = 4  # tables one connection watches at once
    sockets_per_user: int = 8
    sockets_per_address: int = 64
    send_queue_bytes: int = 1024 * 1024  # a slower reader is disconnected
    # an open table nobody sits at, or whose players are all away, closes after this long
    table_idle_seconds: float = 600.0
    # a ranked queue table never seats two accounts of one address (rank farming with several
    # accounts); off for a LAN event where everyone shares one address
    ranked_distinct_addresses: bool = True
    lobby_page: int = 50  # tables per lobby page (open and live each)
    # chat lines of one person at party tables (chat.py): this many at once, then this many a
    # minute; a line over it is refused (chat_too_fast) and reaches nobody
    chat_burst: int = 5
    chat_lines_per_minute: float = 20.0


@dataclass(frozen=True, slots=True)
class TableConfig:
    family: str  # riichi | classical
    kind: TableKind
    preset: str
    overrides: dict[str, Any]
    ranked: bool
    timer: bool
    min_rank: int  # index in the rank ladder (10: 1st Dan)
    length: str  # quick | full
    kuitan: bool
    private: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "kind": self.kind.value,
            "preset": self.preset,
            "overrides": self.overrides,
            "ranked": self.ranked,
            "timer": self.timer,
            "min_rank": self.min_rank,
            "length": self.length,
            "kuitan": self.kuitan,
            "private": self.private,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableConfig:
        return cls(**{**data, "kind": TableKind(data["kind"])})


_NO_TIMER = {"per_action_timer": False, "per_action_time_s": None, "call_prompt_time_s": None}


def table_config(
    kind: str, length: str = "quick", kuitan: bool | None = None, private: bool = False
) -> TableConfig:
    """The configuration of a table kind; raises TableRequestError for what the kind forbids.
    ``kuitan`` (None: the kind's default) is a choice of party tables only: a ranked or
    practice table always plays with it, and a family without open tanyao has no such option."""
    try:
        k = TableKind(kind)
    except ValueError:
        names = ", ".join(t.value for t in TableKind)
        raise TableRequestError(f"unknown table kind {kind!r} (choose {names})") from None
    if length not in ("quick", "full"):
        raise TableRequestError(f"length must be quick or full, not {length!r}")
    fam = family_of_kind(k.value)
    if length not in fam.table_lengths:
        length = fam.table_lengths[0]  # a family whose tables have one length plays that one
    if kuitan is not None and not fam.kuitan_presets:
        raise TableRequestError(
            f"{k.value} tables have no kuitan option (open tanyao is a riichi rule); "
            "leave kuitan out"
        )
    overrides: dict[str, Any] = fam.length_overrides(length)
    if k is TableKind.CLASSICAL:
        return TableConfig(
            fam.name, k, fam.default_preset, overrides, False, False, 0, length, True, private
        )
    if k is not TableKind.PARTY and kuitan is False:
        raise TableRequestError(
            f"{k.value} tables always play with kuitan; a party table may play without it"
        )
    if k in (TableKind.NOVICE, TableKind.ADVANCED):
        return TableConfig(
            fam.name,
            k,
            fam.default_preset,
            overrides,
            True,
            True,
            10 if k is TableKind.ADVANCED else 0,
            length,
            True,
            private,
        )
    if k is TableKind.PARTY:
        with_kuitan = kuitan is not False
        preset = fam.kuitan_presets[with_kuitan]
        if with_kuitan:
            overrides.update(_NO_TIMER)
        return TableConfig(
            fam.name, k, preset, overrides, False, False, 0, length, with_kuitan, private
        )
    return TableConfig(
        fam.name, k, fam.default_preset, overrides, False, True, 0, length, True, private
    )
