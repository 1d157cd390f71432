"""What one decision the other way is worth: at each of a level's decisions of one kind in
self-play, the rest of the deal is played out from copies of the true table, once with the
level's own choice and once with each alternative, everyone playing on as usual. Kinds:
``push_fold`` (the push tile for a fold and the fold tile for a push), ``call`` (passing for a
call and every pon or chi for a pass), ``ready`` (at a quiet turn that can stay ready, every
other ready discard, with and without riichi) and ``discard`` (at a quiet turn one or more from
ready, every other discard that keeps the hand as close to ready).
The two outcomes share the wall and every other seat's hand, so their difference is a paired
sample of what the alternative is worth at that point, in the level's own points for the deal.

    .venv/bin/python tools/deviation_values.py strong --against defensive --games 300 \
        --seed r1 --jobs 2 --kind push_fold     # or call, ready, discard --sample 0.15

The values are one-step: after the alternative the level plays on by its own rules, so a pass
may still be followed by the same call a turn later. Read a cell as "doing the other thing
here, once", not as a policy's worth; confirm a rule change with a duplicate arena.

Measured (strong against three defensive, seed r1, 300 hanchan, 3,028 decisions, 6m39s on
two cores): pushing a ready hand against a riichi instead of folding it is worth +1,853 +/- 405
points a decision (n=730, strong pushes all but one), pushing a one-from-ready hand once
against a riichi +81 +/- 150 (n=1,932, strong folds them): strong's push/fold has no
measurable one-step loss to repair, and its deal-ins are the price of pushing ready hands.
Calls (seed c1, 120 hanchan, 4,649 alternatives, 8m11s): strong's own 307 calls are worth
-679 points a call against passing (one from ready after the pon -808 +/- 876, n=137), yet
strong calling nothing at all placed 2.485 against 2.4075 (400 duplicate hanchan, seed s8,
paired difference +0.078 +/- 0.095, win rate 15.0% instead of 18.7%): passing once and
calling later is not the same as never calling.
Ready turns (seed y2, 240 hanchan, 743 decisions, 4m33s): every alternative is worse than
strong's choice; staying quiet instead of its riichi -566 +/- 431 (n=498), another wait
instead of its quiet one -979 +/- 477 (n=307). Hand building (seed d2, 100 hanchan, 15% of the
decisions, 6,192 alternatives, 9m58s): no class of tile thrown instead of strong's is better
beyond its interval; throwing a 3 to 7 instead costs -577 +/- 250 three or more from ready and
-778 +/- 406 one from ready.
Dev-only; not a test. Every row also checks that the copy played with the level's own choice
ends the deal exactly as the real game does (``mismatches`` must be 0)."""

from __future__ import annotations

import argparse
import copy
import random
from collections import defaultdict
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.events import DealEnded
from jantaku.engine.riichi.presets import new_match
from jantaku.engine.riichi.view import SeatView
from jantaku.players.arena import match_at, mean_ci
from jantaku.players.protocol import tell
from jantaku.players.riichi import make_player
from jantaku.players.riichi.reading import dora_kinds, threats, visible_counts, yakuhai_kinds

Row = tuple[tuple[Any, ...], float]  # (situation, alternative minus choice, signed as named)
Try = tuple[tuple[Any, ...], Action, float]  # (situation, alternative, sign of the row)
KINDS = ("push_fold", "call", "ready", "discard")


def clone(table: Any, players: list[Any]) -> tuple[Any, list[Any]]:
    """Independent copies of the table and the players (the log's events are shared: they
    never change)."""
    return copy.deepcopy((table, players), {id(table.log): list(table.log)})


def step(table: Any, players: list[Any], action: Action) -> list[Any]:
    events = table.apply(action)
    tell(players, events)
    return list(events)


def play_out(table: Any, players: list[Any], action: Action, me: int) -> int:
    """``me``'s points for the deal after ``action``, everyone then playing on."""
    events = step(table, players, action)
    while True:
        for e in events:
            if isinstance(e, DealEnded):
                return int(e.deltas[me])
        seat = table.to_act()[0]
        events = step(table, players, players[seat].choose(table.view(seat)))


