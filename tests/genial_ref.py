#!/usr/bin/env python3
"""Oracle of the Einfach Genial rules (RULES-GENIAL.md) and records (PMN.md, "Einfach Genial
records"), written from those texts alone and naive on purpose: a record on standard input,
the referee's JSON lines on standard output, exit 0, 1 (an illegal move) or 2 (unreadable).

usage: genial_ref.py [--legal] [--path DIR[:DIR...]] [FILE]

--legal adds "placements" (counted by brute force over the board) to every move line. It is
the second implementation of the differential tests (tests/genial_differential.py) and agrees
with tests/conformance/genial/compare_genial.py on the shared records.

Editions: the Variant tag is looked up as DIR/<name>/variant.yaml on --path (default: $PUL_PATH,
else variants:tests/variants beside this file); a manifest's extends, tiles (symbols and kinds),
board (printed cells, play area by seats) and rules are read with PyYAML. Without PyYAML or
the folder, the three shipped editions are known by name. The engine choices of
i13-plan.md 1.5 are followed: a bare x is well-formed; a first placement with no pair that
meets the first-round rule may go anywhere.
"""
import json
import os
import re
import sys

DIRS = {"e": (1, 0), "se": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (0, -1), "ne": (1, -1)}
STEPS = list(DIRS.values())
NUM = r"(-?(?:0|[1-9][0-9]*))"          # one spelling: no leading zeros; "-0" refused below
INT32 = (-(1 << 31), (1 << 31) - 1)

DEFAULT_RULES = dict(min_players=2, max_players=4, rack_size=6, track_max=18, segments=1,
                     bonus=True, first_round="distinct_printed", swap="lowest_absent",
                     sudden_death=True, teams="none")
# The shipped editions, for when their folders cannot be read (i13-plan.md 1.3).
BUILTIN = {
    "genial": {},
    "genial-teams": dict(min_players=4, max_players=4, teams="alternate", segments=2),
    "genial-solo": dict(min_players=1, max_players=1, rack_size=1, segments=2, bonus=False,
                        swap="never"),
}
BUILTIN_SYMBOLS = "rgboyp"
BUILTIN_PRINTED = {(5, -5): "r", (5, 0): "g", (0, 5): "b", (-5, 5): "o", (-5, 0): "y",
                   (0, -5): "p"}
BUILTIN_AREA = {1: 5, 2: 5, 3: 6, 4: 7}


class Unreadable(Exception):
    """The record cannot be played at all (PMN.md: exit 2)."""


class Edition:
    """Symbols (letters in canonical order), tile counts per canonical kind, the printed
    cells, the play-area radius per seat count, and the rules."""

    def __init__(self, symbols, counts, printed, area, rules):
        self.sym, self.counts, self.printed, self.area = symbols, counts, printed, area
        self.rules = dict(DEFAULT_RULES, **rules)

    def canon(self, k):
        return k if self.sym.index(k[0]) <= self.sym.index(k[1]) else k[::-1]


def builtin_edition(name):
    counts = {a + b: 5 if a == b else 6
              for i, a in enumerate(BUILTIN_SYMBOLS) for b in BUILTIN_SYMBOLS[i:]}
    return Edition(BUILTIN_SYMBOLS, counts, dict(BUILTIN_PRINTED), dict(BUILTIN_AREA),
                   BUILTIN[name])


def load_manifest(folder, yaml):
    """The manifest in folder with its parents' keys beneath (extends: a path or a name)."""
    with open(os.path.join(folder, "variant.yaml"), encoding="utf-8") as f:
        m = yaml.safe_load(f) or {}
    base = {}
    if "extends" in m:
        ext = m["extends"]
        parent = os.path.normpath(os.path.join(folder, ext)) if "/" in ext else \
            os.path.join(os.path.dirname(folder), ext)
        if os.path.isfile(os.path.join(parent, "variant.yaml")):
            base = load_manifest(parent, yaml)
        elif os.path.basename(parent) in BUILTIN:   # a shipped edition not yet on disk
            base = {"rules": dict(BUILTIN[os.path.basename(parent)])}
        else:
            raise Unreadable("not-found: %s extends %s" % (folder, ext))
    files = {k: os.path.join(folder, m[k]) for k in ("tiles", "board") if k in m}
    out = dict(base)
    out.update(files)
    rules = dict(base.get("rules", {}))
    rules.update(m.get("rules") or {})
    if "players" in m:
        rules["min_players"] = m["players"]["min"]
        rules["max_players"] = m["players"]["max"]
    out["rules"] = rules
    return out


