"""Hostile editions (issue 10, items 4, 5 and 10): files reached outside the
edition's folder, texts that would drive or disguise a terminal, YAML anchors
and art that hides a script. hostile_test.py runs them; the Case fields are
documented there.

Each case copies one edition of tests/hostile/editions/ into the scratch
folder as eds/NAME ("@TMP@" in its files becomes the scratch folder), next
to outside/, which holds what no edition may reach: files whose only content
is SECRET (in a form that an error message would quote), and an edition
outside/parent whose title is SECRET. The symbolic links are made here, at
setup, since git keeps them poorly. A case passes when pul refuses the
edition with the right code at the right file:line:col, exits with the right
code in time, writes nothing and shows nothing of what lies outside.
"""

import os
import re
import shutil

from hostile_test import Case

EDITIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "editions")
SECRET = "SECRET-7731"
# What an outside file would leak: the secret, or /etc/passwd's first line.
LEAK = SECRET + "|root:x:0:0"
TIMEOUT = 30


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def make_outside(tmp):
    out = os.path.join(tmp, "outside")
    write(os.path.join(out, "tiles.yaml"), SECRET + ": someone else's tile set\n")
    write(os.path.join(out, "theme.yaml"), SECRET + ": someone else's theme\n")
    write(os.path.join(out, "variant.yaml"), SECRET + ": someone else's manifest\n")
    write(os.path.join(out, "x.lua"), 'error("%s")\n' % SECRET)
    write(os.path.join(out, "parent", "variant.yaml"),
          "name: parent\nextends: micropul\ntitle: %s\n" % SECRET)


def stage(name, links=()):
    """setup(tmp): the edition NAME as eds/NAME, outside/, then each link
    (a path in the edition, its target)."""
    def setup(tmp):
        make_outside(tmp)
        dst = os.path.join(tmp, "eds", name)
        src = os.path.join(EDITIONS, name)
        if os.path.isdir(src):
            shutil.copytree(src, dst)
        else:
            os.makedirs(dst)
        for top, _, files in os.walk(dst):
            for f in files:
                path = os.path.join(top, f)
                with open(path, "rb") as fh:
                    data = fh.read()
                with open(path, "wb") as fh:
                    fh.write(data.replace(b"@TMP@", tmp.encode()))
        for link, target in links:
            os.makedirs(os.path.dirname(os.path.join(dst, link)), exist_ok=True)
            os.symlink(target.replace("@TMP@", tmp), os.path.join(dst, link))
    return setup


def edition_cases(name, item, line, col, code, message, links=(), play=False, check_exit=1):
    """The edition refused through pul check and pul variants (and pul play)."""
    where = re.escape("%s/variant.yaml" % name) + (":%d:%d" % (line, col) if line else "")
    found = "%s: %s: %s" % (where, code, message)
    cases = [
        Case("check-" + name, ["pul", "check", "eds/" + name], item=item, setup=stage(name, links),
             exit=check_exit, stderr="^eds/" + found, stdout_empty=True, not_stderr=LEAK,
             timeout=TIMEOUT),
        Case("variants-" + name, ["pul", "variants"], item=item, setup=stage(name, links),
             env={"PUL_PATH": "{tmp}/eds:{root}/variants"}, exit=1,
             stdout=r"(^|\n)%s +FAILS TO LOAD +[^\n]*/eds/%s\n +[^\n]*/eds/%s" % (name, name, found),
             not_stdout=LEAK, not_stderr=LEAK, timeout=TIMEOUT),
    ]
    if play:
        cases.append(
            Case("play-" + name, ["pul", "play", "eds/" + name, "--seats", "random,random"],
                 item=item, setup=stage(name, links), exit=2, stdout_empty=True,
                 stderr="^pul play: eds/" + found, not_stderr=LEAK, timeout=TIMEOUT))
    return cases


ABSOLUTE = r"'[^']*' is an absolute path, which a shared edition cannot rely on; name it from " \
           r"the edition's folder \([^)]*/eds/%s\)\. An edition"
