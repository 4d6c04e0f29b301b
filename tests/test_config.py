"""config.toml loading: the shipped file, and each kind of bad file gives one clear line."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bingo.cli import main as bingo_main
from bingo.config import ConfigError, load_config

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = (ROOT / "config.toml").read_text(encoding="utf-8")


def test_shipped_config_loads_with_defaults():
    config = load_config(ROOT / "config.toml")
    assert config.board.size == 4 and config.board.numbers_per_column == 10
    assert config.columns.names == ("P", "L", "B", "4")
    assert config.event.language == "ja" and config.event.seed is None
    assert config.board.total_numbers == 40
    assert config.board.column_of(11) == 1
    assert list(config.board.numbers_of_column(3)) == list(range(31, 41))
    # the image of the i-th number of a column: <column name><i>.png, all shipped
    assert config.image_path(13).name == "L3.png"
    assert all(config.image_path(n) for n in range(1, 41))
    assert config.text_color_of(25) == config.columns.fill[2]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    shutil.copytree(ROOT / "img", tmp_path / "img", dirs_exist_ok=True)
    return path


def replace(old: str, new: str) -> str:
    assert old in SHIPPED, old
    return SHIPPED.replace(old, new, 1)


BAD_CONFIGS = {
    "unknown key": (replace("threshold = 4", "threshold = 4\nthreshhold = 5"), "threshhold"),
    "wrong type": (replace("size = 4", 'size = "four"'), "board.size"),
    "out of range": (replace("size = 4", "size = 12"), "3..10"),
    "names vs size": (
        replace('names = ["P", "L", "B", "4"]', 'names = ["P", "L", "B", "4", "Y", "O"]'),
        "6 names for a 4-wide board",
    ),
    "bad colour": (replace('"#ff4b5c"', '"reddish"'), "columns.fill[0]"),
    "missing image folder": (replace('image_dir = "img"', 'image_dir = "pictures"'), "pictures"),
    "toml syntax": (replace("size = 4", "size = = 4"), "line"),
    "language": (replace('language = "ja"', 'language = "fr"'), "event.language"),
    "unknown section": (SHIPPED + "\n[sound]\nvolume = 3\n", "sound"),
    "free centre on even board": (replace("free_center = false", "free_center = true"), "odd"),
    "page size": (replace('page_size = "A4"', 'page_size = "A5"'), "cards.page_size"),
    "number colours": (replace("number_colors = []", "number_colors = [0, 9, 1, 2]"), "0..3"),
}


@pytest.mark.parametrize("name", sorted(BAD_CONFIGS))
def test_bad_config_names_the_problem(tmp_path, name, capsys):
    text, expected = BAD_CONFIGS[name]
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    message = str(info.value)
    assert expected in message and "\n" not in message
    assert bingo_main(["check-config", "--config", str(path)]) == 1
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err


def test_missing_config_file(tmp_path, capsys):
    assert bingo_main(["check-config", "--config", str(tmp_path / "nope.toml")]) == 1
    assert "--config" in capsys.readouterr().err


def test_check_config_prints_summary(capsys):
    assert bingo_main(["check-config", "--config", str(ROOT / "config.toml")]) == 0
    out = capsys.readouterr().out
    assert "4x4" in out and "40/40" in out and "config OK" in out
    assert "odds: exact" in out


def test_check_config_says_when_odds_are_not_available(tmp_path, capsys):
    text = (
        SHIPPED.replace("size = 4", "size = 10")
        .replace("threshold = 4", "threshold = 6")
        .replace('names = ["P", "L", "B", "4"]', "# names")
        .replace("outline = [", "# outline = [")
        .replace("fill = [", "# fill = [")
        .replace("shadow = [", "# shadow = [")
        .replace("per_page = 4", "per_page = 2")  # 10x10 at 4 a page: 7.9 pt, refused (34.5)
    )
    assert bingo_main(["check-config", "--config", str(write(tmp_path, text))]) == 0
    assert "odds: not available: board.threshold = 6" in capsys.readouterr().out


def test_larger_board_gets_default_names_and_colours(tmp_path):
    path = write(
        tmp_path,
        SHIPPED.replace("size = 4", "size = 6")
        .replace('names = ["P", "L", "B", "4"]', 'names = ["P", "L", "B", "4", "Y", "O"]')
        .replace("outline = [", "# outline = [")
        .replace("fill = [", "# fill = [")
        .replace("shadow = [", "# shadow = ["),
    )
    config = load_config(path)
    assert len(config.columns.fill) == 6 and config.board.total_numbers == 60
    assert config.image_path(55) is None  # no O5 image shipped: the display draws a plain cell


@pytest.mark.process
def test_python_dash_m_bingo_works():
    proc = subprocess.run(
        [sys.executable, "-m", "bingo", "check-config"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "config OK" in proc.stdout
