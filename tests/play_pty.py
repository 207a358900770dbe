"""play_pty.py: `pul play` driven from outside, for the pty tests (play_test.py,
play_genial_test.py): a pseudo-terminal to read from and type into, a run
through pipes, and what a terminal shows (columns, screens).

Set PUL (the binary, an absolute path) before use."""

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import termios
import time
import unicodedata

PUL = None


class Term:
    """pul play on a pseudo-terminal: read what it prints, type lines. The
    terminal is rows x cols (default a large one, where every screen fits
    whole); env adds to the environment."""

    def __init__(self, args, cwd, rows=200, cols=200, env=None):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.p = subprocess.Popen([PUL, "play"] + args, stdin=slave, stdout=slave, stderr=slave,
                                  cwd=cwd, start_new_session=True,
                                  env=dict(os.environ, **(env or {})))
        os.close(slave)
        self.fd = master
        self.out = b""
        self.pos = 0   # what the test has already looked at

    def read_until(self, *patterns, timeout=60):
        """Read until one of the byte patterns appears after pos; returns its index,
        or -1 at the end of output; pos moves past the match."""
        end = time.time() + timeout
        while True:
            for k, pat in enumerate(patterns):
                at = self.out.find(pat, self.pos)
                if at >= 0:
                    self.pos = at + len(pat)
                    return k
            left = end - time.time()
            if left <= 0:
                raise TimeoutError("waited for %r; last output: %r" % (patterns, self.out[-400:]))
            r, _, _ = select.select([self.fd], [], [], left)
            if not r:
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                return -1
            self.out += chunk

    def send(self, text):
        os.write(self.fd, text.encode())

    def play_out(self):
        """Every seat types 1 (the best placement, or the refill) at each prompt
        and Enter at each hand-over, up to the end screen; returns the prompts
        answered."""
        moves = 0
        while True:
            k = self.read_until(b"then press Enter.", b"> ", b"Game over:")
            if k == 0:
                self.send("\n")
            elif k == 1:
                self.send("1\n")
                moves += 1
            else:
                return moves

    def finish(self, timeout=30):
        while self.read_until(b"\x00never\x00", timeout=timeout) != -1:
            pass
        rc = self.p.wait(timeout=timeout)
        os.close(self.fd)
        return rc


def run(args, stdin="", cwd=None, env=None):
    return subprocess.run([PUL, "play"] + args, input=stdin.encode(), capture_output=True,
                          cwd=cwd, timeout=120, env=dict(os.environ, **(env or {})))


SGR_OR_CURSOR = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def columns(line):
    """The columns a line of output takes on a terminal: wide characters two,
    combining ones none, the terminal's own sequences none."""
    text = SGR_OR_CURSOR.sub(b"", line).decode("utf-8", "replace").rstrip("\r")
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def screens(out, prompt=b"> "):
    """Each screen a terminal showed: from a screen clear to the first prompt
    after it, as lines."""
    found = []
    for part in out.split(b"\x1b[H\x1b[2J")[1:]:
        end = part.find(prompt)
        if end >= 0:
            found.append(part[:end + len(prompt)].split(b"\r\n"))
    return found
