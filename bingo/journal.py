"""Append-only, fsync'd, hash-chained record of a draw, so nothing is lost in a crash.

One JSON object per line. The first record (`start`) names the board; then one `draw` or `undo`
record per action. Each record carries `prev` (the previous record's hash) and `hash` (SHA-256
of `prev` + the record's canonical JSON without `hash`), so an edited or deleted line breaks the
chain and `bingo draw --verify-journal` finds it. A record is on disk (flushed and fsync'd)
before the caller shows its effect.

A torn last line (a crash or power cut in the middle of a write) is detected, reported, moved to
a `.torn` file beside the journal and dropped; the valid records before it are kept.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from eventkit.errors import UserError

FORMAT_VERSION = 1
GENESIS = "0" * 64


class JournalError(UserError):
    """A journal that cannot be used as it is; the message says what to do."""


@dataclass(frozen=True)
class BoardSignature:
    """What the numbers in a journal mean: changing any of these invalidates the draws."""

    size: int
    numbers_per_column: int
    free_center: bool

    def describe(self) -> str:
        free = ", free centre" if self.free_center else ""
        return (
            f"{self.size}x{self.size} board with {self.numbers_per_column} numbers per column{free}"
        )


@dataclass
class JournalState:
    """What a journal holds once replayed."""

    board: BoardSignature
    title: str
    history: list[int] = field(default_factory=list)
    records: int = 0
    last_hash: str = GENESIS
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class VerifyResult:
    ok: bool
    draws: int
    message: str


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _hash(prev: str, body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256((prev + canonical).encode("utf-8")).hexdigest()


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return  # not supported on this platform (Windows); the file itself is fsync'd
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_journal(path: Path, *, repair: bool = False) -> JournalState:
    """Replay a journal. A torn last line is dropped (and, with repair, moved aside).

    Raises JournalError when the file is not a journal or the hash chain is broken before the end.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise JournalError(f"journal {path} cannot be read: {exc}") from None
    lines = data.split(b"\n")
    complete, tail = lines[:-1], lines[-1]  # tail: bytes after the last newline (torn if any)
    state: JournalState | None = None
    prev = GENESIS
    valid_bytes = 0
    torn: bytes | None = tail if tail.strip() else None
    for index, raw in enumerate(complete):
        line_no = index + 1
        try:
            record = json.loads(raw.decode("utf-8"))
            if not isinstance(record, dict):
                raise ValueError("not an object")
        except (ValueError, UnicodeDecodeError):
            if index == len(complete) - 1 and torn is None:
                torn = raw  # the last line is garbage: treat it as torn too
                break
            raise JournalError(
                f"journal {path} line {line_no} is damaged: keep the file for inspection "
                "and start a new game with --new"
            ) from None
        claimed = record.pop("hash", None)
        if record.get("prev") != prev or claimed != _hash(prev, record):
            raise JournalError(
                f"journal {path} line {line_no} does not match the line before it "
                "(edited or lines missing): check it with --verify-journal, or start with --new"
            )
        prev = claimed
        valid_bytes += len(raw) + 1
        state = _apply(state, record, path, line_no)
    if state is None:
        raise JournalError(
            f"{path} holds no valid journal records: start a new game with --new (the file is kept)"
        )
    state.last_hash = prev
    if torn is not None:
        message = (
            f"journal {path}: the last line was cut off (a crash while writing); "
            f"it was dropped and the {len(state.history)} draws before it are kept"
        )
        state.warnings.append(message)
        if repair:
            torn_path = path.with_name(path.name + ".torn")
            with torn_path.open("ab") as f:
                f.write(torn + b"\n")
                f.flush()
                os.fsync(f.fileno())
            with path.open("r+b") as f:
                f.truncate(valid_bytes)
                f.flush()
                os.fsync(f.fileno())
    return state


def _apply(
    state: JournalState | None, record: dict[str, Any], path: Path, line_no: int
) -> JournalState:
    kind = record.get("type")
    if state is None:
        if kind != "start":
            raise JournalError(f"{path} line {line_no}: a journal must begin with a start record")
        board = record.get("board", {})
        try:
            signature = BoardSignature(
                int(board["size"]), int(board["numbers_per_column"]), bool(board["free_center"])
            )
        except (KeyError, TypeError, ValueError):
            raise JournalError(f"{path} line {line_no}: the start record has no board") from None
        return JournalState(board=signature, title=str(record.get("title", "")), records=1)
    state.records += 1
    number = record.get("number")
    if kind == "draw":
        if not isinstance(number, int) or number in state.history:
            raise JournalError(f"{path} line {line_no}: invalid draw {number!r}")
        state.history.append(number)
    elif kind == "undo":
        if not state.history or state.history[-1] != number:
            raise JournalError(f"{path} line {line_no}: undo of {number!r} is not the last draw")
        state.history.pop()
    else:
        raise JournalError(f"{path} line {line_no}: unknown record type {kind!r}")
    return state


class Journal:
    """An open journal file; every `append` is on disk when it returns."""

    def __init__(self, path: Path, state: JournalState) -> None:
        self.path = path
        self.state = state
        self._file = path.open("ab")

    @classmethod
    def create(cls, path: Path, board: BoardSignature, title: str) -> Journal:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            raise JournalError(f"journal {path} already exists; it is never overwritten")
        state = JournalState(board=board, title=title)
        journal = cls(path, state)
        journal._write(
            {
                "type": "start",
                "version": FORMAT_VERSION,
                "board": {
                    "size": board.size,
                    "numbers_per_column": board.numbers_per_column,
                    "free_center": board.free_center,
                },
                "title": title,
            }
        )
        _fsync_dir(path.parent)
        return journal

    def append_draw(self, number: int) -> None:
        self._write({"type": "draw", "seq": len(self.state.history) + 1, "number": number})
        self.state.history.append(number)

    def append_undo(self, number: int) -> None:
        self._write({"type": "undo", "seq": len(self.state.history), "number": number})
        self.state.history.pop()

    def _write(self, body: dict[str, Any]) -> None:
        body = {**body, "time": _now(), "prev": self.state.last_hash}
        digest = _hash(self.state.last_hash, body)
        line = json.dumps({**body, "hash": digest}, ensure_ascii=False, separators=(",", ":"))
        self._file.write(line.encode("utf-8") + b"\n")
        self._file.flush()
        os.fsync(self._file.fileno())
        self.state.last_hash = digest
        self.state.records += 1

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


def verify_journal(path: str | Path) -> VerifyResult:
    """Check the hash chain of a journal without changing it."""
    path = Path(path)
    if not path.is_file():
        return VerifyResult(False, 0, f"journal {path} not found")
    try:
        state = read_journal(path, repair=False)
    except JournalError as exc:
        return VerifyResult(False, 0, str(exc))
    if state.warnings:
        return VerifyResult(False, len(state.history), "; ".join(state.warnings))
    return VerifyResult(
        True,
        len(state.history),
        f"journal {path} is intact: {state.records} records, {len(state.history)} numbers "
        f"drawn on a {state.board.describe()}",
    )
