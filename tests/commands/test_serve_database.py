"""``jantaku serve`` with a database URL it cannot use says so in one line (exit status 2);
a made-up scheme failed with a SQLAlchemy traceback while the server started."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("nosuchdb://x", "'nosuchdb' is not a database jantaku keeps its tables in"),
        ("mysql://a@b/c", "'mysql' is not a database jantaku keeps its tables in"),
        ("not a url", "'not a url' is not a database URL"),
    ],
)
def test_a_database_url_jantaku_cannot_use_is_one_clear_error(url: str, said: str) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "jantaku", "serve", "--database", url, "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2, out.stderr
    assert said in out.stderr and "--database" in out.stderr
    assert "Traceback" not in out.stderr


def _closed_port() -> int:
    """A loopback port nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (
            ["--database", "postgresql://jantaku:secret@127.0.0.1:{port}/db"],
            "cannot open the database postgresql://jantaku:***@127.0.0.1:{port}/db",
        ),
        (["--database", "sqlite:///{tmp}/no/such/dir/db"], "cannot open the database sqlite"),
        (
            ["--database", "sqlite:///{tmp}/db", "--redis", "redis://:secret@127.0.0.1:{port}/0"],
            "cannot reach Redis at redis://:***@127.0.0.1:{port}/0",
        ),
        (
            ["--database", "sqlite:///{tmp}/db", "--redis", "http://x"],
            "http://x is not a Redis URL",
        ),
    ],
)
def test_a_database_or_redis_that_does_not_answer_is_one_line(
    options: list[str], said: str, tmp_path: Path
) -> None:
    """Before, the server's start failed with the driver's traceback (exit status 3)."""
    port = _closed_port()
    args = [o.format(port=port, tmp=tmp_path) for o in options]
    out = subprocess.run(
        [sys.executable, "-m", "jantaku", "serve", *args, "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 1, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), out.stderr
    assert said.format(port=port, tmp=tmp_path) in lines[0]
    assert "secret" not in out.stderr
