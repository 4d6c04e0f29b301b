"""Checking a claimed card: marked cells, connected groups, verdict (Puyo rule). No Qt.

A card has a bingo when `threshold` or more marked cells are connected up/down/left/right. It is
"reach" (リーチ) when one more number would give it a bingo.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bingo.config import Config
from cards.model import BingoCard
from cards.registry import check_board, read_registry

Cell = tuple[int, int]

BINGO, REACH, NOT_YET = "bingo", "reach", "not_yet"


@dataclass(frozen=True)
class CardCheck:
    card: BingoCard
    marked: tuple[tuple[bool, ...], ...]
    winning_cells: frozenset[Cell]
    groups: tuple[frozenset[Cell], ...]
    verdict: str
    reach_numbers: tuple[int, ...]


@dataclass(frozen=True)
class RegistryStats:
    cards: int
    bingo: int
    reach: int


def connected_groups(marked: tuple[tuple[bool, ...], ...]) -> list[frozenset[Cell]]:
    """Groups of marked cells connected up/down/left/right, largest first."""
    size = len(marked)
    seen: set[Cell] = set()
    groups: list[frozenset[Cell]] = []
    for r in range(size):
        for c in range(size):
            if not marked[r][c] or (r, c) in seen:
                continue
            group, stack = set(), [(r, c)]
            seen.add((r, c))
            while stack:
                cr, cc = stack.pop()
                group.add((cr, cc))
                for nr, nc in ((cr - 1, cc), (cr + 1, cc), (cr, cc - 1), (cr, cc + 1)):
                    if 0 <= nr < size and 0 <= nc < size and marked[nr][nc]:
                        if (nr, nc) not in seen:
                            seen.add((nr, nc))
                            stack.append((nr, nc))
            groups.append(frozenset(group))
    groups.sort(key=len, reverse=True)
    return groups


def check_card(card: BingoCard, drawn: Iterable[int], threshold: int) -> CardCheck:
    marked = card.marked(drawn)
    groups = connected_groups(marked)
    winning = frozenset(cell for g in groups if len(g) >= threshold for cell in g)
    if winning:
        return CardCheck(card, marked, winning, tuple(groups), BINGO, ())
    group_of = {cell: i for i, g in enumerate(groups) for cell in g}
    reach = []
    size = card.size
    for r in range(size):
        for c in range(size):
            if marked[r][c]:
                continue
            touching = {
                group_of[(nr, nc)]
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if (nr, nc) in group_of
            }
            if 1 + sum(len(groups[i]) for i in touching) >= threshold:
                reach.append(card.rows[r][c])
    verdict = REACH if reach else NOT_YET
    return CardCheck(card, marked, frozenset(), tuple(groups), verdict, tuple(sorted(reach)))


def registry_stats(
    cards: Iterable[BingoCard], drawn: Iterable[int], threshold: int
) -> RegistryStats:
    drawn_set = set(drawn)
    total = bingo = reach = 0
    for card in cards:
        total += 1
        verdict = check_card(card, drawn_set, threshold).verdict
        bingo += verdict == BINGO
        reach += verdict == REACH
    return RegistryStats(total, bingo, reach)


def load_registry_for(config: Config, path: str | Path) -> dict[int, BingoCard]:
    """Read a registry and make sure its cards belong to the configured board."""
    return check_board(read_registry(path), config.board, path)
