#!/usr/bin/env bash
# Starts the Spotify emulator and runs a real margin session against it, in a throwaway
# HOME so nothing touches the user's own config or notes.
set -euo pipefail

bin=${1:-.build/debug}
bin=$(cd "$bin" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/margin-demo.XXXXXX")
emulator_pid=
cleanup() {
    [ -n "$emulator_pid" ] && kill "$emulator_pid" 2>/dev/null && wait "$emulator_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

. "$(dirname "$0")/emulator-env.sh"
# HTTPS, as Spotify: the emulator's CA is trusted through SSL_CERT_FILE, verification stays on.
start_emulator "$bin/spotify-emulator" "$work" tls || exit 1
use_emulator "$work"

run() {
    printf '\n$ %s\n' "$*"
    "$bin/$@" 2>&1
}

echo "Spotify emulator at $base"
run margin login --timeout 30 </dev/null
run margin whoami
run margin devices
run margin now
run margin pause
run margin now --json
run margin resume
run margin note "the bit about naming things" --tag naming
run margin seek 31:05
run margin note "cache stampedes: jitter the expiry" --tag caching
run margin note "a thought for later" --episode 512ojhOuo1ktJprKbVcKyQ --at 48:02 --tag later
run margin nte "a typo" || true
run margin list --episode
run margin search cache
first=$("$bin/margin" search naming --json | sed -n 's/^\[{"id":"\([0-9a-f-]*\)".*/\1/p')
run margin jump "${first:0:8}"
run margin now
run margin logout
run margin export --format markdown
printf '\n$ margin export --format jsonl | margin import -\n'
"$bin/margin" export --format jsonl | "$bin/margin" import - 2>&1
echo
echo "demo: done"
