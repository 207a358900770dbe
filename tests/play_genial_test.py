#!/usr/bin/env python3
"""play_genial_test.py: `pul play` of the Einfach Genial editions seen from
outside: whole games through a pseudo-terminal to the end screen, against a
bot and hot-seat; no seat shown another's rack or draws; the screens fitted to
80x24 (and 40x20) for every seat count; the list's points as the referee
scores them, hint's number, moves rg; undo of one's own placements, refused
once a draw or another seat's move is at stake; resume as faithful as never
leaving; the four languages; draws that name their tiles refused.

usage: play_genial_test.py PUL ROOT   (PUL_PATH set by ctest)
"""

import json
import os
import re
import signal
import subprocess
import sys
import tempfile

import play_pty
from checks import check, summary
from play_pty import Term, columns, run, screens
from term_check import foreign_text

PUL, ROOT = os.path.abspath(sys.argv[1]), sys.argv[2]
play_pty.PUL = PUL

SGR = re.compile(rb"\x1b\[[0-9;]*m")
HANDOVER = re.compile(rb"Seat (\d) to play: hand over the keyboard, then press Enter\.")


def plain(out):
    """out without its colours, as text."""
    return SGR.sub(b"", out).decode("utf-8", "replace")


def referee(path):
    """The referee's lines for the record at path: the moves, then the last line."""
    out = subprocess.run([PUL, "referee", path], capture_output=True).stdout.decode()
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def draws(lines, seat):
    """The kinds seat drew, in order, from the referee's lines of its refills and swaps."""
    kinds = []
    for line in lines:
        if line.get("player") == seat and line.get("move", "")[:1] in "+x" and "move" in line:
            kinds += [k for k in line["move"][1:].split(",") if k]
    return kinds


def told_draws(text):
    """The kinds the "You drew" lines of text name, in order (each "▲♣ rg")."""
    kinds = []
    for told in re.findall(r"You drew (.*?)\.", text):
        kinds += re.findall(r"\S\S ([a-z]{2})", told)
    return kinds


def whole_game(tmp, args, rows=200, cols=200):
    """A game at a terminal to its end, every seat typing 1 (the best placement,
    or the refill); returns (output, exit code, prompts answered)."""
    t = Term(args, tmp, rows=rows, cols=cols)
    moves = t.play_out()
    rc = t.finish()   # first: the end screen's last lines may still be on their way
    return t.out, rc, moves


def vs_bot(tmp):
    """A whole game against the greedy bot to the end screen: the bot's moves
    and refills announced, never what it drew; seat 1 told its own draws."""
    out, rc, moves = whole_game(tmp, ["genial", "--seats", "human,greedy", "--seed", "11",
                                      "--record", "vs.pmn"])
    text = plain(out)
    check(rc == 0 and "Game over:" in text, "the game against the bot does not end (%s)" % rc)
    check(moves > 30, "only %d prompts answered in a whole game" % moves)
    lines = referee(os.path.join(tmp, "vs.pmn"))
    check(lines and lines[-1].get("over") is True, "the record is not a finished game: %r"
          % lines[-1:])
    check(re.search(r"Seat 1: \d+ points \(lowest score track: [^;]+; tracks from the lowest: "
                    r"(\d+ ){5}\d+\)", text) is not None, "no score line for seat 1")
    check(re.search(r"Winners?[^\n]*seat", text) is not None, "no winners line")
    check("Greedy (seat 2) plays " in text and "Greedy (seat 2) refills its rack: " in text,
          "the bot's placements and refills are not announced")
    bot = [m for m in lines if m.get("player") == 2 and m.get("move", "")[:1] in "+x"]
    check(len(bot) > 10, "the bot refilled %d times: the checks below are empty" % len(bot))
    for m in bot:
        if len(m["move"]) > 1:
            check(m["move"] not in text, "the bot's draw %s is shown" % m["move"])
    check("rack (seat 2)" not in text, "the bot's rack is shown")
    mine, told = draws(lines[:-1], 1), told_draws(text)
    check(mine and told == mine[:len(told)] and len(mine) - len(told) <= 6,
          "seat 1 is told draws %r, it drew %r" % (told[:8], mine[:8]))
    # The bonus placements: the shout in the news and in the header.
    bonus = [m for m in lines if m.get("bonus", 0) > 0 and m.get("player") == 1]
    check(bonus, "seat 1 never had a bonus placement: pick another seed")
    check("Brilliant! Seat 1 makes 1 bonus placement(s)." in text,
          "seat 1's bonus placement is not announced with the theme's shout")
    check("(Brilliant! bonus placement, 1 to make)" in text,
          "the header of a bonus placement does not say so")
    check(foreign_text(out) is None, "the game reaches the terminal raw: %s" % foreign_text(out))


