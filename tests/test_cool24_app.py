"""`games cool24 ...`: the simulator command, its plot, and one-line errors."""

from __future__ import annotations

import pytest
from PIL import Image

from eventkit.errors import UserError
from games.cli import main as games_main
from games.cool24.app import main


def test_simulate_prints_the_distribution_and_plots(repo_root, tmp_path, capsys, output_dir):
    out = tmp_path / "hist.png"
    rc = main(
        [
            "--config",
            str(repo_root / "config.toml"),
            "--simulate",
            "5000",
            "--seed",
            "9",
            "--plot",
            str(out),
        ]
    )
    assert rc == 0
    text = capsys.readouterr().out
    for needle in (
        "5,000 games, policy greedy",
        "mean",
        "p5",
        "p99",
        "P(lap 2)",
        "straight flush",
        "four of a kind",
        "seed 9",
        "histogram saved",
    ):
        assert needle in text
    with Image.open(out) as img:
        assert img.size == (1200, 720)
        img.save(output_dir / "cool24_histogram.png")


def test_same_seed_same_numbers(repo_root, capsys):
    args = [
        "--config",
        str(repo_root / "config.toml"),
        "--simulate",
        "3000",
        "--seed",
        "4",
        "--policy",
        "random",
    ]
    main(args)
    first = capsys.readouterr().out.splitlines()[:6]
    main(args)
    assert capsys.readouterr().out.splitlines()[:6] == first


def test_best_policy_runs_from_the_games_command(repo_root, capsys):
    rc = games_main(
        [
            "cool24",
            "--config",
            str(repo_root / "config.toml"),
            "--simulate",
            "40",
            "--policy",
            "best",
            "--rollouts",
            "4",
            "--seed",
            "1",
        ]
    )
    assert rc == 0 and "policy best" in capsys.readouterr().out


def test_plot_needs_simulate():
    with pytest.raises(UserError, match="--plot には --simulate N が要ります"):  # ja: the default
        main(["--plot", "x.png"])


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("[cool24]\nhand_win_multi = -1\n", "cool24.hand_win_multi = -1 is out of range"),
        ("[cool24]\ncard_win_table = [1, 2]\n", "card_win_table has 2 entries"),
        ("[cool24]\nspeed = 3\n", "unknown key 'speed'"),
    ],
)
def test_bad_config_is_one_line_on_stderr(tmp_path, capsys, body, needle):
    path = tmp_path / "config.toml"
    path.write_text('[event]\nlanguage = "en"\n' + body, encoding="utf-8")  # the English lines
    rc = games_main(["cool24", "--config", str(path), "--simulate", "10"])
    err = capsys.readouterr().err
    assert rc == 1 and needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_bad_simulate_count(repo_root, capsys):
    rc = games_main(["cool24", "--config", str(repo_root / "config.toml"), "--simulate", "0"])
    assert rc == 1 and "--simulate 0" in capsys.readouterr().err


def test_without_simulate_the_qt_game_opens_with_the_config(repo_root, monkeypatch):
    import games.cool24.qt.window as ui

    calls = []
    monkeypatch.setattr(
        ui, "run_game", lambda s, seed, fullscreen: calls.append((s, seed, fullscreen)) or 0
    )
    assert main(["--config", str(repo_root / "config.toml"), "--seed", "3", "--window"]) == 0
    settings, seed, fullscreen = calls[0]
    assert seed == 3 and fullscreen is False and settings.hand_win_table == (50, 20, 10)
