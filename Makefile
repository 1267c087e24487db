# Heroes Builder. Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
OUT    ?= out

.PHONY: demo test bench schemas clean help

help:
	@echo "make demo    create .venv, install, run 'heroes demo' on the bundled content"
	@echo "make test    install the dev extras and run the whole test suite"
	@echo "make bench   run the benchmarks and print their figures"
	@echo "make schemas regenerate schemas/ from the content models"

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.runtime: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	@touch $@

$(VENV)/.dev: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[dev]'
	@touch $@ $(VENV)/.runtime

demo: $(VENV)/.runtime
	bash scripts/system-deps.sh runtime
	$(VENV)/bin/heroes demo --out $(OUT)

test: $(VENV)/.dev
	bash scripts/system-deps.sh test
	$(PY) -m pytest -n 2 -p no:cacheprovider

bench: $(VENV)/.dev
	bash scripts/system-deps.sh runtime
	$(PY) -m benchmarks

schemas: $(VENV)/.runtime
	$(VENV)/bin/heroes schema export

clean:
	rm -rf $(VENV) $(OUT) .pytest_cache .hypothesis
