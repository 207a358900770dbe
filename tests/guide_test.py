#!/usr/bin/env python3
"""The modder's guide (variants/README.md) must stay true: its worked example is
run as a reader would run it, and its tables are compared with the engine's sources.

usage: guide_test.py --pul PATH [--guide variants/README.md] [--root .] [--keep]

Run from the repository root (ctest does). What it checks:

1. The worked example. The guide marks what a reader does, with HTML comments
   on the line right before a fenced block:
     <!-- file: NAME/FILE -->  the block is the file ~/my-variants/NAME/FILE
     <!-- run -->              the block is shell commands; they must exit with 0
     <!-- run: exit N -->      the same, but they must exit with N (a deliberate mistake)
     <!-- output -->           the block is what the run block just before it prints
   The blocks are taken in the guide's order, as a reader meets them. A file is
   written into its folder, which must exist by then (the guide has to create
   it). A run block is run by `bash -e -o pipefail -c`, with standard output
   and standard error together.

   How the reader's machine maps onto a fresh temporary folder T:
     ~          HOME is T/home, so ~/my-variants is T/home/my-variants (and so
                is $HOME/my-variants); every run block starts in T/home.
     pul        T/bin/pul, a symbolic link to the binary given with --pul,
                first on PATH: the word pul in a block runs the binary tested.
     PUL_PATH   and BASH_ENV are unset, so nothing of the caller's leaks in;
                the blocks set PUL_PATH themselves where the guide does.
   An output block is compared with what its run printed, once every T/home
   in that output is written back as ~: split at lines that are just "...",
   each part must appear as consecutive lines (trailing spaces ignored), the
   parts in order.

2. The tile count. For every NAME/tiles.yaml of the example, the number of
   entries in its tiles: list, the "N tiles" that pul check printed for it
   and the "N tiles" that the guide's output blocks show for it must agree,
   and both must be there.
   For a hex edition's files (section 10) the same holds for every figure pul
   check prints: for a NAME/tiles.yaml of symbols, the symbols, the kinds with
   tiles, the kinds the symbols make and the tiles (the kinds' counts summed);
   for a NAME/board.yaml, the radius, cells and printed cells of the board
   and, for each seat count, the radius, cells, pairs of neighbouring
   unprinted cells and printed cells of its play area, computed here from the
   file. The tiles and the play areas must be shown and printed at least once.

3. The rule parameter table (the table after <!-- table: rule-parameters -->)
   lists exactly the parameters of engine/src/micropul/params.c, each with the
   type, the range or words there and the base value of engine/src/micropul/rules.c.
   The same for the Genial family's table (after <!-- table:
   genial-rule-parameters -->) against engine/src/genial/genial_params.c and
   its genial_rules_default; a row may name two parameters of one type
   (`min_players`, `max_players`), with their defaults in that order.

4. The error code table (after <!-- table: error-codes -->) lists exactly the
   codes of engine/src/base/err.c.

Prints every problem found, then "guide: N checks passed" (exit 0) or
"guide: N problems" (exit 1).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARKER = re.compile(r"^<!--\s*(file:\s*(?P<file>\S+)|run(?::\s*exit\s+(?P<exit>\d+))?|output)"
                    r"\s*-->\s*$")
FENCE = re.compile(r"^(```+|~~~+)")


class Guide:
    """The marked blocks and the tables of the guide."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            self.lines = f.read().split("\n")
        self.path = path

    def blocks(self):
        """(kind, argument, text, line) for every marked block, in order."""
        out = []
        i = 0
        while i < len(self.lines):
            m = MARKER.match(self.lines[i].strip())
            if not m:
                i += 1
                continue
            marker_line = i + 1
            j = i + 1
            fence = FENCE.match(self.lines[j]) if j < len(self.lines) else None
            if not fence:
                raise ValueError("%s:%d: the marker %s is not right before a fenced block"
                                 % (self.path, marker_line, self.lines[i].strip()))
            body = []
            j += 1
            while j < len(self.lines) and not self.lines[j].startswith(fence.group(1)):
                body.append(self.lines[j])
                j += 1
            if j == len(self.lines):
                raise ValueError("%s:%d: the block is never closed" % (self.path, marker_line))
            text = "\n".join(body) + "\n"
            if m.group("file"):
                out.append(("file", m.group("file"), text, marker_line))
            elif m.group(1) == "output":
                out.append(("output", None, text, marker_line))
            else:
                out.append(("run", int(m.group("exit") or 0), text, marker_line))
            i = j + 1
        return out

    def table(self, name):
        """The rows (lists of cells) of the table after <!-- table: name -->, header excluded."""
        for i, line in enumerate(self.lines):
            if line.strip() == "<!-- table: %s -->" % name:
                rows = []
                j = i + 1
                while j < len(self.lines) and not self.lines[j].strip():
                    j += 1
                while j < len(self.lines) and self.lines[j].lstrip().startswith("|"):
                    cells = [c.strip() for c in self.lines[j].strip().strip("|").split("|")]
                    rows.append(cells)
                    j += 1
                return [r for r in rows[1:] if not all(re.fullmatch(r":?-+:?", c) for c in r)]
        return None


