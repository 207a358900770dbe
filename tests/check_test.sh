#!/usr/bin/env bash
# check_test.sh: `pul check` and `pul variants` seen from outside: exit codes
# 0/1/2, the one-line error format, the summary figures against counts made
# here from the YAML files themselves, --json, --quiet, --lang, the edition
# list with broken and shadowed editions, and --help.
# usage: check_test.sh PUL REPO   (run by ctest with PUL_PATH set to REPO/variants)
set -uo pipefail

pul=$1
repo=$(cd "$2" && pwd)
. "$(dirname "$0")/script_lib.sh"

# has FILE TEXT MESSAGE: FILE (out or err of the last command) holds the fixed TEXT, or fail.
has() {
    grep -qF -- "$2" "$tmp/$1" || fail "$3: $(head -c 600 "$tmp/$1")"
}

# lines FILE N MESSAGE: FILE has exactly N lines.
lines() {
    local n
    n=$(wc -l <"$tmp/$1")
    [ "$n" -eq "$2" ] || fail "$3: $n lines, expected $2: $(head -c 600 "$tmp/$1")"
}

# one_error PATTERN MESSAGE: stderr is exactly one line "file:line:col: code: message"
# whose start matches the extended regex PATTERN.
one_error() {
    lines err 1 "$2 (stderr)"
    grep -qE '^[^:]+:[0-9]+:[0-9]+: [a-z]+(-[a-z]+)*: .' "$tmp/err" ||
        fail "$2: stderr is not file:line:col: code: message: $(cat "$tmp/err")"
    grep -qE -- "$1" "$tmp/err" || fail "$2: stderr does not match $1: $(cat "$tmp/err")"
}

json_lines() { # every line of out is one JSON object
    python3 -c '
import json, sys
for n, line in enumerate(open(sys.argv[1]), 1):
    assert isinstance(json.loads(line), dict), "line %d is not an object" % n
' "$tmp/out" || fail "$1: output is not JSON lines: $(head -c 400 "$tmp/out")"
}

# --- the figures of a tile set, counted here from its YAML text (not from pul):
# the summary lines pul check prints, one per line, in order.
expected_summary() {
    python3 - "$1" <<'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()

def fields(flow):  # {a: b, c: "d"} -> {"a": "b", "c": "d"}
    return {k: v.strip().strip('"') for k, v in re.findall(r'(\w+):\s*("[^"]*"|[^,}]+)', flow)}

features = []  # (symbol, name, class, draw, extra turn)
for m in re.finditer(r'^\s*-\s*\{(.*symbol.*)\}\s*(#.*)?$', text, re.M):
    f = fields(m.group(1))
    features.append((f["symbol"], f["name"], f["class"], int(f.get("draw", 0)),
                     f.get("extra_turn") == "true"))
index = {f[0]: i for i, f in enumerate(features)}
index.update({f[1]: i for i, f in enumerate(features)})
tiles = []  # (big, quadrants nw ne sw se, centre)
for m in re.finditer(r'^\s*-\s*(\{big:[^}]*\}|["\']?\S+/[^\s"\']+)', text[text.index("\ntiles:"):],
                     re.M):
    t = m.group(1).strip('"\'')
    if t.startswith("{"):
        f = fields(t[1:-1])
        tiles.append((True, (index[f["big"]],) * 4, index[f["catalyst"]]))
    else:
        tiles.append((False, tuple(index[c] for c in t.replace("/", "")), None))
start = int(re.search(r'^start:\s*(\d+)', text, re.M).group(1))

def turned(t, r):  # r quarter turns clockwise: nw <- sw, ne <- nw, sw <- se, se <- ne
    q = t[1]
    for _ in range(r if not t[0] else 0):
        q = (q[2], q[0], q[3], q[1])
    return (t[0], q, t[2])

def plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")

def kind(cls):
    return [i for i, f in enumerate(features) if f[2] == cls]

nf = range(len(features))
quads = [sum(t[1].count(i) for t in tiles if not t[0]) for i in nf]
bigs = [sum(1 for t in tiles if t[0] and t[1][0] == i) for i in nf]
centres = [sum(1 for t in tiles if t[0] and t[2] == i) for i in nf]
nbig = sum(bigs)

def effect(f):
    e = (["draw %d" % f[3]] if f[3] else []) + (["extra turn"] if f[4] else [])
    return ", ".join(e) or "no effect"

print("  tiles     %d tiles: %d ordinary, %d big; start tile %d"
      % (len(tiles), len(tiles) - nbig, nbig, start))
print("  micropul  " + ", ".join("%s %d" % (features[i][1], quads[i] + bigs[i])
                                 for i in kind("micropul"))
      + (" (a big micropul counts 1)" if nbig else ""))
print("  catalysts " + ("; ".join("%s (%s): %s, %s" % (features[i][1], effect(features[i]),
                                                       plural(quads[i], "quadrant"),
                                                       plural(centres[i], "big centre"))
                                  for i in kind("catalyst")) or "none"))
if kind("blank"):
    print("  blanks    " + "; ".join("%s: %s" % (features[i][1], plural(quads[i], "quadrant"))
                                     for i in kind("blank")))
quarter = [i for i, t in enumerate(tiles) if turned(t, 1) == t]
half = [i for i, t in enumerate(tiles) if turned(t, 2) == t and i not in quarter]
def group(ids, turn, first):
    n = len(ids)
    head = ("%d tile%s the same" % (n, " looks" if n == 1 else "s look")) if first else "%d" % n
    return "%s after a %s turn (%s)" % (head, turn, ", ".join(map(str, ids)))
looks = ([group(half, "half", True)] if half else []) + \
        ([group(quarter, "quarter", not half)] if quarter else [])
print("  symmetry  " + (", ".join(looks) or "every tile changes with each quarter turn"))
twins = []
for i, t in enumerate(tiles):
    for j in range(i):
        if any(turned(tiles[j], r) == t for r in range(4)):
            twins.append("tile %d = tile %d%s" % (i, j, "" if t == tiles[j] else " turned"))
            break
print("  twins     " + (", ".join(twins) or "none"))
EOF
}


