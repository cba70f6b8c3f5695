#!/usr/bin/env bash
# Installs margin's Debian package on a clean Debian and runs it there:
#
#   scripts/test-deb.sh .build/deb/margin_VERSION_ARCH.deb      (make deb-test; as root)
#
# The clean Debian is a minimal bookworm made by debootstrap (--variant=minbase) from the
# mirror, kept in .build-debroot/ and copied afresh for every run, entered with chroot. There
# apt installs the package with its Depends alone, from the mirror, before anything else, so
# that margin running at all proves the Depends name every library it needs; then it installs
# the Recommends and transcribes a real recording with PocketSphinx, then man-db to read the
# pages. Before all that, and without root, the package's Depends must name exactly the
# packages the README's Install says it depends on, so that the two cannot drift apart. Only /proc is mounted in the copy (margin finds its helpers through /proc/self/exe),
# and unmounted however the run ends.
#
# DEB_TEST_SUITE (bookworm), DEB_TEST_MIRROR (http://deb.debian.org/debian) and DEB_TEST_CACHE
# (.build-debroot) choose another Debian, mirror or folder.
set -euo pipefail

[ $# = 1 ] || { echo "usage: scripts/test-deb.sh PACKAGE.deb (one; make deb builds it)" >&2; exit 64; }
deb=$(realpath "$1")
[ -f "$deb" ] || { echo "test-deb: no package at $1: run make deb" >&2; exit 1; }

# The README says "depends only on `libc6`, `libgcc-s1`, …" (a package in backquotes, up to the
# parenthesis after the list); the control file's Depends, without versions, must be those.
readme=$(cd "$(dirname "$0")/.." && pwd)/README.md
tick=$'\x60'
named=$(tr '\n' ' ' <"$readme" | grep -o 'depends only on [^(]*' | head -n 1 | grep -o "${tick}[^${tick}]*${tick}" | tr -d "$tick" | sort -u || true)
depends=$(dpkg-deb -f "$deb" Depends | sed 's/[,|]/\n/g' | sed 's/(.*//; s/[[:space:]]//g' | grep . | sort -u || true)
[ -n "$named" ] || { echo "test-deb: the README names no Depends (\"depends only on \`…\`\" in Install)" >&2; exit 1; }
if [ "$named" != "$depends" ]; then
    echo "test-deb: the package depends on $(echo "$depends" | paste -sd ' ') but the README's Install names" \
        "$(echo "$named" | paste -sd ' '): make the README say what the package depends on" >&2
    exit 1
fi
# Debian's own checks of the package: any error or warning that packaging/lintian-overrides
# does not explain fails.
command -v lintian >/dev/null || { echo "test-deb: lintian is not installed (apt-get install lintian)" >&2; exit 1; }
if ! lint=$(lintian --fail-on error,warning "$deb" 2>&1); then
    printf '%s\n' "$lint" | grep -v '^running with root privileges' >&2
    echo "test-deb: lintian finds fault with $(basename "$deb") (packaging/lintian-overrides holds what is meant)" >&2
    exit 1
fi
[ "$(id -u)" = 0 ] || { echo "test-deb: needs root, for debootstrap and chroot" >&2; exit 1; }
suite=${DEB_TEST_SUITE:-bookworm}
cache=$(realpath -m "${DEB_TEST_CACHE:-.build-debroot}")
base="$cache/$suite"
archives="$cache/archives"
run="$cache/run"
started=$SECONDS

say() { printf 'test-deb: %s\n' "$*" >&2; }

# Unmounts what this script mounted in the copy; a copy still holding a mount is never deleted.
release() {
    if mountpoint -q "$run/proc" 2>/dev/null; then umount "$run/proc" || umount -l "$run/proc"; fi
}
remove_run() {
    release
    if mountpoint -q "$run/proc" 2>/dev/null; then say "$run/proc is still mounted; not deleting $run"; return 1; fi
    rm -rf --one-file-system "$run"
}
trap release EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The minimal Debian, made once (or by .ci/run beside the build).
"$(dirname "$0")/debroot.sh"

remove_run
cp -a "$base" "$run"
cp /etc/resolv.conf "$run/etc/resolv.conf"
# dpkg's output through a pseudo-terminal would need /dev/pts mounted too.
echo 'Dpkg::Use-Pty "0";' >"$run/etc/apt/apt.conf.d/90test-deb"
# No service starts in a chroot.
printf '#!/bin/sh\nexit 101\n' >"$run/usr/sbin/policy-rc.d" && chmod 0755 "$run/usr/sbin/policy-rc.d"
# Packages downloaded by earlier runs: apt checks each against the mirror's index before use.
mkdir -p "$archives"
find "$archives" -maxdepth 1 -name '*.deb' -exec cp {} "$run/var/cache/apt/archives/" \;
cp "$deb" "$run/tmp/"
mount -t proc proc "$run/proc"
say "$(basename "$deb") on $suite ($(( SECONDS - started )) s to set up)"

# What runs inside, as a file: a script read from standard input would lose its lines to any
# command that reads it.
cat >"$run/tmp/check.sh" <<'CHROOT'
step() { printf 'test-deb: -- %s\n' "$*" >&2; }
fail() { printf 'test-deb: FAILED: %s\n' "$*" >&2; exit 1; }
user() { HOME=/tmp/home "$@"; }
mkdir -p /tmp/home

step "apt-get install the package with its Depends only"
apt-get update -qq
apt-get install -y -qq --no-install-recommends "$PACKAGE" >/dev/null
dpkg-query -W -f='${Status}\n' margin | grep -qx 'install ok installed' || fail "margin is not installed"

step "margin runs on what its Depends brought"
version=$(margin --version)
[ "$version" = "$(dpkg-query -W -f='${Version}' margin)" ] || fail "margin --version says '$version'"
margin --help >/tmp/help.out || fail "margin --help exited $?"
grep -q '^USAGE: margin' /tmp/help.out || fail "margin --help has no usage"
user margin list >/tmp/list.out 2>&1 || fail "margin list on an empty store exited $?"
grep -q 'No notes yet' /tmp/list.out || fail "margin list on an empty store said: $(cat /tmp/list.out)"
user margin note "written by the installed package" >/dev/null 2>&1 || fail "margin note exited $?"
user margin list --json >/tmp/list.json || fail "margin list --json exited $?"
grep -q '"text" *: *"written by the installed package"' /tmp/list.json || fail "the note is not in margin list --json"

step "margin sync runs margin-sync from /usr/libexec/margin"
margin sync --print-setup-sql >/tmp/setup.sql || fail "margin sync --print-setup-sql exited $?"
grep -q 'CREATE SCHEMA IF NOT EXISTS margin' /tmp/setup.sql || fail "margin sync --print-setup-sql printed: $(head -c 300 /tmp/setup.sql)"
# Exit 7 (the hub cannot be reached), not 1: margin-sync loaded libpq, which the Depends brought.
status=0
user env MARGIN_SYNC_URL='postgres://margin@127.0.0.1:9/notes?sslmode=disable' margin sync >/tmp/sync.out 2>&1 || status=$?
[ "$status" = 7 ] || fail "margin sync with no hub exited $status: $(cat /tmp/sync.out)"
grep -q 'cannot reach the sync hub' /tmp/sync.out || fail "margin sync with no hub said: $(cat /tmp/sync.out)"

step "completions where bash, zsh and fish look"
bash -c 'source /usr/share/bash-completion/completions/margin && complete -p margin' >/tmp/complete.out
grep -q ' margin$' /tmp/complete.out || fail "the bash completion does not complete margin"
head -n 1 /usr/share/zsh/vendor-completions/_margin | grep -qx '#compdef margin' || fail "no zsh completion"
grep -q "^complete -c 'margin'" /usr/share/fish/vendor_completions.d/margin.fish || fail "no fish completion"

step "the Recommends: PocketSphinx transcribes a recording on its own"
apt-get satisfy -y -qq "$(dpkg-query -W -f='${Recommends}' margin)" >/dev/null
apt-get install -y -qq --no-install-recommends pocketsphinx-testdata >/dev/null
user margin transcribe --engines >/tmp/engines.out || fail "margin transcribe --engines exited $?"
grep -qx 'pocketsphinx: ready' /tmp/engines.out || fail "PocketSphinx is not ready: $(cat /tmp/engines.out)"
grep -qx '  helper: /usr/bin/../libexec/margin/margin-whisper' /tmp/engines.out \
    || fail "margin does not find its Whisper helper: $(cat /tmp/engines.out)"
clip=/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav
user margin note --voice --audio "$clip" >/dev/null 2>&1 || fail "margin note --voice exited $?"
user margin list --json >/tmp/list.json || fail "margin list --json exited $?"
grep -q '"state" *: *"done"' /tmp/list.json || fail "the recording was not transcribed: $(cat /tmp/list.json)"

step "man margin and a subcommand's page"
apt-get install -y -qq --no-install-recommends man-db >/dev/null
MANPAGER=cat MANWIDTH=80 man margin >/tmp/man.out 2>/dev/null || fail "man margin exited $?"
grep -q 'margin.note(1)' /tmp/man.out || fail "man margin does not list its subcommands"
MANPAGER=cat MANWIDTH=80 man margin.note >/tmp/man.out 2>/dev/null || fail "man margin.note exited $?"
grep -q -- '--voice' /tmp/man.out || fail "man margin.note lacks --voice"
! ls /usr/share/man/man1/margin._* >/dev/null 2>&1 || fail "the hidden subcommands have man pages: $(ls /usr/share/man/man1/margin._*)"
MANPAGER=cat MANWIDTH=80 man margin >/tmp/man.out 2>/dev/null || fail "man margin exited $?"
if grep -q 'margin\._' /tmp/man.out; then fail "man margin names a hidden subcommand"; fi

step "dpkg -r leaves none of its files"
dpkg -r margin >/dev/null
for gone in /usr/bin/margin /usr/libexec/margin /usr/share/man/man1/margin.1.gz /usr/share/bash-completion/completions/margin; do
    [ ! -e "$gone" ] || fail "$gone is left after dpkg -r"
done
CHROOT

status=0
chroot "$run" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes LC_ALL=C.UTF-8 \
    PACKAGE="/tmp/$(basename "$deb")" /bin/bash -euo pipefail /tmp/check.sh </dev/null || status=$?

find "$run/var/cache/apt/archives" -maxdepth 1 -name '*.deb' ! -name 'margin_*' -exec cp -u {} "$archives/" \;
release
if [ "$status" = 0 ]; then
    remove_run
    say "passed in $(( SECONDS - started )) s"
else
    say "failed in $(( SECONDS - started )) s; the chroot is left in $run"
fi
exit "$status"
