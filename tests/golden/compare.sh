#!/bin/sh
# tests/golden/compare.sh: sets two captures of tests/golden/capture.sh side by side: the list of
# files that differ or exist on one side only, then their diff (diff -r), cut to a readable length.
#
# usage: tests/golden/compare.sh REFDIR NEWDIR
# Exit codes: 0 identical, 1 some file differs or is missing on one side, 2 bad usage.
# GOLDEN_DIFF_LINES (default 300) caps the lines of diff shown; the list of files is always whole.

if [ $# -ne 2 ] || [ ! -d "$1" ] || [ ! -d "$2" ]; then
    echo "usage: tests/golden/compare.sh REFDIR NEWDIR (two folders written by capture.sh)" >&2
    exit 2
fi
ref=$1
new=$2
max=${GOLDEN_DIFF_LINES:-300}

# diff -rq names each differing file once ("Files A and B differ", "Only in D: F"); a
# capture holds no symbolic link or special file, so nothing else can appear.
list=$(LC_ALL=C diff -rq "$ref" "$new")
status=$?
if [ "$status" -eq 0 ]; then
    echo "compare.sh: identical ($(find "$ref" -type f | wc -l) files)"
    exit 0
fi
if [ "$status" -ne 1 ]; then
    echo "compare.sh: diff failed (exit $status)" >&2
    exit 2
fi

count=$(printf '%s\n' "$list" | wc -l)
echo "compare.sh: $count files differ or exist on one side only:"
printf '%s\n' "$list" | sed -e "s|^Files $ref/\(.*\) and $new/.* differ\$|  differs: \1|" \
    -e "s|^Only in \(.*\): \(.*\)\$|  only in \1: \2|"
echo
echo "compare.sh: the differences (diff -r $ref $new, first $max lines):"
LC_ALL=C diff -r "$ref" "$new" | head -n "$max"
exit 1
