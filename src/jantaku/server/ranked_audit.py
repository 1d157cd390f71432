"""Rank farming by collusion, for a human to look into (docs/ranked-audit.md): pairs of
accounts that sat together in at least ``together`` of their last ``last`` ranked matches and
show a signal random seating and even play would rarely give: they met that often
(``meetings``), their deal-ins into each other went mostly one way (``deal-ins``), or one placed
above the other in most of their matches (``placements``: a farm without deal-ins, where the
feeder stays out of the way or takes the last place), or one passed up its rons on the other's
discards far more than on anybody else's (``passed-rons``, from the matches played again:
passed_wins.py). Shown with the points that flowed between them, the wins each passed up, the
rank points each gained with and without the other, and the groups such pairs form.
A report, never a penalty: a small community meets often by chance, a stronger player places
above a weaker one, and a person tells a farm from a club."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jantaku.server.passed_wins import WinOffer

__all__ = [
    "SIGNALS",
    "AuditReport",
    "DealIn",
    "Offers",
    "Pair",
    "PassedWins",
    "Passes",
    "RankedMatch",
    "audit",
]

# what can list a pair, in report order
SIGNALS = ("meetings", "deal-ins", "placements", "passed-rons")
# the decisions of the person at a seat: its own, and its timer's when its time ran out (a
# computer player that took the seat over decides for nobody's account)
_PERSON = ("player", "timeout")


@dataclass(frozen=True, slots=True)
class DealIn:
    """A win on a discard: ``points`` went from the discarder's seat to the winner's."""

    from_seat: int
    to_seat: int
    points: int


@dataclass(frozen=True, slots=True)
class RankedMatch:
    """What the audit needs of one finished ranked match (seat by seat)."""

    game_id: str
    finished_at: float
    players: tuple[int | None, ...]  # account ids (None: a computer player or an empty seat)
    places: tuple[int, ...]  # 1-4 on the ladder
    rank_deltas: tuple[int | None, ...]  # the placement's rank points (None: not rated)
    deal_ins: tuple[DealIn, ...]

    def seat_of(self, account: int) -> int:
        return self.players.index(account)


# The win offers of the matches played again: each match's (by id), or why it did not replay.
Replayed = Mapping[str, tuple[WinOffer, ...] | str]
# Plays the given matches again (the command reads their actions from the database).
Offers = Callable[[Sequence[RankedMatch]], Replayed]


@dataclass(slots=True)
class Passes:
    """Decisions where an account could win, made by the person (or its timer): ``offered``
    of them, ``passed`` answered with something else by the person, ``timed_out`` by its
    timer (which never wins); the rest it won."""

    offered: int = 0
    passed: int = 0
    timed_out: int = 0

    def add(self, offer: WinOffer) -> None:
        self.offered += 1
        if not offer.taken:
            if offer.source == "timeout":
                self.timed_out += 1
            else:
                self.passed += 1

    @property
    def not_taken(self) -> int:
        return self.passed + self.timed_out

    def to_json(self) -> dict[str, int]:
        return {"offered": self.offered, "passed": self.passed, "timed_out": self.timed_out}


@dataclass(slots=True)
class PassedWins:
    """The wins one account of a pair passed up, from its matches played again: rons on the
    other's discards (or robbing its kong) and on the other two players' in the matches
    together, its self-draws there, and its rons and self-draws in its last matches apart."""

    on_other: Passes = field(default_factory=Passes)
    elsewhere: Passes = field(default_factory=Passes)
    self_draws: Passes = field(default_factory=Passes)
    apart_rons: Passes = field(default_factory=Passes)
    apart_self_draws: Passes = field(default_factory=Passes)

    def to_json(self) -> dict[str, Any]:
        return {
            "rons_on_other": self.on_other.to_json(),
            "rons_elsewhere": self.elsewhere.to_json(),
            "self_draws": self.self_draws.to_json(),
            "apart": {
                "rons": self.apart_rons.to_json(),
                "self_draws": self.apart_self_draws.to_json(),
            },
        }


@dataclass(slots=True)
class Pair:
    """Two accounts that met often; ``receiver`` is the one the net flow of deal-ins went to
    (when none did, the one that placed above the other more often; then the one on whose
    discards the other passed up more rons; then the lower id), ``feeder`` the other. Each
    ``*chance`` is that of the pool showing such a signal at random (Bonferroni bound);
    ``listed_by`` names the signals within the audit's chance."""

    receiver: int
    feeder: int
    meetings: int  # matches among both accounts' last ones
    expected: float  # meetings at random seating in this pool (equal activity assumed)
    chance: float  # that some pair of the pool meets this often at random seating
    deal_in_chance: float = 1.0  # that some tested pair's deal-ins go this much one way
    placement_chance: float = 1.0  # that some tested pair's placements are this lopsided
    # that some tested pair has an account whose passed-up rons fall this much on the other's
    # discards, when whose discard it is does not matter
    passed_ron_chance: float = 1.0
    listed_by: tuple[str, ...] = ()  # the SIGNALS within the audit's chance
    fed: int = 0  # the feeder's deal-ins into the receiver ...
    fed_points: int = 0  # ... and their points
    returned: int = 0  # the receiver's deal-ins into the feeder ...
    returned_points: int = 0  # ... and their points
    receiver_rank_points: int = 0  # rank points gained in the matches they met
    feeder_rank_points: int = 0
    receiver_above: int = 0  # matches where the receiver placed above the feeder
    feeder_above: int = 0  # ... and the other way
    # each one's last matches without the other: how many, and the rank points gained in them
    receiver_apart: tuple[int, int] = (0, 0)
    feeder_apart: tuple[int, int] = (0, 0)
    games: list[str] = field(default_factory=list)
    # the matches together played again, and each one's wins passed up (passed_wins.py)
    replayed: int = 0
    receiver_passes: PassedWins = field(default_factory=PassedWins)
    feeder_passes: PassedWins = field(default_factory=PassedWins)

    def chances(self) -> dict[str, float]:
        """Each signal's chance at random, in the order of SIGNALS."""
        odds = (self.chance, self.deal_in_chance, self.placement_chance, self.passed_ron_chance)
        return dict(zip(SIGNALS, odds, strict=True))

    @property
    def net_points(self) -> int:
        return self.fed_points - self.returned_points

    def to_json(self, names: dict[int, str]) -> dict[str, Any]:
        return {
            "receiver": {"id": self.receiver, "name": names.get(self.receiver)},
            "feeder": {"id": self.feeder, "name": names.get(self.feeder)},
            "meetings": self.meetings,
            "expected_meetings": round(self.expected, 2),
            "listed_by": list(self.listed_by),
            "chance": _round(self.chance),
            "deal_in_chance": _round(self.deal_in_chance),
            "placement_chance": _round(self.placement_chance),
            "passed_ron_chance": _round(self.passed_ron_chance),
            "fed": {"deal_ins": self.fed, "points": self.fed_points},
            "returned": {"deal_ins": self.returned, "points": self.returned_points},
            "net_points": self.net_points,
            "rank_points": {
                "receiver": self.receiver_rank_points,
                "feeder": self.feeder_rank_points,
            },
            "receiver_placed_above": self.receiver_above,
            "feeder_placed_above": self.feeder_above,
            "apart": {
                "receiver": _apart_json(self.receiver_apart),
                "feeder": _apart_json(self.feeder_apart),
            },
            "games": self.games,
            "replayed": self.replayed,
            "passed_wins": {
                "receiver": self.receiver_passes.to_json(),
                "feeder": self.feeder_passes.to_json(),
            },
        }


