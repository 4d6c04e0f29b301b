"""Exact Puyo-bingo probabilities: P(a card holds >= threshold connected marked cells).

Model: column c holds numbers c*M+1 .. (c+1)*M; a card holds `size` distinct numbers of each
column in random rows (with a free centre, on odd sizes, the centre column holds size-1 numbers
and the centre cell is always marked). Given how many numbers of each column have been drawn,
columns are independent and every set of j marked rows is equally likely, so a column
transfer-matrix DP over frontier states (marked rows, group connectivity, group sizes) gives
P(bingo) exactly. The K cards of the "at least one card" numbers are independent random cards
given the drawn numbers. No Qt; pure functions; bad arguments raise ValueError naming them.

`prize_curves` says when the prizes run out: given the column counts, the number of bingo cards
among N is binomial, so P(at least k of N cards have a bingo) and the expected draw of the k-th
bingo follow from the same column-count states (`_prizes`).

With a card registry, `registry_odds` answers the same questions for the registered cards
themselves (exact next-draw figures, a sampled curve to the next bingo): `prepare_registry`,
`registry_next_draw`, `registry_curve`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from bingo.probability._model import (
    SUPPORTED_THRESHOLD,
    _int,
    any_of,
    check_board,
    check_cards,
    check_drawn,
    weight_table,
)
from bingo.probability.registry_odds import (
    ColumnOdds,
    RegisteredCards,
    RegistryCurve,
    RegistryNextDraw,
)
from bingo.probability.registry_odds import curve as registry_curve
from bingo.probability.registry_odds import next_draw as registry_next_draw
from bingo.probability.registry_odds import prepare as prepare_registry

if TYPE_CHECKING:
    from bingo.probability._tables import Transitions

# numba is imported on first use (in warm_up's background thread for the display), so
# importing this package stays cheap.

__all__ = [
    "ColumnDrawStats",
    "ColumnOdds",
    "FirstBingoCurve",
    "NextDrawStats",
    "PrizeCurves",
    "RegisteredCards",
    "RegistryCurve",
    "RegistryNextDraw",
    "bingo_probability",
    "bingo_subset_counts",
    "expected_draws_to_first_bingo",
    "first_bingo_curve",
    "max_samples",
    "next_draw_stats",
    "one_card_curve",
    "prepare_registry",
    "prize_curves",
    "registry_curve",
    "registry_next_draw",
    "warm_up",
]

DEFAULT_SAMPLES = 200  # the first round of the automatic choice (samples=None)
TARGET_ERROR = 0.005  # samples=None: sample until the stated max error is at most this
AUTO_MAX_SAMPLES = 3200
# ... on boards of at most this many numbers (10x10 with 12 per column: about 1 s of CPU); bigger
# boards' exact DPs cost more per sample, so their second run is capped lower (it only runs at
# the draws still above the target; 10x10 with 15 per column meets it with the first 200)
AUTO_MAX_NUMBERS = 120
BIG_BOARD_MAX_SAMPLES = 800
DEFAULT_SEED = 20240401
SAMPLE_BUDGET = 20_000_000  # draw-order cells sampled at once (160 MB of int64)


def max_samples(size: int, per_column: int) -> int:
    """The most draw orders `first_bingo_curve` samples on this board (memory bound)."""
    return max(2, SAMPLE_BUDGET // (size * per_column))


def check_sampling(samples: object, seed: object, size: int, per_column: int) -> None:
    """`samples` (None, or 2 up to max_samples on this board) and `seed` (an integer >= 0), as
    every sampled figure takes them; a ValueError names the wrong one."""
    if samples is not None and (
        isinstance(samples, bool) or not isinstance(samples, int) or samples < 2
    ):
        raise ValueError(f"samples must be an integer >= 2 (or None), not {samples!r}")
    if samples is not None and samples > (largest := max_samples(size, per_column)):
        raise ValueError(f"samples must be at most {largest:,} on this board, not {samples:,}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, not {seed!r}")


@dataclass(frozen=True)
class ColumnDrawStats:
    column: int  # 0-based column index
    p_column: float  # chance the next number falls in this column
    p_bingo_after: float  # P(a random card has a bingo) if the next number is in this column
    p_new_bingo_card: float  # P(a given card without a bingo now gets one), given this column
    expected_new_bingos: float  # among `cards` cards, given this column
    p_any_new_bingo: float  # P(at least one of `cards` cards gets a new bingo), given this column


@dataclass(frozen=True)
class NextDrawStats:
    p_bingo_now: float  # P(a random card has a bingo now)
    p_bingo_next: float  # P(a random card has a bingo after the next draw)
    p_new_bingo_card: float  # P(a random card gets a NEW bingo on the next draw) = next - now
    expected_new_bingos: float  # cards * p_new_bingo_card
    p_any_new_bingo: float  # P(at least one of `cards` cards gets a new bingo on the next draw)
    by_column: tuple[ColumnDrawStats, ...]
    cards: int
    remaining: int  # numbers not drawn yet


@dataclass(frozen=True)
class FirstBingoCurve:
    draws: np.ndarray  # 0 .. size*per_column (ints)
    p_any: np.ndarray  # P(at least one of `cards` cards has a bingo after t draws)
    exact: bool  # False when sampled (sizes > 5)
    max_error: float  # 0.0 when exact; else 2.5 standard errors (max over t)
    cards: int
    expected_first_bingo: float  # expected draw number of the first bingo (inf: never)
    p_one: np.ndarray  # P(one random card has a bingo after t draws); always exact
    error: np.ndarray  # per-t stated error of p_any (zeros when exact)
    samples: int  # draw orders sampled (0 when exact; the late draws may use fewer)
    expected_error: float  # bound on the error of expected_first_bingo (sum of the per-t errors)


def _tables_or_none(size: int, threshold: int) -> Transitions | None:
    """DP tables, or None when no bingo is possible (threshold > cells)."""
    from bingo.probability._tables import TooLargeError, transitions

    if threshold > size * size:
        return None
    try:
        return transitions(size, threshold)
    except TooLargeError:
        raise ValueError(
            f"threshold {threshold} is too large for the exact engine on a {size}x{size} board "
            f"(it supports thresholds up to {SUPPORTED_THRESHOLD[size]} there)"
        ) from None


@lru_cache(maxsize=200_000)
def _probability(
    drawn: tuple[int, ...], size: int, per_column: int, threshold: int, free: bool
) -> float:
    tables = _tables_or_none(size, threshold)
    if tables is None:
        return 0.0
    from bingo.probability import _kernels

    wtab = weight_table(drawn, size, per_column, free)
    return float(_kernels.bingo_probability(*tables.arrays(), wtab))


def _p(drawn: tuple[int, ...], size: int, per_column: int, threshold: int, free: bool) -> float:
    # the board is symmetric under left-right reflection (the free centre maps to itself)
    key = min(drawn, drawn[::-1])
    return _probability(key, size, per_column, threshold, free)


def _after_one_more(
    drawn: tuple[int, ...], size: int, per_column: int, threshold: int, free: bool
) -> list[float]:
    """P(bingo) with one more number drawn in each column (all columns in about 3 DP passes)."""
    from bingo.probability import _kernels

    tables = _tables_or_none(size, threshold)
    if tables is None:
        return [0.0] * size
    wtab = weight_table(drawn, size, per_column, free)
    bumped = tuple(min(d + 1, per_column) for d in drawn)
    wtab_more = weight_table(bumped, size, per_column, free)
    _, p_more = _kernels.bingo_with_one_more(*tables.arrays(), wtab, wtab_more)
    return [float(p) for p in p_more]


def bingo_probability(
    drawn_per_column: Sequence[int],
    size: int,
    per_column: int,
    threshold: int = 4,
    free_center: bool = False,
) -> float:
    """P(a random card has a bingo) given how many numbers of each column have been drawn."""
    size, per_column, threshold, free_center = check_board(size, per_column, threshold, free_center)
    drawn = check_drawn(drawn_per_column, size, per_column)
    return _p(drawn, size, per_column, threshold, free_center)


def next_draw_stats(
    drawn_per_column: Sequence[int],
    size: int,
    per_column: int,
    threshold: int = 4,
    free_center: bool = False,
    cards: int = 1,
) -> NextDrawStats:
    """Odds for the next draw (each remaining number equally likely), overall and by column.

    When every number has been drawn, there is no next draw: all column chances are 0 and
    "next" equals "now".
    """
    size, per_column, threshold, free_center = check_board(size, per_column, threshold, free_center)
    drawn = check_drawn(drawn_per_column, size, per_column)
    cards = check_cards(cards)
    now = _p(drawn, size, per_column, threshold, free_center)
    remaining = size * per_column - sum(drawn)
    afters = _after_one_more(drawn, size, per_column, threshold, free_center)
    by_column = []
    p_next = 0.0 if remaining else now
    p_any = 0.0
    for c in range(size):
        left = per_column - drawn[c]
        if left == 0 or remaining == 0:
            by_column.append(ColumnDrawStats(c, 0.0, now, 0.0, 0.0, 0.0))
            continue
        after = max(afters[c], now)
        new = after - now
        p_col = left / remaining
        conditional = new / (1.0 - now) if now < 1.0 else 0.0
        any_new = float(any_of(np.array(new), cards))
        by_column.append(ColumnDrawStats(c, p_col, after, conditional, cards * new, any_new))
        p_next += p_col * after
        p_any += p_col * any_new
    p_next = max(p_next, now)
    return NextDrawStats(
        p_bingo_now=now,
        p_bingo_next=p_next,
        p_new_bingo_card=p_next - now,
        expected_new_bingos=cards * (p_next - now),
        p_any_new_bingo=p_any,
        by_column=tuple(by_column),
        cards=cards,
        remaining=remaining,
    )


def bingo_subset_counts(size: int, threshold: int = 4, free_center: bool = False) -> list[int]:
    """counts[k] = how many k-cell sets of a card's numbered cells hold a bingo (the counting
    DP behind the one-card curve; with a free centre, the centre is marked on top of the k)."""
    from bingo.probability import _kernels

    size, _, threshold, free_center = check_board(size, size, threshold, free_center)
    cells = size * size - (1 if free_center else 0)
    tables = _tables_or_none(size, threshold)
    if tables is None:
        return [0] * (cells + 1)
    centre_col = size // 2 if free_center else -1
    no_bingo = _kernels.no_bingo_counts(
        tables.kind_start, tables.mult, tables.in_off, tables.in_src, size, centre_col, False
    )
    return [max(comb(cells, k) - round(no_bingo[k]), 0) for k in range(cells + 1)]


@lru_cache(maxsize=64)
def _one_card(size: int, per_column: int, threshold: int, free: bool) -> np.ndarray:
    from bingo.probability import _curve

    p = _curve.one_card_curve(_tables_or_none(size, threshold), size, per_column, free)
    p.setflags(write=False)
    return p


def one_card_curve(
    size: int, per_column: int, threshold: int = 4, free_center: bool = False
) -> np.ndarray:
    """Exact P(a random card has a bingo after t draws) for t = 0 .. size*per_column."""
    size, per_column, threshold, free_center = check_board(size, per_column, threshold, free_center)
    return _one_card(size, per_column, threshold, free_center).copy()


@lru_cache(maxsize=32)
def _curve_cached(
    size: int,
    per_column: int,
    threshold: int,
    free: bool,
    cards: int,
    samples: int | None,
    seed: int,
) -> FirstBingoCurve:
    from bingo.probability import _curve

    tables = _tables_or_none(size, threshold)
    n_numbers = size * per_column
    draws = np.arange(n_numbers + 1)
    if _curve.exact_is_feasible(size, per_column):
        p_one, p_any = _curve.exact_curve(tables, size, per_column, free, cards)
        error = np.zeros(n_numbers + 1)
        exact, used = True, 0
    else:
        p_one = _one_card(size, per_column, threshold, free)
        sampler = _curve.CurveSampler(tables, size, per_column, free, cards, p_one)
        if samples is None:
            largest = AUTO_MAX_SAMPLES if n_numbers <= AUTO_MAX_NUMBERS else BIG_BOARD_MAX_SAMPLES
            largest = min(largest, max_samples(size, per_column))
            p_any, error, used = sampler.automatic(DEFAULT_SAMPLES, seed, TARGET_ERROR, largest)
        else:
            used = samples
            p_any, error = sampler.run(used, seed)
        exact = bool(error.max() == 0.0)
    for a in (draws, p_one, p_any, error):
        a.setflags(write=False)
    return FirstBingoCurve(
        draws=draws,
        p_any=p_any,
        exact=exact,
        max_error=float(error.max()),
        cards=cards,
        expected_first_bingo=_curve.expected_first(p_any),
        p_one=p_one,
        error=error,
        samples=used,
        expected_error=float(error[:-1].sum()),
    )


def first_bingo_curve(
    cards: int,
    size: int,
    per_column: int,
    threshold: int = 4,
    free_center: bool = False,
    *,
    samples: int | None = None,
    seed: int = DEFAULT_SEED,
) -> FirstBingoCurve:
    """P(at least one of `cards` random cards has a bingo after t draws), t = 0..all numbers.

    Exact over the joint distribution of the column counts for sizes <= 5 (with at most ~4
    million count vectors); otherwise `samples` random draw orders (seeded) with the exact DP
    inside and control variates of exactly known mean, and `max_error` states the sampling
    error (2.5 standard errors). samples=None: DEFAULT_SAMPLES, then, if the stated max error
    is above TARGET_ERROR, more at the draws above it (at most AUTO_MAX_SAMPLES on boards of up
    to AUTO_MAX_NUMBERS numbers, else BIG_BOARD_MAX_SAMPLES).
    """
    cards = check_cards(cards)
    size, per_column, threshold, free_center = check_board(size, per_column, threshold, free_center)
    check_sampling(samples, seed, size, per_column)
    return _curve_cached(size, per_column, threshold, free_center, cards, samples, seed)


def expected_draws_to_first_bingo(
    cards: int,
    size: int,
    per_column: int,
    threshold: int = 4,
    free_center: bool = False,
) -> float:
    """Expected draw number of the first bingo among `cards` cards (inf when none is possible)."""
    return first_bingo_curve(cards, size, per_column, threshold, free_center).expected_first_bingo


@dataclass(frozen=True)
class PrizeCurves:
    """When the prizes run out: P(at least k of `cards` cards have a bingo after t draws)."""

    draws: np.ndarray  # 0 .. size*per_column (ints)
    p_at_least: np.ndarray  # [k - 1, t], k = 1..prizes
    expected: np.ndarray  # [k - 1]: expected draw of the k-th bingo (inf: not certain)
    exact: bool
    error: np.ndarray  # [k - 1, t]: stated error of p_at_least (zeros when exact)
    expected_error: np.ndarray  # [k - 1]: stated error of expected (zeros when exact)
    samples: int  # draw orders sampled (0 when exact)
    cards: int
    prizes: int

    @property
    def max_error(self) -> float:
        return float(self.error.max(initial=0.0))

    def to_json(self) -> dict[str, object]:
        """{"prizes": [{"k", "expected_ball", "p_by_ball", ...}], ...}; p_by_ball[d] is the
        chance after d balls; an expected ball that is never certain is null."""

        def finite(x: float) -> float | None:
            return None if not np.isfinite(x) else float(x)

        return {
            "cards": self.cards,
            "exact": self.exact,
            "samples": self.samples,
            "prizes": [
                {
                    "k": k + 1,
                    "expected_ball": finite(float(self.expected[k])),
                    "expected_ball_error": float(self.expected_error[k]),
                    "p_by_ball": [float(p) for p in self.p_at_least[k]],
                    "error_by_ball": [float(e) for e in self.error[k]],
                }
                for k in range(self.prizes)
            ],
        }


PRIZE_SAMPLES = 200  # draw orders of the sampled prize curves (samples=None)


def check_prizes(prizes: object, cards: int) -> int:
    """Validated prize count: 1..cards (more prizes than cards are never all won)."""
    prizes = _int("prizes", prizes)
    if not 1 <= prizes <= cards:
        raise ValueError(f"prizes must be 1..{cards} (the cards in play), not {prizes}")
    return prizes


QUICK_EXACT_VECTORS = 60_000  # quick=True: exact over at most this many count vectors
QUICK_TINY = 1e-5  # quick=True: chances below this (every card's) are not sampled
QUICK_SATURATED = 1e-6  # quick=True: a path this close to K bingo cards counts as there


@lru_cache(maxsize=256)
def _prizes_cached(
    size: int, per_column: int, threshold: int, free: bool, cards: int, prizes: int,
    samples: int | None, seed: int, quick: bool,
) -> PrizeCurves:  # fmt: skip
    from bingo.probability import _curve, _prizes

    tables = _tables_or_none(size, threshold)
    n_numbers = size * per_column
    exact_here = _curve.exact_is_feasible(size, per_column) and (
        not quick or (per_column + 1) ** size <= QUICK_EXACT_VECTORS
    )
    if exact_here:
        curves = _prizes.exact_prizes(tables, size, per_column, free, cards, prizes)
        error = np.zeros_like(curves)
        expected_error = np.zeros(prizes)
        exact, used = True, 0
    else:
        used = PRIZE_SAMPLES if samples is None else samples
        p_one = _one_card(size, per_column, threshold, free)
        sampler = _prizes.PrizeSampler(tables, size, per_column, free, cards, prizes, p_one)
        if quick:
            sampler.tiny, sampler.saturated = QUICK_TINY, QUICK_SATURATED
        curves, error, expected_error = sampler.run(used, seed)
        exact = bool(error.max(initial=0.0) == 0.0)
    expected = _prizes.expected_draws(curves)
    draws = np.arange(n_numbers + 1)
    for a in (draws, curves, expected, error, expected_error):
        a.setflags(write=False)
    return PrizeCurves(draws, curves, expected, exact, error, expected_error,
                       used, cards, prizes)  # fmt: skip


def prize_curves(
    cards: int,
    prizes: int,
    size: int,
    per_column: int,
    threshold: int = 4,
    free_center: bool = False,
    *,
    samples: int | None = None,
    seed: int = DEFAULT_SEED,
    quick: bool = False,
) -> PrizeCurves:
    """P(at least k of `cards` random cards have a bingo after t draws), k = 1..prizes, and
    the expected draw of the 1st .. prizes-th bingo.

    Given the column counts, the number of bingo cards is Binomial(cards, p(counts)); exact
    over every count vector where `first_bingo_curve` is exact (sizes <= 5), else sampled over
    `samples` seeded draw orders (default PRIZE_SAMPLES) with the exact DP along each, the
    error stated (2.5 standard errors) per draw and for each expected draw. quick=True (for
    comparing many boards: `bingo plan`): exact only over at most QUICK_EXACT_VECTORS count
    vectors, and draws where every chance is below QUICK_TINY are not sampled (in the error).
    """
    cards = check_cards(cards)
    prizes = check_prizes(prizes, cards)
    size, per_column, threshold, free_center = check_board(size, per_column, threshold, free_center)
    check_sampling(samples, seed, size, per_column)
    return _prizes_cached(
        size, per_column, threshold, free_center, cards, prizes, samples, seed, bool(quick)
    )


def warm_up(size: int | None = None, threshold: int = 4) -> None:
    """Compile or load from the on-disk cache every numba kernel (run it in a background thread
    at start-up: the first computation of a fresh install compiles for a while). With `size`,
    also build (or load from the disk cache) the DP tables of that board."""
    from bingo.probability import _kernels
    from bingo.probability._tables import transitions

    tables = transitions(3, 3)
    arrays = tables.arrays()
    counting = (tables.kind_start, tables.mult, tables.in_off, tables.in_src, 3, -1)
    wtab = weight_table((1, 2, 3), 3, 3, False)
    _kernels.bingo_probability(*arrays, wtab)
    _kernels.bingo_probabilities(*arrays, wtab[None])
    _kernels.no_bingo_counts(*counting, False)
    _kernels.strip_no_bingo_counts(*counting[:5], 2, -1)
    _kernels.bingo_with_one_more(*arrays, wtab, wtab)
    from bingo.probability import registry_odds

    registry_odds.warm_up()
    if size is not None:
        size, _, threshold, _ = check_board(size, size, threshold, False)
        _tables_or_none(size, threshold)
