#!/usr/bin/env python3
"""The words pul shows, seen from outside (issue 11, item 5): refusals and
play messages in the edition's words (Farmopul's fields and soil, never
micropul) in the four languages, numbered rules with their meaning, French
and Spanish without a gendered word before a theme's name, one Japanese word
for seat and one for extra turn, columns aligned by terminal cells (a wide
character counts 2) in `pul variants` and in play's move list, `pul replay`
ending with the engine's score breakdown, a solo game ending with its score
rather than a winner, and every text table complete with the same
conversions and placeholders in every language.

usage: words_test.py PUL ROOT   (PUL the binary, ROOT the repository; PUL_PATH set by ctest)
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

from checks import check, summary

PUL, ROOT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
LANGS = ["en", "ja", "fr", "es"]


def pul(args, stdin="", cwd=None):
    r = subprocess.run([PUL] + args, input=stdin.encode(), capture_output=True, cwd=cwd,
                       timeout=300)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


def cells(text):
    """Terminal cells of text: 2 for East Asian wide and fullwidth, 0 for combining marks."""
    n = 0
    for ch in text:
        if unicodedata.combining(ch) or ch in "\u200b\ufe0f":
            continue
        n += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return n


def theme_names(path):
    """{key: {lang: name}} of a theme.yaml's features and parts (their name: lines)."""
    names, key = {}, None
    text = open(path, encoding="utf-8").read()
    for m in re.finditer(r"^  ([\w-]+):\s*$|^    name: \{(.*?)\}", text, re.M | re.S):
        if m.group(1):
            key = m.group(1)
        elif key:
            pairs = re.findall(r"(en|ja|fr|es): ([^,}]+)", m.group(2).replace("\n", " "))
            names[key] = {lang: value.strip() for lang, value in pairs}
    return names


FARM = theme_names(os.path.join(ROOT, "variants", "farmopul", "theme.yaml"))
MICRO = theme_names(os.path.join(ROOT, "variants", "micropul", "theme.yaml"))
MICROPUL_WORDS = re.compile(r"micropul|マイクロプル", re.I)
RULE = re.compile(r"(?:rule|règle|regla|ルール) ?\d")
# A gendered article, demonstrative or possessive right before a theme's name
# would have to agree with it, and a theme's names carry no gender.
GENDERED = {"fr": r"\b(?:un|une|le|la|du|au|ce|cette|cet|sa|son|aucun|aucune|mon|ma|ton|ta)",
            "es": r"\b(?:un|una|el|la|del|al|ese|esa|este|esta|ningún|ninguna)"}


def farmopul_record(src, dst):
    """A Micropul conformance record played as Farmopul (the same tile set)."""
    text = open(src).read().replace('[Variant "micropul"]', '[Variant "farmopul"]')
    with open(dst, "w") as f:
        f.write(text)


def kinds(names, lang):
    return names["white"][lang], names["black"][lang]


# ------------------------------------------------------------ refusals

