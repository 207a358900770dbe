#!/usr/bin/env bash
# sim_test.sh: `pul sim` seen from outside: the rows do not depend on the
# thread count, shards merged give the unsharded run byte for byte, an A/B
# run compares the variants over the same deals, the report is well-formed
# with every chart, and bad usage is refused with a clear message. The
# verdict: seats per variant on a mixed run, what differs between variants,
# per-bot rates with --swap, the random-bot warning, the default bots.
# usage: sim_test.sh PUL   (run by ctest with PUL_PATH set to the variants)
set -uo pipefail

pul=$1
src=$2
. "$(dirname "$0")/script_lib.sh"

has() { # has FILE PATTERN MESSAGE: grep FILE (out or err of the last command) or fail.
    grep -q -- "$2" "$tmp/$1" || fail "$3: $(head -c 400 "$tmp/$1")"
}

same_outputs() { # same_outputs DIR1 DIR2 WHAT: the four outputs byte-identical
    for f in rows.jsonl rows.csv summary.json report.html; do
        cmp -s "$1/$f" "$2/$f" || fail "$3: $f differs between $1 and $2"
    done
}

# --- help
expect 0 "$pul" sim --help && has out 'pul sim merge' "sim --help does not explain merge" &&
    has out 'sbatch --array' "sim --help has no Slurm job array" &&
    has out 'parallel pul sim' "sim --help has no GNU parallel line" &&
    has out '(default greedy)' "sim --help does not give greedy as the default bot" &&
    has out 'chi-square test' "sim --help does not say how a seat is judged" &&
    has out 'percentage points (pp)' "sim --help does not give the unit of a difference"
expect 0 "$pul" help sim
expect 0 "$pul" help && has out '^  sim ' "pul help does not list sim"

# --- bad usage: exit 2, a message naming what is wrong, no output written
expect 2 "$pul" sim --bots greddy --out bad && has err "did you mean 'greedy'" "no did-you-mean for bot greddy"
expect 2 "$pul" sim --bots random,, --out bad && has err "empty spec" "an empty bot spec is not named"
expect 2 "$pul" sim --shard 2/2 --out bad && has err '0 <= I < N' "shard 2/2 is not refused clearly"
expect 2 "$pul" sim --shard 1 --out bad
expect 2 "$pul" sim --shard 0/0 --out bad
expect 2 "$pul" sim --shard -1/2 --out bad
expect 2 "$pul" sim no-such-variant --out bad && has err 'not-found' "unknown variant gives no not-found"
expect 2 "$pul" sim micropul micropul --out bad && has err 'twice' "a variant given twice is not refused"
expect 2 "$pul" sim --seats 3 --out bad && has err '2 to 2 players\|1 to 2 players' "seats outside the variant's range"
expect 2 "$pul" sim --games x --out bad
expect 2 "$pul" sim --threads 0 --out bad
expect 2 "$pul" sim --gmaes 3 --out bad && has err 'did you mean --games' "no did-you-mean for --gmaes"
[ -e bad ] && fail "a refused run left the folder bad behind"

# --- one run: the rows as documented
expect 0 "$pul" sim micropul --games 120 --bots greedy,random --seed 5 --out one
[ -s "$tmp/err" ] && ! grep -q '^pul sim: 120 games' "$tmp/err" && fail "sim prints more than its last line when stderr is not a terminal: $(head -c 300 "$tmp/err")"
grep -q $'\r' "$tmp/err" && fail "a progress bar is drawn when stderr is not a terminal"
expect 0 "$pul" sim micropul --games 10 --out quiet --quiet && [ -s "$tmp/err" ] && fail "--quiet still prints: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "--quiet still prints a verdict: $(head -c 300 "$tmp/out")"
python3 - one/rows.jsonl one/rows.csv <<'EOF' || fail "one/rows.jsonl or rows.csv is not as documented"
import csv, json, sys
lines = open(sys.argv[1]).read().splitlines()
head = json.loads(lines[0])
assert head == {"pul_sim": 1, "variants": ["micropul"], "seats": 0, "bots": ["greedy", "random"],
                "swap": False, "games": 120, "seed": 5, "shard": 0, "nshards": 1}, head
