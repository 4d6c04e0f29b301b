"""Layers over the table: the dimmed base with a centred panel, and the help (F1 / H)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QWidget

from games.schwimmen.qt.style import GOLD, TEXT, font, text_floor, use_window_floor
from games.schwimmen.table import TableSession
from games.schwimmen.texts import Texts


class Overlay(QWidget):
    """A dimmed layer over the table with a centred panel (round end, game end, help)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.hide()

    def panel_rect(self) -> QRectF:
        w, h = self.width(), self.height()
        return QRectF(w * 0.06, h * 0.05, w * 0.88, h * 0.9)

    def paint_back(self, p: QPainter) -> QRectF:
        p.fillRect(self.rect(), QColor(0, 0, 0, 150))
        panel = self.panel_rect()
        p.setPen(QPen(GOLD, 3))
        p.setBrush(QColor(18, 40, 28, 240))
        p.drawRoundedRect(panel, 16, 16)
        return panel


@dataclass(frozen=True)
class HelpBlock:
    heading: str
    body: str
    heading_rect: QRectF
    body_rect: QRectF


class HelpOverlay(Overlay):
    """F1 / H: the keys, the scoring and what the two rule sets do, in two columns."""

    def __init__(self, parent: QWidget, session: TableSession, texts: Texts) -> None:
        super().__init__(parent)
        self.session = session
        self.t = texts

    def panel_rect(self) -> QRectF:
        w, h = self.width(), self.height()
        return QRectF(w * 0.02, h * 0.02, w * 0.96, h * 0.96)

    def sections(self) -> list[tuple[str, str]]:
        session = self.session
        view = session.view_now(None)  # the public view: the rules are public
        rules = view.observation.rules if view is not None else session.settings.make_rules()
        return self.t.help_sections(rules, session.rules_name)

    def title_rect(self) -> QRectF:
        panel = self.panel_rect()
        return QRectF(panel.x(), panel.y() + 6, panel.width(), min(panel.height() * 0.075, 52))

    def blocks(self) -> tuple[float, list[HelpBlock]]:
        """The largest text size at which every section fits, and where each one goes: the
        sections in order down two columns, split where the taller column is lowest; on a
        narrow screen where two columns do not fit at the smallest text, one column each."""
        use_window_floor(self)  # asked outside painting too (tests): this window's floor
        panel = self.panel_rect()
        pad = panel.width() * 0.015
        top = self.title_rect().bottom() + pad * 0.4
        bottom = panel.bottom() - pad
        sections = self.sections()
        px = max(text_floor(), panel.height() * 0.036)
        while True:
            layouts = [
                self._place([sections[:k], sections[k:]], px, panel, pad, top)
                for k in range(1, len(sections))
            ]
            if px <= text_floor():
                layouts.append(self._place([[s] for s in sections], px, panel, pad, top))
            lowest, blocks = min(layouts, key=lambda placed: placed[0])
            if lowest <= bottom or px <= text_floor():
                return max(px, text_floor()), blocks
            px -= 0.5

    @staticmethod
    def _place(columns, px, panel, pad, top) -> tuple[float, list[HelpBlock]]:
        """The blocks of these columns of sections: (the lowest column's bottom, the blocks)."""
        metrics = QFontMetricsF(font(px))
        flags = int(Qt.TextFlag.TextWordWrap)
        col_w = (panel.width() - (len(columns) + 1) * pad) / len(columns)
        blocks: list[HelpBlock] = []
        lowest = top
        for c, column in enumerate(columns):
            x = panel.x() + pad + c * (col_w + pad)
            y = top
            for heading, body in column:
                head_h = px * 1.5
                body_h = metrics.boundingRect(QRectF(0, 0, col_w, 1e5), flags, body).height()
                head = QRectF(x, y, col_w, head_h)
                rect = QRectF(x, y + head_h, col_w, body_h + 2)
                blocks.append(HelpBlock(heading, body, head, rect))
                y = rect.bottom() + px * 0.6
            lowest = max(lowest, y - px * 0.6)
        return lowest, blocks

    def mousePressEvent(self, event) -> None:
        self.hide()

    def paintEvent(self, event) -> None:
        use_window_floor(self)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        try:
            self.paint_back(p)
            t = self.t
            title = self.title_rect()
            p.setPen(GOLD)
            p.setFont(font(title.height() * 0.7, True))
            p.drawText(title, Qt.AlignmentFlag.AlignCenter, t("help_title"))
            px, blocks = self.blocks()
            for block in blocks:
                p.setPen(GOLD)
                p.setFont(font(px * 1.15, True))
                p.drawText(
                    block.heading_rect,
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    block.heading,
                )
                p.setPen(TEXT)
                p.setFont(font(px))
                p.drawText(
                    block.body_rect,
                    Qt.AlignmentFlag.AlignLeft
                    | Qt.AlignmentFlag.AlignTop
                    | Qt.TextFlag.TextWordWrap,
                    block.body,
                )
        finally:
            p.end()
