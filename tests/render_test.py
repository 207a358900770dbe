#!/usr/bin/env python3
"""pul render seen from outside: its SVG parses, shows what the position holds,
matches the stored reference pictures byte for byte, its PNG decodes at the size
asked, and bad input gives a clear message and exit code 1 or 2.

usage: render_test.py --pul PATH [--root DIR] [--update]

Run from the repository root (ctest does), with PUL_PATH naming variants/.
The reference pictures are tests/render/*.svg, each named after the command
that draws it (REFERENCES below). After a deliberate change to the renderer
or a theme, look at the new pictures (convert them to PNG with pul render
--out x.png) and store them with --update.
"""
import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
HIGHLIGHT = "#e07b00"

# name of the reference -> the arguments of pul render that draw it.
REFERENCES = {
    "micropul-claim.svg": ["tests/scenarios/10-claim-closed-group.pmn"],
    "micropul-move12-es.svg": ["tests/render/micropul.pmn", "--move", "12", "--lang", "es"],
    "farmopul-3p-fr.svg": ["tests/render/farmopul-3p.pmn", "--lang", "fr"],
    "tricolour-start.svg": ["tests/render/tricolour.pmn", "--move", "0", "--no-coordinates",
                            "--variant", "tests/variants/tricolour"],
    "micropul-sheet.svg": ["--sheet", "micropul"],
    "farmopul-sheet-ja.svg": ["--sheet", "farmopul", "--lang", "ja"],
}

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)
    return cond


def run(pul, args):
    p = subprocess.run([pul, "render"] + args, capture_output=True)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def parse(svg, what):
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as e:
        check(False, f"{what}: the SVG does not parse: {e}")
        return None
    check(root.tag == SVG + "svg", f"{what}: the root is {root.tag}, not svg")
    return root


def texts(root):
    return ["".join(t.itertext()) for t in root.iter(SVG + "text")]


def tile_outlines(root):
    """The tiles drawn: each has one outline, a rect with the tile edge's stroke."""
    return [r for r in root.iter(SVG + "rect")
            if r.get("fill") == "none" and r.get("stroke") == "#4a433c"]


def highlights(root):
    return [r for r in root.iter(SVG + "rect") if r.get("stroke") == HIGHLIGHT]


def stones(root):
    """Stones drawn, on the board and beside the scores: groups with a seat's colour."""
    return [g for g in root.iter(SVG + "g") if g.get("color")]


def record_counts(record, move):
    """Tiles placed and stones claimed in the first move moves, counted from the record."""
    text = open(record, encoding="utf-8").read()
    body = "\n".join(l for l in text.splitlines() if not l.startswith(("[", ";")))
    moves = [m for m in body.split() if not re.fullmatch(r"\d+\.", m)]
    if move is not None:
        moves = moves[:move]
    placed = sum(1 for m in moves if "@" in m)
    claims = sum(1 for m in moves if re.fullmatch(r"s(nw|ne|sw|se)-?\d+,-?\d+", m))
    return placed, claims


def test_every_theme(pul):
    """Each shipped theme and the test edition, as a position and as a sheet.
    The test edition is not on the search path: its records name it, and
    --variant gives its folder."""
    cases = [("micropul", "tests/render/micropul.pmn", 2, []),
             ("farmopul", "tests/render/farmopul-3p.pmn", 3, []),
             ("tests/variants/tricolour", "tests/render/tricolour.pmn", 2,
              ["--variant", "tests/variants/tricolour"])]
    for variant, record, nseats, trusted in cases:
        for move in (None, 0, 7):
            args = [record] + trusted + ([] if move is None else ["--move", str(move)])
            code, out, err = run(pul, args)
            what = "pul render " + " ".join(args)
            if not check(code == 0, f"{what}: exit {code}: {err}"):
                continue
            root = parse(out, what)
            if root is None:
                continue
            placed, claims = record_counts(record, move)
            check(len(tile_outlines(root)) == 1 + placed,
                  f"{what}: {len(tile_outlines(root))} tiles drawn, the record places "
                  f"{placed} after the start tile")
            check(len(stones(root)) == nseats + claims,
                  f"{what}: {len(stones(root))} stones drawn, expected {nseats} beside the "
                  f"scores and {claims} on the board")
            check(len(highlights(root)) == (1 if placed else 0),
                  f"{what}: the last placed tile is marked {len(highlights(root))} times")
            line = f"move {move} of " if move is not None else "move "
            check(any(t.startswith(line) for t in texts(root)),
                  f"{what}: no '{line}...' line in {texts(root)[:3]}")
        code, out, err = run(pul, ["--sheet", variant])
        what = f"pul render --sheet {variant}"
        if check(code == 0, f"{what}: exit {code}: {err}"):
            root = parse(out, what)
            if root is None:
                continue
            ntiles = int(re.search(r"(\d+) tiles", " ".join(texts(root))).group(1))
            check(len(tile_outlines(root)) == ntiles,
                  f"{what}: {len(tile_outlines(root))} tiles drawn, the title says {ntiles}")
            labels = [t for t in texts(root) if re.fullmatch(r"\d+( · start)?", t)]
            check([int(t.split()[0]) for t in labels] == list(range(ntiles)),
                  f"{what}: the tile ids under the tiles are not 0..{ntiles - 1}")
            check(sum(1 for t in labels if t.endswith("start")) == 1 and len(highlights(root)) == 1,
                  f"{what}: the start tile is not marked exactly once")


