"""A cheap stand-in for P(no card of K has a bingo | column counts d), with an exact mean.

The chance that a card has no bingo is close to a product over windows of three adjacent
columns (the Kikuchi / cluster-variation approximation; exact if the no-bingo event were Markov
along the columns):

    q(d) ~ prod_i q3_i(d_i, d_i+1, d_i+2) / prod_{i >= 1} q2_i(d_i, d_i+1)

with q3 / q2 the exact no-bingo chances of the 3- and 2-column boards cut out of the card. Then
S(d) = q(d)^K factors along the columns, so its mean over the column counts of t draws
(multivariate hypergeometric: weights prod_c C(M, d_c) with sum d = t) is one small chain DP
for all t at once. The sampled curve uses 1 - S(d) as a control variate: on 10x10 with 100 cards
its correlation with the sampled quantity is 0.97-0.999 where the curve rises (variance / 20-800).
"""

from __future__ import annotations

from math import lgamma

import numpy as np

from bingo.probability import _kernels
from bingo.probability._model import count_matrix, rows_of, weight_rows
from bingo.probability._tables import Transitions

STRIP_OVER = 1_000  # more window DPs than this: count the strip's patterns instead
MAX_WINDOWS = 12_000  # 3-column DPs to build the tables (the budget of a fraction of a second)


def feasible(size: int, per_column: int, free_center: bool) -> bool:
    return _window_types(size, free_center) * (per_column + 1) ** 3 <= MAX_WINDOWS and size >= 3


def _window_types(size: int, free_center: bool) -> int:
    return 1 + (3 if free_center else 0)


def _no_bingo(
    tables: Transitions, size: int, per_column: int, free_center: bool, start: int, width: int,
    mirror: bool, max_sum: int,
) -> np.ndarray:  # fmt: skip
    """q[a, b(, c)]: no-bingo chance of columns start..start+width-1 of the card alone. With
    `mirror` (the window's columns are alike), q is symmetric under reversing the counts, so
    only count vectors that are not above their reversal are run through the DP. Count vectors
    summing to more than `max_sum` are not run (their q is left at 1)."""
    m1 = per_column + 1
    grids = np.indices((m1,) * width).reshape(width, -1).T
    flat = np.ravel_multi_index(tuple(grids.T), (m1,) * width)
    mirrored = np.ravel_multi_index(tuple(grids[:, ::-1].T), (m1,) * width)
    wanted = grids.sum(axis=1) <= max_sum
    todo = np.nonzero(wanted & (flat <= mirrored) if mirror else wanted)[0]
    rows = weight_rows(size, per_column, free_center)[start : start + width]
    wtabs = np.ascontiguousarray(rows[np.arange(width), grids[todo]])
    if todo.size > STRIP_OVER:  # one counting DP for every count vector at once
        return _strip(tables, size, per_column, free_center, start, width)
    q = np.ones(flat.size)
    q[todo] = np.clip(1.0 - _kernels.bingo_probabilities(*tables.arrays(), wtabs), 0.0, 1.0)
    if mirror:
        q[mirrored[todo]] = q[todo]
    return q.reshape((m1,) * width)


def _strip(
    tables: Transitions, size: int, per_column: int, free_center: bool, start: int, width: int
) -> np.ndarray:
    """The same q from the no-bingo patterns of the strip counted by marked cells per column
    (one counting DP, about 0.2 s on 10 rows whatever per_column is), weighted like
    `_curve.probability_tensor` weights a whole card's."""
    centre = size // 2 if free_center else -1
    in_strip = centre - start if start <= centre < start + width else -1
    counts = _kernels.strip_no_bingo_counts(
        tables.kind_start, tables.mult, tables.in_off, tables.in_src, size, width, in_strip
    )
    q = counts.reshape((size + 1,) * width)
    for c in range(width):
        h = count_matrix(rows_of(start + c, size, free_center), size, per_column)
        q = np.tensordot(q, h, axes=([0], [1]))
    return np.asarray(np.clip(q, 0.0, 1.0))


