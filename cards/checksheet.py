"""The checking sheet: every serial with its numbers in a compact table, sorted by serial, for
checking a claimed bingo on paper when the laptop is not at hand (`<stem>-check.pdf`).

Each card is one line (or a few, on big boards): the serial, then its cells row by row, grid
rows separated by a bar and headed by the column letters. Same font and metadata as the cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics

from bingo import cardcode
from bingo.config import Config
from cards import style
from cards.fingerprint import config_fingerprint
from cards.layout import MM, PAGE_SIZES_MM, LayoutError
from cards.model import BingoCard
from cards.pdf import PdfMeta, card_fonts, check_glyphs, show_text
from cards.pdfstream import StreamingCanvas

MARGIN = 12 * MM  # well clear of the 5 mm printers clip
SIZE = 7.0  # points, the numbers
LINE = SIZE * 1.3
FREE_MARK = "★"


def check_sheet_path(pdf_path: Path) -> Path:
    """`cards.pdf` -> `cards-check.pdf`."""
    return pdf_path.with_name(f"{pdf_path.stem}-check.pdf")


class CheckSheetWriter:
    """Streams cards, in ascending serial order, into a checking-sheet PDF on `out`."""

    def __init__(
        self,
        out: BinaryIO,
        config: Config,
        *,
        page_size: str = "A4",
        serial_width: int = 4,
        meta: PdfMeta | None = None,
        code_of: Callable[[int], str] | None = None,
        seeds: str = "",
    ) -> None:
        """`code_of(serial)` -> the card's check letters: the sheet then lists each card's
        phone code (the host looks up a lost one here). `seeds`: every batch's seed, e.g.
        "1-100: 7, 101-150: 9" (else the batch's own seed from `meta`)."""
        self.code_of = code_of
        self.seeds = seeds
        if page_size not in PAGE_SIZES_MM:
            raise LayoutError(f"page size '{page_size}' is not supported")
        self.config = config
        self.meta = meta or PdfMeta()
        self.serial_width = serial_width
        self.fonts = card_fonts(config)
        check_glyphs(self.fonts.bold, self.fonts.origin, config.event.title, "event.title")
        check_glyphs(self.fonts.text, self.fonts.origin, "".join(config.columns.names), "columns")
        w_mm, h_mm = PAGE_SIZES_MM[page_size]
        self.width, self.height = w_mm * MM, h_mm * MM
        self.canvas = StreamingCanvas(
            out, (self.width, self.height), initialFontName=self.fonts.text
        )
        self._set_metadata()
        self._plan_columns()
        self._ops: dict[str, tuple[str, float]] = {}
        self._y = 0.0
        self._page_open = False
        self._last_serial: int | None = None
        self.pages = 0
        self.cards = 0

    def _set_metadata(self) -> None:
        c, cfg, m = self.canvas, self.config, self.meta
        c.setTitle(f"{cfg.event.title} - checking sheet")
        c.setCreator("puyo-event-toolkit bingo cards")
        c.setSubject("bingo card checking sheet")
        extras = {"BingoConfigFingerprint": config_fingerprint(cfg)}
        if m.seed is not None:
            extras["BingoSeed"] = str(m.seed)
        c.set_info_extras(extras)

    def _plan_columns(self) -> None:
        """x of each cell's right edge; grid rows go on one line while they fit the page."""
        size = self.config.board.size
        font = self.fonts.text
        digits = len(str(self.config.board.total_numbers))
        digit_w = max(pdfmetrics.stringWidth(d, font, SIZE) for d in "0123456789")
        self.cell_w: float = (
            max(digits * digit_w, pdfmetrics.stringWidth(FREE_MARK, font, SIZE)) + 2.0
        )
        widest = "9" * self.serial_width  # the serial, under the header "No."
        if self.code_of is not None:  # and its phone code: "0013-PRSXF"
            widest += "-" + cardcode.widest_check(
                lambda t: pdfmetrics.stringWidth(t, self.fonts.bold, SIZE)
            )
        self.serial_w: float = pdfmetrics.stringWidth(widest, self.fonts.bold, SIZE) + 5
        row_w = size * self.cell_w + 6  # a grid row and its bar
        room = self.width - 2 * MARGIN - self.serial_w
        self.rows_per_line = max(1, min(size, int(room // row_w)))
        self.row_w: float = row_w
        # small boards: several table columns side by side, filled top to bottom
        self.block_w: float = self.serial_w + self.rows_per_line * row_w + 4 * MM
        self.table_columns = max(1, int((self.width - 2 * MARGIN + 4 * MM) // self.block_w))
        self._column = 0

    def _left(self) -> float:
        return MARGIN + self._column * self.block_w

    def _cell_x(self, k: int) -> float:
        """Right edge of the k-th cell on a line of the current table column."""
        row, col = divmod(k, self.config.board.size)
        return self._left() + self.serial_w + row * self.row_w + (col + 1) * self.cell_w

    def _text_op(self, text: str, font_name: str) -> tuple[str, float]:
        """(font and show operators, width) of `text`, cached."""
        key = font_name + "\0" + text
        cached = self._ops.get(key)
        if cached is None:
            op = show_text(self.canvas, font_name, text, SIZE)
            cached = self._ops[key] = (op, pdfmetrics.stringWidth(text, font_name, SIZE))
        return cached

    def _start_page(self) -> None:
        c, cfg = self.canvas, self.config
        top = self.height - MARGIN
        c.setFillColor(HexColor(style.INK))
        c.setFont(self.fonts.bold, 11)
        c.drawString(MARGIN, top - 11, f"{cfg.event.title}　確認表 / checking sheet")
        c.setFont(self.fonts.text, 6.5)
        recipe = f"config {config_fingerprint(cfg)}"
        if self.seeds:
            recipe = f"seeds {self.seeds}   " + recipe
        elif self.meta.seed is not None:
            recipe = f"seed {self.meta.seed}   " + recipe
        c.drawRightString(self.width - MARGIN, top - 10, recipe)
        y = top - 11 - 4 * MM
        c.setFont(self.fonts.bold, SIZE)
        names = cfg.columns.names
        for column in range(self.table_columns):
            self._column = column
            c.drawString(self._left(), y, "No.")
            for k in range(self.rows_per_line * cfg.board.size):
                name = names[k % cfg.board.size]
                c.drawCentredString(self._cell_x(k) - self.cell_w / 2 + 1.5, y, name)
        c.setStrokeColor(HexColor(style.INK))
        c.setLineWidth(0.5)
        c.line(MARGIN, y - 2.5, self.width - MARGIN, y - 2.5)
        self._top_y = self._y = y - 2.5 - LINE
        self._column = 0
        self._page_open = True

    def add(self, card: BingoCard) -> None:
        if self._last_serial is not None and card.serial <= self._last_serial:
            raise ValueError(f"card {card.serial} after {self._last_serial}: give cards sorted")
        self._last_serial = card.serial
        size = self.config.board.size
        cells = [n for row in card.rows for n in row]
        lines = -(-size // self.rows_per_line)
        if self._page_open and self._y - (lines - 1) * LINE < MARGIN + 4 * MM:
            if self._column + 1 < self.table_columns:
                self._column += 1
                self._y = self._top_y
            else:
                self._finish_page()
        if not self._page_open:
            self._start_page()
        ops = []
        if self.cards % 2:  # every other card on a light band, to keep the eye on the line
            bottom, w = self._y - (lines - 1) * LINE - 2.2, self.block_w - 4 * MM
            ops.append(
                f"0.94 0.94 0.97 rg {self._left():.2f} {bottom:.2f} {w:.2f} {lines * LINE:.2f} re f"
            )
        ops.append("0.231 0.184 0.388 rg BT")
        serial = f"{card.serial:0{self.serial_width}d}"
        if self.code_of is not None:
            serial = cardcode.printed_label(serial, self.code_of(card.serial))
        ops.append(
            f"1 0 0 1 {self._left():.2f} {self._y:.2f} Tm {self._text_op(serial, self.fonts.bold)[0]}"
        )
        per_line = self.rows_per_line * size
        for line in range(1, lines):  # which grid rows a continuation line holds: "3-4"
            first = line * self.rows_per_line + 1
            last = min(size, first + self.rows_per_line - 1)
            label = str(first) if first == last else f"{first}-{last}"
            op, width = self._text_op(label, self.fonts.text)
            x = self._left() + self.serial_w - 5 - width
            ops.append(f"1 0 0 1 {x:.2f} {self._y - line * LINE:.2f} Tm {op}")
        for i, number in enumerate(cells):
            line, k = divmod(i, per_line)
            text = FREE_MARK if number is None else str(number)
            op, width = self._text_op(text, self.fonts.text)
            x, y = self._cell_x(k) - width, self._y - line * LINE
            ops.append(f"1 0 0 1 {x:.2f} {y:.2f} Tm {op}")
        ops.append("ET 0.6 0.6 0.7 RG 0.4 w")
        for line in range(lines):
            y = self._y - line * LINE
            for r in range(1, self.rows_per_line):
                x = self._left() + self.serial_w + r * self.row_w - 1.5
                ops.append(f"{x:.2f} {y - 2:.2f} m {x:.2f} {y + SIZE - 1:.2f} l S")
        self.canvas.addLiteral("q " + "\n".join(ops) + " Q")
        self._y -= lines * LINE
        self.cards += 1

    def _finish_page(self) -> None:
        if not self._page_open:
            return
        c = self.canvas
        c.setFillColor(HexColor("#55556a"))
        c.setFont(self.fonts.text, 6.5)
        words = "{} ページ" if self.config.event.language == "ja" else "page {}"
        c.drawRightString(self.width - MARGIN, MARGIN - 3 * MM, words.format(self.pages + 1))
        c.showPage()
        self.pages += 1
        self._page_open = False

    def close(self) -> None:
        if not self._page_open:
            self._start_page()  # an empty batch still gets a (headed) page
        self._finish_page()
        self.canvas.save()


def render_check_sheet(
    out: BinaryIO,
    cards: Iterable[BingoCard],
    config: Config,
    *,
    page_size: str = "A4",
    serial_width: int = 4,
    meta: PdfMeta | None = None,
) -> int:
    """Write the checking sheet for `cards` (any order) to `out`; returns the page count."""
    writer = CheckSheetWriter(
        out, config, page_size=page_size, serial_width=serial_width, meta=meta
    )
    for card in sorted(cards, key=lambda c: c.serial):
        writer.add(card)
    writer.close()
    return writer.pages
