"""The live odds panel: three big figures, the first-bingo curve with the current draw marked,
and the registry's counts, painted from what bingo.ui.odds's OddsService computed.

The figures' tiles or rows are painted by odds_figures's OddsFigures; the curve is painted here,
in the panel or in a panel of its own (CurveView).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from bingo.config import Config
from bingo.ui.art import (
    TEXT,
    TEXT_DIM,
    draw_text,
    fit_block,
    paint_panel,
    ui_font,
    wrapped,
)
from bingo.ui.odds import READY, UNAVAILABLE, WARMING, OddsResult
from bingo.ui.odds_figures import OddsFigures

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


class OddsPanel(OddsFigures, QWidget):
    """Three big figures, the first-bingo curve with the current draw marked, registry counts."""

    def __init__(self, config: Config, strings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.config = config
        self.strings = strings
        self.state = WARMING
        self.result: OddsResult | None = None
        self.curve = None
        self.registry_curve = None  # the registered cards' latest curve (bingo.probability)
        self.draw_count = 0
        self.registry_loaded = False
        self._cache: QPixmap | None = None
        self.curve_view: CurveView | None = None  # set when the curve has a place of its own

    # ---------------------------------------------------------------- updates
    def set_state(self, state: str) -> None:
        self.state = state
        self._invalidate()

    def set_result(self, result: OddsResult | None) -> None:
        self.result = result
        self._invalidate()

    def set_curve(self, curve) -> None:
        if hasattr(curve, "milestone"):  # the registered cards' curve, to their next bingo
            self.registry_curve = curve
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
        for curve in (getattr(result, "curve", None), self.registry_curve):
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
            waiting = self.state == WARMING or (self.state == READY and self.result is None)
            if waiting and self.no_bingo_possible_yet():
                return [percent(0.0), percent(0.0), f"{0.0:.2f}"]  # exact, engine or not
            text = self.strings("calculating") if waiting else self.strings("unavailable")
            return [text, text, text]
        return [
            percent(stats.p_bingo_now),
            percent(stats.p_any_new_bingo),
            f"{stats.expected_new_bingos:.2f}",
        ]

    def no_bingo_possible_yet(self) -> bool:
        """Too few balls for any bingo, even with the next: every figure is exactly 0 (shown
        while the engine still builds a new board's tables, instead of 計算中…)."""
        board = self.config.board
        marks_after_next = self.draw_count + 1 + (1 if board.free_center else 0)
        return marks_after_next < board.threshold

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
    def resizeEvent(self, event) -> None:
        self._cache = None
        super().resizeEvent(event)

    def paintEvent(self, event) -> None:
        if self._cache is None:
            self._cache = self._render()
        p = QPainter(self)
        p.drawPixmap(0, 0, self._cache)
        p.end()

    def least_px(self) -> float:
        """The smallest text on the panel: 2.7 % of the screen (the window's height)."""
        window = self.window()
        return (window.height() if window is not self else self.height() * 3) * 0.027

    def paint_curve_in(self, p: QPainter, rect: QRectF) -> None:
        """The curve in a panel of its own (CurveView, beside the reel on a board of many lines)."""
        paint_panel(p, rect.adjusted(1, 1, -1, -1), rect.height() * 0.05)
        pad = rect.height() * 0.05
        self._paint_curve(p, rect.adjusted(pad, pad, -pad, -pad))

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
        least = self.least_px()
        p.setPen(TEXT_DIM)
        curve = self.shown_curve()
        title = self.curve_title(curve)
        title_flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        title_flags |= Qt.TextFlag.TextWordWrap
        title_font = ui_font(
            max(least, min(rect.height() * 0.12, rect.width() * 0.04)), QFont.Weight.Bold
        )
        title_h = (
            QFontMetricsF(title_font)
            .boundingRect(
                QRectF(0, 0, rect.width(), 10000), int(title_flags), wrapped(title, title_flags)
            )
            .height()
        )
        title_rect = QRectF(rect.left(), rect.top(), rect.width(), title_h)
        p.setFont(title_font)
        draw_text(p, title_rect, title_flags, title)
        small = ui_font(max(least, min(rect.height() * 0.09, rect.width() * 0.035)))
        line_h = QFontMetricsF(small).height()
        axis_w = max(rect.height() * 0.28, QFontMetricsF(small).horizontalAdvance("100%") * 1.15)
        plot = QRectF(
            rect.left() + axis_w,
            rect.top() + title_h + line_h * 0.6,
            rect.width() - axis_w - rect.height() * 0.04,
            rect.height() - title_h - line_h * 0.6 - max(rect.height() * 0.14, line_h * 1.1),
        )
        p.setFont(small)
        grid_pen = QPen(QColor(255, 255, 255, 30), 1)
        for frac in (0.0, 0.5, 1.0):
            y = plot.bottom() - frac * plot.height()
            p.setPen(grid_pen)
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(TEXT_DIM)
            draw_text(
                p,
                QRectF(rect.left(), y - line_h / 2, axis_w * 0.92, line_h),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                f"{int(frac * 100)}%",
            )
        span = self.curve_span()

        def x_of(t: float) -> float:
            return plot.left() + plot.width() * min(t, span) / max(1, span)

        # as many ticks as their labels leave a gap between them
        label_w = QFontMetricsF(small).horizontalAdvance(str(span)) * 1.8
        for t in range(0, span + 1, tick_step(span, max(1, int(plot.width() / label_w)))):
            p.setPen(TEXT_DIM)
            half = QFontMetricsF(p.font()).horizontalAdvance(str(t)) / 2 + 1
            x = min(max(x_of(t), rect.left() + half), rect.right() - half)  # the last one whole
            draw_text(
                p,
                QRectF(x - axis_w, plot.bottom(), axis_w * 2, rect.bottom() - plot.bottom()),
                Qt.AlignmentFlag.AlignCenter,
                str(t),
            )
        if getattr(curve, "finished", False):
            pass  # every registered card has a bingo: the title says so; no curve to wait for
        elif curve is not None:
            self._paint_series(p, rect, plot, curve, x_of, least)
        else:
            p.setPen(TEXT_DIM)
            text = (
                self.strings("calculating")
                if self.state != UNAVAILABLE
                else self.strings("unavailable")
            )
            # fitted: "calculating…" is wider than a narrow curve (5x5 at 1024x768) at this size
            center = Qt.AlignmentFlag.AlignCenter
            p.setFont(fit_block(text, plot, max(least, rect.height() * 0.14), flags=center))
            draw_text(p, plot, center, text)

    def _paint_series(
        self,
        p: QPainter,
        rect: QRectF,
        plot: QRectF,
        curve,
        x_of: Callable[[float], float],
        least: float,
    ) -> None:
        """The curve itself, its shaded area, the line at this draw and the dot with its figure."""
        total = self.config.board.total_numbers
        span = self.curve_span()
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
            label_font = ui_font(max(least, min(rect.height() * 0.1, rect.width() * 0.04)))
            p.setFont(label_font)
            p.setPen(TEXT)
            box = dot_label_box(QFontMetricsF(label_font), label, QPointF(x, y), r, rect, plot)
            draw_text(p, box, Qt.AlignmentFlag.AlignCenter, label)


def dot_label_box(
    metrics: QFontMetricsF, label: str, dot: QPointF, r: float, rect: QRectF, plot: QRectF
) -> QRectF:
    """Where the curve's dot label goes: right of the dot, else left of it, else over (or under)
    it; always inside `rect` and below the plot's top, clear of the title (「次の1球 40.3%」 was
    cut at the left on 5x5 at 1024x768)."""
    w, h = metrics.horizontalAdvance(label) + 4, metrics.height()
    top = max(plot.top(), dot.y() - h * 1.1)
    if dot.x() + r * 1.5 + w <= rect.right():
        return QRectF(dot.x() + r * 1.5, top, w, h)
    if dot.x() - r * 1.5 - w >= rect.left():
        return QRectF(dot.x() - r * 1.5 - w, top, w, h)
    left = min(max(rect.left(), dot.x() - w / 2), rect.right() - w)
    above = dot.y() - r * 1.3 - h
    y = above if above >= plot.top() else min(dot.y() + r * 1.3, plot.bottom() - h)
    return QRectF(left, y, w, h)


class CurveView(QWidget):
    """The first-bingo curve in its own panel, painted by the OddsPanel it belongs to (on boards
    of many lines it goes under the reel, so every label keeps a size the room can read)."""

    def __init__(self, panel: OddsPanel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.panel = panel
        panel.curve_view = self
        panel._invalidate()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.panel.paint_curve_in(p, QRectF(self.rect()))
        p.end()
