"""Payout simulator for COOL 24+24: a numba kernel that plays the rules engine's game.

The kernel is a line-by-line port of `rules.Game` and `policies` over a small int64 state
array, using numba's Mersenne Twister in the same order as the engine uses `rng.random()`.
`python_rng(seed)` builds a `random.Random` in the state numba's `np.random.seed(seed)` gives,
so `simulate(...)` and `simulate_python(...)` play identical games from the same seed (tested),
and differ only in speed.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import numba
import numpy as np
import numpy.typing as npt

from games.cool24.policies import DEFAULT_ROLLOUTS, POLICIES, play_out
from games.cool24.rules import Game, bonus_counts, legal_slots
from games.cool24.settings import BONUS_KINDS, Cool24Settings

Ints = npt.NDArray[np.int64]  # the kernels' state and tables
Floats = npt.NDArray[np.float64]

# state layout (int64 array)
_H = 0  # hand slots 0..3, -1 = empty
_LAST, _LAP, _PLAYED, _TOTAL, _BONUS, _OVER = 4, 5, 6, 7, 8, 9
_COUNT = 10  # 10, 11, 12: straight flush, four of a kind, flush
_NSTOCK = 13
_STOCK = 14  # bit c set when card c is in the stock
_SIZE = 15
_FULL = (1 << 24) - 1
_POLICY_CODE = {"random": 0, "greedy": 1, "best": 2}
# _LINK[c]: bit mask of the cards linked to c (same suit or number, c itself excluded)
_LINK = np.array(
    [
        sum(1 << d for d in range(24) if d != c and (d // 6 == c // 6 or d % 6 == c % 6))
        for c in range(24)
    ],
    dtype=np.int64,
)


@numba.njit(cache=True, inline="always")
def _linked(a: int, b: int) -> bool:
    return a // 6 == b // 6 or a % 6 == b % 6


@numba.njit(cache=True, inline="always")
def _popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@numba.njit(cache=True)
def _take(st: Ints, c: int) -> int:
    st[_STOCK] &= ~(1 << c)
    st[_NSTOCK] -= 1
    return c


@numba.njit(cache=True)
def _draw(st: Ints, weighted: bool, bias_start: float, bias_step: float) -> int:
    stock = st[_STOCK]
    if weighted:
        factor = bias_start - st[_PLAYED] * bias_step
        if factor < 0.0:
            factor = 0.0
        last = st[_LAST]
        fav = _LINK[last]
        for i in range(4):
            h = st[_H + i]
            if h >= 0 and _linked(h, last):
                fav |= _LINK[h]
        n_fav = _popcount(stock & fav)
        total = n_fav * factor + (st[_NSTOCK] - n_fav) * 1.0
        if total > 0.0:
            u = np.random.random() * total
            acc = 0.0
            choice = -1
            for c in range(24):
                if (stock >> c) & 1:
                    choice = c
                    acc += factor if (fav >> c) & 1 else 1.0
                    if u < acc:
                        break
            return _take(st, choice)
    k = int(np.random.random() * st[_NSTOCK])
    for c in range(24):
        if (stock >> c) & 1:
            if k == 0:
                return _take(st, c)
            k -= 1
    return -1


@numba.njit(cache=True)
def _check_bonus(st: Ints, hand_table: Ints) -> None:
    for i in range(4):
        if st[_H + i] < 0:
            return
    s0 = st[_H] // 6
    n0 = st[_H] % 6
    same_suit = True
    same_number = True
    lo = 6
    hi = -1
    for i in range(4):
        c = st[_H + i]
        if c // 6 != s0:
            same_suit = False
        if c % 6 != n0:
            same_number = False
        lo = min(lo, c % 6)
        hi = max(hi, c % 6)
    if same_suit:
        kind = 0 if hi - lo == 3 else 2  # one suit: 4 distinct numbers, so span 3 = straight
    elif same_number:
        kind = 1
    else:
        return
    st[_COUNT + kind] += 1
    st[_BONUS] += hand_table[kind]


@numba.njit(cache=True)
def _deal(st: Ints, hand_table: Ints) -> None:
    for i in range(4):
        st[_H + i] = _draw(st, False, 0.0, 0.0)
    _check_bonus(st, hand_table)


@numba.njit(cache=True)
def _new_game(st: Ints, hand_table: Ints) -> None:
    st[:] = 0
    for i in range(4):
        st[_H + i] = -1
    st[_LAST] = -1
    st[_LAP] = 1
    st[_STOCK] = _FULL
    st[_NSTOCK] = 24
    _deal(st, hand_table)


@numba.njit(cache=True, inline="always")
def _playable(st: Ints, i: int) -> bool:
    c = st[_H + i]
    return c >= 0 and (st[_LAST] < 0 or _linked(c, st[_LAST]))


@numba.njit(cache=True)
def _play(
    st: Ints, i: int, hand_table: Ints, bias_on: bool, bias_start: float, bias_step: float
) -> None:
    """Play hand slot i (0-based; the caller checked it is playable)."""
    card = st[_H + i]
    st[_H + i] = -1
    st[_LAST] = card
    st[_PLAYED] += 1
    st[_TOTAL] += 1
    if st[_NSTOCK] > 0:
        st[_H + i] = _draw(st, bias_on and st[_LAP] == 1, bias_start, bias_step)
        _check_bonus(st, hand_table)
    empty = True
    for j in range(4):
        if st[_H + j] >= 0:
            empty = False
    if empty:
        if st[_LAP] == 1:
            st[_LAP] = 2
            st[_PLAYED] = 0
            st[_LAST] = -1
            st[_STOCK] = _FULL
            st[_NSTOCK] = 24
            _deal(st, hand_table)
        else:
            st[_OVER] = 1
    else:
        for j in range(4):
            if _playable(st, j):
                return
        st[_OVER] = 1


@numba.njit(cache=True, inline="always")
def _score(st: Ints, card_table: Ints, multi: int) -> int:
    m = 1 + multi if st[_LAP] == 2 else 1
    return int(card_table[st[_TOTAL]] + st[_BONUS] * m)


@numba.njit(cache=True)
def _greedy(st: Ints) -> int:
    best = -1
    best_cost = 1 << 30
    for i in range(4):
        if not _playable(st, i):
            continue
        card = st[_H + i]
        cost = 8 * _popcount(st[_STOCK] & _LINK[card])
        for j in range(4):
            h = st[_H + j]
            if j != i and h >= 0 and _linked(h, card):
                cost += 1
        if cost < best_cost:
            best = i
            best_cost = cost
    return best


@numba.njit(cache=True)
def _random(st: Ints) -> int:
    n = 0
    for i in range(4):
        if _playable(st, i):
            n += 1
    k = int(np.random.random() * n)
    for i in range(4):
        if _playable(st, i):
            if k == 0:
                return i
            k -= 1
    return -1


@numba.njit(cache=True)
def _best(
    st: Ints,
    rollouts: int,
    card_table: Ints,
    hand_table: Ints,
    multi: int,
    bias_on: bool,
    bias_start: float,
    bias_step: float,
) -> int:
    n = 0
    only = -1
    for i in range(4):
        if _playable(st, i):
            n += 1
            only = i
    if n == 1:
        return only
    work = np.empty_like(st)
    best = -1
    best_total = -1
    for i in range(4):
        if not _playable(st, i):
            continue
        total = 0
        for _ in range(rollouts):
            work[:] = st
            _play(work, i, hand_table, bias_on, bias_start, bias_step)
            while work[_OVER] == 0:
                _play(work, _greedy(work), hand_table, bias_on, bias_start, bias_step)
            total += _score(work, card_table, multi)
        if total > best_total:
            best = i
            best_total = total
    return best


@numba.njit(cache=True)
def _simulate(
    n: int,
    seed: int,
    policy: int,
    rollouts: int,
    card_table: Ints,
    hand_table: Ints,
    multi: int,
    bias_on: bool,
    bias_start: float,
    bias_step: float,
) -> tuple[Ints, Ints, Ints]:
    np.random.seed(seed)
    scores = np.empty(n, np.int64)
    totals = np.empty(n, np.int64)
    counts = np.empty((n, 3), np.int64)
    st = np.empty(_SIZE, np.int64)
    for g in range(n):
        _new_game(st, hand_table)
        while st[_OVER] == 0:
            if policy == 0:
                i = _random(st)
            elif policy == 1:
                i = _greedy(st)
            else:
                i = _best(
                    st, rollouts, card_table, hand_table, multi, bias_on, bias_start, bias_step
                )
            _play(st, i, hand_table, bias_on, bias_start, bias_step)
        scores[g] = _score(st, card_table, multi)
        totals[g] = st[_TOTAL]
        for k in range(3):
            counts[g, k] = st[_COUNT + k]
    return scores, totals, counts


@dataclass(frozen=True)
class SimResult:
    """Per-game results: final score, cards played (0..48), bonus counts per kind."""

    scores: np.ndarray
    played: np.ndarray
    bonus_counts: np.ndarray  # shape (n, 3), BONUS_KINDS order

    @property
    def n(self) -> int:
        return len(self.scores)

    @property
    def lap2(self) -> np.ndarray:
        return self.played >= 24

    def summary(self) -> dict[str, float]:
        s = self.scores
        out = {
            "games": float(self.n),
            "mean": float(s.mean()),
            "std": float(s.std()),
            "p_lap2": float(self.lap2.mean()),
            "p_clear": float((self.played == 48).mean()),
            "mean_played": float(self.played.mean()),
        }
        for q in (5, 25, 50, 75, 95, 99):
            out[f"p{q}"] = float(np.percentile(s, q))
        out["max"] = float(s.max())
        for k, kind in enumerate(BONUS_KINDS):
            out[f"p_{kind}"] = float((self.bonus_counts[:, k] > 0).mean())
        return out


MAX_GAMES = 10_000_000  # 40 bytes of results per game: 400 MB, a few minutes of simulation


def _check(n: int, seed: int, policy: str, rollouts: int) -> None:
    if not isinstance(n, int) or not 1 <= n <= MAX_GAMES:
        raise ValueError(f"number of games must be a whole number 1..{MAX_GAMES:,}, not {n!r}")
    if not 0 <= seed < 2**32:
        raise ValueError(f"seed must be in 0..{2**32 - 1}, not {seed}")
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: use one of {', '.join(POLICIES)}")
    if rollouts < 1:
        raise ValueError(f"rollouts must be at least 1, not {rollouts}")


def _kernel_settings(s: Cool24Settings) -> tuple[Ints, Ints, int, bool, float, float]:
    """The settings as the kernels take them: card and hand tables, lap-2 multiplier, bias."""
    return (
        np.asarray(s.card_win_table, np.int64),
        np.asarray(s.hand_win_table, np.int64),
        s.hand_win_multi,
        s.bias,
        float(s.bias_start),
        float(s.bias_step),
    )


def simulate(
    n: int,
    settings: Cool24Settings | None = None,
    *,
    policy: str = "greedy",
    seed: int = 0,
    rollouts: int = DEFAULT_ROLLOUTS,
) -> SimResult:
    """Play `n` games with the numba kernel, all from one random stream seeded with `seed`."""
    _check(n, seed, policy, rollouts)
    s = settings or Cool24Settings()
    scores, played, counts = _simulate(
        n,
        seed,
        _POLICY_CODE[policy],
        rollouts,
        *_kernel_settings(s),
    )
    return SimResult(scores, played, counts)


def python_rng(seed: int) -> random.Random:
    """A random.Random in the Mersenne Twister state of numba's `np.random.seed(seed)`."""
    _, keys, pos, *_ = np.random.RandomState(seed).get_state()
    rng = random.Random()
    rng.setstate((3, tuple(int(k) for k in keys) + (int(pos),), None))
    return rng


