"""UECda protocol 20070: the 8x15 tables, their byte form, and the one place where a table turns
into our engine's cards and plays and back.

A table is 8 rows of 15 ints sent as 480 bytes of network-order (big-endian) 32-bit ints; a
single int (player number, accept sign, end-of-game flag) is 4 bytes the same way.

Card cells (rows 0-4, as the standard server deals them, ``shuffle_card`` in tndhms):
row 0 ♠, 1 ♥, 2 ♦, 3 ♣; column 1..13 = 3, 4, ..., K, A, 2. In a hand the joker is the value 2 at
[4][1]. In a submitted play a card is 1 at its cell; the joker is 2 at the cell of the card it
stands for (a lone joker at [0][14], as the standard client's ``search_low_card`` sends it).

Status rows (the standard server fills them before every table it sends):
[5][0] 1 on the first table of a game (card exchange), [5][1] cards to give (2 大富豪, 1 富豪,
0 平民, -1 貧民, -2 大貧民; 0 for everyone in a game without exchange), [5][2] 1 = your turn,
[5][3] the player to move (on a field table: the player who just acted), [5][4] 1 = the field is
empty, [5][5] 11バック, [5][6] 革命, [5][7] 絵柄しばり; [6][0..4] cards held by players 0-4,
[6][5..9] their rank (0 = 大富豪 .. 4 = 大貧民), [6][10..14] the seat order (player at seat i).
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from eventkit.errors import UserError
from eventkit.tomlconf import phrase, refused
from games.common.cards import JOKER, AnyCard, Card, Rank, Suit
from games.daifugo.plays import Play, classify, strength
from games.daifugo.settings import TEXTS

PROTOCOL_VERSION = 20070
DEFAULT_PORT = 42485
ROWS, COLS = 8, 15
TABLE_BYTES = ROWS * COLS * 4
ACCEPTED, REFUSED = 9, 8  # the server's answer to a submitted play (a refused play is a pass)
CONTINUE, GAME_OVER, MATCH_OVER = 0, 1, 2  # the flag after every turn
SUIT_ROWS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
JOKER_HAND_CELL = (4, 1)
LONE_JOKER_CELL = (0, 14)
NAME_LENGTH = 15

Table = tuple[tuple[int, ...], ...]

_TABLE = struct.Struct(f">{ROWS * COLS}i")
_INT = struct.Struct(">i")


class ProtocolError(UserError):
    """A message that does not follow protocol 20070; the text names what was received."""


# ---------------------------------------------------------------------------- bytes


def empty_table() -> list[list[int]]:
    return [[0] * COLS for _ in range(ROWS)]


def freeze(rows: Sequence[Sequence[int]]) -> Table:
    if len(rows) != ROWS or any(len(r) != COLS for r in rows):
        raise ValueError(f"a table has {ROWS} rows of {COLS} ints")
    return tuple(tuple(int(v) for v in r) for r in rows)


def pack_table(rows: Sequence[Sequence[int]]) -> bytes:
    flat = [v for r in freeze(rows) for v in r]
    return _TABLE.pack(*flat)


def unpack_table(data: bytes) -> Table:
    if len(data) != TABLE_BYTES:
        raise refused(TEXTS, "p_table_bytes", ProtocolError, n=TABLE_BYTES, got=len(data))
    flat = _TABLE.unpack(data)
    return tuple(tuple(flat[r * COLS : (r + 1) * COLS]) for r in range(ROWS))


def pack_int(value: int) -> bytes:
    return _INT.pack(value)


def unpack_int(data: bytes) -> int:
    if len(data) != 4:
        raise refused(TEXTS, "p_int_bytes", ProtocolError, got=len(data))
    return int(_INT.unpack(data)[0])


def profile_table(name: str) -> Table:
    """The first message a client sends: [0][0] the protocol version, [1][*] its name."""
    t = empty_table()
    t[0][0] = PROTOCOL_VERSION
    for i, ch in enumerate(name.encode("ascii", "replace")[: NAME_LENGTH - 1]):
        t[1][i] = ch
    return freeze(t)


def profile_name(t: Table) -> str:
    chars = []
    for v in t[1]:
        if v == 0:
            break
        chars.append(chr(v) if 32 <= v < 127 else "?")
    return "".join(chars)


def show(t: Table) -> str:
    """A table as text (for error messages and logs): 8 lines of 15 ints."""
    return "\n".join(" ".join(f"{v:2d}" for v in row) for row in t)


# ---------------------------------------------------------------------------- cards


def cell(card: AnyCard) -> tuple[int, int]:
    """The (row, column) of a real card; the joker has no cell of its own (see JOKER_HAND_CELL)."""
    if card.is_joker:
        raise ValueError("the joker's cell depends on what it stands for")
    return SUIT_ROWS.index(card.suit), strength(card.rank) - 2


def card_at(row: int, col: int) -> Card:
    """The real card at a cell of rows 0-3, columns 1-13."""
    if not (0 <= row <= 3 and 1 <= col <= 13):
        raise ValueError(f"cell [{row}][{col}] holds no card")
    value = col + 2
    return Card(Rank.TWO if value == 15 else Rank(value), SUIT_ROWS[row])


def _check_card_rows(t: Table, what: str) -> None:
    for r in range(5):
        for c in range(COLS):
            if t[r][c] not in (0, 1, 2):
                raise refused(
                    TEXTS,
                    "p_cell_value",
                    ProtocolError,
                    what=phrase(TEXTS, what),
                    r=r,
                    c=c,
                    value=t[r][c],
                )


def hand_from_table(t: Table) -> list[AnyCard]:
    """The cards of a hand table: 1 at a card's cell, 2 at [4][1] for the joker."""
    _check_card_rows(t, "t_hand")
    cards: list[AnyCard] = []
    for r in range(4):
        for c in range(COLS):
            if t[r][c] == 0:
                continue
            if t[r][c] != 1 or not 1 <= c <= 13:
                what = phrase(TEXTS, "t_hand")
                raise refused(
                    TEXTS, "p_hand_cell", ProtocolError, what=what, r=r, c=c, value=t[r][c]
                )
            cards.append(card_at(r, c))
    jokers = [(4, c) for c in range(COLS) if t[4][c]]
    if jokers and (jokers != [JOKER_HAND_CELL] or t[4][1] != 2):
        what = phrase(TEXTS, "t_hand")
        raise refused(TEXTS, "p_hand_joker", ProtocolError, what=what, row=list(t[4]))
    if jokers:
        cards.append(JOKER)
    return cards


