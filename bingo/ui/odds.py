"""Live odds: computed away from the UI thread by the probability engine, shown in a panel.

`OddsService` runs every computation in a worker process by default (numba kernels hold the
GIL, so a thread would still stall the reel's frames; a process cannot), one job at a time so
warm-up, curve and per-draw stats never compete; results come back through queued signals. A
thread worker is the fallback (and what tests use with a fake engine). Results are cached by the
set of drawn numbers, and the display asks for the post-landing state as soon as a spin starts,
so the panel updates at the landing without waiting.
"""

from __future__ import annotations

import itertools
import multiprocessing
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QObject,
    QPointF,
    QRectF,
    QRunnable,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from bingo.config import Config
from bingo.ui import odds_jobs
from bingo.ui.art import TEXT, TEXT_DIM, fit_font, new_pixmap, paint_panel, ui_font

WARMING, READY, UNAVAILABLE = "warming", "ready", "unavailable"
PROCESS, THREAD = "process", "thread"
WORKER_TIMEOUT_S = 180.0  # a first run compiles the engine's kernels, which takes a while


@dataclass(frozen=True)
class OddsResult:
    """Everything the panel shows for one set of drawn numbers."""

    drawn: frozenset[int]
    stats: Any | None  # bingo.probability.NextDrawStats
    registry: Any | None  # cards.check.RegistryStats
    error: str | None
    seconds: float


class _Job(QRunnable):
    def __init__(self, fn: Callable[[], None]) -> None:
        super().__init__()
        self.fn = fn
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            self.fn()
        except BaseException:  # noqa: BLE001, S110 - never let an exception reach Qt's pool
            pass


class _WorkerProcess:
    """One engine process fed through a pipe; `terminate` always works (it shares no locks).

    (multiprocessing.Pool was used before: its terminate() hangs forever when a worker died
    holding the queue's lock, e.g. after a SIGTERM to the whole process group.)
    """

    def __init__(self, cards: list | None) -> None:
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(
            target=odds_jobs.serve, args=(child, cards), name="bingo-odds", daemon=True
        )
        self._process.start()
        child.close()
        self._callbacks: dict[int, tuple[Callable, Callable]] = {}
        self._lock = threading.Lock()
        self._tokens = itertools.count(1)
        self._reader = threading.Thread(target=self._read, name="bingo-odds-reader", daemon=True)
        self._reader.start()

    def apply_async(
        self, fn: Callable, args: tuple, callback: Callable, error_callback: Callable
    ) -> None:
        token = next(self._tokens)
        with self._lock:
            self._callbacks[token] = (callback, error_callback)
        self._conn.send((token, fn, args))

    def _read(self) -> None:
        while True:
            try:
                token, ok, value = self._conn.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                callback, error_callback = self._callbacks.pop(token, (None, None))
            if callback is not None:
                (callback if ok else error_callback)(value)
        with self._lock:
            pending, self._callbacks = list(self._callbacks.values()), {}
        for _, error_callback in pending:
            error_callback(RuntimeError("the odds worker process stopped"))

    def terminate(self) -> None:
        with self._lock:
            self._callbacks.clear()
        self._process.kill()
        self._process.join(2)
        self._conn.close()


