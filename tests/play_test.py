#!/usr/bin/env python3
"""Interactive `pul play` seen from outside: whole games through a pseudo-terminal
(against a bot, and hot-seat), save / SIGKILL / resume, pipes, illegal moves
explained in the four languages, the message table complete, editions that
attack the terminal shown escaped, bad options; and secrets kept: no seat is
shown another's hand, take or peek, undo never switches seats, the hand-over
clears the scrollback, resume brings back the seats and the language (its tags
checked as hostile), the solo peek is told to its player.

usage: play_test.py PUL ROOT [GROUP]   (PUL the binary, ROOT the repository, GROUP play
(the default) or comfort; PUL_PATH set by ctest, and PUL_LINE_EDITING, the line
editor the build has: libedit or none)
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


def last_screen(out):
    """The board and status of the last screen: from its header to the legal moves."""
    start = out.rfind(b"== Move ")
    end = out.find(b"Legal moves", start)
    return out[start:end]


def record_moves(path, variant=None):
    """(seat, move) for each move of the record at path, as the referee reads it."""
    args = [PUL, "referee", path] + (["--variant", variant] if variant else [])
    out = subprocess.run(args, capture_output=True).stdout.decode()
    lines = [json.loads(line) for line in out.splitlines() if line.startswith('{"n"')]
    return [(line["player"], line["move"]) for line in lines]


HANDOVER = re.compile(rb"Seat (\d) to play: hand over the keyboard, then press Enter\.")


def seat_views(out):
    """What each seat saw in a hot-seat game at a terminal: the output cut at
    each hand-over screen, each piece (seat, where it starts, the piece) given
    to the seat it hands over to."""
    marks = list(HANDOVER.finditer(out))
    ends = [m.start() for m in marks[1:]] + [len(out)]
    return [(int(m.group(1)), m.start(), out[m.start():end]) for m, end in zip(marks, ends)]


def hot_seat_game(tmp, args, record, variant=None):
    """A whole hot-seat game at a terminal, each seat always playing move 1;
    returns (output, the seats' views, the record's moves with their seats)."""
    t = Term(args + ["--seats", "human,human", "--record", record], tmp)
    t.play_out()
    check(t.finish() == 0, "the hot-seat game %s does not end" % " ".join(args))
    return t.out, seat_views(t.out), record_moves(os.path.join(tmp, record), variant)


def hot_seat_secrets(tmp):
    """Hot-seat at a terminal: every screen a seat sees, from its hand-over to
    the next, shows no other hand, no tile another seat took, no other seat's
    peek; each hand-over clears the scrollback."""
    peek = os.path.join(ROOT, "tests", "variants", "peek-duo")
    for args, record, variant in ((["--seed", "4"], "sec.pmn", None),
                                  ([peek, "--seed", "4"], "peek.pmn", peek)):
        out, views, moves = hot_seat_game(tmp, args, record, variant)
        takes = [(seat, m) for seat, m in moves if m.startswith("t")]
        check({seat for seat, _ in takes} == {1, 2},
              "%s: not both seats took from their supply: %r" % (record, takes))
        check(len(views) > 10, "%s: only %d hand-overs" % (record, len(views)))
        peeks = 0
        for seat, start, view in views:
            other = 3 - seat
            check(out[:start].endswith(b"\x1b[H\x1b[2J\x1b[3J"),
                  "%s: a hand-over does not clear the scrollback" % record)
            check(b"hand of seat %d" % other not in view,
                  "%s: seat %d is shown seat %d's hand" % (record, seat, other))
            check(b" plays t" not in view, "%s: a take is shown with its tile" % record)
            for who, m in takes:
                if who == other:
                    check(re.search(rb"\b%s\b" % m.encode(), view) is None,
                          "%s: seat %d is shown seat %d's take %s" % (record, seat, other, m))
            for tile in re.findall(rb"peek into your supply: tile (\d+) is in it", view):
                # A peek shows a tile of the seat's own supply: the other seat
                # never holds it, so it never takes nor places it.
                peeks += 1
                tile = tile.decode()
                check(not any(who == other and (m == "t" + tile or m.startswith(tile + "@"))
                              for who, m in moves),
                      "%s: seat %d is told of tile %s, which is seat %d's" % (record, seat, tile,
                                                                          other))
        # The end screen follows the last player's screen: cleared, scrollback too.
        end = out.rfind(b"Game over:")
        last = out[out.rfind(b"> ", 0, end):end]
        check(b"\x1b[H\x1b[2J\x1b[3J" in last and b"hand of seat" not in last.split(b"\x1b[3J")[-1],
              "%s: the end screen shows the last player's hand" % record)
        if variant:
            check(peeks > 1, "%s: %d peeks told to the seats whose cross showed them"
                  % (record, peeks))
    # The issue's report: seat 1 typed undo after seat 2 had played, and saw seat 2's hand.
    t = Term(["--seats", "human,human", "--seed", "7", "--record", "u7.pmn"], tmp)
    for line in ("", "22@0,1r2", "", "24@1,1r3", ""):
        t.read_until(b"then press Enter." if line == "" else b"> ")
        t.send(line + "\n")
    t.read_until(b"Seat 1> ")
    start = len(t.out)
    t.send("undo\n")
    t.read_until(b"Seat 1> ", b"Seat 2> ", b"then press Enter.")
    after = t.out[start:]
    check(b"Undo takes back only your own last move: seat 2 has played since." in after,
          "undo after another seat's move is not refused with a reason: %r" % after[-300:])
    check(b"hand of seat 2" not in after and b"Seat 2>" not in after and
          b"press Enter" not in after, "undo in hot-seat shows seat 2's screen to seat 1")
    t.send("quit\n")
    t.finish()
    check([m for _, m in record_moves(os.path.join(tmp, "u7.pmn"))] == ["22@0,1r2", "24@1,1r3"],
          "a refused undo changed the record")
    # One's own move in one's extra turn may be taken back, and the seat stays the same.
    t = Term(["--seats", "human,human", "--seed", "7", "--record", "u7b.pmn"], tmp)
    t.read_until(b"then press Enter.")
    t.send("\n")
    t.read_until(b"Seat 1> ")
    t.send("5@-1,0r1\n")
    t.read_until(b"Seat 1> ")
    start = len(t.out)
    t.send("undo\n")
    t.read_until(b"Seat 1> ")
    after = t.out[start:]
    check(b"Took back 5@-1,0r1." in after and b"press Enter" not in after
          and b"hand of seat 2" not in after, "undo in one's own extra turn: %r" % after[-300:])
    t.send("quit\n")
    t.finish()
    check(record_moves(os.path.join(tmp, "u7b.pmn")) == [], "the undone move stays in the record")


def solo_peek(tmp):
    """micropul-solo-peek: the cross's peek is told, the known supply shown;
    undo never takes back a move that showed a hidden tile; naming an unseen
    supply tile gets the same answer whether it is there or not."""
    r = run(["micropul-solo-peek", "--seed", "4", "--record", "peek.pmn"],
            "1\n" * 6 + "t35\nt36\nundo\n1\nundo\nquit\n", tmp)
    out = r.stdout.decode()
    check(r.returncode == 0, "the solo peek game exits %d: %r" % (r.returncode, r.stderr))
    check("You peek into your supply: tile 30 is in it (t30 takes it)." in out,
          "the solo peek is not announced")
    check(re.search(r"Known in your supply:\n  30 *\n", out) is not None,
          "the known supply tile is not shown")
    check(re.search(r"\d+\) t30 ", out) is not None, "the peeked tile is not offered by name")
    answers = re.findall(r"Seat 1> \n(.*)\n", out)
    check(len(answers) >= 9 and answers[7] == answers[6]
          and "do not know which tiles" in answers[6],
          "t35 (in the supply, unseen) and t36 (not there) get different answers: %r"
          % answers[6:8])
    check("43@-2,1 cannot be taken back: it showed you a hidden tile." in out,
          "undo of the move that peeked is not refused")
    check("t30 cannot be taken back: it showed you a hidden tile." in out,
          "undo of a take is not refused")
    check([m for _, m in record_moves(os.path.join(tmp, "peek.pmn"))][-2:] == ["43@-2,1", "t30"],
          "the refused undos changed the record")


def play_vs_bot(tmp):
    """A whole game against a random bot, the human always taking move 1, to the end screen."""
    t = Term(["--seats", "human,random", "--seed", "11", "--record", "vs.pmn"], tmp)
    check(t.read_until(b"saved after every move to vs.pmn") == 0, "the record's place is not said at start")
    moves = 0
    while True:
        k = t.read_until(b"Seat 1> ", b"Game over:")
        if k != 0:
            break
        t.send("1\n")
        moves += 1
    check(k == 1, "the game against the bot does not reach the end screen")
    rc = t.finish()
    check(rc == 0, "play against the bot exited %s" % rc)
    check(moves > 5, "only %d human moves in a whole game" % moves)
    check(b"\x1b[" in t.out, "no colours or screen clearing at a terminal")
    check(re.search(rb"Seat 1: -?\d+ points \(closed groups -?\d+, supply tiles \d+ = \d+, hand "
                    rb"tiles \d+ = \d+\)", t.out) is not None, "no score breakdown for seat 1")
    check(re.search(rb"Winners?[^\n]*seat", t.out) is not None or b"No winner." in t.out, "no winners line")
    check(b"Random (seat 2) plays " in t.out, "the bot's moves are not announced")
    ref = subprocess.run([PUL, "referee", os.path.join(tmp, "vs.pmn")], capture_output=True)
    check(ref.returncode == 0 and b'"over":true' in ref.stdout.splitlines()[-1],
          "the saved record is not a finished legal game for the referee")
    # The bot's takes: announced, never with the tile it took.
    bot_takes = [m for seat, m in record_moves(os.path.join(tmp, "vs.pmn")) if seat == 2
                 and m.startswith("t")]
    check(len(bot_takes) > 0, "the bot never took from its supply: the check below is empty")
    check(b"Random (seat 2) takes a tile from its supply." in t.out,
          "the bot's take from its supply is not announced")
    for m in bot_takes:
        check(re.search(rb"\b%s\b" % m.encode(), t.out) is None,
              "the bot's take %s is shown to the other seat" % m)


def hot_seat(tmp):
    """Two humans at one screen: each turn behind a cleared hand-over screen."""
    t = Term(["--seats", "human,human", "--seed", "4", "--record", "hs.pmn"], tmp)
    handovers = moves = 0
    while True:
        k = t.read_until(b"then press Enter.", b"> ", b"Game over:")
        if k == 0:
            screen = t.out[t.out.rfind(b"\x1b[2J"):]
            check(b"hand of seat" not in screen, "a hand is visible on the hand-over screen")
            handovers += 1
            t.send("\n")
        elif k == 1:
            moves += 1
            t.send("1\n")
        else:
            break
    check(k == 2, "the hot-seat game does not reach the end screen")
    check(t.finish() == 0, "the hot-seat game does not exit 0")
    check(handovers >= 2 and moves >= handovers, "%d hand-overs for %d moves" % (handovers, moves))
    # undo in a game without bots (in one's own extra turn: hot_seat_secrets says when
    # else): the record loses its last move, the position is the one before
    r = run(["--resume", "hs.pmn"], "", tmp)
    t = Term(["--seats", "human,human", "--seed", "7", "--record", "undo.pmn"], tmp)
    t.read_until(b"then press Enter.")
    t.send("\n")
    t.read_until(b"Seat 1> ")
    screen = last_screen(t.out)
    t.send("1\n")
    t.read_until(b"Seat 1> ")
    before = open(os.path.join(tmp, "undo.pmn")).read()
    t.send("undo\n")
    t.read_until(b"Took back ")
    t.read_until(b"> ")
    check(last_screen(t.out) == screen, "the board after undo is not the one before the move")
    t.send("quit\n")
    t.finish()
    after = open(os.path.join(tmp, "undo.pmn")).read()
    check(re.findall(r"\d+\. (\S+)", after) == re.findall(r"\d+\. (\S+)", before)[:-1],
          "undo did not take the last move off the record")
    check(r.returncode == 0 and b"Game over" in r.stdout, "resuming a finished game does not show its end")


def kill_and_resume(tmp):
    """SIGKILL in the middle of a game, then --resume: the same board and record."""
    t = Term(["--seats", "human,random", "--seed", "21", "--record", "k.pmn"], tmp)
    for _ in range(6):
        t.read_until(b"Seat 1> ")
        t.send("1\n")
    t.read_until(b"Seat 1> ")
    screen = last_screen(t.out)
    check(b"hand of seat 1" in screen and re.match(rb"== Move \d+, seat 1 to play", screen),
          "no board before the kill")
    record = open(os.path.join(tmp, "k.pmn")).read()
    os.killpg(t.p.pid, signal.SIGKILL)
    t.finish()
    check(len(re.findall(r"\d+\. ", record)) >= 12, "the record was not saved after every move")
    check(not any(f.endswith(".tmp") for f in os.listdir(tmp)), "a temporary record was left behind")
    t = Term(["--resume", "k.pmn", "--seats", "human,random"], tmp)
    t.read_until(b"Seat 1> ")
    check(b"Resumed after" in t.out, "resume does not say it resumed")
    check(last_screen(t.out) == screen, "the board after resume differs from the one before the kill")
    check(open(os.path.join(tmp, "k.pmn")).read() == record, "resume changed the saved record")
    t.send("quit\n")
    check(t.finish() == 0, "quit does not exit 0")
    check(b"pul play --resume k.pmn" in t.out, "quit does not say how to resume")


def pipes(tmp):
    """Commands from a pipe: plain text, a whole game, a record the referee accepts."""
    r = run(["--seats", "human,random", "--seed", "5", "--record", "p.pmn"],
            "r 12\nhelp\nhint\nfoo\n" + "1\n" * 400, tmp)
    out = r.stdout
    check(r.returncode == 0, "the piped game exits %d: %r" % (r.returncode, r.stderr))
    check(b"\x1b" not in out, "escape sequences in pipe mode")
    check(b"Tile 12 in its four rotations:" in out, "no rotation preview")
    check(b"Commands:" in out and b"undo" in out, "no help")
    check(re.search(rb"Hint: MCTS would play \S+, number \d+ of the list\.", out) is not None, "no hint")
    check(b'"foo" is neither a move nor a command' in out, "no answer to an unknown command")
    check(b"Game over:" in out, "the piped game does not end")
    ref = subprocess.run([PUL, "referee", os.path.join(tmp, "p.pmn")], capture_output=True)
    check(ref.returncode == 0, "the piped game's record is refused by the referee")
    # a solo edition: a human alone
    r = run(["micropul-solo", "--seed", "3"], "1\n" * 400, tmp)
    check(r.returncode == 0 and b"Game over:" in r.stdout, "a solo game through a pipe does not end")


def resume_keeps_everything(tmp):
    """--resume keeps every comment and unknown tag of the record, in place, at every save,
    and an edition given by path is recorded by its name and resumed with --variant."""
    bots = run(["--seats", "random,random", "--seed", "5"], "", tmp)
    text = bots.stdout.decode()
    tags = re.findall(r"^\[(\w+) \"([^\"]*)\"\]$", text, re.M)
    moves = re.findall(r"\d+\. (\S+)", text)
    if not check(len(moves) > 8 and [t for t, _ in tags] == ["Variant", "Players", "Core", "Seed"],
                 "a bot game gives no record to resume: %r" % text[:300]):
        return
    value = dict(tags)
    record = ("; before the tags\n"
              '[Variant "micropul"]\n'
              "; among the tags\n"
              '[Players "2"] ; on the Players line\n'
              '[Event "Club \\"night\\""]\n'
              '[Core "%s"]\n[Seed "%s"]\n'
              '[Annotator "someone"]\n'
              "\n; before the moves\n"
              "1. %s  2. %s ; after move 2\n3. %s  4. %s\n; after move 4\n;\n5. %s  6. %s\n"
              % ((value["Core"], value["Seed"]) + tuple(moves[:6])))
    path = os.path.join(tmp, "notes.pmn")
    with open(path, "w") as f:
        f.write(record)
    r = run(["--resume", "notes.pmn", "--seats", "human,random"], "1\n1\n1\nquit\n", tmp)
    check(r.returncode == 0, "resuming a commented record exits %d: %r" % (r.returncode, r.stderr))
    saved = open(path).read()
    played = re.findall(r"\d+\. (\S+)", saved)
    check(len(played) >= 9 and played[:6] == moves[:6],
          "the resumed game's moves are not saved after the record's: %r" % played)
    want = ["; before the tags\n[Variant \"micropul\"]\n; among the tags\n[Players \"2\"]\n"
            "; on the Players line\n[Event \"Club \\\"night\\\"\"]\n",
            '[Annotator "someone"]\n[Seats "human,random"]\n[Lang "en"]\n\n; before the moves\n'
            "1. %s  2. %s\n; after move 2\n"
            "3. %s  4. %s\n; after move 4\n;\n5. %s  6. %s  7. " % tuple(moves[:6])]
    for w in want:
        check(w in saved, "resume lost or moved %r; saved:\n%s" % (w, saved))
    ref = subprocess.run([PUL, "referee", path], capture_output=True)
    check(ref.returncode == 0, "the resumed record is refused by the referee: %r" % ref.stderr)
    # An edition given by path: its name in the record, --variant to resume it.
    edition = os.path.join(os.path.abspath(ROOT), "tests", "variants", "tricolour")
    r = run([edition, "--seats", "human,random", "--seed", "3", "--record", "tri.pmn"],
            "1\nquit\n", tmp)
    saved = open(os.path.join(tmp, "tri.pmn")).read()
    check(r.returncode == 0 and '[Variant "tricolour"]' in saved and edition not in saved,
          "an edition given by path is not recorded by its name: %r" % saved[:200])
    check(("pul play --resume tri.pmn --variant " + edition).encode() in r.stdout,
          "quitting does not say to give the edition again to resume")
    r = run(["--resume", "tri.pmn", "--seats", "human,random"], "quit\n", tmp)
    check(r.returncode == 2 and b"tricolour" in r.stderr and b"--variant" in r.stderr,
          "resuming without the edition does not say to give it with --variant: %r" % r.stderr)
    r = run(["--resume", "tri.pmn", "--seats", "human,random", "--variant", edition],
            "1\nquit\n", tmp)
    check(r.returncode == 0 and re.search(rb"Resumed after \d+ moves", r.stdout),
          "resuming with --variant PATH fails: %r" % r.stderr)
    r = run(["--resume", "tri.pmn", "--seats", "human,random", "--variant", "micropul"],
            "quit\n", tmp)
    check(r.returncode == 2 and b"pmn-tag" in r.stderr,
          "resuming with another edition than the record's is not refused: %r" % r.stderr)


def resume_table(tmp):
    """The record keeps the seats and the language (Seats and Lang tags) and
    --resume brings them back; a person's seat never goes to a bot; the tags'
    values are checked as hostile; quitting gives a command that works."""
    r = run(["--seats", "human,mcts:iters=30", "--lang", "ja", "--seed", "3", "--record", "ja.pmn"],
            "1\nquit\n", tmp)
    saved = open(os.path.join(tmp, "ja.pmn")).read()
    check(r.returncode == 0 and '[Seats "human,mcts:iters=30,' in saved and '[Lang "ja"]' in saved,
          "the record does not keep the seats and the language: %r" % saved[:400])
    ref = subprocess.run([PUL, "referee", os.path.join(tmp, "ja.pmn")], capture_output=True)
    check(ref.returncode == 0, "the referee refuses a record with Seats and Lang tags")
    r = run(["--resume", "ja.pmn"], "quit\n", tmp)
    out = r.stdout.decode()
    check(r.returncode == 0 and "プレイヤー 1: あなた" in out and "プレイヤー 2: mcts:iters=30," in out,
          "a Japanese game against mcts:iters=30 does not resume so: %r" % out[:300])
    check("ゲームを中断しました" in out, "the resumed game does not speak Japanese")
    check(open(os.path.join(tmp, "ja.pmn")).read() == saved, "resuming changed the record")
    # --lang and --seats on resume: the language and the bot change, the person stays
    r = run(["--resume", "ja.pmn", "--lang", "fr", "--seats", "human,greedy"], "quit\n", tmp)
    out = r.stdout.decode()
    check(r.returncode == 0 and "Joueur 1 : vous" in out and "Joueur 2 : greedy" in out,
          "--lang and --seats do not replace the record's on resume: %r" % out[:300])
    check('[Lang "fr"]' in open(os.path.join(tmp, "ja.pmn")).read(),
          "the record does not keep the language the game went on in")
    for seats in ("mcts,mcts", "random,human"):
        r = run(["--resume", "ja.pmn", "--seats", seats], "quit\n", tmp)
        check(r.returncode == 2 and b"seat 1 was played by a person" in r.stderr
              and b"give human for seat 1" in r.stderr,
              "--seats %s hands the person's seat to a bot on resume: %r" % (seats, r.stderr))
    # hot-seat resumes as hot-seat
    run(["--seats", "human,human", "--seed", "3", "--record", "hh.pmn"], "1\nquit\n", tmp)
    r = run(["--resume", "hh.pmn"], "quit\n", tmp)
    check(r.returncode == 0 and b"Seat 1: you\nSeat 2: you\n" in r.stdout,
          "a hot-seat game resumes with a bot: %r" % r.stdout[:300])
    # hostile values: refused, said safely, with what to do
    head = "".join(l for l in open(os.path.join(tmp, "hh.pmn"))
                   if l.startswith("[") and not l.startswith(("[Seats", "[Lang")))
    cases = [
        ('[Seats "human"]', b"the Seats tag names 1 seats, but the game has 2 players"),
        ('[Seats "human,nobody"]', b"the Seats tag: seat 2: no bot is called 'nobody'"),
        ('[Seats "human,\x1b]52;c;ZXZpbA==\x07"]', b"the Seats tag: seat 2: no bot is called"),
        ('[Seats ""]', b"the Seats tag: seat 1 is empty"),
        ('[Seats "human,mcts:iters=0"]', b"the Seats tag: seat 2: option 'iters'"),
        ('[Seats "%s"]' % ",".join(["human"] * 7), b"the Seats tag: 6 seats at most"),
        ('[Seats "human,%s"]' % ("r" * 5000), b"the Seats tag: seat 2 is too long"),
        ('[Lang "xx"]', b'the Lang tag is "xx", not a language of pul play'),
        ('[Lang "\u202eja"]', b'the Lang tag is "\\u202eja"'),
        ('[Lang "%s"]' % ("j" * 5000), b"the Lang tag is"),
    ]
    for k, (tag, want) in enumerate(cases):
        path = os.path.join(tmp, "hostile%d.pmn" % k)
        with open(path, "w", encoding="utf-8") as f:
            f.write(head + tag + "\n")
        r = run(["--resume", path], "quit\n", tmp)
        check(r.returncode == 2 and r.stderr.startswith(b"pul play: ") and want in r.stderr
              and len(r.stderr) < 1500 and foreign_text(r.stderr) is None,
              "the record's %r is not refused clearly: %d %r" % (tag[:40], r.returncode,
                                                                 r.stderr[:300]))
    path = os.path.join(tmp, "hostile7.pmn")  # a bad Lang tag that --lang replaces
    r = run(["--resume", path, "--lang", "es"], "quit\n", tmp)
    check(r.returncode == 0 and b"Has dejado la partida" in r.stdout, "--lang does not replace a bad Lang tag")
    # The quit message's command works from the folder the person is in, quoted for the shell.
    rel = os.path.relpath(PUL, tmp)
    p = subprocess.run([rel, "play", "--seats", "human,random", "--seed", "3", "--record",
                        "my 'game'.pmn"], input=b"1\nquit\n", capture_output=True, cwd=tmp,
                       timeout=60)
    m = re.search(rb"continue with: (.*)\n", p.stdout)
    want = (rel + " play --resume 'my '\\''game'\\''.pmn'").encode()
    if check(m is not None and m.group(1) == want,
             "the quit message does not give the command as run and quoted: %r (want %r)"
             % (m and m.group(1), want)):
        again = subprocess.run(m.group(1).decode(), shell=True, input=b"quit\n",
                               capture_output=True, cwd=tmp, timeout=60)
        check(again.returncode == 0 and re.search(rb"Resumed after \d+ moves", again.stdout) is not None,
              "the quit message's command does not resume: %r" % again.stderr)


EXPECTED = {  # "pass" outside an extra turn, and a claim on an empty cell
    "en": ["pass is not legal: pass is only allowed in an extra turn.",
           "snw9,9 is not legal: "],
    "ja": ["pass は打てません: pass は追加ターンにしかできません。", "snw9,9 は打てません: "],
    "fr": ["pass n'est pas permis : pass n'est permis que pendant un tour supplémentaire.",
           "snw9,9 n'est pas permis : "],
    "es": ["pass no está permitida: pass solo se permite en un turno extra.",
           "snw9,9 no está permitida: "],
}


def languages(tmp):
    for lang, want in EXPECTED.items():
        r = run(["--seats", "human,random", "--seed", "2", "--lang", lang], "pass\nsnw9,9\nquit\n", tmp)
        out = r.stdout.decode()
        for w in want:
            check(w in out, "--lang %s: %r not in the output" % (lang, w))
        check(r.returncode == 0, "--lang %s exits %d" % (lang, r.returncode))


def table():
    """Every message id has four texts, with the same conversions in each."""
    header = open(os.path.join(ROOT, "tools/play_text.h")).read()
    source = open(os.path.join(ROOT, "tools/play_text.c")).read()
    ids = re.findall(r"^\s+(PM_\w+),", header, re.M)
    ids = [i for i in ids if i != "PM_COUNT"]
    rows = dict(re.findall(r"\[(PM_\w+)\] = \{(.*?)\},\n", source, re.S))
    check(len(ids) >= 45, "only %d message ids found" % len(ids))
    # Refusals are explained by the engine (pul_reason_explain; tests/words_test.py checks them).
    check(not [i for i in ids if i.startswith("PM_R_")], "play has its own reason explanations")
    conv = re.compile(r"%[-+ #0]*\d*(?:\.\d+)?(?:ll|l|h)?[diouxXsc%]")
    for i in ids:
        if not check(i in rows, "message %s has no row in play_text.c" % i):
            continue
        texts, cur = [], None
        for tok in re.findall(r'"(?:[^"\\]|\\.)*"|,', rows[i]):
            if tok == ",":
                if cur is not None:
                    texts.append(cur)
                cur = None
            else:
                cur = (cur or "") + tok[1:-1]
        if cur is not None:
            texts.append(cur)
        if not check(len(texts) == 4 and all(texts), "message %s has %d texts, not 4" % (i, len(texts))):
            continue
        convs = [conv.findall(t) for t in texts]
        check(all(c == convs[0] for c in convs), "message %s: conversions differ: %s" % (i, convs))
        for t in texts:
            for name in re.findall(r"\{(\w+)\}", t):
                check(name in ("core", "supply", "stone", "group", "big", "bag", "rack", "track", "bonus"),
                      "message %s: unknown name {%s}" % (i, name))


def hostile(tmp):
    """Editions that attack the terminal (tests/hostile/output): at a terminal
    with colours, an edition whose names hold control characters is refused in
    a safe message, a script's error is shown escaped, and no escape sequence
    but the tool's own gets through."""
    names = os.path.join(ROOT, "tests", "hostile", "output", "evil-names")
    t = Term([names, "--seats", "human,human", "--seed", "3", "--record", "hn.pmn"], tmp)
    check(t.finish() == 2, "pul play does not refuse evil-names at a terminal")
    check(b"variant.yaml:7:12: bad-value: title (en) holds U+009B" in t.out,
          "the refusal of evil-names does not name the character")
    check(not os.path.exists(os.path.join(tmp, "hn.pmn")), "a refused edition left a record")
    bad = foreign_text(t.out)
    check(not bad, "evil-names reaches the terminal raw: %s" % bad)

    script = os.path.join(ROOT, "tests", "hostile", "output", "evil-script")
    t = Term([script, "--seats", "human,random", "--seed", "1", "--record", "hs.pmn"], tmp)
    t.read_until(b"Seat 1> ")
    t.send("1\n")
    t.read_until(b"after_action")
    t.read_until(b"Seat 1> ")
    t.send("quit\n")
    check(t.finish() == 0, "quitting the evil-script game does not exit 0")
    check(b"in hook after_action: \\x1b]52;c;ZXZpbA==\\x07" in t.out,
          "the script's error is not shown escaped")
    bad = foreign_text(t.out)
    check(not bad, "evil-script's error reaches the terminal raw: %s" % bad)