def ticked(cell):
    """The `code` spans of a table cell."""
    return re.findall(r"`([^`]*)`", cell)


# ------------------------------------------------------------------ example

def tiles_in_yaml(text):
    """Entries of the top-level tiles: list of a tiles.yaml (block style), or None."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if re.match(r"^tiles:\s*(#.*)?$", line):
            n = 0
            for item in lines[i + 1:]:
                if re.match(r"^\s+-\s", item):
                    n += 1
                elif item.strip() and not item.lstrip().startswith("#") and not item[0].isspace():
                    break
            return n
    return None


def tile_counts(output):
    """(tiles file as printed, N) for each 'N tiles' line of pul check output."""
    found = []
    current = None
    for line in output.split("\n"):
        head = re.match(r"^(\S+): ok \((tile set [^)]*|[^)]*)\)$", line)
        if head:
            current = head.group(1) if head.group(2).startswith("tile set") else None
            continue
        m = re.match(r"^  tiles +(?:(\S+): )?(\d+) tiles:", line)
        if m:
            found.append((m.group(1) or current, int(m.group(2))))
    return found


def tileset_of(printed, names):
    """Which example tile set a printed path is (NAME for .../NAME/tiles.yaml)."""
    if not printed:
        return None
    for name in names:
        if printed == name + "/tiles.yaml" or printed.endswith("/" + name + "/tiles.yaml"):
            return name
    return None


# ------------------------------------------------------------------ hex editions

def top_section(text, key):
    """The text of a top-level key of a YAML file, from the key to the next one."""
    m = re.search(r"^%s:(.*?)(?=^\S|\Z)" % re.escape(key), text, re.M | re.S)
    return m.group(1) if m else None


def symbol_facts(text):
    """{fact: value} of a tile file of symbols (flow-style entries), or None."""
    symbols = top_section(text, "symbols")
    kinds = top_section(text, "kinds")
    if symbols is None or kinds is None:
        return None
    letters = re.findall(r"^\s+-\s*\{\s*letter:\s*([a-z])\b", symbols, re.M)
    counts = {}
    for pair, n in re.findall(r"\b([a-z]{2})\s*:\s*(\d+)", kinds):
        counts[frozenset(pair)] = counts.get(frozenset(pair), 0) + int(n)
    if not letters or not counts:
        return None
    n = len(letters)
    return {"symbols": n, "kinds": sum(1 for c in counts.values() if c > 0),
            "kinds possible": n * (n + 1) // 2, "tiles": sum(counts.values())}


def hex_distance(q, r):
    return max(abs(q), abs(r), abs(q + r))


def board_facts(text):
    """{fact: value} of a board.yaml ({hexagon: R} shapes, flow-style entries), or None."""
    shape = re.search(r"^shape:\s*\{\s*hexagon:\s*(\d+)\s*\}", text, re.M)
    areas = top_section(text, "play_area")
    if not shape or areas is None:
        return None
    printed = [(int(q), int(r)) for q, r in re.findall(
        r"at:\s*\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]", top_section(text, "printed") or "")]
    radius = int(shape.group(1))
    facts = {"radius": radius, "cells": 3 * radius * (radius + 1) + 1, "printed": len(printed)}
    for seats, area in re.findall(r"\b(\d+)\s*:\s*\{\s*hexagon:\s*(\d+)\s*\}", areas):
        area = int(area)
        free = {(q, r) for q in range(-area, area + 1) for r in range(-area, area + 1)
                if hex_distance(q, r) <= area and (q, r) not in printed}
        pairs = sum(1 for q, r in free for dq, dr in ((1, 0), (0, 1), (-1, 1))
                    if (q + dq, r + dr) in free)
        inside = sum(1 for q, r in printed if hex_distance(q, r) <= area)
        facts["area %s" % seats] = (area, 3 * area * (area + 1) + 1, pairs, inside)
    return facts if len(facts) > 3 else None


def hex_facts(output):
    """(file as printed, fact, value) for each figure of pul check's hex summaries."""
    found = []
    current = symbols_file = board_file = None
    for line in output.split("\n"):
        head = re.match(r"^(\S+): ok \((tile file|board|theme|tile set)? ?[^)]*\)$", line)
        if head:
            current = head.group(1) if head.group(2) else None
            symbols_file = board_file = current
            continue
        m = re.match(r"^  symbols +(\d+)(?: in (\S+))?: ", line)
        if m:
            symbols_file = m.group(2) or current
            found.append((symbols_file, "symbols", int(m.group(1))))
        m = re.match(r"^  kinds +(\d+) with tiles of (\d+), (\d+) tiles:", line)
        if m:
            found += [(symbols_file, "kinds", int(m.group(1))),
                      (symbols_file, "kinds possible", int(m.group(2))),
                      (symbols_file, "tiles", int(m.group(3)))]
        m = re.match(r"^  board +(?:(\S+): )?\S+, hex, radius (\d+) \((\d+) cells\), (\d+) printed",
                     line)
        if m:
            board_file = m.group(1) or current
            found += [(board_file, "radius", int(m.group(2))),
                      (board_file, "cells", int(m.group(3))),
                      (board_file, "printed", int(m.group(4)))]
        if re.match(r"^  areas ", line):
            for seats, radius, cells, pairs, inside in re.findall(
                    r"(\d+) seats? radius (\d+): (\d+) cells, (\d+) pairs, (\d+) printed", line):
                found.append((board_file, "area %s" % seats,
                              (int(radius), int(cells), int(pairs), int(inside))))
    return found


