# margin: the two commands a fresh machine needs are `make demo` and `make test`.
SWIFT   ?= swift
PREFIX  ?= /usr/local
BINDIR  := $(PREFIX)/bin

.PHONY: build release test demo install clean

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product margin
	$(SWIFT) build -c release --product spotify-emulator

# The end-to-end tests drive the built margin binary, so build every product first.
test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The emulator plus a real margin session against it.
demo: build
	./scripts/demo.sh .build/debug

install:
	$(SWIFT) build -c release --product margin
	install -d "$(BINDIR)"
	install -m 0755 .build/release/margin "$(BINDIR)/margin"

clean:
	rm -rf .build
