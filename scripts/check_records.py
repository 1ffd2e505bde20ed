#!/usr/bin/env python3
"""Checks hand records against the set they were made from.

    check_records.py pdf SET.jsonl FILE.pdf PER_PAGE PAPER
    check_records.py printed SET.jsonl FILE.pdf
    check_records.py html SET.jsonl FILE.html

The set is read here from boardfile's JSON Lines with Python's json module
(not by boardfile), and each hand's holdings are spelt as hand records
print them (ranks from the ace, 10 for the ten, a dash for a void). The
PDF's text comes from poppler's pdftotext, a page at a time.

pdf: the page count and size; every board's number on its page (boards
in order, PER_PAGE a page), and every hand's four holdings there, each
after its suit symbol; the event heading every page, and a table and par
for every solved board.
printed: a browser's print of the HTML: every board whole on one page
(its number and all 16 holdings on the same page).
html: every board's section holds its number and its hands' holdings.
"""

import json
import re
import subprocess
import sys
from collections import Counter
from html import unescape

SUITS = "♠♥♦♣"
PAPER = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def boards(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if "board" in rec:
                out.append(rec)
    return out


def holdings(rec):
    """The 16 (symbol, holding) pairs of a board, N E S W, spades first."""
    deal = rec["deal"]
    assert deal.startswith("N:"), deal
    pairs = []
    for hand in deal[2:].split(" "):
        suits = hand.split(".")
        assert len(suits) == 4, hand
        for symbol, ranks in zip(SUITS, suits):
            pairs.append((symbol, ranks.replace("T", "10") if ranks else "\u2014"))
    cards = sum(len(h.replace("10", "T")) for _, h in pairs if h != "\u2014")
    assert cards == 52, rec["deal"]
    return pairs


def pdf_pages(path):
    info = subprocess.run(["pdfinfo", path], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    w, h = map(float, re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info, re.M).groups())
    texts = []
    for p in range(1, pages + 1):
        texts.append(
            subprocess.run(
                ["pdftotext", "-raw", "-f", str(p), "-l", str(p), path, "-"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
    return (w, h), texts


def pairs_in(text):
    """(symbol, next word) for every lone suit symbol or symbol-led word."""
    # The HTML keeps a symbol and its ranks together with a word joiner.
    words = text.replace("\u2060", "").split()
    found = Counter()
    for i, w in enumerate(words):
        if w in SUITS and i + 1 < len(words):
            found[(w, words[i + 1])] += 1
        elif len(w) > 1 and w[0] in SUITS:
            found[(w[0], w[1:])] += 1
    return found


def board_numbers(text):
    return [int(n) for n in re.findall(r"^Board (\d+)\s*$", text, re.M)]


def check_pdf(recs, path, per_page, paper):
    problems = []
    (w, h), texts = pdf_pages(path)
    want_pages = -(-len(recs) // per_page)
    if len(texts) != want_pages:
        problems.append(f"{len(texts)} pages, want {want_pages}")
    pw, ph = PAPER[paper]
    if abs(w - pw) > 0.5 or abs(h - ph) > 0.5:
        problems.append(f"page {w} x {h}, want {paper} {pw} x {ph}")
    for p, text in enumerate(texts):
        on_page = recs[p * per_page : (p + 1) * per_page]
        numbers = board_numbers(text)
        if numbers != [r["board"] for r in on_page]:
            problems.append(f"page {p + 1}: boards {numbers}, want {[r['board'] for r in on_page]}")
        found = pairs_in(text)
        for r in on_page:
            missing = Counter(holdings(r)) - found
            if missing:
                problems.append(f"board {r['board']}: {sorted(missing)} not on page {p + 1}")
            found -= Counter(holdings(r))
        solved = sum(1 for r in on_page if "par" in r)
        if text.count("Par\n") < solved:
            problems.append(f"page {p + 1}: {text.count('Par')} pars for {solved} solved boards")
        if "dd" in on_page[0] and "NT" not in text:
            problems.append(f"page {p + 1}: no DD table")
    return problems


def check_printed(recs, path):
    problems = []
    _, texts = pdf_pages(path)
    found = [pairs_in(t) for t in texts]
    for r in recs:
        pages = [p for p, t in enumerate(texts) if r["board"] in board_numbers(t)]
        if len(pages) != 1:
            problems.append(f"board {r['board']} numbered on pages {pages}")
            continue
        missing = Counter(holdings(r)) - found[pages[0]]
        if missing:
            problems.append(f"board {r['board']}: {sorted(missing)} not on its page {pages[0] + 1}")
        found[pages[0]] -= Counter(holdings(r))
    return problems


def check_html(recs, path):
    problems = []
    page = open(path, encoding="utf-8").read()
    if '<meta name="viewport"' not in page:
        problems.append("no viewport tag")
    sections = re.findall(r'<section class="board" id="board-(\d+)">(.*?)</section>', page, re.S)
    if [int(n) for n, _ in sections] != [r["board"] for r in recs]:
        problems.append(f"sections {[n for n, _ in sections]}")
    for (n, body), r in zip(sections, recs):
        text = unescape(re.sub(r"<[^>]+>", " ", body))
        missing = Counter(holdings(r)) - pairs_in(text)
        if missing:
            problems.append(f"board {n}: {sorted(missing)} not in its section")
    return problems


def main():
    what, jsonl, path = sys.argv[1:4]
    recs = boards(jsonl)
    if what == "pdf":
        problems = check_pdf(recs, path, int(sys.argv[4]), sys.argv[5])
    elif what == "printed":
        problems = check_printed(recs, path)
    else:
        problems = check_html(recs, path)
    if problems:
        print(f"{path}: PROBLEMS")
        for p in problems[:20]:
            print("  " + p)
        sys.exit(1)
    print(f"{path}: OK ({len(recs)} boards)")


if __name__ == "__main__":
    main()
