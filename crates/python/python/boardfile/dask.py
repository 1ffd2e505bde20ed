"""Double-dummy solving, and Othello's theoretical scores checked, on a
Dask cluster (dask.distributed).

::

    import boardfile.dask
    boardfile.dask.solve("deals.pbn", "solved.pbn")                 # a LocalCluster here
    boardfile.dask.solve("deals.pbn", "solved.pbn", client=Client("tcp://sched:8786"))
    boardfile.dask.check_theoretical("WTH_2004.wtb", client)        # validate --solve's check

    python -m boardfile.dask solve deals.pbn solved.pbn
    python -m boardfile.dask solve deals.pbn solved.pbn --scheduler tcp://sched:8786
    python -m boardfile.dask theoretical WTH_2004.wtb --scheduler tcp://sched:8786

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

Theoretical scores (WTB, JSON Lines): ``check_theoretical`` is the check
of ``boardfile validate --solve``. The games are replayed here; each one's
position at the file's depth (24 empties in real files) goes to a task as
17 bytes, with its stored score to prove by the narrowest window around
it (or solved outright with ``full``), and comes back as one byte. The
report is made here from the file read again, each position checked
against the shard's: the same confirmed count, the same lines for wrong
and unsolvable games and the same note as ``boardfile validate --solve``.
Games without a stored score are counted, not solved. A task holds a
solver's 128 MiB table a thread.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
import uuid
from typing import Any, Dict, Iterator, List, Optional, Tuple

from . import _native

__all__ = ["solve", "check_theoretical", "main"]


@contextlib.contextmanager
def _cluster(client: Any, workers: Optional[int] = None) -> Iterator[Any]:
    """``client``, else a ``LocalCluster`` of ``workers`` single-threaded
    workers (default: one a core) for the block (closed after)."""
    if client is not None:
        yield client
        return
    from distributed import Client, LocalCluster

    # distributed is not typed: its calls are Any here.
    own: Any = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True
    )
    c: Any = Client(own)  # type: ignore[no-untyped-call]
    try:
        yield c
    finally:
        c.close()
        own.close()


def _shard_size(client: Any, count: int, most: int) -> int:
    """About four tasks a worker thread, at most ``most`` items a task."""
    threads: int = max(1, sum(client.nthreads().values()))
    return max(1, min(most, math.ceil(count / (4 * threads))))


def _run(
    client: Any, task: Any, payloads: List[Any], jobs: int, what: str, progress: Any = None
) -> List[Any]:
    """``task(payload, jobs)`` for each payload on the cluster, its results
    in order; ``progress(done, total)`` as they come back."""
    from distributed import as_completed

    run = uuid.uuid4().hex[:12]
    futures = [
        client.submit(task, x, jobs, key=f"boardfile-{what}-{run}-{i}", pure=False)
        for i, x in enumerate(payloads)
    ]
    if progress is not None:
        progress(0, len(futures))
        for done, _ in enumerate(as_completed(futures), 1):  # type: ignore[no-untyped-call]
            progress(done, len(futures))
    results: List[Any] = client.gather(futures)
    return results


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
    src = os.fspath(src)
    dst = os.fspath(dst)
    with _cluster(client) as client:
        if shard_size is None:
            count, _ = _native.unsolved_count(src, from_format, force)
            shard_size = _shard_size(client, count, 2000)
        shards, _, _ = _native.shards(src, shard_size, from_format, force)
        tables = _run(client, _solve_shard, [deals for _, deals in shards], jobs_per_task, "solve")
        results = [(idx, deals, t) for (idx, deals), t in zip(shards, tables)]
        solved = sum(len(t) // 20 for t in tables)
        written, _ = _native.write_solved(src, dst, results, from_format, to_format, None, force)
        return written, solved


def _solve_positions(boards: bytes, jobs: int) -> bytes:
    """A task: the scores of a shard's Othello positions (a byte each)."""
    from boardfile import _native as native

    return native.solve_othello_boards(boards, jobs)


