#!/usr/bin/env bash
# Part 7 of run.sh (sourced by it, or run alone: bash bench/token.sh [BIN_DIR]): the token
# service. The release spotify-emulator plays a confidential Spotify app, the release
# margin-token-service stands in front of it, both on free ports of 127.0.0.1; wrk drives
# POST /refresh with a sealed token for TOKEN_SECONDS (10), then one connection at a time
# against the service and against a direct POST /api/token to the emulator (what the service
# itself sends), for the latency the service adds. Targets: >= 2000 refreshes/s, <= 2 ms
# added at the median. Needs wrk (apt-get install wrk), curl and jq.

token_bin=${token_bin:-${BENCH_BIN:-${1:-.build/release}}}
token_seconds=${TOKEN_SECONDS:-10}
token_connections=${TOKEN_CONNECTIONS:-32}
token_dir=${results:-bench/.work}/token
token_say() { if command -v say >/dev/null 2>&1 && [ -n "${results:-}" ]; then say "$@"; else echo "bench: $*" >&2; fi; }

token_missing=
for tool in wrk curl jq; do command -v "$tool" >/dev/null || token_missing="$token_missing $tool"; done
if [ -n "$token_missing" ]; then
    token_say "8/8 token service: skipped (needs$token_missing: apt-get install$token_missing)"
elif [ ! -x "$token_bin/margin-token-service" ] || [ ! -x "$token_bin/spotify-emulator" ]; then
    token_say "8/8 token service: skipped (no $token_bin/margin-token-service; run make release)"
else
    token_say "8/8 token service: POST /refresh for ${token_seconds}s with wrk, $token_connections connections"
    rm -rf "$token_dir" && mkdir -p "$token_dir" && token_dir=$(cd "$token_dir" && pwd)
    token_pids=()
    token_cleanup() { for pid in "${token_pids[@]}"; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done; token_pids=(); }
    # Alone, stop what this part started on exit; sourced by run.sh, its own cleanup runs too.
    if declare -F cleanup >/dev/null; then trap 'token_cleanup; cleanup' EXIT; else trap token_cleanup EXIT; fi
    token_client=5ha7edbench0123456789abcdef0123
    token_secret=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
    verifier=dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM
    redirect=http://127.0.0.1:43123/callback
    printf '{"client_id":"%s","client_secret":"%s","refresh_mode":"non-rotating"}\n' "$token_client" "$token_secret" >"$token_dir/scenario.json"
    (umask 077; printf 'k1 %s\n' "$(head -c32 /dev/urandom | base64)" >"$token_dir/keys")

    # start BINARY ARGS…: runs it in the background and sets $listened to the URL it announces.
    start() {
        local out
        out=$token_dir/$(basename "$1").out
        "$@" >"$out" 2>"$out.log" &
        token_pids+=($!)
        for _ in $(seq 100); do grep -q ' listening on ' "$out" 2>/dev/null && break; sleep 0.1; done
        listened=$(sed -n 's/.* listening on //p' "$out" | head -1)
        [ -n "$listened" ] || { cat "$out.log" >&2; return 1; }
    }
    start "$token_bin/spotify-emulator" --scenario "$token_dir/scenario.json"
    emulator_url=$listened
    MARGIN_SERVICE_CLIENT_ID=$token_client MARGIN_SERVICE_CLIENT_SECRET=$token_secret MARGIN_SERVICE_KEYS_FILE=$token_dir/keys \
        start "$token_bin/margin-token-service" --listen 127.0.0.1:0 --accounts-url "$emulator_url" \
        --redirect-uri http://127.0.0.1/callback --rate-limit 1000000000/1
    service_url=$listened

    # code: one approved /authorize for the shared app, with the S256 challenge of $verifier.
    code() {
        curl -s -o /dev/null -w '%{redirect_url}' "$emulator_url/authorize?client_id=$token_client&response_type=code&redirect_uri=$redirect&state=s&code_challenge_method=S256&code_challenge=$challenge" \
            | sed -n 's/.*[?&]code=\([^&]*\).*/\1/p'
    }
    sealed=$(curl -s -X POST -d "code=$(code)&redirect_uri=$redirect&code_verifier=$verifier" "$service_url/swap" | jq -r .refresh_token)
    raw=$(curl -s -X POST -u "$token_client:$token_secret" \
        -d "grant_type=authorization_code&code=$(code)&redirect_uri=$redirect&code_verifier=$verifier" "$emulator_url/api/token" | jq -r .refresh_token)

    # drive NAME URL BODY CONNECTIONS SECONDS [AUTH]: wrk POSTing BODY, a JSON summary in NAME.json.
    drive() {
        local auth=${6:+"wrk.headers[\"Authorization\"] = \"Basic $(printf '%s' "$6" | base64 -w0)\""}
        cat >"$token_dir/$1.lua" <<LUA
wrk.method = "POST"
wrk.body = "$3"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
$auth
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"seconds":%.3f,"errors":%d,"non2xx":%d,"p50_ms":%.3f,"p90_ms":%.3f,"p99_ms":%.3f}\n',
    summary.requests, summary.duration / 1e6, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50) / 1e3, latency:percentile(90) / 1e3, latency:percentile(99) / 1e3))
