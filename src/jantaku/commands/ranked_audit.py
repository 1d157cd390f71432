"""``jantaku ranked-audit``: the accounts that meet unusually often in ranked matches, or whose
deal-ins or placements between them are one-sided, or one of which passes up its wins on the
other's discards, and the points that flowed between them, for an operator to look into
(docs/ranked-audit.md)."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, NoReturn

import click

from jantaku.errors import JantakuError

if TYPE_CHECKING:
    from jantaku.server.ranked_audit import Offers, RankedMatch, Replayed

__all__ = ["ranked_audit"]

DEFAULT_DATABASE = "sqlite:///jantaku-data/jantaku.sqlite3"  # jantaku serve's default


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


class _OneLine(click.Command):
    """Bad options say so in one line (exit status 2), not with the usage text."""

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except click.UsageError as e:
            _fail(e.format_message())


def _when(text: str | None, option: str) -> float | None:
    """An ISO 8601 date or date and time (UTC unless it says otherwise) as a Unix time."""
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        _fail(f"{option}: {text!r} is not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM, UTC)")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def _day(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M")


@click.command("ranked-audit", cls=_OneLine)
@click.option(
    "--database",
    default=DEFAULT_DATABASE,
    show_default=True,
    help="The server's database URL, as given to jantaku serve (postgresql://… works too).",
)
@click.option(
    "--together",
    "together",
    type=click.IntRange(min=2),
    default=5,
    show_default=True,
    help="K: list a pair that sat together in at least K ranked matches ...",
)
@click.option(
    "--last",
    "last",
    type=click.IntRange(min=2),
    default=20,
    show_default=True,
    help="M: ... of both accounts' last M ranked matches (in the time window).",
)
@click.option(
    "--chance",
    type=click.FloatRange(min=0, max=1, min_open=True),
    default=0.01,
    show_default=True,
    help="... and only when a signal (meeting that often, deal-ins or placements that one-sided, "
    "rons passed up on the other's discards) has a chance of at most this at random (1: every "
    "pair of K meetings).",
)
@click.option("--since", default=None, help="Only matches finished from then (UTC date).")
@click.option("--until", default=None, help="Only matches finished before then (UTC date).")
@click.option(
    "--days",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Only matches finished in the last DAYS days (instead of --since).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON object.")
def ranked_audit(
    database: str,
    together: int,
    last: int,
    chance: float,
    since: str | None,
    until: str | None,
    days: float | None,
    as_json: bool,
) -> None:
    """List the pairs of accounts that sat together in at least K of their last M ranked
    matches and met more often than random seating makes likely, or dealt into each other
    mostly one way, or placed one above the other far more often than chance, or where one
    passed up its rons on the other's discards far more than on others' (their matches are
    played again from the stored actions); the most one-sided flow of points first: how often
    and how much one dealt into the other, who placed above whom, the wins each passed up, the
    rank points each gained with and without the other, and the groups the pairs link. A
    report for a person to judge, never a penalty (docs/ranked-audit.md)."""
    from jantaku.server.ranked_audit import audit
    from jantaku.server.ranked_reading import read_ranked

    if together > last:
        _fail(f"--together ({together}) cannot exceed --last ({last})")
    if days is not None and since is not None:
        _fail("give --since or --days, not both")
    start = time.time() - days * 86400 if days is not None else _when(since, "--since")
    end = _when(until, "--until")
    if start is not None and end is not None and start >= end:
        _fail("--since must come before --until")
    try:
        matches, names = read_ranked(database, start, end)
    except JantakuError as e:
        _fail(str(e))
    report = audit(matches, together, last, names, chance, _replaying(database))
    if as_json:
        window = {"since": start, "until": end}
        click.echo(json.dumps({**report.to_json(), "window": window}, ensure_ascii=False))
        return
    click.echo(_text(report.to_json(), start, end))


def _replaying(database: str) -> Offers:
    """Plays the matches the audit asks for again from the database's stored actions; a match
    that does not replay is one line on standard error, and the audit goes on without it."""
    from jantaku.server.passed_wins import ReplayError, StoredPlay, win_offers
    from jantaku.server.ranked_reading import read_plays

    def replay(matches: Sequence[RankedMatch]) -> Replayed:
        found: dict[str, Any] = {}
        plays = read_plays(database, [m.game_id for m in matches])
        try:
            if sys.stderr.isatty():  # a bar for a person waiting; nothing in a log
                with click.progressbar(
                    plays, length=len(matches), label="replaying", file=sys.stderr
                ) as bar:
                    _replay_each(bar, found)
            else:
                _replay_each(plays, found)
        except JantakuError as e:
            _fail(str(e))
        return found

    def _replay_each(plays: Iterable[StoredPlay], found: dict[str, Any]) -> None:
        for play in plays:
            try:
                found[play.game_id] = win_offers(play)
            except ReplayError as e:
                found[play.game_id] = str(e)
                click.echo(f"warning: {e}; its passed-up wins are not counted", err=True)

    return replay


def _who(account: dict[str, Any]) -> str:
    return f"{account['name'] or '?'} (#{account['id']})"


def _text(report: dict[str, Any], start: float | None, end: float | None) -> str:
    window = f"{_day(start) if start else 'the start'} to {_day(end) if end else 'now'}"
    k, m = report["together"], report["last"]
    lines = [
        f"{report['matches']} ranked matches of {report['accounts']} accounts, {window}",
        f"pairs that sat together in at least {k} of their last {m} ranked matches: "
        f"{report['tested']}",
        f"listed, with a signal (meetings, deal-ins, placements, passed-rons) of a chance of "
        f"at most {report['chance']:g} at random: {len(report['pairs'])}",
        f"played again for the wins passed up: {report['replayed']} matches"
        + (f" ({len(report['unreplayed'])} did not replay)" if report["unreplayed"] else ""),
    ]
    for i, p in enumerate(report["pairs"], 1):
        lines += ["", *_pair_text(i, p)]
    if report["groups"]:
        lines += ["", "groups:"]
        lines += ["  " + ", ".join(_who(a) for a in group) for group in report["groups"]]
    return "\n".join(lines)


def _pair_text(i: int, p: dict[str, Any]) -> list[str]:
    r, f = _who(p["receiver"]), _who(p["feeder"])
    fed, back, n = p["fed"], p["returned"], p["meetings"]
    return [
        f"{i}. {r} <- {f}: met {n} times "
        f"(about {p['expected_meetings']:.1f} at random; chance {p['chance']:.2g})",
        f"   listed by: {', '.join(p['listed_by'])}",
        f"   {f} dealt into {r} {fed['deal_ins']} times, {fed['points']:,} points; "
        f"back {back['deal_ins']} times, {back['points']:,} points; net {p['net_points']:,} "
        f"(chance {p['deal_in_chance']:.2g})",
        f"   {r} placed above {f} in {p['receiver_placed_above']} of {n}, below in "
        f"{p['feeder_placed_above']} (chance {p['placement_chance']:.2g})",
        f"   rank points a match: {_with_without(r, 'receiver', p)}; "
        f"{_with_without(f, 'feeder', p)}",
        *_passed_lines(r, f, p),
    ]


def _passed_lines(r: str, f: str, p: dict[str, Any]) -> list[str]:
    """The wins each of a pair passed up, or why there are none to show."""
    if not p["replayed"]:
        return [f"   passed up: none of their {p['meetings']} matches together played again"]
    return [
        f"   passed up, in {p['replayed']} of {p['meetings']} matches played again "
        f"(chance {p['passed_ron_chance']:.2g}):",
        f"     {_passed(f, r, p['passed_wins']['feeder'])}",
        f"     {_passed(r, f, p['passed_wins']['receiver'])}",
    ]


def _passed(who: str, other: str, wins: dict[str, Any]) -> str:
    """The wins an account passed up: rons on the other's discards, on the others', its
    self-draws, and the same in its matches apart."""
    apart = wins["apart"]
    return (
        f"{who}: rons on {other}'s discards {_of(wins['rons_on_other'])}, on the others' "
        f"{_of(wins['rons_elsewhere'])}, apart {_of(apart['rons'])}; self-draws "
        f"{_of(wins['self_draws'])}, apart {_of(apart['self_draws'])}"
    )


def _of(passes: dict[str, int]) -> str:
    """``passed of offered``, with the timer's share when it let any go."""
    let_go = passes["passed"] + passes["timed_out"]
    timer = f" ({passes['timed_out']} by timeout)" if passes["timed_out"] else ""
    return f"{let_go} of {passes['offered']}{timer}"


def _with_without(who: str, role: str, pair: dict[str, Any]) -> str:
    """An account's rank points a match with the other and without it."""
    apart = pair["apart"][role]
    together = _average(pair["rank_points"][role], pair["meetings"])
    alone = _average(apart["rank_points"], apart["matches"])
    return f"{who} {together} together, {alone} in {apart['matches']} apart"


def _average(points: int, matches: int) -> str:
    return f"{points / matches:+.1f}" if matches else "-"