def bad_options(tmp):
    for args in (["--seats", "nobody"], ["--seats", "human,human,human"], ["--lang", "xx"],
                 ["--seats", ""], ["--players", "1", "--seats", "human,mcts"],
                 ["--resume", "no-such.pmn"], ["--resume", "vs.pmn", "--seed", "3"],
                 ["--seats", "human,mcts:iters=x"], ["--no-colour=yes"]):
        r = run(args, "quit\n", tmp)
        check(r.returncode == 2 and r.stderr.startswith(b"pul play: "),
              "pul play %s exits %d (want 2 and a message)" % (" ".join(args), r.returncode))
    r = run(["--seats", "random,mcts:iters=20,c=0.5", "--seed", "3"], "", tmp)
    check(r.returncode == 0 and b"; Result: " in r.stdout, "bot options after a comma are not one seat")


# ------------------------------------------------------------ terminal comfort

def fits_80x24(tmp):
    """At 80x24 every screen of a game keeps the header, the board, the list
    and the prompt in 24 lines of at most 80 columns: the list folds and the
    board is cut when they would not fit; moves and board show them whole."""
    t = Term(["--seats", "human,greedy", "--seed", "3", "--record", "fit.pmn"], tmp, rows=24,
             cols=80)
    for _ in range(14):
        t.read_until(b"Seat 1> ")
        t.send("1\n")
    t.read_until(b"Seat 1> ")
    shown = screens(t.out)
    check(len(shown) >= 14, "only %d screens at 80x24" % len(shown))
    for k, lines in enumerate(shown):
        check(len(lines) <= 24, "screen %d at 80x24 takes %d lines" % (k + 1, len(lines)))
        wide = [ln for ln in lines if columns(ln) > 80]
        check(not wide, "screen %d at 80x24 has lines wider than 80 columns: %r" % (k + 1, wide[:2]))
        text = b"\n".join(lines)
        check(re.search(rb"^== Move \d+, seat 1 to play", text, re.M) is not None,
              "screen %d at 80x24 has no header" % (k + 1))
        check(re.search(rb"^ {4}( +-?\d+)+ *$", text, re.M) is not None,
              "screen %d at 80x24 has no board (its column numbers)" % (k + 1))
        check(b"Legal moves" in text and lines[-1].endswith(b"Seat 1> "),
              "screen %d at 80x24 lacks the list or the prompt" % (k + 1))
    check(any(b"type board to see all of it" in b"\n".join(ln) for ln in shown),
          "no screen at 80x24 says its board is cut")
    folded = [b"\n".join(ln) for ln in shown if b"Folded to fit" in b"\n".join(ln)]
    check(folded, "no screen at 80x24 folds its list")
    # moves lists every number the folded list stands for; board shows the board uncut
    last = b"\n".join(shown[-1])
    top = max(int(n) for n in re.findall(rb"(\d+)\)", last[last.find(b"Legal moves"):]))
    at = len(t.out)
    t.send("moves\n")
    t.read_until(b"Seat 1> ")
    listed = {int(n) for n in re.findall(rb"\b(\d+)\) ", t.out[at:])}
    check(listed == set(range(1, top + 1)), "moves lists %s, not 1 to %d" % (sorted(listed), top))
    at = len(t.out)
    t.send("board\n")
    t.read_until(b"Seat 1> ")
    whole = t.out[at:]
    rows = lambda text: len(re.findall(rb"^ *-?\d+ [ \[]", text, re.M))
    check(b"type board to see all of it" not in whole and rows(whole) > rows(last),
          "board does not show the whole board (%d rows, the fitted screen %d)"
          % (rows(whole), rows(last)))
    t.send("quit\n")
    check(t.finish() == 0, "quitting at 80x24 does not exit 0")


