"""PDF rendering of bingo cards with reportlab, several cards per page, pages streamed.

What is the same on every card (background, title, column letters, empty grid, rule text) is
one Form XObject drawn once and reused; each number's image is one Form XObject too, so it is
embedded once however many cells show it. Per card only the images, numbers, serial and QR
code are drawn.
"""

from __future__ import annotations

import functools
import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import segno
from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from bingo import cardcode
from bingo.config import FINISH_MM, FINISH_SIZES, Config, finish_size
from cards import press, style
from cards.fingerprint import board_text, config_fingerprint
from cards.layout import (
    MARK_GAP_MM,
    MARK_LEN_MM,
    MIN_CODE_PT,
    MIN_NUMBER_PT,
    MM,
    NO_INK_MM,
    PAGE_GRIDS,
    CardGeometry,
    LayoutError,
    PageGeometry,
    Rect,
    card_geometry,
    page_geometry,
)
from cards.model import BingoCard
from cards.pdfstream import StreamingCanvas, binary_streams
from cards.texts import TABLES
from eventkit import fonts
from eventkit.errors import UserError
from eventkit.tomlconf import phrase, refused

# a colour maker for the drawing helpers: HexColor, or the press's CMYK converter
Paint = Callable[[str], Any]

SHIPPED_REGULAR = "BIZUDPGothic"
SHIPPED_BOLD = "BIZUDPGothic-Bold"
# Registration black: 100% of every process ink, so cut marks show on each plate.
REGISTRATION = CMYKColor(1, 1, 1, 1)
FOOTER_SIZE = 6.5  # points
# Under this size a text prints in black ink alone on the press (スミ1色), overprinting what is
# under it: four plates slightly out of register would blur it. Rich colour is for large areas.
SMALL_TEXT_PT = 12.0
QR_QUIET_MODULES = 4  # the white around a QR code, in modules: what ISO/IEC 18004 asks
THIN_LINE_PT = 2.0  # frame lines in the ink colour up to this width print in black alone too
WASH = 0.45  # the white over each cell's picture, so its number reads
# Under the digits the picture is washed more (an oval of white): a picture's details (a
# Puyo's eyes beside a "1") no longer touch the digit's strokes and read as part of it.
PLATE, PLATE_W, PLATE_H = 0.65, 0.9, 0.66  # its white, and its size in cell widths/heights
# page footer words (Japanese, English): page n/N, seed, config fingerprint
FOOTER_WORDS = (("{} ページ", "シード", "設定"), ("page {}", "seed", "config"))


class FontError(UserError):
    """The font named in cards.font cannot be used, or lacks a character the card needs."""


@dataclass(frozen=True)
class CardFonts:
    """Registered reportlab font names: `text` for the title and rule, `bold` for the rest."""

    text: str
    bold: str
    origin: str  # for messages: the built-in font or cards.font = "..."


@dataclass(frozen=True)
class PdfMeta:
    """What made this batch, recorded in the PDF's metadata and footers."""

    seed: int | None = None
    count: int | None = None  # the batch's card count, for "page n/N"
    first_serial: int | None = None


@dataclass(frozen=True)
class CardOptions:
    """How to print: cards per page, page size, images, QR codes, bleed. `qr_url` is
    web.public_url: the QR codes then hold each card's address, not just its code."""

    per_page: int = 4
    page_size: str = "A4"
    images: bool = True
    qr: bool = False
    bleed_mm: float = 0.0
    qr_url: str = ""
    press: bool = False  # PDF/X-1a for a print shop, one finished card a page (cards/press.py)
    finish: str = "A6"  # the finished card size of a press file (bingo.config.FINISH_SIZES)

    @classmethod
    def from_config(cls, config: Config) -> CardOptions:
        c = config.cards
        return cls(
            c.per_page, c.page_size, c.images, c.qr, c.bleed_mm, press=c.press, finish=c.finish
        )


def _register(name: str, path: str | Path) -> str:
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


def card_fonts(config: Config) -> CardFonts:
    """Register the fonts for every text on the cards: the shipped BIZ UDPGothic (embedded and
    subset), or the TrueType file named in cards.font for all texts."""
    path = config.cards.font
    if path is None:
        return CardFonts(
            _register(SHIPPED_REGULAR, fonts.font_path()),
            _register(SHIPPED_BOLD, fonts.font_path(bold=True)),
            phrase(TABLES, "builtin_font", family=fonts.FAMILY),
        )
    name = "CardFont-" + hashlib.sha1(str(path).encode()).hexdigest()[:10]
    try:
        _register(name, path)
    except Exception as exc:  # reportlab raises several kinds for bad fonts
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise refused(TABLES, "font_unusable", FontError, path=path, reason=reason) from None
    return CardFonts(name, name, f'cards.font = "{path}"')


def check_glyphs(font_name: str, origin: str, text: str, where: str) -> None:
    """Raise FontError naming the first character of `text` the font cannot draw."""
    face = pdfmetrics.getFont(font_name).face
    for ch in text:
        if ch.isspace() or ord(ch) in face.charToGlyph:
            continue
        raise refused(
            TABLES, "no_glyph", FontError, origin=origin, ch=ch, code=ord(ch), where=where
        )


