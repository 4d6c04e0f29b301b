"""Live odds: computed off the UI thread by the probability engine, shown in a panel.

`OddsService` runs every computation on its own QThreadPool (one worker, so warm-up, curve and
per-draw stats never compete) and reports back through queued signals. Results are cached by the
set of drawn numbers, and the display asks for the post-landing state as soon as a spin starts,
so the panel updates at the landing without waiting.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QPointF, QRectF, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QWidget

import bingo.ui.qtfix  # noqa: F401  (must come before any Qt drawing)
from bingo.config import Config
from bingo.ui.art import TEXT, TEXT_DIM, fit_font, paint_panel, ui_font

WARMING, READY, UNAVAILABLE = "warming", "ready", "unavailable"


@dataclass(frozen=True)
class OddsResult:
    """Everything the panel shows for one set of drawn numbers."""

    drawn: frozenset[int]
    stats: Any | None  # bingo.probability.NextDrawStats
    registry: Any | None  # bingo.check.RegistryStats
    error: str | None
    seconds: float


class _Job(QRunnable):
    def __init__(self, fn: Callable[[], None]) -> None:
        super().__init__()
        self.fn = fn
        self.setAutoDelete(True)

    def run(self) -> None:
        self.fn()


class OddsService(QObject):
    """Asks the probability engine for numbers in a worker thread; never blocks the UI."""

    state_changed = Signal(str)
    result_ready = Signal(object)  # OddsResult
    curve_ready = Signal(object)  # FirstBingoCurve or None
    _job_done = Signal()

    def __init__(
        self,
        config: Config,
        registry_cards: Iterable | None = None,
        module_name: str = "bingo.probability",
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.config = config
        self.registry_cards = list(registry_cards) if registry_cards is not None else None
        self.module_name = module_name
        self.state = WARMING
        self.reason = ""
        self.curve = None
        self.cache: dict[frozenset[int], OddsResult] = {}
        self._module = None
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._queue: list[frozenset[int]] = []
        self._busy = False
        self._started = False
        self._curve_wanted = False
        self._job_done.connect(self._next_job, Qt.ConnectionType.QueuedConnection)
        self.state_changed.connect(self._set_state)  # first, before any view's slot

    def _set_state(self, state: str) -> None:
        self.state = state

    # ---------------------------------------------------------------- public
    def start(self) -> None:
        """Import and warm up the engine in the background (the panel says calculating…)."""
        if self._started:
            return
        self._started = True
        self._busy = True
        self._curve_wanted = True
        self._pool.start(_Job(self._warm_up_job))

    def request(self, drawn: Iterable[int]) -> None:
        """Compute the odds for `drawn`; `result_ready` follows (at once when cached)."""
        key = frozenset(drawn)
        if key in self.cache:
            self.result_ready.emit(self.cache[key])
            return
        if key in self._queue:
            return
        self._queue.append(key)
        del self._queue[:-3]  # only the newest states matter
        if not self._busy:
            self._next_job()

    def wait_idle(self, timeout_ms: int = 30000) -> bool:
        """Block until the worker is done (tests and benchmarks only)."""
        return self._pool.waitForDone(timeout_ms)

    @property
    def busy(self) -> bool:
        return self._busy

    # ---------------------------------------------------------------- jobs (worker thread)
    def _warm_up_job(self) -> None:
        try:
            module = importlib.import_module(self.module_name)
            module.warm_up()
            self._module = module
            state = READY
        except ModuleNotFoundError as exc:
            state = UNAVAILABLE
            self.reason = f"probability engine not installed ({exc.name})"
        except Exception as exc:  # noqa: BLE001 - the engine failing must not stop the show
            state = UNAVAILABLE
            self.reason = f"probability engine failed to start: {exc}"
        self.state_changed.emit(state)  # `state` itself changes on the UI thread
        self._job_done.emit()

    def _stats_job(self, key: frozenset[int]) -> None:
        started = time.perf_counter()
        stats = registry = None
        errors = []
        board = self.config.board
        if self._module is not None:
            per_column = [0] * board.size
            for n in key:
                per_column[board.column_of(n)] += 1
            try:
                stats = self._module.next_draw_stats(
                    per_column,
                    board.size,
                    board.numbers_per_column,
                    board.threshold,
                    board.free_center,
                    cards=self.config.event.cards_in_play,
                )
            except Exception as exc:  # noqa: BLE001
                errors.append(f"odds: {exc}")
        if self.registry_cards is not None:
            try:
                from bingo.check import registry_stats

                registry = registry_stats(self.registry_cards, key, board.threshold)
            except Exception as exc:  # noqa: BLE001
                errors.append(f"registry: {exc}")
        result = OddsResult(
            key, stats, registry, "; ".join(errors) or None, time.perf_counter() - started
        )
        self.cache[key] = result
        if len(self.cache) > 256:
            self.cache.pop(next(iter(self.cache)))
        self.result_ready.emit(result)
        self._job_done.emit()

    def _curve_job(self) -> None:
        board = self.config.board
        curve = None
        try:
            curve = self._module.first_bingo_curve(
                self.config.event.cards_in_play,
                board.size,
                board.numbers_per_column,
                board.threshold,
                board.free_center,
            )
        except Exception as exc:  # noqa: BLE001
            self.reason = f"curve: {exc}"
        self.curve = curve
        self.curve_ready.emit(curve)
        self._job_done.emit()

    # ---------------------------------------------------------------- scheduling (UI thread)
    def _next_job(self) -> None:
        self._busy = False
        if self.state == WARMING:
            return
        if self._queue:
            key = self._queue.pop(0)
            if key in self.cache:
                self.result_ready.emit(self.cache[key])
                self._next_job()
                return
            self._busy = True
            self._pool.start(_Job(lambda: self._stats_job(key)))
        elif self._curve_wanted and self._module is not None:
            self._curve_wanted = False
            self._busy = True
            self._pool.start(_Job(self._curve_job))


def percent(p: float | None) -> str:
    if p is None:
        return "—"
    if p <= 0.0:
        return "0%"
    if p < 0.001:
        return "<0.1%"
    if p > 0.999 and p < 1.0:
        return ">99.9%"
    return f"{p * 100:.1f}%"


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
        if self._cache is None or self._cache.size() != self.size():
            self._cache = self._render()
        p = QPainter(self)
        p.drawPixmap(0, 0, self._cache)
        p.end()

    def _render(self) -> QPixmap:
        pixmap = QPixmap(self.size())
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        w, h = self.width(), self.height()
        paint_panel(p, QRectF(1, 1, w - 2, h - 2), h * 0.05)
        pad = h * 0.05
        cards = self.config.event.cards_in_play
        labels = [
            self.strings("p_bingo_now"),
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

    def _paint_curve(self, p: QPainter, rect: QRectF) -> None:
        title_h = rect.height() * 0.16
        cards = self.config.event.cards_in_play
        p.setPen(TEXT_DIM)
        title = self.strings("curve_title", cards=cards)
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

        def x_of(t: float) -> float:
            return plot.left() + plot.width() * t / max(1, total)

        for t in range(0, total + 1, max(1, total // 8 if total >= 8 else 1)):
            p.setPen(TEXT_DIM)
            p.drawText(
                QRectF(x_of(t) - axis_w, plot.bottom(), axis_w * 2, rect.bottom() - plot.bottom()),
                Qt.AlignmentFlag.AlignCenter,
                str(t),
            )
        curve = self.curve
        if curve is not None:
            path = QPainterPath()
            area = QPainterPath()
            area.moveTo(x_of(0), plot.bottom())
            points = [(int(t), float(v)) for t, v in zip(curve.draws, curve.p_any, strict=False)]
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
            value = dict(points).get(t_now)
            x = x_of(t_now)
            p.setPen(QPen(QColor("#ffffff"), max(1.0, rect.height() * 0.008), Qt.PenStyle.DashLine))
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
            if value is not None:
                y = plot.bottom() - value * plot.height()
                p.setPen(QPen(QColor("#14101f"), max(1.0, rect.height() * 0.012)))
                p.setBrush(QColor("#ffffff"))
                r = rect.height() * 0.035
                p.drawEllipse(QPointF(x, y), r, r)
                label = f"{self.strings('curve_now')} {percent(value)}"
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
