# The two commands a new user needs (see README.md): `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint imports typecheck system-deps compiled test-compiled bench clean

# Debian packages the test suite uses: Chromium for the browser tests (never a downloaded
# browser), PostgreSQL for the database tests, a font so pages render.
SYSTEM_PACKAGES := chromium postgresql fonts-dejavu-core

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The mypyc-compiled rules (docs/performance.md), in a second environment so that the editable
# pure-Python .venv never runs stale compiled code. Rebuilt when a source file changes.
CVENV  := .venv-compiled
CBIN   := $(CVENV)/bin
CSTAMP := $(CVENV)/.installed
SOURCES := $(shell find src -name '*.py' -o -name '*.toml') setup.py pyproject.toml

$(CSTAMP): $(SOURCES)
	test -x $(CBIN)/python || $(PYTHON) -m venv $(CVENV)
	$(CBIN)/python -m pip install --quiet --upgrade pip
	$(CBIN)/python -m pip install --quiet setuptools wheel '.[test]'
	REALPOLITIK_MYPYC=1 $(CBIN)/python -m pip install --quiet --no-build-isolation --no-deps --force-reinstall .
	touch $(CSTAMP)

compiled: $(CSTAMP)

# The rules, bots and simulation tests again, on the compiled build (the test fails if the build
# fell back to pure Python).
test-compiled: $(CSTAMP)
	REALPOLITIK_EXPECT_COMPILED=1 $(CBIN)/python -m pytest -q -p no:cacheprovider \
	  tests/test_build.py tests/test_scenarios.py tests/test_battery.py tests/engine tests/belle_epoque tests/bots tests/sim

bench: $(CSTAMP)
	$(CBIN)/realpolitik bench la-belle-epoque

# The main job: the web app on an embedded SQLite database (it prints the URL to open).
run: $(STAMP)
	$(BIN)/realpolitik serve

system-deps:
	@missing=""; for p in $(SYSTEM_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check src tests examples bench
	$(BIN)/ruff format --check src tests examples bench

# The layers (.importlinter): nothing above the engine imports a game package; games stay apart.
imports: $(STAMP)
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

test: system-deps $(STAMP) lint imports typecheck
	$(BIN)/python -m pytest -q
	$(MAKE) test-compiled

clean:
	rm -rf $(VENV) $(CVENV) build .pytest_cache .mypy_cache .ruff_cache
