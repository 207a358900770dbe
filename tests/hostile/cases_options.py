"""Hostile options: numbers that do not fit, and --out folders that are links
or in use (issue 10, item 9). hostile_test.py runs them; the Case fields are
documented there.

A number that does not fit is refused with exit 2 and a message naming the
range, before anything is written. pul sim and pul sim merge write only into
a real folder: the folder and each output name in it must not be a symbolic
link (dangling or not), and a second run on a folder that a run holds fails
at once, without touching the first run's files."""

import atexit
import fcntl
import json
import os
import signal
import subprocess
import sys
import time

from hostile_test import Case, ROOT

GAMES_RANGE = r"--games must be a whole number from 1 to 9007199254740992, not \"%s\""
SYMLINK = r"is a symbolic link"


def pul_binary():
    """The pul under test, as hostile_test.py was given it (--pul)."""
    return os.path.abspath(sys.argv[sys.argv.index("--pul") + 1])


def run_pul(tmp, *args):
    env = dict(os.environ, PUL_PATH=os.path.join(ROOT, "variants"))
    subprocess.run([pul_binary()] + list(args), cwd=tmp, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)


def symlink(target, name):
    def setup(tmp):
        os.symlink(target, os.path.join(tmp, name))
    return setup


def real_folder_and_link(tmp):
    os.mkdir(os.path.join(tmp, "real"))
    os.symlink("real", os.path.join(tmp, "o"))


def rows_link_dangling(tmp):
    os.mkdir(os.path.join(tmp, "o"))
    os.symlink("../victim.jsonl", os.path.join(tmp, "o", "rows.jsonl"))


def rows_link_to_file(tmp):
    os.mkdir(os.path.join(tmp, "o"))
    with open(os.path.join(tmp, "victim.txt"), "w", encoding="utf-8") as f:
        f.write("not pul's to write\n")
    os.symlink("../victim.txt", os.path.join(tmp, "o", "rows.jsonl"))


def victim_untouched(link):
    """The file behind the link o/LINK holds what it held, and the link is still one."""
    def check(r):
        with open(os.path.join(r.tmp, "victim.txt"), encoding="utf-8") as f:
            text = f.read()
        problems = [] if text == "not pul's to write\n" else ["victim.txt was written: %r"
                                                               % text[:80]]
        if not os.path.islink(os.path.join(r.tmp, "o", link)):
            problems.append("o/%s is no longer the link it was" % link)
        return problems
    return check


def write_file(name, text):
    def setup(tmp):
        with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
            f.write(text)
    return setup


def shard_and_linked_out(tmp):
    """A one-shard run to merge, and --out a link to a real folder."""
    run_pul(tmp, "sim", "--games", "4", "--out", "shard", "--quiet")
    real_folder_and_link(tmp)


def shard_and_linked_report(tmp):
    run_pul(tmp, "sim", "--games", "4", "--out", "shard", "--quiet")
    os.mkdir(os.path.join(tmp, "o"))
    with open(os.path.join(tmp, "victim.txt"), "w", encoding="utf-8") as f:
        f.write("not pul's to write\n")
    os.symlink("../victim.txt", os.path.join(tmp, "o", "report.html"))


# Two runs on one folder. The first, started by the setup, is stopped
# (SIGSTOP) once it holds the folder, so it surely holds it while the case's
# command (the second) runs, however loaded the machine; the check lets it go
# on (SIGCONT), waits for it and finds its outputs whole.
FIRST_GAMES = 3000
first_runs = {}


@atexit.register
def kill_first_runs():
    for proc in first_runs.values():
        if proc.poll() is None:
            proc.kill()


def holds_folder(folder):
    """Whether another process holds the lock of folder, or (a pul that takes
    no lock) has begun writing its rows there."""
    lock = os.path.join(folder, ".pul-sim.lock")
    try:
        fd = os.open(lock, os.O_RDWR)
    except OSError:
        return os.path.isdir(folder) and any(n.endswith("rows.jsonl") for n in os.listdir(folder))
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.lockf(fd, fcntl.LOCK_UN)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)


