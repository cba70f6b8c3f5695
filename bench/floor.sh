#!/usr/bin/env bash
# The floor for capture latency: what `margin note TEXT` does, with curl and sqlite3.
#   floor.sh CREDENTIALS_JSON API_URL DB TEXT
# Reads the access token from margin's credentials.json, asks what is playing, and inserts one
# row (text, time, item id, progress) into DB's table `capture` (run.sh creates it).
set -euo pipefail
credentials=$1 api=$2 db=$3 text=$4

# The token is read with bash alone (no jq process), so the floor stays a floor.
json=$(<"$credentials")
[[ $json =~ \"access_token\"[[:space:]]*:[[:space:]]*\"([^\"]+)\" ]] || { echo "floor: no access_token" >&2; exit 1; }
token=${BASH_REMATCH[1]}
# The header goes through curl's config on stdin, so the token is not on a command line.
playing=$(printf 'header = "Authorization: Bearer %s"\n' "$token" |
    curl -sf -K - "$api/me/player/currently-playing?additional_types=episode")
quote() { printf "'%s'" "${1//\'/\'\'}"; }
sqlite3 "$db" "INSERT INTO capture (text, created_at, item_id, progress_ms)
    VALUES ($(quote "$text"), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
            json_extract($(quote "$playing"), '\$.item.id'), json_extract($(quote "$playing"), '\$.progress_ms'));"
