"""The smaller card items (issue 23 item 6, 22.11): --force keeps every file it makes stale,
errors name the file that failed, no tracebacks for odd --out values, a closed pipe or an early
Ctrl+C, no temporary files left by SIGHUP or SIGKILL, the checking sheet and cards.csv carry the
codes, and `bingo cards --code-for N` prints a card's phone code."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from test_cards_batches import (  # noqa: F401 (a fixture)
    _cards_process,
    files_in,
    held_mid_run,
    tiny_disk,
)
from test_cards_key import run_cards
from test_cards_output import write_config

from bingo import cardcode
from bingo.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def small(tmp_path) -> Path:
    return write_config(tmp_path, cards="images = false")


def test_force_keeps_the_earlier_batches_pdfs_and_append_works_again(tmp_path, small, capsys):
    assert run_cards(tmp_path, "--count", "4", "--seed", "1") == 0
    assert run_cards(tmp_path, "--count", "2", "--append") == 0
    old_batch = (tmp_path / "cards-0005-0006.pdf").read_bytes()
    assert run_cards(tmp_path, "--count", "4", "--seed", "2", "--force") == 0
    assert not (tmp_path / "cards-0005-0006.pdf").exists()  # no longer matching the registry
    (kept,) = tmp_path.glob("cards-0005-0006.backup-*.pdf")
    assert kept.read_bytes() == old_batch
    capsys.readouterr()
    assert run_cards(tmp_path, "--count", "2", "--append") == 0  # was "already exists"


def test_force_with_png_keeps_the_old_pngs(tmp_path, small):
    png = tmp_path / "png"
    assert run_cards(tmp_path, "--count", "3", "--seed", "1", "--png", str(png)) == 0
    old = (png / "card-0001.png").read_bytes()
    assert run_cards(tmp_path, "--count", "2", "--seed", "2", "--png", str(png), "--force") == 0
    assert sorted(p.name for p in png.iterdir()) == ["card-0001.png", "card-0002.png"]
    (kept,) = tmp_path.glob("png.backup-*")  # beside the folder, which holds the set alone
    assert sorted(p.name for p in kept.iterdir()) == [f"card-000{i}.png" for i in (1, 2, 3)]
    assert (kept / "card-0001.png").read_bytes() == old  # two replaced, one dropped: none lost


@pytest.mark.slow
@pytest.mark.process
def test_a_full_disk_under_png_names_the_png_folder(tmp_path, small, tiny_disk):  # noqa: F811
    out = tmp_path / "cards.pdf"
    proc = _cards_process(
        tmp_path, "--count", "3000", "--out", str(out), "--png", str(tiny_disk / "png")
    )
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 1 and err.count("\n") == 1, err
    assert f"{tiny_disk / 'png'} に PNG を書けません" in err and "No space left" in err
    assert "cards.pdf" not in err


@pytest.mark.parametrize("out", ["", "/", "."])
def test_odd_out_values_are_one_line(tmp_path, small, out, capsys):
    assert main(["cards", "--config", str(small), "--count", "2", "--out", out]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "カードのファイル名を指定してください" in err


@pytest.mark.slow
@pytest.mark.process
def test_piped_into_head_exits_0_without_a_traceback(tmp_path, small):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = f"{sys.executable} -m bingo cards --config {small} --count 2 --seed 1 | head -1"
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command}; echo status=${{PIPESTATUS[0]}} >&2"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert " を書きました（2 枚、" in done.stdout and done.stdout.count("\n") == 1  # ja
    assert "Traceback" not in done.stderr and "status=0" in done.stderr, done.stderr
    assert (tmp_path / "cards.csv").is_file()


def test_ctrl_c_while_the_commands_load_is_one_line(tmp_path, monkeypatch, capsys):
    """Ctrl+C in the first 0.3 s lands while `bingo` imports its commands (build_parser); said
    in the language of the config the command would read (none here: Japanese)."""
    import bingo.cli

    def interrupted(only=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(bingo.cli, "build_parser", interrupted)
    monkeypatch.chdir(tmp_path)
    assert bingo.cli.main(["cards"]) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Ctrl+C で止めました" in err
    english = write_config(tmp_path, language="en")
    assert bingo.cli.main(["cards", "--config", str(english)]) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "stopped by Ctrl+C" in err


@pytest.mark.slow
@pytest.mark.process
def test_closing_the_terminal_mid_run_leaves_no_temporary_files(tmp_path, small):
    proc = _cards_process(tmp_path, "--count", "300", "--seed", "1", hold=30)
    held_mid_run(proc)  # 30 of 300 cards written, blocked until we speak: it cannot finish
    assert list(tmp_path.glob(".cards.*.tmp"))
    proc.send_signal(signal.SIGHUP)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGHUP and "SIGHUP で止めました" in err
    assert [n for n in files_in(tmp_path) if n.endswith(".tmp")] == []


def test_temporary_files_a_killed_run_left_are_removed_by_the_next(tmp_path, small, capsys):
    stale = tmp_path / ".cards.pdf.0123abcd.tmp"
    stale.write_bytes(b"x" * 3_000_000)
    (tmp_path / ".cards.csv.89abcdef.tmp").write_text("serial\n")
    other = tmp_path / ".notes.0123abcd.tmp"  # not ours
    other.write_text("keep")
    assert run_cards(tmp_path, "--count", "2", "--seed", "1") == 0
    assert not stale.exists() and not (tmp_path / ".cards.csv.89abcdef.tmp").exists()
    assert other.read_text() == "keep"
    assert (
        "お知らせ: 前に止められた実行が残した一時ファイルを 2 個消しました"
        in capsys.readouterr().err
    )


def test_the_registry_and_the_checking_sheet_carry_the_codes_and_every_seed(tmp_path, small):
    assert run_cards(tmp_path, "--count", "3", "--seed", "11") == 0
    assert run_cards(tmp_path, "--count", "2", "--seed", "12", "--append") == 0
    key = cardcode.read_key_file(tmp_path / "cards.key")
    lines = (tmp_path / "cards.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0].endswith(",code")
    assert [line.rsplit(",", 1)[1] for line in lines[1:]] == [
        cardcode.card_code(key, s) for s in range(1, 6)
    ]
    text = "".join(p.extract_text() for p in pypdf.PdfReader(tmp_path / "cards-check.pdf").pages)
    for serial in range(1, 6):
        assert cardcode.card_code(key, serial) in text
    assert "1-3: 11" in text and "4-5: 12" in text  # every batch's seed, not the last one's
    assert "1 ページ" in text and "page 1" not in text  # a ja event's sheet


def test_free_is_said_in_the_events_language(tmp_path):
    for language, word in (("ja", "フリー"), ("en", "FREE")):
        folder = tmp_path / language
        folder.mkdir()
        write_config(folder, cards="images = false", language=language)
        assert run_cards(folder, "--count", "1", "--seed", "1") == 0
        assert word in pypdf.PdfReader(folder / "cards.pdf").pages[0].extract_text()


def test_a_10x10_checking_sheet_labels_its_continuation_rows(tmp_path):
    write_config(tmp_path, size=10, per_column=12, free=False, cards="images = false")
    assert run_cards(tmp_path, "--count", "2", "--seed", "1", "--per-page", "1") == 0
    text = pypdf.PdfReader(tmp_path / "cards-check.pdf").pages[0].extract_text()
    labels = [line.split()[0] for line in text.splitlines() if line.split()]
    assert any("-" in label and label.replace("-", "").isdigit() for label in labels), labels


def test_code_for_prints_a_cards_phone_code(tmp_path, small, capsys):
    assert run_cards(tmp_path, "--count", "20", "--seed", "1") == 0
    key = cardcode.read_key_file(tmp_path / "cards.key")
    capsys.readouterr()
    out = str(tmp_path / "cards.pdf")
    assert main(["cards", "--config", str(small), "--out", out, "--code-for", "13"]) == 0
    assert capsys.readouterr().out == f"No.{cardcode.card_code(key, 13)}\n"
    assert main(["cards", "--config", str(small), "--out", out, "--code-for", "99"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "にカード 99 はありません（カードは 1〜20）" in err


def test_config_toml_names_the_shipped_font(repo_root):
    text = (repo_root / "config.toml").read_text(encoding="utf-8")
    font_comment = text.split('\nfont = ""')[0].rsplit("\n", 1)[-1]
    assert "BIZ UDPGothic" in font_comment and "reportlab" not in font_comment
