"""``score_request`` skips :meth:`WinContext.validate` and leaves every check to the scorer's
own fast one: on random requests, valid and broken (flags flipped, tiles added or removed,
seats and counts out of range), it answers exactly as validating first and then scoring does."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from riichi_handgen import generate, to_request

from jantaku.errors import JantakuError
from jantaku.rules.riichi.request import (
    parse_request,
    read_checked,
    result_json,
    score_request,
    score_request_text,
)
from jantaku.rules.riichi.request_counts import plain_request_text
from jantaku.rules.riichi.request_fast import read_plain
from jantaku.rules.riichi.scorer import score

FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan")
TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def _broken(obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    out = json.loads(json.dumps(obj))
    for _ in range(rng.randrange(1, 4)):
        what = rng.randrange(7)
        if what == 0:
            flag = rng.choice((*FLAGS, "first_turn"))
            out[flag] = not out.get(flag, False)
        elif what == 1:
            out["hand"] += rng.choice(TILES)
        elif what == 2:
            out["hand"] = out["hand"][:-2] + out["hand"][-1:] if len(out["hand"]) > 3 else ""
        elif what == 3:
            out["win"] = "tsumo" if out.get("win") == "ron" else "ron"
        elif what == 4:
            out[rng.choice(("discarder", "pao"))] = rng.choice(("left", "right", "across"))
        elif what == 5:
            out[rng.choice(("honba", "deposits"))] = rng.choice((-1, 0, 3, 1000))
        else:
            out["melds"] = [*out.get("melds", []), {"type": "pon", "tiles": "111z"}]
    return out


def _answer(run: Any, obj: dict[str, Any]) -> Any:
    try:
        return run(obj)
    except JantakuError as e:
        return (type(e).__name__, str(e))


def _validated(obj: dict[str, Any]) -> Any:
    ctx, options = parse_request(obj)
    return result_json(ctx, score(ctx, options))


def test_score_request_answers_as_validating_first() -> None:
    rng = random.Random(20261127)
    errors = 0
    for n in range(3000):
        obj = to_request(generate(rng))
        if n % 3:
            obj = _broken(obj, rng)
        expected = _answer(_validated, obj)
        assert _answer(score_request, obj) == expected, obj
        errors += isinstance(expected, tuple)
    assert errors > 500  # the broken requests did reach the checks


def test_score_request_text_is_the_encoded_result_object() -> None:
    """The batch's text writer gives, byte for byte, what the stdlib encoder makes of the
    result object (or the same error), on the same valid and broken requests."""
    encode = json.JSONEncoder().encode
    rng = random.Random(20261128)
    wins = 0
    for n in range(3000):
        obj = to_request(generate(rng))
        if n % 3 == 0:
            obj = _broken(obj, rng)
        expected = _answer(lambda o: encode(score_request(o)), obj)
        assert _answer(score_request_text, obj) == expected, obj
        wins += isinstance(expected, str) and expected.startswith('{"win": true')
    assert wins > 1000


def _varied(obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The same request written another way, or changed to one the fast reader leaves to the
    checked one: winds by name, keys left out, options, other presets, odd values."""
    out = json.loads(json.dumps(obj))
    for _ in range(rng.randrange(1, 3)):
        what = rng.randrange(10)
        if what == 0:
            out["seat_wind"] = rng.choice(("east", "South", " W", "N", "X", 1))
        elif what == 1:
            out.pop(rng.choice(("melds", "win", "dora_indicators", "ura_indicators", "rules")), 0)
        elif what == 2:
            out["options"] = rng.choice(({}, {"red_fives": 0}, {"kuitan": False}))
        elif what == 3:
            out["rules"] = rng.choice(("tenhou", "doman_no_kuitan", "sontag", None, ["doman"]))
        elif what == 4:
            out["hand"] = out["hand"].replace("5", "0", 1)
        elif what == 5:
            out["discarder"] = rng.choice(("left", "right", "across", "up", 3, None))
        elif what == 6:
            out["melds"] = [*out.get("melds", []), rng.choice(({"type": "chi"}, [], {}))]
        elif what == 7:
            out[rng.choice(("dora_indicators", "ura_indicators"))] = rng.choice(("", " ", "1m 2m"))
        elif what == 8:
            out[rng.choice(FLAGS)] = rng.choice((1, 0, None, "true"))
        else:
            out["hand"] = out["hand"].upper() if rng.random() < 0.5 else " " + out["hand"]
    return out


def test_fast_reader_reads_as_the_checked_one() -> None:
    """Where the one-pass reader answers, it gives the checked reader's context and options;
    where the checked reader raises, the fast one leaves the request to it (None). Tiles and
    melds compare by value: equal contexts score alike."""
    rng = random.Random(20261129)
    fast = 0
    for n in range(4000):
        obj = to_request(generate(rng))
        if n % 4 == 1:
            obj = _broken(obj, rng)
        elif n % 4 >= 2:
            obj = _varied(obj, rng)
        read = read_plain(obj)
        expected = _answer(read_checked, obj)
        if read is None:
            continue
        fast += 1
        assert read == expected, obj  # the same context and options, not an error
    assert 1500 < fast < 3900  # both kinds of request were met


def _crowded(obj: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The request with tiles that may run out of copies: a hand tile repeated in the
    indicators, red fives added or doubled, a kong of a hand tile, an indicator of five tiles."""
    out = json.loads(json.dumps(obj))
    runs = re.findall(r"([0-9]+)([mpsz])", out["hand"])
    kinds = [d + suit for digits, suit in runs for d in digits if d != "0"] or ["1m"]
    what = rng.randrange(5)
    if what == 0:
        out["dora_indicators"] = "".join(rng.choices(kinds, k=rng.randrange(1, 6)))
    elif what == 1:
        out[rng.choice(("hand", "win_tile", "ura_indicators"))] += rng.choice(("0m", "0p", "0s"))
    elif what == 2:
        kind = rng.choice(kinds)
        out["melds"] = [*out.get("melds", []), {"type": "ankan", "tiles": kind[0] * 4 + kind[1]}]
    elif what == 3:
        out["hand"] = out["hand"].replace("5", "0", 2)
        out["rules"] = rng.choice(("doman", "tenhou"))
    else:
        out["ura_indicators"] = "".join(rng.choices(kinds, k=rng.randrange(1, 7)))
        out["riichi"] = True
    return out


def test_the_count_reader_answers_as_the_general_path() -> None:
    """Where the reader of plain requests into packed counts answers, it writes the text the
    general path makes of the result object; where the general path raises, it leaves the
    request to it (None). Valid, broken, differently written and crowded requests."""
    encode = json.JSONEncoder().encode
    rng = random.Random(20261130)
    answered = errors = 0
    for n in range(4000):
        obj = to_request(generate(rng))
        if n % 4 == 1:
            obj = _broken(obj, rng)
        elif n % 4 == 2:
            obj = _varied(obj, rng)
        elif n % 4 == 3:
            obj = _crowded(obj, rng)
        text = plain_request_text(obj)
        expected = _answer(lambda o: encode(score_request(o)), obj)
        errors += isinstance(expected, tuple)
        if text is None:
            continue
        answered += 1
        assert text == expected, obj
    assert 1500 < answered < 3900 and errors > 500  # both kinds of request were met
