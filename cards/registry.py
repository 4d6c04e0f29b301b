"""The card registry: one CSV row per card (`serial, r1c1, r1c2, …`), FREE for the free centre.

The generator writes it next to the PDF; the draw display reads it to check a claimed card.
Reading is strict: anything the card check could not use (no cards, a serial the check box
cannot take, a card twice, a number twice on one card) is refused with the line it is on.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, TextIO

from bingo.config import MAX_SIZE, MIN_SIZE, BoardConfig
from cards.model import BingoCard
from cards.texts import TABLES
from eventkit.errors import UserError
from eventkit.safefile import write_atomic
from eventkit.tomlconf import phrase, refused

FREE_TEXT = "FREE"
SERIAL_MAX_DIGITS = 12  # the draw display's card-check box takes at most this many digits
_DIGITS = re.compile(r"[0-9]+")  # ASCII only: int() would also take "٣", "1_0" and "+1"


class RegistryError(UserError):
    """The registry file is missing or malformed; the message names the file and the line."""


CODE_COLUMN = "code"  # the card's phone code, last: a lost code can be looked up


def header(size: int) -> list[str]:
    return ["serial"] + [f"r{r + 1}c{c + 1}" for r in range(size) for c in range(size)]


class RegistryWriter:
    """Writes the registry one card at a time to an open text file (newline=""); with
    `code_of` (serial -> printed code) each row ends with the card's phone code."""

    def __init__(self, f: TextIO, size: int, code_of: Callable[[int], str] | None = None) -> None:
        self._writer = csv.writer(f)
        self._code_of = code_of
        self._writer.writerow(header(size) + ([CODE_COLUMN] if code_of else []))

    def write(self, card: BingoCard) -> None:
        cells = [FREE_TEXT if n is None else str(n) for row in card.rows for n in row]
        code = [self._code_of(card.serial)] if self._code_of else []
        self._writer.writerow([str(card.serial), *cells, *code])


def write_registry(path: str | Path, cards: Iterable[BingoCard]) -> None:
    """Write a registry of `cards` in one go, atomically and durably (eventkit.safefile, as
    every file of ours): `bingo cards` writes its own with the PDF (cards.output)."""
    cards = list(cards)
    text = io.StringIO(newline="")
    writer = RegistryWriter(text, cards[0].size if cards else 0)
    for card in cards:
        writer.write(card)
    write_atomic(Path(path), text.getvalue().encode("utf-8"), mode=0o644)


