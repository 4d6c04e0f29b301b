"""Fuzzer: `bingo` and `games` command lines built from their real options and awkward values,
run in-process. Each run returns an exit code or raises SystemExit (argparse); any other
exception is a bug (issue 19). Windows are created offscreen but never run: the event loop and
modal dialogs return at once. Bounded and derandomized: the same examples every run.

Not fuzzed here: `bingo draw --journal/--verify-journal` (the journal's own tests cover those)
and registries (the registry tests do)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QDialog

from bingo.cli import main as bingo_main
from games.cli import main as games_main

ROOT = Path(__file__).resolve().parent.parent

NUMBERS = ["0", "1", "2", "3", "4", "5", "-1", "-7", "x", "", "1e3", "0x10", "²", "٣", "3.5",
           "99999999999999999999", "-99999999999999999999", " 4 ", "nan"]  # fmt: skip
LISTS = ["1,0,0,0", "-1,0,0,0", ",", "", "1,,2", "4,4,4,4", "a,b", "0,0,0,0,0", "1, 2, 3, 0"]

BINGO = {
    "prob": {
        "--size": ["3", "4", "5", "2", "11", "-3", "x", ""],
        "--per-column": ["3", "5", "10", "1", "-1", "x"],
        "--threshold": NUMBERS,
        "--cards": NUMBERS,
        "--drawn": LISTS,
        "--samples": NUMBERS,
        "--seed": NUMBERS,
        "--free-center": None,
        "--no-free-center": None,
        "--csv": None,
    },
    "cards": {
        "--count": ["1", "2", "3", "0", "-1", "x", "", "2.5"],
        "--seed": NUMBERS,
        "--first-serial": NUMBERS,
        "--per-page": NUMBERS,
        "--page": ["A4", "A3", "B5", "B5-ISO", "Letter", "a4", "Z9", ""],
        "--bleed": NUMBERS,
        "--images": None,
        "--no-images": None,
        "--qr": None,
        "--no-qr": None,
    },
    "draw": {
        "--seed": NUMBERS,
        "--auto": NUMBERS,
        "--registry": ["missing.csv", ".", ""],
        "--operator": None,
        "--windowed": None,
        "--new": None,
    },
    "check-config": {},
}
GAMES = {
    "daifugo": {
        "--players": NUMBERS,
        "--rule-set": NUMBERS,
        "--room": ["beginner", "初級", "上級ルーム", "casino", ""],
        "--cpu": ["easy", "normal,strong", ",", "", "hard", " , "],
        "--delay-ms": NUMBERS,
        "--seed": NUMBERS,
        "--language": ["ja", "en", "de"],
        "--no-setup": None,
    },
    "schwimmen": {
        "--rules": ["standard", "house", "x"],
        "--level": ["easy", "normal", "strong", "x"],
        "--players": NUMBERS,
        "--seed": NUMBERS,
        "--language": ["ja", "en", "x"],
        "--no-dialog": None,
        "--fast": None,
    },
    "cool24": {
        "--simulate": ["0", "-1", "x", "100000000000", ""],
        "--policy": ["random", "greedy", "best", "x"],
        "--seed": NUMBERS,
        "--rollouts": NUMBERS,
        "--plot": ["out.png"],
        "--window": None,
    },
}
JUNK = ["--config", "--", "-", "-h", "--nope", "extra", "--seed=", "--size=-1"]


@st.composite
def command_lines(draw, table: dict[str, dict[str, list[str] | None]]) -> list[str]:
    command = draw(st.sampled_from(sorted(table)))
    argv = [command]
    options = table[command]
    for _ in range(draw(st.integers(0, 4))):
        if not options or draw(st.integers(0, 9)) == 0:
            argv.append(draw(st.sampled_from(JUNK)))
            continue
        option = draw(st.sampled_from(sorted(options)))
        values = options[option]
        if values is None:
            argv.append(option)
        elif draw(st.booleans()):
            argv += [option, draw(st.sampled_from(values))]
        else:
            argv.append(f"{option}={draw(st.sampled_from(values))}")
    return argv


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz-cli")
    config = (ROOT / "config.toml").read_text(encoding="utf-8")
    (path / "config.toml").write_text(config, encoding="utf-8")
    (path / "img").symlink_to(ROOT / "img")
    return path


@pytest.fixture
def no_event_loop(qapp, monkeypatch):
    """Windows may be built (offscreen) but nothing waits for a person."""
    monkeypatch.setattr(QApplication, "exec", lambda *args: 0)
    monkeypatch.setattr(QDialog, "exec", lambda *args: 0)
    yield
    _close_windows()


def _run(main, argv: list[str]) -> int:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse: usage errors (2) and --help (0)
        code = exc.code
    assert isinstance(code, int), f"{argv}: exit code {code!r}"
    _close_windows()
    return code


def _close_windows() -> None:
    """What the end of the process would do: no window (or its timers) outlives its run."""
    for widget in QApplication.topLevelWidgets():
        widget.close()
        widget.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


FUZZ = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@FUZZ
@given(argv=command_lines(BINGO))
@example(argv=["prob", "--size", "6", "--samples", "1000000000"])  # once MemoryError
@example(argv=["prob", "--seed", "-1"])
@example(argv=["prob", "--drawn", "-1,0,0,0"])
def test_bingo_command_lines(workdir, monkeypatch, no_event_loop, capsys, argv):
    monkeypatch.chdir(workdir)
    # the show itself is tested by test_ui_display; here everything up to opening it
    monkeypatch.setattr("bingo.ui.command._exec", lambda *args: 0)
    if argv[0] == "cards":
        argv = [*argv, "--out", str(workdir / "out" / "cards.pdf")]
        (workdir / "out").mkdir(exist_ok=True)
    _run(bingo_main, argv)
    assert "Traceback" not in capsys.readouterr().err


@FUZZ
@given(argv=command_lines(GAMES))
@example(argv=["daifugo", "--cpu", ","])  # once IndexError
@example(argv=["daifugo", "--cpu", ",", "--no-setup"])
@example(argv=["cool24", "--simulate", "100000000000"])  # once MemoryError
def test_games_command_lines(workdir, monkeypatch, no_event_loop, capsys, argv):
    monkeypatch.chdir(workdir)
    _run(games_main, argv)
    assert "Traceback" not in capsys.readouterr().err
