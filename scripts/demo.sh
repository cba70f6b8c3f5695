#!/usr/bin/env bash
# Starts the Spotify emulator and runs a real margin session against it, in a throwaway
# HOME so nothing touches the user's own config or notes.
set -euo pipefail

bin=${1:-.build/release}
bin=$(cd "$bin" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/margin-demo.XXXXXX")
emulator_pid=
service_pid=
hub_pid=
cleanup() {
    [ -n "$service_pid" ] && kill "$service_pid" 2>/dev/null && wait "$service_pid" 2>/dev/null
    [ -n "$hub_pid" ] && wait "$hub_pid" 2>/dev/null
    [ -n "$emulator_pid" ] && kill "$emulator_pid" 2>/dev/null && wait "$emulator_pid" 2>/dev/null
    [ -f "$work/pulse/run/pulse/pid" ] && kill "$(cat "$work/pulse/run/pulse/pid")" 2>/dev/null
    [ -f "$work/hub/data/postmaster.pid" ] && kill -QUIT "$(head -1 "$work/hub/data/postmaster.pid")" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

scripts=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR source=emulator-env.sh
. "$scripts/emulator-env.sh"

# The hub for the two homes further down: a throwaway PostgreSQL cluster, made and started in
# the background now, as initdb takes a second the rest of the demo need not wait for.
pg_bin=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -1)
hub=$work/hub
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
start_hub() {
    mkdir -p "$hub" && echo demo-hub-pw >"$hub/pw"
    chmod o+x "$work"  # the server runs as postgres under root, and must reach its folder
    [ "$(id -u)" = 0 ] && chown -R postgres "$hub"
    as_pg "$pg_bin/initdb" -D "$hub/data" -U postgres -A scram-sha-256 --pwfile "$hub/pw" --no-sync -E UTF8 --locale=C >/dev/null
    local port
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    printf "listen_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\nfsync = off\n" "$hub" >>"$hub/data/postgresql.conf"
    as_pg "$pg_bin/pg_ctl" -D "$hub/data" -l "$hub/log" -w -o "-p $port" start </dev/null >/dev/null 2>&1
    PGPASSWORD=demo-hub-pw psql -X -q -h 127.0.0.1 -p "$port" -U postgres -c "CREATE DATABASE notes"
    echo "$port" >"$work/hub-port"
}
if [ -n "$pg_bin" ] && [ -x "$pg_bin/postgres" ]; then
    start_hub >"$work/hub-start.log" 2>&1 &
    hub_pid=$!
fi

# HTTPS, as Spotify: the emulator's CA is trusted through SSL_CERT_FILE, verification stays on.
start_emulator "$bin/spotify-emulator" "$work" tls || exit 1
use_emulator "$work"

# A command line as a user types it: arguments with spaces or shell characters quoted.
quote() {
    local words=() word
    for word in "$@"; do
        if [[ $word =~ ^[A-Za-z0-9_./:=@%+,-]+$ ]]; then
            words+=("$word")
        elif [[ $word != *[\"\$\`\\!]* ]]; then
            words+=("\"$word\"")
        else
            words+=("'${word//\'/\'\\\'\'}'")
        fi
    done
    printf '%s' "${words[*]}"
}

run() {
    printf '\n$ %s\n' "$(quote "$@")"
    "$bin/$1" "${@:2}" 2>&1
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
# The live view, on a terminal: n pins a note at the key press, typed while the episode plays.
printf '\n$ margin watch    # then: n, "a good name says why, not what #naming", Enter, q\n'
python3 "$scripts/demo-watch.py" "$bin/margin" "a good name says why, not what #naming"
# The podcast library around the notes: your episodes with where you stopped, saved shows,
# search, and play by name.
run margin episodes
run margin shows
run margin find "deleting code"
run margin play 3EN0073pWBRaBavYtttD1S
run margin play "Naming things"
run margin episodes --show "Craft, Code" --limit 3

# A voice note, transcribed on this machine from a real recording (LibriVox, from Debian's
# pocketsphinx-testdata): by Whisper where its runtime is installed, else by PocketSphinx.
clip=/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav
if [ -f "$clip" ]; then
    run margin note --voice --audio "$clip" --tag austen
    voice=$("$bin/margin" list --tag voice --json | sed -n 's/^\[{"id":"\([0-9a-f-]*\)".*/\1/p')
    run margin show "${voice:0:8}"
fi

# Two homes, one set of notes: the PostgreSQL cluster started above is the hub; the laptop is
# this demo's store, the desktop a second HOME that starts empty.
if [ -n "$hub_pid" ] && wait "$hub_pid" && hub_port=$(cat "$work/hub-port" 2>/dev/null); then
    hub_pid=
    printf '127.0.0.1:%s:notes:postgres:demo-hub-pw\n' "$hub_port" >"$HOME/.pgpass" && chmod 600 "$HOME/.pgpass"
    run margin config set sync.url "postgres://postgres@127.0.0.1:$hub_port/notes?sslmode=disable"
    run margin sync
    desktop=$work/desktop
    mkdir -p "$desktop"
    cp "$HOME/.pgpass" "$desktop/.pgpass"
    on_desktop() { HOME=$desktop XDG_CONFIG_HOME=$desktop/config XDG_DATA_HOME=$desktop/data MARGIN_SYNC_URL="postgres://postgres@127.0.0.1:$hub_port/notes?sslmode=disable" "$bin/margin" "$@"; }
    printf '\n$ margin sync    # on the desktop\n'; on_desktop sync
    printf '\n$ margin list --tag caching    # on the desktop\n'; on_desktop list --tag caching
    stampede=$("$bin/margin" search stampedes --json | sed -n 's/^\[{"id":"\([0-9a-f-]*\)".*/\1/p')
    printf '\n$ margin edit %s "…"    # on the desktop, offline\n' "${stampede:0:8}"
    on_desktop edit "${stampede:0:8}" "cache stampedes: jitter the expiry, or lock one refresh"
    run margin edit "${stampede:0:8}" "cache stampedes: the laptop's words"
    printf '\n$ margin sync    # on the desktop\n'; on_desktop sync
    run margin sync
    printf '\n$ margin sync    # on the desktop\n'; on_desktop sync
    run margin show "${stampede:0:8}" --history
    # Stopped without waiting: nothing of the hub is kept.
    as_pg "$pg_bin/pg_ctl" -D "$hub/data" -m immediate -W stop >/dev/null 2>&1
fi
# A household shares one Spotify app: margin-token-service holds its secret, margin on each
# laptop logs in through it and keeps only a sealed refresh token.
household_id=5ha7edapp0123456789abcdef0123456
household_secret=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
curl -sf ${SSL_CERT_FILE:+--cacert "$SSL_CERT_FILE"} "$base/emulator/state" \
    | python3 -c 'import json, sys; s = json.load(sys.stdin); s["client_id"], s["client_secret"] = sys.argv[1], sys.argv[2]; print(json.dumps(s))' \
        "$household_id" "$household_secret" \
    | curl -sf ${SSL_CERT_FILE:+--cacert "$SSL_CERT_FILE"} -X PUT -H 'Content-Type: application/json' --data @- "$base/emulator/scenario" >/dev/null
(umask 077 && printf 'k1 %s\n' "$(head -c 32 /dev/urandom | base64)" >"$work/service-keys")
MARGIN_SERVICE_CLIENT_ID=$household_id MARGIN_SERVICE_CLIENT_SECRET=$household_secret \
    MARGIN_SERVICE_KEYS_FILE="$work/service-keys" "$bin/margin-token-service" --listen 127.0.0.1:0 \
    --accounts-url "$base" --redirect-uri http://127.0.0.1/callback >"$work/service.out" 2>"$work/service.err" &
service_pid=$!
for _ in $(seq 1 500); do grep -q 'listening on' "$work/service.out" 2>/dev/null && break; sleep 0.02; done
service=$(sed -n 's/.*listening on //p' "$work/service.out")
echo
cat "$work/service.out"
printf '\n$ margin login --token-service %s    # on a housemate'"'"'s laptop\n' "$service"
housemate() { XDG_CONFIG_HOME="$work/housemate/config" XDG_DATA_HOME="$work/housemate/data" "$bin/margin" "$@" 2>&1; }
housemate login --token-service "$service" --timeout 30 </dev/null
printf '\n$ margin whoami    # on the housemate'"'"'s laptop\n'; housemate whoami
printf '\n$ margin now    # on the housemate'"'"'s laptop\n'; housemate now
if kill "$service_pid" 2>/dev/null; then wait "$service_pid" 2>/dev/null || true; fi

run margin logout
run margin export --format markdown
# One page per episode in an Obsidian vault; what the listener writes outside margin's block stays.
run margin export --format obsidian --dir "$work/vault/Podcasts"
printf '\nMy own thoughts, kept on every export.\n' >>"$work/vault/Podcasts/Craft, Code & Curiosity - Ep. 42 — Naming things.md"
run margin export --format obsidian --dir "$work/vault/Podcasts"
printf '\n$ cat "vault/Podcasts/Craft, Code & Curiosity - Ep. 42 — Naming things.md"\n'
cat "$work/vault/Podcasts/Craft, Code & Curiosity - Ep. 42 — Naming things.md"
run margin export --format readwise
printf '\n$ margin export --format jsonl | margin import -\n'
"$bin/margin" export --format jsonl | "$bin/margin" import - 2>&1
echo
echo "demo: done"
