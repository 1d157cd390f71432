"""One seat's picture of a riichi deal rebuilt from mjai events, with the actions that seat may
take now, so jantaku's bots can answer an mjai server.

The tracker knows what the seat knows: its own hand, every river, meld, riichi, dora indicator
and score, and the furiten a passed winning tile leaves. The legal actions come from the engine's
own rules (:mod:`jantaku.players.mjai.legal`), so every offered action is one the engine would
allow and a declared win always has a yaku."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.calls import kuikae_forbidden
from jantaku.engine.riichi.rules import TableRules
from jantaku.engine.riichi.scoring import RiichiJudge
from jantaku.engine.riichi.seat import waits_of
from jantaku.engine.riichi.view import PublicSeat, SeatView
from jantaku.formats.mjai import parse_pai, tile_name
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.players.mjai.legal import legal_actions
from jantaku.rules.riichi import RiichiOptions
from jantaku.rules.riichi.options import preset
from jantaku.tiles import Tile, TileKind

__all__ = ["MjaiSeatState", "MjaiStateError", "action_to_mjai"]

_WINDS = "ESWN"


class MjaiStateError(ValueError):
    """An mjai event that does not fit the state (a tile the seat does not hold, ...)."""


@dataclass(slots=True)
class _Seat:
    river: list[tuple[Tile, bool, bool, bool]] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    riichi: bool = False
    riichi_pending: bool = False
    concealed: int = 13


class MjaiSeatState:
    """Feed every event with :meth:`update`; ask :meth:`view` for the seat's view and actions."""

    def __init__(self, seat: int, options: RiichiOptions | None = None) -> None:
        self.seat = seat
        self.options = options if options is not None else preset("tenhou")
        self.rules = TableRules.from_options(self.options)  # as the engine reads them
        self.judge = RiichiJudge(self.options)  # the engine's door to the scorer
        self.in_deal = False
        self.scores = [25000] * 4
        self.copies = [0] * 34
        self.round_wind = 0
        self.dealer = 0
        self.honba = 0
        self.deposits = 0
        self.dora: list[Tile] = []
        self.hand: list[Tile] = []
        self.seats = [_Seat() for _ in range(4)]
        self.live = 70
        self.turn: int | None = None
        self.drawn: Tile | None = None
        self.last_discard: tuple[int, Tile] | None = None
        self.kuikae: set[int] = set()
        self.calls_made = False
        self.after_kan = False
        self.rinshan = False
        self.ippatsu = False
        self.double_riichi = False
        self.temp_furiten = False
        self.riichi_furiten = False
        self.chankan_tile: tuple[int, Tile] | None = None
        self.missed = False

    # ------------------------------------------------------------------ tiles

    def _tile(self, pai: Any) -> Tile:
        kind, red = parse_pai(pai)
        n = self.copies[kind]
        self.copies[kind] = n + 1
        return Tile(kind * 4 + n % 4, red)

    def _take(self, pai: Any) -> Tile:
        """Remove a tile of this name from the own hand."""
        kind, red = parse_pai(pai)
        for t in self.hand:
            if t.kind_id == kind and t.red == red:
                self.hand.remove(t)
                return t
        for t in self.hand:  # a server that does not mark red fives
            if t.kind_id == kind:
                self.hand.remove(t)
                return t
        raise MjaiStateError(f"seat {self.seat} does not hold {pai}")

    # ------------------------------------------------------------------ events

    def update(self, e: dict[str, Any]) -> None:
        kind = e.get("type")
        actor: int = e.get("actor", -1)
        if self.in_deal and self.missed:
            # a winning tile went by without a win: temporary (in riichi, permanent) furiten
            if not (kind == "hora" and actor == self.seat):
                self.temp_furiten = True
                self.riichi_furiten = self.riichi_furiten or self.seats[self.seat].riichi
            self.missed = False
        if kind == "start_game":
            if isinstance(e.get("id"), int):
                self.seat = e["id"]
        elif kind == "start_kyoku":
            self._start(e)
        elif not self.in_deal:
            return
        elif kind == "tsumo":
            self.live -= 1
            self.turn = actor
            self.last_discard = None
            self.kuikae = set()
            p = self.seats[actor]
            p.concealed += 1
            if actor == self.seat:
                self.drawn = self._tile(e["pai"])
                self.hand.append(self.drawn)
                self.rinshan = self.after_kan
            self.after_kan = False
        elif kind == "dahai":
            self._dahai(e)
        elif kind == "reach":
            self.seats[actor].riichi_pending = True
        elif kind == "reach_accepted":
            p = self.seats[actor]
            p.riichi, p.riichi_pending = True, False
            if "scores" in e:
                self.scores = list(e["scores"])
            else:
                self.scores[actor] -= 1000
            self.deposits += 1
        elif kind in ("chi", "pon", "daiminkan"):
            self._call(e)
        elif kind == "ankan":
            self._kan(e, KongKind.CONCEALED)
        elif kind == "kakan":
            self._kan(e, KongKind.ADDED)
        elif kind == "dora":
            self.dora.append(self._tile(e["dora_marker"]))
        elif kind in ("hora", "ryukyoku"):
            if "scores" in e:
                self.scores = list(e["scores"])
            elif "deltas" in e:
                self.scores = [s + d for s, d in zip(self.scores, e["deltas"], strict=True)]
        elif kind == "end_kyoku":
            self.in_deal = False

    def _start(self, e: dict[str, Any]) -> None:
        self.in_deal = True
        self.copies = [0] * 34
        wind, hands = e.get("bakaze", "E"), e.get("tehais")
        if not isinstance(wind, str) or wind not in _WINDS:
            raise MjaiStateError(f"start_kyoku: bakaze must be E, S, W or N, got {wind!r}")
        if not isinstance(hands, list) or len(hands) != 4:
            raise MjaiStateError(
                "start_kyoku: tehais must be the four hands (a list of four lists)"
            )
        self.round_wind = _WINDS.index(wind)
        self.dealer = int(e.get("oya", 0))
        self.honba = int(e.get("honba", 0))
        self.deposits = int(e.get("kyotaku", 0))
        if "scores" in e:
            self.scores = list(e["scores"])
        self.dora = [self._tile(e["dora_marker"])]
        self.hand = [self._tile(p) for p in e["tehais"][self.seat]]
        self.seats = [_Seat() for _ in range(4)]
        self.live = 70
        self.turn = None
        self.drawn = None
        self.last_discard = None
        self.kuikae = set()
        self.calls_made = False
        self.after_kan = False
        self.rinshan = False
        self.ippatsu = False
        self.double_riichi = False
        self.temp_furiten = False
        self.riichi_furiten = False
        self.chankan_tile = None
        self.missed = False

    def _dahai(self, e: dict[str, Any]) -> None:
        actor = e["actor"]
        p = self.seats[actor]
        riichi = p.riichi_pending
        if actor == self.seat:
            tile = self._take(e["pai"])
            if riichi:
                self.ippatsu = True
                self.double_riichi = not p.river and not self.calls_made
            else:
                self.ippatsu = False
            if not self.seats[self.seat].riichi and not riichi:
                self.temp_furiten = False
        else:
            tile = self._tile(e["pai"])
            self.missed = tile.kind_id in self.waits()
        p.river.append((tile, bool(e.get("tsumogiri", False)), riichi, False))
        p.concealed -= 1
        self.last_discard = (actor, tile)
        self.drawn = None
        self.kuikae = set()
        self.rinshan = False
        self.chankan_tile = None

    def _call(self, e: dict[str, Any]) -> None:
        actor, target = e["actor"], e["target"]
        self.calls_made = True
        self.ippatsu = False
        src = self.seats[target]
        if src.river:
            tile, g, r, _c = src.river[-1]
            src.river[-1] = (tile, g, r, True)
        else:  # pragma: no cover - a server error
            tile = self._tile(e["pai"])
        if actor == self.seat:
            own = tuple(self._take(p) for p in e["consumed"])
        else:
            own = tuple(self._tile(p) for p in e["consumed"])
        tiles = tuple(sorted((tile, *own), key=lambda t: t.index))
        offset = (target - actor) % 4
        if e["type"] == "chi":
            meld = Meld(MeldKind.CHOW, tiles, called=tile, from_seat=offset)
            self.kuikae = set(kuikae_forbidden(tile.kind_id, min(t.kind_id for t in tiles)))
        elif e["type"] == "pon":
            meld = Meld(MeldKind.PUNG, tiles, called=tile, from_seat=offset)
            self.kuikae = set(kuikae_forbidden(tile.kind_id, None))
        else:
            meld = Meld(MeldKind.KONG, tiles, KongKind.EXPOSED, called=tile, from_seat=offset)
            self.after_kan = True
            self.kuikae = set()
        self.seats[actor].melds.append(meld)
        self.seats[actor].concealed -= len(own)
        self.turn = actor
        self.last_discard = None
        self.drawn = None

    def _kan(self, e: dict[str, Any], kong: KongKind) -> None:
        actor = e["actor"]
        p = self.seats[actor]
        self.calls_made = True
        self.ippatsu = False
        self.after_kan = True
        if kong is KongKind.CONCEALED:
            if actor == self.seat:
                tiles = tuple(self._take(x) for x in e["consumed"])
            else:
                tiles = tuple(self._tile(x) for x in e["consumed"])
            p.melds.append(
                Meld(MeldKind.KONG, tuple(sorted(tiles, key=lambda t: t.index)), KongKind.CONCEALED)
            )
            p.concealed -= 4
        else:
            added = self._take(e["pai"]) if actor == self.seat else self._tile(e["pai"])
            kind = added.kind_id
            for i, m in enumerate(p.melds):
                if m.kind is MeldKind.PUNG and m.first == kind:
                    tiles = tuple(sorted((*m.tiles, added), key=lambda t: t.index))
                    p.melds[i] = Meld(MeldKind.KONG, tiles, KongKind.ADDED, m.called, m.from_seat)
                    break
            p.concealed -= 1
            if actor != self.seat:
                self.chankan_tile = (actor, added)
                self.missed = kind in self.waits()
        self.drawn = None

    # ------------------------------------------------------------------ legality

    def waits(self) -> tuple[int, ...]:
        """The kinds that complete the own hand (empty unless it is a ready 3n+1 hand)."""
        if len(self.hand) % 3 != 1:
            return ()
        counts = [0] * 34
        for t in self.hand:
            counts[t.kind_id] += 1
        return waits_of(counts, len(self.seats[self.seat].melds))

    def legal_actions(self) -> list[Action]:
        """What the seat may answer now, by the engine's rules (:mod:`.legal`)."""
        return legal_actions(self)

    # ------------------------------------------------------------------ view

    def view(self) -> SeatView:
        me = self.seat
        legal = self.legal_actions()
        mine = self.seats[me]
        return SeatView(
            seat=me,
            phase="turn" if self.turn == me and self.last_discard is None else "calls",
            turn=self.turn if self.turn is not None else self.dealer,
            dealer=self.dealer,
            round_wind=self.round_wind,
            honba=self.honba,
            deposits=self.deposits,
            live_remaining=max(0, self.live),
            dora_indicators=tuple(self.dora),
            seats=tuple(
                PublicSeat(self.scores[i], tuple(p.melds), tuple(p.river), p.riichi, p.concealed)
                for i, p in enumerate(self.seats)
            ),
            hand=tuple(sorted(self.hand, key=lambda t: t.index)),
            drawn=self.drawn,
            last_discard=self.last_discard[1] if self.last_discard else None,
            waits=tuple(TileKind(k) for k in self.waits()),
            furiten=mine.riichi and self.riichi_furiten,
            legal_actions=tuple(legal),
            options=self.options,
        )