def file_edition(folder):
    import yaml  # only for editions read from files
    m = load_manifest(folder, yaml)
    ed = builtin_edition("genial")      # what a manifest leaves out, its parent gave
    ed.rules = dict(DEFAULT_RULES, **m["rules"])
    if "tiles" in m:
        with open(m["tiles"], encoding="utf-8") as f:
            tiles = yaml.safe_load(f)
        ed.sym = "".join(s["letter"] for s in tiles["symbols"])
        ed.counts = {a + b: 0 for i, a in enumerate(ed.sym) for b in ed.sym[i:]}
        for k, n in (tiles.get("kinds") or {}).items():
            ed.counts[ed.canon(k)] = n
        names = {s["name"]: s["letter"] for s in tiles["symbols"]}
    else:
        names = {}
    if "board" in m:
        with open(m["board"], encoding="utf-8") as f:
            board = yaml.safe_load(f)
        # A printed symbol is named by its letter or its name.
        ed.printed = {(p["at"][0], p["at"][1]): names.get(p["symbol"], p["symbol"])
                      for p in board.get("printed") or []}
        ed.area = {int(k): v["hexagon"] for k, v in (board.get("play_area") or {}).items()}
    return ed


def find_edition(name, path):
    if re.fullmatch(r"[A-Za-z0-9_-]+", name):
        for d in path:
            folder = os.path.join(d, name)
            if os.path.isfile(os.path.join(folder, "variant.yaml")):
                try:
                    return file_edition(folder)
                except ImportError:
                    break
    if name in BUILTIN:
        return builtin_edition(name)
    raise Unreadable("not-found: Variant %r" % name)


def read_record(text):
    """Tags and move words: ';' comments to the end of the line, move numbers ignored."""
    tags, moves = {}, []
    for line in text.splitlines():
        line = line.split(";", 1)[0]
        m = re.fullmatch(r'\s*\[([A-Za-z][A-Za-z0-9_]*)\s+"([^"]*)"\]\s*', line)
        if m:
            if moves:
                raise Unreadable("pmn: a tag after the moves")
            if m.group(1) in tags:
                raise Unreadable("pmn-tag: %s twice" % m.group(1))
            tags[m.group(1)] = m.group(2)
        else:
            moves += [w for w in line.split() if not re.fullmatch(r"[0-9]+\.", w)]
    for t in ("Variant", "Players", "Deal"):
        if t not in tags:
            raise Unreadable("pmn-tag: no %s tag" % t)
    return tags, moves


