"""Append-only, fsync'd, keyed hash chain of a draw: the single source of truth.

One JSON object per line. The first record (`start`) names the board, the title, the seed of a
rehearsal (null for a secure draw) and the id of the chain's key; then one `draw`, `undo`,
`winner` or `withdraw` record per action (a `withdraw` takes a recorded winner back: its bingo
was undone, or the host removed it; the winner stays on record before it). Each record carries `prev` (the previous record's hash) and `hash`,
an HMAC-SHA256 with a per-journal key of `prev` + the record's canonical JSON without `hash`.

The key lives in the user's data folder (`journal-keys/<key_id>.key`), never beside the journal:
a copied or edited journal cannot be re-chained without it, and the short audit code of the
chain head shown on the operator screen pins the sequence for anyone who photographed it.
A small side file (`<journal>.head`) holds the head (record count + hash) after each record, so
a journal shortened at a line boundary is reported, not taken as intact.

Each record is written with one `os.write` and fsync'd before the caller shows its effect; a
failed write is cut back off the file, so nothing is left pending and the next write can work.
Only an incomplete last line (no newline: a crash in the middle of a write) is torn: it is set
aside in `<journal>.torn`. A complete line that fails its check is tampering, always reported.

Version 1 journals (plain SHA-256 chain, no key) are still read, verified and continued as they
are; they are reported as unkeyed.

Every message (errors, warnings, the verify report) is said in the event's language
(eventkit.tomlconf's config language: the config the command read), from
bingo.config_texts' JOURNAL_TABLES.
"""

from __future__ import annotations

import errno
import hashlib
import hmac
import json
import os
import secrets
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bingo.config_texts import JOURNAL_TABLES as TEXTS
from eventkit import safefile
from eventkit.errors import UserError
from eventkit.paths import user_data_dir
from eventkit.tomlconf import phrase, said

FORMAT_VERSION = 2
GENESIS = "0" * 64
HEAD_WIDTH = 200  # the side file is rewritten in place at a fixed size (no new disk blocks)


class JournalError(UserError):
    """A journal that cannot be used as it is. `code` + `params` name its message for the UI
    (bingo.ui.texts, the entry `code`); `params["detail"]` is the message itself, in the
    event's language (bingo.config_texts' JOURNAL_TABLES), and so is its label (エラー / error)."""

    code = "journal_error"

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = {"detail": message, **params}
        self.label = said("refusal_label")


@dataclass(frozen=True)
class JournalWarning:
    """Something found on resuming that does not stop the show. `code` + `params` name it, so
    each screen says it in its language (bingo.ui.texts, `warn_<code>`) and code and tests tell
    one from another without reading its words; str() is the text for logs and the verify
    report, in the event's language (bingo.config_texts' JOURNAL_TABLES)."""

    code: str
    params: dict[str, Any]
    text: str

    def __str__(self) -> str:
        return self.text


# the codes of JournalWarning
TORN_LINE = "torn_line"  # the last line was cut off by a crash while writing; n draws kept
OLD_FORMAT = "old_format"  # a version 1 (unkeyed) journal
HEAD_MISSING = "head_missing"  # no `.head`: a shortened journal could not be detected
HEAD_DAMAGED = "head_damaged"
HEAD_OTHER_GAME = "head_other_game"  # `.head` of another game (a new game being put in place)
REHEARSAL_OFF_SEED = "rehearsal_off_seed"  # an old rehearsal that does not follow its seed
PREVIOUS_FINISHED = "previous_finished"  # the earlier game was finished and kept aside
JOURNAL_CONTINUED = "journal_continued"  # continued from its last valid record (rest kept)


class JournalUnusable(JournalError):
    """The journal cannot be resumed; keeping it aside and starting a new game is the way on."""


class JournalTampered(JournalUnusable):
    """A complete record fails its check, or the journal is shorter than its side file."""


class JournalWriteError(JournalError):
    """A record could not be written (disk full, I/O error): nothing was recorded."""


class JournalLocationError(JournalError):
    """The journal's file or folder cannot be used (a file in the way, read-only, too long)."""


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


@dataclass(frozen=True)
class Winner:
    """A confirmed bingo: the card's serial and the number of balls drawn when it was confirmed;
    `bingo_ball` is the ball at which the card first had its bingo and `claim_ball` the ball at
    which its player claimed it (None in journals written before they were recorded)."""

    serial: int
    draw_count: int
    bingo_ball: int | None = None
    claim_ball: int | None = None


