"""A hint is made from what its seat may know: two matches that differ only in tiles the
seat never saw (an opponent's concealed tile and a tile deep in the wall, swapped) give the
seat the same view, and the table's hint path shows its adviser the very same events and
view in both and answers the same hint, though the full states (the opponent's hand, the
log with its draws) differ. In process: a server table whose match is set by the test."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.game import Game
from jantaku.engine.riichi.match import Match
from jantaku.engine.riichi.rules import TableRules
from jantaku.engine.riichi.scoring import RiichiJudge
from jantaku.engine.riichi.wall import WallSetup, shuffled_wall
from jantaku.errors import JantakuError
from jantaku.families import family
from jantaku.players.review import Adviser
from jantaku.rules.riichi.options import preset
from jantaku.server.config import ServerSettings
from jantaku.server.manager import Lobby
from jantaku.server.storage import Store

ME = 0
SEED = "hint1"  # its first deal has seat 0 face a riichi on an own turn


def _match(wall: WallSetup) -> Match:
    options = preset("doman")
    return Match(TableRules.from_options(options), RiichiJudge(options), SEED, walls=lambda n: wall)


def _played(wall: WallSetup) -> tuple[Match, list[Action]]:
    """Puppets play the first deal until seat 0's own turn facing a riichi."""
    fam = family("riichi")
    game = _match(wall)
    bots = [fam.new_player("defensive", None, "doman") for _ in range(4)]
    while True:
        seat = game.to_act()[0]
        view = game.view(seat)
        turn = any(a.kind is ActionKind.DISCARD for a in view.legal_actions)
        if seat == ME and turn and any(p.riichi for p in view.seats):
            return game, list(game.actions)
        events = game.apply(bots[seat].choose(view))
        for s, b in enumerate(bots):
            b.observe([e.seen_by(s) for e in events])
        assert not any(e.type == "deal_ended" for e in events), "the deal ended first"


def _replayed(wall: WallSetup, actions: list[Action], views: list[Any]) -> Match | None:
    """The actions again on another wall, if each is legal there and seat 0 sees the same
    view after each; else None."""
    game = _match(wall)
    for action, seen in zip(actions, views, strict=True):
        if game.view(ME).to_json() != seen:
            return None
        try:
            game.apply(action)
        except JantakuError:
            return None
    return game


def _other_wall(game: Match, actions: list[Action]) -> tuple[Match, int]:
    """A match whose wall swaps a tile an opponent holds unseen (dealt, never discarded nor
    called) with one the wall still holds; the opponent's seat."""
    wall = shuffled_wall(f"{SEED}:0", 3)
    base = _match(wall)
    views = []
    for a in actions:
        views.append(base.view(ME).to_json())
        base.apply(a)
    riichi = {s for s, p in enumerate(game.view(ME).seats) if p.riichi}
    for other in (s for s in range(4) if s not in riichi and s != ME):
        held = {t.index for t in game.view(other).hand}
        for mine in (t for t in wall.hands[other] if t.index in held):
            for deep in wall.live[-10:]:
                if deep.kind_id == mine.kind_id:
                    continue
                swap = {mine.index: deep, deep.index: mine}
                hands = tuple(tuple(swap.get(t.index, t) for t in h) for h in wall.hands)
                live = tuple(swap.get(t.index, t) for t in wall.live)
                changed = WallSetup(hands, live, wall.replacements, wall.dora, wall.ura)
                replayed = _replayed(changed, actions, views)
                if replayed is not None:
                    return replayed, other
    raise AssertionError("no swap of unseen tiles replays the deal")


def _hint(game: Game, tmp_path: Path, name: str, shown: list[Any]) -> dict[str, Any]:
    """The hint a server table holding ``game`` answers seat 0 with; ``shown`` gets what its
    adviser was shown (the events' and the view's JSON)."""
    store = Store(f"sqlite:///{tmp_path / (name + '.sqlite3')}")
    try:
        table = Lobby(store, ServerSettings(bot_delay=0.0)).create("practice", "quick")
        user = store.add_user(name, None, guest=True)
        assert table.sit(user.id, user.name, ME) == ME
        table.status, table.engine = "live", game
        sent: list[Any] = []

        class Inbox:
            def send(self, message: Any, ref: Any = None) -> None:
                sent.append(message.reply_json(ref))

        async def ask() -> None:
            table.hint(user.id, Inbox(), "h", None)
            for _ in range(2000):
                if sent:
                    return
                await asyncio.sleep(0.01)

        asyncio.run(ask())
        assert len(sent) == 1 and sent[0]["type"] == "hint", sent
        return {**sent[0], "shown": shown}
    finally:
        store.close()


def test_a_hint_depends_only_on_what_the_seat_may_know(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[Any] = []
    observe, advise = Adviser.observe, Adviser.advise

    def noted_observe(self: Adviser, events: Any) -> None:
        shown.append([e.to_json() for e in events])
        observe(self, events)

    def noted_advise(self: Adviser, view: Any) -> Any:
        shown.append(view.to_json())
        return advise(self, view)

    monkeypatch.setattr(Adviser, "observe", noted_observe)
    monkeypatch.setattr(Adviser, "advise", noted_advise)

    first, actions = _played(shuffled_wall(f"{SEED}:0", 3))
    second, other = _other_wall(first, actions)
    # the full states differ: the opponent's hand, and the log (its draws)
    assert first.view(other).to_json() != second.view(other).to_json()
    assert [e.to_json() for e in first.log] != [e.to_json() for e in second.log]
    assert first.view(ME).to_json() == second.view(ME).to_json()

    a = _hint(first, tmp_path, "a", shown)
    a_shown, shown[:] = list(shown), []
    b = _hint(second, tmp_path, "b", shown)
    assert a_shown and a_shown == shown  # the adviser was shown the very same
    own = ("table", "shown")  # each test table has an id of its own
    assert {k: v for k, v in a.items() if k not in own} == {
        k: v for k, v in b.items() if k not in own
    }
    assert a["danger"], "facing a riichi, the hand has marked tiles"
