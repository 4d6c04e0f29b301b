"""Drawing helpers shared by the widgets: fonts, Puyo-style outlined text, cached number art.

Everything expensive (scaling images, stroking big text) is rendered once into pixmaps keyed by
size, so an animation frame only blits pixmaps.
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
from PySide6.QtWidgets import QWidget

from bingo.config import Config
from eventkit import fonts
from eventkit.images import ImageError, load_square, looked_for, qimage_of

FONT_FAMILIES = [
    fonts.FAMILY,  # shipped with the package; eventkit.qtruntime.make_app registers it
    "Noto Sans CJK JP",
    "Hiragino Sans",
    "Hiragino Kaku Gothic ProN",
    "Yu Gothic UI",
    "Yu Gothic",
    "Meiryo",
    "Noto Sans JP",
    "Noto Sans",
    "DejaVu Sans",
]

BACKGROUND_TOP = QColor("#0b0d1f")
BACKGROUND_BOTTOM = QColor("#1b1140")
PANEL = QColor(255, 255, 255, 16)
PANEL_BORDER = QColor(255, 255, 255, 40)
TEXT = QColor("#f4f2ff")
TEXT_DIM = QColor("#a9a3c9")
UNLIT_CELL = QColor("#1e1c38")
UNLIT_TEXT = QColor("#5d5888")
ACCENT_ERROR = QColor("#ff6b7a")


def new_pixmap(width: float, height: float, dpr: float = 1.0) -> QPixmap:
    """A transparent pixmap of `width` x `height` logical pixels, sharp on HiDPI screens."""
    pixmap = QPixmap(max(1, round(width * dpr)), max(1, round(height * dpr)))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    return pixmap


def ui_font(pixel_size: float, weight: QFont.Weight = QFont.Weight.Bold) -> QFont:
    """A font with Japanese glyphs where the system has one, sized in pixels (scales with H)."""
    font = QFont()
    font.setFamilies(FONT_FAMILIES)
    font.setPixelSize(max(1, round(pixel_size)))
    font.setWeight(weight)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


class TextLog:
    """Every piece of room-readable text drawn while `entries` is a list: the text, its font,
    the box it was drawn in and the painter's scale (tests measure the font against the box)."""

    entries: list[dict] | None = None

    @classmethod
    def start(cls) -> list[dict]:
        cls.entries = []
        return cls.entries

    @classmethod
    def stop(cls) -> None:
        cls.entries = None


def log_text(
    painter: QPainter,
    rect: QRectF,
    text: str,
    font: QFont,
    flags: int,
    ink: QRectF | None = None,
    drawn: str | None = None,
) -> None:
    """Note what was drawn where (only while TextLog is recording: a no-op at the show);
    `drawn` is the text as laid out (with its phrase marks) when it differs from `text`."""
    if TextLog.entries is None or not text:
        return
    device = painter.device()
    TextLog.entries.append(
        {
            "text": text,
            "drawn": drawn if drawn is not None else text,
            "font": QFont(font),
            "rect": QRectF(rect),
            "flags": int(flags),
            "ink": QRectF(ink) if ink is not None else None,
            "scale": painter.worldTransform().m22(),
            "device": type(device).__name__,
            "device_id": id(device),
            "transform": painter.worldTransform(),
            "bounds": _painted_bounds(painter),
        }
    )


def _painted_bounds(painter: QPainter) -> QRectF:
    """What of the painter's picture can show, in its own coordinates: the clip, else the
    device (a text outside it is cut however well it fits its box)."""
    if painter.hasClipping():
        return painter.clipBoundingRect()
    device = painter.device()
    w, h = float(device.width()), float(device.height())
    if not isinstance(device, QWidget):  # pixmaps and images count physical pixels
        w, h = w / device.devicePixelRatioF(), h / device.devicePixelRatioF()
    inverse, ok = painter.worldTransform().inverted()
    return inverse.mapRect(QRectF(0, 0, w, h)) if ok else QRectF(0, 0, w, h)


def wrapped(text: str, flags) -> str:
    """The text Qt lays out: with word wrap, breaks only between phrases (bingo.ui.phrases)."""
    if not int(flags) & int(Qt.TextFlag.TextWordWrap) or text.isascii():
        return text
    from bingo.ui.phrases import keep_phrases

    return keep_phrases(text)


