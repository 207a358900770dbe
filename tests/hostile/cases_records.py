"""Hostile game records (PMN): size, tags, numbers, the Variant tag (issue 10,
items 5, 6 and 10). hostile_test.py runs them; the Case fields are documented there.

The records are in tests/hostile/records/ (the big ones are made here and given
on standard input). A record that `pul play --resume` reads is copied into the
scratch folder first, so that a resume that goes wrong writes there, where the
runner sees it, and never into the repository."""

import os
import shutil
import string

from hostile_test import Case, last_json

RECORDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "records")
MiB = 1 << 20

# The four commands that read a record, as argv with the record at {rec}.
READERS = {
    "referee": ["pul", "referee", "{rec}"],
    "replay": ["pul", "replay", "{rec}", "--at", "0"],
    "render": ["pul", "render", "{rec}"],
    "resume": ["pul", "play", "--resume", "{rec}", "--seats", "human,random"],
}


def argv(command, rec, *more):
    return [rec if a == "{rec}" else a for a in READERS[command]] + list(more)


def copy(*names):
    """A setup copying records from tests/hostile/records into the scratch folder."""
    def setup(tmp):
        for name in names:
            shutil.copy(os.path.join(RECORDS, name), os.path.join(tmp, name))
    return setup


def record(variant, players="2", tags="", moves="1. 12@0,-1r3  2. snw0,0"):
    core = ("12 0 1 2 3 4 13 5 6 7 8 9 10 11 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 "
            "31 32 33 34 35 36 37 38 39 41 42 43 44 45 46 47")
    return ('[Variant "%s"]\n[Players "%s"]\n[Core "%s"]\n%s\n%s\n'
            % (variant, players, core, tags, moves)).encode()


