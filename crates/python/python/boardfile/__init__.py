"""boardfile: bridge deal files and Othello game files, from Python.

The same Rust library as the ``boardfile`` command line. Two ways in:

- **objects**: :func:`load` gives a :class:`BoardSet` of :class:`Board`
  objects (deal, dealer, vulnerability, tags, auction, play, double-dummy
  table and par), with the set's event, site and date; :class:`Deal`,
  :class:`Hand`, :class:`Card`, :class:`Seat`, :class:`Strain`,
  :class:`DDTable` and :class:`Par` are what a board is made of;
- **data**: :func:`read` streams dicts with the JSON Lines keys (the
  fastest way through a big file, and the default of ``read`` for that
  reason), :func:`read_table` gives a pyarrow table for pandas, Polars or
  DuckDB.

>>> import boardfile
>>> table = boardfile.solve("N:QJ8.AJ965.K82.AQ 43.QT87.QT64.754 AKT9..A97.J98632 7652.K432.J53.KT")
>>> table["N", "S"], str(table.par)
(13, 'NS 7NT')
>>> boards = boardfile.deal(4, seed=10)            # as boardfile deal --seed 10
>>> boardfile.write(boards, "practice.pbn")
4
>>> sum(boardfile.load("practice.pbn")[0].deal.hcp)
40
>>> boardfile.convert("practice.pbn", "practice.dlm")
4
>>> df = boardfile.read_table("practice.pbn").to_pandas()
>>> boardfile.write(df[df.board <= 2], "first-two.pbn")   # a DataFrame back to PBN
2

Inputs are a path or the file's bytes; the format is told as the command
line tells it (content, then extension) unless ``format=`` names it.
Bad input raises :class:`BoardfileError` (a ``ValueError``) carrying
``path``, ``format``, ``record``, ``line``, ``column`` and ``byte``; I/O
failures raise ``OSError``. What the command line says on standard error
(a lenient reading, data the output format cannot keep, fewer deals than
asked) is a :class:`BoardfileWarning`. Outputs are written atomically.

Solving on a cluster: :mod:`boardfile.dask`.
"""

from __future__ import annotations

import json
import os
import re
import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple, Union, overload

