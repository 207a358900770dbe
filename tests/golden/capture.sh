#!/usr/bin/env bash
# tests/golden/capture.sh: writes the outputs of one pul binary that a refactor must leave
# byte-identical (i12-plan.md section 17.1) into a folder, one command per .out/.err/.rc triple,
# so that tests/golden/compare.sh can set two builds side by side.
#
# usage: tests/golden/capture.sh PUL_BINARY OUTDIR   (run from the repository root)
#
# What is captured (every command's stdout, stderr and exit code):
#   referee/   pul referee --legal over every .pmn of tests/conformance/*, tests/scenarios*,
#              tests/unreadable and tests/hostile/records
#   play/      pul play E, bots only, for every edition of variants/ and tests/variants/ at every
#              seat count it allows (from pul variants --json), seeds 1..3, seats random,greedy
#              and mcts:iters=200,greedy (repeated to the seat count; a solo seat plays each
#              bot alone); four languages; and a few scripted human games (stdin not a terminal)
#              with the record they save
#   sim/       pul sim runs (A/B with --swap on 1 and 3 threads, the scripted editions with
#              mcts:iters=40, three seats, shards and merge): stdout, stderr and rows.jsonl,
#              rows.csv, summary.json, report.html
#   replay/    pul replay --at N in four languages and line-command sessions, for 8 records
#              (three with Lua rule scripts, one illegal)
#   render/    pul render of the same records (SVG in four languages, a move, a size, no
#              coordinates, one PNG) and the tile sheet of every edition
#   check/     pul check, plain in four languages and --json, for every edition, and for every
#              broken case of tests/broken/ and tests/hostile/editions/
#   cli/       pul variants (plain, --json, four languages), every --help, pul help bots and a
#              few refused usages
#
# Normalised, and nothing else (so that two builds in different folders compare equal):
#   - the absolute paths of OUTDIR, of the repository root and of this script's temporary folder
#     (where the binary is copied, and human games and render --out write) become <OUT>,
#     <ROOT> and <TMP> in every text output;
#   - pul sim's closing line on stderr, "N games in T s (R games/s)", has its elapsed seconds and
#     rate (time-dependent) replaced by T and R. The four sim files hold no time or date (the
#     settings line of rows.jsonl has no thread count either), so they are kept as written.
# The binary is run as a copy named pul in the temporary folder, found through PATH: a pul run
# inside the build tree it was built in also searches that source tree's variants/ (tools/
# cli_search.c), which would list the shipped editions again as shadowed copies when the build
# comes from another worktree; a copy behaves as an installed pul, whichever folder it came from.
# Every command runs in a fixed environment (env -i: PATH, HOME in the temporary folder,
# LC_ALL=C.UTF-8, COLUMNS=100, LINES=40, PUL_PATH=variants:tests/variants) with stdin from
# /dev/null unless it is given a script, and a time limit of 300 s (exit 124 when hit).
set -euo pipefail

# The fixed environment, set once for the whole script (cheaper than env -i for every command).
if [ -z "${PUL_GOLDEN_CLEAN:-}" ]; then
    exec env -i PUL_GOLDEN_CLEAN=1 PATH=/usr/local/bin:/usr/bin:/bin TMPDIR="${TMPDIR:-/tmp}" \
        bash "$0" "$@"
fi

die() { printf 'capture.sh: %s\n' "$*" >&2; exit 2; }

