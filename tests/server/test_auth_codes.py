"""Registration and login refusals carry a stable ``code`` (and the values a translated text
needs) beside the English ``error``, so a client can show them in its own language."""

from __future__ import annotations

from typing import Any

from tests.server.harness import ServerProcess

PASSWORD = "correct horse"


def _register(server: ServerProcess, name: object, password: object = PASSWORD) -> Any:
    status, body = server.post("/api/register", {"name": name, "password": password})
    assert status == 400, body
    return body


def test_each_name_rule_refuses_with_its_code(server: ServerProcess) -> None:
    assert server.post("/api/register", {"name": "Auditorin", "password": PASSWORD})[0] == 200
    # (name, password, code, fields the refusal carries besides error and code)
    cases: list[tuple[object, object, str, dict[str, object]]] = [
        ("auditorin", PASSWORD, "name_taken", {"name": "auditorin"}),
        ("Ａｕｄｉｔｏｒｉｎ", PASSWORD, "name_taken", {"name": "Auditorin"}),
        ("c", PASSWORD, "name_length", {"min": 2, "max": 32}),
        ("c" * 33, PASSWORD, "name_length", {"min": 2, "max": 32}),
        (42, PASSWORD, "name_type", {}),
        ("car ol", PASSWORD, "name_chars", {"char": "U+0020", "at": 4}),
        ("\u0430lice", PASSWORD, "name_scripts", {}),  # Cyrillic a + Latin lice
        ("\u0440\u043e\u0435", PASSWORD, "name_lookalike", {}),  # Cyrillic "рое"
        ("guest-1234abcd", PASSWORD, "name_reserved", {}),
        ("dora", "short", "password_length", {"min": 8, "max": 256}),
        ("dora", None, "password_length", {"min": 8, "max": 256}),
    ]
    for name, password, code, fields in cases:
        body = _register(server, name, password)
        assert body["code"] == code, (name, body)
        assert {k: v for k, v in body.items() if k not in ("error", "code")} == fields, body
        assert isinstance(body["error"], str) and body["error"], body


def test_the_english_message_stays_for_api_users(server: ServerProcess) -> None:
    assert server.post("/api/register", {"name": "Auditorin", "password": PASSWORD})[0] == 200
    body = _register(server, "Auditorin")
    assert body == {
        "error": "the name 'Auditorin' is taken",
        "code": "name_taken",
        "name": "Auditorin",
    }


def test_a_failed_login_says_bad_login_for_both_causes(server: ServerProcess) -> None:
    """A wrong password and an unknown name give one answer: it does not tell which names
    exist."""
    assert server.post("/api/register", {"name": "erin", "password": PASSWORD})[0] == 200
    answers = [
        server.post("/api/login", {"name": "erin", "password": "wrong password"}),
        server.post("/api/login", {"name": "nobody-here", "password": "wrong password"}),
    ]
    for status, body in answers:
        assert status == 401
        assert body == {"error": "unknown name or wrong password", "code": "bad_login"}