from . import _native
from ._errors import BoardfileError, BoardfileWarning
from ._model import Board, BoardSet, Card, DDTable, Deal, Denom, Hand, Par, Position, Seat, Strain, imps, par, score

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = [
    "BoardfileError",
    "BoardfileWarning",
    "Board",
    "BoardSet",
    "Card",
    "DDTable",
    "Deal",
    "Denom",
    "Hand",
    "Par",
    "Position",
    "Seat",
    "Strain",
    "load",
    "read",
    "write",
    "convert",
    "read_table",
    "read_batches",
    "deal",
    "solve",
    "read_games",
    "replay",
    "analyse_game",
    "formats",
    "leads",
    "par",
    "simulate",
    "score",
    "imps",
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


def read(
    source: Source, format: Optional[str] = None, *, objects: bool = False
) -> Iterator[Any]:
    """The boards of a bridge file, one dict at a time (``objects=True``:
    one :class:`Board` at a time).

    Each dict has the JSON Lines keys (``board``, ``dealer``, ``vulnerable``,
    ``deal``, and ``dd``, ``par``, ``tags``, ``auction``... when the file
    has them), the same as ``boardfile convert IN OUT.jsonl`` writes. Dicts
    are the default because they are the fastest way through millions of
    boards and go straight into ``pandas.DataFrame``; :func:`load` gives
    objects and the set's data. The file is streamed: memory does not grow
    with it. The file is opened (and its format told) at once; a bad board
    raises when it is reached.

    >>> [b["board"] for b in boardfile.read("practice.pbn")]
    [1, 2, 3, 4]
    """
    lines = _native.BoardLines(_source(source), format)
    boards = _boards(lines, 2048)
    if objects:
        return (Board.from_dict(b) for b in boards)
    return boards


def load(source: Source, format: Optional[str] = None) -> BoardSet:
    """A whole bridge file as a :class:`BoardSet`: its boards as
    :class:`Board` objects, and its event, site, date and other set-level
    data.

    >>> s = boardfile.load("practice.pbn")
    >>> len(s), s[1].number, s[1].dealer
    (4, 2, <Seat.E: 1>)
    """
    lines = _native.BoardLines(_source(source), format)
    head = None if lines.set_line is None else json.loads(lines.set_line)["set"]
    return BoardSet._of(head, _boards(lines, 2048))


def _default(o: Any) -> Any:
    # numpy scalars (from pandas rows) and the like.
    item = getattr(o, "item", None)
    if callable(item):
        return item()
    if isinstance(o, (set, frozenset, tuple)):
        return list(o)
    raise TypeError(f"{type(o).__name__} is not JSON serializable")


def _lines(boards: Iterable[Any]) -> Iterator[bytes]:
    encode = json.JSONEncoder(
        ensure_ascii=False, separators=(",", ":"), default=_default
    ).encode
    buf: List[str] = []
    if isinstance(boards, BoardSet):
        head = boards.set_dict()
        if head:
            buf.append(encode({"set": head}))
    for b in boards:
        if isinstance(b, Board):
            b = b._data
        elif not isinstance(b, Mapping):
            raise TypeError(
                f"a board is a Board or a dict (JSON Lines keys), not {type(b).__name__}"
            )
        buf.append(encode(b))
        if len(buf) >= 1024:
            buf.append("")
            yield "\n".join(buf).encode("utf-8")
            buf.clear()
    if buf:
        buf.append("")
        yield "\n".join(buf).encode("utf-8")


Boards = Union[BoardSet, Iterable[Board], Iterable[Mapping[str, Any]], Any]


def write(
    boards: Boards,
    path: Union[str, "os.PathLike[str]"],
    format: Optional[str] = None,
    *,
    normalize: bool = False,
) -> int:
    """Writes boards to ``path``: a :class:`BoardSet` (with its event,
    site and date), :class:`Board` objects, dicts with the JSON Lines keys,
    or a table with :func:`read_table`'s columns (a pandas or Polars
    DataFrame, a pyarrow Table): its rows go back to any format with
    everything the columns carry.

    The format is ``format`` (a name such as ``"pbn"``, ``"dlm"``,
    ``"parquet"``) or the path's extension. Boards are streamed; the file
    appears whole or not at all. Returns the number of boards written.

    >>> boardfile.write(boardfile.deal(2, seed=1), "two.dlm")
    2
    """
    frame = _as_table(boards)
    if frame is not None:
        return _native.write_arrow(frame[0], os.fspath(path), format, normalize)
    return _native.write_lines(_lines(boards), os.fspath(path), format, normalize)


def convert(
    src: Union[Source, Any],
    dst: Union[str, "os.PathLike[str]"],
    *,
    from_format: Optional[str] = None,
    to_format: Optional[str] = None,
    normalize: bool = False,
) -> int:
    """Converts a bridge file, as ``boardfile convert SRC DST`` does; a
    DataFrame or Arrow table as ``src`` is written as :func:`write`
    writes it.

    Returns the number of boards written.

    >>> boardfile.convert("practice.pbn", "practice.dup")
    4
    """
    if isinstance(src, BoardSet) or _as_table(src, export=False) is not None:
        return write(src, dst, to_format, normalize=normalize)
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
    larger than memory.

    >>> [b.num_rows for b in boardfile.read_batches("practice.pbn", batch_size=3)]
    [3, 1]
    """
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

    A Parquet file boardfile wrote is handed to ``pyarrow.parquet`` as it
    is (its columns are exactly these), which reads it at pyarrow's own
    speed; any other file goes through the library's readers.

    >>> t = boardfile.read_table("practice.pbn")
    >>> t.num_rows, t.column_names[:4]
    (4, ['board', 'dealer', 'vulnerable', 'hand_n'])
    """
    ours = _our_parquet(source, format)
    if ours is not None:
        return ours
    return read_batches(source, format, batch_size).read_all()


def _our_parquet(source: Source, format: Optional[str]) -> Any:
    """The table of a Parquet file written by boardfile, read by pyarrow;
    None for anything else."""
    if format not in (None, "parquet", "PARQUET") or isinstance(
        source, (bytes, bytearray, memoryview)
    ):
        return None
    path = os.fspath(source)
    try:
        with open(path, "rb") as f:
            if f.read(4) != b"PAR1":
                return None
        import pyarrow.parquet as pq

        if pq.ParquetFile(path).metadata.created_by != _native.PARQUET_CREATED_BY:
            return None
    except Exception:  # not ours, or not readable here: the library's path says why
        return None
    return pq.read_table(path)


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
    n: Optional[int] = None,
    seed: Union[int, str, None] = None,
    first: int = 1,
    *,
    owner: Optional[str] = None,
    entropy: Optional[str] = None,
    where: Union[str, Callable[[Deal], bool], None] = None,
    predeal: Optional[Mapping[Union[Seat, str], Union[Hand, str]]] = None,
    jobs: Optional[int] = None,
    generate: Optional[int] = None,
) -> BoardSet:
    """``n`` new random boards numbered from ``first``, as a
    :class:`BoardSet`.

    Dealer and vulnerability follow the board numbers. ``seed`` makes the
    set the same on every machine and the same as ``boardfile deal OUT
    --boards n --first first --seed SEED``: the seed is the command line's
    text, any words (``"club night 24"``, hashed) or 1 to 64 hex digits (a
    number), and an int is that text written in decimal (``seed=10`` is
    ``--seed 10``). Without it a seed is drawn from the system.

    ``where`` is a dealer script (the language of Hans van Staveren's
    ``dealer``, as ``boardfile deal --where``): only deals it accepts are
    kept, ``n`` of them (default: the script's ``produce``, else 40),
    dealt on ``jobs`` threads (the same boards whatever ``jobs``), at most
    ``generate`` tried (default: the script's, else 10,000,000). A script
    error raises :class:`BoardfileError` with its ``line`` and ``column``.
    ``where`` may instead be a Python function of a :class:`Deal` that
    says whether to keep it: the slow path (each deal made a Python
    object; a script stays fast), for what a script cannot say.
    ``predeal`` gives seats their hands (``{"S": "AKQ.KJ2.Q75.AJ92"}``,
    whole or in part), dealt with any ``where``.

    For tournaments, ``owner`` (a club, an event) deals as Hans van
    Staveren's Big Deal does, as ``boardfile deal OUT --owner OWNER``: from
    the system's entropy, so that nobody can deal the same boards again.
    ``entropy`` gives Big Deal's ``-e`` text instead (the same boards every
    time: for checking against Big Deal, not for play).

    >>> s = boardfile.deal(3, seed=10, where="condition hcp(north) >= 20")
    >>> [b.deal[Seat.N].hcp >= 20 for b in s]
    [True, True, True]
    """
    if isinstance(seed, bool) or (isinstance(seed, int) and seed < 0):
        raise ValueError("seed is a whole number from 0, or any words (1 to 64 hex digits are a number)")
    text_seed = None if seed is None else str(seed)
    if (where is not None or predeal) and (owner is not None or entropy is not None):
        raise ValueError("a dealer script deals from a seed, not as Big Deal (owner=)")
    if callable(where):
        kept = _kept_deals(_predeal_text(predeal), 40 if n is None else n, text_seed, where, jobs, generate)
        return BoardSet._of(None, [Board(d, first + i).to_dict() for i, d in enumerate(kept)])
    if where is not None or predeal:
        script = (where or "") + _predeal_text(predeal)
        lines, _, _, _ = _native.deal_where(
            script, n, text_seed, first, jobs or os.cpu_count() or 1, generate
        )
    else:
        lines, _ = _native.deal_lines(32 if n is None else n, text_seed, first, owner, entropy)
    parsed = [json.loads(line) for line in lines.splitlines()]
    # A practice set's first line says its seed (a PBN head), as the
    # command line writes it.
    head = parsed[0]["set"] if parsed and "set" in parsed[0] else None
    return BoardSet._of(head, [d for d in parsed if "board" in d])