def action_to_mjai(action: Action, state: MjaiSeatState) -> dict[str, Any]:
    """The mjai message for a bot's action (RIICHI becomes ``reach``; the discard follows)."""
    me = action.seat
    k = action.kind
    if k is ActionKind.DISCARD:
        assert action.tile is not None
        return {
            "type": "dahai",
            "actor": me,
            "pai": tile_name(action.tile),
            "tsumogiri": action.tile == state.drawn,
        }
    if k is ActionKind.RIICHI:
        return {"type": "reach", "actor": me}
    if k in (ActionKind.TSUMO, ActionKind.RON):
        assert action.tile is not None
        target = me
        if k is ActionKind.RON:
            if state.chankan_tile is not None:
                target = state.chankan_tile[0]
            elif state.last_discard is not None:
                target = state.last_discard[0]
        return {"type": "hora", "actor": me, "target": target, "pai": tile_name(action.tile)}
    if k in (ActionKind.CHI, ActionKind.PON):
        assert action.tile is not None and state.last_discard is not None
        return {
            "type": k.value,
            "actor": me,
            "target": state.last_discard[0],
            "pai": tile_name(action.tile),
            "consumed": [tile_name(t) for t in action.tiles],
        }
    if k is ActionKind.OPEN_KAN:
        assert action.tile is not None and state.last_discard is not None
        return {
            "type": "daiminkan",
            "actor": me,
            "target": state.last_discard[0],
            "pai": tile_name(action.tile),
            "consumed": [tile_name(t) for t in action.tiles],
        }
    if k is ActionKind.CONCEALED_KAN:
        return {"type": "ankan", "actor": me, "consumed": [tile_name(t) for t in action.tiles]}
    if k is ActionKind.ADDED_KAN:
        assert action.tile is not None
        pung = next(
            m
            for m in state.seats[me].melds
            if m.kind is MeldKind.PUNG and m.first == action.tile.kind_id
        )
        return {
            "type": "kakan",
            "actor": me,
            "pai": tile_name(action.tile),
            "consumed": [tile_name(t) for t in pung.tiles],
        }
    if k is ActionKind.NINE_TERMINALS:
        return {"type": "ryukyoku", "actor": me, "reason": "kyushukyuhai"}
    return {"type": "none"}
