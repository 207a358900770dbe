#!/usr/bin/env python3
"""The wasm pul's `pul sim` against the native pul's: the same rows, byte for byte.

usage: same_sim.py --native PUL --wasm "node build-wasm/tools/pul.js" [SIM ARGS...]

Runs `sim SIM ARGS --out DIR --quiet` with both commands, each into a folder of its own
under a temporary one, and compares rows.csv and rows.jsonl exactly. The wasm build has
no threads: its sim plays on the caller's thread (tools/sim_run.c), the native one as
it chooses, and the rows must not depend on that. Exit status 0 only when both runs
succeed and every compared file is the same.
"""

import argparse
import os
import shlex
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--native", required=True, help="the native pul")
    ap.add_argument("--wasm", required=True, help="the wasm pul's command line (node PUL.js)")
    ap.add_argument("sim", nargs=argparse.REMAINDER, help="pul sim's arguments")
    a = ap.parse_args()
    problems = []
    with tempfile.TemporaryDirectory(prefix="pul-same-sim-") as tmp:
        for side, cmd in (("native", shlex.split(a.native)), ("wasm", shlex.split(a.wasm))):
            out = os.path.join(tmp, side)
            p = subprocess.run(cmd + ["sim"] + a.sim + ["--out", out, "--quiet"],
                               capture_output=True, timeout=300)
            if p.returncode != 0:
                problems.append("%s pul sim exited %d: %r" % (side, p.returncode, p.stderr[-400:]))
        for name in ("rows.csv", "rows.jsonl"):
            try:
                with open(os.path.join(tmp, "native", name), "rb") as f:
                    n = f.read()
                with open(os.path.join(tmp, "wasm", name), "rb") as f:
                    w = f.read()
            except OSError as e:
                problems.append("%s: %s" % (name, e))
                continue
            if n != w:
                problems.append("%s differs (native %d bytes, wasm %d bytes)" % (name, len(n), len(w)))
            elif len(n.splitlines()) < 2:
                problems.append("%s has no rows" % name)
    for p in problems:
        print(p)
    if problems:
        return 1
    print("the same rows: pul sim %s" % " ".join(a.sim))
    return 0


if __name__ == "__main__":
    sys.exit(main())
