#!/usr/bin/env python3
"""Records the referee must refuse as unreadable (PMN.md): exit 2, nothing on
standard output, a message on standard error.

usage: unreadable.py --cmd "<pul referee>" --dir DIR [--only GLOB] [--skip GLOB]

Each DIR/*.pmn (--only: those whose names match GLOB; --skip: not those) is
given once on standard input and once as a FILE argument; given as a file,
the message must name it. A comment line "; stderr: TEXT" in a record says
that the message must contain TEXT too (the reason, not just any refusal). A
FILE that does not exist is refused the same way. Prints one line per failure
and "refused K/N".
"""

import argparse
import fnmatch
import glob
import os
import shlex
import subprocess
import sys


def run(cmd, args, stdin_text):
    proc = subprocess.run(shlex.split(cmd) + args, input=stdin_text, capture_output=True,
                          text=True, timeout=60)
    return proc.returncode, proc.stdout, proc.stderr


def check(label, result, must_name=None, must_say=()):
    rc, out, err = result
    problems = []
    if rc != 2:
        problems.append("exit code %d, expected 2" % rc)
    if out:
        problems.append("standard output not empty: %r" % out[:200])
    if not err.strip():
        problems.append("no message on standard error")
    if must_name and must_name not in err:
        problems.append("the message does not name %s: %r" % (must_name, err.strip()[:300]))
    for text in must_say:
        if text not in err:
            problems.append("the message does not say %r: %r" % (text, err.strip()[:300]))
    for p in problems:
        print("FAIL %s: %s" % (label, p))
    return not problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cmd", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--only", help="only the records whose file names match this glob")
    ap.add_argument("--skip", help="not the records whose file names match this glob")
    args = ap.parse_args(argv)

    records = sorted(glob.glob(os.path.join(args.dir, "*.pmn")))
    records = [r for r in records
               if (not args.only or fnmatch.fnmatch(os.path.basename(r), args.only)) and
               (not args.skip or not fnmatch.fnmatch(os.path.basename(r), args.skip))]
    if not records:
        print("no records in %s" % args.dir)
        return 1
    ok = 0
    total = 0
    for pmn in records:
        with open(pmn, encoding="utf-8") as f:
            text = f.read()
        say = [line[len("; stderr:"):].strip() for line in text.splitlines()
               if line.startswith("; stderr:")]
        total += 2
        ok += check(pmn + " (stdin)", run(args.cmd, [], text), must_say=say)
        ok += check(pmn + " (file)", run(args.cmd, [pmn], ""), must_name=pmn, must_say=say)
    missing = os.path.join(args.dir, "no-such-record.pmn")
    total += 1
    ok += check(missing, run(args.cmd, [missing], ""), must_name=missing)
    print("refused %d/%d" % (ok, total))
    return 0 if ok == total else 1


if __name__ == "__main__":
    sys.exit(main())
