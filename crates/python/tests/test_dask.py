"""boardfile.dask: a LocalCluster of two workers solves 200 boards into the
very bytes `boardfile solve` writes, also when a worker is killed in the
middle of the run; and checks WTHOR theoretical scores as `boardfile
validate --solve` does, a wrong one given the federation's value."""

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

distributed = pytest.importorskip("distributed")

import boardfile
import boardfile.dask
from conftest import OTHELLO, cli_path


@pytest.fixture(scope="module")
def boards(tmp_path_factory, cli):
    """200 boards as PBN, and `boardfile solve`'s output for them."""
    d = tmp_path_factory.mktemp("dask")
    src = d / "set.pbn"
    cli("deal", src, "--boards", 200, "--seed", "d45c")
    ref = d / "ref.pbn"
    cli("solve", src, ref, "-j", "2")
    return src, ref


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_two_workers_write_what_boardfile_solve_writes(boards, client, tmp_path):
    src, ref = boards
    out = tmp_path / "out.pbn"
    written, solved = boardfile.dask.solve(src, out, client, shard_size=25)
    assert (written, solved) == (200, 200)
    assert out.read_bytes() == ref.read_bytes()


def test_a_killed_worker_s_shards_are_done_again(boards, client, tmp_path):
    src, ref = boards
    out = tmp_path / "out.pbn"
    killed = []

    def kill_one_when_work_is_under_way():
        # Once a shard is done (its result held on a worker, not yet
        # gathered), SIGKILL that worker: its results and its running
        # shard are lost and must be computed again.
        deadline = time.time() + 60
        while time.time() < deadline and not killed:
            held = client.has_what()
            for addr, keys in held.items():
                if any(str(k).startswith("boardfile-solve") for k in keys):
                    pid = client.run(os.getpid, workers=[addr])[addr]
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
                    return
            time.sleep(0.05)

    t = threading.Thread(target=kill_one_when_work_is_under_way)
    t.start()
    written, _ = boardfile.dask.solve(src, out, client, shard_size=10)
    t.join()
    assert killed, "no worker was killed"
    with pytest.raises(ProcessLookupError):
        os.kill(killed[0], 0)
    assert written == 200
    assert out.read_bytes() == ref.read_bytes()