def _predeal_text(predeal: Optional[Mapping[Union[Seat, str], Union[Hand, str]]]) -> str:
    """The dealer language's predeal statements for ``predeal``."""
    lines = []
    for seat, hand in (predeal or {}).items():
        h = hand if isinstance(hand, Hand) else Hand(hand)
        suits = ", ".join(f"{s}{h[s]}" for s in "SHDC")
        lines.append(f"predeal {_SEAT_WORDS[Seat.of(seat)]} {suits}")
    return "".join(f"\n{line}" for line in lines) + ("\n" if lines else "")


_SEAT_WORDS = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}


def _kept_deals(
    script: str,
    n: int,
    seed: Optional[str],
    keep: Callable[[Deal], bool],
    jobs: Optional[int],
    generate: Optional[int],
) -> List[str]:
    """``n`` deals that ``script`` deals and ``keep`` keeps, in the order
    dealt: candidates dealt in batches from seeds made of ``seed``, at most
    ``generate`` tried (default 10,000,000)."""
    import secrets

    base = seed if seed is not None else secrets.token_hex(32)
    limit = 10_000_000 if generate is None else generate
    kept: List[str] = []
    tried = 0
    batch = 0
    while len(kept) < n and tried < limit:
        size = min(max(4 * (n - len(kept)), 1000), limit - tried)
        lines, _, _, _ = _native.deal_where(
            script, size, f"{base} batch {batch}", 1, jobs or os.cpu_count() or 1, None
        )
        for line in lines.splitlines():
            d = json.loads(line)
            if "deal" not in d:
                continue
            tried += 1
            if keep(Deal(d["deal"])):
                kept.append(d["deal"])
                if len(kept) == n:
                    break
        batch += 1
    if len(kept) < n:
        warnings.warn(
            BoardfileWarning(f"only {len(kept)} of {n} deals kept: {tried} tried (raise generate=)"),
            stacklevel=3,
        )
    return kept