def example_of(printed, names, leaf):
    """Which example NAME a printed path is (NAME for .../NAME/leaf)."""
    if not printed:
        return None
    for name in names:
        if printed == name + "/" + leaf or printed.endswith("/" + name + "/" + leaf):
            return name
    return None


def fact_label(fact):
    """A figure's name in messages."""
    if fact.startswith("area "):
        return "play area for %s seats (radius, cells, pairs, printed)" % fact[5:]
    return fact


def check_hex_facts(files, printed, said, problems):
    """Compare the figures computed from the example's hex files with pul check's and the guide's.
    files: {(NAME, leaf): facts}. Returns the checks done."""
    checks = 0
    for (name, leaf), facts in sorted(files.items()):
        checks += 1
        where = "%s/%s" % (name, leaf)
        if facts is None:
            problems.append("%s: cannot read its figures (write its entries in flow style, as "
                            "the guide does)" % where)
            continue
        names = {n for n, l in files if l == leaf}
        mine_said = [(f, v) for p, f, v in said if example_of(p, names, leaf) == name]
        mine_seen = [(f, v) for p, f, v in printed if example_of(p, names, leaf) == name]
        required = ["tiles"] if leaf == "tiles.yaml" else [f for f in facts if f.startswith("area")]
        for fact in required:
            if not any(f == fact for f, _ in mine_said):
                problems.append("the guide shows no pul check summary with the %s of %s"
                                % (fact_label(fact), where))
            if not any(f == fact for f, _ in mine_seen):
                problems.append("no run of the example printed the %s of %s"
                                % (fact_label(fact), where))
        for who, pairs in (("the guide says", mine_said), ("pul check says", mine_seen)):
            for fact, value in pairs:
                if fact not in facts:
                    problems.append("%s %s has a %s, which the file has not"
                                    % (who, where, fact_label(fact)))
                elif value != facts[fact]:
                    problems.append("%s the %s of %s is %s; the file makes it %s"
                                    % (who, fact_label(fact), where, value, facts[fact]))
    return checks


