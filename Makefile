# Quick start: `make play` (a game of UNO Express against bots) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test check bench clean

# The venv's own pip installs an editable pyproject package (pip >= 21.3): no upgrade of pip first, which costs a
# download on every fresh clone (CI's too).  --prefer-binary: a wheel rather than a newer source to build.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --prefer-binary -e '.[test,net,cluster,rl]'
	$(BIN)/python -m compileall -q rulelang interpreter
	touch $(STAMP)

# Bytecode is written here too, and by the install above (pip compiles what it installs, but not an editable
# package's own files): where PYTHONDONTWRITEBYTECODE is set, every `rulelang run` would otherwise compile the
# package from source before its first prompt (0.40 against 0.26 CPU s, #22). Python reads .pyc files whatever
# that variable says, so a `rulelang` started by hand after `make play` starts as quickly.
play: $(STAMP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/rulelang run games/express.rules

# Bytecode is written even where PYTHONDONTWRITEBYTECODE is set (as on some CI machines): the suite starts
# rulelang in many processes (two workers, the terminal and network tests' commands), and each would otherwise
# compile the package and the tests again (about 30 CPU seconds in all).
test: $(STAMP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest

check: $(STAMP)
	$(BIN)/rulelang check games/*.rules

bench: $(STAMP)
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV) build *.egg-info
