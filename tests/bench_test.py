#!/usr/bin/env python3
"""bench_test.py: `pul bench`'s rows and `pul bench --compare`, the binary set
against itself: every rate of the bench in the comparison, the ratio the one of
the medians printed, the table and the JSON agreeing, and the exit codes when
the other build cannot be run, fails, prints no JSON or lacks a rate. Timings
are never asserted (the machine is shared): only the structure.

Usage: bench_test.py --pul PATH
"""
import argparse
import json
import os
import stat
import subprocess
import sys
import tempfile

failures = 0


def fail(msg):
    global failures
    failures += 1
    print("FAIL: " + msg, file=sys.stderr)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=600, **kw)


def script(folder, name, body):
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(path, stat.S_IRWXU)
    return path


def ratio_ok(ratio, this, other):
    """ratio is this / other, up to the rounding of the medians printed (0.1) and of the
    ratio (4 decimals)."""
    if this <= 0:
        return abs(ratio) <= 6e-5
    return abs(ratio - this / other) <= this / other * (0.05 / this + 0.05 / other) + 6e-5


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pul", required=True)
    pul = os.path.abspath(ap.parse_args().pul)
    quick = ["--seconds", "0.01"]

    # The bench's own rows, greedy sim and mcts strength among them.
    r = run([pul, "bench", "--json"] + quick)
    if r.returncode != 0:
        fail("pul bench --json: exit %d: %s" % (r.returncode, r.stderr))
        return
    bench = json.loads(r.stdout)
    for k in ("games_per_s", "playouts_per_s", "sim_games_greedy_per_s", "mcts_iterations_per_s"):
        if not isinstance(bench.get(k), (int, float)) or bench[k] <= 0:
            fail("pul bench --json: bad %s: %r" % (k, bench.get(k)))
    if bench.get("mcts_vs_greedy_games") != 8 or not str(bench.get("mcts_vs_greedy_bot")).startswith("mcts:time="):
        fail("pul bench --json: mcts vs greedy row not named: %r" % bench)
    wr = bench.get("mcts_vs_greedy_win_rate")
    # 8 games, a shared win counting half: a multiple of 1/16 in [0, 1].
    if not isinstance(wr, (int, float)) or not 0 <= wr <= 1 or abs(wr * 16 - round(wr * 16)) > 0.01:
        fail("pul bench --json: bad mcts_vs_greedy_win_rate %r" % wr)
    if not isinstance(bench.get("mcts_vs_greedy_cpu_s"), (int, float)) or bench["mcts_vs_greedy_cpu_s"] <= 0:
        fail("pul bench --json: bad mcts_vs_greedy_cpu_s %r" % bench.get("mcts_vs_greedy_cpu_s"))
    # The comparisons run the solo edition's bench, the quickest (this test also
    # runs under the sanitizers).
    quick += ["--variant", "micropul-solo"]
    r = run([pul, "bench", "--json"] + quick)
    solo = json.loads(r.stdout) if r.returncode == 0 else {}
    if r.returncode != 0 or solo.get("mcts_vs_greedy_win_rate", 0) is not None:
        fail("pul bench --variant micropul-solo: a solo variant has no mcts vs greedy figure: %s %s"
             % (r.stdout, r.stderr))
    rates = [k for k, v in solo.items() if k.endswith("_per_s")]

    # Compared with itself, in JSON: every rate, the ratio from the medians.
    r = run([pul, "bench", "--compare", pul, "--rounds", "2", "--json"] + quick)
    if r.returncode != 0:
        fail("--compare itself --json: exit %d: %s" % (r.returncode, r.stderr))
        return
    cmp = json.loads(r.stdout)
    if cmp.get("rounds") != 2 or cmp.get("other") != pul or cmp.get("missing_in_other") != []:
        fail("--compare --json header: %r" % {k: cmp.get(k) for k in ("rounds", "other", "missing_in_other")})
    keys = [row["key"] for row in cmp["rates"]]
    if keys != rates:
        fail("--compare rates %r are not the bench's %r" % (keys, rates))
    for row in cmp["rates"]:
        if row["this_median"] is None:
            continue
        if row["other_median"] > 0 and not ratio_ok(row["ratio"], row["this_median"], row["other_median"]):
            fail("%s: ratio %r is not %r / %r" % (row["key"], row["ratio"], row["this_median"], row["other_median"]))
        within = abs(row["ratio"] - 1) <= row["noise"]
        if (row["verdict"] == "within noise") != within or row["noise"] < 0.03:
            fail("%s: verdict %r with ratio %r and noise %r" % (row["key"], row["verdict"], row["ratio"], row["noise"]))

    # The table: a row per rate, its ratio column the quotient of its medians.
    r = run([pul, "bench", "--compare", pul, "--rounds", "1"] + quick)
    if r.returncode != 0:
        fail("--compare itself: exit %d: %s" % (r.returncode, r.stderr))
    else:
        rows = {}
        for line in r.stdout.splitlines():
            parts = line.split()
            if parts and parts[0].endswith("_per_s"):
                rows[parts[0]] = parts
        if sorted(rows) != sorted(rates):
            fail("--compare table rows %r are not the rates %r" % (sorted(rows), sorted(rates)))
        for key, parts in rows.items():
            if parts[1] == "-":
                continue
            this, other, ratio = float(parts[1]), float(parts[2]), float(parts[3])
            if other > 0 and not ratio_ok(ratio, this, other):
                fail("table %s: ratio %r is not %r / %r" % (key, ratio, this, other))
        if r.stderr.count("round 1/1") != 2:
            fail("--compare: each side's round is not announced: %r" % r.stderr)

    with tempfile.TemporaryDirectory() as tmp:
        plain = os.path.join(tmp, "plain")
        open(plain, "w").close()
        failing = script(tmp, "failing", "exit 3\n")
        garbled = script(tmp, "garbled", "echo 'not json'\n")
        lacking = script(tmp, "lacking", 'echo \'{"games_per_s": 10.0, "applies_per_s": null}\'\n')
        cases = [
            ([plain], 2, "is not an executable file"),
            ([os.path.join(tmp, "absent")], 2, "is not an executable file"),
            ([failing], 2, "exited with 3"),
            ([garbled], 2, "printed no JSON"),
            (["--rounds", "0", pul], 2, "--rounds"),
        ]
        for args, code, words in cases:
            r = run([pul, "bench", "--compare"] + args[-1:] + args[:-1] + quick)
            if r.returncode != code or words not in r.stderr:
                fail("--compare %r: exit %d (want %d), stderr %r" % (args, r.returncode, code, r.stderr))
        r = run([pul, "bench", "--rounds", "2"] + quick)
        if r.returncode != 2 or "--compare" not in r.stderr:
            fail("--rounds without --compare: exit %d %r" % (r.returncode, r.stderr))
        # The other's JSON lacks rates: each named, exit 1, the common ones compared.
        r = run([pul, "bench", "--compare", lacking, "--rounds", "1", "--json"] + quick)
        if r.returncode != 1:
            fail("--compare lacking: exit %d: %s" % (r.returncode, r.stderr))
        else:
            out = json.loads(r.stdout)
            missing = sorted(k for k in rates if k not in ("games_per_s", "applies_per_s"))
            if sorted(out["missing_in_other"]) != missing:
                fail("missing_in_other %r, want %r" % (out["missing_in_other"], missing))
            for k in missing:
                if '"%s"' % k not in r.stderr:
                    fail("--compare lacking: %s not named: %r" % (k, r.stderr))
            byk = {row["key"]: row for row in out["rates"]}
            if byk.get("applies_per_s", {}).get("ratio", 0) is not None:
                fail("a null figure has no ratio: %r" % byk.get("applies_per_s"))
            g = byk.get("games_per_s")
            if not g or g["other_median"] != 10.0:
                fail("games_per_s of the other: %r" % g)

    r = run([pul, "help", "bench"])
    if (r.returncode != 0 or "--compare" not in r.stdout or "mcts vs greedy" not in r.stdout
            or "pul_apply_trusted" not in r.stdout or "playouts_per_s" not in r.stdout):
        fail("pul help bench does not tell --compare and the rows")


if __name__ == "__main__":
    main()
    if failures:
        print("%d check(s) failed" % failures, file=sys.stderr)
        sys.exit(1)
    print("bench_test: all checks passed")
