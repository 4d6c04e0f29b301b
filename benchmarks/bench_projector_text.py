"""The smallest text on the projector, per screen and board (issue 22 item 9).

Every piece of text the room reads is logged as it is drawn (bingo.ui.art.TextLog) and measured
against its box (bingo.ui.textcheck): idle with the join code, the help, and 20 draws in with a
bingo flash, the resume banner and the disk-full notice. Prints the smallest text as a share of
the screen height (target 2.5 %, the font's whole pixels: 19 px at 768) and how many pieces
are cut or smaller (target 0). The odds engine is left
out (the figures read "—"): tests/test_projector_readability.py measures them with figures.

Run:  QT_QPA_PLATFORM=offscreen python benchmarks/bench_projector_text.py
"""

from __future__ import annotations

import sys
import tempfile
import tomllib
from pathlib import Path

from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bingo.config import parse_config  # noqa: E402
from bingo.session import DrawSession  # noqa: E402
from bingo.ui.display import DisplayWindow  # noqa: E402
from bingo.ui.joinbadge import JoinBadge  # noqa: E402
from bingo.ui.textcheck import MIN_SHARE, grab_text, text_problems, text_px  # noqa: E402

SCREENS = [(1024, 768), (1280, 800), (1280, 720), (1920, 1080)]
BOARDS = [(3, 10, False), (4, 10, False), (5, 15, True), (6, 12, False), (7, 15, True),
          (8, 15, False), (9, 11, False), (10, 15, False)]  # fmt: skip


def board_config(size: int, per_column: int, free: bool):
    data = tomllib.loads((ROOT / "config.toml").read_text(encoding="utf-8"))
    data["board"].update(
        size=size, numbers_per_column=per_column, images_per_column=min(per_column, 10),
        free_center=free,
    )  # fmt: skip
    data["columns"] = {}
    data["display"].update(spin_seconds=0.2, sound=False)
    return parse_config(data, base_dir=ROOT)


def measure(app, config, screen, folder: Path) -> tuple[float, int]:
    """(smallest text px, pieces cut or under 2.5 % less half a pixel) over the three states."""
    session = DrawSession.open(config, folder / f"{screen[0]}-{config.board.size}.jsonl", seed=5)
    window = DisplayWindow(
        session, config, probability_module="no_engine_needed", odds_mode="thread",
        warn=lambda message: None,
    )  # fmt: skip
    window.resize(*screen)
    window.show()
    app.processEvents()
    window.join_badge = JoinBadge(window, "http://192.168.100.200:8080/")
    entries = grab_text(window)
    window.open_help()
    entries += grab_text(window)
    window.help.close_view()
    for _ in range(20):
        window.controller.draw()
        window.controller.land_now()
    s = window.strings
    window.flash.flash(s("bingo_flash", n=3))
    window.flash._t = 0.5
    window.show_banner(s("resumed", n=20) + " — " + s("torn_line"), 60000)
    window.show_notice(s("disk_full"), "error", 60000)
    app.processEvents()
    entries += grab_text(window)
    window.close()
    session.close()
    return min(text_px(e) for e in entries), len(text_problems(entries, screen[1]))


def main() -> None:
    app = QApplication.instance() or QApplication([])
    from eventkit.fonts import register_qt_fonts

    register_qt_fonts()
    print(f"{'board':>10} " + " ".join(f"{w}x{h:<11}" for w, h in SCREENS))
    worst, cut_total = 1.0, 0
    with tempfile.TemporaryDirectory() as folder:
        for size, per_column, free in BOARDS:
            config = board_config(size, per_column, free)
            cells = []
            for screen in SCREENS:
                px, cut = measure(app, config, screen, Path(folder))
                share = px / screen[1]
                worst, cut_total = min(worst, share), cut_total + cut
                cells.append(f"{share * 100:4.2f}% {cut:>2} bad")
            label = f"{size}x{size}/{per_column}{'f' if free else ''}"
            print(f"{label:>10} " + " ".join(f"{c:>16}" for c in cells))
    ok = cut_total == 0  # every piece whole and >= 2.5 % of the height (less half a pixel)
    print(
        f"smallest text {worst * 100:.2f}% of the screen height, {cut_total} cut or small: "
        f"target {MIN_SHARE * 100:.1f}% (px rounded) and 0: {'OK' if ok else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
