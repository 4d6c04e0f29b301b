"""The prize curves: P(at least k of N cards have a bingo after t draws), k = 1..K, t = 0..all.

Given the column counts d, the N cards are independent with P(bingo) = p(d), so the number of
bingo cards is Binomial(N, p(d)) and

    P_k(t) = sum_{d : |d| = t} P(d | t) * P(Binomial(N, p(d)) >= k)

with P(d | t) multivariate hypergeometric. Exact over every count vector where the first-bingo
curve is exact (`_curve.exact_is_feasible`); elsewhere seeded draw orders with the exact DP
along each one (the draws with few count vectors exact, the draws pinned by bounds not
sampled), each draw's estimate regressed on the one-card chance p(d) (whose mean, the exact
one-card curve, is known), and the error stated as 2.5 standard errors. The expected draw of the
k-th bingo is sum_t (1 - P_k(t)); sampled, its error comes from the spread of the same sum along
each draw order (with the same controls), so it is not the (much larger) sum of the per-draw
errors. No Qt.
"""

from __future__ import annotations

from math import comb, lgamma

import numpy as np

from bingo.probability import _curve
from bingo.probability._curve import (
    BERNOULLI_SHARE,
    ERROR_SE,
    EXACT_VECTORS_PER_DRAW,
    MAX_REDUCTION,
    SATURATED,
    TINY,
    count_vectors,
    count_vectors_numbers,
)
from bingo.probability._model import any_of
from bingo.probability._tables import Transitions


def binomial_tails(p: np.ndarray, cards: int, prizes: int) -> np.ndarray:
    """out[k - 1] = P(Binomial(cards, p) >= k) elementwise, k = 1..prizes (prizes <= cards).

    k = 1 is 1 - (1 - p)^N without cancellation; the others are 1 - P(X < k) from the
    probabilities of 0..k-1 successes in logs (absolute error about 1e-15)."""
    p = np.clip(np.asarray(p, dtype=float), 0.0, 1.0)
    out = np.empty((prizes, *p.shape))
    out[0] = any_of(p, cards)
    if prizes == 1:
        return out
    out[1:] = p >= 1.0  # certain cards: every k <= cards
    between = (p > 0.0) & (p < 1.0)
    inner = p[between]
    log_p, log_q = np.log(inner), np.log1p(-inner)
    below = np.zeros(inner.shape)  # P(X <= j)
    for j in range(prizes):  # add P(X = j): then P(X >= j + 1) = 1 - P(X <= j)
        log_ways = lgamma(cards + 1) - lgamma(j + 1) - lgamma(cards - j + 1)
        exponent = (cards - j) * log_q  # j < prizes <= cards: never 0 * inf
        if j:
            exponent += j * log_p
        exponent += log_ways
        below += np.exp(exponent)
        if j:
            out[j][between] = np.clip(1.0 - below, 0.0, 1.0)
    # never above the chance of one fewer (rounding)
    np.minimum.accumulate(out, axis=0, out=out)
    return out


def exact_prizes(
    tables: Transitions | None, size: int, per_column: int, free_center: bool, cards: int,
    prizes: int,
) -> np.ndarray:  # fmt: skip
    """curves[k - 1, t] exactly over the joint distribution of the column counts."""
    n_numbers = size * per_column
    if tables is None:
        return np.zeros((prizes, n_numbers + 1))
    p = _curve.probability_tensor(tables, size, per_column, free_center).ravel()
    ways = np.array([float(comb(per_column, d)) for d in range(per_column + 1)])
    weight = np.ones(())
    t_sum = np.zeros((), np.int64)
    for _ in range(size):
        weight = np.multiply.outer(weight, ways)
        t_sum = np.add.outer(t_sum, np.arange(per_column + 1))
    t_flat, w_flat = t_sum.ravel(), weight.ravel()
    totals = np.array([float(comb(n_numbers, t)) for t in range(n_numbers + 1)])
    out = np.zeros((prizes, n_numbers + 1))
    for start in range(0, p.size, CHUNK):  # every prize at once, a chunk of vectors at a time
        stop = start + CHUNK
        tails = binomial_tails(p[start:stop], cards, prizes)
        for k in range(prizes):
            out[k] += np.bincount(t_flat[start:stop], w_flat[start:stop] * tails[k],
                                  n_numbers + 1)  # fmt: skip
    out = np.asarray(np.clip(out / totals, 0.0, 1.0))
    np.minimum.accumulate(out, axis=0, out=out)
    return out


