"""The numbers' pictures on the projector, rendered once per size: a number's cell (its image
behind the number in its column's colours, lit or unlit) and the column letters. The reel, the
board and the card check blit them, so an animation frame only copies pixmaps.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
)

from bingo.config import Config
from bingo.ui.art import (
    UNLIT_CELL,
    UNLIT_TEXT,
    condensed_font,
    draw_outlined_text,
    draw_text,
    fit_font,
    new_pixmap,
    ui_font,
)
from eventkit.images import TEXTS, ImageError, load_square, looked_for, qimage_of
from eventkit.tomlconf import phrase


class ArtCache:
    """Per-number pictures (image, column letter, number) rendered once per size."""

    def __init__(self, config: Config, warn: Callable[[str], None] | None = None) -> None:
        self.config = config
        self._warn = warn or (lambda message: None)
        # one scaled copy per file, with the side it was loaded for (None: unreadable, warned)
        self._images: dict[Path, tuple[QImage | None, int]] = {}
        self._cells: dict[tuple, QPixmap] = {}
        self._letters: dict[tuple, QPixmap] = {}
        self._cell_fonts: dict[tuple, QFont] = {}
        self._unlit_grounds: dict[tuple, QPixmap] = {}
        self.dpr = 1.0
        self._check_images()

    def set_dpr(self, dpr: float) -> None:
        """Render for this device pixel ratio from now on (the screen's scaling)."""
        if dpr > 0 and dpr != self.dpr:
            self.dpr = dpr
            self.clear()

    def _check_images(self) -> None:
        total = self.config.board.total_numbers
        missing = [n for n in range(1, total + 1) if self.config.image_path(n) is None]
        if missing:
            names = self.config.columns.names
            example = self.config.board.image_stem(missing[0], names)
            self._warn(
                f"{len(missing)} of {total} number images are missing in "
                f"{self.config.pictures().folder} (e.g. {looked_for(example)}): those numbers "
                "are drawn as plain cells (`bingo check-config` names each)"
            )

    # ---------------------------------------------------------------- colours
    def column(self, number: int) -> int:
        return self.config.board.column_of(number)

    def fill(self, column: int) -> QColor:
        return QColor(self.config.columns.fill[column])

    def outline(self, column: int) -> QColor:
        return QColor(self.config.columns.outline[column])

    def shadow(self, column: int) -> QColor:
        return QColor(self.config.columns.shadow[column])

    def text_colour(self, number: int) -> QColor:
        return QColor(self.config.text_color_of(number))

    # ---------------------------------------------------------------- images
    def image(self, number: int, side: int = 256) -> QImage | None:
        """The number's picture scaled once to `side` device pixels (the cell it is drawn in);
        only a larger cell loads the file again. Full-size pictures are never kept."""
        path = self.config.image_path(number)
        if path is None:
            return None
        cached = self._images.get(path)
        if cached is None or (cached[0] is not None and cached[1] < side):
            try:
                image = qimage_of(load_square(path, side))
            except ImageError as exc:
                self._warn(phrase(TEXTS, "drawn_plain", problem=exc))
                image, side = None, 0
            cached = self._images[path] = (image, side)
        return cached[0]

    def clear(self) -> None:
        self._cells.clear()
        self._letters.clear()
        self._unlit_grounds.clear()

    # ---------------------------------------------------------------- number cells
    def has_cell(self, number: int, width: int, height: int, lit: bool = True) -> bool:
        return (number, width, height, lit, False) in self._cells

    def cell(
        self, number: int, width: int, height: int, lit: bool = True, big_digits: bool = False
    ) -> QPixmap:
        """A rounded cell: the number's image as background and the number in its colour.

        `big_digits` fills the cell with the number (the board, read from the back of the room);
        otherwise the picture keeps most of the cell (the reel, the card check).
        """
        key = (number, width, height, lit, big_digits)
        pixmap = self._cells.get(key)
        if pixmap is None:
            pixmap = self._render_cell(number, width, height, lit, big_digits)
            if len(self._cells) > 2000:
                self._cells.clear()
            self._cells[key] = pixmap
        return pixmap

    def cell_font(
        self, number: int, width: int, height: int, lit: bool = True, big_digits: bool = False
    ) -> QFont:
        """The font of the numbers on cells of this size: one size for every number of the
        board, the one that fits its widest number (so 100..150 are as big as 7 or 42). Worked
        out once per size (a board's first frame asks it for each of its cells)."""
        total = self.config.board.total_numbers
        key = (total, width, height, lit, big_digits)
        font = self._cell_fonts.get(key)
        if font is None:
            font = self._cell_fonts[key] = self._fit_cell_font(
                total, width, height, lit, big_digits
            )
        return QFont(font)  # a copy: the caller may change it

    def _fit_cell_font(
        self, total: int, width: int, height: int, lit: bool, big_digits: bool
    ) -> QFont:
        digits = len(str(total))
        widest = max(
            ("0" * digits, "8" * digits, str(total)),
            key=lambda t: QFontMetricsF(ui_font(100)).horizontalAdvance(t),
        )
        if lit:
            share, ratio, weight = (
                (0.9, 0.76, QFont.Weight.Black) if big_digits else (0.8, 0.56, QFont.Weight.Black)
            )
        else:
            share, ratio, weight = (
                (0.9, 0.72, QFont.Weight.Bold) if big_digits else (0.76, 0.46, QFont.Weight.Bold)
            )
        return condensed_font(widest, width * share, height * ratio, weight)

    def _render_cell(
        self, number: int, width: int, height: int, lit: bool, big_digits: bool = False
    ) -> QPixmap:
        if not lit:
            return self._render_unlit(number, width, height, big_digits)
        pixmap = new_pixmap(width, height, self.dpr)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        rect = QRectF(0, 0, width, height)
        radius = min(width, height) * 0.12
        clip = QPainterPath()
        clip.addRoundedRect(rect, radius, radius)
        column = self.column(number)
        p.setClipPath(clip)
        dpr = self.dpr
        image = self.image(number, round(max(width, height) * dpr))
        if image is not None:
            scaled = image.scaled(
                round(width * dpr),
                round(height * dpr),
                Qt.AspectRatioMode.KeepAspectRatioByExpanding,
                Qt.TransformationMode.SmoothTransformation,
            )
            scaled.setDevicePixelRatio(dpr)
            p.drawImage(
                QPointF((width - scaled.width() / dpr) / 2, (height - scaled.height() / dpr) / 2),
                scaled,
            )
        else:
            gradient = QLinearGradient(rect.topLeft(), rect.bottomLeft())
            gradient.setColorAt(0.0, self.fill(column).lighter(115))
            gradient.setColorAt(1.0, self.fill(column).darker(160))
            p.fillRect(rect, gradient)
        # A soft dark vignette so the number reads on any picture.
        veil = QRadialGradient(rect.center(), max(width, height) * 0.62)
        veil.setColorAt(0.0, QColor(0, 0, 0, 95))
        veil.setColorAt(1.0, QColor(0, 0, 0, 10))
        p.fillRect(rect, veil)
        p.setClipping(False)
        p.setPen(QPen(self.outline(column).lighter(130), max(1.0, min(width, height) * 0.03)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
        text = str(number)
        draw_outlined_text(
            p,
            rect,
            text,
            self.cell_font(number, width, height, True, big_digits),
            self.text_colour(number),
            QColor("#14101f"),
            QColor(0, 0, 0, 150),
            outline_ratio=0.085,
            shadow_ratio=0.06,
        )
        p.end()
        return pixmap

    def _unlit_ground(self, width: int, height: int) -> QPixmap:
        """An unlit cell without its number: the same for every number of a size, drawn once
        (a board's first frame shows all its cells unlit; each one had drawn it afresh)."""
        key = (width, height, self.dpr)
        ground = self._unlit_grounds.get(key)
        if ground is None:
            ground = new_pixmap(width, height, self.dpr)
            p = QPainter(ground)
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            radius = min(width, height) * 0.12
            p.setPen(QPen(QColor(255, 255, 255, 18), max(1.0, min(width, height) * 0.02)))
            p.setBrush(UNLIT_CELL)
            p.drawRoundedRect(QRectF(1, 1, width - 2, height - 2), radius, radius)
            p.end()
            self._unlit_grounds[key] = ground
        return ground

    def _render_unlit(self, number: int, width: int, height: int, big_digits: bool) -> QPixmap:
        pixmap = self._unlit_ground(width, height).copy()  # its own pixels, the same dpr
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        p.setFont(self.cell_font(number, width, height, False, big_digits))
        p.setPen(UNLIT_TEXT)
        draw_text(p, QRectF(0, 0, width, height), Qt.AlignmentFlag.AlignCenter, str(number))
        p.end()
        return pixmap

    # ---------------------------------------------------------------- column letters
    def letter(self, column: int, width: int, height: int) -> QPixmap:
        """The column letter in its outline, fill and shadow colours on a transparent pixmap."""
        key = (column, width, height)
        pixmap = self._letters.get(key)
        if pixmap is None:
            pixmap = new_pixmap(width, height, self.dpr)
            p = QPainter(pixmap)
            rect = QRectF(0, 0, width, height)
            name = self.config.columns.names[column]
            font = fit_font(name, rect.adjusted(width * 0.08, 0, -width * 0.08, 0), height * 0.78)
            draw_outlined_text(
                p,
                rect,
                name,
                font,
                self.fill(column),
                self.outline(column),
                self.shadow(column),
                outline_ratio=0.075,
                shadow_ratio=0.08,
            )
            p.end()
            self._letters[key] = pixmap
        return pixmap