def hot_seat(tmp):
    """Two humans at one screen: every view from a hand-over to the next shows
    only its seat's rack and draws; the hand-over clears the scrollback."""
    out, rc, _ = whole_game(tmp, ["genial", "--seats", "human,human", "--seed", "4",
                                  "--record", "hs.pmn"])
    check(rc == 0 and b"Game over:" in out, "the hot-seat game does not end")
    lines = referee(os.path.join(tmp, "hs.pmn"))
    marks = list(HANDOVER.finditer(out))
    check(len(marks) > 20, "only %d hand-overs" % len(marks))
    told = {1: [], 2: []}
    ends = [m.start() for m in marks[1:]] + [out.rfind(b"Game over:")]
    for m, end in zip(marks, ends):
        seat, other = int(m.group(1)), 3 - int(m.group(1))
        check(out[:m.start()].endswith(b"\x1b[H\x1b[2J\x1b[3J"),
              "a hand-over does not clear the scrollback")
        view = plain(out[m.start():end])
        check("rack (seat %d)" % other not in view, "seat %d is shown seat %d's rack"
              % (seat, other))
        for line in lines[:-1]:
            if line["player"] == other and line["move"][:1] in "+x" and len(line["move"]) > 1:
                check(line["move"] not in view, "seat %d is shown seat %d's draw %s"
                      % (seat, other, line["move"]))
        told[seat] += told_draws(view)
    for seat in (1, 2):
        # Each draw is told on the seat's next screen: the game may end before the last.
        mine = draws(lines[:-1], seat)
        check(told[seat] == mine[:len(told[seat])] and len(mine) - len(told[seat]) <= 6,
              "seat %d is told draws %r, it drew %r" % (seat, told[seat][:6], mine[:6]))
    end = out[out.rfind(b"> "):]
    check(b"\x1b[3J" in end and b"rack (seat" not in end.split(b"\x1b[3J")[-1],
          "the end screen shows the last player's rack")