WITHDRAW_UNDO = "undo"  # an undo took away the ball of the winner's bingo
WITHDRAW_HOST = "host"  # the host removed it from the winners' board
WITHDRAW_REASONS = (WITHDRAW_UNDO, WITHDRAW_HOST)


@dataclass(frozen=True)
class Withdrawal:
    """A recorded winner taken back: the winner as it was recorded, the number of balls drawn
    when it was taken back and why (`WITHDRAW_UNDO` or `WITHDRAW_HOST`)."""

    winner: Winner
    draw_count: int
    reason: str

    @property
    def serial(self) -> int:
        return self.winner.serial


def winner_ball(w: Winner) -> int:
    """The ball a winner ranks and is listed by: its first bingo where recorded, else the ball
    it was confirmed at (journals written before the bingo's ball was recorded)."""
    return w.bingo_ball if w.bingo_ball is not None else w.draw_count


def _winner_text(w: Winner) -> str:
    """ "No.6 bingo at ball 5 (claimed at 5, confirmed at 7)", or the confirmation alone for a
    journal written before the bingo's ball was recorded (in the event's language)."""
    if w.bingo_ball is None:
        return phrase(TEXTS, "winner_old", serial=w.serial, ball=w.draw_count)
    claimed = phrase(TEXTS, "claimed", ball=w.claim_ball) if w.claim_ball is not None else ""
    return phrase(
        TEXTS,
        "winner",
        serial=w.serial,
        bingo=w.bingo_ball,
        claimed=claimed,
        confirmed=w.draw_count,
    )


@dataclass
class JournalState:
    """What a journal holds once replayed."""

    board: BoardSignature
    title: str
    seed: int | None = None
    version: int = FORMAT_VERSION
    key_id: str | None = None
    history: list[int] = field(default_factory=list)
    events: list[tuple[str, int]] = field(default_factory=list)  # ("draw" | "undo", number)
    winners: list[Winner] = field(default_factory=list)  # the winners now (withdrawn ones left out)
    withdrawn: list[Withdrawal] = field(default_factory=list)
    # serials of winners whose bingo an undo took away with no `withdraw` record after it yet
    # (a journal written before withdraw records, or a stop between the two records): the
    # session withdraws them when it opens the journal
    orphaned: set[int] = field(default_factory=set)
    records: int = 0
    last_hash: str = GENESIS
    first_hash: str | None = None  # the start record's hash: names the game in the side file
    warnings: list[JournalWarning] = field(default_factory=list)
    # A ball cage (manual mode): the numbers of `history` the host typed, the indexes in `events`
    # of typed draws (a seeded rehearsal's generator skips them), and whether the game is by hand
    # (its start record says so, or a number was typed): a resumed game keeps its mode.
    typed: set[int] = field(default_factory=set)
    typed_events: set[int] = field(default_factory=set)
    manual: bool = False

    @property
    def rehearsal(self) -> bool:
        return self.seed is not None


@dataclass(frozen=True)
class VerifyResult:
    ok: bool
    draws: int
    message: str


def audit_code(head_hash: str) -> str:
    """The chain head as a short code a person can read out or photograph: `3F9A-07C2`."""
    code = head_hash[:8].upper()
    return f"{code[:4]}-{code[4:]}"


def default_key_dir() -> Path:
    return user_data_dir() / "journal-keys"


def head_path(path: Path) -> Path:
    return path.with_name(path.name + ".head")


def torn_path(path: Path) -> Path:
    return path.with_name(path.name + ".torn")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _canonical(prev: str, body: dict[str, Any]) -> bytes:
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return (prev + text).encode("utf-8")


def _hash(prev: str, body: dict[str, Any], key: bytes | None) -> str:
    if key is None:  # version 1: plain SHA-256
        return hashlib.sha256(_canonical(prev, body)).hexdigest()
    return hmac.new(key, _canonical(prev, body), hashlib.sha256).hexdigest()


def _fsync_dir(path: Path) -> None:
    """The folder's fsync where the platform has one; the file itself is fsync'd either way."""
    try:
        safefile.fsync_folder(path)
    except OSError:
        pass


FILE_MODE = 0o644  # the journal and its side files: the show writes, its web server reads
KEY_MODE = 0o600


