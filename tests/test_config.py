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


SIZE_LINE = SHIPPED.splitlines().index("size = 4") + 1  # where the shipped file has it


def replace(old: str, new: str) -> str:
    assert old in SHIPPED, old
    return SHIPPED.replace(old, new, 1)


# each bad file -> what its one line names in Japanese (the default) and in English
# (event.language = "en"); the message is said in the file's language even when the mistake
# is elsewhere in the file
BAD_CONFIGS = {
    "unknown key": (
        replace("threshold = 4", "threshold = 4\nthreshhold = 5"),
        "知らないキー 'threshhold'",
        "unknown key 'threshhold'",
    ),
    "wrong type": (
        replace("size = 4", 'size = "four"'),
        'board.size = "four" は整数',
        "board.size",
    ),
    "out of range": (replace("size = 4", "size = 12"), "3〜10", "3..10"),
    "names vs size": (
        replace('names = ["P", "L", "B", "4"]', 'names = ["P", "L", "B", "4", "Y", "O"]'),
        "6 個の名前がありますが、盤は 4 列",
        "6 names for a 4-wide board",
    ),
    "bad colour": (replace('"#ff4b5c"', '"reddish"'), "columns.fill[0]", "columns.fill[0]"),
    "missing image folder": (
        replace('image_dir = "img"', 'image_dir = "pictures"'),
        "pictures がありません",
        "pictures does not exist",
    ),
    # a file that does not read has no language but the default; its line and column said
    "toml syntax": (
        replace("size = 4", "size = = 4"),
        f"{SIZE_LINE} 行 8 列目",
        f"{SIZE_LINE} 行 8 列目",
    ),
    "unknown section": (SHIPPED + "\n[sound]\nvolume = 3\n", "知らない節", "unknown section"),
    "free centre on even board": (
        replace("free_center = false", "free_center = true"),
        "奇数",
        "odd",
    ),
    "page size": (
        replace('page_size = "A4"', 'page_size = "A5"'),
        'cards.page_size = "A5" には対応していません',
        'cards.page_size = "A5" is not supported',
    ),
    "number colours": (
        replace("number_colors = []", "number_colors = [0, 9, 1, 2]"),
        "0〜3",
        "0..3",
    ),
}
LABEL = {"ja": "設定エラー: ", "en": "config error: "}


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("name", sorted(BAD_CONFIGS))
def test_bad_config_names_the_problem(tmp_path, name, language, capsys):
    text, *expected_in = BAD_CONFIGS[name]
    if language == "en":
        text = text.replace('language = "ja"', 'language = "en"')
    expected = dict(zip(("ja", "en"), expected_in, strict=True))[language]
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    message = str(info.value)
    assert expected in message and "\n" not in message
    if name == "toml syntax":
        language = "ja"
    assert bingo_main(["check-config", "--config", str(path)]) == 1
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err
    assert err.startswith(LABEL[language]), err


def test_bad_language_is_said_in_japanese(tmp_path, capsys):
    """event.language itself wrong: the default language says so, and names the fix."""
    path = write(tmp_path, replace('language = "ja"', 'language = "fr"'))
    with pytest.raises(ConfigError, match='event.language = "fr" には対応していません。"ja" か'):
        load_config(path)
    assert bingo_main(["check-config", "--config", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith('設定エラー: event.language = "fr" には対応していません'), err


def test_missing_config_file(tmp_path, capsys):
    assert bingo_main(["check-config", "--config", str(tmp_path / "nope.toml")]) == 1
    err = capsys.readouterr().err
    assert "--config" in err and "が見つかりません" in err  # no file: no language but the default


def test_check_config_prints_summary(capsys):
    assert bingo_main(["check-config", "--config", str(ROOT / "config.toml")]) == 0
    out = capsys.readouterr().out
    assert "4x4" in out and "絵: 40/40 個" in out and out.endswith("設定 OK\n")
    assert "確率: この盤は正確に計算できます" in out and "config" not in out.replace(
        "config.toml", ""
    )


def test_check_config_speaks_english_when_configured(tmp_path, capsys):
    path = write(tmp_path, replace('language = "ja"', 'language = "en"'))
    assert bingo_main(["check-config", "--config", str(path)]) == 0
    out = capsys.readouterr().out
    assert "images: 40/40 found" in out and out.endswith("config OK\n")
    assert "odds: exact" in out and not any(
        "\u3000" <= c <= "\u9fff" for c in out.split("event:")[0]
    )


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
    assert "確率: 出せません。board.threshold = 6" in capsys.readouterr().out
    english = text.replace('language = "ja"', 'language = "en"')
    assert bingo_main(["check-config", "--config", str(write(tmp_path, english))]) == 0
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
    assert "設定 OK" in proc.stdout