MIN_TEXT_PT = 6.0  # the floor of every text a player reads: the title, the rule, the code
FOOTER_BEGIN = "/Artifact <</Type /Pagination /Subtype /Footer>> BDC"  # cards/preflight.py
TITLE_WRAP_PT = 9.0  # a title that would print smaller on one line goes on two
_NO_LINE_START = "、。，．・ー）」』】〕！？!?,.)]-ぁぃぅぇぉっゃゅょァィゥェォッャュョ"


def finish_refused(finish: str, kind: type[UserError] = UserError) -> UserError:
    """The refusal of a finished size that is none (--finish, cards.finish)."""
    return refused(
        TABLES,
        "finish",
        kind,
        finish=finish,
        sizes=", ".join(FINISH_SIZES),
        low=FINISH_MM[0],
        high=FINISH_MM[1],
    )


def larger_finish(finish: str) -> str:
    """The remedy for a finished size too small: the named sizes larger than it."""
    size = finish_size(finish) or (0.0, 0.0)
    larger = [
        name
        for name, (w, h) in sorted(FINISH_SIZES.items(), key=lambda item: item[1][0] * item[1][1])
        if w * h > size[0] * size[1] * 1.05 and name != "hagaki"
    ]
    if not larger:
        return phrase(TABLES, "largest_finish")
    return phrase(TABLES, "larger_finish", sizes=", ".join(larger[:2]))


def _title_room(box: Rect) -> tuple[float, float]:
    """(width, height) the title may take: the box less the two Puyos either side."""
    return box.w - 4.6 * box.h * 0.42, box.h * 0.78


@functools.cache
def _japanese_parser() -> Any:
    import budoux

    return budoux.load_default_japanese_parser()


def _phrase_starts(text: str) -> list[int]:
    """Where each phrase of a Japanese `text` begins after the first (BudouX, as the projector
    and the phones break their lines: never inside a word)."""
    starts, at = [], 0
    for part in _japanese_parser().parse(text)[:-1]:
        at += len(part)
        starts.append(at)
    return starts


def _two_lines(text: str) -> tuple[str, str]:
    """`text` broken in two near its middle: at the space nearest it, else between the two
    phrases nearest it (BudouX; when neither half grows past 1.15 times an even half), else
    between two characters (never before a closing mark or a small kana, 行頭禁則)."""
    middle = len(text) // 2
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if spaces:
        cut = min(spaces, key=lambda i: abs(i - middle))
        return text[:cut].rstrip(), text[cut:].lstrip()
    even = len(text) - middle
    phrases = [
        i
        for i in _phrase_starts(text)
        if text[i] not in _NO_LINE_START and max(i, len(text) - i) <= even * 1.15
    ]
    if phrases:
        cut = min(phrases, key=lambda i: abs(i - middle))
        return text[:cut], text[cut:]
    cut = max(1, middle)
    while cut < len(text) - 1 and text[cut] in _NO_LINE_START:
        cut += 1
    return text[:cut], text[cut:]


def title_lines(text: str, font: str, box: Rect) -> tuple[tuple[str, ...], float]:
    """The title's lines and size: one line, or two when one would print under TITLE_WRAP_PT
    and two print larger."""
    width, height = _title_room(box)
    one = _fit_size(text, font, width, height)
    if one >= TITLE_WRAP_PT or len(text) < 2:
        return (text,), one
    lines = _two_lines(text)
    two = min(_fit_size(line, font, width, height / 2.3) for line in lines if line)
    return (lines, two) if two > one else ((text,), one)


def rule_layout(config: Config, font: str, box: Rect) -> tuple[tuple[str, ...], float]:
    """The rule reminder's lines and their size in `box`: two lines, or four in a narrow box
    (or where four print clearly larger)."""
    best: tuple[tuple[str, ...], float] = ((), 0.0)
    for narrow in (box.w < box.h * 2, box.w >= box.h * 2):  # the usual shape first
        lines = style.rule_lines(config, narrow=narrow)
        size = min(_fit_size(line, font, box.w, box.h * 0.72 / len(lines)) for line in lines)
        if size > best[1] * 1.15:  # the other shape only when clearly larger
            best = (lines, size)
    return best


def longest_fitting(text: str, size_of: Callable[[str], float]) -> str:
    """The longest start of `text` that prints at MIN_TEXT_PT or more."""
    for n in range(len(text), 0, -1):
        if size_of(text[:n]) >= MIN_TEXT_PT:
            return text[:n]
    return ""


def _fit_size(text: str, font: str, max_w: float, max_h: float) -> float:
    width = pdfmetrics.stringWidth(text, font, 1.0) or 1.0
    return max(1.0, min(max_h, max_w / width))


