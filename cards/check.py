"""Checking a claimed card: marked cells, connected groups, verdict (Puyo rule). No Qt.

It lives with the cards (not in bingo's core) so the draw session, journal and config never
import cards: the draw display and the phones' server use it.

A card has a bingo when `threshold` or more marked cells are connected up/down/left/right. It is
"reach" (リーチ) when one more number would give it a bingo.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from bingo.config import Config
from cards.model import BingoCard
from cards.registry import SERIAL_MAX_DIGITS

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
    bingo_serials: tuple[int, ...] = ()


# Full-width ASCII forms (what a Japanese input method types: "ＮＯ．０００６") -> ASCII.
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
# What is printed on a card ("No.0006") or just its number; ASCII digits only, so "①" or "²"
# (which Python calls digits) are refused instead of reaching int().
_SERIAL = re.compile(
    rf"(?:no\.?|#|番号)?\s*(\d{{1,{SERIAL_MAX_DIGITS}}})", re.ASCII | re.IGNORECASE
)


def parse_serial(text: str) -> int | None:
    """The card serial in what the host typed ("6", "0006", "No.0006", "Ｎｏ．０００６"), or None."""
    match = _SERIAL.fullmatch(text.translate(_FULL_WIDTH).strip())
    return int(match.group(1)) if match else None


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
    reach: list[int] = []
    size = card.size
    for r in range(size):
        for c in range(size):
            number = card.rows[r][c]
            if number is None or marked[r][c]:  # the free centre is always marked
                continue
            touching = {
                group_of[(nr, nc)]
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if (nr, nc) in group_of
            }
            if 1 + sum(len(groups[i]) for i in touching) >= threshold:
                reach.append(number)
    verdict = REACH if reach else NOT_YET
    return CardCheck(card, marked, frozenset(), tuple(groups), verdict, tuple(sorted(reach)))


def registry_stats(
    cards: Iterable[BingoCard], drawn: Iterable[int], threshold: int
) -> RegistryStats:
    drawn_set = set(drawn)
    total = reach = 0
    winners: list[int] = []
    for card in cards:
        total += 1
        verdict = check_card(card, drawn_set, threshold).verdict
        if verdict == BINGO:
            winners.append(card.serial)
        reach += verdict == REACH
    return RegistryStats(total, len(winners), reach, tuple(sorted(winners)))


class BingoWatch:
    """Tells which registered cards got a bingo since the last state the audience saw.

    Only a step forward (more numbers drawn than before) can raise an alert; an undo or a new
    game just moves the baseline, and the first state seen (e.g. a resumed show) is the baseline.
    """

    def __init__(self) -> None:
        self._drawn: frozenset[int] | None = None
        self._serials: frozenset[int] = frozenset()

    def update(self, drawn: Iterable[int], bingo_serials: Iterable[int]) -> tuple[int, ...]:
        drawn, serials = frozenset(drawn), frozenset(bingo_serials)
        new: tuple[int, ...] = ()
        if self._drawn is not None and drawn > self._drawn:
            new = tuple(sorted(serials - self._serials))
        self._drawn, self._serials = drawn, serials
        return new


def load_registry_for(
    config: Config, path: str | Path, *, note: Callable[[str], None] | None = None
) -> dict[int, BingoCard]:
    """Read a registry for the show: its cards must belong to the configured board, and its
    batches must verify (their rows and their key, cards/cardset.py), or it is refused. What
    the host should know (an old set's key copied beside it, rows that cannot be verified)
    goes to `note`, by default as `note: …` lines on stderr (the host's side)."""
    from cards.cardset import open_card_set

    card_set = open_card_set(config, path, note=note or _note_on_stderr)
    return VerifiedRegistry(card_set.cards, card_key=card_set.key)


class VerifiedRegistry(dict[int, BingoCard]):
    """{serial: card} of a verified registry, with its set's key (`card_key`, None when the
    set has none): the draw display checks a printed code's letters with it."""

    def __init__(self, cards: dict[int, BingoCard], *, card_key: bytes | None) -> None:
        super().__init__(cards)
        self.card_key = card_key


def _note_on_stderr(text: str) -> None:
    print(f"note: {text}", file=sys.stderr)