def refusals(tmp):
    """Every refusal of the conformance records, replayed as Farmopul and as
    Micropul in each language: the edition's words, rules with their meaning."""
    folder = os.path.join(ROOT, "tests", "conformance", "random")
    errors = sorted(f for f in os.listdir(folder) if f.startswith("error-") and f.endswith(".pmn"))
    check(len(errors) >= 12, "only %d error records" % len(errors))
    farm_seen = set()
    for name in errors:
        reason = name.split("-")[1]
        src = os.path.join(folder, name)
        farm = os.path.join(tmp, "farm-" + name)
        farmopul_record(src, farm)
        for lang in LANGS:
            for names, path in ((FARM, farm), (MICRO, src)):
                code, out, err = pul(["replay", "--lang", lang, "--at", "0", path])
                edition = "farmopul" if names is FARM else "micropul"
                # The reason's code is PMN's (not_micropul in every edition): the words follow it.
                m = re.search(r" ?: (\w+) ?: (.*)", err)
                said, got = (m.group(2), m.group(1)) if m else ("", "")
                # Farmopul's rules differ, so the Micropul record may fail earlier there.
                check(code == 1 and (got == reason or (names is FARM and got)),
                      "%s %s --lang %s: no refusal said (%d): %r" % (edition, name, lang, code, err))
                reason_here = got
                if names is FARM:
                    farm_seen.add(got)
                if names is FARM:
                    check(not MICROPUL_WORDS.search(said),
                          "farmopul %s --lang %s says micropul: %s" % (name, lang, said))
                for m in RULE.finditer(said):
                    # A numbered rule comes with what it asks: the kinds that may touch.
                    white, black = kinds(names, lang)
                    check(white in said[m.end():] and black in said[m.end():],
                          "%s %s --lang %s: %r without its meaning in the edition's words"
                          % (edition, name, lang, m.group()))
                if reason_here in ("no_attachment", "colour_conflict"):
                    check(RULE.search(said) is not None,
                          "%s %s --lang %s: the rule is not named: %s" % (edition, name, lang, said))
                if reason_here == "not_micropul":
                    white, black = kinds(names, lang)
                    check(white in said and black in said,
                          "%s not_micropul --lang %s does not name %s and %s: %s"
                          % (edition, lang, white, black, said))
                if reason_here in ("no_stones", "already_claimed"):
                    stone = names["stone"][lang]
                    check(stone in said, "%s %s --lang %s does not say %s: %s"
                          % (edition, reason_here, lang, stone, said))
                if lang in GENDERED:
                    bad = gendered_before_names(said, names, lang)
                    check(not bad, "%s %s --lang %s: %r must agree with a theme's name"
                          % (edition, name, lang, bad))
        # The referee's message, for a person: in the edition's words too.
        code, out, _ = pul(["referee", farm])
        last = json.loads(out.splitlines()[-1]) if out.strip() else {}
        check(code == 1 and not MICROPUL_WORDS.search(last.get("message", "micropul")),
              "referee of farmopul %s: %r" % (name, last.get("message")))
    want = {"no_attachment", "colour_conflict", "not_micropul", "already_claimed", "no_stones"}
    check(want <= farm_seen, "Farmopul refusals never seen: %s" % sorted(want - farm_seen))


def gendered_before_names(text, names, lang):
    for entry in names.values():
        name = entry.get(lang)
        if name:
            m = re.search(GENDERED[lang] + r" " + re.escape(name) + r"\b", text)
            if m:
                return m.group()
    return None


# ------------------------------------------------------------ play

def play_words(tmp):
    """A whole Farmopul game through a pipe in each language, with help, a claim
    on an empty cell and pass outside an extra turn: the edition's words only."""
    for lang in LANGS:
        code, out, err = pul(["play", "farmopul", "--seats", "human,random", "--seed", "2",
                              "--lang", lang, "--record", "w-%s.pmn" % lang],
                             "help\nsnw9,9\npass\n" + "1\n" * 400, tmp)
        check(code == 0 and out.count("\n") > 50,
              "farmopul --lang %s exits %d: %s" % (lang, code, err[-300:]))
        m = MICROPUL_WORDS.search(out)
        check(not m, "farmopul --lang %s says %r: %r" % (lang, m and m.group(),
                                                        m and out[max(0, m.start() - 80):m.end() + 40]))
        white, black = kinds(FARM, lang)
        line = next((l for l in out.splitlines() if l.startswith("snw9,9")), "")
        check(white in line and black in line,
              "farmopul --lang %s: the empty quadrant is not explained with %s and %s: %r"
              % (lang, white, black, line))
        check(FARM["group"][lang] in out and FARM["stone"][lang] in out,
              "farmopul --lang %s: the claim does not name %s and %s"
              % (lang, FARM["group"][lang], FARM["stone"][lang]))
        if lang in GENDERED:
            for names, edition in ((FARM, "farmopul"), (MICRO, "micropul")):
                if names is MICRO:
                    code, out, _ = pul(["play", "micropul", "--seats", "human,random", "--seed",
                                        "2", "--lang", lang, "--record", "m-%s.pmn" % lang],
                                       "help\nsnw9,9\npass\n" + "1\n" * 400, tmp)
                bad = gendered_before_names(out, names, lang)
                check(not bad, "%s --lang %s: %r must agree with a theme's name" %
                      (edition, lang, bad))