class CardPdfWriter:
    """Adds cards one by one to a PDF on `out`; call close() to finish the file."""

    def __init__(
        self,
        out: BinaryIO,
        config: Config,
        options: CardOptions,
        *,
        serial_width: int = 4,
        warn: style.Warn = lambda message: None,
        images: dict[int, style.LoadedImage] | None = None,
        meta: PdfMeta | None = None,
        code_of: Callable[[int], str] | None = None,
        token_of: Callable[[int], str] | None = None,
    ) -> None:
        """`images` are the loaded images (style.load_images); loaded here when None. `meta`
        (seed, count, first serial) goes into the document info and the page footers.
        `code_of(serial)` gives a card's check characters (bingo.cardcode): printed after the
        serial and held by the QR code, so a phone can open the card. `token_of(serial)` its QR
        token (bingo.cardcode.card_token), in the QR's address only (with options.qr_url)."""
        meta = meta or PdfMeta()
        self.code_of = code_of
        self.token_of = token_of
        self.config = config
        self.options = options
        self.serial_width = serial_width
        self.press = press.converter(config) if options.press else None
        if options.press:
            size = finish_size(options.finish)
            if size is None:
                raise finish_refused(options.finish, LayoutError)
            self.page: PageGeometry = press.press_geometry(size, options.bleed_mm)
        else:
            self.page = page_geometry(options.page_size, options.per_page, options.bleed_mm)
        board = config.board
        self.fonts = card_fonts(config)
        self.geo: CardGeometry = card_geometry(
            self.page.card_w,
            self.page.card_h,
            board.size,
            bleed=self.page.bleed,
            qr=options.qr,
            max_digits=len(str(board.total_numbers)),
            digit_em=max(pdfmetrics.stringWidth(d, self.fonts.bold, 1.0) for d in "0123456789"),
        )
        self._check_legible(options, board.size)
        self._check_texts()
        self._serial_size, self._serial_lines = self._serial_layout()
        self._check_floors()
        self.meta = meta
        self.canvas = StreamingCanvas(
            out, (self.page.width, self.page.height), initialFontName=self.fonts.bold
        )
        self._set_metadata()
        if images is None:
            images = style.load_images(config, options.images, warn)
        # each press picture's form -> (its file's name, pixels across of its source)
        self.picture_sources: dict[str, tuple[str, int]] = {}
        self._image_forms = self._make_image_forms(images if options.images else {})
        self._make_template()
        self._make_page_marks()
        self._number_cache: dict[int, tuple[str, float, str]] = {}
        self._slot = 0
        self._page_serials: list[int] = []
        self.pages = 0
        self.cards = 0

    def _number_size(self, page: PageGeometry, size: int, qr: bool) -> float:
        digit_em = max(pdfmetrics.stringWidth(d, self.fonts.bold, 1.0) for d in "0123456789")
        max_digits = len(str(self.config.board.total_numbers))
        g = card_geometry(
            page.card_w, page.card_h, size, bleed=page.bleed, qr=qr, max_digits=max_digits,
            digit_em=digit_em,
        )  # fmt: skip
        return g.number_size

    def _check_legible(self, options: CardOptions, size: int) -> None:
        """Refuse a layout whose numbers would print under MIN_NUMBER_PT, naming the most
        cards per page that are readable on this paper."""
        points = self.geo.number_size
        if points >= MIN_NUMBER_PT:
            return
        if options.press:
            raise refused(
                TABLES,
                "small_numbers_press",
                LayoutError,
                size=size,
                finish=options.finish,
                points=points,
                remedy=larger_finish(options.finish),
            )
        fits = [
            n
            for n in sorted(PAGE_GRIDS, reverse=True)
            if n < options.per_page
            and self._number_size(
                page_geometry(options.page_size, n, options.bleed_mm), size, options.qr
            )
            >= MIN_NUMBER_PT
        ]
        advice = (
            phrase(
                TABLES, "per_page_fits", fits=fits[0], page=options.page_size, floor=MIN_NUMBER_PT
            )
            if fits
            else phrase(TABLES, "larger_page")
        )
        raise refused(
            TABLES,
            "small_numbers",
            LayoutError,
            size=size,
            per_page=options.per_page,
            page=options.page_size,
            points=points,
            mm=points * 0.7 / MM,
            advice=advice,
        )

    def _colour(self, colour: str) -> HexColor | CMYKColor:
        """A colour for reportlab: the RGB of `colour`, or its CMYK for the press."""
        return HexColor(colour) if self.press is None else self.press.colour(colour)

    def _ink(self, colour: str, size: float) -> HexColor | CMYKColor:
        """The colour of a text `size` pt high (or a line `size` wide, as text): black ink
        alone on the press under SMALL_TEXT_PT (call _overprint() with it)."""
        if self.press is not None and size < SMALL_TEXT_PT:
            return press.black_only(colour)
        return self._colour(colour)

    def _overprint(self, on: bool = True) -> None:
        """Overprint (black text on a tint prints over it, no knockout) for the press."""
        if self.press is not None:
            self.canvas.setFillOverprint(on)
            self.canvas.setStrokeOverprint(on)
            self.canvas.setOverprintMask(on)

    def _ops(self, colour: str, stroke: bool = False) -> str:
        """PDF operators setting `colour` (fill, or stroke): rg/RG, or k/K for the press."""
        if self.press is None:
            r, g, b = (v / 255 for v in style.rgb(colour))
            return f"{r:.3f} {g:.3f} {b:.3f} {'RG' if stroke else 'rg'}"
        col = self.press.colour(colour)
        values = (col.cyan, col.magenta, col.yellow, col.black)
        return " ".join(f"{v:.3f}" for v in values) + (" K" if stroke else " k")

    def _check_texts(self) -> None:
        cfg, f = self.config, self.fonts
        check_glyphs(f.bold, f.origin, cfg.event.title, f'event.title "{cfg.event.title}"')
        check_glyphs(f.text, f.origin, "".join(style.rule_lines(cfg)), phrase(TABLES, "rule_text"))
        check_glyphs(f.bold, f.origin, "".join(cfg.columns.names), "columns.names")
        numbers = style.free_text(cfg) + "No.0123456789/-"
        check_glyphs(f.bold, f.origin, numbers, phrase(TABLES, "the_numbers"))

    def _set_metadata(self) -> None:
        """Title and the batch's recipe (seed, count, board, config fingerprint) in the
        document info, as standard Keywords and as /Bingo* entries."""
        c, cfg, m = self.canvas, self.config, self.meta
        c.setTitle(cfg.event.title)
        c.setCreator("puyo-event-toolkit bingo cards")
        c.setAuthor(cfg.event.title)
        c.setSubject("bingo cards")
        extras = {
            "BingoBoard": board_text(cfg),
            "BingoConfigFingerprint": config_fingerprint(cfg),
        }
        if m.seed is not None:
            extras["BingoSeed"] = str(m.seed)
        if m.count is not None:
            extras["BingoCount"] = str(m.count)
        if m.first_serial is not None:
            extras["BingoFirstSerial"] = str(m.first_serial)
        c.setKeywords(" ".join(f"{k[5:].lower()}={v}" for k, v in extras.items()))
        c.set_info_extras(extras)

    # ------------------------------------------------------------ shared forms

    def _make_image_forms(self, images: dict[int, style.LoadedImage]) -> dict[int, str]:
        """One Form XObject per image file: the picture clipped to a rounded cell, washed
        lighter so the number stays readable, and framed. Returns {number: form name}."""
        g, c = self.geo, self.canvas
        cell = g.cells[0][0]
        forms: dict[int, str] = {}
        by_path: dict[object, str] = {}
        for number, loaded in sorted(images.items()):
            if loaded.path not in by_path:
                name = f"img{len(by_path) + 1}"
                column = self.config.board.column_of(number)
                c.beginForm(name, 0, 0, cell.w, cell.h)
                c.saveState()
                p = c.beginPath()
                p.roundRect(0, 0, cell.w, cell.h, g.cell_radius)
                c.clipPath(p, stroke=0, fill=0)
                if self.press is None:
                    with binary_streams():
                        c.drawImage(ImageReader(loaded.image), 0, 0, cell.w, cell.h)
                    c.setFillColor(self._colour("#ffffff"))
                    c.setFillAlpha(WASH)
                    c.rect(0, 0, cell.w, cell.h, stroke=0, fill=1)
                    c.setFillColor(self._colour("#ffffff"))
                    c.setFillAlpha(PLATE)
                    pw, ph = cell.w * PLATE_W, cell.h * PLATE_H
                    c.ellipse(
                        (cell.w - pw) / 2,
                        (cell.h - ph) / 2,
                        (cell.w + pw) / 2,
                        (cell.h + ph) / 2,
                        stroke=0,
                        fill=1,
                    )
                else:  # the wash flattened into a CMYK picture at 300 ppi (no transparency)
                    picture = press.press_picture(
                        loaded.image,
                        press.picture_px(cell.w),
                        WASH,
                        self.press,
                        plate=(PLATE, PLATE_W, PLATE_H),
                    )
                    self.picture_sources[f"FormXob.{name}"] = (
                        loaded.path.name,
                        min(loaded.image.size),
                    )
                    with binary_streams():
                        c.drawImage(ImageReader(picture), 0, 0, cell.w, cell.h)
                c.restoreState()
                c.setStrokeColor(self._colour(self.config.columns.outline[column]))
                c.setLineWidth(self._cell_line())
                c.roundRect(0, 0, cell.w, cell.h, g.cell_radius, stroke=1, fill=0)
                _end_form(c, name)
                by_path[loaded.path] = name
            forms[number] = by_path[loaded.path]
        return forms

    def _make_template(self) -> None:
        g, cfg, c = self.geo, self.config, self.canvas
        b = g.bleed
        c.beginForm("card", -b, -b, g.width + b, g.height + b)
        # background with soft Puyo bubbles, out to the bleed
        c.saveState()
        p = c.beginPath()
        p.rect(-b, -b, g.width + 2 * b, g.height + 2 * b)
        c.clipPath(p, stroke=0, fill=0)
        c.setFillColor(self._colour(style.PAPER))
        c.rect(-b, -b, g.width + 2 * b, g.height + 2 * b, stroke=0, fill=1)
        fills = cfg.columns.fill
        for x, y, r, i in style.bubbles(7, g.width, g.height, g.panel):
            if self.press is None:
                c.setFillColor(self._colour(fills[i % len(fills)]))
                c.setFillAlpha(0.3)  # after the colour: setting a colour resets the alpha
            else:  # premixed with the paper: the same look without transparency
                c.setFillColor(self._colour(style.mix(fills[i % len(fills)], style.PAPER, 0.7)))
            c.circle(x, y, r, stroke=0, fill=1)
        c.restoreState()
        # panel with a soft shadow
        pr = g.panel
        radius = min(4 * MM, pr.w * 0.05)
        c.saveState()
        if self.press is None:
            c.setFillColor(self._colour(style.INK))
            c.setFillAlpha(0.18)
        else:
            c.setFillColor(self._colour(style.mix(style.INK, style.PAPER, 0.82)))
        c.roundRect(pr.x + 1.5, pr.y - 2.0, pr.w, pr.h, radius, stroke=0, fill=1)
        c.restoreState()
        c.setFillColor(self._colour(style.PANEL))
        frame = max(1.0, pr.w * 0.006)
        c.setStrokeColor(self._ink(style.INK, 0 if frame <= THIN_LINE_PT else SMALL_TEXT_PT))
        c.setLineWidth(frame)
        c.roundRect(pr.x, pr.y, pr.w, pr.h, radius, stroke=1, fill=1)
        self._draw_title()
        self._draw_letters()
        # empty grid: each cell tinted in its column colour
        size = cfg.board.size
        centre = size // 2
        for r, row in enumerate(g.cells):
            for col, cell in enumerate(row):
                if cfg.board.free_center and r == centre and col == centre:
                    self._draw_free(cell)
                    continue
                c.setFillColor(self._colour(style.mix(fills[col], "#ffffff", 0.8)))
                c.setStrokeColor(self._colour(cfg.columns.outline[col]))
                c.setLineWidth(self._cell_line())
                c.roundRect(cell.x, cell.y, cell.w, cell.h, g.cell_radius, stroke=1, fill=1)
        self._draw_rule()
        _end_form(c, "card")

    def _cell_line(self) -> float:
        return max(0.8, self.geo.cells[0][0].w * 0.035)

    def _draw_title(self) -> None:
        g, c = self.geo, self.canvas
        t = g.title
        blob_r = t.h * 0.42
        font = self.fonts.bold
        lines, size = title_lines(self.config.event.title, font, t)
        width = max(pdfmetrics.stringWidth(line, font, size) for line in lines)
        c.saveState()
        c.setFillColor(self._ink(style.INK, size))
        self._overprint(size < SMALL_TEXT_PT)
        c.setFont(font, size)
        lead = size * 1.15
        top = t.y + t.h * 0.5 + lead * (len(lines) - 1) / 2 - size * 0.36
        for k, line in enumerate(lines):
            c.drawCentredString(t.cx, top - k * lead, line)
        c.restoreState()
        cols = self.config.columns
        offset = width / 2 + blob_r * 1.5
        _puyo(c, t.cx - offset, t.cy, blob_r, cols.fill[0], cols.outline[0], self._colour)
        _puyo(c, t.cx + offset, t.cy, blob_r, cols.fill[-1], cols.outline[-1], self._colour)

    def _draw_letters(self) -> None:
        g, c, cols = self.geo, self.canvas, self.config.columns
        for i, box in enumerate(g.letters):
            name = cols.names[i]
            size = _fit_size(name, self.fonts.bold, box.w * 0.9, g.letter_size)
            y = box.y + box.h * 0.5 - size * 0.36
            shift = size * 0.06
            c.setLineJoin(1)
            c.setFillColor(self._colour(cols.shadow[i]))
            c.setStrokeColor(self._colour(cols.shadow[i]))
            c.setLineWidth(size * 0.12)
            c.setFont(self.fonts.bold, size)
            c.drawCentredString(box.cx + shift, y - shift, name, mode=2)
            c.setFillColor(self._colour(cols.fill[i]))
            c.setStrokeColor(self._colour(cols.outline[i]))
            c.setLineWidth(size * 0.08)
            c.drawCentredString(box.cx, y, name, mode=2)

    def _draw_free(self, cell: Rect) -> None:
        g, c = self.geo, self.canvas
        c.setFillColor(self._colour(style.FREE_FILL))
        c.setStrokeColor(self._ink(style.INK, 0 if self._cell_line() <= THIN_LINE_PT else 99))
        c.setLineWidth(self._cell_line())
        c.roundRect(cell.x, cell.y, cell.w, cell.h, g.cell_radius, stroke=1, fill=1)
        _star(
            c, cell.cx, cell.cy + cell.h * 0.06, cell.w * 0.36, "#ffffff", "#f0a000", self._colour
        )
        text = style.free_text(self.config)
        size = _fit_size(text, self.fonts.bold, cell.w * 0.8, cell.h * 0.24)
        c.saveState()
        c.setFillColor(self._ink(style.INK, size))
        self._overprint(size < SMALL_TEXT_PT)
        c.setFont(self.fonts.bold, size)
        c.drawCentredString(cell.cx, cell.y + cell.h * 0.1, text)
        c.restoreState()

    def _draw_rule(self) -> None:
        g, c = self.geo, self.canvas
        box = g.rule
        lines, size = rule_layout(self.config, self.fonts.text, box)
        font = self.fonts.text
        c.saveState()
        c.setFillColor(self._ink(style.INK, size))
        self._overprint(size < SMALL_TEXT_PT)
        c.setFont(font, size)
        lead = size * 1.25
        top = box.cy + lead * (len(lines) - 1) / 2
        for k, line in enumerate(lines):
            c.drawCentredString(box.cx, top - k * lead - size * 0.36, line)
        c.restoreState()

    def _make_page_marks(self) -> None:
        """Cut marks in registration black at every trim line, outside the bleed and at least
        NO_INK_MM from the paper edge; dashed guides between cards when there is no bleed."""
        pg, c = self.page, self.canvas
        c.beginForm("marks", 0, 0, pg.width, pg.height)
        if self.press is not None:
            press.draw_tombo(c, pg)
            _end_form(c, "marks")
            return
        c.setStrokeColor(REGISTRATION)
        c.setLineWidth(0.3)
        gap = pg.bleed + MARK_GAP_MM * MM
        length = MARK_LEN_MM * MM
        first_y, last_y = pg.cut_ys[0], pg.cut_ys[-1]
        first_x, last_x = pg.cut_xs[0], pg.cut_xs[-1]
        lines = []
        for x in pg.cut_xs:
            lines.append((x, last_y + gap, x, last_y + gap + length))
            lines.append((x, first_y - gap, x, first_y - gap - length))
        for y in pg.cut_ys:
            lines.append((first_x - gap, y, first_x - gap - length, y))
            lines.append((last_x + gap, y, last_x + gap + length, y))
        c.lines(lines)
        if pg.bleed == 0:  # scissor guides on shared edges, for cutting at home
            c.setStrokeColor(self._colour("#9a9aa8"))
            c.setDash(3, 3)
            inner = []
            for x in pg.cut_xs[1:-1]:
                inner.append((x, first_y, x, last_y))
            for y in pg.cut_ys[1:-1]:
                inner.append((first_x, y, last_x, y))
            if inner:
                c.lines(inner)
        _end_form(c, "marks")

    def _footer_text(self) -> str:
        serials = self._page_serials
        width = self.serial_width
        first, last = min(serials), max(serials)
        text = f"No.{first:0{width}d}" + (f"-{last:0{width}d}" if last != first else "")
        count = self.meta.count
        total = f"/{-(-count // len(self.page.slots))}" if count else ""
        words = FOOTER_WORDS[self.config.event.language == "en"]
        parts = [text, words[0].format(f"{self.pages + 1}{total}")]
        if self.meta.seed is not None:
            parts.append(f"{words[1]} {self.meta.seed}")
        parts.append(f"{words[2]} {config_fingerprint(self.config)}")
        return "   ".join(parts)

    def _draw_footer(self) -> None:
        """A small line under the cards: serial range, page n/N, seed, config."""
        c = self.canvas
        text = self._footer_text()
        # marked as a pagination artifact: the bookkeeping, outside every card (the preflight
        # tells its size apart from the texts a player reads)
        c._code.append(FOOTER_BEGIN)
        try:
            if self.press is not None:
                self._draw_press_footer(text)
            else:
                self._draw_home_footer(text)
        finally:
            c._code.append("EMC")

    def _draw_home_footer(self, text: str) -> None:
        """Under the first card column, between the cut marks, above the no-ink edge."""
        pg, c = self.page, self.canvas
        x0 = pg.cut_xs[0] + 1.5 * MM
        room = pg.cut_xs[1] - pg.cut_xs[0] - 3 * MM
        size = min(FOOTER_SIZE, room / max(1.0, pdfmetrics.stringWidth(text, self.fonts.text, 1)))
        descent = size * 0.15
        c.setFillColor(self._ink("#55556a", size))
        c.setFont(self.fonts.text, size)
        c.drawString(x0, NO_INK_MM * MM + 0.8 * MM + descent, text)

    def _draw_press_footer(self, text: str) -> None:
        """The footer in the slug under the trim, in two halves either side of the centre
        mark (the shop trims it off)."""
        pg, c = self.page, self.canvas
        parts = text.split("   ")
        halves = ("   ".join(parts[:2]), "   ".join(parts[2:]))
        x0, x1 = pg.cut_xs[0], pg.cut_xs[-1]
        room = (x1 - x0) / 2 - press.CENTRE_MARK_MM * MM
        y = 1.5 * MM
        c.setFillColor(self._ink("#55556a", FOOTER_SIZE))
        for half, x, right in ((halves[0], x0, False), (halves[1], x1, True)):
            width = max(1.0, pdfmetrics.stringWidth(half, self.fonts.text, 1))
            size = min(FOOTER_SIZE, room / width)
            c.setFont(self.fonts.text, size)
            if right:
                c.drawRightString(x, y, half)
            else:
                c.drawString(x, y, half)

    # ------------------------------------------------------------ per card

    def add(self, card: BingoCard) -> None:
        if card.size != self.config.board.size:
            raise ValueError(f"card {card.serial} is {card.size}x{card.size}, board is not")
        x, y = self.page.slots[self._slot]
        c = self.canvas
        c.saveState()
        c.translate(x, y)
        c.doForm("card")
        self._draw_cells(card)
        self._draw_serial(card.serial)
        self._page_serials.append(card.serial)
        if self.geo.qr is not None:
            check = self.code_of(card.serial) if self.code_of else None
            token = self.token_of(card.serial) if self.token_of else ""
            text = cardcode.qr_text(
                card.serial, check, self.serial_width, self.options.qr_url, token
            )
            _qr(c, self.geo.qr, text, cmyk=self.press is not None)
        c.restoreState()
        self.cards += 1
        self._slot += 1
        if self._slot == len(self.page.slots):
            self._finish_page()

    def _finish_page(self) -> None:
        c, pg = self.canvas, self.page
        c.doForm("marks")
        self._draw_footer()
        if pg.bleed > 0 or self.press is not None:
            c.setTrimBox(pg.trim_box)
            c.setBleedBox(pg.bleed_box)
        c.showPage()
        self.pages += 1
        self._slot = 0
        self._page_serials = []

    def _draw_cells(self, card: BingoCard) -> None:
        """Images and numbers of one card, as one block of PDF operators (the hot path:
        building it with reportlab's drawing calls is several times slower)."""
        g, c = self.geo, self.canvas
        size = g.number_size
        images, text = [], []
        for r, row in enumerate(card.rows):
            for col, number in enumerate(row):
                if number is None:
                    continue
                cell = g.cells[r][col]
                form = self._image_forms.get(number)
                if form is not None:
                    images.append(f"q 1 0 0 1 {cell.x:.3f} {cell.y:.3f} cm /FormXob.{form} Do Q")
                    c._formsinuse.append(form)  # so the page lists the form in its resources
                colours, width, shown = self._number_ops(number)
                x, y = cell.cx - width / 2, cell.cy - size * 0.36
                text.append(f"{colours} 1 0 0 1 {x:.3f} {y:.3f} Tm {shown}")
        c.addLiteral(
            "q\n"
            + "\n".join(images)
            + f"\n1 j {size * 0.085:.3f} w BT 2 Tr\n"
            + "\n".join(text)
            + "\nET Q"
        )

    def _number_ops(self, number: int) -> tuple[str, float, str]:
        """(colour operators, text width, font and show operators) of a number, cached."""
        cached = self._number_cache.get(number)
        if cached is None:
            fill, outline = style.number_colours(self.config, number)
            ops = f"{self._ops(fill)} {self._ops(outline, stroke=True)}"
            size = self.geo.number_size
            width = self._width(str(number), size)
            shown = show_text(self.canvas, self.fonts.bold, str(number), size)
            cached = self._number_cache[number] = (ops, width, shown)
        return cached

    def _draw_serial(self, serial: int) -> None:
        """The serial at one size for every card (fitted to the widest serial of this width),
        as PDF operators: reportlab's drawString was a quarter of the run time."""
        box = self.geo.serial
        size = self._serial_size
        lines = [style.serial_text(serial, self.serial_width)]
        if self.code_of is not None:
            check = self.code_of(serial)
            if self._serial_lines == 2:
                lines = [lines[0] + "-", check]
            else:
                lines = [cardcode.printed_label(lines[0], check)]
        lead = size * 1.15
        top = box.cy + lead * (len(lines) - 1) / 2 - size * 0.36
        ops = "".join(
            f" 1 0 0 1 {box.x:.3f} {top - k * lead:.3f} Tm "
            + show_text(self.canvas, self.fonts.bold, line, size)
            for k, line in enumerate(lines)
        )
        if self.press is not None and size < SMALL_TEXT_PT:
            self.canvas.saveState()
            self._overprint()
            self.canvas.addLiteral(f"BT 0 0 0 1 k{ops} ET")
            self.canvas.restoreState()
        else:
            self.canvas.addLiteral(f"BT {self._ops(style.INK)}{ops} ET")

    def _serial_layout(self) -> tuple[float, int]:
        """(size, lines) of the serial and code, fitted to the widest serial of this width:
        on two lines ("No.0123-" above its check letters) when one would be under 7 pt."""
        box = self.geo.serial
        widest = style.serial_text(int("8" * self.serial_width), self.serial_width)
        widest = max(widest, widest.replace("8", "0"), key=lambda t: self._width(t, 1.0))
        check = cardcode.widest_check(lambda t: self._width(t, 1.0))
        one_line = cardcode.printed_label(widest, check) if self.code_of else widest
        size = _fit_size(one_line, self.fonts.bold, box.w, box.h * 0.5)
        if size >= MIN_CODE_PT or self.code_of is None:
            return size, 1
        two = min(
            _fit_size(widest + "-", self.fonts.bold, box.w, box.h * 0.45),
            _fit_size(check, self.fonts.bold, box.w, box.h * 0.45),
        )
        return two, 2

    def _where(self) -> str:
        o = self.options
        if o.press:
            return phrase(TABLES, "where_press", finish=o.finish)
        return phrase(TABLES, "where_page", per_page=o.per_page, page=o.page_size)

    def _check_floors(self) -> None:
        """Refuse a title, rule or code that would print under MIN_TEXT_PT, naming the key and
        (for the title) the longest text that fits."""
        title = self.config.event.title
        font, box = self.fonts.bold, self.geo.title
        size = title_lines(title, font, box)[1]
        if size < MIN_TEXT_PT:
            fits = longest_fitting(title, lambda text: title_lines(text, font, box)[1])
            raise refused(
                TABLES,
                "small_title",
                LayoutError,
                title=title,
                size=size,
                where=self._where(),
                floor=MIN_TEXT_PT,
                fits=fits,
                length=len(fits),
            )
        rule = rule_layout(self.config, self.fonts.text, self.geo.rule)[1]
        if rule < MIN_TEXT_PT or self._serial_size < MIN_TEXT_PT:
            what = phrase(TABLES, "what_rule" if rule < MIN_TEXT_PT else "what_code")
            points = min(rule, self._serial_size)
            remedy = (
                larger_finish(self.options.finish)
                if self.options.press
                else phrase(TABLES, "fewer_per_page")
            )
            raise refused(
                TABLES,
                "small_text",
                LayoutError,
                what=what,
                points=points,
                where=self._where(),
                floor=MIN_TEXT_PT,
                remedy=remedy,
            )

    def _width(self, text: str, size: float) -> float:
        width: float = pdfmetrics.stringWidth(text, self.fonts.bold, size)
        return width

    def close(self) -> None:
        if self._slot:
            self._finish_page()
        self.canvas.save()


