#!/usr/bin/env bash
# Makes the minimal Debian that scripts/test-deb.sh installs margin's package on, once:
# debootstrap --variant=minbase from the mirror into .build-debroot/SUITE, which only counts as
# made once debootstrap finished. As root.
#
#   scripts/debroot.sh        (make deb-root; test-deb.sh runs it first)
#
# .ci/run starts it beside the build, where it costs nothing: it waits on the network and the
# disk, and the build on the processors. Two at once take turns (a lock in the folder), so the
# second finds the first's work done.
#
# DEB_TEST_SUITE (bookworm), DEB_TEST_MIRROR (http://deb.debian.org/debian) and DEB_TEST_CACHE
# (.build-debroot) choose another Debian, mirror or folder.
set -euo pipefail

[ "$(id -u)" = 0 ] || { echo "debroot: needs root, for debootstrap" >&2; exit 1; }
suite=${DEB_TEST_SUITE:-bookworm}
mirror=${DEB_TEST_MIRROR:-http://deb.debian.org/debian}
cache=$(realpath -m "${DEB_TEST_CACHE:-.build-debroot}")
base="$cache/$suite"

mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9
if [ ! -d "$base" ]; then
    echo "debroot: debootstrap --variant=minbase $suite from $mirror (once; kept in $base)" >&2
    rm -rf --one-file-system "$base.partial"
    debootstrap --variant=minbase "$suite" "$base.partial" "$mirror" >"$cache/debootstrap.log" 2>&1 \
        || { tail -n 20 "$cache/debootstrap.log" >&2; echo "debroot: debootstrap failed (log: $cache/debootstrap.log)" >&2; exit 1; }
    rm -f "$base.partial"/var/cache/apt/archives/*.deb
    mv "$base.partial" "$base"
fi
