"""Card generation: column ranges, uniqueness, seeds, the count limit, the registry."""

from __future__ import annotations

import itertools
import math

import pytest

from bingo.config import BoardConfig
from cards.generate import (
    CardGenerationError,
    _unrank_columns,
    distinct_card_count,
    generate_cards,
)
from cards.registry import read_registry, write_registry
from eventkit.errors import UserError
from eventkit.tomlconf import speaking


def board(size: int, per_column: int, free: bool = False) -> BoardConfig:
    return BoardConfig(size=size, numbers_per_column=per_column, free_center=free)


def assert_valid(b: BoardConfig, card) -> None:
    assert card.size == b.size
    centre = b.size // 2
    for c in range(b.size):
        column = card.column(c)
        numbers = [n for n in column if n is not None]
        assert len(set(numbers)) == len(numbers), f"repeated number in column {c}"
        allowed = b.numbers_of_column(c)
        assert all(n in allowed for n in numbers), f"column {c} holds {numbers}"
        if b.free_center and c == centre:
            assert column[centre] is None and len(numbers) == b.size - 1
        else:
            assert len(numbers) == b.size


def test_distinct_count_formula() -> None:
    assert distinct_card_count(board(4, 10)) == (10 * 9 * 8 * 7) ** 4
    assert distinct_card_count(board(3, 3)) == 6**3
    assert distinct_card_count(board(3, 4, free=True)) == 24 * 12 * 24
    assert distinct_card_count(board(5, 15, free=True)) == math.perm(15, 5) ** 4 * math.perm(15, 4)


@pytest.mark.parametrize("b", [board(4, 10), board(5, 15, free=True), board(5, 5)])
def test_large_set_is_unique_and_in_range(b: BoardConfig) -> None:
    cards = generate_cards(b, 3000, seed=11)
    assert [c.serial for c in cards] == list(range(1, 3001))
    assert len({c.rows for c in cards}) == 3000
    for card in cards:
        assert_valid(b, card)


def test_every_card_of_a_tiny_board_can_be_made() -> None:
    """Asking for all 216 cards of a 3x3 board with 3 numbers per column gets each once."""
    b = board(3, 3)
    cards = generate_cards(b, 216, seed=3)
    assert len({c.rows for c in cards}) == 216
    for card in cards:
        assert_valid(b, card)


def test_unranking_is_a_bijection_on_a_small_board() -> None:
    b = board(3, 4, free=True)
    total = distinct_card_count(b)
    seen = {tuple(map(tuple, _unrank_columns(b, i))) for i in range(total)}
    expected = {
        (a, m, z)
        for a in itertools.permutations(range(1, 5), 3)
        for m in itertools.permutations(range(5, 9), 2)
        for z in itertools.permutations(range(9, 13), 3)
    }
    assert seen == expected


def test_near_full_request_is_unique() -> None:
    b = board(3, 4, free=True)  # 6912 cards exist
    cards = generate_cards(b, 6000, seed=9)
    assert len({c.rows for c in cards}) == 6000
    for card in cards[:500]:
        assert_valid(b, card)


def test_same_seed_same_cards_other_seed_other_cards() -> None:
    b = board(5, 15, free=True)
    assert generate_cards(b, 200, seed=42) == generate_cards(b, 200, seed=42)
    assert generate_cards(b, 200, seed=42) != generate_cards(b, 200, seed=43)
    small = board(3, 3)
    assert generate_cards(small, 100, seed=1) == generate_cards(small, 100, seed=1)


def test_a_big_board_skips_a_card_it_has_already_made() -> None:
    """Big boards draw cards at random and skip repeats: with the same seed, the first draws are
    exactly the excluded cards of the earlier batch, so every one of them must be skipped."""
    b = board(5, 15)
    first = generate_cards(b, 5, seed=3)
    again = generate_cards(b, 5, seed=3, exclude=first)
    assert {card.rows for card in first}.isdisjoint(card.rows for card in again)
    assert len({card.rows for card in again}) == 5


def test_first_serial() -> None:
    cards = generate_cards(board(4, 10), 5, seed=1, first_serial=101)
    assert [c.serial for c in cards] == [101, 102, 103, 104, 105]


def test_too_many_cards_is_a_clear_error() -> None:
    with speaking("en"):
        with pytest.raises(CardGenerationError, match=r"only 216 different 3x3 cards"):
            generate_cards(board(3, 3), 217, seed=1)
        with pytest.raises(UserError, match="at least 1"):
            generate_cards(board(4, 10), 0, seed=1)
    with pytest.raises(CardGenerationError, match=r"ちがう 3x3 のカードは 216 枚しかありません"):
        generate_cards(board(3, 3), 217, seed=1)  # Japanese: the default


def test_registry_round_trip(tmp_path) -> None:
    for b in (board(4, 10), board(5, 15, free=True)):
        cards = generate_cards(b, 300, seed=5, first_serial=7)
        path = tmp_path / f"reg{b.size}.csv"
        write_registry(path, cards)
        back = read_registry(path)
        assert list(back) == [c.serial for c in cards]
        assert list(back.values()) == cards
    text = (tmp_path / "reg5.csv").read_text(encoding="utf-8")
    assert text.splitlines()[0].startswith("serial,r1c1,r1c2,")
    assert ",FREE," in text.splitlines()[1]