def table_from_hand(cards: Iterable[AnyCard]) -> Table:
    t = empty_table()
    for card in cards:
        if card.is_joker:
            t[4][1] = 2
        else:
            r, c = cell(card)
            t[r][c] = 1
    return freeze(t)


def table_from_cards(cards: Iterable[AnyCard]) -> Table:
    """Cards given in the exchange: each at its cell (the joker, if given, as in a hand)."""
    return table_from_hand(cards)


def cards_from_table(t: Table) -> list[AnyCard]:
    """The cards of an exchange table: 1 at a card's cell, the joker as 2 at any cell (the
    standard server checks no more than that)."""
    _check_card_rows(t, "t_exchange")
    cards: list[AnyCard] = []
    for r in range(5):
        for c in range(COLS):
            if t[r][c] == 1:
                if r == 4 or not 1 <= c <= 13:
                    what = phrase(TEXTS, "t_exchange")
                    raise refused(TEXTS, "p_outside", ProtocolError, what=what, r=r, c=c)
                cards.append(card_at(r, c))
            elif t[r][c] == 2:
                cards.append(JOKER)
    return cards


def table_from_play(play: Play | None) -> Table:
    """A play as submitted (None = pass: the empty table)."""
    t = empty_table()
    if play is None:
        return freeze(t)
    if play.lone_joker:
        r, c = LONE_JOKER_CELL
        t[r][c] = 2
        return freeze(t)
    for card, face in zip(play.cards, play.faces, strict=True):
        r, c = cell(face)
        t[r][c] = 2 if card.is_joker else 1
    return freeze(t)


def play_from_table(t: Table) -> Play | None:
    """The play a submitted or field table shows (None for the empty table = pass).

    Raises ProtocolError when the cells make no play our engine knows (the message shows them).
    """
    _check_card_rows(t, "t_play")
    real: list[Card] = []
    joker_cells: list[tuple[int, int]] = []
    for r in range(5):
        for c in range(COLS):
            v = t[r][c]
            if v == 1:
                if r == 4 or not 1 <= c <= 13:
                    what = phrase(TEXTS, "t_play")
                    raise refused(TEXTS, "p_outside", ProtocolError, what=what, r=r, c=c)
                real.append(card_at(r, c))
            elif v == 2:
                joker_cells.append((r, c))
    if len(joker_cells) > 1:
        what = phrase(TEXTS, "t_play")
        raise refused(TEXTS, "p_jokers", ProtocolError, what=what, count=len(joker_cells))
    if not real and not joker_cells:
        return None
    if not real:
        return classify([(JOKER, None)])[0]
    tokens: list[tuple[AnyCard, AnyCard | None]] = [(c, None) for c in real]
    if joker_cells:
        r, c = joker_cells[0]
        if not (0 <= r <= 3 and 1 <= c <= 13):
            raise refused(
                TEXTS,
                "p_joker_none",
                ProtocolError,
                what=phrase(TEXTS, "t_play"),
                r=r,
                c=c,
                cards=" ".join(str(x) for x in real),
            )
        tokens.append((JOKER, card_at(r, c)))
    try:
        readings = classify(tokens)
    except UserError as exc:
        cards = " ".join(str(x) for x in real) + (" JK" if joker_cells else "")
        what = phrase(TEXTS, "t_play")
        raise refused(
            TEXTS, "p_not_play", ProtocolError, what=what, cards=cards, reason=exc
        ) from None
    return readings[0]


