"""Shared test fixtures: the validation data folder (see tests/validation.py)."""

from __future__ import annotations

import pathlib

import pytest

from tests.validation import PROJECT_ROOT, validation_data, validation_root

__all__ = ["PROJECT_ROOT", "validation_data", "validation_root"]


@pytest.fixture(name="validation_dir")
def _validation_dir() -> pathlib.Path:
    """The riichi validation data folder; the test is skipped with a message without it."""
    return validation_data()
