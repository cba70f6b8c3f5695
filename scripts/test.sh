#!/usr/bin/env bash
# make test: the build of everything with its tests, the checks, a fuzz smoke run of every parser,
# then the suite in four runs (the Makefile says why four). Each step says how long it took
# (docs/development.md keeps where the minutes go); the first that fails ends the run with its
# status.
#
# Two cores are all CI has, so what needs little of them runs beside the build, which keeps them
# busy 95 % of the time, at a low priority, where it takes mostly the time the build leaves idle:
# - the fuzz harnesses' build (a package of their own), then their smoke run, FUZZ_SMOKE_SECONDS a
#   target, a length in time rather than in work (nice 10), reported after the library tests
#   (step fuzz);
# - the man page generator's build (scripts/man.sh --tool), which the man step finds built, or
#   waits for.
# The suite runs from the test binary SwiftPM built: `swift test --skip-build` would plan the whole
# package again first (~9 s each time) and then run the same binary with the same arguments.
#
# From the Makefile: SWIFT, BUILD_FLAGS, BUILD_DIR, FUZZ_SMOKE_SECONDS; TMPDIR, and the test width
# (SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH).
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
read -r -a flags <<<"${BUILD_FLAGS:--c release -Xswiftc -enable-testing}"
build_dir=${BUILD_DIR:-.build/release}
fuzz_seconds=${FUZZ_SMOKE_SECONDS:-10}
logs=${TMPDIR:-/tmp}
# Swift Testing colours its report unless told not to, a terminal or not.
[ -t 1 ] || export NO_COLOR=1

# Jobs in the background have process groups of their own (job control), so that a run that ends
# early ends them, their children included.
set -m
background=()
end_background() {
    for pid in "${background[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
}
trap end_background EXIT

# step NAME COMMAND [ARG...]
step() {
    local name=$1 start status=0
    shift
    start=$(date +%s)
    "$@" || status=$?
    echo "step: $name took $(( $(date +%s) - start ))s (exit $status)" >&2
    return "$status"
}

suite() {
    "$build_dir/marginPackageTests.xctest" --testing-library swift-testing "$@"
}

# The checkouts first: the generator is built from swift-argument-parser's.
"$swift" package resolve
# The fuzz harnesses' build, then their smoke run, beside the build (its log in fuzz.log, read
# after the library tests). At a low priority an input can wait seconds for a processor: what
# counts as a hang is a minute of the wall clock here, not the 5 s of a run alone.
fuzz_smoke() {
    nice -n 19 ./scripts/fuzz.sh --build || return 2
    FUZZ_UNIT_TIMEOUT=60 nice -n 10 ./scripts/fuzz.sh --built "$fuzz_seconds"
}
fuzz_smoke >"$logs/fuzz.log" 2>&1 &
fuzz=$!
background+=("$fuzz")
nice -n 19 ./scripts/man.sh --tool >"$logs/man-tool.log" 2>&1 &
background+=("$!")
step build "$swift" build "${flags[@]}" --build-tests --explicit-target-dependency-import-check error

step check-imports ./scripts/check-imports.sh
step check-shell ./scripts/check-shell.sh
step man ./scripts/man.sh "$build_dir/margin" .build/man ||
    { cat "$logs/man-tool.log" >&2; exit 1; }
step check-man ./scripts/check-man.sh .build/man

step library-tests suite --skip MarginCLITests
fuzz_report() {
    local status=0
    wait "$fuzz" || status=$?
    cat "$logs/fuzz.log"
    return "$status"
}
step fuzz fuzz_report
step end-to-end suite --filter MarginCLITests --skip Reliability
step reliability suite --filter Reliability --skip ReliabilityTokenServiceTests
step token-flood suite --filter ReliabilityTokenServiceTests