def leads(
    hand: Union[Hand, str],
    contract: str,
    declarer: Union[Seat, str],
    where: Union[str, Callable[[Deal], bool], None] = None,
    deals: int = 1000,
    seed: Union[int, str, None] = None,
    jobs: Optional[int] = None,
    generate: Optional[int] = None,
    predeal: Optional[Mapping[Union[Seat, str], Union[Hand, str]]] = None,
) -> List[Dict[str, Any]]:
    """An opening-lead study, as ``boardfile leads``: the leader
    (declarer's left-hand opponent) holds ``hand``; the other hands are
    dealt at random, ``deals`` of them that ``where`` accepts (a dealer
    script, fast; or a Python function of a :class:`Deal`, the slow path).
    Every lead is valued double dummy on each deal, and summed: a dict a
    lead, the best first, with ``lead`` (``"SKQ"``: cards next in rank are
    one lead), ``cards``, ``tricks`` (the defence's average), ``beats``
    (the share of deals on which it beats the contract) with
    ``beats_low`` and ``beats_high`` (its 95% interval), ``best`` (the
    share on which it is the best lead) and ``deals``. The numbers do not
    depend on ``jobs``; ``seed`` repeats the deals (the command line's for
    a script). ``predeal`` gives other seats their hands (all three: one
    deal, every lead's exact value).

    >>> rows = boardfile.leads("KQ2.T98.A765.432", "4S", "S", deals=40, seed=1)
    >>> rows[0]["deals"], sorted(r["lead"] for r in rows)
    (40, ['C432', 'D765', 'DA', 'HT98', 'S2', 'SKQ'])
    """
    h = str(hand if isinstance(hand, Hand) else Hand(hand))
    seat = Seat.of(declarer).letter
    threads = jobs or os.cpu_count() or 1
    text_seed = None if seed is None else str(seed)
    given_hands = _predeal_text(predeal)
    if callable(where):
        # The user's function runs outside the try: its errors are its own.
        try:
            script = _native.leads_script(h, contract, seat, given_hands)
        except ValueError as e:
            raise BoardfileError(str(e)) from None
        given = _kept_deals(script, deals, text_seed, where, jobs, generate)
    try:
        if callable(where):
            rows, valued = _native.study_leads(h, contract, seat, "", given, len(given), "0", threads)
        else:
            import secrets

            rows, valued = _native.study_leads(
                h, contract, seat, (where or "") + given_hands, None, deals, text_seed or secrets.token_hex(32), threads, generate
            )
    except ValueError as e:
        raise BoardfileError(str(e)) from None
    keys = ("lead", "cards", "tricks", "beats", "beats_low", "beats_high", "best")
    return [{**dict(zip(keys, row)), "deals": valued} for row in rows]


