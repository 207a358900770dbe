#!/usr/bin/env python3
"""pul render of the Einfach Genial family seen from outside: each picture's SVG is
parsed and held against the position the rules oracle (tests/genial_ref.py) reaches
from the same record: the board's cells (the play area for the seat count, the unused
rings, the printed symbols), every tile and the last one marked, each seat's or team's
six tracks with the lowest marked, the racks, the bag and the coordinates; the tile
sheet against the tile file; the reference pictures byte for byte; PNG at the SVG's
size, Japanese with its glyphs; bad records refused.

usage: render_genial_test.py --pul PATH [--root DIR] [--update]

Run from the repository root (ctest does), with PUL_PATH naming variants/. The shared
checks are tests/render_test.py's. The reference pictures are tests/render/genial*.svg
(REFERENCES below); after a deliberate change, look at the new pictures (pul render
--out x.png) and store them with --update.
"""
import argparse
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import genial_ref  # noqa: E402
import render_test  # noqa: E402
from render_test import SVG, check, check_png, parse, run, texts  # noqa: E402

TINY = "tests/scenarios-genial/06-tiny-no-tiles.pmn"
TINY_VARIANT = ["--variant", "tests/variants/genial-tiny"]
DIRS = ["variants", "tests/variants"]  # where the oracle finds the editions

# name of the reference -> the arguments of pul render that draw it.
REFERENCES = {
    "genial-move20.svg": ["tests/render/genial.pmn", "--move", "20"],
    "genial-teams-ja.svg": ["tests/render/genial-teams.pmn", "--move", "24", "--lang", "ja",
                            "--no-coordinates"],
    "genial-solo-es.svg": ["tests/render/genial-solo.pmn", "--move", "20", "--lang", "es",
                           "--no-coordinates"],
    "genial-tiny-fr.svg": [TINY] + TINY_VARIANT + ["--lang", "fr"],
    "genial-sheet.svg": ["--sheet", "genial"],
}

# (record, extra arguments, positions drawn: None for after every move). Tiny's move 14 is
# a bonus placement, its move 13 the placement that earned it.
CASES = [
    ("tests/render/genial.pmn", [], (None, 0, 21, 22)),
    ("tests/render/genial-3p.pmn", [], (None, 30)),
    ("tests/render/genial-teams.pmn", [], (None, 41)),
    ("tests/render/genial-solo.pmn", [], (None, 7)),
    (TINY, TINY_VARIANT, (None, 13, 14)),
]

PLACE = re.compile(r"([a-z])([a-z])@(-?\d+),(-?\d+)(e|w|ne|nw|se|sw)")


def dist(c):
    return max(abs(c[0]), abs(c[1]), abs(c[0] + c[1]))


