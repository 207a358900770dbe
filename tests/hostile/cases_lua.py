"""Hostile rule scripts (issue 10, items 1 and 2): editions whose Lua scripts
try to run for hours inside their instruction budget (patterns that
backtrack, library calls over long strings, sorts through C metamethods,
loops in C, uncharged instructions) or to grow without bound across calls.
The editions are in tests/hostile/lua/ (each extends micropul; its
attack.lua says what it does): load-* attack while the edition loads, hook-*
in a hook during a game. hostile_test.py runs them; the Case fields are
documented there.

Every case must end well within its time bound with the documented error:
script-budget (the step budget or the CPU-time limit) or script-memory (the
state's cap, or the cap on one block or one string), and write nothing.
"""

import os

from hostile_test import Case

PATH = {"PUL_PATH": "{hostile}/lua:{root}/variants"}
HERE = os.path.dirname(os.path.abspath(__file__))

# Generous bounds: the attacks end in well under a second here; the time
# bound catches hangs (each attack runs minutes to hours on Lua's own
# library), the memory bound growth (a state may hold 64 MiB; a game object
# running hooks has one, so a sim thread holds its game's and the deciding
# bot's trial games' (greedy: one, MCTS: two); hostile_test.py keeps ASan's
# quarantine of freed blocks small, so the bound is about pul's own memory).
TIMEOUT = 60
RSS = 600

# The errors: "code: where: what". pul sim puts the game and the move
# between the code and where, so what follows the code is [^\n]* there.
WHERE = r"(while loading|in hook \w+): "
BUDGET = r"script-budget: " + WHERE + r"ran past its (budget of 1000000 instructions|time " \
                                      r"limit of 80 ms of CPU)"
STATE_CAP = r"script-memory: " + WHERE + r"the rule scripts' state would hold more than its " \
                                         r"cap of 64 MiB"
BLOCK_CAP = r"script-memory: " + WHERE + r"asked for a block of \d+ bytes: a table, the call " \
                                         r"stack or a string being built may take at most 256 KiB"


def in_sim(what):
    return what.replace(": " + WHERE, r": [^\n]*" + WHERE, 1)


def record(variant):
    """A setup writing game.pmn: a 46-action Micropul game, under variant's name."""
    def setup(tmp):
        with open(os.path.join(HERE, "lua", "game.pmn"), encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(tmp, "game.pmn"), "w", encoding="utf-8") as f:
            f.write(text.replace('[Variant "micropul"]', '[Variant "%s"]' % variant))
    return setup


def failed_line(name, what):
    """pul variants' two lines for an edition that fails to load with what."""
    return r"%s\s+FAILS TO LOAD[^\n]*\n[^\n]*lua/%s/attack\.lua:\d+:\d+: %s" % (name, name, what)


LOAD = {  # the load-* editions and how each must fail
    "load-pattern": BUDGET,
    "load-find": BUDGET,
    "load-sort": BLOCK_CAP,
    "load-rep": BUDGET,
    "load-compare": BUDGET,
}

CASES = [
    # Merely on PUL_PATH: listing the editions loads each, and each fails.
    Case("variants-lists-hostile-editions", ["pul", "variants"], item=1, env=PATH, exit=1,
         stdout="".join("(?=.*%s)" % failed_line(n, w) for n, w in LOAD.items()),
         timeout=TIMEOUT, max_rss_mb=RSS),
]

# pul check loads one edition.
for name, what in LOAD.items():
    CASES.append(Case("check-" + name, ["pul", "check", name], item=1, env=PATH, exit=1,
                      stderr=r"lua/%s/attack\.lua:\d+:\d+: %s" % (name, what), timeout=TIMEOUT,
                      max_rss_mb=RSS))

