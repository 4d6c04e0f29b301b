"""One PNG per card (pillow), for sending cards by e-mail or chat.

Draws the same design as the PDF from the same layout (cards/layout.py), at 2x and scaled
down for smooth edges.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bingo.config import Config
from cards import style
from cards.layout import MM, Rect, card_geometry, page_geometry
from cards.model import BingoCard
from cards.pdf import qr_matrix
from eventkit.errors import UserError

DPI = 200
SUPERSAMPLE = 2

# Fonts tried for the title when config.cards.font is not set (Japanese-capable first).
_TITLE_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "C:/Windows/Fonts/meiryob.ttc",
    "C:/Windows/Fonts/msgothic.ttc",
    "/System/Library/Fonts/ヒラギノ角ゴシック W6.ttc",
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "NotoSansCJK-Bold.ttc",
    "DejaVuSans-Bold.ttf",
)
_NUMBER_FONTS = ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "Arial Bold.ttf", "arialbd.ttf")


class PngError(UserError):
    """The PNG folder cannot be written."""


def _find_font(candidates: tuple[str, ...]) -> str | None:
    for name in candidates:
        try:
            ImageFont.truetype(name, 10)
        except OSError:
            continue
        return name
    return None


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
    ) -> None:
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
        self.size_px = (round(self.geo.width * self.scale), round(self.geo.height * self.scale))
        title_name = str(config.cards.font) if config.cards.font else _find_font(_TITLE_FONTS)
        number_name = _find_font(_NUMBER_FONTS) or title_name
        self._title_font_name = title_name
        self._number_font_name = number_name
        if title_name is None:
            warn("warning: no Japanese font found for the PNG cards: set cards.font in config.toml")
        if images and loaded_images is None:
            loaded_images = style.load_images(config, True, warn)
        self._images = loaded_images if images else {}
        self._cell_images: dict[object, Image.Image] = {}
        self._template = self._make_template()
        self.written = 0

    # ------------------------------------------------------------ helpers

    def _font(self, name: str | None, size_pt: float) -> ImageFont.FreeTypeFont:
        px = max(1, round(size_pt * self.scale))
        if name is None:
            return ImageFont.load_default(px)
        try:
            return ImageFont.truetype(name, px)
        except OSError:
            return ImageFont.load_default(px)

    def _box(self, r: Rect) -> tuple[int, int, int, int]:
        s, h = self.scale, self.geo.height
        return (
            round(r.x * s),
            round((h - r.top) * s),
            round((r.x + r.w) * s),
            round((h - r.y) * s),
        )

    def _pt(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale, (self.geo.height - y) * self.scale

    def _fit(self, text: str, name: str | None, max_w: float, max_h: float) -> ImageFont.ImageFont:
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

    # ------------------------------------------------------------ per card

    def _cell_image(self, loaded: style.LoadedImage, cell: Rect) -> Image.Image:
        key = loaded.path
        if key not in self._cell_images:
            box = self._box(cell)
            w, h = box[2] - box[0], box[3] - box[1]
            pic = loaded.image.resize((w, h), Image.LANCZOS).convert("RGBA")
            wash = Image.new("RGBA", (w, h), (255, 255, 255, round(255 * 0.45)))
            pic = Image.alpha_composite(pic, wash)
            mask = Image.new("L", (w, h), 0)
            ImageDraw.Draw(mask).rounded_rectangle(
                (0, 0, w - 1, h - 1), round(self.geo.cell_radius * self.scale), fill=255
            )
            pic.putalpha(mask)
            self._cell_images[key] = pic
        return self._cell_images[key]

    def render(self, card: BingoCard) -> Image.Image:
        """The card as an RGB image at DPI."""
        g, cfg = self.geo, self.config
        img = self._template.copy()
        d = ImageDraw.Draw(img)
        number_font = self._font(self._number_font_name, g.number_size)
        for r, row in enumerate(card.rows):
            for c, number in enumerate(row):
                if number is None:
                    continue
                cell = g.cells[r][c]
                loaded = self._images.get(number)
                if loaded is not None:
                    pic = self._cell_image(loaded, cell)
                    box = self._box(cell)
                    img.alpha_composite(pic, (box[0], box[1]))
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
                    font=number_font,
                    anchor="mm",
                    fill=fill,
                    stroke_width=max(1, round(g.number_size * 0.05 * self.scale)),
                    stroke_fill=outline,
                )
        serial = g.serial
        text = style.serial_text(card.serial, self.serial_width)
        font = self._fit(text, self._number_font_name, serial.w, serial.h * 0.5)
        d.text(self._pt(serial.x, serial.cy), text, font=font, anchor="lm", fill=style.INK)
        if g.qr is not None:
            self._draw_qr(d, g.qr, str(card.serial))
        out = img.convert("RGB")
        return out.resize((out.width // SUPERSAMPLE, out.height // SUPERSAMPLE), Image.LANCZOS)

    def _draw_qr(self, d: ImageDraw.ImageDraw, box: Rect, text: str) -> None:
        matrix = qr_matrix(text)
        n = len(matrix)
        quiet = 1.5
        x0, y0, x1, _ = self._box(box)
        module = (x1 - x0) / (n + 2 * quiet)
        d.rectangle(self._box(box), fill="#ffffff")
        for r, row in enumerate(matrix):
            for c, dark in enumerate(row):
                if dark:
                    left = x0 + (quiet + c) * module
                    top = y0 + (quiet + r) * module
                    d.rectangle((left, top, left + module, top + module), fill="#000000")

    def write(self, card: BingoCard) -> Path:
        """Save the card as card-<serial>.png (into a staging folder; see cards.output)."""
        path = self.directory / f"card-{card.serial:0{self.serial_width}d}.png"
        self.render(card).save(path, format="PNG")
        self.written += 1
        return path
