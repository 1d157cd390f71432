"""Replaying recorded games through the engine: every recorded action must be legal when it
happens, and every hand's result must equal the record (the engine of ``jantaku replay-check``).

The wall of each hand is rebuilt from what the record shows (deals, draws, replacement draws,
dora and ura indicators); positions the record never shows are filled with the remaining tiles,
which no replay can reach."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.deal import Deal, Phase
from jantaku.engine.riichi.events import DealEnded, DoraRevealed, Drew, RiichiAccepted, Won
from jantaku.engine.riichi.events import DrawKind as EngineDraw
from jantaku.engine.riichi.flow import MatchState
from jantaku.engine.riichi.judge import WinJudge
from jantaku.engine.riichi.match import Match
from jantaku.engine.riichi.rules import TableRules
from jantaku.engine.riichi.scoring import RiichiJudge
from jantaku.engine.riichi.wall import WallSetup, shuffled_wall
from jantaku.errors import IllegalActionError, JantakuError
from jantaku.formats import record as rec
from jantaku.formats.errors import Skipped
from jantaku.formats.wall import wall_parts
from jantaku.rules.riichi import RiichiOptions, preset

__all__ = [
    "BeforeDiscard",
    "GameCheck",
    "HandMismatch",
    "check_game",
    "check_games",
    "rules_for",
    "wall_for",
]

# Called with the match, the recorded discard and whether it declares riichi, just before the
# engine applies it: the recorded player's decision point (bot review, agreement with players).
BeforeDiscard = Callable[[Match, rec.Discard, bool], None]

_DRAW_KINDS = {
    rec.DrawKind.EXHAUSTIVE: EngineDraw.EXHAUSTIVE,
    rec.DrawKind.ALL_NOTEN: EngineDraw.EXHAUSTIVE,
    rec.DrawKind.NAGASHI_MANGAN: EngineDraw.NAGASHI_MANGAN,
    rec.DrawKind.NINE_TERMINALS: EngineDraw.NINE_TERMINALS,
    rec.DrawKind.FOUR_WINDS: EngineDraw.FOUR_WINDS,
    rec.DrawKind.FOUR_RIICHI: EngineDraw.FOUR_RIICHI,
    rec.DrawKind.FOUR_KANS: EngineDraw.FOUR_KANS,
    rec.DrawKind.TRIPLE_RON: EngineDraw.TRIPLE_RON,
}
_CALLS = {
    rec.CallKind.CHI: ActionKind.CHI,
    rec.CallKind.PON: ActionKind.PON,
    rec.CallKind.OPEN_KAN: ActionKind.OPEN_KAN,
}


@dataclass(frozen=True, slots=True)
class HandMismatch:
    source: str
    hand: str  # e.g. "E1-0" (round, number, honba)
    what: str

    def to_json(self) -> dict[str, str]:
        return {"file": self.source, "hand": self.hand, "what": self.what}


@dataclass(slots=True)
class GameCheck:
    source: str
    hands: int = 0
    mismatches: list[HandMismatch] = field(default_factory=list)
    unverifiable: list[HandMismatch] = field(default_factory=list)  # self-contradicting records


class _Mismatch(JantakuError):
    pass


def options_for(info: rec.RulesInfo) -> RiichiOptions:
    """The preset a log was played under (``tenhou`` unless jantaku wrote it), with the lobby
    flags the log states: length, red fives, open tanyao."""
    name = next((x.split(":", 1)[1] for x in info.special if x.startswith("jantaku:")), "tenhou")
    return preset(
        name,
        length="east_only" if info.length is rec.Length.EAST_ONLY else "east_south",
        red_fives=3 if any(info.red_fives) else 0,
        kuitan=info.open_tanyao,
    )


def rules_for(info: rec.RulesInfo) -> TableRules:
    """The table rules of :func:`options_for`."""
    return TableRules.from_options(options_for(info))


def wall_for(hand: rec.HandRecord, red_fives: tuple[int, int, int]) -> WallSetup:
    """The hand's wall: the recorded one (mjlog shuffle seed, mjx), else one rebuilt from the
    deal, draws and indicators the record shows."""
    parts = wall_parts(hand, red_fives)
    return WallSetup(parts.hands, parts.live, parts.replacements, parts.dora, parts.ura)


def _name(hand: rec.HandRecord) -> str:
    return f"{'ESWN'[hand.round_wind]}{hand.number + 1}-{hand.honba}"


def _answer(match: Match, deal: Deal, claims: dict[int, Action]) -> None:
    """Every seat asked about a claim answers: the recorded claim, or pass."""
    for seat in list(deal.to_act()):
        action = claims.get(seat, Action(ActionKind.PASS, seat))
        if action.kind is ActionKind.RON and action.tile is None:
            offered = [a for a in deal.legal_actions(seat) if a.kind is ActionKind.RON]
            action = offered[0] if offered else Action(ActionKind.PASS, seat)
        match.apply(action)
        if deal.phase not in (Phase.CALLS, Phase.CHANKAN):
            break


def _claims_after(actions: list[rec.Action], i: int) -> dict[int, Action]:
    """The recorded answers to the discard (or added kan) at ``i``: a call or the ron wins."""
    claims: dict[int, Action] = {}
    j = i + 1
    while j < len(actions) and isinstance(actions[j], rec.RiichiAccepted | rec.NewDora):
        j += 1
    while j < len(actions):
        nxt = actions[j]
        if isinstance(nxt, rec.Win) and nxt.from_seat != nxt.seat:
            claims[nxt.seat] = Action(ActionKind.RON, nxt.seat, nxt.tile)
            j += 1
            continue
        if isinstance(nxt, rec.Abort) and nxt.kind is rec.DrawKind.TRIPLE_RON:
            return {s: Action(ActionKind.RON, s) for s in range(4)}  # every offered ron is taken
        if isinstance(nxt, rec.Call) and nxt.kind in _CALLS and not claims:
            assert nxt.called is not None
            claims[nxt.seat] = Action(_CALLS[nxt.kind], nxt.seat, nxt.called, nxt.tiles)
        break
    return claims


def _replay_hand(
    match: Match, hand: rec.HandRecord, before_discard: BeforeDiscard | None = None
) -> tuple[Deal, list[str]]:
    deal = match.deal
    problems: list[str] = []
    riichi: set[int] = set()
    actions = list(hand.actions)
    for i, action in enumerate(actions):
        if deal.phase is Phase.ENDED:
            if isinstance(action, rec.Win | rec.Abort | rec.RiichiAccepted | rec.NewDora):
                continue
            raise _Mismatch(f"the engine ended the hand before action {i + 1} ({action})")
        try:
            if isinstance(action, rec.Draw):
                last = next((e for e in reversed(deal.log) if isinstance(e, Drew)), None)
                if last is None or last.tile != action.tile or last.seat != action.seat:
                    raise _Mismatch(f"action {i + 1}: the record draws {action}, the engine {last}")
            elif isinstance(action, rec.Riichi):
                riichi.add(action.seat)
            elif isinstance(action, rec.Discard):
                kind = ActionKind.RIICHI if action.seat in riichi else ActionKind.DISCARD
                riichi.discard(action.seat)
                if before_discard is not None:
                    before_discard(match, action, kind is ActionKind.RIICHI)
                match.apply(Action(kind, action.seat, action.tile))
                if deal.phase is Phase.CALLS:
                    _answer(match, deal, _claims_after(actions, i))
            elif isinstance(action, rec.Call):
                if action.kind is rec.CallKind.ADDED_KAN:
                    match.apply(Action(ActionKind.ADDED_KAN, action.seat, action.tiles[0]))
                    if deal.phase is Phase.CHANKAN:
                        _answer(match, deal, _claims_after(actions, i))
                elif action.kind is rec.CallKind.CONCEALED_KAN:
                    tiles = tuple(sorted(action.tiles, key=lambda t: t.index))
                    match.apply(Action(ActionKind.CONCEALED_KAN, action.seat, None, tiles))
                # chi, pon and open kan were applied as answers to their discard
            elif isinstance(action, rec.Win):
                if action.from_seat == action.seat:
                    match.apply(Action(ActionKind.TSUMO, action.seat, action.tile))
                else:
                    raise _Mismatch(f"action {i + 1}: ron by seat {action.seat} was not offered")
            elif isinstance(action, rec.Abort) and action.kind is rec.DrawKind.NINE_TERMINALS:
                assert action.seat is not None
                match.apply(Action(ActionKind.NINE_TERMINALS, action.seat))
            # NewDora: logs write a kan dora when the server turns it, sometimes before the
            # discard that reveals it in the engine; the indicators are compared at the end.
        except IllegalActionError as error:
            raise _Mismatch(f"action {i + 1} ({action}): {error}") from None
    return deal, problems


def _compare(deal: Deal, hand: rec.HandRecord) -> list[str]:
    out: list[str] = []
    result = hand.result
    if result is None:
        return out
    if deal.phase is not Phase.ENDED:
        return [f"the record ends the hand ({_summary(result)}), the engine goes on"]
    won = [e for e in deal.log if isinstance(e, Won)]
    ended = next(e for e in deal.log if isinstance(e, DealEnded))
    if result.wins:
        if [w.seat for w in won] != [w.seat for w in result.wins]:
            out.append(f"winners {[w.seat for w in won]} != record {[w.seat for w in result.wins]}")
        for mine, theirs in zip(won, result.wins, strict=False):
            for name in ("han", "fu", "points"):
                want = getattr(theirs, name)
                got = getattr(mine, name)
                if want is not None and got != want and not (name == "fu" and mine.yakuman):
                    out.append(f"seat {mine.seat} {name} {got} != record {want}")
            if tuple(theirs.deltas) != tuple(mine.deltas):
                out.append(f"seat {mine.seat} deltas {mine.deltas} != record {theirs.deltas}")
    else:
        assert result.draw is not None
        want_kind = _DRAW_KINDS[result.draw.kind]
        if ended.draw is not want_kind:
            out.append(f"draw {ended.draw} != record {want_kind}")
        if result.draw.deltas is not None and tuple(result.draw.deltas) != tuple(ended.deltas):
            out.append(f"draw deltas {ended.deltas} != record {result.draw.deltas}")
    shown = [deal.wall.dora[0]] + [e.indicator for e in deal.log if isinstance(e, DoraRevealed)]
    if [t.index for t in shown] != [t.index for t in hand.dora_indicators]:
        out.append(f"dora indicators {shown} != record {list(hand.dora_indicators)}")
    accepted = [e.seat for e in deal.log if isinstance(e, RiichiAccepted)]
    recorded = [a.seat for a in hand.actions if isinstance(a, rec.RiichiAccepted)]
    if recorded and accepted != recorded:
        out.append(f"riichi accepted {accepted} != record {recorded}")
    return out


def self_contradiction(hand: rec.HandRecord) -> str | None:
    """Why a hand's recorded result cannot be right whatever the rules (hand-edited logs), or
    None. Checked: every winner gains and every discarder pays; the winners' gains add up to the
    riichi sticks on the table (each accepted riichi stick is paid before, not in, the deltas)."""
    result = hand.result
    if result is None or not result.wins:
        return None
    for win in result.wins:
        if win.deltas[win.seat] <= 0:
            return f"seat {win.seat} is recorded as winner but gains {win.deltas[win.seat]}"
        if win.from_seat != win.seat and win.deltas[win.from_seat] >= 0:
            return f"seat {win.from_seat} is recorded as dealing in but does not pay"
    accepted = sum(1 for a in hand.actions if isinstance(a, rec.RiichiAccepted))
    sticks = hand.riichi_deposits + accepted
    total = sum(sum(w.deltas) for w in result.wins)
    if total != 1000 * sticks:
        return (
            f"the recorded score changes sum to {total}, but {sticks} riichi stick(s) of 1000 "
            "were on the table for the winner"
        )
    return None


def _summary(result: rec.HandResult) -> str:
    if result.wins:
        return "win by " + ", ".join(str(w.seat) for w in result.wins)
    assert result.draw is not None
    return result.draw.kind.value


def _state(hand: rec.HandRecord) -> MatchState:
    return MatchState(hand.scores, hand.round_wind, hand.dealer, hand.honba, hand.riichi_deposits)


def _header_problems(deal: Deal, hand: rec.HandRecord) -> list[str]:
    ours = (int(deal.round_wind), deal.dealer, deal.honba, deal.deposits, tuple(deal.scores))
    theirs = (int(hand.round_wind), hand.dealer, hand.honba, hand.riichi_deposits, hand.scores)
    if ours == theirs:
        return []
    return [
        f"the engine starts this hand as (round, dealer, honba, deposits, scores) {ours}, "
        f"the record as {theirs}"
    ]


def check_game(
    game: rec.GameRecord,
    judge: WinJudge | None = None,
    before_discard: BeforeDiscard | None = None,
) -> GameCheck:
    """Replay every hand of a game through one match; mismatches are collected, not raised.
    ``before_discard`` sees each recorded discard's decision point.

    After each hand the match decides what comes next (dealer, honba, deposits, scores, the end
    of the game), and that is compared with the record too. A hand whose start differs is
    replayed from the record's state so one difference does not hide the rest."""
    options = options_for(game.rules)
    rules = TableRules.from_options(options)
    judge = judge if judge is not None else RiichiJudge(options)
    check = GameCheck(game.source)
    hands = game.hands
    red = game.rules.red_fives

    def walls(n: int) -> WallSetup:
        return wall_for(hands[n], red) if n < len(hands) else shuffled_wall(n, rules.red_fives)

    def start_at(n: int) -> Match:
        return Match(rules, judge, walls=lambda k: walls(n + k), start=_state(hands[n]))

    match = start_at(0)
    for n, hand in enumerate(hands):
        check.hands += 1
        name = _name(hand)
        problems: list[str] = []
        if match.finished:
            problems.append(f"the engine ended the game ({match.result}) before this hand")
            match = start_at(n)
        else:
            problems += _header_problems(match.deal, hand)
            if problems:
                match = start_at(n)
        contradiction = self_contradiction(hand)
        try:
            deal, more = _replay_hand(match, hand, before_discard)
            problems += more + _compare(deal, hand)
        except _Mismatch as error:
            problems.append(str(error))
            match = start_at(n + 1) if n + 1 < len(hands) else match
        if contradiction is not None:
            # Nothing can agree with such a record: report it, neither pass nor mismatch.
            check.hands -= 1
            why = f"the record contradicts itself: {contradiction}"
            check.unverifiable.append(HandMismatch(game.source, name, why))
            if n + 1 < len(hands):
                match = start_at(n + 1)
            continue
        check.mismatches.extend(HandMismatch(game.source, name, p) for p in problems)
        if hand.result is None:
            return check  # the log stops inside this hand
    if game.final_scores is not None:
        check.mismatches.extend(
            HandMismatch(game.source, "end", p) for p in _end_problems(match, game)
        )
    return check


