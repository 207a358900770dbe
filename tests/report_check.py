#!/usr/bin/env python3
"""report_check.py: the HTML report of `pul sim` is a page a browser and an
XML parser both accept. Runs the summary unit test, which writes an A/B
report with a hostile variant name, then checks: the page parses with
html.parser with balanced tags; each <svg> is well-formed XML; every chart
section (scores, wins, length, ends, activations, groups, ab) has an <h2>
and an <svg>; nothing is fetched (no script, no src, no link, no url());
the verdict comes first and names the variants, escaped.

usage: report_check.py --test PATH_TO_test_sim_summary
"""
import argparse
import html.parser
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

VOID = {"meta", "br", "img", "hr", "input", "link"}
SECTIONS = ["scores", "wins", "length", "ends", "activations", "groups", "ab"]


class Checker(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors = [], []
        self.sections = {}  # id -> set of tags inside
        self.current = None
        self.tags = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        for name, value in attrs:
            if name in ("src", "href") or (name.startswith("on")):
                self.errors.append(f"attribute {name}={value!r} on <{tag}>")
        if tag == "section":
            self.current = dict(attrs).get("id")
            self.sections[self.current] = set()
        elif self.current:
            self.sections[self.current].add(tag)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.add(tag)
        if self.current:
            self.sections[self.current].add(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            return
        self.stack.pop()
        if tag == "section":
            self.current = None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--test", required=True)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "report.html")
        run = subprocess.run([args.test, out], capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stderr)
            return 1
        with open(out, encoding="utf-8") as f:
            page = f.read()
    failures = []
    if not page.startswith("<!DOCTYPE html>"):
        failures.append("no doctype")
    p = Checker()
    p.feed(page)
    p.close()
    failures += p.errors
    if p.stack:
        failures.append(f"unclosed tags: {p.stack}")
    if "script" in p.tags:
        failures.append("a <script> element")
    for bad in ("url(", "@import", "<link", "<img", "@font-face"):
        if bad in page:
            failures.append(f"{bad} in the page")
    links = re.findall(r"https?://[^\"' ]+", page)
    if any(l != "http://www.w3.org/2000/svg" for l in links):
        failures.append(f"external references: {links}")
    svgs = re.findall(r"<svg\b.*?</svg>", page, re.S)
    if len(svgs) < len(SECTIONS):
        failures.append(f"only {len(svgs)} svg elements")
    for i, svg in enumerate(svgs):
        try:
            ET.fromstring(svg)
        except ET.ParseError as e:
            failures.append(f"svg {i} is not well-formed XML: {e}")
    for sid in SECTIONS:
        tags = p.sections.get(sid)
        if tags is None:
            failures.append(f"no section {sid}")
        elif "h2" not in tags or "svg" not in tags:
            failures.append(f"section {sid} lacks an h2 or an svg")
    if "alert(&quot;x&quot;)" not in page:
        failures.append("the hostile name is not there, escaped")
    # The verdict opens the page: in the header, before the first chart, and
    # it names the variants (the hostile one escaped).
    verdict = page.find('<ul class="verdict-lines">')
    if verdict < 0 or verdict > page.find("<section"):
        failures.append("no verdict before the first chart")
    else:
        items = page[verdict:page.find("</ul>", verdict)]
        if "<li>" not in items or "alert(&quot;x&quot;)" not in items:
            failures.append("the verdict does not name the variants")
    for f in failures:
        print("report_check:", f)
    print(f"report_check: {len(svgs)} svg, {len(p.sections)} sections, "
          f"{'FAIL' if failures else 'ok'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