def simulate(
    where: str,
    columns: Mapping[str, str],
    n: int = 1000,
    seed: Union[int, str, None] = None,
    jobs: Optional[int] = None,
    generate: Optional[int] = None,
) -> "pandas.DataFrame":
    """Deals by a dealer script and gives, for each deal produced, the
    values of the language's expressions as columns of a pandas
    DataFrame (with a ``deal`` column), for plots: ``columns`` names each
    (``{"tricks": "tricks(south, spades)", "points": "hcp(north) +
    hcp(south)"}``). ``seed`` repeats the deals, as for :func:`deal`.

    >>> df = boardfile.simulate("hcp(north) >= 20", {"hcp": "hcp(north)"}, n=5, seed=1)
    >>> list(df.columns), len(df), bool((df.hcp >= 20).all())
    (['deal', 'hcp'], 5, True)
    """
    import secrets

    import pandas as pd

    names = list(columns)
    try:
        deals, values = _native.simulate(
            where,
            [columns[k] for k in names],
            n,
            str(seed) if seed is not None else secrets.token_hex(32),
            jobs or os.cpu_count() or 1,
            generate,
        )
    except ValueError as e:
        raise BoardfileError(str(e)) from None
    return pd.DataFrame({"deal": deals, **dict(zip(names, values))})


_HAND = r"(?:-|[AKQJT2-9akqjt]*\.[AKQJT2-9akqjt]*\.[AKQJT2-9akqjt]*\.[AKQJT2-9akqjt]*)"
_DEAL = re.compile(rf"^\s*(?:[NESWnesw]:)?\s*{_HAND}(?:\s+{_HAND}){{3}}\s*$")


def _is_deal_text(x: str) -> bool:
    """True for a PBN deal string (four hands, ``-`` for an unknown one),
    not a file name."""
    return bool(_DEAL.match(x)) and not os.path.exists(x)


@overload
def solve(
    boards: Deal,
    jobs: Optional[int] = None,
    *,
    force: bool = False,
    dealer: Union[Seat, str] = Seat.N,
    vulnerable: str = "None",
) -> DDTable: ...


@overload
def solve(
    boards: Board,
    jobs: Optional[int] = None,
    *,
    force: bool = False,
    dealer: Union[Seat, str] = Seat.N,
    vulnerable: str = "None",
) -> Board: ...


@overload
def solve(
    boards: Union[BoardSet, "os.PathLike[str]", bytes, bytearray, memoryview],
    jobs: Optional[int] = None,
    *,
    force: bool = False,
    dealer: Union[Seat, str] = Seat.N,
    vulnerable: str = "None",
) -> BoardSet: ...


@overload
def solve(
    boards: Any,
    jobs: Optional[int] = None,
    *,
    force: bool = False,
    dealer: Union[Seat, str] = Seat.N,
    vulnerable: str = "None",
) -> Any: ...