def push_fold_alternative(bot: Any, view: SeatView, choice: Action) -> Try | None:
    """At a threatened discard one from ready or closer: (situation, the other of the push and
    fold tiles, the sign that turns alternative minus choice into push minus fold), None
    elsewhere or when both are the same tile."""
    me = view.seat
    assert me is not None
    legal = view.legal_actions
    if choice.tile is None or choice.kind not in (ActionKind.DISCARD, ActionKind.RIICHI):
        return None
    thr = threats(view, me)
    evals = bot.evaluate(view, legal)
    if not thr or not evals or view.seats[me].riichi:
        return None
    best = max(evals, key=lambda k: bot.efficiency_score(view, k, evals[k]))
    sh = evals[best][0]
    if sh > 1:
        return None
    seen = visible_counts(view)

    def danger(k: int) -> float:
        return float(bot.total_danger(view, k, thr, seen))

    push = max(
        evals,
        key=lambda k: bot.efficiency_score(view, k, evals[k]) - bot.push_caution(sh) * danger(k),
    )
    fold = min(evals, key=lambda k: (danger(k), -bot.efficiency_score(view, k, evals[k])))
    chosen = choice.tile.kind_id
    pushes = chosen != fold  # a riichi or value discard counts as a push
    other = fold if pushes else push
    if other == chosen:
        return None
    riichi = "riichi" if any(w >= 1.0 for w in thr.values()) else "open hand"
    situation = (
        f"{sh} from ready",
        f"against {riichi}",
        "level pushes" if pushes else "level folds",
    )
    return situation, bot.pick_tile(legal, other, ActionKind.DISCARD), -1.0 if pushes else 1.0


def call_alternatives(bot: Any, view: SeatView, choice: Action) -> list[Try]:
    """At a call decision: the pass when the level calls, else every distinct pon and chi,
    signed so that each row reads call minus pass."""
    legal = view.legal_actions
    if not any(a.kind in (ActionKind.PON, ActionKind.CHI) for a in legal):
        return []
    if any(a.kind is ActionKind.RON for a in legal):
        return []
    me = view.seat
    assert me is not None
    opened = "hand already open" if any(m.is_open for m in view.seats[me].melds) else "closed"
    called = choice.kind is not ActionKind.PASS

    def situation(call: Action) -> tuple[str, ...]:
        ready = "ready after it" if bot.after_call(view, call)[2] <= 0 else "not ready after it"
        return (call.kind.name.lower(), ready, opened, "level calls" if called else "level passes")

    if called:
        if choice.kind not in (ActionKind.PON, ActionKind.CHI):
            return []  # a kan: not measured here
        pass_ = next(a for a in legal if a.kind is ActionKind.PASS)
        return [(situation(choice), pass_, -1.0)]
    out: list[Try] = []
    seen_keys = set()
    for a in legal:
        if a.kind not in (ActionKind.PON, ActionKind.CHI):
            continue
        key = (a.kind, tuple(sorted(t.kind_id for t in a.tiles)))
        if key not in seen_keys:
            seen_keys.add(key)
            out.append((situation(a), a, 1.0))
    return out


def quiet_turn(
    bot: Any, view: SeatView, choice: Action
) -> tuple[dict[int, tuple[int, int]], int, int] | None:
    """At a discard turn with no threat on the table, before the level's own riichi: the
    level's (shanten, acceptance) of each discard, the lowest shanten and the chosen kind;
    None at any other decision."""
    me = view.seat
    assert me is not None
    if choice.kind not in (ActionKind.DISCARD, ActionKind.RIICHI) or choice.tile is None:
        return None
    if view.seats[me].riichi or threats(view, me):
        return None
    evals = bot.evaluate(view, view.legal_actions)
    if not evals:
        return None
    return evals, min(sh for sh, _acc in evals.values()), choice.tile.kind_id


def ready_alternatives(bot: Any, view: SeatView, choice: Action) -> list[Try]:
    """At a quiet turn that can leave the hand ready: every other ready discard, with riichi
    and without where allowed (the same discard the other way, or another wait)."""
    quiet = quiet_turn(bot, view, choice)
    if quiet is None or quiet[1] != 0:
        return []
    evals, _best, chosen = quiet
    legal = view.legal_actions
    mine = "level riichis" if choice.kind is ActionKind.RIICHI else "level stays quiet"
    out: list[Try] = []
    for k in sorted(evals):
        if evals[k][0] != 0:
            continue
        for kind in (ActionKind.DISCARD, ActionKind.RIICHI):
            if (k, kind) == (chosen, choice.kind):
                continue
            if not any(a.kind is kind and a.tile and a.tile.kind_id == k for a in legal):
                continue
            way = "riichi" if kind is ActionKind.RIICHI else "quiet"
            other = f"same discard, {way}" if k == chosen else f"another wait, {way}"
            out.append(((mine, other), bot.pick_tile(legal, k, kind), 1.0))
    return out


def tile_class(view: SeatView, kind: int) -> str:
    """What kind of tile a discard throws away, as hand-building rules talk about it."""
    me = view.seat
    assert me is not None
    if kind in dora_kinds(view):
        return "a dora"
    if kind >= 27:
        return "a value honour" if kind in yakuhai_kinds(view, me) else "another honour"
    return ("a terminal", "a 2 or 8", "a 3 to 7")[min(kind % 9, 8 - kind % 9, 2)]


