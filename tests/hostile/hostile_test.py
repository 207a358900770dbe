#!/usr/bin/env python3
"""Hostile editions, records, scripts and options (tests/hostile/): each case
runs one pul command as an attacker would and checks what came out.

usage: hostile_test.py --pul PUL --cases FILE [--only SUBSTRING] [--list]

FILE is one of tests/hostile/cases_*.py; it defines CASES, a list of Case.
Every case runs in a scratch folder of its own (its working directory), with
PUL_PATH set to the shipped variants unless the case says otherwise, and is
checked for:

- the exit code it expects;
- what its standard output and error must say (regular expressions);
- the time bound: the command is killed and the case fails past `timeout`
  seconds of wall time (generous on purpose: it catches hangs of hours, not
  slow machines; pul bench measures speed);
- the memory bound: the peak resident size of the command (`max_rss_mb`);
- nothing written: the scratch folder holds, afterwards, only what it held
  before plus the files the case names in `writes`;
- output safety, always: standard output and error are valid UTF-8 and hold
  no control character but newline and tab (no escape sequence, no C1
  control, no bidi control), and with `json_lines` every line of standard
  output is a JSON value.

Prints one line per failure and "passed K/N"; exit 0 when all passed.
"""

import argparse
import importlib.util
import json
import os
import re
import resource  # noqa: F401 (os.wait4 returns a resource.struct_rusage)
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Characters that must never reach a terminal raw (pul_text_unsafe): C0
# controls but \t and \n, DEL, C1 controls, the bidi controls that reorder
# what a reader sees, the line and paragraph separators, U+FFFE and U+FFFF.
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
                    "\ufffe\uffff]")


class Case:
    """One attack and what pul must do with it.

    argv: the command; a first word "pul" is the binary under test. Every
        word, env value and stdin_file may use {tmp} (the scratch folder),
        {hostile} (tests/hostile) and {root} (the repository).
    stdin: bytes, or a function returning bytes, given on standard input
        (nothing by default: /dev/null).
    stdin_file: a file given on standard input instead.
    env: variables to set; PUL_PATH is the shipped variants unless set here
        ("" removes it).
    setup: a function(tmp) run before the command, to make files, folders
        and symlinks in the scratch folder.
    exit: the exit code pul must give.
    stdout, stderr: regular expressions that must be found (re.search, with
        re.S); stdout_empty: nothing at all on standard output.
    not_stdout, not_stderr: regular expressions that must not be found.
    timeout: the time bound in seconds; max_rss_mb: the memory bound.
    writes: names (glob patterns) in the scratch folder the command may
        create or change; anything else created or changed fails the case.
    json_lines: every line of standard output must parse as JSON.
    check: a function(result) returning a list of problems (strings), for
        what the fields above cannot say; result has .rc, .out, .err (bytes),
        .seconds, .rss_mb and .tmp.
    """

    def __init__(self, name, argv, exit, item=None, stdin=None, stdin_file=None, env=None,
                 setup=None, stdout=None, stderr=None, stdout_empty=False, not_stdout=None,
                 not_stderr=None, timeout=60, max_rss_mb=1500, writes=(), json_lines=False,
                 check=None):
        self.name = name
        self.item = item  # the item of issue 10 the case covers, for the reader
        self.argv = argv
        self.exit = exit
        self.stdin = stdin
        self.stdin_file = stdin_file
        self.env = env or {}
        self.setup = setup
        self.stdout = stdout
        self.stderr = stderr
        self.stdout_empty = stdout_empty
        self.not_stdout = not_stdout
        self.not_stderr = not_stderr
        self.timeout = timeout
        self.max_rss_mb = max_rss_mb
        self.writes = list(writes)
        self.json_lines = json_lines
        self.check = check


class Result:
    pass


def last_json(want):
    """A check: the last line of standard output is a JSON object holding
    the fields of want."""
    def check(r):
        lines = r.out.decode("utf-8", "replace").splitlines()
        if not lines:
            return ["no line on stdout"]
        got = json.loads(lines[-1])
        return ["last line %s, expected %s" % (got, want)
                for k, v in want.items() if got.get(k) != v][:1]
    return check


def expand(text, tmp):
    return text.replace("{tmp}", tmp).replace("{hostile}", HERE).replace("{root}", ROOT)


def snapshot(folder):
    """Every path under folder with what identifies its content (symlinks not followed)."""
    seen = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            st = os.lstat(path)
            rel = os.path.relpath(path, folder)
            if os.path.islink(path):
                seen[rel] = ("link", os.readlink(path))
            elif os.path.isdir(path):
                seen[rel] = ("dir",)
            else:
                seen[rel] = ("file", st.st_size, st.st_mtime_ns)
    return seen


def allowed(rel, patterns):
    import fnmatch
    return any(fnmatch.fnmatch(rel, p) or rel.startswith(p.rstrip("/") + "/") for p in patterns)


def reader(stream, sink):
    sink.append(stream.read())


