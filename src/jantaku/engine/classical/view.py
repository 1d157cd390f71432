"""What one seat may see of a classical deal: its own concealed tiles and everything public.

The Störspielgebot is shown twice: for every seat, the tiles its laid-out figures make dangerous
for the others (public: it follows from the figures on the table); and on the seat's own turn,
for each dangerous tile in its hand, whether one of the three exceptions allows discarding it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jantaku.engine.actions import Action
from jantaku.engine.json_read import (
    claimed_tile,
    meld_to_json,
    own_tiles,
    read_drawn,
    read_melds,
    tile_from_notation,
    tiles_from_notation,
)
from jantaku.engine.view import DealView
from jantaku.meld import Meld
from jantaku.rules.classical.options import ClassicalOptions
from jantaku.tiles import (
    BY_INDEX,
    Tile,
    TileKind,
    format_kinds,
    format_tiles,
    parse_kind,
    parse_kinds,
)

if TYPE_CHECKING:
    from jantaku.engine.classical.deal import ClassicalDeal

__all__ = ["ClassicalView", "DiscardWarning", "PublicClassicalSeat", "build_view"]

_DEFAULT_OPTIONS = ClassicalOptions()  # the sontag preset, for views built without a table


@dataclass(frozen=True, slots=True)
class PublicClassicalSeat:
    """What everybody sees of a seat. ``dangerous``: the tiles the Störspielgebot forbids the
    others to discard because of this seat's figures (empty: not in force); ``threats``: the
    triggers, e.g. ``one_suit`` or ``special_hand:himmelsleiter``."""

    seat_wind: int
    balance: int
    melds: tuple[Meld, ...]
    bonus: tuple[Tile, ...]
    river: tuple[tuple[Tile, bool, bool], ...]  # tile, tsumogiri, called away
    concealed_count: int
    dangerous: tuple[TileKind, ...]
    threats: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DiscardWarning:
    """Discarding ``kind`` is dangerous against ``threatened_by``; ``exemption`` names the
    exception that allows it (None: it would be a violation)."""

    kind: TileKind
    threatened_by: int
    exemption: str | None


@dataclass(frozen=True, slots=True)
class ClassicalView(DealView):
    hand_number: int
    live_remaining: int
    dead_remaining: int
    seats: tuple[PublicClassicalSeat, ...]
    hand: tuple[Tile, ...]  # own concealed tiles, sorted; empty for a spectator
    drawn: Tile | None  # own tile received this turn
    last_discard: Tile | None
    discard_warnings: tuple[DiscardWarning, ...]
    legal_actions: tuple[Action, ...]
    # the table's rules (lower limit, Störspiel, special hands), so a bot reads them here
    # instead of assuming a preset; not part of the JSON, which the client reads
    options: ClassicalOptions = _DEFAULT_OPTIONS

    def to_json(self) -> dict[str, Any]:
        return {
            **DealView.to_json(self),
            "hand_number": self.hand_number,
            "live_remaining": self.live_remaining,
            "dead_remaining": self.dead_remaining,
            "seats": [
                {
                    "seat_wind": p.seat_wind,
                    "balance": p.balance,
                    "melds": [m.notation for m in p.melds],
                    "bonus": format_tiles(p.bonus),
                    "river": [
                        {"tile": t.notation, "tsumogiri": g, "called": c} for t, g, c in p.river
                    ],
                    "concealed_count": p.concealed_count,
                    "dangerous": format_kinds(p.dangerous),
                    "threats": list(p.threats),
                    "meld_info": [meld_to_json(m) for m in p.melds],
                }
                for p in self.seats
            ],
            "hand": format_tiles(self.hand),
            "drawn": self.drawn.notation if self.drawn else None,
            "last_discard": self.last_discard.notation if self.last_discard else None,
            "discard_warnings": [
                {
                    "tile": w.kind.notation,
                    "threatened_by": w.threatened_by,
                    "exemption": w.exemption,
                }
                for w in self.discard_warnings
            ],
            "legal_actions": [a.to_json() for a in self.legal_actions],
        }

    @classmethod
    def from_json(
        cls, data: dict[str, Any], options: ClassicalOptions | None = None
    ) -> ClassicalView:
        """The view of :meth:`to_json` (or the table server's, which adds ``drawn_index``).
        ``options``: the table's rules, which the JSON leaves out. Tiles named by notation are
        representative copies; the own hand takes the exact copies its legal actions and
        ``drawn_index`` name (:mod:`jantaku.engine.json_read`)."""
        legal = tuple(Action.from_json(a) for a in data["legal_actions"])
        drawn = read_drawn(data)
        last = data["last_discard"]
        return cls(
            seat=data["seat"],
            phase=data["phase"],
            turn=data["turn"],
            dealer=data["dealer"],
            round_wind=data["round_wind"],
            hand_number=data["hand_number"],
            live_remaining=data["live_remaining"],
            dead_remaining=data["dead_remaining"],
            seats=tuple(
                PublicClassicalSeat(
                    p["seat_wind"],
                    p["balance"],
                    read_melds(p),
                    tiles_from_notation(p["bonus"]),
                    tuple(
                        (tile_from_notation(r["tile"]), r["tsumogiri"], r["called"])
                        for r in p["river"]
                    ),
                    p["concealed_count"],
                    tuple(parse_kinds(p["dangerous"])),
                    tuple(p["threats"]),
                )
                for p in data["seats"]
            ),
            hand=own_tiles(data["hand"], legal, drawn),
            drawn=drawn,
            last_discard=None if last is None else claimed_tile(last, legal),
            discard_warnings=tuple(
                DiscardWarning(parse_kind(w["tile"]), w["threatened_by"], w["exemption"])
                for w in data["discard_warnings"]
            ),
            legal_actions=legal,
            options=_DEFAULT_OPTIONS if options is None else options,
        )


def _threat_names(deal: ClassicalDeal, seat: int) -> tuple[str, ...]:
    out = []
    for t in deal.seats[seat].threats:
        name = t.case.name.lower()
        if t.special_hand is not None:
            name += f":{t.special_hand.value}"
        elif t.suit is not None:
            name += f":{t.suit.name.lower()}"
        out.append(name)
    return tuple(out)


def _warnings(deal: ClassicalDeal, seat: int) -> tuple[DiscardWarning, ...]:
    if deal.phase.value != "turn" or deal.turn != seat:
        return ()
    if not any(s.dangerous for i, s in enumerate(deal.seats) if i != seat):
        return ()  # the common case: no threat on the table
    out = []
    kinds = sorted(set(deal.seats[seat].kinds()))
    for other in range(4):
        if other == seat or not deal.seats[other].dangerous:
            continue
        for kind in kinds:
            if kind in deal.seats[other].dangerous:
                exemption = deal.exemption_for(seat, kind, other)
                out.append(DiscardWarning(kind, other, exemption.value if exemption else None))
    return tuple(out)


def build_view(deal: ClassicalDeal, seat: int | None, legal: list[Action]) -> ClassicalView:
    own = deal.seats[seat] if seat is not None else None
    return ClassicalView(
        seat=seat,
        phase=deal.phase.value,
        turn=deal.turn,
        dealer=deal.dealer,
        round_wind=int(deal.round_wind),
        hand_number=deal.hand_number,
        live_remaining=deal.live_remaining,
        dead_remaining=deal.dead_remaining,
        seats=tuple(
            PublicClassicalSeat(
                (i - deal.dealer) % 4,  # int(deal.seat_wind(i)) without the enum round trip
                deal.balances[i],
                tuple(s.melds),
                tuple(s.bonus),
                tuple([(r.tile, r.tsumogiri, r.called) for r in s.river]),
                len(s.tiles),
                tuple(sorted(s.dangerous)) if s.dangerous else (),
                _threat_names(deal, i) if s.threats else (),
            )
            for i, s in enumerate(deal.seats)
        ),
        hand=tuple(sorted(own.tiles, key=BY_INDEX)) if own else (),
        drawn=deal.drawn if own is not None and deal.turn == seat else None,
        last_discard=deal.last_discard[1] if deal.last_discard else None,
        discard_warnings=_warnings(deal, seat) if seat is not None else (),
        legal_actions=tuple(legal),
        options=deal.options,
    )
