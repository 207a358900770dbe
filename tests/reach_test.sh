#!/usr/bin/env bash
# reach_test.sh: a pul from its build tree finds the shipped editions from any
# folder, a copy outside the build tree does not, and pul render warns when no
# installed font draws a PNG's words (Japanese with only DejaVu), not otherwise.
# usage: reach_test.sh PUL SOURCE_DIR   (run by ctest; PUL_PATH is unset here)
set -uo pipefail

pul=$1
src=$2
. "$(dirname "$0")/script_lib.sh"
unset PUL_PATH

has() {
    grep -q -- "$2" "$tmp/$1" || fail "$3: $(head -c 400 "$tmp/$1")"
}
hasnt() {
    ! grep -q -- "$2" "$tmp/$1" || fail "$3: $(head -c 400 "$tmp/$1")"
}

# --- from a folder with no variants/ of its own
mkdir -p "$tmp/elsewhere" && cd "$tmp/elsewhere" || exit 1
expect 0 "$pul" variants && has out "^micropul .*$src/variants/micropul\$" \
    "pul variants from another folder does not list the source tree's micropul"
expect 0 "$pul" variants --help && has out "$src/variants (this pul runs from its build tree" \
    "pul variants --help does not name the source tree's folder"
expect 0 "$pul" check micropul-3p && has out "micropul-3p: ok" \
    "a scripted edition (its scripts beside variants/) is not found from another folder"
expect 0 "$pul" play micropul --seats random,random --seed 5 && cp "$tmp/out" game.pmn
expect 0 "$pul" referee game.pmn && has out '"over":true' "the game played from another folder does not referee"

# --- through a symbolic link to the build's pul (as on PATH)
ln -s "$pul" "$tmp/pul-link"
expect 0 "$tmp/pul-link" play farmopul --seats random,random --seed 2 ||
    fail "a link to the build's pul does not find farmopul"

# --- a copy outside the build tree is an installed-like pul: no source tree
cp "$pul" "$tmp/pul-copy"
expect 0 "$tmp/pul-copy" variants && has out "no editions found" \
    "a copy of pul outside its build tree still finds the source tree's editions"
expect 2 "$tmp/pul-copy" play micropul --seats random,random && has err "not-found" \
    "a copy of pul outside its build tree: no not-found for micropul"
expect 0 "$tmp/pul-copy" variants --help && hasnt out "build tree" \
    "a copy of pul outside its build tree names a build tree in its help"

# --- fonts: only DejaVu, no Japanese glyphs: a warning, the PNG still written
cat >"$tmp/dejavu.conf" <<CONF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>$tmp/fc-cache</cachedir></fontconfig>
CONF
export LSAN_OPTIONS="suppressions=$src/tests/lsan.supp:print_suppressions=0"
FONTCONFIG_FILE="$tmp/dejavu.conf" expect 0 "$pul" render --sheet farmopul --lang ja --out ja.png &&
    has err "warning: no installed font draws '.*' (U+[0-9A-F]\{4,\})" \
        "no warning for a Japanese PNG with only DejaVu installed" &&
    has err "fonts-ipafont-gothic" "the font warning does not say what to install"
[ -s ja.png ] || fail "the Japanese PNG was not written when its font is missing"
FONTCONFIG_FILE="$tmp/dejavu.conf" expect 0 "$pul" render --sheet farmopul --lang en --out en.png &&
    hasnt err "warning" "a warning for an English PNG that DejaVu draws whole"

# --- with the machine's fonts (tools/dev installs fonts-ipafont-gothic): no warning
if [ -z "$(fc-list :lang=ja 2>/dev/null)" ]; then
    fail "no Japanese font is installed, so PNG renders in Japanese are boxes: install" \
        "fonts-ipafont-gothic (tools/dev test does)"
else
    expect 0 "$pul" render --sheet farmopul --lang ja --out ja2.png &&
        hasnt err "warning" "a font warning although a Japanese font is installed"
fi

[ "$failures" -eq 0 ] || exit 1
echo "reach: all passed"