LEAVES = r"'%s' leads out of the edition's folder \([^)]*/eds/%s\) and of the search path's " \
         r"folders\. An edition"
LINKED = r"'%s' is, through a symbolic link, [^ ]*/outside%s, outside the edition's folder " \
         r"\([^)]*/eds/%s\) and the search path's folders\. An edition[^\n]*replace the link"
FILES = "An edition's files lie in its own folder or in a variants folder of the search path: " \
        "copy the file into the edition's folder"
SCRIPTS = "An edition's scripts lie in its own folder, in a variants folder of the search path " \
          "or in the scripts folder beside one: copy the script"
EXTENDS = "An edition extends editions in its own folder or in a variants folder of the search " \
          "path: put the edition to extend in a variants folder of the search path"


def bad_value(char, why):
    return r"holds %s, %s[^;\n]*; remove it" % (re.escape(char), why)


BIDI = "a bidirectional control, which makes the text around it show in another order"

CASES = (
    # --- item 5: files outside the edition's folder
    edition_cases("tiles-absolute", 5, 4, 8, "bad-reference",
                  "tiles: " + ABSOLUTE % "tiles-absolute" + "'s files lie", play=True)
    + edition_cases("tiles-absolute-scratch", 5, 4, 8, "bad-reference",
                    "tiles: " + ABSOLUTE % "tiles-absolute-scratch")
    + edition_cases("tiles-dot-dot", 5, 4, 8, "bad-reference",
                    "tiles: " + LEAVES % (r"\.\./\.\./outside/tiles\.yaml", "tiles-dot-dot")
                    + "'s files lie[^\n]*copy the file", play=True)
    + edition_cases("theme-absolute", 5, 4, 8, "bad-reference",
                    "theme: " + ABSOLUTE % "theme-absolute")
    + edition_cases("theme-dot-dot", 5, 4, 8, "bad-reference",
                    "theme: " + LEAVES % (r"\.\./\.\./outside/theme\.yaml", "theme-dot-dot"))
    + edition_cases("extends-absolute", 5, 3, 10, "bad-reference",
                    "extends: " + ABSOLUTE % "extends-absolute" + " extends editions")
    + edition_cases("extends-dot-dot", 5, 3, 10, "bad-reference",
                    "extends: " + LEAVES % (r"\.\./\.\./outside/parent", "extends-dot-dot")
                    + " extends editions[^\n]*extend it by name")
    + edition_cases("scripts-absolute", 5, 4, 11, "bad-reference",
                    "scripts: '/tmp/x\\.lua' is an absolute path[^\n]*" + SCRIPTS)
    + edition_cases("scripts-absolute-scratch", 5, 4, 11, "bad-reference",
                    "scripts: " + ABSOLUTE % "scripts-absolute-scratch" + "'s scripts lie")
    + edition_cases("scripts-dot-dot", 5, 4, 11, "bad-reference",
                    "scripts: " + LEAVES % (r"\.\./\.\./outside/x\.lua", "scripts-dot-dot")
                    + "'s scripts lie")
    + edition_cases("tiles-link", 5, 4, 8, "bad-reference",
                    "tiles: " + LINKED % (r"tiles\.yaml", r"/tiles\.yaml", "tiles-link"),
                    links=[("tiles.yaml", "../../outside/tiles.yaml")], play=True)
    + edition_cases("theme-link", 5, 4, 8, "bad-reference",
                    "theme: " + LINKED % (r"theme\.yaml", r"/theme\.yaml", "theme-link"),
                    links=[("theme.yaml", "@TMP@/outside/theme.yaml")])
    + edition_cases("script-link", 5, 4, 11, "bad-reference",
                    "scripts: " + LINKED % (r"x\.lua", r"/x\.lua", "script-link"),
                    links=[("x.lua", "../../outside/x.lua")])
    + edition_cases("folder-link", 5, 4, 8, "bad-reference",
                    "tiles: " + LINKED % (r"sub/tiles\.yaml", r"/tiles\.yaml", "folder-link"),
                    links=[("sub", "../../outside")])
    + edition_cases("extends-link", 5, 3, 10, "bad-reference",
                    "extends: " + LINKED % (r"\./sub", "/parent", "extends-link"),
                    links=[("sub", "../../outside/parent")])
    # variant.yaml itself a link: nothing points at it, so pul will not read it (exit 2)
    + edition_cases("manifest-link", 5, 0, 0, "unreadable",
                    r"pul does not read it: the manifest '[^']*manifest-link/variant\.yaml' is, "
                    r"through a symbolic link, [^ ]*/outside/variant\.yaml, outside the "
                    r"edition's folder \([^)]*/eds/manifest-link\)\. An edition's "
                    r"variant\.yaml lies in the edition's folder",
                    links=[("variant.yaml", "../../outside/variant.yaml")], check_exit=2)
    + edition_cases("extends-manifest-link", 5, 4, 10, "bad-reference",
                    r"extends: the manifest '[^']*/inner/variant\.yaml' is, "
                    r"through a symbolic link, [^ ]*/outside/variant\.yaml, outside the "
                    r"edition's folder \([^)]*/eds/extends-manifest-link/inner\)",
                    links=[("inner/variant.yaml", "../../../outside/variant.yaml")])
    # --- item 4: texts that would drive or disguise the terminal
    + edition_cases("title-escape", 4, 4, 13, "bad-value",
                    "title " + bad_value("U+001B", "the escape character, which starts "
                                         "terminal commands"))
    + edition_cases("title-raw-escape", 4, 4, 12, "bad-encoding",
                    r"U\+001B, the escape character, which starts terminal commands, is not "
                    r"allowed in YAML text")
    + edition_cases("title-c1", 4, 4, 13, "bad-value",
                    "title " + bad_value("U+009B", "a C1 control character, which some "
                                         "terminals obey as a command"))
    + edition_cases("title-bidi", 4, 4, 12, "bad-value", "title " + bad_value("U+202E", BIDI))
    + edition_cases("description-isolate", 4, 7, 12, "bad-value",
                    "description " + bad_value("U+2067", BIDI))
    # --- item 10: anchors, and art that hides a script
    + edition_cases("anchor", 10, 4, 8, "yaml-unsupported",
                    "anchor '&r': a variant manifest does not use anchors and aliases")
)


