#!/usr/bin/env python3
"""engine_test.py: pul engine's protocol (PROTOCOL.md) under test.

Golden transcripts: each tests/engine/NAME.in is fed to `pul engine` and its
replies must be NAME.out byte for byte (--update rewrites them; read the diff
before committing). Every reply line must parse as JSON, one reply per command
line up to quit. Then hostile input (an overlong line, bad UTF-8, NUL bytes,
control characters) and the hidden-information check: `state seat=N` and
`render seat=N` of two games that differ only in what seat N cannot see must
be identical, while the seat that can see the difference must see it.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LINE_MAX = 1 << 20
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def run(pul, data):
    """Feeds bytes to pul engine; returns the reply lines (bytes)."""
    p = subprocess.run([pul, "engine"], input=data, capture_output=True, timeout=120)
    if p.returncode != 0:
        fail("pul engine exited %d: %s" % (p.returncode, p.stderr[:300]))
    if p.stderr:
        fail("pul engine wrote to stderr: %r" % p.stderr[:300])
    return p.stdout.split(b"\n")[:-1] if p.stdout.endswith(b"\n") else p.stdout.split(b"\n")


def parse(lines, where):
    out = []
    for i, line in enumerate(lines):
        try:
            line.decode("utf-8")
            v = json.loads(line)
        except ValueError as e:
            fail("%s: reply %d is not JSON (%s): %r" % (where, i + 1, e, line[:200]))
            v = None
        if v is not None and (not isinstance(v, dict) or "ok" not in v):
            fail("%s: reply %d has no ok: %r" % (where, i + 1, line[:200]))
        if v is not None and not v.get("ok") and not ("error" in v and "message" in v):
            fail("%s: error reply %d without error and message" % (where, i + 1))
        out.append(v)
    return out


def commands_until_quit(data):
    n = 0
    for line in data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n"):
        n += 1
        if line.strip() == b"quit":
            break
    return n


def golden(pul, update):
    names = sorted(f[:-3] for f in os.listdir(HERE) if f.endswith(".in"))
    for name in names:
        with open(os.path.join(HERE, name + ".in"), "rb") as f:
            data = f.read()
        lines = run(pul, data)
        parse(lines, name)
        if len(lines) != commands_until_quit(data):
            fail("%s: %d replies for %d commands" % (name, len(lines), commands_until_quit(data)))
        got = b"".join(l + b"\n" for l in lines)
        path = os.path.join(HERE, name + ".out")
        if update:
            with open(path, "wb") as f:
                f.write(got)
            continue
        with open(path, "rb") as f:
            want = f.read()
        if got != want:
            wl, gl = want.split(b"\n"), got.split(b"\n")
            for i in range(max(len(wl), len(gl))):
                a = wl[i] if i < len(wl) else b"<none>"
                b = gl[i] if i < len(gl) else b"<none>"
                if a != b:
                    fail("%s.out line %d differs:\n  want %r\n  got  %r" % (name, i + 1, a[:300], b[:300]))
                    break


def expect(replies, i, code, where):
    r = replies[i]
    if r is None or r.get("ok") or r.get("error") != code:
        fail("%s: reply %d: want error %s, got %r" % (where, i + 1, code, r))


def hostile(pul):
    # An overlong line is answered, read to its end, and the next command works.
    data = b"info\n" + b"a" * (LINE_MAX + 10) + b"\ninfo\n" + b"b" * LINE_MAX + b"\n"
    r = parse(run(pul, data), "overlong")
    if len(r) != 4 or not r[0]["ok"] or not r[2]["ok"]:
        fail("overlong: want 4 replies around it, got %d" % len(r))
    else:
        expect(r, 1, "line_too_long", "overlong")
        if str(LINE_MAX) not in r[1]["message"]:
            fail("overlong: the message does not give the limit")
        expect(r, 3, "unknown_command", "overlong")  # at the limit: read whole
    cases = [
        (b"in\x00fo\n", "bad_encoding"),
        (b"\x00\n", "bad_encoding"),
        (b"info\xff\n", "bad_encoding"),
        (b"\xc0\xafinfo\n", "bad_encoding"),          # overlong form of '/'
        (b"play \xed\xa0\x80\n", "bad_encoding"),     # a surrogate
        (b"info \xf4\x90\x80\x80\n", "bad_encoding"),  # past U+10FFFF
        (b"\x1b[31mred\n", "unknown_command"),
        (b"info\xe2\x80\xae\n", "unknown_command"),  # a bidi control
        (b"\r\n", "empty_line"),
        (b"\n", "empty_line"),
    ]
    for data, code in cases:
        r = parse(run(pul, data + b"info\r\n"), "hostile %r" % data)
        if len(r) != 2:
            fail("hostile %r: want 2 replies, got %d" % (data, len(r)))
            continue
        expect(r, 0, code, "hostile %r" % data)
        if not r[1]["ok"]:
            fail("hostile %r: info after it failed" % data)
    # Nothing raw: no control character, no bidi control in any reply.
    raw = b"".join(run(pul, b"\x1b[2J\x07\xe2\x80\xae\xc2\x9b\n"))
    if any(c < 0x20 for c in raw) or b"\xe2\x80\xae" in raw or b"\xc2\x9b" in raw:
        fail("a control character reached a reply raw: %r" % raw)
    # Commands after the end of input: none; end of input without quit is fine.
    r = parse(run(pul, b"info"), "no final newline")
    if len(r) != 1 or not r[0]["ok"]:
        fail("a last line without its line break is still a command")


def catalogue(pul):
    """variants lists the shipped editions of both families, titled in four
    languages; an unknown one is refused by code (its message names folders)."""
    r = replies(pul, ["variants", "newgame nosuchedition", "load " + json.dumps(
        '[Variant "nosuch"]\n[Players "2"]\n'), "newgame genial seats=1"])
    if not r[0] or not r[0]["ok"]:
        fail("variants failed: %r" % r[0])
        return
    ids = {v["id"]: v for v in r[0]["variants"]}
    shipped = sorted(d for d in os.listdir(os.path.join(HERE, "..", "..", "variants"))
                     if os.path.exists(os.path.join(HERE, "..", "..", "variants", d, "variant.yaml")))
    for name in shipped:
        v = ids.get(name)
        if not v or "error" in v:
            fail("variants: %s missing or broken: %r" % (name, v))
            continue
        if sorted(v["title"]) != ["en", "es", "fr", "ja"] or not all(v["title"].values()):
            fail("variants: %s's titles are not in the four languages" % name)
        if not v["seats"] or v["family"] not in ("micropul", "genial"):
            fail("variants: %s has no seats or an unknown family" % name)
    if ids.get("genial", {}).get("seats") != [2, 3, 4] or ids.get("micropul", {}).get("seats") != [1, 2]:
        fail("variants: seat counts of micropul/genial: %r %r" % (ids.get("micropul"), ids.get("genial")))
    expect(r, 1, "unknown_variant", "newgame nosuchedition")
    expect(r, 2, "unknown_variant", "load nosuch")
    expect(r, 3, "bad_seats", "newgame genial seats=1")


def replies(pul, cmds):
    out = parse(run(pul, "".join(c + "\n" for c in cmds).encode()), "hidden")
    return out


def check_hidden(pul, family_cmd, alter, seat, other, moves):
    """Game A from family_cmd, game B from A's record altered by alter (what
    seat cannot see): seat's state and render are equal, other's differ."""
    a = replies(pul, [family_cmd, "record"])
    if not a[1] or not a[1]["ok"]:
        fail("hidden: no record for %s" % family_cmd)
        return
    pmn_b = alter(a[1]["pmn"])
    if pmn_b == a[1]["pmn"]:
        fail("hidden: the altered record is the same")
        return
    # validmoves first: its trials must leave nothing of the real game in a view.
    views = ["validmoves", "state seat=%d" % seat, "render seat=%d" % seat, "state seat=%d" % other,
             "render seat=%d" % other]
    for n in range(len(moves) + 1):
        played = ["play " + m for m in moves[:n]]
        ra = replies(pul, [family_cmd] + played + views)
        rb = replies(pul, ["load " + json.dumps(pmn_b)] + played + views)
        where = "%s after %d moves" % (family_cmd, n)
        if not all(r and r["ok"] for r in ra + rb):
            fail("hidden: %s: a command failed: %r" % (where, [r for r in ra + rb if not r or not r["ok"]][:1]))
            continue
        k = 2 + n
        for i, what in ((k, "state"), (k + 1, "render")):
            if ra[i] != rb[i]:
                fail("hidden: %s: seat %d's %s shows what it cannot see" % (where, seat, what))
        if ra[k + 2] == rb[k + 2]:
            fail("hidden: %s: seat %d's state misses what it sees (the check cannot fail)" % (where, other))


class Session:
    """One pul engine, a command at a time (as a front end drives it)."""

    def __init__(self, pul):
        self.p = subprocess.Popen([pul, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, line):
        self.p.stdin.write(line.encode() + b"\n")
        self.p.stdin.flush()
        reply = self.p.stdout.readline()
        try:
            return json.loads(reply)
        except ValueError:
            fail("session: %r gave %r" % (line, reply[:200]))
            return {"ok": False}

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=60)


def listed_moves(vm):
    """Every move text validmoves lists."""
    out = []
    for t in vm.get("tiles", []):
        out += [r["move"] for c in t["cells"] for r in c["rots"]]
    for k in vm.get("kinds", []):
        out += [o["move"] for c in k["cells"] for o in c["orients"]]
    out += [c["move"] for c in vm.get("claims", [])] + vm.get("takes", [])
    out += ["pass"] * vm.get("pass", False) + ["+"] * vm.get("refill", False)
    out += ["x"] * vm.get("swap", False)
    return out


def check_claim_quads(where, turn, vm):
    """Each claim's quads (a board's outline of the group): its own micropul among them, at
    least one per micropul of its size, and no quadrant in two groups."""
    seen = set()
    for c in vm.get("claims", []):
        quads = {(q["x"], q["y"], q["quad"]) for q in c.get("quads", [])}
        if (c["x"], c["y"], c["quad"]) not in quads or len(quads) < c.get("size", 1) or quads & seen:
            fail("%s: turn %d: claim %s has quads %r" % (where, turn, c.get("move"), sorted(quads)))
        seen |= quads


def whole_games(pul):
    """Games to their end by what validmoves lists and bestmove picks: every
    listed move is played, the end refuses moves (game_over), and the record
    loaded again gives the same state (a client's reconnection)."""
    for start in ("newgame micropul seed=11", "newgame genial seed=11", "newgame genial-solo seats=1 seed=2",
                  "newgame micropul-solo seats=1 seed=5"):
        s = Session(pul)
        r = s.ask(start)
        turn = 0
        while r.get("ok") and not r.get("over") and turn < 400:
            vm = s.ask("validmoves")
            moves = listed_moves(vm)
            check_claim_quads(start, turn, vm)
            if not vm.get("ok") or not moves:
                fail("%s: turn %d: no move listed: %r" % (start, turn, vm)); break
            if turn % 3 == 2:
                bm = s.ask("bestmove random")
                if not bm.get("ok") or (bm["move"] not in moves and bm["move"] not in ("t",)):
                    fail("%s: turn %d: bestmove %r not among validmoves" % (start, turn, bm))
                move = bm.get("move", moves[0])
            else:
                move = moves[(turn * 7919) % len(moves)]
            r = s.ask("play " + move)
            if not r.get("ok"):
                fail("%s: turn %d: a listed move %s was refused: %r" % (start, turn, move, r))
            turn += 1
        if not r.get("over"):
            fail("%s: no end after %d turns" % (start, turn))
        end = s.ask("play " + ("+" if "genial" in start else "pass"))
        expect([end], 0, "illegal_move", start + " after the end")
        if end.get("reason") != "game_over":
            fail("%s: a move after the end: %r" % (start, end))
        vm = s.ask("validmoves")
        if vm.get("count") != 0 or listed_moves(vm):
            fail("%s: moves listed after the end" % start)
        expect([s.ask("bestmove")], 0, "game_over", start)
        state = s.ask("state seat=1")
        rec = s.ask("record")
        again = s.ask("load " + json.dumps(rec.get("pmn", "")))
        if not again.get("ok") or s.ask("state seat=1") != state:
            fail("%s: the record loaded again is another game" % start)
        if "winners" not in state:
            fail("%s: no winners at the end" % start)
        # the end screen's breakdown: each seat's parts add up to its score
        parts = state.get("breakdown", [])
        if len(parts) != len(state.get("scores", [])) or not all(parts):
            fail("%s: no breakdown of every seat's score at the end: %r" % (start, parts))
        for seat, (ps, score) in enumerate(zip(parts, state.get("scores", []))):
            if sum(p["points"] for p in ps) != score:
                fail("%s: seat %d's breakdown %r does not add up to %d" % (start, seat + 1, ps, score))
        s.close()


def kept_objects(pul):
    """A session keeps the edition of its last newgame and the bot of its last
    bestmove for the next ones with the same name and spec: every reply must
    be the one a fresh session gives for the same game (newgame with the moves
    so far, then the same bestmove)."""
    s = Session(pul)
    plan = [("micropul", 5), ("micropul", 6), ("genial", 4), ("micropul", 5)]
    specs = ["greedy", "mcts:iters=40", "mcts:iters=40", "random", "greedy", "random"]
    for variant, seed in plan:
        start = "newgame %s seed=%d" % (variant, seed)
        r = s.ask(start)
        moves = []
        for turn in range(6):
            if not r.get("ok") or r.get("over"):
                break
            spec = specs[(turn + seed) % len(specs)]
            got = s.ask("bestmove " + spec)
            fresh = replies(pul, [start + (" moves " + " ".join(moves) if moves else ""),
                                  "bestmove " + spec])
            if len(fresh) != 2 or got != fresh[1]:
                fail("%s: after %r, bestmove %s in a kept session gave %r, a fresh one %r"
                     % (start, moves, spec, got, fresh[1:]))
            r = s.ask("play " + got.get("move", ""))
            moves.append(r.get("move", got.get("move", "")))
    s.close()


def swap_core(pmn):
    """Micropul: seat 2's first tile (Core position 7) swapped with a tile deep in the core."""
    lines = pmn.split("\n")
    for i, l in enumerate(lines):
        if l.startswith("[Core "):
            ids = l[len('[Core "'):-2].split()
            ids[6], ids[30] = ids[30], ids[6]
            lines[i] = '[Core "%s"]' % " ".join(ids)
    return "\n".join(lines)


def swap_rack(pmn):
    """Genial: a tile of seat 2's rack in the Deal tag made another kind."""
    lines = pmn.split("\n")
    for i, l in enumerate(lines):
        if l.startswith("[Deal "):
            a, b = l[len('[Deal "'):-2].split("/")
            kinds = b.split()
            kinds[0] = "yy" if kinds[0] != "yy" else "oo"
            lines[i] = '[Deal "%s/ %s"]' % (a, " ".join(kinds))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pul", required=True)
    ap.add_argument("--update", action="store_true", help="rewrite the .out files")
    args = ap.parse_args()
    pul = os.path.abspath(args.pul)
    golden(pul, args.update)
    hostile(pul)
    catalogue(pul)
    whole_games(pul)
    kept_objects(pul)
    check_hidden(pul, "newgame micropul seed=3", swap_core, 1, 2, ["30@-1,0r1"])
    check_hidden(pul, "newgame genial seed=3", swap_rack, 1, 2, ["gr@4,-4sw"])
    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    print("engine protocol: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
