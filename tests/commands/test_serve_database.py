"""``jantaku serve`` with a database URL it cannot use says so in one line (exit status 2);
a made-up scheme failed with a SQLAlchemy traceback while the server started."""

from __future__ import annotations

import subprocess
import sys

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