def field_from_table(t: Table) -> tuple[Play | None, int]:
    """The field a client reads: (a play our engine holds, the number of cards on the field).

    Two contest plays have no exact engine form; they are held as a play at least as hard to
    beat, so a CPU reading them never makes a play the contest server would refuse:
    - a sequence with the joker below the 3 (column 0) or above the 2 (column 14): the joker is
      read at the run's other end (JK-3-4 as 3-4-5, A-2-JK as K-A-2): the field's highest card
      is then as high or higher and its lowest card as low or lower, so in either order a play
      that beats the copy beats the original;
    - a set of five (four cards and the joker): held as the four cards, with 5 as the count;
      nothing of ours has five cards, so the client passes on it.
    Anything else that is not a play raises ProtocolError as ``play_from_table`` does.
    """
    try:
        play = play_from_table(t)
    except ProtocolError:
        held = _contest_field(t)
        if held is None:
            raise
        return held
    return play, (play.size if play is not None else 0)


_Cell = tuple[int, int]  # (row, column) of a table


def _contest_field(t: Table) -> tuple[Play, int] | None:
    """The stand-in for the two contest plays ``field_from_table`` names (None: neither)."""
    cells = [(r, c) for r in range(5) for c in range(COLS) if t[r][c]]
    jokers = [(r, c) for r, c in cells if t[r][c] == 2]
    real = [(r, c) for r, c in cells if t[r][c] == 1]
    if len(jokers) != 1 or not real:
        return None
    joker = jokers[0]
    return _joker_beyond_the_end(real, joker, len(cells)) or _set_of_five(real, joker)


def _joker_beyond_the_end(real: list[_Cell], joker: _Cell, count: int) -> tuple[Play, int] | None:
    """A sequence with the joker below the 3 or above the 2, read at the run's other end."""
    jr, jc = joker
    rows = {r for r, _ in real}
    cols = sorted(c for _, c in real)
    if jc not in (0, 14) or rows != {jr} or cols != list(range(cols[0], cols[-1] + 1)):
        return None
    stand = cols[-1] + 1 if jc == 0 else cols[0] - 1
    if not (jc == 0 and cols[0] == 1 or jc == 14 and cols[-1] == 13) or not 1 <= stand <= 13:
        return None
    tokens: list[tuple[AnyCard, AnyCard | None]] = [(card_at(r, c), None) for r, c in real]
    tokens.append((JOKER, card_at(jr, stand)))
    return classify(tokens)[0], count


def _set_of_five(real: list[_Cell], joker: _Cell) -> tuple[Play, int] | None:
    """Four cards of one rank and the joker: held as the four cards, with 5 as the count."""
    jr, jc = joker
    if jr == 4 and len(real) == 4 and {c for _, c in real} == {jc}:
        four: list[tuple[AnyCard, AnyCard | None]] = [(card_at(r, c), None) for r, c in real]
        return classify(four)[0], 5
    return None


# ---------------------------------------------------------------------------- status


@dataclass(frozen=True)
class Status:
    """Rows 5 and 6 of a table, by name."""

    exchange: bool
    give_count: int
    my_turn: bool
    player: int
    field_empty: bool
    eleven_back: bool
    revolution: bool
    suit_lock: bool
    counts: tuple[int, ...]
    ranks: tuple[int, ...]
    seats: tuple[int, ...]

    @classmethod
    def of(cls, t: Table) -> Status:
        five, six = t[5], t[6]
        seats = tuple(six[10:15])
        if sorted(seats) != [0, 1, 2, 3, 4]:
            raise refused(TEXTS, "p_seats", ProtocolError, seats=list(seats))
        ranks = tuple(six[5:10])
        if any(not 0 <= v <= 4 for v in ranks):
            raise refused(TEXTS, "p_ranks", ProtocolError, ranks=list(ranks))
        counts = tuple(six[0:5])
        if any(not 0 <= v <= 53 for v in counts):
            raise refused(TEXTS, "p_counts", ProtocolError, counts=list(counts))
        for i in (2, 4, 5, 6, 7):
            if five[i] not in (0, 1):
                raise refused(TEXTS, "p_flag", ProtocolError, i=i, value=five[i])
        return cls(
            exchange=five[0] == 1,
            give_count=five[1],
            my_turn=five[2] == 1,
            player=five[3],
            field_empty=five[4] == 1,
            eleven_back=five[5] == 1,
            revolution=five[6] == 1,
            suit_lock=five[7] == 1,
            counts=counts,
            ranks=ranks,
            seats=seats,
        )
