"""`bingo check-config` checks the whole file in one run: every section (the games' through the
registry of section checkers), the journal folder and file name, one line per problem."""

from __future__ import annotations

import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bingo.cli import main as bingo_main
from eventkit.tomlconf import (
    ConfigError,
    check_sections,
    declared_sections,
    register_section,
    section_checkers,
    speaking,
)

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = (ROOT / "config.toml").read_text(encoding="utf-8")


def edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def write(folder: Path, text: str, *, bom: bool = False, language: str = "en") -> Path:
    """The file with event.language = `language` (these tests read the English lines; the
    Japanese ones: tests/test_config.py, tests/test_config_language.py)."""
    text = text.replace('language = "ja"', f'language = "{language}"', 1)
    path = folder / "config.toml"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8"))
    shutil.copytree(ROOT / "img", folder / "img", dirs_exist_ok=True)
    return path


def check(path: Path, capsys) -> tuple[int, list[str], str]:
    code = bingo_main(["check-config", "--config", str(path)])
    out, err = capsys.readouterr()
    errors = [
        line for line in err.splitlines() if line.startswith(("config error: ", "設定エラー: "))
    ]
    return code, errors, out


def test_every_mistake_is_reported_in_one_run(tmp_path, capsys):
    (tmp_path / "journal-file").write_text("not a folder")
    text = edit(SHIPPED, 'seed = ""', 'seed = "--5"')
    text = edit(text, "size = 4", 'size = "4"')
    text = edit(text, 'journal_dir = ""', 'journal_dir = "journal-file"')
    text = edit(text, 'title = "ぷよ橋ビンゴ大会"', f'title = "{"ぷ" * 90}"')
    text = edit(text, "[schwimmen]\n", '[schwimmen]\nspeeed = 3\nplayers = "4"\n')
    text = text.replace("\nplayers = 4\n", "\n", 1)  # the shipped value would be a duplicate key
    text = edit(text, "[daifugo]\n", '[daifugo]\nseed = "²"\n')
    text = edit(text, '\nseed = ""\n', "\n")  # [daifugo]'s own, now a duplicate
    code, errors, out = check(write(tmp_path, text, bom=True), capsys)
    assert code == 1 and "config OK" not in out
    expected = [
        'event.seed = "--5"',
        'board.size = "4" must be a whole number',
        "[schwimmen] has an unknown key 'speeed'",
        'schwimmen.players = "4"',
        'daifugo.seed = "²"',
        "is a file, not a folder",
    ]
    for part in expected:
        assert sum(part in line for line in errors) == 1, (part, errors)
    # the journal is named after config.toml's folder and the board, so a long title is fine
    assert not any("title" in line for line in errors), errors
    assert len(errors) == len(expected), errors


def test_a_byte_order_mark_is_accepted(tmp_path, capsys):
    code, errors, out = check(write(tmp_path, SHIPPED, bom=True), capsys)
    assert (code, errors) == (0, []) and "config OK" in out


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 5000 + "]" * 5000,
        "[schwimmen]\nrules = " + "{a = " * 2000 + "1" + "}" * 2000,
    ],
    ids=["lists", "inline tables"],
)
def test_deeply_nested_toml_is_a_clean_error(tmp_path, capsys, text):
    code, errors, _ = check(write(tmp_path, text), capsys)
    # a file that does not read is told in the default language, Japanese
    assert code == 1 and len(errors) == 1 and "入れ子が深すぎて読めません" in errors[0], errors


def test_a_rehearsal_seed_is_a_warning_not_an_error(tmp_path, capsys):
    code, errors, out = check(write(tmp_path, edit(SHIPPED, 'seed = ""', "seed = 7")), capsys)
    assert code == 0 and errors == []
    assert "warning: event.seed = 7 is set" in out and "not a secure draw" in out


def test_a_journal_folder_that_cannot_be_created(tmp_path, capsys):
    (tmp_path / "blocker").write_text("x")
    text = edit(SHIPPED, 'journal_dir = ""', 'journal_dir = "blocker/journals"')
    code, errors, _ = check(write(tmp_path, text), capsys)
    assert code == 1 and len(errors) == 1
    assert "cannot be created" in errors[0] and "blocker is a file" in errors[0]


def test_a_read_only_journal_folder_for_an_unprivileged_user(nobody):
    folder = Path(tempfile.mkdtemp(prefix="checkcfg-"))
    try:
        folder.chmod(0o755)
        path = write(folder, edit(SHIPPED, 'journal_dir = ""', 'journal_dir = "journals"'))
        (folder / "journals").mkdir(mode=0o755)  # root's: nobody may read, not write
        for p in folder.rglob("*"):
            p.chmod(p.stat().st_mode | stat.S_IROTH | (stat.S_IXOTH if p.is_dir() else 0))
        proc = nobody.run(
            ["-m", "bingo", "check-config", "--config", str(path)],
            cwd=folder,
            env={"PUYO_EVENT_DATA_DIR": str(folder)},
        )
    finally:
        shutil.rmtree(folder)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "journals is not writable for this user" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_game_sections_come_from_the_registry_not_from_bingo():
    assert set(declared_sections()) >= {"schwimmen", "cool24", "daifugo"}
    source = (ROOT / "bingo" / "config.py").read_text(encoding="utf-8")
    assert not any(game in source for game in ("schwimmen", "cool24", "daifugo"))


def test_a_registered_checker_checks_its_section(monkeypatch):
    def check_quiz(table, base_dir):
        if table.get("rounds", 1) < 1:
            raise ConfigError(f"quiz.rounds = {table['rounds']} must be at least 1")

    monkeypatch.setattr("eventkit.tomlconf._CHECKERS", {})
    register_section("quiz", check_quiz)
    checkers = section_checkers()
    assert "quiz" in checkers and "schwimmen" in checkers
    with speaking("en"):
        problems = check_sections(
            {"quiz": {"rounds": 0}, "schwimmen": {"players": 99}}, ROOT, checkers
        )
    assert sorted(problems) == [
        "quiz.rounds = 0 must be at least 1",
        "schwimmen.players = 99 is out of range: use 2..9",
    ]


@pytest.mark.process
def test_games_never_import_bingo():
    script = (
        "import sys\n"
        "import games.cli, games.menu, games.cool24.app, games.daifugo.app, games.schwimmen.app\n"
        "print(sorted(m for m in sys.modules if m == 'bingo' or m.startswith('bingo.')))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-600:]
    assert proc.stdout.strip() == "[]"


def test_sound_without_qtmultimedia_is_a_warning(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", None)  # as without PySide6-Addons
    code, errors, out = check(write(tmp_path, SHIPPED), capsys)
    assert code == 0 and errors == [] and "config OK" in out
    assert "warning: display.sound = true, but QtMultimedia" in out and "--sound" in out
    quiet = edit(SHIPPED, "sound = true", "sound = false")
    code, _, out = check(write(tmp_path, quiet), capsys)
    assert code == 0 and "QtMultimedia" not in out


@pytest.mark.process
def test_eventkit_imports_none_of_bingo_cards_games():
    script = (
        "import sys\n"
        "import eventkit.errors, eventkit.paths, eventkit.tomlconf, eventkit.qtruntime\n"
        "eventkit.tomlconf.declared_sections()\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'bingo', 'cards', 'games'}))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-600:]
    assert proc.stdout.strip() == "[]"
