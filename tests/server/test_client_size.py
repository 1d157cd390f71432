"""The browser client keeps the project's size limits: no module over 500 lines, no function
over 80 lines (from the line of ``function``, a method name or an arrow ``=> {`` to the line of
its closing brace)."""

from __future__ import annotations

import re

from jantaku.server.app import STATIC

MAX_FILE_LINES = 500
MAX_FUNCTION_LINES = 80

# `function f(...) {`, `=> {`, and a method `name(...) {` at the start of a line
_FUNCTION = re.compile(
    r"(?m)\bfunction\b[^{]*?\{|=>\s*\{"
    r"|^\s*(?:async\s+|static\s+|get\s+|set\s+)*(?!if\b|for\b|while\b|switch\b|catch\b)"
    r"[A-Za-z_$][\w$]*\s*\([^()]*\)\s*\{"
)
_REGEX_BEFORE = "(,=:[!&|?{};+-*%<>~^"


def _skip_string(code: str, i: int) -> int:
    quote, j = code[i], i + 1
    while code[j] != quote:
        j += 2 if code[j] == "\\" else 1
    return j + 1


def _skip_template(code: str, j: int, depths: list[int]) -> int:
    """From inside a template literal to its end or to the next ``${`` (pushed on depths)."""
    while True:
        if code[j] == "\\":
            j += 2
        elif code[j] == "`":
            return j + 1
        elif code.startswith("${", j):
            depths.append(0)
            return j + 2
        else:
            j += 1


def _skip_regex(code: str, i: int) -> int:
    j, in_class = i + 1, False
    while in_class or code[j] != "/":
        if code[j] == "\\":
            j += 1
        elif code[j] == "[":
            in_class = True
        elif code[j] == "]":
            in_class = False
        j += 1
    return j + 1


def code_only(code: str) -> str:
    """The code with strings, template text, comments and regex literals blanked (newlines and
    the braces of ``${...}`` kept), so that braces can be matched."""
    out: list[str] = []
    depths: list[int] = []  # brace depth inside each open ${ ... }
    i, prev = 0, ""
    while i < len(code):
        c = code[i]
        if code.startswith("//", i) or code.startswith("/*", i):
            end = code.find("\n", i) if c == "/" and code[i + 1] == "/" else code.find("*/", i) + 2
            end = len(code) if end < 0 else end
        elif c in "\"'":
            end = _skip_string(code, i)
        elif c == "`" or (c == "}" and depths and depths[-1] == 0):
            if c == "}":
                depths.pop()
            end = _skip_template(code, i + 1, depths)
        elif c == "/" and (
            prev == "" or prev in _REGEX_BEFORE or code[:i].rstrip().endswith("return")
        ):
            end = _skip_regex(code, i)
        else:
            if depths and c in "{}":
                depths[-1] += 1 if c == "{" else -1
            out.append(c)
            prev = c if not c.isspace() else prev
            i += 1
            continue
        out.append(re.sub(r"[^\n]", " ", code[i:end]))
        prev = "a" if c != "/" or code[i + 1] not in "/*" else prev
        i = end
    return "".join(out)


def long_functions(code: str) -> list[tuple[int, int]]:
    """(first line, length in lines) of every function longer than the limit."""
    text = code_only(code)
    found = []
    for m in _FUNCTION.finditer(text):
        depth = 0
        for j in range(m.end() - 1, len(text)):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                break
        first = text.count("\n", 0, m.start()) + 1
        length = text.count("\n", 0, j) + 2 - first
        if length > MAX_FUNCTION_LINES:
            found.append((first, length))
    return found


def test_the_checker_sees_a_long_function() -> None:
    line = "  const s = `x${'}'}` + /[}]/.source + \"}\"; // }"
    code = "export function f() {\n" + "\n".join([line] * 80) + "\n}\n"
    assert long_functions(code) == [(1, 82)]
    assert long_functions("const f = () => {\n  return '{';\n};\n") == []


def test_no_module_or_function_is_too_long() -> None:
    problems = []
    for path in sorted((STATIC / "js").rglob("*.js")):
        code = path.read_text()
        name = path.relative_to(STATIC)
        if code.count("\n") > MAX_FILE_LINES:
            problems.append(f"{name}: {code.count(chr(10))} lines")
        problems += [f"{name}:{line}: a function of {n} lines" for line, n in long_functions(code)]
    assert problems == []
