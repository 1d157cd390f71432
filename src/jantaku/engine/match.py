"""What every rule family's match shares: a match plays one deal at a time (``deal``), asks it who
acts and what each seat may do, logs its steps, and moves on when it ends (the family's
``_after_deal``: the rules of dealer rotation and of the end differ)."""

from __future__ import annotations

from typing import Any, Self, TypeVar

from jantaku.engine.actions import Action
from jantaku.engine.deal import BaseDeal
from jantaku.engine.events import Event
from jantaku.engine.windows import HeldCallWindows

__all__ = ["BaseMatch"]

D = TypeVar("D", bound=BaseDeal[Any, Any, Any])


class BaseMatch(HeldCallWindows[D]):
    """The match's queries and the logging of a deal's steps; the family keeps ``result``."""

    # Fields besides ``log`` and ``deal`` that a clone copies (each with its ``copy()``).
    _COPIED: tuple[str, ...] = ()

    result: Any
    ended: D | None = None
    """The deal that ended last, as it stood at its end (None before the first end)."""

    @property
    def finished(self) -> bool:
        return self.result is not None

    def to_act(self) -> list[int]:
        return [] if self.finished else self.deal.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        return [] if self.finished else self.deal.legal_actions(seat)

    def ended_view(self, seat: int | None) -> Any:
        """What ``seat`` saw of the deal that ended last, at its end: every river, meld and
        hand as they were, the scores after its payments (None before any deal ended). The
        next deal is dealt in the same step, so this is the one view of a finished deal."""
        return None if self.ended is None else self.ended.view(seat)

    def awaiting_calls(self) -> bool:
        return not self.finished and self.deal.phase in self.deal.WINDOW_PHASES

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.log = list(self.log)
        other.deal = self.deal.clone()
        for name in self._COPIED:
            setattr(other, name, getattr(self, name).copy())
        return other

    def _record(self, events: list[Event]) -> None:
        """Log the deal's new ``events``, moving on when the deal ended; when that fails, the
        deal's last step is taken back, so the step changes nothing."""
        if self.deal.phase is not self.deal.ENDED_PHASE:
            self.log.extend(events)
            self._follow_deal()
            return
        ended = self.deal
        try:
            self._after_deal(events)
        except Exception:
            self.deal.undo_last()
            raise
        self.ended = ended

    def _follow_deal(self) -> None:
        """Take over what a step of the deal changed (before it ends)."""

    def _after_deal(self, events: list[Event] | None = None) -> None:
        """Log the ended deal's last ``events`` (None: already logged) and move on to the next
        deal or the end, changing nothing when that fails."""
        raise NotImplementedError
