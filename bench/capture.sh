#!/usr/bin/env bash
# Capture against its floor, two margins side by side in the same run: `margin note` of an
# earlier build (OLD) and of this one (NEW) beside curl + sqlite3 doing the same (bench/floor.sh),
# over HTTP and over HTTPS (the emulator's CA added to the system's roots, as a proxy's CA would
# be: in a PEM bundle through SSL_CERT_FILE, and in a hashed directory through SSL_CERT_DIR, as
# Debian keeps the system's), with hyperfine. Prints each table and the ratios to the floor.
#
#   bash bench/capture.sh OLD_BIN_DIR NEW_BIN_DIR      e.g. /tmp/old/.build/release .build/release
#
# Knobs: BENCH_RUNS (30), BENCH_WARMUP (3).
# shellcheck source-path=SCRIPTDIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { echo "usage: bench/capture.sh OLD_BIN_DIR NEW_BIN_DIR" >&2; exit 64; }
old=$(cd "$1" && pwd)/margin new=$(cd "$2" && pwd)/margin emulator_bin=$(cd "$2" && pwd)/spotify-emulator
for binary in "$old" "$new" "$emulator_bin"; do [ -x "$binary" ] || { echo "capture: no $binary" >&2; exit 1; }; done
for tool in hyperfine sqlite3 curl jq; do command -v "$tool" >/dev/null || { echo "capture: needs $tool" >&2; exit 1; }; done
runs=${BENCH_RUNS:-30} warmup=${BENCH_WARMUP:-3}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/margin-capture.XXXXXX")
pids=()
cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
. "$here/../scripts/emulator-env.sh"
export NO_COLOR=1 NO_PROXY=127.0.0.1,localhost no_proxy=127.0.0.1,localhost
playing='{"playback":{"kind":"episode","id":"512ojhOuo1ktJprKbVcKyQ","progress_ms":754000,"is_playing":true}}'
text='the bit about cache stampedes'
q() { printf '%q' "$1"; }

# One transport: its own emulator, HOME, stores and login; then the three commands, alternating.
measure() { # NAME [tls]
    local name=$1 dir=$tmp/$1
    mkdir -p "$dir"
    start_emulator "$emulator_bin" "$dir" ${2:+tls} || { echo "capture: the emulator did not start" >&2; exit 1; }
    pids+=("$emulator_pid")
    (
        use_emulator "$dir"
        case ${2:-} in
        tls)
            cat /etc/ssl/certs/ca-certificates.crt "$dir/ca.pem" >"$dir/bundle.pem" 2>/dev/null || cp "$dir/ca.pem" "$dir/bundle.pem"
            export SSL_CERT_FILE="$dir/bundle.pem" CURL_CA_BUNDLE="$dir/bundle.pem"
            ;;
        tls-directory)
            # As the system's roots are kept on Debian: a directory of hashed certificates.
            mkdir -p "$dir/certs"
            cp -L /etc/ssl/certs/*.0 "$dir/certs/" 2>/dev/null || true
            cp "$dir/ca.pem" "$dir/certs/emulator.pem"
            openssl rehash "$dir/certs"
            # curl (the floor, and the login's browser) reads the system's bundle whatever
            # directory it is given, as Debian builds it: the bundle with the emulator's CA added.
            cat /etc/ssl/certs/ca-certificates.crt "$dir/ca.pem" >"$dir/bundle.pem" 2>/dev/null || cp "$dir/ca.pem" "$dir/bundle.pem"
            unset SSL_CERT_FILE
            export SSL_CERT_DIR="$dir/certs" CURL_CA_BUNDLE="$dir/bundle.pem"
            # The login's browser trusts the emulator's CA alone.
            cat >"$dir/browser" <<BROWSER
#!/bin/sh
curl -s -o /dev/null --cacert '$dir/ca.pem' -L "\$1"
BROWSER
            ;;
        esac
        mkdir -p "$HOME"
        "$new" login --timeout 30 </dev/null >"$dir/login.log" 2>&1 || { cat "$dir/login.log" >&2; exit 1; }
        # shellcheck disable=SC2154  # base: start_emulator's
        curl -sf -X PUT -H 'Content-Type: application/json' --data "$playing" "$base/emulator/player" >/dev/null
        sqlite3 "$dir/floor.sqlite" "CREATE TABLE capture (id INTEGER PRIMARY KEY, text TEXT NOT NULL,
            created_at TEXT NOT NULL, item_id TEXT, progress_ms INTEGER);"
        hyperfine -N --style basic --warmup "$warmup" --runs "$runs" --export-json "$tmp/$name.json" \
            -n "old margin note" "$(q "$old") note --db $(q "$dir/old.sqlite") $(q "$text")" \
            -n "new margin note" "$(q "$new") note --db $(q "$dir/new.sqlite") $(q "$text")" \
            -n "floor (curl + sqlite3)" "bash $(q "$here/floor.sh") $(q "$XDG_CONFIG_HOME/margin/credentials.json") $(q "$MARGIN_API_URL") $(q "$dir/floor.sqlite") $(q "$text")" \
            >"$tmp/$name.log" 2>&1 || { cat "$tmp/$name.log" >&2; exit 1; }
        for store in old new; do
            pinned=$("$new" list --json --db "$dir/$store.sqlite" | jq 'map(select(.pinned)) | length')
            [ "$pinned" -gt 0 ] || { echo "capture: the $store margin pinned no note over $name" >&2; exit 1; }
        done
    )
    echo "$name ($runs runs each; mean ± σ, user and system CPU; ratio to the floor's mean):"
    jq -r '(.results[] | select(.command | startswith("floor")) | .mean) as $floor
        | .results[] | "  \(.command | .[0:24] | . + (" " * (24 - length)))  \(.mean * 1000 | floor) ms ± \(.stddev * 1000 | floor)  user \(.user * 1000 | floor) ms  sys \(.system * 1000 | floor) ms  \(.mean / $floor * 100 | floor / 100)×"' \
        "$tmp/$name.json"
}

measure http
measure https tls
measure https-directory tls-directory
echo "stripped size: old $(strip -o "$tmp/old" "$old" && stat -c %s "$tmp/old") bytes, new $(strip -o "$tmp/new" "$new" && stat -c %s "$tmp/new") bytes"
