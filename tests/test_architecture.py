"""The layering of ARCHITECTURE.md holds in the code: no module imports a higher layer, no two
modules import each other (directly or round a loop), and every file and function stays within
the size limits (or is listed with a reason in ``docs/size-exceptions.txt``).

Imports under ``if TYPE_CHECKING:`` are ignored (they do not run); imports inside functions
count, since deferring an import is how a cycle hides."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"

#: The layers, lowest first; a module may import its own layer and those below.
LAYERS: dict[str, int] = {
    "tiles": 0,
    "errors": 0,
    "meld": 0,
    "jsontext": 0,
    "hand": 1,
    "rules": 2,
    "engine": 3,
    "formats": 4,
    "players": 5,
    "families": 6,
    "sheet": 6,
    "server": 7,
    "client": 7,  # a bot at a running server: reads its messages into the engine's objects
    "commands": 8,
    "cli": 9,
    "__main__": 9,
    "": 9,  # the package itself
}


def _modules() -> dict[str, Path]:
    out = {}
    for path in SRC.rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            hidden.update(id(n) for n in ast.walk(node))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("jantaku"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join([*base, *([node.module] if node.module else [])])
            else:
                name = node.module or ""
            if name.startswith("jantaku"):
                for alias in node.names:
                    full = f"{name}.{alias.name}"
                    found.add(full if full in known else name)
    found.discard(module)
    return found


def _graph() -> dict[str, set[str]]:
    known = _modules()
    return {m: _imports(m, p, known) & known.keys() for m, p in known.items()}


def _layer(module: str) -> int:
    top = module.split(".")[1] if "." in module else ""
    assert top in LAYERS, f"{module} is in no layer: add its package to LAYERS"
    return LAYERS[top]


def test_no_module_imports_a_higher_layer() -> None:
    upward = [
        f"{m} imports {t}"
        for m, targets in _graph().items()
        for t in sorted(targets)
        if _layer(t) > _layer(m)
    ]
    assert upward == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycles() -> None:
    assert _cycles(_graph()) == []


def test_the_cycle_finder_finds_a_loop() -> None:
    """The check above can fail: a three-module loop and a self-contained pair are found."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": set()}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_size_limits() -> None:
    """No file over 500 lines, no function over 80 (Python and JavaScript), unless listed."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "size_limits.py")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
