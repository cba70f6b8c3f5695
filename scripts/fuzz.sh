#!/usr/bin/env bash
# Checks fuzz/Sources' links into Sources/, builds the libFuzzer harnesses in fuzz/ and runs each
# target for SECONDS (default 60).
#
#   ./scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. ./scripts/fuzz.sh 10 time ref
#   ./scripts/fuzz.sh --build                    the harnesses only (make test starts it beside
#                                                its own build, at the lowest priority)
#   ./scripts/fuzz.sh --built [SECONDS] [TARGET...]  runs the harnesses --build built, without
#                                                asking SwiftPM again (make test, after it)
#
# Seeds come from fuzz/corpus/<target>/ (plus shared/fixtures/spotify/ for the `spotify` target);
# libFuzzer grows a scratch copy under fuzz/.build/corpus/<target>/, so the committed corpus stays
# small. Crash, timeout and out-of-memory inputs land in fuzz/findings/<target>/ (gitignored).
# Exits non-zero if any target found something. FUZZ_JOBS targets run at a time (default: one
# a core). An input still running after FUZZ_UNIT_TIMEOUT seconds (5) is a finding (and one
# that ran that long is written down as slow): libFuzzer measures it on the wall clock, so a run
# at the lowest priority beside other work (make test's) gives it longer.
set -uo pipefail

build_only=false built=false
case "${1:-}" in
    --build) build_only=true; shift ;;
    --built) built=true; shift ;;
esac
seconds="${1:-60}"
shift || true
root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz="$root/fuzz"
shared="${MARGIN_SHARED:-$root/../shared}"
all_targets=(time ref date config credentials import spotify callback wav hub)
targets=("$@")
[ "${#targets[@]}" -eq 0 ] && targets=("${all_targets[@]}")

# fuzz/Sources/<Module>/ links single files of Sources/; a dangling link is a file renamed there.
if ! "$fuzz/check-links.sh"; then
    echo "fuzz: fix the links named above (how: fuzz/Package.swift)" >&2
    exit 2
fi

swift="${SWIFT:-swift}"
if "$built"; then
    bin="$fuzz/.build/debug"
else
    echo "fuzz: building (debug, -sanitize=fuzzer,address)"
    start=$(date +%s)
    if ! "$swift" build --package-path "$fuzz" -c debug \
            -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library; then
        echo "fuzz: build failed" >&2
        exit 2
    fi
    echo "fuzz: build took $(( $(date +%s) - start ))s"
    "$build_only" && exit 0
    bin="$("$swift" build --package-path "$fuzz" -c debug --show-bin-path \
            -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)"
fi

# One target's run: its summary line in $logs/$target.summary, its status in $logs/$target.status.
logs="$fuzz/.build/logs"
mkdir -p "$logs"
run_target() {
    local target="$1" exe scratch findings log before rc after found execs cov line status=0
    exe="$bin/fuzz-$target"
    if [ ! -x "$exe" ]; then
        echo "fuzz: no such target: $target" >&2
        printf '%-12s no such target\n' "$target" > "$logs/$target.summary"
        echo 2 > "$logs/$target.status"
        return
    fi
    scratch="$fuzz/.build/corpus/$target"
    findings="$fuzz/findings/$target"
    log="$logs/$target.log"
    mkdir -p "$scratch" "$findings"
    cp -p "$fuzz/corpus/$target"/* "$scratch"/ 2>/dev/null || true
    if [ "$target" = spotify ]; then
        if [ -d "$shared/fixtures/spotify" ]; then
            find "$shared/fixtures/spotify" -type f -name '*.json' | while read -r f; do
                cp "$f" "$scratch/fixture-$(basename "$(dirname "$f")")-$(basename "$f")"
            done
        else
            echo "fuzz: warning: $shared/fixtures/spotify not found; seeding from fuzz/corpus/spotify only" >&2
        fi
    fi
    before=$(find "$findings" -type f | wc -l)
    echo "fuzz: $target for ${seconds}s"
    # A finding stops the run. The Swift backtracer is off so libFuzzer sees the trap itself (and
    # saves the input); ASan's leak checker is off: the Swift runtime's
    # caches look like leaks to LSan and are not findings.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" \
    "$exe" "$scratch" -max_total_time="$seconds" -timeout="${FUZZ_UNIT_TIMEOUT:-5}" -report_slow_units="${FUZZ_UNIT_TIMEOUT:-5}" -rss_limit_mb=2048 \
        -artifact_prefix="$findings/" -print_final_stats=1 > "$log" 2>&1
    rc=$?
    after=$(find "$findings" -type f | wc -l)
    found=$(( after - before ))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    [ -z "$execs" ] && execs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    line=$(printf '%-12s execs=%-10s cov=%-6s findings=%s rc=%s' "$target" "${execs:-?}" "${cov:-?}" "$found" "$rc")
    if [ "$rc" -ne 0 ] || [ "$found" -gt 0 ]; then
        status=1
        line="$line  FAIL (log: ${log#"$root"/}; inputs: ${findings#"$root"/}/)"
        grep -m3 -E 'ERROR: |Fatal error|SUMMARY' "$log" | sed 's/^/    /' >&2
    fi
    echo "$line" > "$logs/$target.summary"
    echo "$status" > "$logs/$target.status"
}

# FUZZ_JOBS targets at a time, one a core by default: each still has its SECONDS of a core.
jobs_max="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
for target in "${targets[@]}"; do
    rm -f "$logs/$target.summary" "$logs/$target.status"
    run_target "$target" &
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
done
wait

status=0
summary=()
for target in "${targets[@]}"; do
    summary+=("$(cat "$logs/$target.summary" 2>/dev/null || echo "$target did not run")")
    s=$(cat "$logs/$target.status" 2>/dev/null || echo 2)
    [ "$s" -gt "$status" ] && status=$s
done

echo
echo "fuzz summary (${seconds}s per target):"
printf '  %s\n' "${summary[@]}"
exit "$status"
