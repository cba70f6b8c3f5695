# shellcheck shell=bash
# Sourced by scripts/demo.sh and bench/run.sh: starts spotify-emulator and points margin at it.
#
#   start_emulator EMULATOR WORKDIR [tls]   sets emulator_pid and base (http://127.0.0.1:PORT,
#                                           or https:// with the CA in WORKDIR/ca.pem)
#   use_emulator WORKDIR                    a throwaway HOME under WORKDIR, a curl "browser", MARGIN_*,
#                                           and SSL_CERT_FILE for an emulator on HTTPS

start_emulator() {
    local tls_args=()
    [ "${3:-}" = tls ] && tls_args=(--tls --ca-out "$2/ca.pem")
    "$1" --port 0 "${tls_args[@]}" >"$2/emulator.out" 2>"$2/emulator.err" &
    # shellcheck disable=SC2034  # for the script that sources this, which stops it
    emulator_pid=$!
    for _ in $(seq 1 500); do
        grep -q 'listening on' "$2/emulator.out" 2>/dev/null && break
        sleep 0.02
    done
    base=$(sed -n 's/.*listening on //p' "$2/emulator.out")
    if [ -z "$base" ]; then
        echo "the emulator did not start" >&2
        cat "$2/emulator.err" >&2
        return 1
    fi
}

use_emulator() {
    # The "browser" follows the authorize URL; the emulator approves at once and redirects
    # back to margin's callback server, as Spotify does after the user clicks Agree.
    cat >"$1/browser" <<'BROWSER'
#!/bin/sh
curl -s -o /dev/null ${SSL_CERT_FILE:+--cacert "$SSL_CERT_FILE"} -L "$1"
BROWSER
    chmod +x "$1/browser"
    export HOME="$1/home" XDG_CONFIG_HOME="$1/home/.config" XDG_DATA_HOME="$1/home/.local/share"
    export MARGIN_ACCOUNTS_URL="$base" MARGIN_API_URL="$base/v1"
    export MARGIN_CLIENT_ID=0123456789abcdef0123456789abcdef
    export MARGIN_REDIRECT_URI=http://127.0.0.1/callback
    export BROWSER="$1/browser"
    # margin trusts the emulator's CA as a user trusts a corporate proxy's: through SSL_CERT_FILE.
    if [ -f "$1/ca.pem" ]; then export SSL_CERT_FILE="$1/ca.pem"; fi
}
