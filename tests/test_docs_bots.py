"""The bot docs/bots.md writes, its match loop and its client at a running server, run as the
page shows them (the page's arena and mjai examples were run when written; they take longer)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _blocks() -> list[str]:
    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    section = page.split("## Writing a bot", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def _run(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A page's script run in ``folder``, with jantaku and the folder's modules importable."""
    env = {"PYTHONPATH": f"{ROOT / 'src'}:{folder}", "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        [sys.executable, *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_first_bot_plays_a_whole_match(tmp_path: Path) -> None:
    bot, loop, *_rest = _blocks()
    (tmp_path / "first_bot.py").write_text(bot, encoding="utf-8")
    (tmp_path / "play.py").write_text(loop, encoding="utf-8")
    out = _run(tmp_path, "play.py")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("MatchResult(scores=(") and "recorded=True" in out.stdout


def test_the_first_bot_sits_at_a_running_server(tmp_path: Path) -> None:
    """The page's client example: the same bot, unchanged, plays a practice and a classical
    match at a real server."""
    from tests.server.harness import ServerProcess

    blocks = _blocks()
    client = next(b for b in blocks if "jantaku.client" in b)
    (tmp_path / "first_bot.py").write_text(blocks[0], encoding="utf-8")
    (tmp_path / "at_server.py").write_text(client, encoding="utf-8")
    server = ServerProcess(f"sqlite:///{tmp_path / 'jantaku.sqlite3'}").start()
    try:
        out = _run(tmp_path, "at_server.py", server.base)
    finally:
        server.stop()
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert [line.split()[:2] for line in lines] == [["practice", "place"], ["classical", "place"]]
