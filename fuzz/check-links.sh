#!/usr/bin/env bash
# Checks the symlinks in fuzz/Sources/<Module>/, through which the fuzz package compiles single
# files of the main package's Sources/: each must be relative and lead to a file in Sources/.
# A link that leads nowhere means the file was renamed or removed there; relink it (see
# fuzz/Package.swift). Prints one line per bad link and exits 1 if there is any.
set -uo pipefail

fuzz="$(cd "$(dirname "$0")" && pwd)"
sources="$(cd "$fuzz/../Sources" && pwd -P)"
status=0
count=0
while IFS= read -r -d '' link; do
    count=$((count + 1))
    name="fuzz/${link#"$fuzz"/}"
    target="$(readlink "$link")"
    if [ "${target#/}" != "$target" ]; then
        echo "fuzz: $name: absolute link to $target; link relatively to ../../../Sources/..." >&2
        status=1
    elif [ -d "$link" ]; then
        echo "fuzz: $name: links a folder; link the files the harnesses need, one by one" >&2
        status=1
    elif [ ! -f "$link" ]; then
        echo "fuzz: $name: $target does not exist (renamed or removed in Sources/?)" >&2
        status=1
    else
        resolved="$(cd "$(dirname "$link")" && cd "$(dirname "$target")" && pwd -P)/$(basename "$target")"
        case "$resolved" in
            "$sources"/*) ;;
            *) echo "fuzz: $name: leads to $resolved, outside Sources/" >&2; status=1 ;;
        esac
    fi
done < <(find "$fuzz/Sources" -type l -print0)
if [ "$count" -eq 0 ]; then
    echo "fuzz: no links in fuzz/Sources" >&2
    status=1
fi
exit "$status"