def show_text(canvas: Canvas, font_name: str, text: str, size: float) -> str:
    """PDF operators that set the font and show `text` in a subset-embedded TrueType font
    (inside BT/ET, after a Tm): the fast path where reportlab's drawString is too slow."""
    font = pdfmetrics.getFont(font_name)
    doc = canvas._doc
    return " ".join(
        f"{font.getSubsetInternalName(subset, doc)} {size:.3f} Tf {_pdf_string(data)} Tj"
        for subset, data in font.splitString(text, doc)
    )


def _pdf_string(data: bytes) -> str:
    """`data` as a PDF literal string, escaped."""
    out = []
    for b in data:
        ch = chr(b)
        if ch in "()\\":
            out.append("\\" + ch)
        elif 32 <= b < 127:
            out.append(ch)
        else:
            out.append(f"\\{b:03o}")
    return "(" + "".join(out) + ")"


def _end_form(c: Canvas, name: str) -> None:
    """endForm, then give the form its own resources (reportlab leaves out its ExtGState)."""
    c.endForm()
    doc = c._doc
    form = doc.idToObject[doc.getXObjectName(name)]
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    state = getattr(form, "ExtGState", None)
    if state:
        resources.ExtGState = state
    form.Resources = resources


def _puyo(
    c: Canvas, x: float, y: float, r: float, fill: str, outline: str, colour: Paint = HexColor
) -> None:
    """A small Puyo: a round blob with two eyes."""
    c.saveState()
    c.setLineWidth(max(0.5, r * 0.12))
    c.setFillColor(colour(fill))
    c.setStrokeColor(colour(outline))
    c.ellipse(x - r, y - r * 0.92, x + r, y + r * 0.92, stroke=1, fill=1)
    c.setFillColor(colour(style.mix(fill, "#ffffff", 0.6)))
    c.ellipse(x - r * 0.62, y + r * 0.3, x - r * 0.22, y + r * 0.62, stroke=0, fill=1)
    c.setLineWidth(max(0.3, r * 0.06))
    for ex in (x - r * 0.34, x + r * 0.34):
        c.setFillColor(colour("#ffffff"))
        c.ellipse(ex - r * 0.2, y - r * 0.32, ex + r * 0.2, y + r * 0.14, stroke=1, fill=1)
        c.setFillColor(colour("#1e1e28"))
        c.circle(ex, y - r * 0.12, r * 0.09, stroke=0, fill=1)
    c.restoreState()


