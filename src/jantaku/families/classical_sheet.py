"""The classical entries of a sheet (docs/sheet.md): a Mah Jongg (all four hands scored and
settled by ``jantaku score --rules sontag``: East pays and receives double, the losers settle
their differences, the Störspiel pay-for-all), a Remis, a penalty (§6.2). East keeps the deal
after his own Mah Jongg and a Remis; another winner passes it on; four wind rounds (§9)."""

from __future__ import annotations

import re
from typing import Any

from jantaku.errors import JantakuError
from jantaku.rules.classical.options import ClassicalOptions
from jantaku.rules.classical.options import preset as classical_preset
from jantaku.rules.classical.settlement import (
    Payment,
    Settlement,
    pays_for_all,
    penalty_settlement,
)
from jantaku.sheet.document import (
    MAX_TEXT,
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
from jantaku.tiles import Wind, parse_kinds

__all__ = ["ENTRIES", "ClassicalEntries"]

_LETTERS = "ESWN"
# the request's fields a Mah Jongg entry passes on as they are (the seat winds are derived)
_COPIED = (
    "win_tile",
    "win",
    "last_wall_tile",
    "last_discard",
    "robbing_kong",
    "heavenly_hand",
    "earthly_hand",
)
_MAHJONG_KEYS = frozenset(
    {"kind", "players", "winner", "discarder", "danger_violation", "wrong_tiles", *_COPIED}
)
_PENALTY_KEYS = frozenset({"kind", "player", "points", "reason"})
MAX_PENALTY = 10000
_SEAT = re.compile(r"seat ([ESWN]): ")
# the request's fields that belong to the winner's hand
_WINNERS_KEYS = frozenset(_COPIED) - {"win"}
_PLAYER = re.compile(r"players\[(\d)\]")
_GAME_OVER = "the North round is over"


class ClassicalEntries(FamilyEntries):
    """Plays a classical sheet's entries one after another."""

    kinds = ("mahjong", "remis", "penalty")
    options: ClassicalOptions

    def __init__(self, sheet: Sheet) -> None:
        super().__init__(sheet, classical_preset)

    def start(self) -> TableState:
        return TableState((self.options.start_balance,) * 4)

    def _remis(self, entry: Any, before: TableState, field: str) -> Played:
        check_keys(entry, frozenset({"kind"}), (), field, EntryError)
        return Played(before)

    def _wind(self, value: Any, before: TableState, field: str) -> str | None:
        """The seat wind letter of a player index (None stays None)."""
        player = player_index(value, field, none=True)
        return None if player is None else _LETTERS[before.seat_wind(player)]

    def _request(
        self, spec: Any, before: TableState, field: str, offenders: tuple[int, ...] = ()
    ) -> dict[str, Any]:
        """The ``jantaku score --rules sontag`` request of a Mah Jongg entry; the hands of the
        ``offenders`` (a wrong number of tiles) are not scored."""
        players = spec["players"]
        if not isinstance(players, list) or len(players) != 4:
            raise EntryError("expected a list of four hands, in sheet order", f"{field}.players")
        hands = []
        for i, p in enumerate(players):
            if not isinstance(p, dict):
                raise EntryError(f"expected a hand object, got {show(p)}", f"{field}.players[{i}]")
            if "seat_wind" in p:
                raise EntryError(
                    "'seat_wind' is derived by the sheet; leave it out", f"{field}.players[{i}]"
                )
            if i in offenders:
                p = self._not_scored(p, players, spec, f"{field}.players[{i}]")
            hands.append({**p, "seat_wind": _LETTERS[before.seat_wind(i)]})
        request: dict[str, Any] = {
            "rules": self.preset,
            "round_wind": _LETTERS[before.round_wind],
            "players": hands,
            "winner": self._wind(spec["winner"], before, f"{field}.winner"),
        }
        if self.overrides:
            request["options"] = dict(self.overrides)
        for key in _COPIED:
            if key in spec:
                request[key] = spec[key]
        for key in ("discarder", "danger_violation"):
            if key in spec:
                request[key] = self._wind(spec[key], before, f"{field}.{key}")
        return request

    def _mahjong(self, entry: Any, before: TableState, field: str) -> Played:
        spec = check_keys(entry, _MAHJONG_KEYS, ("players", "winner"), field, EntryError)
        winner = player_index(spec["winner"], f"{field}.winner")
        assert winner is not None
        offenders = player_list(spec.get("wrong_tiles"), f"{field}.wrong_tiles")
        played = Played(before, extra={"wrong_tiles": list(offenders)})
        try:
            if winner in offenders:
                raise EntryError(
                    f"{self.names[winner]} won: the winner cannot be the one who held a wrong "
                    "number of tiles",
                    f"{field}.wrong_tiles",
                    "winner_wrong_tiles",
                    {"player": winner},
                )
            request = self._request(spec, before, field, offenders)
            result = self._score(request, before, field, winner)
            if not result["win"]:
                raise self._no_win(result, winner, f"{field}.players[{winner}]")
            self._pay_for_all(result, offenders, before)
        except EntryError as e:
            played.error = e.to_json()
            played.after = self._rotate(before, winner, before.totals)
            return played
        by_wind = {w: (before.dealer + i) % 4 for i, w in enumerate(_LETTERS)}
        payments = [0, 0, 0, 0]
        for letter, amount in result["settlement"].items():
            payments[by_wind[letter]] += amount
        shown = sorted(
            ({**p, "player": by_wind[p["seat_wind"]]} for p in result["players"]),
            key=lambda p: p["player"],
        )
        for p in shown:
            if p["player"] in offenders:
                p["wrong_tiles"] = True
        played.results = [{"player": None, "score": {**result, "players": shown}}]
        played.payments = tuple(payments)
        totals = tuple(t + d for t, d in zip(before.totals, payments, strict=True))
        played.after = self._rotate(before, winner, totals)
        return played

    def _not_scored(
        self, hand: dict[str, Any], players: list[Any], spec: Any, where: str
    ) -> dict[str, Any]:
        """The stand-in for the hand of a player who held a wrong number of tiles (§8): his
        hand is not scored (he claims nothing), so it is entered empty; the scorer, which
        needs four 13-tile hands, gets a concealed hand worth 0 (suited tiles, at most two of
        a kind, no pung, no scoring pair) made of copies nobody else holds."""
        if any(hand.get(key) for key in ("hand", "melds", "bonus")):
            raise EntryError(
                "a player who held a wrong number of tiles claims nothing: his hand is not "
                'scored, leave it empty ({"hand": ""})',
                where,
            )
        used = dict.fromkeys(range(34), 0)
        texts = [spec.get("win_tile")]
        for other in players:
            if isinstance(other, dict) and other is not hand:
                texts.append(other.get("hand"))
                melds = other.get("melds")
                for meld in melds if isinstance(melds, list) else []:
                    texts.append(meld.get("tiles") if isinstance(meld, dict) else None)
        for text in texts:
            try:
                kinds = parse_kinds(text) if isinstance(text, str) else []
            except JantakuError:
                kinds = []  # the scorer names the bad notation
            for k in kinds:
                used[int(k)] = used.get(int(k), 0) + 1
        tiles: list[str] = []
        for suit, base in (("m", 0), ("p", 9), ("s", 18)):
            for n in range(1, 10):
                free = max(0, min(2, 4 - used[base + n - 1], 13 - len(tiles)))
                tiles += [f"{n}{suit}"] * free
        # short only when the others hold impossible copies (then the scorer names them)
        tiles += [f"{n}m" for n in range(2, 9)] * 2
        return {"hand": "".join(tiles[:13])}

    def _pay_for_all(
        self, result: dict[str, Any], offenders: tuple[int, ...], before: TableState
    ) -> None:
        """Each offender pays for all and claims nothing, settled like a Störspiel offender
        (``pays_for_all`` of the settlement rules, one offender after another, as the engine
        does); the result's ``settlement`` and ``payments`` become the ones paid."""
        if not offenders:
            return
        settlement = Settlement(
            tuple(
                Payment(Wind.parse(p["payer"]), Wind.parse(p["payee"]), p["amount"], p["reason"])
                for p in result["payments"]
            )
        )
        winner = Wind.parse(result["winner"])
        for player in offenders:
            settlement = pays_for_all(settlement, winner, before.seat_wind(player), self.options)
        result["settlement"] = {w.letter: n for w, n in settlement.net.items()}
        result["payments"] = [
            {
                "payer": p.payer.letter,
                "payee": p.payee.letter,
                "amount": p.amount,
                "reason": p.reason,
            }
            for p in settlement.payments
        ]

    def _score(
        self, request: dict[str, Any], before: TableState, field: str, winner: int
    ) -> dict[str, Any]:
        """The scorer's result; its errors name the player (not the seat wind) and the path.
        The winning tile and the flags of the win are the winner's."""
        try:
            return score(self.read, request, field, "hands")
        except EntryError as e:
            found = _SEAT.search(e.message) or _PLAYER.search(e.field)
            if found is not None:
                text = found.group(1)
                player = (
                    (before.dealer + _LETTERS.index(text)) % 4 if text in _LETTERS else int(text)
                )
                where = e.field if _PLAYER.search(e.field) else f"{field}.players[{player}]"
            elif e.field.removeprefix(f"{field}.") in _WINNERS_KEYS:
                player, where = winner, e.field
            else:
                raise
            message = _SEAT.sub("", e.message).removeprefix("hands: ")
            raise EntryError(
                f"{self.names[player]}'s hand: {message}",
                where,
                e.code,
                {**(e.params or {}), "player": player},
            ) from None

    def _no_win(self, result: dict[str, Any], winner: int, where: str) -> EntryError:
        name = self.names[winner]
        if result.get("reason") == "below_lower_limit":
            value = next((p["value"] for p in result["players"] if p.get("winner")), "?")
            limit = result.get("lower_limit")
            return EntryError(
                f"{name}'s hand is worth {value}, below the lower limit {limit}: Mah Jongg may "
                "not be declared",
                where,
                "below_lower_limit",
                {"player": winner, "value": value, "limit": limit},
            )
        return EntryError(
            f"{name}'s hand is not a winning hand",
            where,
            "not_a_win",
            {"player": winner, "reason": "not_complete"},
        )

    def _rotate(self, before: TableState, winner: int, totals: tuple[int, ...]) -> TableState:
        """East stays on his own Mah Jongg; another winner makes the next player East, and
        after the fourth East of a wind round the next wind round begins (§9)."""
        if winner == before.dealer:
            return TableState(totals, before.round_wind, before.dealer)
        dealer = (before.dealer + 1) % 4
        if dealer != 0:
            return TableState(totals, before.round_wind, dealer)
        if before.round_wind == Wind.NORTH:
            return TableState(totals, before.round_wind, before.dealer, ended=_GAME_OVER)
        return TableState(totals, Wind(before.round_wind + 1), 0)

    def _penalty(self, entry: Any, before: TableState, field: str) -> Played:
        spec = check_keys(entry, _PENALTY_KEYS, ("player", "points"), field, EntryError)
        offender = player_index(spec["player"], f"{field}.player")
        assert offender is not None
        points = spec["points"]
        if type(points) is not int or not 1 <= points <= MAX_PENALTY:
            raise EntryError(
                f"expected 1 to {MAX_PENALTY} points, got {show(points)}", f"{field}.points"
            )
        reason = spec.get("reason", "")
        if not isinstance(reason, str) or len(reason) > MAX_TEXT:
            raise EntryError(f"expected text of at most {MAX_TEXT} characters", f"{field}.reason")
        settlement = penalty_settlement(before.seat_wind(offender), points)
        payments = [0, 0, 0, 0]
        for wind, amount in settlement.net.items():
            payments[(before.dealer + wind) % 4] += amount
        totals = tuple(t + d for t, d in zip(before.totals, payments, strict=True))
        after = TableState(totals, before.round_wind, before.dealer)
        return Played(after, tuple(payments), extra={"player": offender, "points": points})

    def finish(self, state: TableState) -> tuple[tuple[int, ...], dict[str, Any], tuple[int, ...]]:
        """Balances as they stand (no sticks in classical), and the order by balance."""
        order = tuple(sorted(range(4), key=lambda p: (-state.totals[p], p)))
        return state.totals, {"sticks": 0, "player": None}, order


ENTRIES = ClassicalEntries
"""The entry reader the family registry names (``Family.sheet``)."""