rows = [json.loads(l) for l in lines[1:]]
assert [r["index"] for r in rows] == list(range(120))
for r in rows:
    assert r["seed"] == 5 + r["index"] and r["seats"] == 2 and r["bots"] == ["greedy", "random"]
    assert len(r["scores"]) == 2 and set(r["winners"]) <= {1, 2}
    best = max(r["scores"])
    if r["loser"] is None:
        assert r["winners"] and all(r["scores"][w - 1] == best for w in r["winners"]), r
    assert r["placements"] + r["takes"] + r["claims"] + r["passes"] == r["turns"], r
    assert sum(r["closed_sizes"]) == r["closed_groups"], r
    assert set(r["activations"]) == {"one-dot", "two-dot", "cross"}, r
assert sum(r["turns"] for r in rows) > 120 * 10
table = list(csv.DictReader(open(sys.argv[2])))
assert len(table) == 120 and table[7]["score1"] == str(rows[7]["scores"][0])
assert table[7]["activations_cross"] == str(rows[7]["activations"]["cross"])
EOF
expect 2 "$pul" sim micropul --games 5 --out one && has err 'already exists.*--force' "an existing output is overwritten without --force"
expect 0 "$pul" sim micropul --games 5 --out one --force --quiet
[ "$(wc -l <one/rows.jsonl)" -eq 6 ] || fail "--force did not overwrite one/rows.jsonl"

# --- the thread count changes nothing (also for a variant with Lua hooks)
run=(micropul micropul-solo-peek --games 150 --bots greedy,random --quiet)
expect 0 "$pul" sim "${run[@]}" --threads 1 --out t1
expect 0 "$pul" sim "${run[@]}" --threads 2 --out t2
same_outputs t1 t2 "--threads 1 and 2"
grep -q '"variant":"micropul-solo-peek","seats":1,' t1/rows.jsonl || fail "a solo edition is not played by one seat"

# --- Genial: the thread count changes nothing; the family's rows
run=(genial genial-teams --games 30 --bots greedy,mcts:iters=8 --swap --quiet)
expect 0 "$pul" sim "${run[@]}" --threads 1 --out g1
expect 0 "$pul" sim "${run[@]}" --threads 2 --out g2
same_outputs g1 g2 "Genial, --threads 1 and 2"
python3 - g1/rows.jsonl g1/summary.json g1/rows.csv <<'EOF' || fail "Genial's rows lack the family's figures"
import csv, json, sys
lines = open(sys.argv[1]).read().splitlines()
rows = [json.loads(l) for l in lines[1:]]
assert len(rows) == 60
symbols = {"red", "green", "blue", "orange", "yellow", "purple"}
for r in rows:
    assert r["seats"] == (2 if r["variant"] == "genial" else 4), r
    assert r["placements"] + r["refills"] + r["swaps"] == r["turns"], r
    assert set(r["tracks"]) == symbols, r
    # each segment end reached owes one placement: made, forfeited or cut off by the end
    assert r["bonus_placements"] + r["bonus_lost"] <= r["segment_ends"], r
    assert sum(r["tiebreak_depth"]) == 1, r
    assert r["end_reason"] in ("board_full", "sudden_death", "no_tiles"), r
assert sum(r["bonus_placements"] for r in rows) > 0 and sum(r["swaps"] for r in rows) > 0
summary = json.load(open(sys.argv[2]))
v = summary["variants"][0]
assert [t["feature"] for t in v["tracks"]] == ["red", "green", "blue", "orange", "yellow", "purple"], v["tracks"]
for key in ("swaps", "bonus_placements", "bonus_lost", "tiebreak_depth", "end_reasons"):
    assert key in v, key
table = list(csv.DictReader(open(sys.argv[3])))
assert table[0]["tracks_purple"] == str(rows[0]["tracks"]["purple"])
EOF

