#!/usr/bin/env bash
# The man pages (make man): margin.1 and one page per subcommand, written by ArgumentParser's
# generate-manual from a built margin's command definitions, then finished by
# scripts/man-fixup.sh. The hidden subcommands margin runs itself (_guard, _recognize) get no page.
#
#   scripts/man.sh --tool            # builds the generator only
#   scripts/man.sh MARGIN [DIR]      # the pages of the margin binary MARGIN, in DIR (.build/man)
#
# The generator is the tool ArgumentParser's GenerateManual plugin runs, built from the checkout
# of swift-argument-parser that margin builds with, in a folder of its own (.build/generate-manual):
# SwiftPM plans the whole package before any plugin runs, most of a minute with nothing to build,
# and a build of its own can run beside margin's (make test starts it there, at the lowest
# priority). Two at once build it once: the second waits for the first's lock.
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
source_dir=.build/checkouts/swift-argument-parser
scratch=.build/generate-manual
tool=$scratch/debug/generate-manual

build_tool() {
    if [ ! -f "$source_dir/Package.swift" ]; then
        "$swift" package resolve >/dev/null || { echo "man: swift package resolve failed" >&2; exit 1; }
    fi
    mkdir -p "$scratch"
    exec 9>"$scratch.lock"
    flock 9
    if [ ! -x "$tool" ] || [ "$source_dir/Package.swift" -nt "$tool" ]; then
        "$swift" build --package-path "$source_dir" --scratch-path "$scratch" -c debug --product generate-manual >&2 ||
            { echo "man: building ArgumentParser's generate-manual failed" >&2; exit 1; }
    fi
    exec 9>&-
}

if [ "${1:-}" = --tool ]; then
    build_tool
    exit 0
fi
if [ $# -lt 1 ] || [ $# -gt 2 ]; then echo "usage: $0 --tool | $0 MARGIN [DIR]" >&2; exit 64; fi
margin=$1 dir=${2:-.build/man}
[ -x "$margin" ] || { echo "man: no margin at '$margin': build it first (make build)" >&2; exit 1; }
build_tool

pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT
"$tool" "$margin" --multi-page --output-directory "$pages" >/dev/null
rm -rf "$dir" && mkdir -p "$dir"
cp "$pages"/margin*.1 "$dir"/
rm -f "$dir"/margin._*.1
./scripts/man-fixup.sh "$dir" "$margin"
