"""Terminal escape injection and invalid JSON (issue 10, items 4 and 7): text
from a record, a rule script or an edition must reach a terminal escaped and a
JSON line as valid JSON and UTF-8. hostile_test.py runs the cases and, for
every one, fails any raw control, escape sequence, C1 or bidi character and
any byte that is not UTF-8 on standard output or error; the Case fields are
documented there.

The hostile inputs are in tests/hostile/output/:
- records (*.pmn) whose Variant, Players and Seed tags and moves hold OSC 52
  (clipboard), OSC 0 (window title), CSI 2J (clear screen), CSI as the C1
  byte, a bidi override, bytes that are not UTF-8, and a carriage return that
  redraws the line as a fake prompt;
- evil-script/, an edition whose rule script fails with such a message
  (script.pmn names it; the cases give its folder with --variant);
- evil-names/, an edition whose title, description and theme names and
  glyphs hold C1 and bidi controls: the loaders refuse it, and every command
  must say so in a message that is itself safe.
- evil-tiles/, an edition naming a tile set file with such a name.
The script's message is checked for its hook's name only: the Lua host may
clean it at its source; what reaches the terminal must be safe either way.
"""

import json
import os
import shutil

from hostile_test import Case, HERE

OUT = os.path.join(HERE, "output")

def rec(name):
    return "{hostile}/output/" + name


def editions(*names):
    """A setup that copies the named editions of output/ into the scratch
    folder, where a command names them as ./NAME."""
    def setup(tmp):
        for name in names:
            shutil.copytree(os.path.join(OUT, name), os.path.join(tmp, name))
    return setup


def search_folder(tmp):
    os.makedirs(os.path.join(tmp, "eds"))
    shutil.copytree(os.path.join(OUT, "evil-names"), os.path.join(tmp, "eds", "evil-names"))


def json_lines(r):
    """The JSON values of standard output, one a line; a line that is not
    one is left out (json_lines=True reports it)."""
    values = []
    for line in r.out.decode("utf-8", "replace").splitlines():
        try:
            values.append(json.loads(line))
        except ValueError:
            pass
    return values


def move_line(n, move, error):
    """Check of the referee's line n: the move as written (U+FFFD for bytes
    that are not UTF-8) and the error code."""
    def check(r):
        lines = json_lines(r)
        if len(lines) < n:
            return ["%d JSON lines, expected at least %d" % (len(lines), n)]
        line = lines[n - 1] if isinstance(lines[n - 1], dict) else {}
        problems = []
        if line.get("move") != move:
            problems.append("move %r, expected %r" % (line.get("move"), move))
        if line.get("ok") is not False or line.get("error") != error:
            problems.append("line %d is %r, expected error %s" % (n, line, error))
        return problems
    return check


def script_line(r):
    lines = json_lines(r)
    if not lines or not isinstance(lines[-1], dict) or lines[-1].get("error") != "script_error":
        return ["the last line is not a script_error: %r" % lines[-1:]]
    if "after_action" not in lines[-1].get("message", ""):
        return ["the message does not name the failing hook: %r" % lines[-1]]
    return []


def one_stderr_line(r):
    lines = r.err.decode("utf-8", "replace").split("\n")
    return [] if len(lines) == 2 and lines[1] == "" else \
        ["stderr is %d lines, not one: a value broke the line" % (len(lines) - 1)]


