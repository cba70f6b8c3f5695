#!/usr/bin/env bash
# The benchmark suite (`make bench`, bench/README.md): capture latency against curl+sqlite3 and
# spotipy, requests per command from the emulator's log, and note-store scale.
#
# Knobs: BENCH_SIZES ("1000 100000 1000000"), BENCH_RUNS (30), BENCH_WARMUP (3),
# BENCH_IMPORT_RUNS (3), BENCH_WATCH_SECONDS (60), BENCH_BIN (.build/release),
# BENCH_OUT (where RESULTS.md and growth.png go; bench/ for a full default run, else bench/.work/),
# BENCH_PARTS ("all", "filters" for part 4 alone, "voice" for part 5, "sync" for part 6,
# "library" for part 7, "token" for part 8, the token service).
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
bin=${BENCH_BIN:-$root/.build/release}
sizes=$(xargs <<<"${BENCH_SIZES:-1000 100000 1000000}")
runs=${BENCH_RUNS:-30}
warmup=${BENCH_WARMUP:-3}
import_runs=${BENCH_IMPORT_RUNS:-3}
watch_seconds=${BENCH_WATCH_SECONDS:-60}
parts=${BENCH_PARTS:-all}
work_root=$here/.work
results=$work_root/results
venv=$here/.venv

say() { printf '%s\n' "bench: $*" >&2; }
die() { say "$*"; exit 1; }

for knob in runs warmup import_runs watch_seconds; do
    { [[ ${!knob} =~ ^[0-9]+$ ]] && [ "${!knob}" -ge 0 ]; } || die "$knob must be a whole number, got '${!knob}'"
done
{ [ "$runs" -ge 1 ] && [ "$import_runs" -ge 1 ] && [ "$watch_seconds" -ge 1 ]; } || die "BENCH_RUNS, BENCH_IMPORT_RUNS and BENCH_WATCH_SECONDS must be at least 1"
for size in $sizes; do [[ $size =~ ^[1-9][0-9]*$ ]] || die "BENCH_SIZES must be note counts, got '$size'"; done
[ -n "${sizes// /}" ] || die "BENCH_SIZES is empty"
case $parts in all | filters | voice | sync | library | token) ;; *) die "BENCH_PARTS must be all, filters, voice, sync, library or token, got '$parts'" ;; esac

if [ "$sizes" = "1000 100000 1000000" ] && [ "$runs" -ge 30 ] && [ "$watch_seconds" -ge 60 ] && [ "$parts" = all ]; then
    full=1
    out_dir=${BENCH_OUT:-$here}
else
    full=0
    out_dir=${BENCH_OUT:-$work_root}
fi