def discard_alternatives(bot: Any, view: SeatView, choice: Action) -> list[Try]:
    """At a quiet turn one or more from ready: every other discard that keeps the hand as
    close to ready as the best one, by the class of tile it throws away."""
    quiet = quiet_turn(bot, view, choice)
    if choice.kind is not ActionKind.DISCARD or quiet is None or quiet[1] < 1:
        return []
    evals, best, chosen = quiet
    legal = view.legal_actions
    far = f"{min(best, 3)}{'+' if best >= 3 else ''} from ready"
    return [
        ((far, f"throwing {tile_class(view, k)}"), bot.pick_tile(legal, k, ActionKind.DISCARD), 1.0)
        for k in sorted(evals)
        if evals[k][0] == best and k != chosen
    ]


def alternatives(kind: str, bot: Any, view: SeatView, choice: Action) -> list[Try]:
    """The alternatives measured at this decision, each with the sign that makes its row read
    as the report names it."""
    if kind == "push_fold":
        alt = push_fold_alternative(bot, view, choice)
        return [] if alt is None else [alt]
    if kind == "call":
        return call_alternatives(bot, view, choice)
    if kind == "ready":
        return ready_alternatives(bot, view, choice)
    return discard_alternatives(bot, view, choice)


def one_match(args: tuple[int, str, str, str, str, float]) -> tuple[list[Row], int, int]:
    """Rows of one match on the duplicate schedule (the tested level in its first seat), the
    decisions checked and the mismatches of the level's own choice against the real deal."""
    i, seed, level, against, kind, sample = args
    pick = random.Random(f"{seed}:{i}:{kind}")  # which decisions are measured (--sample)
    match_seed, seats = match_at(i, seed, True)
    me = seats[0]
    players: list[Any] = [None] * 4
    for idx, s in enumerate(seats):
        players[s] = make_player(level if idx == 0 else against, f"{match_seed}:{s}")
    table = new_match("doman", seed=match_seed)
    tell(players, table.log)
    rows: list[Row] = []
    pending: list[int] = []  # own-choice outcomes predicted in this deal
    checked = mismatches = 0
    while not table.finished:
        seat = table.to_act()[0]
        view = table.view(seat)
        choice = players[seat].choose(view)
        if seat == me:
            tries = alternatives(kind, players[me], view, choice)
            if tries and (sample >= 1.0 or pick.random() < sample):
                t, ps = clone(table, players)
                own = play_out(t, ps, choice, me)
                pending.append(own)
                for situation, a, sign in tries:
                    t, ps = clone(table, players)
                    # signed so that a push/fold row reads push minus fold, a call row
                    # call minus pass, whichever the level chose; a ready or discard row
                    # alternative minus choice
                    rows.append((situation, sign * (play_out(t, ps, a, me) - own)))
        for e in step(table, players, choice):
            if isinstance(e, DealEnded):
                real = int(e.deltas[me])
                checked += len(pending)
                mismatches += sum(1 for own in pending if own != real)
                pending = []
    return rows, checked, mismatches


def report(rows: Sequence[Row], kind: str) -> None:
    name = {"push_fold": "push minus fold", "call": "call minus pass"}.get(
        kind, "alternative minus choice"
    )
    groups: dict[tuple[Any, ...], list[float]] = defaultdict(list)
    for situation, delta in rows:
        groups[situation].append(delta)
    print(f"{'situation':58s} {'n':>6s}  {name} (points a decision, 95% CI)")
    for situation in sorted(groups):
        mean, ci = mean_ci(groups[situation])
        print(f"{', '.join(situation):58s} {len(groups[situation]):6d}  {mean:+7.0f} +/- {ci:5.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("level")
    ap.add_argument("--against", default="defensive")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", default="r1")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--kind", choices=KINDS, default="push_fold")
    ap.add_argument(
        "--sample",
        type=float,
        default=1.0,
        help="share of the decisions measured (discard: each costs a dozen deals played out)",
    )
    args = ap.parse_args()
    jobs = [
        (i, args.seed, args.level, args.against, args.kind, args.sample) for i in range(args.games)
    ]
    rows: list[Row] = []
    checked = mismatches = 0
    with Pool(args.jobs) as pool:
        for r, c, m in pool.imap_unordered(one_match, jobs):
            rows.extend(r)
            checked += c
            mismatches += m
    report(rows, args.kind)
    print(f"{len(rows)} alternatives; own choice replayed {checked} times, mismatches {mismatches}")


if __name__ == "__main__":
    main()
