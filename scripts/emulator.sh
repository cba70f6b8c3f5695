#!/usr/bin/env bash
# `make emulator`: starts spotify-emulator in the background on 127.0.0.1:PORT, to try margin by
# hand (README, "Try it without Spotify"), and returns once it listens, saying how to stop it.
#
#   scripts/emulator.sh [BIN_DIR [PORT]]      (.build/release and 8900)
#
# A port already taken is one line on stderr and exit 1: who holds it (a spotify-emulator and
# its PID, when it is one) and the make command that starts the emulator on a free port instead.
set -euo pipefail

bin=${1:-.build/release}
port=${2:-8900}

say() { printf 'margin: %s\n' "$*" >&2; }

if ! [[ $port =~ ^[0-9]+$ ]] || [ "$port" -lt 1 ] || [ "$port" -gt 65535 ]; then
    say "EMULATOR_PORT=$port is not a port; use one from 1 to 65535, e.g. make emulator EMULATOR_PORT=8901"
    exit 64
fi
if [ ! -x "$bin/spotify-emulator" ]; then
    say "no spotify-emulator in $bin: make emulator builds it"
    exit 1
fi

# listening PORT: whether something accepts connections on 127.0.0.1:PORT.
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# emulator_on PORT: the PID of a spotify-emulator started with --port PORT, from the processes'
# command lines; nothing when there is none.
emulator_on() {
    local proc args i
    for proc in /proc/[0-9]*; do
        mapfile -d '' -t args 2>/dev/null <"$proc/cmdline" || continue
        { [ "${#args[@]}" -gt 1 ] && [ "${args[0]##*/}" = spotify-emulator ]; } || continue
        for ((i = 1; i < ${#args[@]}; i++)); do
            if [ "${args[i]}" = "--port=$1" ] || { [ "${args[i]}" = --port ] && [ "${args[i + 1]:-}" = "$1" ]; }; then
                echo "${proc#/proc/}"
                return
            fi
        done
    done
}

# taken PORT: the one line for a port something already listens on, with the next free port.
taken() {
    local free=$(($1 + 1)) pid
    while [ "$free" -lt 65535 ] && listening "$free"; do free=$((free + 1)); done
    local remedy="make emulator EMULATOR_PORT=$free (and $free in the exports)"
    pid=$(emulator_on "$1")
    if [ -n "$pid" ]; then
        say "port $1 on 127.0.0.1 is taken: a spotify-emulator already runs there (PID $pid): use it, stop it with kill $pid, or start another on a free port: $remedy"
    elif command -v curl >/dev/null && curl -sf --max-time 5 "http://127.0.0.1:$1/emulator/health" >/dev/null 2>&1; then
        say "port $1 on 127.0.0.1 is taken: a spotify-emulator already answers there: use it, or start another on a free port: $remedy"
    else
        say "port $1 on 127.0.0.1 is taken by another program: start the emulator on a free port instead: $remedy"
    fi
}

if listening "$port"; then
    taken "$port"
    exit 1
fi

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
    kill "$pid" 2>/dev/null || true
    # Taken between the check above and the emulator's start: the same line as before it.
    if grep -q 'is taken' "$out"; then
        taken "$port"
    else
        say "spotify-emulator did not start on port $port:"
        cat "$out" >&2
    fi
    exit 1
fi
echo "$(cat "$out") (stop it with: kill $pid)"