def test_options(pul):
    code, full, _ = run(pul, ["tests/render/micropul.pmn"])
    code2, bare, _ = run(pul, ["tests/render/micropul.pmn", "--no-coordinates"])
    if check(code == 0 and code2 == 0, "the micropul record renders"):
        with_coords, without = texts(parse(full, "full")), texts(parse(bare, "bare"))
        check("-1" in with_coords and "-1" not in without,
              "--no-coordinates leaves the coordinates (-1 among them) off")
        check(re.search(rb'viewBox="0 0 \d+ \d+"', full) is not None, "the SVG has a viewBox")
    code, out, _ = run(pul, ["tests/render/micropul.pmn", "--size", "400"])
    if check(code == 0, "--size 400 renders"):
        root = parse(out, "--size 400")
        check(root.get("width") == "400", f"--size 400 gives width {root.get('width')}")
    code, out, _ = run(pul, ["tests/render/micropul.pmn", "--lang", "ja"])
    if check(code == 0, "--lang ja renders"):
        check(any("手目" in t for t in texts(parse(out, "--lang ja"))),
              "--lang ja writes the move line in Japanese")


def test_escaping(pul, tmp):
    """A title with markup characters is written as text, and the SVG still parses."""
    folder = os.path.join(tmp, "amp")
    os.makedirs(folder)
    with open(os.path.join(folder, "variant.yaml"), "w", encoding="utf-8") as f:
        f.write("name: amp\n"
                "extends: micropul\n"
                "title: \"Fish & <Chips> \\\"quoted\\\" 'x'\"\n"
                "description: A title that needs escaping.\n")
    code, out, err = run(pul, ["--sheet", folder])
    if check(code == 0, f"a variant with markup in its title renders: exit {code}: {err}"):
        root = parse(out, "escaped title")
        if root is not None:
            check("Fish & <Chips> \"quoted\" 'x'" in texts(root),
                  "the title with & < > \" ' comes back as written")


def check_png(pul, args, width, tmp):
    """pul render ARGS --out out.png writes a PNG of the SVG's size (and width wide)."""
    png = os.path.join(tmp, "out.png")
    if os.path.exists(png):
        os.remove(png)
    code, _, err = run(pul, args + ["--out", png])
    what = "pul render " + " ".join(args) + " --out out.png"
    if not check(code == 0 and os.path.exists(png), f"{what}: exit {code}: {err}"):
        return err
    _, svg, _ = run(pul, args)
    m = re.search(rb'<svg [^>]*width="(\d+)" height="(\d+)"', svg)
    want = (int(m.group(1)), int(m.group(2)))
    if width is not None:
        check(want[0] == width, f"{what}: the SVG is {want[0]} wide, not {width}")
    data = open(png, "rb").read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", f"{what}: no PNG signature")
    check(data[12:16] == b"IHDR", f"{what}: the first chunk is not IHDR")
    got = struct.unpack(">II", data[16:24])
    check(got == want, f"{what}: the PNG is {got[0]}x{got[1]}, the SVG {want[0]}x{want[1]}")
    check(b"IEND" in data[-12:], f"{what}: the PNG does not end with IEND")
    return err


def test_png(pul, tmp):
    for args, width in ((["tests/render/micropul.pmn", "--size", "480"], 480),
                        (["--sheet", "farmopul", "--size", "300"], 300),
                        (["--sheet", "tests/variants/tricolour"], None)):
        check_png(pul, args, width, tmp)


