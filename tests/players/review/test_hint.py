"""A hint's danger marks (players/review/hint.py) against a riichi, on the first deals of
seeded games played by puppets: a tile the riichi hand cannot win on (its own river, the
kinds it let pass) is never marked, a middle tile (4-6) with no suji against it always is,
and with no threat nothing is; the choice is the puppet's own on the same view."""

from __future__ import annotations

from typing import Any

from jantaku.engine.actions import ActionKind
from jantaku.families import family
from jantaku.players.review import Adviser
from jantaku.players.riichi.reading import safe_kinds, threats, track_passed

ME = 0


def _decisions(seed: str) -> list[tuple[Any, set[int], set[int], dict[Any, str], bool]]:
    """Seat 0's own turns in the first deal: (view, kinds safe against the riichi, kinds
    every threat discarded itself, marks, whether the adviser chose as a fresh puppet of its
    level shown the same events)."""
    fam = family("riichi")
    game = fam.new_game("doman", seed)
    bots = [fam.new_player("defensive", None, "doman") for _ in range(4)]
    adviser = Adviser("riichi")
    reference = fam.new_player(adviser.level, "review", "doman")
    passed: dict[int, set[int]] = {}
    out = []
    fed = 0
    while not game.finished:
        seat = game.to_act()[0]
        view = game.view(seat)
        if seat == ME and any(a.kind is ActionKind.DISCARD for a in view.legal_actions):
            seen = [e.seen_by(ME) for e in game.log[fed:]]
            fed = len(game.log)
            adviser.observe(seen)
            reference.observe(seen)
            track_passed(passed, seen)
            advice = adviser.advise(view)
            riichi = [s for s in range(4) if s != ME and view.seats[s].riichi]
            safe: set[int] = set()  # against a riichi (its river, the kinds it let pass)
            for s in riichi:
                safe |= safe_kinds(view, s, passed.get(s, set()))
            # genbutsu against every threat: the kinds each threat discarded itself
            rivers = [safe_kinds(view, s) for s in threats(view, ME)]
            genbutsu = set.intersection(*rivers) if rivers else set()
            same = advice.action == reference.choose(view)
            out.append((view, safe, genbutsu, advice.danger, same))
        events = game.apply(bots[seat].choose(view))
        for s, b in enumerate(bots):
            b.observe([e.seen_by(s) for e in events])
        if any(e.type == "deal_ended" for e in events):
            break
    return out


def test_genbutsu_is_never_marked_and_a_middle_tile_without_suji_always_is() -> None:
    both = 0
    for n in range(8):
        for view, safe, rivers, marks, same in _decisions(f"hint{n}"):
            assert same
            marks = {t.index: v for t, v in marks.items()}
            hand = view.hand
            if not threats(view, ME):
                assert marks == {}
                continue
            if not any(p.riichi for i, p in enumerate(view.seats) if i != ME):
                continue
            genbutsu = [t for t in hand if t.kind_id in rivers]
            middle = [
                t
                for t in hand
                if t.kind_id < 27
                and t.kind_id % 9 in (3, 4, 5)
                and not {t.kind_id, t.kind_id - 3, t.kind_id + 3} & safe
            ]
            for t in genbutsu:
                assert t.index not in marks, (t, marks)
            for t in middle:
                assert marks.get(t.index) in ("risky", "dangerous"), (t, marks)
            both += bool(genbutsu and middle)
    assert both > 0  # the seeds hold such hands: the test saw both sides
