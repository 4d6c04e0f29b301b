"""Issue 35 item 8: the package on its own. Installed from its wheel, `bingo` runs in a folder with
no config.toml on the built-in settings (bingo/defaults/: the shipped config.toml and sample
images, as package data); `bingo init [DIR]` writes an editable copy and never overwrites;
check-config says which file it read."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest

from bingo import builtin
from bingo.cli import main
from bingo.config import load_config

ROOT = Path(__file__).resolve().parent.parent


def test_the_built_in_copy_is_the_shipped_config_and_images():
    assert builtin.BUILTIN_CONFIG.read_bytes() == (ROOT / "config.toml").read_bytes(), (
        "bingo/defaults/config.toml differs from config.toml: copy it over"
    )
    shipped = {p.name: p.read_bytes() for p in (ROOT / "img").glob("*.png")}
    packaged = {p.name: p.read_bytes() for p in builtin.BUILTIN_IMAGES.glob("*.png")}
    assert shipped and packaged == shipped


def test_the_wheel_carries_every_built_in_file():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["bingo"]
    files = [p.relative_to(ROOT / "bingo").as_posix() for p in builtin.BUILTIN_DIR.rglob("*")]
    missing = [f for f in files if Path(ROOT / "bingo" / f).is_file()]
    missing = [f for f in missing if not any(fnmatch.fnmatch(f, pat) for pat in patterns)]
    assert missing == []


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
