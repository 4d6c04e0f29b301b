"""The odds panel's picture: its three figures (the chance of a bingo now, of a new one at the
next draw, the bingos expected) as tiles over the curve and the registry's line when the panel
is alone, or as rows beside the board when the curve has a panel of its own (CurveView).

`OddsFigures` is a part of `bingo.ui.odds_panel.OddsPanel` (a mixin: it paints the panel's
texts, `figures()` and `registry_text()`, and asks the panel for the curve).
"""

from __future__ import annotations

import re

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPixmap

from bingo.ui.art import (
    TEXT,
    TEXT_DIM,
    draw_text,
    fit_block,
    new_pixmap,
    paint_panel,
    text_fits,
    ui_font,
    wrapped,
)


def joined_line(label: str) -> str:
    """A two-line label on one line: Japanese joins without a space, English with one."""
    return re.sub(r"(?<=[\x21-\x7e])\n(?=[\x21-\x7e])", " ", label).replace("\n", "")


class OddsFigures:
    """The panel's pixmap: the figures as tiles or rows, and the registry's line."""

    def _render(self) -> QPixmap:
        pixmap = new_pixmap(self.width(), self.height(), self.devicePixelRatioF())
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        w, h = self.width(), self.height()
        paint_panel(p, QRectF(1, 1, w - 2, h - 2), h * 0.05)
        pad = h * 0.05
        cards = self.config.event.cards_in_play
        registry = self.registry_loaded  # the figures are about the registered cards
        labels = [
            self.strings("reg_bingo_now" if registry else "p_bingo_now"),
            self.strings("p_any_next", cards=cards),
            self.strings("expected_next"),
        ]
        figures = self.figures()
        fills = [QColor(c) for c in self.config.columns.fill]
        least = self.least_px()
        if self.curve_view is not None:  # the curve has its own panel: one figure a row
            self._paint_rows(p, labels, figures, fills, least)
            p.end()
            self.curve_view.update()
            return pixmap
        gap = pad * 0.6
        tile_w = (w - 2 * pad - 2 * gap) / 3
        wrap = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        label_w = tile_w - pad * 0.8
        label_px = max(least, h * 0.045)
        label_h = max(
            QFontMetricsF(ui_font(label_px, QFont.Weight.Bold))
            .boundingRect(QRectF(0, 0, label_w, 10000), int(wrap), wrapped(label, wrap))
            .height()
            for label in labels
        )
        text = self.registry_text()
        reg_h = max(least * 1.5, h * 0.08)
        if self.curve_view is None:
            figure_h = max(least * 2.0, h * 0.16)
        else:  # the curve has its own place: the figures take the room
            figure_h = max(least * 2.0, h - 2 * pad - label_h - h * 0.04 - reg_h - gap)
        tiles_h = h * 0.02 + label_h + figure_h + h * 0.02
        for i in range(3):
            rect = QRectF(pad + i * (tile_w + gap), pad, tile_w, tiles_h)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 90))
            p.drawRoundedRect(rect, h * 0.03, h * 0.03)
            accent = fills[i % len(fills)]
            p.setBrush(accent)
            p.drawRoundedRect(
                QRectF(rect.left(), rect.top(), rect.width(), h * 0.012), h * 0.006, h * 0.006
            )
            label_rect = QRectF(rect.left() + pad * 0.4, rect.top() + h * 0.02, label_w, label_h)
            p.setPen(TEXT_DIM)
            p.setFont(fit_block(labels[i], label_rect, label_px, QFont.Weight.Bold, wrap))
            draw_text(p, label_rect, wrap, labels[i])
            figure_rect = QRectF(
                rect.left() + pad * 0.3, label_rect.bottom(), rect.width() - pad * 0.6, figure_h
            )
            p.setPen(TEXT if self.result is not None else TEXT_DIM)
            numeric = any(ch.isdigit() for ch in figures[i])
            scale = 0.8 if numeric else 0.5
            p.setFont(
                fit_block(figures[i], figure_rect, figure_rect.height() * scale, QFont.Weight.Black)
            )
            draw_text(p, figure_rect, Qt.AlignmentFlag.AlignCenter, figures[i])
        bottom = h - pad
        reg_rect = QRectF(pad, bottom - reg_h, w - 2 * pad, reg_h)
        if self.curve_view is None:
            self._paint_curve(
                p,
                QRectF(pad, pad + tiles_h + gap, w - 2 * pad, reg_rect.top() - pad - tiles_h - gap),
            )
        p.setPen(TEXT if self.registry_loaded else TEXT_DIM)
        p.setFont(fit_block(text, reg_rect, reg_h * 0.7, QFont.Weight.Bold, wrap))
        draw_text(p, reg_rect, wrap, text)
        p.end()
        if self.curve_view is not None:
            self.curve_view.update()
        return pixmap

    def _paint_rows(self, p: QPainter, labels, figures, fills, least: float) -> None:
        """Three rows (label left, figure right) over the registry line."""
        w, h = self.width(), self.height()
        pad = min(h * 0.04, w * 0.02)
        text = self.registry_text()
        wrap = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        reg_h = max(least * 1.5, h * 0.12)
        gap = pad * 0.5
        row_h = (h - 2 * pad - reg_h - 3 * gap) / 3
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap
        for i in range(3):
            rect = QRectF(pad, pad + i * (row_h + gap), w - 2 * pad, row_h)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 90))
            p.drawRoundedRect(rect, row_h * 0.12, row_h * 0.12)
            p.setBrush(fills[i % len(fills)])
            p.drawRoundedRect(
                QRectF(rect.left(), rect.top(), row_h * 0.08, rect.height()),
                row_h * 0.04,
                row_h * 0.04,
            )
            label_rect = QRectF(
                rect.left() + row_h * 0.25, rect.top(), rect.width() * 0.6, rect.height()
            )
            one_line = joined_line(labels[i])
            font = ui_font(max(least, row_h * 0.3), QFont.Weight.Bold)
            one_line_fits = text_fits(font, label_rect, one_line, left & ~Qt.TextFlag.TextWordWrap)
            label = one_line if one_line_fits else labels[i]
            p.setPen(TEXT_DIM)
            p.setFont(
                fit_block(label, label_rect, max(least, row_h * 0.3), QFont.Weight.Bold, left)
            )
            draw_text(p, label_rect, left, label)
            figure_rect = QRectF(
                label_rect.right(),
                rect.top(),
                rect.right() - label_rect.right() - row_h * 0.2,
                rect.height(),
            )
            p.setPen(TEXT if self.result is not None else TEXT_DIM)
            numeric = any(ch.isdigit() for ch in figures[i])
            right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            p.setFont(
                fit_block(
                    figures[i],
                    figure_rect,
                    figure_rect.height() * (0.78 if numeric else 0.5),
                    QFont.Weight.Black,
                    right,
                )
            )
            draw_text(p, figure_rect, right, figures[i])
        reg_rect = QRectF(pad, h - pad - reg_h, w - 2 * pad, reg_h)
        p.setPen(TEXT if self.registry_loaded else TEXT_DIM)
        p.setFont(fit_block(text, reg_rect, max(least, reg_h * 0.55), QFont.Weight.Bold, wrap))
        draw_text(p, reg_rect, wrap, text)
