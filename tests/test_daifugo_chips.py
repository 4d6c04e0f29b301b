"""Daifugō chips, the [daifugo] config section and the command-line options."""

from __future__ import annotations

import json

import pytest

from bingo.config import ConfigError
from eventkit.errors import UserError
from eventkit.tomlconf import speaking
from games.daifugo.app import resolve
from games.daifugo.chips import ROOMS, ChipBank, fee, leave_penalty, room, settle
from games.daifugo.ruleset import Title
from games.daifugo.settings import DaifugoSettings, parse_settings

D, F, H, P, DP = Title.DAIFUGO, Title.FUGO, Title.HEIMIN, Title.HINMIN, Title.DAIHINMIN


def test_rooms_and_fees_by_rank_as_the_seed():
    assert [r.stake for r in ROOMS.values()] == [100, 1_000, 10_000]
    assert room("初級").stake == 100 and room("中級ルーム").stake == 1_000
    assert room("advanced").stake == 10_000
    with pytest.raises(UserError, match="choose beginner, intermediate or advanced"):
        room("vip")
    for r in ROOMS.values():
        base = r.stake
        assert [fee(r, t) for t in (D, F, H, P, DP)] == [
            2 * base,
            base * 5 // 4,
            base,
            base // 2,
            base // 4,
        ]
    assert [fee(room("beginner"), t) for t in (D, F, H, P, DP)] == [200, 125, 100, 50, 25]


def test_winner_takes_the_pot_less_two_percent():
    s = settle(room("intermediate"), (D, F, H, P, DP), places=[3, 0, 1, 2, 4])
    assert s.fees == (2000, 1250, 1000, 500, 250)
    assert s.pot == 5000 and s.play_fee == 100 and s.prize == 4900
    assert s.winner == 3
    assert s.deltas == (-2000, -1250, -1000, 4400, -250)
    assert sum(s.deltas) == -s.play_fee


def test_leaving_mid_game_costs_the_base_fee():
    assert [leave_penalty(r) for r in ROOMS.values()] == [100, 1_000, 10_000]


def test_balances_persist_across_runs(tmp_path):
    path = tmp_path / "chips.json"
    bank = ChipBank(path, start=5000)
    assert bank.balance("あなた") == 5000
    s = settle(room("beginner"), (H, H, H), places=[0, 1, 2])
    bank.apply(["あなた", "CPU1", "CPU2"], s)
    bank.save()
    again = ChipBank(path, start=5000)
    assert again.balance("あなた") == 5000 + 294 - 100
    assert again.balance("CPU1") == 4900
    assert json.loads(path.read_text(encoding="utf-8"))["balances"]["CPU2"] == 4900
    # Default location: the user's data folder (a private one in tests).
    ChipBank().save()
    from eventkit.paths import user_data_dir

    assert (user_data_dir() / "daifugo_chips.json").exists()


def test_top_up_and_damaged_file(tmp_path):
    path = tmp_path / "chips.json"
    bank = ChipBank(path, start=1000)
    bank.add("x", -950)
    assert bank.top_up("x", 200) and bank.balance("x") == 1000
    assert not bank.top_up("x", 200)
    bank.save()
    path.write_text("{not json", encoding="utf-8")
    restored = ChipBank(path, start=1000)  # from its good copy (tests/test_daifugo_chips_file.py)
    assert restored.notice and restored.balance("x") == 1000


def test_settings_defaults_and_validation():
    assert parse_settings({}) == DaifugoSettings()
    s = parse_settings(
        {"players": 3, "rule_set": 4, "room": "上級", "cpu_levels": ["strong"], "seed": "42"}
    )
    assert (s.players, s.rule_set, s.room, s.seed) == (3, 4, "advanced", 42)
    assert s.level_of(0) == "strong" and s.level_of(3) == "strong"
    bad = [
        ({"players": 6}, "daifugo.players = 6 is out of range: use 2..5"),
        ({"rule_set": 0}, "out of range: use 1..4"),
        ({"room": "vip"}, "choose beginner, intermediate or advanced"),
        ({"cpu_levels": ["genius"]}, "use easy, normal or strong"),
        ({"cpu_levels": "normal"}, "must be a list of"),
        ({"colour": 1}, "unknown key 'colour'"),
        ({"seed": "abc"}, "whole number"),
        ({"choose_at_start": "yes"}, "must be"),
    ]
    for table, message in bad:
        pattern = message.replace("(", r"\(").replace(")", r"\)")
        with speaking("en"), pytest.raises(ConfigError, match=pattern):  # the English lines
            parse_settings(table)


def test_shipped_config_section_parses(repo_root):
    import tomllib

    data = tomllib.loads((repo_root / "config.toml").read_text(encoding="utf-8"))
    assert parse_settings(data["daifugo"]) == DaifugoSettings()


def test_command_line_options_override_the_config(tmp_path):
    cfg = tmp_path / "config.toml"
    cfg.write_text('[event]\nlanguage = "en"\n[daifugo]\nplayers = 4\nrule_set = 2\n')
    s, language, _ = resolve(["--config", str(cfg)])
    assert (s.players, s.rule_set, language) == (4, 2, "en")
    s, language, _ = resolve(
        [
            "--config",
            str(cfg),
            "--players",
            "3",
            "--rule-set",
            "4",
            "--room",
            "中級",
            "--cpu",
            "easy,strong",
            "--delay-ms",
            "0",
            "--seed",
            "9",
            "--no-setup",
            "--language",
            "ja",
        ]
    )
    assert (s.players, s.rule_set, s.room, s.cpu_levels) == (
        3,
        4,
        "intermediate",
        ("easy", "strong"),
    )
    assert (s.cpu_delay_ms, s.seed, s.choose_at_start, language) == (0, 9, False, "ja")
    with pytest.raises(UserError, match="use easy, normal or strong"):  # the config's English
        resolve(["--config", str(cfg), "--cpu", "hard"])
    cfg.write_text("[daifugo]\nplayers = 9\n")
    with pytest.raises(ConfigError, match="daifugo.players"):
        resolve(["--config", str(cfg)])


def test_games_cli_reports_config_errors(tmp_path, capsys):
    from games.cli import main

    cfg = tmp_path / "config.toml"
    cfg.write_text("[daifugo]\nroom = 'vip'\n")
    assert main(["daifugo", "--config", str(cfg)]) == 1
    assert "daifugo.room" in capsys.readouterr().err