# The summary lines of out (from "tiles" on, without the tiles file's path) against the expected.
same_summary() {
    local yaml=$1 what=$2
    expected_summary "$yaml" >"$tmp/want" || { fail "$what: could not count $yaml"; return; }
    sed -n '/^  tiles /,/^  twins /p' "$tmp/out" |
        sed 's/^  tiles     [^ ]*: /  tiles     /' >"$tmp/got"
    diff -u "$tmp/want" "$tmp/got" >"$tmp/diff" ||
        fail "$what: summary differs from the YAML's counts:
$(cat "$tmp/diff")"
}

# The Japanese title a variant.yaml gives.
ja_title() { sed -n '/^title:/,/^[a-z]/s/^  ja: *//p' "$1"; }

tiles=$repo/variants/micropul/tiles.yaml

# --- help
expect 0 "$pul" check --help && has out "usage: pul check" "pul check --help"
expect 0 "$pul" help check && has out "Exit codes" "pul help check"
expect 0 "$pul" variants --help && has out "PUL_PATH" "pul variants --help: no search order"
has out "./variants" "pul variants --help does not name ./variants"
expect 0 "$pul" help variants
expect 0 "$pul" help && has out "check" "pul help does not list check" &&
    has out "variants" "pul help does not list variants"

# --- bad usage
expect 2 "$pul" check
expect 2 "$pul" check --lang xx micropul
expect 2 "$pul" check --jsn micropul && has err "did you mean --json" "no did-you-mean for --jsn"
expect 2 "$pul" variants extra-argument
expect 2 "$pul" variants --lang de

# --- a tile set: the figures match counts made from the YAML here
expect 0 "$pul" check "$tiles" && has out "$tiles: ok (tile set micropul)" "tile set header"
same_summary "$tiles" "micropul tiles.yaml"
[ -s "$tmp/err" ] && fail "a valid tile set printed on stderr: $(cat "$tmp/err")"
tricolour=$repo/tests/variants/tricolour/tiles.yaml
if [ -f "$tricolour" ]; then
    expect 0 "$pul" check "$tricolour" && same_summary "$tricolour" "tricolour tiles.yaml"
fi

