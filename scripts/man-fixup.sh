#!/usr/bin/env bash
# Finishes the man pages ArgumentParser's generate-manual wrote (make man) with what the
# generator cannot be told:
#
# - NAME: a subcommand's page is named as its file (margin.config.set), a name lexgrog reads for
#   whatis and apropos, where "margin config set" in quotes is none; its SYNOPSIS still reads
#   `margin config set`. The description without quotes or a closing full stop.
# - EXIT STATUS: margin's own codes (docs/scripting.md), not the generic sentence.
# - EXAMPLES: those that end the command's --help (Sources/MarginCLI/Arguments/HelpExamples.swift).
# - SEE ALSO: margin(1) on every subcommand's page; no hidden subcommand (margin._guard) in margin(1).
# - What mandoc -Tlint asks: no paragraph break before a list item, a new sentence on a new line,
#   no text line over 80 bytes.
#
#   scripts/man-fixup.sh DIR MARGIN
#
# DIR holds the generated margin*.1, rewritten in place; MARGIN is the margin they were generated
# from. A page not of the shape the generator writes today stops the script, naming the page and
# the line, and leaves that page as it was.
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: $0 DIR MARGIN" >&2; exit 64; }
dir=$1 margin=$2
fail() { echo "man-fixup: $*" >&2; exit 1; }
[ -f "$dir/margin.1" ] || fail "no margin.1 in '$dir'"
[ -x "$margin" ] || fail "no margin at '$margin'"

export MAN_EXIT_STATUS='.Sh EXIT STATUS
.Bl -tag -width Ds -compact
.It 0
done
.It 1
any failure not listed below
.It 3
nothing is playing
.It 4
not logged in, or the login was revoked: run
.Ic margin login
.It 5
Spotify Premium required for playback control
.It 6
no active Spotify device
.It 7
Spotify unreachable or rate limited after retries
.It 8
no such note or episode
.It 64
usage error; also a note id prefix several notes share, or a name several
shows or episodes match
.El'

for page in "$dir"/margin*.1; do
    name=$(basename "$page" .1)
    words=${name#margin}
    words=${words//./ }
    words=${words# }
    case $name in
    margin._*) fail "$page: a hidden subcommand's page: remove it first" ;;
    # ArgumentParser's own help command, whose --help is margin's.
    margin.help) examples=$'margin help note\nmargin help config set' ;;
    *)
        # shellcheck disable=SC2086 # the command's words, one argument each
        help=$("$margin" $words --help) || fail "margin $words --help failed"
        usage=$(sed -n 's/^USAGE: //p' <<<"$help")
        case "$usage " in
        "margin ${words:+$words }"*) ;;
        *) fail "$page: 'margin $words --help' describes '$usage'" ;;
        esac
        examples=$(awk '/^EXAMPLES:$/ { on = 1; next } on && /^  / { print substr($0, 3) }' <<<"$help")
        ;;
    esac
    [ -n "$examples" ] || fail "$page: 'margin $words --help' has no EXAMPLES"
    MAN_NAME=$name MAN_WORDS=$words MAN_EXAMPLES=$examples awk -f - "$page" >"$page.fixed" <<'AWK' || { rm -f "$page.fixed"; exit 1; }
