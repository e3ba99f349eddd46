# Quick start: `make build` writes output/vasa-regalis.pdf; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: build test all bench clean picture

build: $(STAMP)
	$(BIN)/pnp build vasa-regalis

all: $(STAMP)
	for g in $$($(BIN)/pnp list | cut -d" " -f1 | grep -v "^\./"); do $(BIN)/pnp build $$g || exit 1; done

# in parallel, one worker per core (pytest-xdist; an idle worker takes queued tests from a busy one),
# in a random order (pytest-randomly prints its seed)
test: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist worksteal

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

# the venv's own pip (Python 3.11's is 23.x) installs an editable pyproject project (PEP 660: pip 21.3+): not upgraded,
# which asked the index every time (~6 s of a fresh clone's `make test`)
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -e '.[test]'
	$(BIN)/python -m compileall -q generator
	touch $(STAMP)

clean:
	rm -rf output/* $(VENV)

# The README's picture: sheet 1 of Vasa Regalis as pnp prints it (re-render when the sheets change).
picture: $(STAMP)
	$(BIN)/pnp build vasa-regalis -o output/readme-vasa.pdf
	$(BIN)/python -c "import pypdfium2 as p; pg = p.PdfDocument('output/readme-vasa.pdf')[2]; \
	pg.render(scale=520 / pg.get_width()).to_pil().convert('RGB').quantize(colors=128).save('docs/sheet.png', optimize=True)"
