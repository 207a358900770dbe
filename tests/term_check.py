"""term_check.py: what a pseudo-terminal test may see from pul besides
printable UTF-8: the tool's own sequences only (play_test.py, replay_test.py)."""

import re

# The tool's own sequences at a terminal: colours (SGR), cursor home, screen clear.
OWN_SEQUENCE = re.compile(rb"\x1b\[[0-9;]*[mHJ]")
# What must not reach the terminal besides them (pul_text_unsafe): another
# control (the line discipline's \r\n and tabs aside), C1 controls, bidi
# controls, the line and paragraph separators, U+FFFE and U+FFFF.
FOREIGN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e"
                     "\u2066-\u2069\ufffe\uffff]")


def foreign_text(out):
    """What in out (bytes) is neither printable UTF-8 nor one of the tool's
    own sequences, described; None when there is nothing."""
    try:
        text = OWN_SEQUENCE.sub(b"", out).decode("utf-8")
    except UnicodeDecodeError as e:
        return "bytes that are not UTF-8 (%s)" % e
    m = FOREIGN.search(text)
    return m and "U+%04X in %r" % (ord(m.group()), text[max(0, m.start() - 60):m.end() + 20])