def hexagon(radius):
    return {(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if dist((q, r)) <= radius}


def cell(text):
    q, r = text.split(",")
    return int(q), int(r)


def placement(word):
    """A placement word's two cells with their symbols: {(q, r): letter}."""
    m = PLACE.fullmatch(word)
    q, r = int(m.group(3)), int(m.group(4))
    dq, dr = genial_ref.DIRS[m.group(5)]
    return {(q, r): m.group(1), (q + dq, r + dr): m.group(2)}


def board_radius(name):
    """The radius of the board of edition name, from its board.yaml (extends followed)."""
    import yaml
    for d in DIRS:
        folder = os.path.join(d, name)
        if os.path.isfile(os.path.join(folder, "variant.yaml")):
            board = genial_ref.load_manifest(folder, yaml)["board"]
            with open(board, encoding="utf-8") as f:
                return yaml.safe_load(f)["shape"]["hexagon"]
    raise LookupError(name)


def oracle(record, move):
    """The oracle's game after the first move moves (all when None), the edition, the
    moves played and how many the record has."""
    with open(record, encoding="utf-8") as f:
        tags, moves = genial_ref.read_record(f.read())
    ed = genial_ref.find_edition(tags["Variant"], DIRS)
    game = genial_ref.Game(ed, int(tags["Players"]), tags["Deal"])
    played = moves if move is None else moves[:move]
    for mv in played:
        err, _ = game.move(mv)
        if err:
            raise ValueError(f"{record}: the oracle refuses {mv}: {err}")
    return game, ed, tags["Variant"], played, len(moves)


def groups(root, cls):
    """The <g> elements whose class list holds cls, in document order."""
    return [g for g in root.iter(SVG + "g") if cls in (g.get("class") or "").split()]


def check_position(pul, record, extra, move, coordinates=True):
    args = [record] + extra + ([] if move is None else ["--move", str(move)])
    args += [] if coordinates else ["--no-coordinates"]
    what = "pul render " + " ".join(args)
    code, out, err = run(pul, args)
    if not check(code == 0, f"{what}: exit {code}: {err}"):
        return
    root = parse(out, what)
    if root is None:
        return
    game, ed, name, played, nmoves = oracle(record, move)
    area = ed.area[game.n]

    # The cells: the whole board once each, split by the play area of this seat count.
    play = [cell(p.get("data-cell")) for g in groups(root, "play-area")
            for p in g.iter(SVG + "polygon")]
    unused = [cell(p.get("data-cell")) for g in groups(root, "unused")
              for p in g.iter(SVG + "polygon")]
    printed = {cell(g.get("data-cell")): g.get("data-symbol") for g in groups(root, "printed")}
    drawn = play + unused + list(printed)
    check(len(drawn) == len(set(drawn)) and set(drawn) == hexagon(board_radius(name)),
          f"{what}: {len(drawn)} cells drawn ({len(set(drawn))} distinct), the board has "
          f"{len(hexagon(board_radius(name)))}")
    check(all(dist(c) <= area for c in play + list(printed)) and
          all(dist(c) > area for c in unused),
          f"{what}: the play area drawn is not the radius-{area} hexagon of {game.n} seats")
    check(len(unused) == len(hexagon(board_radius(name)) - hexagon(area)),
          f"{what}: {len(unused)} cells drawn as unused")
    check(printed == game.printed, f"{what}: printed symbols {printed}, the rules {game.printed}")

    # The tiles: each placement's two cells, as the rules left the board.
    tiles, on_board = {}, [g for g in groups(root, "tile") if g.get("data-move")]
    for g in on_board:
        for c, s in placement(g.get("data-move")).items():
            check(c not in tiles and c not in printed, f"{what}: two things drawn on {c}")
            tiles[c] = s
    board = {c: s for c, s in game.cells.items() if s is not None and c not in game.printed}
    check(tiles == board, f"{what}: the tiles drawn differ from the board the rules give")
    placements = [w for w in played if PLACE.fullmatch(w)]
    check(len(on_board) == len(placements),
          f"{what}: {len(on_board)} tiles drawn, {len(placements)} placed")
    last = [p for p in root.iter(SVG + "polygon") if p.get("class") == "last"]
    if placements and check(len(last) == 1, f"{what}: the last tile marked {len(last)} times"):
        q, r = cell(last[0].get("data-cell"))
        dq, dr = genial_ref.DIRS[last[0].get("data-dir")]
        check({(q, r), (q + dq, r + dr)} == set(placement(placements[-1])),
              f"{what}: the tile marked last is not {placements[-1]}")
    elif not placements:
        check(not last, f"{what}: a last tile is marked before any placement")

    # The tracks, one panel per seat or team, and each seat's rack.
    panels = groups(root, "panel")
    teams = sorted({game.team(s) for s in range(game.n)})
    check(len(panels) == len(teams), f"{what}: {len(panels)} panels for {len(teams)} teams")
    final = game.final()
    for panel, team in zip(panels, teams):
        tracks = game.tracks[team]
        rows = groups(panel, "track")
        got = [int(t.get("data-value")) for t in rows]
        check([t.get("data-symbol") for t in rows] == list(ed.sym) and got == tracks,
              f"{what}: team {team + 1}'s tracks drawn {got}, the rules {tracks}")
        lowest = [int(t.get("data-value")) for t in rows if "lowest" in t.get("class").split()]
        check(lowest == [v for v in tracks if v == min(tracks)],
              f"{what}: team {team + 1}'s lowest tracks marked {lowest}, tracks {tracks}")
        check(int(panel.get("data-score")) == min(tracks),
              f"{what}: team {team + 1}'s score {panel.get('data-score')}, lowest {min(tracks)}")
        words = texts(panel)
        if game.over:
            won = game.n > 1 and any(game.team(s - 1) == team for s in final["winners"])
            check(("winner" in words) == won, f"{what}: team {team + 1} winner: {won}, {words}")
            check("to play" not in words, f"{what}: a seat to play after the end")
        else:
            check(("to play" in words) == (game.team(game.to) == team),
                  f"{what}: team {team + 1} to play is {game.team(game.to) == team}: {words}")
    racks = {int(g.get("data-seat")) - 1: int(g.get("data-tiles")) for g in groups(root, "rack")}
    check(racks == {s: len(game.racks[s]) for s in range(game.n)},
          f"{what}: racks drawn {racks}, the rules {[len(r) for r in game.racks]}")

    # The title block, and the coordinates of the empty cells of the play area.
    words = texts(root)
    line = f"move {len(played)} of {nmoves} · bag: {game.bag_n()}"
    check(line in words, f"{what}: no '{line}' in {words[:3]}")
    coords = [t for g in groups(root, "coordinates") for t in texts(g)]
    empty = {f"{q},{r}" for (q, r), s in game.cells.items() if s is None}
    if coordinates:
        check(sorted(coords) == sorted(empty),
              f"{what}: {len(coords)} cells labelled, {len(empty)} empty")
    else:
        check(not coords, f"{what}: coordinates drawn with --no-coordinates")


def test_positions(pul):
    for record, extra, moves in CASES:
        for move in moves:
            check_position(pul, record, extra, move)
    check_position(pul, "tests/render/genial.pmn", [], 30, coordinates=False)


def test_sheets(pul):
    for variant in ("genial", "genial-teams", "tests/variants/genial-tiny"):
        what = f"pul render --sheet {variant}"
        code, out, err = run(pul, ["--sheet", variant])
        if not check(code == 0, f"{what}: exit {code}: {err}"):
            continue
        root = parse(out, what)
        if root is None:
            continue
        ed = genial_ref.find_edition(os.path.basename(variant), DIRS)
        legend = [g.get("data-symbol") for g in groups(root, "symbol")]
        check(legend == list(ed.sym), f"{what}: the symbols shown are {legend}, not {ed.sym}")
        # Each tile is followed by its count, "×N".
        shown, kind = {}, None
        for el in root.iter():
            if el.tag == SVG + "g" and el.get("class") == "tile":
                kind = el.get("data-kind")
                check(kind not in shown, f"{what}: kind {kind} drawn twice")
            elif el.tag == SVG + "text" and kind is not None:
                m = re.fullmatch(r"×(\d+)", el.text or "")
                if check(m is not None, f"{what}: {kind} has no count under it: {el.text!r}"):
                    shown[kind] = int(m.group(1))
                kind = None
        check(shown == ed.counts, f"{what}: kinds and counts drawn {shown}, the tiles {ed.counts}")
        m = re.search(r"(\d+) kinds, (\d+) tiles", " ".join(texts(root)))
        check(m is not None and (int(m.group(1)), int(m.group(2))) ==
              (len(ed.counts), sum(ed.counts.values())),
              f"{what}: the subtitle does not say {len(ed.counts)} kinds and "
              f"{sum(ed.counts.values())} tiles")


def test_escaping(pul, tmp):
    """A title with markup characters is written as text, in a position and a sheet."""
    folder = os.path.join(tmp, "amp-genial")
    os.makedirs(folder)
    with open(os.path.join(folder, "variant.yaml"), "w", encoding="utf-8") as f:
        f.write("name: amp-genial\n"
                "extends: genial\n"
                "title: \"Six & <Tracks> \\\"quoted\\\" 'x'\"\n"
                "description: A title that needs escaping.\n")
    record = os.path.join(tmp, "amp.pmn")
    with open("tests/render/genial.pmn", encoding="utf-8") as f:
        text = f.read().replace('[Variant "genial"]', '[Variant "amp-genial"]')
    with open(record, "w", encoding="utf-8") as f:
        f.write(text)
    for args in (["--sheet", folder], [record, "--variant", folder, "--move", "9"]):
        code, out, err = run(pul, args)
        what = "pul render " + " ".join(args)
        if check(code == 0, f"{what}: exit {code}: {err}"):
            root = parse(out, what)
            if root is not None:
                check("Six & <Tracks> \"quoted\" 'x'" in texts(root),
                      f"{what}: the title with & < > \" ' does not come back as written")


def test_png(pul, tmp):
    check_png(pul, ["tests/render/genial.pmn", "--move", "20", "--size", "600"], 600, tmp)
    check_png(pul, ["--sheet", "genial"], None, tmp)
    # The Japanese words drawn with their glyphs: no warning of a missing one.
    for args in (["tests/render/genial-teams.pmn", "--lang", "ja"],
                 ["--sheet", "genial-solo", "--lang", "ja"]):
        err = check_png(pul, args, None, tmp)
        check("warning" not in err, f"pul render {' '.join(args)}: {err.strip()} (install "
                                    "fonts-ipafont-gothic)")


def test_errors(pul, tmp):
    with open("tests/render/genial.pmn", encoding="utf-8") as f:
        tags = "".join(l for l in f if l.startswith("["))
    records = {
        # oo is on seat 1's rack; (5,-5) holds a printed symbol.
        "printed.pmn": tags + "\n1. oo@5,-5w\n",
        "syntax.pmn": tags + "\n1. oo@-4,4se  2. +go  3. yy@1,1q\n",
        "no-deal.pmn": '[Variant "genial"]\n[Players "2"]\n\n1. oo@0,0e\n',
    }
    for name, text in records.items():
        with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
            f.write(text)
    cases = [
        ([os.path.join(tmp, "printed.pmn")], 1, ["move 1", "illegal", "occupied", "--move 0"]),
        ([os.path.join(tmp, "syntax.pmn")], 1, ["move 3", "not a PMN move", "--move 2"]),
        ([os.path.join(tmp, "syntax.pmn"), "--move", "2"], 0, []),
        ([os.path.join(tmp, "no-deal.pmn")], 2, ["Deal"]),
        (["tests/render/genial.pmn", "--move", "76"], 2, ["--move 76", "give 0 to 75"]),
        (["--sheet", "genial", "--move", "3"], 2, ["takes no record"]),
    ]
    for args, want_code, words in cases:
        code, out, err = run(pul, args)
        what = "pul render " + " ".join(args)
        check(code == want_code, f"{what}: exit {code}, expected {want_code}: {err.strip()}")
        if want_code != 0:
            check(err.startswith("pul render: ") and err.count("\n") == 1,
                  f"{what}: the message {err!r} is not one line of pul render's")
            check(out == b"", f"{what}: printed on standard output though it failed")
            for w in words:
                check(w in err, f"{what}: the message {err.strip()!r} does not say {w!r}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pul", required=True)
    ap.add_argument("--root", default=".")
    ap.add_argument("--update", action="store_true",
                    help="write the reference pictures instead of comparing with them")
    a = ap.parse_args()
    pul = os.path.abspath(a.pul)
    os.chdir(a.root)
    with tempfile.TemporaryDirectory() as tmp:
        render_test.test_references(pul, a.update, REFERENCES)
        if a.update:
            return 0
        test_positions(pul)
        test_sheets(pul)
        test_escaping(pul, tmp)
        test_png(pul, tmp)
        test_errors(pul, tmp)
    if render_test.failures:
        print(f"{len(render_test.failures)} failure(s)")
        return 1
    print("render_genial: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
