"""Replay a recorded mjai game through jantaku's engine while four ``MjaiBot`` seats answer every
event they may see; each answer is checked for form and, against the engine's legal actions at
that point, for legality. The engine (not the bot's own tracker) is the oracle. The kans each
seat's tracker offers (concealed, added, open) are also compared with the engine's after every
event, so a kan the bot could answer is always one the engine allows, and none is missing."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.deal import Deal, Phase
from jantaku.engine.riichi.flow import MatchState
from jantaku.engine.riichi.match import Match
from jantaku.engine.riichi.presets import tenhou_judge
from jantaku.formats import GameRecord, read_games_text
from jantaku.formats.mjai import parse_pai, write_mjai
from jantaku.formats.replay import rules_for, self_contradiction, wall_for
from jantaku.tiles import Tile, Wind

_TYPES = {"none", "dahai", "reach", "hora", "chi", "pon", "daiminkan", "ankan", "kakan", "ryukyoku"}


def seat_view(e: dict[str, Any], seat: int) -> dict[str, Any]:
    """The event as ``seat`` receives it from an mjai server."""
    e = dict(e)
    if e["type"] == "start_game":
        e["id"] = seat
    elif e["type"] == "start_kyoku":
        e["tehais"] = [h if i == seat else ["?"] * 13 for i, h in enumerate(e["tehais"])]
    elif e["type"] == "tsumo" and e["actor"] != seat:
        e["pai"] = "?"
    return e


def _tile(pai: str) -> Tile:
    kind, red = parse_pai(pai)
    return Tile(kind * 4, red)


def _sig(a: Action) -> tuple[Any, ...]:
    def s(t: Tile | None) -> Any:
        return None if t is None else (t.kind_id, t.red)

    return (a.kind, a.seat, s(a.tile), tuple(sorted(s(t) for t in a.tiles)))


def _legal(deal: Deal, seat: int) -> list[Action]:
    return [] if deal.phase is Phase.ENDED else deal.legal_actions(seat)


class Problems(list[str]):
    pass


def check_answer(
    deal: Deal, seat: int, event: dict[str, Any], answer: dict[str, Any], riichi_declared: bool
) -> str | None:
    """Why ``answer`` (to ``event``) is malformed or illegal for ``seat``, or None."""
    kind = answer.get("type")
    if kind not in _TYPES:
        return f"unknown answer type {kind!r}"
    legal = _legal(deal, seat)
    own_turn = event.get("actor") == seat and event["type"] in ("tsumo", "chi", "pon", "reach")
    if kind == "none":
        if own_turn and legal:
            return f"answered none to {event}; engine offers {[str(a) for a in legal]}"
        return None
    turn_answer = kind in ("dahai", "reach", "ankan", "kakan", "ryukyoku") or (
        kind == "hora" and answer.get("target") == seat
    )
    if turn_answer != own_turn:
        return f"answered {answer} to {event}"
    if not own_turn and deal.phase is Phase.TURN:
        return f"answered {answer} when it has no claim"

    if answer.get("actor") != seat:
        return f"actor {answer.get('actor')} is not the seat {seat}"
    sigs = {_sig(a) for a in legal}
    try:
        if kind == "dahai":
            akind = ActionKind.RIICHI if riichi_declared else ActionKind.DISCARD
            want = Action(akind, seat, _tile(answer["pai"]))
        elif kind == "reach":
            return None if any(a.kind is ActionKind.RIICHI for a in legal) else "reach not allowed"
        elif kind == "hora":
            akind = ActionKind.TSUMO if answer.get("target") == seat else ActionKind.RON
            want = Action(akind, seat, _tile(answer["pai"]))
        elif kind in ("chi", "pon", "daiminkan"):
            akind = {
                "chi": ActionKind.CHI,
                "pon": ActionKind.PON,
                "daiminkan": ActionKind.OPEN_KAN,
            }[kind]
            want = Action(
                akind, seat, _tile(answer["pai"]), tuple(_tile(p) for p in answer["consumed"])
            )
        elif kind == "ankan":
            want = Action(
                ActionKind.CONCEALED_KAN, seat, None, tuple(_tile(p) for p in answer["consumed"])
            )
        elif kind == "kakan":
            want = Action(ActionKind.ADDED_KAN, seat, _tile(answer["pai"]))
        else:
            want = Action(ActionKind.NINE_TERMINALS, seat)
    except (KeyError, ValueError, TypeError) as error:
        return f"malformed answer {answer}: {error}"
    if kind == "ankan":  # compare kinds only
        ok = any(
            a.kind is ActionKind.CONCEALED_KAN
            and a.tiles
            and a.tiles[0].kind_id == want.tiles[0].kind_id
            for a in legal
        )
        return None if ok else f"{answer} not legal"
    if kind == "kakan":
        ok = any(
            a.kind is ActionKind.ADDED_KAN
            and a.tile is not None
            and want.tile is not None
            and a.tile.kind_id == want.tile.kind_id
            for a in legal
        )
        return None if ok else f"{answer} not legal"
    if _sig(want) not in sigs:
        return f"{answer} is not legal after {event} (engine offers {[str(a) for a in legal]})"
    return None


_KANS = (ActionKind.CONCEALED_KAN, ActionKind.ADDED_KAN, ActionKind.OPEN_KAN)


def _kan_sigs(actions: list[Action], riichi: bool) -> set[tuple[Any, ...]]:
    """Kans by kind and tile kind (a concealed kan in riichi is left to the engine's own wait
    rules; the tracker never offers it)."""
    out = set()
    for a in actions:
        if a.kind not in _KANS or (riichi and a.kind is ActionKind.CONCEALED_KAN):
            continue
        tile = a.tile if a.tile is not None else a.tiles[0]
        out.add((a.kind, tile.kind_id))
    return out


def kan_problems(deal: Deal, seat: int, event: dict[str, Any], offered: list[Action]) -> str | None:
    """Why the tracker's kans differ from the engine's for ``seat`` after ``event``, or None.
    Compared where both must agree: after the seat's own draw (concealed and added kans) and
    after another seat's discard (open kans; none when the engine opened no claims)."""
    riichi = deal.seats[seat].riichi
    if event["type"] == "tsumo" and event.get("actor") == seat:
        engine = _kan_sigs(_legal(deal, seat), riichi)
        tracker = _kan_sigs(offered, riichi)
    elif event["type"] == "dahai" and event.get("actor") != seat:
        claims = _legal(deal, seat) if deal.phase is Phase.CALLS else []
        engine = {k for k in _kan_sigs(claims, riichi) if k[0] is ActionKind.OPEN_KAN}
        tracker = {k for k in _kan_sigs(offered, riichi) if k[0] is ActionKind.OPEN_KAN}
    else:
        return None
    if engine != tracker:
        return f"kans offered {sorted(tracker)} but the engine allows {sorted(engine)}"
    return None


