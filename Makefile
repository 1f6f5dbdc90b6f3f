# One command each: `make serve` sets up and runs the service, `make test` runs the tests.
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: setup serve gates test bench lint

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e ".[test]"
	touch $@

setup: $(VENV)/.installed

serve: setup
	$(VENV)/bin/stellwerk serve

# The gates (tests/platform/test_gates.py: ruff, mypy, the import contracts; seconds) come
# first and stop the run when they fail; then every other test.
gates: setup
	$(PY) -m pytest tests/platform/test_gates.py

# Independent test files in parallel, one process per core (pytest-xdist): a file's tests
# stay together, so a module's fixtures (a topology, a server) start once.  The longest
# files are handed out first (tests/durations.py: the order comes from tests/durations.json).
TEST_JOBS ?= auto

test: gates
	$(PY) -m pytest -n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder --ignore=tests/platform/test_gates.py

bench: setup
	$(PY) benchmarks/run.py

lint: setup
	$(PY) -m ruff check games events service worker tests