class OddsService(QObject):
    """Asks the probability engine for numbers in a worker; never blocks the UI thread."""

    state_changed = Signal(str)
    result_ready = Signal(object)  # OddsResult
    curve_ready = Signal(object)  # FirstBingoCurve or None
    warning = Signal(str)
    _finished = Signal(int, object, object)  # token, result, error (from the worker side)

    def __init__(
        self,
        config: Config,
        registry_cards: Iterable | None = None,
        module_name: str = "bingo.probability",
        mode: str = PROCESS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.config = config
        self.registry_cards = list(registry_cards) if registry_cards is not None else None
        self.module_name = module_name
        self.mode = mode
        self.state = WARMING
        self.reason = ""
        self.curve = None
        self.cache: dict[frozenset[int], OddsResult] = {}
        b = config.board
        self._board = (b.size, b.numbers_per_column, b.threshold, b.free_center)
        self._pool: _WorkerProcess | None = None  # the engine process (process mode)
        self._threads: QThreadPool | None = None
        self._queue: list[frozenset[int]] = []
        self._handlers: dict[int, Callable[[Any, Any], None]] = {}
        self._tokens = itertools.count(1)
        self._busy = False
        self._started = False
        self._curve_wanted = False
        self._finished.connect(self._on_finished, Qt.ConnectionType.QueuedConnection)

    # ---------------------------------------------------------------- public
    def start(self) -> None:
        """Start the worker and warm the engine up (the panel says calculating… meanwhile)."""
        if self._started:
            return
        self._started = True
        if self.mode == PROCESS:
            try:
                self._pool = _WorkerProcess(self.registry_cards)
            except Exception as exc:  # noqa: BLE001 - fall back to a thread
                self.reason = f"odds worker process unavailable ({exc}); using a thread"
                self.mode = THREAD
        if self.mode == THREAD:
            odds_jobs.init(self.registry_cards, in_worker_process=False)
            self._threads = QThreadPool(self)
            self._threads.setMaxThreadCount(1)
        self._curve_wanted = True
        self._submit(odds_jobs.warm_up, (self.module_name, self._board), self._on_warm)
        if self._pool is not None:
            QTimer.singleShot(round(WORKER_TIMEOUT_S * 1000), self._check_worker)

    def _check_worker(self) -> None:
        """A worker process that never answers the warm-up: carry on with a thread."""
        if self.state != WARMING or self._pool is None:
            return
        self.reason = (
            f"the odds worker process did not answer in {WORKER_TIMEOUT_S:g} s; "
            "computing in a thread instead"
        )
        self._pool.terminate()
        self._pool = None
        self._handlers.clear()
        self.mode = THREAD
        odds_jobs.init(self.registry_cards, in_worker_process=False)
        self._threads = QThreadPool(self)
        self._threads.setMaxThreadCount(1)
        self.warning.emit(self.reason)
        self._submit(odds_jobs.warm_up, (self.module_name, self._board), self._on_warm)

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
        if not self._busy and self._started:
            self._next_job()

    def shutdown(self) -> None:
        """Stop the worker (a long computation is abandoned)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None
        if self._threads is not None:
            self._threads.clear()
            self._threads.waitForDone(3000)  # no worker thread may outlive the interpreter

    def wait_idle(self, timeout_ms: int = 30000) -> bool:
        """Wait until the worker is done (tests and benchmarks only); pumps no events."""
        end = time.monotonic() + timeout_ms / 1000
        while self._busy and time.monotonic() < end:
            time.sleep(0.005)
        return not self._busy

    @property
    def busy(self) -> bool:
        return self._busy

    # ---------------------------------------------------------------- worker plumbing
    def _submit(self, fn: Callable, args: tuple, handler: Callable[[Any, Any], None]) -> None:
        token = next(self._tokens)
        self._handlers[token] = handler
        self._busy = True
        signal = self._finished

        def emit(*values: Any) -> None:
            try:
                signal.emit(*values)
            except RuntimeError:  # the display was closed meanwhile: nobody to tell
                pass

        if self._pool is not None:
            try:
                self._pool.apply_async(
                    fn,
                    args,
                    callback=lambda r: emit(token, r, None),
                    error_callback=lambda e: emit(token, None, e),
                )
                return
            except Exception as exc:  # noqa: BLE001 - e.g. the pool was terminated
                emit(token, None, exc)
                return

        def run() -> None:
            try:
                outcome = (fn(*args), None)
            except BaseException as exc:  # noqa: BLE001 - sent back, never raised here
                outcome = (None, exc)
            emit(token, *outcome)

        self._threads.start(_Job(run))

    def _on_finished(self, token: int, result: Any, error: Any) -> None:
        handler = self._handlers.pop(token, None)
        self._busy = False
        if handler is not None:
            handler(result, error)
        if not self._busy:
            self._next_job()

    def _on_warm(self, _result: Any, error: Any) -> None:
        if error is None:
            state = READY
        elif isinstance(error, ModuleNotFoundError):
            state = UNAVAILABLE
            self.reason = f"probability engine not installed ({error})"
        else:
            state = UNAVAILABLE
            self.reason = f"probability engine failed to start: {error}"
        self.state = state
        self.state_changed.emit(state)

    def _on_stats(self, key: frozenset[int], result: Any, error: Any) -> None:
        if error is not None:
            value = OddsResult(key, None, None, f"odds: {error}", 0.0)
        else:
            stats, registry, errors, seconds = result
            value = OddsResult(key, stats, registry, "; ".join(errors) or None, seconds)
        self.cache[key] = value
        if len(self.cache) > 256:
            self.cache.pop(next(iter(self.cache)))
        self.result_ready.emit(value)

    def _on_curve(self, result: Any, error: Any) -> None:
        if error is not None:
            self.reason = f"curve: {error}"
        self.curve = result if error is None else None
        self.curve_ready.emit(self.curve)

    def _next_job(self) -> None:
        if self.state == WARMING or self._busy:
            return
        if self._queue:
            key = self._queue.pop(0)
            if key in self.cache:
                self.result_ready.emit(self.cache[key])
                self._next_job()
                return
            self._submit(
                odds_jobs.stats,
                (
                    self.module_name,
                    key,
                    self._board,
                    self.config.event.cards_in_play,
                    self.state == READY,
                ),
                lambda result, error, key=key: self._on_stats(key, result, error),
            )
        elif self._curve_wanted and self.state == READY:
            self._curve_wanted = False
            self._submit(
                odds_jobs.curve,
                (self.module_name, self._board, self.config.event.cards_in_play),
                self._on_curve,
            )


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

    def curve_span(self) -> int:
        """Draws shown on the curve's axis: up to where it is flat near 100% (and past now)."""
        total = self.config.board.total_numbers
        if self.curve is None:
            return total
        flat = next(
            (
                int(t)
                for t, v in zip(self.curve.draws, self.curve.p_any, strict=False)
                if v >= 0.999
            ),
            total,
        )
        return min(total, max(10, flat + max(3, flat // 4), self.draw_count + 3))

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
        curve = self.curve
        if curve is not None:
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
