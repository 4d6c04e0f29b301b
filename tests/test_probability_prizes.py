"""The prize curves (P(at least k of N cards have a bingo) by draw, the expected k-th bingo):
against brute force on small boards, against whole simulated events on a sampled board, and
`bingo prob --prizes` / `bingo plan` output, JSON shape, ordering and one-line refusals."""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
from math import comb

import numpy as np
import probability_brute as _brute
import pytest
from numba import njit
from test_probability import _deal_card, _largest_group

from bingo import probability as prob
from bingo.cli import main
from bingo.probability import _prizes
from bingo.probability._model import weight_table
from bingo.probability.plan import Board, plan, variants


def _tail(p: float, cards: int, k: int) -> float:
    """P(Binomial(cards, p) >= k), summed term by term."""
    return sum(comb(cards, j) * p**j * (1 - p) ** (cards - j) for j in range(k, cards + 1))


# ------------------------------------------------------------------ the binomial tails


@pytest.mark.parametrize("p", [0.0, 1e-12, 1e-4, 0.03, 0.5, 0.97, 1 - 1e-9, 1.0])
def test_binomial_tails_match_the_sum(p):
    tails = _prizes.binomial_tails(np.array([p]), 40, 6)[:, 0]
    for k in range(1, 7):
        assert tails[k - 1] == pytest.approx(_tail(p, 40, k), rel=1e-9, abs=1e-14)


def test_every_card_may_be_a_prize():
    tails = _prizes.binomial_tails(np.array([0.2, 0.999999]), 5, 5)
    for k in range(1, 6):
        assert tails[k - 1, 0] == pytest.approx(_tail(0.2, 5, k), abs=1e-14)
        assert tails[k - 1, 1] == pytest.approx(_tail(0.999999, 5, k), abs=1e-12)


# ------------------------------------------------------------------ brute force, small boards


@njit(cache=True)
def _bingo_fraction_by_subset(n, m, threshold, free, cards_cells):
    """fraction[s] = share of the cards with a bingo when the drawn numbers are the bit set s
    (number c * m + i is bit c * m + i); cards_cells[q, c * n + r] = the number in cell (r, c),
    -1 for the free centre."""
    n_numbers = n * m
    out = np.zeros(1 << n_numbers)
    for s in range(1 << n_numbers):
        hits = 0
        for q in range(cards_cells.shape[0]):
            pattern = np.int64(0)
            for cell in range(n * n):
                number = cards_cells[q, cell]
                if number < 0 or (s >> number) & 1:
                    pattern |= np.int64(1) << cell
            if _brute.has_bingo(pattern, n, threshold):
                hits += 1
        out[s] = hits / cards_cells.shape[0]
    return out


