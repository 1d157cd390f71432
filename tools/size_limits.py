"""Size limits: every source file over 500 lines and every function over 80 lines.

Python files under ``src/`` are measured with ``ast`` (a function counts from its ``def`` line
to the last line of its body, docstring included, decorators not); JavaScript files under
``src/jantaku/server/static/js`` with a simple brace-matching count (a function runs from the
line that opens it to the line of its matching closing brace; braces inside strings, template
literals and comments are skipped). Anything over a limit that ``docs/size-exceptions.txt``
does not list (one ``path`` or ``path::function`` per line, then ``#`` and the reason) makes
the exit code 1.

    .venv/bin/python tools/size_limits.py [--root .] [--all]
"""

from __future__ import annotations

import argparse
import ast
import pathlib
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass

FILE_LIMIT = 500
FUNCTION_LIMIT = 80
EXCEPTIONS = "docs/size-exceptions.txt"
JS_DIR = "src/jantaku/server/static/js"


@dataclass(frozen=True)
class Oversize:
    """One file or function over its limit: ``key`` is ``path`` or ``path::name``."""

    key: str
    lines: int
    limit: int


def python_functions(source: str) -> Iterator[tuple[str, int]]:
    """Each function (qualified name, line count) in one Python module, nested ones included."""
    tree = ast.parse(source)

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                start = child.lineno  # the def line: decorators do not count
                end = child.end_lineno or child.lineno
                name = prefix + child.name
                yield name, end - start + 1
                yield from walk(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, prefix + child.name + ".")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")


_JS_OPENER = re.compile(
    r"(?:function\*?\s*([A-Za-z_$][\w$]*)?\s*\([^()]*\)\s*$"  # function name(...) {
    r"|([A-Za-z_$][\w$]*)\s*\([^()]*\)\s*$"  # method(...) {
    r"|(?:([A-Za-z_$][\w$]*)\s*[=:]\s*)?(?:async\s*)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*=>\s*$)"
)
_JS_KEYWORDS = {"if", "for", "while", "switch", "catch", "with", "return", "function"}


def _js_code(source: str) -> str:
    """The source with strings, template literal text and comments blanked (newlines kept)."""
    out: list[str] = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", source[i:j]))
            i = j
        elif c in "\"'`":
            j = i + 1
            while j < n and source[j] != c:
                if source[j] == "\\":
                    j += 1
                elif c != "`" and source[j] == "\n":
                    break
                j += 1
            out.append(c + re.sub(r"[^\n]", " ", source[i + 1 : j]) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def js_functions(source: str) -> Iterator[tuple[str, int]]:
    """Each JavaScript function (name, line count): an opening brace preceded by a parameter
    list (``function f(...) {``, ``name(...) {``, ``(...) => {``) up to its matching brace."""
    code = _js_code(source)
    stack: list[tuple[str | None, int]] = []
    line = 1
    for i, c in enumerate(code):
        if c == "\n":
            line += 1
        elif c == "{":
            head = code[max(0, i - 200) : i]
            match = _JS_OPENER.search(head)
            name = None
            if match:
                name = next((g for g in match.groups() if g), "(anonymous)")
                if name in _JS_KEYWORDS:
                    name = "(anonymous)" if name == "function" else None
            stack.append((name, line))
        elif c == "}" and stack:
            name, start = stack.pop()
            if name is not None:
                yield f"{name}@{start}", line - start + 1


def scan(root: pathlib.Path) -> list[Oversize]:
    """Every file and function over its limit under ``src/`` (Python) and the JS client."""
    found: list[Oversize] = []
    files = sorted((root / "src").rglob("*.py")) + sorted((root / JS_DIR).rglob("*.js"))
    for path in files:
        rel = path.relative_to(root).as_posix()
        source = path.read_text(encoding="utf-8")
        count = source.count("\n") + (0 if source.endswith("\n") or not source else 1)
        if count > FILE_LIMIT:
            found.append(Oversize(rel, count, FILE_LIMIT))
        functions = python_functions(source) if path.suffix == ".py" else js_functions(source)
        for name, lines in functions:
            if lines > FUNCTION_LIMIT:
                found.append(Oversize(f"{rel}::{name}", lines, FUNCTION_LIMIT))
    return found


def allowed(root: pathlib.Path) -> dict[str, str]:
    """The allow-list: key -> reason. A line without a reason is an error."""
    path = root / EXCEPTIONS
    if not path.exists():
        return {}
    entries: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        key, _, reason = text.partition("#")
        if not reason.strip():
            raise SystemExit(f"{EXCEPTIONS}:{number}: no reason given for {key.strip()}")
        entries[key.strip()] = reason.strip()
    return entries


def _base_key(key: str) -> str:
    """A JS function key without its ``@line`` suffix, so allow-list entries survive edits."""
    return re.sub(r"@\d+$", "", key)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path(__file__).parents[1])
    parser.add_argument("--all", action="store_true", help="also print allowed entries")
    args = parser.parse_args()
    exceptions = allowed(args.root)
    failing = 0
    for item in scan(args.root):
        reason = exceptions.get(item.key) or exceptions.get(_base_key(item.key))
        if reason is None:
            failing += 1
            print(f"{item.key}: {item.lines} lines (limit {item.limit})")
        elif args.all:
            print(f"{item.key}: {item.lines} lines (limit {item.limit}), allowed: {reason}")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