def solve(
    boards: Any,
    jobs: Optional[int] = None,
    *,
    force: bool = False,
    dealer: Union[Seat, str] = Seat.N,
    vulnerable: str = "None",
) -> Any:
    """Double-dummy tables and par, for whatever holds deals:

    - a deal (PBN text such as ``"N:AKQ..."``, or a :class:`Deal`): its
      :class:`DDTable`, with ``par`` for ``dealer`` and ``vulnerable``
      (which only a deal takes: a board has its own); a list of deals: a
      list of tables
      (a path to a file is read as a file: text is a deal when it has the
      shape of one and names no file);
    - a :class:`Board`: the board with ``dd`` and ``par``;
    - a :class:`BoardSet`, or a file (path or bytes): a :class:`BoardSet`;
    - a pandas or Polars DataFrame or a pyarrow Table with a ``deal``
      column or the ``hand_*`` columns of :func:`read_table`: the same kind
      of table in :func:`read_table`'s columns (``deal`` made into
      ``hand_n``..``hand_w``), the ``dd_*`` and ``par_*`` columns filled;
    - dicts with the JSON Lines keys (``deal``, and ``board`` or not),
      or one: the dicts with ``dd`` and ``par`` added, as ``boardfile
      solve`` adds them; a list of :class:`Board`: a list of boards.

    A board that already has a whole table keeps it unless ``force``.
    Solves on ``jobs`` threads (default: one a core) with the GIL released,
    so other Python threads run meanwhile.

    >>> t = boardfile.solve("N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9")
    >>> t[Seat.S, Strain.D], t.par.score_ns
    (9, 110)
    """
    if isinstance(boards, Deal) or (isinstance(boards, str) and _is_deal_text(boards)):
        return Deal(boards).solve(dealer, vulnerable)
    if isinstance(boards, Board):
        return boards.solve(force)
    if isinstance(boards, BoardSet):
        return boards.solve(jobs, force)
    if isinstance(boards, (str, bytes, bytearray, memoryview, os.PathLike)):
        return load(boards).solve(jobs, force)
    frame = _as_table(boards)
    if frame is not None:
        rows, back = frame
        table = TableBatches(_native.solve_arrow(rows, jobs, force)).read_all()
        return back(table)
    if isinstance(boards, Mapping):
        return solve([boards], jobs, force=force)[0]
    items = list(boards)
    if items and all(isinstance(b, Board) for b in items):
        return list(BoardSet(items).solve(jobs, force))
    if items and all(isinstance(b, (Deal, str)) for b in items):
        seat = Seat.of(dealer).letter
        deals = [Deal(d) for d in items]
        for i, d in enumerate(deals):
            if not d.is_complete:
                raise BoardfileError(f"deal {i + 1}: a partial deal (double dummy needs all 52 cards)")
        asked = [
            {"board": i + 1, "deal": str(d), "dealer": seat, "vulnerable": vulnerable}
            for i, d in enumerate(deals)
        ]
        solved = _native.solve_lines(b"".join(_lines(asked)), jobs, force)
        return [
            DDTable.from_dict(d["dd"], d.get("par"))
            for d in (json.loads(line) for line in solved.splitlines())
        ]
    dicts = [_numbered(b, i) for i, b in enumerate(items)]
    text = b"".join(_lines(dicts))
    solved = _native.solve_lines(text, jobs, force)
    out = [json.loads(line) for line in solved.splitlines()]
    for d, given in zip(out, items):
        if isinstance(given, Mapping) and "board" not in given:
            del d["board"]
    return out


def _numbered(b: Any, i: int) -> Any:
    """A board dict with a number (a dict of a deal alone is numbered by
    its place, from 1)."""
    if isinstance(b, Mapping) and "board" not in b:
        return {"board": i + 1, **b}
    return b


