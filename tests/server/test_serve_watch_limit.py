"""``jantaku serve --watches-per-connection N``: the tables one connection watches at once,
set like the other per-client limits (``--tables-per-user``); a value that is no count of at
least one is one clear line (exit status 2), before the server starts."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from jantaku.cli import main
from tests.server.harness import Client, ServerProcess


@pytest.mark.parametrize("value", ["0", "-1", "two", "1.5"])
def test_a_bad_watch_limit_is_one_clear_error(value: str) -> None:
    out = CliRunner().invoke(main, ["serve", "--watches-per-connection", value])
    assert out.exit_code == 2, out.output
    assert "Invalid value for '--watches-per-connection'" in out.output
    assert out.exception is None or isinstance(out.exception, SystemExit)


def test_the_option_is_listed_with_its_default() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "jantaku", "serve", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0
    words = " ".join(out.stdout.split())
    option = words[words.index("--watches-per-connection") :]
    assert option.index("[default: 4; x>=1]") < option.index("--log-level")


def test_a_connection_watches_as_many_tables_as_the_option_says(database: str) -> None:
    server = ServerProcess(database, "--watches-per-connection", "1").start()
    try:
        tables = []
        for _ in range(2):
            host = Client(server, server.guest())
            host.send({"type": "create", "kind": "party", "length": "quick"})
            tables.append(host.expect("created")["table"]["id"])
            host.close()
        watcher = Client(server)
        watcher.send({"type": "watch", "table": tables[0]})
        watcher.expect("snapshot")
        watcher.send({"type": "watch", "table": tables[1], "id": "second"})
        error = watcher.expect("error")
        assert error["code"] == "too_many_tables" and "you watch 1 tables" in error["message"]
        watcher.close()
    finally:
        server.stop()
