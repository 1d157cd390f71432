"""Shared test helpers: where the validation data lives."""

from __future__ import annotations

import os
import pathlib

import pytest

PROJECT_ROOT = pathlib.Path(__file__).resolve().parents[1]


def validation_data() -> pathlib.Path:
    """The riichi validation data folder, or skip the test with a clear message."""
    env = os.environ.get("JANTAKU_VALIDATION_DATA")
    path = pathlib.Path(env) if env else PROJECT_ROOT.parent / "shared" / "riichi-validation-data"
    if not path.is_dir():
        pytest.skip(
            f"riichi validation data not found at {path} "
            "(set JANTAKU_VALIDATION_DATA to its location)"
        )
    return path