function fail(message) {
    printf "man-fixup: %s:%d: %s; the generator's output changed shape (scripts/man-fixup.sh)\n", FILENAME, FNR, message > "/dev/stderr"
    failed = 1
    exit 1
}
# A line of literal text in a display: escaped as mdoc asks.
function literal(text) {
    gsub(/\\/, "\\e", text)
    if (text ~ /^[.']/) text = "\\&" text
    return text
}
# A text line: one sentence a line (a full stop, question or exclamation mark, then a capital),
# each folded at spaces to at most 80 bytes, never right after a full stop (roff would take it for
# a sentence's end).
function text(line,    head) {
    while (match(line, /[.!?]["')]* +[A-Z]/)) {
        head = substr(line, 1, RSTART + RLENGTH - 2)
        sub(/ +$/, "", head)
        fold(head)
        line = substr(line, RSTART + RLENGTH - 1)
    }
    fold(line)
}
function fold(line,    cut, i) {
    while (length(line) > 80) {
        cut = 0
        for (i = 81; i > 1; i--) if (substr(line, i, 1) == " " && substr(line, i - 1, 1) !~ /[.!?]/) { cut = i; break }
        if (!cut) break
        emit(substr(line, 1, cut - 1))
        line = substr(line, cut + 1)
        if (line ~ /^[.']/) line = "\\&" line
    }
    emit(line)
}
# Prints `line`, after the paragraph break held before it unless `line` starts a list item or
# ends the list (mandoc: "skipping paragraph macro").
function emit(line) {
    if (held != "" && line !~ /^\.(It|El)( |$)/) print held
    held = ""
    print line
}
function seeAlso() {
    print ".Sh SEE ALSO"
    if (ENVIRON["MAN_NAME"] != "margin") print ".Xr margin 1" (references ? " ," : "")
    seen = 1
}
BEGIN {
    name = ENVIRON["MAN_NAME"]; words = ENVIRON["MAN_WORDS"]
    quoted = "\"margin" (words == "" ? "" : " " words) "\""
}
# The item before had nothing to say: only margin help's does so, of its subcommands.
item != "" && /^\.(It|El)( |$)/ {
    if (name == "margin.help" && item == ".It Ar subcommands...") emit("The command to show the help of, as typed after margin: note, config set.")
    else fail("nothing describes " item)
}
{ item = "" }
/^\.Sh / { section = $0; sub(/^\.Sh /, "", section); gsub(/"/, "", section) }
section == "NAME" && /^\.Nm/ {
    if ($0 != ".Nm " (words == "" ? "margin" : quoted)) fail("NAME names " $0 ", not " quoted)
    emit(".Nm " name); names++; next
}
section == "NAME" && /^\.Nd / {
    if ($0 !~ /^\.Nd ".*"$/) fail("a description not in quotes")
    line = substr($0, 6, length($0) - 6)
    sub(/[.]$/, "", line)
    # Nd is parsed: a word that is a macro's name would be called.
    out = ""
    n = split(line, parts, " ")
    for (i = 1; i <= n; i++) out = out (i > 1 ? " " : "") (parts[i] ~ /^[A-Z][a-z][a-z]?$/ ? "\\&" : "") parts[i]
    emit(".Nd " out); descriptions++; next
}
section == "SYNOPSIS" && $0 == ".Nm" {
    emit(".Nm margin")
    if (words != "") emit(".Cm " words)
    synopses++; next
}
section == "EXIT STATUS" && /^\.Sh / { next }
section == "EXIT STATUS" {
    if ($0 != ".Ex -std") fail("EXIT STATUS says " $0 ", not .Ex -std")
    print ENVIRON["MAN_EXIT_STATUS"]
    print ".Sh EXAMPLES"
    print ".Bd -literal -offset indent"
    n = split(ENVIRON["MAN_EXAMPLES"], lines, "\n")
    for (i = 1; i <= n; i++) print literal(lines[i])
    print ".Ed"
    exits++; next
}
section == "SEE ALSO" && /^\.Sh / { next }
section == "SEE ALSO" && /^\.Xr margin\._/ { next }
section == "SEE ALSO" && /^\.Xr / {
    if (!seen) { references = 1; seeAlso() }
    xrefs[++count] = $0; next
}
section == "SEE ALSO" { fail("SEE ALSO holds " $0) }
/^\.Pp$/ { held = $0; next }
/^\.It / { item = $0 }
/^\./ { emit($0); next }
{ text($0) }
END {
    if (failed) exit 1
    if (names != 1 || descriptions != 1 || synopses != 1 || exits != 1) fail("NAME, SYNOPSIS or EXIT STATUS missing or twice")
    for (i = 1; i <= count; i++) {
        line = xrefs[i]
        sub(/ ,$/, "", line)
        print line (i < count ? " ," : "")
    }
    if (!seen && name != "margin") seeAlso()
}
AWK
    mv "$page.fixed" "$page"
done
