"""Whether the database and Redis a server is started with answer, asked once before it
starts: an unreachable one is one line naming the option, where the server's start would
fail with a driver's traceback."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from sqlalchemy import create_engine, text
from sqlalchemy.exc import SQLAlchemyError

from jantaku.server.database_url import database_url

__all__ = ["database_problem", "redis_problem"]

WAIT = 5.0  # seconds to connect, at most


def database_problem(url: str) -> str | None:
    """Why the database at ``url`` cannot be used (None: it answered)."""
    parsed = database_url(url)
    args = {"connect_timeout": int(WAIT)} if parsed.get_backend_name() == "postgresql" else {}
    engine = create_engine(parsed, connect_args=args)
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except SQLAlchemyError as e:
        why = _first_line(getattr(e, "orig", e))
        return f"cannot open the database {_hide_password(url)}: {why}"
    finally:
        engine.dispose()
    return None


def redis_problem(url: str) -> str | None:
    """Why Redis at ``url`` cannot be used (None: it answered a ping)."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=WAIT, socket_timeout=WAIT)
    except ValueError as e:
        return f"{_hide_password(url)} is not a Redis URL (redis://HOST:PORT/DB): {e}"
    try:
        client.ping()
    except redis.RedisError as e:
        return f"cannot reach Redis at {_hide_password(url)}: {_first_line(e)}"
    finally:
        client.close()
    return None


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def _hide_password(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))
