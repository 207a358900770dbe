# script_lib.sh: what the shell tests of the pul command share, sourced
# after they have read their arguments: a scratch folder they run in (removed
# on exit), a failure count, and expect/fail.

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failures=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# expect CODE CMD...: runs CMD with output in $tmp/out and $tmp/err and checks its exit code.
expect() {
    local want=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" -ne "$want" ]; then
        fail "'$*' exited $got, expected $want; stderr: $(head -c 400 "$tmp/err")"
        return 1
    fi
}
