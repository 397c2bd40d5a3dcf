# dicecam's build. Every target that needs OpenCV runs `deps` first, so a fresh
# Debian or Ubuntu machine needs nothing but Go and this Makefile.

GO        ?= go
BIN       := bin/dicecam
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT       := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get
ARGS      ?=

.PHONY: all deps deps-browser build run test test-short bench vet clean

all: build

# OpenCV 4.6 is what gocv v0.31.0 binds; Debian 12 and Ubuntu 22.04+ ship it.
deps:
	@if pkg-config --exists opencv4 2>/dev/null; then \
		echo "OpenCV $$(pkg-config --modversion opencv4) found"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "Installing OpenCV development files (libopencv-dev) from the system's packages"; \
		$(APT) update -q && $(APT) install -y -q --no-install-recommends libopencv-dev pkg-config; \
	else \
		echo "OpenCV 4.6 development files are missing and this is not a Debian or Ubuntu system."; \
		echo "Install OpenCV 4.6 with its pkg-config file (opencv4.pc), for example:"; \
		echo "  Fedora: sudo dnf install opencv-devel    Arch: sudo pacman -S opencv"; \
		echo "  macOS:  brew install opencv pkg-config"; \
		exit 1; \
	fi

# The page tests drive a real headless Chromium.
deps-browser:
	@if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then \
		echo "Chromium found"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Chromium for the page tests"; \
		$(APT) update -q && $(APT) install -y -q --no-install-recommends chromium fonts-dejavu-core; \
	else \
		echo "Chromium is missing: install it so the page tests can run"; exit 1; \
	fi

build: deps
	$(GO) build -o $(BIN) ./cmd/dicecam

run: build
	./$(BIN) $(if $(ARGS),$(ARGS),play)

# Every parser of outside input, fuzzed a few seconds each: images, profiles,
# game logs (and a table's log written and read back) and the API's bodies, as
# package:target. The budget is a count of inputs, not a time: Go's fuzzing
# coordinator can report a time budget's end as "context deadline exceeded"
# on a busy machine (go.dev/issue/75804), failing a target that found nothing.
FUZZ_INPUTS := 10000x
FUZZ := vision:FuzzDecodeImage vision:FuzzParseProfile rules:FuzzParseLogRoundTrips rules:FuzzTableLogKeepsEveryTotal scoreboard:FuzzAPIBodies

# The whole suite, then once more with gocv's Mat profile so any Mat left open
# fails, then the fuzz targets. The calibrate package reads hundreds of
# labelled photos each way a calibration tries, heads included: its two
# dataset tests run side by side, some four minutes on two cores. Under the Mat
# profile its dataset tests read a quarter of the photos: that pass proves
# no Mat is left open, which the floors of the first need all of them for.
test: deps deps-browser
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 20m ./...
	$(GO) test -count=1 -timeout 20m -tags matprofile ./...
	@for f in $(FUZZ); do \
		echo "$(GO) test -run '^$$' -fuzz=$${f#*:} -fuzztime=$(FUZZ_INPUTS) ./$${f%%:*}"; \
		$(GO) test -run '^$$' -fuzz="^$${f#*:}$$" -fuzztime=$(FUZZ_INPUTS) ./$${f%%:*} || exit 1; \
	done

test-short: deps
	$(GO) test -short ./...

bench: deps
	GOMAXPROCS=1 $(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin
