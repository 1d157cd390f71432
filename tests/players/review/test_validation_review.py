"""A review runs on every game log of the shared validation data (real games nobody here wrote),
one seat per game (the seats taken in turn, which keeps the run near a minute); every decision
the review lists is one the seat really made, with a legal choice of the puppet."""

from __future__ import annotations

import json
from pathlib import Path

from jantaku.formats.detect import GAME_SUFFIXES, load_file
from jantaku.formats.errors import Skipped
from jantaku.formats.record import GameRecord
from jantaku.players.review import read_sources, review_source
from tests.validation import validation_data


def _game_files(root: Path) -> list[Path]:
    """The files holding a four-player game (the data also has hands, shanten tables, ...)."""
    out = []
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in GAME_SUFFIXES:
            continue
        items = list(load_file(path, named=False))
        if any(isinstance(g, GameRecord) and g.rules.players == 4 for g in items):
            out.append(path)
        else:
            assert all(isinstance(g, Skipped | GameRecord) for g in items)
    return out


def test_review_runs_on_every_game_of_the_validation_data() -> None:
    files = _game_files(validation_data())
    assert len(files) > 100, "the validation data holds well over a hundred game logs"
    games = decisions = 0
    for path in files:
        for source in read_sources(str(path)):
            seat = games % 4
            review = review_source(source, seat)
            games += 1
            decisions += len(review.decisions)
            json.dumps(review.to_json())  # plain JSON throughout
            for d in review.decisions:
                assert d.player.action.seat == seat
                assert d.player.action.kind.value in d.offered, (source.source, d.index)
                assert d.puppet.action.kind.value in d.offered, (source.source, d.index)
            assert review.summary["decisions"] == len(review.decisions)
    assert games >= 250
    assert decisions > 10 * games