def fits(tmp):
    """Every screen fits the terminal: 80x24 for each seat count (the
    radius-7 board of four seats included) and 40x20; the header, the board,
    the rack, the list and the prompt are all on it."""
    cases = [("genial", "human,greedy,greedy,greedy", 24, 80),
             ("genial", "human,greedy,greedy", 24, 80),
             ("genial", "human,greedy", 24, 80),
             ("genial-teams", "human,greedy,greedy,greedy", 24, 80),
             ("genial-solo", "human", 24, 80),
             ("genial", "human,greedy,greedy,greedy", 20, 40)]
    for edition, seats, rows, cols in cases:
        t = Term([edition, "--seats", seats, "--seed", "3", "--record", "fit.pmn"], tmp,
                 rows=rows, cols=cols)
        for _ in range(12):
            t.read_until(b"Seat 1> ")
            t.send("1\n")
        t.read_until(b"Seat 1> ")
        t.send("quit\n")
        check(t.finish() == 0, "quitting %s at %dx%d does not exit 0" % (edition, cols, rows))
        shown = screens(t.out)
        what = "%s (%s) at %dx%d" % (edition, seats, cols, rows)
        check(len(shown) >= 12, "%s: only %d screens" % (what, len(shown)))
        placing = 0
        for k, lines in enumerate(shown):
            wide = [ln for ln in lines if columns(ln) > cols]
            check(len(lines) <= rows and not wide, "%s: screen %d takes %d lines, %d too wide: %r"
                  % (what, k + 1, len(lines), len(wide), wide[:1]))
            text = plain(b"\n".join(lines))
            check(re.search(r"^== Move \d+, seat 1", text, re.M) is not None,
                  "%s: screen %d has no header" % (what, k + 1))
            # A row of the board: its r, maybe a diagonal's q, then cells.
            check(len(re.findall(r"^ {0,2}-?\d+ +(?:-?\d+)?[ (\[]*[·▲♣≈●✶◆]", text, re.M)) >= 4,
                  "%s: screen %d has no board" % (what, k + 1))
            check("rack (seat 1):" in text, "%s: screen %d has no rack" % (what, k + 1))
            placing += re.search(r"\d+\) [a-z]{2}@-?\d+,-?\d+[nsew]{1,2} \d+\+\d+", text) is not None
            check(re.search(r"\d+\) (\+|[a-z]{2}@)", text) is not None
                  and lines[-1].endswith(b"Seat 1> "),
                  "%s: screen %d lacks the list or the prompt" % (what, k + 1))
        check(placing >= 6, "%s: only %d screens list placements" % (what, placing))


def list_and_hint(tmp):
    """The list's first entry scores what the referee says it scored, in the
    order it writes; hint names a move and its number in the whole list; moves
    rg lists every placement of rg, as many as the screen says there are."""
    r = run(["genial", "--seats", "human,greedy", "--seed", "8", "--record", "lh.pmn"],
            "hint\nmoves\n1\n+\n1\nquit\n", tmp)
    text = r.stdout.decode()
    first = re.search(r"1\) ([a-z]{2}@\S+) (\d+)\+(\d+)", text)
    lines = referee(os.path.join(tmp, "lh.pmn"))
    if check(first is not None and lines, "no first entry or no record: %r" % text[:300]):
        check(lines[0]["move"] == first.group(1)
              and lines[0]["points"] == [int(first.group(2)), int(first.group(3))],
              "entry 1 says %s %s+%s, the referee %s %r" % (first.groups() + (lines[0]["move"],
                                                                              lines[0]["points"])))
        # Best first: no entry of the first screen's first kind scores more.
        group = text[first.start():text.find("\n  ", first.start())]
        best = max(int(a) + int(b) for a, b in re.findall(r"\d+\) \S+ (\d+)\+(\d+)", group))
        check(int(first.group(2)) + int(first.group(3)) == best,
              "the first entry is not its kind's best: %r" % group[:200])
    m = re.search(r"Hint: MCTS would play (\S+), number (\d+) of the list\.", text)
    whole = text[text.find("Legal moves", m.end() if m else 0):]
    entries = dict(re.findall(r"(\d+)\) (\S+)", whole[:whole.find("Seat 1>")]))
    if check(m is not None, "hint gives no number: %r" % text[-300:]):
        check(entries.get(m.group(2)) == m.group(1), "hint says %s is number %s, the list %s"
              % (m.group(1), m.group(2), entries.get(m.group(2))))
    more = re.search(r"\((\d+) more: moves ([a-z]{2})\)", text)
    if check(more is not None, "no kind is folded on the first screen"):
        kind = more.group(2)
        shown = re.search(r"  \S\S %s (.*?)\((\d+) more" % kind, text, re.S)
        r = run(["genial", "--seats", "human,greedy", "--seed", "8"], "moves %s\nmoves zz\nquit\n"
                % kind, tmp)
        answers = r.stdout.decode().split("Seat 1> \n")
        listed = answers[1] if len(answers) > 2 else ""
        got = re.findall(r"\d+\) ([a-z]{2})@", listed)
        want = len(re.findall(r"\d+\) ", shown.group(1))) + int(shown.group(2))
        check(len(got) == want and set(k if k == kind else k[::-1] for k in got) == {kind},
              "moves %s lists %d of %s, the screen says %d" % (kind, len(got), set(got), want))
        check(len(answers) > 2 and '"zz" is not a tile of your rack' in answers[2],
              "moves zz is not answered")
    check(len(entries) > 100, "moves lists only %d entries" % len(entries))


