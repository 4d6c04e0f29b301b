"""The smallest text on the projector, per screen and board (issue 22 item 9).

Every piece of text the room reads is logged as it is drawn (bingo.ui.art.TextLog) and measured
against its box (bingo.ui.textcheck): idle with the join code, the help, and 20 draws in with a
bingo flash, the resume banner and the disk-full notice. Prints the smallest text as a share of
the screen height (target 2.5 %, strictly: 20 px at 768, since 19 px is 2.47 %) and how many
pieces are cut or smaller (target 0), in Japanese and in English, then the smallest pieces themselves (text, size, where), so the
worst is named. The odds come from the tests' stand-in engine (figures at once, the layout is
what is measured); the control bar's buttons (the host's, not the room's) are listed against
their own target of 2 %.

Run:  QT_QPA_PLATFORM=offscreen python benchmarks/bench_projector_text.py
"""

from __future__ import annotations

import sys
import tempfile
import time
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

sys.path.insert(0, str(ROOT / "tests"))
from projector_support import FAKE_ENGINE, install_fake_engine  # noqa: E402

SCREENS = [(1024, 768), (1280, 800), (1280, 720), (1920, 1080)]
BOARDS = [(3, 10, False), (4, 10, False), (5, 15, True), (6, 12, False), (7, 15, True),
          (8, 15, False), (9, 11, False), (10, 15, False)]  # fmt: skip


def board_config(size: int, per_column: int, free: bool, language: str = "ja"):
    data = tomllib.loads((ROOT / "config.toml").read_text(encoding="utf-8"))
    data["event"]["language"] = language
    data["board"].update(
        size=size, numbers_per_column=per_column, images_per_column=min(per_column, 10),
        free_center=free,
    )  # fmt: skip
    data["columns"] = {}
    data["display"].update(spin_seconds=0.2, sound=False)
    return parse_config(data, base_dir=ROOT)


def measure(app, config, screen, folder: Path) -> tuple[list[dict], int, float]:
    """(every text drawn, pieces cut or under 2.5 %, the smallest button's
    text px) over the three states."""
    session = DrawSession.open(config, folder / f"{screen[0]}-{config.board.size}.jsonl", seed=5)
    window = DisplayWindow(
        session, config, probability_module=FAKE_ENGINE, odds_mode="thread",
        warn=lambda message: None,
    )  # fmt: skip
    window.resize(*screen)
    window.show()
    app.processEvents()
    window.join_badge = JoinBadge(window, "http://192.168.100.200:8080/")
    window.start_background_work()
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
    deadline = time.monotonic() + 30
    while window.odds_panel.result is None or window.odds_panel.curve is None:
        app.processEvents()  # the stand-in engine answers at once, on the odds thread
        if time.monotonic() > deadline:
            break
    app.processEvents()
    entries += grab_text(window)
    buttons = min(button_px(b) for b in window.controls.buttons.values() if b.isVisible())
    window.close()
    session.close()
    problems = text_problems(entries, screen[1])
    for line in dict.fromkeys(problems):  # name what is cut or small
        print(f"  {config.board.size}x{config.board.size} {screen[0]}x{screen[1]}: {line}")
    return entries, len(problems), buttons


def button_px(button) -> float:
    font = button.font()
    return font.pixelSize() if font.pixelSize() > 0 else font.pointSizeF() * 96 / 72


def main() -> None:
    app = QApplication.instance() or QApplication([])
    from eventkit.fonts import register_qt_fonts

    register_qt_fonts()
    install_fake_engine()
    print(f"{'board':>13} " + " ".join(f"{w}x{h:<11}" for w, h in SCREENS))
    worst, cut_total, button_worst = 1.0, 0, 1.0
    smallest: list[tuple[float, str, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        for language, (size, per_column, free) in (
            (language, board) for language in ("ja", "en") for board in BOARDS
        ):
            config = board_config(size, per_column, free, language)
            label = f"{language} {size}x{size}/{per_column}{'f' if free else ''}"
            cells = []
            for screen in SCREENS:
                entries, cut, buttons = measure(app, config, screen, Path(folder))
                share = min(text_px(e) for e in entries) / screen[1]
                worst, cut_total = min(worst, share), cut_total + cut
                button_worst = min(button_worst, buttons / screen[1])
                where = f"{label} at {screen[0]}x{screen[1]}"
                smallest += [(text_px(e) / screen[1], e["text"], where) for e in entries]
                cells.append(f"{share * 100:4.2f}% {cut:>2} bad")
            print(f"{label:>13} " + " ".join(f"{c:>16}" for c in cells))
    ok = cut_total == 0  # every piece whole and >= 2.5 % of the height (strictly)
    print(
        f"smallest text {worst * 100:.2f}% of the screen height, {cut_total} cut or small: "
        f"target {MIN_SHARE * 100:.1f}% (strictly) and 0: {'OK' if ok else 'MISSED'}"
    )
    print("the smallest pieces (share of the height, text, where):")
    seen: set[str] = set()
    for share, text, where in sorted(smallest):
        if text in seen:
            continue
        seen.add(text)
        print(f"  {share * 100:4.2f}%  {text[:40]!r:44} {where}")
        if len(seen) == 8:
            break
    verdict = "OK" if button_worst >= 0.02 - 1e-9 else "MISSED"
    print(f"the host's buttons: smallest {button_worst * 100:.2f}%: target 2.0%: {verdict}")


if __name__ == "__main__":
    main()
