# Quick start: `make play` (a game of UNO Express against bots) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test check bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,net,cluster,rl]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/rulelang run games/express.rules

test: $(STAMP)
	$(BIN)/python -m pytest

check: $(STAMP)
	$(BIN)/rulelang check games/*.rules

bench: $(STAMP)
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV) build *.egg-info
