#!/usr/bin/env bash
# `make emulator`: starts spotify-emulator in the background on 127.0.0.1:PORT, to try margin by
# hand (README, "Try it without Spotify"), and returns once it listens, saying how to stop it.
set -euo pipefail

bin=${1:-.build/debug}
port=${2:-8900}
out=$(mktemp "${TMPDIR:-/tmp}/spotify-emulator.XXXXXX")
trap 'rm -f "$out"' EXIT
"$bin/spotify-emulator" --port "$port" </dev/null >"$out" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
    grep -q 'listening on' "$out" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
if ! grep -q 'listening on' "$out"; then
    echo "spotify-emulator did not start on port $port:" >&2
    cat "$out" >&2
    kill "$pid" 2>/dev/null || true
    exit 1
fi
echo "$(cat "$out") (stop it with: kill $pid)"