def fits_small(tmp):
    """The same fit in Japanese (wide characters wrap by columns) at 80x24,
    and at 40x30, where the board is cut to its columns round the last move."""
    for lang, rows, cols, moves in (("ja", 24, 80, 8), ("en", 30, 40, 14)):
        t = Term(["--seats", "human,greedy", "--seed", "3", "--record", "fit-%s.pmn" % lang,
                  "--lang", lang], tmp, rows=rows, cols=cols)
        prompt = "プレイヤー 1> " if lang == "ja" else "Seat 1> "
        for _ in range(moves):
            t.read_until(prompt.encode())
            t.send("1\n")
        t.read_until(prompt.encode())
        t.send("quit\n")
        t.finish()
        shown = screens(t.out)
        check(len(shown) >= moves, "only %d screens at %dx%d" % (len(shown), cols, rows))
        for k, lines in enumerate(shown):
            wide = [ln for ln in lines if columns(ln) > cols]
            check(len(lines) <= rows and not wide,
                  "screen %d at %dx%d (%s) takes %d lines, %d too wide: %r"
                  % (k + 1, cols, rows, lang, len(lines), len(wide), wide[:1]))
            check(re.search(rb"^ {4}( +-?\d+)+ *$", b"\n".join(lines), re.M) is not None,
                  "screen %d at %dx%d (%s) has no board" % (k + 1, cols, rows, lang))
    check(any(re.search(rb"^ {4}( +-?\d+){5,6} *$", b"\n".join(ln), re.M) for ln in shown)
          and any(b"type board to see all of it" in b"\n".join(ln) for ln in shown),
          "at 40 columns the board is never cut to its columns")


