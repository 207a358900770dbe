#!/usr/bin/env bash
# cli_test.sh: the pul command's contract seen from outside: help, exit codes,
# `pul play` reproducible and replayable by `pul referee`, `pul bench --json`.
# usage: cli_test.sh PUL   (run by ctest with PUL_PATH set to the variants)
set -uo pipefail

pul=$1
. "$(dirname "$0")/script_lib.sh"

# has FILE PATTERN MESSAGE: grep FILE (out or err of the last command) or fail.
has() {
    grep -q -- "$2" "$tmp/$1" || fail "$3: $(head -c 400 "$tmp/$1")"
}

# --- help, version, unknown commands
expect 0 "$pul" help bots && has out "mcts" "pul help bots does not describe mcts" && has out "iters" "pul help bots does not list the mcts options"
expect 0 "$pul" help && has out referee "pul help does not list referee" && has out bench "pul help does not list bench"
expect 0 "$pul" --help
expect 0 "$pul" --version && has out '^pul [0-9]' "pul --version"
expect 0 "$pul" play --help && has out 'human,mcts' "pul play --help does not say who plays by default"
expect 0 "$pul" help play
expect 0 "$pul" help bench
expect 0 "$pul" help referee
expect 0 "$pul" bench -h
expect 2 "$pul"
expect 2 "$pul" nosuch
expect 2 "$pul" plya && has err "did you mean 'play'" "no did-you-mean for plya"
expect 2 "$pul" help nosuch
expect 2 "$pul" --nosuch

# --- bad usage of play is exit 2 with a message
expect 2 "$pul" play --seed x
expect 2 "$pul" play --seed -1
expect 2 "$pul" play --players 0
expect 2 "$pul" play --players 99
expect 2 "$pul" play --sed 3 && has err "did you mean --seed" "no did-you-mean for --sed"
expect 2 "$pul" play --help=yes
expect 2 "$pul" play --record
expect 2 "$pul" play no-such-variant
expect 2 "$pul" play micropul micropul
expect 2 "$pul" play --seats random,random --record "$tmp/no/such/dir/game.pmn"

# --- play: a whole game, the same twice, replayable by the referee with the same result
expect 0 "$pul" play --seats random,random --seed 7 && cp "$tmp/out" "$tmp/seed7.a"
expect 0 "$pul" play --seats=random,random --seed=7 && cp "$tmp/out" "$tmp/seed7.b"
cmp -s "$tmp/seed7.a" "$tmp/seed7.b" || fail "pul play --seed 7 differs between two runs"
grep -q '^; Result: ' "$tmp/seed7.a" || fail "pul play --seed 7 prints no result"
expect 0 "$pul" play --seats random,random --seed 8 && cmp -s "$tmp/out" "$tmp/seed7.a" && fail "seeds 7 and 8 give the same game"

# The scores play prints, as a JSON list, and those the referee finds in its final line.
play_scores() { sed -n 's/^; Seat [0-9]*: \(-\{0,1\}[0-9]*\) points.*/\1/p' "$1" | paste -sd, | sed 's/.*/[&]/'; }
referee_scores() {
    tail -n 1 "$1" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(json.dumps(d["scores"], separators=(",", ":")))'
}

replay() { # replay NAME PLAY-ARGS...: play, then referee the record file and the printed output
    local name=$1
    shift
    expect 0 "$pul" play "$@" --record "$tmp/$name.pmn" || return
    cp "$tmp/out" "$tmp/$name.out"
    head -c "$(wc -c <"$tmp/$name.pmn")" "$tmp/$name.out" | cmp -s - "$tmp/$name.pmn" ||
        fail "play $*: --record file is not the record printed"
    expect 0 "$pul" referee "$tmp/$name.pmn" || return
    local want got
    want=$(play_scores "$tmp/$name.out")
    got=$(referee_scores "$tmp/out") || { fail "play $*: referee final line is not JSON"; return; }
    [ "$want" = "$got" ] || fail "play $*: play says scores $want, referee says $got"
    tail -n 1 "$tmp/out" | grep -q '"over":true' || fail "play $*: the referee finds the game unfinished"
    # The output as printed, result comments included, is a record too.
    expect 0 "$pul" referee <"$tmp/$name.out" || fail "play $*: its output is not a record the referee reads"
}
for seed in 1 2 3 7 12345; do replay "seed$seed" --seats random,random --seed "$seed"; done
replay solo --seed 5 --seats random
replay bots --seed 5 --seats greedy,mcts:iters=50
# Einfach Genial (issue 13): each edition, random and bot seats
replay genial2 genial --seats random,random --seed 3
replay genial3 genial --seats random,random,random --seed 4
replay genial-teams genial-teams --seats random,random,random,random --seed 4
replay genial-solo genial-solo --seats random --seed 5
replay genial-bots genial --seats greedy,mcts:iters=20 --seed 6
grep -q '^; Seat 1: [0-9]* points (lowest track; tracks r [0-9]* g ' "$tmp/genial2.out" ||
    fail "pul play genial prints no tracks: $(tail -n 4 "$tmp/genial2.out")"

# --- bench --json: one JSON object with the figures
expect 0 "$pul" bench --json --seconds 0.05 && { python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for k in ("games_per_s", "enumerations_per_s", "enumerations_13_per_s", "enumerations_20_per_s",
          "applies_per_s", "actions_per_game"):
    assert isinstance(d.get(k), (int, float)) and d[k] > 0, "bad or missing %s: %r" % (k, d.get(k))
' "$tmp/out" || fail "pul bench --json: $(cat "$tmp/out")"; }
expect 0 "$pul" bench --json --seconds 0.05 --variant genial && { python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for k in ("games_per_s", "enumerations_per_s", "enumerations_13_per_s", "enumerations_20_per_s",
          "applies_per_s", "actions_per_game", "placements_13_avg", "sim_games_1t_per_s",
          "mcts_iterations_per_s"):
    assert isinstance(d.get(k), (int, float)) and d[k] > 0, "bad or missing %s: %r" % (k, d.get(k))
' "$tmp/out" || fail "pul bench --json --variant genial: $(cat "$tmp/out")"; }
expect 2 "$pul" bench --seconds 0
expect 2 "$pul" bench --variant no-such-variant

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all cli checks passed"
