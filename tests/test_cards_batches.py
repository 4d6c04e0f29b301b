"""`bingo cards` batches and output safety: --append, --force with backups, the count cap,
never replacing devices or links, file modes, and SIGTERM / Ctrl+C / a full disk in real runs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from test_cards_output import no_output_left, run_cards, write_config

from bingo.config import load_config
from cards.generate import _rank_columns, _unrank_columns, card_columns, generate_cards
from cards.registry import read_registry

ROOT = Path(__file__).resolve().parent.parent


def files_in(folder: Path) -> list[str]:
    """Every name in the folder, hidden ones included (temporary files start with a dot)."""
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def small(tmp_path) -> Path:
    """A 5x5 board without images (fast runs), in English (the refusals' English lines)."""
    return write_config(tmp_path, cards="images = false", language="en")


# ---------------------------------------------------------------- --append


def test_append_continues_serials_and_never_repeats_a_card(tmp_path, small, capsys) -> None:
    out = tmp_path / "cards.pdf"
    assert run_cards(tmp_path, "--count", "100", "--seed", "7", "--out", str(out)) == 0
    first = read_registry(tmp_path / "cards.csv")
    # the same seed again: before --append this repeated all 100 cards silently
    assert run_cards(tmp_path, "--count", "50", "--seed", "7", "--out", str(out), "--append") == 0
    assert "serials 101-150" in capsys.readouterr().out
    both = read_registry(tmp_path / "cards.csv")
    assert list(both) == list(range(1, 151))
    assert all(both[s] == first[s] for s in first)  # the printed cards are unchanged
    assert len({card.rows for card in both.values()}) == 150
    assert (tmp_path / "cards-0101-0150.pdf").is_file()
    assert out.read_bytes()  # the first batch's PDF is left alone
    batches = json.loads((tmp_path / "cards.batches.json").read_text(encoding="utf-8"))["batches"]
    assert [(b["first_serial"], b["last_serial"], b["count"], b["seed"]) for b in batches] == [
        (1, 100, 100, 7),
        (101, 150, 50, 7),
    ]
    assert (
        batches[0]["fingerprint"] == batches[1]["fingerprint"]
        and len(batches[0]["fingerprint"]) == 16
    )
    assert batches[1]["pdf"] == "cards-0101-0150.pdf" and "5x5" in batches[1]["board"]


def test_append_fills_a_small_board_exactly(tmp_path) -> None:
    """3x3 with 3 numbers per column: 216 cards exist; two batches take all, a third is refused."""
    write_config(tmp_path, size=3, per_column=3, free=False, cards="images = false")
    out = str(tmp_path / "c.pdf")
    assert run_cards(tmp_path, "--count", "200", "--seed", "1", "--out", out) == 0
    assert run_cards(tmp_path, "--count", "16", "--seed", "1", "--out", out, "--append") == 0
    cards = read_registry(tmp_path / "c.csv")
    assert len({card.rows for card in cards.values()}) == 216
    assert run_cards(tmp_path, "--count", "1", "--out", out, "--append") == 1


def test_rank_is_the_inverse_of_unrank(tmp_path) -> None:
    config = load_config(write_config(tmp_path))
    for card in generate_cards(config.board, 50, seed=3):
        columns = card_columns(card)
        assert _unrank_columns(config.board, _rank_columns(config.board, columns)) == columns


@pytest.mark.parametrize(
    ("setup", "args", "message"),
    [
        (False, ["--append"], "there is no registry"),
        (True, ["--append", "--first-serial", "500"], "leave out --first-serial"),
        (True, ["--append", "--count", "1000001"], "at most 1,000,000 cards per run"),
    ],
)
def test_append_refusals(tmp_path, small, capsys, setup, args, message) -> None:
    out = str(tmp_path / "cards.pdf")
    if setup:
        assert run_cards(tmp_path, "--count", "3", "--out", out) == 0
        capsys.readouterr()
    before = {p: p.read_bytes() for p in tmp_path.glob("cards*")}
    assert run_cards(tmp_path, "--count", "2", *args, "--out", out) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert {p: p.read_bytes() for p in tmp_path.glob("cards*")} == before


def test_append_refuses_another_board(tmp_path, small, capsys) -> None:
    out = str(tmp_path / "cards.pdf")
    assert run_cards(tmp_path, "--count", "3", "--out", out) == 0
    (tmp_path / "other").mkdir()
    other = write_config(tmp_path / "other", language="en")
    text = other.read_text(encoding="utf-8").replace("threshold = 4", "threshold = 5")
    other.write_text(text, encoding="utf-8")
    assert run_cards(tmp_path, "--count", "2", "--append", "--out", out, config=other) == 1
    assert "other board settings" in capsys.readouterr().err
    (tmp_path / "big").mkdir()
    bigger = write_config(tmp_path / "big", per_column=20, language="en")
    assert run_cards(tmp_path, "--count", "2", "--append", "--out", out, config=bigger) == 1
    assert "cannot stand in column" in capsys.readouterr().err


def test_append_to_a_registry_without_a_record(tmp_path, small) -> None:
    out = str(tmp_path / "cards.pdf")
    assert run_cards(tmp_path, "--count", "5", "--out", out) == 0
    (tmp_path / "cards.batches.json").unlink()
    assert run_cards(tmp_path, "--count", "5", "--out", out, "--append") == 0
    batches = json.loads((tmp_path / "cards.batches.json").read_text(encoding="utf-8"))["batches"]
    assert [b["count"] for b in batches] == [5, 5] and "seed unknown" in batches[0]["note"]


# ---------------------------------------------------------------- re-runs and --force


def test_rerun_is_refused_and_force_keeps_backups(tmp_path, small, capsys) -> None:
    out = str(tmp_path / "cards.pdf")
    assert run_cards(tmp_path, "--count", "4", "--seed", "1", "--out", out) == 0
    old = {name: (tmp_path / name).read_bytes() for name in files_in(tmp_path) if "cards" in name}
    key = old.pop("cards.key")  # the set's key stays: a set remade with --force keeps its codes
    assert set(old) == {"cards.pdf", "cards.csv", "cards-check.pdf", "cards.batches.json"}
    capsys.readouterr()
    assert run_cards(tmp_path, "--count", "4", "--seed", "2", "--out", out) == 1
    err = capsys.readouterr().err
    assert "cards.csv is the registry of cards already made" in err and "--force" in err
    assert {n: (tmp_path / n).read_bytes() for n in old} == old
    assert run_cards(tmp_path, "--count", "4", "--seed", "2", "--out", out, "--force") == 0
    assert "kept the old files as" in capsys.readouterr().out
    backups = [n for n in files_in(tmp_path) if ".backup-" in n]
    assert len(backups) == 4
    for name, data in old.items():
        stem, suffix = name.split(".", 1)
        (backup,) = [b for b in backups if b.startswith(stem + ".backup-") and b.endswith(suffix)]
        assert (tmp_path / backup).read_bytes() == data
    assert (tmp_path / "cards.csv").read_bytes() != old["cards.csv"]
    assert (tmp_path / "cards.key").read_bytes() == key


# ---------------------------------------------------------------- output safety


def test_count_above_the_cap_is_refused_at_once(tmp_path, small, capsys) -> None:
    assert run_cards(tmp_path, "--count", "1000001", "--out", str(tmp_path / "x.pdf")) == 1
    err = capsys.readouterr().err
    assert "--count 1000001: at most 1,000,000 cards per run" in err and err.count("\n") == 1
    assert no_output_left(tmp_path) == []


def test_a_device_is_never_replaced(tmp_path, small, capsys) -> None:
    null = Path("/dev/null")
    before = null.stat()
    assert run_cards(tmp_path, "--count", "2", "--out", str(null)) == 1
    assert run_cards(tmp_path, "--count", "2", "--out", str(null), "--force") == 1
    err = capsys.readouterr().err
    assert "is a device, not a regular file" in err and err.count("\n") == 2
    after = null.stat()
    assert (after.st_ino, after.st_rdev, after.st_mode) == (
        before.st_ino,
        before.st_rdev,
        before.st_mode,
    )
    assert not Path("/dev/null.csv").exists()


def test_symlinks_are_refused_explicitly(tmp_path, small, capsys) -> None:
    target = tmp_path / "real.pdf"
    target.write_bytes(b"keep me")
    link = tmp_path / "cards.pdf"
    link.symlink_to(target)
    assert run_cards(tmp_path, "--count", "2", "--out", str(link), "--force") == 1
    err = capsys.readouterr().err
    assert f"is a symbolic link (to {target})" in err
    assert link.is_symlink() and target.read_bytes() == b"keep me"
    (tmp_path / "other.csv").symlink_to(tmp_path / "nowhere.csv")  # a dangling link too
    assert run_cards(tmp_path, "--count", "2", "--out", str(tmp_path / "other.pdf")) == 1
    assert "symbolic link" in capsys.readouterr().err


def test_files_get_the_usual_permissions(tmp_path, small) -> None:
    old = os.umask(0o022)
    try:
        assert (
            run_cards(
                tmp_path,
                "--count",
                "2",
                "--out",
                str(tmp_path / "m.pdf"),
                "--png",
                str(tmp_path / "png"),
            )
            == 0
        )
    finally:
        os.umask(old)
    made = [tmp_path / n for n in ("m.pdf", "m.csv", "m-check.pdf", "m.batches.json")]
    made += sorted((tmp_path / "png").iterdir())
    assert len(made) == 6
    assert {oct(p.stat().st_mode & 0o777) for p in made} == {"0o644"}


# `bingo cards` as `python -m bingo cards`, but its card generator, after card `hold`, says
# "held at card N" on stdout and blocks reading stdin: the test signals a run that is provably
# mid-run (its temporary files open, cards written, more to come), not one that may have ended
HELD = """
import sys
import cards.command
from bingo.cli import main

hold, made = int(sys.argv.pop(1)), cards.command.iter_cards

def held(*args, **kwargs):
    for n, card in enumerate(made(*args, **kwargs), 1):
        yield card
        if n == hold:
            print(f"held at card {n}", flush=True)
            sys.stdin.readline()  # the test's signal lands here

cards.command.iter_cards = held
raise SystemExit(main())
"""


def _cards_process(tmp_path: Path, *args: str, hold: int | None = None) -> subprocess.Popen:
    """`bingo cards --config tmp_path/config.toml ARGS` in a process of its own; with `hold`
    it stops after that card until its stdin has a line (see HELD)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = (
        [sys.executable, "-m", "bingo"] if hold is None else [sys.executable, "-c", HELD, str(hold)]
    )
    return subprocess.Popen(
        [*start, "cards", "--config", str(tmp_path / "config.toml"), *args],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def held_mid_run(proc: subprocess.Popen) -> None:
    """Wait until a `hold` run says it is held (a line on its pipe, no polling)."""
    said = proc.stdout.readline()
    if not said.startswith("held at card "):
        proc.kill()
        pytest.fail(f"bingo cards was not held mid-run: {said!r} {proc.communicate()[1]}")


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize(
    ("signum", "code", "png"),
    [(signal.SIGTERM, 143, False), (signal.SIGINT, 130, False), (signal.SIGTERM, 143, True)],
)
def test_a_signal_mid_run_leaves_the_old_files_and_no_temp_files(
    tmp_path, small, signum, code, png
) -> None:
    out = tmp_path / "cards.pdf"
    extra = ("--png", str(tmp_path / "png")) if png else ()
    assert run_cards(tmp_path, "--count", "3", "--out", str(out), *extra) == 0
    old = {n: (tmp_path / n).read_bytes() for n in files_in(tmp_path) if n.startswith("cards")}
    old_pngs = files_in(tmp_path / "png") if png else []
    proc = _cards_process(tmp_path, "--count", "500", "--out", str(out), "--force", *extra, hold=50)
    held_mid_run(proc)  # writing: 50 of 500 cards in its temporary files
    assert any(n.endswith(".tmp") for n in files_in(tmp_path))
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == code
    assert err.strip().count("\n") == 0 and "stopped by SIG" in err and "old files are kept" in err
    assert "Traceback" not in err
    assert not [n for n in files_in(tmp_path) if n.endswith(".tmp") or ".backup-" in n]
    assert {n: (tmp_path / n).read_bytes() for n in old} == old
    if png:  # the old set, and no staging folder
        assert files_in(tmp_path / "png") == old_pngs == [f"card-000{i}.png" for i in (1, 2, 3)]


@pytest.fixture
def tiny_disk(tmp_path):
    folder = tmp_path / "disk"
    folder.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(folder)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


@pytest.mark.slow
@pytest.mark.process
def test_a_full_disk_is_one_line_and_keeps_the_old_files(tmp_path, small, tiny_disk) -> None:
    out = tiny_disk / "cards.pdf"
    assert run_cards(tmp_path, "--count", "2", "--out", str(out)) == 0
    old = {n: (tiny_disk / n).read_bytes() for n in files_in(tiny_disk)}
    proc = _cards_process(
        tmp_path, "--count", "3000", "--out", str(out), "--force", "--png", str(tiny_disk / "png")
    )
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 1
    assert err.count("\n") == 1 and "No space left on device" in err and "Traceback" not in err
    assert files_in(tiny_disk) == sorted(old)  # no .tmp, no backup, no PNG folder left
    assert {n: (tiny_disk / n).read_bytes() for n in old} == old


@pytest.mark.slow
@pytest.mark.process
def test_a_progress_bar_on_a_terminal_only(tmp_path, small) -> None:
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(
        slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0)
    )  # a 100-column terminal
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100")
    # 300 cards: the bar is drawn at the start and refreshed as they are written (3000 took 7 s)
    args = [sys.executable, "-m", "bingo", "cards", "--config", str(small), "--count", "300"]
    proc = subprocess.Popen(args, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the pty closes when the process ends
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    assert proc.wait(timeout=120) == 0
    text = seen.decode("utf-8", "replace")
    assert "bingo cards:" in text and "0/300" in text and "cards/s" in text
    piped = _cards_process(tmp_path, "--count", "5", "--out", str(tmp_path / "p.pdf"))
    _, err = piped.communicate(timeout=120)
    assert piped.returncode == 0 and err == ""  # no bar when stderr is not a terminal


# ---------------------------------------------------------------- PNGs


def png_names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_pngs_are_a_set_matching_the_registry(tmp_path, small, capsys) -> None:
    out, folder = str(tmp_path / "cards.pdf"), tmp_path / "png"
    assert run_cards(tmp_path, "--count", "6", "--out", out, "--png", str(folder)) == 0
    assert png_names(folder) == [f"card-000{i}.png" for i in range(1, 7)]
    (folder / "notes.txt").write_text("the host's own file")
    # a smaller re-run leaves no PNG of a serial that is not in the new registry
    assert run_cards(tmp_path, "--count", "3", "--out", out, "--png", str(folder), "--force") == 0
    assert png_names(folder) == ["card-0001.png", "card-0002.png", "card-0003.png", "notes.txt"]
    # --append adds the new cards' PNGs and keeps those of the cards already in the registry
    assert run_cards(tmp_path, "--count", "2", "--out", out, "--png", str(folder), "--append") == 0
    assert png_names(folder)[:5] == [f"card-000{i}.png" for i in range(1, 6)]
    # another registry's PNGs are not replaced without --force
    other = str(tmp_path / "other.pdf")
    assert run_cards(tmp_path, "--count", "2", "--out", other, "--png", str(folder)) == 1
    assert "already holds card PNGs" in capsys.readouterr().err
    assert len(png_names(folder)) == 6


def test_png_failure_keeps_the_old_set(tmp_path, small, monkeypatch) -> None:
    out, folder = str(tmp_path / "cards.pdf"), tmp_path / "png"
    assert (
        run_cards(tmp_path, "--count", "4", "--seed", "1", "--out", out, "--png", str(folder)) == 0
    )
    before = {p.name: p.read_bytes() for p in folder.iterdir()}

    import cards.png as png_module

    def full_disk(image, path):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(png_module, "_save", full_disk)
    assert (
        run_cards(
            tmp_path, "--count", "2", "--seed", "2", "--out", out, "--png", str(folder), "--force"
        )
        == 1
    )
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # no staging folder left


def test_png_is_a_drawn_card_with_its_dpi_and_three_digit_numbers_fit(tmp_path, output_dir) -> None:
    from PIL import Image

    from cards.png import DPI, CardPngWriter

    config = load_config(write_config(tmp_path, size=10, per_column=12, free=False, images=3))
    assert config.board.total_numbers == 120
    writer = CardPngWriter(tmp_path / "png", config, qr=True, serial_width=4)
    (card,) = generate_cards(config.board, 1, seed=5)
    path = writer.write(card)
    writer.close()
    with Image.open(path) as im:
        assert tuple(round(v) for v in im.info["dpi"]) == (DPI, DPI)
        assert im.mode == "P" and len(im.convert("RGB").getcolors(1 << 16)) > 50
        im.convert("RGB").save(output_dir / "cards_png_10x10.png")
    for number in range(1, 121):  # every number's ink, outline included, stays in its cell
        cell = writer.geo.cells[0][config.board.column_of(number)]
        x0, y0, x1, y1 = writer._box(cell)
        bx0, by0, bx1, by1 = writer.number_box(number, cell)
        assert x0 < bx0 and bx1 < x1 and y0 < by0 and by1 < y1, number


def test_a_read_only_folder_as_an_ordinary_user(nobody) -> None:
    """Not root: a folder the user cannot write to is one line, and nothing is left."""
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="cards-ro-"))
    try:
        write_config(folder, cards="images = false")
        for path in (folder, *folder.rglob("*")):
            path.chmod(0o755 if path.is_dir() else 0o644)
        done = nobody.run(
            ["-m", "bingo", "cards", "--config", str(folder / "config.toml"), "--count", "3"]
            + ["--out", str(folder / "cards.pdf"), "--png", str(folder / "png")],
            cwd=folder,
        )
        assert done.returncode == 1, done.stderr
        assert done.stderr.count("\n") == 1 and "Permission denied" in done.stderr
        assert sorted(p.name for p in folder.iterdir()) == ["config.toml", "img"]
    finally:
        shutil.rmtree(folder)


def test_one_run_at_a_time_per_folder(tmp_path, small, capsys) -> None:
    """Two appends at once would number their cards after the same last serial."""
    import fcntl

    out = str(tmp_path / "cards.pdf")
    assert run_cards(tmp_path, "--count", "3", "--out", out) == 0
    before = (tmp_path / "cards.csv").read_bytes()
    fd = os.open(tmp_path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # as another bingo cards writing here would
        assert run_cards(tmp_path, "--count", "2", "--out", out, "--append") == 1
    finally:
        os.close(fd)
    assert "another bingo cards is writing into" in capsys.readouterr().err
    assert (tmp_path / "cards.csv").read_bytes() == before
    assert run_cards(tmp_path, "--count", "2", "--out", out, "--append") == 0


def test_serials_stay_within_what_the_card_check_takes(tmp_path, small, capsys) -> None:
    out = str(tmp_path / "cards.pdf")
    assert run_cards(tmp_path, "--count", "2", "--first-serial", "999999999999", "--out", out) == 1
    assert "at most 12 digits" in capsys.readouterr().err
    assert no_output_left(tmp_path) == []
    assert run_cards(tmp_path, "--count", "1", "--first-serial", "999999999999", "--out", out) == 0
    assert list(read_registry(tmp_path / "cards.csv")) == [999999999999]
