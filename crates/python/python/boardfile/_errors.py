"""The exception boardfile raises for bad input."""

from __future__ import annotations

from typing import Optional


class BoardfileError(ValueError):
    """A file (or board) that does not read or cannot be written.

    Attributes (None when not known):

    - ``format``: the format's short name (``"PBN"``, ``"CSV"``, ``"JSONL"``)
    - ``record``: the record (board or row) from 0
    - ``line``: the line from 1, in text formats
    - ``column``: the column from 1 (bytes into the line), where the
      format tells it
    - ``byte``: the byte offset from 0
    - ``source``: the file (or ``"<bytes>"``, ``"<boards>"``, ``"<frame>"``)
    - ``path``: the file, when the input was one (else None)
    - ``reason``: the message without the place

    ``str(e)`` reads like the command line's messages:
    ``set.pbn: PBN error at record 3 (line 41, byte 1203): ...``.

    >>> import boardfile
    >>> try:
    ...     boardfile.Deal("N:AKQ.JT9..5432 - - -x")
    ... except boardfile.BoardfileError as e:
    ...     print(type(e).__name__, isinstance(e, ValueError))
    BoardfileError True

    I/O failures are ``OSError``, not this.
    """

    def __init__(
        self,
        message: str,
        *,
        format: Optional[str] = None,
        record: Optional[int] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        byte: Optional[int] = None,
        source: Optional[str] = None,
        reason: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.format = format
        self.record = record
        self.line = line
        self.column = column
        self.byte = byte
        self.source = source
        self.path = source if source is not None and not source.startswith("<") else None
        self.reason = reason if reason is not None else message


class BoardfileWarning(UserWarning):
    """What the library noticed and read past (a lenient reading, a value
    inferred, data the output cannot keep), as the command line says it
    on standard error: ``set.pbn:12:1: warning: ...``. Filter or raise them
    with :mod:`warnings` (``warnings.simplefilter("error", BoardfileWarning)``).

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     boardfile.write(boardfile.deal(3, seed=1)[::2], "gap.dlm")  # boards 1 and 3
    2
    >>> print(caught[0].message)
    gap.dlm: DLM holds boards From..To without gaps: 1 missing board number between 1 and 3 will be undealt boards
    """
