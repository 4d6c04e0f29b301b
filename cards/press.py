"""Print-shop data (入稿データ) for `bingo cards --press`: PDF/X-1a:2003, CMYK, one finished
card a page with 3 mm bleed and Japanese crop marks (日本式トンボ).

Why PDF/X-1a and not X-4: every Japanese print shop takes X-1a (X-4 needs an APPE RIP, which
not all have), and nothing on these cards needs live transparency: the wash over each picture
is flattened into the picture and the soft bubbles are premixed with the paper colour, so X-1a
loses nothing. X-1a also lets the output intent name a registered printing condition without
embedding its ICC profile, so no profile has to be shipped (the free CMYK profiles at hand,
Ghostscript's, are AGPL).

Colours are converted with Pillow's ImageCms (littleCMS) from sRGB to Ghostscript's CMYK
profile when it is installed (SWOP, registered as "CGATS TR 001"); without it by a simple
grey-component formula, declared as Japan Color 2001 Coated. The preflight says which.
One card a page is what Japanese shops ask for: they impose the pages on their own sheets.
"""

from __future__ import annotations

import datetime
import glob
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from PIL import Image
from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen.canvas import Canvas

from cards import style
from cards.layout import MM, PageGeometry

PRESS_BLEED_MM = 3.0  # 塗り足し: what Japanese shops ask for
MARK_AREA_MM = 13.0  # paper outside the bleed that holds the crop marks and the slug line
TOMBO_LEN_MM = 10.0  # each crop mark line, from the bleed line outwards
TOMBO_WIDTH = 0.1 * MM  # 0.1 mm hairlines, as shops draw them
CENTRE_MARK_MM = 6.0  # the cross at the middle of each side: its bar along the edge
PICTURE_PPI = 300  # pictures are embedded at 300 ppi of their printed size (at most 350)

PROFILE_GLOBS = (
    "/usr/share/color/icc/ghostscript/default_cmyk.icc",
    "/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc",
)
REGISTRATION = CMYKColor(1, 1, 1, 1)  # crop marks show on every plate


@dataclass(frozen=True)
class OutputCondition:
    """The printing condition the CMYK values are for, as the output intent names it."""

    identifier: str  # a name registered at color.org
    info: str
    how: str  # for the preflight: how RGB became CMYK


SWOP = OutputCondition("CGATS TR 001", "SWOP (CGATS TR 001), coated", "ImageCms, {profile}")
JAPAN_COLOR = OutputCondition(
    "JC200103", "Japan Color 2001 Coated", "a grey-component formula (no CMYK ICC profile found)"
)


def press_geometry(
    finish_mm: tuple[float, float], bleed_mm: float = PRESS_BLEED_MM
) -> PageGeometry:
    """One finished card on a page: trim box in the middle, bleed around it, the marks' area
    around that."""
    bleed_mm = max(bleed_mm, PRESS_BLEED_MM)
    w_mm, h_mm = finish_mm
    margin = (bleed_mm + MARK_AREA_MM) * MM
    card_w, card_h = w_mm * MM, h_mm * MM
    width, height = card_w + 2 * margin, card_h + 2 * margin
    x0, y0 = margin, margin
    return PageGeometry(
        width,
        height,
        bleed_mm * MM,
        card_w,
        card_h,
        ((x0, y0),),
        (round(x0, 4), round(x0 + card_w, 4)),
        (round(y0, 4), round(y0 + card_h, 4)),
        margin,
    )


def cmyk_profile() -> Path | None:
    for pattern in PROFILE_GLOBS:
        for found in sorted(glob.glob(pattern)):
            return Path(found)
    return None


class CmykConverter:
    """sRGB -> the press's CMYK, for colours and pictures alike (so they match)."""

    def __init__(self) -> None:
        from PIL import ImageCms  # littleCMS: loaded only for a press run

        self._cms = ImageCms
        path = cmyk_profile()
        self._transform = None
        if path is not None:
            try:
                self._transform = ImageCms.buildTransform(
                    ImageCms.createProfile("sRGB"),
                    str(path),
                    "RGB",
                    "CMYK",
                    renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                )
            except (OSError, ImageCms.PyCMSError):
                self._transform = None
        if self._transform is not None:
            self.condition = SWOP
            self.how = SWOP.how.format(profile=path)
        else:
            self.condition = JAPAN_COLOR
            self.how = JAPAN_COLOR.how
        self._cache: dict[str, CMYKColor] = {}

    def image(self, picture: Image.Image) -> Image.Image:
        rgb = picture.convert("RGB")
        if self._transform is not None:
            converted = self._cms.applyTransform(rgb, self._transform)
            assert converted is not None  # (None only when converting in place)
            return converted
        return _formula(rgb)

    def values(self, colour: str) -> tuple[float, float, float, float]:
        one = Image.new("RGB", (1, 1), style.rgb(colour))
        pixel = self.image(one).getpixel((0, 0))
        assert isinstance(pixel, tuple)  # a CMYK image's pixel: four bands
        c, m, y, k = pixel
        return (c / 255, m / 255, y / 255, k / 255)

    def colour(self, colour: str) -> CMYKColor:
        cached = self._cache.get(colour)
        if cached is None:
            if style.rgb(colour) == (255, 255, 255):
                cached = CMYKColor(0, 0, 0, 0)  # paper white stays unprinted
            else:
                cached = CMYKColor(*self.values(colour))
            self._cache[colour] = cached
        return cached


