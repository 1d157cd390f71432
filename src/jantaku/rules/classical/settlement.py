"""Settlement (spec §6): the winner is paid by all, the losers settle their differences, East pays
and receives double; the Störspiel pay-for-all (§6.1) and penalties (§6.2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from jantaku.rules.classical.options import ClassicalOptions, StoerspielPayment
from jantaku.tiles import Wind

__all__ = [
    "PENALTIES",
    "Payment",
    "Penalty",
    "Settlement",
    "east_factor",
    "pays_for_all",
    "penalty_settlement",
    "settle",
]


@dataclass(frozen=True, slots=True)
class Payment:
    payer: Wind
    payee: Wind
    amount: int
    reason: str  # "winner", "difference" or "penalty"


@dataclass(frozen=True, slots=True)
class Settlement:
    payments: tuple[Payment, ...]

    @property
    def net(self) -> dict[Wind, int]:
        """Net change per seat wind (sums to zero)."""
        out = dict.fromkeys(Wind, 0)
        for p in self.payments:
            out[p.payer] -= p.amount
            out[p.payee] += p.amount
        return out

    def __add__(self, other: Settlement) -> Settlement:
        return Settlement(self.payments + other.payments)


def east_factor(a: Wind, b: Wind) -> int:
    """East wins and loses double (ABR)."""
    return 2 if Wind.EAST in (a, b) else 1


def settle(
    values: Mapping[Wind, int],
    winner: Wind | None,
    options: ClassicalOptions,
    violator: Wind | None = None,
) -> Settlement:
    """The payments of a finished deal. ``values`` are the (capped) hand values of all four seats;
    ``winner`` None is a Remis (no payments, ``remis_payments = none``); ``violator`` is a player
    who pays for all under the Störspielgebot (§6.1)."""
    if winner is None:
        return Settlement(())
    losers = [w for w in Wind if w != winner]
    if violator is not None and options.stoerspiel_payment is StoerspielPayment.KAJONGG:
        total = sum(values[winner] * east_factor(winner, w) for w in losers)
        return Settlement((Payment(violator, winner, total, "winner"),))
    payments: list[Payment] = [
        Payment(w, winner, values[winner] * east_factor(winner, w), "winner") for w in losers
    ]
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            high, low = (a, b) if values[a] >= values[b] else (b, a)
            diff = values[high] - values[low]
            if diff:
                payments.append(Payment(low, high, diff * east_factor(high, low), "difference"))
    if violator is not None:
        payments = _take_over(payments, winner, violator)
    return Settlement(tuple(p for p in payments if p.amount))


def _take_over(payments: list[Payment], winner: Wind, violator: Wind) -> list[Payment]:
    """Every payment an innocent loser would make is made by the violator instead; an innocent's
    payment to the violator disappears (``stoerspiel_payment = take_over_innocent``)."""
    out: list[Payment] = []
    for p in payments:
        innocent = p.payer not in (winner, violator)
        if not innocent:
            out.append(p)
        elif p.payee != violator:
            out.append(Payment(violator, p.payee, p.amount, p.reason))
    return out


class Penalty(Enum):
    """The offences of the Strafkatalog (spec §8)."""

    LOOKED_BEFORE_DEAL_COMPLETE = "looked_before_deal_complete"
    SCORED_OWN_HAND_WRONGLY = "scored_own_hand_wrongly"
    WRONG_END_OF_WALL = "wrong_end_of_wall"
    MISNAMED_DISCARD = "misnamed_discard"
    FALSE_MAHJONG_AFTER_REVEAL = "false_mahjong_after_reveal"
    FALSE_MAHJONG = "false_mahjong"
    FALSE_CALL_REVEALING = "false_call_revealing"
    FALSE_CALL = "false_call"
    BOUGHT_TILE_CONCEALED = "bought_tile_concealed"
    WRONG_TILE_COUNT = "wrong_tile_count"
    DEAD_HAND = "dead_hand"
    DEAD_HAND_EAST_SHARE = "dead_hand_east_share"
    POINTED_OUT_ERROR = "pointed_out_error"


# Offence -> (German row of the catalogue, points).
PENALTIES: dict[Penalty, tuple[str, int]] = {
    Penalty.LOOKED_BEFORE_DEAL_COMPLETE: ("Ansehen der Steine vor Ende des Austeilens", 10),
    Penalty.SCORED_OWN_HAND_WRONGLY: ("falsche Bewertung der eigenen Hand", 20),
    Penalty.WRONG_END_OF_WALL: ("Stein vom falschen Ende der Mauer", 10),
    Penalty.MISNAMED_DISCARD: ("falsch benannter Stein, der falsche Rufe auslöst", 30),
    Penalty.FALSE_MAHJONG_AFTER_REVEAL: (
        "falsches Mah Jongg, ein Mitspieler hatte aufgedeckt",
        100,
    ),
    Penalty.FALSE_MAHJONG: ("falsches Mah Jongg, sonst", 50),
    Penalty.FALSE_CALL_REVEALING: (
        "Ruf ohne auslegbare Figur, Mitspieler deckten Information auf",
        30,
    ),
    Penalty.FALSE_CALL: ("Ruf ohne auslegbare Figur, sonst", 10),
    Penalty.BOUGHT_TILE_CONCEALED: ("gekaufter Stein in die verdeckte Hand genommen", 10),
    # No points: the offender pays for all at the settlement and claims nothing (pays_for_all).
    Penalty.WRONG_TILE_COUNT: ("falsche Anzahl Steine am Ende des Spiels", 0),
    Penalty.DEAD_HAND: ("tote Hand bemerkt oder zur falschen Zeit gezogen", 30),
    Penalty.DEAD_HAND_EAST_SHARE: ("Ost trägt Mitschuld an der toten Hand", 10),
    Penalty.POINTED_OUT_ERROR: ("Hinweis auf einen Fehler, der die Korrektur ermöglicht", 10),
}


def pays_for_all(
    settlement: Settlement, winner: Wind, offender: Wind, options: ClassicalOptions
) -> Settlement:
    """A deal's settlement when ``offender`` (not the winner) "pays for all and claims nothing"
    (§8, a wrong number of tiles at the end), settled like a Störspiel offender (§6.1, option
    ``stoerspiel_payment``): by default every payment another loser would make is made by the
    offender and every payment to the offender disappears; ``kajongg``: the offender alone pays
    the winner everything the winner receives."""
    if offender == winner:
        raise ValueError("the winner cannot be the one who pays for all")
    if options.stoerspiel_payment is StoerspielPayment.KAJONGG:
        total = sum(p.amount for p in settlement.payments if p.payee == winner)
        return Settlement((Payment(offender, winner, total, "winner"),) if total else ())
    payments = [p for p in settlement.payments if p.payee != offender]
    return Settlement(tuple(_take_over(payments, winner, offender)))


def penalty_settlement(offender: Wind, penalty: Penalty | int) -> Settlement:
    """The offender pays the penalty to each of the three others, East's factor 2 applying (§6.2).
    Penalties are settled independently of the hand (and only with ``penalties = true``)."""
    points = PENALTIES[penalty][1] if isinstance(penalty, Penalty) else penalty
    if points < 0:
        raise ValueError(f"a penalty is 0 points or more, not {points}")
    return Settlement(
        tuple(
            Payment(offender, w, points * east_factor(offender, w), "penalty")
            for w in Wind
            if w != offender
        )
    )