def play_list_aligned(tmp):
    """The move list's entries start at the same terminal cell after every
    label, in Japanese (labels of wide characters) as in English."""
    for lang in LANGS:
        _, out, _ = pul(["play", "farmopul", "--seats", "human,random", "--seed", "2",
                         "--lang", lang, "--record", "a-%s.pmn" % lang], "quit\n", tmp)
        starts = set()
        for line in out.splitlines():
            m = re.search(r"(?<![\d-])1?\d\) ", line)
            if m and line.startswith("  "):
                starts.add(cells(line[:m.start()]))
        check(len(starts) == 1, "play --lang %s: move list entries start at cells %s"
              % (lang, sorted(starts)))


# ------------------------------------------------------------ one word each in Japanese

def japanese_terms(tmp):
    """Seat is プレイヤー and extra turn 追加ターン in every Japanese text."""
    texts = []
    for path in ("tools/play_text.c", "tools/term_board.c", "tools/replay_text.c",
                 "tools/variants_text.c", "engine/src/family/reasons.c"):
        if check(os.path.exists(os.path.join(ROOT, path)), "no %s" % path):
            texts.append(open(os.path.join(ROOT, path), encoding="utf-8").read())
    src = "\n".join(texts)
    for word in ("席", "追加手番", "シート"):
        check(word not in src, "a Japanese text says %s (seat is プレイヤー, extra turn 追加ターン)"
              % word)
    check("追加ターン" in src and "プレイヤー" in src, "the Japanese words for seat and extra turn")
    code, out, _ = pul(["replay", "--lang", "ja", "--at", "20",
                        os.path.join(ROOT, "tests", "conformance", "random", "game-0001.pmn")])
    check(code == 0 and "席" not in out and "プレイヤー" in out,
          "replay --lang ja names seats otherwise: %r" % out[-300:])


# ------------------------------------------------------------ pul variants

def variants_table():
    """Every column starts at one terminal cell on every row, in all four
    languages, and the words are the language's."""
    words = {"en": ["players", "title"], "ja": ["人数", "タイトル", "人"],
             "fr": ["joueurs", "titre"], "es": ["jugadores", "título"]}
    for lang in LANGS:
        code, out, _ = pul(["variants", "--lang", lang], cwd=ROOT)
        rows = [l for l in out.splitlines() if l and not l.startswith(" ")]
        check(code == 0 and len(rows) >= 9, "variants --lang %s: %d rows" % (lang, len(rows)))
        starts = None
        for row in rows:
            fields = [m.start() for m in re.finditer(r"(?:^|(?<=  ))\S", row)]
            at = [cells(row[:i]) for i in fields]
            if starts is None:
                starts = at
            check(at == starts, "variants --lang %s: columns at %s, not %s: %r"
                  % (lang, at, starts, row))
        for w in words[lang]:
            check(w in out, "variants --lang %s does not say %r" % (lang, w))
        if lang != "en":
            check(not re.search(r"\bplayers?\b", out), "variants --lang %s says players" % lang)
        code, out, _ = pul(["variants", "--help", "--lang", lang])
        check(code == 0 and "--lang" in out and (lang == "en" or "usage:" not in out),
              "variants --help --lang %s is not in %s" % (lang, lang))


# ------------------------------------------------------------ ends

def replay_end():
    """The last lines of a finished game's replay: each seat's score as the
    engine breaks it down, in every language, the parts adding up to the
    referee's scores."""
    rec = os.path.join(ROOT, "tests", "conformance", "random", "game-0001.pmn")
    _, out, _ = pul(["referee", rec])
    scores = json.loads(out.splitlines()[-1])["scores"]
    n = len(re.findall(r"\d+@|\bs[ns][ew]|\bt\d*\b|\bpass\b", open(rec).read().split("\n\n", 1)[-1]))
    code, out, _ = pul(["replay", "--at", "1000000", rec])
    _, out, err = pul(["replay", "--no-colour", rec], "G\n")
    pattern = {
        "en": r"seat (\d): (-?\d+) points \(closed groups (-?\d+), supply tiles (\d+) = (-?\d+), "
              r"hand tiles (\d+) = (-?\d+)\)",
        "ja": r"プレイヤー (\d): (-?\d+) 点（閉じたグループ (-?\d+)、山札 (\d+) 枚 = (-?\d+)、"
              r"手札 (\d+) 枚 = (-?\d+)）",
        "fr": r"joueur (\d) : (-?\d+) points \(clôtures de groupe (-?\d+), tuiles en réserve (\d+) "
              r"= (-?\d+), tuiles en main (\d+) = (-?\d+)\)",
        "es": r"jugador (\d): (-?\d+) puntos \(cierres de grupo (-?\d+), fichas en suministro "
              r"(\d+) = (-?\d+), fichas en mano (\d+) = (-?\d+)\)",
    }
    for lang in LANGS:
        _, out, _ = pul(["replay", "--no-colour", "--lang", lang, rec], "G\nq\n")
        lines = out.rstrip("\n").splitlines()[-2:]
        got = [re.match(pattern[lang], l) for l in lines]
        if not check(all(got), "replay --lang %s ends %r" % (lang, lines)):
            continue
        for m in got:
            seat, total, groups, _, sp, _, hp = (int(x) for x in m.groups())
            check(total == scores[seat - 1] and total == groups + sp + hp,
                  "replay --lang %s seat %d: %d = %d + %d + %d, the referee says %d"
                  % (lang, seat, total, groups, sp, hp, scores[seat - 1]))
    check(n > 10, "the record has moves")