[ $# -eq 2 ] || die "usage: tests/golden/capture.sh PUL_BINARY OUTDIR (from the repository root)"
[ -d variants ] && [ -d tests/variants ] && [ -f tools/dev ] ||
    die "run from the repository root (variants/, tests/variants/ and tools/dev must be here)"
[ -f "$1" ] && [ -x "$1" ] || die "$1 is not an executable file"
if [ -e "$2" ] && [ -n "$(ls -A "$2")" ]; then die "$2 exists and is not empty"; fi
mkdir -p "$2"

root=$(pwd -P)
out=$(cd "$2" && pwd -P)
work=$(mktemp -d "${TMPDIR:-/tmp}/pul-golden.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/home" "$work/files"
cp "$1" "$work/bin/pul"
start=$SECONDS
export PATH="$work/bin:$PATH" HOME="$work/home" LC_ALL=C.UTF-8 COLUMNS=100 LINES=40 \
    PUL_PATH=variants:tests/variants

# run NAME [--in FILE] ARGS...: pul ARGS into NAME.out, NAME.err and NAME.rc under OUTDIR.
# (Hundreds of runs: no process is started here but pul and timeout.)
declare -A made_dirs
run() {
    local name=$1 input=/dev/null rc=0
    shift
    if [ "${1:-}" = --in ]; then
        input=$2
        shift 2
    fi
    local dir=$out/${name%/*}
    if [ -z "${made_dirs[$dir]:-}" ]; then
        mkdir -p "$dir"
        made_dirs[$dir]=1
    fi
    timeout 300 pul "$@" <"$input" >"$out/$name.out" 2>"$out/$name.err" || rc=$?
    echo "$rc" >"$out/$name.rc"
}

# section NAME: says how long the section before took, for keeping the capture short.
section_start=$SECONDS
section_name=
section() {
    [ -z "$section_name" ] || echo "capture.sh: $section_name $((SECONDS - section_start)) s"
    section_name=$1
    section_start=$SECONDS
}

# flat PATH: sets $flat to a file name for PATH: tests/scenarios/01-x.pmn -> tests_scenarios_01-x.
flat() {
    flat=${1%.pmn}
    flat=${flat//\//_}
}

langs=(en ja fr es)

# --- the editions and their seat counts, as pul variants --json lists them
run cli/variants-json variants --json
# Exit 1 says some edition fails to load: tests/variants keeps broken ones on purpose,
# listed with "ok": false and skipped below.
case "$(cat "$out/cli/variants-json.rc")" in
0 | 1) ;;
*) die "pul variants --json failed: $(cat "$out/cli/variants-json.err")" ;;
esac
editions=()
declare -A min_seats max_seats
while read -r name lo hi; do
    editions+=("$name")
    min_seats[$name]=$lo
    max_seats[$name]=$hi
done < <(python3 -c '
import json, sys
for line in open(sys.argv[1], encoding="utf-8"):
    e = json.loads(line)
    if e["ok"]:
        print(e["name"], e["min_players"], e["max_players"])
' "$out/cli/variants-json.out")
[ ${#editions[@]} -gt 0 ] || die "pul variants --json listed no edition"

# --- cli: listings, help texts, refused usages
section cli
run cli/variants variants
for l in "${langs[@]}"; do run cli/variants-"$l" variants --lang "$l"; done
run cli/no-arguments
run cli/help --help
run cli/version --version
run cli/help-bots help bots
for c in referee play replay bench check variants sim render; do run cli/help-"$c" "$c" --help; done
run cli/unknown-command frobnicate
run cli/play-bad-seats play micropul --seats random,wizard
run cli/play-too-few-seats play micropul-4p --seats random,greedy
run cli/sim-bad-games sim micropul --games 0
run cli/referee-missing-file referee tests/golden/no-such-record.pmn
run cli/render-no-record render
run cli/check-unknown check no-such-edition

# --- referee --legal over every record
section referee
for f in tests/conformance/*/*.pmn tests/scenarios*/*.pmn tests/unreadable/*.pmn tests/hostile/records/*.pmn; do
    flat "$f"
    run referee/"$flat" referee --legal "$f"
done

# --- pul play, bots only: every edition at every seat count, seeds 1..3
section play
seats_of() { # seats_of N A B: sets $seats to A,B,A,B,... with N entries
    local n=$1 i
    local pat=("$2" "$3")
    seats=
    for ((i = 0; i < n; i++)); do seats+=${seats:+,}${pat[i % 2]}; done
}
for e in "${editions[@]}"; do
    lo=${min_seats[$e]} hi=${max_seats[$e]}
    for ((n = lo; n <= hi; n++)); do
        for s in 1 2 3; do
            seats_of "$n" random greedy
            run play/"$e"/"$n"p-random-greedy-s"$s" play "$e" --seats "$seats" --seed "$s"
            seats_of "$n" mcts:iters=200 greedy
            run play/"$e"/"$n"p-mcts-greedy-s"$s" play "$e" --seats "$seats" --seed "$s"
        done
    done
    if [ "$lo" -eq 1 ]; then run play/"$e"/1p-greedy-s1 play "$e" --seats greedy --seed 1; fi
done
for l in "${langs[@]}"; do
    run play/lang/micropul-"$l" play micropul --seats random,greedy --seed 4 --lang "$l"
    run play/lang/farmopul-3p-"$l" play farmopul-3p --seats greedy,random,greedy --seed 4 --lang "$l"
done

# --- pul play with a human seat, commands read line by line (stdin not a terminal); the record
# it saves is captured as NAME.pmn
section human-play
human() { # human NAME SCRIPT ARGS...
    local name=$1 script=$2
    shift 2
    printf '%b' "$script" >"$work/files/in.txt"
    rm -f "$work/files/record.pmn"
    run "$name" --in "$work/files/in.txt" play "$@" --record "$work/files/record.pmn"
    if [ -f "$work/files/record.pmn" ]; then cp "$work/files/record.pmn" "$out/$name.pmn"; fi
}
moves='1\nr 12\nmoves\n2\nundo\nboard\nhelp\n3\nt\n1\n1\n2\n'
human play/human/micropul-hint 'hint\n'"$moves"'quit\n' micropul --seats human,greedy --seed 1
for l in "${langs[@]}"; do
    human play/human/micropul-"$l" "$moves"'quit\n' micropul --seats human,greedy --seed 2 --lang "$l"
done
human play/human/hotseat "$moves"'\n1\n\n1\n\n1\nquit\n' micropul --seats human,human --seed 3
human play/human/solo-peek "$moves$moves"'quit\n' micropul-solo-peek --seats human --seed 1
human play/human/farmopul-3p "$moves"'quit\n' farmopul-3p --seats human,greedy,random --seed 2
human play/human/hooks-all "$moves$moves"'quit\n' hooks-all --seats human,mcts:iters=50 --seed 1
human play/human/to-the-end "$(printf '1\\n%.0s' $(seq 200))" micropul-solo --seats human --seed 5

# --- pul sim
section sim
sim() { # sim NAME ARGS...: the run's stdout, stderr and its four files under sim/NAME/
    local name=$1
    shift
    mkdir -p "$out/sim/$name"
    run sim/"$name"/run sim "$@" --out "$out/sim/$name"
    # time-dependent: the elapsed seconds and games per second of the closing line
    sed -i -E 's/ games in [0-9.]+ s \([0-9.]+ games\/s\)/ games in T s (R games\/s)/' \
        "$out/sim/$name/run.err"
}
sim ab-t1 micropul farmopul --games 60 --bots random,greedy --swap --threads 1
sim ab-t3 micropul farmopul --games 60 --bots random,greedy --swap --threads 3
sim solo-peek micropul-solo-peek --games 12 --bots mcts:iters=40 --threads 2
sim hooks hooks-all hooks-chain --games 12 --bots mcts:iters=40,greedy --swap --threads 2
sim three micropul-3p farmopul-3p --games 12 --bots greedy,random,mcts:iters=40 --swap --threads 2
sim test-editions tricolour peek-duo simpler-placement --games 20 --bots greedy --threads 2
sim shard-0 micropul --games 30 --bots greedy,random --swap --shard 0/2 --threads 1
sim shard-1 micropul --games 30 --bots greedy,random --swap --shard 1/2 --threads 1
sim unsharded micropul --games 30 --bots greedy,random --swap --threads 2
mkdir -p "$out/sim/merged"
run sim/merged/run sim merge "$out/sim/shard-0" "$out/sim/shard-1" --out "$out/sim/merged"

# --- pul replay and pul render of a few records: three with rule scripts (micropul-solo-peek,
# micropul-3p's hand of five, hooks-all played above), one illegal
section replay-render
records=(tests/render/micropul.pmn tests/render/farmopul-3p.pmn tests/render/tricolour.pmn
         tests/conformance/solo/game-0001.pmn tests/scenarios-scripts/peek-02-take-the-known-tile.pmn
         tests/scenarios-scripts/3p-02-finish-round-bonus.pmn tests/scenarios/error-colour_conflict.pmn)
cp "$out/play/hooks-all/2p-mcts-greedy-s1.out" "$work/files/hooks-all.pmn"
records+=("$work/files/hooks-all.pmn")
printf 'n\nn\np\ng 7\nG\np\nq\n' >"$work/files/replay.txt"
for r in "${records[@]}"; do
    n=${r##*/}
    n=${n%.pmn}
    for l in "${langs[@]}"; do run replay/"$n"-at3-"$l" replay "$r" --at 3 --lang "$l"; done
    run replay/"$n"-at0 replay "$r" --at 0
    run replay/"$n"-at9999 replay "$r" --at 9999
    run replay/"$n"-session --in "$work/files/replay.txt" replay "$r" --no-colour
    for l in en fr; do run render/"$n"-"$l" render "$r" --lang "$l"; done
    run render/"$n"-move3-ja render "$r" --move 3 --lang ja
    run render/"$n"-size300-nocoord-es render "$r" --size 300 --no-coordinates --lang es
done
run render/micropul-png render tests/render/micropul.pmn --size 200 --out "$work/files/board.png"
cp "$work/files/board.png" "$out/render/micropul-png.png"
for e in "${editions[@]}"; do run render/sheet-"$e" render --sheet "$e"; done
for l in ja fr es; do run render/sheet-farmopul-"$l" render --sheet farmopul --lang "$l"; done

# --- pul check, which checks every argument also after a failure: every edition, then every
# broken and hostile case, all in one command each (the --json lines say each one's exit code)
section check
run check/editions-json check --json "${editions[@]}"
for l in "${langs[@]}"; do run check/editions-"$l" check --lang "$l" "${editions[@]}"; done
cases=()
for x in tests/broken/*/*.expected; do
    stem=${x%.expected}
    for s in "" .yaml .theme.yaml .variant.yaml; do
        if [ -e "$stem$s" ]; then cases+=("$stem$s"); fi
    done
done
cases+=(tests/hostile/editions/*)
run check/broken-json check --json "${cases[@]}"
run check/broken check "${cases[@]}"
run check/broken-ja check --lang ja "${cases[@]}"

# --- normalise the absolute paths (longest first, so that one inside another goes whole)
section normalise
esc() { printf '%s' "$1" | sed 's/[][\.*^$|/]/\\&/g'; }
subst=()
while IFS=$'\t' read -r _ path tag; do
    subst+=(-e "s|$(esc "$path")|$tag|g")
done < <(printf '%s\t%s\t<OUT>\n%s\t%s\t<ROOT>\n%s\t%s\t<TMP>\n' \
    "${#out}" "$out" "${#root}" "$root" "${#work}" "$work" | sort -rn)
grep -rlIF -e "$out" -e "$root" -e "$work" "$out" | while read -r f; do sed -i "${subst[@]}" "$f"; done

section ''
echo "capture.sh: $(find "$out" -type f | wc -l) files in $out, $((SECONDS - start)) s"
