"""Where the riichi validation data lives: real games and scored hands nobody here wrote, read
from ``../shared/riichi-validation-data`` or ``$JANTAKU_VALIDATION_DATA``, never copied here."""

from __future__ import annotations

import os
import pathlib

import pytest

PROJECT_ROOT = pathlib.Path(__file__).resolve().parents[1]


def validation_root() -> pathlib.Path:
    """The configured folder, whether or not it exists (for building test parameters)."""
    env = os.environ.get("JANTAKU_VALIDATION_DATA")
    return pathlib.Path(env) if env else PROJECT_ROOT.parent / "shared" / "riichi-validation-data"


def validation_data() -> pathlib.Path:
    """The validation data folder, or skip the test with a clear message."""
    path = validation_root()
    if not path.is_dir():
        pytest.skip(
            f"riichi validation data not found at {path} "
            "(set JANTAKU_VALIDATION_DATA to its location)"
        )
    return path
