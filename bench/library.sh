# shellcheck shell=bash
# Part 7 of run.sh (sourced by it after the login): the requests `margin episodes --annotated`
# makes for 200 annotated episodes, with a cold cache, a fresh one, --refresh, and a
# development-mode app that Spotify refuses batches. Targets: <= 4 requests cold, 0 fresh.
# Uses run.sh's margin, say, ctl and results.
: "${margin:?}" "${results:?}"

say "7/8 library: requests of margin episodes --annotated for 200 annotated episodes"
lib_dir=$results/library
rm -rf "$lib_dir" && mkdir -p "$lib_dir"
lib_db=$lib_dir/library.sqlite
lib_state=$(ctl GET state)
lib_scenario() { # BATCH: the login's scenario with 10 generated shows of 20 episodes, nothing playing
    jq -c --argjson batch "$1" '.library = {"generated_shows": 10, "episodes_per_show": 20, "batch_lookups": $batch}
        | .playback = {"kind": "none"}' <<<"$lib_state"
}
ctl PUT scenario "$(lib_scenario true)" >/dev/null
ctl GET catalog >"$lib_dir/catalog.json"

# Two notes on each of the 200 generated episodes, taken a minute apart.
python3 - "$lib_dir/catalog.json" "$lib_dir/notes.jsonl" <<'PY'
import json, sys, uuid
catalog = json.load(open(sys.argv[1]))
with open(sys.argv[2], "w") as out:
    minute = 0
    for show in catalog["shows"][2:]:
        for episode in show["episodes"]:
            for progress in (60000, 600000):
                minute += 1
                stamp = f"2026-10-{1 + minute // 1440:02d}T{minute // 60 % 24:02d}:{minute % 60:02d}:00.000Z"
                out.write(json.dumps({
                    "id": str(uuid.UUID(int=minute)), "text": f"thought {minute}", "tags": [],
                    "created_at": stamp, "updated_at": stamp, "pinned": True, "item_type": "episode",
                    "item_id": episode["id"], "item_uri": "spotify:episode:" + episode["id"],
                    "item_name": episode["name"], "show_id": show["id"], "show_name": show["name"],
                    "progress_ms": progress, "duration_ms": episode["duration_ms"], "position": None, "link": None,
                }, ensure_ascii=False) + "\n")
PY
MARGIN_DB=$lib_db "$margin" import "$lib_dir/notes.jsonl" >/dev/null

lib_run() { # ARGS…: one margin episodes --annotated run; prints "requests milliseconds episodes"
    ctl DELETE requests >/dev/null
    local start end listed
    start=$(date +%s%N)
    listed=$(MARGIN_DB=$lib_db "$margin" episodes --annotated --json "$@" | jq length)
    end=$(date +%s%N)
    printf '%s %s %s\n' "$(ctl GET requests | jq '[.[] | select(.path | startswith("/v1/"))] | length')" \
        "$(((end - start) / 1000000))" "$listed"
}
read -r cold_requests cold_ms cold_listed < <(lib_run)
read -r fresh_requests fresh_ms _ < <(lib_run)
read -r refresh_requests refresh_ms _ < <(lib_run --refresh)
ctl PUT scenario "$(lib_scenario false)" >/dev/null
read -r dev_requests dev_ms _ < <(lib_run --refresh)
ctl PUT scenario "$lib_state" >/dev/null

jq -n --argjson cold "$cold_requests" --argjson cold_ms "$cold_ms" --argjson listed "$cold_listed" \
    --argjson fresh "$fresh_requests" --argjson fresh_ms "$fresh_ms" \
    --argjson refresh "$refresh_requests" --argjson refresh_ms "$refresh_ms" \
    --argjson dev "$dev_requests" --argjson dev_ms "$dev_ms" \
    '{episodes: $listed, notes: ($listed * 2),
      runs: [{run: "cold", requests: $cold, ms: $cold_ms}, {run: "fresh", requests: $fresh, ms: $fresh_ms},
             {run: "refresh", requests: $refresh, ms: $refresh_ms}, {run: "development", requests: $dev, ms: $dev_ms}]}' \
    >"$lib_dir/library.json"
say "  episodes --annotated for $cold_listed episodes: $cold_requests requests cold, $fresh_requests fresh, $dev_requests in development mode"