def narrow(tmp):
    """The move list wraps to the terminal's width: 60 columns asked of the
    terminal, or from COLUMNS on a pipe."""
    t = Term(["--seats", "human,random", "--seed", "5", "--record", "narrow.pmn"], tmp, rows=80,
             cols=60)
    for _ in range(5):
        t.read_until(b"Seat 1> ")
        t.send("1\n")
    t.read_until(b"Seat 1> ")
    t.send("quit\n")
    t.finish()
    shown = screens(t.out)
    wrapped = 0
    for k, lines in enumerate(shown):
        listing = lines[next(i for i, ln in enumerate(lines) if b"Legal moves" in ln):]
        wide = [ln for ln in listing if columns(ln) > 60]
        check(not wide, "screen %d at 60 columns has list lines wider: %r" % (k + 1, wide[:2]))
        wrapped += sum(1 for ln in listing if re.match(rb" {14}\d+\) ", ln))
    check(len(shown) >= 5 and wrapped > 0, "the list never wraps at 60 columns")
    r = run(["--seats", "human,random", "--seed", "5"], "1\n" * 5 + "quit\n", tmp,
            env={"COLUMNS": "60"})
    entries = [ln for ln in r.stdout.split(b"\n") if re.search(rb"\d+\) \S", ln)]
    check(entries and all(columns(ln) <= 60 for ln in entries),
          "with COLUMNS=60 on a pipe, list lines are wider than 60 columns")


