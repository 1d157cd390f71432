"""The database URLs jantaku keeps its tables in, read once for the server, its store and the
ranked audit: SQLite, or PostgreSQL (``postgresql://`` is driven by psycopg)."""

from __future__ import annotations

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

__all__ = ["EXPECTED", "database_url", "driver_url"]

EXPECTED = "sqlite:///PATH or postgresql://USER@HOST/NAME"


def driver_url(url: str) -> str:
    """``url`` with the driver jantaku uses for it (psycopg for ``postgresql://``)."""
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


def database_url(url: str) -> URL:
    """``url`` read, with its driver; ValueError saying what is wrong when it is no URL or
    names a database jantaku does not keep its tables in."""
    try:
        parsed = make_url(driver_url(url))
    except (ArgumentError, ValueError):
        raise ValueError(f"{url!r} is not a database URL ({EXPECTED})") from None
    backend = parsed.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise ValueError(f"{backend!r} is not a database jantaku keeps its tables in ({EXPECTED})")
    return parsed
