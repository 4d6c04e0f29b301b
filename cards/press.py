"""Print-shop data (入稿データ) for `bingo cards --press`: PDF/X-1a:2003, CMYK, one finished
card a page with 3 mm bleed and Japanese crop marks (日本式トンボ).

Why PDF/X-1a and not X-4: every Japanese print shop takes X-1a (X-4 needs an APPE RIP, which
not all have), and nothing on these cards needs live transparency: the wash over each picture
is flattened into the picture and the soft bubbles are premixed with the paper colour, so X-1a
loses nothing.

Colours and pictures are separated with Pillow's ImageCms (littleCMS) from sRGB to a Japan
Color CMYK ICC profile: `[cards] cmyk_profile`, else Debian's icc-profiles package
(JapanColor2011Coated.icc, or JapanColor2001Coated.icc where a release ships it). The output
intent names that condition and embeds the profile (its JPMA licence allows embedding and
sharing, not altering or selling). Without a profile `--press` refuses (ProfileMissing): it
never falls back to another condition, so one seed gives the same CMYK on every machine.

The document's dates are fixed, so the same seed and config give the same bytes (a file remade
from its seed can be compared with the one sent to the shop): SOURCE_DATE_EPOCH when set (the
reproducible-builds convention), else 2000-01-01 00:00 UTC, reportlab's invariant date. When
a batch was really made is in cards.batches.json.
Text under 12 pt, thin frames and near-black details print in black ink alone (K100,
overprinting: cards/pdf.py), and every vector colour is held to 300 % total ink.
One card a page is what Japanese shops ask for: they impose the pages on their own sheets.
"""

from __future__ import annotations

import datetime
import math
import os
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from PIL import Image
from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen.canvas import Canvas

from cards import style
from cards.layout import MM, PageGeometry
from cards.texts import TABLES
from eventkit.errors import UserError
from eventkit.tomlconf import phrase, refused

if TYPE_CHECKING:
    import pikepdf

    from bingo.config import Config

PRESS_BLEED_MM = 3.0  # 塗り足し: what Japanese shops ask for
MARK_AREA_MM = 13.0  # paper outside the bleed that holds the crop marks and the slug line
TOMBO_LEN_MM = 10.0  # each crop mark line, from the bleed line outwards
TOMBO_WIDTH = 0.1 * MM  # 0.1 mm hairlines, as shops draw them
CENTRE_MARK_MM = 6.0  # the cross at the middle of each side: its bar along the edge
PICTURE_PPI = 300  # pictures are embedded at 300 ppi of their printed size (at most 350)

# Where Debian's icc-profiles package (non-free) puts the Japan Color profiles.
PROFILE_PATHS = (
    Path("/usr/share/color/icc/JapanColor2011Coated.icc"),
    Path("/usr/share/color/icc/JapanColor2001Coated.icc"),
)
REGISTRATION = CMYKColor(1, 1, 1, 1)  # crop marks show on every plate
INVARIANT_DATE = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
PRODUCER = "puyo-event-toolkit cards (reportlab, pikepdf)"
CREATOR = "puyo-event-toolkit bingo cards --press"


def install_hint() -> str:
    """How to get a CMYK profile, in the config's language."""
    return phrase(TABLES, "install_hint")


class ProfileMissing(UserError):
    """--press without a usable CMYK ICC profile."""


@dataclass(frozen=True)
class OutputCondition:
    """The printing condition the CMYK values are for, as the output intent names it."""

    identifier: str  # the registered name at color.org where there is one
    info: str
    profile: Path


# Profile descriptions -> the reference name of the ICC characterization data registry.
_REGISTERED = {"japan color 2001 coated": "JC200103"}


def condition_of(path: Path, description: str) -> OutputCondition:
    """The output condition a CMYK profile is made for, named from its description."""
    text = " ".join(description.split()) or path.stem
    identifier = _REGISTERED.get(text.lower(), text)
    return OutputCondition(identifier, text, path)


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


def find_profile(configured: Path | None) -> Path:
    """The CMYK profile to separate with: `[cards] cmyk_profile`, else an installed Japan Color
    one; ProfileMissing (one line, how to install one) when there is none."""
    if configured is not None:
        return configured
    for path in PROFILE_PATHS:
        if path.is_file():
            return path
    raise refused(TABLES, "no_profile", ProfileMissing, hint=install_hint())


