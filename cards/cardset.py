"""A card set: the registry (`cards.csv`), its batches record (`cards.batches.json`) and the key
of its phone codes (`cards.key`), kept together in one folder. No Qt.

The key belongs to the cards, not to a laptop: it is made with the first batch, beside the
registry (readable by its owner only, never served, never in a PDF), and the batches record
which key signed each batch (a key id, not the key). Every batch also records a digest of each
of its rows, so a registry changed afterwards (a row lost, a cell edited in Excel) is found and
named before an `--append` or the show uses it.

Registries made before this kept their key in the user's data folder (`card-keys/<title>.key`):
that key is copied beside the registry, with a note, and the old file is left where it is.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bingo import cardcode
from bingo.config import Config
from cards.model import BingoCard
from cards.registry import (
    FREE_TEXT,
    Batch,
    RegistryError,
    batches_path,
    check_board,
    read_batches,
    read_registry,
)
from cards.texts import TABLES
from eventkit.tomlconf import phrase, refused

ROW_DIGEST_CHARS = 8  # hex digits per row: a changed row goes unseen once in 4 billion

Note = Callable[[str], None]


def key_file(registry_path: Path) -> Path:
    """`cards.csv` -> `cards.key`: the phone codes' key of this card set."""
    return Path(registry_path).with_suffix(".key")


def row_text(card: BingoCard) -> str:
    """A registry row as written (`serial,r1c1,…`): what the digests cover."""
    cells = [FREE_TEXT if n is None else str(n) for row in card.rows for n in row]
    return ",".join([str(card.serial), *cells])


def row_digest(card: BingoCard) -> str:
    return hashlib.sha256(row_text(card).encode("ascii")).hexdigest()[:ROW_DIGEST_CHARS]


def rows_record(cards: list[BingoCard]) -> dict[str, str]:
    """What a batch records of its rows: a SHA-256 of them all and a short digest per row."""
    whole = hashlib.sha256("\n".join(row_text(c) for c in cards).encode("ascii")).hexdigest()
    return {"rows_sha256": whole, "row_digests": "".join(row_digest(c) for c in cards)}


@dataclass(frozen=True)
class CardSet:
    """A verified registry: its cards, its batches and its key (None when it has none)."""

    registry: Path
    cards: dict[int, BingoCard]
    batches: list[Batch]
    key: bytes | None
    notes: list[str] = field(default_factory=list)


def _batch_name(index: int, batch: Batch) -> str:
    made = batch.get("made")
    if isinstance(made, str):
        return phrase(TABLES, "set_batch_made", number=index + 1, made=made)
    return phrase(TABLES, "set_batch", number=index + 1)


def remake_hint(registry: Path, batches: list[Batch]) -> str:
    """How to remake a changed registry: from the seeds its batches record (the set's key,
    kept beside it, gives the same codes), `bingo cards --force` first, `--append` after."""
    steps = []
    for k, b in enumerate(batches):
        seed, count = b.get("seed"), b.get("count")
        if not (isinstance(seed, int) and isinstance(count, int)):
            return phrase(TABLES, "remake_seed")
        first = b.get("first_serial")
        start = (
            f" --first-serial {first}" if k == 0 and isinstance(first, int) and first != 1 else ""
        )
        mode = "--force" if k == 0 else "--append"
        pdf = registry.with_suffix(".pdf").name
        steps.append(
            phrase(TABLES, "remake_step", seed=seed, count=count, start=start, mode=mode, pdf=pdf)
        )
    return phrase(TABLES, "remake_steps", steps=phrase(TABLES, "remake_then").join(steps))


def _line_of(cards: Mapping[int, BingoCard], serial: int) -> int:
    for line, key in enumerate(cards, start=2):
        if key == serial:
            return line
    return 0


