"""Client messages: parsing and validation at the edge (docs/protocol.md lists them all).

Every message kind is a frozen dataclass (:class:`Hello`, :class:`Join`, :class:`Act`, …) whose
fields declare their :class:`FieldSpec`: a JSON type, whether it is required, and bounds;
:func:`parse_message` checks a message against them and builds the dataclass. A message with
a field of another JSON type (``"private": "false"``, a boolean where an integer belongs), a
missing required field, an unknown field, an overlong string or a nesting deeper than
:data:`MAX_DEPTH` is refused with ``bad_message`` (``bad_action``
for the fields of an ``act``'s ``action``) naming the message kind and the field."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar

from jantaku.engine.actions import ActionKind
from jantaku.jsontext import loads as bounded_json

__all__ = [
    "CLIENT_MESSAGES",
    "CLIENT_TYPES",
    "MAX_DEPTH",
    "MESSAGES",
    "Act",
    "AtTable",
    "Chat",
    "ClientMessage",
    "Continue",
    "Create",
    "FieldSpec",
    "Hello",
    "HintRequest",
    "Join",
    "Leave",
    "LobbyRequest",
    "MessageSpec",
    "Ping",
    "ProtocolError",
    "Queue",
    "Ref",
    "Start",
    "Unwatch",
    "Watch",
    "loads_bounded",
    "parse_message",
    "utf8_size",
]

#: the deepest nesting of arrays and objects a client message may have
MAX_DEPTH = 32
_INT_MAX = 2**31 - 1  # what every id and counter of the server fits in


class ProtocolError(Exception):
    """A message refused at the edge; ``ref`` is its ``id`` when that could be read."""

    def __init__(self, code: str, message: str, ref: str | int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One field: ``kind`` is its JSON type (``str``, ``int``, ``bool``, ``object``,
    ``int_list``, or ``ref``: a string or an integer); strings and lists are at most
    ``max_len`` long, integers lie in ``low``..``high``; ``nullable`` admits JSON null."""

    kind: str
    required: bool = False
    max_len: int = 64
    low: int = 0
    high: int = _INT_MAX
    nullable: bool = False


@dataclass(frozen=True, slots=True)
class MessageSpec:
    """A message kind: its fields besides ``type`` and ``id``; ``at_table`` kinds name their
    table by ``table`` (id) or ``invite`` (code), one of the two."""

    fields: Mapping[str, FieldSpec]
    at_table: bool = False


Ref = str | int  # a message's ``id``, answered as ``ref``
_AT_TABLE_ID = FieldSpec("str", max_len=32)


def _field(spec: FieldSpec, default: Any = MISSING) -> Any:
    """A message field checked against ``spec`` (no default: the field is required)."""
    return field(default=default, metadata={"spec": spec})


@dataclass(frozen=True, slots=True, kw_only=True)
class ClientMessage:
    """A client message that passed its checks; ``TYPE`` is its ``type``, ``ref`` its ``id``
    (None without one). A field the client left out holds its default."""

    TYPE: ClassVar[str] = ""
    ref: Ref | None = None

    @classmethod
    def spec(cls) -> MessageSpec:
        """The checks of this kind's fields, read from their declarations."""
        specs = {f.name: f.metadata["spec"] for f in fields(cls) if "spec" in f.metadata}
        return MessageSpec(specs, at_table=issubclass(cls, AtTable))

    def to_json(self) -> dict[str, Any]:
        """The message as a client writes it: ``type``, the fields that differ from their
        defaults, and ``id``."""
        out: dict[str, Any] = {"type": self.TYPE}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name != "ref" and (f.default is MISSING or value != f.default):
                out[f.name] = value
        if self.ref is not None:
            out["id"] = self.ref
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class AtTable(ClientMessage):
    """A message about one table, named by ``table`` (its id) or ``invite`` (its code)."""

    table: str | None = _field(_AT_TABLE_ID, None)
    invite: str | None = _field(_AT_TABLE_ID, None)


@dataclass(frozen=True, slots=True, kw_only=True)
class Hello(ClientMessage):
    """Authenticates the connection with a session token (null: none) → ``welcome``."""

    TYPE = "hello"
    token: str | None = _field(FieldSpec("str", required=True, max_len=128, nullable=True))


@dataclass(frozen=True, slots=True, kw_only=True)
class Ping(ClientMessage):
    """→ ``pong``."""

    TYPE = "ping"


@dataclass(frozen=True, slots=True, kw_only=True)
class LobbyRequest(ClientMessage):
    """One page of the lobby, from ``offset`` (at most ``limit`` tables) → ``lobby``."""

    TYPE = "lobby"
    offset: int | None = _field(FieldSpec("int"), None)
    limit: int | None = _field(FieldSpec("int", low=1), None)


