"""The slot reel: spins through numbers with their pictures and lands on the drawn one.

The number is decided (and journaled) by the session before `spin_to` is called; the reel only
reveals it. Motion comes from a QVariantAnimation with an ease-out curve; every frame blits
pre-rendered pixmaps (the static frame, the items and the shading are cached per size). Nothing
is drawn for the first time during a spin: the numbers' pictures are drawn ahead at the size the
reel spins at (`spin_size`, which the window gives while the idle frame is taller), and the
frame, shade and caption before the animation starts (benchmarks/bench_evening_frames.py
--trace). A spin from the idle frame (the first of a game) changes the frame's shape and the
window round it: that frame is painted before the numbers move, so the animation's first tick
never waits for it (`FIRST_FRAME_WAIT_MS`). Python's collector waits while the reel spins, and what start-up made is frozen once
the pictures are drawn ahead (`reel_gc`).
The machine round the numbers (frame, caption, lamps, glow) is painted by reel_frame's ReelFrame;
where things sit (the frame, the numbers, the idle panels) is reel_geometry's ReelGeometry.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import (
    QEasingCurve,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPixmap
from PySide6.QtWidgets import QWidget

from bingo.ui import reel_gc
from bingo.ui.numberart import ArtCache
from bingo.ui.reel_frame import ReelFrame
from bingo.ui.reel_geometry import ReelGeometry
from bingo.ui.winshape import paint_win_shape

NEIGHBOUR_OPACITY = 0.35  # the numbers above and below the landed one, once it stands still
# A spin from the idle frame starts moving once the frame's new shape is painted, or after this
# long if no paint comes (a window that is not exposed).
FIRST_FRAME_WAIT_MS = 100


class SlotReel(ReelGeometry, ReelFrame, QWidget):
    """A QPainter slot reel; `landed(number)` fires when the drawn number is shown."""

    landed = Signal(int)
    tick = Signal()
    drawn_ahead = Signal()  # every picture is drawn at the spin's size, and the reel stands still

    def __init__(
        self,
        art: ArtCache,
        frame_colour: str,
        spin_seconds: float,
        strings,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.art = art
        self.strings = strings
        self.frame_colour = QColor(frame_colour)
        self.spin_seconds = spin_seconds
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self._strip: list[int] = []
        self._pos = 0.0
        self._target: int | None = None
        self._draw_index = 0
        self._glow = 0.0
        self.background: Callable[[QPainter], None] | None = None
        self.join_wanted = False  # the join badge takes part of the idle frame
        # The size the window gives the reel once numbers show (the idle frame may be taller):
        # the pictures are drawn ahead at that size, so the first spin finds them ready.
        self.spin_size: Callable[[], QSize] | None = None
        self._static: QPixmap | None = None
        self._shade: QPixmap | None = None
        self._caption: QPixmap | None = None
        self._visual_rng = random.Random()
        self._last_tick_index = 0
        self._prerender_queue: list[int] = []
        self._prerender_timer = QTimer(self)
        self._prerender_timer.setInterval(0)
        self._prerender_timer.timeout.connect(self._prerender_some)
        self._painted = False  # the pictures are drawn ahead only after the first frame is up
        # A spin from the idle frame waits for the frame's new shape to be painted (the first
        # spin of a game: the whole reel and the panels round it change in that frame).
        self._start_pending = False
        self._start_timer = QTimer(self)
        self._start_timer.setSingleShot(True)
        self._start_timer.setInterval(FIRST_FRAME_WAIT_MS)
        self._start_timer.timeout.connect(self._start_moving)

        self.animation = QVariantAnimation(self)
        self.animation.setEasingCurve(QEasingCurve.Type.OutQuart)
        self.animation.valueChanged.connect(self._on_value)
        self.animation.finished.connect(self._on_finished)
        reel_gc.follow(self.animation)
        self.glow_animation = QVariantAnimation(self)
        self.glow_animation.setStartValue(1.0)
        self.glow_animation.setEndValue(0.0)
        self.glow_animation.setDuration(1200)
        self.glow_animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        self.glow_animation.valueChanged.connect(self._on_glow)
        self.glow_animation.finished.connect(self._settle)

    # ---------------------------------------------------------------- public API
    @property
    def spinning(self) -> bool:
        """A spin is under way: moving, or about to (its first frame being painted)."""
        return self._start_pending or self.animation.state() == QVariantAnimation.State.Running

    @property
    def settled(self) -> bool:
        """Landed and the landing glow has faded: what a still frame of the reel looks like."""
        stopped = QVariantAnimation.State.Stopped
        return (
            not self._start_pending
            and self.animation.state() == stopped
            and self.glow_animation.state() == stopped
        )

    @property
    def shown_number(self) -> int | None:
        return None if self.spinning else self._target

    def spin_to(self, number: int, draw_index: int) -> None:
        """Spin and land on `number` (already drawn and journaled by the session)."""
        if self.spinning:
            self.land_now()
        total = self.art.config.board.total_numbers
        passes = max(8, round(self.spin_seconds * 9))
        # Pass by pictures that are already rendered, so no frame waits for a picture.
        _, h, _ = self._item_size(self._ahead_size())
        pool = [n for n in range(1, total + 1) if self.art.has_cell(n, h, h)]
        if len(pool) < 6:  # just started: render a few now (a one-off ~50 ms before the spin)
            extra = self._visual_rng.sample(range(1, total + 1), min(total, 6))
            self._ensure_rendered(extra)
            pool = sorted(set(pool) | set(extra))
        strip = [self._target] if self._target is not None else []
        while len(strip) < passes:
            n = self._visual_rng.choice(pool)
            if not strip or n != strip[-1]:
                strip.append(n)
        strip.append(number)
        strip.append(self._visual_rng.choice(pool))
        self._ensure_rendered(strip)
        was_idle = self.idle
        self._strip = strip
        self._target = number
        self._draw_index = draw_index
        self._caption = None
        self._last_tick_index = 0
        self.glow_animation.stop()
        self._glow = 0.0
        self.animation.stop()
        # Set up silently: Qt says the new values at once (a value and a tick before the spin,
        # which the frame counts took for its first frame); the values come from start() on.
        self.animation.blockSignals(True)
        self.animation.setStartValue(0.0)
        self.animation.setEndValue(float(len(strip) - 2))
        self.animation.setDuration(max(1, round(self.spin_seconds * 1000)))
        self.animation.blockSignals(False)
        self._pos = 0.0
        if was_idle:
            self.invalidate()
        self._frame_parts()  # drawn now, so the spin's first frame only copies them
        if was_idle and self.isVisible():
            # The frame leaves its idle shape (and the window its idle layout): painted first,
            # standing at the strip's start, then the numbers move (_start_moving).
            self._start_pending = True
            reel_gc.COLLECTOR.spin_started(id(self.animation))  # held from now, as a spin
            self._start_timer.start()
            self.update()
        else:
            self.animation.start()

    def land_now(self) -> None:
        """Stop the spin at once on the drawn number (the operator pressed draw again)."""
        if self.spinning:
            self._cancel_start()
            self.animation.stop()
            self._land()

    def show_number(self, number: int | None, draw_index: int) -> None:
        """Show `number` standing still (resume, undo, new game: None shows the start prompt)."""
        self._cancel_start()
        self.animation.stop()
        self.glow_animation.stop()
        self._glow = 0.0
        was_idle = self.idle
        self._target = number
        self._draw_index = draw_index
        self._caption = None
        total = self.art.config.board.total_numbers
        if number is None:
            self._strip = []
        else:
            self._strip = [
                self._visual_rng.randint(1, total),
                number,
                self._visual_rng.randint(1, total),
            ]
        self._pos = 1.0
        if was_idle != self.idle:
            self.invalidate()
        self.update()

    def invalidate(self) -> None:
        """Forget the cached frame parts (background moved, screen scaling changed)."""
        self._static = None
        self._shade = None
        self._caption = None
        self._schedule_prerender()
        self.update()

    # ---------------------------------------------------------------- animation
    def _start_moving(self) -> None:
        """The spin's first frame is out (or did not come in time): the numbers move."""
        if self._start_pending:
            self._start_pending = False
            self._start_timer.stop()
            self.animation.start()

    def _cancel_start(self) -> None:
        """A spin that had not moved yet is landed or stopped: the collector goes back."""
        if self._start_pending:
            self._start_pending = False
            self._start_timer.stop()
            reel_gc.COLLECTOR.spin_ended(id(self.animation))

    def _on_value(self, value: float) -> None:
        self._pos = float(value)
        index = int(self._pos + 0.5)
        if index != self._last_tick_index:
            self._last_tick_index = index
            self.tick.emit()
        self.update()

    def _on_finished(self) -> None:
        self._land()

    def _land(self) -> None:
        self._pos = float(len(self._strip) - 2)
        self._glow = 1.0
        self.glow_animation.start()
        if self._prerender_queue and self._painted:  # held back during the spin
            self._prerender_timer.start()
        self.update()
        if self._target is not None:
            self.landed.emit(self._target)

    def _on_glow(self, value: float) -> None:
        self._glow = float(value)
        self.update()

    def resizeEvent(self, event) -> None:
        self._static = None
        self._shade = None
        self._caption = None
        self._schedule_prerender()
        super().resizeEvent(event)

    def _ahead_size(self) -> QSize:
        """The size the pictures are drawn ahead for: the spin's while idle, else the reel's."""
        if self.idle and self.spin_size is not None:
            size = self.spin_size()
            if size.width() > 0 and size.height() > 0:
                return size
        return self.size()

    def _schedule_prerender(self) -> None:
        total = self.art.config.board.total_numbers
        self._prerender_queue = list(range(total, 0, -1))
        if self._painted:  # else the first paint starts it: the show's first frame comes first
            self._prerender_timer.start()

    def _is_cached(self, number: int) -> bool:
        _, h, _ = self._item_size(self._ahead_size())
        return self.art.has_cell(number, h, h)

    def _prerender_some(self) -> None:
        """Render one number's picture per idle turn of the event loop (never during a spin:
        the landing takes it up again). The last one done, start-up is over (`_settle`)."""
        if self.spinning or not self._prerender_queue:
            self._prerender_timer.stop()
            if not self.spinning:
                self._settle()
            return
        letter_w, h, _ = self._item_size(self._ahead_size())
        n = self._prerender_queue.pop()
        self.art.letter(self.art.column(n), letter_w, h)
        self.art.cell(n, h, h)

    def _settle(self) -> None:
        """The pictures are drawn ahead and nothing moves: the window draws its own ahead
        (`drawn_ahead`), then the collector's one-off full collection and freeze of what
        start-up made (reel_gc) happen now, unseen."""
        if self._painted and not self._prerender_queue and self.settled:
            self.drawn_ahead.emit()
            reel_gc.COLLECTOR.settle()

    def _ensure_rendered(self, numbers: list[int]) -> None:
        letter_w, h, _ = self._item_size(self._ahead_size())
        for n in numbers:
            self.art.letter(self.art.column(n), letter_w, h)
            self.art.cell(n, h, h)

    def _frame_parts(self) -> dict[str, QRectF]:
        """The layout, with the frame, the shade and the caption drawn if they are not."""
        lay = self._layout()
        if self.width() <= 0 or self.height() <= 0:
            return lay
        if self._static is None:
            self._static = self._build_static()
        if self._shade is None:
            self._shade = self._build_shade(lay["window"])
        if self._caption is None:
            self._caption = self._build_caption(lay["caption"])
        return lay

    def paintEvent(self, event) -> None:
        lay = self._frame_parts()
        window = lay["window"]
        p = QPainter(self)
        p.drawPixmap(0, 0, self._static)
        p.drawPixmap(lay["caption"].topLeft(), self._caption)
        p.save()
        clip = QPainterPath()
        clip.addRoundedRect(window, 6, 6)
        p.setClipPath(clip)
        letter_w, h, _ = self._item_size()
        spacing = h * 1.08
        pair_w = letter_w + h * 1.04
        x0 = window.center().x() - pair_w / 2
        cy = window.center().y()
        if self._strip:
            first = max(0, int(self._pos) - 2)
            last = min(len(self._strip) - 1, int(self._pos) + 3)
            landed = len(self._strip) - 2
            for k in range(first, last + 1):
                y = cy + (self._pos - k) * spacing - h / 2
                if y > window.bottom() or y + h < window.top():
                    continue
                n = self._strip[k]
                dim = not self.spinning and k != landed
                p.setOpacity(NEIGHBOUR_OPACITY if dim else 1.0)
                p.drawPixmap(QPointF(x0, y), self.art.letter(self.art.column(n), letter_w, h))
                p.drawPixmap(QPointF(x0 + letter_w + h * 0.04, y), self.art.cell(n, h, h))
            p.setOpacity(1.0)
            p.drawPixmap(window.topLeft(), self._shade)
        else:
            _, shape = self.idle_areas()
            paint_win_shape(p, shape, self.art, self.strings, self.window().height())
        p.restore()
        self._paint_lamps(p, lay)
        self._paint_paylines(p, window, h)
        if self._glow > 0.0:
            self._paint_glow(p, window, pair_w, h)
        p.end()
        if self._start_pending:  # the spin's first frame: out once this paint is flushed
            QTimer.singleShot(0, self, self._start_moving)
        if not self._painted:
            self._painted = True
            if self._prerender_queue:
                self._prerender_timer.start()