# --- tools ----------------------------------------------------------------------------------
missing=()
for tool in hyperfine sqlite3 curl jq; do command -v "$tool" >/dev/null || missing+=("$tool"); done
command -v python3 >/dev/null || missing+=(python3 python3-venv)
case $parts in all | token) command -v wrk >/dev/null || missing+=(wrk) ;; esac
[ -x /usr/bin/time ] || missing+=(time)
if [ ${#missing[@]} -gt 0 ]; then
    sudo=; [ "$(id -u)" -eq 0 ] || sudo=sudo
    say "installing ${missing[*]} with apt-get"
    $sudo apt-get update -qq >&2
    $sudo apt-get install -y -qq "${missing[@]}" >&2
fi

stamp=$venv/.requirements
if ! cmp -s "$here/requirements.txt" "$stamp" 2>/dev/null; then
    say "setting up $venv (spotipy, matplotlib)"
    if ! python3 -m venv "$venv" >&2; then
        sudo=; [ "$(id -u)" -eq 0 ] || sudo=sudo
        $sudo apt-get update -qq >&2 && $sudo apt-get install -y -qq python3-venv >&2
        python3 -m venv "$venv" >&2
    fi
    "$venv/bin/pip" install -q -r "$here/requirements.txt" >&2
    cp "$here/requirements.txt" "$stamp"
fi
python=$venv/bin/python

margin=$bin/margin
emulator_bin=$bin/spotify-emulator
{ [ -x "$margin" ] && [ -x "$emulator_bin" ]; } || die "no release build in $bin: run make release (make bench does)"

# --- throwaway HOME and the emulator ----------------------------------------------------------
tmp=$(mktemp -d "${TMPDIR:-/tmp}/margin-bench.XXXXXX")
emulator_pid=
tls_pid=
watch_pid=
sleep_pid=
cleanup() {
    local pid
    for pid in $sleep_pid $watch_pid $emulator_pid $tls_pid; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

rm -rf "$results"
mkdir -p "$results" "$work_root/stores" "$out_dir"

. "$here/../scripts/emulator-env.sh"
start_emulator "$emulator_bin" "$tmp" || die "the emulator did not start"
case $base in http://127.0.0.1:*) ;; *) die "the emulator is not on 127.0.0.1: $base" ;; esac
use_emulator "$tmp"
export MARGIN_DB="$tmp/capture.sqlite"
export NO_COLOR=1
# Everything talks to 127.0.0.1 directly, never through a proxy the environment may name.
export NO_PROXY=127.0.0.1,localhost no_proxy=127.0.0.1,localhost
mkdir -p "$HOME"
credentials=$XDG_CONFIG_HOME/margin/credentials.json

ctl() { # METHOD PATH [JSON]: the emulator's control API
    if [ $# -ge 3 ]; then
        curl -sf -X "$1" -H 'Content-Type: application/json' --data "$3" "$base/emulator/$2"
    else
        curl -sf -X "$1" "$base/emulator/$2"
    fi
}
playing='{"playback":{"kind":"episode","id":"512ojhOuo1ktJprKbVcKyQ","progress_ms":754000,"is_playing":true}}'
paused='{"playback":{"kind":"episode","id":"512ojhOuo1ktJprKbVcKyQ","progress_ms":754000,"is_playing":false}}'

"$margin" login --timeout 30 </dev/null >"$tmp/login.log" 2>&1 || { cat "$tmp/login.log" >&2; die "margin login failed"; }
[ -f "$credentials" ] || die "margin login left no credentials.json"

# hyperfine runs each command without a shell (-N); arguments are quoted for its word splitting.
q() { printf '%q' "$1"; }
hyper() { # NAME hyperfine-args…: results to $results/NAME.json, log to $results/NAME.log
    local name=$1; shift
    hyperfine -N --style basic --export-json "$results/$name.json" "$@" >"$results/$name.log" 2>&1 ||
        { cat "$results/$name.log" >&2; die "hyperfine failed for $name"; }
}

{
    jq -n --arg cpu "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)" \
        --arg cores "$(nproc)" --arg kernel "$(uname -srm)" --arg date "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
        --arg load "$(cut -d' ' -f1-3 /proc/loadavg)" \
        --arg margin "$("$margin" --version 2>/dev/null || echo unknown)" \
        --arg commit "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)" \
        --arg built "$(date -u -r "$margin" +%Y-%m-%dT%H:%M:%SZ)" \
        --arg dirty "$(git -C "$root" status --porcelain -- Sources Package.swift 2>/dev/null | head -n 1)" \
        --arg hyperfine "$(hyperfine --version)" --arg sqlite "$(sqlite3 --version | cut -d' ' -f1)" \
        --arg python "$("$python" --version 2>&1)" \
        --arg spotipy "$("$python" -c 'import importlib.metadata as m; print(m.version("spotipy"))')" \
        --arg sizes "$sizes" --arg runs "$runs" --arg warmup "$warmup" --arg import_runs "$import_runs" \
        --arg watch "$watch_seconds" --arg full "$full" --arg parts "$parts" \
        '{cpu:$cpu, cores:($cores|tonumber), kernel:$kernel, date:$date, load:$load, margin:$margin, commit:$commit, built:$built,
          modified:($dirty != ""), hyperfine:$hyperfine, sqlite:$sqlite, python:$python, spotipy:$spotipy,
          sizes:($sizes|split(" ")|map(select(. != "")|tonumber)), runs:($runs|tonumber),
          warmup:($warmup|tonumber), import_runs:($import_runs|tonumber),
          watch_seconds:($watch|tonumber), full:($full == "1"), parts:$parts}'
} >"$results/machine.json"

generator_hash=$(sha256sum "$here/gen_notes.py" | cut -c1-12)
data=$work_root/data/$generator_hash
mkdir -p "$data"
for old in "$work_root"/data/*; do [ "$old" = "$data" ] || rm -rf "$old"; done

generate() { # SHAPE SIZE NOTES META: gen_notes.py's output, cached by its hash
    [ -s "$3" ] && [ -s "$4" ] && return
    say "  generating $2 notes of the $1 shape (cached in ${data#"$root"/})"
    python3 "$here/gen_notes.py" --shape "$1" "$2" "$3.part" "$4.part"
    mv "$3.part" "$3" && mv "$4.part" "$4"
}

if [ "$parts" = all ]; then
# --- 1. capture latency -----------------------------------------------------------------------
say "1/3 capture latency: margin note vs curl+sqlite3 vs spotipy, $runs runs each"
for db in floor peer; do
    sqlite3 "$tmp/$db.sqlite" "CREATE TABLE capture (id INTEGER PRIMARY KEY, text TEXT NOT NULL,
        created_at TEXT NOT NULL, item_id TEXT, progress_ms INTEGER);"
done
text='the bit about cache stampedes'
ctl PUT player "$playing" >/dev/null
ctl DELETE requests >/dev/null
hyper capture --warmup "$warmup" --runs "$runs" \
    -n 'margin note' "$(q "$margin") note $(q "$text")" \
    -n 'floor (curl + sqlite3)' "bash $(q "$here/floor.sh") $(q "$credentials") $(q "$MARGIN_API_URL") $(q "$tmp/floor.sqlite") $(q "$text")" \
    -n 'peer (spotipy)' "$(q "$python") $(q "$here/peer_spotipy.py") $(q "$credentials") $(q "$MARGIN_API_URL") $(q "$tmp/peer.sqlite") $(q "$text")" \
    -n 'margin --version' "$(q "$margin") --version"
ctl GET requests >"$tmp/capture-log.json"
jq -n --slurpfile log "$tmp/capture-log.json" \
    --arg margin "$("$margin" list --json | jq 'map(select(.pinned)) | length')" \
    --arg floor "$(sqlite3 "$tmp/floor.sqlite" 'SELECT count(*) FROM capture WHERE item_id IS NOT NULL')" \
    --arg peer "$(sqlite3 "$tmp/peer.sqlite" 'SELECT count(*) FROM capture WHERE item_id IS NOT NULL')" \
    '{token_requests: ($log[0] | map(select(.path == "/api/token")) | length),
      failed_requests: ($log[0] | map(select(.status >= 400 or .status == 0)) | length),
      pinned_rows: {margin: ($margin|tonumber), floor: ($floor|tonumber), peer: ($peer|tonumber)}}' \
    >"$results/capture-checks.json"

# --- 1b. capture latency over HTTPS -------------------------------------------------------------
# The path real users take. A second emulator serves TLS with a certificate from a CA made at its
# start; margin trusts the CA through SSL_CERT_FILE, curl through CURL_CA_BUNDLE and spotipy
# (requests) through REQUESTS_CA_BUNDLE. Its own HOME and store keep the two runs apart.
say "1/3 capture latency over HTTPS, $runs runs each"
tls=$tmp/tls
mkdir -p "$tls"
http_base=$base http_pid=$emulator_pid
start_emulator "$emulator_bin" "$tls" tls || die "the TLS emulator did not start"
tls_base=$base tls_pid=$emulator_pid
base=$http_base emulator_pid=$http_pid
case $tls_base in https://127.0.0.1:*) ;; *) die "the TLS emulator is not on https://127.0.0.1: $tls_base" ;; esac
(
    # shellcheck disable=SC2030  # this run's own store, for this subshell only
    export XDG_CONFIG_HOME="$tls/config" MARGIN_DB="$tls/capture.sqlite"
    export MARGIN_ACCOUNTS_URL="$tls_base" MARGIN_API_URL="$tls_base/v1"
    # The user's path: the system's CAs with the emulator's added, as for a proxy's CA, so that
    # every client loads a full bundle (about 140 roots), not one certificate.
    bundle=$tls/bundle.pem
    cat /etc/ssl/certs/ca-certificates.crt "$tls/ca.pem" >"$bundle" 2>/dev/null || cp "$tls/ca.pem" "$bundle"
    export SSL_CERT_FILE="$bundle" CURL_CA_BUNDLE="$bundle" REQUESTS_CA_BUNDLE="$bundle"
    "$margin" login --timeout 30 </dev/null >"$tls/login.log" 2>&1 || { cat "$tls/login.log" >&2; exit 1; }
    curl -sf -X PUT -H 'Content-Type: application/json' --data "$playing" "$tls_base/emulator/player" >/dev/null
    tls_credentials=$XDG_CONFIG_HOME/margin/credentials.json
    for db in floor peer; do
        sqlite3 "$tls/$db.sqlite" "CREATE TABLE capture (id INTEGER PRIMARY KEY, text TEXT NOT NULL,
            created_at TEXT NOT NULL, item_id TEXT, progress_ms INTEGER);"
    done
    hyper capture-https --warmup "$warmup" --runs "$runs" \
        -n 'margin note' "$(q "$margin") note $(q "$text")" \
        -n 'floor (curl + sqlite3)' "bash $(q "$here/floor.sh") $(q "$tls_credentials") $(q "$MARGIN_API_URL") $(q "$tls/floor.sqlite") $(q "$text")" \
        -n 'peer (spotipy)' "$(q "$python") $(q "$here/peer_spotipy.py") $(q "$tls_credentials") $(q "$MARGIN_API_URL") $(q "$tls/peer.sqlite") $(q "$text")"
    jq -n --arg margin "$("$margin" list --json | jq 'map(select(.pinned)) | length')" \
        --arg floor "$(sqlite3 "$tls/floor.sqlite" 'SELECT count(*) FROM capture WHERE item_id IS NOT NULL')" \
        --arg peer "$(sqlite3 "$tls/peer.sqlite" 'SELECT count(*) FROM capture WHERE item_id IS NOT NULL')" \
        '{pinned_rows: {margin: ($margin|tonumber), floor: ($floor|tonumber), peer: ($peer|tonumber)}}' \
        >"$results/capture-https-checks.json"
) || die "capture over HTTPS failed"
kill "$tls_pid" 2>/dev/null || true
wait "$tls_pid" 2>/dev/null || true
tls_pid=
stat -c %s "$margin" >"$results/binary-size.txt"
strip -o "$tmp/margin-stripped" "$margin" && stat -c %s "$tmp/margin-stripped" >>"$results/binary-size.txt"

# --- 2. requests per command --------------------------------------------------------------------
say "2/3 requests per command, then margin watch for ${watch_seconds} s playing and ${watch_seconds} s paused"
record() { # LABEL EXPECTED: the log since the last reset, as one line of requests.jsonl
    ctl GET requests | jq -c --arg command "$1" --argjson expected "$2" \
        '{command: $command, expected: $expected, measured: length,
          requests: map("\(.method) \(.path) \(.status)")}' >>"$results/requests.jsonl"
}
one_command() { # LABEL EXPECTED ARGS…: run margin ARGS… from a playing state, with a clean log
    local label=$1 expected=$2; shift 2
    ctl PUT player "$playing" >/dev/null
    ctl DELETE requests >/dev/null
    "$margin" "$@" >"$tmp/command.out" 2>&1 || { cat "$tmp/command.out" >&2; die "margin $* failed"; }
    record "$label" "$expected"
}
one_command "margin note" 1 note "requests: a plain note"
one_command "margin note --pause" 2 note --pause "requests: a note that pauses"
one_command "margin now" 1 now
note_id=$("$margin" list --limit 1 --json | jq -r '.[0].id')
one_command "margin jump" 1 jump "${note_id:0:8}"

watch_for() { # STATE_JSON LABEL LIMIT_PER_MINUTE [interactive]
    # The window starts at watch's first request (seen within about 50 ms) and ends half a second
    # short of BENCH_WATCH_SECONDS, so that a poll due exactly at the end is not counted by chance.
    # Interactive: the full-screen view on a tmux terminal, through the same window.
    ctl PUT player "$1" >/dev/null
    ctl DELETE requests >/dev/null
    : >"$tmp/watch.out"
    if [ "${4:-}" = interactive ]; then
        tmux -L margin-bench -f /dev/null new-session -d -x 100 -y 30 "exec '$margin' watch"
        watch_pid=$(tmux -L margin-bench list-panes -F '#{pane_pid}')
    else
        "$margin" watch >"$tmp/watch.out" 2>"$tmp/watch.err" &
        watch_pid=$!
    fi
    for _ in $(seq 1 200); do
        [ "$(ctl GET requests | jq length)" -gt 0 ] && break
        sleep 0.05
    done
    # In the background, so that a signal to this script is handled at once.
    sleep "$(awk -v s="$watch_seconds" 'BEGIN { print s - 0.5 }')" &
    sleep_pid=$!
    wait "$sleep_pid"
    sleep_pid=
    # SIGTERM: a background job of a script ignores SIGINT.
    kill -TERM "$watch_pid" 2>/dev/null || true
    wait "$watch_pid" 2>/dev/null || true
    watch_pid=
    ctl GET requests | jq -c --arg command "margin watch ($2)" --argjson seconds "$watch_seconds" \
        --argjson limit "$3" --argjson lines "$(wc -l <"$tmp/watch.out")" \
        '{command: $command, seconds: $seconds, limit_per_minute: $limit, measured: length,
          per_minute: (length * 60 / $seconds), lines: $lines,
          requests: (map("\(.method) \(.path) \(.status)") | unique)}' >>"$results/requests.jsonl"
}
watch_for "$playing" playing 20
watch_for "$paused" paused 12
if command -v tmux >/dev/null; then
    watch_for "$playing" "interactive, playing" 20 interactive
    watch_for "$paused" "interactive, paused" 12 interactive
    tmux -L margin-bench kill-server 2>/dev/null || true
else
    say "tmux is not installed: the interactive watch's requests are not measured"
fi

# --- 3. store scale ---------------------------------------------------------------------------

# The reference export: the note columns of `note` (the contract's fields that the schema
# stores, read from the schema as it is now, internal keys left out), in export order.
reference_query() { # DB
    local columns
    columns=$(sqlite3 "$1" "SELECT group_concat(name, ', ') FROM (SELECT name FROM pragma_table_info('note')
        WHERE name IN ('id', 'text', 'created_at', 'updated_at', 'item_type', 'item_id', 'item_uri', 'item_name',
                       'show_id', 'show_name', 'progress_ms', 'duration_ms') ORDER BY cid)")
    [ -n "$columns" ] || die "no note table in $1"
    printf 'SELECT %s FROM note ORDER BY created_at, id' "$columns"
}

index=0
for size in $sizes; do
    index=$((index + 1))
    say "3/3 store of $size notes ($index of $(wc -w <<<"$sizes"))"
    notes=$data/notes-$size.jsonl meta=$data/notes-$size.meta.json
    generate even "$size" "$notes" "$meta"
    dir=$results/scale-$size
    mkdir -p "$dir"
    cp "$meta" "$dir/meta.json"
    db=$work_root/stores/notes-$size.sqlite
    # shellcheck disable=SC2031  # the HTTPS run's store was its subshell's alone
    export MARGIN_DB=$db

    say "  import ($import_runs runs into an empty store)"
    # One warm-up import, like every other measure: the first run also pages in the input.
    # sync: ext4 frees the previous run's blocks after the unlink; without it that work lands
    # in the timed run.
    hyper "scale-$size/import" --warmup 1 --runs "$import_runs" -n "margin import" \
        --prepare "rm -f $(q "$db") $(q "$db-wal") $(q "$db-shm") $(q "$db-journal"); sync" \
        "$(q "$margin") import $(q "$notes")"

    say "  export vs sqlite3 -json"
    episode=$(jq -r .list_episode "$meta")
    word=$(jq -r .search_word "$meta")
    query=$(reference_query "$db")
    export_runs=$((runs < 5 ? runs : 5))
    hyper "scale-$size/export" --warmup 1 --min-runs "$export_runs" --max-runs "$runs" \
        -n "margin export" "$(q "$margin") export --format jsonl" \
        -n "sqlite3 -json" "sqlite3 -json $(q "$db") $(q "$query")"

    for _ in 1 2 3; do
        /usr/bin/time -v -o "$tmp/time.txt" "$margin" export --format jsonl >/dev/null
        sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time.txt"
    done >"$dir/export-rss-kib.txt"

    jq -n --argjson listed "$("$margin" list --episode "$episode" --json | jq length)" \
        --argjson found "$("$margin" search "$word" --json --limit 20 | jq length)" \
        --argjson exported "$("$margin" export --format jsonl | wc -l)" \
        --argjson reference "$(sqlite3 "$db" "SELECT count(*) FROM ($query)")" \
        --arg query "$query" \
        '{listed: $listed, found: $found, exported: $exported, reference_rows: $reference, reference_query: $query}' \
        >"$dir/checks.json"
done

# list and search at every size in one hyperfine call each, so that the sizes are measured
# minutes closer together, under the same machine load, as the growth ratios need.
list_args=() search_args=()
for size in $sizes; do
    db=$work_root/stores/notes-$size.sqlite meta=$results/scale-$size/meta.json
    list_args+=(-n "list $size" "$(q "$margin") list --db $(q "$db") --episode $(jq -r .list_episode "$meta") --json")
    search_args+=(-n "search $size" "$(q "$margin") search --db $(q "$db") $(q "$(jq -r .search_word "$meta")") --json --limit 20")
done
say "3/3 list and search at every size ($runs runs each)"
hyper list --warmup "$warmup" --runs "$runs" "${list_args[@]}"
hyper search --warmup "$warmup" --runs "$runs" "${search_args[@]}"
fi

case $parts in all | filters) . "$here/filters.sh" ;; esac
case $parts in all | voice) . "$here/voice.sh" ;; esac
case $parts in all | sync) . "$here/sync.sh" ;; esac
case $parts in all | library) . "$here/library.sh" ;; esac
case $parts in all | token) token_bin=$bin; . "$here/token.sh" ;; esac

# --- results ------------------------------------------------------------------------------------
"$python" "$here/report.py" "$results" "$out_dir"
if [ -f "$results/sync/summary.txt" ]; then
    # shellcheck disable=SC2016  # Markdown's backquotes
    { printf '\n## 6. Sync through PostgreSQL\n\n'
      printf 'bench/sync.sh: %s notes of the skewed shape, a local PostgreSQL cluster (scram-sha-256 over TCP on 127.0.0.1), whole `margin sync` processes. Push: the machine that has the notes; pull: a new machine. The floor is psql'"'"'s \\copy of the same rows (id, JSON) into a table of the hub'"'"'s shape.\n\n```text\n' "$sync_notes"
      cat "$results/sync/summary.txt"
      printf '```\n'; } >>"$out_dir/RESULTS.md"
fi
if [ -f "$results/token/summary.txt" ]; then
    { printf '\n## 8. Token service\n\n'
      printf 'bench/token.sh: the release margin-token-service in front of the release emulator (a confidential app, non-rotating refresh), both on 127.0.0.1; wrk POSTs /refresh with one sealed token for %s s, then one connection at a time against the service and against a direct POST /api/token to the emulator (what the service sends), for the latency the service adds.\n\n```text\n' "${TOKEN_SECONDS:-10}"
      cat "$results/token/summary.txt"
      printf '```\n'; } >>"$out_dir/RESULTS.md"
fi
[ "$full" -eq 1 ] || say "not the full default run: results in ${out_dir#"$root"/}/RESULTS.md, bench/RESULTS.md untouched"