def run_case(pul, case):
    problems = []
    tmp = tempfile.mkdtemp(prefix="pul-hostile-")
    try:
        if case.setup:
            case.setup(tmp)
        before = snapshot(tmp)
        argv = [expand(a, tmp) for a in case.argv]
        if argv and argv[0] == "pul":
            argv[0] = pul
        env = dict(os.environ)
        env.setdefault("PUL_PATH", os.path.join(ROOT, "variants"))
        # The memory bounds measure what pul holds. Under ASan the peak also
        # counts its quarantine of freed blocks (256 MB by default), which is
        # ASan's, not pul's: keep it small so a bound means the same in both
        # builds (a sanitizer-free build ignores the variable).
        if "quarantine_size_mb" not in env.get("ASAN_OPTIONS", ""):
            env["ASAN_OPTIONS"] = ":".join(
                x for x in (env.get("ASAN_OPTIONS", ""), "quarantine_size_mb=16") if x)
        for k, v in case.env.items():
            if v == "":
                env.pop(k, None)
            else:
                env[k] = expand(v, tmp)
        stdin_bytes = case.stdin() if callable(case.stdin) else case.stdin
        stdin = subprocess.DEVNULL
        if case.stdin_file:
            stdin = open(expand(case.stdin_file, tmp), "rb")
        elif stdin_bytes is not None:
            stdin = subprocess.PIPE
        start = time.monotonic()
        proc = subprocess.Popen(argv, cwd=tmp, env=env, stdin=stdin, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
        outs, errs = [], []
        threads = [threading.Thread(target=reader, args=(proc.stdout, outs)),
                   threading.Thread(target=reader, args=(proc.stderr, errs))]
        for t in threads:
            t.start()
        if stdin_bytes is not None and not case.stdin_file:
            def feed():
                try:
                    proc.stdin.write(stdin_bytes)
                    proc.stdin.close()
                except (BrokenPipeError, OSError):
                    pass
            feeder = threading.Thread(target=feed)
            feeder.start()
        else:
            feeder = None
        # Wait with a deadline, reaping the child ourselves to read its peak memory.
        timed_out = False
        status, usage = 0, None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid == proc.pid:
                break
            if time.monotonic() - start > case.timeout:
                timed_out = True
                os.killpg(proc.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.01)
        seconds = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        for t in threads:
            t.join()
        if feeder:
            feeder.join()
        if case.stdin_file:
            stdin.close()
        r = Result()
        r.rc = proc.returncode
        r.out = outs[0] if outs else b""
        r.err = errs[0] if errs else b""
        r.seconds = seconds
        r.rss_mb = usage.ru_maxrss / 1024.0 if usage else 0.0
        r.tmp = tmp

        if timed_out:
            problems.append("still running after %g s (the time bound): killed" % case.timeout)
        elif r.rc != case.exit:
            problems.append("exit code %d, expected %d" % (r.rc, case.exit))
        if r.rss_mb > case.max_rss_mb:
            problems.append("peak memory %.0f MB, over the bound of %d MB" %
                            (r.rss_mb, case.max_rss_mb))
        texts = {}
        for label, data in (("stdout", r.out), ("stderr", r.err)):
            try:
                texts[label] = data.decode("utf-8")
            except UnicodeDecodeError as e:
                problems.append("%s is not valid UTF-8 (%s)" % (label, e))
                texts[label] = data.decode("utf-8", "replace")
            m = UNSAFE.search(texts[label])
            if m:
                at = m.start()
                problems.append("%s holds the raw control U+%04X: %r" %
                                (label, ord(m.group()), texts[label][max(0, at - 60):at + 20]))
        for label, want, wanted in (("stdout", case.stdout, True), ("stderr", case.stderr, True),
                                    ("stdout", case.not_stdout, False),
                                    ("stderr", case.not_stderr, False)):
            if want is None:
                continue
            found = re.search(want, texts[label], re.S) is not None
            if found != wanted:
                problems.append("%s %s /%s/: %r" % (label, "lacks" if wanted else "holds", want,
                                                   texts[label][:400]))
        if case.stdout_empty and r.out:
            problems.append("stdout not empty: %r" % texts["stdout"][:200])
        if case.json_lines:
            for n, line in enumerate(texts["stdout"].splitlines(), 1):
                try:
                    json.loads(line)
                except ValueError as e:
                    problems.append("stdout line %d is not JSON (%s): %r" % (n, e, line[:200]))
                    break
        after = snapshot(tmp)
        for rel in sorted(set(after) | set(before)):
            if before.get(rel) != after.get(rel) and not allowed(rel, case.writes):
                what = "created" if rel not in before else "removed" if rel not in after else \
                    "changed"
                problems.append("%s %s in the scratch folder" % (rel, what))
        if case.check and not timed_out:
            problems.extend(case.check(r) or [])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return problems


def load_cases(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, HERE)
    spec.loader.exec_module(module)
    return module.CASES


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pul", required=True)
    ap.add_argument("--cases", required=True)
    ap.add_argument("--only", default="")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args(argv)
    cases = [c for c in load_cases(args.cases) if args.only in c.name]
    names = [c.name for c in cases]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        print("FAIL: case names given twice: %s" % ", ".join(sorted(dup)))
        return 1
    if args.list:
        for c in cases:
            print("%-40s item %s" % (c.name, c.item))
        return 0
    if not cases:
        print("FAIL: no cases in %s" % args.cases)
        return 1
    passed = 0
    for case in cases:
        start = time.monotonic()
        problems = run_case(os.path.abspath(args.pul), case)
        took = time.monotonic() - start
        if problems:
            for p in problems:
                print("FAIL %s: %s" % (case.name, p))
        else:
            passed += 1
            print("ok   %s (%.2f s)" % (case.name, took))
    print("passed %d/%d" % (passed, len(cases)))
    return 0 if passed == len(cases) else 1


if __name__ == "__main__":
    sys.exit(main())
