"""The rule families, in one registry: everything above the engine that must tell riichi from
classical (the server, the command line, the arena) looks the family up here instead.

A :class:`Family` names its rules presets, builds a match (:class:`~jantaku.engine.Game`) of a
preset, seats its computer players by level, writes its finished matches in the record formats
it has, and says what a client may choose at one of its tables. Adding a rule family means
adding a module here (and its engine, rules and bots below), not editing the server."""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from jantaku.engine.clock import Clock
from jantaku.engine.events import Event
from jantaku.engine.game import Game
from jantaku.errors import JantakuError
from jantaku.players.protocol import Player, Table

__all__ = [
    "ArenaKit",
    "Family",
    "MatchInfo",
    "PlayerSpec",
    "Tally",
    "UnknownFamilyError",
    "all_families",
    "all_levels",
    "all_presets",
    "default_family",
    "family",
    "family_of_kind",
    "family_of_preset",
    "lengths_help",
    "run_arena",
]


class UnknownFamilyError(JantakuError, ValueError):
    """A family or preset name nobody registered (the message names the known ones)."""


class GameFactory(Protocol):
    def __call__(
        self,
        preset: str,
        seed: int | str,
        *,
        clock: Clock | None = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> Game: ...


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """What a record format needs to know of a finished match beyond its events."""

    players: tuple[str, ...]
    preset: str
    length: str  # quick | full
    kind: str  # the table kind (``practice``, ``party``, ...), kept in the record
    game_id: str = ""
    # the final scores the server recorded for a match its engine did not end (abandoned
    # mid-hand: the events stop inside the hand), None when the events end the match
    stopped_scores: tuple[int, ...] | None = None


Exporter = Callable[[Sequence[Event], MatchInfo], str]


@dataclass(slots=True)
class Tally:
    """Per-seat counts of a match's log: hands dealt, wins, deal-ins (the seat whose discard or
    robbed kong completed another's hand), the named hands won (riichi yaku, classical
    special hands) and the limit hands won (riichi yakuman, classical special hands), each as
    ``(hand, names)``: the hand's number in the match (1-based, the replay's ``?hand=``) and
    what the family calls it. The family says which of its wins are limit hands."""

    hands: int = 0
    wins: Counter[int] = field(default_factory=Counter)
    deal_ins: Counter[int] = field(default_factory=Counter)
    yaku: list[Counter[str]] = field(default_factory=lambda: [Counter() for _ in range(4)])
    limits: list[list[tuple[int, tuple[str, ...]]]] = field(
        default_factory=lambda: [[] for _ in range(4)]
    )

    def win(self, seat: int, from_seat: int | None) -> None:
        self.wins[seat] += 1
        if from_seat is not None and from_seat != seat:
            self.deal_ins[from_seat] += 1

    def limit(self, seat: int, names: Sequence[str]) -> None:
        """``seat`` won a limit hand called ``names`` in the current hand (``hands``)."""
        self.limits[seat].append((self.hands, tuple(names)))

    def add(self, other: Tally) -> None:
        self.hands += other.hands
        self.wins.update(other.wins)
        self.deal_ins.update(other.deal_ins)
        for mine, theirs in zip(self.yaku, other.yaku, strict=True):
            mine.update(theirs)
        for won, more in zip(self.limits, other.limits, strict=True):
            won.extend(more)


PlayerSpec = str | Callable[[str], Player]
"""A seat of an arena: a bot level by name, or a function of the match seed that makes a player
(a class whose ``__init__`` takes the seed will do)."""


@dataclass(frozen=True, slots=True)
class ArenaKit:
    """How the arena plays and reports a family: ``play_one(preset, length, max_hands,
    players, seed, duplicate, games_index)`` plays one game of a run (a module-level function,
    so worker processes can run it; ``players`` are :data:`PlayerSpec`), ``summarize(names,
    records)`` gives one JSON row per player, ``columns`` say how the command line prints a
    row."""

    play_one: Callable[[str, str, int, Sequence[PlayerSpec], str, bool, int], Any]
    summarize: Callable[[Sequence[str], Sequence[Any]], list[dict[str, Any]]]
    columns: tuple[tuple[str, Callable[[dict[str, Any]], str]], ...]
    unit: str  # what one game of the family is called in a title: matches, games


@dataclass(frozen=True, slots=True, eq=False)
class Family:
    """One rule family: its presets, engine, bots, record formats and table vocabulary. Each
    is registered once, so a family equals only itself (and can key a dict)."""

    name: str
    title: str  # what people call it
    presets: tuple[str, ...]
    default_preset: str
    table_presets: tuple[str, ...]
    """The presets people play (at a server table, at the terminal); others replay records."""
    new_game: GameFactory
    levels: tuple[str, ...]
    """Bot levels, weakest first; every family seats the same level names."""
    aliases: Mapping[str, str]
    """Other names of a level (none at present: each name plays its own bot)."""
    new_player: Callable[[str, int | str | None, str], Player]
    """``(level, seed, preset)``: a computer player; seed None: the level's fixed seed."""
    new_filler: Callable[[int], Player]
    """``(seat)``: the player of a seat nobody plays (must be able to end a match)."""
    lengths: Mapping[str, str]
    """Match lengths a table or the command line offers (``quick``, ``full``) and their labels."""
    length_overrides: Callable[[str], dict[str, Any]]
    """The preset options that give a server table's match of that length."""
    new_table: Callable[[str, int | str, str, int], Table]
    """``(preset, seed, length, max_hands)``: a match of a chosen length for the arena and the
    terminal game (a classical game stops early, or after ``max_hands`` hands)."""
    preset_options: Callable[[str], Any]
    """The frozen options of a preset (reads e.g. whether open tanyao counts)."""
    kuitan_presets: Mapping[bool, str]
    """The table preset with and without open tanyao, when a table may choose (else empty)."""
    table_kinds: tuple[str, ...]
    """The lobby's table kinds that seat this family (``practice``, ``classical``, ...)."""
    table_lengths: tuple[str, ...]
    """The lengths a server table of the family offers (the first is its default)."""
    table_levels: tuple[str, ...]
    """The levels a server table of the family seats, weakest first, one name per distinct bot
    (what the lobby offers); a table of the family refuses another family's level name."""
    scorer: str
    """The module that scores one hand of a ``jantaku score`` request (``score_request``,
    ``explain``), imported when a request needs it."""
    tally: Callable[[Sequence[Event]], Tally]
    """Counts this family's events of a log (and ignores any other family's)."""
    exports: Mapping[str, Exporter]
    """Record formats a finished match can be written in, by name (may be empty)."""
    arena: ArenaKit
    solo_kind: str
    """The table kind where one person plays against computer players (what ``jantaku sit``
    makes)."""
    read_view: Callable[[dict[str, Any], Any], Any]
    """``(view JSON, options)``: a seat's view as the table server sends it, read back into the
    family's view class (:mod:`jantaku.client`)."""
    event_types: Callable[[], Mapping[str, type[Event]]]
    """The family's event classes by their JSON ``type``, to read sent events back."""
    sheet: str = ""
    """The module that reads a score sheet's entries of this family (``ENTRIES``, see
    docs/sheet.md), imported when a sheet needs it; empty: the family keeps no sheets."""

    def level(self, name: str) -> str:
        """The level a name stands for (an alias gives its level); unknown: UnknownFamilyError."""
        level = self.aliases.get(name, name)
        if level not in self.levels:
            known = ", ".join([*self.levels, *self.aliases])
            raise UnknownFamilyError(f"unknown level {name!r}; choose from {known}")
        return level

    def table_level(self, name: str) -> str:
        """The level a table of this family seats for ``name`` (an alias gives its level);
        a level this family's tables do not offer: UnknownFamilyError naming the ones they do."""
        level = self.aliases.get(name, name)
        if level not in self.table_levels:
            raise UnknownFamilyError(
                f"{name!r} is not a computer player level of {self.title} tables; "
                f"choose one of {', '.join(self.table_levels)}"
            )
        return level


_BUILT_IN = ("riichi", "classical")
"""The built-in families (module name = family name), in registry order: riichi first, so
the lobby lists it first and a request naming no rules is a riichi one."""


_FAMILIES: dict[str, Family] = {}
"""By name, in registry order (kept by :func:`register`)."""


def register(fam: Family) -> Family:
    """Add a family (each of this package's modules registers its own on import)."""
    clash = {p for f in _FAMILIES.values() for p in f.presets} & set(fam.presets)
    if fam.name in _FAMILIES or clash:
        raise ValueError(f"family {fam.name!r} or presets {sorted(clash)} registered twice")
    _FAMILIES[fam.name] = fam
    rank = {name: i for i, name in enumerate(_BUILT_IN)}
    ordered = sorted(_FAMILIES.values(), key=lambda f: rank.get(f.name, len(rank)))
    _FAMILIES.clear()
    _FAMILIES.update((f.name, f) for f in ordered)
    return fam


def _load() -> None:
    """Register the built-in families (imported late: they import this module)."""
    for name in _BUILT_IN:
        if name not in _FAMILIES:
            importlib.import_module(f"jantaku.families.{name}")


def all_families() -> tuple[Family, ...]:
    """Every family: the built-in ones in their order (whichever was imported first), then
    any other in the order registered."""
    _load()
    return tuple(_FAMILIES.values())


def all_presets() -> tuple[str, ...]:
    """Every preset of every family, the first family's first."""
    return tuple(p for f in all_families() for p in f.presets)


def all_levels() -> tuple[str, ...]:
    """Every bot level and alias any family knows, once each, in registry order."""
    out: dict[str, None] = {}
    for f in all_families():
        out.update(dict.fromkeys(f.levels))
    for f in all_families():
        out.update(dict.fromkeys(f.aliases))
    return tuple(out)


def lengths_help() -> str:
    """What ``quick`` and ``full`` mean in each family (for command-line help)."""
    return " ".join(f"{f.title}: {', '.join(f.lengths.values())}." for f in all_families())


def default_family() -> Family:
    """The family of a request that names no rules (the first registered)."""
    return all_families()[0]


def family(name: str) -> Family:
    """The family called ``name`` (``riichi``, ``classical``)."""
    _load()
    found = _FAMILIES.get(name)
    if found is None:
        raise UnknownFamilyError(
            f"unknown rule family {name!r}; known families: {', '.join(_FAMILIES)}"
        )
    return found


def family_of_kind(kind: str) -> Family:
    """The family a lobby table kind seats."""
    for f in all_families():
        if kind in f.table_kinds:
            return f
    known = ", ".join(k for f in all_families() for k in f.table_kinds)
    raise UnknownFamilyError(f"unknown table kind {kind!r}; known kinds: {known}")


def family_of_preset(preset: str) -> Family:
    """The family a rules preset belongs to (``doman`` -> riichi, ``sontag`` -> classical)."""
    for f in all_families():
        if preset in f.presets:
            return f
    known = ", ".join(all_presets())
    raise UnknownFamilyError(f"unknown rules preset {preset!r}; known presets: {known}")


def run_arena(
    preset: str,
    players: Sequence[PlayerSpec],
    games: int = 100,
    *,
    seed: int | str = 0,
    duplicate: bool = False,
    length: str = "full",
    max_hands: int = 400,
) -> list[dict[str, Any]]:
    """Play ``games`` matches of ``preset`` between four players, in this process, and return
    one row per player in the order given, as ``jantaku arena --json`` prints them (riichi:
    ``avg_placement``, ``avg_points``, ``win_rate``, ... ; classical: ``avg_balance``, ...).

    A player is a bot level by name (``"defensive"``) or a function of the match seed making
    one of your own (a fresh player every match; its ``name`` names its row). ``duplicate``
    plays every wall set in all four seatings (``games`` is rounded up to a multiple of 4);
    ``length`` is ``quick`` or ``full``; a classical game stops after ``max_hands`` hands."""
    fam = family_of_preset(preset)
    if len(players) != 4:
        raise JantakuError(f"an arena seats four players, got {len(players)}")
    if length not in fam.lengths:
        raise JantakuError(f"unknown length {length!r}; choose {' or '.join(fam.lengths)}")
    names = [fam.level(p) if isinstance(p, str) else "" for p in players]

    def named(index: int, spec: Callable[[str], Player]) -> Callable[[str], Player]:
        def make(seed: str) -> Player:
            player = spec(seed)
            names[index] = names[index] or player.name
            return player

        return make

    seats: list[PlayerSpec] = [
        p if isinstance(p, str) else named(i, p) for i, p in enumerate(players)
    ]
    if duplicate and games % 4:
        games += 4 - games % 4
    records = [
        fam.arena.play_one(preset, length, max_hands, seats, str(seed), duplicate, g)
        for g in range(games)
    ]
    return fam.arena.summarize(names, records)
