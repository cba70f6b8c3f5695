#!/usr/bin/env bash
# Every module a target imports must be one of its own declared dependencies in Package.swift,
# not one reached through another target: a target's imports then say what it really needs,
# and removing a dependency elsewhere cannot break it. (SwiftPM's
# --explicit-target-dependency-import-check accepts transitive dependencies.) Lower-case names are
# left out: they are Python imports inside test scripts, and no Swift module here is named so.
#
#   ./scripts/check-imports.sh        # lists each import that is not declared; exit 1 if any
set -euo pipefail
cd "$(dirname "$0")/.."
# The toolchain's and the system's modules, which no Package.swift declares.
system='^(SQLite3|Foundation|FoundationEssentials|FoundationNetworking|FoundationXML|Glibc|Darwin|Musl|Android|WinSDK|Dispatch|Synchronization|Observation|Testing|XCTest|_Concurrency|Swift|os|System)$'
describe=$(swift package describe --type json 2>/dev/null)
status=0
while IFS=$'\t' read -r name path declared; do
    while read -r module; do
        [[ -z $module || $module == "$name" || $module =~ $system ]] && continue
        if ! grep -qx -- "$module" <<<"${declared// /$'\n'}"; then
            echo "$name imports $module, which it does not declare"
            status=1
        fi
    done < <(grep -rhoE '^[[:space:]]*(@testable |@_exported |public |internal |package |private |fileprivate )?import (struct |enum |class |protocol |func |var |typealias )?[A-Za-z_][A-Za-z0-9_]*' \
                 --include='*.swift' "$path" 2>/dev/null | awk '{print $NF}' | grep -v '^[a-z]' | sort -u)
done < <(jq -r '.targets[] | select(.module_type == "SwiftTarget") |
    [.c99name, .path, ((.target_dependencies // []) + (.product_dependencies // []) | join(" "))] | @tsv' <<<"$describe")
exit $status
