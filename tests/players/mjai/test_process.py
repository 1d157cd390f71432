"""An external mjai bot process as a seat: a real one (``jantaku mjai-bot``) plays a whole match;
broken ones (garbage, silence, illegal moves) are replaced by pass / discard-the-drawn-tile and
the game goes on."""

from __future__ import annotations

import sys

from jantaku.engine.actions import ActionKind
from jantaku.engine.riichi.presets import new_match
from jantaku.players.mjai.process import MjaiProcessPlayer
from jantaku.players.riichi import make_player
from jantaku.players.riichi.arena import play_match

BOT = [sys.executable, "-m", "jantaku", "mjai-bot", "--level", "efficiency", "--rules", "doman"]


def _one_deal(seat_player: MjaiProcessPlayer) -> tuple[list[str], int]:
    """Play the first deal with the process at seat 0; (actions it took, decisions)."""
    table = new_match("doman", seed="adapter", length="east_only")
    players = [seat_player] + [make_player("efficiency", s) for s in (1, 2, 3)]
    for s, p in enumerate(players):
        p.observe([e.seen_by(s) for e in table.log])
    taken: list[str] = []
    decisions = 0
    while table.deal_number == 0:
        seat = table.to_act()[0]
        view = table.view(seat)
        action = players[seat].choose(view)
        assert action in view.legal_actions
        if seat == 0:
            decisions += 1
            taken.append(action.kind.value)
            if action.kind is ActionKind.DISCARD:
                assert action.tile is not None
        events = table.apply(action)
        for s, p in enumerate(players):
            p.observe([e.seen_by(s) for e in events])
    return taken, decisions


def test_a_real_mjai_bot_plays_a_whole_match() -> None:
    table = new_match("doman", seed="adapter-match", length="east_only")
    bot = MjaiProcessPlayer(BOT, 0, timeout=20)
    try:
        stats = play_match(table, [bot] + [make_player("efficiency", s) for s in (1, 2, 3)])
    finally:
        bot.close()
    assert table.finished
    assert bot.faults == []
    assert sorted(s.placement for s in stats) == [1, 2, 3, 4]


def test_garbage_answers_fall_back_to_pass_or_tsumogiri() -> None:
    script = "import sys\nfor line in sys.stdin:\n    print('garbage{', flush=True)\n"
    bot = MjaiProcessPlayer([sys.executable, "-c", script], 0, timeout=5)
    try:
        taken, decisions = _one_deal(bot)
    finally:
        bot.close()
    assert decisions > 0
    assert set(taken) <= {"discard", "pass"}
    assert any("not JSON" in f for f in bot.faults)


def test_illegal_answers_are_replaced() -> None:
    script = (
        "import sys\nfor line in sys.stdin:\n"
        '    print(\'{"type":"dahai","actor":0,"pai":"C","tsumogiri":false}\','
        " flush=True)\n"
    )
    bot = MjaiProcessPlayer([sys.executable, "-c", script], 0, timeout=5)
    try:
        taken, decisions = _one_deal(bot)
    finally:
        bot.close()
    assert decisions > 0 and set(taken) <= {"discard", "pass"}


def test_late_answers_are_dropped_and_the_game_goes_on() -> None:
    # answers every line, but the 5th, 15th, 25th ... only after a long pause
    script = (
        "import sys, time\nfor i, line in enumerate(sys.stdin):\n"
        "    if i % 10 == 4: time.sleep(0.6)\n"
        '    print(\'{"type":"none"}\', flush=True)\n'
    )
    bot = MjaiProcessPlayer([sys.executable, "-c", script], 0, timeout=0.2)
    try:
        taken, decisions = _one_deal(bot)
    finally:
        bot.close()
    assert decisions > 0 and set(taken) <= {"discard", "pass"}
    assert any("no answer within" in f for f in bot.faults)