def solo_end(tmp):
    """A solo game ends with its score, not a winner: play, replay, and the
    record of a bots' game."""
    winner = {"en": r"[Ww]inner|No winner", "ja": r"勝者", "fr": r"[Gg]agnant", "es": r"[Gg]ana"}
    said = {"en": r"Your score: (-?\d+) points\.", "ja": r"あなたの得点: (-?\d+) 点。",
            "fr": r"Votre score : (-?\d+) points\.", "es": r"Tu puntuación: (-?\d+) puntos\."}
    for lang in LANGS:
        code, out, _ = pul(["play", "micropul-solo", "--seed", "5", "--lang", lang, "--record",
                            "solo-%s.pmn" % lang], "1\n" * 400, tmp)
        last = out.rstrip("\n").splitlines()[-1] if out.strip() else ""
        check(code == 0 and re.fullmatch(said[lang], last),
              "solo play --lang %s ends %r" % (lang, last))
        check(not re.search(winner[lang], out[-600:]), "solo play --lang %s names a winner" % lang)
        rec = os.path.join(tmp, "solo-%s.pmn" % lang)
        _, out, _ = pul(["replay", "--no-colour", "--lang", lang, rec], "G\nq\n")
        end = out[out.rfind("\n\n"):]
        check(not re.search(winner[lang], end), "solo replay --lang %s names a winner: %r"
              % (lang, end[-300:]))
    rec = os.path.join(ROOT, "tests", "conformance", "solo", "game-0001.pmn")
    _, out, _ = pul(["referee", rec])
    score = json.loads(out.splitlines()[-1])["scores"][0]
    _, out, _ = pul(["replay", "--no-colour", rec], "G\nq\n")
    last = out.rstrip("\n").splitlines()[-1]
    m = re.fullmatch(r"score: (-?\d+) points \(closed groups (-?\d+), supply tiles \d+ = (-?\d+), "
                     r"hand tiles \d+ = (-?\d+)\)", last)
    check(m is not None and int(m.group(1)) == score and
          score == int(m.group(2)) + int(m.group(3)) + int(m.group(4)),
          "solo replay ends %r (the referee's score: %d)" % (last, score))
    code, out, _ = pul(["play", "micropul-solo", "--seats", "random", "--seed", "5"])
    check(code == 0 and re.search(r"^; Score: -?\d+", out, re.M) and "; Winner" not in out,
          "a solo bots' game's record: %r" % out[-300:])


# ------------------------------------------------------------ tables

CONVERSION = re.compile(r"%(?:\d+\$)?[-+ #0]*\d*(?:\.\d+)?(?:ll|l|h)?[diouxXsc%]")


def conversions(text):
    """The conversions of a format by argument: positional ones (ja) in argument order."""
    convs = CONVERSION.findall(text)
    if any("$" in c for c in convs):
        convs = sorted(convs, key=lambda c: int(c[1:c.index("$")]))
        convs = ["%" + c[c.index("$") + 1:] for c in convs]
    return convs