# --- shards merged are the unsharded run, whatever order they are given in
ab=(micropul simpler-placement --games 200 --bots greedy,random --swap --seed 11 --quiet)
expect 0 "$pul" sim "${ab[@]}" --out whole
expect 0 "$pul" sim "${ab[@]}" --shard 0/2 --threads 2 --out s0
expect 0 "$pul" sim "${ab[@]}" --shard 1/2 --threads 1 --out s1
expect 0 "$pul" sim merge s1 s0 --out merged --quiet
same_outputs whole merged "merge of shards 0/2 and 1/2"
cmp -s s0/rows.jsonl whole/rows.jsonl && fail "a shard holds every game"
expect 0 "$pul" sim merge s0/rows.jsonl s1 --out merged2 --quiet # a rows.jsonl itself will do
same_outputs whole merged2 "merge naming a rows.jsonl"

# --- merge refuses shards that do not make one run (exit 1), and writes nothing then
expect 1 "$pul" sim merge s0 --out m && has err 'shards but 1 were given' "a missing shard is not named"
expect 1 "$pul" sim merge s0 s0 --out m && has err 'given twice' "a shard given twice is not named"
expect 1 "$pul" sim merge s0 one --out m && has err 'not shards of one run' "shards of two runs are merged"
mkdir gap && cp s1/rows.jsonl gap/ && sed -i '6d' gap/rows.jsonl
expect 1 "$pul" sim merge s0 gap --out m && has err 'gap/rows.jsonl:6: expected game' "a missing game is not found"
mkdir extra && cp s1/rows.jsonl extra/ && tail -n 1 s1/rows.jsonl >>extra/rows.jsonl
expect 1 "$pul" sim merge s0 extra --out m && has err 'beyond the games' "a row too many is not found"
mkdir broken && cp s1/rows.jsonl broken/ && sed -i '3s/"turns":/"turns":x/' broken/rows.jsonl
expect 1 "$pul" sim merge s0 broken --out m && has err 'broken/rows.jsonl:3: expected a whole number' "a broken row is not found"
mkdir badfig && cp s1/rows.jsonl badfig/ && sed -i '3s/"draws":/"drawz":/' badfig/rows.jsonl
expect 1 "$pul" sim merge s0 badfig --out m &&
    has err 'badfig/rows.jsonl:3: unknown field "drawz" in a row; the row is not as pul sim writes it' "a row with a figure its table has not is not found" &&
    has err 'play its run (--shard 1/2) again' "a refused row does not say what to do"
[ -e m ] && fail "a refused merge left output behind"
expect 2 "$pul" sim merge no-such-dir --out m && has err 'cannot read' "an unreadable shard"
expect 2 "$pul" sim merge --games 3 s0 --out m
expect 2 "$pul" sim merge --out m

# --- A/B: the same deals for both variants, and differences found
python3 - whole/rows.jsonl whole/summary.json <<'EOF' || fail "the A/B run is not paired or finds no difference"
import json, sys
lines = open(sys.argv[1]).read().splitlines()
rows = [json.loads(l) for l in lines[1:]]
a = [r for r in rows if r["variant"] == "micropul"]
b = [r for r in rows if r["variant"] == "simpler-placement"]
assert len(a) == len(b) == 200
assert all(x["seed"] == y["seed"] == 11 + x["index"] for x, y in zip(a, b))
# --swap: bot b sits at seat b+i mod 2
assert a[0]["bots"] == ["greedy", "random"] and a[1]["bots"] == ["random", "greedy"]
assert any(x["scores"] != y["scores"] for x, y in zip(a, b)), "the variants play the same games"
s = json.load(open(sys.argv[2]))
assert [v["name"] for v in s["variants"]] == ["micropul", "simpler-placement"]
assert all(v["games"] == 200 for v in s["variants"])
diffs = s["ab"][0]["diffs"]
assert diffs and any(d["verdict"] != "no clear difference" for d in diffs), diffs
EOF

