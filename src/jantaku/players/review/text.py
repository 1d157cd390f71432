"""A review as text for the terminal: one block per decision (the marked ones flagged), then the
summary."""

from __future__ import annotations

from typing import Any

from jantaku.players.review.model import WINS, Candidate, Decision, SeatReview

__all__ = ["render_review", "shown_loss", "shown_margin"]

_STEP = 1000.0  # the riichi bots' weight of one step of shanten in their speed score


def shown_loss(loss: float | None) -> str:
    """A loss in words: accepted tiles, with whole steps of shanten named."""
    if loss is None:
        return "-"
    steps = round(loss / _STEP)
    if steps >= 1:
        rest = round(loss - steps * _STEP, 1)
        shown = f"{steps} shanten step{'s' * (steps > 1)}"
        if rest:
            shown += f" {'and' if rest > 0 else 'less'} {abs(rest):.1f}"
        return shown
    return f"{loss:.1f}"


def _after(c: Candidate) -> str:
    """The hand after a choice at a call: a win, or its shanten and value."""
    if c.action.kind in WINS:
        return "a win"
    shown = f"shanten {'-' if c.shanten is None else c.shanten}"
    return shown if c.value is None else f"{shown}, value {c.value:g}"


def shown_margin(d: Decision) -> str:
    """How much better the puppet's choice is than the player's. Where the puppet scores both
    (a discard), the loss in its score; a call (or a pass) it decides by rule, without a score,
    so there the hand after each choice is shown instead; on one's turn, a choice it does not
    score (riichi, a kan, a win) says so."""
    if d.loss is not None:
        return f"loss {shown_loss(d.loss)}"
    if d.situation == "call":
        if d.agree:
            return "call not scored: the same choice"
        yours, theirs = _after(d.player), _after(d.puppet)
        return f"call not scored: after yours {yours}; after the puppet's {theirs}"
    return "loss not scored (a choice other than a discard)"


def _candidate(c: Candidate, me: int) -> str:
    parts = [f"{c.label:<18}"]
    if c.score is not None:
        parts.append(f"score {c.score:9.2f}")
    if c.shanten is not None:
        parts.append(f"shanten {c.shanten}")
    if c.improving is not None:
        kinds = " ".join(f"{k}:{n}" for k, n in c.improving.items())
        parts.append(f"improving {c.improving_total} ({kinds})" if kinds else "improving 0")
    if c.value is not None:
        parts.append(f"value {c.value:g}")
    if c.danger:
        parts.append("danger " + " ".join(f"{s}:{d:g}" for s, d in sorted(c.danger.items())))
    return "  ".join(parts)


def _decision(d: Decision, seat: int) -> list[str]:
    flag = "!!" if d.marked else ("  " if d.agree else " ~")
    stance = f" {d.stance}" if d.stance else ""
    threats = (
        " threats " + " ".join(f"{s}:{w:g}" for s, w in sorted(d.threats.items()))
        if d.threats
        else ""
    )
    lines = [
        f"{flag} #{d.index} {d.hand} {d.situation}{stance}{threats}  hand {d.hand_tiles}"
        f"  shanten {d.shanten if d.shanten is not None else '-'}",
        f"     you: {d.player.label}   puppet: {d.puppet.label}   {shown_margin(d)}"
        + (f"   safest: {d.safest}" if d.threats and d.safest else ""),
    ]
    lines += [f"       {i + 1}. {_candidate(c, seat)}" for i, c in enumerate(d.candidates)]
    return lines


def _summary(s: dict[str, Any], review: SeatReview) -> list[str]:
    rate = s["agreement"]
    lines = [
        f"summary: {s['decisions']} decisions, agreement "
        f"{'-' if rate is None else f'{rate:.1%}'}, {s['marked']} marked "
        f"(threshold {review.threshold:g})",
    ]
    for name, part in s["by_situation"].items():
        if part["decisions"]:
            lines.append(f"  {name}: {part['agreed']}/{part['decisions']} agreed")
    pf = s["push_fold"]
    if pf["decisions"]:
        lines.append(
            f"  facing a threat ({pf['decisions']}): you pushed {pf['player_push']}, folded "
            f"{pf['player_fold']}; the puppet pushed {pf['puppet_push']}, folded "
            f"{pf['puppet_fold']}; same stance {pf['same']}"
        )
    for name in ("calls", "riichi", "wins"):
        t = s[name]
        if t["chances"]:
            lines.append(
                f"  {name}: {t['chances']} chances, you took {t['player']}, the puppet "
                f"{t['puppet']}, both {t['both']}"
            )
    if s["largest"]:
        lines.append("  largest differences:")
        for x in s["largest"]:
            lines.append(
                f"    #{x['index']} {x['hand']}: you {x['player']}, puppet {x['puppet']}, "
                + (f"loss {shown_loss(x['loss'])}" if x["loss"] is not None else "not scored")
            )
    return lines


def render_review(review: SeatReview) -> str:
    head = (
        f"review of {review.source}: seat {review.seat} ({review.player}), {review.family}, "
        f"puppet {review.level}"
    )
    lines = [head, ""]
    for d in review.decisions:
        lines += _decision(d, review.seat)
    lines += ["", *_summary(review.summary, review)]
    return "\n".join(lines)
