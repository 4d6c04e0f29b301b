"""Issue 41 item 2: which file is a number's picture, said the same by every command.

Two pictures for one number are refused by check-config, `bingo cards` and `bingo draw` with the
same one line; check-config names each missing picture with every name it looked for, a name
whose case differs, and what the board shows without it (eventkit.images.PictureFolder)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from bingo.cli import main
from bingo.config import load_config
from eventkit.images import PictureFolder, looked_for

ROOT = Path(__file__).resolve().parent.parent
STEMS = [f"{c}{i}" for c in "PLB4" for i in range(1, 11)]


def _event(tmp_path: Path, stems: list[str] = STEMS, board: str = "", language: str = "en") -> Path:
    """An event folder: the shipped config (with `board` lines added) and the host's JPEGs;
    English (these tests read the English lines; Japanese: tests/test_config_language.py)."""
    text = (ROOT / "config.toml").read_text(encoding="utf-8")
    text = text.replace('language = "ja"', f'language = "{language}"', 1)
    if board:
        text = text.replace("\nsize = 4\n", f"\n{board}", 1)
    (tmp_path / "config.toml").write_text(text, encoding="utf-8")
    folder = tmp_path / "img"
    folder.mkdir()
    for i, stem in enumerate(stems):
        Image.new("RGB", (48, 48), (5 * i, 90, 200)).save(folder / f"{stem}.jpg")
    return tmp_path / "config.toml"


def _check(config: Path, capsys) -> tuple[int, list[str], list[str]]:
    capsys.readouterr()
    code = main(["check-config", "--config", str(config)])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err.splitlines()


def test_a_deleted_picture_is_named_with_every_name_looked_for_and_the_fallback(tmp_path, capsys):
    config = _event(tmp_path, [s for s in STEMS if s != "L7"])
    code, out, _ = _check(config, capsys)
    assert code == 0
    assert f"images: 39/40 found in {(tmp_path / 'img').resolve()}" in out
    missing = [line.strip() for line in out if "missing:" in line]
    assert missing[0].startswith("missing: number 17: no L7.png / L7.jpg / L7.jpeg in ")
    assert "the number alone" in missing[-1] and len(missing) == 2


def test_a_lower_case_name_is_said_to_differ_in_case(tmp_path, capsys):
    config = _event(tmp_path, [s for s in STEMS if s != "P1"])
    shutil.copyfile(tmp_path / "img" / "P2.jpg", tmp_path / "img" / "p1.jpg")
    assert load_config(config).image_path(1) is None  # never used, on any file system
    code, out, _ = _check(config, capsys)
    assert code == 0 and "images: 39/40 found" in "\n".join(out)
    line = next(x for x in out if "missing: number 1:" in x)
    assert "p1.jpg is there, but the case differs" in line and "rename it P1.jpg" in line


def test_a_five_wide_board_with_pictures_for_four_columns_names_the_fifth(tmp_path, capsys):
    text_board = "size = 5\n"
    config = _event(tmp_path, board=text_board)
    text = config.read_text(encoding="utf-8")
    text = text.replace('names = ["P", "L", "B", "4"]', 'names = ["P", "L", "B", "4", "Y"]')
    for key, colour in (("outline", "#333333"), ("fill", "#999999"), ("shadow", "#111111")):
        start = text.index(f"\n{key} = [") + 1
        end = text.index("]", start)
        text = text[:end] + f', "{colour}"' + text[end:]
    config.write_text(text, encoding="utf-8")
    code, out, err = _check(config, capsys)
    assert code == 0, err
    assert "images: 40/50 found" in "\n".join(out)
    named = [x.strip() for x in out if x.strip().startswith("missing: number")]
    assert [x.split(":")[1].strip() for x in named] == [f"number {n}" for n in range(41, 51)]
    assert all(looked_for(f"Y{i}") in x for i, x in enumerate(named, start=1))
    assert not any("more" in x for x in out if "missing:" in x)  # ten: all named


def test_more_than_ten_missing_are_named_up_to_ten_then_counted(tmp_path, capsys):
    config = _event(tmp_path, STEMS[:25])
    code, out, _ = _check(config, capsys)
    missing = [x.strip() for x in out if "missing:" in x]
    assert code == 0 and len(missing) == 12
    assert missing[10] == "missing: and 5 more"


def test_the_one_rule_reads_png_jpg_and_jpeg_in_any_case(tmp_path):
    for name in ("P1.PNG", "P2.jpeg", "P3.JPG", "P4.gif", "P5.png.txt"):
        Image.new("RGB", (8, 8)).save(tmp_path / name, format="PNG")
    pictures = PictureFolder.scan(tmp_path)
    assert [pictures.find(f"P{i}") for i in range(1, 6)] == [
        tmp_path / "P1.PNG",
        tmp_path / "P2.jpeg",
        tmp_path / "P3.JPG",
        None,
        None,
    ]


def _twins(tmp_path: Path) -> tuple[Path, str]:
    """An event folder where the host's P9.jpg sits beside the sample P9.png (the issue's
    folder: a host's pictures copied over what an old `bingo init` left in img/)."""
    config = _event(tmp_path)
    shutil.copyfile(ROOT / "img" / "samples" / "P9.png", tmp_path / "img" / "P9.png")
    folder = (tmp_path / "img").resolve()
    line = (
        f"config error: board.image_dir: two pictures for number 9 (P9): {folder / 'P9.png'} "
        f"and {folder / 'P9.jpg'}; remove {folder / 'P9.png'} (a sample picture), keep "
        f"{folder / 'P9.jpg'}"
    )
    return config, line


