"""The numba simulator plays the same game as the pure engine (exactly, and in distribution)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from games.cool24.settings import Cool24Settings
from games.cool24.sim import format_summary, simulate, simulate_python


@pytest.mark.parametrize(("policy", "n"), [("random", 400), ("greedy", 400), ("best", 6)])
def test_kernel_replays_the_engine_game_by_game(policy, n):
    a = simulate(n, policy=policy, seed=2024, rollouts=6)
    b = simulate_python(n, policy=policy, seed=2024, rollouts=6)
    assert np.array_equal(a.scores, b.scores)
    assert np.array_equal(a.played, b.played)
    assert np.array_equal(a.bonus_counts, b.bonus_counts)
    assert a.scores.std() > 0  # games differ from each other


def test_kernel_replays_custom_tables_too():
    s = Cool24Settings(
        card_win_table=tuple(range(49)),
        hand_win_table=(5, 7, 11),
        hand_win_multi=1,
        bias_start=2.0,
        bias_step=0.05,
    )
    a = simulate(300, s, policy="greedy", seed=5)
    b = simulate_python(300, s, policy="greedy", seed=5)
    assert np.array_equal(a.scores, b.scores)


def _z_mean(x: np.ndarray, y: np.ndarray) -> float:
    return (x.mean() - y.mean()) / math.sqrt(x.var() / len(x) + y.var() / len(y))


def _z_prop(p1: float, n1: int, p2: float, n2: int) -> float:
    p = (p1 * n1 + p2 * n2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2)) or 1.0
    return (p1 - p2) / se


def test_kernel_and_engine_agree_in_distribution_on_independent_streams():
    """Different seeds, so this checks the distribution, not the shared random stream."""
    fast = simulate(40000, policy="greedy", seed=11)
    slow = simulate_python(3000, policy="greedy", seed=12)
    assert abs(_z_mean(fast.scores.astype(float), slow.scores.astype(float))) < 4
    assert abs(_z_mean(fast.played.astype(float), slow.played.astype(float))) < 4
    f, s = fast.summary(), slow.summary()
    for key in ("p_lap2", "p_straight_flush", "p_four_of_a_kind", "p_flush"):
        assert abs(_z_prop(f[key], fast.n, s[key], slow.n)) < 4, key
    # chi-square on score bins
    edges = [0, 10, 20, 30, 50, 80, 120, 200, 10**9]
    fc = np.histogram(fast.scores, edges)[0].astype(float)
    sc = np.histogram(slow.scores, edges)[0].astype(float)
    expected = fc / fc.sum() * sc.sum()
    chi2 = float(((sc - expected) ** 2 / expected).sum())
    assert chi2 < 26.1  # 7 degrees of freedom, p = 0.0005


def test_lap_two_and_bonuses_happen_and_greedy_beats_random():
    greedy = simulate(20000, policy="greedy", seed=3).summary()
    rand = simulate(20000, policy="random", seed=3).summary()
    assert 0 < greedy["p_lap2"] < 0.5 and greedy["p_flush"] > 0
    assert greedy["mean"] > rand["mean"]


def test_best_lookahead_beats_greedy():
    best = simulate(400, policy="best", seed=8, rollouts=8)
    greedy = simulate(4000, policy="greedy", seed=8)
    assert _z_mean(best.scores.astype(float), greedy.scores.astype(float)) > 2


def test_bias_and_multiplier_move_the_payout():
    base = simulate(20000, seed=4).summary()
    no_bias = simulate(20000, Cool24Settings(bias=False), seed=4).summary()
    no_multi = simulate(20000, Cool24Settings(hand_win_multi=0), seed=4).summary()
    assert no_bias["p_lap2"] < base["p_lap2"]
    assert no_multi["mean"] < base["mean"]


def test_summary_text_lists_what_a_designer_needs():
    r = simulate(2000, seed=1)
    text = format_summary(r, Cool24Settings(), "greedy")
    for needle in ("2,000 games", "mean", "p50", "p95", "P(lap 2)", "straight flush", "flush"):
        assert needle in text


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"n": 0}, "whole number 1..10,000,000"),
        ({"n": 5, "policy": "smart"}, "unknown policy"),
        ({"n": 5, "seed": -1}, "seed"),
        ({"n": 5, "rollouts": 0}, "rollouts"),
    ],
)
def test_bad_arguments(kwargs, needle):
    n = kwargs.pop("n")
    with pytest.raises(ValueError, match=needle):
        simulate(n, **kwargs)