def output_matches(expected, actual):
    """None when the expected block's parts appear in order in actual; else why not."""
    have = [line.rstrip() for line in actual.split("\n")]
    parts, part = [], []
    for line in expected.rstrip("\n").split("\n"):
        if line.strip() == "...":
            if part:
                parts.append(part)
            part = []
        else:
            part.append(line.rstrip())
    if part:
        parts.append(part)
    at = 0
    for part in parts:
        hit = None
        for k in range(at, len(have) - len(part) + 1):
            if have[k:k + len(part)] == part:
                hit = k
                break
        if hit is None:
            return "these lines are not in the output (in this order):\n    " + "\n    ".join(part)
        at = hit + len(part)
    return None


def run_example(guide, pul, keep, problems):
    """The example run in a fresh temporary folder (see the top of this file)."""
    root = os.path.realpath(tempfile.mkdtemp(prefix="pul-guide-"))
    home = os.path.join(root, "home")
    bindir = os.path.join(root, "bin")
    os.mkdir(home)
    os.mkdir(bindir)
    os.symlink(os.path.abspath(pul), os.path.join(bindir, "pul"))
    env = dict(os.environ)
    for var in ("PUL_PATH", "BASH_ENV", "ENV", "CDPATH"):
        env.pop(var, None)
    env["HOME"] = home
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "/usr/bin:/bin")
    try:
        return walk_example(guide, home, env, problems)
    finally:
        if keep:
            print("guide: the example's folder is kept in %s" % root)
        else:
            shutil.rmtree(root, ignore_errors=True)


