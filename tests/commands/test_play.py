"""``jantaku play`` end to end in a pseudo-terminal: a scripted person plays a whole quick match
to the final ranking, with bad keys (hints, no crash), position keys, riichi and calls."""

from __future__ import annotations

import random
import sys

import pexpect
import pytest

from jantaku.commands.play_render import end_words, render_ranking
from jantaku.engine.reasons import EndReason

PROMPTS = [
    r"Your turn: discard \[(\w+)\]([^>]*)> ",
    r"Claim \S+\? ([^(]*)\(Enter passes\) > ",
    r"Riichi: discard which tile\? \[(\w+)\] ",
    r"Which \w+\? \[1-(\d)\] ",
    r"Press Enter to continue ",
    r"=== Final ranking",
    r"Hint: ",
    pexpect.EOF,
]


def _play(rules: str, seed: str) -> tuple[str, int]:
    rng = random.Random(seed)
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "jantaku",
            "play",
            "--rules",
            rules,
            "--length",
            "quick",
            "--level",
            "efficiency",
            "--seed",
            seed,
        ],
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
    )
    hints = 0
    answered = 0
    try:
        while True:
            i = child.expect(PROMPTS)
            if i == 0:
                keys, extra = child.match.group(1), child.match.group(2)
                roll = rng.random()
                if "t tsumo" in extra:
                    child.sendline("t")
                elif "r riichi" in extra and roll < 0.7:
                    child.sendline("r")
                elif roll < 0.08:
                    child.sendline("z")  # a bad key: a hint, then the same prompt
                elif roll < 0.5:
                    child.sendline(rng.choice(keys))
                else:
                    child.sendline("")
            elif i == 1:
                options = child.match.group(1)
                key = "h" if "h ron" in options else rng.choice(["", "n", "p", "c", "q"])
                child.sendline(key)
            elif i == 2:
                child.sendline(rng.choice(child.match.group(1)))
            elif i == 3:
                child.sendline("1")
            elif i == 4:
                child.sendline("")
            elif i == 5:
                child.expect(pexpect.EOF)
                return child.before, hints
            elif i == 6:
                hints += 1
                continue
            else:
                pytest.fail(f"the game ended without a final ranking:\n{child.before[-2000:]}")
            answered += 1
            assert answered < 3000, "the match does not end"
    finally:
        child.close(force=True)


@pytest.mark.parametrize("rules", ["doman", "doman_no_kuitan"])
def test_a_quick_match_is_played_to_the_final_ranking(rules: str) -> None:
    ranking, hints = _play(rules, f"pty-{rules}")
    lines = [x for x in ranking.splitlines() if x.strip()[:2] in ("1.", "2.", "3.", "4.")]
    assert len(lines) == 4 and any("You" in x for x in lines)
    assert hints > 0  # the bad keys were answered with hints, not a crash
    assert "Traceback" not in ranking


CLASSICAL_PROMPTS = [
    r"Your turn: discard \[(\w+)\]([^>]*)> ",
    r"Claim \S+\? ([^(]*)\(Enter passes\) > ",
    r"Discard it anyway\? \[y/N\] ",
    r"Which \w+\? \[1-(\d)\] ",
    r"Press Enter to continue ",
    r"=== Final ranking",
    r"Hint: ",
    pexpect.EOF,
]


