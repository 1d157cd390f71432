"""What a bot author imports from ``jantaku.players``: the protocol and ``tell``, which a loop
seating its own players needs to give each seat the events it may see."""

from __future__ import annotations

import jantaku.players
from jantaku.engine.riichi import new_match


class Recorder:
    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[object] = []

    def observe(self, events: object) -> None:
        self.seen.extend(events)  # type: ignore[call-overload]

    def choose(self, view: object) -> object:
        raise AssertionError("not asked")


def test_tell_is_exported_and_redacts_per_seat() -> None:
    assert set(jantaku.players.__all__) >= {"Player", "Table", "tell"}
    match = new_match("doman", seed=1, length="east_only")
    players = [Recorder() for _ in range(4)]
    jantaku.players.tell(players, match.log)
    for seat, player in enumerate(players):
        assert player.seen == [e.seen_by(seat) for e in match.log]
    assert players[0].seen != players[1].seen  # each seat sees its own hand only
