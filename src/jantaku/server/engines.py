"""The shape a rule family's engine must have to sit at a server table, and the riichi adapter.

A table only needs: the seats to act, their legal actions, apply, per-seat views, the events
log and the result. A classical engine with the same shape plugs in through :data:`FAMILIES`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from jantaku.engine import Action, ManualClock
from jantaku.engine.riichi import Match, Phase
from jantaku.engine.riichi.events import Event

__all__ = ["FAMILIES", "GameEngine", "MatchOutcome", "RiichiEngine", "match_action"]


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    scores: tuple[int, ...]
    ranking: tuple[int, ...]  # seats, first place first
    recorded: bool
    reason: str


class GameEngine(Protocol):
    """What a table owner drives. ``clock`` is a ManualClock the table sets before each apply
    (elapsed seconds since the match began), so stored actions replay with the same time.

    Actions are the family's own frozen type; the table only relies on ``seat``, ``kind.value``
    (``discard``, ``pass``, ``tsumo``, ``ron``, … as strings), ``tile`` (with ``index``),
    ``tiles`` and ``to_json()``, and on :meth:`action_from_json` to read stored ones back."""

    clock: ManualClock

    def action_from_json(self, data: dict[str, Any]) -> Action: ...
    def drawn_index(self, seat: int) -> int | None:
        """The tile ``seat`` just drew (its index), when it is that seat's turn."""
        ...

    def seat_view(self, seat: int) -> Any:
        """The family's full view object for a computer player."""
        ...

    @property
    def log(self) -> list[Event]: ...
    def to_act(self) -> list[int]: ...
    def legal_actions(self, seat: int) -> list[Action]: ...
    def apply(self, action: Action) -> list[Event]: ...
    def view_json(self, seat: int | None) -> dict[str, Any]: ...
    @property
    def outcome(self) -> MatchOutcome | None: ...

    hold_calls: bool
    """Every discard (and robbable kan) opens a call window, even one nobody may answer."""

    @property
    def holding(self) -> bool:
        """An empty call window is open: nobody may act until :meth:`close_calls`."""
        ...

    def close_calls(self) -> list[Event]: ...
    def awaiting_calls(self) -> bool:
        """A call window is open (with or without seats that may answer it)."""
        ...


def _for_clients(view: dict[str, Any], view_obj: Any, drawn_index: int | None) -> dict[str, Any]:
    """What a table client needs beyond the engine's view: which physical tile was just drawn
    (to discard it from its own place) and each meld's called tile and its giver, so the called
    tile can be turned sideways (``from``: seat offset, 1 = the next seat, None: concealed)."""
    view["drawn_index"] = drawn_index
    for out, public in zip(view["seats"], view_obj.seats, strict=True):
        out["meld_info"] = [
            {
                "tiles": m.notation,
                "kind": m.kind.value,
                "kong": m.kong.value if m.kong is not None else None,
                "called": m.called.notation if m.called is not None else None,
                "from": m.from_seat,
            }
            for m in public.melds
        ]
    return view


class RiichiEngine:
    """A riichi :class:`Match` behind the table interface."""

    def __init__(self, preset_name: str, seed: str, overrides: dict[str, Any]) -> None:
        from jantaku.engine.riichi.presets import new_match

        self.clock = ManualClock()
        self.match: Match = new_match(preset_name, seed=seed, clock=self.clock, **overrides)

    @property
    def log(self) -> list[Event]:
        return self.match.log

    def action_from_json(self, data: dict[str, Any]) -> Action:
        return Action.from_json(data)

    def drawn_index(self, seat: int) -> int | None:
        deal = self.match.deal
        if deal.turn == seat and deal.drawn is not None and not self.match.finished:
            return deal.drawn.index
        return None

    def seat_view(self, seat: int) -> Any:
        return self.match.view(seat)

    def to_act(self) -> list[int]:
        return self.match.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        return self.match.legal_actions(seat)

    def apply(self, action: Action) -> list[Event]:
        return self.match.apply(action)

    @property
    def hold_calls(self) -> bool:
        return self.match.hold_calls

    @hold_calls.setter
    def hold_calls(self, value: bool) -> None:
        self.match.hold_calls = value

    @property
    def holding(self) -> bool:
        return self.match.holding

    def close_calls(self) -> list[Event]:
        return self.match.close_calls()

    def awaiting_calls(self) -> bool:
        return not self.match.finished and self.match.deal.phase in _RIICHI_CALLS

    def view_json(self, seat: int | None) -> dict[str, Any]:
        view_obj = self.match.view(seat)
        view = view_obj.to_json()
        view["round_wind"] = self.match.round_wind
        return _for_clients(view, view_obj, None if seat is None else self.drawn_index(seat))

    @property
    def outcome(self) -> MatchOutcome | None:
        r = self.match.result
        if r is None:
            return None
        return MatchOutcome(tuple(r.scores), tuple(r.ranking), r.recorded, r.reason)