def draw_text(painter: QPainter, rect: QRectF, flags, text: str) -> None:
    """painter.drawText(rect, flags, text) with the painter's font, noted for the tests."""
    laid = wrapped(text, flags)
    painter.drawText(rect, flags, laid)
    log_text(painter, rect, text, painter.font(), flags, drawn=laid)


def text_fits(font: QFont, rect: QRectF, text: str, flags=Qt.AlignmentFlag.AlignCenter) -> bool:
    """Whether `text` in `font` (wrapped when `flags` says so) stays inside `rect`."""
    box = QFontMetricsF(font).boundingRect(rect, int(flags), wrapped(text, flags))
    return box.width() <= rect.width() + 0.5 and box.height() <= rect.height() + 0.5


def fit_block(
    text: str,
    rect: QRectF,
    max_px: float,
    weight: QFont.Weight = QFont.Weight.Bold,
    flags=Qt.AlignmentFlag.AlignCenter,
) -> QFont:
    """The largest font up to `max_px` whose `text` (lines, wrapped when `flags` says so) fits
    inside `rect` in both width and height."""
    px = max(1, round(max_px))  # whole pixels, as drawn: no size is skipped near the floor
    font = ui_font(px, weight)
    while px > 6 and not text_fits(font, rect, text, flags):
        px -= max(1, int(px * 0.06))
        font = ui_font(px, weight)
    return font


def text_path(text: str, font: QFont, rect: QRectF, align: Qt.AlignmentFlag) -> QPainterPath:
    """The outline path of `text` placed in `rect` (horizontal alignment from `align`, v-centred)."""
    metrics = QFontMetricsF(font)
    width = metrics.horizontalAdvance(text)
    if align & Qt.AlignmentFlag.AlignLeft:
        x = rect.left()
    elif align & Qt.AlignmentFlag.AlignRight:
        x = rect.right() - width
    else:
        x = rect.center().x() - width / 2
    # Centre on the cap height, which looks centred for digits and Latin letters.
    cap = metrics.capHeight() or metrics.ascent() * 0.7
    y = rect.center().y() + cap / 2
    path = QPainterPath()
    path.addText(QPointF(x, y), font, text)
    return path


def fit_font(text: str, rect: QRectF, max_px: float, weight=QFont.Weight.Black) -> QFont:
    """The largest font up to `max_px` whose `text` fits in rect's width."""
    font = ui_font(max_px, weight)
    width = QFontMetricsF(font).horizontalAdvance(text)
    if width > rect.width() and width > 0:
        px = int(font.pixelSize() * rect.width() / width)
        font = ui_font(px, weight)
        while px > 1 and QFontMetricsF(font).horizontalAdvance(text) > rect.width():
            px -= 1  # widths do not scale exactly with the size: never wider than the rect
            font = ui_font(px, weight)
    return font


def condensed_font(text: str, width: float, max_px: float, weight=QFont.Weight.Black) -> QFont:
    """The font of `max_px` whose `text` fits `width`: narrowed first (down to 66 %, so 3-digit
    numbers keep the height of the others), made smaller only beyond that."""
    font = ui_font(max_px, weight)
    needed = QFontMetricsF(font).horizontalAdvance(text)
    if needed <= width or needed <= 0:
        return font
    stretch = max(66, int(100 * width / needed))
    font.setStretch(stretch)
    needed = QFontMetricsF(font).horizontalAdvance(text)
    if needed > width:
        font.setPixelSize(max(1, int(font.pixelSize() * width / needed)))
    return font