CHUNK = 1 << 18  # count vectors per pass of `exact_prizes`


def exact_prizes_at(
    tables: Transitions, t: int, size: int, per_column: int, free_center: bool, cards: int,
    prizes: int,
) -> np.ndarray:  # fmt: skip
    """P_k(t), k = 1..prizes, exactly by enumerating every count vector with sum t."""
    vecs = count_vectors(t, size, per_column)
    keys = [min(tuple(r), tuple(r[::-1])) for r in vecs.tolist()]
    unique = sorted(set(keys))
    index = {key: i for i, key in enumerate(unique)}
    p_unique = _curve._probabilities(tables, unique, size, per_column, free_center)
    p = p_unique[[index[key] for key in keys]]
    ways = np.array([float(comb(per_column, d)) for d in range(per_column + 1)])
    weight = np.prod(ways[vecs], axis=1) / float(comb(size * per_column, t))
    return np.asarray(np.clip(binomial_tails(p, cards, prizes) @ weight, 0.0, 1.0))


def expected_draws(curves: np.ndarray) -> np.ndarray:
    """E[draw of the k-th bingo] = sum_{t < N} (1 - P_k(t)); inf where it is not certain."""
    out = np.sum(1.0 - curves[:, :-1], axis=1)
    return np.where(curves[:, -1] >= 1.0 - 1e-9, out, np.inf)


