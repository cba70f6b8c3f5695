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

"$bin/spotify-emulator" --port 0 >"$work/emulator.out" 2>"$work/emulator.err" &
emulator_pid=$!
for _ in $(seq 1 100); do
    grep -q 'listening on' "$work/emulator.out" 2>/dev/null && break
    sleep 0.1
done
base=$(sed -n 's/.*listening on //p' "$work/emulator.out")
[ -n "$base" ] || { echo "demo: the emulator did not start" >&2; cat "$work/emulator.err" >&2; exit 1; }

# The "browser" follows the authorize URL; the emulator approves at once and redirects
# back to margin's callback server, as Spotify does after the user clicks Agree.
cat >"$work/browser" <<'SH'
#!/bin/sh
curl -s -o /dev/null -L "$1"
SH
chmod +x "$work/browser"

export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
export MARGIN_ACCOUNTS_URL="$base" MARGIN_API_URL="$base/v1"
export MARGIN_CLIENT_ID=0123456789abcdef0123456789abcdef
export MARGIN_REDIRECT_URI=http://127.0.0.1/callback
export BROWSER="$work/browser"

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
run margin list --episode
run margin search cache
first=$("$bin/margin" search naming --json | sed -n 's/^\[{"id":"\([0-9a-f-]*\)".*/\1/p')
run margin jump "${first:0:8}"
run margin now
run margin logout
run margin export --format markdown
echo
echo "demo: done"
