"""Issue 22.11: the operator window's by-column headers are whole on a 1920 screen (beside the
projector's window, or alone), in Japanese and English: measured from the header's own font,
padding and margins, not by eye."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QStyle

from bingo.config import load_config
from bingo.session import DrawSession

sys.path.insert(0, str(Path(__file__).parent))
from test_web_show import FAKE_ENGINE, fake_engine  # noqa: F401

PADDING = 4  # QHeaderView::section { padding: 4px } in the operator's style sheet


def header_problems(table) -> list[str]:
    header = table.horizontalHeader()
    metrics = QFontMetricsF(header.font())
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    problems = []
    for i in range(table.columnCount()):
        lines = table.horizontalHeaderItem(i).text().split("\n")
        room = header.sectionSize(i) - 2 * PADDING - 2 * margin
        for line in lines:
            if metrics.horizontalAdvance(line) > room:
                problems.append(f"{line!r}: {metrics.horizontalAdvance(line):.0f} > {room} px")
        if len(lines) * metrics.lineSpacing() > header.height() - 2 * PADDING:
            problems.append(f"{lines}: {len(lines)} lines > {header.height()} px high")
    return problems


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize(
    "size",
    [(768, 1050), (1100, 640), (1920, 1050)],  # beside the projector on 1920, default, alone
)
def test_the_by_column_headers_are_whole(qtbot, repo_root, tmp_path, output_dir, language, size):
    from bingo.ui.display import DisplayWindow
    from bingo.ui.operator import OperatorWindow

    base = load_config(repo_root / "config.toml")
    config = dataclasses.replace(
        base,
        event=dataclasses.replace(base.event, language=language),
        display=dataclasses.replace(base.display, sound=False),
    )
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=5)
    window = DisplayWindow(session, config, probability_module=FAKE_ENGINE, odds_mode="thread")
    qtbot.addWidget(window)
    operator = OperatorWindow(window)
    qtbot.addWidget(operator)
    operator.resize(*size)
    operator.show()
    qtbot.waitExposed(operator)
    table = operator.table
    labels = [
        window.strings(k)
        for k in ("op_column", "op_drawn", "op_p_column", "op_p_bingo_after", "op_expected")
    ]
    qtbot.waitUntil(lambda: header_problems(table) == [], timeout=3000)
    texts = [table.horizontalHeaderItem(i).text().replace("\n", "") for i in range(6)]
    joined = [t.replace(" ", "") for t in texts]
    assert [x.replace(" ", "") for x in labels] == joined[:5]  # every letter is still there
    operator.grab().save(str(output_dir / f"operator_{size[0]}x{size[1]}_{language}.png"))
    operator.resize(size[0] // 2 + 200, size[1])  # narrower again: it refits
    qtbot.waitUntil(lambda: header_problems(table) == [], timeout=3000)
    operator.close()
    session.close()


def test_the_operator_window_opens_the_winners_board(qtbot, repo_root, tmp_path):
    from bingo.ui.display import DisplayWindow
    from bingo.ui.operator import OperatorWindow

    config = load_config(repo_root / "config.toml")
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=5)
    window = DisplayWindow(session, config, probability_module=FAKE_ENGINE, odds_mode="thread")
    qtbot.addWidget(window)
    window.show()
    operator = OperatorWindow(window)
    qtbot.addWidget(operator)
    operator.show()
    operator.buttons["winners"].click()
    assert window.winners_board.isVisible()
    operator.buttons["winners"].click()
    assert not window.winners_board.isVisible()
    session.close()