def _all_cards(n: int, m: int, free: bool) -> np.ndarray:
    """Every card: column c holds n (n - 1 at a free centre) distinct numbers of its m, in
    every row order."""
    columns = []
    for c in range(n):
        rows = n - 1 if free and c == n // 2 else n
        choices = []
        for numbers in itertools.permutations(range(c * m, (c + 1) * m), rows):
            cells = list(numbers)
            if rows < n:
                cells.insert(n // 2, -1)
            choices.append(cells)
        columns.append(choices)
    cards = [[cell for column in card for cell in column] for card in itertools.product(*columns)]
    return np.array(cards, np.int64)


@pytest.mark.parametrize(
    ("n", "m", "threshold", "free", "cards", "prizes"),
    [(3, 3, 3, False, 4, 4), (3, 4, 3, True, 6, 3), (3, 4, 4, False, 3, 2)],
)
def test_whole_enumeration_of_draws_and_cards(n, m, threshold, free, cards, prizes):
    """Every drawn set of every size and every card, counted: the at-least-k curve."""
    fraction = _bingo_fraction_by_subset(n, m, threshold, free, _all_cards(n, m, free))
    sizes = np.array([bin(s).count("1") for s in range(1 << (n * m))])
    curves = prob.prize_curves(cards, prizes, n, m, threshold, free)
    assert curves.exact and curves.samples == 0
    for t in range(n * m + 1):
        subsets = fraction[sizes == t]
        for k in range(1, prizes + 1):
            brute = np.mean([_tail(float(p), cards, k) for p in subsets])
            assert curves.p_at_least[k - 1, t] == pytest.approx(brute, abs=1e-12), (t, k)
    brute_expected = [
        sum(
            1 - np.mean([_tail(float(p), cards, k) for p in fraction[sizes == t]])
            for t in range(n * m)
        )
        for k in range(1, prizes + 1)
    ]
    np.testing.assert_allclose(curves.expected, brute_expected, atol=1e-10)


@pytest.mark.parametrize(("n", "m", "threshold", "free"), [(4, 4, 4, False), (3, 5, 4, True)])
def test_count_vectors_with_brute_force_patterns(n, m, threshold, free):
    """The sum over count vectors, each p(d) from every marked-cell pattern (probability_brute),
    with hypergeometric weights and binomial tails summed term by term."""
    cards, prizes = 9, 4
    centre_row = n // 2 if free else -1
    total = n * m
    expected = np.zeros((prizes, total + 1))
    for d in itertools.product(range(m + 1), repeat=n):
        p = _brute.bingo_probability(n, threshold, weight_table(d, n, m, free), centre_row)
        weight = math.prod(comb(m, x) for x in d) / comb(total, sum(d))
        for k in range(1, prizes + 1):
            expected[k - 1, sum(d)] += weight * _tail(p, cards, k)
    curves = prob.prize_curves(cards, prizes, n, m, threshold, free)
    np.testing.assert_allclose(curves.p_at_least, expected, atol=1e-12)


def test_first_prize_is_the_first_bingo_curve():
    for n, m, threshold, free, cards in [(4, 10, 4, False, 60), (5, 9, 4, True, 30)]:
        curves = prob.prize_curves(cards, 3, n, m, threshold, free)
        first = prob.first_bingo_curve(cards, n, m, threshold, free)
        np.testing.assert_allclose(curves.p_at_least[0], first.p_any, atol=1e-12)
        assert curves.expected[0] == pytest.approx(first.expected_first_bingo, abs=1e-9)
        # a later prize comes later: at every draw, and on average
        assert np.all(np.diff(curves.p_at_least, axis=0) <= 1e-15)
        assert np.all(np.diff(curves.expected) > 0.3)
        assert np.all(curves.p_at_least[:, -1] == pytest.approx(1.0))


def test_no_bingo_possible_means_never():
    curves = prob.prize_curves(10, 2, 3, 3, 10)  # 10 connected cells on 9
    assert not curves.p_at_least.any() and np.all(np.isinf(curves.expected))
    assert curves.to_json()["prizes"][1]["expected_ball"] is None


# ------------------------------------------------------------------ whole events, sampled board


@njit(cache=True)
def _prize_draws(n, m, threshold, free, cards, prizes, events, seed):
    """draws[e, k - 1]: the draw of the k-th bingo among `cards` random cards, `events` events."""
    np.random.seed(seed)
    column_numbers = np.arange(n * m).reshape((n, m))
    times = np.empty(n * m, np.int64)
    grid = np.zeros((n, n), np.bool_)
    out = np.empty((events, prizes), np.int64)
    bingo_at = np.empty(cards, np.int64)
    for e in range(events):
        order = np.random.permutation(n * m)
        for pos in range(n * m):
            times[order[pos]] = pos + 1
        for q in range(cards):
            cell_time = _deal_card(n, m, free, times, column_numbers)
            lo, hi = 0, n * m  # every number drawn: a bingo (threshold <= cells)
            while hi - lo > 1:
                mid = (lo + hi) // 2
                for r in range(n):
                    for c in range(n):
                        grid[r, c] = cell_time[r, c] <= mid
                if _largest_group(grid, n) >= threshold:
                    hi = mid
                else:
                    lo = mid
            bingo_at[q] = hi
        bingo_at.sort()
        out[e] = bingo_at[:prizes]
    return out


@pytest.mark.slow
def test_sampled_prize_curves_against_whole_events():
    """8x8 (sampled): simulated events agree within 4 standard errors plus the stated error."""
    n, m, threshold, cards, prizes, events = 8, 10, 4, 12, 3, 2000
    curves = prob.prize_curves(cards, prizes, n, m, threshold, samples=100, seed=5)
    assert not curves.exact and curves.samples == 100
    assert 0 < curves.max_error < 0.1 and np.all(curves.expected_error < 0.5)
    draws = _prize_draws(n, m, threshold, False, cards, prizes, events, 17)
    for k in range(1, prizes + 1):
        for t in range(n * m + 1):
            p = curves.p_at_least[k - 1, t]
            empirical = np.mean(draws[:, k - 1] <= t)
            sigma = math.sqrt(max(p * (1 - p), 1e-12) / events)
            assert abs(empirical - p) <= 4 * sigma + curves.error[k - 1, t] + 1e-9, (k, t)
        sd = draws[:, k - 1].std() / math.sqrt(events)
        assert abs(draws[:, k - 1].mean() - curves.expected[k - 1]) <= (
            4 * sd + curves.expected_error[k - 1]
        ), k


def test_exact_prize_curves_against_whole_events():
    n, m, threshold, cards, prizes, events = 4, 8, 4, 15, 3, 3000
    curves = prob.prize_curves(cards, prizes, n, m, threshold)
    draws = _prize_draws(n, m, threshold, False, cards, prizes, events, 23)
    for k in range(1, prizes + 1):
        sd = draws[:, k - 1].std() / math.sqrt(events)
        assert abs(draws[:, k - 1].mean() - curves.expected[k - 1]) <= 4 * sd, k


def test_bad_prize_arguments():
    with pytest.raises(ValueError, match="prizes must be 1..10"):
        prob.prize_curves(10, 0, 4, 10)
    with pytest.raises(ValueError, match="prizes must be 1..10"):
        prob.prize_curves(10, 11, 4, 10)
    with pytest.raises(ValueError, match="prizes must be an integer"):
        prob.prize_curves(10, 2.5, 4, 10)  # type: ignore[arg-type]


# ------------------------------------------------------------------ bingo prob --prizes


@pytest.fixture
def config_path(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        '[event]\nlanguage = "en"\ncards_in_play = 30\n'
        "[board]\nsize = 4\nnumbers_per_column = 6\nthreshold = 4\n",
        encoding="utf-8",
    )
    return str(path)


def test_prizes_table(config_path, capsys):
    assert main(["prob", "--config", config_path, "--prizes", "3"]) == 0
    out = capsys.readouterr().out
    curves = prob.prize_curves(30, 3, 4, 6, 4)
    assert "3 prizes: the chance that at least k cards have a bingo" in out
    assert out.splitlines()[2].split() == ["draws", "k>=1", "k>=2", "k>=3"]
    for k in range(1, 4):
        assert f"bingo no. {k} on average at draw {curves.expected[k - 1]:.2f}\n" in out
    assert "(exact)" in out


def test_prizes_json_shape(config_path, capsys):
    assert main(["prob", "--config", config_path, "--prizes", "2", "--cards", "8", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    curves = prob.prize_curves(8, 2, 4, 6, 4)
    assert [p["k"] for p in out["prizes"]] == [1, 2]
    for p in out["prizes"]:
        assert len(p["p_by_ball"]) == 25 and p["p_by_ball"][0] == 0.0
        assert p["p_by_ball"][-1] == pytest.approx(1.0)
        assert p["expected_ball"] == pytest.approx(curves.expected[p["k"] - 1])
        assert p["p_by_ball"] == pytest.approx(list(curves.p_at_least[p["k"] - 1]))
    assert out["board"] == {
        "size": 4, "numbers_per_column": 6, "threshold": 4, "free_center": False
    }  # fmt: skip
    assert out["cards"] == 8 and out["exact"] is True


def test_prizes_sampled_json_states_errors(config_path, capsys):
    args = ["prob", "--config", config_path, "--size", "7", "--per-column", "7", "--cards", "9"]
    assert main([*args, "--prizes", "2", "--samples", "30", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] is False and out["samples"] == 30
    assert all(p["expected_ball_error"] > 0 for p in out["prizes"])
    assert all(len(p["error_by_ball"]) == 50 for p in out["prizes"])


def test_prizes_csv(config_path, capsys):
    assert main(["prob", "--config", config_path, "--prizes", "2", "--csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "draws,p_at_least_1,p_at_least_2,error_1,error_2"
    assert len(lines) == 1 + 25


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (["--prizes", "0"], "--prizes 0: give 1 or more"),
        (["--prizes", "31"], "--prizes 31 is more than the 30 cards in play"),
        (["--prizes", "x"], "--prizes must be a whole number"),
        (["--prizes", "2", "--drawn", "1,1,1,1"], "--prizes does not go with --drawn"),
        (["--json"], "--json goes with --registry"),
    ],
)
def test_bad_prize_options_give_one_line(config_path, capsys, extra, needle):
    assert main(["prob", "--config", config_path, *extra]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0]


# ------------------------------------------------------------------ bingo plan


@pytest.mark.slow
def test_variants_cover_the_neighbourhood():
    small = variants(4, 10, 4, False)
    assert len(small) >= 50 and Board(4, 10, 4, False) in small
    assert {b.size for b in small} == {3, 4, 5, 6} and {b.threshold for b in small} == {3, 4, 5}
    assert all(b.free_center is False for b in small if b.size % 2 == 0)
    assert any(b.free_center for b in small if b.size == 5)
    big = variants(10, 15, 4, False)
    assert len(big) >= 50 and Board(10, 15, 4, False) in big
    assert {b.size for b in big} == {7, 8, 9, 10}
    assert all(b.threshold <= 4 for b in big if b.size == 10)


@pytest.mark.slow
def test_plan_orders_by_the_target():
    result = plan(10, 2, Board(4, 6, 4, False))
    rows = result.rows
    assert len(rows) >= 50 and sum(r.configured for r in rows) == 1
    own = next(r for r in rows if r.configured)
    assert result.target == own.first
    distances = [round(abs(r.first - result.target), 2) for r in rows]
    assert distances == sorted(distances)
    assert all(r.last > r.first for r in rows)
    later = plan(10, 2, Board(4, 6, 4, False), first=12.0)
    distances = [abs(r.first - 12.0) for r in later.rows]
    assert distances[0] == pytest.approx(min(distances), abs=0.01)
    assert {r.board for r in later.rows} == {r.board for r in rows}


def test_plan_command_text_and_json(config_path, capsys):
    assert main(["plan", "--config", config_path, "--cards", "10", "--prizes", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("10 cards, 2 prizes: first bingo wanted at draw ")
    assert "bingo no. 2" in out and "<- configured" in out
    assert main(["plan", "--config", config_path, "--cards", "10", "--prizes", "2",
                 "--first", "9", "--json"]) == 0  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert data["target_first"] == 9.0 and len(data["variants"]) >= 50
    firsts = [abs(v["expected_first"] - 9.0) for v in data["variants"]]
    assert all(b - a > -0.01 for a, b in zip(firsts, firsts[1:], strict=False))
    assert sum(v["configured"] for v in data["variants"]) == 1


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (["--prizes", "0"], "--prizes 0: give 1 or more"),
        (["--prizes", "11", "--cards", "10"], "--prizes 11 is more than the 10 cards in play"),
        (["--first", "soon"], "--first must be a draw number"),
        (["--first", "0"], "--first 0: give a draw from 1 to 24"),
        (["--size", "11"], "--size 11 is out of range: use 3..10"),
        (
            ["--threshold", "30", "--size", "8", "--per-column", "9"],
            "above what the odds engine handles",
        ),
    ],
)
def test_bad_plan_options_give_one_line(config_path, capsys, extra, needle):
    assert main(["plan", "--config", config_path, *extra]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0]


@pytest.mark.process
def test_the_command_line_does_not_load_the_plan():
    """`bingo draw` starts through the same parser: the plan module stays unloaded."""
    code = (
        "import sys; from bingo.cli import build_parser; build_parser(); "
        "print('bingo.probability.plan' in sys.modules, 'numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)  # fmt: skip
    assert out.stdout.split() == ["False", "False"]