def open_created(path: Path, flags: int, mode: int = FILE_MODE) -> int:
    """`os.open` that gives a file it creates exactly `mode`, whatever the umask (0o644 was
    0o755 where no mode was given). A file already there keeps its mode, less any execute
    bits (which an earlier version gave the `.head`)."""
    try:
        fd = os.open(path, flags | os.O_CREAT | os.O_EXCL | _BINARY, mode)
        created = True
    except FileExistsError:
        if flags & os.O_EXCL:
            raise
        fd = os.open(path, (flags & ~os.O_CREAT) | _BINARY)
        created = False
    fchmod = getattr(os, "fchmod", None)
    if fchmod is not None:
        try:
            current = os.fstat(fd).st_mode & 0o7777
            wanted = mode if created else current & ~0o111
            if current != wanted:
                fchmod(fd, wanted)
        except OSError:
            pass  # someone else's file: its mode is not ours to change
    return fd


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


# ---------------------------------------------------------------------- errors people can act on


def write_error(path: Path, exc: OSError) -> JournalWriteError:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return JournalWriteError(
            phrase(TEXTS, "disk_full", path=path), code="disk_full", path=str(path)
        )
    reason = exc.strerror or str(exc)
    return JournalWriteError(
        phrase(TEXTS, "write_failed", path=path, reason=reason),
        code="write_failed",
        path=str(path),
        reason=reason,
    )


def location_error(path: Path, exc: OSError) -> JournalError:
    """Turn an OSError on the journal's file or folder into one clear message."""
    where = Path(exc.filename) if exc.filename else path
    code = exc.errno
    if code in (errno.ENOSPC, errno.EDQUOT):
        return write_error(path, exc)
    if code == errno.ENOTDIR or (code == errno.EEXIST and where != path):
        problem = phrase(TEXTS, "blocking_file", file=_blocking_file(path))
    elif code == errno.EISDIR or (code == errno.EEXIST and where == path):
        problem = phrase(TEXTS, "is_folder", path=path)
    elif code in (errno.EACCES, errno.EPERM):
        problem = phrase(TEXTS, "permission", where=where)
    elif code == errno.EROFS:
        problem = phrase(TEXTS, "read_only_disk", where=where)
    elif code == errno.ENAMETOOLONG:
        problem = phrase(TEXTS, "name_too_long", name=path.name[:40])
    else:
        problem = phrase(TEXTS, "os_problem", where=where, reason=exc.strerror or exc)
    return _location(path, problem)


def _location(path: Path, problem: str) -> JournalLocationError:
    """The journal cannot be kept at `path` because of `problem` (said in the language)."""
    return JournalLocationError(
        phrase(TEXTS, "location", problem=problem),
        code="journal_location",
        problem=problem,
        path=str(path),
    )


def _blocking_file(path: Path) -> Path:
    for parent in path.parents:
        if parent.exists() and not parent.is_dir():
            return parent
    return path.parent


def check_journal_file(path: Path) -> None:
    """Refuse anything at `path` that is not a regular file (a folder, a device, a link)."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise location_error(path, exc) from None
    if stat.S_ISREG(info.st_mode):
        return
    problem = phrase(TEXTS, "not_journal_file", path=path, what=describe_kind(info.st_mode))
    raise JournalLocationError(
        phrase(TEXTS, "left_as_it_is", problem=problem),
        code="journal_location",
        problem=problem,
        path=str(path),
    )


def describe_kind(mode: int) -> str:
    """What a file of this `st_mode` is ("a folder", "a device" …), in the event's language."""
    for test, kind in (
        (stat.S_ISREG, "kind_file"),
        (stat.S_ISDIR, "kind_folder"),
        (stat.S_ISLNK, "kind_link"),
        (stat.S_ISCHR, "kind_device"),
        (stat.S_ISBLK, "kind_device"),
        (stat.S_ISFIFO, "kind_pipe"),
        (stat.S_ISSOCK, "kind_socket"),
    ):
        if test(mode):
            return phrase(TEXTS, kind)
    return phrase(TEXTS, "kind_other")


# ---------------------------------------------------------------------- keys


def _key_file(key_dir: Path, key_id: str) -> Path:
    return key_dir / f"{key_id}.key"


