"""boardfile.dask: a LocalCluster of two workers solves 200 boards into the
very bytes `boardfile solve` writes, also when a worker is killed in the
middle of the run."""

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