def _end_problems(match: Match, game: rec.GameRecord) -> list[str]:
    if match.result is None:
        return ["the record ends the game, the engine would play another hand"]
    if tuple(match.result.scores) != tuple(game.final_scores or ()):
        return [f"final scores {match.result.scores} != record {game.final_scores}"]
    return []


def check_games(
    items: Iterable[rec.GameRecord | Skipped | GameCheck], judge: WinJudge | None = None
) -> Iterator[GameCheck | Skipped]:
    """Each record checked; a skipped file, and a game checked already (a server record,
    replayed from its seed), pass through."""
    for item in items:
        if isinstance(item, Skipped | GameCheck):
            yield item
        elif item.rules.players != 4:
            yield Skipped(item.source, "three-player games are not supported")
        else:
            yield check_game(item, judge)


def summary(results: Iterable[GameCheck | Skipped]) -> dict[str, Any]:
    games = hands = 0
    skipped: list[dict[str, str]] = []
    mismatches: list[dict[str, str]] = []
    for r in results:
        if isinstance(r, Skipped):
            skipped.append({"file": str(r.path), "reason": r.reason})
            continue
        games += 1
        hands += r.hands
        mismatches.extend(m.to_json() for m in r.mismatches)
        skipped.extend({"file": f"{m.source} {m.hand}", "reason": m.what} for m in r.unverifiable)
    return {
        "games": games,
        "hands": hands,
        "mismatches": len(mismatches),
        "skipped": len(skipped),
        "mismatch_list": mismatches,
        "skipped_list": skipped,
    }
