"""Odds about the registered cards: exact next-draw figures against a brute-force reference
(loop over the pool, mark, flood fill), the curve against exact subset counts on small pools."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import numpy as np
import pytest

from bingo import probability as prob
from cards.check import registry_stats
from cards.model import BingoCard


def random_cards(count, size, per_column, free, seed):
    """`count` different random cards of the board (None in a free centre)."""
    rng = random.Random(seed)
    cards, seen = [], set()
    while len(cards) < count:
        columns = []
        for c in range(size):
            numbers = range(c * per_column + 1, (c + 1) * per_column + 1)
            if free and c == size // 2:
                picked = rng.sample(numbers, size - 1)
                picked.insert(size // 2, None)
            else:
                picked = rng.sample(numbers, size)
            columns.append(picked)
        rows = tuple(tuple(columns[c][r] for c in range(size)) for r in range(size))
        if rows not in seen:
            seen.add(rows)
            cards.append(BingoCard(len(cards) + 1, rows))
    return cards


def has_bingo(card, called, threshold):
    """Flood fill: a group of >= threshold marked cells connected up/down/left/right."""
    size = card.size
    marked = {
        (r, c) for r in range(size) for c in range(size) if card.rows[r][c] in called | {None}
    }
    seen = set()
    for start in marked:
        if start in seen:
            continue
        group, todo = 0, [start]
        seen.add(start)
        while todo:
            r, c = todo.pop()
            group += 1
            for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if cell in marked and cell not in seen:
                    seen.add(cell)
                    todo.append(cell)
        if group >= threshold:
            return True
    return False


def brute_next(cards, called, threshold, total):
    """{pool number: registered cards without a bingo that it completes}."""
    called = set(called)
    open_cards = [card for card in cards if not has_bingo(card, called, threshold)]
    out = {}
    for x in range(1, total + 1):
        if x in called:
            continue
        k = sum(has_bingo(card, called | {x}, threshold) for card in open_cards)
        if k:
            out[x] = k
    return out


def brute_curve(cards, called, threshold, total):
    """P(a card without a bingo now has one after m more numbers), by exact subset counts."""
    called = set(called)
    pool = [x for x in range(1, total + 1) if x not in called]
    open_cards = [card for card in cards if not has_bingo(card, called, threshold)]
    out = {}
    for m in range(len(pool) + 1):
        hits = sum(
            any(has_bingo(card, called | set(more), threshold) for card in open_cards)
            for more in itertools.combinations(pool, m)
        )
        out[len(called) + m] = Fraction(hits, math.comb(len(pool), m))
    return out


BOARDS = [  # size, per_column, threshold, free centre, cards
    (4, 6, 4, False, 25),
    (5, 9, 4, True, 40),
    (3, 5, 3, True, 12),
    (10, 15, 4, False, 30),
    (6, 7, 5, False, 15),
]


@pytest.mark.parametrize(("size", "per_column", "threshold", "free", "count"), BOARDS)
def test_next_draw_figures_are_exactly_the_brute_force_counts(
    size, per_column, threshold, free, count
):
    cards = random_cards(count, size, per_column, free, seed=size * 31 + count)
    registered = prob.prepare_registry(cards, size, per_column, threshold, free)
    total = size * per_column
    order = random.Random(size).sample(range(1, total + 1), total)
    for t in sorted({0, 1, 3, total // 5, total // 3, total // 2, total - 2, total}):
        called = order[:t]
        figures = prob.registry_next_draw(registered, called)
        expected = brute_next(cards, called, threshold, total)
        assert dict(figures.completing) == expected, t
        pool = total - t
        giving, new = len(expected), sum(expected.values())
        assert figures.pool == pool
        assert (figures.numbers_giving_bingo, figures.new_bingos_total) == (giving, new)
        assert figures.p_new_bingo_next == (giving / pool if pool else 0.0)
        assert figures.expected_new_bingos_next == (new / pool if pool else 0.0)
        # bingo and reach ("one away") are the card check's own verdicts
        stats = registry_stats(cards, called, threshold)
        assert figures.bingo_serials == stats.bingo_serials
        assert figures.reach_cards == stats.reach
        # by column: the same counts split by the column of the next number
        for column in figures.by_column:
            numbers = [
                x
                for x in range(column.column * per_column + 1, (column.column + 1) * per_column + 1)
                if x not in called
            ]
            if not numbers:
                assert column.p_column == 0.0
                continue
            assert column.p_column == pytest.approx(len(numbers) / pool)
            in_column = [expected.get(x, 0) for x in numbers]
            assert column.expected_new_bingos == pytest.approx(sum(in_column) / len(numbers))
            assert column.p_any_new_bingo == pytest.approx(
                sum(k > 0 for k in in_column) / len(numbers)
            )


def test_the_free_centre_counts_as_marked():
    # 5x5, free centre: 13 left of the centre, 22 above it
    rows = (
        (1, 11, 21, 31, 41),
        (2, 12, 22, 32, 42),
        (3, 13, None, 33, 43),
        (4, 14, 23, 34, 44),
        (5, 15, 24, 35, 45),
    )
    card = BingoCard(7, rows)
    registered = prob.prepare_registry([card], 5, 10, 4, True)
    figures = prob.registry_next_draw(registered, [13, 22])  # centre + 13 + 22: three connected
    assert dict(figures.completing) == {3: 1, 12: 1, 14: 1, 21: 1, 23: 1, 32: 1, 33: 1}
    assert figures.reach_serials == (7,) and figures.bingo_serials == ()
    done = prob.registry_next_draw(registered, [13, 22, 33])
    assert done.bingo_serials == (7,) and done.completing == ()
    assert done.p_new_bingo_next == 0.0


def test_the_panel_figures_are_the_registered_cards():
    cards = random_cards(40, 5, 9, True, seed=3)
    registered = prob.prepare_registry(cards, 5, 9, 4, True)
    order = random.Random(2).sample(range(1, 46), 45)
    figures = prob.registry_next_draw(registered, order[:9])
    assert 0 < figures.bingo_cards < 40  # a draw with bingos and cards still waiting
    stats = figures.as_next_draw_stats()
    assert isinstance(stats, prob.NextDrawStats)
    assert stats.p_bingo_now == figures.bingo_cards / 40
    assert stats.p_any_new_bingo == figures.p_new_bingo_next
    assert stats.expected_new_bingos == figures.expected_new_bingos_next
    assert stats.p_bingo_next == pytest.approx(
        (figures.bingo_cards + figures.expected_new_bingos_next) / 40
    )
    assert stats.cards == 40 and stats.remaining == 36
    assert sum(c.p_column * c.expected_new_bingos for c in stats.by_column) == pytest.approx(
        stats.expected_new_bingos
    )


CURVES = [  # size, per_column, threshold, free, cards, numbers called
    (4, 4, 5, False, 3, 2),
    (3, 4, 4, True, 4, 0),
    (4, 4, 4, False, 6, 3),
    (3, 5, 3, False, 5, 3),
]


@pytest.mark.parametrize(("size", "per_column", "threshold", "free", "count", "t"), CURVES)
def test_curve_is_exact_next_and_within_its_stated_error_beyond(
    size, per_column, threshold, free, count, t
):
    cards = random_cards(count, size, per_column, free, seed=count * 7 + t)
    registered = prob.prepare_registry(cards, size, per_column, threshold, free)
    total = size * per_column
    called = random.Random(t + 1).sample(range(1, total + 1), t)
    exact = brute_curve(cards, called, threshold, total)
    curve = prob.registry_curve(registered, called, exact=False)
    figures = prob.registry_next_draw(registered, called)
    assert curve.milestone == figures.bingo_cards + 1
    assert list(curve.p_any[: t + 1]) == [0.0] * (t + 1)  # not reached yet: it is a fact
    assert curve.p_any[t + 1] == figures.p_new_bingo_next == float(exact[t + 1])
    assert curve.error[t + 1] == 0.0 and curve.p_any[-1] == 1.0
    assert not curve.exact and curve.samples >= 4000
    inside = [abs(curve.p_any[k] - float(p)) <= curve.error[k] + 1e-12 for k, p in exact.items()]
    assert all(inside), [(k, float(p), curve.p_any[k], curve.error[k]) for k, p in exact.items()]
    assert 0.0 < curve.max_error < 0.02
    # the expected draw of the next bingo, from the exact curve
    expected = sum(1 - float(exact.get(k, 0)) for k in range(total))
    assert abs(curve.expected_draw - expected) <= curve.expected_error + 1e-9
    # small enough for every subset of the pool: exact, the brute force's fractions
    counted = prob.registry_curve(registered, called)
    assert counted.exact and counted.samples == 0 and counted.max_error == 0.0
    assert [counted.p_any[k] for k in exact] == pytest.approx([float(p) for p in exact.values()])
    assert counted.expected_draw == pytest.approx(expected)


def test_curve_after_a_bingo_counts_to_the_next_one():
    cards = random_cards(30, 4, 6, False, seed=11)
    registered = prob.prepare_registry(cards, 4, 6, 4, False)
    order = random.Random(5).sample(range(1, 25), 24)
    t = next(t for t in range(25) if prob.registry_next_draw(registered, order[:t]).bingo_cards)
    called = order[:t]
    figures = prob.registry_next_draw(registered, called)
    curve = prob.registry_curve(registered, called)
    assert curve.bingo_cards == figures.bingo_cards >= 1
    assert curve.milestone == figures.bingo_cards + 1
    assert curve.p_any[t] == 0.0 and curve.p_any[t + 1] == figures.p_new_bingo_next
    assert np.all(np.diff(curve.p_any) >= 0)
    assert curve.expected_draw > t
    # the same numbers in another order: the same figures, the same sampled curve
    again = prob.registry_curve(registered, list(reversed(called)))
    assert np.array_equal(again.p_any, curve.p_any)


def test_curve_when_every_card_has_a_bingo_or_none_can():
    cards = random_cards(3, 3, 3, False, seed=1)
    registered = prob.prepare_registry(cards, 3, 3, 3, False)
    full = prob.registry_curve(registered, list(range(1, 10)))
    assert full.finished and full.exact and full.max_error == 0.0
    assert not full.p_any.any() and math.isinf(full.expected_draw)
    never = prob.prepare_registry(cards, 3, 3, 10, False)  # 10 connected on 9 cells
    curve = prob.registry_curve(never, [1, 2])
    assert curve.exact and not curve.p_any.any() and math.isinf(curve.expected_draw)
    assert prob.registry_next_draw(never, [1, 2]).p_new_bingo_next == 0.0


def test_certain_next_bingo_is_exact():
    card = BingoCard(1, ((1, 4, 7), (2, 5, 8), (3, 6, 9)))
    registered = prob.prepare_registry([card], 3, 3, 8, False)
    called = [1, 2, 3, 4, 5, 6, 7]  # 8 or 9 makes 8 connected
    curve = prob.registry_curve(registered, called)
    assert curve.exact and curve.samples == 0
    assert list(curve.p_any) == [0.0] * 8 + [1.0, 1.0]
    assert curve.expected_draw == 8.0


def test_bad_arguments_are_named():
    cards = random_cards(2, 3, 3, False, seed=1)
    registered = prob.prepare_registry(cards, 3, 3, 3, False)
    with pytest.raises(ValueError, match="appears twice"):
        prob.registry_next_draw(registered, [1, 1])
    with pytest.raises(ValueError, match=r"not on this board \(1..9\)"):
        prob.registry_next_draw(registered, [10])
    with pytest.raises(ValueError, match="samples"):
        prob.registry_curve(registered, [1], samples=1)
    with pytest.raises(ValueError, match="not 4x4"):
        prob.prepare_registry(cards, 4, 4, 3, False)
    with pytest.raises(ValueError, match=r"outside 1..9"):
        prob.prepare_registry([BingoCard(1, ((0, 4, 7), (2, 5, 8), (3, 6, 9)))], 3, 3, 3, False)
    with pytest.raises(ValueError, match="at least one card"):
        prob.prepare_registry([], 3, 3, 3, False)
