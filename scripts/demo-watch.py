#!/usr/bin/env python3
"""Drives the interactive `margin watch` on a pseudo-terminal for the demo, with no
dependency beyond Python's standard library.

    demo-watch.py MARGIN "NOTE TEXT" [COLUMNS ROWS]

Starts `MARGIN watch` on a COLUMNS x ROWS terminal (80 x 12 by default), waits for the view,
presses `n`, types NOTE TEXT, presses Enter, waits for the footer to say the note was saved and for the note in the
view's list, prints the screen as it stands then, and quits with `q`. Exits with margin's status, or 1 when
the view never showed what was waited for (the last screen is printed then).
"""
import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
import time

# watch writes each changed row as CUP(row;1) + text + EL, and places the cursor with CUP.
CONTROL = re.compile(rb"\x1b\[([0-9;?]*)([A-Za-z])|\x1b[()][0-9A-Za-z]|\x1b[=>]")


class Screen:
    """The rows of the terminal, enough of a terminal for watch's own output."""

    def __init__(self, rows):
        self.rows = [""] * rows
        self.row = 0
        self.pending = b""

    def feed(self, data):
        data = self.pending + data
        self.pending = b""
        at = 0
        for match in CONTROL.finditer(data):
            self.text(data[at:match.start()])
            at = match.end()
            params, final = match.group(1), match.group(2)
            if final == b"H" and params and not params.startswith(b"?"):
                row, _, column = params.partition(b";")
                self.row = max(int(row or b"1") - 1, 0)
                if int(column or b"1") == 1 and self.row < len(self.rows):
                    self.rows[self.row] = ""
            elif final == b"J" and params == b"2":
                self.rows = [""] * len(self.rows)
        rest = data[at:]
        # An escape sequence cut at the end of a read waits for the next one.
        cut = rest.rfind(b"\x1b")
        if cut != -1:
            self.pending, rest = rest[cut:], rest[:cut]
        self.text(rest)

    def text(self, data):
        if data and self.row < len(self.rows):
            self.rows[self.row] += data.decode("utf-8", "replace").replace("\r", "").replace("\n", "")

    def show(self):
        """The screen without its trailing spaces and with runs of blank rows made one."""
        lines, blank = [], False
        for row in self.rows:
            row = row.rstrip()
            if row or not blank:
                lines.append(row)
            blank = not row
        return "\n".join(lines).strip("\n")


def main():
    if len(sys.argv) not in (3, 5):
        sys.exit(__doc__)
    margin, note = sys.argv[1], sys.argv[2]
    columns, rows = (int(sys.argv[3]), int(sys.argv[4])) if len(sys.argv) == 5 else (80, 12)
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        os.environ["TERM"] = "xterm-256color"
        os.execv(margin, [margin, "watch"])
    screen = Screen(rows)
    deadline = time.monotonic() + 20

    def read(timeout):
        ready, _, _ = select.select([fd], [], [], timeout)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            screen.feed(data)
        return True

    def wait_for(condition):
        while not condition(screen.rows):
            if time.monotonic() > deadline or not read(0.05):
                print(screen.show())
                print("demo-watch: the view never showed what was waited for", file=sys.stderr)
                os.kill(pid, 15)
                sys.exit(1)

    wait_for(lambda rows: any(row.startswith(("▶", "⏸", "⏹")) for row in rows))
    os.write(fd, b"n")
    wait_for(lambda rows: any("Enter save" in row for row in rows))
    os.write(fd, note.encode() + b"\r")
    # Saved, and listed with the episode's notes once the view has read them back.
    words = note.split(" #")[0][:20]
    wait_for(lambda rows: any("saved " in row for row in rows) and any(words in row for row in rows))
    shown = screen.show()
    os.write(fd, b"q")
    while read(0.1) and time.monotonic() < deadline:
        pass
    _, status = os.waitpid(pid, 0)
    print(shown)
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
