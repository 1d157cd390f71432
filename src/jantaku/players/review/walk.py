"""Walking a recorded game for one seat: the game is played again action by action, and at each
decision of the seat (more than one legal action, the recorded action its own) the puppet is
shown the seat's view, chooses, and the explainer lays out what it weighed. The puppet sees the
events as the seat saw them, so bots that read the table (the passes since a riichi) read the
same table the player did."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.game import Game
from jantaku.players.review.model import WINS, Candidate, Decision, Explained, label_of, same_choice
from jantaku.tiles import format_tiles

__all__ = ["Explainer", "Segment", "decisions", "walk"]

TOP = 3  # candidates shown per decision
Segment = tuple[Game, Iterable[Action]]
"""A game as it stood before its first recorded action, and the actions (possibly produced
lazily, as the game advances)."""


class Explainer(Protocol):
    def explain(self, view: Any) -> Explained: ...

    def observe(self, events: Any) -> None: ...


def _hand_name(view: Any) -> str:
    """``E1-0`` for a riichi deal (wind, number, repeat counter), ``E3`` for a classical one
    (wind, hand number in the game)."""
    wind = "ESWN"[int(view.round_wind) % 4]
    if hasattr(view, "honba"):
        return f"{wind}{(view.dealer % 4) + 1}-{view.honba}"
    return f"{wind}{view.hand_number + 1}"


def walk(
    game: Game, actions: Iterable[Action], seat: int, puppet: Any, explainer: Explainer
) -> Iterator[tuple[Any, Action, Action, Explained, int]]:
    """(view, player's action, puppet's action, explanation, events before) at each of the
    seat's decisions. ``actions`` may be a generator that reads ``game`` as it goes."""
    fed = 0
    for action in actions:
        if action.seat == seat and len(game.legal_actions(seat)) > 1:
            new = [e.seen_by(seat) for e in game.log[fed:]]
            fed = len(game.log)
            puppet.observe(new)
            explainer.observe(new)
            view = game.view(seat)
            yield view, action, puppet.choose(view), explainer.explain(view), fed
        game.apply(action)


def _find(explained: Explained, action: Action) -> Candidate:
    for c in explained.candidates:
        if same_choice(c.action, action):
            return Candidate(
                action, label_of(action), c.score, c.shanten, c.improving, c.value, c.danger
            )
    return Candidate(action, label_of(action))


def decide(
    view: Any,
    player: Action,
    chosen: Action,
    explained: Explained,
    event: int,
    index: int,
    threshold: float,
) -> Decision:
    """The decision record: both choices with their measures, the top candidates and the mark
    (the player's choice worse than the puppet's by more than ``threshold`` in the puppet's
    score, or a win the player let go)."""
    mine = _find(explained, player)
    theirs = _find(explained, chosen)
    top = [theirs] + [c for c in explained.candidates if not same_choice(c.action, chosen)]
    loss = None
    if mine.score is not None and theirs.score is not None:
        loss = max(0.0, theirs.score - mine.score)
    agree = same_choice(player, chosen)
    missed_win = chosen.kind in WINS and player.kind not in WINS
    marked = missed_win or (not agree and loss is not None and loss > threshold)
    safest, player_stance = _safety(explained, mine)
    return Decision(
        index=index,
        hand=_hand_name(view),
        event=event,
        situation="turn" if _turn(view) else "call",
        hand_tiles=format_tiles(t for t in view.hand if t.index < 136),
        player=mine,
        puppet=theirs,
        candidates=top[:TOP],
        stance=explained.stance,
        threats=explained.threats,
        shanten=explained.shanten,
        loss=loss,
        marked=marked,
        agree=agree,
        safest=safest,
        player_stance=player_stance,
        offered=tuple(sorted({a.kind.value for a in view.legal_actions})),
    )


def _safety(explained: Explained, mine: Candidate) -> tuple[str | None, str | None]:
    """The safest candidate (least danger weighed by the threats, or summed over the opponents
    when none threatens) and, facing a threat, whether the player's choice was it (``fold``)."""
    rated = [c for c in explained.candidates if c.danger]
    if not rated:
        return None, None
    weights = explained.threats or dict.fromkeys(rated[0].danger, 1.0)

    def weighed(c: Candidate) -> float:
        return sum(w * c.danger.get(s, 0.0) for s, w in weights.items())

    safest = min(rated, key=weighed)
    if not explained.threats or not mine.danger or explained.stance is None:
        return safest.label, None
    return safest.label, "fold" if weighed(mine) <= weighed(safest) + 1e-9 else "push"


def _turn(view: Any) -> bool:
    turn = (ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.TSUMO, ActionKind.CONCEALED_KAN)
    return any(a.kind in turn for a in view.legal_actions)


def decisions(
    segments: Iterable[Segment],
    seat: int,
    puppet: Callable[[], Any],
    explainer: Callable[[Any], Explainer],
    threshold: float,
) -> list[Decision]:
    """Every decision of ``seat`` over the segments of one game (a fresh puppet per segment:
    a segment starts where the record had to be taken up again)."""
    out: list[Decision] = []
    for game, actions in segments:
        bot = puppet()
        explain = explainer(bot)
        for view, mine, theirs, explained, event in walk(game, actions, seat, bot, explain):
            out.append(decide(view, mine, theirs, explained, event, len(out), threshold))
    return out
