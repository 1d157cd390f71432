"""The classical terminal player's prompts, driven with scripted keys: the Störspiel warning
asks before a forbidden discard (and only then), bad keys get hints, one key makes a call."""

from __future__ import annotations

from collections.abc import Iterator

from jantaku.commands.play_classical import ClassicalHuman
from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.classical import ClassicalView, DiscardWarning
from jantaku.tiles import parse_kinds, parse_tiles
from tests.players.classical.test_bots import _view

HAND = "123m456p789s1122s5z"  # sorted: 5z (White) is position d


def _human(keys: list[str]) -> tuple[ClassicalHuman, list[str], Iterator[str]]:
    out: list[str] = []
    feed = iter(keys)

    def read(prompt: str) -> str:
        out.append(prompt)
        return next(feed)

    human = ClassicalHuman(read, out.append)
    human.names = ["You", "bot-1", "bot-2", "bot-3"]
    return human, out, feed


def _white() -> DiscardWarning:
    return DiscardWarning(parse_kinds("5z")[0], 2, None)


def test_a_forbidden_discard_needs_a_yes_after_the_warning() -> None:
    human, out, feed = _human(["z", "d", "x", "n", "d", "y"])
    action = human.choose(_view(HAND, warnings=(_white(),)))
    assert action.kind is ActionKind.DISCARD and action.tile is not None
    assert action.tile.notation == "5z"
    text = "\n".join(out)
    assert text.count("Warning: Wh is dangerous for bot-2 (Störspiel)") == 2
    assert text.count("Discard it anyway? [y/N]") == 3  # "x" got a hint and the question again
    assert "Hint: press a hand position" in text and "Hint: y discards it anyway" in text
    assert list(feed) == []


def test_declining_the_warning_lets_another_tile_go_without_a_question() -> None:
    human, out, _feed = _human(["d", "", "1"])
    action = human.choose(_view(HAND, warnings=(_white(),)))
    assert action.tile is not None and action.tile.notation == "1m"
    assert sum("Discard it anyway" in x for x in out) == 1


def test_an_allowed_dangerous_discard_is_only_noted() -> None:
    warning = DiscardWarning(parse_kinds("5z")[0], 2, "ready")
    human, out, _feed = _human(["d"])
    action = human.choose(_view(HAND, warnings=(warning,)))
    assert action.tile is not None and action.tile.notation == "5z"
    text = "\n".join(out)
    assert "allowed now (ready)" in text and "Discard it anyway" not in text


def test_a_call_is_one_key_and_a_bad_key_gets_a_hint() -> None:
    base = _view("23m456p789s11p346s")
    tile = parse_tiles("1p")[0]
    own = tuple(t for t in base.hand if t.notation == "1p")
    pung = Action(ActionKind.PON, 1, tile, own)
    fields = {f: getattr(base, f) for f in base.__dataclass_fields__}
    view = ClassicalView(
        **{
            **fields,
            "phase": "calls",
            "turn": 0,
            "last_discard": tile,
            "legal_actions": (pung, Action(ActionKind.PASS, 1)),
        }
    )
    human, out, _feed = _human(["q", "m", "p"])
    assert human.choose(view) == pung
    text = "\n".join(out)
    assert "Claim 1p? n pass, p pung (Enter passes) > " in text
    assert text.count("Hint: press one of n pass, p pung.") == 2
    human, _out, _feed = _human([""])
    assert human.choose(view).kind is ActionKind.PASS
