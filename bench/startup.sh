#!/usr/bin/env bash
# Start-up and weight: two builds of margin side by side (an earlier one and this one) against
# the floor, a minimal Swift program linked as margin is (bench/floor/main.swift, built here).
#   bench/startup.sh OLD_BIN_DIR NEW_BIN_DIR
# Prints a Markdown table: each command's mean wall and CPU time and its ratio to the floor's,
# then each build's size stripped and its protocol-conformance records (each first lookup of a
# type's conformance scans them all). Knobs: BENCH_RUNS (40), BENCH_WARMUP (5).
set -euo pipefail

old=${1:?usage: bench/startup.sh OLD_BIN_DIR NEW_BIN_DIR}
new=${2:?usage: bench/startup.sh OLD_BIN_DIR NEW_BIN_DIR}
runs=${BENCH_RUNS:-40}
warmup=${BENCH_WARMUP:-5}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
for tool in hyperfine jq swiftc strip readelf; do command -v "$tool" >/dev/null || { echo "startup: needs $tool" >&2; exit 1; }; done
for dir in "$old" "$new"; do [ -x "$dir/margin" ] || { echo "startup: no margin in $dir" >&2; exit 1; }; done

work=$(mktemp -d "${TMPDIR:-/tmp}/margin-startup.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Linked as margin is: the Swift runtime and Foundation static, no symbols exported.
swiftc -O -static-stdlib "$here/floor/main.swift" -o "$work/floor" \
    -lCoreFoundation -l_FoundationICU -l_FoundationCShims -l_FoundationCollections -Xlinker --no-export-dynamic 2>/dev/null
export HOME=$work/home XDG_CONFIG_HOME=$work/home/config XDG_DATA_HOME=$work/home/data
mkdir -p "$HOME"
"$new/margin" list --db "$work/notes.sqlite" >/dev/null 2>&1

# mean wall ms, mean user+system ms of one command (hyperfine's JSON)
measure() {
    hyperfine -N -w "$warmup" -r "$runs" --export-json "$work/run.json" "$@" >/dev/null 2>&1
    jq -r '.results[0] | "\(.mean * 1000) \((.user + .system) * 1000)"' "$work/run.json"
}
read -r floor_wall floor_cpu < <(measure "$work/floor")
row() { # label (shown as code), command words after margin
    local label="\`$1\`"; shift
    read -r old_wall old_cpu < <(measure "$old/margin $*")
    read -r new_wall new_cpu < <(measure "$new/margin $*")
    awk -v l="$label" -v ow="$old_wall" -v oc="$old_cpu" -v nw="$new_wall" -v nc="$new_cpu" -v fw="$floor_wall" -v fc="$floor_cpu" \
        'BEGIN { printf "| %s | %.1f ms (%.1f× floor), CPU %.1f | %.1f ms (%.1f× floor), CPU %.1f |\n", l, ow, ow / fw, oc, nw, nw / fw, nc }'
}
printf '| command | before | after |\n|---|---:|---:|\n'
awk -v w="$floor_wall" -v c="$floor_cpu" 'BEGIN { printf "| the floor (bench/floor) | %.1f ms, CPU %.1f | |\n", w, c }'
row "margin --version" --version
row "margin list --limit 1 (an empty store)" list --limit 1 --db "$work/notes.sqlite"
row "margin config get sync.auto" config get sync.auto

# size stripped, and conformance records (4 bytes each in swift5_protocol_conformances)
weight() {
    strip -o "$work/stripped" "$1"
    local bytes records
    bytes=$(stat -c %s "$work/stripped")
    local size
    size=$(readelf -SW "$1" | awk '{ for (i = 1; i < NF; i++) if ($i == "swift5_protocol_conformances") print $(i + 4) }')
    records=$(( 16#${size:-0} / 4 ))
    printf '%.1f MB, %s records' "$(echo "$bytes / 1000000" | bc -l)" "$records"
}
printf '\n| binary | before | after |\n|---|---:|---:|\n'
printf '| margin, stripped | %s | %s |\n' "$(weight "$old/margin")" "$(weight "$new/margin")"
[ ! -x "$new/margin-sync" ] || printf '| margin-sync, stripped | | %s |\n' "$(weight "$new/margin-sync")"
printf '| the floor, stripped | %s | |\n' "$(weight "$work/floor")"
