#!/usr/bin/env bash
# make test: the build of everything with its tests, the checks, the suite in four runs (the
# Makefile says why four), a fuzz smoke run of every parser and the man pages. Each step says how
# long it took (docs/development.md keeps where the minutes go); the first that fails ends the
# run with its status.
#
# Two cores are all CI has, so what needs little of them runs beside a step that leaves them idle
# part of the time, at the lowest priority (nice 19), and is reported after it:
# - beside the build (both processors busy 95 % of the time): the fuzz harnesses' build, a
#   package of their own;
# - beside the end-to-end tests (idle a third of the time, waiting on processes, servers and
#   sound): the fuzz smoke run, FUZZ_SMOKE_SECONDS a target, a length in time rather than in
#   work; and the man pages, with their generator's build (scripts/man.sh).
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

# The fuzz harnesses' build beside margin's, at the lowest priority.
nice -n 19 ./scripts/fuzz.sh --build >"$logs/fuzz-build.log" 2>&1 &
fuzz_build=$!
background+=("$fuzz_build")
step build "$swift" build "${flags[@]}" --build-tests --explicit-target-dependency-import-check error
step check-imports ./scripts/check-imports.sh
step check-shell ./scripts/check-shell.sh
step library-tests suite --skip MarginCLITests

# Beside the end-to-end tests, which wait on processes, servers and sound a third of the time: the
# fuzz smoke run of the harnesses built beside (or, should that have failed, of a build of its own,
# which says why), and the man pages (the generator built first). At the lowest priority, beside a
# loaded machine, an input can wait a long time for a processor (nice 19 gets ~1/70 of one beside
# a program at the default): what counts as a hang is five minutes of the wall clock here, not the
# 5 s of a run alone.
# (The harnesses' build is waited for here: a job in the background is no child of another's.)
built=--built
wait "$fuzz_build" || built=
FUZZ_UNIT_TIMEOUT=300 nice -n 19 ./scripts/fuzz.sh $built "$fuzz_seconds" >"$logs/fuzz.log" 2>&1 &
fuzz=$!
background+=("$fuzz")
nice -n 19 ./scripts/man.sh "$build_dir/margin" .build/man >"$logs/man.log" 2>&1 &
man=$!
background+=("$man")
step end-to-end suite --filter MarginCLITests --skip Reliability

# report NAME PID LOG: what a job in the background said, and its status.
report() {
    local status=0
    wait "$2" || status=$?
    cat "$3"
    return "$status"
}
step man report man "$man" "$logs/man.log"
step check-man ./scripts/check-man.sh .build/man
step fuzz report fuzz "$fuzz" "$logs/fuzz.log"
step reliability suite --filter Reliability --skip ReliabilityTokenServiceTests
step token-flood suite --filter ReliabilityTokenServiceTests