def _read_rows(path: Path) -> list[list[str]]:
    if not path.exists():
        raise refused(TABLES, "reg_not_found", RegistryError, path=path)
    if not path.is_file():
        raise refused(TABLES, "reg_not_file", RegistryError, path=path)
    reader = None
    try:
        # utf-8-sig: Excel's "CSV UTF-8" starts the file with a byte order mark
        with path.open(newline="", encoding="utf-8-sig") as f:
            reader = csv.reader(f)
            return list(reader)
    except csv.Error as exc:
        line = reader.line_num if reader is not None else 1
        limit = csv.field_size_limit()
        reason = (
            phrase(TABLES, "reg_field_long", limit=limit)
            if "field limit" in str(exc)
            else phrase(TABLES, "reg_not_csv", detail=exc)
        )
        raise refused(
            TABLES, "reg_bad_csv", RegistryError, path=path, line=line, reason=reason
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise refused(TABLES, "reg_unreadable", RegistryError, path=path, reason=exc) from None


def _parse_serial(text: str, where: str) -> int:
    text = text.strip()
    if text.startswith("-") and _DIGITS.fullmatch(text[1:]):
        raise refused(TABLES, "reg_serial_negative", RegistryError, where=where, text=text)
    if not _DIGITS.fullmatch(text):
        shown = repr(text[:20])
        raise refused(TABLES, "reg_serial_not_number", RegistryError, where=where, text=shown)
    if len(text) > SERIAL_MAX_DIGITS:
        raise refused(
            TABLES,
            "reg_serial_long",
            RegistryError,
            where=where,
            text=text[:20],
            digits=SERIAL_MAX_DIGITS,
        )
    return int(text)


def _parse_cell(text: str, where: str) -> int | None:
    if text.isascii() and text.isdigit() and len(text) <= 6:  # the usual case, fast
        return int(text)
    text = text.strip()
    if text == FREE_TEXT:
        return None
    if not _DIGITS.fullmatch(text) or len(text) > 6:
        shown = repr(text[:20])
        raise refused(TABLES, "reg_cell", RegistryError, where=where, text=shown, free=FREE_TEXT)
    return int(text)


def _parse_cells(fields: list[str], where: str) -> list[int | None]:
    numbers = [v for v in fields if v != FREE_TEXT]
    joined = "".join(numbers)
    if joined.isascii() and joined.isdigit() and all(numbers):  # the usual case, fast
        return [None if v == FREE_TEXT else int(v) for v in fields]
    return [_parse_cell(v, where) for v in fields]


def _check_card(card: BingoCard, cells: list[int | None], where: str) -> None:
    """A number at most once per card; FREE only in the centre of an odd-sized card."""
    size, centre = card.size, card.size // 2
    free = cells.count(None)
    numbers = len(cells) - free
    if len(set(cells)) == numbers + (free > 0) and (
        free == 0 or (free == 1 and size % 2 == 1 and cells[centre * size + centre] is None)
    ):
        return  # the usual case, fast; below finds what is wrong and says where
    seen: dict[int, int] = {}
    for r, row in enumerate(card.rows):
        for c, n in enumerate(row):
            if n is None:
                if size % 2 == 0 or r != centre or c != centre:
                    raise refused(
                        TABLES,
                        "reg_free_not_centre",
                        RegistryError,
                        where=where,
                        free=FREE_TEXT,
                        row=r + 1,
                        column=c + 1,
                    )
            elif n in seen:
                columns = (
                    phrase(TABLES, "reg_column", column=c + 1)
                    if seen[n] == c
                    else phrase(TABLES, "reg_columns", first=seen[n] + 1, second=c + 1)
                )
                raise refused(
                    TABLES, "reg_twice", RegistryError, where=where, number=n, columns=columns
                )
            else:
                seen[n] = c


def read_registry(path: str | Path) -> dict[int, BingoCard]:
    """Read a registry into {serial: card}, in file order."""
    path = Path(path)
    rows = _read_rows(path)
    if not rows or not rows[0] or rows[0][0].strip() != "serial":
        raise refused(TABLES, "reg_no_serial_column", RegistryError, path=path)
    names = [h.strip() for h in rows[0]]
    has_code = names[-1] == CODE_COLUMN
    cell_count = len(rows[0]) - 1 - has_code
    size = round(cell_count**0.5)
    if size * size != cell_count or names[: cell_count + 1] != header(size):
        raise refused(TABLES, "reg_header", RegistryError, path=path)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise refused(
            TABLES, "reg_size", RegistryError, path=path, size=size, low=MIN_SIZE, high=MAX_SIZE
        )
    cards: dict[int, BingoCard] = {}
    lines: dict[int, int] = {}  # serial -> line, for messages
    by_grid: dict[tuple[tuple[int | None, ...], ...], int] = {}
    for line_no, row in enumerate(rows[1:], start=2):
        if not row or (len(row) == 1 and not row[0].strip()):
            continue
        where = phrase(TABLES, "reg_where", path=path, line=line_no)
        if len(row) != cell_count + 1 + has_code:
            expected = cell_count + 1 + has_code
            raise refused(
                TABLES, "reg_fields", RegistryError, where=where, count=len(row), expected=expected
            )
        serial = _parse_serial(row[0], where)
        if serial in cards:
            raise refused(
                TABLES,
                "reg_serial_twice",
                RegistryError,
                where=where,
                serial=serial,
                line=lines[serial],
            )
        where = phrase(TABLES, "reg_where_card", where=where, serial=serial)
        cells = _parse_cells(row[1 : cell_count + 1], where)
        grid = tuple(tuple(cells[r * size : (r + 1) * size]) for r in range(size))
        card = BingoCard(serial, grid)
        _check_card(card, cells, where)
        if grid in by_grid:
            other = by_grid[grid]
            raise refused(TABLES, "reg_same_card", RegistryError, where=where, other=other)
        by_grid[grid] = serial
        cards[serial] = card
        lines[serial] = line_no
    if not cards:
        raise refused(TABLES, "reg_empty", RegistryError, path=path)
    return cards


def check_board(
    cards: Mapping[int, BingoCard], board: BoardConfig, path: str | Path
) -> dict[int, BingoCard]:
    """Make sure every card fits `board` (size, free centre, each column's numbers)."""
    centre = board.size // 2
    for serial, card in cards.items():
        if card.size != board.size:
            raise refused(
                TABLES,
                "reg_board_size",
                RegistryError,
                path=path,
                size=card.size,
                board=board.size,
            )
        for r, row in enumerate(card.rows):
            for c, number in enumerate(row):
                if number is None:
                    if not (board.free_center and r == c == centre):
                        raise refused(
                            TABLES,
                            "reg_board_free",
                            RegistryError,
                            serial=serial,
                            path=path,
                            row=r + 1,
                            column=c + 1,
                        )
                elif number not in board.numbers_of_column(c):
                    raise refused(
                        TABLES,
                        "reg_board_column",
                        RegistryError,
                        serial=serial,
                        path=path,
                        number=number,
                        column=c + 1,
                    )
                elif board.free_center and r == c == centre:
                    raise refused(
                        TABLES,
                        "reg_board_centre",
                        RegistryError,
                        serial=serial,
                        path=path,
                        number=number,
                    )
    return dict(cards)


# ---------------------------------------------------------------- batches (a side file)

BATCHES_FORMAT = 1
# one batch's record in cards.batches.json (made, seeds, key_id, digests ...): JSON as read
Batch = dict[str, Any]


def batches_path(registry_path: Path) -> Path:
    """`cards.csv` -> `cards.batches.json`: how each batch of the registry was made."""
    return registry_path.with_suffix(".batches.json")


def read_batches(registry_path: Path) -> list[Batch] | None:
    """The batches recorded beside a registry; [] when there is no side file, None when it is
    damaged (the registry itself stays the source of truth)."""
    path = batches_path(registry_path)
    if not path.exists():
        return []
    try:
        if not path.is_file() or path.stat().st_size > 10_000_000:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("batches"), list):
        return None
    batches = data["batches"]
    return batches if all(isinstance(b, dict) for b in batches) else None


def batches_text(batches: list[Batch]) -> str:
    return json.dumps({"format": BATCHES_FORMAT, "batches": batches}, indent=2, ensure_ascii=False)
