#!/usr/bin/env bash
# Runs shellcheck over every shell script of the repository and fails on any finding, of any
# severity. A shell script is found by its first line, never by a list: a #! line naming sh,
# bash, dash or ksh, or, for a file only ever sourced, a `# shellcheck shell=` directive. The
# files are the checkout's (tracked, and new ones git does not ignore); sourced files are
# followed (-x), from the folder of the script that sources them.
#
#   scripts/check-shell.sh        # lists each finding; exit 1 if any
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v shellcheck >/dev/null; then
    echo "check-shell: shellcheck is not installed (Debian: apt-get install shellcheck)" >&2
    exit 1
fi

# Every file of the checkout, NUL-separated; a tree that is not a git checkout is searched
# whole, without the build's and the benchmarks' own folders.
files() {
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files -z --cached --others --exclude-standard
    else
        find . \( -name .git -o -name '.build*' -o -path ./bench/.work -o -path ./bench/.venv \) -prune \
            -o -type f -print0 | sed -z 's|^\./||'
    fi
}

scripts=()
while IFS= read -r -d '' file; do
    [ -f "$file" ] || continue
    first=
    IFS= read -r -n 256 first <"$file" || true
    if [[ $first =~ ^#![^[:space:]]*(/|env[[:space:]]+)(ba|da|k)?sh([[:space:]]|$) || $first =~ ^#\ shellcheck\ shell= ]]; then
        scripts+=("$file")
    fi
done < <(files)

if [ ${#scripts[@]} -eq 0 ]; then
    echo "check-shell: no shell scripts found" >&2
    exit 1
fi
if shellcheck -x -- "${scripts[@]}"; then
    echo "check-shell: ${#scripts[@]} shell scripts, no findings"
else
    echo "check-shell: shellcheck has findings in the scripts above (${#scripts[@]} checked)" >&2
    exit 1
fi