def load_key(key_dir: Path, key_id: str, path: Path) -> bytes:
    if not key_id or not all(c in "0123456789abcdef" for c in key_id):
        raise JournalTampered(phrase(TEXTS, "no_valid_key", path=path), path=str(path))
    try:
        return bytes.fromhex(_key_file(key_dir, key_id).read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        raise JournalUnusable(
            phrase(TEXTS, "no_key", path=path, key_id=key_id, key_dir=key_dir),
            code="journal_no_key",
            path=str(path),
        ) from None


def _new_key(key_dir: Path) -> tuple[str, bytes]:
    key_dir.mkdir(parents=True, exist_ok=True)
    key_id = secrets.token_hex(8)
    key = secrets.token_bytes(32)
    fd = open_created(_key_file(key_dir, key_id), os.O_WRONLY | os.O_EXCL, KEY_MODE)
    try:
        _write_all(fd, key.hex().encode("ascii") + b"\n")
        os.fsync(fd)
    except OSError:
        os.close(fd)
        _key_file(key_dir, key_id).unlink(missing_ok=True)
        raise
    os.close(fd)
    _fsync_dir(key_dir)  # the new key file itself survives a power cut, like the journal
    return key_id, key


# ---------------------------------------------------------------------- reading


def read_journal(
    path: Path, *, repair: bool = False, key_dir: Path | None = None
) -> JournalState | None:
    """Replay a journal; None when the file is empty (a game that never started).

    A torn last line is reported (and, with repair, moved to `.torn`). Raises JournalTampered
    when a complete line fails its check or the journal is shorter than its side file.
    """
    key_dir = key_dir or default_key_dir()
    check_journal_file(path)
    head = _read_head(path)  # before the journal: the head is written after each record
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise location_error(path, exc) from None
    if not data.strip():
        return None
    lines = data.split(b"\n")
    complete, tail = lines[:-1], lines[-1]  # tail: bytes after the last newline (torn if any)
    if not complete:
        raise JournalUnusable(
            phrase(TEXTS, "no_complete_record", path=path),
            code="journal_damaged",
            path=str(path),
        )
    state: JournalState | None = None
    key: bytes | None = None
    prev = GENESIS
    hashes: list[str] = []
    valid_bytes = 0  # the journal's bytes up to the end of the last record that checked out
    for index, raw in enumerate(complete):
        line_no = index + 1
        try:
            state, key = _replay_line(state, key, raw, prev, line_no, path, key_dir)
        except JournalTampered as exc:  # the records before it can still be continued
            exc.params.update(_valid_part(hashes, valid_bytes, state))
            raise
        prev = state.last_hash
        hashes.append(prev)
        valid_bytes += len(raw) + 1
    assert state is not None
    state.records = len(hashes)
    state.last_hash = prev
    state.first_hash = hashes[0]
    try:
        _check_head(path, head, state, hashes)
    except JournalTampered as exc:
        exc.params.update(_valid_part(hashes, valid_bytes, state))
        raise
    if state.version < 2:
        _warn(state, OLD_FORMAT, phrase(TEXTS, "warn_old_format", path=path))
    if tail.strip():
        _warn(
            state,
            TORN_LINE,
            phrase(TEXTS, "warn_torn_line", path=path, n=len(state.history)),
            n=len(state.history),
        )
        if repair:
            _set_torn_aside(path, tail, len(data) - len(tail))
    return state


def _valid_part(hashes: list[str], valid_bytes: int, state: JournalState | None) -> dict[str, Any]:
    """What `continue_from_valid` needs: the records that checked out before a failure."""
    return {
        "valid": len(hashes),
        "draws": len(state.history) if state is not None else 0,
        "valid_bytes": valid_bytes,
        "valid_hash": hashes[-1] if hashes else GENESIS,
        "first_hash": hashes[0] if hashes else None,
    }


def _replay_line(
    state: JournalState | None,
    key: bytes | None,
    raw: bytes,
    prev: str,
    line_no: int,
    path: Path,
    key_dir: Path,
) -> tuple[JournalState, bytes | None]:
    """Check one complete line against the chain and apply it; JournalTampered if it fails."""
    try:
        record = json.loads(raw.decode("utf-8"))
        if not isinstance(record, dict):
            raise ValueError("not an object")
    except (ValueError, UnicodeDecodeError, RecursionError):  # deep nesting: not ours either
        raise JournalTampered(
            phrase(TEXTS, "not_a_record", path=path, line=line_no),
            code="journal_tampered",
            path=str(path),
            line=line_no,
        ) from None
    claimed = record.pop("hash", None)
    first = state is None
    if state is None:
        state = _start(record, path)
        if state.version >= 2:
            key = load_key(key_dir, state.key_id or "", path)
    if record.get("prev") != prev or claimed != _hash(prev, record, key):
        raise JournalTampered(
            phrase(TEXTS, "chain_broken", path=path, line=line_no),
            code="journal_tampered",
            path=str(path),
            line=line_no,
        )
    if not first:
        _apply(state, record, path, line_no)
    state.last_hash = str(claimed)
    return state, key


def _warn(state: JournalState, code: str, text: str, **params: Any) -> None:
    state.warnings.append(JournalWarning(code, params, text))


def damaged_path(path: Path) -> Path:
    """A new side file for the damaged end of a journal: `<journal>.damaged-<time>[-n]`."""
    try:
        return safefile.damaged_path(path, datetime.now().strftime("%Y%m%d-%H%M%S"))
    except UserError:  # a thousand copies already
        raise _location(path, phrase(TEXTS, "too_many_damaged", path=path)) from None


def can_continue(error: Exception) -> bool:
    """A journal refused as damaged whose first records still check out can go on from them."""
    params = getattr(error, "params", {})
    return isinstance(error, JournalTampered) and int(params.get("valid", 0) or 0) >= 1


def continue_from_valid(path: Path, error: JournalTampered) -> Path:
    """Cut the journal back to its last record that checked out, so the show can go on.

    Nothing is deleted: the damaged rest is copied to a side file first (returned), fsync'd,
    then the journal is cut and its `.head` rewritten to the record kept. A crash in between
    leaves the journal either as it was or cut with a `.head` that says more records: both
    are offered again at the next start.
    """
    params = error.params
    valid_bytes = int(params["valid_bytes"])
    data = path.read_bytes()
    if len(data) < valid_bytes or not data[:valid_bytes].endswith(b"\n"):
        raise JournalTampered(phrase(TEXTS, "changed_while_continuing", path=path), path=str(path))
    rest = data[valid_bytes:]
    kept = damaged_path(path)
    try:
        safefile.keep_aside(path, rest, mode=FILE_MODE, to=kept)
        with path.open("r+b") as f:
            f.truncate(valid_bytes)
            f.flush()
            os.fsync(f.fileno())
        _fsync_dir(path.parent)
        head = {"seq": int(params["valid"]), "hash": params["valid_hash"]}
        if params.get("first_hash"):
            head["first"] = params["first_hash"]
        text = json.dumps(head).ljust(HEAD_WIDTH).encode("ascii") + b"\n"
        fd = open_created(head_path(path), os.O_WRONLY)
        try:
            os.ftruncate(fd, 0)
            _write_all(fd, text)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        raise location_error(path, exc) from None
    return kept


def _set_torn_aside(path: Path, tail: bytes, valid_bytes: int) -> None:
    try:
        with os.fdopen(open_created(torn_path(path), os.O_WRONLY | os.O_APPEND), "ab") as f:
            f.write(tail + b"\n")
            f.flush()
            os.fsync(f.fileno())
        with path.open("r+b") as f:
            f.truncate(valid_bytes)
            f.flush()
            os.fsync(f.fileno())
        _fsync_dir(path.parent)  # the torn side file is new: its name made durable too
    except OSError as exc:
        raise location_error(path, exc) from None


def _read_head(path: Path) -> str | None:
    """The side file's text ("" when unreadable), None when there is none."""
    try:
        return head_path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError):
        return ""