def check_theoretical(
    src: "str | os.PathLike[str]",
    client: Any = None,
    *,
    shard_size: Optional[int] = None,
    full: bool = False,
    from_format: Optional[str] = None,
    players: "str | os.PathLike[str] | None" = None,
    tournaments: "str | os.PathLike[str] | None" = None,
    jobs_per_task: int = 1,
    progress: Any = None,
) -> Dict[str, Any]:
    """Checks every stored theoretical score of the file of 8x8 games
    ``src`` (WTB, or JSON Lines with ``theoretical_score``) on the cluster
    of ``client``, as ``boardfile validate --solve`` does.

    Without a client, a ``LocalCluster`` of one single-threaded worker a
    core is started for the call. ``shard_size`` positions go to a task
    (default: about four tasks a worker thread, at most 50: some seconds
    each at 24 empties); ``full`` solves every position with a full window
    instead of proving the stored score. Names come from ``players`` and
    ``tournaments``, else WTHOR.JOU and WTHOR.TRN beside ``src``.
    ``progress(done, total)`` is called as shards come back.

    A file of 10x10 games (WTD) raises ``ValueError``: the solver is for
    8x8.

    Returns ``{"file", "games", "confirmed", "wrong", "unsolvable",
    "unstored", "note"}`` (``unstored``: games with no stored score, counted
    and not solved; ``note``: validate --solve's summary):
    ``wrong`` lists ``{"game", "year", "black", "white", "stored",
    "solved", "message"}`` (games from 1, the solved score from a
    full-window solve), ``unsolvable`` lists ``{"game", "why", "message"}``.
    """
    src = os.fspath(src)
    players = os.fspath(players) if players is not None else None
    tournaments = os.fspath(tournaments) if tournaments is not None else None
    with _cluster(client) as client:
        indices, boards, _ = _native.theoretical_positions(src, from_format, full)
        count = len(indices) // 8
        if shard_size is None:
            shard_size = _shard_size(client, count, 50)
        shard_size = max(1, shard_size)
        shards = [
            (indices[8 * a : 8 * (a + shard_size)], boards[17 * a : 17 * (a + shard_size)])
            for a in range(0, count, shard_size)
        ]
        scores = _run(
            client, _solve_positions, [b for _, b in shards], jobs_per_task, "theoretical", progress
        )
        results = [(idx, b, sc) for (idx, b), sc in zip(shards, scores)]
        return _native.theoretical_report(src, results, from_format, full, players, tournaments)


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m boardfile.dask solve IN OUT [--scheduler ADDRESS]``,
    ``python -m boardfile.dask theoretical FILE [--scheduler ADDRESS]``."""
    p = argparse.ArgumentParser(
        prog="python -m boardfile.dask",
        description="On a Dask cluster: double-dummy solving (OUT is what `boardfile solve IN OUT` writes), "
        "and the check of stored Othello theoretical scores that `boardfile validate --solve` makes.",
        epilog="exit codes: 0 done (every stored theoretical score confirmed), 1 a wrong or unsolvable "
        "theoretical score or a file's data refused, 2 a file or argument not usable",
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
    t = sub.add_parser(
        "theoretical",
        help="check every stored theoretical score of a WTB or JSON Lines file on a cluster",
        description="Proves or refutes every stored theoretical score of FILE (WTB, or JSON Lines of 8x8 games) "
        "at its depth, as `boardfile validate --solve` does: a line on stderr for each "
        "wrong or unsolvable game, the totals on stdout.",
        epilog="example: python -m boardfile.dask theoretical WTH_2004.wtb --scheduler tcp://sched:8786",
    )
    t.add_argument("input", metavar="FILE")
    t.add_argument("--scheduler", metavar="ADDRESS", help="a running scheduler (tcp://host:8786); default: a LocalCluster here")
    t.add_argument("--workers", type=int, default=None, help="LocalCluster workers (default: one a core)")
    t.add_argument("--shard-size", type=int, default=None, help="positions a task")
    t.add_argument("--from", dest="from_format", default=None, help="input format; default: detected")
    t.add_argument("--full", action="store_true", help="solve every position with a full window instead of proving the stored score")
    t.add_argument("--players", default=None, help="players file (default: WTHOR.JOU beside FILE)")
    t.add_argument("--tournaments", default=None, help="tournaments file (default: WTHOR.TRN beside FILE)")
    t.add_argument("--json", action="store_true", help="the report as one JSON object on stdout")
    args = p.parse_args(argv)

    from distributed import Client

    from ._errors import BoardfileError

    given: Any = None
    try:
        if args.scheduler:
            given = Client(args.scheduler)  # type: ignore[no-untyped-call]
        with _cluster(given, args.workers) as client:
            if args.command == "theoretical":
                return _theoretical(args, client)
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
        if given is not None:
            given.close()


def _theoretical(args: argparse.Namespace, client: Any) -> int:
    """``theoretical``: the report, and 1 when a score is wrong or unsolvable."""
    import json

    tty = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if tty:
            end = "\n" if done == total else ""
            print(f"\rboardfile: {done}/{total} shards solved", end=end, file=sys.stderr, flush=True)

    r = check_theoretical(
        args.input,
        client,
        shard_size=args.shard_size,
        full=args.full,
        from_format=args.from_format,
        players=args.players,
        tournaments=args.tournaments,
        progress=progress,
    )
    bad = r["wrong"] + r["unsolvable"]
    if args.json:
        print(json.dumps(r))
    else:
        for x in bad:
            print(f"boardfile: {args.input}: {x['message']}", file=sys.stderr)
        print(f"{args.input}: {r['games']} games; {r['note']}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
