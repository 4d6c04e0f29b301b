"""The probability engine against a brute-force reference, Monte Carlo, and whole-event
simulation; bad arguments."""

from __future__ import annotations

import functools
import math
import random

import numpy as np
import probability_brute as _brute
import pytest
from numba import njit

from bingo import probability as prob
from bingo.probability import _curve, _kernels
from bingo.probability._model import weight_table
from bingo.probability._tables import transitions

# ------------------------------------------------------------------ simulation of the real thing


@njit(cache=True)
def _largest_group(grid, n):
    seen = np.zeros((n, n), np.bool_)
    stack = np.empty((n * n, 2), np.int64)
    best = 0
    for r0 in range(n):
        for c0 in range(n):
            if not grid[r0, c0] or seen[r0, c0]:
                continue
            seen[r0, c0] = True
            stack[0, 0], stack[0, 1] = r0, c0
            top, size = 1, 0
            while top:
                top -= 1
                r, c = stack[top, 0], stack[top, 1]
                size += 1
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < n and 0 <= cc < n and grid[rr, cc] and not seen[rr, cc]:
                        seen[rr, cc] = True
                        stack[top, 0], stack[top, 1] = rr, cc
                        top += 1
            best = max(best, size)
    return best


@njit(cache=True)
def _deal_card(n, m, free, times, column_numbers):
    """A random card: cell times (draw position of its number; 0 = free centre)."""
    cell_time = np.empty((n, n), np.int64)
    for c in range(n):
        perm = np.random.permutation(m)
        i = 0
        for r in range(n):
            if free and c == n // 2 and r == n // 2:
                cell_time[r, c] = 0
            else:
                cell_time[r, c] = times[column_numbers[c, perm[i]]]
                i += 1
    return cell_time


@njit(cache=True)
def _simulate_given_counts(n, m, drawn, threshold, free, trials, seed):
    """How many of `trials` random cards have a bingo when drawn[c] numbers of column c are out."""
    np.random.seed(seed)
    hits = 0
    column_numbers = np.arange(n * m).reshape((n, m))
    times = np.empty(n * m, np.int64)
    grid = np.zeros((n, n), np.bool_)
    for _ in range(trials):
        for c in range(n):  # a random drawn set of drawn[c] numbers in column c
            perm = np.random.permutation(m)
            for i in range(m):
                times[c * m + perm[i]] = 1 if i < drawn[c] else 2
        cell_time = _deal_card(n, m, free, times, column_numbers)
        for r in range(n):
            for c in range(n):
                grid[r, c] = cell_time[r, c] <= 1
        if _largest_group(grid, n) >= threshold:
            hits += 1
    return hits


@njit(cache=True)
def _simulate_events(n, m, threshold, free, cards, events, seed):
    """Draw number of the first bingo among `cards` random cards, for `events` whole events."""
    np.random.seed(seed)
    column_numbers = np.arange(n * m).reshape((n, m))
    times = np.empty(n * m, np.int64)
    grid = np.zeros((n, n), np.bool_)
    first = np.empty(events, np.int64)
    for e in range(events):
        order = np.random.permutation(n * m)
        for pos in range(n * m):
            times[order[pos]] = pos + 1
        best = n * m + 1
        for _ in range(cards):
            cell_time = _deal_card(n, m, free, times, column_numbers)
            lo, hi = 0, min(best, n * m)  # bisect the first t with a bingo (monotone in t)
            for r in range(n):
                for c in range(n):
                    grid[r, c] = cell_time[r, c] <= hi
            if _largest_group(grid, n) < threshold:
                continue
            while hi - lo > 1:
                mid = (lo + hi) // 2
                for r in range(n):
                    for c in range(n):
                        grid[r, c] = cell_time[r, c] <= mid
                if _largest_group(grid, n) >= threshold:
                    hi = mid
                else:
                    lo = mid
            best = min(best, hi)
        first[e] = best
    return first


# ------------------------------------------------------------------ brute-force reference


def _reference_probability(no_bingo_counts, n, m, drawn, free):
    """P(bingo | drawn) from the brute-force table of no-bingo patterns by column counts."""
    total = 1.0
    tensor = no_bingo_counts.reshape((n + 1,) * n)
    for c in range(n):
        rows = n - 1 if free and c == n // 2 else n
        d = drawn[c]
        h = [
            math.comb(d, j) * math.comb(m - d, rows - j) / (math.comb(m, rows) * math.comb(rows, j))
            if j <= rows
            else 0.0
            for j in range(n + 1)
        ]
        tensor = np.tensordot(tensor, np.array(h), axes=([0], [0]))
    return total - float(tensor)