def _round(chance: float) -> float:
    return float(f"{chance:.3g}")


def _apart_json(apart: tuple[int, int]) -> dict[str, int]:
    return {"matches": apart[0], "rank_points": apart[1]}


@dataclass(frozen=True, slots=True)
class AuditReport:
    together: int
    last: int
    chance: float
    matches: int  # ranked matches read
    accounts: int  # accounts seen in them
    tested: int  # pairs that met at least ``together`` times
    pairs: list[Pair]  # most suspicious first
    groups: list[list[int]]  # accounts linked by the pairs, the most suspicious group first
    names: dict[int, str]
    replayed: int = 0  # matches played again (those of the tested pairs' accounts)
    unreplayed: list[tuple[str, str]] = field(default_factory=list)  # (match, why not)

    def to_json(self) -> dict[str, Any]:
        return {
            "together": self.together,
            "last": self.last,
            "chance": self.chance,
            "matches": self.matches,
            "accounts": self.accounts,
            "tested": self.tested,
            "replayed": self.replayed,
            "unreplayed": [{"game": g, "reason": why} for g, why in self.unreplayed],
            "pairs": [p.to_json(self.names) for p in self.pairs],
            "groups": [
                [{"id": a, "name": self.names.get(a)} for a in group] for group in self.groups
            ],
        }