def test_the_module_command(cli, tmp_path):
    src, ref, out = tmp_path / "s.pbn", tmp_path / "ref.pbn", tmp_path / "cmd.pbn"
    cli("deal", src, "--boards", 24, "--seed", "5")
    cli("solve", src, ref, "-j", "2")
    r = subprocess.run(
        [sys.executable, "-m", "boardfile.dask", "solve", str(src), str(out), "--workers", "2", "--shard-size", "6"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    assert "24 boards written, 24 solved on the cluster" in r.stderr
    assert out.read_bytes() == ref.read_bytes()
    bad = subprocess.run(
        [sys.executable, "-m", "boardfile.dask", "solve", str(tmp_path / "none.pbn"), str(out), "--workers", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert bad.returncode == 2 and "none.pbn" in bad.stderr


@pytest.fixture(scope="module")
def three_games(tmp_path_factory):
    """WTH_1977's first three games as a WTB of their own: the second's
    stored theoretical score (the federation's) raised by 2, the third's
    moves cut after 30 (no position at 24 empties). Returns the file and
    the second game's stored score as the federation has it."""
    data = (OTHELLO / "WTH_1977.wtb").read_bytes()
    head = bytearray(data[:16])
    head[4:8] = (3).to_bytes(4, "little")
    games = [bytearray(data[16 + 68 * i : 16 + 68 * (i + 1)]) for i in range(3)]
    federation = games[1][7]
    games[1][7] += 2
    games[2][8 + 30 :] = bytes(30)
    path = tmp_path_factory.mktemp("wthor") / "three.wtb"
    path.write_bytes(bytes(head) + b"".join(games))
    return path, federation


def names():
    return {"players": OTHELLO / "WTHOR.JOU", "tournaments": OTHELLO / "WTHOR.TRN"}


def test_theoretical_scores_on_the_cluster_are_validate_solve_s(three_games, client):
    path, federation = three_games
    r = boardfile.dask.check_theoretical(path, client, shard_size=1, **names())
    assert (r["games"], r["confirmed"], r["unstored"]) == (3, 1, 0), r
    [wrong] = r["wrong"]
    # The solved score is the federation's, independently of boardfile.
    assert (wrong["game"], wrong["year"], wrong["stored"], wrong["solved"]) == (
        2,
        1977,
        federation + 2,
        federation,
    ), r
    assert wrong["black"] and wrong["white"], r
    [cut] = r["unsolvable"]
    assert cut["game"] == 3 and "the moves stop" in cut["why"], r
    # The lines are those of the command line's validate --solve.
    run = subprocess.run(
        [str(cli_path()), "validate", "--solve", "--json", "--players", str(OTHELLO / "WTHOR.JOU"),
         "--tournaments", str(OTHELLO / "WTHOR.TRN"), str(path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 1, run.stderr
    o = json.loads(run.stdout)
    assert o["theoretical_confirmed"] == r["confirmed"]
    assert o["theoretical_wrong"] == [wrong["message"]]
    assert o["theoretical_unsolvable"] == [cut["message"]]
    assert o["theoretical_unstored"] == r["unstored"]
    # The command line's note leads with the validation's own ("1 unfinished").
    assert o["note"].endswith("; " + r["note"]), (o["note"], r["note"])


def test_shards_that_do_not_fit_the_file_are_refused(three_games):
    # A game without its score, or a score given for another game's
    # position (the file changed since the shards were cut): refused, not
    # misreported.
    path, _ = three_games
    from boardfile import _native

    indices, boards, games = _native.theoretical_positions(str(path))
    assert (len(indices) // 8, len(boards) // 17, games) == (2, 2, 3)
    fake = bytes([0])
    with pytest.raises(ValueError, match="game 2 was not solved"):
        _native.theoretical_report(str(path), [(indices[:8], boards[:17], fake)])
    with pytest.raises(ValueError, match="not the one the shards were cut from"):
        _native.theoretical_report(str(path), [(indices[8:], boards[:17], fake)])
    with pytest.raises(ValueError, match="do not match"):
        _native.theoretical_report(str(path), [(indices, boards, fake)])
    # A PGN stores no theoretical scores: nothing to check.
    pgn = path.with_suffix(".pgn")
    pgn.write_text('[Event "x"]\n\n1. f5 d6 2. c3 *\n')
    with pytest.raises(ValueError, match="stores no theoretical scores"):
        _native.theoretical_positions(str(pgn))
    # 10x10 games (e4 opens the 10x10 board): the solver is for 8x8.
    ten = path.with_name("ten.jsonl")
    ten.write_text('{"year":2000,"board_size":10,"black_discs":60,"theoretical_score":60,"moves":"e4"}\n')
    with pytest.raises(ValueError, match="the solver is for 8x8"):
        _native.theoretical_positions(str(ten))


def test_json_lines_scores_are_checked_as_the_wtb_s(three_games, client):
    # The three games as JSON Lines, the first's theoretical_score taken
    # out: counted, not solved; the others as in the WTB, the names the
    # file's own.
    path, federation = three_games
    jsonl = path.with_name("three-scores.jsonl")
    text = boardfile._native.read_games_lines(str(path), None, **{k: str(v) for k, v in names().items()})
    lines = [json.loads(l) for l in text.decode().splitlines()]
    assert len(lines) == 4, lines
    del lines[1]["theoretical_score"]
    jsonl.write_text("".join(json.dumps(l) + "\n" for l in lines))
    r = boardfile.dask.check_theoretical(jsonl, client, shard_size=1)
    assert (r["games"], r["confirmed"], r["unstored"]) == (3, 0, 1), r
    [wrong] = r["wrong"]
    assert (wrong["game"], wrong["stored"], wrong["solved"]) == (2, federation + 2, federation), r
    assert (wrong["black"], wrong["white"]) == (lines[2]["black"], lines[2]["white"]), r
    [cut] = r["unsolvable"]
    assert cut["game"] == 3, r
    # As the command line checks the same file.
    run = subprocess.run(
        [str(cli_path()), "validate", "--solve", "--json", str(jsonl)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 1, run.stderr
    o = json.loads(run.stdout)
    assert (o["theoretical_confirmed"], o["theoretical_unstored"]) == (r["confirmed"], r["unstored"]), o
    assert o["theoretical_wrong"] == [wrong["message"]], o
    assert o["theoretical_unsolvable"] == [cut["message"]], o
    assert r["note"] == "0 theoretical scores confirmed, 1 wrong, 1 not solvable, 1 game without one", r