BRUTE_CASES = [
    (3, 3, False),
    (3, 4, False),
    (3, 5, False),
    (3, 3, True),
    (3, 4, True),
    (4, 3, False),
    (4, 4, False),
    (4, 5, False),
    (5, 3, False),
    (5, 4, False),
    (5, 5, False),
    (5, 4, True),
]


@pytest.mark.parametrize(("n", "threshold", "free"), BRUTE_CASES)
def test_dp_matches_brute_force(n, threshold, free):
    centre_col = n // 2 if free else -1
    brute = _brute.no_bingo_counts_by_columns(n, threshold, centre_col)
    tables = transitions(n, threshold)
    dp_counts = _kernels.no_bingo_counts(
        tables.kind_start, tables.mult, tables.in_off, tables.in_src, n, centre_col, True
    )
    np.testing.assert_array_equal(dp_counts, brute)  # exact integer counts
    rng = random.Random(n * 100 + threshold * 10 + free)
    for _ in range(40):
        m = rng.randint(n, 16)
        drawn = [rng.randint(0, m) for _ in range(n)]
        if rng.random() < 0.3:  # also sparse and lopsided vectors
            drawn = [rng.choice((0, 1, m)) for _ in range(n)]
        expected = _reference_probability(brute, n, m, drawn, free)
        got = prob.bingo_probability(drawn, n, m, threshold, free)
        assert got == pytest.approx(expected, abs=1e-12), (drawn, m)


@pytest.mark.parametrize(("n", "threshold", "free"), [(3, 3, True), (4, 4, False), (4, 5, False)])
def test_subset_counts_match_brute_force(n, threshold, free):
    centre_col = n // 2 if free else -1
    brute = _brute.no_bingo_counts_by_columns(n, threshold, centre_col).reshape((n + 1,) * n)
    cells = n * n - (1 if free else 0)
    totals = np.indices(brute.shape).sum(axis=0)
    expected = [math.comb(cells, k) - int(brute[totals == k].sum()) for k in range(cells + 1)]
    assert prob.bingo_subset_counts(n, threshold, free) == expected
    assert prob.bingo_subset_counts(n, n * n + 1) == [0] * (n * n + 1)


def test_subset_counts_known_values():
    # 4-cell bingos on 4x4 are the tetromino placements: I 8 + O 9 + T 24 + L/J 48 + S/Z 24
    assert prob.bingo_subset_counts(4, 4)[4] == 113
    # threshold 1: every non-empty set; a free centre with threshold 1: every set
    assert prob.bingo_subset_counts(3, 1) == [0] + [math.comb(9, k) for k in range(1, 10)]
    assert prob.bingo_subset_counts(3, 1, True) == [math.comb(8, k) for k in range(9)]


