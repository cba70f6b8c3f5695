#!/usr/bin/env bash
# Builds margin's Debian package from a tree staged by `make install-files install-man PREFIX=/usr
# DESTDIR=ROOT` (make deb does both):
#
#   scripts/build-deb.sh ROOT OUTDIR [VERSION]
#
# Version: VERSION, else what the staged margin's --version says. Architecture: dpkg's. Depends:
# what dpkg-shlibdeps finds the binary needs (its shared libraries, the Swift runtime being
# static), and libcurl4 and libpq5, which margin and margin-sync open with dlopen, so that apt
# installs exactly those.
# PocketSphinx is opened with dlopen only when
# speech is transcribed, so it is a Recommends, as are a recorder and the trust roots HTTPS to
# Spotify needs; the Whisper helper's runtime is a venv the user makes (make whisper-runtime).
set -euo pipefail

root=${1:?usage: scripts/build-deb.sh ROOT OUTDIR [VERSION]}
out=${2:?usage: scripts/build-deb.sh ROOT OUTDIR [VERSION]}
here=$(cd "$(dirname "$0")/.." && pwd)
binary="$root/usr/bin/margin"
[ -x "$binary" ] || { echo "build-deb: no margin at $binary" >&2; exit 1; }
[ -x "$root/usr/libexec/margin/margin-sync" ] || { echo "build-deb: no margin-sync at $root/usr/libexec/margin/margin-sync" >&2; exit 1; }

version=${3:-$("$binary" --version)}
arch=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-$(git -C "$here" log -1 --format='%an <%ae>' 2>/dev/null || true)}
[ -n "$maintainer" ] || { echo "build-deb: set DEB_MAINTAINER='Name <address>'" >&2; exit 1; }

# Debian's layout: man pages compressed, the copyright beside the package's other documents.
gzip -9nf "$root"/usr/share/man/man1/*.1
install -D -m 0644 "$here/packaging/copyright" "$root/usr/share/doc/margin/copyright"
# What lintian reports that is so on purpose, each with its reason.
install -D -m 0644 "$here/packaging/lintian-overrides" "$root/usr/share/lintian/overrides/margin"
# A native package's changelog: this version, from the commit it was built from, its subject
# wrapped as Debian's changelog wants (no line over 80 columns, continued under the bullet).
commit=$(git -C "$here" log -1 --format='%h %s' 2>/dev/null || echo "an unrecorded tree")
stamp=$(git -C "$here" log -1 --format='%aD' 2>/dev/null || date -R)
entry=$(printf 'Built from %s.\n' "$commit" | fold -s -w 76 | sed 's/ *$//; 1s/^/  * /; 1!s/^/    /')
printf 'margin (%s) unstable; urgency=medium\n\n%s\n\n -- %s  %s\n' \
    "$version" "$entry" "$maintainer" "$stamp" | gzip -9n > "$root/usr/share/doc/margin/changelog.gz"

# dpkg-shlibdeps works in a source package: a throwaway one whose debian/control names the
# package and whose debian/margin is the staged tree.
mkdir -p "$root/DEBIAN"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/debian"
printf 'Source: margin\n\nPackage: margin\nArchitecture: any\n' > "$work/debian/control"
ln -s "$(cd "$root" && pwd)" "$work/debian/margin"
depends=$(cd "$work" && dpkg-shlibdeps -O -e debian/margin/usr/bin/margin -e debian/margin/usr/libexec/margin/margin-sync \
    | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no libraries for $binary" >&2; exit 1; }
# libcurl is margin's HTTP client, opened with dlopen (so dpkg-shlibdeps cannot see it) at the
# first request; 7.85 is the first to take the protocols it may speak by name.
# libcrypto (SHA-256 for a login's PKCE challenge) is opened the same way; libcurl4 brings it
# too, and the package says so itself. margin-sync opens libpq, PostgreSQL's client, when a sync
# starts.
depends="$depends, libcurl4 (>= 7.85.0), libssl3, libpq5"

(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
cat > "$root/DEBIAN/control" <<EOF
Package: margin
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: ca-certificates, libpocketsphinx3, pocketsphinx-en-us, pulseaudio-utils | pipewire-bin | alsa-utils
Suggests: python3-venv, xdg-utils
Section: utils
Priority: optional
Description: notes pinned to the moment of a Spotify podcast
 margin takes notes while a podcast plays on Spotify and pins each one to the
 episode and the position it was taken at: typed, from an editor, or spoken and
 transcribed on this machine (PocketSphinx, or Whisper in a Python environment
 of the user's). Notes are listed, searched, exported (JSON, CSV, Markdown,
 Obsidian, Readwise), synced through PostgreSQL, and played back from their
 moment on any Spotify Connect device.
EOF

mkdir -p "$out"
rm -f "$out"/margin_*.deb
deb="$out/margin_${version}_${arch}.deb"
# xz at its quickest level: 8 s for a 38 MB package where the default (-z6) takes 38 s for 33 MB.
# (zstd would take under a second, but bookworm's lintian refuses a package made with it.)
dpkg-deb --root-owner-group -Zxz -z1 --build "$root" "$deb" >/dev/null
echo "$deb"
