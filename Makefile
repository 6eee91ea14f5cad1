# Parla — build, run and test on a fresh Debian machine.
#   make run    installs what is missing, builds, starts Parla
#   make test   installs what is missing, builds, runs every test
SHELL := /bin/bash
SWIFT ?= swift
BUILD_DIR ?= .build
ARGS ?=
# The Python tools the tests use (toot and Mastodon.py for `make compat`, TDSR for the system tests).
VENV ?= .venv
# Release builds link the Swift runtime and Foundation into the binary: a process starts in 10 ms instead
# of 16 (no symbol lookups across libswiftCore, libFoundation and ICU at every start), measured by
# `parla-bench --only cli` (issue 19). Debug builds and tests keep the shared libraries.
# Every module of a release build (the packages' too) reaches concrete generic types through their metadata
# accessors instead of demangling their names at run time: demangling checks each generic requirement with
# a protocol-conformance lookup, and the first lookup of each pair scans all 12,000 conformance records of
# the binary. `parla timeline home` spends 1.3 ms less CPU (23.0 -> 21.8 ms at the median of 5 rounds of perf stat).
RELEASE_FLAGS ?= -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

# Every system package Parla and its tests need (later parts included).
APT_PACKAGES := libncursesw5-dev libncurses-dev libespeak-ng-dev espeak-ng-data espeak-ng libpcaudio-dev \
	libspeechd-dev pkg-config tmux sox libsox-fmt-base python3 python3-venv libsqlite3-dev sqlite3 \
	ca-certificates curl wrk libhunspell-dev hunspell-en-us hunspell-es hunspell-ca pulseaudio pulseaudio-utils \
	groff-base man-db fakeroot dpkg-dev fenrir speech-dispatcher \
	libchafa-dev libjpeg62-turbo-dev libpng-dev libwebp-dev libgif-dev libtesseract-dev \
	tesseract-ocr-eng tesseract-ocr-spa tesseract-ocr-cat imagemagick \
	brltty libbrlapi-dev
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: deps build release run test unit-test system-test compat bench sounds wordlists clean format install install-files uninstall \
	completions manual print-version deb

# The version, read from the one place it is written (parla --version prints the same).
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/ParlaBase/ParlaVersion.swift)

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build --scratch-path $(BUILD_DIR)

# Only Parla's own executable, the same way every time: building every product would also build the
# dependencies' products (GRDB's dynamic library, their example and test executables), which the static
# standard library cannot always link.
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product parla --scratch-path $(BUILD_DIR)

run: build
	$(BUILD_DIR)/debug/parla $(ARGS)

# Test targets that start processes, servers (the local instance over HTTP) or tmux. `make test` runs
# every other target (the unit tests: in process, on virtual time) first, then these, then `make compat`.
SYSTEM_TESTS := ParlaAppSystemTests MastodonTests LocalInstanceTests LineModeTests EndToEndTests SpeechEndToEndTests PictureCodecsTests
empty :=
space := $(empty) $(empty)
SYSTEM_FILTER := ^($(subst $(space),|,$(SYSTEM_TESTS)))\.
# Tests that measure the process's memory (its peak, or its growth while a hostile stream arrives) run in a
# process of their own, after the others: the system tests running beside them would raise those figures.
ALONE_SYSTEM_FILTER := ^(PictureCodecsTests\.|MastodonTests\.HostileServerTests/issue20AnEndlessStreamLine)

# The system tests also use swift-argument-parser's generate-manual (the manual page is checked against it),
# and TDSR, a screen reader from PyPI, in the venv below.
test: deps $(VENV)/.tdsr
	$(SWIFT) build --build-tests --scratch-path $(BUILD_DIR)
	$(SWIFT) build --product generate-manual --scratch-path $(BUILD_DIR)
	$(SWIFT) test --skip-build --scratch-path $(BUILD_DIR) --skip '$(SYSTEM_FILTER)'
	$(SWIFT) test --skip-build --scratch-path $(BUILD_DIR) --filter '$(SYSTEM_FILTER)' --skip '$(ALONE_SYSTEM_FILTER)'
	$(SWIFT) test --skip-build --scratch-path $(BUILD_DIR) --filter '$(ALONE_SYSTEM_FILTER)'
	$(MAKE) compat