class ClassicalEngine:
    """A classical German game (``jantaku.engine.classical``) behind the table interface."""

    def __init__(self, preset_name: str, seed: str, overrides: dict[str, Any]) -> None:
        from jantaku.engine.classical import ClassicalMatch  # type: ignore[import-not-found,unused-ignore]
        from jantaku.rules.classical import preset

        self.clock = ManualClock()
        self.game: Any = ClassicalMatch(preset(preset_name, **overrides), seed, clock=self.clock)

    @property
    def log(self) -> list[Event]:
        return self.game.log  # type: ignore[no-any-return]

    def action_from_json(self, data: dict[str, Any]) -> Action:
        return Action.from_json(data)

    def drawn_index(self, seat: int) -> int | None:
        deal = self.game.deal
        drawn = getattr(deal, "drawn", None)
        if getattr(deal, "turn", None) == seat and drawn is not None and not self.game.finished:
            return int(drawn.index)
        return None

    def seat_view(self, seat: int) -> Any:
        return self.game.view(seat)

    def to_act(self) -> list[int]:
        return list(self.game.to_act())

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self.game.legal_actions(seat))

    def apply(self, action: Action) -> list[Event]:
        return list(self.game.apply(action))

    @property
    def hold_calls(self) -> bool:
        return bool(self.game.hold_calls)

    @hold_calls.setter
    def hold_calls(self, value: bool) -> None:
        self.game.hold_calls = value

    @property
    def holding(self) -> bool:
        return bool(self.game.holding)

    def close_calls(self) -> list[Event]:
        return list(self.game.close_calls())

    def awaiting_calls(self) -> bool:
        return not self.game.finished and self.game.deal.phase.value in ("calls", "rob")

    def view_json(self, seat: int | None) -> dict[str, Any]:
        view_obj = self.game.view(seat)
        view = dict(view_obj.to_json())
        return _for_clients(view, view_obj, None if seat is None else self.drawn_index(seat))

    @property
    def outcome(self) -> MatchOutcome | None:
        r = self.game.result
        if r is None:
            return None
        return MatchOutcome(tuple(r.balances), tuple(r.ranking), True, "the game is over")


_RIICHI_CALLS = (Phase.CALLS, Phase.CHANKAN)

EngineFactory = Callable[[str, str, dict[str, Any]], GameEngine]

#: rule family -> factory(preset, seed, overrides).
FAMILIES: dict[str, EngineFactory] = {"riichi": RiichiEngine}


def _register_classical() -> None:
    """The classical family is served once its engine is installed (another branch today)."""
    try:
        import jantaku.engine.classical  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
    except ImportError:
        return
    FAMILIES["classical"] = ClassicalEngine


_register_classical()


def match_action(legal: list[Action], data: dict[str, Any]) -> Action | None:
    """The legal action a client's intention names, or None. ``type`` names the kind; a tile is
    given by ``tile_index`` (exact copy) or ``tile`` (notation, e.g. "5m", first copy held);
    ``tile_indices`` pick the own tiles of a call when several choices exist."""
    kind = data.get("type")
    tile_index = data.get("tile_index")
    tile_text = data.get("tile")
    indices = data.get("tile_indices")
    for action in legal:
        if action.kind.value != kind:
            continue
        if tile_index is not None and (action.tile is None or action.tile.index != tile_index):
            continue
        if (
            tile_index is None
            and tile_text is not None
            and (action.tile is None or action.tile.notation != tile_text)
        ):
            continue
        if indices is not None and [t.index for t in action.tiles] != list(indices):
            continue
        return action
    return None
