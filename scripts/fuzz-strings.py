#!/usr/bin/env python3
"""Structured fuzzing: every text of the JSON Lines and CSV seeds
(fuzz/seeds/jsonl, fuzz/seeds/csv) replaced by awkward text, and that text
added to it, one string at a time; each variant is run once through a fuzz
target's check (`TARGET -runs=0 DIR`), which stops at the first failure. Random mutation rarely writes a
whole JSON escape or a quoted CSV cell; this found two writers that wrote
what they could not read back (a line break in a par contract for PBN, in
an event for DLM) where ten minutes of random fuzzing had not.

    scripts/fuzz-strings.py [TARGET...]
        default: read_jsonl round_trip_jsonl read_csv round_trip_csv

Builds the targets as scripts/fuzz.sh does. A failing input is kept in
fuzz/artifacts/TARGET; copy it to tests/data/<format>/regression/ as
scripts/fuzz.sh says. Takes minutes a target (read_* write every format).
"""

import csv
import io
import json
import os
import subprocess
import sys
import tempfile

AWKWARD = [
    "", " ", "\n", "\r", "\t", "\u000b", "\u0001", "\u00a0", "\u007f", "é",
    "\u2660", "\"", "\\", "|", ";", ",", ":", "%", "#", "=", "*", "!", "?",
    "-", "[x]", "{x}", "]", "}", "0", "-1", "13", "999", "N", "E", "All",
    "None", "Pass", "a|b", "a;b", "x\ny", "NS 4S", "4S-N x,5C-S",
]

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
FUZZ = os.path.join(ROOT, "fuzz")


def strings(value, path=()):
    """The paths of every string in a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from strings(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from strings(v, path + (i,))
    elif isinstance(value, str):
        yield path


def jsonl_variants(text):
    boards = [json.loads(line) for line in text.splitlines()]
    for i, board in enumerate(boards):
        for path in strings(board):
            for awkward in AWKWARD:
                for added in (False, True):
                    copy = json.loads(json.dumps(boards))
                    at = copy[i]
                    for p in path[:-1]:
                        at = at[p]
                    at[path[-1]] = at[path[-1]] + awkward if added else awkward
                    yield "".join(json.dumps(b, ensure_ascii=False) + "\n" for b in copy)


def csv_variants(text):
    rows = list(csv.reader(io.StringIO(text, newline="")))
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            for awkward in AWKWARD:
                for added in (False, True):
                    copy = [list(x) for x in rows]
                    copy[r][c] = cell + awkward if added else awkward
                    out = io.StringIO()
                    csv.writer(out, lineterminator="\n").writerows(copy)
                    yield out.getvalue()


def main():
    targets = sys.argv[1:] or ["read_jsonl", "round_trip_jsonl", "read_csv", "round_trip_csv"]
    env = dict(os.environ, RUSTC_BOOTSTRAP="1")
    env.pop("CARGO_TARGET_DIR", None)
    failed = []
    for target in targets:
        kind = target.removeprefix("read_").removeprefix("round_trip_")
        make = {"jsonl": jsonl_variants, "csv": csv_variants}.get(kind)
        if make is None:
            sys.exit(f"fuzz-strings: {target}: only JSON Lines and CSV targets")
        subprocess.run(["cargo", "fuzz", "build", target], cwd=FUZZ, env=env, check=True,
                       stdout=subprocess.DEVNULL)
        seeds = os.path.join(FUZZ, "seeds", kind)
        with tempfile.TemporaryDirectory() as tmp:
            n = 0
            for name in sorted(os.listdir(seeds)):
                with open(os.path.join(seeds, name), encoding="utf-8", newline="") as f:
                    for variant in make(f.read()):
                        with open(os.path.join(tmp, f"{n:06d}"), "w", encoding="utf-8",
                                  newline="") as out:
                            out.write(variant)
                        n += 1
            artifacts = os.path.join(FUZZ, "artifacts", target)
            os.makedirs(artifacts, exist_ok=True)
            binary = os.path.join(FUZZ, "target", "x86_64-unknown-linux-gnu", "release", target)
            run = subprocess.run(
                [binary, "-runs=0", "-timeout=10", "-rss_limit_mb=2048",
                 f"-artifact_prefix={artifacts}/", tmp],
                capture_output=True, text=True, errors="replace")
            status = "ok" if run.returncode == 0 else "CRASH"
            print(f"{target:20} {n:7} variants  {status}")
            if run.returncode != 0:
                failed.append(target)
                panics = [l for l in run.stderr.splitlines() if "panicked" in l or "wrote" in l]
                print("\n".join(panics[:4]), file=sys.stderr)
    if failed:
        sys.exit(f"fuzz-strings: failed: {' '.join(failed)} (inputs in fuzz/artifacts)")


if __name__ == "__main__":
    main()
