#!/usr/bin/env bash
# Part 6 of run.sh (sourced by it, or run alone: bench/sync.sh path/to/margin): sync through a
# local PostgreSQL. A first sync of 100 000 notes (the machine that has them pushes, a new
# machine pulls), then an incremental sync of 100 changes each way; the floor is psql's \copy
# of the same 100 000 rows into a table of the same shape. Targets: first sync >= 20 000
# notes/s, incremental <= 100 ms.

sync_notes=${SYNC_NOTES:-100000}
sync_margin=${margin:-${1:-.build/release/margin}}
sync_dir=${results:-bench/.work}/sync
pg_bin=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -1)
sync_say() { if command -v say >/dev/null 2>&1 && [ -n "${results:-}" ]; then say "$@"; else echo "$@"; fi; }

if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/postgres" ]; then
    sync_say "6/6 sync: skipped (needs PostgreSQL: apt-get install postgresql)"
else
    sync_say "6/6 sync: first sync of $sync_notes notes and an incremental sync of 100 changes, local PostgreSQL"
    rm -rf "$sync_dir" && mkdir -p "$sync_dir" && sync_dir=$(cd "$sync_dir" && pwd)
    as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
    echo bench-pw >"$sync_dir/pw"
    [ "$(id -u)" = 0 ] && chown -R postgres "$sync_dir"
    as_pg "$pg_bin/initdb" -D "$sync_dir/data" -U postgres -A scram-sha-256 --pwfile "$sync_dir/pw" -E UTF8 --locale=C >/dev/null
    sync_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    printf "listen_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\n" "$sync_dir" >>"$sync_dir/data/postgresql.conf"
    as_pg "$pg_bin/pg_ctl" -D "$sync_dir/data" -l "$sync_dir/log" -w -o "-p $sync_port" start </dev/null >/dev/null 2>&1
    export PGPASSWORD=bench-pw
    psql -X -q -h 127.0.0.1 -p "$sync_port" -U postgres -c "CREATE DATABASE notes"
    hub="postgres://postgres@127.0.0.1:$sync_port/notes?sslmode=disable"
    machine() { # machine NAME ARGS…: margin with its own store
        MARGIN_DB="$sync_dir/$1.sqlite" MARGIN_SYNC_URL=$hub MARGIN_API_URL=http://127.0.0.1:9/v1 \
            MARGIN_ACCOUNTS_URL=http://127.0.0.1:9 HOME="$sync_dir" "$sync_margin" "${@:2}"
    }
    # Before each timed sync: a checkpoint, and no autovacuum worker at work (the 100 000 rows
    # just written start one), so that the server's own catching up is not what is measured.
    pg_quiet() {
        psql -X -q -h 127.0.0.1 -p "$sync_port" -U postgres -d notes -c "CHECKPOINT" >/dev/null
        for _ in $(seq 100); do
            [ "$(psql -X -q -At -h 127.0.0.1 -p "$sync_port" -U postgres -d notes \
                -c "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'")" = 0 ] && break
            sleep 0.2
        done
    }
    # median_range S…: the median of the timings, and their range.
    median_range() { python3 -c 'import statistics,sys; t=sorted(map(float,sys.argv[1:])); print(f"{statistics.median(t):.3f} {t[0]:.3f} {t[-1]:.3f}")' "$@"; }
    sync_runs=${SYNC_RUNS:-5}
    seconds() { python3 -c 'import sys,time; t=time.perf_counter(); import subprocess; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); print(f"{time.perf_counter()-t:.3f}")' "$@"; }

    python3 "$(dirname "${BASH_SOURCE[0]}")/gen_notes.py" --shape skewed "$sync_notes" "$sync_dir/notes.jsonl" "$sync_dir/notes.json" >/dev/null
    machine a import "$sync_dir/notes.jsonl" >/dev/null
    pg_quiet
    push_s=$(MARGIN_DB="$sync_dir/a.sqlite" MARGIN_SYNC_URL=$hub HOME="$sync_dir" seconds "$sync_margin" sync)
    # The first pull, into a new store each run (the first run's, b, goes on below).
    pulls=()
    for run in $(seq "$sync_runs"); do
        store=$sync_dir/b.sqlite; [ "$run" = 1 ] || store=$sync_dir/b$run.sqlite
        pg_quiet
        pulls+=("$(MARGIN_DB="$store" MARGIN_SYNC_URL=$hub HOME="$sync_dir" seconds "$sync_margin" sync)")
        [ "$run" = 1 ] || rm -f "$store" "$store-wal" "$store-shm" "$store.sync-lock"
    done
    read -r pull_s pull_min pull_max <<<"$(median_range "${pulls[@]}")"
    # The first search on the new machine, which builds the full-text index the pull left.
    search_s=$(MARGIN_DB="$sync_dir/b.sqlite" HOME="$sync_dir" seconds "$sync_margin" search cache 2>/dev/null)
    [ "$(machine a export --format jsonl | md5sum)" = "$(machine b export --format jsonl | md5sum)" ] || echo "sync: the two stores differ" >&2

    # 100 changes: the first 100 notes, edited (a newer updated_at) and imported on machine a.
    head -100 "$sync_dir/notes.jsonl" | python3 -c '
import datetime, json, sys
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")
for line in sys.stdin:
    note = json.loads(line); note["text"] += " (edited)"; note["updated_at"] = now
    print(json.dumps(note, ensure_ascii=False))' >"$sync_dir/changes.jsonl"
    machine a import "$sync_dir/changes.jsonl" >/dev/null
    inc_push_s=$(MARGIN_DB="$sync_dir/a.sqlite" MARGIN_SYNC_URL=$hub HOME="$sync_dir" seconds "$sync_margin" sync)
    inc_pull_s=$(MARGIN_DB="$sync_dir/b.sqlite" MARGIN_SYNC_URL=$hub HOME="$sync_dir" seconds "$sync_margin" sync)
    idle_s=$(MARGIN_DB="$sync_dir/b.sqlite" MARGIN_SYNC_URL=$hub HOME="$sync_dir" seconds "$sync_margin" sync)

    # One note edited on machine a: its push, and its pull on machine b.
    one_id=$(head -1 "$sync_dir/notes.jsonl" | python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["id"])')
    machine a edit "$one_id" "edited once more, alone" >/dev/null
    one_push_s=$(MARGIN_DB="$sync_dir/a.sqlite" MARGIN_SYNC_URL=$hub HOME="$sync_dir" seconds "$sync_margin" sync)
    one_pull_s=$(MARGIN_DB="$sync_dir/b.sqlite" MARGIN_SYNC_URL=$hub HOME="$sync_dir" seconds "$sync_margin" sync)

    # A first push of 20 000 notes, from a store of its own to a hub of its own, each run.
    head -20000 "$sync_dir/notes.jsonl" >"$sync_dir/notes20k.jsonl"
    pushes=()
    for run in $(seq "$sync_runs"); do
        psql -X -q -h 127.0.0.1 -p "$sync_port" -U postgres -c "CREATE DATABASE notes20k_$run"
        MARGIN_DB="$sync_dir/c$run.sqlite" HOME="$sync_dir" "$sync_margin" import "$sync_dir/notes20k.jsonl" >/dev/null
        pg_quiet
        pushes+=("$(MARGIN_DB="$sync_dir/c$run.sqlite" MARGIN_SYNC_URL="postgres://postgres@127.0.0.1:$sync_port/notes20k_$run?sslmode=disable" HOME="$sync_dir" seconds "$sync_margin" sync)")
    done
    read -r push20k_s push20k_min push20k_max <<<"$(median_range "${pushes[@]}")"

    # Live: machine b runs `sync --watch` (LISTEN/NOTIFY, interval 60 s as the fallback); machine
    # a takes 20 notes one by one, each pushed by a `margin sync`; from the start of that sync to
    # the note in b's store.
    MARGIN_DB="$sync_dir/b.sqlite" MARGIN_SYNC_URL=$hub HOME="$sync_dir" python3 - "$sync_margin" "$sync_dir" >"$sync_dir/live.txt" <<'PY'
import os, sqlite3, subprocess, sys, time
margin, folder = sys.argv[1], sys.argv[2]
a = dict(os.environ, MARGIN_DB=f"{folder}/a.sqlite", MARGIN_API_URL="http://127.0.0.1:9/v1", MARGIN_ACCOUNTS_URL="http://127.0.0.1:9")
watcher = subprocess.Popen([margin, "sync", "--watch", "--interval", "60"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(3)
db = sqlite3.connect(f"{folder}/b.sqlite", timeout=5)
latencies = []
for n in range(20):
    text = f"live note {n} from a"
    subprocess.run([margin, "note", text], env=a, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    start = time.perf_counter()
    subprocess.run([margin, "sync"], env=a, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while time.perf_counter() - start < 10:
        if db.execute("SELECT 1 FROM note WHERE text = ?", (text,)).fetchone():
            break
        time.sleep(0.005)
    latencies.append(time.perf_counter() - start)
    time.sleep(0.2)
watcher.terminate()
watcher.wait(timeout=10)
print(" ".join(f"{t:.4f}" for t in latencies))
PY

    # The floor: the same rows (id, json) through psql's \copy into a table of the hub's shape.
    python3 -c '
import json, sys
for line in open(sys.argv[1], encoding="utf-8"):
    note = json.loads(line)
    body = line.rstrip("\n").replace("\\", "\\\\").replace("\t", "\\t")
    print(note["id"] + "\t" + body)' "$sync_dir/notes.jsonl" >"$sync_dir/copy.tsv"
    psql -X -q -h 127.0.0.1 -p "$sync_port" -U postgres -d notes -c "CREATE TABLE floor (id text PRIMARY KEY, body json)"
    copy_s=$(seconds psql -X -q -h 127.0.0.1 -p "$sync_port" -U postgres -d notes -c "\\copy floor FROM '$sync_dir/copy.tsv'")
    dump_s=$(seconds pg_dump -h 127.0.0.1 -p "$sync_port" -U postgres -d notes -n margin -f "$sync_dir/dump.sql")

    as_pg "$pg_bin/pg_ctl" -D "$sync_dir/data" -m fast -w stop >/dev/null 2>&1
    python3 - "$sync_notes" "$push_s" "$pull_s" "$inc_push_s" "$inc_pull_s" "$idle_s" "$copy_s" "$dump_s" \
        "$one_push_s" "$one_pull_s" "$push20k_s" "$(cat "$sync_dir/live.txt")" \
        "$sync_runs" "$push20k_min" "$push20k_max" "$pull_min" "$pull_max" "$search_s" <<'EOF' | tee "$sync_dir/summary.txt"
import statistics, sys
n = int(sys.argv[1]); push, pull, inc_push, inc_pull, idle, copy, dump, one_push, one_pull, push20k = map(float, sys.argv[2:12])
live = sorted(float(t) for t in sys.argv[12].split())
runs = int(sys.argv[13]); push20k_min, push20k_max, pull_min, pull_max, search = map(float, sys.argv[14:19])
def met(ok): return "met" if ok else "MISSED"
print(f"first sync, push 20000 notes:  {push20k:6.2f} s  {20000 / push20k:8.0f} notes/s  (target <= 0.5 s: {met(push20k <= 0.5)}; "
      f"median of {runs}, {push20k_min:.2f} to {push20k_max:.2f})")
print(f"first sync, push {n} notes:  {push:6.2f} s  {n / push:8.0f} notes/s  (target <= 2.5 s: {met(push <= 2.5)})")
print(f"first sync, pull {n} notes:  {pull:6.2f} s  {n / pull:8.0f} notes/s  (target <= 2.1 s: {met(pull <= 2.1)}; "
      f"median of {runs}, {pull_min:.2f} to {pull_max:.2f})")
print(f"first search after that pull:  {search:6.2f} s  (builds the full-text index the pull left)")
print(f"incremental, push 1 note:      {one_push * 1000:5.0f} ms (target <= 100: {met(one_push <= 0.1)})")
print(f"incremental, pull 1 note:      {one_pull * 1000:5.0f} ms (target <= 100: {met(one_pull <= 0.1)})")
if live:
    p50 = statistics.median(live); p95 = live[min(len(live) - 1, round(0.95 * (len(live) - 1)))]
    print(f"live, {len(live)} notes, sync on a to note in b's store: p50 {p50 * 1000:5.0f} ms (target <= 1000: {met(p50 <= 1)}), "
          f"p95 {p95 * 1000:5.0f} ms (target <= 2000: {met(p95 <= 2)}), max {live[-1] * 1000:5.0f} ms")
print(f"floor, psql \\copy of the rows: {copy:6.2f} s  {n / copy:8.0f} rows/s   (push is {push / copy:.1f}x, pull {pull / copy:.1f}x)")
print(f"pg_dump of the hub's schema:  {dump:6.2f} s")
print(f"incremental, push 100 changes: {inc_push * 1000:5.0f} ms (target <= 100: {met(inc_push <= 0.1)})")
print(f"incremental, pull 100 changes: {inc_pull * 1000:5.0f} ms (target <= 100: {met(inc_pull <= 0.1)})")
print(f"nothing to do:                 {idle * 1000:5.0f} ms")
EOF
fi