class PrizeSampler:
    """The sampled prize curves of one board, card count and prize count."""

    def __init__(self, tables: Transitions | None, size: int, per_column: int,
                 free_center: bool, cards: int, prizes: int, p_one: np.ndarray,
                 exact_vectors: int = EXACT_VECTORS_PER_DRAW, tiny: float = TINY,
                 saturated: float = SATURATED):  # fmt: skip
        self.tables = tables
        self.size, self.per_column, self.free_center = size, per_column, free_center
        self.cards, self.prizes = cards, prizes
        self.p_one = np.asarray(p_one, dtype=float)
        self.exact_vectors = exact_vectors
        # below `tiny` a draw is not sampled; a path with `saturated` of K bingo cards counts as
        # certain (both stated in the errors)
        self.tiny, self.saturated = tiny, saturated
        self.cache: dict[tuple[int, ...], float] = {}

    def run(self, samples: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(curves[k - 1, t], error[k - 1, t], expected_error[k - 1]) over `samples` draw
        orders. Where no path is sampled (bounds, exact draws), the draw's own error adds to
        the expected draw's error."""
        n_numbers = self.size * self.per_column
        prizes = self.prizes
        curves = np.zeros((prizes, n_numbers + 1))
        error = np.zeros((prizes, n_numbers + 1))
        if self.tables is None:
            return curves, error, np.zeros(prizes)
        tables, p_one = self.tables, self.p_one
        upper = any_of(p_one, self.cards)  # P_k(t) <= P_1(t) <= 1 - (1 - p_one(t))^N
        orders = _orders(self.size, self.per_column, samples, seed)
        counts = np.zeros((samples, self.size), np.int64)
        y = np.zeros((prizes, samples))  # P(>= k cards have a bingo) along each path
        adjusted = np.zeros((prizes, samples))  # sum over sampled t of (1 - y) + control
        known_error = np.zeros(prizes)
        numbers = count_vectors_numbers(self.size, self.per_column)
        for t in range(n_numbers + 1):
            if t > 0:
                counts[np.arange(samples), orders[:, t - 1]] += 1
            if upper[t] <= self.tiny:  # every P_k(t) lies in [0, upper]
                curves[:, t], error[:, t] = 0.5 * upper[t], 0.5 * upper[t]
            elif np.all(y[-1] >= 1.0):  # every path has K bingo cards: saturated from here on
                curves[:, t], error[:, t] = 1.0, self.saturated
            elif numbers[t] <= self.exact_vectors:
                curves[:, t] = exact_prizes_at(tables, t, self.size, self.per_column,
                                               self.free_center, self.cards, prizes)  # fmt: skip
            else:
                self._sample_draw(t, counts, y, adjusted, curves, error)
                continue
            known_error += error[:, t] if t < n_numbers else 0.0
            adjusted += 1.0 - curves[:, t : t + 1] if t < n_numbers else 0.0
        np.minimum.accumulate(curves, axis=0, out=curves)
        spread = adjusted.std(axis=1, ddof=1) / np.sqrt(samples) if samples > 1 else known_error
        return curves, error, ERROR_SE * spread + known_error

    def _sample_draw(self, t: int, counts: np.ndarray, y: np.ndarray, adjusted: np.ndarray,
                     curves: np.ndarray, error: np.ndarray) -> None:  # fmt: skip
        """Draw t from the paths: the DP where some path still lacks K bingo cards."""
        assert self.tables is not None
        live = np.nonzero(y[-1] < 1.0)[0]
        x = self._one_card_along(self.tables, counts[live])
        tails = binomial_tails(x, self.cards, self.prizes)
        tails[tails >= 1.0 - self.saturated] = 1.0
        y[:, live] = tails
        all_live = live.size == counts.shape[0]
        control = x - self.p_one[t] if all_live else None
        last = t == self.size * self.per_column
        for k in range(self.prizes):
            mean, se, slope = _with_control(y[k], control)
            m = min(max(mean, 0.0), 1.0)
            plain = max(float(y[k].var(ddof=1)), BERNOULLI_SHARE * m * (1.0 - m))
            floor = np.sqrt(plain / y[k].size / MAX_REDUCTION)
            curves[k, t], error[k, t] = m, ERROR_SE * max(se, floor) + self.saturated
            if not last:
                adjusted[k] += 1.0 - y[k]
                if control is not None:
                    adjusted[k, live] += slope * control

    def _one_card_along(self, tables: Transitions, counts: np.ndarray) -> np.ndarray:
        cache = self.cache
        keys = [min(tuple(row), tuple(row[::-1])) for row in counts.tolist()]
        todo = sorted({k for k in keys if k not in cache})
        if todo:
            found = _curve._probabilities(tables, todo, self.size, self.per_column,
                                          self.free_center)  # fmt: skip
            cache.update(zip(todo, (float(p) for p in found), strict=True))
        return np.array([cache[k] for k in keys])


def _orders(size: int, per_column: int, samples: int, seed: int) -> np.ndarray:
    """`samples` seeded draw orders, as the column of each draw."""
    rng = np.random.default_rng(seed)
    labels = np.repeat(np.arange(size), per_column)
    orders = np.empty((samples, size * per_column), np.int64)
    for i in range(samples):
        orders[i] = rng.permutation(labels)
    return orders


def _with_control(y: np.ndarray, control: np.ndarray | None) -> tuple[float, float, float]:
    """(mean of y, its standard error, the slope c): y - c * control (control of mean 0) has
    the least variance (its mean is the estimate); without a control (or a constant one) the
    plain mean, slope 0."""
    n = y.size
    if control is None or np.ptp(control) == 0.0 or n < 3:
        se = float(y.std(ddof=1)) / np.sqrt(n) if n > 1 else 0.0
        return float(y.mean()), se, 0.0
    design = np.column_stack([np.ones(n), control])
    coef, *_ = np.linalg.lstsq(design, y, rcond=None)
    residual = y - design @ coef
    se = float(np.sqrt(residual @ residual / max(n - 2, 1) / n))
    return float(coef[0]), se, float(coef[1])