# Only the unit tests, or only the system tests (each builds first).
unit-test: deps
	$(SWIFT) build --build-tests --scratch-path $(BUILD_DIR)
	$(SWIFT) test --skip-build --scratch-path $(BUILD_DIR) --skip '$(SYSTEM_FILTER)'

system-test: deps $(VENV)/.tdsr
	$(SWIFT) build --build-tests --scratch-path $(BUILD_DIR)
	$(SWIFT) build --product generate-manual --scratch-path $(BUILD_DIR)
	$(SWIFT) test --skip-build --scratch-path $(BUILD_DIR) --filter '$(SYSTEM_FILTER)' --skip '$(ALONE_SYSTEM_FILTER)'
	$(SWIFT) test --skip-build --scratch-path $(BUILD_DIR) --filter '$(ALONE_SYSTEM_FILTER)'

# toot (the Python Mastodon CLI, from PyPI) for `toot_timeline_ms`; a failed install only makes that figure unavailable.
.bench/venv/.toot:
	python3 -m venv .bench/venv && .bench/venv/bin/pip install --quiet toot && touch $@ || true

# The atproto SDK (pinned, from PyPI) for `atproto_sdk_timeline_ms`, timed beside `parla timeline home` on a Bluesky
# account (`bsky_cli_timeline_ms`, `sdk_over_cli_bsky`); a failed install makes those figures unavailable.
.bench/venv/.atproto: .bench/venv/.toot
	test -x .bench/venv/bin/pip && .bench/venv/bin/pip install --quiet "atproto==0.0.73" && touch $@ || true

bench: deps .bench/venv/.toot .bench/venv/.atproto
	$(SWIFT) build $(RELEASE_FLAGS) --product parla --scratch-path $(BUILD_DIR)
	$(SWIFT) build $(RELEASE_FLAGS) --product parla-bench --scratch-path $(BUILD_DIR)
	$(BUILD_DIR)/release/parla-bench
	@if [ -x .bench/venv/bin/python ]; then .bench/venv/bin/python Benchmarks/atproto_timeline.py $(BUILD_DIR)/release/parla; \
	else for figure in bsky_cli_timeline_ms atproto_sdk_timeline_ms sdk_over_cli_bsky; do echo "$$figure: unavailable (no .bench/venv)"; done; fi

# Mastodon.py and toot (from PyPI, in a venv) against `parla serve`, and the atproto SDK against its XRPC face.
$(VENV)/.mastodon-py:
	test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet Mastodon.py
	touch $@

$(VENV)/.toot: $(VENV)/.mastodon-py
	$(VENV)/bin/pip install --quiet "toot==0.52.*"
	touch $@

# The atproto SDK (MarshalX) and the official lexicons as lexrpc ships them, for the XRPC face.
$(VENV)/.atproto: $(VENV)/.mastodon-py
	$(VENV)/bin/pip install --quiet "atproto==0.0.73" "lexrpc==3.0"
	touch $@

# TDSR (tdsr2), a screen reader for the terminal, for the system tests that run Parla under it
# (Tests/EndToEndTests/ScreenReaderEndToEndTests.swift finds it at $(VENV)/bin/tdsr).
$(VENV)/.tdsr:
	test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet "tdsr2==0.2.1" "pyte==0.8.2" "setproctitle==1.3.8"
	touch $@

compat: $(VENV)/.mastodon-py $(VENV)/.toot $(VENV)/.atproto
	$(SWIFT) build --product parla --scratch-path $(BUILD_DIR)
	$(VENV)/bin/python Tests/Compat/mastodon_py_compat.py $(BUILD_DIR)/debug/parla
	$(VENV)/bin/python Tests/Compat/mastodon_py_safety.py $(BUILD_DIR)/debug/parla
	$(VENV)/bin/python Tests/Compat/mastodon_py_account.py $(BUILD_DIR)/debug/parla
	$(VENV)/bin/python Tests/Compat/mastodon_py_redraft.py $(BUILD_DIR)/debug/parla
	$(VENV)/bin/python Tests/Compat/toot_compat.py $(BUILD_DIR)/debug/parla $(VENV)/bin/toot
	$(VENV)/bin/python Tests/Compat/atproto_compat.py $(BUILD_DIR)/debug/parla