class Game:
    def __init__(self, ed, n, deal):
        self.ed, self.n, r = ed, n, ed.rules
        if n not in ed.area:
            raise Unreadable("pmn-tag: Players: no play area for %d seats" % n)
        R = ed.area[n]
        self.cells = {(q, s): None for q in range(-R, R + 1) for s in range(-R, R + 1)
                      if max(abs(q), abs(s), abs(q + s)) <= R}
        # Cells outside the play area do not exist: printed ones there neither.
        self.printed = {c: x for c, x in ed.printed.items() if c in self.cells}
        self.cells.update(self.printed)
        self.bag = dict(ed.counts)
        self.racks = self.read_deal(deal)
        self.teams = r["teams"] == "alternate"
        self.tracks = [[0] * len(ed.sym) for _ in range(2 if self.teams else n)]
        self.top = r["track_max"] * r["segments"]
        self.to, self.phase, self.bonus = 0, "place", 0
        self.over, self.reason = False, "unfinished"
        self.used, self.once = set(), set()
        if not self.racks[0] and not self.bag_n():
            self.over, self.reason = True, "no_tiles"

    def read_deal(self, deal):
        groups = deal.split("/")
        if len(groups) != self.n:
            raise Unreadable("pmn-tag: Deal gives %d racks for %d seats" % (len(groups), self.n))
        racks = []
        for g in groups:
            rack = []
            for k in g.split():
                if not re.fullmatch("[%s]{2}" % re.escape(self.ed.sym), k):
                    raise Unreadable("pmn-tag: Deal: %r is not a kind" % k)
                k = self.ed.canon(k)
                self.bag[k] -= 1
                if self.bag[k] < 0:
                    raise Unreadable("pmn-tag: Deal: too many %s" % k)
                rack.append(k)
            if len(rack) != self.ed.rules["rack_size"]:
                raise Unreadable("pmn-tag: Deal: a rack of %d tiles" % len(rack))
            racks.append(rack)
        return racks

    # -- the board
    def bag_n(self):
        return sum(self.bag.values())

    def team(self, seat):
        return seat % 2 if self.teams else seat

    def empty(self, c):
        return c in self.cells and self.cells[c] is None

    def pairs(self):
        for c in self.cells:
            for d in ("e", "se", "sw"):
                o = (c[0] + DIRS[d][0], c[1] + DIRS[d][1])
                if self.empty(c) and self.empty(o):
                    yield c, o

    def touched(self, c, o):
        return {(x[0] + d[0], x[1] + d[1]) for x in (c, o) for d in STEPS} & set(self.printed)

    def meets_first(self, c, o):
        t = self.touched(c, o)
        return bool(t - self.used) if self.ed.rules["first_round"] == "distinct_printed" \
            else bool(t)

    def first_rule(self, seat):
        """Whether the first-round rule binds seat's next placement: a first placement, and
        some empty pair meets it (else it falls away for this placement: plan 1.5 Q4)."""
        if seat in self.once or self.phase != "place" or self.ed.rules["first_round"] == "none":
            return False
        return any(self.meets_first(a, b) for a, b in self.pairs())

    def first_ok(self, c, o, seat):
        return not self.first_rule(seat) or self.meets_first(c, o)

    def count(self, seat):
        """Distinct legal placements: per pair, a double once and another kind both ways."""
        if self.over or self.phase == "end":
            return 0
        per = sum(1 if k[0] == k[1] else 2 for k in set(self.racks[seat]))
        bound = self.first_rule(seat)
        return per * sum(1 for c, o in self.pairs() if not bound or self.meets_first(c, o))

    def ray(self, c, s, excl):
        tot = 0
        for d in STEPS:
            if d == excl:
                continue
            x = (c[0] + d[0], c[1] + d[1])
            while x in self.cells and self.cells[x] == s:
                tot += 1
                x = (x[0] + d[0], x[1] + d[1])
        return tot

    def advance(self, t, pts):
        """One half on a track: (track after, segment ends reached: 0 or 1)."""
        M = self.ed.rules["track_max"]
        if pts == 0 or t >= self.top:
            return t, 0
        end = (t // M + 1) * M
        return (end, 1) if t + pts >= end else (t + pts, 0)

    def lowest(self, tr):
        live = [i for i in range(len(tr)) if tr[i] < self.top] or list(range(len(tr)))
        low = min(tr[i] for i in live)
        return {self.ed.sym[i] for i in live if tr[i] == low}

    def take(self, kinds, want):
        """The bag after drawing kinds, or None when they are not want tiles of the bag."""
        b2 = dict(self.bag)
        for k in kinds:
            b2[k] -= 1
        return b2 if len(kinds) == want and min(b2.values()) >= 0 else None

    # -- moves
    def place(self, seat, a, b, c, d):
        r = self.ed.rules
        o = (c[0] + d[0], c[1] + d[1])
        if self.phase == "end":
            return "refill_due", None
        k = self.ed.canon(a + b)
        if k not in self.racks[seat]:
            return "not_in_rack", None
        if c not in self.cells or o not in self.cells:
            return "off_board", None
        if self.cells[c] is not None or self.cells[o] is not None:
            return "occupied", None
        if not self.first_ok(c, o, seat):
            return "first_round", None
        if self.phase == "place" and seat not in self.once:
            self.used |= self.touched(c, o)
            self.once.add(seat)
        self.racks[seat].remove(k)
        pts = [self.ray(c, a, d), self.ray(o, b, (-d[0], -d[1]))]
        self.cells[c], self.cells[o] = a, b
        tr, got = self.tracks[self.team(seat)], 0
        if a == b:
            # One track takes both halves: the order that leaves it higher, the written
            # order on a tie.
            i = self.ed.sym.index(a)
            t1, g1 = self.advance(tr[i], pts[0])
            t1, h1 = self.advance(t1, pts[1])
            t2, g2 = self.advance(tr[i], pts[1])
            t2, h2 = self.advance(t2, pts[0])
            tr[i], got = (t2, g2 + h2) if t2 > t1 else (t1, g1 + h1)
        else:
            for s, p in ((a, pts[0]), (b, pts[1])):
                i = self.ed.sym.index(s)
                tr[i], g = self.advance(tr[i], p)
                got += g
        if r["bonus"]:
            self.bonus = (self.bonus - 1 if self.phase == "bonus" else 0) + got
        else:
            self.bonus = 0
        if r["sudden_death"] and all(x == self.top for x in tr):
            self.over, self.reason, self.bonus = True, "sudden_death", 0
        elif not any(True for _ in self.pairs()):
            self.over, self.reason, self.bonus = True, "board_full", 0
        elif self.bonus > 0 and self.racks[seat]:
            self.phase = "bonus"
        else:
            self.bonus, self.phase = 0, "end"
        return None, pts

    def draw(self, seat, op, kinds):
        r, nbag = self.ed.rules, self.bag_n()
        if self.phase != "end":
            return "placement_due"
        if op == "x":
            if r["swap"] != "lowest_absent" or nbag < r["rack_size"] or \
                    set("".join(self.racks[seat])) & self.lowest(self.tracks[self.team(seat)]):
                return "no_swap"
            b2 = self.take(kinds, r["rack_size"])
            if b2 is None:
                return "bad_draw"
            for k in self.racks[seat]:   # the old rack goes back after the draw
                b2[k] += 1
            self.bag, self.racks[seat] = b2, list(kinds)
        else:
            b2 = self.take(kinds, min(r["rack_size"] - len(self.racks[seat]), nbag))
            if b2 is None:
                return "bad_draw"
            self.bag = b2
            self.racks[seat] += kinds
        self.to, self.phase, self.bonus = (seat + 1) % self.n, "place", 0
        if not self.racks[self.to] and not self.bag_n():
            self.over, self.reason = True, "no_tiles"
        return None

    def move(self, text):
        """(error or None, points) of one move word, applied when legal."""
        sym = re.escape(self.ed.sym)
        mp = re.fullmatch(r"([%s])([%s])@%s,%s(e|w|ne|nw|se|sw)" % (sym, sym, NUM, NUM), text)
        mr = re.fullmatch(r"([+x])((?:[%s]{2})(?:,[%s]{2})*)?" % (sym, sym), text)
        if mp:
            q, s = mp.group(3), mp.group(4)
            if "-0" in (q, s) or not all(INT32[0] <= int(v) <= INT32[1] for v in (q, s)):
                mp = None
        if not mp and not mr:
            return "syntax", [0, 0]
        if self.over:
            return "game_over", [0, 0]
        if mp:
            err, pts = self.place(self.to, mp.group(1), mp.group(2),
                                  (int(mp.group(3)), int(mp.group(4))), DIRS[mp.group(5)])
            return err, pts or [0, 0]
        kinds = [self.ed.canon(k) for k in mr.group(2).split(",")] if mr.group(2) else []
        return self.draw(self.to, mr.group(1), kinds), [0, 0]

    def final(self):
        allt = [list(self.tracks[self.team(s)]) for s in range(self.n)]
        best = max(sorted(t) for t in allt)
        return {"over": self.over, "reason": self.reason, "tracks": allt,
                "scores": [min(t) for t in allt],
                "winners": [] if self.n == 1 else
                [s + 1 for s in range(self.n) if sorted(allt[s]) == best]}


def run(text, legal, path):
    """The referee's lines and exit code for a record (Unreadable when it cannot be read)."""
    tags, moves = read_record(text)
    ed = find_edition(tags["Variant"], path)
    if not re.fullmatch(r"[1-9][0-9]*", tags["Players"]):
        raise Unreadable("pmn-tag: Players %r" % tags["Players"])
    n = int(tags["Players"])
    if not ed.rules["min_players"] <= n <= ed.rules["max_players"]:
        raise Unreadable("pmn-tag: Players: %d players" % n)
    g = Game(ed, n, tags["Deal"])
    out = []
    for i, mv in enumerate(moves):
        seat = g.to
        pl = g.count(seat)
        err, pts = g.move(mv)
        line = {"n": i + 1, "player": seat + 1, "move": mv, "ok": err is None, "points": pts,
                "tracks": list(g.tracks[g.team(seat)]), "bonus": g.bonus, "bag": g.bag_n()}
        if legal:
            line["placements"] = pl
        out.append(line)
        if err:
            line["error"] = err
            return out, 1
    out.append(g.final())
    return out, 0


def main(argv):
    legal = "--legal" in argv
    args = [a for a in argv if a != "--legal"]
    path = os.environ.get("PUL_PATH")
    if "--path" in args:
        k = args.index("--path")
        path = args[k + 1]
        del args[k:k + 2]
    if path is None:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        path = os.path.join(root, "variants") + os.pathsep + os.path.join(root, "tests",
                                                                           "variants")
    dirs = [d for d in path.split(os.pathsep) if d]
    where = args[0] + ": " if args and args[0] != "-" else ""
    try:
        if where:
            with open(args[0], encoding="utf-8") as f:
                text = f.read()
        else:
            text = sys.stdin.read()
        lines, rc = run(text, legal, dirs)
    except (Unreadable, OSError, UnicodeDecodeError) as e:
        sys.stderr.write("genial_ref: %s%s\n" % (where, e))
        return 2
    sys.stdout.write("".join(json.dumps(line) + "\n" for line in lines))
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
