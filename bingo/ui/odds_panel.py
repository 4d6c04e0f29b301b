"""The live odds panel: three big figures, the first-bingo curve with the current draw marked,
and the registry's counts, painted from what bingo.ui.odds's OddsService computed."""

from __future__ import annotations

import time

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from bingo.config import Config
from bingo.ui.art import TEXT, TEXT_DIM, fit_font, new_pixmap, paint_panel, ui_font
from bingo.ui.odds import READY, UNAVAILABLE, WARMING, OddsResult

# Below this a probability is floating-point residue of an exact 0 (the engine sums many
# terms; 2.2e-16 is what "impossible" can come back as), above 1 - RESIDUE it is a certainty.
RESIDUE = 1e-12


def percent(p: float | None) -> str:
    """A probability as the show prints it: "0%" for none, "<0.1%" only for a real chance."""
    if p is None:
        return "—"
    if p < RESIDUE:
        return "0%"
    if p > 1.0 - RESIDUE:
        return "100%"
    if p < 0.001:
        return "<0.1%"
    if p > 0.999:
        return ">99.9%"
    return f"{p * 100:.1f}%"


def tick_step(span: int, most: int = 10) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... that puts at most `most` steps across `span`."""
    magnitude = 1
    while True:
        for factor in (1, 2, 5):
            if span <= most * factor * magnitude:
                return factor * magnitude
        magnitude *= 10


class OddsPanel(QWidget):
    """Three big figures, the first-bingo curve with the current draw marked, registry counts."""

    def __init__(self, config: Config, strings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.config = config
        self.strings = strings
        self.state = WARMING
        self.result: OddsResult | None = None
        self.curve = None
        self.draw_count = 0
        self.registry_loaded = False
        self.updated_at: float | None = None
        self._cache: QPixmap | None = None

    # ---------------------------------------------------------------- updates
    def set_state(self, state: str) -> None:
        self.state = state
        self._invalidate()

    def set_result(self, result: OddsResult | None) -> None:
        self.result = result
        self.updated_at = time.perf_counter()
        self._invalidate()

    def set_curve(self, curve) -> None:
        self.curve = curve
        self._invalidate()

    def shown_curve(self):
        """The curve on screen. With a registry it is the registered cards' curve of exactly the
        drawn numbers on screen (None until computed), never the random-card curve."""
        if not self.registry_loaded:
            return self.curve
        result = self.result
        if result is None:
            return None
        for curve in (getattr(result, "curve", None), self.curve):
            if curve is not None and getattr(curve, "drawn", None) == result.drawn:
                return curve
        return None

    def set_draw_count(self, count: int) -> None:
        self.draw_count = count
        self._invalidate()

    def _invalidate(self) -> None:
        self._cache = None
        self.update()

    def figures(self) -> list[str]:
        """The three figures as shown (tests read them)."""
        stats = self.result.stats if self.result is not None else None
        if stats is None:
            text = (
                self.strings("calculating")
                if self.state == WARMING or (self.state == READY and self.result is None)
                else self.strings("unavailable")
            )
            return [text, text, text]
        return [
            percent(stats.p_bingo_now),
            percent(stats.p_any_new_bingo),
            f"{stats.expected_new_bingos:.2f}",
        ]

    def registry_text(self) -> str:
        reg = self.result.registry if self.result is not None else None
        if reg is None:
            return (
                self.strings("registry_none")
                if not self.registry_loaded
                else (self.strings("calculating"))
            )
        return self.strings("registry_line", cards=reg.cards, bingo=reg.bingo, reach=reg.reach)

    # ---------------------------------------------------------------- painting
    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt API)
        self._cache = None
        super().resizeEvent(event)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt API)
        if self._cache is None:
            self._cache = self._render()
        p = QPainter(self)
        p.drawPixmap(0, 0, self._cache)
        p.end()

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
        tiles_h = h * 0.36
        gap = pad * 0.6
        tile_w = (w - 2 * pad - 2 * gap) / 3
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
            label_rect = QRectF(
                rect.left() + pad * 0.4,
                rect.top() + h * 0.02,
                rect.width() - pad * 0.8,
                rect.height() * 0.42,
            )
            p.setPen(TEXT_DIM)
            lines = labels[i].split("\n")
            longest = max(lines, key=len)
            font = fit_font(longest, label_rect, rect.height() * 0.13, QFont.Weight.Bold)
            p.setFont(font)
            p.drawText(label_rect, Qt.AlignmentFlag.AlignCenter, labels[i])
            figure_rect = QRectF(
                rect.left() + pad * 0.3,
                rect.top() + rect.height() * 0.45,
                rect.width() - pad * 0.6,
                rect.height() * 0.5,
            )
            p.setPen(TEXT if self.result is not None else TEXT_DIM)
            numeric = any(ch.isdigit() for ch in figures[i])
            scale = 0.8 if numeric else 0.42
            p.setFont(fit_font(figures[i], figure_rect, figure_rect.height() * scale))
            p.drawText(figure_rect, Qt.AlignmentFlag.AlignCenter, figures[i])
        curve_rect = QRectF(pad, pad + tiles_h + gap, w - 2 * pad, h - tiles_h - 2 * pad - gap)
        reg_h = curve_rect.height() * (0.16 if self.registry_loaded else 0.1)
        self._paint_curve(p, curve_rect.adjusted(0, 0, 0, -reg_h))
        p.setPen(TEXT if self.registry_loaded else TEXT_DIM)
        reg_rect = QRectF(curve_rect.left(), curve_rect.bottom() - reg_h, curve_rect.width(), reg_h)
        text = self.registry_text()
        p.setFont(fit_font(text, reg_rect, reg_h * 0.8, QFont.Weight.Bold))
        p.drawText(reg_rect, Qt.AlignmentFlag.AlignCenter, text)
        p.end()
        return pixmap

    def curve_span(self) -> int:
        """Draws shown on the curve's axis: up to where it is flat near 100% (and past now)."""
        total = self.config.board.total_numbers
        curve = self.shown_curve()
        if curve is None:
            return total
        flat = next(
            (int(t) for t, v in zip(curve.draws, curve.p_any, strict=False) if v >= 0.999),
            total,
        )
        return min(total, max(10, flat + max(3, flat // 4), self.draw_count + 3))

    def curve_title(self, curve) -> str:
        """The curve's title: a registry's names its milestone (first or next bingo) and, when
        sampled, its stated error."""
        cards = self.config.event.cards_in_play
        if not self.registry_loaded:
            return self.strings("curve_title", cards=cards)
        if curve is None or curve.bingo_cards == 0:
            title = self.strings("reg_curve_first", cards=cards)
        elif curve.finished:
            return self.strings("reg_curve_done", cards=cards)
        else:
            title = self.strings("reg_curve_next", n=curve.milestone)
        if curve is not None and curve.max_error > 0:
            error = percent(curve.max_error)
            error = error if error.startswith("<") else "±" + error
            title += " " + self.strings("reg_curve_error", error=error)
        return title

    def _paint_curve(self, p: QPainter, rect: QRectF) -> None:
        title_h = rect.height() * 0.16
        p.setPen(TEXT_DIM)
        curve = self.shown_curve()
        title = self.curve_title(curve)
        p.setFont(fit_font(title, rect, title_h * 0.8, QFont.Weight.Bold))
        p.drawText(
            QRectF(rect.left(), rect.top(), rect.width(), title_h),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            title,
        )
        axis_w = rect.height() * 0.28
        plot = QRectF(
            rect.left() + axis_w,
            rect.top() + title_h * 1.2,
            rect.width() - axis_w - rect.height() * 0.04,
            rect.height() - title_h * 1.2 - rect.height() * 0.14,
        )
        small = ui_font(rect.height() * 0.09, QFont.Weight.Normal)
        p.setFont(small)
        grid_pen = QPen(QColor(255, 255, 255, 30), 1)
        for frac in (0.0, 0.5, 1.0):
            y = plot.bottom() - frac * plot.height()
            p.setPen(grid_pen)
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(TEXT_DIM)
            p.drawText(
                QRectF(rect.left(), y - plot.height() * 0.2, axis_w * 0.9, plot.height() * 0.4),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                f"{int(frac * 100)}%",
            )
        total = self.config.board.total_numbers
        span = self.curve_span()

        def x_of(t: float) -> float:
            return plot.left() + plot.width() * min(t, span) / max(1, span)

        for t in range(0, span + 1, tick_step(span)):
            p.setPen(TEXT_DIM)
            p.drawText(
                QRectF(x_of(t) - axis_w, plot.bottom(), axis_w * 2, rect.bottom() - plot.bottom()),
                Qt.AlignmentFlag.AlignCenter,
                str(t),
            )
        if getattr(curve, "finished", False):
            pass  # every registered card has a bingo: the title says so; no curve to wait for
        elif curve is not None:
            path = QPainterPath()
            area = QPainterPath()
            area.moveTo(x_of(0), plot.bottom())
            points = [
                (int(t), float(v))
                for t, v in zip(curve.draws, curve.p_any, strict=False)
                if int(t) <= span
            ]
            for i, (t, v) in enumerate(points):
                pt = QPointF(x_of(t), plot.bottom() - v * plot.height())
                if i == 0:
                    path.moveTo(pt)
                else:
                    path.lineTo(pt)
                area.lineTo(pt)
            area.lineTo(x_of(points[-1][0]), plot.bottom())
            area.closeSubpath()
            fill = QColor(self.config.display.slot_frame_color)
            fill.setAlpha(45)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(fill)
            p.drawPath(area)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(
                QPen(QColor(self.config.display.slot_frame_color), max(2.0, rect.height() * 0.018))
            )
            p.drawPath(path)
            t_now = min(self.draw_count, total)
            # a registry's curve starts at 0% now (the next bingo has not come yet): the dot
            # marks the next draw, the same figure as the tile beside it
            ahead = hasattr(curve, "milestone") and t_now < total
            value = dict(points).get(t_now + 1 if ahead else t_now)
            x = x_of(t_now)
            p.setPen(QPen(QColor("#ffffff"), max(1.0, rect.height() * 0.008), Qt.PenStyle.DashLine))
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
            if value is not None:
                x = x_of(t_now + 1) if ahead else x
                y = plot.bottom() - value * plot.height()
                p.setPen(QPen(QColor("#14101f"), max(1.0, rect.height() * 0.012)))
                p.setBrush(QColor("#ffffff"))
                r = rect.height() * 0.035
                p.drawEllipse(QPointF(x, y), r, r)
                label = f"{self.strings('curve_next' if ahead else 'curve_now')} {percent(value)}"
                p.setFont(ui_font(rect.height() * 0.1))
                p.setPen(TEXT)
                right = x + r * 1.5 + rect.height() * 0.9 < plot.right()
                box = QRectF(
                    x + r * 1.5 if right else x - r * 1.5 - plot.width() * 0.4,
                    max(plot.top(), y - rect.height() * 0.16),
                    plot.width() * 0.4,
                    rect.height() * 0.12,
                )
                align = Qt.AlignmentFlag.AlignLeft if right else Qt.AlignmentFlag.AlignRight
                p.drawText(box, align | Qt.AlignmentFlag.AlignVCenter, label)
        else:
            p.setPen(TEXT_DIM)
            text = (
                self.strings("calculating")
                if self.state != UNAVAILABLE
                else self.strings("unavailable")
            )
            p.setFont(ui_font(rect.height() * 0.14))
            p.drawText(plot, Qt.AlignmentFlag.AlignCenter, text)