@pytest.mark.parametrize(
    ("n", "m", "threshold", "free", "drawn"),
    [
        (3, 3, 2, False, (1, 2, 3)),
        (3, 5, 4, True, (2, 3, 1)),
        (4, 6, 4, False, (3, 2, 5, 4)),
        (4, 5, 3, False, (1, 0, 5, 2)),
        (4, 9, 6, False, (8, 7, 9, 6)),
    ],
)
def test_dp_matches_direct_brute_force(n, m, threshold, free, drawn):
    """The weighted enumeration used by the benchmark gives the same numbers."""
    wtab = weight_table(drawn, n, m, free)
    expected = _brute.bingo_probability(n, threshold, wtab, n // 2 if n % 2 else -1)
    assert prob.bingo_probability(drawn, n, m, threshold, free) == pytest.approx(
        expected, abs=1e-12
    )


def test_edge_cases():
    assert prob.bingo_probability([0, 0, 0, 0], 4, 10) == 0.0
    assert prob.bingo_probability([10, 10, 10, 10], 4, 10) == pytest.approx(1.0, abs=1e-12)
    # threshold 1 with a free centre: always a bingo; threshold above the cell count: never
    assert prob.bingo_probability([0, 0, 0], 3, 5, 1, True) == pytest.approx(1.0)
    assert prob.bingo_probability([5, 5, 5], 3, 5, 10) == 0.0
    # left-right reflection gives the same answer
    a = prob.bingo_probability([1, 4, 7, 2, 9], 5, 12, 4, True)
    b = prob.bingo_probability([9, 2, 7, 4, 1], 5, 12, 4, True)
    assert a == pytest.approx(b, abs=1e-14)
    # more numbers drawn never lowers the chance
    assert prob.bingo_probability([3, 4, 5, 3], 4, 10) < prob.bingo_probability([3, 5, 5, 3], 4, 10)


# ------------------------------------------------------------------ Monte Carlo, larger boards


@pytest.mark.parametrize(
    ("n", "m", "threshold", "free", "drawn"),
    [
        (7, 10, 4, False, (2, 3, 2, 1, 4, 1, 2)),
        (7, 9, 5, True, (2, 3, 3, 2, 1, 3, 2)),
        (8, 10, 6, False, (3, 4, 2, 4, 3, 4, 2, 3)),
        (10, 12, 4, False, (2, 3, 1, 2, 4, 2, 3, 1, 2, 3)),
    ],
)
def test_monte_carlo_agreement(n, m, threshold, free, drawn, odds_tables_built):
    odds_tables_built(n, threshold)  # built once a run (conftest): this is about the odds
    trials = 20_000
    p = prob.bingo_probability(drawn, n, m, threshold, free)
    assert 0.02 < p < 0.98  # an informative case
    hits = _simulate_given_counts(n, m, np.array(drawn), threshold, free, trials, 7)
    sigma = math.sqrt(p * (1 - p) / trials)
    assert abs(hits / trials - p) <= 4 * sigma


# ------------------------------------------------------------------ next draw


def test_next_draw_stats_consistent():
    drawn = (3, 1, 2, 0, 4)
    s = prob.next_draw_stats(drawn, 5, 8, 4, True, cards=50)
    now = prob.bingo_probability(drawn, 5, 8, 4, True)
    assert s.p_bingo_now == pytest.approx(now)
    assert s.remaining == 40 - 10 and s.cards == 50
    assert sum(c.p_column for c in s.by_column) == pytest.approx(1.0)
    total_next = 0.0
    for c in s.by_column:
        after = list(drawn)
        after[c.column] += 1
        p_after = prob.bingo_probability(after, 5, 8, 4, True)
        assert c.p_column == pytest.approx((8 - drawn[c.column]) / 30)
        assert c.p_bingo_after == pytest.approx(p_after)
        assert c.p_new_bingo_card == pytest.approx((p_after - now) / (1 - now))
        assert c.expected_new_bingos == pytest.approx(50 * (p_after - now))
        assert c.p_any_new_bingo == pytest.approx(1 - (1 - (p_after - now)) ** 50)
        total_next += c.p_column * p_after
    assert s.p_bingo_next == pytest.approx(total_next)
    assert s.p_new_bingo_card == pytest.approx(total_next - now)
    assert s.expected_new_bingos == pytest.approx(50 * (total_next - now))
    assert s.p_any_new_bingo == pytest.approx(
        sum(c.p_column * c.p_any_new_bingo for c in s.by_column)
    )
    one = prob.next_draw_stats(drawn, 5, 8, 4, True, cards=1)
    assert one.p_any_new_bingo == pytest.approx(one.p_new_bingo_card)


def test_next_draw_stats_full_columns_and_end():
    s = prob.next_draw_stats((6, 0, 6), 3, 6, 3)
    assert s.by_column[0].p_column == 0.0 and s.by_column[1].p_column == 1.0
    end = prob.next_draw_stats((6, 6, 6), 3, 6, 3, cards=10)
    assert end.remaining == 0 and end.p_bingo_next == end.p_bingo_now == pytest.approx(1.0)
    assert end.p_any_new_bingo == 0.0


# ------------------------------------------------------------------ first-bingo curve


@pytest.mark.parametrize(("n", "m", "threshold", "free"), [(4, 10, 4, False), (5, 9, 4, True)])
def test_exact_curve_properties(n, m, threshold, free):
    one = prob.first_bingo_curve(1, n, m, threshold, free)
    many = prob.first_bingo_curve(100, n, m, threshold, free)
    assert one.exact and many.exact and many.max_error == 0.0
    np.testing.assert_allclose(one.p_any, one.p_one, atol=1e-12)
    # two independent routes to the one-card curve agree
    np.testing.assert_allclose(one.p_one, prob.one_card_curve(n, m, threshold, free), atol=1e-12)
    np.testing.assert_array_equal(many.draws, np.arange(n * m + 1))
    assert np.all(np.diff(many.p_any) >= -1e-12) and many.p_any[-1] == pytest.approx(1.0)
    # Jensen: the 1-(1-p)^K shortcut over the marginal overstates the chance, visibly
    shortcut = 1 - (1 - many.p_one) ** 100
    assert np.all(many.p_any <= shortcut + 1e-12)
    gap = np.sum(shortcut - many.p_any)  # = difference of the expected first-bingo draws
    assert gap > 0.1
    assert many.expected_first_bingo == pytest.approx(np.sum(1 - many.p_any[:-1]))
    assert prob.expected_draws_to_first_bingo(100, n, m, threshold, free) == pytest.approx(
        many.expected_first_bingo
    )


def _check_against_events(curve, n, m, threshold, free, cards, events, seed, slack):
    first = _simulate_events(n, m, threshold, free, cards, events, seed)
    for t in range(n * m + 1):
        p = curve.p_any[t]
        empirical = np.mean(first <= t)
        sigma = math.sqrt(max(p * (1 - p), 1e-12) / events)
        assert abs(empirical - p) <= 4 * sigma + slack[t] + 1e-9, t
    sd = first.std() / math.sqrt(events)
    assert abs(first.mean() - curve.expected_first_bingo) <= 4 * sd + 2 * curve.expected_error


def test_exact_curve_against_whole_events():
    curve = prob.first_bingo_curve(20, 4, 8, 4, False)
    _check_against_events(curve, 4, 8, 4, False, 20, 4000, 11, np.zeros(33))
    curve = prob.first_bingo_curve(30, 5, 7, 5, True)
    _check_against_events(curve, 5, 7, 5, True, 30, 3000, 12, np.zeros(36))


def _sampled_curve(tables, size, per_column, free_center, cards, samples, seed, p_one,
                   exact_vectors=_curve.EXACT_VECTORS_PER_DRAW, surrogate=True):  # fmt: skip
    """(p_any, error per t) of `samples` draw orders: one CurveSampler run."""
    sampler = _curve.CurveSampler(tables, size, per_column, free_center, cards, p_one,
                                  exact_vectors, surrogate)  # fmt: skip
    return sampler.run(samples, seed)


def test_sampled_curve_against_whole_events():
    curve = prob.first_bingo_curve(10, 7, 7, 4, False, samples=60, seed=3)
    assert not curve.exact and curve.samples == 60 and 0 < curve.max_error < 0.05
    _check_against_events(curve, 7, 7, 4, False, 10, 3000, 13, 2 * curve.error)


def test_sampled_curve_matches_exact_where_both_exist():
    tables = transitions(4, 4)
    p_one, exact = _curve.exact_curve(tables, 4, 6, False, 25)
    p_any, error = _sampled_curve(tables, 4, 6, False, 25, 300, 5, p_one, exact_vectors=0)
    assert error.max() > 0
    assert np.all(np.abs(p_any - exact) <= 2 * error + 1e-12)  # within 4 standard errors
    # enumerating the count vectors of each t (used for the first draws of big boards) is exact
    p_any, error = _sampled_curve(tables, 4, 6, False, 25, 300, 5, p_one)
    assert error.max() == 0.0
    np.testing.assert_allclose(p_any, exact, atol=1e-12)
    # one card: the exact one-card curve
    p_any, error = _sampled_curve(tables, 4, 6, False, 1, 300, 5, p_one, exact_vectors=0)
    np.testing.assert_array_equal(p_any, p_one)


# ------------------------------------------------------------------ bad arguments


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: prob.bingo_probability([1, 2, 3], 3, 5, 0), "threshold"),
        (lambda: prob.bingo_probability([1, 2, 3], 2, 5), "size"),
        (lambda: prob.bingo_probability([1] * 11, 11, 15), "size"),
        (lambda: prob.bingo_probability([1, 2, 3], 3, 2), "per_column"),
        (lambda: prob.bingo_probability([1, 2], 3, 5), "drawn_per_column"),
        (lambda: prob.bingo_probability([1, -1, 3], 3, 5), "drawn_per_column"),
        (lambda: prob.bingo_probability([1, 6, 3], 3, 5), "drawn_per_column"),
        (lambda: prob.bingo_probability([1, 2.5, 3], 3, 5), "drawn_per_column"),
        (lambda: prob.bingo_probability("123", 3, 5), "drawn_per_column"),
        (lambda: prob.bingo_probability([1, 2, 3, 4], 4, 5, 4, True), "free_center"),
        (lambda: prob.bingo_probability([1, 2, 3], 3, 5, 4, "yes"), "free_center"),
        (lambda: prob.bingo_probability([1] * 10, 10, 12, 9), "threshold"),
        (lambda: prob.bingo_probability([1, 2, 3], 3, 5, True), "threshold"),
        (lambda: prob.next_draw_stats([1, 2, 3], 3, 5, cards=0), "cards"),
        (lambda: prob.first_bingo_curve(-2, 4, 10), "cards"),
        (lambda: prob.first_bingo_curve(5, 4, 10, samples=1), "samples"),
        (lambda: prob.expected_draws_to_first_bingo(5, 4, 10, -3), "threshold"),
    ],
)
def test_bad_arguments(call, name):
    with pytest.raises(ValueError, match=name):
        call()