def start_first_run(tmp):
    env = dict(os.environ, PUL_PATH=os.path.join(ROOT, "variants"))
    first = first_runs[tmp] = subprocess.Popen(
        [pul_binary(), "sim", "--games", str(FIRST_GAMES), "--threads", "1", "--out", "o",
         "--quiet"], cwd=tmp, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    folder = os.path.join(tmp, "o")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and first.poll() is None:
        if holds_folder(folder):
            first.send_signal(signal.SIGSTOP)
            return
        time.sleep(0.002)


def first_run_whole(r):
    first = first_runs.pop(r.tmp)
    if first.poll() is None:
        first.send_signal(signal.SIGCONT)
    try:
        _, err = first.communicate(timeout=600)
    except subprocess.TimeoutExpired:
        first.kill()
        first.communicate()
        return ["the first run did not end within 600 s"]
    problems = []
    if first.returncode != 0:
        problems.append("the first run exited %d: %r" % (first.returncode, err[:300]))
    try:
        with open(os.path.join(r.tmp, "o", "rows.jsonl"), encoding="utf-8") as f:
            lines = [json.loads(line) for line in f]
        with open(os.path.join(r.tmp, "o", "summary.json"), encoding="utf-8") as f:
            summary = json.load(f)
    except (OSError, ValueError) as e:
        return problems + ["the first run's outputs cannot be read: %s" % e]
    if lines[0].get("games") != FIRST_GAMES:
        problems.append("rows.jsonl holds the header of another run: %r" % lines[0])
    indexes = [row.get("index") for row in lines[1:]]
    if indexes != list(range(FIRST_GAMES)):
        problems.append("rows.jsonl does not hold games 0 to %d once each, in order (%d rows)"
                        % (FIRST_GAMES - 1, len(indexes)))
    if summary["variants"][0]["games"] != FIRST_GAMES:
        problems.append("summary.json counts %r games" % summary["variants"][0]["games"])
    names = sorted(os.listdir(os.path.join(r.tmp, "o")))
    if names != ["report.html", "rows.csv", "rows.jsonl", "summary.json"]:
        problems.append("the folder holds %s" % names)
    return problems


CASES = [
    # --games 2^63 with two variants: the count of all games wrapped to 0,
    # and pul sim played nothing and exited 0.
    Case("sim-games-wraps-to-zero", ["pul", "sim", "micropul", "farmopul", "--games",
                                     "9223372036854775808", "--out", "o"], item=9,
         exit=2, timeout=60, stdout_empty=True, stderr=GAMES_RANGE % "9223372036854775808"),
    # Counts that fit a uint64_t but not a run: pul sim set out to play them.
    Case("sim-games-largest-u64", ["pul", "sim", "--games", "18446744073709551615", "--out",
                                   "o"], item=9,
         exit=2, timeout=60, stdout_empty=True, stderr=GAMES_RANGE % "18446744073709551615"),
    Case("sim-games-past-2-to-the-53", ["pul", "sim", "--games", "9007199254740993", "--out",
                                        "o"], item=9,
         exit=2, timeout=60, stdout_empty=True, stderr=GAMES_RANGE % "9007199254740993"),
    # No games at all was a run that succeeded with empty outputs.
    Case("sim-games-zero", ["pul", "sim", "--games", "0", "--out", "o"], item=9,
         exit=2, timeout=60, stdout_empty=True, stderr=GAMES_RANGE % "0"),
    # pul play --resume read the record's Players and Seed with strtol and
    # strtoull: a number too large was cut to LONG_MAX in the message.
    Case("play-resume-players-too-large", ["pul", "play", "--resume", "{tmp}/r.pmn"], item=9,
         setup=write_file("r.pmn", '[Variant "micropul"]\n[Players "99999999999999999999"]\n'
                                   '[Seed "1"]\n'),
         exit=2, timeout=60, stdout_empty=True,
         stderr=r"r\.pmn:2:11: pmn-tag: Players \"99999999999999999999\": micropul is played "
                r"by 1 to 2 players",
         not_stderr=r"9223372036854775807"),
    # Bot specs: strtod read "1e-400" as 0 (for time: no time budget at all)
    # and "0x10" as 16.
    Case("sim-bot-time-underflows", ["pul", "sim", "--bots", "mcts:time=1e-400", "--games", "1",
                                     "--out", "o"], item=9,
         exit=2, timeout=60, stdout_empty=True,
         stderr=r"option 'time' of bot 'mcts' is 1e-400, too close to 0 for a number pul "
                r"holds; it must be from 0 to 3600"),
    Case("play-bot-iters-in-hex", ["pul", "play", "--seats", "mcts:iters=0x10,random"], item=9,
         exit=2, timeout=60, stdout_empty=True,
         stderr=r"option 'iters' of bot 'mcts' needs a whole number, not '0x10'"),

    # --out: a dangling link as an output name was written through, creating
    # its target, without --force (access() followed it and found nothing).
    Case("sim-out-rows-dangling-link", ["pul", "sim", "--games", "3", "--out", "o"], item=9,
         setup=rows_link_dangling, exit=2, timeout=60, stdout_empty=True,
         stderr=r"o/rows\.jsonl is a symbolic link: pul sim does not write through links, with "
                r"or without --force"),
    # ... and a link to a file was written through with --force.
    Case("sim-out-rows-link-force", ["pul", "sim", "--games", "3", "--out", "o", "--force"],
         item=9, setup=rows_link_to_file, exit=2, timeout=60, stdout_empty=True,
         stderr=r"o/rows\.jsonl " + SYMLINK, check=victim_untouched("rows.jsonl")),
    # --out a link to a folder: the outputs went into the folder it names.
    Case("sim-out-link-to-folder", ["pul", "sim", "--games", "3", "--out", "o"], item=9,
         setup=real_folder_and_link, exit=2, timeout=60, stdout_empty=True,
         stderr=r"--out o is a symbolic link: pul sim writes only into a real folder"),
    Case("sim-out-link-to-folder-slash", ["pul", "sim", "--games", "3", "--out", "o/",
                                          "--force"], item=9,
         setup=real_folder_and_link, exit=2, timeout=60, stdout_empty=True,
         stderr=r"--out o " + SYMLINK),
    # --out a dangling link: refused for what it is, not as "File exists".
    Case("sim-out-dangling-link", ["pul", "sim", "--games", "3", "--out", "o"], item=9,
         setup=symlink("nowhere/o", "o"), exit=2, timeout=60, stdout_empty=True,
         stderr=r"--out o is a symbolic link to nothing"),
    # pul sim merge writes its outputs the same way.
    Case("sim-merge-out-link-to-folder", ["pul", "sim", "merge", "shard", "--out", "o"], item=9,
         setup=shard_and_linked_out, exit=2, timeout=120, stdout_empty=True,
         stderr=r"--out o " + SYMLINK),
    Case("sim-merge-report-link-force", ["pul", "sim", "merge", "shard", "--out", "o",
                                         "--force"], item=9,
         setup=shard_and_linked_report, exit=2, timeout=120, stdout_empty=True,
         stderr=r"o/report\.html " + SYMLINK,
         check=victim_untouched("report.html")),
    # Two runs on one folder, both with --force: their rows interleaved and
    # both exited 0. The second must fail at once, naming the folder and the
    # first run, and leave the first run's outputs whole.
    Case("sim-out-second-run-force", ["pul", "sim", "--games", "5", "--out", "o", "--force",
                                      "--quiet"], item=9,
         setup=start_first_run, exit=2, timeout=60, writes=["o"], stdout_empty=True,
         stderr=r"^pul sim: another pul sim \(process \d+\) is writing into o: wait until it "
                r"ends, or give another --out\n$",
         check=first_run_whole),
    Case("sim-out-second-run", ["pul", "sim", "--games", "5", "--out", "o", "--quiet"],
         item=9, setup=start_first_run, exit=2, timeout=60, writes=["o"], stdout_empty=True,
         stderr=r"another pul sim \(process \d+\) is writing into o", check=first_run_whole),
]
