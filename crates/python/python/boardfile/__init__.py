"""boardfile: bridge deal files and Othello game files, from Python.

The same Rust library as the ``boardfile`` command line, so a board here is
exactly what ``boardfile convert set.pbn set.jsonl`` writes on a line::

    >>> import boardfile
    >>> boards = list(boardfile.read("set.pbn"))          # dicts, JSON Lines keys
    >>> boards[0]["deal"]
    'N:T53.AJ7.AT.AQ762 AKJ9.Q.QJ65.KJT8 872.T9543.K9732. Q64.K862.84.9543'
    >>> table = boardfile.read_table("set.pbn")            # pyarrow.Table, flat columns
    >>> df = table.to_pandas()                              # or polars.from_arrow(table)
    >>> boardfile.write(boards, "set.dlm")
    >>> boardfile.convert("set.pbn", "set.parquet")
    >>> solved = boardfile.solve(boardfile.deal(8, seed="1f"), jobs=2)

Inputs are a path or the file's bytes; the format is told as the command
line tells it (content, then extension) unless ``format=`` names it.
Bad input raises :class:`BoardfileError` (a ``ValueError``) carrying
``format``, ``record``, ``line`` and ``byte``; I/O failures raise
``OSError``. Outputs are written atomically.

Solving on a cluster: :mod:`boardfile.dask`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any, Dict, Iterable, Iterator, List, Optional, Union

from . import _native
from ._errors import BoardfileError

__all__ = [
    "BoardfileError",
    "read",
    "write",
    "convert",
    "read_table",
    "read_batches",
    "deal",
    "solve",
    "read_games",
    "replay",
    "formats",
    "TABLE_COLUMNS",
]

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview]

#: Boards a record batch of :func:`read_table` holds.
BATCH = _native.BATCH


def _source(source: Source) -> Any:
    if isinstance(source, memoryview):
        return source.tobytes()
    if isinstance(source, (bytes, bytearray)):
        return source
    return os.fspath(source)


def _boards(lines: Any, chunk: int) -> Iterator[Dict[str, Any]]:
    loads = json.loads
    while True:
        text = lines.read_chunk(chunk)
        if not text:
            return
        for line in text.splitlines():
            yield loads(line)


def read(source: Source, format: Optional[str] = None) -> Iterator[Dict[str, Any]]:
    """The boards of a bridge file, one dict at a time.

    Each dict has the JSON Lines keys (``board``, ``dealer``, ``vulnerable``,
    ``deal``, and ``dd``, ``par``, ``tags``, ``auction``... when the file
    has them), the same as ``boardfile convert IN OUT.jsonl`` writes. The
    file is streamed: memory does not grow with it. The file is opened (and
    its format told) at once; a bad board raises when it is reached.
    """
    lines = _native.BoardLines(_source(source), format)
    return _boards(lines, 2048)


def _default(o: Any) -> Any:
    # numpy scalars (from pandas rows) and the like.
    item = getattr(o, "item", None)
    if callable(item):
        return item()
    if isinstance(o, (set, frozenset, tuple)):
        return list(o)
    raise TypeError(f"{type(o).__name__} is not JSON serializable")


def _lines(boards: Iterable[Mapping[str, Any]]) -> Iterator[bytes]:
    encode = json.JSONEncoder(
        ensure_ascii=False, separators=(",", ":"), default=_default
    ).encode
    buf: List[str] = []
    for b in boards:
        if not isinstance(b, Mapping):
            raise TypeError(f"a board is a dict (JSON Lines keys), not {type(b).__name__}")
        buf.append(encode(b))
        if len(buf) >= 1024:
            buf.append("")
            yield "\n".join(buf).encode("utf-8")
            buf.clear()
    if buf:
        buf.append("")
        yield "\n".join(buf).encode("utf-8")


def write(
    boards: Iterable[Mapping[str, Any]],
    path: Union[str, "os.PathLike[str]"],
    format: Optional[str] = None,
    *,
    normalize: bool = False,
) -> int:
    """Writes boards (dicts with the JSON Lines keys) to ``path``.

    The format is ``format`` (a name such as ``"pbn"``, ``"dlm"``,
    ``"parquet"``) or the path's extension. Boards are streamed; the file
    appears whole or not at all. Returns the number of boards written.
    """
    return _native.write_lines(_lines(boards), os.fspath(path), format, normalize)


def convert(
    src: Source,
    dst: Union[str, "os.PathLike[str]"],
    *,
    from_format: Optional[str] = None,
    to_format: Optional[str] = None,
    normalize: bool = False,
) -> int:
    """Converts a bridge file, as ``boardfile convert SRC DST`` does.

    Returns the number of boards written.
    """
    return _native.convert(_source(src), os.fspath(dst), from_format, to_format, normalize)


class TableBatches:
    """The record batches of a table being read (see :func:`read_batches`):
    iterate for ``pyarrow.RecordBatch`` es, or ``read_all()``."""

    def __init__(self, stream: Any) -> None:
        import pyarrow as pa

        self._stream = stream
        self.reader = pa.RecordBatchReader._import_from_c(stream.address())
        self.schema = self.reader.schema

    def _raise(self, e: BaseException) -> None:
        err = self._stream.take_error()
        if err is not None:
            raise err from None
        raise e

    def __iter__(self) -> Iterator[Any]:
        while True:
            try:
                batch = self.reader.read_next_batch()
            except StopIteration:
                return
            except Exception as e:  # pyarrow's error for ours
                self._raise(e)
            yield batch

    def read_all(self) -> Any:
        try:
            return self.reader.read_all()
        except Exception as e:
            self._raise(e)


def read_batches(source: Source, format: Optional[str] = None, batch_size: int = BATCH) -> TableBatches:
    """A bridge file as a stream of pyarrow record batches in the table's
    columns (see :func:`read_table`), ``batch_size`` boards each: for files
    larger than memory."""
    return TableBatches(_native.TableStream(_source(source), format, batch_size))


def read_table(source: Source, format: Optional[str] = None, batch_size: int = BATCH) -> Any:
    """A bridge file as a ``pyarrow.Table``, a board a row, flat columns.

    Columns: ``board``, ``dealer``, ``vulnerable``; ``hand_n`` ``hand_e``
    ``hand_s`` ``hand_w`` (PBN's ``AKQ.JT9..5432``); ``hcp_n``..``hcp_w``;
    suit lengths ``spades_n`` ``hearts_n`` ``diamonds_n`` ``clubs_n`` (and
    ``_e``, ``_s``, ``_w``); the 20 double-dummy trick counts
    ``dd_n_c``..``dd_w_nt`` (declarer, then strain); ``par_score_ns`` and
    ``par_contracts``; then a column for each tag the boards carry
    (``Event``, ``West``...). The same columns as the CSV and Parquet
    formats. Read in record batches from a thread, so memory is the table's
    own plus a batch. ``table.to_pandas()`` and ``polars.from_arrow(table)``
    take it as it is.
    """
    return read_batches(source, format, batch_size).read_all()


#: The fixed columns of :func:`read_table` (tag columns follow them).
TABLE_COLUMNS = (
    ["board", "dealer", "vulnerable"]
    + [f"hand_{s}" for s in "nesw"]
    + [f"hcp_{s}" for s in "nesw"]
    + [f"{suit}_{s}" for s in "nesw" for suit in ("spades", "hearts", "diamonds", "clubs")]
    + [f"dd_{s}_{t}" for s in "nesw" for t in ("c", "d", "h", "s", "nt")]
    + ["par_score_ns", "par_contracts"]
)


def deal(
    n: int,
    seed: Union[int, str, None] = None,
    first: int = 1,
    *,
    owner: Optional[str] = None,
    entropy: Optional[str] = None,
) -> List[Dict[str, Any]]:
    """``n`` new random boards numbered from ``first``, as dicts.

    Dealer and vulnerability follow the board numbers. ``seed`` (an int, or
    up to 64 hex digits) makes the set the same on every machine and the
    same as ``boardfile deal OUT --boards n --first first --seed SEED``;
    without it a seed is drawn from the system.

    For tournaments, ``owner`` (a club, an event) deals as Hans van
    Staveren's Big Deal does, as ``boardfile deal OUT --owner OWNER``: from
    the system's entropy, so that nobody can deal the same boards again.
    ``entropy`` gives Big Deal's ``-e`` text instead (the same boards every
    time: for checking against Big Deal, not for play).
    """
    if isinstance(seed, int):
        if seed < 0:
            raise ValueError("seed must not be negative")
        seed = format(seed, "x")
    text, _ = _native.deal_lines(n, seed, first, owner, entropy)
    return [json.loads(line) for line in text.splitlines()]


def solve(
    boards: Union[Iterable[Mapping[str, Any]], Source],
    jobs: Optional[int] = None,
    *,
    force: bool = False,
) -> List[Dict[str, Any]]:
    """Double-dummy tables and par for boards (dicts, or a file to read).

    Returns the boards with ``dd`` and ``par`` added, as ``boardfile solve``
    adds them; a board that already has a whole table keeps it unless
    ``force``. Solves on ``jobs`` threads (default: one a core) with the
    GIL released, so other Python threads run meanwhile.
    """
    if isinstance(boards, (str, bytes, bytearray, memoryview, os.PathLike)):
        boards = read(boards)
    text = b"".join(_lines(boards))
    solved = _native.solve_lines(text, jobs, force)
    return [json.loads(line) for line in solved.splitlines()]


def read_games(
    source: Source,
    format: Optional[str] = None,
    *,
    players: Union[str, "os.PathLike[str]", None] = None,
    tournaments: Union[str, "os.PathLike[str]", None] = None,
) -> List[Dict[str, Any]]:
    """The games of an Othello file (WTB, WTD, JSON Lines, transcripts) as
    dicts with the JSON Lines keys (``year``, ``board_size``, ``black_id``,
    ``white_id``, ``black_discs``, ``theoretical_score``, ``moves``, and the
    names when WTHOR.JOU/WTHOR.TRN are beside the file or given)."""
    text = _native.read_games_lines(
        _source(source),
        format,
        None if players is None else os.fspath(players),
        None if tournaments is None else os.fspath(tournaments),
    )
    games = []
    for line in text.splitlines():
        g = json.loads(line)
        if "header" not in g:
            games.append(g)
    return games


def replay(moves: str, board_size: int = 8) -> Dict[str, Any]:
    """Plays an Othello transcript (``"f5d6c3..."``, passes not written).

    Returns ``board`` (rows from the top, ``X`` black, ``O`` white, ``.``
    empty), ``black``, ``white`` and ``empties`` (discs now), ``moves``,
    ``passes`` (indices of moves played after the other side passed),
    ``finished``, ``to_move`` (when not finished) and ``black_score``
    (empties to the winner, when finished). An illegal move raises
    :class:`BoardfileError` with ``byte`` at the move in the text.
    """
    return _native.replay(moves, board_size)


def formats() -> List[Dict[str, Any]]:
    """Every bridge format: name, extensions, whether it is read and written."""
    return [
        {"name": n, "extensions": e, "reads": r, "writes": w, "description": d}
        for n, e, r, w, d in _native.formats()
    ]
