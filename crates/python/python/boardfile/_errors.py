"""The exception boardfile raises for bad input."""

from __future__ import annotations

from typing import Optional


class BoardfileError(ValueError):
    """A file (or board) that does not read or cannot be written.

    Attributes (None when not known):

    - ``format``: the format's short name (``"PBN"``, ``"CSV"``, ``"JSONL"``)
    - ``record``: the record (board or row) from 0
    - ``line``: the line from 1, in text formats
    - ``byte``: the byte offset from 0
    - ``source``: the file (or ``"<bytes>"``, ``"<boards>"``)
    - ``reason``: the message without the place

    ``str(e)`` reads like the command line's messages:
    ``set.pbn: PBN error at record 3 (line 41, byte 1203): ...``.
    I/O failures are ``OSError``, not this.
    """

    def __init__(
        self,
        message: str,
        *,
        format: Optional[str] = None,
        record: Optional[int] = None,
        line: Optional[int] = None,
        byte: Optional[int] = None,
        source: Optional[str] = None,
        reason: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.format = format
        self.record = record
        self.line = line
        self.byte = byte
        self.source = source
        self.reason = reason if reason is not None else message
