"""Issue 35 item 8: the package on its own. Installed from its wheel, `bingo` runs in a folder with
no config.toml on the built-in settings (bingo/defaults/: the shipped config.toml and sample
images, as package data); `bingo init [DIR]` writes an editable copy and never overwrites;
check-config says which file it read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bingo import builtin
from bingo.cli import main
from bingo.config import load_config

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_carries_the_shipped_config_and_images(tmp_path):
    """setup.py's build step copies config.toml and img/ into the wheel's bingo/defaults/ (one
    config.toml in the repository: no second copy to keep in step)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("toolkit_setup", ROOT / "setup.py")
    setup_py = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_py)  # not __main__: defines the hook, builds nothing
    target = setup_py.copy_defaults(tmp_path)
    assert (target / "config.toml").read_bytes() == (ROOT / "config.toml").read_bytes()
    shipped = {p.name: p.read_bytes() for p in (ROOT / "img").glob("*.png")}
    packaged = {p.name: p.read_bytes() for p in (target / "img").glob("*.png")}
    assert shipped and packaged == shipped
    assert builtin.BUILTIN_CONFIG == ROOT / "config.toml"  # a checkout reads its own


def test_with_no_config_toml_here_the_built_in_settings_are_read(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    config = load_config()
    assert config.path == builtin.BUILTIN_CONFIG
    assert config.image_path(1) is not None  # the sample images come along
    text = builtin.BUILTIN_CONFIG.read_text(encoding="utf-8").replace(
        "ぷよ橋ビンゴ大会", "ここの大会"
    )
    (tmp_path / "config.toml").write_text(text, encoding="utf-8")
    assert load_config(check_images=False).event.title == "ここの大会"  # a folder's own file wins


def test_check_config_says_which_file_it_read(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["check-config"]) == 0
    out = capsys.readouterr().out
    assert f"config: {builtin.BUILTIN_CONFIG} (the built-in settings" in out
    assert main(["init"]) == 0
    capsys.readouterr()
    assert main(["check-config"]) == 0
    assert "config: config.toml\n" in capsys.readouterr().out


def test_a_given_config_that_is_missing_is_still_an_error(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["check-config", "--config", "event.toml"]) == 1
    assert "event.toml not found" in capsys.readouterr().err  # never the built-in instead


def test_bingo_cards_runs_in_an_empty_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["cards", "--count", "2", "--per-page", "2"]) == 0
    assert (tmp_path / "cards.pdf").stat().st_size > 0 and (tmp_path / "cards.csv").exists()


def test_init_writes_an_editable_copy_and_never_overwrites(tmp_path, capsys):
    target = tmp_path / "night"
    assert main(["init", str(target)]) == 0
    assert (target / "config.toml").read_bytes() == builtin.BUILTIN_CONFIG.read_bytes()
    assert len(list((target / "img").glob("*.png"))) == len(list(builtin.BUILTIN_IMAGES.glob("*")))
    assert load_config(target / "config.toml").image_path(1).parent == (target / "img").resolve()
    (target / "config.toml").write_text("# ours\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["init", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "never overwrites" in err
    assert (target / "config.toml").read_text(encoding="utf-8") == "# ours\n"


@pytest.mark.parametrize("present", ["config.toml", "img"])
def test_init_refuses_when_either_is_there_and_writes_nothing(tmp_path, present):
    (tmp_path / present).mkdir()
    with pytest.raises(builtin.UserError, match=present):
        builtin.init_folder(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [present]


def test_check_config_builds_a_new_boards_odds_tables_before_the_show(
    tmp_path, monkeypatch, capsys, no_tables_in_memory
):
    """Issue 35 item 7: after a board change the odds showed 計算中… for ~20 s on the first show;
    check-config now builds the board's tables and keeps them in the cache for the show."""
    from bingo.probability._tables import _cache_path

    monkeypatch.setenv("PUYO_EVENT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    assert main(["init"]) == 0
    text = (tmp_path / "config.toml").read_text(encoding="utf-8")
    text = text.replace("size = 4\n", "size = 10\n", 1).replace(
        "numbers_per_column = 10\n", "numbers_per_column = 15\n", 1
    )
    text = re.sub(r"\n\[columns\].*?(?=\n\[)", "\n", text, flags=re.S)  # their defaults
    text = re.sub(r"\nper_page = \d+\n", "\nper_page = 1\n", text, count=1)  # 10x10 cards
    (tmp_path / "config.toml").write_text(text, encoding="utf-8")
    cache = _cache_path(10, 4)
    assert cache is not None and not cache.exists()
    capsys.readouterr()
    assert main(["check-config"]) == 0
    out = capsys.readouterr().out
    assert "odds: this board's tables are ready (built in" in out
    assert cache.exists()
    assert main(["check-config"]) == 0
    assert "ready (kept from before)" in capsys.readouterr().out