def walk_example(guide, home, env, problems):
    """Write the files and run the commands of the example in order; the checks done."""
    checks = 0
    mine = os.path.join(home, "my-variants")
    try:
        blocks = guide.blocks()
    except ValueError as e:
        problems.append(str(e))
        return checks

    kinds = [b[0] for b in blocks]
    files = [b for b in blocks if b[0] == "file"]
    for leaf in ("tiles.yaml", "theme.yaml", "variant.yaml"):
        if not any(b[1].endswith("/" + leaf) for b in files):
            problems.append("the example writes no %s (no <!-- file: NAME/%s --> block)"
                            % (leaf, leaf))
    if not any(b[0] == "run" and b[1] != 0 for b in blocks):
        problems.append("the example has no deliberate mistake (no <!-- run: exit N --> block)")
    if not any(b[1].endswith("/variant.yaml") and re.search(r"^extends:", b[2], re.M)
               for b in files):
        problems.append("the example has no edition that extends another")
    if "run" not in kinds:
        problems.append("the example runs nothing (no <!-- run --> block)")

    tile_sets = {}          # NAME -> entries in its tiles: list
    printed_counts = []     # (NAME, N) pul check printed
    guide_counts = []       # (NAME, N) the guide's output blocks show
    hex_files = {}          # (NAME, tiles.yaml or board.yaml) -> figures of a hex edition
    printed_hex, guide_hex = [], []  # (file, fact, value) printed, shown
    last_run = None         # (line, output) of the run block an output block may follow
    for kind, arg, text, line in blocks:
        where = "%s:%d" % (guide.path, line)
        if kind == "file":
            last_run = None
            if arg.startswith("/") or ".." in arg.split("/"):
                problems.append("%s: file %s must be a path inside ~/my-variants" % (where, arg))
                continue
            path = os.path.join(mine, arg)
            if not os.path.isdir(os.path.dirname(path)):
                problems.append("%s: the guide writes ~/my-variants/%s, but no step before it "
                                "creates its folder" % (where, arg))
                continue
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            name = arg.split("/")[-2] if "/" in arg else None
            if arg.endswith("/tiles.yaml") and top_section(text, "symbols") is not None:
                hex_files[(name, "tiles.yaml")] = symbol_facts(text)
            elif arg.endswith("/tiles.yaml"):
                tile_sets[name] = tiles_in_yaml(text)
            elif arg.endswith("/board.yaml"):
                hex_files[(name, "board.yaml")] = board_facts(text)
        elif kind == "run":
            try:
                proc = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", text], cwd=home,
                                      env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      timeout=300)
                output = proc.stdout.decode("utf-8", errors="replace").replace(home, "~")
                code = proc.returncode
            except subprocess.TimeoutExpired:
                output, code = "(timed out after 300 s)", None
            checks += 1
            if code != arg:
                problems.append("%s: the commands exited with %s, the guide expects %d:\n%s\n"
                                "  output:\n    %s" % (where, code, arg, indent(text),
                                                       output.rstrip().replace("\n", "\n    ")))
            last_run = (line, output)
            printed_counts += tile_counts(output)
            printed_hex += hex_facts(output)
        else:
            if last_run is None:
                problems.append("%s: an output block must follow a run block" % where)
                continue
            checks += 1
            why = output_matches(text, last_run[1])
            if why:
                printed = last_run[1].rstrip().replace("\n", "\n    ")
                problems.append("%s: the output shown differs from what the commands of line %d "
                                "print: %s\n  they printed:\n    %s"
                                % (where, last_run[0], why, printed))
            guide_counts += tile_counts(text)
            guide_hex += hex_facts(text)
            last_run = None

    for name, n in sorted(tile_sets.items()):
        checks += 1
        if n is None:
            problems.append("%s/tiles.yaml: cannot count its tiles (write tiles: as a block list, "
                            "one '- ' entry a line)" % name)
            continue
        said = [c for p, c in guide_counts if tileset_of(p, tile_sets) == name]
        seen = [c for p, c in printed_counts if tileset_of(p, tile_sets) == name]
        if not said:
            problems.append("the guide shows no pul check summary with the tile count of %s" % name)
        if not seen:
            problems.append("no run of the example printed a pul check summary of %s" % name)
        for c in said:
            if c != n:
                problems.append("the guide says %s has %d tiles; its tiles.yaml lists %d"
                                % (name, c, n))
        for c in seen:
            if c != n:
                problems.append("pul check says %s has %d tiles; its tiles.yaml lists %d"
                                % (name, c, n))
    checks += check_hex_facts(hex_files, printed_hex, guide_hex, problems)
    return checks


def indent(text):
    return "  commands:\n    " + text.rstrip().replace("\n", "\n    ")


# ------------------------------------------------------------------ tables

def c_defines(text):
    found = re.finditer(r"^#define\s+(\w+)\s+(-?\d+)\b", text, re.M)
    return {m.group(1): int(m.group(2)) for m in found}


