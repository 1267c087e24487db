# Heroes Builder. Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= $(shell bash scripts/pick-python.sh)
VENV   := .venv
PY     := $(VENV)/bin/python
OUT    ?= out

.PHONY: demo test lint bench fuzz native schemas site images clean help

help:
	@echo "make demo    create .venv, install, run 'heroes demo' on the bundled content (about a minute; no compile)"
	@echo "make test    install the dev extras, run make lint, then the whole test suite"
	@echo "make lint    mypy on builder/, ruff check, and the import-layer contracts (lint-imports)"
	@echo "make bench   run the benchmarks and print their figures"
	@echo "make fuzz    10,000 byte- and structure-level mutants each of army lists, positions, logs, Tide of Iron lists and logs,"
	@echo "             then 36 reading commands on special files, 10 racing edit pairs, 2,000 route requests; must print 0 tracebacks,"
	@echo "             0 certified edited logs, 0 hangs, 0 lost edits, 0 500s (benchmarks/bench_fuzz.py; docs/developer.md)"
	@echo "make native  compile the rules engine's hot modules with mypyc (.native/, ~7 min once; test and bench do it)"
	@echo "make schemas regenerate schemas/ from the content models"
	@echo "make site    build the documentation and catalogue site into site/_build/ (offline, strict)"
	@echo "make images  regenerate the screenshots in docs/images/ (demo PDFs, site pages, web builder)"

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

# the runtime alone: what `make demo` needs, installed in well under a minute
$(VENV)/.base: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	@touch $@

# the runtime and mypyc, for the compiled copies (make native)
$(VENV)/.runtime: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[native]'
	@touch $@ $(VENV)/.base

$(VENV)/.dev: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[dev,native]'
	@touch $@ $(VENV)/.runtime $(VENV)/.base

# no compile here: the first run must be quick; compiled copies already built are used
demo: $(VENV)/.base
	bash scripts/system-deps.sh runtime
	$(VENV)/bin/heroes demo --out $(OUT)

test: $(VENV)/.dev
	bash scripts/system-deps.sh test
	$(PY) scripts/build_native.py --strict
	$(MAKE) --no-print-directory lint
	$(PY) -m pytest -n 2 -p no:cacheprovider

# static checks, configured in pyproject.toml ([tool.mypy], [tool.ruff], [tool.importlinter])
lint: $(VENV)/.dev
	$(PY) -m mypy
	$(PY) -m ruff check builder
	$(VENV)/bin/lint-imports

bench: $(VENV)/.dev
	bash scripts/system-deps.sh runtime
	$(PY) scripts/build_native.py
	$(PY) -m benchmarks

fuzz: $(VENV)/.dev
	$(PY) -m benchmarks fuzz

# compiled copies of the engine's hot modules (builder/native.py); rebuilt only when a source changed
native: $(VENV)/.runtime
	$(PY) scripts/build_native.py

schemas: $(VENV)/.base
	$(VENV)/bin/heroes schema export

# the documentation site: site/mkdocs.yml, guides from docs/, generated reference pages (site/hooks.py)
site: $(VENV)/.dev
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict -f site/mkdocs.yml  # not -q: it hides the warnings --strict counts
	@echo "open site/_build/index.html"

images: $(VENV)/.dev
	bash scripts/system-deps.sh test
	$(PY) scripts/screenshots.py

clean:
	rm -rf $(VENV) $(OUT) .pytest_cache .hypothesis .native site/_build .mypy_cache .ruff_cache .import_linter_cache