class WindowSurrogate:
    """S(d) = product of window factors; `value(counts)` per sample, `mean` for every t."""

    def __init__(self, tables: Transitions, size: int, per_column: int, free_center: bool,
                 cards: int, max_sum: int | None = None):  # fmt: skip
        """With `max_sum`, only the draws t <= max_sum are served (a window of a count vector
        of t draws holds at most t of them): `mean` is NaN above it, and the 3-column DPs of
        windows holding more are not run (most of the build on boards with many numbers)."""
        self.size = size
        n_numbers = size * per_column
        self.max_sum = n_numbers if max_sum is None else min(max_sum, n_numbers)
        centre = size // 2 if free_center else -1
        cache: dict[tuple[int, int | None], np.ndarray] = {}

        def table(start: int, width: int) -> np.ndarray:
            # windows not touching the free centre column are all alike
            touches = start <= centre < start + width
            key = (width, start - centre if touches else None)
            if key not in cache:
                cache[key] = _no_bingo(
                    tables,
                    size,
                    per_column,
                    free_center,
                    start,
                    width,
                    not touches or 2 * (centre - start) == width - 1,
                    self.max_sum,
                )
            return cache[key]

        factors = []
        for i in range(size - 2):
            q3 = table(i, 3)
            if i == 0:
                ratio = q3
            else:
                q2 = table(i, 2)[:, :, None]
                with np.errstate(divide="ignore", invalid="ignore"):
                    ratio = np.where(q2 > 0.0, q3 / q2, 0.0)
            factor = np.clip(ratio, 0.0, 1.0) ** cards
            factor[np.indices(factor.shape).sum(axis=0) > self.max_sum] = 0.0  # not computed
            factors.append(factor)
        self.factors = factors
        self.mean = self._mean(per_column)
        self.mean[self.max_sum + 1 :] = np.nan

    def value(self, counts: np.ndarray) -> np.ndarray:
        """S(d) for each row of `counts` (samples x size)."""
        out = np.ones(counts.shape[0])
        for i, g in enumerate(self.factors):
            out *= g[counts[:, i], counts[:, i + 1], counts[:, i + 2]]
        return out

    def _mean(self, per_column: int) -> np.ndarray:
        """E[S(d)] over the column counts of t draws, t = 0 .. size * per_column."""
        m1 = per_column + 1
        n_numbers = self.size * per_column
        # C(M, d) scaled to a maximum of 1 (the scale cancels in the ratio below)
        log_ways = np.array([lgamma(m1) - lgamma(d + 1) - lgamma(m1 - d) for d in range(m1)])
        ways = np.exp(log_ways - log_ways.max())
        weighted = np.zeros((m1, m1, n_numbers + 1))
        plain = np.zeros((m1, m1, n_numbers + 1))
        for a in range(m1):
            for b in range(m1):
                weighted[a, b, a + b] = plain[a, b, a + b] = ways[a] * ways[b]
        for g in self.factors:
            new_w = np.zeros_like(weighted)
            new_p = np.zeros_like(plain)
            for c in range(m1):
                # new[b, c, s + c] = sum_a old[a, b, s] * g[a, b, c] * ways[c]
                new_w[:, c, c:] = np.einsum("abs,ab->bs", weighted[:, :, : n_numbers + 1 - c],
                                            g[:, :, c]) * ways[c]  # fmt: skip
                new_p[:, c, c:] = plain[:, :, : n_numbers + 1 - c].sum(axis=0) * ways[c]
            weighted, plain = new_w, new_p  # in range: M <= 21 here, ways in [3e-6, 1]
        total_w = weighted.sum(axis=(0, 1))
        total_p = plain.sum(axis=(0, 1))
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = np.where(total_p > 0.0, total_w / total_p, 0.0)
        return np.clip(mean, 0.0, 1.0)
