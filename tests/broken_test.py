#!/usr/bin/env python3
"""Broken files a modder could write: pul check must refuse each one and point at the mistake.

usage: broken_test.py --cmd "<pul>" [--dir tests/broken]

Run from the repository root. Every DIR/**/<case>.expected names one case
beside it: the folder <case>/ (a variant folder) or the file <case>.yaml (a
tile set), <case>.theme.yaml (a theme), <case>.variant.yaml (a variant),
<case>.board.yaml (a hex board) or <case>.symbols.yaml (a tile file of
symbols); exactly one of them must exist. The expected file's first line is what
`pul check <case path>` must print at the start of its first line on standard
error, "path:line:col: code" (just "path: code" when the error has no
position), followed by ": " and a message; or that whole first line, message
included, which pul check must then print exactly. Its optional second line
"exit 2" says the case cannot be read at all; otherwise the exit code must
be 1. Every file and folder directly in a kind's folder (tiles/, themes/,
variants/, boards/, symbols/) must be a case, so that none is left untested by mistake.
Prints each failing case and "broken: N passed, M failed".
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

# "path:line:col: code" or "path: code", no message after it.
BARE = re.compile(r"^[^ ]*?(:\d+:\d+)?: [a-z-]+$")

SUFFIXES = ("", ".yaml", ".theme.yaml", ".variant.yaml", ".board.yaml", ".symbols.yaml")


def case_path(stem):
    """The file or folder an expected file stands for, or an error text."""
    found = [stem + s for s in SUFFIXES if os.path.exists(stem + s)]
    if len(found) != 1:
        return None, "%d files or folders for this case (%s); there must be exactly one" % (
            len(found), ", ".join(found) or "none of " + ", ".join(stem + s for s in SUFFIXES[1:]))
    return found[0], None


def read_expected(path):
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f]
    lines = [line for line in lines if line.strip()]
    if not lines or len(lines) > 2 or (len(lines) == 2 and lines[1] != "exit 2"):
        return None, None, "the expected file must hold 'path:line:col: code' and maybe 'exit 2'"
    return lines[0], 2 if len(lines) == 2 else 1, None


def check_case(cmd, expected_file):
    """A list of problems; empty when the case passes."""
    stem = expected_file[: -len(".expected")]
    target, problem = case_path(stem)
    if problem:
        return target or stem, [problem]
    prefix, want_rc, problem = read_expected(expected_file)
    if problem:
        return target, [problem]
    if not prefix.startswith(target):
        return target, ["the expected line does not start with the case's path %s" % target]
    try:
        proc = subprocess.run(shlex.split(cmd) + ["check", target], capture_output=True,
                              text=True, errors="replace", timeout=60)
    except subprocess.TimeoutExpired:
        return target, ["pul check did not finish within 60 seconds"]
    problems = []
    if proc.returncode != want_rc:
        problems.append("exit code %d, expected %d" % (proc.returncode, want_rc))
    first = proc.stderr.split("\n", 1)[0]
    if first == prefix and not BARE.match(prefix):
        return target, problems  # the whole line, message included
    if not first.startswith(prefix + ": "):
        problems.append("stderr starts %r, expected %r" % (first[:300], prefix + ": ..."))
    elif not first[len(prefix) + 2:].strip():
        problems.append("no message after %r" % prefix)
    return target, problems


def unclaimed(root, cases):
    """Files and folders directly in a kind's folder that no expected file claims."""
    claimed = set(cases)
    left = []
    for kind in sorted(os.listdir(root)):
        kind_dir = os.path.join(root, kind)
        if not os.path.isdir(kind_dir):
            continue
        for name in sorted(os.listdir(kind_dir)):
            path = os.path.join(kind_dir, name)
            if not name.endswith(".expected") and path not in claimed:
                left.append(path)
    return left


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cmd", required=True, help="the pul command, e.g. build/tools/pul")
    ap.add_argument("--dir", default=os.path.join("tests", "broken"))
    args = ap.parse_args(argv)

    expected = []
    for top, dirs, files in os.walk(args.dir):
        dirs.sort()
        expected += [os.path.join(top, f) for f in sorted(files) if f.endswith(".expected")]
    if not expected:
        print("no cases (*.expected) in %s" % args.dir)
        return 1
    passed = failed = 0
    cases = []
    for exp in expected:
        target, problems = check_case(args.cmd, exp)
        cases.append(target)
        if problems:
            failed += 1
            for p in problems:
                print("FAIL %s: %s" % (target, p))
        else:
            passed += 1
    for path in unclaimed(args.dir, cases):
        failed += 1
        print("FAIL %s: not a case: give it an expected file beside it" % path)
    print("broken: %d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
