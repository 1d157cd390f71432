"""For every hand of every log, the tiles are accounted for: each physical tile enters play once
(deal, draws, indicators), every discard and call uses tiles the player holds, and at the end
deal + draws - discards - tiles put into melds = the concealed hand (checked against the hand
the log itself prints at a win, where it prints one)."""

from __future__ import annotations

from collections import Counter

import pytest
from formats_data import GAME_FOLDERS, games

from jantaku.formats import Call, CallKind, Discard, Draw, GameRecord, HandRecord, NewDora, Win
from jantaku.formats.wall import seen_positions
from jantaku.tiles import Tile


def _account(hand: HandRecord) -> list[str]:
    problems: list[str] = []
    entered = Counter(t.index for t in (*hand.dora_indicators, *hand.ura_indicators))
    held: list[list[Tile]] = [list(h) for h in hand.hands]
    for h in hand.hands:
        entered.update(t.index for t in h)
    melds = [0, 0, 0, 0]
    last_discard: tuple[int, Tile] | None = None
    kan_tiles: dict[tuple[int, int], int] = {}
    for a in hand.actions:
        if isinstance(a, Draw):
            entered[a.tile.index] += 1
            held[a.seat].append(a.tile)
        elif isinstance(a, Discard):
            if a.tile not in held[a.seat]:
                problems.append(f"seat {a.seat} discards {a.tile} it does not hold")
                continue
            held[a.seat].remove(a.tile)
            last_discard = (a.seat, a.tile)
        elif isinstance(a, Call):
            for t in a.tiles:
                if t not in held[a.seat]:
                    problems.append(f"seat {a.seat} calls with {t} it does not hold")
                else:
                    held[a.seat].remove(t)
            if a.kind is CallKind.ADDED_KAN:
                if kan_tiles.get((a.seat, a.tiles[0].kind)) != 3:
                    problems.append("an added kan without a pon of that kind")
                last_discard = (a.seat, a.tiles[0])
                continue
            if a.kind is not CallKind.CONCEALED_KAN and (
                last_discard is None or (a.from_seat, a.called) != last_discard
            ):
                problems.append(f"seat {a.seat} calls {a.called}, not the last discard")
            melds[a.seat] += 1
            kinds = {t.kind for t in (*a.tiles, *([a.called] if a.called else []))}
            if a.kind is not CallKind.CHI:
                if len(kinds) != 1:
                    problems.append(f"a {a.kind.value} of mixed kinds")
                kan_tiles[(a.seat, next(iter(kinds)))] = 3
        elif isinstance(a, NewDora) and a.indicator not in hand.dora_indicators:
            problems.append(f"new dora {a.indicator} is not among the indicators")
    twice = [i for i, n in entered.items() if n > 1]
    if twice:
        problems.append(f"tile ids used twice: {twice}")
    winners = {a.seat: a for a in hand.actions if isinstance(a, Win)}
    # the seat that drew or called and has not discarded yet (a self-draw, nine terminals, or a
    # log that stops mid-turn) holds one tile more
    turns = [a for a in hand.actions if isinstance(a, Draw | Discard | Call)]
    on_turn = turns[-1].seat if turns and not isinstance(turns[-1], Discard) else None
    for seat in range(4):
        size = 13 - 3 * melds[seat]
        n = len(held[seat]) + (1 if seat in winners and winners[seat].from_seat != seat else 0)
        ok = n == size or (n == size + 1 and (seat in winners or seat == on_turn))
        if not ok:
            problems.append(f"seat {seat} ends with {len(held[seat])} tiles, {melds[seat]} melds")
    if hand.result:
        for w in hand.result.wins:
            if w.hand is None:
                continue
            mine = sorted(held[w.seat] + ([w.win_tile] if w.from_seat != w.seat else []))
            if sorted(w.hand) != mine:
                problems.append(f"seat {w.seat} wins with {sorted(w.hand)}, we hold {mine}")
    return problems


@pytest.mark.parametrize("folder", GAME_FOLDERS)
def test_tiles_are_accounted_for(folder: str) -> None:
    checked = 0
    for g in games(folder):
        for i, hand in enumerate(g.hands):
            assert _account(hand) == [], (g.source, i)
            checked += 1
    assert checked > 0


def _wall_games() -> list[GameRecord]:
    return [
        *games("mjx/tests_cpp_json"),
        *games("mjx/suphx_reward_shaping_json"),
        *games("mjx/tests_py_mjlog"),
        *games("mjx/tests_cpp_mjlog"),
    ]


def test_deal_and_draws_are_the_walls_positions() -> None:
    """With the full wall (recorded by mjx, regenerated from the mjlog SHUFFLE seed), the deal,
    the draws, the replacement draws and the indicators sit exactly where
    :mod:`jantaku.formats.wall` says."""
    hands = [h for g in _wall_games() for h in g.hands]
    assert len(hands) == 514 + 818
    for h in hands:
        assert h.wall is not None and sorted(t.index for t in h.wall) == list(range(136))
        seen = seen_positions(h)
        assert all(h.wall[p] == t for p, t in seen.items())
        assert len(seen) >= 52 + len(h.dora_indicators)


def test_red_fives_are_copy_zero() -> None:
    for folder in GAME_FOLDERS:
        for g in games(folder):
            if g.rules.red_fives != (1, 1, 1):
                continue
            for h in g.hands:
                for t in (*h.hands[0], *h.dora_indicators):
                    assert t.red == (t.index in (16, 52, 88)) or "warnings" in g.extra


def test_rebuilt_walls_keep_every_seen_tile() -> None:
    """Without its wall, a hand's wall is rebuilt from what the log shows; where the true wall is
    known (mjx, mjlog seed) the rebuilt one agrees with it on every shown position."""
    import dataclasses

    from jantaku.formats import rebuild_wall

    compared = 0
    for folder in GAME_FOLDERS:
        for g in games(folder):
            for h in g.hands:
                rebuilt = rebuild_wall(dataclasses.replace(h, wall=None), g.rules.red_fives)
                assert sorted(t.index for t in rebuilt) == list(range(136)), g.source
                if h.wall is not None:
                    seen = seen_positions(h)
                    assert all(rebuilt[p] == h.wall[p] for p in seen)
                    compared += 1
    assert compared == 514 + 818


def test_wall_parts_replay_the_record() -> None:
    """Cut for an engine, the wall deals each seat its recorded hand and gives the recorded
    ordinary draws, replacement draws and indicators in order."""
    from jantaku.formats.wall import wall_parts

    for folder in GAME_FOLDERS:
        for g in games(folder):
            for h in g.hands:
                parts = wall_parts(h, g.rules.red_fives)
                assert all(parts.hands[i] == h.hands[(h.dealer + i) % 4] for i in range(4))
                draws = [a for a in h.actions if isinstance(a, Draw)]
                ordinary = [a.tile for a in draws if not a.replacement]
                extra = [a.tile for a in draws if a.replacement]
                assert list(parts.live[: len(ordinary)]) == ordinary
                assert list(parts.replacements[: len(extra)]) == extra
                assert parts.dora[: len(h.dora_indicators)] == h.dora_indicators
                assert parts.ura[: len(h.ura_indicators)] == h.ura_indicators
                every = [
                    *(t for x in parts.hands for t in x),
                    *parts.live,
                    *parts.replacements,
                    *parts.dora,
                    *parts.ura,
                ]
                assert sorted(t.index for t in every) == list(range(136))