def audit(
    matches: list[RankedMatch],
    together: int,
    last: int,
    names: dict[int, str] | None = None,
    chance: float = 0.01,
    offers: Offers | None = None,
) -> AuditReport:
    """The pairs that met in at least ``together`` of both accounts' last ``last`` matches and
    show a signal (SIGNALS) whose chance at random is at most ``chance``; ordered by the net
    points fed (then by their smallest such chance), and the groups they link. ``offers``
    plays the tested pairs' accounts' last matches again, for the wins they passed up (None:
    no match is played again, and no pair is listed by its passed-up rons)."""
    names = names or {}
    ordered = sorted(matches, key=lambda m: (m.finished_at, m.game_id))
    history: dict[int, list[RankedMatch]] = defaultdict(list)
    for m in ordered:
        for account in _accounts(m):
            history[account].append(m)
    last_ones = {a: ms[-last:] for a, ms in history.items()}
    recent = {a: {m.game_id for m in ms} for a, ms in last_ones.items()}
    pool = len(history)
    met: dict[tuple[int, int], list[RankedMatch]] = defaultdict(list)
    for m in ordered:
        present = sorted(a for a in _accounts(m) if m.game_id in recent[a])
        for i, a in enumerate(present):
            for b in present[i + 1 :]:
                met[(a, b)].append(m)
    tested = [(a, b, shared) for (a, b), shared in met.items() if len(shared) >= together]
    replayed = _replayed(tested, last_ones, offers)
    pairs = []
    for a, b, shared in tested:
        trials = min(len(recent[a]), len(recent[b]))
        both = {m.game_id for m in shared}
        passes = {
            a: _passes(a, b, last_ones[a], both, replayed),
            b: _passes(b, a, last_ones[b], both, replayed),
        }
        expected, odds = trials * _seated_with(pool), _chance(len(shared), trials, pool)
        pair = _pair(a, b, shared, expected, odds, passes)
        pair.replayed = sum(isinstance(replayed.get(m.game_id), tuple) for m in shared)
        pair.deal_in_chance = _lopsided(pair.fed, pair.returned, len(tested))
        pair.placement_chance = _lopsided(pair.receiver_above, pair.feeder_above, len(tested))
        pair.passed_ron_chance = min(
            1.0, 2 * len(tested) * min(_passed_rons(w) for w in passes.values())
        )
        pair.listed_by = tuple(s for s, odds in pair.chances().items() if odds <= chance)
        if pair.listed_by:
            r, f = pair.receiver, pair.feeder
            pair.receiver_apart = _apart(r, last_ones[r], f)
            pair.feeder_apart = _apart(f, last_ones[f], r)
            pairs.append(pair)
    pairs.sort(key=lambda p: (-p.net_points, _strongest(p), -p.meetings, p.receiver, p.feeder))
    groups = _groups(pairs)
    good = sum(isinstance(found, tuple) for found in replayed.values())
    bad = [(g, found) for g, found in replayed.items() if isinstance(found, str)]
    return AuditReport(
        together, last, chance, len(ordered), pool, len(tested), pairs, groups, names, good, bad
    )


def _replayed(
    tested: list[tuple[int, int, list[RankedMatch]]],
    last_ones: dict[int, list[RankedMatch]],
    offers: Offers | None,
) -> Replayed:
    """The tested pairs' accounts' last matches played again, oldest first (none without
    ``offers``)."""
    if offers is None or not tested:
        return {}
    wanted: dict[str, RankedMatch] = {}
    for account in sorted({x for a, b, _shared in tested for x in (a, b)}):
        for m in last_ones[account]:
            wanted[m.game_id] = m
    return offers(sorted(wanted.values(), key=lambda m: (m.finished_at, m.game_id)))


def _passes(
    account: int,
    other: int,
    last_ones: list[RankedMatch],
    shared: set[str],
    replayed: Replayed,
) -> PassedWins:
    """The wins ``account`` passed up in its last matches played again: in the ``shared`` ones
    (with ``other``) and apart, as ``_apart`` counts them (the person's own decisions and its
    timer's, not a computer player's)."""
    out = PassedWins()
    for m in last_ones:
        found = replayed.get(m.game_id)
        together = m.game_id in shared
        if not isinstance(found, tuple) or (not together and other in m.players):
            continue  # not played again, or with the other long ago (neither with nor apart)
        seat = m.seat_of(account)
        other_seat = m.seat_of(other) if together else None
        for offer in found:
            if offer.seat != seat or offer.source not in _PERSON:
                continue
            if offer.from_seat is None:
                (out.self_draws if together else out.apart_self_draws).add(offer)
            elif not together:
                out.apart_rons.add(offer)
            else:
                (out.on_other if offer.from_seat == other_seat else out.elsewhere).add(offer)
    return out


def _passed_rons(wins: PassedWins) -> float:
    """The chance that at least as many of the rons an account passed up fall on the other's
    discards, when each ron offer is as likely to be passed up whoever discarded (the
    hypergeometric tail over all its ron offers in its last matches)."""
    ons = wins.on_other
    rons = [ons, wins.elsewhere, wins.apart_rons]
    offered, not_taken = sum(p.offered for p in rons), sum(p.not_taken for p in rons)
    if ons.not_taken == 0:
        return 1.0
    top = min(ons.offered, not_taken)
    ways = sum(
        math.comb(ons.offered, j) * math.comb(offered - ons.offered, not_taken - j)
        for j in range(ons.not_taken, top + 1)
    )
    return ways / math.comb(offered, not_taken)