# Micropul's known facts, as the rule book's tile sheet shows them.
expect 0 "$pul" check "$tiles"
has out "tile 35 = tile 34 turned, tile 41 = tile 40 turned, tile 45 = tile 44 turned" \
    "micropul twins"
has out "48 tiles: 44 ordinary, 4 big; start tile 40" "micropul tile counts"

# JSON of a tile set: the same figures.
expect 0 "$pul" check --json "$tiles" && json_lines "tile set --json" &&
    lines out 1 "tile set --json"
cp "$tmp/out" "$tmp/tileset.json"
python3 - "$tmp/out" <<'EOF' || fail "tile set --json figures: $(head -c 600 "$tmp/out")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] is True and d["kind"] == "tileset", d
t = d["tiles"]
assert (t["count"], t["ordinary"], t["big"], t["start"]) == (48, 44, 4, 40), t
f = {x["key"]: x for x in t["features"]}
assert f["white"]["micropul"] == f["black"]["micropul"], f
assert sum(x["quadrants"] for x in t["features"]) == 44 * 4
assert sum(x.get("big_tiles", 0) for x in t["features"]) == 4
assert sum(x.get("big_centres", 0) for x in t["features"]) == 4
assert [(w["tile"], w["twin"]) for w in t["twins"]] == [(35, 34), (41, 40), (45, 44)], t["twins"]
assert t["half_turn_same"] == [26, 27, 34, 35], t["half_turn_same"]
assert t["quarter_turn_same"] == [36, 37, 42, 43, 46, 47], t["quarter_turn_same"]
EOF

# --- the shipped editions, by name (found through PUL_PATH) and by folder
editions=$(cd "$repo/variants" && for d in */variant.yaml; do
    [ -f "$d" ] && dirname "$d"
done | sort)
[ -n "$editions" ] || fail "no edition with a variant.yaml in $repo/variants"
for e in $editions; do
    expect 0 "$pul" check "$e" || continue
    has out "$e: ok (" "check $e header"
    has out "  theme     " "check $e theme line"
    has out "  scripts   " "check $e scripts line"
    # Every rule the edition's own variant.yaml sets is listed with its value
    # (the shipped editions set only rules that differ from the base).
    python3 - "$repo/variants/$e/variant.yaml" >"$tmp/rules" <<'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'^rules:\s*\n((?:[ \t]+\S.*\n?)+)', text, re.M)
for k, v in re.findall(r'^\s+(\w+):\s*(\S+)', m.group(1) if m else "", re.M):
    print("%s %s (base " % (k, v))
# the flow form: rules: {teams: alternate, segments: 2}
f = re.search(r'^rules:\s*\{(.*)\}\s*$', text, re.M)
for k, v in re.findall(r'(\w+):\s*([^,\s}]+)', f.group(1) if f else ""):
    print("%s %s (base " % (k, v))
EOF
    while read -r rule; do
        has out "$rule" "check $e: rule change '$rule' not listed"
    done <"$tmp/rules"
    if [ ! -s "$tmp/rules" ] && grep -q "extends nothing" "$tmp/out"; then
        # Micropul's editions name RULES.md; another family's, its defaults
        if grep -q "^  family    " "$tmp/out"; then
            has out "rules     as the family's defaults" "check $e: rules"
        else
            has out "rules     as the base" "check $e: rules"
        fi
    fi
    expect 0 "$pul" check "$repo/variants/$e" && has out "$e: ok (" "check folder $e"
    expect 0 "$pul" check "$repo/variants/$e/variant.yaml"
    expect 0 "$pul" check --quiet "$e" && lines out 0 "check --quiet $e"
done
if [ -f "$repo/variants/micropul/variant.yaml" ]; then
    expect 0 "$pul" check micropul
    has out "Micropul" "micropul title"
    has out "1-2 players; extends nothing" "micropul players"
    has out "rules     as the base" "micropul rules"
    ja=$(ja_title "$repo/variants/micropul/variant.yaml")
    expect 0 "$pul" check --lang ja micropul && has out "$ja" "check --lang ja title"
fi
if [ -f "$repo/variants/micropul-solo/variant.yaml" ]; then
    expect 0 "$pul" check micropul-solo &&
        has out "1 player; extends micropul" "micropul-solo players"