def levels(tmp):
    """easy, normal and hard are seats of --seats, shown by those names."""
    r = run(["--seats", "human,easy", "--seed", "2"], "1\n1\nquit\n", tmp)
    check(r.returncode == 0 and b"Seat 2: easy (random)" in r.stdout
          and b"Easy (seat 2) plays " in r.stdout, "the easy level is not shown by its name")
    r = run(["--seats", "human,normal", "--seed", "2"], "1\nquit\n", tmp)
    check(r.returncode == 0 and b"Seat 2: normal (greedy)" in r.stdout
          and b"Normal (seat 2) plays " in r.stdout, "the normal level is not shown by its name")
    r = run(["--seats", "human,hard", "--seed", "2"], "quit\n", tmp)
    check(r.returncode == 0 and b"Seat 2: hard (mcts:iters=1000)" in r.stdout,
          "the hard level is not shown by its name and its bot")
    r = run(["--seats", "easy,normal", "--seed", "4"], "", tmp)
    check(r.returncode == 0 and b"; Result: " in r.stdout, "two levels do not play a game")
    r = run(["--seats", "human,expert"], "quit\n", tmp)
    check(r.returncode == 2 and b"easy, normal, hard" in r.stderr,
          "an unknown level is not answered with the levels: %r" % r.stderr)
    h = subprocess.run([PUL, "play", "--help"], capture_output=True).stdout
    check(all(w in h for w in (b"easy", b"normal", b"hard", b"mcts:iters=1000")),
          "pul play --help does not describe the levels")