def simulate_python(
    n: int,
    settings: Cool24Settings | None = None,
    *,
    policy: str = "greedy",
    seed: int = 0,
    rollouts: int = DEFAULT_ROLLOUTS,
) -> SimResult:
    """The same simulation on the pure-Python engine (slow; the reference for the kernel)."""
    _check(n, seed, policy, rollouts)
    s = settings or Cool24Settings()
    rng = python_rng(seed)
    scores = np.empty(n, np.int64)
    played = np.empty(n, np.int64)
    counts = np.empty((n, 3), np.int64)
    for g in range(n):
        game = play_out(Game.new(rules=s, rng=rng), policy, rollouts)
        scores[g], played[g] = game.score, game.total_played
        counts[g] = bonus_counts(game)
    return SimResult(scores, played, counts)


def format_summary(result: SimResult, settings: Cool24Settings, policy: str) -> str:
    """The text `games cool24 --simulate` prints."""
    m = result.summary()
    base = np.asarray(settings.card_win_table, np.int64)[result.played]
    bonus = result.scores - base
    share = bonus.mean() / m["mean"] if m["mean"] else 0.0
    lines = [
        f"COOL 24+24 simulation: {result.n:,} games, policy {policy}",
        f"tables: bonuses straight flush {settings.hand_win_table[0]}, four of a kind "
        f"{settings.hand_win_table[1]}, flush {settings.hand_win_table[2]}; lap-2 multiplier "
        f"x{1 + settings.hand_win_multi}; bias "
        + (
            f"{settings.bias_start:g} - played x {settings.bias_step:g}" if settings.bias else "off"
        ),
        f"score: mean {m['mean']:.2f}  sd {m['std']:.2f}  max {m['max']:.0f}",
        "percentiles: " + "  ".join(f"p{q} {m[f'p{q}']:.0f}" for q in (5, 25, 50, 75, 95, 99)),
        f"cards played: mean {m['mean_played']:.2f}   P(lap 2) {m['p_lap2']:.4f}   "
        f"P(all 48) {m['p_clear']:.4f}",
        "P(bonus at least once): "
        + "  ".join(f"{kind.replace('_', ' ')} {m[f'p_{kind}']:.4f}" for kind in BONUS_KINDS),
        "bonuses per game: "
        + "  ".join(
            f"{kind.replace('_', ' ')} {result.bonus_counts[:, k].mean():.4f}"
            for k, kind in enumerate(BONUS_KINDS)
        ),
        f"payout split: base points {base.mean():.2f} + bonus points {bonus.mean():.2f} "
        f"({share:.1%} of the mean score from bonuses); standard error of the mean "
        f"{m['std'] / max(1, result.n) ** 0.5:.2f}",
    ]
    return "\n".join(lines)


