#!/usr/bin/env python3
"""Tile sets over 62 tiles through the pul command (issue 15 point 7).

usage: large_test.py --cmd <pul>

Run from the repository root with PUL_PATH naming variants/. The largest
set (tests/variants/micropul-max, 250 tiles) plays whole games in pul sim
with random, greedy and MCTS bots and in pul play with bots; the record
pul play saves goes through pul referee (every move legal, the final line
the scores pul play ended with), pul replay and pul render; pul check takes
the set and refuses one with a tile more at that tile's line; a scripted
edition on the set (the solo peek's script) plays with greedy and MCTS. Prints
"large: N passed, M failed".
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

MAX = "tests/variants/micropul-max"
DOUBLE = "tests/variants/micropul-double"
TOO_MANY = "tests/variants/micropul-too-many"

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cmd", required=True)
    pul = ap.parse_args().cmd
    tmp = tempfile.mkdtemp(prefix="pul-large-")
    try:
        for bots in ("random", "greedy", "mcts:iters=20,greedy"):
            out = os.path.join(tmp, "sim")
            r = run([pul, "sim", MAX, DOUBLE, "--games", "2", "--bots", bots, "--out", out,
                     "--force", "--quiet"])
            check(r.returncode == 0, "pul sim --bots %s: exit %d %s" % (bots, r.returncode, r.stderr))
            rows = []
            if os.path.exists(os.path.join(out, "rows.jsonl")):
                with open(os.path.join(out, "rows.jsonl")) as f:
                    rows = [json.loads(line) for line in f][1:]
            check(len(rows) == 4, "pul sim --bots %s: %d rows, not 4" % (bots, len(rows)))

        record = os.path.join(tmp, "large.pmn")
        r = run([pul, "play", MAX, "--seats", "random,greedy", "--seed", "5", "--record", record],
                stdin=subprocess.DEVNULL)
        check(r.returncode == 0 and os.path.exists(record),
              "pul play with bots: exit %d %s" % (r.returncode, r.stderr))
        if os.path.exists(record):
            with open(record) as f:
                text = f.read()
            core = re.search(r'\[Core "([0-9 ]*)"\]', text)
            check(core is not None and len(core.group(1).split()) == 249,
                  "the record's Core tag lists the 249 tiles of the core")
            r = run([pul, "referee", "--variant", MAX, record])
            lines = [json.loads(line) for line in r.stdout.splitlines()]
            check(r.returncode == 0 and lines and lines[-1].get("over") is True and
                  all(line.get("ok") for line in lines[:-1]),
                  "pul referee: exit %d, %s" % (r.returncode, r.stdout[-300:]))
            again = run([pul, "referee", "--variant", MAX, record])
            check(again.stdout == r.stdout, "pul referee gives the same lines twice")
            r = run([pul, "replay", record, "--variant", MAX, "--at", "20", "--no-colour"],
                    stdin=subprocess.DEVNULL)
            check(r.returncode == 0, "pul replay: exit %d %s" % (r.returncode, r.stderr))
            svg = os.path.join(tmp, "large.svg")
            r = run([pul, "render", record, "--variant", MAX, "--out", svg])
            check(r.returncode == 0 and os.path.exists(svg) and "<svg" in open(svg).read(),
                  "pul render: exit %d %s" % (r.returncode, r.stderr))

        # A scripted edition on the largest set: solo_peek.lua's reveal and
        # draw reach the wide layout through the script API.
        peek = os.path.join(tmp, "variants", "peek-max")
        os.makedirs(peek)
        shutil.copy(os.path.join(MAX, "tiles.yaml"), peek)
        shutil.copy(os.path.join("scripts", "solo_peek.lua"), peek)
        with open(os.path.join(peek, "variant.yaml"), "w") as f:
            f.write("name: peek-max\nextends: micropul-solo-peek\ntitle: {en: Peek max}\n"
                    "description: The solo peek edition on the largest tile set.\n"
                    "tiles: tiles.yaml\nscripts: [solo_peek.lua]\n")
        env = dict(os.environ)
        env["PUL_PATH"] = env.get("PUL_PATH", "variants") + os.pathsep + os.path.dirname(peek)
        for bots in ("greedy", "mcts:iters=20"):
            out = os.path.join(tmp, "sim-peek")
            r = run([pul, "sim", "peek-max", "--games", "3", "--bots", bots, "--out", out,
                     "--force", "--quiet"], env=env)
            check(r.returncode == 0, "pul sim peek-max --bots %s: exit %d %s"
                  % (bots, r.returncode, r.stderr))

        r = run([pul, "check", MAX])
        check(r.returncode == 0, "pul check %s: exit %d %s" % (MAX, r.returncode, r.stderr))
        r = run([pul, "check", TOO_MANY])
        first = r.stderr.splitlines()[0] if r.stderr else ""
        check(r.returncode == 1 and re.match(r"^\S*micropul-too-many/tiles\.yaml:266:5: too-large: "
                                              r"more than 250 tiles", first),
              "pul check %s: exit %d, %r" % (TOO_MANY, r.returncode, first))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("large: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
