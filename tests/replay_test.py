#!/usr/bin/env python3
"""replay_test.py: `pul replay` seen from outside.

Through pipes: --at N shows the same position as stepping N times; stepping
back shows the earlier position again, byte for byte. Through a pseudo-terminal
(pty): keys in raw mode move the counter and redraw, and stepping back gives
the earlier screen exactly. Also: every message exists in en, ja, fr and es
with the same printf conversions; board lines keep their width with wide
glyphs; a bad record exits 2 and an illegal move exits 1 naming the move; a
hostile edition's names and a record's illegal move reach a terminal escaped.

usage: replay_test.py --cmd PATH_TO_PUL   (run from the source tree; PUL_PATH set)
"""
import argparse
import json
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata

from term_check import foreign_text

RECORD = "tests/conformance/random/game-0001.pmn"
FAILURES = []


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        print("FAIL:", what)


def run(pul, args, stdin=""):
    p = subprocess.run([pul, "replay"] + args, input=stdin.encode(), capture_output=True,
                       timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def width(s):
    """Terminal cells of s: wide (W, F) characters take two, combining none."""
    w = 0
    for c in s:
        if unicodedata.combining(c) or c in "\ufe0e\ufe0f\u200b":
            continue
        w += 2 if unicodedata.east_asian_width(c) in "WF" else 1
    return w


def positions(out):
    """The positions a piped run printed, each from its title line on."""
    parts = re.split(r"\n(?=\S.*(?:start of the game|after move \d+ of))", out)
    return [p.strip("\n") for p in parts if p.strip()]


def board_lines(pos):
    """The board of a printed position: from the x header to the legend under it
    (the first line not led by a row number or four spaces) or the blank line."""
    lines = pos.split("\n")
    start = next(i for i, l in enumerate(lines) if re.match(r"^ {4}( +-?\d+ )+ $", l))
    end = next(i for i in range(start, len(lines))
               if not re.match(r"^(    |[ -]{0,3}\d+) ", lines[i]))
    return lines[start:end]


def conversions(fmt):
    """The printf conversions of fmt as (argument number, type), in argument order."""
    convs = re.findall(r"%(?:(\d+)\$)?[-+ #0]*\d*(?:\.\d+)?(l|ll|z)?([sdcfu%])", fmt)
    out, n = [], 0
    for pos, length, typ in convs:
        if typ == "%":
            continue
        n += 1
        out.append((int(pos) if pos else n, length + typ))
    return sorted(out)


def test_messages(pul):
    code, out, _ = run(pul, ["--list-messages"])
    check(code == 0, "--list-messages exits 0")
    table = {}
    for line in out.splitlines():
        mid, lang, text = line.split("\t", 2)
        table.setdefault(mid, {})[lang] = text
    check(len(table) >= 20, "the message table has its ids (%d)" % len(table))
    # The source table is what the command lists: each row names four texts.
    src = open("tools/replay_text.c", encoding="utf-8").read()
    for mid in re.findall(r'\[RT_\w+\] = \{"([\w-]+)"', src):
        check(mid in table, "message %s is listed" % mid)
    for mid, langs in table.items():
        check(sorted(langs) == ["en", "es", "fr", "ja"], "%s in all four languages" % mid)
        for lang, text in langs.items():
            check(text.strip() != "", "%s/%s is not empty" % (mid, lang))
            check(conversions(text) == conversions(langs["en"]),
                  "%s/%s has the conversions of en: %s vs %s" %
                  (mid, lang, conversions(text), conversions(langs["en"])))
        for lang in ("ja", "fr", "es"):
            if mid not in ("cannot-read", "variant"):
                check(langs[lang] != langs["en"], "%s/%s is translated" % (mid, lang))


def test_pipes(pul):
    code, out, err = run(pul, [RECORD], "n\n" * 12 + "q\n")
    check(code == 0, "piped replay exits 0 (%d: %s)" % (code, err))
    pos = positions(out)
    check(len(pos) == 13, "13 positions printed for 12 steps (%d)" % len(pos))
    check("start of the game (70 moves)" in pos[0], "the first position is the start")
    check(pos[12].startswith("Micropul: after move 12 of 70"), "the counter reaches 12")
    check("12. t8, seat 1" in pos[12], "move 12 shown in PMN with its seat")
    check("took tile 8 from the supply into the hand" in pos[12], "move 12's event shown")
    code, at, _ = run(pul, [RECORD, "--at", "12"])
    check(code == 0 and at.strip("\n") == pos[12], "--at 12 is the 12th step, byte for byte")
    check("\x1b[" not in at, "no escape codes through a pipe")
    # Placements change the board; stepping back restores it exactly.
    _, out, _ = run(pul, [RECORD], "n\nn\np\np\ng 10\nG\ng\nq\n")
    pos = positions(out)
    check(len(pos) == 8, "8 positions for 7 commands")
    check(board_lines(pos[0]) != board_lines(pos[1]), "a placement changes the board")
    check(pos[3] == pos[1] and pos[4] == pos[0], "stepping back restores earlier positions")
    check("after move 10 of 70" in pos[5], "g 10 jumps to move 10")
    check("after move 70 of 70" in pos[6] and "game over" in pos[6], "G goes to the end")
    check(pos[7] == pos[0], "g goes back to the start")
    # Every event kind the record uses is told.
    _, out, _ = run(pul, [RECORD, "--at", "37"])
    check("one-dot catalyst at 1,-3 fired" in out and "drew 1 from the core" in out,
          "a catalyst and its draw are told")
    # The big glyph and the micropul's own round the catalyst, drawn once.
    check(re.search("◎·[○●]◎", out) is not None, "a big tile is drawn round its centre catalyst")
    _, out, _ = run(pul, [RECORD, "--at", "11"])
    check("put a stone on the group at 0,0 se" in out, "a claim is told")
    check("◆2" in out, "a stone shows its glyph and its seat")
    # Bad commands are refused and the position stays.
    code, out, err = run(pul, [RECORD], "x\ng 99\nq\n")
    check("unknown command 'x'" in err and "no position 99" in err, "bad commands named")
    check(code == 0, "bad commands do not change the exit code")
    # Every board line is as wide as the header, in every language.
    for lang in ("en", "ja", "fr", "es"):
        _, out, _ = run(pul, [RECORD, "--at", "40", "--lang", lang])
        lines = board_lines(out)
        check(len({width(l) for l in lines}) == 1, "board lines aligned (%s)" % lang)
    _, out, _ = run(pul, [RECORD, "--at", "40", "--lang", "fr"])
    check("après le coup 40 sur 70" in out and "joueur" in out, "French messages")


def test_wide_glyphs(pul, tmp):
    """A theme with two-cell glyphs keeps every board line as wide as the header."""
    var = os.path.join(tmp, "wide")
    os.makedirs(var)
    theme = open("variants/micropul/theme.yaml", encoding="utf-8").read()
    for old, new in (("○", "白"), ("●", "黒"), ("◆", "石"), ("◎", "大")):
        theme = theme.replace('glyph: "%s"' % old, 'glyph: "%s"' % new)
    open(os.path.join(var, "theme.yaml"), "w", encoding="utf-8").write(theme)
    open(os.path.join(var, "variant.yaml"), "w").write(
        "name: wide\nextends: micropul\ntitle: {en: Wide}\ndescription: {en: wide glyphs}\n"
        "theme: theme.yaml\n")
    rec = os.path.join(tmp, "wide.pmn")
    text = open(RECORD, encoding="utf-8").read().replace('[Variant "micropul"]',
                                                           '[Variant "wide"]')
    open(rec, "w", encoding="utf-8").write(text)
    # A record names its edition; one outside the search path is given with --variant.
    code, out, err = run(pul, [rec, "--at", "45"])
    check(code == 2 and "not-found" in err and "--variant" in err,
          "an edition off the search path is not found without --variant (%s)" % err.strip())
    code, out, err = run(pul, [rec, "--at", "45", "--variant", var])
    check(code == 0, "the wide theme loads (%s)" % err.strip())
    if code == 0:
        lines = board_lines(out)
        check(any("白" in l for l in lines) and any("黒" in l for l in lines), "wide glyphs drawn")
        check(len({width(l) for l in lines}) == 1, "wide glyphs keep the board aligned")


def test_bad_records(pul, tmp):
    code, out, err = run(pul, ["/nonexistent/game.pmn"])
    check(code == 2 and out == "" and "game.pmn" in err, "a missing record exits 2 naming it")
    bad = os.path.join(tmp, "novariant.pmn")
    open(bad, "w").write('[Players "2"]\n1. t3\n')
    code, out, err = run(pul, [bad])
    check(code == 2 and "Variant" in err, "a record without Variant exits 2")
    unknown = os.path.join(tmp, "unknown.pmn")
    open(unknown, "w").write('[Variant "no-such-edition"]\n[Players "2"]\n')
    code, out, err = run(pul, [unknown])
    check(code == 2 and "no-such-edition" in err, "an unknown variant exits 2")
    code, out, err = run(pul, [RECORD, "--variant", "farmopul"])
    check(code == 2 and out == "" and "pmn-tag" in err and "farmopul" in err,
          "--variant naming another edition than the record's exits 2")
    code, _, err = run(pul, [RECORD, "--lang", "de"])
    check(code == 2 and "'de'" in err, "an unknown language exits 2")
    code, _, err = run(pul, [])
    check(code == 2 and err, "no record exits 2")
    code, _, err = run(pul, [RECORD, "--at", "71"])
    check(code == 2 and "0 to 70" in err, "--at past the end exits 2")
    # An illegal move: named with its number and reason; replay stops before it.
    text = open(RECORD, encoding="utf-8").read().replace("3. 9@1,1", "3. 9@5,5")
    illegal = os.path.join(tmp, "illegal.pmn")
    open(illegal, "w", encoding="utf-8").write(text)
    code, out, err = run(pul, [illegal], "n\nn\nn\nn\np\nq\n")
    check(code == 1, "an illegal move exits 1 (%d)" % code)
    check("move 3 (9@5,5) is illegal: not_adjacent" in err or
          "move 3 (9@5,5) is illegal: not-adjacent" in err, "the illegal move named: " + err)
    pos = positions(out)
    check("after move 2 of 70" in pos[-2] and "stops here" in pos[-2], "replay stops at move 2")
    check("after move 1 of 70" in pos[-1], "and can still step back")
    code, out, err = run(pul, [illegal, "--at", "5"])
    check(code == 1 and "0 to 2" in err, "--at past an illegal move exits 1")


class Pty:
    """pul replay on a pseudo-terminal: keys in, screens out."""

    def __init__(self, argv):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm"
            os.environ.pop("NO_COLOR", None)
            os.execv(argv[0], argv)
        self.buf = b""
        self.all = b""  # everything read, for the checks on what reached the terminal

    def read_until(self, pattern, timeout=10.0):
        """Read until pattern (bytes regex) matches the output after the last
        screen clear; returns that screen as text."""
        end = time.time() + timeout
        while time.time() < end:
            screens = self.buf.split(b"\x1b[H\x1b[2J")
            if len(screens) > 1 and re.search(pattern, screens[-1]) and \
                    screens[-1].rstrip().endswith(b"q quit"):
                self.buf = b""
                return screens[-1].decode("utf-8", "replace")
            r, _, _ = select.select([self.fd], [], [], 0.2)
            if r:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    break
                self.buf += chunk
                self.all += chunk
        return None

    def send(self, keys):
        os.write(self.fd, keys)

    def close(self):
        try:
            self.send(b"q")
            _, status = os.waitpid(self.pid, 0)
            return os.waitstatus_to_exitcode(status)
        finally:
            os.close(self.fd)


def test_pty(pul):
    t = Pty([pul, "replay", RECORD])
    start = t.read_until(rb"start of the game")
    check(start is not None, "the first screen shows the start")
    check(start is not None and "\x1b[" in start, "colours in a terminal")
    t.send(b"n")
    one = t.read_until(rb"after move 1 of 70")
    check(one is not None, "n steps to move 1")
    t.send(b"\x1b[C")
    two = t.read_until(rb"after move 2 of 70")
    check(two is not None, "the right arrow steps to move 2")
    t.send(b"\x1b[D")
    back = t.read_until(rb"after move 1 of 70")
    check(back == one, "the left arrow restores move 1's screen exactly")
    t.send(b"p")
    check(t.read_until(rb"start of the game") == start, "p restores the start exactly")
    t.send(b"15\r")
    check(t.read_until(rb"after move 15 of 70") is not None, "a number and Enter jump")
    t.send(b"\x1b[F")
    end = t.read_until(rb"after move 70 of 70")
    check(end is not None and "game over" in end, "End goes to the last move")
    t.send(b"\x1b[H")
    check(t.read_until(rb"start of the game") == start, "Home goes back to the start")
    t.send(b"G")
    check(t.read_until(rb"after move 70 of 70") == end, "G goes to the end")
    check(t.close() == 0, "q quits with status 0")

    t = Pty([pul, "replay", RECORD, "--no-colour"])
    plain = t.read_until(rb"start of the game")
    check(plain is not None and "\x1b[" not in plain.replace("\x1b[H\x1b[2J", ""),
          "--no-colour: no escape codes in a terminal")
    t.close()


def test_hostile_pty(pul):
    """Records and an edition that attack the terminal (tests/hostile/output),
    stepped through in raw mode with colours: an edition whose names hold
    control characters is refused in a safe message, the record's illegal move
    is shown escaped, and no escape sequence but the tool's own reaches the
    terminal."""
    hostile = os.path.abspath("tests/hostile/output")
    t = Pty([pul, "replay", os.path.join(hostile, "names.pmn"), "--variant",
             os.path.join(hostile, "evil-names")])
    t.read_until(rb"(?!)")  # no screen comes: this reads to the end of the output
    check(b"bad-value: title (en) holds U+009B" in t.all,
          "evil-names: the refusal does not name the character")
    check(t.close() == 2, "evil-names: replay does not refuse the edition")
    bad = foreign_text(t.all)
    check(not bad, "evil-names reaches the terminal raw: %s" % bad)

    t = Pty([pul, "replay", os.path.join(hostile, "move-escapes.pmn")])
    t.read_until(rb"start of the game")
    t.send(b"G")
    stop = t.read_until(rb"stops here")
    check(stop is not None and "\\u009b2J\\x1b[H\\x1b[2J\\xff" in stop,
          "the illegal move is not shown escaped")
    t.close()
    bad = foreign_text(t.all)
    check(not bad, "an illegal move reaches the terminal raw: %s" % bad)


def genial_record(pul, tmp, name, args):
    """A record of a game between bots (pul play prints it), written to tmp/name.pmn."""
    out = subprocess.run([pul, "play"] + args, capture_output=True, timeout=60).stdout
    path = os.path.join(tmp, name + ".pmn")
    open(path, "wb").write(out)
    moves = subprocess.run([pul, "referee", path], capture_output=True).stdout.decode()
    return path, [json.loads(line) for line in moves.splitlines() if line.startswith('{"n"')]


def test_genial(pul, tmp):
    """Einfach Genial records: stepping equals --at, back restores; each
    move's events in words, draws included (a replay hides nothing); the
    shout of a bonus placement, a swap's returned tiles, the end with each
    seat's lowest track; teams, solo and the four languages; keys at a pty."""
    # The first seed whose game (between bots, so it follows their play) has
    # a swap and a bonus placement: the checks below need both.
    for seed in range(1, 41):
        path, moves = genial_record(pul, tmp, "g2", ["genial", "--seats", "random,greedy",
                                                     "--seed", str(seed)])
        if (any(m["move"].startswith("x") for m in moves)
                and any(m["bonus"] > 0 for m in moves)):
            break
    n = len(moves)
    check(n > 60, "the Genial record has %d moves" % n)
    code, out, err = run(pul, [path], "n\n" * 3 + "p\np\nG\nq\n")
    pos = positions(out)
    check(code == 0 and len(pos) == 7, "a Genial record steps (%d: %s)" % (code, err.strip()))
    for k in (1, 2, 3):
        _, at, _ = run(pul, [path, "--at", str(k)])
        check(len(pos) > k and at.strip("\n") == pos[k], "--at %d is the %dth step" % (k, k))
    check(len(pos) == 7 and pos[4] == pos[2] and pos[5] == pos[1], "stepping back restores")
    first, second = moves[0], moves[1]
    check(re.search(r"placed \w+ \w+ on -?\d+,-?\d+ and \w+ \w+ on -?\d+,-?\d+", pos[1])
          and "score track at" in pos[1], "a placement's events are not told: %r" % pos[1][:300])
    check("%d. %s, seat 1" % (1, first["move"]) in pos[1], "move 1 shown in PMN with its seat")
    check("refilled the rack: 1 tile(s) from the bag" in pos[2]
          and ("drew %s" % second["move"][1:]) in pos[2], "a refill's draw is not told")
    check(re.search(r"^ +0 1 2 3 4 5\b", pos[1], re.M) and "rack (seat 1):" in pos[1]
          and "seat 1 to refill" in pos[1], "the board, the rack or who moves is missing")
    last = pos[6]
    check("after move %d of %d" % (n, n) in last and "game over: " in last
          and re.search(r"^seat 1: \d+ points \(lowest track: \w+ \w+\)", last, re.M)
          and ", wins" in last, "the end is not told: %r" % last[-400:])
    swap = next((m for m in moves if m["move"].startswith("x")), None)
    if check(swap is not None, "no game of seeds 1-40 has a swap"):
        _, out, _ = run(pul, [path, "--at", str(swap["n"])])
        check("swapped the rack: 6 new tile(s) from the bag" in out
              and re.search(r"put ([a-z]{2}, )*[a-z]{2} back in the bag", out),
              "a swap and the tiles it put back are not told")
    bonus = next((m for m in moves if m["bonus"] > 0), None)
    if check(bonus is not None, "no game of seeds 1-40 has a bonus placement"):
        _, out, _ = run(pul, [path, "--at", str(bonus["n"])])
        check("Brilliant! %d bonus placement(s) to make" % bonus["bonus"] in out
              and "(an end reached)" in out, "a bonus placement is not told with the shout")
    words = {"ja": ["手目の後", "を引いた", "袋", "赤い炎"], "fr": ["après le coup", "a tiré", "sac", "flamme"],
             "es": ["tras la jugada", "sacó", "bolsa", "llama"]}
    for lang, want in words.items():
        _, out, _ = run(pul, [path, "--at", "2", "--lang", lang])
        check(all(w in out for w in want), "--lang %s: %r" % (lang, [w for w in want if w not in out]))
    path, _ = genial_record(pul, tmp, "g4", ["genial-teams", "--seats",
                                             "greedy,greedy,greedy,greedy", "--seed", "3"])
    _, out, _ = run(pul, [path, "--at", "20"])
    check(re.search(r"▮ 1\+3 .* 2\+4", out) and re.search(r"^ +0 1 2 3 4 5 6 7\b", out, re.M)
          and all(len(l) <= 80 for l in out.split("\n")),
          "a team game shows no team columns, radius-7 board, or is wider than 80")
    path, _ = genial_record(pul, tmp, "g1", ["genial-solo", "--seats", "greedy", "--seed", "3"])
    _, out, _ = run(pul, [path], "G\nq\n")
    check(re.search(r"^score: \d+ points \(lowest track", out, re.M) is not None,
          "a solo game's end has no score line")
    t = Pty([pul, "replay", os.path.join(tmp, "g2.pmn")])
    start = t.read_until(rb"start of the game")
    t.send(b"n")
    one = t.read_until(rb"after move 1 of")
    t.send(b"n")
    t.read_until(rb"after move 2 of")
    t.send(b"p")
    check(one is not None and t.read_until(rb"after move 1 of") == one and "\x1b[" in one,
          "a Genial record at a terminal: stepping back does not restore the screen")
    check(start is not None and t.close() == 0, "q does not quit a Genial replay")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cmd", required=True)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="replay-test-")
    try:
        test_messages(args.cmd)
        test_pipes(args.cmd)
        test_wide_glyphs(args.cmd, tmp)
        test_bad_records(args.cmd, tmp)
        test_pty(args.cmd)
        test_hostile_pty(args.cmd)
        test_genial(args.cmd, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if FAILURES:
        print("%d failure(s)" % len(FAILURES))
        return 1
    print("replay: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
