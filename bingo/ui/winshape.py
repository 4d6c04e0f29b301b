"""The winning shape on the wall: a small card with `threshold` marked cells joined up, down, left
or right (the Puyo rule), and a caption. Shown in the idle reel and in the help, so a newcomer
sees at a glance that any connected shape wins, not only a line."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from bingo.ui.art import TEXT, draw_text, ui_font, wrapped

WIN_TEXT = {
    "ja": ("{n}マスつながればビンゴ！", "たて・よこに、どんな形でも"),
    "en": ("{n} cells joined = BINGO!", "up, down, left, right: any shape"),
}
UNMARKED = QColor("#2a2650")


def win_cells(size: int, threshold: int) -> list[tuple[int, int]]:
    """`threshold` connected cells (row, column) on a size x size card, bent so it is plainly not
    a line: a staircase (an S for 4) centred on the card, or rows snaking when it is too long."""
    threshold = max(1, min(threshold, size * size))
    if threshold <= 2 * size - 1:
        rows_used = (threshold + 1) // 2
        cols_used = threshold // 2 + 1
        r0, c0 = (size - rows_used) // 2, (size - cols_used) // 2
        return [(r0 + i // 2, c0 + (i + 1) // 2) for i in range(threshold)]
    snake = []
    for r in range(size):
        columns = range(size) if r % 2 == 0 else range(size - 1, -1, -1)
        snake.extend((r, c) for c in columns)
    return snake[:threshold]


def win_caption(language: str, threshold: int) -> tuple[str, str]:
    first, second = WIN_TEXT.get(language, WIN_TEXT["ja"])
    return first.format(n=threshold), second


def paint_win_shape(p: QPainter, box: QRectF, art, strings, screen_h: float) -> dict[str, QRectF]:
    """The card picture over the caption inside `box` (text no smaller than 2.7 % of
    `screen_h`); returns where each part went."""
    board = art.config.board
    size = board.size
    language = getattr(strings, "language", "ja")
    caption = win_caption(language, board.threshold)
    least = screen_h * 0.027  # the least the room reads
    flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
    fonts = [
        ui_font(max(least * 1.1, min(box.width() * 0.08, box.height() * 0.09)), QFont.Weight.Black),
        ui_font(max(least, min(box.width() * 0.065, box.height() * 0.075)), QFont.Weight.Bold),
    ]
    heights = [
        QFontMetricsF(f)
        .boundingRect(QRectF(0, 0, box.width(), 10000), int(flags), wrapped(t, flags))
        .height()
        for f, t in zip(fonts, caption, strict=True)
    ]
    caption_h = sum(heights) + box.height() * 0.02
    grid_side = max(1.0, min(box.width() * 0.9, box.height() - caption_h - box.height() * 0.06))
    grid = QRectF(
        box.center().x() - grid_side / 2, box.top() + box.height() * 0.02, grid_side, grid_side
    )
    text_box = QRectF(box.left(), grid.bottom() + box.height() * 0.03, box.width(), caption_h)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    cell = grid_side / size
    marked = set(win_cells(size, board.threshold))
    free = (size // 2, size // 2) if board.free_center else None
    colour = art.fill(0)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(255, 255, 255, 20))
    p.drawRoundedRect(
        grid.adjusted(-cell * 0.1, -cell * 0.1, cell * 0.1, cell * 0.1), cell * 0.2, cell * 0.2
    )
    for r in range(size):
        for c in range(size):
            rect = QRectF(grid.left() + c * cell, grid.top() + r * cell, cell, cell)
            inner = rect.adjusted(cell * 0.08, cell * 0.08, -cell * 0.08, -cell * 0.08)
            if (r, c) == free and (r, c) not in marked:
                p.setBrush(QColor(255, 255, 255, 70))
                p.drawRoundedRect(inner, cell * 0.15, cell * 0.15)
                continue
            if (r, c) not in marked:
                p.setBrush(UNMARKED)
                p.drawRoundedRect(inner, cell * 0.15, cell * 0.15)
    # The group joined as Puyo are: bridges between neighbours, then the blobs with eyes.
    p.setBrush(colour)
    for r, c in marked:
        centre = QPointF(grid.left() + (c + 0.5) * cell, grid.top() + (r + 0.5) * cell)
        for dr, dc in ((0, 1), (1, 0)):
            if (r + dr, c + dc) in marked:
                if dc:
                    bridge = QRectF(centre.x(), centre.y() - cell * 0.22, cell, cell * 0.44)
                else:
                    bridge = QRectF(centre.x() - cell * 0.22, centre.y(), cell * 0.44, cell)
                p.drawRect(bridge)
    for r, c in marked:
        centre = QPointF(grid.left() + (c + 0.5) * cell, grid.top() + (r + 0.5) * cell)
        p.setPen(QPen(colour.darker(170), max(1.0, cell * 0.05)))
        p.setBrush(colour)
        p.drawEllipse(centre, cell * 0.42, cell * 0.42)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#ffffff"))
        for dx in (-0.14, 0.14):
            p.drawEllipse(
                QPointF(centre.x() + dx * cell, centre.y() - cell * 0.05), cell * 0.09, cell * 0.11
            )
        p.setBrush(QColor("#14101f"))
        for dx in (-0.12, 0.16):
            p.drawEllipse(
                QPointF(centre.x() + dx * cell, centre.y() - cell * 0.03), cell * 0.045, cell * 0.06
            )
    p.setPen(TEXT)
    first = QRectF(text_box.left(), text_box.top(), text_box.width(), heights[0])
    second = QRectF(text_box.left(), first.bottom(), text_box.width(), heights[1])
    p.setFont(fonts[0])
    draw_text(p, first, flags, caption[0])
    p.setPen(QColor("#d9d4f5"))
    p.setFont(fonts[1])
    draw_text(p, second, flags, caption[1])
    p.restore()
    return {"grid": grid, "caption": text_box}
