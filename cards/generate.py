"""Seeded generation of bingo cards that are all different from each other.

Column c of a card holds `size` distinct numbers from c*M+1..(c+1)*M in random row order
(M = numbers_per_column); with a free centre the middle cell is None and that column holds
one number fewer. The same seed always gives the same cards.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator

from bingo.config import BoardConfig
from cards.model import FREE, BingoCard
from cards.texts import TABLES
from eventkit.errors import UserError
from eventkit.tomlconf import refused

# Below this many distinct cards per requested card, draw distinct indices instead of
# rejection sampling (which slows down as the space fills up).
_DENSE_FACTOR = 4
MAX_CARDS = 1_000_000  # per run and per registry; the same cap as cards.count in config.toml


class CardGenerationError(UserError):
    """The requested set of cards cannot be made (count out of range)."""


def _column_lengths(board: BoardConfig) -> list[int]:
    """How many numbers each column holds (the free centre's column holds one fewer)."""
    lengths = [board.size] * board.size
    if board.free_center:
        lengths[board.size // 2] -= 1
    return lengths


def distinct_card_count(board: BoardConfig) -> int:
    """How many different cards exist for this board (row order matters)."""
    m = board.numbers_per_column
    return math.prod(math.perm(m, k) for k in _column_lengths(board))


def _assemble(board: BoardConfig, serial: int, columns: list[list[int]]) -> BingoCard:
    size = board.size
    centre = size // 2
    rows = []
    for r in range(size):
        row: list[int | None] = []
        for c in range(size):
            col = columns[c]
            if board.free_center and c == centre:
                row.append(FREE if r == centre else col[r if r < centre else r - 1])
            else:
                row.append(col[r])
        rows.append(tuple(row))
    return BingoCard(serial, tuple(rows))


def _random_columns(board: BoardConfig, rng: random.Random) -> list[list[int]]:
    lengths = _column_lengths(board)
    return [rng.sample(board.numbers_of_column(c), lengths[c]) for c in range(board.size)]


def _unrank_columns(board: BoardConfig, index: int) -> list[list[int]]:
    """The index-th card (0 <= index < distinct_card_count) as its columns."""
    columns = []
    for c, k in enumerate(_column_lengths(board)):
        pool = list(board.numbers_of_column(c))
        index, rank = divmod(index, math.perm(len(pool), k))
        column = []
        for i in range(k):  # unrank a k-permutation of the pool
            block = math.perm(len(pool) - 1, k - i - 1)
            pos, rank = divmod(rank, block)
            column.append(pool.pop(pos))
        columns.append(column)
    return columns


def _rank_columns(board: BoardConfig, columns: list[list[int]]) -> int:
    """The inverse of _unrank_columns."""
    index, scale = 0, 1
    for c, column in enumerate(columns):
        pool = list(board.numbers_of_column(c))
        k = len(column)
        rank = 0
        for i, number in enumerate(column):
            pos = pool.index(number)
            rank += pos * math.perm(len(pool) - 1, k - i - 1)
            pool.pop(pos)
        index += rank * scale
        scale *= math.perm(board.numbers_per_column, k)
    return index


def card_columns(card: BingoCard) -> list[list[int]]:
    """A card's numbers column by column, top to bottom, without the free centre."""
    return [[n for n in card.column(c) if n is not None] for c in range(card.size)]


def check_count(board: BoardConfig, count: int, existing: int = 0) -> None:
    """Raise CardGenerationError when `count` more cards cannot all be different (from each
    other and from `existing` cards already made) or are more than MAX_CARDS."""
    if count < 1:
        raise refused(TABLES, "count_none", CardGenerationError, count=count)
    if count > MAX_CARDS:
        raise refused(TABLES, "count_many", CardGenerationError, count=count, most=MAX_CARDS)
    if existing + count > MAX_CARDS:
        raise refused(
            TABLES,
            "count_registry_full",
            CardGenerationError,
            count=count,
            existing=existing,
            most=MAX_CARDS,
            left=MAX_CARDS - existing,
        )
    total = distinct_card_count(board)
    if existing and count > total - existing:
        raise refused(
            TABLES,
            "count_left",
            CardGenerationError,
            count=count,
            left=total - existing,
            existing=existing,
        )
    if count > total:
        raise refused(
            TABLES,
            "count_distinct",
            CardGenerationError,
            count=count,
            total=total,
            size=board.size,
            per_column=board.numbers_per_column,
        )


def iter_cards(
    board: BoardConfig,
    count: int,
    seed: int,
    first_serial: int = 1,
    exclude: Iterable[BingoCard] = (),
) -> Iterator[BingoCard]:
    """Yield `count` different cards with serials first_serial, first_serial+1, … , each also
    different from every card in `exclude` (the cards of earlier batches)."""
    exclude = list(exclude)
    check_count(board, count, len(exclude))
    if first_serial < 0:
        raise refused(TABLES, "first_serial", CardGenerationError, first=first_serial)
    rng = random.Random(seed)
    total = distinct_card_count(board)
    if total <= _DENSE_FACTOR * (count + len(exclude)):
        taken = {_rank_columns(board, card_columns(card)) for card in exclude}
        # Among any count + len(taken) distinct indices at least `count` are free.
        picked = rng.sample(range(total), min(total, count + len(taken)))
        free = (index for index in picked if index not in taken)
        for i, index in zip(range(count), free, strict=False):
            yield _assemble(board, first_serial + i, _unrank_columns(board, index))
        return
    # Hashes of the cards so far (an equal card has an equal hash; a rare false match only
    # skips a card, still deterministically), to keep memory small for big sets.
    seen = {hash(tuple(n for col in card_columns(card) for n in col)) for card in exclude}
    goal = len(seen) + count
    serial = first_serial
    while len(seen) < goal:
        columns = _random_columns(board, rng)
        key = hash(tuple(n for col in columns for n in col))
        if key in seen:
            continue
        seen.add(key)
        yield _assemble(board, serial, columns)
        serial += 1


def generate_cards(
    board: BoardConfig,
    count: int,
    seed: int,
    first_serial: int = 1,
    exclude: Iterable[BingoCard] = (),
) -> list[BingoCard]:
    """`count` different cards from `seed` (see iter_cards)."""
    return list(iter_cards(board, count, seed, first_serial, exclude))
