#!/usr/bin/env bash
# install_test.sh: installs the current build into a temporary prefix and uses it from
# outside the tree: pul finds the installed variants, pkg-config builds a program on libpul.
# usage: install_test.sh BUILD_DIR SOURCE_DIR CC [EXTRA_FLAGS]
set -euo pipefail

build=$1 src=$2 cc=$3 extra=${4:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() {
    echo "FAIL: $*" >&2
    exit 1
}

echo "installing $build into $prefix"
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log" >&2; fail "cmake --install failed"; }

for f in bin/pul include/pul.h share/pul/variants/micropul; do
    [ -e "$prefix/$f" ] || fail "$f is not installed"
done
pc=$(find "$prefix" -name pul.pc -path '*/pkgconfig/*' | head -n 1)
[ -n "$pc" ] || fail "pul.pc is not installed"
lib=$(find "$prefix" -name 'libpul.*' | head -n 1)
[ -n "$lib" ] || fail "libpul is not installed"

# Away from the source tree, so only the installed variants can be found.
work=$tmp/work
mkdir "$work"
cd "$work"
export PUL_PATH=$prefix/share/pul/variants
"$prefix/bin/pul" --version
"$prefix/bin/pul" referee "$src/tests/conformance/random/game-0001.pmn" >referee.out ||
    fail "installed pul referee exited $? on tests/conformance/random/game-0001.pmn"
final=$(tail -n 1 referee.out)
python3 - "$final" <<'PY' || fail "unexpected final line: $final"
import json, sys
d = json.loads(sys.argv[1])
assert d["over"] is True and d["reason"] == "core_empty", d
assert d["scores"] == [5, 23] and d["winners"] == [2], d
PY
"$prefix/bin/pul" play --seats random,random --seed 3 >play.out || fail "installed pul play exited $?"
grep -q '^; Result: ' play.out || fail "installed pul play printed no result"
# An edition with Lua hooks finds its script in the installed share/pul/scripts; an edition
# for three players extends one installed beside it.
[ -f "$prefix/share/pul/scripts/solo_peek.lua" ] || fail "scripts/ is not installed"
for v in micropul-solo-peek:random micropul-3p:random,random,random; do
    seats=${v#*:} v=${v%%:*}
    "$prefix/bin/pul" play "$v" --seats "$seats" --seed 3 >"$v.pmn" || fail "installed pul play $v exited $?"
    "$prefix/bin/pul" referee "$v.pmn" >"$v.out" || fail "installed pul referee on $v exited $?"
done

# A program built only from what pkg-config says about the installed libpul.
cat >prog.c <<'C'
#include <pul.h>
#include <string.h>

int main(void) {
    PulError err;
    PulVariant *v = pul_variant_open("micropul", NULL, &err);
    if (!v) {
        char buf[1024];
        fprintf(stderr, "%s\n", pul_error_format(&err, buf, sizeof buf));
        return 1;
    }
    int ok = strcmp(pul_variant_name(v), "micropul") == 0;
    pul_variant_free(v);
    printf("pul %s: %s\n", PUL_VERSION, ok ? "ok" : "wrong name");
    return ok ? 0 : 1;
}
C
export PKG_CONFIG_PATH
PKG_CONFIG_PATH=$(dirname "$pc")
flags=$(pkg-config --cflags --libs pul) || fail "pkg-config does not know pul"
echo "pkg-config --cflags --libs pul: $flags"
# shellcheck disable=SC2086 # the flags are words on purpose
"$cc" $extra -o prog prog.c $flags || fail "prog.c does not build with: $flags"
./prog || fail "the program built on the installed libpul failed"
echo "install test passed"