def verify_rows(cards: Mapping[int, BingoCard], batches: list[Batch], registry: Path) -> list[str]:
    """Check every batch's rows against its record; raise RegistryError naming the first row
    that differs. Returns notes about batches that recorded no digests (made before this)."""
    notes: list[str] = []
    if not batches:
        return notes  # nothing recorded to check against (open_card_set says so)
    covered: set[int] = set()
    unrecorded = 0
    for i, batch in enumerate(batches):
        first, last = batch.get("first_serial"), batch.get("last_serial")
        digests = batch.get("row_digests")
        if not (isinstance(first, int) and isinstance(last, int)):
            count = batch.get("count")
            unrecorded += count if isinstance(count, int) else 0
            continue
        covered.update(range(first, last + 1))
        missing = next((s for s in range(first, last + 1) if s not in cards), None)
        if missing is not None:
            raise refused(
                TABLES,
                "set_card_missing",
                RegistryError,
                registry=registry,
                missing=missing,
                batch=_batch_name(i, batch),
                hint=remake_hint(registry, batches),
            )
        if not isinstance(digests, str):
            batch_name = _batch_name(i, batch)
            notes.append(phrase(TABLES, "set_unchecksummed", registry=registry, batch=batch_name))
            continue
        width = ROW_DIGEST_CHARS
        for k, serial in enumerate(range(first, last + 1)):
            card = cards[serial]
            if row_digest(card) != digests[k * width : (k + 1) * width]:
                raise refused(
                    TABLES,
                    "set_row_differs",
                    RegistryError,
                    registry=registry,
                    line=_line_of(cards, serial),
                    serial=serial,
                    batch=_batch_name(i, batch),
                    hint=remake_hint(registry, batches),
                )
        if len(digests) != (last - first + 1) * width:
            raise refused(
                TABLES,
                "set_batch_damaged",
                RegistryError,
                batches=batches_path(registry),
                batch=_batch_name(i, batch),
            )
    extra = [s for s in cards if s not in covered]
    if len(extra) > unrecorded:
        serial = extra[unrecorded]  # the older cards belong to the batch without serials
        raise refused(
            TABLES,
            "set_no_batch",
            RegistryError,
            registry=registry,
            line=_line_of(cards, serial),
            serial=serial,
            hint=remake_hint(registry, batches),
        )
    return notes


def _legacy_key(config: Config) -> tuple[Path, bytes] | None:
    """The key an older version kept in the user's data folder for this event, if any."""
    try:
        path = cardcode.key_path(config.event.title)
        key = cardcode.load_key(config.event.title)
    except (OSError, cardcode.CardKeyError):
        return None
    return None if key is None else (path, key)


def recorded_key_ids(batches: list[Batch]) -> set[str]:
    return {b["key_id"] for b in batches if isinstance(b.get("key_id"), str)}


def find_key(config: Config, registry: Path, batches: list[Batch], note: Note) -> bytes | None:
    """The set's key: `cards.key` beside the registry, else an older version's key from the
    user's data folder (copied beside the registry, the old file kept). None when there is
    none. Raises CardKeyError when the key there did not sign the recorded batches."""
    path = key_file(registry)
    ids = recorded_key_ids(batches)
    key = cardcode.read_key_file(path)
    if key is None:
        legacy = _legacy_key(config)
        if legacy is not None and (not ids or cardcode.key_id(legacy[1]) in ids):
            old_path, key = legacy
            note(_copy_legacy(old_path, path))
    if key is None:
        if ids:
            raise refused(
                TABLES,
                "set_key_missing",
                cardcode.CardKeyError,
                registry=registry,
                key_id=sorted(ids)[0],
                path=path,
            )
        return None
    wrong = sorted(ids - {cardcode.key_id(key)})
    if wrong:
        raise refused(
            TABLES,
            "set_key_wrong",
            cardcode.CardKeyError,
            path=path,
            key_id=cardcode.key_id(key),
            registry=registry,
            wanted=wrong[0],
        )
    _warn_if_shared(path, note)
    return key


def _warn_if_shared(path: Path, note: Note) -> None:
    """The key must stay its owner's alone (0600): say so when others may read it."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return
    if os.name == "posix" and mode & 0o077:
        note(phrase(TABLES, "set_key_shared", path=path, mode=mode & 0o777))


def _copy_legacy(old: Path, new: Path) -> str:
    try:
        fd = os.open(new, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f, old.open("rb") as src:
            shutil.copyfileobj(src, f)
            f.flush()
            os.fsync(f.fileno())
    except OSError as exc:
        reason = exc.strerror or exc
        return phrase(TABLES, "set_key_not_copied", old=old, new=new, reason=reason)
    return phrase(TABLES, "set_key_copied", old=old, new=new)


def open_card_set(
    config: Config, registry: str | Path, *, note: Note | None = None, need_key: bool = True
) -> CardSet:
    """Read a registry for the show and verify it: each batch's rows against its record and
    its key against the key ids the batches recorded. A registry that cannot be verified is
    refused (RegistryError / CardKeyError naming the file and the fix)."""
    registry = Path(registry)
    notes: list[str] = []
    say = note or notes.append
    cards = check_board(read_registry(registry), config.board, registry)
    batches = read_batches(registry)
    if batches is None:
        raise refused(
            TABLES,
            "set_batches_damaged",
            RegistryError,
            batches=batches_path(registry),
            registry=registry,
        )
    if not batches:
        say(phrase(TABLES, "set_no_record", registry=registry, batches=batches_path(registry).name))
    for text in verify_rows(cards, batches, registry):
        say(text)
    key = find_key(config, registry, batches, say) if need_key else None
    if need_key and key is None:
        say(phrase(TABLES, "set_no_key", registry=registry, key=key_file(registry)))
    return CardSet(registry, cards, batches, key, notes)