def _formula(rgb: Image.Image) -> Image.Image:
    """Grey-component replacement: K takes the grey part, C/M/Y the colour (no ICC)."""
    out = Image.new("CMYK", rgb.size)
    pixels = []
    data = rgb.tobytes()  # r, g, b bytes, pixel by pixel
    for i in range(0, len(data), 3):
        r, g, b = data[i], data[i + 1], data[i + 2]
        k = 255 - max(r, g, b)
        if k == 255:
            pixels.append((0, 0, 0, 255))
            continue
        scale = 255 / (255 - k)
        pixels.append(
            (
                round((255 - r - k) * scale),
                round((255 - g - k) * scale),
                round((255 - b - k) * scale),
                k,
            )
        )
    out.putdata(pixels)
    return out


def picture_px(cell_pt: float) -> int:
    """Pixels across for a picture printed `cell_pt` wide at PICTURE_PPI."""
    return max(1, math.ceil(cell_pt / 72.0 * PICTURE_PPI))


def press_picture(
    picture: Image.Image,
    px: int,
    wash: float,
    converter: CmykConverter,
    plate: tuple[float, float, float] | None = None,
) -> Image.Image:
    """A cell's picture for the press: at `px` pixels, the white wash (and the oval `plate`
    under the digits: its white, width and height as fractions) flattened into it (no live
    transparency in PDF/X-1a), in CMYK."""
    from PIL import ImageDraw

    sized = picture.convert("RGB").resize((px, px), Image.Resampling.LANCZOS)
    white = Image.new("RGB", sized.size, (255, 255, 255))
    washed = Image.blend(sized, white, wash)
    if plate is not None:
        amount, w, h = plate
        mask = Image.new("L", sized.size, 0)
        box = (px * (1 - w) / 2, px * (1 - h) / 2, px * (1 + w) / 2, px * (1 + h) / 2)
        ImageDraw.Draw(mask).ellipse(box, fill=round(255 * amount))
        washed = Image.composite(white, washed, mask)
    return converter.image(washed)


def draw_tombo(c: Canvas, page: PageGeometry) -> None:
    """日本式トンボ: at each corner a double L (the trim line and the bleed line, both drawn
    outwards from the bleed), and a centre cross (センタートンボ) at the middle of each side."""
    x0, x1 = page.cut_xs[0], page.cut_xs[-1]
    y0, y1 = page.cut_ys[0], page.cut_ys[-1]
    b = page.bleed
    length = TOMBO_LEN_MM * MM
    lines = []
    for x, sx in ((x0, -1), (x1, 1)):
        for y, sy in ((y0, -1), (y1, 1)):
            out_x, out_y = x + sx * b, y + sy * b  # the bleed corner
            # vertical marks above/below the corner: at the trim x and at the bleed x
            for mx in (x, out_x):
                lines.append((mx, out_y, mx, out_y + sy * length))
            # horizontal marks left/right of the corner: at the trim y and at the bleed y
            for my in (y, out_y):
                lines.append((out_x, my, out_x + sx * length, my))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    bar = CENTRE_MARK_MM * MM / 2
    for sy, edge in ((1, y1 + b), (-1, y0 - b)):  # top and bottom centre marks
        lines.append((cx, edge, cx, edge + sy * length))
        mid = edge + sy * length / 2
        lines.append((cx - bar, mid, cx + bar, mid))
    for sx, edge in ((1, x1 + b), (-1, x0 - b)):  # right and left centre marks
        lines.append((edge, cy, edge + sx * length, cy))
        mid = edge + sx * length / 2
        lines.append((mid, cy - bar, mid, cy + bar))
    c.saveState()
    c.setStrokeColor(REGISTRATION)
    c.setLineWidth(TOMBO_WIDTH)
    c.lines(lines)
    c.restoreState()


def make_pdfx(draft: Path, out: BinaryIO, title: str, condition: OutputCondition) -> None:
    """Write the file reportlab drafted as PDF/X-1a:2003 to `out` (pikepdf): the output
    intent, the PDF/X keys in the document info and in the XMP metadata, Trapped."""
    import pikepdf

    with pikepdf.open(draft) as pdf:
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent,
            S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(condition.identifier),
            OutputCondition=pikepdf.String(condition.info),
            RegistryName=pikepdf.String("http://www.color.org"),
            Info=pikepdf.String(condition.info),
        )
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
        info = pdf.docinfo
        info.Title = pikepdf.String(title)
        info.Trapped = pikepdf.Name("/False")
        info.GTS_PDFXVersion = pikepdf.String("PDF/X-1:2003")
        info.GTS_PDFXConformance = pikepdf.String("PDF/X-1a:2003")
        stamp = "D:" + _now().strftime("%Y%m%d%H%M%S") + "Z"
        info.CreationDate = info.get("/CreationDate", pikepdf.String(stamp))
        info.ModDate = info.get("/ModDate", pikepdf.String(stamp))
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            meta["dc:title"] = title
            meta["pdfx:GTS_PDFXVersion"] = "PDF/X-1:2003"
            meta["pdfx:GTS_PDFXConformance"] = "PDF/X-1a:2003"
            meta["pdf:Trapped"] = "False"
        pdf.save(out, force_version="1.4", fix_metadata_version=False, deterministic_id=True)


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


@lru_cache(maxsize=1)
def converter() -> CmykConverter:
    return CmykConverter()
