"""Hostile game records (PMN): size, tags, numbers, the Variant tag (issue 10,
items 5 and 6). hostile_test.py runs them; the Case fields are documented there."""

from hostile_test import Case

CASES = [
    Case("referee-endless-record", ["pul", "referee"], item=6,
         stdin_file="/dev/zero", exit=2, stdout_empty=True,
         stderr=r"record.*(larger|too (big|large|long))", timeout=60, max_rss_mb=400),
]