def _as_table(rows: Any, export: bool = True) -> Optional[Tuple[Any, Callable[[Any], Any]]]:
    """A table's rows handed to the library over the Arrow C stream
    interface (a pandas or Polars DataFrame, a pyarrow Table or
    RecordBatch; a ``deal`` column made into the ``hand_*`` columns, rows
    without ``board`` numbered from 1), and how to give a pyarrow table
    back in the table's own kind. None for anything else."""
    module = type(rows).__module__.split(".")[0]
    if module not in ("pandas", "polars", "pyarrow") or not hasattr(rows, "columns"):
        return None
    if not export:
        return rows, lambda t: t
    import pyarrow as pa

    back: Callable[[Any], Any]
    if module == "pandas":
        index = rows.index
        if any(name is not None for name in index.names):
            rows = rows.reset_index()  # a named index is a column (board...)
        table = pa.Table.from_pandas(rows, preserve_index=False)

        def back(t: Any) -> Any:
            df = t.to_pandas()
            df.index = index  # row for row, as given
            return df

    elif module == "polars":
        import polars as pl

        table = rows.to_arrow()
        back = lambda t: pl.from_arrow(t)  # noqa: E731
    else:
        table = rows if isinstance(rows, pa.Table) else pa.Table.from_batches([rows])
        back = lambda t: t  # noqa: E731
    if "deal" in table.column_names and "hand_n" not in table.column_names:
        table = _deal_to_hands(table)
    if "board" not in table.column_names:
        table = table.append_column("board", pa.array(range(1, table.num_rows + 1), pa.uint32()))
    stream = _native.ArrowIn()
    table.to_reader()._export_to_c(stream.address())
    return stream, back


def _deal_to_hands(table: Any) -> Any:
    """A table whose ``deal`` column (PBN deal text) is made into the
    ``hand_n`` .. ``hand_w`` columns."""
    import pyarrow as pa

    hands: List[List[Optional[str]]] = [[], [], [], []]
    for text in table.column("deal").to_pylist():
        if text is None:
            for h in hands:
                h.append(None)
            continue
        d = Deal(text)
        for k, h in enumerate(hands):
            h.append(str(d.hands[k]))
    i = table.column_names.index("deal")
    table = table.remove_column(i)
    for k, s in enumerate("nesw"):
        table = table.append_column(f"hand_{s}", pa.array(hands[k], pa.string()))
    return table


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
    names when WTHOR.JOU/WTHOR.TRN are beside the file or given).

    >>> game = boardfile.read_games(b"f5d6c3d3c4f4", format="transcript")[0]
    >>> game["moves"]
    'f5d6c3d3c4f4'
    """
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

    >>> p = boardfile.replay("f5d6c3")
    >>> p["black"], p["white"], p["to_move"]
    (5, 2, 'white')
    """
    return _native.replay(moves, board_size)


def analyse_game(moves: str, empties: int = 22) -> Any:
    """Where an Othello game was lost: each move from the first position
    with at most ``empties`` empty squares, valued exactly by the endgame
    solver, as ``boardfile show GAME --solve`` gives them. A pandas
    DataFrame (a list of dicts when pandas is not installed), a row a
    move: ``move`` (from 1), ``empties``, ``player``, ``played``, ``value``
    (the final disc difference for the player after best play), ``best``
    and ``best_value`` (the position's), ``cost``, and ``change``
    (``win-to-loss``, ``win-to-draw``, ``draw-to-loss`` for the moves that
    changed the result, else None). 22 empty squares take about a second
    a game; two more, about four times as long.

    >>> moves = "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1"  # a game from the start
    >>> boardfile.analyse_game(moves, empties=10)       # 42 empty squares: not that far yet
    Empty DataFrame
    Columns: [move, empties, player, played, value, best, best_value, cost, change]
    Index: []
    """
    rows = json.loads(_native.analyse_moves(moves, empties))
    try:
        import pandas as pd
    except ImportError:  # pragma: no cover
        return rows
    columns = ["move", "empties", "player", "played", "value", "best", "best_value", "cost", "change"]
    return pd.DataFrame(rows, columns=columns)


def formats() -> List[Dict[str, Any]]:
    """Every bridge format: name, extensions, whether it is read and written.

    >>> [f["extensions"] for f in boardfile.formats() if f["name"] == "PBN"]
    [['pbn']]
    """
    return [
        {"name": n, "extensions": e, "reads": r, "writes": w, "description": d}
        for n, e, r, w, d in _native.formats()
    ]