def text_file_cases():
    """Tile set and theme files of an edition, refused where they stand."""
    out = []
    for name, item, rel, line, col, code, message in (
            ("feature-name-bidi", 4, "tiles.yaml", 4, 26, "bad-value",
             "the name of feature 0 " + bad_value("U+200F", "a bidirectional mark")),
            ("glyph-bidi", 4, "theme.yaml", 23, 13, "bad-value",
             "the glyph of feature 'white' " + bad_value("U+061C", "a bidirectional mark")),
            ("svg-entity-script", 10, "theme.yaml", 26, 47, "bad-svg",
             re.escape("in the art of feature 'white': fill=\"<script>alert(1)</script>\" (its "
                       "entities decoded): art must not hold scripts"))):
        found = "%s:%d:%d: %s: %s" % (re.escape("%s/%s" % (name, rel)), line, col, code,
                                       message)
        out.append(Case("check-" + name, ["pul", "check", "eds/" + name], item=item,
                        setup=stage(name), exit=1, stderr="^eds/" + found, stdout_empty=True,
                        timeout=TIMEOUT))
        out.append(Case("variants-" + name, ["pul", "variants"], item=item, setup=stage(name),
                        env={"PUL_PATH": "{tmp}/eds:{root}/variants"}, exit=1,
                        stdout=r"(^|\n)%s +FAILS TO LOAD[^\n]*\n +[^\n]*/eds/%s" % (name, found),
                        timeout=TIMEOUT))
    return out


CASES += text_file_cases()