def _play_classical(seed: str) -> tuple[str, dict[str, int]]:
    """A whole quick classical game (the East wind round) with a scripted person: random
    positions, Enter, bad keys, calls, kongs and Mah Jongg when offered, and both answers to
    the Störspiel warning."""
    rng = random.Random(seed)
    child = pexpect.spawn(
        sys.executable,
        [
            *("-m", "jantaku", "play", "--rules", "sontag", "--length", "quick"),
            *("--level", "efficiency", "--seed", seed),
        ],
        encoding="utf-8",
        timeout=60,
        dimensions=(60, 200),
    )
    seen = {"hints": 0, "warnings": 0, "hands": 0, "claims": 0}
    answered = 0
    try:
        while True:
            i = child.expect(CLASSICAL_PROMPTS)
            if i == 0:
                keys, extra = child.match.group(1), child.match.group(2)
                roll = rng.random()
                if "m mah jongg" in extra:
                    child.sendline("m")
                elif "k kong" in extra and roll < 0.5:
                    child.sendline("k")
                elif roll < 0.08:
                    child.sendline(rng.choice(["z", "?", "mm"]))  # bad keys: a hint
                elif roll < 0.6:
                    child.sendline(rng.choice(keys))
                else:
                    child.sendline("")
            elif i == 1:
                seen["claims"] += 1
                options = child.match.group(1)
                key = "m" if "m mah jongg" in options else rng.choice(["", "n", "p", "c", "k", "q"])
                child.sendline(key)
            elif i == 2:
                seen["warnings"] += 1
                child.sendline(rng.choice(["y", "n", "", "x"]))
            elif i == 3:
                child.sendline("1")
            elif i == 4:
                seen["hands"] += 1
                child.sendline("")
            elif i == 5:
                child.expect(pexpect.EOF)
                return child.before, seen
            elif i == 6:
                seen["hints"] += 1
                continue
            else:
                pytest.fail(f"the game ended without a final ranking:\n{child.before[-3000:]}")
            answered += 1
            assert answered < 5000, "the game does not end"
    finally:
        child.close(force=True)


def test_a_quick_classical_game_is_played_to_the_final_ranking() -> None:
    ranking, seen = _play_classical("pty-sontag")
    lines = [x for x in ranking.splitlines() if x.strip()[:2] in ("1.", "2.", "3.", "4.")]
    assert len(lines) == 4 and any("You" in x for x in lines)
    balances = [int(x.split()[-1]) for x in lines]
    assert sum(balances) == 0 and balances == sorted(balances, reverse=True)
    assert seen["hints"] > 0 and seen["claims"] > 0 and seen["hands"] >= 4
    assert "Traceback" not in ranking


def test_play_help_documents_the_classical_lengths() -> None:
    child = pexpect.spawn(
        sys.executable, ["-m", "jantaku", "play", "--help"], encoding="utf-8", timeout=30
    )
    child.expect(pexpect.EOF)
    child.close()
    text = " ".join(child.before.split())
    assert "East wind round only" in text and "four wind rounds" in text


def test_the_final_ranking_lines_up_whatever_the_names() -> None:
    names = ["You", "efficiency-1", "efficiency-2", "efficiency-3"]
    text = render_ranking((25000, 29200, 42400, 3400), (2, 1, 0, 3), names, 0, "the end")
    rows = text.splitlines()[2:]
    assert [r.split()[1] for r in rows] == ["efficiency-2", "efficiency-1", "You", "efficiency-3"]
    assert len({len(r) for r in rows}) == 1, rows  # the scores end in one column


@pytest.mark.parametrize(
    ("code", "seats", "words"),
    [
        (EndReason.BUST, (3,), "efficiency-3 went below zero"),
        (EndReason.BUST, (0, 2), "You and efficiency-2 went below zero"),
        (EndReason.DEALER_STOP, (3,), "efficiency-3, the dealer, won or was ready"),
        (EndReason.TIME_80, (), "after 80 minutes the next hand was the last"),
        (EndReason.BUST, (), "the engine's sentence"),  # an old event that names nobody
        (EndReason.OTHER, (), "the engine's sentence"),
    ],
)
def test_the_final_ranking_says_why_the_match_ended_naming_the_players(
    code: EndReason, seats: tuple[int, ...], words: str
) -> None:
    names = ["You", "efficiency-1", "efficiency-2", "efficiency-3"]
    why = end_words(code, seats, names, 0, "the engine's sentence")
    assert words in why
    assert f"({why})" in render_ranking((25000,) * 4, (0, 1, 2, 3), names, 0, why)