def c_enums(text):
    """Every enumerator of the header with its value: a number, or the name of another
    constant (NAME = OTHER) to look up."""
    values = {}
    for body in re.findall(r"enum\s*\w*\s*\{([^}]*)\}", re.sub(r"/\*.*?\*/", "", text, flags=re.S)):
        nxt = 0
        for item in body.split(","):
            item = item.strip()
            if not item:
                continue
            m = re.match(r"(\w+)\s*(?:=\s*(-?\d+|[A-Za-z_]\w*))?$", item)
            if not m:
                break
            if m.group(2) is not None and not re.fullmatch(r"-?\d+", m.group(2)):
                values[m.group(1)] = m.group(2)
                nxt = None
                continue
            if m.group(2) is not None:
                nxt = int(m.group(2))
            if nxt is None:
                break
            values[m.group(1)] = nxt
            nxt += 1
    return values


# The two families' rule parameters: where their table, defaults and constants are.
FAMILIES = {
    "micropul": {"table": "rule-parameters", "params": "engine/src/micropul/params.c",
                 "defaults": "engine/src/micropul/rules.c", "function": "pul_rules_default",
                 "headers": ["engine/include/pul.h"]},
    "genial": {"table": "genial-rule-parameters", "params": "engine/src/genial/genial_params.c",
               "defaults": "engine/src/genial/genial_params.c",
               "function": "genial_rules_default",
               "headers": ["engine/include/pul.h", "engine/src/genial/genial.h",
                           "engine/src/genial/genial_state.h"]},
}


def engine_params(root, family):
    """name -> (type, lo, hi, words, base text) from a family's parameter table, its
    defaults function and the headers that give its constants."""
    where = FAMILIES[family]

    def read(rel):
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            return f.read()
    params_c = read(where["params"])
    defaults_c = read(where["defaults"])
    consts = {}
    for header in where["headers"]:
        text = read(header)
        consts.update(c_defines(text))
        consts.update(c_enums(text))
    arrays = re.finditer(r"static const char \*const (\w+)\[\]\s*=\s*\{([^}]*)\}", params_c)
    word_lists = {m.group(1): re.findall(r'"([^"]*)"', m.group(2)) for m in arrays}

    def number(s, depth=0):
        s = s.strip()
        if re.fullmatch(r"-?\d+", s):
            return int(s)
        value = consts[s]
        return value if isinstance(value, int) or depth > 8 else number(value, depth + 1)

    body = re.search(r"void %s\(\w+ \*r\)\s*\{(.*?)\n\}" % where["function"], defaults_c, re.S)
    if not body:
        raise ValueError("no %s in %s" % (where["function"], where["defaults"]))
    defaults = dict(re.findall(r"r->(\w+)\s*=\s*([^;]+);", body.group(1)))
    params = {}
    for m in re.finditer(r"^\s*(INT_P|BOOL_P|ENUM_P)\((\w+)((?:\s*,\s*[^,\"]+)*)", params_c, re.M):
        kind, name = m.group(1), m.group(2)
        args = [a.strip() for a in m.group(3).split(",") if a.strip()]
        base = defaults.get(name)
        if base is None:
            raise ValueError("%s gives no default for %s" % (where["function"], name))
        base = base.strip()
        if kind == "INT_P":
            params[name] = ("int", number(args[0]), number(args[1]), None, str(number(base)))
        elif kind == "BOOL_P":
            params[name] = ("bool", 0, 1, ["true", "false"], base)
        else:
            words = word_lists[args[0]]
            params[name] = ("enum", 0, len(words) - 1, words, words[number(base)])
    if not params:
        raise ValueError("no INT_P, BOOL_P or ENUM_P rows found in %s" % where["params"])
    return params


TYPE_WORDS = {"int": "whole number", "bool": "true or false", "enum": "word"}