def test_warm_up_runs():
    prob.warm_up()
    prob.warm_up(6, 4)  # also prepares the tables of a board
    with pytest.raises(ValueError, match="threshold"):
        prob.warm_up(10, 5)


def test_big_tables_are_cached_on_disk():
    from eventkit.paths import user_data_dir

    transitions.cache_clear()
    built = transitions(10, 3)
    files = list((user_data_dir() / "cache").glob("bingo-dp-*-10x10-t3.npz"))
    assert len(files) == 1
    transitions.cache_clear()
    loaded = transitions(10, 3)
    assert loaded is not built
    for a, b in zip(loaded.arrays(), built.arrays(), strict=True):
        np.testing.assert_array_equal(a, b)
    transitions.cache_clear()


def _assert_same_tables(a, b):
    for x, y in zip(a.arrays(), b.arrays(), strict=True):
        np.testing.assert_array_equal(x, y)


def _rewrite_cache(path, change):
    """Rewrite the cache file with one array changed but the stored checksum kept (or, with
    change returning a checksum, that one): a readable file whose content is wrong."""
    with np.load(path) as data:
        arrays = {name: data[name].copy() for name in data.files}
    new_checksum = change(arrays)
    if new_checksum is not None:
        arrays["sha256"] = np.array(new_checksum)
    with open(path, "wb") as f:
        np.savez(f, **arrays)