fi
if [ -f "$repo/variants/farmopul/variant.yaml" ]; then
    expect 0 "$pul" check farmopul
    has out "extra_turn_chains false (base true)" "farmopul rules"
    has out "merged_scoring one_owner (base none)" "farmopul enum rule by its word"
fi

# JSON of every edition at once: one object per argument, in order. Every
# shipped Micropul-family edition plays on Micropul's tiles: the same figures
# as the tile set (the names may be the theme's); every Genial edition has the
# 120 tiles of 21 kinds of six symbols and a board.
# shellcheck disable=SC2086
expect 0 "$pul" check --json $editions && json_lines "check --json editions" &&
    lines out "$(echo "$editions" | wc -w)" "check --json: one line per argument"
# shellcheck disable=SC2086
python3 - "$tmp/out" "$tmp/tileset.json" $editions <<'EOF' ||
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
base = json.load(open(sys.argv[2]))["tiles"]
def figures(t):
    t = dict(t, features=[{k: v for k, v in f.items() if k != "name"} for f in t["features"]])
    t.pop("file", None)
    return t
assert [r["name"] for r in rows] == sys.argv[3:], [r["name"] for r in rows]
for r in rows:
    assert r["ok"] is True and r["kind"] == "variant", r
    if r.get("family", "micropul") == "genial":
        s = r["symbols"]
        assert len(s["symbols"]) == 6 and len(s["kinds"]) == 21, (r["name"], s)
        assert sum(k["count"] for k in s["kinds"]) == 120, (r["name"], s["kinds"])
        assert "tiles" not in r and isinstance(r["board"], dict), r["name"]
        continue
    assert "family" not in r, r["name"]
    assert figures(r["tiles"]) == figures(base), (r["name"], r["tiles"])
    assert isinstance(r["rules_changed"], list) and r["min_players"] <= r["max_players"], r
EOF
    fail "check --json editions: $(head -c 600 "$tmp/out")"

# --- a theme alone
theme=$repo/variants/micropul/theme.yaml
if [ -f "$theme" ]; then
    expect 0 "$pul" check "$theme" && has out "ok (theme" "theme header" &&
        has out "  languages en complete" "theme languages line"
    expect 0 "$pul" check --json "$theme" && json_lines "theme --json"
fi

# --- invalid inputs: exit 1, one line "file:line:col: code: message", nothing on stdout
cat >bad-tiles.yaml <<'EOF'
name: bad
features:
  - {symbol: W, name: white, class: micropul}
  - {symbol: ".", name: blank, class: blank}
tiles:
  - W./..
  - W./.X
start: 0
EOF
expect 1 "$pul" check bad-tiles.yaml && one_error '^bad-tiles\.yaml:7:' "bad tile symbol"
lines out 0 "invalid tile set printed on stdout"
expect 1 "$pul" check --json bad-tiles.yaml && json_lines "invalid --json"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["ok"] is False and d["exit"] == 1 and d["error"]["line"] == 7, d
' "$tmp/out" || fail "invalid --json object: $(cat "$tmp/out")"
printf 'name: x\n  bad: [\n' >syntax.yaml
expect 1 "$pul" check syntax.yaml &&
    one_error '^syntax\.yaml:[0-9]+:[0-9]+: yaml-syntax: ' "YAML syntax error"

# A variant whose files are missing is readable, hence invalid (1), not unreadable.
mkdir -p nofiles notheme noscript
cat >nofiles/variant.yaml <<'EOF'
name: nofiles
title: No files
players: {min: 1, max: 2}
tiles: none.yaml
theme: none.yaml
EOF
expect 1 "$pul" check nofiles &&
    one_error '^(\./)?nofiles/variant\.yaml:4:[0-9]+: missing-file: ' "missing tiles file"
expect 1 "$pul" check nofiles/variant.yaml &&
    one_error 'nofiles/variant\.yaml:4:[0-9]+: missing-file: ' "missing tiles (manifest path)"
cp "$tiles" notheme/tiles.yaml
sed 's/nofiles/notheme/; s/none.yaml/tiles.yaml/; s/^theme: .*/theme: theme.yaml/' \
    nofiles/variant.yaml >notheme/variant.yaml
