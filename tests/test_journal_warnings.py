"""Resume warnings carry codes, a second copy of the show stays off the projector, and
check-config reports a missing image folder without inventing other problems."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
from pathlib import Path

import pytest

from bingo import journal as journal_module
from bingo.config import load_config
from bingo.journal import (
    GENESIS,
    HEAD_MISSING,
    OLD_FORMAT,
    REHEARSAL_OFF_SEED,
    TORN_LINE,
    JournalError,
    JournalWarning,
    head_path,
    read_journal,
)
from bingo.session import DrawSession
from bingo.ui.texts import EN, JA, texts

ROOT = Path(__file__).resolve().parent.parent
RAISING = ("journal.py", "journal_lock.py", "session.py", "ui/command.py")
CODES = [
    value
    for name, value in vars(journal_module).items()
    if name.isupper()
    and isinstance(value, str)
    and name not in ("GENESIS",)
    and f"warn_{value}" in {**JA, **EN}
]


@pytest.fixture
def config():
    return load_config(ROOT / "config.toml")


def journal_with_draws(config, path: Path, n: int = 3, seed: int | None = 7) -> None:
    session = DrawSession.open(config, path, seed=seed)
    for _ in range(n):
        session.draw()
    session.close()


def codes(warnings) -> list[str]:
    return [w.code for w in warnings]


def test_every_warning_code_has_a_text_in_both_languages():
    assert set(CODES) >= {TORN_LINE, OLD_FORMAT, HEAD_MISSING, REHEARSAL_OFF_SEED}
    for code in CODES:
        assert f"warn_{code}" in JA and f"warn_{code}" in EN, code


def test_every_coded_error_and_warning_raised_has_a_text_in_both_languages():
    """The one convention: an error names its text by `code` (the entry `code`), a warning by
    `code` (the entry `warn_<code>`); a code raised without a text would show English."""
    import re

    sources = "".join((ROOT / "bingo" / name).read_text() for name in RAISING)
    errors = set(re.findall(r'code="([a-z_]+)"', sources)) | {JournalError.code}
    assert {"journal_tampered", "journal_shortened", "seed_mismatch", "manual_already"} <= errors
    for code in errors:
        assert code in JA and code in EN, code
    warned = set(re.findall(r"(?:_warn\(\s*state,|JournalWarning\()\s*([A-Z_]+)", sources))
    assert {"TORN_LINE", "PREVIOUS_FINISHED", "JOURNAL_CONTINUED"} <= warned
    for name in warned:
        assert getattr(journal_module, name) in CODES, name


def test_journal_errors_have_no_second_set_of_names():
    error = JournalError("broken", code="journal_damaged", path="/x")
    assert (error.code, error.params) == ("journal_damaged", {"detail": "broken", "path": "/x"})
    assert not hasattr(error, "key") and not hasattr(error, "values")
    assert texts("en").coded(error) == EN["journal_damaged"]


def test_a_torn_line_and_a_missing_head_are_told_apart(tmp_path, config):
    torn = tmp_path / "torn.jsonl"
    journal_with_draws(config, torn)
    with torn.open("ab") as f:
        f.write(b'{"type":"draw","seq":4,"num')
    state = read_journal(torn)
    assert codes(state.warnings) == [TORN_LINE]
    assert state.warnings[0].params == {"n": 3}

    headless = tmp_path / "headless.jsonl"
    journal_with_draws(config, headless)
    head_path(headless).unlink()
    state = read_journal(headless)
    assert codes(state.warnings) == [HEAD_MISSING]
    assert isinstance(state.warnings[0], JournalWarning)
    assert "がない" in str(state.warnings[0])  # str(): the text for logs, in the language


def test_the_resume_banner_says_damaged_only_for_a_torn_line(tmp_path, config, qtbot):
    from bingo.ui.display import DisplayWindow

    headless = tmp_path / "headless.jsonl"
    journal_with_draws(config, headless, seed=None)
    head_path(headless).unlink()
    session = DrawSession.open(config, headless)
    assert codes(session.warnings) == [HEAD_MISSING]
    window = DisplayWindow(session, config, odds_mode="thread")
    qtbot.addWidget(window)
    strings = texts("ja")
    assert window.resume_text(session) == strings("resumed", n=3)  # no "last line damaged"
    # the host hears of it, in the show's language (Japanese by default)
    assert window.warnings == [strings.coded(session.warnings[0], "warn_")]
    assert "がありません" in window.warnings[0]
    window.close()
    session.close()

    torn = tmp_path / "torn.jsonl"
    journal_with_draws(config, torn, seed=None)
    with torn.open("ab") as f:
        f.write(b'{"type":"dr')
    session = DrawSession.open(config, torn)
    window = DisplayWindow(session, config, odds_mode="thread")
    qtbot.addWidget(window)
    assert codes(session.warnings) == [TORN_LINE]
    assert window.resume_text(session).endswith(strings("torn_line"))
    window.close()
    session.close()


def test_an_old_journal_and_an_off_seed_rehearsal_have_their_codes(tmp_path, config):
    old = tmp_path / "old.jsonl"
    prev, lines = GENESIS, []
    for body in (
        {
            "type": "start",
            "version": 1,
            "title": "old",
            "seed": 5,
            "board": {"size": 4, "numbers_per_column": 10, "free_center": False},
        },
        {"type": "draw", "seq": 1, "number": 17},  # not what seed 5 draws first
    ):
        body = {**body, "time": "2025-01-01T00:00:00.000+00:00", "prev": prev}
        canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        prev = hashlib.sha256((prev + canonical).encode()).hexdigest()
        lines.append(json.dumps({**body, "hash": prev}, separators=(",", ":")))
    old.write_text("\n".join(lines) + "\n")
    session = DrawSession.open(config, old, seed=5)
    assert set(codes(session.warnings)) == {OLD_FORMAT, REHEARSAL_OFF_SEED}
    en = texts("en")
    said = [en.coded(w, "warn_") for w in session.warnings]
    assert any("seed 5" in t for t in said)
    session.close()


def test_a_second_copy_of_the_show_says_it_on_the_terminal_not_in_a_dialog(
    tmp_path, config, monkeypatch, capsys
):
    from bingo.ui import command

    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal)
    dialogs: list[str] = []
    monkeypatch.setattr(command, "_error_dialog", dialogs.append)
    args = argparse.Namespace(
        config=str(ROOT / "config.toml"),
        journal=str(journal),
        new=False,
        seed=None,
        auto=None,
        registry=None,
        operator=False,
        windowed=True,
        serve=False,
        verify_journal=None,
    )
    try:
        assert command.run(args) == 1
    finally:
        first.close()
    assert dialogs == []  # nothing over the running show on the projector
    assert "すでに実行中" in capsys.readouterr().err


def test_check_config_with_only_the_image_folder_missing_reports_just_that(tmp_path):
    from bingo.checkconfig import check_file

    path = tmp_path / "config.toml"
    names = ", ".join(f'"{c}"' for c in "ABCDEFGHIJ")
    path.write_text(
        '[event]\ntitle = "x"\n[board]\nsize = 10\nnumbers_per_column = 15\n'
        f'image_dir = "no-such-folder"\n[columns]\nnames = [{names}]\n',
        encoding="utf-8",
    )
    report = check_file(path)
    assert len(report.problems) == 1, report.problems
    assert "image_dir" in report.problems[0] and "がありません" in report.problems[0]  # ja


def test_the_journal_error_follows_the_code_and_params_convention(tmp_path, config):
    from bingo.journal_lock import JournalBusy

    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal)
    try:
        with pytest.raises(JournalBusy) as caught:
            DrawSession.open(config, journal)
    finally:
        first.close()
    assert caught.value.code == "already_running"
    assert caught.value.params["path"] == str(journal)
    assert os.path.exists(journal)
