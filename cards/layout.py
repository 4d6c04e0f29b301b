"""Where things go on a page and on a card, in PDF points (origin bottom-left).

Pure geometry shared by the PDF and the PNG renderers, so both draw the same card.
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.texts import TABLES
from eventkit.errors import UserError
from eventkit.tomlconf import refused

MM = 72.0 / 25.4  # points per millimetre

# Page sizes in millimetres, portrait. "B5" is JIS B5, the size Japanese print shops and
# copiers call B5; "B5-ISO" is the slightly smaller ISO 216 B5.
PAGE_SIZES_MM = {
    "A4": (210.0, 297.0),
    "A3": (297.0, 420.0),
    "B5": (182.0, 257.0),
    "B5-ISO": (176.0, 250.0),
    "Letter": (215.9, 279.4),
}
# cards per page -> (columns, rows, landscape page)
PAGE_GRIDS = {1: (1, 1, False), 2: (2, 1, True), 4: (2, 2, False), 6: (2, 3, False)}

NO_INK_MM = 5.0  # office printers clip this much at every paper edge: nothing is printed there
MARK_LEN_MM = 4.0  # length of a cut mark
MARK_GAP_MM = 2.0  # cut marks stop this far short of the bleed (or of the trim line)
SAFE_MM = 3.0  # inside each card's cut line only background; the panel and text stay inside
CARD_EDGE_MM = SAFE_MM + 1.0  # the panel's frame and shadow sit this far (or more) inside the cut
# A card's QR code is at least this wide: a phone held at arm's length over a table reads it
# (10.8 mm failed 5 of 40 decodes at 120-140 dpi; benchmarks/bench_cards_qr.py measures this).
QR_MIN_MM = 20.0


# Legibility: a card's numbers are read at a glance at the table, its code typed from it.
MIN_NUMBER_PT = 9.0  # 2.3 mm digits; 10x10 on 6-up B5 printed 6 pt (1.5 mm) and read wrong
MIN_CODE_PT = 7.0  # the serial and phone code: on two lines when one line would be smaller


class LayoutError(UserError):
    """A page size or cards-per-page value that is not supported."""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def top(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class PageGeometry:
    """A sheet holding a grid of cards; `slots` are trim boxes, top-left card first."""

    width: float
    height: float
    bleed: float
    card_w: float
    card_h: float
    slots: tuple[tuple[float, float], ...]  # lower-left corner of each card's trim box
    cut_xs: tuple[float, ...]  # every vertical trim line
    cut_ys: tuple[float, ...]  # every horizontal trim line
    margin: float  # paper edge to the outermost trim line

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        """The outer trim lines of the card block: (x0, y0, x1, y1)."""
        return (self.cut_xs[0], self.cut_ys[0], self.cut_xs[-1], self.cut_ys[-1])

    @property
    def bleed_box(self) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.trim_box
        b = self.bleed
        return (x0 - b, y0 - b, x1 + b, y1 + b)


def page_geometry(page_size: str, per_page: int, bleed_mm: float = 0.0) -> PageGeometry:
    if page_size not in PAGE_SIZES_MM:
        raise refused(
            TABLES, "page_size", LayoutError, page_size=page_size, choices=", ".join(PAGE_SIZES_MM)
        )
    if per_page not in PAGE_GRIDS:
        raise refused(TABLES, "per_page", LayoutError, per_page=per_page)
    if not 0.0 <= bleed_mm <= 10.0:
        raise refused(TABLES, "bleed", LayoutError, bleed_mm=bleed_mm)
    w_mm, h_mm = PAGE_SIZES_MM[page_size]
    cols, rows, landscape = PAGE_GRIDS[per_page]
    if landscape:
        w_mm, h_mm = h_mm, w_mm
    width, height = w_mm * MM, h_mm * MM
    bleed = bleed_mm * MM
    # paper edge | no ink | cut mark | gap | bleed | trim line
    margin = (NO_INK_MM + MARK_LEN_MM + MARK_GAP_MM + bleed_mm) * MM
    gutter = 2 * bleed  # neighbouring bleeds meet but do not overlap
    card_w = (width - 2 * margin - (cols - 1) * gutter) / cols
    card_h = (height - 2 * margin - (rows - 1) * gutter) / rows
    slots = []
    for r in range(rows):
        for c in range(cols):
            x = margin + c * (card_w + gutter)
            y = height - margin - card_h - r * (card_h + gutter)
            slots.append((x, y))
    cut_xs = sorted({round(x, 4) for x, _ in slots} | {round(x + card_w, 4) for x, _ in slots})
    cut_ys = sorted({round(y, 4) for _, y in slots} | {round(y + card_h, 4) for _, y in slots})
    return PageGeometry(
        width, height, bleed, card_w, card_h, tuple(slots), tuple(cut_xs), tuple(cut_ys), margin
    )


@dataclass(frozen=True)
class CardGeometry:
    """One card in its own coordinates: (0, 0) is the lower-left corner of the trim box."""

    width: float
    height: float
    bleed: float
    panel: Rect  # the rounded panel holding everything
    title: Rect
    letters: tuple[Rect, ...]  # one box per column, above the grid
    grid: Rect
    cells: tuple[tuple[Rect, ...], ...]  # cells[row][col]; row 0 is the top row
    cell_radius: float
    footer: Rect
    serial: Rect
    rule: Rect  # the "connect 4" reminder
    qr: Rect | None
    number_size: float  # font size of the numbers
    letter_size: float


# Proportions, in units of the grid side G.
TITLE_K = 0.13  # title height
FOOTER_K = 0.15  # serial / rule / QR row under the grid
SIDE_K = 0.34  # serial / rule / QR column beside the grid, when the card is wide
GAP_K = 0.02
DIGIT_EM = 0.76  # widest digit advance of the shipped BIZ UDPGothic Bold, in ems


def _letters_k(size: int) -> float:
    return 0.62 / size + 0.04


def card_geometry(
    width: float,
    height: float,
    size: int,
    *,
    bleed: float = 0.0,
    qr: bool = False,
    max_digits: int = 2,
    digit_em: float = DIGIT_EM,
) -> CardGeometry:
    """Lay out a size x size card in a width x height trim box (points).

    The panel (and everything on it) keeps CARD_EDGE_MM from the cut line. Serial, rule and QR
    go under the grid on tall cards and into a column beside it on wide ones (6 per page),
    whichever leaves the bigger grid.
    """
    edge = max(CARD_EDGE_MM * MM, 0.04 * min(width, height))
    panel_pad = min(max(2.0 * MM, 0.035 * min(width, height) - edge * 0.5), 6.0 * MM)
    room_w = width - 2 * (edge + panel_pad)
    room_h = height - 2 * (edge + panel_pad)
    letters_k = _letters_k(size)
    column_k = 1.0 + TITLE_K + letters_k + 2 * GAP_K  # title, letters, grid
    qr_min = QR_MIN_MM * MM if qr else 0.0
    below = min(room_w, room_h / (column_k + FOOTER_K + GAP_K))
    if FOOTER_K * below < qr_min:  # the row under the grid grows to the QR code's size
        below = min(room_w, (room_h - qr_min) / (column_k + GAP_K))
    beside = min(room_w / (1.0 + SIDE_K + 2 * GAP_K), room_h / column_k)
    if SIDE_K * beside < qr_min:  # the column beside the grid grows to the QR code's size
        beside = min((room_w - qr_min) / (1.0 + 2 * GAP_K), room_h / column_k)
    side = beside > below * 1.03
    grid_side = beside if side else below
    gap = grid_side * GAP_K
    side_w = max(SIDE_K * grid_side, qr_min)
    footer_h = max(FOOTER_K * grid_side, qr_min)
    block_w = grid_side + (2 * gap + side_w if side else 0.0)
    block_h = grid_side * (column_k if side else column_k + GAP_K) + (0.0 if side else footer_h)
    left = (width - block_w) / 2
    top = (height + block_h) / 2

    title = Rect(left, top - TITLE_K * grid_side, block_w, TITLE_K * grid_side)
    letters_h = letters_k * grid_side
    letters_y = title.y - gap - letters_h
    grid = Rect(left, letters_y - gap - grid_side, grid_side, grid_side)
    step = grid_side / size
    inset = step * 0.04
    cells = tuple(
        tuple(
            Rect(
                grid.x + c * step + inset,
                grid.top - (r + 1) * step + inset,
                step - 2 * inset,
                step - 2 * inset,
            )
            for c in range(size)
        )
        for r in range(size)
    )
    letters = tuple(Rect(grid.x + c * step, letters_y, step, letters_h) for c in range(size))
    if side:
        footer = Rect(grid.x + grid_side + 2 * gap, grid.y, side_w, letters_y + letters_h - grid.y)
        serial = Rect(footer.x, footer.top - FOOTER_K * grid_side, footer.w, FOOTER_K * grid_side)
        qr_rect = Rect(footer.x, footer.y, footer.w, footer.w) if qr else None
        rule_bottom = qr_rect.top + gap if qr_rect else footer.y
        rule_h = max(0.0, min(serial.y - gap - rule_bottom, footer.w * 0.9))
        rule = Rect(footer.x, (serial.y - gap + rule_bottom - rule_h) / 2, footer.w, rule_h)
    else:
        footer = Rect(left, grid.y - gap - footer_h, grid_side, footer_h)
        qr_rect = Rect(footer.x + footer.w - footer_h, footer.y, footer_h, footer_h) if qr else None
        serial_w = grid_side * 0.42
        serial = Rect(footer.x, footer.y, serial_w, footer_h)
        rule_right = qr_rect.x - gap if qr_rect else footer.x + footer.w
        rule = Rect(
            serial.x + serial_w + gap, footer.y, rule_right - serial.x - serial_w - gap, footer_h
        )
    cell = step - 2 * inset
    number_size = min(cell * 0.58, cell * 0.84 / (digit_em * max(1, max_digits)))
    panel = Rect(
        left - panel_pad,
        top - block_h - panel_pad,
        block_w + 2 * panel_pad,
        block_h + 2 * panel_pad,
    )
    return CardGeometry(
        width=width,
        height=height,
        bleed=bleed,
        panel=panel,
        title=title,
        letters=letters,
        grid=grid,
        cells=cells,
        cell_radius=cell * 0.16,
        footer=footer,
        serial=serial,
        rule=rule,
        qr=qr_rect,
        number_size=number_size,
        letter_size=letters_h * 0.95,
    )
