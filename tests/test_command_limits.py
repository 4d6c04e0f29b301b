"""Command-line inputs that used to crash: each now gives one line naming the option (issue 19)."""

from __future__ import annotations

import pytest

from bingo import probability as prob
from bingo.cli import glue_dash_values
from bingo.cli import main as bingo_main
from games.cli import main as games_main
from games.cool24 import sim


@pytest.fixture
def config_path(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        '[event]\nlanguage = "en"\n[board]\nsize = 4\nnumbers_per_column = 10\nthreshold = 4\n',
        encoding="utf-8",
    )
    return str(path)


def _error(capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def test_too_many_samples_names_the_largest_allowed(config_path, capsys):
    argv = ["prob", "--config", config_path, "--size", "6", "--samples", "1000000000"]
    assert bingo_main(argv) == 1
    largest = prob.max_samples(6, 10)
    assert f"the largest allowed is {largest:,}" in _error(capsys)
    # the largest value itself passes the check (the engine's own check agrees)
    with pytest.raises(ValueError, match="at most"):
        prob.first_bingo_curve(10, 6, 10, 4, samples=largest + 1)


def test_negative_seed_names_the_option(config_path, capsys):
    assert bingo_main(["prob", "--config", config_path, "--seed", "-1"]) == 1
    assert "--seed -1" in _error(capsys)


@pytest.mark.parametrize("argv", [["--drawn", "-1,0,0,0"], ["--drawn=-1,0,0,0"]])
def test_negative_drawn_reaches_its_own_check(config_path, capsys, argv):
    assert bingo_main(["prob", "--config", config_path, *argv]) == 1
    err = _error(capsys)
    assert "--drawn" in err and "-1" in err and "expected one argument" not in err


def test_drawn_with_a_negative_value_is_glued_only_to_its_option():
    assert glue_dash_values(["prob", "--drawn", "-1,0", "--csv"]) == [
        "prob",
        "--drawn=-1,0",
        "--csv",
    ]
    assert glue_dash_values(["prob", "--drawn", "--csv"]) == ["prob", "--drawn", "--csv"]
    assert glue_dash_values(["prob", "--seed", "-1"]) == ["prob", "--seed", "-1"]


def test_drawn_still_works_after_the_change(config_path, capsys):
    assert bingo_main(["prob", "--config", config_path, "--drawn", "1,0,0,0", "--csv"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("all,39,")


def test_cool24_simulate_is_capped(config_path, capsys):
    argv = ["cool24", "--config", config_path, "--simulate", "100000000000"]
    assert games_main(argv) == 1
    assert f"the largest allowed is {sim.MAX_GAMES:,}" in _error(capsys)
    with pytest.raises(ValueError, match="1..10,000,000"):
        sim.simulate(sim.MAX_GAMES + 1)


@pytest.mark.parametrize("cpu", [",", " , ,", ""])
def test_daifugo_cpu_list_without_a_level_is_refused(config_path, capsys, cpu):
    assert games_main(["daifugo", "--config", config_path, "--cpu", cpu]) == 1
    assert "--cpu" in _error(capsys)
