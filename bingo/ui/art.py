"""Drawing helpers shared by the widgets: fonts, Puyo-style outlined text, the background.

Everything expensive (scaling images, stroking big text) is rendered once into pixmaps keyed by
size, so an animation frame only blits pixmaps; the numbers' pictures are numberart's ArtCache.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
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
    inside `rect` in both width and height. Worked out once for a text, box, size, weight and
    flags (a banner, a title or a tile is painted again and again the same)."""
    px = max(1, round(max_px))  # whole pixels, as drawn: no size is skipped near the floor
    key = (text, rect.x(), rect.y(), rect.width(), rect.height(), px, int(weight), int(flags))
    found = _FITTED.get(key)
    if found is None:
        font = ui_font(px, weight)
        while px > 6 and not text_fits(font, rect, text, flags):
            px -= max(1, int(px * 0.06))
            font = ui_font(px, weight)
        if len(_FITTED) >= 2048:
            _FITTED.clear()
        found = _FITTED[key] = font
    return QFont(found)  # a copy: the caller may change it


_FITTED: dict[tuple, QFont] = {}  # fit_block's answers


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