def _check_head(path: Path, text: str | None, state: JournalState, hashes: list[str]) -> None:
    name = head_path(path).name
    if text is None:
        if state.version >= 2:
            words = phrase(TEXTS, "warn_head_missing", path=path, name=name)
            _warn(state, HEAD_MISSING, words, name=name)
        return
    try:
        head = json.loads(text)
        seq, digest = int(head["seq"]), str(head["hash"])
    except (ValueError, KeyError, TypeError, RecursionError):
        words = phrase(TEXTS, "warn_head_damaged", path=path, name=name)
        _warn(state, HEAD_DAMAGED, words, name=name)
        return
    if head.get("first", hashes[0]) != hashes[0]:
        # the head of another game: a new game was being put in place while this was read
        words = phrase(TEXTS, "warn_head_other_game", path=path, name=name)
        _warn(state, HEAD_OTHER_GAME, words, name=name)
        return
    if seq > len(hashes):
        raise JournalTampered(
            phrase(TEXTS, "shortened", path=path, have=len(hashes), head=name, had=seq),
            code="journal_shortened",
            path=str(path),
            have=len(hashes),
            had=seq,
        )
    if seq >= 1 and hashes[seq - 1] != digest:
        raise JournalTampered(
            phrase(TEXTS, "head_mismatch", path=path, line=seq, head=name),
            code="journal_tampered",
            path=str(path),
            line=seq,
        )


