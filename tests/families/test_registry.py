"""The registry of rule families: lookups by family, preset and table kind, clear errors for
unknown names, and that it is the one place above the engine that tells the families apart."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from jantaku.engine.game import Game
from jantaku.families import (
    UnknownFamilyError,
    all_families,
    all_levels,
    all_presets,
    family,
    family_of_kind,
    family_of_preset,
)

SRC = Path(__file__).resolve().parents[2] / "src" / "jantaku"

# Where the families name themselves: the registry, and each family's own rules, engine,
# bots and formats.
_OWN = ("families", "rules", "engine", "players", "formats")
_ALLOWED = {
    # a lobby table kind called like the family it seats (its value is the protocol's word)
    ("server/config.py", "classical"),
    # mjai servers judge wins by Tenhou's rules unless told otherwise
    ("commands/mjai_bot.py", "tenhou"),
}


def test_a_family_is_found_by_its_name_its_presets_and_its_table_kinds() -> None:
    names = [f.name for f in all_families()]
    assert names == ["riichi", "classical"]  # registry order: the lobby lists riichi first
    for fam in all_families():
        assert family(fam.name) is fam
        assert fam.default_preset in fam.presets
        assert set(fam.table_presets) <= set(fam.presets)
        for preset in fam.presets:
            assert family_of_preset(preset) is fam
        for kind in fam.table_kinds:
            assert family_of_kind(kind) is fam
    assert family_of_preset("doman_no_kuitan").name == "riichi"
    assert family_of_preset("sontag").name == "classical"
    assert len(all_presets()) == len(set(all_presets()))


def test_unknown_names_are_refused_naming_the_known_ones() -> None:
    with pytest.raises(UnknownFamilyError, match=r"'hongkong'.*riichi, classical"):
        family("hongkong")
    with pytest.raises(UnknownFamilyError, match=r"'mcr'.*doman, doman_no_kuitan, tenhou, sontag"):
        family_of_preset("mcr")
    with pytest.raises(UnknownFamilyError, match=r"'tournament'.*practice.*classical"):
        family_of_kind("tournament")
    with pytest.raises(ValueError):  # also a ValueError, for callers that parse input
        family("")


def test_levels_and_their_aliases() -> None:
    for fam in all_families():
        assert fam.level("strongest") == "strongest"  # its own level, no longer an alias
        assert [fam.level(n) for n in fam.levels] == list(fam.levels)
        with pytest.raises(UnknownFamilyError, match="unknown level 'grandmaster'; choose from"):
            fam.level("grandmaster")
    assert all_levels() == ("random", "efficiency", "defensive", "expert", "strong", "strongest")


@pytest.mark.parametrize("name", ["riichi", "classical"])
def test_each_family_builds_a_game_its_bots_and_filler_can_play(name: str) -> None:
    fam = family(name)
    game = fam.new_game(fam.default_preset, "registry", overrides=fam.length_overrides("quick"))
    assert isinstance(game, Game)
    players = [
        fam.new_player(level, s, fam.default_preset) for s, level in enumerate(fam.levels[:3])
    ]
    players.append(fam.new_filler(3))
    for seat, p in enumerate(players):
        p.observe([e.seen_by(seat) for e in game.log])
    for _ in range(300):  # the first hands: every answer is legal, whoever gives it
        if game.finished:
            assert game.result is not None and len(game.result.ranking) == 4
            break
        seat = game.to_act()[0]
        view = game.view(seat)
        action = players[seat].choose(view)
        assert action in view.legal_actions
        events = game.apply(action)
        for s, p in enumerate(players):
            p.observe([e.seen_by(s) for e in events])


def _named_constants(path: Path) -> list[tuple[int, str]]:
    """Every string constant of a module but its docstrings."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_only_the_registry_names_families_and_presets() -> None:
    """The server, the command line and the other layers above the engine name no family and
    no preset: they look them up (``rules == "sontag"``-style branches are the registry's)."""
    names = {f.name for f in all_families()} | set(all_presets())
    found = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.split("/")[0] in _OWN:
            continue
        for line, value in _named_constants(path):
            if value in names and (rel, value) not in _ALLOWED:
                found.append(f"{rel}:{line}: {value!r}")
    assert found == []


def test_registry_order_does_not_depend_on_which_family_was_imported_first() -> None:
    code = (
        "import jantaku.families.classical\n"
        "from jantaku.families import all_families, default_family\n"
        "print(default_family().name, [f.name for f in all_families()])\n"
    )
    env = dict(os.environ, PYTHONPATH=str(SRC.parent))
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["riichi", "['riichi',", "'classical']"]
