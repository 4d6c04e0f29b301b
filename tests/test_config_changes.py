"""config.toml saved during the evening (issue 41 item 4): the Qt-free part, bingo.config_changes.
What changed, when each change can apply, the running settings with the live ones, the files'
stamps (a save by rename too), a mistake with its line and fix, a picture's content version."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from bingo.config import load_config
from bingo.config_changes import (
    LIVE,
    NEXT,
    NEXT_GAME,
    NOW,
    RESTART,
    Watched,
    apply_live,
    apply_next_game,
    compare,
    describe,
    picture_version,
    read_saved,
    settings_of,
)


@pytest.fixture
def event(tmp_path, repo_root) -> Path:
    shutil.copy(repo_root / "config.toml", tmp_path / "config.toml")
    shutil.copytree(repo_root / "img", tmp_path / "img")
    return tmp_path / "config.toml"


def save(path: Path, old: str, new: str) -> None:
    """As an editor saves: the whole file anew, renamed over the old one (test_config_live's
    saves too)."""
    text = path.read_text("utf-8")
    assert old in text, old
    fresh = path.with_name("." + path.name + ".swp")
    fresh.write_text(text.replace(old, new, 1), "utf-8")
    os.replace(fresh, path)


def test_every_setting_the_show_reads_has_a_time_to_apply(event):
    keys = set(settings_of(load_config(event)))
    assert LIVE <= keys and NEXT_GAME <= keys  # no name there that the config does not have
    assert not LIVE & NEXT_GAME


def test_colours_apply_now_the_threshold_at_the_next_game_language_at_a_restart(event):
    running = load_config(event)
    save(event, 'fill = ["#ff4b5c"', 'fill = ["#000000"')
    save(event, "threshold = 4", "threshold = 3")
    save(event, 'language = "ja"', 'language = "en"')
    saved = load_config(event)
    got = compare(running, saved)
    when = {c.key: c.when for c in got.changes}
    assert when["columns.fill"] == NOW
    assert when["board.threshold"] == NEXT
    assert when["event.language"] == RESTART
    assert got.live and not got.pictures
    live = apply_live(running, saved)
    assert live.columns.fill[0] == "#000000"
    assert live.board.threshold == 4 and live.event.language == "ja"  # the game under way as it is
    following = apply_next_game(running, saved)
    assert following.board.threshold == 3 and following.columns.fill[0] == "#000000"
    assert following.event.language == "ja"  # only a new start changes the language
    lines = describe(got, "en")
    assert any("board.threshold 4 → 3" in line and "next game" in line for line in lines), lines
    assert any("event.language ja → en" in line and "starts again" in line for line in lines)
    assert any("columns.fill" in line and "applied" in line for line in lines)


def test_nothing_changed_says_nothing(event):
    running = load_config(event)
    got = compare(running, load_config(event))
    assert got.changes == () and not got.live and describe(got, "ja") == []


def test_a_save_by_rename_and_a_new_picture_are_seen(event):
    watched = Watched(event, event.parent / "img")
    assert watched.changed() == (False, False)
    save(event, 'title = "', 'title = "新 ')
    assert watched.changed() == (True, False)
    (event.parent / "img" / "extra.png").write_bytes(b"x")
    assert watched.changed() == (False, True)
    assert watched.changed() == (False, False)


def test_a_mistake_says_its_line_and_the_fix_and_gives_no_settings(event):
    save(event, "size = 4", "size = 40")
    config, problem = read_saved(event)
    line = 1 + event.read_text("utf-8").splitlines().index("size = 40")
    assert config is None
    assert (
        problem == f"config.toml の {line} 行目: board.size = 40 は範囲外です。3〜10 にしてください"
    )
    save(event, 'language = "ja"', 'language = "en"')
    config, problem = read_saved(event, "ja")  # the file as saved says its language
    assert problem == f"config.toml line {line}: board.size = 40 is out of range: use 3..10"
    save(event, "size = 40", 'size = "4')
    config, problem = read_saved(event, "en")  # a file that does not read: the show's language
    assert config is None and f"line {line}, column" in problem and "\n" not in problem
    config, problem = read_saved(event, "ja")
    assert config is None and f"{line} 行" in problem and "\n" not in problem


def test_a_pictures_version_follows_its_bytes(tmp_path):
    picture = tmp_path / "P1.png"
    picture.write_bytes(b"one")
    cache: dict = {}
    first = picture_version(picture, cache=cache)
    assert first == picture_version(picture, cache=cache)
    picture.write_bytes(b"two")
    second = picture_version(picture, cache=cache)
    assert second != first
    picture.write_bytes(b"one")
    os.utime(picture, ns=(1, 1))
    assert picture_version(picture, cache=cache) == first  # the bytes, not the time
    assert picture_version(None) is None and picture_version(tmp_path / "none.png") is None


def test_a_board_of_another_size_takes_its_names_and_colours_to_the_next_game(event):
    running = load_config(event)
    text = event.read_text("utf-8")
    names_line = next(line for line in text.splitlines() if line.startswith("names ="))
    save(event, "size = 4", "size = 5")
    save(event, names_line, 'names = ["P", "L", "B", "4", "X"]')
    for key in ("fill", "outline", "shadow"):
        line = next(x for x in event.read_text("utf-8").splitlines() if x.startswith(f"{key} ="))
        save(event, line, line.replace('"]', '", "#123456"]'))
    saved = load_config(event)
    got = compare(running, saved)
    when = {c.key: c.when for c in got.changes}
    assert when["board.size"] == NEXT and when["columns.names"] == NEXT
    assert when["columns.fill"] == NEXT  # five colours for a game of four columns: later
    live = apply_live(running, saved)
    assert live.columns.fill == running.columns.fill and live.board.size == 4
    following = apply_next_game(running, saved)
    assert following.board.size == 5 and len(following.columns.names) == 5
    assert len(following.columns.fill) == 5