def _transform_class(cms: Any) -> Any:
    """ImageCms's transform, less its one slow step: each apply() copied the whole output
    profile (2 MB for Japan Color) into the picture's info, 43 ms a call, for nothing."""

    class Transform(cms.ImageCmsTransform):  # type: ignore[misc]
        def apply(self, im: Image.Image, imOut: Image.Image | None = None) -> Image.Image:  # noqa: N803
            out = imOut if imOut is not None else Image.new(self.output_mode, im.size)
            self.transform.apply(im.getim(), out.getim())
            return out

    return Transform


class CmykConverter:
    """sRGB -> the press's CMYK (the profile's), for colours and pictures alike (so they match)."""

    def __init__(self, profile: Path) -> None:
        from PIL import ImageCms  # littleCMS: loaded only for a press run

        self._cms = ImageCms
        try:
            opened = ImageCms.getOpenProfile(str(profile))
            space = opened.profile.xcolor_space.strip()
            if space != "CMYK":
                raise refused(TABLES, "not_cmyk", ProfileMissing, profile=profile, space=space)
            self._transform = _transform_class(ImageCms)(
                ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")),
                opened,
                "RGB",
                "CMYK",
                ImageCms.Intent.RELATIVE_COLORIMETRIC,
                flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
            )
            description = ImageCms.getProfileDescription(opened)
        except (OSError, ImageCms.PyCMSError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise refused(
                TABLES,
                "profile_unreadable",
                ProfileMissing,
                profile=profile,
                reason=reason,
                hint=install_hint(),
            ) from None
        self.condition = condition_of(profile, description)
        self.how = f"ImageCms from sRGB to {self.condition.info} ({profile.name})"
        self._cache: dict[str, CMYKColor] = {}

    def image(self, picture: Image.Image) -> Image.Image:
        converted = self._cms.applyTransform(picture.convert("RGB"), self._transform)
        assert converted is not None  # (None only when converting in place)
        return converted

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
            elif _lightness(colour) < NEAR_BLACK and _chroma(colour) < NEUTRAL:
                cached = CMYKColor(0, 0, 0, 1)  # small black details: black ink alone
            else:
                cached = CMYKColor(*_ink_limited(self.values(colour)))
            self._cache[colour] = cached
        return cached


# A colour this dark and grey prints in black ink alone: the cards have no large black area, which is
# where a rich (four-ink) black belongs; the Puyos' pupils in rich black were 338 % ink.
NEAR_BLACK = 0.15
NEUTRAL = 0.1  # ... and is this close to grey (a dark red or blue keeps its hue)


TOTAL_INK_LIMIT = 3.0  # 300 %: what Japanese shops ask of coated paper at most (often 320-350)


def _ink_limited(cmyk: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """A colour's CMYK with C, M and Y scaled down (K kept) to TOTAL_INK_LIMIT at most."""
    c, m, y, k = cmyk
    colour = c + m + y
    if colour + k <= TOTAL_INK_LIMIT or colour == 0:
        return cmyk
    scale = max(0.0, TOTAL_INK_LIMIT - 0.005 - k) / colour  # (the file rounds each value)
    return (c * scale, m * scale, y * scale, k)


def _chroma(colour: str) -> float:
    values = style.rgb(colour)
    return (max(values) - min(values)) / 255


def _lightness(colour: str) -> float:
    r, g, b = style.rgb(colour)
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def black_only(colour: str) -> CMYKColor:
    """`colour` in black ink alone (スミ1色): K100 for a dark colour, else its grey's K."""
    lightness = _lightness(colour)
    return CMYKColor(0, 0, 0, 1.0 if lightness < 0.35 else round(1 - lightness, 2))


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


def document_date() -> datetime.datetime:
    """The press file's CreationDate and ModDate (see the module docstring)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC)
    return INVARIANT_DATE


def _pdf_date(when: datetime.datetime) -> str:
    return when.strftime("D:%Y%m%d%H%M%S+00'00'")


def make_pdfx(
    draft: Path,
    out: BinaryIO,
    title: str,
    condition: OutputCondition,
    sources: dict[str, tuple[str, int]] | None = None,
) -> None:
    """Write the file reportlab drafted as PDF/X-1a:2003 to `out` (pikepdf): the output
    intent with its profile, the XMP metadata and the complete document info (the info keys are
    set after the XMP: pikepdf's sync from the XMP drops the keys the XMP lacks). Each
    picture's image gets its source's file name and pixels (`sources`, by form name), so a
    preflight can tell its real resolution: the pictures are resampled to PICTURE_PPI."""
    import pikepdf

    with pikepdf.open(draft) as pdf:
        icc = condition.profile.read_bytes()
        profile = pdf.make_stream(zlib.compress(icc, 9))
        profile.Filter = pikepdf.Name.FlateDecode
        profile.N = 4
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent,
            S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(condition.identifier),
            OutputCondition=pikepdf.String(condition.info),
            RegistryName=pikepdf.String("http://www.color.org"),
            Info=pikepdf.String(condition.info),
            DestOutputProfile=profile,
        )
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
        _mark_sources(pdf, sources or {})
        when = document_date()
        xmp_date = when.isoformat(timespec="seconds")
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            meta["dc:title"] = title
            meta["pdf:Producer"] = PRODUCER
            meta["xmp:CreatorTool"] = CREATOR
            meta["xmp:CreateDate"] = xmp_date
            meta["xmp:ModifyDate"] = xmp_date
            meta["xmp:MetadataDate"] = xmp_date
            meta["pdfx:GTS_PDFXVersion"] = "PDF/X-1:2003"
            meta["pdfx:GTS_PDFXConformance"] = "PDF/X-1a:2003"
            meta["pdf:Trapped"] = "False"
        info = pdf.docinfo
        for key, value in info_keys(title, when).items():
            info[key] = value
        pdf.save(out, force_version="1.4", fix_metadata_version=False, deterministic_id=True)


SOURCE_FILE, SOURCE_PIXELS = "/BingoSourceFile", "/BingoSourcePixels"


def _mark_sources(pdf: pikepdf.Pdf, sources: dict[str, tuple[str, int]]) -> None:
    """Each picture form's image, marked with its source (SOURCE_FILE, SOURCE_PIXELS)."""
    import pikepdf

    def xobjects(obj: pikepdf.Object) -> pikepdf.Dictionary:
        found = obj.get("/Resources")
        inner = found.get("/XObject") if isinstance(found, pikepdf.Dictionary) else None
        return inner if isinstance(inner, pikepdf.Dictionary) else pikepdf.Dictionary()

    left = dict(sources)
    for page in pdf.pages:
        if not left:
            return
        placed = xobjects(page.obj)
        for name in [n for n in left if "/" + n in placed]:
            file_name, pixels = left.pop(name)
            for image in xobjects(placed["/" + name]).values():
                if image.get("/Subtype") == "/Image":
                    image[SOURCE_FILE] = pikepdf.String(file_name)
                    image[SOURCE_PIXELS] = pixels


def info_keys(title: str, when: datetime.datetime) -> dict[str, object]:
    """The document info a PDF/X-1a:2003 file carries, in agreement with its XMP."""
    import pikepdf

    stamp = pikepdf.String(_pdf_date(when))
    return {
        "/Title": pikepdf.String(title),
        "/Producer": pikepdf.String(PRODUCER),
        "/Creator": pikepdf.String(CREATOR),
        "/CreationDate": stamp,
        "/ModDate": stamp,
        "/Trapped": pikepdf.Name("/False"),
        "/GTS_PDFXVersion": pikepdf.String("PDF/X-1:2003"),
        "/GTS_PDFXConformance": pikepdf.String("PDF/X-1a:2003"),
    }


@lru_cache(maxsize=4)
def _converter(profile: Path, _stamp: tuple[int, int]) -> CmykConverter:
    return CmykConverter(profile)


def converter(config: Config) -> CmykConverter:
    """The CMYK converter of a press run (ProfileMissing when there is no profile); made once
    per profile file as it is now (a file changed in place is read again)."""
    path = find_profile(config.cards.cmyk_profile)
    try:
        stat = path.stat()
    except OSError as exc:
        raise refused(
            TABLES, "profile_unreadable_plain", ProfileMissing, profile=path, reason=exc.strerror
        ) from None
    return _converter(path, (stat.st_mtime_ns, stat.st_size))