@dataclass(frozen=True, slots=True, kw_only=True)
class Create(ClientMessage):
    """A new table → ``created`` (with ``invite`` and ``seat`` when private)."""

    TYPE = "create"
    kind: str = _field(FieldSpec("str"), "novice")
    length: str = _field(FieldSpec("str"), "quick")
    kuitan: bool | None = _field(FieldSpec("bool"), None)  # party tables only; None: with it
    private: bool = _field(FieldSpec("bool"), False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Queue(ClientMessage):
    """A seat at the open ranked table of a kind and length (or a new one) → ``snapshot``."""

    TYPE = "queue"
    kind: str = _field(FieldSpec("str"), "novice")
    length: str = _field(FieldSpec("str"), "quick")


@dataclass(frozen=True, slots=True, kw_only=True)
class Join(AtTable):
    """Sit down (``seat``, or any free one), or take one's own seat back → ``snapshot``;
    ``fill_bots`` seats computer players of level ``bot`` in the empty seats; ``seen`` (the
    count of the match's events the seat has seen) asks for the seat's events since then
    (the snapshot's ``missed``)."""

    TYPE = "join"
    seat: int | None = _field(FieldSpec("int", high=3), None)
    fill_bots: bool = _field(FieldSpec("bool"), False)
    bot: str = _field(FieldSpec("str"), "filler")
    # the events of the match this seat has seen: the snapshot sends it those it missed
    seen: int | None = _field(FieldSpec("int"), None)


@dataclass(frozen=True, slots=True, kw_only=True)
class Watch(AtTable):
    """Spectate → ``snapshot`` with ``seat: null``, then public ``events``."""

    TYPE = "watch"


@dataclass(frozen=True, slots=True, kw_only=True)
class Unwatch(AtTable):
    """Stop spectating → ``ok``."""

    TYPE = "unwatch"


@dataclass(frozen=True, slots=True, kw_only=True)
class Start(AtTable):
    """A seated player starts the table (``fill_bots``: computer players of level ``bot``)."""

    TYPE = "start"
    fill_bots: bool = _field(FieldSpec("bool"), False)
    bot: str = _field(FieldSpec("str"), "filler")


@dataclass(frozen=True, slots=True, kw_only=True)
class Leave(AtTable):
    """Give up a seat before the start, withdraw during the match → ``ok``."""

    TYPE = "leave"


@dataclass(frozen=True, slots=True, kw_only=True)
class Continue(AtTable):
    """A seated player has seen the hand's result (between hands)."""

    TYPE = "continue"


@dataclass(frozen=True, slots=True, kw_only=True)
class Act(AtTable):
    """An intention: ``action`` is one of the prompt's ``legal_actions`` (checked against
    :data:`ACTION`), ``seq`` the step of the prompt it answers."""

    TYPE = "act"
    seq: int | None = _field(FieldSpec("int"), None)
    action: dict[str, Any] = field(metadata={"spec": FieldSpec("object", required=True)})


@dataclass(frozen=True, slots=True, kw_only=True)
class Chat(AtTable):
    """A seated person says ``text`` at a party table → ``chat`` to its seated persons (the
    sayer's own copy answers the message's id). The field's bound here only keeps a message
    small; the line's own limits are chat.py's (trimmed, :data:`~jantaku.server.chat.MAX_CHARS`)."""

    TYPE = "chat"
    text: str = _field(FieldSpec("str", required=True, max_len=1000))


@dataclass(frozen=True, slots=True, kw_only=True)
class HintRequest(AtTable):
    """A seated player's hint for its prompt (``seq``: the prompt's step) → ``hint``, to that
    connection alone; refused at a ranked table (docs/table.md, "Hints")."""

    TYPE = "hint"
    seq: int | None = _field(FieldSpec("int"), None)


#: every client message kind, by its ``type``
CLIENT_MESSAGES: dict[str, type[ClientMessage]] = {
    cls.TYPE: cls
    for cls in (
        Hello,
        Ping,
        LobbyRequest,
        Create,
        Queue,
        Join,
        Watch,
        Unwatch,
        Start,
        Leave,
        Continue,
        Act,
        Chat,
        HintRequest,
    )
}
MESSAGES: dict[str, MessageSpec] = {name: cls.spec() for name, cls in CLIENT_MESSAGES.items()}
CLIENT_TYPES = frozenset(MESSAGES)
_COMMON = {"type": FieldSpec("str", required=True), "id": FieldSpec("ref")}

#: an ``act``'s ``action``: what a prompt's ``legal_actions`` entries hold
ACTION = MessageSpec(
    {
        "type": FieldSpec("str", required=True, max_len=32),
        "seat": FieldSpec("int", high=3),
        "tile": FieldSpec("str", max_len=8),
        "tile_index": FieldSpec("int", high=143),
        "tiles": FieldSpec("str", max_len=16),
        "tile_indices": FieldSpec("int_list", max_len=4, high=143),
    }
)
_ACTION_KINDS = frozenset(k.value for k in ActionKind)
_NEEDS_TILE = frozenset({ActionKind.DISCARD.value, ActionKind.RIICHI.value})

_JSON_NAMES = {
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "a boolean",
    dict: "an object",
    list: "an array",
    type(None): "null",
}


def _json_name(value: object) -> str:
    return _JSON_NAMES.get(type(value), type(value).__name__)


def _check_field(where: str, spec: FieldSpec, value: object) -> str | None:
    """What is wrong with ``value`` for ``spec``, or None."""
    if value is None:
        return None if spec.nullable else f"{where} may not be null"
    if spec.kind == "bool":
        if not isinstance(value, bool):
            return f"{where} must be a JSON boolean (true or false), not {_json_name(value)}"
        return None
    if spec.kind == "str":
        if not isinstance(value, str):
            return f"{where} must be a string, not {_json_name(value)}"
        if len(value) > spec.max_len:
            return f"{where} is at most {spec.max_len} characters"
        return None
    if spec.kind == "int":
        return _check_int(where, spec, value)
    if spec.kind == "object":
        return None if isinstance(value, dict) else f"{where} must be an object"
    if spec.kind == "ref":
        if isinstance(value, str):
            too_long = len(value) > spec.max_len
            return f"{where} is at most {spec.max_len} characters" if too_long else None
        return _check_int(where, FieldSpec("int"), value)
    if spec.kind == "int_list":
        if not isinstance(value, list):
            return f"{where} must be a list of integers, not {_json_name(value)}"
        if len(value) > spec.max_len:
            return f"{where} has at most {spec.max_len} entries"
        for i, item in enumerate(value):
            wrong = _check_int(f"{where}[{i}]", spec, item)
            if wrong is not None:
                return wrong
        return None
    raise AssertionError(f"no such field kind {spec.kind!r}")


def _check_int(where: str, spec: FieldSpec, value: object) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return f"{where} must be an integer, not {_json_name(value)}"
    if not spec.low <= value <= spec.high:
        return f"{where} must be {spec.low}-{spec.high}"
    return None


def _check_object(
    name: str, spec: MessageSpec, data: dict[str, Any], common: Mapping[str, FieldSpec], code: str
) -> None:
    """Refuse ``data`` unless it fits ``spec`` (plus the ``common`` fields)."""
    for key, value in data.items():
        field = spec.fields.get(key) or common.get(key)
        if field is None:
            shown = key[:40] if isinstance(key, str) else key
            raise ProtocolError(code, f"{name}: unknown field {shown!r}")
        wrong = _check_field(f"{name}.{key}", field, value)
        if wrong is not None:
            raise ProtocolError(code, wrong)
    for key, field in spec.fields.items():
        if field.required and key not in data:
            raise ProtocolError(code, f"{name}: the field {key!r} is required")
    if spec.at_table and "table" not in data and "invite" not in data:
        raise ProtocolError(code, f"{name}: name the table by 'table' (its id) or 'invite'")


def check_action(action: dict[str, Any]) -> None:
    """Refuse an ``act``'s action that does not fit :data:`ACTION` (``bad_action``): an unknown
    kind, a field of the wrong type, a discard that does not say which tile."""
    _check_object("action", ACTION, action, {}, "bad_action")
    kind = action["type"]
    if kind not in _ACTION_KINDS:
        names = ", ".join(sorted(_ACTION_KINDS))
        raise ProtocolError("bad_action", f"unknown action type {kind!r} (one of {names})")
    if kind in _NEEDS_TILE and "tile_index" not in action and "tile" not in action:
        raise ProtocolError("bad_action", f"a {kind} says its tile: 'tile_index' or 'tile'")


def utf8_size(raw: str | bytes) -> int:
    """The size of a message in bytes of UTF-8 (a str counts its encoded bytes)."""
    if isinstance(raw, bytes):
        return len(raw)
    if raw.isascii():
        return len(raw)
    return len(raw.encode("utf-8", "surrogatepass"))


def loads_bounded(raw: str | bytes) -> Any:
    """JSON text (or UTF-8 bytes) as Python values; ProtocolError ``bad_json`` when it is not
    JSON or nests deeper than :data:`MAX_DEPTH`."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ProtocolError("bad_json", "the message is not UTF-8") from None
    try:
        return bounded_json(text, max_depth=MAX_DEPTH)
    except json.JSONDecodeError as error:
        raise ProtocolError("bad_json", f"the message is not JSON: {error.msg}") from None


def parse_message(text: str | bytes) -> ClientMessage:
    """A client message that fits the spec of its ``type``; raises ProtocolError otherwise."""
    data = loads_bounded(text)
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "a message needs a string 'type'")
    ref = data.get("id")
    try:
        cls = CLIENT_MESSAGES.get(kind)
        if cls is None:
            raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}")
        _check_object(kind, MESSAGES[kind], data, _COMMON, "bad_message")
        if kind == "act":
            check_action(data["action"])
    except ProtocolError as error:
        if _check_field("id", _COMMON["id"], ref) is None:
            error.ref = ref  # the refusal answers the message it refuses
        raise
    values = {k: v for k, v in data.items() if k not in _COMMON}
    return cls(ref=ref, **values)