def _star(
    c: Canvas, x: float, y: float, r: float, fill: str, outline: str, colour: Paint = HexColor
) -> None:
    p = c.beginPath()
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        a = math.pi / 2 + k * math.pi / 5
        px, py = x + radius * math.cos(a), y + radius * math.sin(a)
        if k == 0:
            p.moveTo(px, py)
        else:
            p.lineTo(px, py)
    p.close()
    c.saveState()
    c.setLineJoin(1)
    c.setFillColor(colour(fill))
    c.setStrokeColor(colour(outline))
    c.setLineWidth(max(0.6, r * 0.1))
    c.drawPath(p, stroke=1, fill=1)
    c.restoreState()


def qr_matrix(text: str) -> list[list[bool]]:
    """Dark modules of the QR code for `text` (no quiet zone)."""
    # A fixed mask pattern: valid for every reader, and choosing the "best" of eight
    # (segno's default) took most of the time of a 1,000-card run.
    code = segno.make_qr(text, error="m", mask=0)
    return [[bool(v) for v in row] for row in code.matrix]


def _qr(c: Canvas, box: Rect, text: str, cmyk: bool = False) -> None:
    """The QR code as one filled path of rectangles (one per run of dark modules); black ink
    alone for the press."""
    matrix = qr_matrix(text)
    n = len(matrix)
    quiet = QR_QUIET_MODULES
    module = box.w / (n + 2 * quiet)
    x0, top = box.x + quiet * module, box.top - quiet * module
    white, black = ("0 0 0 0 k", "0 0 0 1 k") if cmyk else ("1 g", "0 g")
    ops = [f"q {white} {box.x:.3f} {box.y:.3f} {box.w:.3f} {box.h:.3f} re f {black}"]
    overlap = module * 0.03  # no hairline gaps between rows when rasterised
    for r, row in enumerate(matrix):
        y = top - (r + 1) * module
        col = 0
        while col < n:
            if row[col]:
                start = col
                while col < n and row[col]:
                    col += 1
                ops.append(
                    f"{x0 + start * module:.3f} {y:.3f} "
                    f"{(col - start) * module:.3f} {module + overlap:.3f} re"
                )
            else:
                col += 1
    ops.append("f Q")
    c.addLiteral("\n".join(ops))
