"""checks.py: what the Python tests of the pul command share: a check that
counts and reports without stopping (check, summary), and everything a
pseudo-terminal shows until the program closes it (read_all)."""

import os
import select
import sys

failures = []
counted = [0]


def check(ok, what):
    """Count a check; a failed one is printed and remembered. Returns ok."""
    counted[0] += 1
    if not ok:
        failures.append(what)
        print("FAIL:", what)
    return ok


def summary(name, failed_word="failures"):
    """Print the count of checks and failures as NAME: N checks, M failures, and exit 1 on any."""
    print("%s: %d checks, %d %s" % (name, counted[0], len(failures), failed_word))
    sys.exit(1 if failures else 0)


def read_all(master, timeout=60):
    """Everything read from a pseudo-terminal's master side until the program
    closes it (or nothing comes for timeout seconds); the master is closed."""
    out = b""
    while True:
        r, _, _ = select.select([master], [], [], timeout)
        if not r:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            break
        out += chunk
    os.close(master)
    return out