def draw_outlined_text(
    painter: QPainter,
    rect: QRectF,
    text: str,
    font: QFont,
    fill: QColor,
    outline: QColor,
    shadow: QColor | None = None,
    outline_ratio: float = 0.09,
    shadow_ratio: float = 0.07,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
) -> None:
    """Text with a thick outline and a drop shadow, as the Puyo column letters are drawn."""
    size = font.pixelSize()
    path = text_path(text, font, rect, align)
    width = max(1.0, size * outline_ratio)
    ink = path.boundingRect().adjusted(-width, -width, width, width)
    log_text(painter, rect, text, font, int(align), ink)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if shadow is not None:
        offset = size * shadow_ratio
        shadow_path = path.translated(offset * 0.6, offset)
        painter.setPen(
            QPen(
                shadow,
                width * 2,
                Qt.PenStyle.SolidLine,
                Qt.PenCapStyle.RoundCap,
                Qt.PenJoinStyle.RoundJoin,
            )
        )
        painter.setBrush(shadow)
        painter.drawPath(shadow_path)
    painter.setPen(
        QPen(
            outline,
            width * 2,
            Qt.PenStyle.SolidLine,
            Qt.PenCapStyle.RoundCap,
            Qt.PenJoinStyle.RoundJoin,
        )
    )
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    painter.setPen(Qt.PenStyle.NoPen)
    gradient = QLinearGradient(path.boundingRect().topLeft(), path.boundingRect().bottomLeft())
    gradient.setColorAt(0.0, fill.lighter(135))
    gradient.setColorAt(0.55, fill)
    gradient.setColorAt(1.0, fill.darker(115))
    painter.setBrush(gradient)
    painter.drawPath(path)
    painter.restore()


def paint_background(painter: QPainter, rect: QRectF, config: Config) -> None:
    """The dark show background with soft Puyo-coloured glows in the corners."""
    gradient = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    gradient.setColorAt(0.0, BACKGROUND_TOP)
    gradient.setColorAt(1.0, BACKGROUND_BOTTOM)
    painter.fillRect(rect, gradient)
    fills = [QColor(c) for c in config.columns.fill]
    spots = [(0.05, 0.15, 0.35), (0.95, 0.1, 0.3), (0.1, 0.95, 0.4), (0.9, 0.9, 0.35)]
    for i, (fx, fy, fr) in enumerate(spots):
        colour = QColor(fills[i % len(fills)])
        colour.setAlpha(38)
        centre = QPointF(rect.left() + fx * rect.width(), rect.top() + fy * rect.height())
        radius = fr * rect.height()
        glow = QRadialGradient(centre, radius)
        glow.setColorAt(0.0, colour)
        colour.setAlpha(0)
        glow.setColorAt(1.0, colour)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(glow)
        painter.drawEllipse(centre, radius, radius)


def paint_panel(painter: QPainter, rect: QRectF, radius: float) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(QPen(PANEL_BORDER, max(1.0, radius * 0.08)))
    painter.setBrush(PANEL)
    painter.drawRoundedRect(rect, radius, radius)
    painter.restore()


class ArtCache:
    """Per-number pictures (image, column letter, number) rendered once per size."""

    def __init__(self, config: Config, warn: Callable[[str], None] | None = None) -> None:
        self.config = config
        self._warn = warn or (lambda message: None)
        # one scaled copy per file, with the side it was loaded for (None: unreadable, warned)
        self._images: dict[Path, tuple[QImage | None, int]] = {}
        self._cells: dict[tuple, QPixmap] = {}
        self._letters: dict[tuple, QPixmap] = {}
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
                self._warn(f"{exc}: its numbers are drawn plain")
                image, side = None, 0
            cached = self._images[path] = (image, side)
        return cached[0]

    def clear(self) -> None:
        self._cells.clear()
        self._letters.clear()

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
        board, the one that fits its widest number (so 100..150 are as big as 7 or 42)."""
        digits = len(str(self.config.board.total_numbers))
        widest = max(
            ("0" * digits, "8" * digits, str(self.config.board.total_numbers)),
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
        pixmap = new_pixmap(width, height, self.dpr)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        rect = QRectF(0, 0, width, height)
        radius = min(width, height) * 0.12
        clip = QPainterPath()
        clip.addRoundedRect(rect, radius, radius)
        column = self.column(number)
        if lit:
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
                    QPointF(
                        (width - scaled.width() / dpr) / 2, (height - scaled.height() / dpr) / 2
                    ),
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
        else:
            p.setPen(QPen(QColor(255, 255, 255, 18), max(1.0, min(width, height) * 0.02)))
            p.setBrush(UNLIT_CELL)
            p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
            text = str(number)
            p.setFont(self.cell_font(number, width, height, False, big_digits))
            p.setPen(UNLIT_TEXT)
            draw_text(p, rect, Qt.AlignmentFlag.AlignCenter, text)
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
