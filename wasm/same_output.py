#!/usr/bin/env python3
"""The wasm pul against the native pul: every record refereed by both, byte for byte.

usage: same_output.py --native PUL --wasm "node build-wasm/tools/pul.js" [--jobs N] DIR...

For every *.pmn under each DIR (recursively), runs `referee --legal` of both commands
with the record on standard input, in the current folder and environment, and compares
standard output, standard error and the exit status exactly. A record the referee
refuses (tests/unreadable) counts as much as one it plays: the error text must be the
same too, but for the list of folders an unknown variant was looked for in. Prints the first difference of each disagreeing record and "same K/N";
exit status 0 only when every record gives the same bytes and at least one was run.
"""

import argparse
import concurrent.futures
import glob
import os
import re
import shlex
import subprocess
import sys


def run(cmd, record):
    with open(record, "rb") as f:
        p = subprocess.run(cmd + ["referee", "--legal"], stdin=f, capture_output=True,
                           timeout=300)
    return p.returncode, p.stdout, p.stderr


def first_diff(a, b):
    """The first line where the byte strings a and b differ: (line number, a's, b's)."""
    la, lb = a.split(b"\n"), b.split(b"\n")
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else b"<no line>"
        y = lb[i] if i < len(lb) else b"<no line>"
        if x != y:
            return i + 1, x[:200], y[:200]
    return 0, b"", b""


# The folders an unknown variant was looked for in: the native build's search path
# holds its build tree and its install folder, the wasm one /usr/share/pul (PUL_DATA_DIR
# of the web module's file system), so that list alone is not compared.
SEARCH_PATH = re.compile(rb"(no variant '[^']*' in )[^;\n]*")


def compare(native, wasm, record):
    n, w = run(native, record), run(wasm, record)
    n = (n[0], n[1], SEARCH_PATH.sub(rb"\1<search path>", n[2]))
    w = (w[0], w[1], SEARCH_PATH.sub(rb"\1<search path>", w[2]))
    problems = []
    if n[0] != w[0]:
        problems.append("exit status: native %d, wasm %d" % (n[0], w[0]))
    for k, name in ((1, "stdout"), (2, "stderr")):
        if n[k] != w[k]:
            line, x, y = first_diff(n[k], w[k])
            problems.append("%s line %d:\n  native %r\n  wasm   %r" % (name, line, x, y))
    return record, problems, len(n[1].splitlines())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--native", required=True, help="the native pul")
    ap.add_argument("--wasm", required=True, help="the wasm pul's command line (node PUL.js)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("dirs", nargs="+")
    a = ap.parse_args()
    native, wasm = shlex.split(a.native), shlex.split(a.wasm)
    records = sorted(r for d in a.dirs for r in glob.glob(os.path.join(d, "**", "*.pmn"),
                                                           recursive=True))
    if not records:
        print("no records under %s" % " ".join(a.dirs))
        return 1
    same = lines = 0
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for record, problems, n in pool.map(lambda r: compare(native, wasm, r), records):
            lines += n
            if problems:
                print("DIFFERENT %s\n%s" % (record, "\n".join(problems)))
            else:
                same += 1
    print("same %d/%d (%d lines of referee output)" % (same, len(records), lines))
    return 0 if same == len(records) else 1


if __name__ == "__main__":
    sys.exit(main())
