#!/usr/bin/env python3
"""Differential test of the Genial referee (i13-plan.md 6.4): games the engine plays with random
seats are replayed by `pul referee --legal` and by the oracle tests/genial_ref.py (written from
RULES-GENIAL.md and PMN.md alone), and every line must agree on the fields compare_genial.py
compares, with the same exit code. It also checks that every engine-played game replays legal
to the end, so the records the engine writes are readable by another implementation.

usage: genial_differential.py --pul PUL [--games N] [--jobs N] [--seed S]

The games cycle through genial with 2, 3 and 4 seats, genial-teams and genial-solo, seeds
S, S+1, ... Prints the first difference of each disagreeing game and "agree K/N"; exit 0 only
when every game agrees.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import genial_ref  # noqa: E402  (the oracle runs in this process: a Python start per game
#                    cost more than the games themselves)

# The editions the oracle reads: the shipped ones and the test ones, as pul finds them.
ORACLE_PATH = [os.path.join(os.path.dirname(HERE), "variants"),
               os.path.join(HERE, "variants")]
MOVE_FIELDS = ("n", "player", "ok", "points", "tracks", "bonus", "bag", "error", "placements")
FINAL_FIELDS = ("over", "reason", "tracks", "scores", "winners")
# (edition, seats): the editions and seat counts the shipped editions allow.
TABLES = [("genial", 2), ("genial", 3), ("genial", 4), ("genial-teams", 4), ("genial-solo", 1)]


def lines(text):
    return [json.loads(x) for x in text.splitlines() if x.strip()]


def fields(line):
    keys = FINAL_FIELDS if "over" in line else MOVE_FIELDS
    return {k: line.get(k) for k in keys}


def play(pul, edition, seats, seed, workdir):
    path = os.path.join(workdir, "%s-%d-%d.pmn" % (edition, seats, seed))
    cmd = [pul, "play", edition, "--seats", ",".join(["random"] * seats), "--players",
           str(seats), "--seed", str(seed), "--record", path]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=workdir)
    if proc.returncode != 0:
        raise RuntimeError("%s: exit %d: %s" % (" ".join(cmd), proc.returncode,
                                                proc.stderr.strip()[:300]))
    return proc.stdout


def one(pul, k, seed, workdir):
    edition, seats = TABLES[k % len(TABLES)]
    label = "%s %d seats, seed %d" % (edition, seats, seed)
    try:
        record = play(pul, edition, seats, seed, workdir)
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        return label, str(e)
    ref = subprocess.run([pul, "referee", "--legal"], input=record, capture_output=True,
                         text=True, timeout=120)
    try:
        ora_lines, ora_rc = genial_ref.run(record, True, ORACLE_PATH)
    except genial_ref.Unreadable as e:
        ora_lines, ora_rc = [], 2
        ora_why = str(e)
    else:
        ora_why = ""
    if ref.returncode != 0:
        return label, "the referee exits %d on the engine's own record: %s" % (
            ref.returncode, (ref.stdout.splitlines() or [ref.stderr])[-1][:300])
    if ora_rc != ref.returncode:
        return label, "exit codes: referee %d, oracle %d %s" % (ref.returncode, ora_rc,
                                                                ora_why[:300])
    # Through JSON, as the referee's lines came: tuples and lists compare alike.
    a, b = lines(ref.stdout), [json.loads(json.dumps(x)) for x in ora_lines]
    if len(a) != len(b):
        return label, "lines: referee %d, oracle %d" % (len(a), len(b))
    for i, (x, y) in enumerate(zip(a, b), 1):
        if fields(x) != fields(y):
            return label, "line %d: referee %s, oracle %s" % (i, json.dumps(fields(x)),
                                                            json.dumps(fields(y)))
    if "over" not in a[-1] or not a[-1]["over"]:
        return label, "the game did not end: %s" % json.dumps(a[-1])
    return label, None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pul", required=True)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if os.sep in args.pul:   # the games are played in a scratch folder
        args.pul = os.path.abspath(args.pul)
    with tempfile.TemporaryDirectory() as workdir:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
            results = list(ex.map(lambda k: one(args.pul, k, args.seed + k, workdir),
                                  range(args.games)))
    bad = [(label, why) for label, why in results if why]
    for label, why in bad:
        print("DIFFER %s: %s" % (label, why))
    print("agree %d/%d" % (args.games - len(bad), args.games))
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