def undo(tmp):
    """undo takes back one's own placement (bots at the table too) and the
    screen is the one before it; it is refused once the seat has drawn (solo:
    the refill showed a tile) or another seat has moved, the record untouched."""
    r = run(["genial", "--seats", "human,greedy", "--seed", "5", "--record", "u.pmn"],
            "board\n1\nundo\nboard\n1\n+\nundo\nquit\n", tmp)
    text = r.stdout.decode()
    boards = re.findall(r"(== Move .*?)Legal moves", text, re.S)
    m = re.search(r"Seat 1 plays (\S+) \(", text)
    check(m is not None and ("Took back %s." % (m and m.group(1))) in text,
          "undo of one's own placement against a bot: %r" % text[-400:])
    # The screens: 0 the first, 1 board, 2 after the placement, 3 after undo, 4 board.
    check(len(boards) >= 5 and boards[1] == boards[4] and boards[0] == boards[3],
          "the screen after undo is not the one before the placement")
    check("Undo takes back only your own last move: seat 2 has played since." in text,
          "undo after the bot's move is not refused")
    moves = [line["move"] for line in referee(os.path.join(tmp, "u.pmn"))[:-1]]
    check(len(moves) == 4 and moves[0] == (m and m.group(1)) and moves[1].startswith("+"),
          "the record after undo: %r" % moves)
    r = run(["genial-solo", "--seed", "5", "--record", "us.pmn"], "1\n+\nundo\nquit\n", tmp)
    text = r.stdout.decode()
    moves = [line["move"] for line in referee(os.path.join(tmp, "us.pmn"))[:-1]]
    check(len(moves) == 2 and ("%s cannot be taken back: it showed you a hidden tile." % moves[1])
          in text, "undo of a refill is not refused: %r" % text[-300:])
    r = run(["genial", "--seats", "human,human", "--seed", "5", "--record", "uh.pmn"],
            "1\n+\nundo\nquit\n", tmp)
    check("Undo takes back only your own last move: seat 1 has played since." in r.stdout.decode(),
          "hot-seat: seat 2 may undo seat 1's turn")
    check(len(referee(os.path.join(tmp, "uh.pmn"))) == 3, "a refused undo changed the record")


def resume(tmp):
    """Quit half-way and resume: the same game to the end, record for record,
    as one never left (the racks, the bag and its generator come back); a
    SIGKILL'd game resumes on the same screen."""
    rest = "1\n" * 400
    run(["genial", "--seats", "human,human", "--seed", "9", "--record", "once.pmn"], rest, tmp)
    run(["genial", "--seats", "human,human", "--seed", "9", "--record", "twice.pmn"],
        "1\n" * 25 + "quit\n", tmp)
    half = open(os.path.join(tmp, "twice.pmn")).read()
    r = run(["--resume", "twice.pmn"], rest, tmp)
    whole = open(os.path.join(tmp, "once.pmn")).read()
    check(r.returncode == 0 and b"Resumed after 25 moves" in r.stdout and b"Game over:" in r.stdout,
          "the resumed game does not end: %r" % r.stderr)
    check(len(re.findall(r"\d+\. ", half)) == 25 and
          open(os.path.join(tmp, "twice.pmn")).read() == whole,
          "a game resumed half-way is not the game played at one sitting")
    t = Term(["genial", "--seats", "human,greedy", "--seed", "21", "--record", "k.pmn"], tmp)
    for _ in range(9):
        t.read_until(b"Seat 1> ")
        t.send("1\n")
    t.read_until(b"Seat 1> ")
    t.send("board\n")
    t.read_until(b"Seat 1> ")
    before = t.out[t.out.rfind(b"== Move"):]
    record = open(os.path.join(tmp, "k.pmn")).read()
    os.killpg(t.p.pid, signal.SIGKILL)
    t.finish()
    t = Term(["--resume", "k.pmn"], tmp)
    t.read_until(b"Seat 1> ")
    t.send("board\n")
    t.read_until(b"Seat 1> ")
    after = t.out[t.out.rfind(b"== Move"):]
    t.send("quit\n")
    check(t.finish() == 0 and b"Resumed after" in t.out, "the killed game does not resume")
    check(before == after and b"rack (seat 1)" in after,
          "the screen after resume differs from the one before the kill")
    check(open(os.path.join(tmp, "k.pmn")).read() == record, "resuming changed the record")