expect 1 "$pul" check ./notheme &&
    one_error 'notheme/variant\.yaml:5:[0-9]+: missing-file: ' "missing theme"
if [ -f "$repo/variants/micropul/variant.yaml" ]; then
    printf 'name: noscript\nextends: micropul\nscripts: [no-such-script.lua]\n' \
        >noscript/variant.yaml
    expect 1 "$pul" check ./noscript &&
        one_error 'noscript/variant\.yaml:3:[0-9]+: missing-file: ' "missing script"
fi

# --- unreadable arguments: exit 2
expect 2 "$pul" check no-such-variant && lines err 1 "unknown variant: one line" &&
    has err "no-such-variant" "unknown variant named"
expect 2 "$pul" check ./no/such/file.yaml && lines err 1 "missing path: one line"
expect 2 "$pul" check "$tmp" && lines err 1 "folder without variant.yaml: one line"
[ -c /dev/null ] && expect 2 "$pul" check /dev/null
# Every argument is checked; 2 wins over 1, 1 over 0.
expect 1 "$pul" check "$tiles" bad-tiles.yaml && lines err 1 "one error line" &&
    has out "ok (tile set" "the valid argument before an invalid one"
expect 2 "$pul" check bad-tiles.yaml no-such-variant "$tiles" && lines err 2 "two error lines" &&
    has out "ok (tile set" "arguments after a failure are still checked"
expect 2 "$pul" check --quiet no-such-variant "$tiles" && lines out 0 "--quiet with a failure"

# --- pul variants: every shipped edition, once
expect 0 "$pul" variants && for e in $editions; do
    grep -qE "^$e +" "$tmp/out" || fail "pul variants does not list $e: $(cat "$tmp/out")"
done
for e in micropul micropul-solo farmopul simpler-placement; do
    [ -f "$repo/variants/$e/variant.yaml" ] || echo "note: edition $e is not in variants/ yet" >&2
done
expect 0 "$pul" variants --json && json_lines "variants --json"
# shellcheck disable=SC2086
python3 - "$tmp/out" $editions <<'EOF' || fail "variants --json: $(head -c 600 "$tmp/out")"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
names = [r["name"] for r in rows]
assert len(names) == len(set(names)), names
for e in sys.argv[2:]:
    assert e in names, (e, names)
for r in rows:
    assert r["ok"] is True and r["min_players"] >= 1 and r["title"], r
EOF
if [ -f "$repo/variants/micropul/variant.yaml" ]; then
    ja=$(ja_title "$repo/variants/micropul/variant.yaml")
    expect 0 "$pul" variants --lang ja && has out "$ja" "variants --lang ja"
fi

# A broken edition in ./variants is listed with its error and makes the status 1;
# a copy of micropul in ./variants hides the one on PUL_PATH, which is named as shadowed.
mkdir -p variants/broken
printf 'name: broken\ntitle: Broken\nbogus: 1\n' >variants/broken/variant.yaml
cp -r "$repo/variants/micropul" variants/micropul
expect 1 "$pul" variants
grep -qE '^broken +' "$tmp/out" || fail "variants does not list a broken edition: $(cat "$tmp/out")"
has out "variant.yaml:3:1: unknown-key" "variants does not give the broken edition's error"
has out "shadows " "variants does not name the shadowed copy"
expect 1 "$pul" variants --json && json_lines "variants --json with a broken edition"
python3 - "$tmp/out" "$repo/variants/micropul" <<'EOF' ||
import json, os, sys
rows = {r["name"]: r for r in map(json.loads, open(sys.argv[1]))}
broken = rows["broken"]
assert broken["ok"] is False and broken["error"]["code"] == "unknown-key", broken
m = rows["micropul"]
assert m["dir"] == "./variants/micropul", m
assert [os.path.realpath(d) for d in m["shadowed"]] == [os.path.realpath(sys.argv[2])], m
EOF
    fail "variants --json broken: $(head -c 600 "$tmp/out")"
# --path folders come after ./variants: a copy there is shadowed too.
mkdir -p extra && cp -r "$repo/variants/micropul" extra/micropul
expect 1 "$pul" variants --path extra &&
    has out "shadows extra/micropul" "variants --path: shadowed copy"

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all check/variants checks passed"