# --- the report: one page, no scripts, every chart, SVGs well-formed XML
python3 - whole/report.html <<'EOF' || fail "the report is not well-formed or lacks a chart"
import re, sys, xml.etree.ElementTree as ET
from html.parser import HTMLParser
text = open(sys.argv[1], encoding="utf-8").read()
class Check(HTMLParser):
    void = {"meta", "br", "hr", "img", "link", "input", "col", "wbr"}
    def __init__(self):
        super().__init__()
        self.stack, self.ids = [], set()
    def handle_starttag(self, tag, attrs):
        self.ids.update(v for k, v in attrs if k == "id")
        if tag not in self.void: self.stack.append(tag)
    def handle_startendtag(self, tag, attrs): pass
    def handle_endtag(self, tag):
        if tag in self.void: return
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-5:])
        self.stack.pop()
c = Check()
c.feed(text)
c.close()
assert not c.stack, c.stack
assert "<script" not in text.lower()
# Nothing fetched from the network: the only address is the SVG namespace.
assert set(re.findall(r"https?://[^\"' ]*", text)) <= {"http://www.w3.org/2000/svg"}
for section in ["scores", "wins", "length", "ends", "activations", "groups", "ab"]:
    assert section in c.ids, "no section " + section
svgs = re.findall(r"<svg\b.*?</svg>", text, re.S)
assert len(svgs) >= 6, len(svgs)
for svg in svgs:
    ET.fromstring(svg)
assert "micropul" in text and "simpler-placement" in text
EOF

# --- rules a script sets when a game starts are named as such: the test
# edition hooks-chain (tests/variants/) sets hand_size 5 from its setup hook.
PUL_PATH="$PUL_PATH:$src/tests/variants" expect 0 "$pul" sim micropul hooks-chain --games 10 \
    --seed 3 --out setup
python3 - setup/summary.json <<'EOF' || fail "a rule set by a setup hook is not named as such"
import json, sys
s = json.load(open(sys.argv[1]))
changes = {(c["kind"], c["name"]): (c["a"], c["b"]) for c in s["ab"][0]["changes"]}
assert changes[("rule at setup", "hand_size")] == ("6", "5"), changes
assert ("rule", "hand_size") not in changes, changes
scripts = sorted(k[1] for k in changes if k[0] == "script")
assert [p.rsplit("/", 1)[-1] for p in scripts] == ["chain_first.lua", "chain_second.lua"], scripts
EOF

# --- the verdict on a mixed run: the real seats and fair share of each
# variant, seat figures not compared across seat counts, what differs named
# (micropul-3p's rules: block), the same verdict on stdout and in the page.
# No --bots: the default is greedy, and no random-bot warning.
expect 0 "$pul" sim micropul micropul-3p --games 30 --seed 3 --out mixed
python3 - mixed/summary.json mixed/rows.jsonl "$tmp/out" <<'EOF' || fail "the mixed run's verdict or seats are wrong"
import json, sys
s = json.load(open(sys.argv[1]))
head = json.loads(open(sys.argv[2]).readline())
out = open(sys.argv[3], encoding="utf-8").read()
assert head["bots"] == ["greedy"] and s["bots"] == ["greedy"], head
v = {x["name"]: x for x in s["variants"]}
assert v["micropul"]["seats"] == 2 and v["micropul-3p"]["seats"] == 3, v.keys()
assert len(v["micropul"]["win_rate"]) == 2 and len(v["micropul-3p"]["win_rate"]) == 3
assert abs(v["micropul"]["fair_share"] - 1 / 2) < 1e-6
assert abs(v["micropul-3p"]["fair_share"] - 1 / 3) < 1e-6
ab = s["ab"][0]
assert ab["same_seats"] is False
assert not [d for d in ab["diffs"] if d["metric"].startswith(("win rate", "score"))], ab["diffs"]
changes = {(c["kind"], c["name"]): (c["a"], c["b"]) for c in ab["changes"]}
assert changes[("seats", "")] == ("2", "3"), changes
assert changes[("rule", "hand_size")] == ("6", "5"), changes
assert changes[("rule", "core_empty_end")] == ("immediate", "finish_round"), changes
assert not [k for k in changes if k[0] in ("script", "rule at setup")], changes
lines = s["verdict"]
assert lines[0].startswith("micropul-3p vs micropul: what differs: seats 2 → 3;"), lines
assert not any(l.startswith("Warning") for l in lines), lines
assert any("micropul-3p is played by 3 seats and micropul by 2" in l for l in lines), lines
assert any(l.startswith("micropul (2 seats)") and "fair share 50.0%" in l for l in lines), lines
assert any(l.startswith("micropul-3p (3 seats)") and "fair share 33.3%" in l for l in lines), lines
# the terminal: the same lines as bullets, wrapped
said = " ".join(out.split())
for l in lines:
    assert " ".join(l.split()) in said, (l, out[:600])
