# weft — build, test, demo and benchmark with one command each.
SHELL := /bin/bash
APT_PACKAGES := pkg-config libical-dev libcurl4-openssl-dev libsqlite3-dev libxml2-dev zlib1g-dev sqlite3 curl python3 chromium libsystemd-dev dbus-daemon python3-dbus python3-gi zip time procps groff mandoc man-db strace gettext
BENCH_PACKAGES := hyperfine time file python3 python3-venv openssl strace i3status
SWIFT ?= swift
# toml++ (inside TOMLKit) asserts on some malformed TOML (`files = [}`) instead of reporting it, and SwiftPM does
# not define NDEBUG for C++ even in release builds: without this, a broken provider file would abort weft.
SWIFT_FLAGS := -Xcxx -DNDEBUG
WEFT_DEBUG := .build/debug/weft
RELEASE_DIR := .build-release
WEFT_RELEASE := bin/weft

.PHONY: all deps bench-deps build test catalogs stress demo release release-binaries man deb test-package install install-files uninstall bench valgrind-calendar fuzz libical-forwarders notify-hot-functions clean

all: build

# Installs the Debian packages weft needs when they are missing (as root, or through sudo).
deps:
	@missing=""; for p in $(APT_PACKAGES) $(EXTRA_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; elif command -v sudo >/dev/null; then sudo=sudo; \
	  else echo "weft needs these Debian packages:$$missing (run as root or install them)" >&2; exit 1; fi; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing >/dev/null; \
	fi

# The message catalogs: po/weft.pot from the msgids in Sources, each po/LL.po merged with it (a new message arrives
# untranslated, and the catalog test says so), and the Swift source that embeds them in the binary.
catalogs:
	python3 scripts/gen-catalogs.py pot
	for po in po/*.po; do msgmerge --quiet --update --backup=none --no-fuzzy-matching --no-wrap "$$po" po/weft.pot; done
	python3 scripts/gen-catalogs.py swift

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

# A hung test fails the run after 30 minutes instead of holding CI to its own limit.
# The recurrence engine's differential test compares with python-dateutil, installed into a venv here; without it
# (offline, no pip) that one test is skipped with a message.
test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	WEFT_TEST_PYTHON="$$(Benchmarks/python-venv.sh .build/test-python python-dateutil || echo /nonexistent)/bin/python" \
	  timeout 1800 $(SWIFT) test $(SWIFT_FLAGS)

# The long fault-injection runs (a few minutes): 100 kill -9s of a refresh and of a steps import, a full disk,
# 8 readers x 1000 `weft get` during continuous refreshes; and weft serve with 1,100 idle and half-sent connections
# under a 1,024-descriptor limit answering /healthz within a second. `make test` runs a few rounds of each.
stress: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	WEFT_STRESS=1 $(SWIFT) test $(SWIFT_FLAGS) --skip-build --filter 'FaultInjectionTests|healthzAnswersUnderAThousandIdleConnections'

# Refreshes every kind of provider into a throw-away cache and prints resolved sample templates: the examples,
# weather from a loopback server replaying a recorded Open-Meteo response shifted to now, and a calendar and an
# iPhone + Apple Watch step export generated around now (scripts/demo.sh). No internet needed.
DEMO_WEATHER := Tests/Fixtures/weather/openmeteo-minutely15-derived-45min-rain.json
demo: build
	@$(MAKE) --no-print-directory deps EXTRA_PACKAGES=python3
	@scripts/demo.sh $(WEFT_DEBUG) $(DEMO_WEATHER)

# Stripped release binaries with the Swift runtime linked in: bin/weft, bin/weft-serve behind `weft serve` and
# bin/weft-notify behind `weft notify`; and dist/weft-VERSION-linux-ARCH.tar.gz of the installed tree (the .deb's)
# with dist/SHA256SUMS.
release: release-binaries man
	@$(MAKE) --no-print-directory deps EXTRA_PACKAGES="$(PACKAGE_TOOLS)"
	scripts/package.sh tarball $(DIST)

release-binaries: deps
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(RELEASE_DIR) $(SWIFT_FLAGS)
	@mkdir -p bin
	cp $(RELEASE_DIR)/release/weft $(RELEASE_DIR)/release/weft-serve $(RELEASE_DIR)/release/weft-notify bin/
	strip $(WEFT_RELEASE) bin/weft-serve bin/weft-notify
	@ls -la $(WEFT_RELEASE) bin/weft-serve bin/weft-notify

# The manual pages, all in .build/man: weft.1 from the command line's own help (ArgumentParser's generate-manual,
# with SEE ALSO naming the others), and weft-providers.5, weft-bar.5 and weft-templates.7 written by `weft manual`
# from the tables the code checks provider files, bar files and filters against.
MAN_OUT := .build/man
MAN_PAGES := weft.1 weft-providers.5 weft-bar.5 weft-templates.7
man: build
	$(SWIFT) build --product generate-manual $(SWIFT_FLAGS)
	@mkdir -p $(MAN_OUT)
	.build/debug/generate-manual $(WEFT_DEBUG) --output-directory $(MAN_OUT)
	printf '\n.Sh SEE ALSO\n.Xr weft-providers 5 ,\n.Xr weft-bar 5 ,\n.Xr weft-templates 7\n' >> $(MAN_OUT)/weft.1
	sed -i "/^$$/d" $(MAN_OUT)/weft.1  # blank lines are not mdoc
	$(WEFT_DEBUG) manual --output-directory $(MAN_OUT)
	@echo "wrote $(addprefix $(MAN_OUT)/,$(MAN_PAGES))"


# dist/weft_VERSION_ARCH.deb (dpkg-deb): the release binaries, man pages, completions, the systemd user units,
# the example providers; Depends computed from the libraries the binaries link and load (scripts/package.sh).
DIST := dist
PACKAGE_TOOLS := dpkg-dev binutils chrpath
deb: release-binaries man
	@$(MAKE) --no-print-directory deps EXTRA_PACKAGES="$(PACKAGE_TOOLS)"
	scripts/package.sh deb $(DIST)

# Installs the .deb into a fresh Debian 12 root (debootstrapped once into .build-pkgroot/, copied for each run) and
# runs weft there, systemd-analyze verify on its units and lintian on the .deb (a few minutes the first time).
test-package: deb
	@$(MAKE) --no-print-directory deps EXTRA_PACKAGES="debootstrap lintian systemd"
	scripts/test-package.sh $(DIST)

# Installs the release binaries, shell completions and the man pages under $(DESTDIR)$(PREFIX) (PREFIX=~/.local
# for one user).
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANROOT = $(DESTDIR)$(PREFIX)/share/man
COMPDIR = $(DESTDIR)$(PREFIX)/share
install: release-binaries man
	@$(MAKE) --no-print-directory install-files
	@echo "installed $(BINDIR)/weft, weft-serve and weft-notify, the man pages and bash/zsh/fish completions"

# install's copying alone, from bin/ and $(MAN_OUT)/ as they are (the package stages its tree with it).
install-files:
	install -d $(BINDIR) $(COMPDIR)/bash-completion/completions $(COMPDIR)/zsh/site-functions \
	  $(COMPDIR)/fish/vendor_completions.d
	install -m 755 $(WEFT_RELEASE) $(BINDIR)/weft
	install -m 755 bin/weft-serve $(BINDIR)/weft-serve
	install -m 755 bin/weft-notify $(BINDIR)/weft-notify
	$(WEFT_RELEASE) --generate-completion-script bash > $(COMPDIR)/bash-completion/completions/weft
	$(WEFT_RELEASE) --generate-completion-script zsh > $(COMPDIR)/zsh/site-functions/_weft
	$(WEFT_RELEASE) --generate-completion-script fish > $(COMPDIR)/fish/vendor_completions.d/weft.fish
	for page in $(MAN_OUT)/*.[1-9]; do \
	  install -d $(MANROOT)/man$${page##*.} && install -m 644 $$page $(MANROOT)/man$${page##*.}/; done

uninstall:
	rm -f $(BINDIR)/weft $(BINDIR)/weft-serve $(BINDIR)/weft-notify $(COMPDIR)/bash-completion/completions/weft \
	  $(COMPDIR)/zsh/site-functions/_weft $(COMPDIR)/fish/vendor_completions.d/weft.fish
	rm -f $(MANROOT)/man1/weft.1 $(MANROOT)/man5/weft-providers.5 $(MANROOT)/man5/weft-bar.5 $(MANROOT)/man7/weft-templates.7

bench-deps:
	@$(MAKE) --no-print-directory deps EXTRA_PACKAGES="$(BENCH_PACKAGES)"

# Every benchmark side by side with its peer; results in bench/RESULTS.md.
bench: bench-deps release-binaries
	Benchmarks/run.sh $(WEFT_RELEASE)

# Regenerates Sources/CLibicalLoader/Forwarders.c after the Swift code starts calling another libical function.
libical-forwarders: deps
	scripts/gen-libical-forwarders.py

# Regenerates Sources/weft-notify/hot-functions.order (the functions weft-notify runs, which its release link lays
# together to keep its resident memory small) from callgrind runs of the release build; then relinks it.
notify-hot-functions: release-binaries
	@$(MAKE) --no-print-directory deps EXTRA_PACKAGES="valgrind binutils"
	scripts/notify-hot-functions.sh $(RELEASE_DIR)/release
	rm -f $(RELEASE_DIR)/release/weft-notify
	@$(MAKE) --no-print-directory release-binaries

# The calendar tests under valgrind's memcheck: every libical object freed exactly once (slow; not part of test).
valgrind-calendar:
	@$(MAKE) --no-print-directory deps EXTRA_PACKAGES=valgrind
	scripts/valgrind-calendar.sh

# Every libFuzzer target for FUZZ_SECONDS (default 60) each; fails when one crashes, hangs or runs out of
# memory (inputs in .build-fuzz/artifacts/). Not part of test: it needs minutes.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

clean:
	rm -rf .build $(RELEASE_DIR) bin $(DIST) .build-pkg
