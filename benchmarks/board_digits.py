"""How tall the digits on the draw display's board are, per board and screen size.

The digit height is the cap height of the font a drawn (lit) cell uses for its widest number,
in screen pixels. Run:  QT_QPA_PLATFORM=offscreen python benchmarks/board_digits.py
"""

from __future__ import annotations

import dataclasses
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bingo.config import load_config  # noqa: E402
from bingo.session import DrawSession  # noqa: E402
from bingo.ui.display import DisplayWindow  # noqa: E402

BOARDS = [(4, 10), (5, 15), (8, 8), (8, 10), (8, 15), (10, 20)]
SCREENS = [(1280, 720), (1920, 1080)]


def board_config(base, size: int, per_column: int):
    names = tuple("PLB4YOTERS"[:size])
    board = dataclasses.replace(
        base.board, size=size, numbers_per_column=per_column, images_per_column=per_column
    )
    columns = dataclasses.replace(
        base.columns,
        names=names,
        outline=("#202020",) * size,
        fill=("#ff4b5c",) * size,
        shadow=("#000000",) * size,
    )
    display = dataclasses.replace(base.display, sound=False)
    return dataclasses.replace(base, board=board, columns=columns, display=display)


def main() -> None:
    app = QApplication.instance() or QApplication([])
    base = load_config(ROOT / "config.toml")
    print(f"{'board':>12} " + " ".join(f"{w}x{h:<6}" for w, h in SCREENS) + "  (digit px)")
    with tempfile.TemporaryDirectory() as folder:
        for size, per_column in BOARDS:
            config = board_config(base, size, per_column)
            journal = Path(folder) / f"{size}-{per_column}.jsonl"
            session = DrawSession.open(config, journal, seed=1)
            figures = []
            for width, height in SCREENS:
                window = DisplayWindow(
                    session,
                    config,
                    probability_module="no_engine_needed",
                    odds_mode="thread",
                    warn=lambda message: None,
                )
                window.resize(width, height)
                window.show()
                app.processEvents()
                figures.append(window.board.digit_px())
                window.close()
            session.close()
            label = f"{size}x{size} M={per_column}"
            print(f"{label:>12} " + " ".join(f"{px:>11.1f}" for px in figures))


if __name__ == "__main__":
    main()
