"""Browser tests: Playwright (sync API) driving Debian's Chromium against a real ``jantaku serve``.

Skipped as a whole when ``playwright`` is not installed or ``/usr/bin/chromium`` is missing.
Every test gets its own server (a subprocess on a free port, a temporary SQLite database), so
the tests run in parallel under xdist (``-n 2``). Pages made by ``new_page`` fail the test at
teardown when the page logged a console error or raised an uncaught exception.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PROJECT_ROOT = Path(__file__).resolve().parents[2]
#: how long a page's actions and a test's ``expect`` wait by default (milliseconds): well past
#: a few seconds' stall of a loaded machine (Playwright's own ``expect`` default is 5 s)
PAGE_WAIT_MS = 15_000

SKIP_REASON: str | None = None
if importlib.util.find_spec("playwright") is None:
    SKIP_REASON = (
        "browser tests need playwright (pip install playwright); they use /usr/bin/chromium"
    )
elif not CHROMIUM.exists():
    SKIP_REASON = f"browser tests need Chromium at {CHROMIUM} (apt-get install chromium)"


class _SkippedModule(pytest.File):
    """Stands for a test module when the browser tests cannot run: reported as skipped with the
    reason, without importing the module (it imports playwright)."""

    def collect(self) -> list[pytest.Item]:
        pytest.skip(SKIP_REASON or "")


def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> Any:
    if SKIP_REASON is not None:
        return _SkippedModule.from_parent(parent, path=module_path)
    return None


if SKIP_REASON is None:
    from playwright.sync_api import Browser, ConsoleMessage, Page, expect, sync_playwright

    from tests.server.harness import ServerProcess
    from tests.web import helpers
else:  # names for the annotations below; the fixtures are never used then
    Browser = ConsoleMessage = Page = ServerProcess = Any  # type: ignore[misc,assignment]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "web: a browser test (Playwright + Chromium)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks the browser tests and runs them after all others (the order is kept otherwise):
    the session's Playwright keeps an event loop running in the worker, and ``asyncio.run``
    in a later test of that worker would be refused."""
    here = Path(__file__).parent
    web = [here in Path(str(item.fspath)).parents for item in items]
    for item, is_web in zip(items, web, strict=True):
        if is_web:
            item.add_marker(pytest.mark.web)
    items[:] = [i for i, w in zip(items, web, strict=True) if not w] + [
        i for i, w in zip(items, web, strict=True) if w
    ]


@pytest.fixture
def server_proc(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    """The running server (for the scripted HTTP/WebSocket clients of tests.server.harness).
    A test may add options (``indirect`` parametrisation): every page speaks from 127.0.0.1
    (Chromium adds no header to a WebSocket's handshake), so two pages queueing at one ranked
    table need ``--ranked-shared-addresses``."""
    proc = ServerProcess(
        f"sqlite:///{tmp_path / 'jantaku.sqlite3'}",
        "--bot-delay",
        "0",
        "--grace-seconds",
        "3",
        *getattr(request, "param", ()),
    ).start()
    try:
        yield proc
    finally:
        proc.stop()


@pytest.fixture
def server(server_proc: ServerProcess) -> str:
    """The base URL of a fresh ``jantaku serve`` (http://127.0.0.1:<port>)."""
    return server_proc.base


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    expect.set_options(timeout=PAGE_WAIT_MS)
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


NewPage = Callable[..., Page]


@pytest.fixture
def new_page(browser: Browser, server_proc: ServerProcess) -> Iterator[NewPage]:
    """A factory: ``new_page(width=1280, height=800, allow=())`` opens a page in a fresh context
    (its own localStorage). ``allow`` lists regular expressions of console errors the test
    expects (e.g. the browser's own "status of 401" line after a wrong password); any other
    console error or page error fails the test at teardown. (Depends on the server so the pages
    close before it stops.)"""
    contexts: list[Any] = []
    problems: list[str] = []

    def make(width: int = 1280, height: int = 800, allow: tuple[str, ...] = ()) -> Page:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        patterns = [re.compile(p) for p in allow]
        tag = f"page {len(contexts)} ({width}x{height})"

        def on_console(msg: ConsoleMessage) -> None:
            if msg.type == "error" and not any(p.search(msg.text) for p in patterns):
                problems.append(f"{tag} console error: {msg.text} at {msg.location}")

        def on_error(error: Any) -> None:
            problems.append(f"{tag} page error: {error}")

        page.on("console", on_console)
        page.on("pageerror", on_error)
        page.set_default_timeout(PAGE_WAIT_MS)
        return page

    yield make
    for context in contexts:
        try:
            context.close()
        except Exception as e:  # a crashed context must not hide the other pages' errors
            problems.append(f"closing a context failed: {e}")
    if problems:
        pytest.fail("browser errors:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture
def artifacts() -> Path:
    """``test-artifacts/`` in the project root (screenshots), kept after the run."""
    path = PROJECT_ROOT / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path


@pytest.fixture
def login_guest() -> Callable[[Page, str], str]:
    """``login_guest(page, base)`` -> the guest's name (through the real login page)."""
    return helpers.login_guest


@pytest.fixture
def register() -> Callable[[Page, str, str, str], str]:
    """``register(page, base, name, password)`` -> the name (through the real login page)."""
    return helpers.register
