#!/usr/bin/env python3
"""Structural checks of the test blocks in tests/lang (not a substitute for running them).

Usage: python3 tests/lang/oracle/check_blocks.py
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP = {"errors"}


def blocks(lines):
    """Yield the comment groups (stripped) that contain a '==' line."""
    group = []
    for line in lines + [""]:
        if line.startswith("--"):
            s = line[2:]
            if s.startswith(" "):
                s = s[1:]
            group.append(s)
            continue
        if any(g.strip() == "==" for g in group):
            yield group
        group = []


def entry_names(src):
    names = set(re.findall(r"^entry\s+([A-Za-z_][A-Za-z0-9_]*)", src, re.M))
    if re.search(r"^def\s+main\b", src, re.M) or re.search(r"^entry\s+main\b", src, re.M):
        names.add("main")
    return names


def check(path):
    errs = []
    src = open(path, encoding="utf-8").read()
    lines = src.split("\n")
    if not src.endswith("\n"):
        errs.append("file does not end with a newline")
    if not lines[0].startswith("-- "):
        errs.append("first line is not a comment")
    names = entry_names(src)
    nblocks = 0
    for b in blocks(lines):
        nblocks += 1
        after = b[[g.strip() for g in b].index("==") + 1:]
        text = "\n".join(after)
        listed = []
        for line in after:
            m = re.match(r"\s*entry:\s*(.*)$", line)
            if m:
                listed += m.group(1).split()
        if not listed:
            listed = ["main"]
        has_case = re.search(r"\binput\s*[{@]", text) is not None
        if has_case:
            for n in listed:
                if n not in names:
                    errs.append("block tests unknown entry point %r" % n)
        body = re.sub(r"error:.*", "", text)
        if body.count("{") != body.count("}"):
            errs.append("unbalanced braces in a test block")
        for m in re.finditer(r"\binput\s*{", body):
            pass
        if re.search(r"\boutput\s*{[^}]*\(\)", body):
            errs.append("unit value in output block")
    return nblocks, errs


def main():
    bad = 0
    files = 0
    tested = 0
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = [d for d in dirnames if os.path.relpath(os.path.join(dirpath, d), ROOT) not in SKIP]
        for f in sorted(filenames):
            if not f.endswith(".fut"):
                continue
            p = os.path.join(dirpath, f)
            files += 1
            n, errs = check(p)
            if n:
                tested += 1
            for e in errs:
                bad += 1
                print("%s: %s" % (os.path.relpath(p, ROOT), e))
    print("%d files, %d with test blocks, %d problems" % (files, tested, bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