def _start(record: dict[str, Any], path: Path) -> JournalState:
    if record.get("type") != "start":
        raise JournalTampered(
            phrase(TEXTS, "no_start", path=path),
            code="journal_tampered",
            path=str(path),
            line=1,
        )
    board = record.get("board", {})
    try:
        signature = BoardSignature(
            int(board["size"]), int(board["numbers_per_column"]), bool(board["free_center"])
        )
        version = int(record.get("version", 1))
        seed = record.get("seed")
        seed = None if seed is None else int(seed)
    except (KeyError, TypeError, ValueError):
        raise JournalTampered(
            phrase(TEXTS, "no_board", path=path),
            code="journal_tampered",
            path=str(path),
            line=1,
        ) from None
    if version > FORMAT_VERSION:
        raise JournalUnusable(
            phrase(TEXTS, "newer", path=path, version=version),
            code="journal_newer",
            path=str(path),
        )
    return JournalState(
        board=signature,
        title=str(record.get("title", "")),
        seed=seed,
        version=version,
        key_id=record.get("key_id"),
        records=1,
        manual=record.get("draw") == "manual",
    )


def _mark_typed(state: JournalState, number: int) -> None:
    """A draw the host typed from a ball cage (before it joins history and events)."""
    state.typed.add(number)
    state.typed_events.add(len(state.events))
    state.manual = True


def _apply(state: JournalState, record: dict[str, Any], path: Path, line_no: int) -> None:
    kind = record.get("type")
    number = record.get("number")

    def bad() -> JournalTampered:  # chained and keyed as written, but no show could write it
        return JournalTampered(
            phrase(TEXTS, "impossible", path=path, line=line_no, kind=kind),
            code="journal_impossible",
            path=str(path),
            line=line_no,
        )

    if kind == "draw":
        typed = record.get("typed", False)
        if not isinstance(number, int) or number in state.history or not isinstance(typed, bool):
            raise bad()
        if typed:
            _mark_typed(state, number)
        state.history.append(number)
        state.events.append(("draw", number))
    elif kind == "undo":
        if not state.history or state.history[-1] != number:
            raise bad()
        _undo(state, number)
    elif kind == "withdraw":
        serial, reason = record.get("serial"), record.get("reason")
        if reason not in WITHDRAW_REASONS or not isinstance(serial, int):
            raise bad()
        if not any(w.serial == serial for w in state.winners):
            raise bad()  # only a recorded winner can be taken back
        _withdraw(state, serial, reason)
    elif kind == "winner":
        serial, count = record.get("serial"), record.get("draw_count")
        balls = (record.get("bingo_ball"), record.get("claim_ball"))
        if not isinstance(serial, int) or not isinstance(count, int):
            raise bad()
        if any(ball is not None and not isinstance(ball, int) for ball in balls):
            raise bad()
        state.winners.append(Winner(serial, count, *balls))
    else:
        raise bad()


def _undo(state: JournalState, number: int) -> None:
    state.history.pop()
    state.typed.discard(number)
    state.events.append(("undo", number))
    for w in state.winners:  # bingo only grows with the balls: past the draw, it is gone
        if winner_ball(w) > len(state.history):
            state.orphaned.add(w.serial)


def _withdraw(state: JournalState, serial: int, reason: str) -> None:
    index = next(i for i, w in enumerate(state.winners) if w.serial == serial)
    winner = state.winners.pop(index)
    state.withdrawn.append(Withdrawal(winner, len(state.history), reason))
    state.orphaned.discard(serial)


# ---------------------------------------------------------------------- writing


