# elasund — play Elasund: The First City and Catan: Seafarers by e-mail, git or any shared file.
GO        ?= go
FUZZTIME  ?= 5s
# Minimising a failing input could eat the whole fuzz budget; keep it short
# in the default run, and fuzz for minutes in fuzz-long.
FUZZMINTIME ?= 2s
FUZZLONGTIME ?= 5m
BIN       ?= bin/elasund
STATICCHECK ?= v0.8.2

.PHONY: all build install deps test unit soak soak-games soak-commands soak-long match match-elasund match-seafarers fuzz fuzz-long bench lint demo clean

all: build

build:
	$(GO) build -o $(BIN) .

# elasund on your PATH: go install puts it in $(go env GOPATH)/bin (or GOBIN).
install:
	$(GO) install .
	@echo "installed $$($(GO) env GOBIN | grep . || echo $$($(GO) env GOPATH)/bin)/elasund"

# The whole test suite: gofmt, vet, staticcheck, every package's tests, then each fuzz target
# for a bounded time.
test: deps lint unit fuzz

# Go modules, and (as root with apt, when missing) the real mail servers the
# daemon's interoperability tests start: Dovecot and OpenSMTPD.
deps:
	$(GO) mod download
	@if [ -f .ci/mailstack-install.sh ] && ! command -v dovecot >/dev/null 2>&1 && \
	   [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  bash .ci/mailstack-install.sh; fi

# Every package's tests, printed as a plain go test prints them, then the
# tests that were skipped and why (internal/testreport).
unit:
	$(GO) run ./internal/testreport -count=1 -timeout 20m ./...

# The long randomized runs: thousands of self-played games per game, the
# bots' long matches, the courier's 200 + 200 peer games. CI runs it after
# make test. Of the commands' package and the referee it runs only the tests
# that play longer with ELASUND_SOAK set (the rest ran in make test). The
# engines' and bots' packages and the courier run side by side: the
# grinder's and the matches' last minutes leave a core free.
soak:
	$(MAKE) -j2 soak-games soak-commands
	ELASUND_SOAK=1 $(GO) test -count=1 -timeout 25m -run 'TestLeaks' ./referee/

soak-games:
	ELASUND_SOAK=1 $(GO) test -count=1 -timeout 40m ./engine/... ./turnfile/... ./internal/bot/... ./internal/games/...

soak-commands:
	ELASUND_SOAK=1 $(GO) test -count=1 -timeout 40m -run 'TestCourier$$|TestDemoEveryChoice$$' ./cmd/

# The same runs, longer (10,000 Elasund games, 2,000 Seafarers games, 200
# bot games a scenario, 500 + 500 courier games): for a machine with time
# to spare, not CI.
soak-long:
	ELASUND_SOAK=long $(GO) test -count=1 -timeout 120m ./engine/... ./turnfile/... ./internal/bot/... ./internal/games/... ./cmd/...

# The strong bots' full matches, one game after the other: 400 four-seat
# games each against three heuristic bots on one core, win rate at least 45%,
# at most 1 s of CPU a decision (Elasund: every decision; Seafarers: the 99th
# percentile, over every scenario; about 25 minutes of CPU).
match: match-elasund match-seafarers

match-elasund:
	ELASUND_MATCH=1 $(GO) test -count=1 -timeout 120m -run TestStrongBeatsHeuristic -v ./internal/bot/elasund

match-seafarers:
	ELASUND_MATCH=1 $(GO) test -count=1 -timeout 300m -run TestStrongBeatsHeuristic -v ./internal/bot/seafarers

# A target that fails with nothing but "context deadline exceeded" and
# writes no failing input has met a race in Go's own fuzz coordinator at the
# end of -fuzztime (go.dev/issue/75804, not fixed in Go 1.26): it runs again,
# up to three times in all. Any other failure fails at once.
fuzz:
	@set -e; for spec in $$($(GO) run ./internal/fuzzlist 2>/dev/null); do \
	  pkg=$${spec%%:*}; fn=$${spec##*:}; \
	  for try in 1 2 3; do \
	    echo "fuzz $$pkg $$fn ($(FUZZTIME))"; \
	    if out=$$($(GO) test $$pkg -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINTIME) 2>&1); then \
	      printf '%s\n' "$$out"; break; \
	    fi; \
	    printf '%s\n' "$$out"; \
	    if [ $$try -lt 3 ] && printf '%s\n' "$$out" | grep -qx '    context deadline exceeded' && \
	       ! printf '%s\n' "$$out" | grep -q 'Failing input written'; then \
	      echo "fuzz $$fn: the fuzz coordinator's deadline race (go.dev/issue/75804), no failing input: again"; \
	      continue; \
	    fi; \
	    exit 1; \
	  done; \
	done

# Each fuzz target for minutes (FUZZLONGTIME), for a deeper search than make test's.
fuzz-long:
	$(MAKE) fuzz FUZZTIME=$(FUZZLONGTIME) FUZZMINTIME=1m

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

lint:
	@out=$$(gofmt -l . | grep -v '^vendor/' || true); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK) ./...

demo: build
	./$(BIN) demo

clean:
	rm -rf bin