def c_rows(path, pattern):
    """{id: [texts]} of a C table whose rows are `[ID] = {"..", "..", ..}` (adjacent
    string literals joined)."""
    source = open(os.path.join(ROOT, path), encoding="utf-8").read()
    rows = {}
    for ident, body in re.findall(r"\[(" + pattern + r")\] = \{(.*?)\},\n", source, re.S):
        texts, cur = [], None
        for tok in re.findall(r'"(?:[^"\\]|\\.)*"|,|\{', body):
            if tok in ",{":
                if cur is not None:
                    texts.append(cur)
                cur = None
            else:
                cur = (cur or "") + tok[1:-1]
        if cur is not None:
            texts.append(cur)
        rows[ident] = texts
    return rows


def header_ids(path, prefix):
    text = open(os.path.join(ROOT, path)).read()
    return [i for i in re.findall(r"^\s+(" + prefix + r"\w+)[,= ]", text, re.M)
            if not i.endswith("_COUNT")]


def same_everywhere(table, ident, texts):
    if not check(len(texts) == 4 and all(texts), "%s %s has %d texts, not 4"
                 % (table, ident, len(texts))):
        return
    convs = [conversions(t) for t in texts]
    check(all(c == convs[0] for c in convs), "%s %s: conversions differ: %s" % (table, ident, convs))
    names = [sorted(set(re.findall(r"\{(\w+)\}", t))) for t in texts]
    check(all(n == names[0] for n in names), "%s %s: placeholders differ: %s" % (table, ident, names))


def tables():
    """Every template of every language exists, with the conversions and the
    {placeholders} of English."""
    ids = header_ids("tools/play_text.h", "PM_")
    rows = c_rows("tools/play_text.c", r"PM_\w+")
    check(len(ids) >= 45, "only %d play messages" % len(ids))
    for i in ids:
        if check(i in rows, "play message %s has no row" % i):
            same_everywhere("play", i, rows[i])
    if not check(all(os.path.exists(os.path.join(ROOT, p)) for p in
                     ("tools/variants_text.h", "tools/variants_text.c", "engine/src/family/reasons.c")),
                 "the text tables of pul variants and of the refusals are missing"):
        return
    ids = header_ids("tools/variants_text.h", "VT_")
    rows = c_rows("tools/variants_text.c", r"VT_\w+")
    check(len(ids) >= 10, "only %d variants texts" % len(ids))
    for i in ids:
        if check(i in rows, "variants text %s has no row" % i):
            same_everywhere("variants", i, rows[i])
    reasons = re.findall(r"^\s+(PUL_R_\w+|PUL_LEGAL)\b", open(os.path.join(ROOT, "engine/include/pul.h")).read(),
                         re.M)
    reasons = [r for r in reasons if r != "PUL_R_COUNT"]
    rows = c_rows("engine/src/family/reasons.c", r"PUL_R_\w+|PUL_LEGAL")
    check(len(reasons) == 23, "%d refusal reasons in pul.h (16 of Micropul, 7 of Genial)"
          % len(reasons))
    for r in reasons:
        if check(r in rows, "refusal %s has no explanation" % r):
            same_everywhere("reasons", r, rows[r])
            for t in rows[r]:
                for name in re.findall(r"\{(\w+)\}", t):
                    check(name in ("stone", "group", "supply", "core", "big", "bag", "rack",
                                   "pairs", "kinds", "limit"),
                          "refusal %s: unknown placeholder {%s}" % (r, name))
    code, out, _ = pul(["replay", "--list-messages"])
    langs = {}
    for line in out.splitlines():
        mid, lang, text = line.split("\t", 2)
        langs.setdefault(mid, {})[lang] = text
    check(code == 0 and len(langs) >= 30, "replay --list-messages: %d ids" % len(langs))
    for mid, by_lang in langs.items():
        same_everywhere("replay", mid, [by_lang.get(l, "") for l in LANGS])


with tempfile.TemporaryDirectory() as tmp:
    for step in (lambda: refusals(tmp), lambda: play_words(tmp), lambda: play_list_aligned(tmp),
                 lambda: japanese_terms(tmp), variants_table, replay_end, lambda: solo_end(tmp),
                 tables):
        try:
            step()
        except Exception as e:  # a crash is a failure of that step, not of the rest
            import traceback
            traceback.print_exc()
            check(False, "step failed: %r" % e)

summary("words")