# ---------------------------------------------------------------- the hint's lookahead


@numba.njit(cache=True)
def _rollout_scores(
    st: Ints,
    rollouts: int,
    seed: int,
    card_table: Ints,
    hand_table: Ints,
    multi: int,
    bias_on: bool,
    bias_start: float,
    bias_step: float,
) -> Floats:
    """scores[i, k]: the final score of greedy playout k after playing hand slot i (0 for a
    slot that cannot be played). Playout k of every slot draws from the same random stream
    (seed + k): common random numbers, so the differences between slots are measured with far
    less noise than the means themselves."""
    scores = np.zeros((4, rollouts), np.float64)
    work = np.empty_like(st)
    for i in range(4):
        if not _playable(st, i):
            continue
        for k in range(rollouts):
            np.random.seed(seed + k)
            work[:] = st
            _play(work, i, hand_table, bias_on, bias_start, bias_step)
            while work[_OVER] == 0:
                _play(work, _greedy(work), hand_table, bias_on, bias_start, bias_step)
            scores[i, k] = _score(work, card_table, multi)
    return scores


def state_of(game: Game) -> np.ndarray:
    """The kernel's state array for a position of the rules engine."""
    st = np.zeros(_SIZE, np.int64)
    for i, card in enumerate(game.hand_ids):
        st[_H + i] = -1 if card is None else card
    st[_LAST] = -1 if game.last_id is None else game.last_id
    st[_LAP] = game.lap
    st[_PLAYED] = game.played
    st[_TOTAL] = game.total_played
    st[_BONUS] = game.bonus_points
    st[_OVER] = int(game.over)
    for k, count in enumerate(bonus_counts(game)):
        st[_COUNT + k] = count
    st[_STOCK] = sum(1 << c for c, there in enumerate(game.in_stock) if there)
    st[_NSTOCK] = sum(game.in_stock)
    return st