class Journal:
    """An open journal file; every `append_*` is on disk when it returns, or raises."""

    def __init__(
        self, path: Path, state: JournalState, key: bytes | None, key_dir: Path | None = None
    ) -> None:
        self.path = path
        self.state = state
        self.key_dir = key_dir
        self._key = key
        try:
            self._fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND | _BINARY)
        except OSError as exc:
            raise location_error(path, exc) from None
        self._head_fd: int | None = None
        self._write_head()

    @classmethod
    def resume(cls, path: Path, state: JournalState, key_dir: Path | None = None) -> Journal:
        key = None
        if state.version >= 2:
            key = load_key(key_dir or default_key_dir(), state.key_id or "", path)
        return cls(path, state, key, key_dir)

    @classmethod
    def create(
        cls,
        path: Path,
        board: BoardSignature,
        title: str,
        *,
        seed: int | None = None,
        key_dir: Path | None = None,
        before_replace: Callable[[], object] | None = None,
        manual: bool = False,
    ) -> Journal:
        """Write a new journal beside `path` and move it into place.

        The start record is written to a temporary file first, so a full disk leaves no empty
        journal behind. `before_replace` (e.g. setting the old journal aside) runs once the new
        one is safely on disk; if anything fails, nothing at `path` has changed.
        """
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise location_error(path, exc) from None
        check_journal_file(path)
        if path.exists() and path.stat().st_size and before_replace is None:
            raise JournalError(phrase(TEXTS, "exists", path=path), path=str(path))
        key_dir = key_dir or default_key_dir()
        try:
            key_id, key = _new_key(key_dir)
        except OSError as exc:
            raise location_error(key_dir, exc) from None
        state = JournalState(board=board, title=title, seed=seed, key_id=key_id, manual=manual)
        body = {
            "type": "start",
            "version": FORMAT_VERSION,
            "board": {
                "size": board.size,
                "numbers_per_column": board.numbers_per_column,
                "free_center": board.free_center,
            },
            "title": title,
            "seed": seed,
            "key_id": key_id,
        }
        if manual:  # numbers typed from a ball cage (older readers ignore the field)
            body["draw"] = "manual"
        line, digest = _line(state, body, key)
        stale = path.with_name(f".{path.name}.{os.getpid()}.new")
        stale.unlink(missing_ok=True)  # the temporary name of earlier versions, if killed here
        try:
            safefile.write_atomic(path, line, mode=FILE_MODE, before_replace=before_replace)
        except OSError as exc:
            _key_file(key_dir, key_id).unlink(missing_ok=True)
            if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EIO):
                raise write_error(path, exc) from None
            raise location_error(path, exc) from None
        state.last_hash = digest
        state.records = 1
        return cls(path, state, key, key_dir)

    def append_draw(self, number: int, *, typed: bool = False) -> None:
        """`typed`: the host typed it from a ball cage (manual mode); recorded on the draw."""
        body: dict[str, Any] = {"type": "draw", "seq": len(self.state.history) + 1}
        body["number"] = number
        if typed:
            body["typed"] = True
        self._write(body)
        if typed:
            _mark_typed(self.state, number)
        self.state.history.append(number)
        self.state.events.append(("draw", number))

    def append_undo(self, number: int) -> None:
        self._write({"type": "undo", "seq": len(self.state.history), "number": number})
        _undo(self.state, number)

    def append_withdraw(self, serial: int, reason: str) -> None:
        """Take recorded winner `serial` back (`reason`: WITHDRAW_UNDO or WITHDRAW_HOST)."""
        if reason not in WITHDRAW_REASONS or not any(
            w.serial == serial for w in self.state.winners
        ):
            raise JournalError(
                phrase(TEXTS, "not_a_winner", serial=serial),
                code="not_a_winner",
                serial=f"{serial:04d}",
            )
        self._write({"type": "withdraw", "serial": serial, "reason": reason})
        _withdraw(self.state, serial, reason)

    def append_winner(
        self,
        serial: int,
        draw_count: int,
        *,
        bingo_ball: int | None = None,
        claim_ball: int | None = None,
    ) -> None:
        body: dict[str, Any] = {"type": "winner", "serial": serial, "draw_count": draw_count}
        for name, ball in (("bingo_ball", bingo_ball), ("claim_ball", claim_ball)):
            if ball is not None:
                body[name] = ball
        self._write(body)
        self.state.winners.append(Winner(serial, draw_count, bingo_ball, claim_ball))

    @property
    def audit_code(self) -> str:
        return audit_code(self.state.last_hash)

    @property
    def closed(self) -> bool:
        return self._fd is None

    def _write(self, body: dict[str, Any]) -> None:
        """One record on disk, or nothing: a failed write is cut back off the file."""
        if self._fd is None:
            raise JournalWriteError(
                phrase(TEXTS, "closed", path=self.path),
                code="write_failed",
                path=str(self.path),
                reason=phrase(TEXTS, "closed_reason"),
            )
        line, digest = _line(self.state, body, self._key)
        size = os.fstat(self._fd).st_size
        try:
            _write_all(self._fd, line)
            os.fsync(self._fd)
        except OSError as exc:
            try:
                os.ftruncate(self._fd, size)
                os.fsync(self._fd)
            except OSError:
                pass  # left as an incomplete last line: read back as torn, never as a record
            raise write_error(self.path, exc) from None
        self.state.last_hash = digest
        self.state.records += 1
        self._write_head()

    def _write_head(self) -> None:
        """Rewrite the side file in place (fixed size); a failure only leaves it behind."""
        first = self.state.first_hash or self.state.last_hash
        self.state.first_hash = first
        text = json.dumps({"seq": self.state.records, "hash": self.state.last_hash, "first": first})
        data = text.ljust(HEAD_WIDTH).encode("ascii") + b"\n"
        try:
            if self._head_fd is None:
                self._head_fd = open_created(head_path(self.path), os.O_RDWR)
            os.lseek(self._head_fd, 0, os.SEEK_SET)
            _write_all(self._head_fd, data)
            os.ftruncate(self._head_fd, len(data))
            os.fsync(self._head_fd)
        except OSError:
            pass  # a head that lags behind is never mistaken for a shortened journal

    def close(self) -> None:
        for name in ("_fd", "_head_fd"):
            fd = getattr(self, name, None)
            if fd is not None:
                setattr(self, name, None)
                try:
                    os.close(fd)
                except OSError:
                    pass


