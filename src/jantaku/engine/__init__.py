"""The engines of both rule families and the contract they share.

Every match, riichi (:class:`jantaku.engine.riichi.Match`) or classical
(:class:`jantaku.engine.classical.ClassicalMatch`), meets :class:`Game` (:mod:`.game`): ask who
acts (``to_act``), what each seat may do (``legal_actions``), carry out one action (``apply``,
which returns the new events and changes nothing when it refuses), look from one seat (``view``),
copy for search (``clone``), and pace call windows (``hold_calls``, ``close_calls``). Actions
(:mod:`.actions`), the event base and shapes (:mod:`.events`), the clock (:mod:`.clock`), held
call windows (:mod:`.windows`), a match played again from its timed actions as a table played
it (:mod:`.timed_replay`), and the bases of a match (:mod:`.match`), a deal (:mod:`.deal`:
its queries, cached answers and atomic steps), a seat's tiles (:mod:`.seat`) and a view
(:mod:`.view`) are shared; each family splits its deal by job into the same modules:
``state`` (the fields), ``drawing`` (tiles from the wall), ``turn`` (the turn's legal actions and
carrying them out), ``claims`` (call windows and their resolution), ``kongs`` (kongs and robbing
them), ``ending`` (wins, draws, the result), with ``deal`` keeping the public steps (the
shared base keeps their atomicity and the answers cached per state: ``legal_actions`` and
``view`` are computed once per state and seat, however often a table asks)."""

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.clock import Clock, ManualClock
from jantaku.engine.events import Drew, Event
from jantaku.engine.game import Game, GameResult, GameView

__all__ = [
    "Action",
    "ActionKind",
    "Clock",
    "Drew",
    "Event",
    "Game",
    "GameResult",
    "GameView",
    "ManualClock",
]