def run_game(
    game: GameRecord,
    events: list[dict[str, Any]],
    new_bot: Callable[[int], Any],
    stats: dict[str, int] | None = None,
) -> tuple[int, list[str]]:
    """(answers checked, problems) for the whole game; ``stats`` counts the kan offers compared
    (``kan_offers``) and the open or added kan answers checked (``kan_answers``)."""
    stats = stats if stats is not None else {}
    stats.setdefault("kan_offers", 0)
    stats.setdefault("kan_answers", 0)
    bots = [new_bot(s) for s in range(4)]
    rules = rules_for(game.rules)
    judge = tenhou_judge()
    red = game.rules.red_fives
    problems: list[str] = []
    checked = 0
    kyoku = -1
    deal: Deal | None = None
    riichi: set[int] = set()

    def flush() -> None:
        assert deal is not None
        if deal.phase in (Phase.CALLS, Phase.CHANKAN):
            for s in list(deal.to_act()):
                deal.apply(Action(ActionKind.PASS, s))

    def engine_apply(action: Action) -> None:
        assert deal is not None
        deal.apply(action)

    for e in events:
        t = e["type"]
        if t == "start_kyoku":
            kyoku += 1
            hand = game.hands[kyoku]
            state = MatchState(
                hand.scores, Wind(hand.round_wind), hand.dealer, hand.honba, hand.riichi_deposits
            )
            match = Match(rules, judge, walls=lambda n, h=hand: wall_for(h, red), start=state)
            deal = match.deal
            riichi = set()
            if self_contradiction(hand) is not None:
                deal = None  # nothing can agree with such a record (replay-check skips it too)
        elif deal is not None and deal.phase is not Phase.ENDED:
            actor = e.get("actor")
            if t in ("tsumo", "ankan", "kakan", "end_kyoku"):
                flush()
            if t == "dahai":
                kind = ActionKind.RIICHI if actor in riichi else ActionKind.DISCARD
                engine_apply(Action(kind, actor, _tile(e["pai"])))
            elif t == "reach":
                riichi.add(actor)
            elif t == "reach_accepted":
                riichi.discard(actor)
            elif t in ("chi", "pon", "daiminkan"):
                akind = {
                    "chi": ActionKind.CHI,
                    "pon": ActionKind.PON,
                    "daiminkan": ActionKind.OPEN_KAN,
                }[t]
                engine_apply(
                    Action(akind, actor, _tile(e["pai"]), tuple(_tile(p) for p in e["consumed"]))
                )
                flush()
            elif t == "ankan":
                engine_apply(
                    Action(
                        ActionKind.CONCEALED_KAN,
                        actor,
                        None,
                        tuple(_tile(p) for p in e["consumed"]),
                    )
                )
            elif t == "kakan":
                engine_apply(Action(ActionKind.ADDED_KAN, actor, _tile(e["pai"])))
            elif t == "hora":
                kind = ActionKind.TSUMO if e["target"] == actor else ActionKind.RON
                offered = [a for a in _legal(deal, actor) if a.kind is kind]
                if not offered:
                    problems.append(f"kyoku {kyoku}: the engine does not offer {e}")
                    deal = None
                else:
                    engine_apply(offered[0])
            elif t == "ryukyoku":
                if deal.phase is Phase.TURN and any(
                    a.kind is ActionKind.NINE_TERMINALS for a in deal.legal_actions(deal.turn)
                ):
                    engine_apply(Action(ActionKind.NINE_TERMINALS, deal.turn))
                else:
                    flush()
        for s, bot in enumerate(bots):
            line = json.dumps(seat_view(e, s))
            try:
                answer = json.loads(bot.respond_line(line))
            except json.JSONDecodeError as error:
                problems.append(f"seat {s}: not JSON: {error}")
                continue
            if deal is None and t not in ("start_game", "end_game"):
                continue  # a hand the record contradicts: nothing to check against
            if deal is None or t in (
                "start_game",
                "start_kyoku",
                "end_kyoku",
                "end_game",
                "hora",
                "ryukyoku",
            ):
                if answer.get("type") != "none":
                    problems.append(f"seat {s}: answered {answer} to {t}")
                continue
            why = check_answer(
                deal, s, e, answer, riichi_declared=t == "reach" and e.get("actor") == s
            )
            checked += 1
            if answer.get("type") in ("daiminkan", "kakan"):
                stats["kan_answers"] += 1
            state = getattr(bot, "state", None)
            own_draw = t == "tsumo" and e.get("actor") == s
            other_discard = t == "dahai" and e.get("actor") != s
            if state is not None and deal.phase is not Phase.ENDED and (own_draw or other_discard):
                offered = state.legal_actions()
                if any(a.kind in _KANS for a in offered) or any(
                    a.kind in _KANS for a in _legal(deal, s)
                ):
                    stats["kan_offers"] += 1
                    kan_why = kan_problems(deal, s, e, offered)
                    if kan_why is not None:
                        problems.append(f"kyoku {kyoku} seat {s} after {e}: {kan_why}")
            if why is not None:
                problems.append(f"kyoku {kyoku} seat {s}: {why}")
    return checked, problems


def mjai_events(game: GameRecord) -> list[dict[str, Any]]:
    return write_mjai(game)


def load(path: str) -> tuple[GameRecord, list[dict[str, Any]]]:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    games = read_games_text(text, path)
    game = games[0]
    if path.endswith(".jsonl"):
        events = [json.loads(line) for line in text.splitlines() if line.strip()]
    else:
        events = write_mjai(game)
    return game, events