_BINARY = getattr(os, "O_BINARY", 0)


def _line(state: JournalState, body: dict[str, Any], key: bytes | None) -> tuple[bytes, str]:
    body = {**body, "time": _now(), "prev": state.last_hash}
    digest = _hash(state.last_hash, body, key)
    line = json.dumps({**body, "hash": digest}, ensure_ascii=False, separators=(",", ":"))
    return line.encode("utf-8") + b"\n", digest


def _unreadable_journal(path: Path) -> VerifyResult | None:
    """Why `path` is no journal file at all (missing, unreadable, not a regular file), else None."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return VerifyResult(False, 0, phrase(TEXTS, "not_found", path=path))
    except OSError as exc:
        reason = exc.strerror or exc
        return VerifyResult(False, 0, phrase(TEXTS, "unreadable", path=path, reason=reason))
    if not stat.S_ISREG(info.st_mode):
        what = describe_kind(info.st_mode)
        return VerifyResult(False, 0, phrase(TEXTS, "not_journal_file", path=path, what=what))
    return None


def _board_text(board: BoardSignature) -> str:
    """The board a journal's numbers belong to, for verify_journal's report."""
    return phrase(
        TEXTS,
        "board_free" if board.free_center else "board",
        size=board.size,
        per_column=board.numbers_per_column,
    )


def _chain_text(state: JournalState) -> str:
    """The kind of draw and of chain a journal holds, for verify_journal's report."""
    if state.rehearsal:
        kind = phrase(TEXTS, "rehearsal", seed=state.seed)
    else:
        kind = phrase(TEXTS, "secure")
    keyed = phrase(TEXTS, "keyed" if state.version >= 2 else "unkeyed")
    if state.manual:
        keyed += phrase(TEXTS, "typed", n=len(state.typed))
    return phrase(TEXTS, "chain", kind=kind, keyed=keyed)


def _winners_text(state: JournalState) -> str:
    """The standing winners, the bingos undone but not yet withdrawn, and the withdrawn ones."""
    sep = phrase(TEXTS, "list_sep")
    winners = ""
    standing = [w for w in state.winners if w.serial not in state.orphaned]
    if standing:
        winners = phrase(TEXTS, "winners", winners=sep.join(_winner_text(w) for w in standing))
    if state.orphaned:  # written by a version before withdraw records, or stopped between
        serials = sep.join(phrase(TEXTS, "card", serial=s) for s in sorted(state.orphaned))
        winners += phrase(TEXTS, "orphaned", serials=serials)
    if state.withdrawn:
        items = sep.join(
            phrase(
                TEXTS,
                "withdrawn_undo" if w.reason == WITHDRAW_UNDO else "withdrawn_host",
                serial=w.serial,
                ball=w.draw_count,
            )
            for w in state.withdrawn
        )
        winners += phrase(TEXTS, "withdrawn", items=items)
    return winners


def verify_journal(path: str | Path, *, key_dir: Path | None = None) -> VerifyResult:
    """Check a journal's chain, its key and its side file without changing anything; the
    report is said in the event's language (the config's, eventkit.tomlconf)."""
    path = Path(path)
    unreadable = _unreadable_journal(path)
    if unreadable is not None:
        return unreadable
    try:
        state = read_journal(path, repair=False, key_dir=key_dir)
    except JournalError as exc:
        return VerifyResult(False, 0, str(exc))
    if state is None:
        return VerifyResult(False, 0, phrase(TEXTS, "empty", path=path))
    problems = [str(w) for w in state.warnings if w.code != OLD_FORMAT]
    if problems:
        return VerifyResult(False, len(state.history), phrase(TEXTS, "problems_sep").join(problems))
    return VerifyResult(
        True,
        len(state.history),
        phrase(
            TEXTS,
            "intact",
            path=path,
            records=state.records,
            draws=len(state.history),
            board=_board_text(state.board),
            chain=_chain_text(state),
            code=audit_code(state.last_hash),
            winners=_winners_text(state),
        ),
    )
