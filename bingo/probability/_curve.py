"""The first-bingo curve: P(at least one of K cards has a bingo after t draws), t = 0..N.

Given the column counts d, the K cards are independent with P(bingo) = p(d), so
P_any(t) = sum_{d : |d| = t} P(d | t) * (1 - (1 - p(d))^K), with P(d | t) multivariate
hypergeometric. Exact (all count vectors, p(d) from the DP's table of no-bingo patterns by column counts) when
the vectors are few (sizes <= 5); otherwise each t is exact when its count vectors are few (the
first and last draws) or the answer is pinned by bounds, and sampled over seeded draw orders
(the DP inside; control variates: the window surrogate of `_surrogate` and the exact one-card
curve) in between, with a stated error. The control variates cut the variance about 150-250x
where the curve rises (10x10, 15 per column, 100 cards); the stated error claims at most 100x
against the sampled variance (`MAX_REDUCTION`), which the tests check against exact curves and
a long run.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from math import comb, lgamma

import numpy as np
import numpy.typing as npt

from bingo.probability import _kernels, _surrogate
from bingo.probability._model import any_of, count_matrix, rows_of, weight_rows
from bingo.probability._tables import Transitions

EXACT_MAX_SIZE = 5
EXACT_MAX_VECTORS = 4_200_000  # (per_column + 1) ** size
TINY = 1e-7  # sampled curve: where bounds pin P_any this closely, no sampling (error stated)


def one_card_curve(
    tables: Transitions | None, size: int, per_column: int, free_center: bool
) -> np.ndarray:
    """Exact P(a random card has a bingo after t draws), t = 0..N (counting DP by total)."""
    n_numbers = size * per_column
    if tables is None:
        return np.zeros(n_numbers + 1)
    card = size * size - (1 if free_center else 0)
    bingo = _bingo_patterns(tables, size, free_center)
    if n_numbers > EXACT_INTEGER_NUMBERS:
        return _one_card_by_logs(bingo, card, n_numbers)
    out = np.empty(n_numbers + 1)
    for t in range(n_numbers + 1):
        total = comb(n_numbers, t)
        s = 0
        for k in range(max(0, t - (n_numbers - card)), min(card, t) + 1):
            s += bingo[k] * comb(n_numbers - card, t - k)
        out[t] = s / total
    return np.clip(out, 0.0, 1.0)


_PATTERNS: dict[tuple[int, int, bool], list[int]] = {}


def _bingo_patterns(tables: Transitions, size: int, free_center: bool) -> list[int]:
    """bingo[k] = k-cell sets of the card's numbered cells that hold a bingo (the counting DP:
    up to a second on 9x9 and 10x10, the same for every numbers-per-column, so kept)."""
    key = (size, tables.threshold, free_center)
    if key not in _PATTERNS:
        centre_col = size // 2 if free_center else -1
        no_bingo = _kernels.no_bingo_counts(
            tables.kind_start, tables.mult, tables.in_off, tables.in_src, size, centre_col, False
        )
        card = size * size - (1 if free_center else 0)
        # count bingo patterns directly (no 1 - q cancellation for tiny probabilities)
        _PATTERNS[key] = [max(comb(card, k) - round(no_bingo[k]), 0) for k in range(card + 1)]
    return _PATTERNS[key]


EXACT_INTEGER_NUMBERS = 400  # above this many numbers, big-integer sums get slow


def _one_card_by_logs(bingo: list[int], card: int, n_numbers: int) -> np.ndarray:
    """Same sum in floating point (hypergeometric weights from log-gamma), for long draws."""
    k = np.arange(card + 1)
    t = np.arange(n_numbers + 1)[:, None]
    with np.errstate(invalid="ignore"):
        log_pmf = _log_comb(card, k) + _log_comb(n_numbers - card, t - k) - _log_comb(n_numbers, t)
    fraction = np.array([b / comb(card, i) for i, b in enumerate(bingo)])
    pmf = np.where(np.isfinite(log_pmf), np.exp(np.nan_to_num(log_pmf, neginf=-np.inf)), 0.0)
    return np.asarray(np.clip(pmf @ fraction, 0.0, 1.0))


def _log_comb(n: npt.ArrayLike, k: npt.ArrayLike) -> np.ndarray:
    n_arr = np.asarray(n, float)
    k_arr = np.asarray(k, float)
    lg = np.vectorize(lgamma, otypes=[float])
    valid = (k_arr >= 0) & (k_arr <= n_arr)
    safe_k = np.where(valid, k_arr, 0.0)
    out = lg(n_arr + 1) - lg(safe_k + 1) - lg(np.where(valid, n_arr - k_arr, 0.0) + 1)
    return np.where(valid, out, -np.inf)


def exact_is_feasible(size: int, per_column: int) -> bool:
    return size <= EXACT_MAX_SIZE and (per_column + 1) ** size <= EXACT_MAX_VECTORS


def probability_tensor(
    tables: Transitions, size: int, per_column: int, free_center: bool
) -> np.ndarray:
    """p[d_0, ..., d_{n-1}] = P(bingo | column counts d) for every count vector."""
    centre_col = size // 2 if free_center else -1
    no_bingo = _kernels.no_bingo_counts(
        tables.kind_start, tables.mult, tables.in_off, tables.in_src, size, centre_col, True
    )
    # patterns holding a bingo, by column counts: all patterns minus the no-bingo ones (exact
    # integers in float64 for sizes <= 5), so tiny probabilities keep their precision
    all_patterns = np.ones(())
    for c in range(size):
        rows = rows_of(c, size, free_center)
        ways = np.array([float(comb(rows, j)) if j <= rows else 0.0 for j in range(size + 1)])
        all_patterns = np.multiply.outer(all_patterns, ways)
    tensor = np.maximum(all_patterns - no_bingo.reshape((size + 1,) * size), 0.0)
    for c in range(size):
        h = count_matrix(rows_of(c, size, free_center), size, per_column)
        tensor = np.tensordot(tensor, h, axes=([0], [1]))
    return np.clip(tensor, 0.0, 1.0)


def exact_curve(
    tables: Transitions | None, size: int, per_column: int, free_center: bool, cards: int
) -> tuple[np.ndarray, np.ndarray]:
    """(p_one, p_any) exactly over the joint distribution of the column counts."""
    n_numbers = size * per_column
    if tables is None:
        zeros = np.zeros(n_numbers + 1)
        return zeros, zeros.copy()
    p = probability_tensor(tables, size, per_column, free_center)
    ways = np.array([float(comb(per_column, d)) for d in range(per_column + 1)])
    weight = np.ones(())
    t_sum = np.zeros((), np.int64)
    for _ in range(size):
        weight = np.multiply.outer(weight, ways)
        t_sum = np.add.outer(t_sum, np.arange(per_column + 1))
    t_flat = t_sum.ravel()
    w_flat = weight.ravel()
    totals = np.array([float(comb(n_numbers, t)) for t in range(n_numbers + 1)])
    p_flat = p.ravel()
    p_one = np.bincount(t_flat, w_flat * p_flat, n_numbers + 1) / totals
    p_any = np.bincount(t_flat, w_flat * any_of(p_flat, cards), n_numbers + 1) / totals
    return np.clip(p_one, 0.0, 1.0), np.clip(p_any, 0.0, 1.0)


def _probabilities(
    tables: Transitions,
    keys: Sequence[tuple[int, ...]],
    size: int,
    per_column: int,
    free_center: bool,
) -> np.ndarray:
    """p(d) for each count vector in `keys` (DP in batches)."""
    out = np.empty(len(keys))
    rows = weight_rows(size, per_column, free_center)
    columns = np.arange(size)
    for start in range(0, len(keys), 1024):
        chunk = np.asarray(keys[start : start + 1024], np.int64).reshape(-1, size)
        wtabs = np.ascontiguousarray(rows[columns, chunk])
        out[start : start + len(chunk)] = _kernels.bingo_probabilities(*tables.arrays(), wtabs)
    return np.clip(out, 0.0, 1.0)


def count_vectors_numbers(size: int, per_column: int) -> np.ndarray:
    """numbers[t]: how many column-count vectors sum to t (each count 0..per_column); float,
    only compared with a budget."""
    numbers = np.ones(1)
    for _ in range(size):
        numbers = np.convolve(numbers, np.ones(per_column + 1))
    return numbers


def count_vectors(t: int, size: int, per_column: int) -> np.ndarray:
    """All column-count vectors summing to t, shape (count, size)."""
    rows = np.zeros((1, 0), np.int64)
    for c in range(size):
        left = size - c - 1  # columns after this one can hold at most left * per_column
        parts = []
        sums = rows.sum(axis=1)
        for d in range(per_column + 1):
            total = sums + d
            keep = (total <= t) & (total + left * per_column >= t)
            if keep.any():
                parts.append(np.hstack([rows[keep], np.full((int(keep.sum()), 1), d)]))
        rows = np.vstack(parts)
    return rows


def exact_at(
    tables: Transitions, t: int, size: int, per_column: int, free_center: bool, cards: int
) -> float:
    """P_any(t) exactly, by enumerating every count vector with sum t."""
    vecs = count_vectors(t, size, per_column)
    rev = vecs[:, ::-1]
    # lexicographic min of each vector and its reflection (p is reflection-symmetric)
    diff = vecs - rev
    first = np.argmax(diff != 0, axis=1)
    use_rev = diff[np.arange(len(vecs)), first] > 0
    canonical = np.where(use_rev[:, None], rev, vecs)
    unique, inverse = np.unique(canonical, axis=0, return_inverse=True)
    p = _probabilities(tables, [tuple(r) for r in unique.tolist()], size, per_column, free_center)
    ways = np.array([float(comb(per_column, d)) for d in range(per_column + 1)])
    weight = np.prod(ways[vecs], axis=1) / float(comb(size * per_column, t))
    return float(np.sum(weight * any_of(p[inverse.ravel()], cards)))


EXACT_VECTORS_PER_DRAW = 1_500
SATURATED = 1e-9  # (1 - p)^K below this: count the path as a bingo (bias added to the error)
ERROR_SE = 2.5  # stated error = 2.5 standard errors (98.8 % two-sided for a normal estimate)
# largest variance reduction claimed from the control variates (rare paths the samples missed,
# e.g. near the ends of the curve, make the residual variance look smaller than it is), against
# the variance plain sampling would have: the sample variance of y, but at least BERNOULLI_SHARE
# of its bound m (1 - m) (where y is nearly always 0 or 1, its sample variance is too small)
MAX_REDUCTION = 100.0
BERNOULLI_SHARE = 0.25


REFINE_RUNS = 2  # runs after the first one of `CurveSampler.automatic`


class CurveSampler:
    """The sampled curve of one board and card count: the control variate's tables and the DP
    answers per count vector are kept between runs, so a second, larger run with the same seed
    (its first draw orders are the first run's) only pays for the new draw orders, and only at
    the draws it is asked to refine."""

    def __init__(self, tables: Transitions | None, size: int, per_column: int,
                 free_center: bool, cards: int, p_one: np.ndarray,
                 exact_vectors: int = EXACT_VECTORS_PER_DRAW, surrogate: bool = True):  # fmt: skip
        self.tables = tables
        self.size, self.per_column, self.free_center = size, per_column, free_center
        self.cards = cards
        self.p_one = np.asarray(p_one, dtype=float)
        self.exact_vectors = exact_vectors
        self.window: _surrogate.WindowSurrogate | None = None  # built at the first run
        self.cache: dict[tuple[int, ...], float] = {}
        self.surrogate = (tables is not None and cards > 1 and surrogate
                          and _surrogate.feasible(size, per_column, free_center))  # fmt: skip

    def _window(self, last: int) -> _surrogate.WindowSurrogate | None:
        """The control variate, built for the draws up to `last` (the last draw sampled)."""
        if self.surrogate and self.tables is not None:
            if self.window is None or self.window.max_sum < last:
                self.window = _surrogate.WindowSurrogate(
                    self.tables, self.size, self.per_column, self.free_center, self.cards, last
                )
        return self.window

    def run(self, samples: int, seed: int, only: np.ndarray | None = None,
            previous: tuple[np.ndarray, np.ndarray] | None = None, target: float | None = None,
            ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
        """(p_any, error per t). With `only` (a mask over t), the draws outside it keep the
        values of `previous`. With `target`, past the curve's steepest part (the error floor
        has peaked) each draw evaluates only the first paths that are predicted to keep its
        error under half the target (at least MIN_PATHS): the late draws' DPs cost the most
        and their errors are small."""
        tables, p_one = self.tables, self.p_one
        n_numbers = self.size * self.per_column
        p_any = np.zeros(n_numbers + 1)
        error = np.zeros(n_numbers + 1)
        if tables is None:
            return p_any, error
        if self.cards == 1:
            return p_one.copy(), error  # one card: the exact one-card curve
        if previous is not None:
            p_any, error = previous[0].copy(), previous[1].copy()
        upper = any_of(p_one, self.cards)  # Jensen: p_one(t) <= P_any(t) <= 1 - (1 - p_one(t))^K
        orders = self._orders(samples, seed)
        paths, last_live = self._along_paths(tables, orders, only, upper, p_any, error, target)
        # the control variate only for the draws sampled (the first pass found them)
        # (after the last draw with a live path, y is constant: no control needed)
        window = self._window(last_live) if last_live >= 0 else None
        for t, y, x_all, at_t in paths:
            p_any[t], error[t] = self._estimate(t, y, x_all, at_t, window, upper[t])
        return p_any, error

    def _orders(self, samples: int, seed: int) -> np.ndarray:
        """`samples` seeded draw orders, as the column of each draw."""
        rng = np.random.default_rng(seed)
        labels = np.repeat(np.arange(self.size), self.per_column)
        orders = np.empty((samples, self.size * self.per_column), np.int64)
        for i in range(samples):
            orders[i] = rng.permutation(labels)
        return orders

    def _known(self, tables: Transitions, t: int, upper: np.ndarray,
               vector_numbers: np.ndarray) -> tuple[float, float] | None:  # fmt: skip
        """(P_any, error) at draw t where no sampling is needed: pinned by the bounds, or exact
        over few count vectors; None where it is sampled."""
        p_one = self.p_one
        if upper[t] <= TINY:  # P_any is squeezed between p_one and upper
            return upper[t], upper[t] - p_one[t]
        if p_one[t] >= 1.0 - TINY:
            return 1.0, 1.0 - p_one[t]
        if vector_numbers[t] <= self.exact_vectors:
            exact = exact_at(tables, t, self.size, self.per_column, self.free_center, self.cards)
            return min(max(exact, 0.0), 1.0), 0.0
        return None

    def _one_card_along(self, tables: Transitions, counts: np.ndarray) -> list[float]:
        """P(one card has a bingo) for each row of column counts (DP answers kept in the cache;
        a vector and its mirror image share one)."""
        cache = self.cache
        keys = [min(tuple(row), tuple(row[::-1])) for row in counts.tolist()]
        todo = sorted({k for k in keys if k not in cache})
        if todo:
            for k, p in zip(todo, _probabilities(tables, todo, self.size, self.per_column,
                                                 self.free_center), strict=True):  # fmt: skip
                cache[k] = float(p)
        return [cache[k] for k in keys]

    def _along_paths(self, tables: Transitions, orders: np.ndarray, only: np.ndarray | None,
                     upper: np.ndarray, p_any: np.ndarray, error: np.ndarray,
                     target: float | None,
                     ) -> tuple[list[tuple[int, np.ndarray, np.ndarray | None, np.ndarray]], int]:  # fmt: skip
        """The first pass: the DP along every path, draw by draw. Fills p_any / error where no
        sampling is needed; returns, per sampled draw, (t, y, x or None, the paths' column
        counts) for the regressions, and the last draw with a path not yet saturated."""
        samples = orders.shape[0]
        counts = np.zeros((samples, self.size), np.int64)
        y = np.zeros(samples)  # P(some card has a bingo) along each path
        x = np.zeros(samples)  # P(one card has a bingo) along each path (while live)
        vector_numbers = count_vectors_numbers(self.size, self.per_column)
        paths: list[tuple[int, np.ndarray, np.ndarray | None, np.ndarray]] = []
        last_live = -1
        used, peak = samples, 0.0  # paths evaluated at this draw; largest error floor so far
        for t in range(orders.shape[1] + 1):
            if t > 0:
                counts[np.arange(samples), orders[:, t - 1]] += 1
            if only is not None and not only[t]:
                continue  # y keeps an earlier draw's value: saturation stays a valid test
            known = self._known(tables, t, upper, vector_numbers)
            if known is not None:
                p_any[t], error[t] = known
                continue
            live = np.nonzero(y[:used] < 1.0 - SATURATED)[0]
            x[live] = self._one_card_along(tables, counts[live])
            if live.size:
                last_live = t
            y[live] = any_of(x[live], self.cards)
            y[y >= 1.0 - SATURATED] = 1.0
            x_all = x[:used].copy() if live.size == used else None
            paths.append((t, y[:used].copy(), x_all, counts[:used].copy()))
            if target is not None:
                used, peak = _paths_to_use(y[:used], used, samples, target, peak)
        return paths, last_live

    def _estimate(self, t: int, y: np.ndarray, x_all: np.ndarray | None, at_t: np.ndarray,
                  window: _surrogate.WindowSurrogate | None,
                  upper: float) -> tuple[float, float]:  # fmt: skip
        """(P_any, error) at a sampled draw t: the regression on the control variates (the
        window surrogate, and p(d) where every path was live), clamped to the bounds."""
        p_one = self.p_one
        controls = []
        if window is not None and t <= window.max_sum:
            controls.append((1.0 - window.value(at_t)) - (1.0 - window.mean[t]))
        if x_all is not None:
            controls.append(x_all - p_one[t])
        estimate, se = _regression_estimate(y, controls)
        m = min(max(estimate, p_one[t]), upper)
        # never claim more than MAX_REDUCTION from the control variates
        plain = max(float(y.var(ddof=1)), BERNOULLI_SHARE * m * (1.0 - m))
        floor = np.sqrt(plain / y.size / MAX_REDUCTION)
        return m, ERROR_SE * max(se, floor) + SATURATED

    def automatic(self, first: int, seed: int, target: float, largest: int,
                  ) -> tuple[np.ndarray, np.ndarray, int]:  # fmt: skip
        """(p_any, error, samples): `first` draw orders; while the stated max error is above
        `target` (at most REFINE_RUNS times), one more run sized from the last (the error falls
        as 1 / sqrt(samples)), at most `largest` orders, at the draws still above the target
        only (the earlier orders and their DP answers are reused; the other draws keep their
        values)."""
        p_any, error = self.run(first, seed, target=target)
        used = first
        for _ in range(REFINE_RUNS):
            if error.max() <= target:
                break
            more = int(min(math.ceil(used * (error.max() / target) ** 2 * 1.2), largest))
            if more <= used:
                break
            p_any, error = self.run(more, seed, only=error > target, previous=(p_any, error))
            used = more
        return p_any, error, used


MIN_PATHS = 100  # fewest paths a draw is estimated from when `target` thins them


def _paths_to_use(
    y: np.ndarray, used: int, samples: int, target: float, peak: float
) -> tuple[int, float]:
    """(paths for the next draw, new peak): all of them until the error floor (the part of the
    stated error that depends on y alone) falls below 0.9 of its peak, then as many as bring
    the floor to half the target, from MIN_PATHS up to `samples`."""
    m = float(y.mean())
    plain = max(float(y.var(ddof=1)), BERNOULLI_SHARE * m * (1.0 - m))
    floor = ERROR_SE * np.sqrt(plain / used / MAX_REDUCTION)
    peak = max(peak, floor)
    if floor >= 0.9 * peak:
        return samples, peak
    wanted = math.ceil(used * (floor / (0.5 * target)) ** 2)
    return int(min(max(wanted, MIN_PATHS), samples)), peak


def _regression_estimate(y: np.ndarray, controls: list[np.ndarray]) -> tuple[float, float]:
    """Mean of y with control variates of mean 0 (least-squares coefficients), and its standard
    error from the residuals (with the degrees of freedom the fit used)."""
    n = y.size
    cols = [c for c in controls if np.ptp(c) > 0.0]
    if not cols:
        return float(y.mean()), float(y.std(ddof=1)) / np.sqrt(n)
    design = np.column_stack([np.ones(n), *cols])
    coef, *_ = np.linalg.lstsq(design, y, rcond=None)
    residual = y - design @ coef
    dof = max(n - design.shape[1], 1)
    return float(coef[0]), float(np.sqrt(residual @ residual / dof / n))


def expected_first(p_any: np.ndarray) -> float:
    """E[first bingo draw] = sum_{t < N} P(no bingo after t draws); inf if never certain."""
    if p_any[-1] < 1.0 - 1e-9:
        return float("inf")
    return float(np.sum(1.0 - p_any[:-1]))