@pytest.mark.parametrize("damage", ["bytes", "truncated", "content", "checksummed-bad-index"])
def test_damaged_cache_file_is_rebuilt(damage):
    from bingo.probability import _tables
    from eventkit.paths import user_data_dir

    transitions.cache_clear()
    built = transitions(10, 3)
    (path,) = (user_data_dir() / "cache").glob("bingo-dp-*-10x10-t3.npz")
    drawn = (3, 5, 2, 7, 4, 4, 6, 1, 3, 5)
    prob._probability.cache_clear()
    good = prob.bingo_probability(drawn, 10, 12, 3)
    if damage == "bytes":
        path.write_bytes(b"damaged")
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    elif damage == "content":  # a valid file whose edges were altered: the checksum differs

        def change(arrays):
            arrays["in_src"][::7] = 0

        _rewrite_cache(path, change)
    else:  # checksum recomputed over an out-of-range index: the range check catches it

        def change(arrays):
            arrays["in_src"][5] = 10**6
            names = _tables._ARRAY_NAMES
            return _tables._checksum(10, 3, {n: arrays[n] for n in names})

        _rewrite_cache(path, change)
    assert _tables._load(path, 10, 3) is None
    transitions.cache_clear()
    prob._probability.cache_clear()
    rebuilt = transitions(10, 3)
    _assert_same_tables(rebuilt, built)
    assert prob.bingo_probability(drawn, 10, 12, 3) == good
    _assert_same_tables(_tables._load(path, 10, 3), built)  # and the file is good again
    transitions.cache_clear()


# ------------------------------------------------------------------ exact zeros, big boards


def test_impossible_bingo_is_exactly_zero(odds_tables_built):
    odds_tables_built(10, 4)
    assert prob.bingo_probability([1, 0, 0, 1], 4, 10, 4) == 0.0
    assert prob.bingo_probability([3, 0, 3, 0, 3, 0, 3, 0, 3, 0], 10, 15, 4) == 0.0
    stats = prob.next_draw_stats([1, 0, 0, 1], 4, 10, 4, cards=100)
    assert stats.p_bingo_now == 0.0 and stats.p_bingo_next == 0.0
    assert stats.p_any_new_bingo == 0.0
    assert all(c.p_bingo_after == 0.0 for c in stats.by_column)