# Installing: `make install` (PREFIX=/usr/local, DESTDIR for staging) builds the release build and installs
# the binary, its resources in share/parla (where it looks for them), the manual page, the shell
# completions and the README; `make uninstall` removes the same files.
PREFIX ?= /usr/local
DESTDIR ?=
RELEASE_BIN := $(BUILD_DIR)/release/parla
BIN_DIR = $(DESTDIR)$(PREFIX)/bin
DATA_DIR = $(DESTDIR)$(PREFIX)/share/parla
MAN_DIR = $(DESTDIR)$(PREFIX)/share/man/man1
DOC_DIR = $(DESTDIR)$(PREFIX)/share/doc/parla
BASH_COMPLETION_DIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# Completion scripts and help are generated in English from the checkout's own Localization folder.
ENGLISH := env LANG=C.UTF-8 LC_ALL= LC_MESSAGES= PARLA_RESOURCES=$(CURDIR)

print-version:
	@echo $(VERSION)

# The bash, zsh and fish completions of the binary PARLA (the release build by default) into COMPLETIONS_OUT.
PARLA ?= $(RELEASE_BIN)
COMPLETIONS_OUT ?= $(BUILD_DIR)/completions
completions:
	mkdir -p $(COMPLETIONS_OUT)
	$(ENGLISH) $(PARLA) --generate-completion-script bash | sed '1{/^#!/d}' > $(COMPLETIONS_OUT)/parla
	$(ENGLISH) $(PARLA) --generate-completion-script zsh > $(COMPLETIONS_OUT)/_parla
	$(ENGLISH) $(PARLA) --generate-completion-script fish > $(COMPLETIONS_OUT)/parla.fish

# The manual page: the commands and options written from their definitions by swift-argument-parser's
# generate-manual tool (what its GenerateManual plugin runs; in English, dated by the last commit), then
# the hand-written sections (keys, environment, files, exit status, examples, accessibility) in place of
# its generic exit status.
MANUAL_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%F)
manual:
	$(SWIFT) build --scratch-path $(BUILD_DIR) --product parla
	$(SWIFT) build --scratch-path $(BUILD_DIR) --product generate-manual
	$(ENGLISH) $(BUILD_DIR)/debug/generate-manual $(BUILD_DIR)/debug/parla --date $(MANUAL_DATE) -o - \
		| sed '/^\.Sh "EXIT STATUS"/,$$d' > Scripts/man/parla.1
	cat Scripts/man/parla.1.sections >> Scripts/man/parla.1

install: release
	$(MAKE) install-files INSTALL_BIN=$(RELEASE_BIN)

# What `make install` installs, from the binary INSTALL_BIN as it is built (the tests install the debug build
# this way: the release build takes ten minutes and more on a small machine).
INSTALL_BIN ?= $(RELEASE_BIN)
install-files:
	$(MAKE) completions PARLA=$(INSTALL_BIN) COMPLETIONS_OUT=$(BUILD_DIR)/completions
	install -d $(BIN_DIR) $(DATA_DIR) $(MAN_DIR) $(DOC_DIR) $(BASH_COMPLETION_DIR) $(ZSH_COMPLETION_DIR) $(FISH_COMPLETION_DIR)
	install -m 755 -s $(INSTALL_BIN) $(BIN_DIR)/parla
	cp -R Localization Sounds $(DATA_DIR)/
	chmod -R u=rwX,go=rX $(DATA_DIR)
	install -m 644 Scripts/man/parla.1 $(MAN_DIR)/parla.1
	install -m 644 README.md $(DOC_DIR)/README.md
	install -m 644 $(BUILD_DIR)/completions/parla $(BASH_COMPLETION_DIR)/parla
	install -m 644 $(BUILD_DIR)/completions/_parla $(ZSH_COMPLETION_DIR)/_parla
	install -m 644 $(BUILD_DIR)/completions/parla.fish $(FISH_COMPLETION_DIR)/parla.fish

