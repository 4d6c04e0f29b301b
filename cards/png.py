"""One PNG per card (pillow), for sending cards by e-mail or chat.

Draws the same design as the PDF from the same layout (cards/layout.py), at 2x and reduced for
smooth edges. Fast: what every card shares is drawn once; each number's cell is drawn once as a
tile; a card is the shared background plus its tiles, serial and QR code, kept in one 256-colour
palette made from the background and the tiles, so a PNG is saved in a few milliseconds.
"""

from __future__ import annotations

import math
import os
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bingo import cardcode
from bingo.config import Config
from cards import style
from cards.layout import MM, Rect, card_geometry, page_geometry
from cards.model import BingoCard
from cards.pdf import PLATE, PLATE_H, PLATE_W, QR_QUIET_MODULES, WASH, qr_matrix
from eventkit import fonts
from eventkit.errors import UserError

DPI = 200
SUPERSAMPLE = 2

COMPRESS_LEVEL = 1  # zlib level: palette PNGs stay small, and level 1 is several times faster


class PngError(UserError):
    """The PNG folder cannot be written."""


class CardPngWriter:
    """Writes `card-<serial>.png` files into a folder."""

    def __init__(
        self,
        directory: str | Path,
        config: Config,
        *,
        qr: bool = False,
        images: bool = True,
        serial_width: int = 4,
        warn: style.Warn = lambda message: None,
        loaded_images: dict[int, style.LoadedImage] | None = None,
        code_of: Callable[[int], str] | None = None,
        qr_url: str = "",
        token_of: Callable[[int], str] | None = None,
    ) -> None:
        self.code_of = code_of  # a card's check characters (bingo.cardcode), as on the PDF
        self.token_of = token_of  # a card's QR token (bingo.cardcode.card_token), as on the PDF
        self.qr_url = qr_url  # web.public_url: the QR holds the card's address
        self.directory = Path(directory)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise PngError(
                f"cannot create the PNG folder {self.directory}: {exc.strerror or exc}; "
                "choose another --png folder"
            ) from None
        self.config = config
        self.serial_width = serial_width
        page = page_geometry("A4", 4, 0.0)  # a PNG card has the size of an A4 quarter
        self.geo = card_geometry(
            page.card_w,
            page.card_h,
            config.board.size,
            qr=qr,
            max_digits=len(str(config.board.total_numbers)),
        )
        self.scale = DPI / 72.0 * SUPERSAMPLE
        s = SUPERSAMPLE  # the drawing is a whole number of supersampled pixels per PNG pixel
        self.size_px = (
            round(self.geo.width * DPI / 72.0) * s,
            round(self.geo.height * DPI / 72.0) * s,
        )
        font = str(config.cards.font) if config.cards.font else str(fonts.font_path(bold=True))
        self._title_font_name = self._number_font_name = font
        if images and loaded_images is None:
            loaded_images = style.load_images(config, True, warn)
        self._images: dict[int, style.LoadedImage] = (loaded_images or {}) if images else {}
        self._cell_images: dict[object, Image.Image] = {}
        self._origin = (0, 0)  # of the region being drawn, in supersampled pixels
        self._fonts: dict[tuple[str | None, int], ImageFont.FreeTypeFont] = {}
        self._hi = self._make_template()  # RGBA, supersampled
        self._number_font = self._number_font_for_board()
        self._palette, self._base = self._make_palette()
        self._tiles: dict[int, tuple[tuple[int, int], Image.Image]] = {}
        self._shifts = self._row_shifts()
        self._pool: ThreadPoolExecutor | None = None
        self._pending: deque[Future[None]] = deque()
        self.written = 0

    # ------------------------------------------------------------ helpers

    def _font(self, name: str | None, size_pt: float) -> ImageFont.FreeTypeFont:
        px = max(1, round(size_pt * self.scale))
        key = (name, px)
        if key not in self._fonts:
            self._fonts[key] = self._load_font(name, px)
        return self._fonts[key]

    @staticmethod
    def _load_font(name: str | None, px: int) -> ImageFont.FreeTypeFont:
        if name is not None:
            try:
                return ImageFont.truetype(name, px)
            except OSError:
                pass
        font = ImageFont.load_default(px)
        assert isinstance(font, ImageFont.FreeTypeFont)  # Pillow's wheels have FreeType
        return font

    def _box(self, r: Rect) -> tuple[int, int, int, int]:
        s, h = self.scale, self.geo.height
        ox, oy = self._origin
        return (
            round(r.x * s) - ox,
            round((h - r.top) * s) - oy,
            round((r.x + r.w) * s) - ox,
            round((h - r.y) * s) - oy,
        )

    def _pt(self, x: float, y: float) -> tuple[float, float]:
        ox, oy = self._origin
        return x * self.scale - ox, (self.geo.height - y) * self.scale - oy

    def _fit(
        self, text: str, name: str | None, max_w: float, max_h: float
    ) -> ImageFont.FreeTypeFont:
        font = self._font(name, max_h)
        width = font.getlength(text) / self.scale
        if width > max_w:
            font = self._font(name, max_h * max_w / width)
        return font

    # ------------------------------------------------------------ the template

    def _make_template(self) -> Image.Image:
        g, cfg = self.geo, self.config
        img = Image.new("RGBA", self.size_px, style.PAPER)
        overlay = Image.new("RGBA", self.size_px, (0, 0, 0, 0))
        od = ImageDraw.Draw(overlay)
        fills = cfg.columns.fill
        for x, y, r, i in style.bubbles(7, g.width, g.height, g.panel):
            cx, cy = self._pt(x, y)
            rr = r * self.scale
            od.ellipse(
                (cx - rr, cy - rr, cx + rr, cy + rr), fill=(*style.rgb(fills[i % len(fills)]), 77)
            )
        pr = g.panel
        radius = round(min(4 * MM, pr.w * 0.05) * self.scale)
        x0, y0, x1, y1 = self._box(pr)
        shift = round(1.8 * self.scale)
        od.rounded_rectangle(
            (x0 + shift, y0 + shift, x1 + shift, y1 + shift),
            radius,
            fill=(*style.rgb(style.INK), 46),
        )
        img = Image.alpha_composite(img, overlay)
        d = ImageDraw.Draw(img)
        d.rounded_rectangle(
            (x0, y0, x1, y1),
            radius,
            fill=style.PANEL,
            outline=style.INK,
            width=max(2, round(pr.w * 0.006 * self.scale)),
        )
        self._draw_title(d)
        self._draw_letters(d)
        size = cfg.board.size
        for r, row in enumerate(g.cells):
            for c, cell in enumerate(row):
                if cfg.board.free_center and r == c == size // 2:
                    self._draw_free(d, cell)
                else:
                    d.rounded_rectangle(
                        self._box(cell),
                        round(g.cell_radius * self.scale),
                        fill=style.mix(fills[c], "#ffffff", 0.8),
                        outline=cfg.columns.outline[c],
                        width=self._line(),
                    )
        self._draw_rule(d)
        return img

    def _line(self) -> int:
        return max(2, round(self.geo.cells[0][0].w * 0.035 * self.scale))

    def _draw_title(self, d: ImageDraw.ImageDraw) -> None:
        g, cols = self.geo, self.config.columns
        t = g.title
        blob_r = t.h * 0.42
        text = self.config.event.title
        font = self._fit(text, self._title_font_name, t.w - 4.6 * blob_r, t.h * 0.78)
        d.text(self._pt(t.cx, t.cy), text, font=font, fill=style.INK, anchor="mm")
        width = font.getlength(text) / self.scale
        offset = width / 2 + blob_r * 1.5
        self._puyo(d, t.cx - offset, t.cy, blob_r, cols.fill[0], cols.outline[0])
        self._puyo(d, t.cx + offset, t.cy, blob_r, cols.fill[-1], cols.outline[-1])

    def _puyo(
        self, d: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: str, outline: str
    ) -> None:
        s = self.scale
        cx, cy = self._pt(x, y)
        rr = r * s
        d.ellipse(
            (cx - rr, cy - rr * 0.92, cx + rr, cy + rr * 0.92),
            fill=fill,
            outline=outline,
            width=max(1, round(r * 0.12 * s)),
        )
        d.ellipse(
            (cx - rr * 0.62, cy - rr * 0.62, cx - rr * 0.22, cy - rr * 0.3),
            fill=style.mix(fill, "#ffffff", 0.6),
        )
        for ex in (cx - rr * 0.34, cx + rr * 0.34):
            d.ellipse(
                (ex - rr * 0.2, cy - rr * 0.14, ex + rr * 0.2, cy + rr * 0.32),
                fill="#ffffff",
                outline=outline,
                width=max(1, round(r * 0.06 * s)),
            )
            d.ellipse(
                (ex - rr * 0.09, cy + rr * 0.03, ex + rr * 0.09, cy + rr * 0.21), fill="#1e1e28"
            )

    def _draw_letters(self, d: ImageDraw.ImageDraw) -> None:
        g, cols = self.geo, self.config.columns
        for i, box in enumerate(g.letters):
            name = cols.names[i]
            font = self._fit(name, self._number_font_name, box.w * 0.9, g.letter_size)
            size = font.size / self.scale
            shift = size * 0.06
            x, y = self._pt(box.cx, box.cy)
            stroke = max(1, round(size * 0.05 * self.scale))
            d.text(
                (x + shift * self.scale, y + shift * self.scale),
                name,
                font=font,
                anchor="mm",
                fill=cols.shadow[i],
                stroke_width=stroke + 1,
                stroke_fill=cols.shadow[i],
            )
            d.text(
                (x, y),
                name,
                font=font,
                anchor="mm",
                fill=cols.fill[i],
                stroke_width=stroke,
                stroke_fill=cols.outline[i],
            )

    def _draw_free(self, d: ImageDraw.ImageDraw, cell: Rect) -> None:
        g, s = self.geo, self.scale
        d.rounded_rectangle(
            self._box(cell),
            round(g.cell_radius * s),
            fill=style.FREE_FILL,
            outline=style.INK,
            width=self._line(),
        )
        cx, cy = self._pt(cell.cx, cell.cy + cell.h * 0.06)
        r = cell.w * 0.36 * s
        points = []
        for k in range(10):
            radius = r if k % 2 == 0 else r * 0.45
            a = math.pi / 2 + k * math.pi / 5
            points.append((cx + radius * math.cos(a), cy - radius * math.sin(a)))
        d.polygon(points, fill="#ffffff", outline="#f0a000", width=max(1, round(r * 0.1)))
        text = style.free_text(self.config)
        font = self._fit(text, self._number_font_name, cell.w * 0.8, cell.h * 0.24)
        d.text(
            self._pt(cell.cx, cell.y + cell.h * 0.18), text, font=font, anchor="mm", fill=style.INK
        )

    def _draw_rule(self, d: ImageDraw.ImageDraw) -> None:
        box = self.geo.rule
        lines = style.rule_lines(self.config)
        fonts = [self._fit(line, self._title_font_name, box.w, box.h * 0.36) for line in lines]
        font = min(fonts, key=lambda f: f.size)
        lead = font.size / self.scale * 1.25
        top = box.cy + lead * (len(lines) - 1) / 2
        for k, line in enumerate(lines):
            d.text(self._pt(box.cx, top - k * lead), line, font=font, anchor="mm", fill=style.INK)

    # ------------------------------------------------------------ cells

    def _cell_image(self, loaded: style.LoadedImage, cell: Rect) -> Image.Image:
        key = loaded.path
        if key not in self._cell_images:
            box = self._box(cell)
            w, h = box[2] - box[0], box[3] - box[1]
            pic = loaded.image.resize((w, h), Image.Resampling.LANCZOS).convert("RGBA")
            wash = Image.new("RGBA", (w, h), (255, 255, 255, round(255 * WASH)))
            pic = Image.alpha_composite(pic, wash)
            plate = Image.new("RGBA", (w, h), (255, 255, 255, 0))  # as on the PDF (cards.pdf)
            pw, ph = w * PLATE_W, h * PLATE_H
            ImageDraw.Draw(plate).ellipse(
                ((w - pw) / 2, (h - ph) / 2, (w + pw) / 2, (h + ph) / 2),
                fill=(255, 255, 255, round(255 * PLATE)),
            )
            pic = Image.alpha_composite(pic, plate)
            mask = Image.new("L", (w, h), 0)
            ImageDraw.Draw(mask).rounded_rectangle(
                (0, 0, w - 1, h - 1), round(self.geo.cell_radius * self.scale), fill=255
            )
            pic.putalpha(mask)
            self._cell_images[key] = pic
        return self._cell_images[key]

    def _number_font_for_board(self) -> ImageFont.FreeTypeFont:
        """One size for every number, so that the widest of the board (three digits and the
        outline included) fits its cell with a margin."""
        g = self.geo
        font = self._font(self._number_font_name, g.number_size)
        x0, _, x1, _ = self._box(g.cells[0][0])
        room = (x1 - x0) * 0.84
        stroke = self._stroke()
        texts = [str(n) for n in range(1, self.config.board.total_numbers + 1)]
        width = max(font.getbbox(t, stroke_width=stroke, anchor="mm")[2] * 2 for t in texts)
        if width > room:
            font = self._font(self._number_font_name, g.number_size * room / width)
        return font

    def _stroke(self) -> int:
        return max(1, round(self.geo.number_size * 0.05 * self.scale))

    def number_box(self, number: int, cell: Rect) -> tuple[float, float, float, float]:
        """Where the ink of `number` (its outline included) falls, drawn in `cell`."""
        cx, cy = self._pt(cell.cx, cell.cy)
        return ImageDraw.Draw(Image.new("L", (1, 1))).textbbox(
            (cx, cy), str(number), font=self._number_font, anchor="mm", stroke_width=self._stroke()
        )

    # ------------------------------------------------------------ tiles and palette

    def _region(self, r: Rect) -> tuple[int, int, int, int]:
        """The supersampled box around `r` (one PNG pixel more each side), on whole PNG pixels."""
        s = SUPERSAMPLE
        x0, y0, x1, y1 = self._box(r)
        w, h = self.size_px
        return (
            max(0, (x0 // s - 1) * s),
            max(0, (y0 // s - 1) * s),
            min(w, (-(-x1 // s) + 1) * s),
            min(h, (-(-y1 // s) + 1) * s),
        )

    def _draw_region(
        self,
        region: tuple[int, int, int, int],
        draw: Callable[[Image.Image, ImageDraw.ImageDraw], None],
    ) -> Image.Image:
        """Draw on a piece of the template (`draw(image, drawer)`), reduced to PNG pixels, RGB."""
        piece = self._hi.crop(region)
        self._origin = (region[0], region[1])
        try:
            draw(piece, ImageDraw.Draw(piece))
        finally:
            self._origin = (0, 0)
        return piece.convert("RGB").reduce(SUPERSAMPLE)

    def _draw_number(
        self, image: Image.Image, d: ImageDraw.ImageDraw, number: int, cell: Rect, c: int
    ) -> None:
        g, cfg = self.geo, self.config
        loaded = self._images.get(number)
        if loaded is not None:
            pic = self._cell_image(loaded, cell)
            box = self._box(cell)
            image.alpha_composite(pic, (box[0], box[1]))
            d.rounded_rectangle(
                box,
                round(g.cell_radius * self.scale),
                outline=cfg.columns.outline[c],
                width=self._line(),
            )
        fill, outline = style.number_colours(cfg, number)
        d.text(
            self._pt(cell.cx, cell.cy),
            str(number),
            font=self._number_font,
            anchor="mm",
            fill=fill,
            stroke_width=self._stroke(),
            stroke_fill=outline,
        )

    def _rgb_tile(self, number: int) -> tuple[tuple[int, int], Image.Image]:
        """The number's cell as drawn in the top row, and where it goes there (PNG pixels)."""
        column = self.config.board.column_of(number)
        cell = self.geo.cells[0][column]
        region = self._region(cell)
        tile = self._draw_region(
            region, lambda im, d: self._draw_number(im, d, number, cell, column)
        )
        return (region[0] // SUPERSAMPLE, region[1] // SUPERSAMPLE), tile

    def _quantize(self, image: Image.Image) -> Image.Image:
        return image.quantize(palette=self._palette, dither=Image.Dither.NONE)

    def _setup_serial(self, base: Image.Image) -> None:
        """The serial is drawn straight in PNG pixels (FreeType smooths it), in one font size
        for the whole batch, over a copy of the background of its box."""
        serial, s = self.geo.serial, SUPERSAMPLE
        widest = max(
            "0123456789", key=lambda d: self._font(self._number_font_name, 10).getlength(d)
        )
        sample = style.serial_text(int(widest * self.serial_width), self.serial_width)
        if self.code_of is not None:
            font = self._font(self._number_font_name, 10)
            sample = cardcode.printed_label(sample, cardcode.widest_check(font.getlength))
        fitted = self._fit(sample, self._number_font_name, serial.w, serial.h * 0.5)
        self._serial_font = self._load_font(self._number_font_name, max(1, int(fitted.size) // s))
        x0, y0, x1, y1 = self._box(serial)
        self._serial_at = (x0 // s, y0 // s)
        self._serial_back = base.crop((x0 // s, y0 // s, -(-x1 // s), -(-y1 // s)))
        self._serial_xy = (
            self._pt(serial.x, serial.cy)[0] / s - x0 // s,
            self._serial_back.height / 2,
        )

    def _serial_tile(self, serial: int) -> tuple[tuple[int, int], Image.Image]:
        tile = self._serial_back.copy()
        text = style.serial_text(serial, self.serial_width)
        if self.code_of is not None:
            text = cardcode.printed_label(text, self.code_of(serial))
        ImageDraw.Draw(tile).text(
            self._serial_xy, text, font=self._serial_font, anchor="lm", fill=style.INK
        )
        return self._serial_at, tile

    def _make_palette(self) -> tuple[Image.Image, Image.Image]:
        """256 colours from the background, every number's tile, a serial, black and white."""
        base = self._hi.convert("RGB").reduce(SUPERSAMPLE)
        self._setup_serial(base)
        total = self.config.board.total_numbers
        step = max(1, total // 150)  # a few hundred tiles are plenty to pick colours from
        tiles = [self._rgb_tile(n)[1] for n in range(1, total + 1, step)]
        tiles.append(self._serial_tile(10**self.serial_width - 1)[1])
        width = base.width + max(t.width for t in tiles) + 2
        sample = Image.new("RGB", (width, max(base.height, sum(t.height for t in tiles))), "white")
        sample.paste(base, (0, 0))
        y = 0
        for tile in tiles:
            sample.paste(tile, (base.width, y))
            y += tile.height
        sample.paste((0, 0, 0), (width - 2, 0, width, sample.height))
        palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        self._palette = palette
        self._black = self._quantize(Image.new("RGB", (1, 1), "black")).getpixel((0, 0))
        self._white = self._quantize(Image.new("RGB", (1, 1), "white")).getpixel((0, 0))
        return palette, self._quantize(base)

    def _tile(self, number: int) -> tuple[tuple[int, int], Image.Image]:
        if number not in self._tiles:
            at, tile = self._rgb_tile(number)
            self._tiles[number] = (at, self._quantize(tile))
        return self._tiles[number]

    def _row_shifts(self) -> list[int]:
        """How far down each row's cells are from the top row's, in whole PNG pixels (a tile
        drawn once serves every row; the grid's gaps are wider than the rounding)."""
        top = self._box(self.geo.cells[0][0])[1]
        return [round((self._box(row[0])[1] - top) / SUPERSAMPLE) for row in self.geo.cells]

    # ------------------------------------------------------------ per card

    def render(self, card: BingoCard) -> Image.Image:
        """The card as a palette image at DPI."""
        g = self.geo
        img = self._base.copy()
        for shift, row in zip(self._shifts, card.rows, strict=True):
            for number in row:
                if number is not None:
                    (x, y), tile = self._tile(number)
                    img.paste(tile, (x, y + shift))
        at, tile = self._serial_tile(card.serial)
        img.paste(self._quantize(tile), at)
        if g.qr is not None:
            check = self.code_of(card.serial) if self.code_of else None
            token = self.token_of(card.serial) if self.token_of else ""
            text = cardcode.qr_text(card.serial, check, self.serial_width, self.qr_url, token)
            self._draw_qr(img, g.qr, text)
        return img

    def _draw_qr(self, img: Image.Image, box: Rect, text: str) -> None:
        """Whole-pixel modules, drawn straight in PNG pixels (crisp for scanners)."""
        matrix = qr_matrix(text)
        n = len(matrix)
        x0, y0, x1, y1 = (v // SUPERSAMPLE for v in self._box(box))
        module = max(1, int((x1 - x0) / (n + 2 * QR_QUIET_MODULES)))
        left = x0 + ((x1 - x0) - module * n) // 2
        top = y0 + ((y1 - y0) - module * n) // 2
        d = ImageDraw.Draw(img)
        d.rectangle((x0, y0, x1 - 1, y1 - 1), fill=self._white)
        for r, row in enumerate(matrix):
            for c, dark in enumerate(row):
                if dark:
                    x, y = left + c * module, top + r * module
                    d.rectangle((x, y, x + module - 1, y + module - 1), fill=self._black)

    def write(self, card: BingoCard) -> Path:
        """Save the card as card-<serial>.png (into a staging folder; see cards.output).

        PNG compression runs in worker threads (pillow releases the GIL while encoding) while
        the next cards are drawn; close() waits for them and raises the first error.
        """
        path = self.directory / f"card-{card.serial:0{self.serial_width}d}.png"
        image = self.render(card)
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=_SAVE_THREADS)
        self._pending.append(self._pool.submit(_save, image, path))
        while len(self._pending) > 2 * _SAVE_THREADS:  # bounded: a few images in memory
            self._pending.popleft().result()
        self.written += 1
        return path

    def close(self) -> None:
        """Wait for every PNG to be written; raises the first error (e.g. a full disk)."""
        try:
            while self._pending:
                self._pending.popleft().result()
        finally:
            self.abort()

    def abort(self) -> None:
        """Stop without waiting for what is not yet written (the staging folder is thrown away)."""
        for future in self._pending:
            future.cancel()
        self._pending.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


_SAVE_THREADS = max(1, min(4, os.cpu_count() or 1))


def _save(image: Image.Image, path: Path) -> None:
    image.save(path, format="PNG", dpi=(DPI, DPI), compress_level=COMPRESS_LEVEL)