def last_list(out):
    """The legal moves of the last screen in out: {number: (group label, entry)}."""
    text = out[out.rfind(b"Legal moves"):].decode()
    moves, label = {}, None
    for line in text.split("\n")[1:]:
        m = re.match(r"  (\S.*?)(?:\s{2,}|$)", line)
        if m and not re.match(r"\d+\) ", m.group(1)):
            label = m.group(1)
        for n, entry in re.findall(r"(\d+)\) (\S+)", line):
            moves[int(n)] = (label, entry)
        if line.startswith("Seat 1>"):
            break
    return moves


def hint_and_rotations(tmp):
    """hint gives the move's number in the list; r N lists where each
    rotation of tile N can go, each with its number in the list."""
    r = run(["--seats", "human,random", "--seed", "5"], "hint\nquit\n", tmp)
    out = r.stdout
    m = re.search(rb"Hint: MCTS would play (\S+), number (\d+) of the list\.", out)
    if check(m is not None, "hint gives no number: %r" % out[-300:]):
        move, number = m.group(1).decode(), int(m.group(2))
        label, entry = last_list(out[:m.start()]).get(number, (None, None))
        tile, _, cell = move.partition("@")
        # PMN leaves rotation 0 out (12@1,0); the list spells it (1,0r0)
        check(entry in (cell or move, cell + "r0") and (not cell or label == "tile " + tile),
              "hint says %s is number %d, which is %s %s" % (move, number, label, entry))
    first = re.search(rb"hand of seat 1:\n +(\d+)", out)
    tile = int(first.group(1))
    r = run(["--seats", "human,random", "--seed", "5"], "r %d\nr 0\nquit\n" % tile, tmp)
    out = r.stdout.decode()
    listed = last_list(r.stdout[:r.stdout.find(b"Tile %d in its" % tile)])
    want = {n: e for n, (lab, e) in listed.items() if lab == "tile %d" % tile}
    where = out[out.find("Where each rotation can go"):out.find("Seat 1>", out.find("Where each"))]
    got = {}
    for rot, rest in re.findall(r"^  r(\d) +(.*)$", where, re.M):
        for n, cell in re.findall(r"(\d+)\) (\S+)", rest):
            got[int(n)] = "%sr%s" % (cell, rot)
    check(want and got == want, "r %d lists %s, the list has %s" % (tile, got, want))
    held = {int(t) for t in re.findall(r"^  (\d+(?: +\d+)*) *$", out, re.M)[0].split()}
    if 0 not in held:
        check("Tile 0 cannot be placed now" in out, "r 0 of a tile not in hand does not say so")


