#!/usr/bin/env bash
# Checks the man pages `make man` built: lexgrog reads each page's name (its file's) and a
# description, which is what whatis and apropos find; mandoc -Tlint has nothing to say of them,
# style included; each page has EXAMPLES and margin's EXIT STATUS, every code of
# Sources/MarginViews/ExitStatus.swift among them. make test runs it after make man.
#
#   scripts/check-man.sh [DIR]      DIR: .build/man unless given
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-.build/man}

for tool in lexgrog mandoc; do
    command -v "$tool" >/dev/null || { echo "check-man: $tool is missing: apt-get install man-db mandoc" >&2; exit 1; }
done
[ -f "$dir/margin.1" ] || { echo "check-man: no margin.1 in '$dir': run make man" >&2; exit 1; }
codes=$(sed -n 's/^ *case [A-Za-z]* = \([0-9]*\)$/\1/p' Sources/MarginViews/ExitStatus.swift)
[ -n "$codes" ] || { echo "check-man: no exit codes found in Sources/MarginViews/ExitStatus.swift" >&2; exit 1; }

problems=()
pages=("$dir"/margin*.1)
for page in "${pages[@]}"; do
    name=$(basename "$page" .1)
    if ! whatis=$(lexgrog "$page" 2>&1); then
        problems+=("$page: lexgrog cannot read its NAME: $whatis")
    elif [[ $whatis != "$page: \"$name - "?* ]]; then
        problems+=("$page: lexgrog reads the name and description as $whatis, not \"$name - …\"")
    fi
    grep -qx '\.Sh EXAMPLES' "$page" || problems+=("$page: no EXAMPLES")
    exit_status=$(sed -n '/^\.Sh EXIT STATUS$/,/^\.Sh /p' "$page")
    missing=()
    for code in 0 $codes; do grep -qx "\.It $code" <<<"$exit_status" || missing+=("$code"); done
    [ ${#missing[@]} -eq 0 ] || problems+=("$page: EXIT STATUS does not list ${missing[*]}")
done
# In their folder, where mandoc finds the pages each one refers to (margin.note(1), margin(1)).
lint=$(cd "$dir" && mandoc -Tlint -Wall margin*.1 2>&1) || true
[ -z "$lint" ] || problems+=("$lint")

if [ ${#problems[@]} -gt 0 ]; then
    printf 'check-man: %s\n' "${problems[@]}" >&2
    exit 1
fi
echo "check-man: ${#pages[@]} pages: lexgrog reads each, mandoc -Tlint finds nothing"