def many_tags(n):
    """n tags with distinct short names: [abc""], 8 bytes a line, under 1 MiB."""
    letters, chars = string.ascii_letters, string.ascii_letters + string.digits + "_"
    lines = []
    for i in range(n):
        q = i // 52
        lines.append('[%s%s%s""]\n' % (letters[i % 52], chars[q // 63], chars[q % 63]))
    return record("micropul", moves="") + "".join(lines).encode()


def short_stderr(limit):
    def check(r):
        return [] if len(r.err) <= limit else \
            ["stderr is %d bytes, more than %d: a hostile value was echoed" % (len(r.err), limit)]
    return check


def edition(tmp, name, script=None):
    """A variant folder tmp/name extending micropul, with a Lua script when given."""
    folder = os.path.join(tmp, name)
    os.makedirs(folder)
    with open(os.path.join(folder, "variant.yaml"), "w") as f:
        f.write("name: %s\nextends: micropul\ntitle: %s\ndescription: a test edition\n"
                % (name, name.title()))
        if script:
            f.write("scripts: [%s.lua]\n" % name)
    if script:
        with open(os.path.join(folder, name + ".lua"), "w") as f:
            f.write(script)


# Loaded at all, it fails loudly: the word EVIL in every message it causes.
EVIL_LUA = 'error("EVIL SCRIPT RAN: a record loaded the edition beside it")\n'


def evil_beside(tmp):
    edition(tmp, "evil", EVIL_LUA)


def evil_absolute(tmp):
    """The evil edition, and a record naming it by its absolute path."""
    evil_beside(tmp)
    with open(os.path.join(tmp, "abs.pmn"), "wb") as f:
        f.write(record(os.path.join(tmp, "evil")))


def writes_record(name, make):
    """A setup writing the record make() into the scratch folder as name."""
    def setup(tmp):
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(make())
    return setup


def long_move():
    return record("micropul", moves="1. " + "7" * 500000)


def mine_and(*names):
    """An edition of one's own, mine, in the scratch folder, and records copied there."""
    def setup(tmp):
        edition(tmp, "mine")
        copy(*names)(tmp)
    return setup


CASES = [
    # ---- item 6: size and time
    Case("referee-endless-record", ["pul", "referee"], item=6,
         stdin_file="/dev/zero", exit=2, stdout_empty=True,
         stderr=r"record.*(larger|too (big|large|long))", timeout=60, max_rss_mb=400),
    Case("referee-endless-file", ["pul", "referee", "/dev/zero"], item=6, exit=2,
         stdout_empty=True, stderr=r"/dev/zero: too-large: .*1048576 bytes", timeout=30,
         max_rss_mb=400),
    Case("replay-endless-file", ["pul", "replay", "/dev/zero", "--at", "0"], item=6, exit=2,
         stdout_empty=True, stderr=r"too-large: .*1048576 bytes", timeout=30, max_rss_mb=400),
    Case("render-endless-file", ["pul", "render", "/dev/zero"], item=6, exit=2,
         stdout_empty=True, stderr=r"too-large: .*1048576 bytes", timeout=30, max_rss_mb=400),
    Case("resume-endless-file", ["pul", "play", "--resume", "/dev/zero"], item=6, exit=2,
         stdout_empty=True, stderr=r"too-large: .*1048576 bytes", timeout=30, max_rss_mb=400),
    Case("referee-one-byte-over", ["pul", "referee"], item=6,
         stdin=lambda: record("micropul") + b" " * (MiB + 1 - len(record("micropul"))),
         exit=2, stdout_empty=True, stderr=r"too-large"),
    Case("referee-100000-tags", ["pul", "referee"], item=6, stdin=lambda: many_tags(100000),
         exit=0, json_lines=True, stdout=r'"over":false', timeout=8),
    Case("referee-10MB-tag-value", ["pul", "referee"], item=6,
         stdin=lambda: record("A" * (10 * MiB)), exit=2, stdout_empty=True,
         stderr=r"too-large", check=short_stderr(400), max_rss_mb=400),
    Case("referee-long-variant-cut", ["pul", "referee"], item=6,
         stdin=lambda: record("A" * 500000), exit=2, stdout_empty=True,
         stderr=r'Variant "A{60}\.\.\. \(500000 bytes\)" is not a variant name',
         check=short_stderr(600)),
    Case("replay-long-variant-cut", ["pul", "replay", "long.pmn", "--at", "0"], item=6,
         setup=writes_record("long.pmn", lambda: record("A" * 500000)), exit=2,
         stdout_empty=True, stderr=r"\(500000 bytes\)", check=short_stderr(600)),
    Case("referee-long-players-cut", ["pul", "referee"], item=6,
         stdin=lambda: record("micropul", players="9" * 500000), exit=2, stdout_empty=True,
         stderr=r'Players "9{60}\.\.\. \(500000 bytes\)"', check=short_stderr(600)),
    Case("render-long-move-cut", ["pul", "render", "long.pmn"], item=6,
         setup=writes_record("long.pmn", long_move), exit=1, stdout_empty=True,
         stderr=r'move 1 "7{60}\.\.\. \(500000 bytes\)" is not a PMN move',
         check=short_stderr(600)),
    Case("replay-long-move-cut", ["pul", "replay", "long.pmn", "--at", "0"], item=6,
         setup=writes_record("long.pmn", long_move), exit=1, stderr=r"\(500000 bytes\)",
         check=short_stderr(600)),
    Case("resume-long-move-cut", ["pul", "play", "--resume", "long.pmn"], item=6,
         setup=writes_record("long.pmn", long_move), exit=2, stdout_empty=True,
         stderr=r"\(500000 bytes\)", check=short_stderr(600)),

    # ---- item 10: PMN's own error codes
    Case("referee-pmn-syntax-code", ["pul", "referee"], item=10,
         stdin=b'[Variant "micropul"]\n[Players "2\n', exit=2, stdout_empty=True,
         stderr=r"<stdin>:2:1: pmn-syntax: ", not_stderr=r"yaml"),
]

# ---- item 5: the Variant tag names an edition, never a file or folder
for command in READERS:
    CASES += [
        Case(command + "-variant-etc-passwd", argv(command, "variant-etc-passwd.pmn"), item=5,
             setup=copy("variant-etc-passwd.pmn"), exit=2, stdout_empty=True,
             stderr=r'Variant "/etc/passwd" is not a variant name.*--variant',
             not_stderr=r"root:|daemon:|tile set"),
        Case(command + "-variant-evil-absolute", argv(command, "abs.pmn"), item=5,
             setup=evil_absolute, exit=2, stdout_empty=True,
             stderr=r"pmn-tag: Variant \".*/evil\" is not a variant name", not_stderr=r"EVIL"),
        Case(command + "-variant-evil-dot-slash", argv(command, "variant-dot-slash-evil.pmn"),
             item=5, setup=lambda tmp: (evil_beside(tmp), copy("variant-dot-slash-evil.pmn")(tmp)),
             exit=2, stdout_empty=True, stderr=r'pmn-tag: Variant "\./evil"', not_stderr=r"EVIL"),
        Case(command + "-variant-evil-slash", argv(command, "variant-evil-slash.pmn"), item=5,
             setup=lambda tmp: (evil_beside(tmp), copy("variant-evil-slash.pmn")(tmp)), exit=2,
             stdout_empty=True, stderr=r'pmn-tag: Variant "evil/"', not_stderr=r"EVIL"),
        # An edition of one's own, given on the command line by path: trusted.
        Case(command + "-trusted-variant-path", argv(command, "variant-mine.pmn", "--variant",
                                                     "{tmp}/mine"),
             item=5, setup=mine_and("variant-mine.pmn"), exit=0,
             stdin=b"quit\n" if command == "resume" else None,
             writes=["variant-mine.pmn"] if command == "resume" else (),
             stdout=r"Resumed after 2 moves" if command == "resume" else r"."),
        # ... but the record's Variant tag must be its name.
        Case(command + "-trusted-variant-mismatch",
             argv(command, "variant-micropul.pmn", "--variant", "{tmp}/mine"), item=5,
             setup=mine_and("variant-micropul.pmn"), exit=2, stdout_empty=True,
             stderr=r'pmn-tag: Variant "micropul": the record is for that edition, not for mine'),
    ]

# ---- PMN.md: numbers have one spelling; a tile id nobody holds is not_in_hand however large
for tile in ("255", "256", "2147483647"):
    CASES += [
        Case("referee-place-id-" + tile, ["pul", "referee", "{hostile}/records/place-%s.pmn" % tile],
             item=10, exit=1, json_lines=True,
             check=last_json({"n": 1, "move": "%s@0,-1r3" % tile, "error": "not_in_hand"})),
        Case("referee-take-id-" + tile, ["pul", "referee", "{hostile}/records/take-%s.pmn" % tile],
             item=10, exit=1, json_lines=True,
             check=last_json({"n": 3, "move": "t" + tile, "error": "not_in_supply"})),
    ]
for name, move in (("2147483648", "2147483648@0,-1r3"), ("01", "t01"), ("minus-0", "12@0,-0r3"),
                   ("plus-1", "t+1")):
    CASES.append(Case("referee-syntax-" + name,
                      ["pul", "referee", "{hostile}/records/syntax-%s.pmn" % name], item=10,
                      exit=1, json_lines=True,
                      check=last_json({"n": 1, "move": move, "error": "syntax"})))
CASES.append(Case("referee-players-leading-zero",
                  ["pul", "referee", "{hostile}/records/players-leading-zero.pmn"], item=10,
                  exit=2, stdout_empty=True, stderr=r'pmn-tag: Players "02"'))
