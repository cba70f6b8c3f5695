#!/bin/bash
# Two margin binaries side by side on the stores and data a full `make bench` leaves in
# bench/.work: export jsonl of 1M notes, import of 1M notes, `list --episode` of a 4 000 to
# 6 000-note episode of the skewed store, and start-up. Each line: measure, binary, wall
# seconds, user CPU seconds, system CPU seconds (/usr/bin/time), runs alternating between the
# two, so that a busy machine weighs on both alike.
#
#   bash bench/compare.sh OLD/margin NEW/margin
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: bench/compare.sh OLD_MARGIN NEW_MARGIN" >&2; exit 64; }
declare -A binary=([old]=$1 [new]=$2)
db=bench/.work/stores/notes-1000000.sqlite; skew=bench/.work/stores/notes-skewed-1000000.sqlite
data=$(printf '%s\n' bench/.work/data/*/ | head -1)
HOME=$(mktemp -d)
export HOME
trap 'rm -rf "$HOME" /tmp/imp-old.sqlite* /tmp/imp-new.sqlite*' EXIT
t() { /usr/bin/time -f "%e %U %S" "$@" 2>&1 >/dev/null | tail -1; }
ep=$(sqlite3 "$skew" "SELECT item_id FROM note WHERE item_id IS NOT NULL GROUP BY item_id HAVING count(*) BETWEEN 4000 AND 6000 LIMIT 1")
echo "episode $ep: $(sqlite3 "$skew" "SELECT count(*) FROM note WHERE item_id='$ep'") notes"
for _ in 1 2 3; do
  for b in old new; do
    bin=${binary[$b]}
    echo "export $b $(t "$bin" export --format jsonl --db "$db" -o /dev/null)"
  done
done
for _ in 1 2; do
  for b in old new; do
    bin=${binary[$b]}; rm -f "/tmp/imp-$b.sqlite"*
    echo "import $b $(t "$bin" import "${data}notes-1000000.jsonl" --db "/tmp/imp-$b.sqlite")"
  done
done
for b in old new; do
  bin=${binary[$b]}
  for _ in 1 2 3 4 5 6 7 8 9 10; do echo "episode $b $(t "$bin" list --episode "$ep" --json --db "$skew")"; done
  for _ in 1 2 3 4 5 6 7 8 9 10; do echo "version $b $(t "$bin" --version)"; done
done