def test_references(pul, update, references=REFERENCES):
    for name, args in references.items():
        path = os.path.join("tests/render", name)
        code, out, err = run(pul, args)
        what = "pul render " + " ".join(args)
        if not check(code == 0, f"{what}: exit {code}: {err}"):
            continue
        if update:
            with open(path, "wb") as f:
                f.write(out)
            print("wrote", path)
            continue
        try:
            want = open(path, "rb").read()
        except OSError as e:
            check(False, f"{path}: {e} (make it with --update, after looking at it)")
            continue
        if not check(out == want, f"{what}: differs from {path}"):
            a, b = out.decode("utf-8", "replace").splitlines(), want.decode().splitlines()
            for i, (x, y) in enumerate(zip(a, b)):
                if x != y:
                    print(f"  first difference at line {i + 1}:\n  got:  {x}\n  want: {y}")
                    break
            else:
                print(f"  lengths differ: {len(a)} lines, reference {len(b)}")


def test_errors(pul, tmp):
    bad_move = os.path.join(tmp, "bad-move.pmn")
    with open(bad_move, "w") as f:
        f.write('[Variant "micropul"]\n[Players "2"]\n[Seed "1"]\n\n1. 0@5,5\n')
    no_variant = os.path.join(tmp, "no-variant.pmn")
    with open(no_variant, "w") as f:
        f.write('[Players "2"]\n\n1. pass\n')
    unknown = os.path.join(tmp, "unknown.pmn")
    with open(unknown, "w") as f:
        f.write('[Variant "micropull"]\n[Players "2"]\n')
    cases = [
        # (arguments, exit code, words the message must hold)
        (["tests/scenarios/error-occupied.pmn"], 1, ["move 1", "occupied", "--move 0"]),
        (["tests/scenarios/error-syntax.pmn"], 1, ["move 1", "not a PMN move"]),
        ([bad_move], 1, ["move 1", "illegal"]),
        (["tests/scenarios/error-occupied.pmn", "--move", "0"], 0, []),
        ([os.path.join(tmp, "missing.pmn")], 2, ["missing.pmn", "cannot open"]),
        ([no_variant], 2, ["no Variant tag"]),
        ([unknown], 2, ["micropull"]),
        (["tests/render/micropul.pmn", "--move", "999"], 2, ["--move 999", "give 0 to"]),
        (["tests/render/micropul.pmn", "--move", "-1"], 2, ["--move"]),
        (["tests/render/micropul.pmn", "--size", "5"], 2, ["--size"]),
        (["tests/render/micropul.pmn", "--lang", "de"], 2, ["en, ja, fr or es"]),
        (["tests/render/micropul.pmn", "--out", "x.jpg"], 2, [".svg or .png"]),
        (["tests/render/micropul.pmn", "--out", os.path.join(tmp, "no/such/dir.svg")], 2,
         ["cannot write"]),
        (["tests/render/micropul.pmn", "--out", os.path.join(tmp, "no/such/dir.png")], 2,
         ["cannot write"]),
        (["tests/render/micropul.pmn", "tests/render/tricolour.pmn"], 2, ["one record"]),
        # The record names its edition; without --variant it is looked up by name.
        (["tests/render/tricolour.pmn"], 2, ["not-found", "tricolour", "--variant"]),
        (["tests/render/micropul.pmn", "--variant", "tests/variants/tricolour"], 2,
         ["pmn-tag", "micropul", "tricolour"]),
        (["--sheet", "micropul", "--variant", "micropul"], 2, ["takes no record"]),
        ([], 2, ["--sheet VARIANT"]),
        (["--sheet", "micropul", "tests/render/micropul.pmn"], 2, ["takes no record"]),
        (["--sheet", "micropul", "--move", "3"], 2, ["takes no record, --move"]),
        (["--sheet", "nosuch"], 2, ["not-found", "nosuch"]),
        (["--sheet", "variants/micropul/tiles.yaml"], 2, ["has no theme"]),
        (["--bogus"], 2, ["--bogus"]),
    ]
    for args, want_code, words in cases:
        code, out, err = run(pul, args)
        what = "pul render " + " ".join(args)
        check(code == want_code, f"{what}: exit {code}, expected {want_code}: {err.strip()}")
        if want_code != 0:
            check(err.startswith("pul render: "), f"{what}: message {err!r} lacks 'pul render: '")
            check(err.count("\n") == 1, f"{what}: the message is not one line: {err!r}")
            check(out == b"", f"{what}: printed on standard output though it failed")
            for w in words:
                check(w in err, f"{what}: the message {err.strip()!r} does not say {w!r}")
    code, out, _ = run(pul, ["--help"])
    check(code == 0 and b"usage: pul render" in out, "pul render --help")


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
        test_references(pul, a.update)
        if a.update:
            return 0
        test_every_theme(pul)
        test_options(pul)
        test_escaping(pul, tmp)
        test_png(pul, tmp)
        test_errors(pul, tmp)
    if failures:
        print(f"{len(failures)} failure(s)")
        return 1
    print("render: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
