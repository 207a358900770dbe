#!/usr/bin/env python3
"""The engine's layers, checked from the sources (issue 12).

engine/src/<layer>/ folders may include only their own headers, those of the
layers below them (what engine/src/<layer>/CMakeLists.txt USES, written by the
build to pul-layers.txt) and pul.h. Besides that:
  - quoted includes carry no path, and header basenames are unique, so a header
    resolves in exactly one folder;
  - Lua's headers only in script/, libyaml's only in base/;
  - the C library's allocator only in base/mem.c (one choke point);
  - every folder's CMakeLists.txt and every .c/.h file opens with a comment of at
    least two lines saying its role;
  - the tools include no engine header but pul.h.
Known violations still being removed are listed in tests/layers_allow.txt
("path: what"); a listed line that no longer occurs is an error too, so the list
only shrinks.

Usage: layers_test.py --layers BUILD/pul-layers.txt [--root DIR]
"""
import argparse
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
ALLOC = re.compile(r'(?<![\w.>])(malloc|calloc|realloc|free|strdup)\s*\(')
LUA_HEADERS = {"lua.h", "lauxlib.h", "lualib.h", "luaconf.h"}
YAML_HEADERS = {"yaml.h"}


def strip_comments(text):
    """The C text without comments and string literals (allocator calls in words)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text[i] in "\"'":
            q, j = text[i], i + 1
            while j < n and text[j] != q:
                j += 2 if text[j] == "\\" else 1
            out.append(q + q)
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def opening_comment_lines(text):
    """Lines of the comment a file opens with (0 when it opens with code)."""
    t = text.lstrip()
    if t.startswith("/*"):
        end = t.find("*/")
        body = t[2:end if end >= 0 else len(t)]
        return len([l for l in body.splitlines() if l.strip(" *\t")])
    if t.startswith("#"):  # CMake and Python comments
        n = 0
        for line in t.splitlines():
            if not line.startswith("#"):
                break
            n += 1
        return n
    return 0


def read_layers(path):
    uses = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if ":" not in line:
                continue
            name, rest = line.split(":", 1)
            uses[name.strip()] = rest.split()
    return uses


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", required=True, help="pul-layers.txt from the build")
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    src = os.path.join(root, "engine", "src")
    uses = read_layers(args.layers)
    found = []  # (path, what) violations

    headers = {}  # basename -> layer
    files = []
    for layer in sorted(os.listdir(src)):
        folder = os.path.join(src, layer)
        if not os.path.isdir(folder):
            found.append(("engine/src/" + layer, "a file outside the layer folders"))
            continue
        if layer not in uses:
            found.append(("engine/src/" + layer, "a folder that is not a layer of engine/CMakeLists.txt"))
            continue
        cm = os.path.join(folder, "CMakeLists.txt")
        if not os.path.exists(cm) or opening_comment_lines(open(cm, encoding="utf-8").read()) < 2:
            found.append(("engine/src/%s/CMakeLists.txt" % layer, "no two-line opening comment"))
        for name in sorted(os.listdir(folder)):
            if name.endswith((".c", ".h")):
                files.append((layer, name))
                if name.endswith(".h"):
                    if name in headers:
                        found.append(("engine/src/%s/%s" % (layer, name),
                                      "header name also in %s/" % headers[name]))
                    headers[name] = layer

    for layer, name in files:
        rel = "engine/src/%s/%s" % (layer, name)
        text = open(os.path.join(src, layer, name), encoding="utf-8").read()
        if opening_comment_lines(text) < 2:
            found.append((rel, "no two-line opening comment"))
        visible = {layer, *uses.get(layer, [])}
        for kind, inc in INCLUDE.findall(text):
            if kind == "<":
                base = os.path.basename(inc)
                if base in LUA_HEADERS and layer != "script":
                    found.append((rel, inc))
                if base in YAML_HEADERS and layer != "base":
                    found.append((rel, inc))
                continue
            if "/" in inc:
                found.append((rel, inc))
            elif inc == "pul.h":
                continue
            elif inc not in headers:
                found.append((rel, inc + " (no such engine header)"))
            elif headers[inc] not in visible:
                found.append((rel, inc))
        if rel != "engine/src/base/mem.c":
            for call in sorted(set(ALLOC.findall(strip_comments(text)))):
                found.append((rel, call + "()"))

    tools = os.path.join(root, "tools")
    for name in sorted(os.listdir(tools)):
        if not name.endswith((".c", ".h")):
            continue
        text = open(os.path.join(tools, name), encoding="utf-8").read()
        for kind, inc in INCLUDE.findall(text):
            if kind == '"' and inc in headers:
                found.append(("tools/" + name, inc))

    allow_path = os.path.join(root, "tests", "layers_allow.txt")
    allowed = set()
    if os.path.exists(allow_path):
        with open(allow_path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    path, _, what = line.partition(": ")
                    allowed.add((path, what))
    bad = 0
    for path, what in sorted(set(found)):
        if (path, what) not in allowed:
            print("%s: %s: not allowed by the layers" % (path, what))
            bad += 1
    for path, what in sorted(allowed - set(found)):
        print("tests/layers_allow.txt: '%s: %s' no longer occurs: remove the line" % (path, what))
        bad += 1
    checked = len(files)
    print("layers: %d engine files in %d layers checked, %d known violations listed, %d problems"
          % (checked, len(uses), len(allowed), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
