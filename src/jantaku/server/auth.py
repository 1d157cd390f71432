"""Accounts: registration, login (argon2 password hashes), guests, session tokens."""

from __future__ import annotations

import hashlib
import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from jantaku.errors import JantakuError
from jantaku.server.models import UserRow
from jantaku.server.storage import Store

__all__ = ["Accounts", "AuthError", "token_hash"]

_NAME = re.compile(r"^[A-Za-z0-9_\-]{2,32}$")


class AuthError(JantakuError):
    pass


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

    def register(self, name: object, password: object) -> tuple[UserRow, str]:
        if not isinstance(name, str) or not _NAME.match(name):
            raise AuthError("a name is 2-32 letters, digits, _ or -")
        if not isinstance(password, str) or not 8 <= len(password) <= 256:
            raise AuthError("a password is 8-256 characters")
        if self.store.user_by_name(name) is not None:
            raise AuthError(f"the name {name!r} is taken")
        user = self.store.add_user(name, self.hasher.hash(password), guest=False)
        return user, self._session(user)

    def login(self, name: object, password: object) -> tuple[UserRow, str]:
        """Blocking (an argon2 verify): run it off the event loop."""
        user = self.store.user_by_name(name) if isinstance(name, str) and len(name) <= 64 else None
        known = user is not None and user.password_hash is not None
        stored = user.password_hash if user is not None and user.password_hash else self._dummy_hash
        try:
            self.hasher.verify(stored, password if isinstance(password, str) else "")
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            raise AuthError("unknown name or wrong password") from None
        if not known or user is None or not isinstance(password, str):
            raise AuthError("unknown name or wrong password")
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
