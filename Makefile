# Two entry points for a fresh machine: `make run` and `make test`. Both are idempotent.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run play test lint typecheck clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(VENV)/.installed $@

# The table server with SQLite in ./jantaku-data; it prints the address to open in a browser.
run: $(VENV)/.installed
	$(BIN)/jantaku serve

# A quick match in the terminal against three computer players.
play: $(VENV)/.installed
	$(BIN)/jantaku play --length quick --level defensive

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests benchmarks tools

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/python -m pytest -n auto

clean:
	rm -rf $(VENV)