def line_editing(tmp):
    """With libedit built in, the prompt edits lines (Left arrow) and recalls
    them (Up), each seat only its own; pul play --help says which editor."""
    editor = os.environ.get("PUL_LINE_EDITING", "")
    h = subprocess.run([PUL, "play", "--help"], capture_output=True).stdout
    if not check(editor in ("libedit", "none"), "PUL_LINE_EDITING is %r, not set by ctest" % editor):
        return
    check(("Line editing in this build: %s" % editor).encode() in h,
          "pul play --help does not say the build's line editing is %s" % editor)
    if editor == "none":
        return
    xterm = {"TERM": "xterm"}
    t = Term(["--seats", "human,random", "--seed", "5", "--record", "ed.pmn"], tmp, env=xterm)
    t.read_until(b"Seat 1> ")
    t.send("hnt")
    t.send("\x1b[D\x1b[D")  # Left twice: the cursor between h and n
    t.send("i\r")
    check(t.read_until(b"Hint: MCTS would play", b"neither a move", timeout=30) == 0,
          "Left arrow does not edit the line at the prompt")
    t.read_until(b"Seat 1> ")
    t.send("\x1b[A\r")  # Up: the last line again
    check(t.read_until(b"Hint: MCTS would play", b"neither a move", b"Seat 1> ", timeout=30) == 0,
          "Up arrow does not recall the last line")
    t.read_until(b"Seat 1> ")
    t.send("quit\r")
    check(t.finish() == 0, "quit after line editing does not exit 0")
    # Hot-seat: seat 2's Up does not bring back what seat 1 typed.
    t = Term(["--seats", "human,human", "--seed", "4", "--record", "ed2.pmn"], tmp, env=xterm)
    t.read_until(b"then press Enter.")
    t.send("\r")
    t.read_until(b"Seat 1> ")
    t.send("1\r")
    t.read_until(b"then press Enter.")
    t.send("\r")
    t.read_until(b"Seat 2> ")
    t.send("\x1b[A\r")
    check(t.read_until(b"Seat 2> ", b"then press Enter.", timeout=30) == 0,
          "seat 2's Up recalled and played a line seat 1 typed")
    t.send("quit\r")
    t.finish()


# The two ctest tests: play (the game, hot-seat, resume, pipes, languages,
# hostile editions, options) and play_comfort (the terminal's comfort).
STEPS = {
    "play": (play_vs_bot, hot_seat, kill_and_resume, resume_keeps_everything, pipes, languages,
             hostile, bad_options, hot_seat_secrets, solo_peek, resume_table),
    "comfort": (fits_80x24, fits_small, narrow, levels, hint_and_rotations, line_editing),
}
GROUP = sys.argv[3] if len(sys.argv) > 3 else "play"
if GROUP not in STEPS:
    sys.exit("play_test.py: no group %r; the groups are %s" % (GROUP, ", ".join(STEPS)))

with tempfile.TemporaryDirectory() as tmp:
    for step in STEPS[GROUP]:
        try:
            step(tmp)
        except Exception as e:  # a hang or a crash is a failure of that step, not of the rest
            check(False, "%s: %s" % (step.__name__, e))
    table()

summary(GROUP)
