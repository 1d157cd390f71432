"""Accounts: registration, login (argon2 password hashes), guests, session tokens."""

from __future__ import annotations

import hashlib
import secrets
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy.exc import IntegrityError

from jantaku.errors import JantakuError
from jantaku.server.models import UserRow, name_key
from jantaku.server.storage import Store

__all__ = ["Accounts", "AuthError", "check_name", "token_hash"]

_NAME_MIN, _NAME_MAX = 2, 32
_PUNCTUATION = frozenset("_-")
_DIGITS = frozenset("0123456789")
_JAPANESE = frozenset({"CJK", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA"})
# Greek and Cyrillic letters drawn like Latin ones: a name made only of these (and digits,
# ``_``, ``-``) would pass for a Latin name, so it is refused (``аре`` in Cyrillic is ``ape``).
_LATIN_LOOKALIKES = frozenset(
    "АВЕЅІЈКМНОРСТХУЬаеіјорсуххѕԁԛԝһӏ"  # Cyrillic
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορτυχ"  # Greek
)


# letters and marks that draw nothing (Hangul fillers, the grapheme joiner, variation selectors)
_BLANK = frozenset(
    "\u115f\u1160\u3164\uffa0\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)
_MAX_MARKS = 2  # accents stacked on one letter


def _script(ch: str) -> str:
    """The script of a letter, from its Unicode name (``LATIN SMALL LETTER A`` → ``LATIN``);
    Han, hiragana and katakana count as one script, as Japanese names mix them."""
    first = unicodedata.name(ch, "UNKNOWN").split(" ", 1)[0]
    return "JAPANESE" if first in _JAPANESE else first


def _refusal(name: str, at: int) -> str | None:
    """Why the character at ``at`` may not stand in ``name``, or None."""
    ch = name[at]
    category = unicodedata.category(ch)
    where = f"U+{ord(ch):04X} at position {at + 1}"
    if category == "Cc":
        return f"a name may not contain control characters ({where})"
    if category == "Cf" or ch in _BLANK:
        return f"a name may not contain invisible or direction characters ({where})"
    if category.startswith("Z"):
        return f"a name may not contain spaces ({where})"
    if ch in _PUNCTUATION or ch in _DIGITS or category.startswith("L"):
        return None
    if category.startswith("M"):
        base = at
        while base > 0 and unicodedata.category(name[base - 1]).startswith("M"):
            base -= 1
        if base > 0 and unicodedata.category(name[base - 1]).startswith("L"):
            if at - base < _MAX_MARKS:
                return None  # an accent on the letter before it
            return f"a name may not stack more than {_MAX_MARKS} accents on a letter ({where})"
    return f"a name is letters, digits 0-9, _ and - ({ch!r}, {where}, is not allowed)"


def check_name(raw: object) -> str:
    """The name to store (NFKC-normalised), or AuthError saying what is wrong with it.

    A name is 2-32 letters (of one script: Latin, Greek, Cyrillic, …; Japanese may mix kanji,
    hiragana and katakana), digits 0-9, ``_`` and ``-``; no control, invisible, direction or
    space characters; not a Greek or Cyrillic name that reads as Latin; not ``guest-…``."""
    if not isinstance(raw, str):
        raise AuthError("a name is a string", "name_type")
    if len(raw) > 4 * _NAME_MAX:
        raise _name_length()
    name = unicodedata.normalize("NFKC", raw)
    for at in range(len(name)):
        why = _refusal(name, at)
        if why is not None:
            raise AuthError(why, "name_chars", char=f"U+{ord(name[at]):04X}", at=at + 1)
    if not _NAME_MIN <= len(name) <= _NAME_MAX:
        raise _name_length()
    scripts = {_script(ch) for ch in name if unicodedata.category(ch).startswith("L")}
    if len(scripts) > 1:
        names = ", ".join(sorted(s.title() for s in scripts))
        raise AuthError(
            f"a name uses the letters of one script, not a mix ({names})", "name_scripts"
        )
    if (
        scripts <= {"GREEK", "CYRILLIC"}
        and scripts
        and all(ch in _LATIN_LOOKALIKES for ch in name if unicodedata.category(ch).startswith("L"))
    ):
        raise AuthError("a Greek or Cyrillic name may not read as a Latin one", "name_lookalike")
    if name_key(name).startswith("guest-"):
        raise AuthError("names starting with 'guest-' are kept for guests", "name_reserved")
    return name


class AuthError(JantakuError):
    """A refused name, password, login or request body; ``code`` is the protocol's error code
    and ``fields`` the values a translated text of it needs (such as ``min`` and ``max``)."""

    def __init__(self, message: str, code: str = "bad_request", **fields: str | int) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.fields = fields


def _name_length() -> AuthError:
    message = f"a name is {_NAME_MIN}-{_NAME_MAX} characters"
    return AuthError(message, "name_length", min=_NAME_MIN, max=_NAME_MAX)


_PASSWORD_MIN, _PASSWORD_MAX = 8, 256


def token_hash(token: str) -> str:
    """What the database keeps of a session token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


class Accounts:
    def __init__(self, store: Store, session_seconds: float | None = None) -> None:
        self.store = store
        self.session_seconds = session_seconds  # None: tokens never expire
        self.hasher = PasswordHasher()
        # verified against when the name is unknown: such a login costs what a wrong password
        # costs, so timing does not tell which names exist
        self._dummy_hash = self.hasher.hash(secrets.token_urlsafe(16))

    def _session(self, user: UserRow) -> str:
        token = secrets.token_urlsafe(32)
        self.store.add_session(token_hash(token), user.id)
        return token

    def register(self, raw_name: object, password: object) -> tuple[UserRow, str]:
        name = check_name(raw_name)
        if not isinstance(password, str) or not _PASSWORD_MIN <= len(password) <= _PASSWORD_MAX:
            raise AuthError(
                f"a password is {_PASSWORD_MIN}-{_PASSWORD_MAX} characters",
                "password_length",
                min=_PASSWORD_MIN,
                max=_PASSWORD_MAX,
            )
        if self.store.user_by_name(name) is not None:
            raise AuthError(f"the name {name!r} is taken", "name_taken", name=name)
        try:
            user = self.store.add_user(name, self.hasher.hash(password), guest=False)
        except IntegrityError:  # registered at the same moment by someone else
            raise AuthError(f"the name {name!r} is taken", "name_taken", name=name) from None
        return user, self._session(user)

    def login(self, name: object, password: object) -> tuple[UserRow, str]:
        """Blocking (an argon2 verify): run it off the event loop. An unknown name costs a
        verify against a dummy hash, as a wrong password does."""
        user = None
        if isinstance(name, str) and len(name) <= 4 * _NAME_MAX:
            user = self.store.user_by_name(unicodedata.normalize("NFKC", name))
        known = user is not None and user.password_hash is not None
        stored = user.password_hash if user is not None and user.password_hash else self._dummy_hash
        try:
            self.hasher.verify(stored, password if isinstance(password, str) else "")
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            raise AuthError("unknown name or wrong password", "bad_login") from None
        if not known or user is None or not isinstance(password, str):
            raise AuthError("unknown name or wrong password", "bad_login")
        return user, self._session(user)

    def guest(self) -> tuple[UserRow, str]:
        user = self.store.add_user(f"guest-{secrets.token_hex(4)}", None, guest=True)
        return user, self._session(user)

    def by_token(self, token: object) -> UserRow | None:
        if not isinstance(token, str) or len(token) > 128:
            return None
        return self.store.user_by_token(token_hash(token), self.session_seconds)

    def logout(self, token: object) -> bool:
        """Invalidate a session token; True if it was a known one."""
        if not isinstance(token, str) or len(token) > 128:
            return False
        return self.store.drop_session(token_hash(token))
