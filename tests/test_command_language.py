"""Issue 41 item 7: one language. Every command refuses in the config's language: `bingo serve`
and `games serve` refused in English while `bingo draw` refused in Japanese. Each command runs
with a Japanese config (and an English one) and a mistake; its one line is in that language,
its label too (エラー / error)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from bingo.cli import main as bingo
from games.cli import main as games

ROOT = Path(__file__).resolve().parent.parent


def _japanese(text: str) -> bool:
    return any(ord(ch) > 0x3000 for ch in text)


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port another program holds (listening, so the commands' bind fails)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        yield taken.getsockname()[1]


def _config(tmp_path: Path, language: str) -> Path:
    text = (ROOT / "config.toml").read_text(encoding="utf-8")
    text = text.replace('language = "ja"', f'language = "{language}"', 1)
    text = text.replace('image_dir = "img"', f'image_dir = "{(ROOT / "img").as_posix()}"', 1)
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    assert f'language = "{language}"' in text
    return path


def _one_line(capsys, language: str, notes_wanted: int = 0) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    notes = [x for x in err if x.startswith(("お知らせ: ", "note: "))]
    assert all(x.startswith("お知らせ: ") == (language == "ja") for x in notes), notes
    said = [x for x in notes if "public_url" in x]
    assert len(said) == notes_wanted and all(_japanese(x[5:]) == (language == "ja") for x in said)
    err = [x for x in err if x not in notes]
    assert len(err) == 1, err
    line = err[0]
    label = "エラー: " if language == "ja" else "error: "
    assert line.startswith(label), line
    assert _japanese(line[len(label) :]) == (language == "ja"), line
    assert "Traceback" not in line
    return line


@pytest.mark.parametrize("language", ["ja", "en"])
def test_bingo_serve_says_a_taken_port_in_the_events_language(
    tmp_path, capsys, taken_port, language
):
    config = _config(tmp_path, language)
    text = config.read_text(encoding="utf-8")  # and a public_url no phone reaches: a note
    config.write_text(
        text.replace('public_url = ""', 'public_url = "http://127.0.0.1:8080"', 1), "utf-8"
    )
    journal = tmp_path / "night.jsonl"
    code = bingo(
        ["serve", "--config", str(config), "--journal", str(journal), "--port", str(taken_port)]
        + ["--bind", "127.0.0.1"]
    )
    assert code == 3
    line = _one_line(capsys, language, notes_wanted=1)
    assert str(taken_port) in line and "web.port" in line


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--port", "80"], ["--port 80"]),
        (["--bind", "lan"], ["--bind 'lan'"]),
        (["--bind", "192.0.2.77"], ["192.0.2.77", "web.bind"]),
        (["--journal", "{tmp}"], ["--journal"]),
    ],
    ids=["port option", "bind option", "address not here", "journal folder"],
)
def test_bingo_serve_refuses_in_the_events_language(tmp_path, capsys, language, args, words):
    config = _config(tmp_path, language)
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    if "--journal" not in args:
        args += ["--journal", str(tmp_path / "night.jsonl")]
    assert bingo(["serve", "--config", str(config), "--port", "0", *args]) == 1
    line = _one_line(capsys, language)
    assert all(word in line for word in words), line


@pytest.mark.parametrize("language", ["ja", "en"])
def test_bingo_draw_refuses_its_options_in_the_events_language(tmp_path, capsys, language):
    config = _config(tmp_path, language)
    assert bingo(["draw", "--config", str(config), "--auto", "0.1"]) == 1
    assert "--auto 0.1" in _one_line(capsys, language)


def _games_config(tmp_path: Path, language: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(
        f'[event]\nlanguage = "{language}"\n[games_web]\ndaifugo_rooms = ["beginner"]\n',
        encoding="utf-8",
    )
    return path


def _games_serve(config: Path, tmp_path: Path, *args: str) -> int:
    return games(
        ["serve", "--no-window", "--config", str(config), "--bind", "127.0.0.1"]
        + ["--data-dir", str(tmp_path / "data"), *args]
    )


@pytest.mark.parametrize("language", ["ja", "en"])
def test_games_serve_says_a_taken_port_in_the_events_language(
    tmp_path, capsys, taken_port, language
):
    config = _games_config(tmp_path, language)
    assert _games_serve(config, tmp_path, "--port", str(taken_port)) == 3
    line = _one_line(capsys, language)
    assert str(taken_port) in line and "games_web.port" in line


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--port", "80"], ["--port 80"]),
        (["--port", "0", "--turn-seconds", "999"], ["--turn-seconds 999"]),
        (["--port", "0", "--bind", "192.0.2.77"], ["192.0.2.77", "games_web.bind"]),
    ],
    ids=["port option", "turn seconds", "address not here"],
)
def test_games_serve_refuses_in_the_events_language(tmp_path, capsys, language, args, words):
    config = _games_config(tmp_path, language)
    args = [a for a in args]
    if "--bind" in args:  # the address is the test's, not the helper's 127.0.0.1
        where = args.index("--bind")
        bind = args[where + 1]
        del args[where : where + 2]
        code = games(
            ["serve", "--no-window", "--config", str(config), "--bind", bind]
            + ["--data-dir", str(tmp_path / "data"), *args]
        )
    else:
        code = _games_serve(config, tmp_path, *args)
    assert code == 1
    line = _one_line(capsys, language)
    assert all(word in line for word in words), line


def test_the_data_folder_refusal_is_in_the_events_language(tmp_path, capsys):
    config = _games_config(tmp_path, "ja")
    (tmp_path / "data").write_text("a file where the folder goes", encoding="utf-8")
    assert _games_serve(config, tmp_path, "--port", "0") == 1
    assert "games_web.data_dir" in _one_line(capsys, "ja")
