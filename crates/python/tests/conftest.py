"""Shared fixtures: the repository's sample files, the federation's files
beside the repository (../shared, as the Rust tests read them), and the
`boardfile` binary for comparisons with the command line."""

import os
import pathlib
import re
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "bridge"
ORACLE = DATA / "dds-oracle-100.pbn"
OTHELLO = ROOT.parent / "shared" / "data" / "othello"
BIGDEAL = ROOT.parent / "shared" / "data" / "bigdeal"


def cli_path():
    given = os.environ.get("BOARDFILE_CLI")
    if given:
        p = pathlib.Path(given)
        if not p.is_file():
            raise RuntimeError(f"BOARDFILE_CLI={given} is not a file")
        return p
    found = [ROOT / "target" / k / "boardfile" for k in ("release", "debug")]
    found = [p for p in found if p.is_file()]
    return max(found, key=lambda p: p.stat().st_mtime) if found else None


@pytest.fixture(scope="session")
def cli():
    """Runs the command line; fails when it exits non-zero."""
    path = cli_path()
    if path is None:
        pytest.skip("no boardfile binary (cargo build -p boardfile-cli, or set BOARDFILE_CLI)")

    def run(*args):
        r = subprocess.run([str(path), *map(str, args)], capture_output=True, text=True)
        assert r.returncode == 0, f"boardfile {' '.join(map(str, args))}: {r.stderr}"
        return r

    return run


def oracle_games():
    """The oracle file's games as its own text says them: board, dealer,
    vulnerability, deal, and the C++ DDS tables (DoubleDummyTricks: 20 hex
    digits, declarers N, S, E, W, each NT, S, H, D, C)."""
    text = ORACLE.read_text()
    games = []
    for block in text.split("\n\n"):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        if "Deal" not in tags:
            continue
        hexes = tags["DoubleDummyTricks"]
        dd = {}
        for k, seat in enumerate("NSEW"):
            row = hexes[5 * k : 5 * k + 5]
            dd[seat] = {s: int(c, 16) for s, c in zip(["NT", "S", "H", "D", "C"], row)}
        games.append(
            {
                "board": int(tags["Board"]),
                "dealer": tags["Dealer"],
                "vulnerable": tags["Vulnerable"],
                "deal": tags["Deal"],
                "dd": dd,
            }
        )
    assert len(games) == 100
    return games


def hands_by_seat(deal):
    """{'N': 'AKQ.JT9..5432', ...} from PBN's deal form with any first seat."""
    first, rest = deal.split(":")
    order = "NESW"
    start = order.index(first)
    return {order[(start + i) % 4]: h for i, h in enumerate(rest.split())}


def hcp(hand):
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c, 0) for c in hand)


def lengths(hand):
    return [len(s) for s in hand.split(".")]