# pul play: a whole game between random players (seed 2: 46 actions).
PLAY = [
    ("load-rep", BUDGET),
    ("hook-pattern", r"in hook setup: ran past its budget"),
    ("hook-find", BUDGET),
    ("hook-sort", BUDGET),
    ("hook-chain", r"in hook after_action: ran past its time limit of 80 ms of CPU"),
    ("hook-memory", STATE_CAP),
    ("hook-memory-7mb", BLOCK_CAP),
    ("hook-gc", STATE_CAP),
]
for name, what in PLAY:
    CASES.append(Case("play-" + name,
                      ["pul", "play", name, "--seats", "random,random", "--seed", "2"],
                      item=2 if "memory" in name or "gc" in name else 1, env=PATH, exit=2,
                      stderr=r"pul play: [^\n]*lua/%s/attack\.lua:\d+:\d+: [^\n]*%s" % (name, what),
                      timeout=TIMEOUT, max_rss_mb=RSS))

# pul sim: four games on worker threads, each game object with its own Lua state, one variant.
for name, what in [("load-find", BUDGET), ("hook-sort", BUDGET), ("hook-memory", STATE_CAP),
                   ("hook-memory-7mb", BLOCK_CAP), ("hook-gc", STATE_CAP)]:
    CASES.append(Case("sim-" + name, ["pul", "sim", name, "--games", "4", "--out", "x"],
                      item=2 if "memory" in name or "gc" in name else 1, env=PATH, exit=2,
                      stderr=r"pul sim: [^\n]*lua/%s/attack\.lua:\d+:\d+: %s" % (name, in_sim(what)),
                      writes=["x"], timeout=TIMEOUT, max_rss_mb=RSS))

# pul referee: a record naming the edition; a hook failing at a move is
# that move's error, one failing at the start (or at load) the record's.
CASES += [
    Case("referee-hook-memory", ["pul", "referee", "game.pmn"], item=2, env=PATH,
         setup=record("hook-memory"), exit=1, json_lines=True,
         stdout=r'"ok":false[^\n]*"error":"script_error","message":"[^"]*' + STATE_CAP,
         timeout=TIMEOUT, max_rss_mb=RSS),
    Case("referee-hook-find", ["pul", "referee", "game.pmn"], item=1, env=PATH,
         setup=record("hook-find"), exit=1, json_lines=True,
         stdout=r'"n":1,[^\n]*"ok":false[^\n]*"message":"[^"]*' + BUDGET,
         timeout=TIMEOUT, max_rss_mb=RSS),
    Case("referee-hook-pattern", ["pul", "referee", "game.pmn"], item=1, env=PATH,
         setup=record("hook-pattern"), exit=2, stdout_empty=True,
         stderr=r"hook-pattern/attack\.lua:5:1: script-budget: in hook setup: ran past its budget",
         timeout=TIMEOUT, max_rss_mb=RSS),
    Case("referee-load-sort", ["pul", "referee", "game.pmn"], item=1, env=PATH,
         setup=record("load-sort"), exit=2, stdout_empty=True, stderr=BLOCK_CAP,
         timeout=TIMEOUT, max_rss_mb=RSS),
]

# pul render: drawing a record's board replays it, hooks and all.
CASES += [
    Case("render-hook-pattern", ["pul", "render", "game.pmn"], item=1, env=PATH,
         setup=record("hook-pattern"), exit=2, stdout_empty=True,
         stderr=r"hook-pattern/attack\.lua:5:1: script-budget: in hook setup: ran past its budget",
         timeout=TIMEOUT, max_rss_mb=RSS),
    Case("render-hook-memory", ["pul", "render", "game.pmn"], item=2, env=PATH,
         setup=record("hook-memory"), exit=1, stdout_empty=True,
         stderr=r"move 22 \"24@-3,0r2\" is illegal: script_error", timeout=TIMEOUT,
         max_rss_mb=RSS),
    Case("render-load-compare", ["pul", "render", "game.pmn"], item=1, env=PATH,
         setup=record("load-compare"), exit=2, stdout_empty=True,
         stderr=r"load-compare/attack\.lua:\d+:\d+: " + BUDGET, timeout=TIMEOUT,
         max_rss_mb=RSS),
    Case("render-sheet-load-pattern", ["pul", "render", "--sheet", "load-pattern"], item=1,
         env=PATH, exit=2, stdout_empty=True,
         stderr=r"load-pattern/attack\.lua:\d+:\d+: " + BUDGET, timeout=TIMEOUT, max_rss_mb=RSS),
]
