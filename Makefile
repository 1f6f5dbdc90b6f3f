# One command each: `make serve` sets up and runs the service, `make test` runs the tests.
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: setup serve test bench lint

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e ".[test]"
	touch $@

setup: $(VENV)/.installed

serve: setup
	$(VENV)/bin/stellwerk serve

test: setup
	$(PY) -m pytest

bench: setup
	$(PY) benchmarks/run.py

lint: setup
	$(PY) -m ruff check games events service worker tests