end
LUA
        local threads=$(( $4 < 2 ? 1 : 2 ))
        wrk -t"$threads" -c"$4" -d"$5"s --timeout 10s -s "$token_dir/$1.lua" "$2" | tail -1 >"$token_dir/$1.json"
    }
    drive warmup "$service_url/refresh" "refresh_token=$sealed" 8 2
    drive service "$service_url/refresh" "refresh_token=$sealed" "$token_connections" "$token_seconds"
    drive direct "$emulator_url/api/token" "grant_type=refresh_token&refresh_token=$raw" "$token_connections" "$token_seconds" "$token_client:$token_secret"
    drive service-1 "$service_url/refresh" "refresh_token=$sealed" 1 5
    drive direct-1 "$emulator_url/api/token" "grant_type=refresh_token&refresh_token=$raw" 1 5 "$token_client:$token_secret"
    token_cleanup
    if declare -F cleanup >/dev/null; then trap cleanup EXIT; else trap - EXIT; fi
    # The whole output of the service during the run: no secret may be in it.
    leaks=0
    for secret in "$token_secret" "$raw" "$(cut -d' ' -f2 "$token_dir/keys")"; do
        grep -qF -- "$secret" "$token_dir/margin-token-service.out" "$token_dir/margin-token-service.out.log" && leaks=$((leaks + 1))
    done
    python3 - "$token_dir" "$token_connections" "$leaks" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)" <<'PY' | tee "$token_dir/summary.txt"
import json, sys
d, connections, leaks, cores, load = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
r = {name: json.load(open(f"{d}/{name}.json")) for name in ("service", "direct", "service-1", "direct-1")}
def met(ok): return "met" if ok else "MISSED"
rate = r["service"]["requests"] / r["service"]["seconds"]
direct = r["direct"]["requests"] / r["direct"]["seconds"]
added = r["service-1"]["p50_ms"] - r["direct-1"]["p50_ms"]
bad = sum(x["errors"] + x["non2xx"] for x in r.values())
print(f"machine: {cores} cores, load average {load} at the end")
print(f"service POST /refresh, {connections} connections:  {rate:8.0f} refreshes/s  p50 {r['service']['p50_ms']:.2f} ms  p99 {r['service']['p99_ms']:.2f} ms  (target >= 2000/s: {met(rate >= 2000)})")
print(f"direct POST /api/token, {connections} connections: {direct:8.0f} refreshes/s  p50 {r['direct']['p50_ms']:.2f} ms  p99 {r['direct']['p99_ms']:.2f} ms  (the emulator alone)")
print(f"one connection: service p50 {r['service-1']['p50_ms']:.3f} ms, direct p50 {r['direct-1']['p50_ms']:.3f} ms: added {added:.3f} ms  (target <= 2 ms: {met(added <= 2)})")
print(f"failed or non-2xx requests: {bad}; secrets in the service's output: {leaks}")
PY
fi