uninstall:
	rm -f $(BIN_DIR)/parla $(MAN_DIR)/parla.1 $(BASH_COMPLETION_DIR)/parla $(ZSH_COMPLETION_DIR)/_parla \
		$(FISH_COMPLETION_DIR)/parla.fish
	rm -rf $(DATA_DIR) $(DOC_DIR)

# A Debian package of the release build: `make install` staged under DEB_ROOT with PREFIX=/usr, the manual
# page and changelog compressed, Depends from dpkg-shlibdeps (the libraries the binary links) plus what it
# loads for speech and sound on first use (eSpeak-NG, its data, pcaudiolib); speech-dispatcher and Hunspell,
# loaded only when asked for, are recommended.
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
DEB_MAINTAINER ?= $(shell git log -1 --format='%an <%ae>' 2>/dev/null)
DEB_ROOT := $(BUILD_DIR)/deb/root
DEB_FILE := $(BUILD_DIR)/parla_$(VERSION)_$(DEB_ARCH).deb
deb: release
	rm -rf $(BUILD_DIR)/deb && mkdir -p $(DEB_ROOT)/DEBIAN $(BUILD_DIR)/deb/shlibs/debian
	$(MAKE) install DESTDIR=$(CURDIR)/$(DEB_ROOT) PREFIX=/usr \
		ZSH_COMPLETION_DIR=$(CURDIR)/$(DEB_ROOT)/usr/share/zsh/vendor-completions
	gzip -9n $(DEB_ROOT)/usr/share/man/man1/parla.1
	sed 's/@MAINTAINER@/$(DEB_MAINTAINER)/' Scripts/debian/changelog | gzip -9n > $(DEB_ROOT)/usr/share/doc/parla/changelog.gz
	install -m 644 Scripts/debian/copyright $(DEB_ROOT)/usr/share/doc/parla/copyright
	install -D -m 644 Scripts/debian/lintian-overrides $(DEB_ROOT)/usr/share/lintian/overrides/parla
	printf 'Source: parla\n\nPackage: parla\nArchitecture: any\n' > $(BUILD_DIR)/deb/shlibs/debian/control
	shlibs=$$(cd $(BUILD_DIR)/deb/shlibs && dpkg-shlibdeps -O $(CURDIR)/$(DEB_ROOT)/usr/bin/parla | sed -n 's/^shlibs:Depends=//p'); \
	size=$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1); \
	sed -e "s/@VERSION@/$(VERSION)/" -e "s/@ARCH@/$(DEB_ARCH)/" -e "s/@MAINTAINER@/$(DEB_MAINTAINER)/" \
		-e "s/@SIZE@/$$size/" -e "s/@SHLIBS@/$$shlibs/" Scripts/debian/control.in > $(DEB_ROOT)/DEBIAN/control
	cd $(DEB_ROOT) && find usr -type f | sort | xargs md5sum > DEBIAN/md5sums
	find $(DEB_ROOT) -type d -exec chmod 755 {} +
	fakeroot dpkg-deb --build -Zxz $(DEB_ROOT) $(DEB_FILE)
	@echo "Built $(DEB_FILE)"

sounds:
	python3 Scripts/make_sounds.py Sounds

# Word prediction's lists (Localization/<lang>/words.txt), from wordfreq (pinned); committed, as the sounds are.
WORDFREQ_VERSION := 3.1.1
.wordlists-venv/.wordfreq:
	python3 -m venv .wordlists-venv && .wordlists-venv/bin/pip install --quiet wordfreq==$(WORDFREQ_VERSION) && touch $@

wordlists: .wordlists-venv/.wordfreq
	.wordlists-venv/bin/python Scripts/make_wordlists.py .

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf $(BUILD_DIR)