def _accounts(m: RankedMatch) -> set[int]:
    return {a for a in m.players if a is not None}


def _seated_with(pool: int) -> float:
    """The chance that a match of one account seats a given other one, seated at random: 3
    of the pool's other accounts sit with it."""
    return min(1.0, 3 / (pool - 1)) if pool > 1 else 0.0


def _chance(meetings: int, trials: int, pool: int) -> float:
    """The chance that some pair of the pool meets at least ``meetings`` times in ``trials``
    matches at random seating: the binomial tail for one pair, times the pool's pairs (the
    Bonferroni bound, at most 1)."""
    p = _seated_with(pool)
    if p >= 1.0:
        return 1.0
    if p <= 0.0 or meetings > trials:
        return 0.0
    tail = sum(
        math.exp(
            math.lgamma(trials + 1) - math.lgamma(k + 1) - math.lgamma(trials - k + 1)
            + k * math.log(p) + (trials - k) * math.log1p(-p)
        )
        for k in range(meetings, trials + 1)
    )  # fmt: skip
    return min(1.0, tail * pool * (pool - 1) / 2)


def _lopsided(one_way: int, other_way: int, tests: int) -> float:
    """The chance that some of ``tests`` pairs has events (deal-ins between the two, or
    matches where one placed above the other) this lopsided, either way, when each goes
    either way at even odds: the two-sided binomial tail, times ``tests`` (Bonferroni, at most
    1). The pairs tested are chosen by their meetings alone, which say nothing of the
    direction, so ``tests`` counts them rather than the pool's pairs."""
    n = one_way + other_way
    k = max(one_way, other_way)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k, n + 1)) / (1 << n)
    return min(1.0, 2 * tail * max(1, tests))


def _strongest(pair: Pair) -> float:
    """The smallest chance among the signals that listed ``pair``."""
    odds = pair.chances()
    return min((odds[s] for s in pair.listed_by), default=1.0)


def _apart(account: int, last_ones: list[RankedMatch], other: int) -> tuple[int, int]:
    """``account``'s last matches that ``other`` did not sit in, and their rank points."""
    apart = [m for m in last_ones if other not in m.players]
    return len(apart), sum(m.rank_deltas[m.seat_of(account)] or 0 for m in apart)


def _pair(
    a: int,
    b: int,
    shared: list[RankedMatch],
    expected: float,
    odds: float,
    passes: dict[int, PassedWins],
) -> Pair:
    flow = {a: [0, 0], b: [0, 0]}  # deal-ins received from the other: count, points
    above = {a: 0, b: 0}  # matches placed above the other
    for m in shared:
        seat_a, seat_b = m.seat_of(a), m.seat_of(b)
        for d in m.deal_ins:
            if (d.from_seat, d.to_seat) == (seat_b, seat_a):
                flow[a][0] += 1
                flow[a][1] += d.points
            elif (d.from_seat, d.to_seat) == (seat_a, seat_b):
                flow[b][0] += 1
                flow[b][1] += d.points
        above[a] += m.places[seat_a] < m.places[seat_b]
        above[b] += m.places[seat_b] < m.places[seat_a]
    spared = {x: passes[y].on_other.not_taken for x, y in ((a, b), (b, a))}  # rons let go
    b_gained = (flow[b][1], above[b], spared[b]) > (flow[a][1], above[a], spared[a])
    receiver, feeder = (b, a) if b_gained else (a, b)
    pair = Pair(receiver, feeder, len(shared), expected, odds)
    pair.receiver_passes, pair.feeder_passes = passes[receiver], passes[feeder]
    pair.fed, pair.fed_points = flow[receiver]
    pair.returned, pair.returned_points = flow[feeder]
    pair.receiver_above, pair.feeder_above = above[receiver], above[feeder]
    for m in shared:
        r, f = m.seat_of(receiver), m.seat_of(feeder)
        pair.receiver_rank_points += m.rank_deltas[r] or 0
        pair.feeder_rank_points += m.rank_deltas[f] or 0
        pair.games.append(m.game_id)
    return pair


def _groups(pairs: list[Pair]) -> list[list[int]]:
    """The accounts the pairs link into groups (connected), in the order of their first pair."""
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for p in pairs:
        parent[root(p.receiver)] = root(p.feeder)
    groups: dict[int, list[int]] = {}
    for p in pairs:
        for account in (p.receiver, p.feeder):
            members = groups.setdefault(root(account), [])
            if account not in members:
                members.append(account)
    return list(groups.values())
