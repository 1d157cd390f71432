"""The riichi entries of a sheet (docs/sheet.md): a win (one winner, or two on one discard),
an exhaustive draw, an abortive draw. Each winner's hand is scored by ``jantaku score`` with the
fields the sheet derives filled in; the dealer, honba, sticks and the end of the match follow
the engine's own rule table (``engine/riichi/flow.py``, doman-rules.md §2.8-2.10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jantaku.engine.riichi.draws import draw_payments
from jantaku.engine.riichi.events import DrawKind
from jantaku.engine.riichi.flow import MatchState, after_deal, dealer_stays, ranking
from jantaku.engine.riichi.rules import TableRules
from jantaku.engine.riichi.state import DealResult
from jantaku.rules.riichi.options import RiichiOptions
from jantaku.rules.riichi.options import preset as riichi_preset
from jantaku.sheet.document import (
    EntryError,
    Sheet,
    check_keys,
    player_index,
    player_list,
    show,
)
from jantaku.sheet.entries import FamilyEntries
from jantaku.sheet.scoring import score
from jantaku.sheet.state import Played, TableState

__all__ = ["ENTRIES", "RiichiEntries"]

_WIN_KEYS = frozenset({"kind", "winners", "discarder", "riichi"})
_WINNER_KEYS = frozenset({"player", "hand", "pao"})
_DRAW_KEYS = frozenset({"kind", "tenpai", "riichi", "nagashi"})
_ABORT_KEYS = frozenset({"kind", "reason", "riichi"})
_DERIVED = (
    "rules",
    "options",
    "seat_wind",
    "round_wind",
    "honba",
    "deposits",
    "discarder",
    "riichi",
    "pao",
)
_SHARED_FLAGS = ("houtei", "chankan")
_RELATIVE = {1: "right", 2: "across", 3: "left"}
_LETTERS = "ESWN"
STICK = 1000

Winner = tuple[int, dict[str, Any], int | None]


def _same_discard(winners: list[Winner], field: str) -> None:
    """A double ron is one discard: both winners have its tile, and its situations (houtei on
    the last discard, chankan on a robbed kan) hold for both; each winner's own flags
    (ippatsu, double riichi) and pao stay his."""
    if len(winners) < 2:
        return
    (_, first, _), (_, other, _) = winners
    where = f"{field}.winners[1].hand"
    if other.get("win_tile") != first.get("win_tile"):
        raise EntryError(
            "win_tile: both winners of a double ron win on the same discarded tile",
            f"{where}.win_tile",
            "double_ron_tile",
        )
    for key in _SHARED_FLAGS:
        if (first.get(key) is True) != (other.get(key) is True):
            raise EntryError(
                f"{key}: it belongs to the discard, so it holds for both winners of a double "
                "ron (set it for both or neither)",
                f"{where}.{key}",
                "double_ron_flag",
                {"flag": key},
            )


class RiichiEntries(FamilyEntries):
    """Plays a riichi sheet's entries one after another."""

    kinds = ("win", "draw", "abortive")
    options: RiichiOptions

    def __init__(self, sheet: Sheet) -> None:
        super().__init__(sheet, riichi_preset)
        self.rules = TableRules.from_options(self.options)

    def start(self) -> TableState:
        return TableState((self.options.start_points,) * 4)

    # ------------------------------------------------------------------ the shared steps

    def _declare(self, riichi: tuple[int, ...], scores: list[int], field: str) -> None:
        """Each declarer puts a stick on the table (spec §2.6: at least 1,000 points)."""
        for p in riichi:
            if scores[p] < self.options.riichi_min_points:
                raise EntryError(
                    f"{self.names[p]} has {scores[p]} points; riichi needs at least "
                    f"{self.options.riichi_min_points}",
                    f"{field}.riichi",
                    "riichi_points",
                    {"player": p, "points": scores[p], "least": self.options.riichi_min_points},
                )
        for p in riichi:
            scores[p] -= STICK

    def _next(
        self, before: TableState, result: DealResult, played: Played, error: EntryError | None
    ) -> Played:
        """The state after a deal's result (engine rules), with the error of a shape that did
        not score."""
        start = MatchState(before.totals, before.round_wind, before.dealer, before.honba)
        step = after_deal(self.rules, start, result)
        if step.state is not None:
            s = step.state
            played.after = TableState(s.scores, s.round_wind, s.dealer, s.honba, s.deposits)
        else:
            stays = dealer_stays(self.rules, before.dealer, result)
            honba = before.honba + 1 if stays or not result.winners else 0
            played.after = TableState(
                result.scores,
                before.round_wind,
                before.dealer,
                honba,
                result.deposits_left,
                step.reason,
            )
        played.payments = result.deltas
        if error is not None:
            played.error = error.to_json()
        return played

    # ------------------------------------------------------------------ wins

    def _winners(self, spec: Mapping[str, Any], field: str) -> tuple[list[Winner], int | None]:
        raw = spec["winners"]
        most = 2 if self.options.double_ron else 1
        if not isinstance(raw, list) or not 1 <= len(raw) <= most:
            raise EntryError(
                f"expected a list of 1 to {most} winners (three on one discard: enter an "
                "abortive draw triple_ron)",
                f"{field}.winners",
            )
        discarder = player_index(spec.get("discarder"), f"{field}.discarder", none=True)
        winners: list[Winner] = []
        for i, w in enumerate(raw):
            where = f"{field}.winners[{i}]"
            obj = check_keys(w, _WINNER_KEYS, ("player", "hand"), where, EntryError)
            player = player_index(obj["player"], f"{where}.player")
            pao = player_index(obj.get("pao"), f"{where}.pao", none=True)
            hand = obj["hand"]
            if not isinstance(hand, dict):
                raise EntryError(f"expected a hand object, got {show(hand)}", f"{where}.hand")
            for key in _DERIVED:
                if key in hand:
                    raise EntryError(
                        f"{key!r} is derived by the sheet; leave it out", f"{where}.hand"
                    )
            assert player is not None
            if any(player == other for other, _, _ in winners):
                raise EntryError(
                    f"{self.names[player]} is listed twice",
                    f"{field}.winners",
                    "winner_twice",
                    {"player": player},
                )
            if player == discarder:
                raise EntryError(
                    "a winner cannot be the discarder", f"{field}.discarder", "winner_discarder"
                )
            if pao == player:
                raise EntryError(
                    "a winner cannot be liable for his own hand", f"{where}.pao", "own_pao"
                )
            tsumo = hand.get("win", "ron") == "tsumo"
            if tsumo != (discarder is None):
                raise EntryError(
                    'a tsumo ("win": "tsumo") has no discarder; a ron needs one',
                    f"{where}.hand.win" if discarder is None else f"{field}.discarder",
                )
            winners.append((player, dict(hand), pao))
        return winners, discarder

    def _win(self, entry: Any, before: TableState, field: str) -> Played:
        spec = check_keys(entry, _WIN_KEYS, ("winners",), field, EntryError)
        winners, discarder = self._winners(spec, field)
        riichi = player_list(spec.get("riichi"), f"{field}.riichi")
        played = Played(before)
        players = tuple(p for p, _, _ in winners)
        error = None
        try:
            deltas = self._score_wins(winners, discarder, riichi, before, field, played)
            scores = tuple(t + d for t, d in zip(before.totals, deltas, strict=True))
            result = DealResult(players, None, (False,) * 4, deltas, 0, scores)
        except EntryError as e:
            played.results = []
            error = e
            result = DealResult(players, None, (False,) * 4, (0,) * 4, before.sticks, before.totals)
        return self._next(before, result, played, error)

    def _score_wins(
        self,
        winners: list[Winner],
        discarder: int | None,
        riichi: tuple[int, ...],
        before: TableState,
        field: str,
        played: Played,
    ) -> tuple[int, ...]:
        """Score every winner; honba and sticks go to the winner nearest the discarder."""
        deltas = list(before.totals)
        self._declare(riichi, deltas, field)
        deltas = [d - t for d, t in zip(deltas, before.totals, strict=True)]
        sticks = before.sticks + len(riichi)
        _same_discard(winners, field)
        origin = before.dealer if discarder is None else discarder
        nearest = min((p for p, _, _ in winners), key=lambda p: (p - origin) % 4)
        for i, (player, hand, pao) in enumerate(winners):
            where = f"{field}.winners[{i}]"
            request = self._request(player, hand, pao, discarder, riichi, before, where)
            if player == nearest:
                request["honba"], request["deposits"] = before.honba, sticks
            result = score(
                self.read, request, f"{where}.hand", f"{self.names[player]}'s hand", player
            )
            if not result["win"]:
                reason = "no_yaku" if result.get("reason") == "no_yaku" else "not_complete"
                why = "no yaku" if reason == "no_yaku" else "not a complete hand"
                raise EntryError(
                    f"{self.names[player]}'s hand is not a win: {why}",
                    f"{where}.hand",
                    "not_a_win",
                    {"player": player, "reason": reason},
                )
            pay = result["payments"]
            deltas[player] += pay["winner"]
            for offset, rel in _RELATIVE.items():
                deltas[(player + offset) % 4] += pay[rel]
            played.results.append({"player": player, "discarder": discarder, "score": result})
        return tuple(deltas)

    def _request(
        self,
        player: int,
        hand: dict[str, Any],
        pao: int | None,
        discarder: int | None,
        riichi: tuple[int, ...],
        before: TableState,
        where: str,
    ) -> dict[str, Any]:
        """The ``jantaku score`` request of a winner's hand, derived fields filled in."""
        request = dict(hand)
        request["rules"] = self.preset
        if self.overrides:
            request["options"] = dict(self.overrides)
        request["seat_wind"] = _LETTERS[before.seat_wind(player)]
        request["round_wind"] = _LETTERS[before.round_wind % 4]
        request["honba"], request["deposits"] = 0, 0
        if discarder is not None:
            request["discarder"] = _RELATIVE[(discarder - player) % 4]
        if pao is not None:
            request["pao"] = _RELATIVE[(pao - player) % 4]
        if hand.get("double_riichi") is True:
            if player not in riichi:
                raise EntryError(
                    f"double_riichi: {self.names[player]} is not in this hand's riichi list",
                    f"{where}.hand.double_riichi",
                    "double_riichi",
                    {"player": player},
                )
        else:
            request["riichi"] = player in riichi
        return request

    # ------------------------------------------------------------------ draws

    def _draw(self, entry: Any, before: TableState, field: str) -> Played:
        spec = check_keys(entry, _DRAW_KEYS, (), field, EntryError)
        tenpai = player_list(spec.get("tenpai"), f"{field}.tenpai")
        riichi = player_list(spec.get("riichi"), f"{field}.riichi")
        nagashi = player_list(spec.get("nagashi"), f"{field}.nagashi")
        ready = tuple(p in tenpai for p in range(4))
        played = Played(before, extra={"tenpai": list(tenpai), "nagashi": list(nagashi)})
        kind = DrawKind.NAGASHI_MANGAN if nagashi else DrawKind.EXHAUSTIVE
        error = None
        try:
            for p in riichi:
                if p not in tenpai:
                    raise EntryError(
                        f"{self.names[p]} declared riichi but is not listed as ready",
                        f"{field}.tenpai",
                        "riichi_not_ready",
                        {"player": p},
                    )
            if nagashi and not self.options.nagashi_mangan:
                raise EntryError(
                    "nagashi mangan is off in these rules", f"{field}.nagashi", "nagashi_off"
                )
            scores = list(before.totals)
            self._declare(riichi, scores, field)
            paid = draw_payments(ready, list(nagashi), before.dealer)
            scores = [s + d for s, d in zip(scores, paid, strict=True)]
            deltas = tuple(s - t for s, t in zip(scores, before.totals, strict=True))
            result = DealResult((), kind, ready, deltas, before.sticks + len(riichi), tuple(scores))
        except EntryError as e:
            error = e
            result = DealResult((), kind, ready, (0,) * 4, before.sticks, before.totals)
        return self._next(before, result, played, error)

    def _abortive(self, entry: Any, before: TableState, field: str) -> Played:
        spec = check_keys(entry, _ABORT_KEYS, ("reason",), field, EntryError)
        reason = spec["reason"]
        allowed = sorted(self.rules.abortive_draws)
        if reason not in allowed:
            raise EntryError(
                f"expected one of {', '.join(allowed)} (these rules), got {show(reason)}",
                f"{field}.reason",
            )
        riichi = player_list(spec.get("riichi"), f"{field}.riichi")
        played = Played(before, extra={"reason": reason})
        error = None
        try:
            if reason == "four_riichi" and len(riichi) != 4:
                raise EntryError(
                    "four_riichi needs all four players in riichi", f"{field}.riichi", "four_riichi"
                )
            scores = list(before.totals)
            self._declare(riichi, scores, field)
            deltas = tuple(s - t for s, t in zip(scores, before.totals, strict=True))
            sticks = before.sticks + len(riichi)
            result = DealResult((), DrawKind(reason), (False,) * 4, deltas, sticks, tuple(scores))
        except EntryError as e:
            error = e
            result = DealResult(
                (), DrawKind(reason), (False,) * 4, (0,) * 4, before.sticks, before.totals
            )
        return self._next(before, result, played, error)

    # ------------------------------------------------------------------ the end

    def finish(self, state: TableState) -> tuple[tuple[int, ...], dict[str, Any], tuple[int, ...]]:
        """Totals after the leftover sticks (``leftover_sticks = to_first``: to the first
        placed, ties by seat order of the first hand), the leftover report, and the order."""
        totals = list(state.totals)
        order = ranking(totals)
        leftover: dict[str, Any] = {"sticks": state.sticks, "player": None}
        if state.sticks and self.rules.leftover_sticks == "to_first":
            totals[order[0]] += STICK * state.sticks
            leftover["player"] = order[0]
        return tuple(totals), leftover, order


ENTRIES = RiichiEntries
"""The entry reader the family registry names (``Family.sheet``)."""
