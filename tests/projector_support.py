"""Helpers for the projector tests (tests/test_projector_*.py): boards of every size, a fake
odds engine, and measuring every piece of text the room reads against the box it is drawn in
(bingo.ui.art.TextLog records them while the screen is grabbed)."""

from __future__ import annotations

import shutil
import sys
import tomllib
import types
from pathlib import Path

import numpy as np

from bingo.config import parse_config
from bingo.ui.textcheck import MIN_SHARE, grab_text, refresh_caches, text_problems  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
FAKE_ENGINE = "test_projector_fake_probability"
SHOTS = Path("/work/shared/team/shots")
SCREENS = [(1024, 768), (1280, 800), (1280, 720), (1920, 1080)]
# Every board size 3..10; 5 and 7 with a free centre, 8 and 10 with 3-digit numbers.
BOARDS = [
    (3, 10, False),
    (4, 10, False),
    (5, 15, True),
    (6, 12, False),
    (7, 15, True),
    (8, 15, False),
    (9, 11, False),
    (10, 15, False),
]


def board_id(board: tuple[int, int, bool]) -> str:
    return f"{board[0]}x{board[1]}{'f' if board[2] else ''}"


def screens_in_turn(index: int, screens: list[tuple[int, int]] = SCREENS) -> list[tuple[int, int]]:
    """The screens a test resizes its one window through (resize_to): every screen in the whole
    run; in the fast tier (--fast) one, the screens taken in turn by `index` (a board's place in
    its list), so every board and every screen is still seen."""
    import tiers

    if tiers.FAST:
        return [screens[index % len(screens)]]
    return list(screens)


def resize_to(qtbot, window, screen: tuple[int, int]) -> None:
    """Give a shown window the size of `screen`, as if it had been opened at that size: its
    layout follows in its resizeEvent, and every grab_text draws afresh (refresh_caches). The
    projector tests measured it: a window resized through the four screens draws the same text
    in the same font and box as one opened at each (idle, the help, 20 draws in), so a test
    takes one window a board through the screens instead of one window a (board, screen)."""
    window.resize(*screen)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == tuple(screen))


def odds_settled(window) -> bool:
    """The odds service has nothing left to do for the drawn numbers (their figures and, with a
    registry, their curve are in): the screen stays as it is until the next draw."""
    odds, panel = window.odds, window.odds_panel
    return (
        not odds.busy
        and not odds._queue
        and not odds._curve_queue
        and panel.result is not None
        and len(panel.result.drawn) == len(window.controller.revealed)
    )


def board_config(
    size: int, per_column: int, free: bool = False, language: str = "ja", threshold: int = 4
):
    """config.toml with another board (default column names and colours for its size)."""
    data = tomllib.loads((ROOT / "config.toml").read_text(encoding="utf-8"))
    data["board"].update(
        size=size,
        numbers_per_column=per_column,
        images_per_column=min(per_column, 10),
        free_center=free,
        threshold=threshold,
    )
    data["columns"] = {}
    data["display"].update(spin_seconds=0.2, sound=False)
    data["event"]["language"] = language
    return parse_config(data, base_dir=ROOT)


def install_fake_engine():
    """Odds that change with every draw, computed at once (the layout is what is tested)."""
    module = types.ModuleType(FAKE_ENGINE)

    def next_draw_stats(per_column, size, per_col, threshold=4, free_center=False, cards=1):
        p_now = sum(per_column) / (size * per_col)
        col = types.SimpleNamespace(
            column=0,
            p_column=0.25,
            p_bingo_after=p_now,
            p_new_bingo_card=0.01,
            expected_new_bingos=cards * 0.01,
            p_any_new_bingo=0.5,
        )
        return types.SimpleNamespace(
            p_bingo_now=p_now,
            p_bingo_next=p_now,
            p_new_bingo_card=0.01,
            expected_new_bingos=cards * 0.01,
            p_any_new_bingo=0.5,
            by_column=(col,) * size,
            cards=cards,
            remaining=size * per_col - sum(per_column),
        )

    def first_bingo_curve(cards, size, per_col, threshold=4, free_center=False, **kw):
        draws = np.arange(size * per_col + 1)
        return types.SimpleNamespace(
            draws=draws,
            p_any=np.clip(draws / 12, 0, 1),
            exact=True,
            max_error=0.0,
            cards=cards,
            expected_first_bingo=8.5,
        )

    module.warm_up = lambda *a, **k: None
    module.next_draw_stats = next_draw_stats
    module.first_bingo_curve = first_bingo_curve
    sys.modules[FAKE_ENGINE] = module
    return module


def grab_with_text(window):
    """grab_text's grab (every cache refreshed, the text drawn logged) and the picture it made:
    a shot of the same screen saves that picture (save_shot's `picture`), no second grab."""
    from bingo.ui.art import TextLog

    refresh_caches(window)
    entries = TextLog.start()
    try:
        picture = window.grab()
    finally:
        TextLog.stop()
    return picture, entries


# PNG at zlib's fastest level (Qt: quality 80 -> level 1): the same pixels, files a fifth
# larger, written in half the CPU of the default level (0.11 s against 0.19 s a 1920x1080 shot)
SHOT_QUALITY = 80


def save_shot(widget, output_dir: Path, name: str, picture=None) -> Path:
    """`widget` grabbed into output_dir/`name` (`picture`: its grab already made), a PNG."""
    path = output_dir / name
    (picture if picture is not None else widget.grab()).save(str(path), "PNG", SHOT_QUALITY)
    if SHOTS.is_dir():
        shutil.copy(path, SHOTS / name)
    return path