CASES = [
    # ---------------------------------------------------------- records
    Case("referee-variant-osc52", ["pul", "referee", rec("variant-osc52.pmn")], item=4,
         exit=2, stdout_empty=True, stderr=r"variant-osc52\.pmn:\d+"),
    Case("referee-variant-not-utf8", ["pul", "referee", rec("variant-not-utf8.pmn")], item=4,
         exit=2, stdout_empty=True, stderr=r"variant-not-utf8\.pmn:\d+"),
    Case("referee-players-title", ["pul", "referee", rec("players-title.pmn")], item=4,
         exit=2, stdout_empty=True, stderr=r"players-title\.pmn:\d+.*Players"),
    Case("referee-seed-fake-prompt", ["pul", "referee", rec("seed-fake-prompt.pmn")], item=4,
         exit=2, stdout_empty=True, stderr=r"seed-fake-prompt\.pmn:\d+.*Seed",
         check=one_stderr_line),
    Case("referee-move-escapes", ["pul", "referee", rec("move-escapes.pmn")], item=4,
         exit=1, json_lines=True,
         check=move_line(2, "\x9b2J\x1b[H\x1b[2J\ufffd", "syntax")),
    Case("referee-move-rlo", ["pul", "referee", rec("move-rlo.pmn")], item=4, exit=1,
         json_lines=True, check=move_line(1, "\u202e3r0,1@93", "syntax")),
    Case("replay-variant-osc52", ["pul", "replay", rec("variant-osc52.pmn")], item=4, exit=2,
         stdout_empty=True, stderr=r"pul replay: .*variant-osc52\.pmn"),
    Case("replay-move-escapes", ["pul", "replay", rec("move-escapes.pmn"), "--at", "1"], item=4,
         exit=1, stderr=r"move 2 \(.*\) is illegal: syntax",
         stdout=r"move 2 \(.*\) is illegal: syntax"),
    Case("render-move-escapes", ["pul", "render", rec("move-escapes.pmn")], item=4, exit=1,
         stdout_empty=True, stderr=r"move 2 \".*\" is not a PMN move"),
    Case("play-resume-variant-osc52", ["pul", "play", "--resume", rec("variant-osc52.pmn")],
         item=4, exit=2, stdout_empty=True, stderr=r"pul play: .*micropul"),
    Case("play-resume-move-escapes", ["pul", "play", "--resume", rec("move-escapes.pmn")],
         item=4, exit=2, stdout_empty=True, stderr=r"move 2, .*, is not legal \(syntax\)"),

    # ------------------------------------------------- a script's error
    Case("referee-script-error", ["pul", "referee", rec("script.pmn"), "--variant",
                                  "{hostile}/output/evil-script"],
         item=7, exit=1, json_lines=True, check=script_line),
    Case("play-script-error-bots", ["pul", "play", "./evil-script", "--seats", "random,random"],
         item=4, setup=editions("evil-script"), exit=2, stderr=r"after_action"),
    Case("play-script-error-human", ["pul", "play", "./evil-script", "--seats", "human,random",
                                     "--seed", "1", "--record", "h.pmn"],
         item=4, setup=editions("evil-script"), stdin=b"1\nquit\n", exit=0,
         stdout=r"is not legal.*after_action.*You left the game", writes=["h.pmn"]),
    Case("sim-script-error", ["pul", "sim", "./evil-script", "--games", "2", "--out", "{tmp}/out"],
         item=4, setup=editions("evil-script"), exit=2, stderr=r"after_action", writes=["out"]),
    Case("replay-script-error", ["pul", "replay", rec("script.pmn"), "--at", "0", "--variant",
                                 "{hostile}/output/evil-script"],
         item=4, exit=1, stderr=r"after_action",
         stdout=r"is illegal: script_error.*after_action"),
    Case("render-script-error", ["pul", "render", rec("script.pmn"), "--variant",
                                 "{hostile}/output/evil-script"],
         item=4, exit=1, stdout_empty=True,
         stderr=r"move 1 .* is illegal: script_error: .*after_action"),

    # ---------------------------------------------- an edition's names
    # The loaders refuse control and bidi characters in an edition's texts, so
    # evil-names never reaches a screen: every command stops at its first
    # such character, named as U+XXXX in a message that is itself safe.
    Case("check-names", ["pul", "check", "{hostile}/output/evil-names"], item=4, exit=1,
         stderr=r"evil-names/variant\.yaml:7:12: bad-value: title \(en\) holds U\+009B"),
    Case("check-names-json", ["pul", "check", "--json", "{hostile}/output/evil-names"], item=4,
         exit=1, json_lines=True, stdout=r'"code":"bad-value","message":"title \(en\) holds U\+009B'),
    Case("check-theme", ["pul", "check", "{hostile}/output/evil-names/theme.yaml"], item=4,
         exit=1, stderr=r"theme\.yaml:3:18: bad-value: .* holds U\+202E"),
    Case("variants-names", ["pul", "variants", "--path", "{tmp}/eds"], item=4,
         setup=search_folder, exit=1,
         stdout=r"evil-names +FAILS TO LOAD.*variant\.yaml:7:12: bad-value: .*U\+009B"),
    Case("variants-names-json", ["pul", "variants", "--json", "--path", "{tmp}/eds"], item=4,
         setup=search_folder, exit=1, json_lines=True,
         stdout=r'"evil-names".*"code":"bad-value"'),
    Case("play-names-human", ["pul", "play", "./evil-names", "--seats", "human,random",
                              "--seed", "1", "--record", "h.pmn"],
         item=4, setup=editions("evil-names"), stdin=b"1\nquit\n", exit=2, stdout_empty=True,
         stderr=r"variant\.yaml:7:12: bad-value: .*U\+009B"),
    Case("replay-names", ["pul", "replay", rec("names.pmn"), "--at", "3", "--variant",
                          "{hostile}/output/evil-names"],
         item=4, exit=2, stdout_empty=True, stderr=r"variant\.yaml:7:12: bad-value: .*U\+009B"),
    Case("render-names-sheet", ["pul", "render", "--sheet", "./evil-names"], item=4,
         setup=editions("evil-names"), exit=2, stdout_empty=True,
         stderr=r"variant\.yaml:7:12: bad-value: .*U\+009B"),
    Case("check-tiles-file-name", ["pul", "check", "{hostile}/output/evil-tiles"], item=4,
         exit=1, stderr=r"evil-tiles/variant\.yaml:\d+:\d+: "),

    # ---------------------------------------------- the command line
    Case("unknown-command-escape", ["pul", "\x1b]0;pwned\x07\u202e"], item=4, exit=2,
         stderr=r"unknown command"),
]