def rollout_scores(game: Game, rollouts: int, seed: int = 0) -> np.ndarray:
    """scores[slot - 1, k]: greedy playout k's final score after playing `slot` (the same
    playouts as policies.rollout_values, in the numba kernel, playout k of every slot drawing
    from seed + k)."""
    s = game.settings
    return _rollout_scores(
        state_of(game),
        rollouts,
        seed,
        *_kernel_settings(s),
    )


HINT_FIRST = 1_000  # playouts per card in the first round of the hint (about 50 ms for 4)
HINT_MOST = 16_000  # at most this many per card, while the time allows
HINT_SECONDS = 0.2  # the hint answers within this (a round is not started that would not end)
HINT_CLOSE = 0.5  # two cards whose means differ less than this are as good as each other


def hint_slot(game: Game, seed: int = 0) -> int | None:
    """The card the hint recommends: the highest mean of greedy playouts after it.

    Playouts share their random draws between the cards (common random numbers), so the gap
    between two cards is measured by the mean of paired differences. After HINT_FIRST
    playouts per card, more are played (doubling, up to HINT_MOST, while the answer stays
    within HINT_SECONDS) while some card is neither clearly behind the leader (2.5 standard
    errors) nor as good as it (HINT_CLOSE).
    """
    slots = legal_slots(game)
    if game.over or not slots:
        return None
    if len(slots) == 1:
        return slots[0]
    start = time.perf_counter()
    n = HINT_FIRST
    scores = rollout_scores(game, n, seed)
    while True:
        means = {slot: float(scores[slot - 1].mean()) for slot in slots}
        leader = max(slots, key=lambda slot: (means[slot], -slot))
        unsettled = False
        for slot in slots:
            if slot == leader:
                continue
            gaps = scores[leader - 1] - scores[slot - 1]
            gap = float(gaps.mean())
            error = float(gaps.std(ddof=1)) / n**0.5
            if gap < 2.5 * error and gap > HINT_CLOSE:
                unsettled = True
        spent = time.perf_counter() - start
        # the next round plays as many playouts as all before it: about as long again
        if not unsettled or n >= HINT_MOST or spent * 2 > HINT_SECONDS:
            return leader
        more = min(HINT_MOST, n * 2) - n  # the next playouts, drawing from seed + n onwards
        scores = np.concatenate([scores, rollout_scores(game, more, seed + n)], axis=1)
        n += more


def warm_up() -> None:
    """Compile (or load from numba's cache) the hint's kernel, so the first H is quick."""
    hint_slot(Game.new(seed=0), seed=0)
