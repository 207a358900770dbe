#!/usr/bin/env python3
"""The terminal board says what it means (issue 11, item 2), seen from outside
through `pul replay` and `pul play` on pipes and a pseudo-terminal (colour on):
the legend under the board in the theme's words and the session's language,
at most 80 columns; a big black and a big white micropul in different colours
and glyphs; the one-dot catalyst drawn as one dot; claims in the move list
naming their group's colour, size and state; seat colours alike in the status
lines and on the board, the theme's when it sets them; stones on their
micropul's colour; the last tile underlined, its catalysts legible; at the end
the scoring groups in their scorer's colour.

usage: board_test.py PUL ROOT   (PUL the binary, ROOT the repository; PUL_PATH set by ctest)
"""

import json
import os
import pty
import re
import select
import subprocess
import sys
import tempfile
import unicodedata

from term_check import foreign_text

from checks import check, read_all, summary

PUL, ROOT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
# A greedy self-play game (pul play --seats greedy,greedy --seed 1): a big
# white micropul (tile 36) at 4,-2 by move 28, a big black one (43) at 1,1 by
# move 44; it ends at move 52 with stones of both seats on the board.
BIGS = os.path.join(ROOT, "tests", "board", "greedy-bigs.pmn")
FARM3 = os.path.join(ROOT, "tests", "render", "farmopul-3p.pmn")
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def width(s):
    """Terminal cells of s: wide (W, F) characters take two, combining none."""
    return sum(0 if unicodedata.combining(c) or c in "\ufe0e\ufe0f\u200b"
               else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def plain(s):
    return SGR.sub("", s)


def replay(args, tty=False):
    """pul replay's output, through a pipe or (tty) a pseudo-terminal, as text."""
    if not tty:
        r = subprocess.run([PUL, "replay"] + args, capture_output=True, timeout=60)
        check(r.returncode == 0, "pul replay %s exits 0 (%s)" % (" ".join(args), r.stderr[-300:]))
        return r.stdout.decode("utf-8")
    master, slave = pty.openpty()
    p = subprocess.Popen([PUL, "replay"] + args, stdin=slave, stdout=slave, stderr=slave,
                         start_new_session=True)
    os.close(slave)
    out = read_all(master)
    check(p.wait(timeout=60) == 0, "pul replay %s at a terminal exits 0" % " ".join(args))
    bad = foreign_text(out)
    check(bad is None, "only the tool's own escapes at a terminal: %s" % bad)
    return out.decode("utf-8").replace("\r\n", "\n")


def board(out):
    """(board lines, legend lines) of a printed position: the board from its x
    header, the legend from the first line not led by a row number or four
    spaces up to the blank line."""
    lines = out.split("\n")
    start = next(i for i, l in enumerate(lines) if re.match(r"^ {4}( +-?\d+ )+ $", plain(l)))
    end = next(i for i in range(start, len(lines))
               if not re.match(r"^(    |[ -]{0,3}\d+) ", plain(lines[i])))
    stop = lines.index("", end)
    return lines[start:end], lines[end:stop]


def cells(line):
    """A line drawn with colours as (character, escapes in force) pairs."""
    out, state = [], ""
    pos = 0
    for m in SGR.finditer(line):
        for c in line[pos:m.start()]:
            out.append((c, state))
        state = "" if m.group(1) in ("", "0") else state + m.group(0)
        pos = m.end()
    for c in line[pos:]:
        out.append((c, state))
    return out


def tile_cells(blines, x, y):
    """The 2x4 cells of the tile at x,y: rows of (character, escapes)."""
    xs = [int(v) for v in plain(blines[0]).split()]
    row = next(i for i, l in enumerate(blines) if re.match(r"^ *%d " % y, plain(l)))
    col = 4 + (x - xs[0]) * 5 + 1
    return [cells(blines[row + r])[col:col + 4] for r in (0, 1)]


def colours(state):
    """(foreground, background, other attributes) in force after the escapes in
    state: colours as their parameters ("97", "38;2;r;g;b", "107"), or None."""
    fore = back = None
    attrs = set()
    for m in re.findall(r"\x1b\[([0-9;]*)m", state):
        ps = m.split(";") if m else ["0"]
        i = 0
        while i < len(ps):
            p = ps[i]
            if p in ("38", "48") and i + 4 < len(ps) and ps[i + 1] == "2":
                val = ";".join(ps[i:i + 5])
                fore, back = (val, back) if p == "38" else (fore, val)
                i += 5
                continue
            n = int(p or "0")
            if n == 0:
                fore = back = None
                attrs = set()
            elif 30 <= n <= 37 or 90 <= n <= 97:
                fore = p
            elif 40 <= n <= 47 or 100 <= n <= 107:
                back = p
            else:
                attrs.add(p)
            i += 1
    return fore, back, attrs


def fg(state):
    return colours(state)[0]


def bg(state):
    return colours(state)[1]


def has(state, code):
    return code in colours(state)[2]


# ----------------------------------------------------------------- legend

MICROPUL_EN = ["○ white micropul", "● black micropul", "· one-dot catalyst", ": two-dot catalyst",
               "+ cross catalyst", ". blank", "◎ big micropul", "◆ stone"]
MICROPUL_FR = ["○ micropul blanc", "● micropul noir", "· catalyseur à un point",
               ": catalyseur à deux points", "+ croix", ". vide", "◎ mega micropul", "◆ pierre"]
# Farmopul's own words, from variants/farmopul/theme.yaml.
FARMOPUL_JA = ["▒ 畑", "▓ 土壌", "⌂ 1 棟の作業小屋", "△ 2 棟の作業小屋", "✣ 風車小屋", "░ 空き地",
               "▣ 大きな農地", "♙ 農夫"]
FARMOPUL_ES = ["▒ campo", "▓ tierra", "⌂ una cabaña", "△ dos cabañas", "✣ molino de viento",
               "░ solar", "▣ gran tierra de cultivo", "♙ granjero"]


def legend_entries(legend):
    """The entries of legend lines: split at two spaces."""
    return [e for l in legend for e in plain(l).split("  ") if e]


def test_legend():
    for rec, at, lang, want in ((BIGS, "20", "en", MICROPUL_EN), (BIGS, "20", "fr", MICROPUL_FR),
                                (FARM3, "10", "ja", FARMOPUL_JA), (FARM3, "10", "es", FARMOPUL_ES)):
        for tty in (False, True):
            what = "%s --lang %s%s" % (os.path.basename(rec), lang, " (terminal)" if tty else "")
            blines, legend = board(replay([rec, "--at", at, "--lang", lang], tty))
            check(legend_entries(legend) == want,
                  "the legend under the board is the theme's glyphs and words in order, %s: %r"
                  % (what, legend_entries(legend)))
            check(legend and all(width(plain(l)) <= 80 for l in legend),
                  "every legend line fits 80 columns, %s: %r" % (what, legend))
            check(len(legend) <= 2, "the legend takes two lines at most, %s" % what)


def test_legend_long_names(tmp):
    """Names as long as a theme allows (95 bytes) still give lines of 80 columns."""
    var = os.path.join(tmp, "longnames")
    os.makedirs(var)
    theme = open(os.path.join(ROOT, "variants/micropul/theme.yaml"), encoding="utf-8").read()
    long_en = "a micropul with a name long enough to fill most of a terminal's line"
    longest = "a stone whose name takes all the ninety-five bytes a theme allows for a name so it cannot fit!!"
    assert len(longest) == 95
    theme = theme.replace("{en: white micropul,", "{en: %s," % long_en)
    theme = theme.replace("{en: stone,", "{en: %s," % longest)
    open(os.path.join(var, "theme.yaml"), "w", encoding="utf-8").write(theme)
    open(os.path.join(var, "variant.yaml"), "w").write(
        "name: longnames\nextends: micropul\ntitle: {en: Long}\ndescription: {en: long names}\n"
        "theme: theme.yaml\n")
    rec = os.path.join(tmp, "long.pmn")
    open(rec, "w").write(open(BIGS).read().replace('[Variant "micropul"]', '[Variant "longnames"]'))
    _, legend = board(replay([rec, "--variant", var, "--at", "44"]))
    check(legend and all(width(l) <= 80 for l in legend),
          "legend lines fit 80 columns with the longest names: %r" % legend)
    entries = legend_entries(legend)
    check(entries[:1] == ["○ " + long_en] and "● black micropul" in entries,
          "a long name keeps a line to itself, whole when it fits: %r" % entries[:2])
    check(any(e.startswith("◆ " + longest[:60]) and e.endswith("…") and width(e) <= 80
              for e in entries), "a name too wide for a line is cut to fit it: %r" % entries)


# ------------------------------------------------------------- big tiles


def test_big_tiles():
    blines, _ = board(replay([BIGS, "--at", "45"], tty=True))
    white = tile_cells(blines, 4, -2)   # tile 36, big white, cross in its centre
    black = tile_cells(blines, 1, 1)    # tile 43, big black, one dot in its centre
    check("".join(c for c, _ in white[0]) == "◎+○◎" and "".join(c for c, _ in white[1]) == "◎○○◎",
          "a big white micropul is ◎+○◎ over ◎○○◎: %r" % ["".join(c for c, _ in r) for r in white])
    check("".join(c for c, _ in black[0]) == "◎·●◎" and "".join(c for c, _ in black[1]) == "◎●●◎",
          "a big black micropul is ◎·●◎ over ◎●●◎: %r" % ["".join(c for c, _ in r) for r in black])
    # The big glyph takes its micropul's colour, as the micropul glyphs elsewhere have it.
    all_cells = [c for l in blines for c in cells(l)]
    white_fg = {fg(s) for c, s in all_cells if c == "○"}
    black_fg = {fg(s) for c, s in all_cells if c == "●"}
    big_w, big_b = fg(white[0][0][1]), fg(black[0][0][1])
    check(white_fg == {"97"} and black_fg == {"90"},
          "micropul glyphs in the theme's colours: %r %r" % (white_fg, black_fg))
    check(big_w == "97" and big_b == "90",
          "a big white and a big black micropul in different colours, their micropul's: %r %r"
          % (big_w, big_b))
    # The centre catalyst keeps its own colour (one-dot bright-cyan, cross bright-magenta).
    check(fg(black[0][1][1]) == "96" and fg(white[0][1][1]) == "95",
          "the centre catalyst in its own colour")


# -------------------------------------------------------------- catalysts


def placed_tiles(rec, upto):
    """Tile ids on the board after move upto: the start tile and each placement."""
    moves = re.findall(r"\d+\.\s+(\S+)", re.sub(r"\[.*?\]", "", open(rec).read()))[:upto]
    return [40] + [int(m.split("@")[0]) for m in moves if "@" in m]


def tile_symbols():
    """Micropul's tile set: per tile id its quadrant symbols ("WB/+."), big as "W" + catalyst."""
    out = []
    for line in open(os.path.join(ROOT, "variants/micropul/tiles.yaml"), encoding="utf-8"):
        m = re.match(r"\s+- ([^{\s]+)\s+# (\d+)", line) or re.match(
            r"\s+- \{big: (\w), catalyst: \"(.)\"\}\s+# (\d+)", line)
        if m and len(m.groups()) == 2:
            out.append(m.group(1).replace("/", ""))
        elif m:
            out.append(m.group(2))
    return out


def test_catalyst_glyphs():
    symbols = tile_symbols()
    check(len(symbols) == 48, "micropul's 48 tiles read from tiles.yaml")
    for at in (20, 45, 52):
        blines, _ = board(replay([BIGS, "--at", str(at)]))
        text = "\n".join(blines)
        ones = sum(symbols[t].count("1") for t in placed_tiles(BIGS, at))
        twos = sum(symbols[t].count("2") for t in placed_tiles(BIGS, at))
        check("··" not in text and "::" not in text,
              "no catalyst glyph drawn twice in a row (after move %d)" % at)
        check(text.count("·") == ones,
              "one dot drawn per one-dot catalyst after move %d: %d dots, %d catalysts"
              % (at, text.count("·"), ones))
        check(text.count(":") == twos, "one ':' per two-dot catalyst after move %d" % at)


# ----------------------------------------------------------------- claims


def play_first_screen(args):
    r = subprocess.run([PUL, "play"] + args, input=b"q\n", capture_output=True, timeout=60)
    return r.stdout.decode("utf-8")


def test_claim_lines(tmp):
    # The start tile is ○○○○ over ●●●●: a white pair and a black pair, both open.
    out = play_first_screen(["--seats", "human,random", "--seed", "11", "--record",
                             os.path.join(tmp, "c.pmn")])
    blines, _ = board(out)
    start = tile_cells(blines, 0, 0)
    check(["".join(c for c, _ in r) for r in start] == ["○○○○", "●●●●"], "the start tile as expected")
    check(re.search(r"\d+\) snw0,0 white micropul ×2, open", out) is not None and
          re.search(r"\d+\) ssw0,0 black micropul ×2, open", out) is not None,
          "claims name their group's colour, size and state")
    out = play_first_screen(["--seats", "human,random", "--seed", "11", "--lang", "ja",
                             "--record", os.path.join(tmp, "c2.pmn")])
    check(re.search(r"\d+\) ssw0,0 黒マイクロプル ×2、開いている", out) is not None,
          "claims in Japanese, in the theme's words")
    # tests/scenarios/10: the start tile's black pair closed by blank quadrants, before the claim.
    text = open(os.path.join(ROOT, "tests/scenarios/10-claim-closed-group.pmn")).read()
    rec = os.path.join(tmp, "closed.pmn")
    open(rec, "w").write(text.replace("5. ssw0,0", ""))
    r = subprocess.run([PUL, "play", "--resume", rec, "--lang", "fr"], input=b"q\n",
                       capture_output=True, timeout=60)
    out = r.stdout.decode("utf-8")
    check(re.search(r"\d+\) ssw0,0 micropul noir ×2, fermé", out) is not None and
          re.search(r"\d+\) snw0,0 micropul blanc ×4, ouvert", out) is not None,
          "a closed group's claim says closed, an open one's open (French)")


# ------------------------------------------------------------ seat colours


def status_seats(out):
    """Per seat the escapes of its name and of the stone glyph on its status line."""
    seats = {}
    for line in out.split("\n"):
        # A status line: the seat's name in its colour (the score lines at the end are plain).
        m = re.match(r"^(?:\x1b\[[0-9;]*m)*(?:seat|プレイヤー) (\d)\x1b\[", line)
        if not m:
            continue
        cs = cells(line)
        name = cs[0][1]
        stone = next((s for c, s in cs[3:] if c in "◆♙"), None)
        seats[int(m.group(1))] = (name, stone)
    return seats


def board_stones(blines, glyph):
    """Per seat the escapes of its stones' glyphs and numbers on the board, and their grounds."""
    found = {}
    for l in blines:
        cs = cells(l)
        for i in range(len(cs) - 1):
            if cs[i][0] == glyph and cs[i + 1][0].isdigit():
                found.setdefault(int(cs[i + 1][0]), []).append((cs[i][1], cs[i + 1][1]))
    return found


def test_seat_colours():
    # pul check shows the seat colours a theme sets, in text and JSON.
    theme = os.path.join(ROOT, "variants", "farmopul", "theme.yaml")
    r = subprocess.run([PUL, "check", theme], capture_output=True, timeout=60)
    check(b"  seats     4: bright-red, bright-blue, bright-magenta, bright-cyan\n" in r.stdout,
          "pul check lists a theme's seat colours: %r" % r.stdout[-400:])
    r = subprocess.run([PUL, "check", "--json", theme], capture_output=True, timeout=60)
    check(json.loads(r.stdout).get("seats") ==
          ["bright-red", "bright-blue", "bright-magenta", "bright-cyan"],
          "pul check --json gives a theme's seat colours")
    for rec, at, lang, glyph, want in ((BIGS, "45", "en", "◆", {1: "91", 2: "94"}),
                                       (FARM3, "19", "ja", "♙", {1: "91", 2: "94", 3: "95"})):
        out = replay([rec, "--at", at, "--lang", lang], tty=True)
        blines, _ = board(out)
        seats, stones = status_seats(out), board_stones(blines, glyph)
        check(set(seats) == set(want), "a status line per seat (%s): %r" % (lang, sorted(seats)))
        for s, code in want.items():
            name, stone = seats.get(s, ("", ""))
            check(fg(name) == code and has(name, "1"),
                  "seat %d's name in its colour %s (%s): %r" % (s, code, rec, name))
            check(stone is not None and fg(stone) == code,
                  "seat %d's stone on its status line in its colour (%s): %r" % (s, rec, stone))
            for g_state, n_state in stones.get(s, []):
                check(fg(g_state) == code and fg(n_state) == code,
                      "seat %d's stones on the board in the status line's colour" % s)
        check(all(s in stones for s in (1, 2)), "stones of both seats on the board (%s)" % rec)
        # Stones keep their micropul's colour: the ground under them.
        grounds = {bg(g) for lst in stones.values() for g, _ in lst if bg(g)}
        n = sum(len(v) for v in stones.values())
        if glyph == "◆":
            check(grounds == {"107", "100"},
                  "stones on white and on black micropul keep them in sight: %r" % grounds)
        else:
            check(grounds <= {"103", "48;2;138;90;52"} and grounds,
                  "farmers on field and soil keep them in sight: %r" % grounds)
        check(all(bg(g) for v in stones.values() for g, _ in v) and n > 0,
              "every stone drawn on a ground")


# ------------------------------------------------------------- last move


def test_last_move():
    # Move 44 placed the big black micropul with its one-dot catalyst at 1,1.
    out = replay([BIGS, "--at", "44"], tty=True)
    blines, _ = board(out)
    check("\x1b[7m" not in "\n".join(blines), "no reverse video on the board")
    tile = tile_cells(blines, 1, 1)
    check(all(has(s, "4") for r in tile for _, s in r), "every cell of the last tile underlined")
    check(fg(tile[0][1][1]) == "96" and tile[0][1][0] == "·",
          "the last tile's catalyst keeps its own colour")
    other = tile_cells(blines, 4, -2)
    check(not any(has(s, "4") for r in other for _, s in r), "other tiles not underlined")
    row = next(l for l in blines if re.match(r"^ *1 ", plain(l)))
    check(re.search(r"\[◎·●◎\]", plain(row)) is not None, "the last tile between brackets")


# ------------------------------------------------------------------- end


def test_scoring_groups():
    before = replay([BIGS, "--at", "51"], tty=True)
    after = replay([BIGS, "--at", "52"], tty=True)
    seat_code = {"91": 1, "94": 2}
    for out, over in ((before, False), (after, True)):
        blines, legend = board(out)
        counts = {1: 0, 2: 0}
        for l in blines:
            cs = cells(l)
            for i, (c, s) in enumerate(cs):
                if c in "○●◎" and fg(s) in seat_code:
                    counts[seat_code[fg(s)]] += 1
        if not over:
            check(counts == {1: 0, 2: 0}, "no group in a seat's colour before the end")
            check(not any(has(g, "2") for v in board_stones(blines, "◆").values() for g, _ in v),
                  "no stone faint before the end")
            check(not any("scores for it" in plain(l) for l in legend),
                  "the scoring entry of the legend only at the end")
            continue
        check(any("in a seat's colour: a group that scores for it" in plain(l) for l in legend),
              "the legend says what the seat colours mean at the end")
        # The closed groups' points from the status lines: score - 2 per supply tile - hand.
        for s in (1, 2):
            m = re.search(r"seat %d\S*\s.*?stone: (\d+)\s+hand: (\d+)\s.*?supply: (\d+)\s+score: (\d+)"
                          % s, plain(out))
            _, hand, supply, score = (int(v) for v in m.groups())
            closed = score - 2 * supply - hand
            # Each micropul quadrant of a scoring group shows two cells in the
            # scorer's colour, a big one six and counts 1; a stone covers one.
            # A stone whose group scores is drawn plainly, one that scored nothing faint.
            mine = board_stones(blines, "◆").get(s, [])
            stones = sum(1 for g, _ in mine if not has(g, "2"))
            check(len(mine) == 3, "seat %d's three stones on the board" % s)
            big = 0
            for x, y in ((4, -2), (1, 1)):
                t = tile_cells(blines, x, y)
                if all(fg(st) == ("91" if s == 1 else "94") for r in t for c, st in r if c in "○●◎"):
                    big += 1
            quads = (counts[s] - 6 * big) // 2 + big
            check(closed > 0 and quads + stones == closed,
                  "seat %d's scoring groups drawn in its colour: %d micropul shown and %d "
                  "scoring stones for %d points from closed groups" % (s, quads, stones, closed))


def test_play_end(tmp):
    """A whole game of pul play at a terminal: its last board shows the scoring groups."""
    master, slave = pty.openpty()
    p = subprocess.Popen([PUL, "play", "--seats", "human,greedy", "--seed", "1", "--record",
                          os.path.join(tmp, "end.pmn")], stdin=slave, stdout=slave, stderr=slave,
                         cwd=tmp, start_new_session=True)
    os.close(slave)
    out, pos = b"", 0
    while True:
        r, _, _ = select.select([master], [], [], 60)
        if not r:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            break
        out += chunk
        if out.find(b"Seat 1> ", pos) >= 0:
            pos = out.rfind(b"Seat 1> ") + 1
            os.write(master, b"1\n")
    os.close(master)
    check(p.wait(timeout=60) == 0, "a game of pul play at a terminal ends with exit 0")
    text = out.decode("utf-8").replace("\r\n", "\n")
    over = text.rfind("Game over:")
    check(over >= 0, "the end screen is shown")
    # The last board: from the last x header before the end screen's scores.
    before = text[:over]
    starts = [i for i in range(len(before)) if before.startswith("    ", i) and
              (i == 0 or before[i - 1] == "\n") and re.match(r" {4}( +-?\d+ )+ \n", before[i:])]
    check(bool(starts), "a board before the end screen")
    blines, legend = board(before[starts[-1]:] if starts else before)
    # Seed 1 against greedy: seat 1 ends with no closed group, seat 2 with some.
    closed = {int(m.group(1)): int(m.group(2)) for m in
              re.finditer(r"Seat (\d): -?\d+ points \(closed groups (\d+)", plain(text[over:]))}
    check(closed.get(1) == 0 and closed.get(2, 0) > 0, "the game as expected: %r" % closed)
    for s, code in ((1, "91"), (2, "94")):
        n = sum(1 for l in blines for c, st in cells(l) if c in "○●◎" and fg(st) == code)
        check((n > 0) == (closed.get(s, 0) > 0),
              "the end screen's board shows seat %d's scoring groups in its colour (%d cells, %d "
              "points)" % (s, n, closed.get(s, 0)))
    check(any("in a seat's colour: a group that scores for it" in plain(l) for l in legend),
          "the end screen's legend says what those colours mean")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for test in (test_legend, lambda: test_legend_long_names(tmp), test_big_tiles,
                     test_catalyst_glyphs, lambda: test_claim_lines(tmp), test_seat_colours,
                     test_last_move, test_scoring_groups, lambda: test_play_end(tmp)):
            # A screen without the parts looked for fails its test, and the rest still run.
            try:
                test()
            except (StopIteration, ValueError, IndexError, AttributeError, TypeError) as e:
                check(False, "%s: the output is not as drawn (%s: %s)"
                      % (getattr(test, "__name__", "test"), type(e).__name__, e))
    summary("board", "failed")


if __name__ == "__main__":
    main()
