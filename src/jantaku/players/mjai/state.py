"""One seat's picture of a riichi deal rebuilt from mjai events, with the actions that seat may
take now, so jantaku's bots can answer an mjai server.

The tracker knows what the seat knows: its own hand, every river, meld, riichi, dora indicator
and score. Legal actions follow the engine's rules (kuikae, furiten, riichi conditions); wins are
valued with jantaku's scorer, so a declared win always has a yaku. Kans are offered as the engine
offers them: concealed and added kans on the own turn after a draw (not in riichi), an open kan
(daiminkan) on a discard when three copies are held; never once four kans are on the table or
the live wall is empty. Every offered action is one the engine would allow."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.view import PublicSeat, SeatView
from jantaku.formats.mjai import parse_pai, tile_name
from jantaku.hand.lookup import shanten
from jantaku.meld import KongKind, Meld, MeldKind
from jantaku.rules.riichi import NoWin, RiichiOptions, WinContext, score
from jantaku.rules.riichi.options import preset
from jantaku.tiles import Tile, TileKind, Wind

__all__ = ["MjaiSeatState", "MjaiStateError", "action_to_mjai"]

_ORPHANS = frozenset({0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33})
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
        self.round_wind = _WINDS.index(e.get("bakaze", "E"))
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
            self.missed = self._wins_with(tile.kind_id)
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
            k = tile.kind_id
            low = min(t.kind_id for t in tiles)
            self.kuikae = {k}
            if low == k and k % 9 <= 5:
                self.kuikae.add(k + 3)
            elif low == k - 2 and k % 9 >= 3:
                self.kuikae.add(k - 3)
        elif e["type"] == "pon":
            meld = Meld(MeldKind.PUNG, tiles, called=tile, from_seat=offset)
            self.kuikae = {tile.kind_id}
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
                self.missed = self._wins_with(kind)
        self.drawn = None

    # ------------------------------------------------------------------ legality

    def _counts(self) -> list[int]:
        counts = [0] * 34
        for t in self.hand:
            counts[t.kind_id] += 1
        return counts

    def _wins_with(self, kind: int) -> bool:
        counts = self._counts()
        if len(self.hand) % 3 != 1 or counts[kind] >= 4:
            return False
        counts[kind] += 1
        return shanten(counts, len(self.seats[self.seat].melds)) == -1

    def _furiten(self) -> bool:
        mine = self.seats[self.seat]
        river = {t.kind_id for t, _g, _r, _c in mine.river}
        counts = self._counts()
        melds = len(mine.melds)
        for k in range(34):
            if counts[k] < 4:
                counts[k] += 1
                done = shanten(counts, melds) == -1
                counts[k] -= 1
                if done and k in river:
                    return True
        return self.temp_furiten or self.riichi_furiten

    def _judge(self, win: Tile, from_seat: int | None, chankan: bool = False) -> bool:
        mine = self.seats[self.seat]
        hand = list(self.hand)
        if from_seat is None:
            hand.remove(win)
        seat_wind = (self.seat - self.dealer) % 4
        ctx = WinContext(
            hand=tuple(hand),
            win_tile=win,
            melds=tuple(mine.melds),
            tsumo=from_seat is None,
            seat_wind=Wind(seat_wind),
            round_wind=Wind(self.round_wind),
            dora_indicators=tuple(t.kind for t in self.dora),
            riichi=mine.riichi,
            double_riichi=mine.riichi and self.double_riichi,
            ippatsu=mine.riichi and self.ippatsu,
            haitei=from_seat is None and self.live == 0 and not self.rinshan,
            houtei=from_seat is not None and self.live == 0,
            rinshan=self.rinshan,
            chankan=chankan,
            first_turn=from_seat is None and not self.calls_made and not mine.river,
            honba=self.honba,
            deposits=self.deposits,
            discarder=None if from_seat is None else (from_seat - self.seat) % 4,
        )
        try:
            return not isinstance(score(ctx, self.options, validate=False), NoWin)
        except Exception:  # a hand the scorer cannot read is no win
            return False

    def legal_actions(self) -> list[Action]:
        if not self.in_deal:
            return []
        me = self.seat
        mine = self.seats[me]
        if self.turn == me and self.last_discard is None and len(self.hand) % 3 == 2:
            return self._turn_actions()
        out: list[Action] = []
        if self.chankan_tile is not None and self.chankan_tile[0] != me:
            tile = self.chankan_tile[1]
            if (
                self._wins_with(tile.kind_id)
                and not self._furiten()
                and self._judge(tile, self.chankan_tile[0], chankan=True)
            ):
                out = [Action(ActionKind.RON, me, tile), Action(ActionKind.PASS, me)]
            return out
        if self.last_discard is None or self.last_discard[0] == me:
            return []
        discarder, tile = self.last_discard
        kind = tile.kind_id
        if self._wins_with(kind) and not self._furiten() and self._judge(tile, discarder):
            out.append(Action(ActionKind.RON, me, tile))
        if self.live > 0 and not mine.riichi:
            out.extend(self._calls(tile, left=(discarder + 1) % 4 == me))
        if out:
            out.append(Action(ActionKind.PASS, me))
        return out

    def _calls(self, tile: Tile, left: bool) -> list[Action]:
        me = self.seat
        kind = tile.kind_id
        out: list[Action] = []
        held = [t for t in self.hand if t.kind_id == kind]
        if len(held) >= 3 and self._kans() < 4:
            three = tuple(sorted(held, key=lambda t: t.index)[:3])
            out.append(Action(ActionKind.OPEN_KAN, me, tile, three))
        if len(held) >= 2:
            seen: set[tuple[bool, bool]] = set()
            for i in range(len(held)):
                for j in range(i + 1, len(held)):
                    pair = (held[i], held[j])
                    key = (pair[0].red, pair[1].red)
                    if key in seen or not self._leaves(pair, {kind}):
                        continue
                    seen.add(key)
                    out.append(Action(ActionKind.PON, me, tile, pair))
        if left and kind < 27:
            rank = kind % 9
            for low in (kind - 2, kind - 1, kind):
                if low < kind - rank or low + 2 > kind - rank + 8:
                    continue
                needed = [k for k in (low, low + 1, low + 2) if k != kind]
                picks: list[list[Tile]] = []
                for k in needed:
                    copies = [t for t in self.hand if t.kind_id == k]
                    variants = {t.red: t for t in copies}
                    picks.append(list(variants.values()))
                if any(not p for p in picks):
                    continue
                forbidden = {kind}
                if low == kind and rank <= 5:
                    forbidden.add(kind + 3)
                elif low == kind - 2 and rank >= 3:
                    forbidden.add(kind - 3)
                for a in picks[0]:
                    for b in picks[1]:
                        own = tuple(sorted((a, b), key=lambda t: t.index))
                        if self._leaves(own, forbidden):
                            out.append(Action(ActionKind.CHI, me, tile, own))
        return out

    def _kans(self) -> int:
        return sum(1 for p in self.seats for m in p.melds if m.kind is MeldKind.KONG)

    def _leaves(self, used: tuple[Tile, ...], forbidden: set[int]) -> bool:
        rest = list(self.hand)
        for t in used:
            rest.remove(t)
        return any(t.kind_id not in forbidden for t in rest)

    def _turn_actions(self) -> list[Action]:
        me = self.seat
        mine = self.seats[me]
        counts = self._counts()
        melds = len(mine.melds)
        out: list[Action] = []
        drawn = self.drawn
        if drawn is not None and shanten(counts, melds) == -1 and self._judge(drawn, None):
            out.append(Action(ActionKind.TSUMO, me, drawn))
        if (
            drawn is not None
            and not self.calls_made
            and not mine.river
            and sum(1 for k in _ORPHANS if counts[k]) >= 9
        ):
            out.append(Action(ActionKind.NINE_TERMINALS, me))
        if drawn is not None and not mine.riichi and self.live > 0 and self._kans() < 4:
            for k in range(34):
                if counts[k] == 4:
                    tiles = tuple(
                        sorted((t for t in self.hand if t.kind_id == k), key=lambda t: t.index)
                    )
                    out.append(Action(ActionKind.CONCEALED_KAN, me, None, tiles))
            for m in mine.melds:
                if m.kind is MeldKind.PUNG and counts[m.first]:
                    extra = next(t for t in self.hand if t.kind_id == m.first)
                    out.append(Action(ActionKind.ADDED_KAN, me, extra))
        if mine.riichi and drawn is not None:
            out.append(Action(ActionKind.DISCARD, me, drawn))
            return out
        if mine.riichi_pending:  # after the own reach event: the riichi discard
            return [a for a in self._riichi_actions(counts, melds)]
        for t in self.hand:
            if t.kind_id not in self.kuikae:
                out.append(Action(ActionKind.DISCARD, me, t))
        if (
            drawn is not None
            and not mine.riichi
            and all(not m.is_open for m in mine.melds)
            and self.scores[me] >= 1000
            and self.live >= 4
        ):
            out.extend(self._riichi_actions(counts, melds))
        return out

    def _riichi_actions(self, counts: list[int], melds: int) -> list[Action]:
        out = []
        for t in self.hand:
            k = t.kind_id
            counts[k] -= 1
            ready = shanten(counts, melds) == 0
            counts[k] += 1
            if ready:
                out.append(Action(ActionKind.RIICHI, self.seat, t))
        return out

    # ------------------------------------------------------------------ view

    def view(self) -> SeatView:
        me = self.seat
        legal = self.legal_actions()
        mine = self.seats[me]
        counts = self._counts()
        waits: tuple[TileKind, ...] = ()
        if len(self.hand) % 3 == 1:
            waits = tuple(TileKind(k) for k in range(34) if self._wins_with(k))
        del counts
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
            waits=waits,
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
