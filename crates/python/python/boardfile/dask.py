"""Double-dummy solving on a Dask cluster (dask.distributed).

::

    import boardfile.dask
    boardfile.dask.solve("deals.pbn", "solved.pbn")                 # a LocalCluster here
    boardfile.dask.solve("deals.pbn", "solved.pbn", client=Client("tcp://sched:8786"))

    python -m boardfile.dask solve deals.pbn solved.pbn
    python -m boardfile.dask solve deals.pbn solved.pbn --scheduler tcp://sched:8786

How: the input is read here and the boards a solve would solve (complete
deals without a whole table, or every one with ``force``) are cut into
shards of deals; each shard is a task that solves its deals on a worker
(``boardfile`` must be installed on the workers, nothing else: no shared
file system). A worker that dies (killed, out of memory, a lost node)
takes its shards with it and the scheduler runs them again elsewhere.
When every shard is back, the output is written here, once, by the same
library path as ``boardfile solve IN OUT``: the input read again, each
board given its shard's table (checked against its deal) and par, into
OUT's writer. So OUT is byte for byte what ``boardfile solve`` writes (a
PBN keeps each game's text and gains the tags), and appears atomically.

Clusters: ``LocalCluster`` on one machine (the default, a worker a core);
any scheduler address, e.g. from dask-jobqueue on SLURM/PBS
(``SLURMCluster(...).scheduler_address``) or dask-kubernetes.

Memory here: the shards (about 90 bytes a board) and their tables, not
the boards.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import uuid
from typing import Any, Optional, Tuple

from . import _native

__all__ = ["solve", "main"]


def _solve_shard(deals: bytes, jobs: int) -> bytes:
    """A task: the tables of a shard's deals (20 hex digits each)."""
    from boardfile import _native as native

    return native.solve_deal_lines(deals, jobs)


def solve(
    src: "str | os.PathLike[str]",
    dst: "str | os.PathLike[str]",
    client: Any = None,
    *,
    shard_size: Optional[int] = None,
    from_format: Optional[str] = None,
    to_format: Optional[str] = None,
    force: bool = False,
    jobs_per_task: int = 1,
) -> Tuple[int, int]:
    """Solves ``src`` into ``dst`` on the cluster of ``client``.

    Without a client, a ``LocalCluster`` of one single-threaded worker a
    core is started for the call (and closed after). ``shard_size`` boards
    go to a task (default: about four tasks a worker thread, at most 2,000
    boards); each task solves on ``jobs_per_task`` threads. ``dst``'s
    format is ``to_format`` or its extension, and must keep tables (PBN,
    JSONL, ZRD, CSV, Parquet...). Returns (boards written, boards solved on
    the cluster).
    """
    from distributed import Client, LocalCluster

    src = os.fspath(src)
    dst = os.fspath(dst)
    own = None
    if client is None:
        own = LocalCluster(
            n_workers=os.cpu_count() or 1, threads_per_worker=1, processes=True
        )
        client = Client(own)
    try:
        if shard_size is None:
            threads = max(1, sum(client.nthreads().values()))
            count, _ = _native.unsolved_count(src, from_format, force)
            shard_size = max(1, min(2000, math.ceil(count / (4 * threads))))
        shards, _, _ = _native.shards(src, shard_size, from_format, force)
        run = uuid.uuid4().hex[:12]
        futures = [
            client.submit(
                _solve_shard,
                deals,
                jobs_per_task,
                key=f"boardfile-solve-{run}-{i}",
                pure=False,
            )
            for i, (_, deals) in enumerate(shards)
        ]
        tables = client.gather(futures)
        results = [(idx, deals, t) for (idx, deals), t in zip(shards, tables)]
        solved = sum(len(t) // 20 for t in tables)
        written, _ = _native.write_solved(src, dst, results, from_format, to_format, None, force)
        return written, solved
    finally:
        if own is not None:
            client.close()
            own.close()


def main(argv: Optional[list] = None) -> int:
    """``python -m boardfile.dask solve IN OUT [--scheduler ADDRESS]``."""
    p = argparse.ArgumentParser(
        prog="python -m boardfile.dask",
        description="Double-dummy solving on a Dask cluster; OUT is what `boardfile solve IN OUT` writes.",
    )
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("solve", help="solve IN into OUT on a cluster")
    s.add_argument("input", metavar="IN")
    s.add_argument("output", metavar="OUT")
    s.add_argument("--scheduler", metavar="ADDRESS", help="a running scheduler (tcp://host:8786); default: a LocalCluster here")
    s.add_argument("--workers", type=int, default=None, help="LocalCluster workers (default: one a core)")
    s.add_argument("--shard-size", type=int, default=None, help="boards a task")
    s.add_argument("--from", dest="from_format", default=None, help="input format; default: detected")
    s.add_argument("--to", dest="to_format", default=None, help="output format; default: OUT's extension")
    s.add_argument("--force", action="store_true", help="solve boards that carry a table too")
    args = p.parse_args(argv)

    from distributed import Client, LocalCluster

    from ._errors import BoardfileError

    cluster = None
    try:
        if args.scheduler:
            client = Client(args.scheduler)
        else:
            cluster = LocalCluster(
                n_workers=args.workers or os.cpu_count() or 1,
                threads_per_worker=1,
                processes=True,
            )
            client = Client(cluster)
        with client:
            written, solved = solve(
                args.input,
                args.output,
                client,
                shard_size=args.shard_size,
                from_format=args.from_format,
                to_format=args.to_format,
                force=args.force,
            )
        print(
            f"boardfile: {args.output}: {written} boards written, {solved} solved on the cluster",
            file=sys.stderr,
        )
        return 0
    except BoardfileError as e:
        print(f"boardfile: {e}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as e:
        print(f"boardfile: {e}", file=sys.stderr)
        return 2
    finally:
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    sys.exit(main())