WORDS = {  # the header, the list, the refill, a move that cannot be read, a named draw, the end
    "en": ["== Move 1, seat 1 to play ==", "Legal moves:", "refill your rack",
           "rg@ is not legal: the move cannot be read (examples: rg@3,-1e, +, x).",
           "Tiles come from the bag at random", "Game over:", "Seat 1: ", "Your score:",
           "rack (seat 1):", "red flame"],
    "ja": ["== 1 手目、プレイヤー 1 の番 ==", "合法手:", "タイル立てを補充する",
           "rg@ は打てません: 手を読み取れません（例: rg@3,-1e、+、x）。",
           "タイルは袋からランダムに引かれます", "ゲーム終了:", "プレイヤー 1: ", "あなたの得点:",
           "タイル立て (プレイヤー 1):", "赤い炎"],
    "fr": ["== Coup 1, au joueur 1 ==", "Coups légaux :", "compléter (chevalet)",
           "rg@ n'est pas permis : le coup ne se lit pas (exemples : rg@3,-1e, +, x).",
           "Les tuiles sortent du sac (sac) au hasard", "Partie terminée :", "Joueur 1 : ",
           "Votre score :", "chevalet (joueur 1):", "flamme rouge"],
    "es": ["== Jugada 1, le toca al jugador 1 ==", "Jugadas legales:", "reponer (atril)",
           "rg@ no está permitida: la jugada no se puede leer (ejemplos: rg@3,-1e, +, x).",
           "Las fichas salen de la bolsa (bolsa) al azar", "Fin de la partida:", "Jugador 1: ",
           "Tu puntuación:", "atril (jugador 1):", "llama roja"],
}


def languages(tmp):
    """A whole solo game in each language: the screen, the list, the refusals and the end."""
    for lang, want in WORDS.items():
        r = run(["genial-solo", "--seed", "6", "--lang", lang, "--record", "l-%s.pmn" % lang],
                "rg@\n+rg\n" + "1\n" * 400, tmp)
        text = r.stdout.decode()
        check(r.returncode == 0, "--lang %s exits %d" % (lang, r.returncode))
        for w in want:
            check(w in text, "--lang %s: %r not shown" % (lang, w))
        check(b"\x1b" not in r.stdout, "--lang %s: escapes on a pipe" % lang)
        check(len(referee(os.path.join(tmp, "l-%s.pmn" % lang))) > 40,
              "--lang %s: the refused lines changed the game" % lang)


STEPS = (vs_bot, hot_seat, fits, list_and_hint, undo, resume, languages)

with tempfile.TemporaryDirectory() as tmp:
    for step in STEPS:
        try:
            step(tmp)
        except Exception as e:  # a hang or a crash is a failure of that step, not of the rest
            check(False, "%s: %s" % (step.__name__, e))

summary("play_genial")