assert out.startswith("- micropul-3p vs micropul: what differs"), out[:300]
EOF
grep -q 'fair share: 2 seats 50.0%, 3 seats 33.3%' mixed/report.html || fail "the report's win chart has no fair share per variant"
grep -q 'Played with 3 and 2 seats: only the game figures are compared' mixed/report.html ||
    fail "the report does not say the seat figures are not compared"

# --- what differs, per-bot rates and the random-bot warning, on the A/B run above
python3 - whole/summary.json whole/report.html <<'EOF' || fail "the A/B verdict is wrong"
import json, sys
s = json.load(open(sys.argv[1]))
page = open(sys.argv[2], encoding="utf-8").read()
ab = s["ab"][0]
assert ab["same_seats"] is True
assert ab["changes"] == [{"kind": "rule", "name": "rule1_attachment", "a": "true", "b": "false"}], ab["changes"]
lines = s["verdict"]
assert lines[0].startswith("Warning: random bots play no strategy"), lines
assert lines[1] == "simpler-placement vs micropul: what differs: rule1_attachment true → false.", lines
assert lines[2].startswith("simpler-placement vs micropul, significant (paired over 200 deals"), lines
for name in ("micropul", "simpler-placement"):
    v = [x for x in s["variants"] if x["name"] == name][0]
    bots = {b["bot"]: b for b in v["bot_win_rate"]}
    assert set(bots) == {"greedy", "random"}, bots
    assert bots["greedy"]["seat_games"] == bots["random"]["seat_games"] == 200, bots
    assert bots["greedy"]["lo"] > 0.5 and bots["greedy"]["rate"] > bots["random"]["rate"], bots
    assert any(l.startswith(name + " by bot") and "greedy is stronger" in l for l in lines), lines
# units: win rates differ in percentage points, figures per game in percent of A
for d in ab["diffs"]:
    assert d["unit"] == ("share" if d["metric"].startswith(("win rate", "end ")) else "count"), d
assert "<h3>Win rate by bot</h3>" in page
assert '<li class="warn">Warning: random bots' in page
assert "rule1_attachment" in page
assert " pp</td>" in page and "in percentage points (95% CI)" in page
EOF
expect 0 "$pul" sim micropul --games 20 --bots random --out rnd &&
    has out '^- Warning: random bots play no strategy: [0-9.]*% of these games ended' \
        "a run of random bots is not warned about with its share of games out of tiles"
# Genial's random games end with a full board: the warning gives no share of 0 %.
expect 0 "$pul" sim genial --games 20 --bots random --out rndg &&
    has out '^- Warning: random bots play no strategy\. The figures' "a Genial run of random bots is not warned about"
grep -q 'out of tiles' "$tmp/out" && fail "a Genial run's warning speaks of tiles run out: $(grep Warning "$tmp/out")"
expect 0 "$pul" sim micropul --games 20 --bots greedy --out grd
grep -q Warning "$tmp/out" && fail "a run of greedy bots is warned about: $(head -c 300 "$tmp/out")"
has out '^- micropul (2 seats)' "a one-variant run gives no seat verdict"

[ "$failures" -eq 0 ] || { echo "$failures failure(s)" >&2; exit 1; }
echo "sim: all passed"