@pytest.mark.parametrize(("n", "threshold", "free"), [(3, 3, True), (4, 4, False), (4, 3, False)])
def test_zero_exactly_when_brute_force_says_impossible(n, threshold, free):
    rng = random.Random(n * 7 + threshold)
    zeros = 0
    for _ in range(150):
        m = rng.randint(n, 9)
        drawn = tuple(rng.choice((0, 0, 1, 2, m)) for _ in range(n))
        wtab = weight_table(drawn, n, m, free)
        expected = _brute.bingo_probability(n, threshold, wtab, n // 2 if n % 2 else -1)
        got = prob.bingo_probability(drawn, n, m, threshold, free)
        if expected == 0.0:
            zeros += 1
            assert got == 0.0, drawn
        else:
            assert got > 0.0 and got == pytest.approx(expected, rel=1e-9, abs=1e-15), drawn
    assert zeros >= 10  # the case is exercised


@functools.lru_cache(maxsize=2)
def _unfolded(n, threshold):
    from bingo.probability._tables import _build_transitions

    _, _, ptr, dst, kind, _ = _build_transitions(n, threshold, n // 2 if n % 2 else -1,
                                                 10**6, 10**8)  # fmt: skip
    return ptr, dst, kind


def _unfolded_reference(n, threshold, drawn, m):
    q = _brute.unfolded_no_bingo(*_unfolded(n, threshold), weight_table(drawn, n, m, False))
    return 1.0 - q


@pytest.mark.parametrize(("n", "m", "threshold"), [(6, 9, 5), (7, 14, 4), (9, 13, 4), (10, 15, 4)])
def test_folded_pruned_dp_matches_the_plain_dp(n, m, threshold, odds_tables_built):
    odds_tables_built(n, threshold)
    rng = random.Random(n * m)
    cases = [tuple([m // 2] * n), tuple([m] * n), tuple([0] * n)]
    for _ in range(6):
        order = [c for c in range(n) for _ in range(m)]
        rng.shuffle(order)
        d = [0] * n
        for c in order[: rng.randint(0, n * m)]:
            d[c] += 1
        cases.append(tuple(d))
    for drawn in cases:
        expected = _unfolded_reference(n, threshold, drawn, m)
        got = prob.bingo_probability(drawn, n, m, threshold)
        assert got == pytest.approx(expected, abs=1e-13), drawn
        after = prob.next_draw_stats(drawn, n, m, threshold).by_column
        for c in (0, n // 2, n - 1):
            if drawn[c] < m:
                bumped = list(drawn)
                bumped[c] += 1
                ref = _unfolded_reference(n, threshold, tuple(bumped), m)
                assert after[c].p_bingo_after == pytest.approx(ref, abs=1e-13), (drawn, c)


@pytest.mark.parametrize(("n", "threshold"), [(5, 4), (8, 4), (7, 6), (10, 4)])
def test_cell_layers_and_edge_gather_agree(n, threshold, odds_tables_built):
    """The two ways of applying a column (used by cost) give the same vector, and the bingo
    mass the cell layers collect in their sinks, weighted by marked count, is the mass the
    bingo-by-kind table gives (for every marked-count range the kernels use)."""
    odds_tables_built(n, threshold)
    tables = transitions(n, threshold)
    t = tables
    rng = np.random.default_rng(n)
    v = rng.random(tables.n_states)
    live = np.ones(tables.n_kinds, np.bool_)
    live[rng.integers(0, tables.n_kinds, 3)] = False
    v[~live[tables.state_kind]] = 0.0
    weights = np.ones(tables.n_kinds)
    by_edges = np.zeros(tables.n_states)
    _kernels._gather(v, by_edges, weights, live, tables.kind_start, tables.in_off, tables.in_src)
    buf = _kernels._buffer(t.layer_start)
    sinks = np.zeros((n + 1, n + 1))
    runs = _kernels._runs(live)
    for jmin, jmax in ((0, n), (2, 7), (n // 2, n // 2), (0, 1), (n - 1, n)):
        by_cells = np.zeros(tables.n_states)
        _kernels._transfer(v, by_cells, buf, sinks, live, n, jmin, jmax, t.state_kind,
                           t.layer_start, t.next0_local, t.next1_local, t.pair_next, t.group_start, t.group,
                           t.first_fold, t.last_fold, t.last_rep)  # fmt: skip
        counts = np.arange(t.n_kinds) % (n + 1)
        in_range = (jmin <= counts[t.state_kind]) & (counts[t.state_kind] <= jmax)
        np.testing.assert_allclose(by_cells[in_range], by_edges[in_range], rtol=1e-12)
        w = np.where((jmin <= counts) & (counts <= jmax), rng.random(t.n_kinds), 0.0)
        w[n + 1 :] = w[: n + 1]  # the same weight with and without the centre row
        expected = _kernels._lost(v, t.mult, t.bad_t, w, runs, t.kind_start, np.nonzero(w)[0])
        got = _kernels._sink_mass(sinks, w, n)
        assert got == pytest.approx(expected, rel=1e-12), (jmin, jmax)


# ------------------------------------------------------------------ sampled curve: stated error


@pytest.mark.parametrize(("n", "m", "free"), [(5, 5, False), (5, 6, True), (6, 6, False)])
def test_window_surrogate_mean_is_exact(n, m, free):
    """The control variate's mean (a chain DP) equals the mean over every count vector."""
    from bingo.probability import _surrogate

    window = _surrogate.WindowSurrogate(transitions(n, 4), n, m, free, 30)
    vecs = np.indices((m + 1,) * n).reshape(n, -1).T
    weight = np.array([math.prod(math.comb(m, int(d)) for d in row) for row in vecs], float)
    t = vecs.sum(axis=1)
    reference = np.bincount(t, weight * window.value(vecs)) / np.bincount(t, weight)
    np.testing.assert_allclose(window.mean, reference, rtol=1e-12, atol=1e-15)
    # built for the first draws only: the same values and means there, none beyond
    short = _surrogate.WindowSurrogate(transitions(n, 4), n, m, free, 30, max_sum=9)
    early = t <= 9
    np.testing.assert_array_equal(short.value(vecs[early]), window.value(vecs[early]))
    np.testing.assert_allclose(short.mean[:10], window.mean[:10], rtol=1e-12, atol=1e-15)
    assert np.isnan(short.mean[10:]).all()


@pytest.mark.parametrize(("n", "m", "free"), [(5, 7, True), (6, 9, False)])
def test_window_tables_by_counting_match_the_dp(n, m, free):
    """The window surrogate's strip tables from one counting DP equal the per-count-vector
    DP's (every window position, the free centre's included)."""
    from bingo.probability import _surrogate

    tables = transitions(n, 4)
    for start in range(n - 2):
        for width in (2, 3):
            by_dp = _surrogate._no_bingo(tables, n, m, free, start, width, False, n * m)
            by_count = _surrogate._strip(tables, n, m, free, start, width)
            np.testing.assert_allclose(by_count, by_dp, rtol=0, atol=1e-13)


def test_stated_error_of_the_sampled_curve_holds():
    """The sampled estimator (the one used above 5x5) run with 80 seeds on 5x5 boards, where the
    exact curve is known: the stated per-draw error covers the true value >= 95 % of the time,
    so does the stated max error (over the whole curve at once), and the control variates make
    it small (plain sampling would state about 0.1 here)."""
    covered = total = runs = runs_within_max = 0
    worst = 0.0
    for n, m, free, cards in ((5, 6, False, 40), (5, 7, True, 100)):
        tables = transitions(n, 4)
        p_one, exact = _curve.exact_curve(tables, n, m, free, cards)
        for seed in range(40):
            p_any, error = _sampled_curve(tables, n, m, free, cards, 150, seed, p_one,
                                                exact_vectors=0)  # fmt: skip
            sampled = error > 1e-6
            miss = np.abs(p_any - exact)
            covered += int(np.sum(miss[sampled] <= error[sampled]))
            total += int(sampled.sum())
            runs += 1
            runs_within_max += bool(miss.max() <= error.max())
            worst = max(worst, float(error.max()))
    print(f"per-draw error covered {covered} of {total}; max error {runs_within_max} of {runs}")
    assert total > 300
    assert covered / total >= 0.95, (covered, total)
    assert runs_within_max / runs >= 0.95, (runs_within_max, runs)
    assert worst < 0.03


def test_automatic_sample_count_reaches_the_target_error():
    prob._curve_cached.cache_clear()
    curve = prob.first_bingo_curve(100, 7, 10, 4)  # 70 numbers: sampled until +-0.005
    assert not curve.exact and curve.samples > prob.DEFAULT_SAMPLES
    assert 0 < curve.max_error <= prob.TARGET_ERROR
    prob._curve_cached.cache_clear()
    again = prob.first_bingo_curve(100, 7, 10, 4)
    np.testing.assert_array_equal(again.p_any, curve.p_any)  # seeded: the same curve
    big = prob.first_bingo_curve(100, 9, 14, 4)  # 126 numbers: a second run capped lower
    assert prob.DEFAULT_SAMPLES <= big.samples <= prob.BIG_BOARD_MAX_SAMPLES
    assert 0 < big.max_error <= prob.TARGET_ERROR


def test_second_run_refines_only_the_draws_above_the_target():
    """The automatic choice on a 5x5 board (exact curve known): the second run reuses the
    first run's draw orders, replaces only the draws whose stated error was above the target,
    and its stated errors still cover the exact curve."""
    tables = transitions(5, 4)
    p_one, exact = _curve.exact_curve(tables, 5, 7, False, 60)
    sampler = _curve.CurveSampler(tables, 5, 7, False, 60, p_one, exact_vectors=0)
    first, first_error = sampler.run(100, 4)
    p_any, error, used = sampler.automatic(100, 4, 0.01, 2000)
    assert first_error.max() > 0.01 and 100 < used <= 2000
    assert error.max() <= 0.01
    kept = first_error <= 0.01
    np.testing.assert_array_equal(p_any[kept], first[kept])
    np.testing.assert_array_equal(error[kept], first_error[kept])
    sampled = error > 1e-6  # not the draws where every path saturated (bias <= SATURATED)
    assert np.all(np.abs(p_any - exact)[sampled] <= error[sampled])
    again = _curve.CurveSampler(tables, 5, 7, False, 60, p_one, exact_vectors=0)
    np.testing.assert_array_equal(again.automatic(100, 4, 0.01, 2000)[0], p_any)  # seeded


def test_stated_error_holds_on_the_big_board_against_a_long_run(odds_tables_built):
    """10x10 with 15 numbers per column and 100 cards (the board of issue 17), the automatic
    choice as first_bingo_curve runs it, 10 seeds, each against the long run of the other nine
    pooled (their mean, about 2,300 draw orders, independent of the run checked, with a mean's
    stated error: as precise as the run of 2000 orders once made for it, which cost more than
    the ten runs): the stated per-draw error covers the long run's value (up to the long run's
    own stated error) >= 95 % of the time, the stated max error in at least 9 runs of 10, and
    it meets the target. The ten runs thin their paths past the curve's steepest part (target):
    their mean agrees with a plain run of 500 orders (every path at every draw, seeded apart)
    within both stated errors, so a bias the ten share is caught as the 2000 orders caught it."""
    n, m, cards = 10, 15, 100
    odds_tables_built(n, 4)
    tables = transitions(n, 4)
    p_one = prob.one_card_curve(n, m, 4)
    runs = []
    first = None
    for seed in range(10):
        sampler = _curve.CurveSampler(tables, n, m, False, cards, p_one)
        if first is not None:
            sampler.window = first.window  # the same tables; saves building them again
            sampler.cache = first.cache  # the DP answers per count vector: the same numbers
        first = first or sampler
        p_any, error, _ = sampler.automatic(prob.DEFAULT_SAMPLES, seed, prob.TARGET_ERROR,
                                            prob.BIG_BOARD_MAX_SAMPLES)  # fmt: skip
        assert error.max() <= prob.TARGET_ERROR
        runs.append((p_any, error))

    def pooled(chosen: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
        """The mean of independent runs and its stated error (each run's in quadrature)."""
        mean = np.mean([p for p, _ in chosen], axis=0)
        return mean, np.sqrt(np.sum([e**2 for _, e in chosen], axis=0)) / len(chosen)

    covered = total = within_max = 0
    for seed, (p_any, error) in enumerate(runs):
        reference, reference_error = pooled([run for i, run in enumerate(runs) if i != seed])
        sampled = error > 1e-6
        miss = np.abs(p_any - reference)
        covered += int(np.sum(miss[sampled] <= (error + reference_error)[sampled]))
        total += int(sampled.sum())
        within_max += bool(miss.max() <= error.max())
    print(f"per-draw error covered {covered} of {total}; max error {within_max} of 10")
    assert total > 100
    assert covered / total >= 0.95, (covered, total)
    assert within_max >= 9
    plain = _curve.CurveSampler(tables, n, m, False, cards, p_one)
    plain.window, plain.cache = first.window, first.cache
    long_run, long_error = plain.run(500, 10**6)  # no target: no path thinned
    mean, mean_error = pooled(runs)
    sampled = (mean_error > 1e-6) | (long_error > 1e-6)
    agree = np.abs(mean - long_run)[sampled] <= (mean_error + long_error)[sampled]
    assert sampled.sum() > 10 and agree.mean() >= 0.95, (int(agree.sum()), int(sampled.sum()))


def test_kernel_arrays_are_in_the_order_of_their_names():
    from bingo.probability._tables import _KERNEL_ARRAYS

    tables = transitions(4, 4)
    arrays = tables.arrays()
    assert len(arrays) == len(_KERNEL_ARRAYS)
    for name, array in zip(_KERNEL_ARRAYS, arrays, strict=True):
        assert array is getattr(tables, name), name


def test_a_link_where_the_cache_goes_is_left_as_it_is(tmp_path):
    """Never replace what is not ours: a symbolic link there (to someone's file) stays, and
    the odds are built all the same."""
    from eventkit.paths import user_data_dir

    transitions.cache_clear()
    built = transitions(10, 3)
    (path,) = (user_data_dir() / "cache").glob("bingo-dp-*-10x10-t3.npz")
    theirs = tmp_path / "theirs.txt"
    theirs.write_text("someone's file\n", encoding="utf-8")
    path.unlink()
    path.symlink_to(theirs)
    try:
        transitions.cache_clear()
        _assert_same_tables(transitions(10, 3), built)
        assert path.is_symlink() and theirs.read_text(encoding="utf-8") == "someone's file\n"
    finally:
        path.unlink()
        transitions.cache_clear()
