"""How the browser table page copes with a burst of messages: redraws and main-thread time.

A scripted client plays the seat of a practice table while the page (the same account, a
second device) holds every message the server sends it; the held messages are then handed to
the page in one task, as a busy phone or a reconnect meets them. Printed per burst: the
messages, how often the page wrote its step (``data-seq``: once per redraw), and the main
thread's time (CDP ``Performance.getMetrics``: script, style, layout) from the release until
two frames later, under a CPU slowed down ``--cpu`` times (a phone). The end-of-hand screen
stays open on the page while the client plays on (as when a result is left open).

Run against a checkout's code with its ``src`` on PYTHONPATH (the server serves that tree's
pages), e.g. ``PYTHONPATH=/work/main/src .venv/bin/python benchmarks/table_redraws.py``;
``--profile FILE`` writes a CPU profile (``.cpuprofile``, Chrome DevTools) of the bursts.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright
from tests.server.harness import Client, ServerProcess
from tests.web.burst import COUNT_DRAWS, HOLD, hold, release
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.web.helpers import login_guest, session

METRICS = ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "TaskDuration")


def metrics(cdp: Any) -> dict[str, float]:
    got = cdp.send("Performance.getMetrics")["metrics"]
    return {m["name"]: float(m["value"]) for m in got if m["name"] in METRICS}


def burst(page: Any, cdp: Any, client: Client, table: str, actions: int) -> dict[str, Any] | None:
    """One burst: the client plays ``actions`` steps while the page holds its messages, which
    then arrive at once; None when the match ended first."""
    hold(page)
    if client.play(table, stop_after=actions) is not None:
        return None
    time.sleep(0.3)  # the last messages reach the page
    dialog = page.get_by_test_id("hand-end").count() > 0
    m0 = metrics(cdp)
    messages, draws = release(page)
    page.wait_for_timeout(100)  # the frame after the drawing (style, layout)
    m1 = metrics(cdp)
    ms = {k: round((m1[k] - m0[k]) * 1000, 1) for k in METRICS}
    return {"messages": len(messages), "draws": draws, "dialog": dialog, **ms}


def run(args: argparse.Namespace, proc: ServerProcess) -> list[dict[str, Any]]:
    base = proc.base
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.add_init_script(HOLD)
        login_guest(page, base)
        client = Client(proc, session(page)["token"])
        client.send({"type": "create", "kind": "practice", "length": "quick", "id": 1})
        table = str(client.expect("created")["table"]["id"])
        client.send({"type": "join", "table": table, "fill_bots": True})
        client.expect("snapshot")
        page.goto(f"{base}/#/table/{table}")
        page.get_by_test_id("board").wait_for(timeout=20000)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu})
        if args.profile:
            cdp.send("Profiler.enable")
            cdp.send("Profiler.start")
        rows = []
        for _ in range(args.bursts):
            page.evaluate(COUNT_DRAWS)
            row = burst(page, cdp, client, table, args.actions)
            if row is None:
                break
            rows.append(row)
            print(json.dumps(row))
        if args.profile:
            args.profile.write_text(json.dumps(cdp.send("Profiler.stop")["profile"]))
        client.close()
        browser.close()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--bursts", type=int, default=8)
    ap.add_argument("--actions", type=int, default=6, help="client actions per burst")
    ap.add_argument("--cpu", type=float, default=4.0, help="CPU slow-down (1: none)")
    ap.add_argument("--profile", type=Path, default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc = ServerProcess(f"sqlite:///{Path(tmp) / 'r.sqlite3'}").start()
        try:
            rows = run(args, proc)
        finally:
            proc.stop()
    if rows:
        print(
            f"{len(rows)} bursts: {sum(r['messages'] for r in rows)} messages,"
            f" {sum(r['draws'] for r in rows)} redraws"
        )
        for k in METRICS:
            print(f"  {k}: {sum(r[k] for r in rows):.0f} ms")


if __name__ == "__main__":
    main()