def check_param_table(guide, root, problems, family="micropul"):
    """The table of a family's rule parameters against its sources; the checks done."""
    where = FAMILIES[family]
    src = where["params"]
    try:
        params = engine_params(root, family)
    except (OSError, ValueError, KeyError, AttributeError, IndexError) as e:
        problems.append("cannot read the %s rule parameters from the engine's sources: %s"
                        % (family, e))
        return 0
    label = where["table"].replace("-", " ")
    rows = guide.table(where["table"])
    if rows is None:
        problems.append("the guide has no <!-- table: %s --> table" % where["table"])
        return 0
    listed = {}  # name -> (cells, its place among the row's names)
    for cells in rows:
        names = ticked(cells[0])
        if len(cells) < 5 or not names:
            problems.append("%s table row %r: expected | `name` | type | `base` | range | "
                            "meaning |" % (label, " | ".join(cells)))
            continue
        for k, name in enumerate(names):
            if name in listed:
                problems.append("%s table: %s is listed twice" % (label, name))
            listed[name] = (cells, k)
    for name in params:
        if name not in listed:
            problems.append("%s table: the parameter %s (%s) is not documented"
                            % (label, name, src))
    for name in listed:
        if name not in params:
            problems.append("%s table: %s is not a rule parameter of %s" % (label, name, src))
    for name, (kind, lo, hi, words, base) in params.items():
        if name not in listed:
            continue
        cells, k = listed[name]
        if cells[1] != TYPE_WORDS[kind]:
            problems.append("%s table: %s is a %s, the table says %r"
                            % (label, name, TYPE_WORDS[kind], cells[1]))
        shown = ticked(cells[2])
        if shown[k:k + 1] != [base]:
            problems.append("%s table: the default of %s is %s (%s), the table says %r"
                            % (label, name, base, where["defaults"], cells[2]))
        if kind == "int":
            want = "%d to %d" % (lo, hi)
            if not cells[3].replace("`", "").startswith(want):
                problems.append("%s table: %s ranges from %s, the table says %r"
                                % (label, name, want, cells[3]))
        elif ticked(cells[3]) != words:
            problems.append("%s table: %s takes %s, the table says %r"
                            % (label, name, ", ".join(words), cells[3]))
    return len(params)


def check_error_table(guide, root, problems):
    with open(os.path.join(root, "engine/src/base/err.c"), encoding="utf-8") as f:
        codes = re.findall(r'\{"([a-z-]+)",\s*PUL_ERR_\w+\}', f.read())
    if not codes:
        problems.append("no error codes found in engine/src/base/err.c")
        return 0
    rows = guide.table("error-codes")
    if rows is None:
        problems.append("the guide has no <!-- table: error-codes --> table")
        return 0
    listed = [ticked(cells[0])[0] for cells in rows if ticked(cells[0])]
    for code in codes:
        if code not in listed:
            problems.append("error table: the code %s (engine/src/base/err.c) is not documented"
                            % code)
    for code in listed:
        if code not in codes:
            problems.append("error table: %s is not an error code of engine/src/base/err.c" % code)
    if len(set(listed)) != len(listed):
        problems.append("error table: a code is listed twice")
    return len(codes)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pul", required=True, help="the pul binary to test")
    ap.add_argument("--guide", default="variants/README.md")
    ap.add_argument("--root", default=".", help="the repository root (engine sources)")
    ap.add_argument("--keep", action="store_true", help="keep the example's temporary folder")
    opts = ap.parse_args()
    if not os.access(opts.pul, os.X_OK):
        print("guide: %s is not an executable" % opts.pul)
        return 2
    guide = Guide(os.path.join(opts.root, opts.guide))
    problems = []
    checks = run_example(guide, opts.pul, opts.keep, problems)
    checks += check_param_table(guide, opts.root, problems)
    checks += check_param_table(guide, opts.root, problems, "genial")
    checks += check_error_table(guide, opts.root, problems)
    for p in problems:
        print("FAIL " + p)
    if problems:
        print("guide: %d problem%s" % (len(problems), "" if len(problems) == 1 else "s"))
        return 1
    print("guide: %d checks passed" % checks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