def test_check_config_refuses_two_pictures_for_one_number_naming_both(tmp_path, capsys):
    config, line = _twins(tmp_path)
    code, _, err = _check(config, capsys)
    assert code == 1 and err[0] == line and len(err) == 2


def test_two_pictures_neither_a_sample_say_to_keep_one(tmp_path, capsys):
    config = _event(tmp_path)
    Image.new("RGB", (8, 8), (1, 2, 3)).save(tmp_path / "img" / "L3.png")
    Image.new("RGB", (8, 8), (1, 2, 3)).save(tmp_path / "img" / "B2.JPEG")
    code, _, err = _check(config, capsys)
    assert code == 1
    assert "two pictures for number 13 (L3): " in err[0]
    assert "remove the one you do not want, so one picture is left for L3" in err[0]
    assert "(1 more have two pictures: B2; the same for each)" in err[0]


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize("command", ["cards", "draw"])
def test_cards_and_draw_refuse_with_the_same_line(tmp_path, capsys, monkeypatch, command):
    import os
    import subprocess
    import sys

    config, line = _twins(tmp_path)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PUYO_EVENT_DATA_DIR": str(tmp_path)}
    args = [sys.executable, "-m", "bingo", command, "--config", str(config)]
    if command == "cards":
        args += ["--count", "2", "--out", str(tmp_path / "out.pdf")]
    else:
        args += ["--windowed", "--journal", str(tmp_path / "night.journal")]
    done = subprocess.run(
        args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [line]
    assert not (tmp_path / "out.pdf").exists() and not (tmp_path / "night.journal").exists()


def test_a_settled_folder_is_read_once_and_again_after_any_change(tmp_path, monkeypatch):
    """The scan is kept while the folder's mtime stands (a lookup per number, per paint, is then
    a stat); a picture added, removed or renamed changes the mtime and is seen at once."""
    import os

    from eventkit import images

    Image.new("RGB", (8, 8)).save(tmp_path / "P1.png")
    old = 1_600_000_000
    os.utime(tmp_path, (old, old))  # settled long ago
    reads = []
    real = images._pictures_in
    monkeypatch.setattr(images, "_pictures_in", lambda f: reads.append(f) or real(f))
    first = PictureFolder.scan(tmp_path)
    assert PictureFolder.scan(tmp_path) is first and reads == [tmp_path]
    (tmp_path / "P1.png").rename(tmp_path / "P1.jpg")  # the folder's mtime moves to now
    assert PictureFolder.scan(tmp_path).find("P1") == tmp_path / "P1.jpg"
    Image.new("RGB", (8, 8)).save(tmp_path / "P2.jpeg")
    assert PictureFolder.scan(tmp_path).find("P2") == tmp_path / "P2.jpeg"


def test_bingo_serve_is_not_stopped_by_two_pictures_the_show_refuses(tmp_path):
    """The show refuses them at its start; a server the show restarts mid-evening (after a
    picture was copied in beside another) serves the same picture as the show, the first by
    extension, rather than leave the phones without a board."""
    import argparse

    from bingo.web.command import build_server
    from eventkit.tomlconf import ConfigError

    config, _ = _twins(tmp_path)
    with pytest.raises(ConfigError, match="two pictures for number 9"):
        load_config(config)
    args = argparse.Namespace(
        config=str(config), journal=str(tmp_path / "night.jsonl"), seed=None, registry=None
    )
    args.port, args.bind = 0, "127.0.0.1"
    server, _, _ = build_server(args)
    assert server.config.image_path(9) == (tmp_path / "img" / "P9.png").resolve()
