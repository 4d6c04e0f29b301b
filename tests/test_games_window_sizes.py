"""Every game window keeps the screen's size (issue 36 items 1-2): on offscreen screens of
1024x768, 1280x720 and 1920x1080, Schwimmen and COOL 24+24 open full screen as their commands do
and play a seeded whole game with F11 round trips (tests/screen_size_probe.py, a process per
screen: Qt's screen size is fixed per process; one process a screen plays both games, one after
the other, each window hidden when its game is over). The window is the screen's size at every
step, F11 gives a window inside the screen, and after 10 rounds (Schwimmen) or the game (COOL)
nothing is cut or under 2.5 % of the height. Grabs: tests/output/*_after_*_<size>.png."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SIZES = [(1024, 768), (1280, 720), (1920, 1080)]
PROBE = Path(__file__).resolve().parent / "screen_size_probe.py"


GAMES = ["schwimmen", "cool24"]


def probe(games: list[str], size: tuple[int, int], folder: Path, output_dir: Path) -> dict:
    screen = folder / "screen.json"
    w, h = size
    one = {"name": "probe", "x": 0, "y": 0, "width": w, "height": h, "logicalDpi": 96}
    screen.write_text(json.dumps({"screens": [{**one, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={screen}"}
    run = subprocess.run(
        [sys.executable, str(PROBE), ",".join(games), str(output_dir)],
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.timeout(300)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_window_keeps_the_screens_size_through_f11_and_a_whole_game(size, tmp_path, output_dir):
    """Both games on the screen, one after the other (one process: a Python and Qt start a
    screen, not a game and screen)."""
    found = probe(GAMES, size, tmp_path, output_dir)
    assert found["screen"] == list(size)
    for game in GAMES:
        check_game(game, found[game], size, found["free"])


def check_game(game: str, found: dict, size: tuple[int, int], free: list[int]) -> None:
    assert found["over"], (game, found)  # a whole game
    if game == "schwimmen":
        assert found["rounds"] >= 10, found["rounds"]
    assert {tuple(s) for s in found["sizes"]} == {size}, found["sizes"]  # never larger
    x0, y0, free_w, free_h = free
    assert len(found["normal"]) == 2
    for x, y, w, h, full in found["normal"]:  # F11 out: a window inside the screen
        assert not full
        assert x >= x0 and y >= y0 and x + w <= x0 + free_w and y + h <= y0 + free_h
        assert w >= 0.6 * free_w  # most of the screen, not a small window
    assert found["problems"] == [], "\n".join(found["problems"])
    assert Path(found["grab"]).is_file()
