"""Where things go on a page and on a card, in PDF points (origin bottom-left).

Pure geometry shared by the PDF and the PNG renderers, so both draw the same card.
"""

from __future__ import annotations

from dataclasses import dataclass

from eventkit.errors import UserError

MM = 72.0 / 25.4  # points per millimetre

# Page sizes in millimetres, portrait. B5 is the JIS size used by Japanese print shops.
PAGE_SIZES_MM = {
    "A4": (210.0, 297.0),
    "A3": (297.0, 420.0),
    "B5": (182.0, 257.0),
    "Letter": (215.9, 279.4),
}
# cards per page -> (columns, rows, landscape page)
PAGE_GRIDS = {1: (1, 1, False), 2: (2, 1, True), 4: (2, 2, False), 6: (2, 3, False)}

MARGIN_MM = 9.0  # room for the cut marks round the page
MARK_GAP_MM = 2.0  # cut marks stop this far short of the bleed


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
    margin: float


def page_geometry(page_size: str, per_page: int, bleed_mm: float = 0.0) -> PageGeometry:
    if page_size not in PAGE_SIZES_MM:
        raise LayoutError(
            f"page size '{page_size}' is not supported: use one of {', '.join(PAGE_SIZES_MM)}"
        )
    if per_page not in PAGE_GRIDS:
        raise LayoutError(f"{per_page} cards per page is not supported: use 1, 2, 4 or 6")
    if not 0.0 <= bleed_mm <= 10.0:
        raise LayoutError(f"bleed {bleed_mm} mm is out of range: use 0..10")
    w_mm, h_mm = PAGE_SIZES_MM[page_size]
    cols, rows, landscape = PAGE_GRIDS[per_page]
    if landscape:
        w_mm, h_mm = h_mm, w_mm
    width, height = w_mm * MM, h_mm * MM
    bleed = bleed_mm * MM
    margin = max(MARGIN_MM, bleed_mm + MARK_GAP_MM + 5.0) * MM
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


def card_geometry(
    width: float,
    height: float,
    size: int,
    *,
    bleed: float = 0.0,
    qr: bool = False,
    max_digits: int = 2,
) -> CardGeometry:
    """Lay out a size x size card in a width x height trim box (points)."""
    pad = max(3.5 * MM, 0.045 * min(width, height))
    inner_w, inner_h = width - 2 * pad, height - 2 * pad
    # vertical budget in units of the grid side G
    title_k, footer_k = 0.13, 0.15
    letters_k = 0.62 / size + 0.04
    grid_side = min(inner_w * 0.94, inner_h / (1.0 + title_k + letters_k + footer_k + 0.06))
    gap = grid_side * 0.02
    used = grid_side * (1.0 + title_k + letters_k + footer_k) + 3 * gap
    top = pad + (inner_h + used) / 2  # centre the block vertically
    grid_x = (width - grid_side) / 2

    title = Rect(grid_x, top - title_k * grid_side, grid_side, title_k * grid_side)
    letters_h = letters_k * grid_side
    letters_y = title.y - gap - letters_h
    grid = Rect(grid_x, letters_y - gap - grid_side, grid_side, grid_side)
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
    footer_h = footer_k * grid_side
    footer = Rect(grid_x, grid.y - gap - footer_h, grid_side, footer_h)
    qr_rect = None
    if qr:
        side = footer_h * 1.0
        qr_rect = Rect(footer.x + footer.w - side, footer.y, side, side)
    serial_w = grid_side * 0.42
    serial = Rect(footer.x, footer.y, serial_w, footer_h)
    rule_right = qr_rect.x - gap if qr_rect else footer.x + footer.w
    rule = Rect(
        serial.x + serial_w + gap, footer.y, rule_right - serial.x - serial_w - gap, footer_h
    )
    cell = step - 2 * inset
    digit_w = 0.556  # Helvetica-Bold digit advance, in ems
    number_size = min(cell * 0.58, cell * 0.84 / (digit_w * max(1, max_digits)))
    panel_pad = min(pad * 0.6, 3 * MM)
    side_pad = min(step * 0.18, grid_x - pad * 0.5)
    panel = Rect(
        grid_x - side_pad,
        footer.y - panel_pad,
        grid_side + 2 * side_pad,
        top - footer.y + 2 * panel_pad,
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
