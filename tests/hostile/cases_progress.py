"""Hostile editions that keep a game going, or make its counters overflow, and
the messages of what then happens (issue 10, items 3 and 10). hostile_test.py
runs them; the Case fields are documented there.

The editions are in tests/hostile/progress/: endless (every action earns
another extra turn, so only the engine's action limit ends a game), no-takes
(a hook that fails on every take), score-flood (a billion points per closed
group) and tower (tiles white all over, for a record that builds a column).
Every game stops at PUL_ACTION_LIMIT actions (engine/include/pul.h)."""

import json
import os

from hostile_test import Case, last_json

LIMIT = 10000  # PUL_ACTION_LIMIT
EDITIONS = {"PUL_PATH": "{hostile}/progress:{root}/variants"}


def rows_of(tmp, folder="o"):
    """The rows of a pul sim run, after its header line."""
    with open(os.path.join(tmp, folder, "rows.jsonl"), encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    return lines[0], lines[1:]


def check_endless_rows(games):
    def check(r):
        problems = []
        try:
            _, rows = rows_of(r.tmp)
            with open(os.path.join(r.tmp, "o", "summary.json"), encoding="utf-8") as f:
                summary = json.load(f)
        except (OSError, ValueError) as e:
            return ["the outputs cannot be read: %s" % e]
        if len(rows) != games:
            problems.append("%d rows, expected %d" % (len(rows), games))
        for row in rows:
            if row.get("end_reason") != "action_limit" or row.get("turns") != LIMIT:
                problems.append("game %s ended by %s after %s actions, not by action_limit "
                                "after %d" % (row.get("index"), row.get("end_reason"),
                                               row.get("turns"), LIMIT))
        ends = summary["variants"][0].get("end_reasons", {})
        if ends != {"action_limit": games}:
            problems.append("summary.json end_reasons is %r" % ends)
        return problems
    return check


def write_record(name, moves):
    """A setup writing a record of the endless edition: a claim on the start
    tile (which earns the extra turn that makes pass legal), then passes."""
    def setup(tmp):
        with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
            f.write('[Variant "endless"]\n[Players "2"]\n[Seed "1"]\n\n')
            f.write("snw0,0 " + " ".join(["pass"] * (moves - 1)) + "\n")
    return setup


def write_tower(tmp):
    """A record of the tower edition whose twelve moves build a column of
    thirteen tiles: a picture over three times as tall as it is wide."""
    moves = []
    for k in range(6):
        moves += ["%d@0,%d" % (1 + k, 1 + k), "%d@0,%d" % (7 + k, -1 - k)]
    with open(os.path.join(tmp, "tower.pmn"), "w", encoding="utf-8") as f:
        f.write('[Variant "tower"]\n[Players "2"]\n')
        f.write('[Core "%s"]\n\n' % " ".join(str(t) for t in range(1, 20)))
        f.write(" ".join(moves) + "\n")


def earlier_outputs(tmp):
    os.mkdir(os.path.join(tmp, "o"))
    with open(os.path.join(tmp, "o", "rows.jsonl"), "w", encoding="utf-8") as f:
        f.write("earlier\n")


def check_earlier_outputs(r):
    with open(os.path.join(r.tmp, "o", "rows.jsonl"), encoding="utf-8") as f:
        return [] if f.read() == "earlier\n" else ["o/rows.jsonl changed"]


CASES = [
    # Item 3: the turn counter wrapped at 32767, so the sim's 100,000-action
    # guard never fired and pul sim ran for ever. The bound is the mixed-bots
    # case's: 600,000 hooked actions take 33 s of CPU under AddressSanitizer,
    # and on a shared machine (load 9 on 2 cores) 54 s of wall time, so 60 s
    # failed there; a run that never ends still meets 120 s.
    Case("sim-endless-edition", ["pul", "sim", "endless", "--games", "6", "--threads", "2",
                                 "--out", "o", "--quiet"], item=3,
         env=EDITIONS, exit=0, timeout=120, writes=["o"], stdout_empty=True,
         check=check_endless_rows(6)),
    Case("sim-endless-mixed-bots", ["pul", "sim", "endless", "--games", "2", "--threads", "2",
                                    "--bots", "greedy,mcts:iters=2", "--swap", "--out", "o",
                                    "--quiet"], item=3,
         env=EDITIONS, exit=0, timeout=120, writes=["o"], check=check_endless_rows(2)),
    # The play loop: "internal error" after 100,000 actions, for a game the
    # edition's script kept going.
    Case("play-endless-random-seats", ["pul", "play", "endless", "--seats", "random,random"],
         item=10, env=EDITIONS, exit=0, timeout=60,
         stdout=r"; Result: action_limit \(the game reached %d actions, the most pul plays: "
                r"the variant's rule scripts kept it going\), after %d actions" % (LIMIT, LIMIT),
         not_stderr=r"internal error", stderr=r"^$"),
    Case("play-endless-bot-seats", ["pul", "play", "endless", "--seats", "mcts:iters=3,greedy"],
         item=3, env=EDITIONS, exit=0, timeout=120,
         stdout=r"; Result: action_limit .*, after %d actions" % LIMIT,
         not_stderr=r"internal error", stderr=r"^$"),
    # The referee: a record of the endless edition runs into the limit; its
    # final line names the reason as the other end reasons are named.
    Case("referee-record-reaches-the-limit", ["pul", "referee", "{tmp}/endless.pmn"], item=3,
         env=EDITIONS, setup=write_record("endless.pmn", LIMIT), exit=0, timeout=60,
         json_lines=True, stdout=r'"n":%d,' % LIMIT,
         check=last_json({"over": True, "reason": "action_limit"})),
    Case("referee-record-past-the-limit", ["pul", "referee", "{tmp}/endless.pmn"], item=3,
         env=EDITIONS, setup=write_record("endless.pmn", LIMIT + 1), exit=1, timeout=60,
         json_lines=True,
         check=last_json({"n": LIMIT + 1, "ok": False, "error": "game_over"})),
    # Counters: score_group gave a seat a billion points a group, and its
    # total wrapped negative; now the hook's result is refused, and the run
    # says so and leaves nothing.
    # (--bots random: the greedy default may close no group that floods.)
    Case("sim-score-group-flood", ["pul", "sim", "score-flood", "--games", "50", "--out", "o",
                                   "--bots", "random", "--quiet"], item=3,
         env=EDITIONS, exit=2, timeout=60,
         stderr=r"in hook score_group: .*from -1000000 to 1000000; it returned 1000000000"
                r".*nothing was written into o"),
    # Item 10: the messages. A sim script error named the move "" when it was
    # a take at random, and said the outputs were incomplete when the run had
    # written nothing a reader could use.
    Case("sim-script-error-names-the-take", ["pul", "sim", "no-takes", "--games", "3",
                                             "--bots", "random", "--threads", "1", "--out", "o"],
         item=10,
         env=EDITIONS, exit=2, timeout=60,
         stderr=r"no-takes, game 0 \(seed 1\), move t \(a take at random\) of bot 'random' "
                r"at seat \d: in hook after_action: this edition allows no take\n"
                r"pul sim: nothing was written into o\n$",
         not_stderr=r"move  of|incomplete"),
    Case("sim-failed-run-keeps-earlier-outputs", ["pul", "sim", "no-takes", "--games", "3",
                                                  "--out", "o", "--force", "--quiet"], item=10,
         env=EDITIONS, setup=earlier_outputs, exit=2, timeout=60,
         stderr=r"nothing was written into o: the outputs already there are as they were",
         check=check_earlier_outputs),
    # pul render: cairo refused the picture with "InvalidSize" (and librsvg
    # printed a warning of its own); the size is now checked first.
    Case("render-png-too-tall", ["pul", "render", "{tmp}/tower.pmn", "--size", "16384", "--out",
                                 "t.png"], item=10,
         env=EDITIONS, setup=write_tower, exit=2, timeout=60, stdout_empty=True,
         stderr=r"^pul render: --size 16384 makes a PNG of 16384 x \d+ pixels, larger than pul "
                r"draws \(16384 pixels a side, 64 megapixels in all\): give --size \d+ or less, "
                r"or write SVG\n$",
         not_stderr=r"InvalidSize|WARNING"),
    # A square sheet at the largest --size took minutes and 2 GB to draw.
    Case("render-png-too-many-pixels", ["pul", "render", "--sheet", "micropul", "--size",
                                        "16384", "--out", "s.png"], item=10,
         exit=2, timeout=60, max_rss_mb=400, stdout_empty=True,
         stderr=r"--size 16384 makes a PNG of 16384 x \d+ pixels.*give --size \d+ or less"),
]
