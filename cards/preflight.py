"""A print shop's preflight of a PDF, read from the file itself (pikepdf), not from our own
bookkeeping: colour spaces, smallest text, lowest picture resolution, fonts embedded or not,
trim and bleed boxes, transparency, PDF/X output intent, file size.

`bingo cards` prints `summary()` at the end of every run; the press tests check the same
properties with poppler's pdfimages/pdffonts and Ghostscript as well.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cards.texts import TABLES
from eventkit.tomlconf import phrase

if TYPE_CHECKING:
    import pikepdf

MM = 72.0 / 25.4
_STRINGS = re.compile(rb"\((?:\\.|[^\\)])*\)", re.DOTALL)
_COLOUR_OPS = re.compile(rb"(?<![A-Za-z0-9_/#.])(rg|RG|k|K|g|G|cs|CS)(?![A-Za-z0-9_])")
_TF = re.compile(rb"([0-9.]+)\s+Tf\b")
# the page footer (serials, page, seed, config), marked by cards/pdf.py: outside every card
_FOOTER = re.compile(rb"/Artifact\s*<<[^>]*/Footer[^>]*>>\s*BDC(.*?)EMC", re.DOTALL)
_PLACED = re.compile(
    rb"([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)\s+[-0-9.]+\s+[-0-9.]+\s+cm\s*/(\S+)\s+Do"
)
# the operators that set the fill colour or the font size, and q/Q, in the order they come
_TEXT_STATE = re.compile(rb"(?<![A-Za-z0-9_/#.*'\"])(k|rg|g|Tf|q|Q)(?![A-Za-z0-9_*'\"])")
_OPERANDS = {b"k": 4, b"rg": 3, b"g": 1, b"Tf": 1}
PICTURE_PPI = 300  # what a print shop asks of a picture at its printed size
SMALL_TEXT_PT = 12.0  # text under this size should print in one ink (スミ1色) on the press
_SPACES = {b"rg": "DeviceRGB", b"RG": "DeviceRGB", b"k": "DeviceCMYK", b"K": "DeviceCMYK"}
_SPACES |= {b"g": "DeviceGray", b"G": "DeviceGray"}


@dataclass
class Preflight:
    path: Path
    size_bytes: int = 0
    pages: int = 0
    version: str = ""
    pdfx: str | None = None  # GTS_PDFXVersion of the document info
    output_intent: str | None = None  # OutputConditionIdentifier
    colour_spaces: set[str] = field(default_factory=set)  # of vector colours and pictures
    picture_spaces: set[str] = field(default_factory=set)
    smallest_text_pt: float | None = None  # of the texts on the cards
    footer_text_pt: float | None = None  # the page footer's, outside every card (bookkeeping)
    lowest_ppi: float | None = None
    fonts: dict[str, bool] = field(default_factory=dict)  # base font -> embedded
    transparency: list[str] = field(default_factory=list)
    trim_mm: tuple[float, float] | None = None
    bleed_mm: float | None = None
    pages_without_trim: int = 0
    pages_read: int = 0  # pages whose own content was read (all, or a sample of a long file)
    info_missing: list[str] = field(default_factory=list)  # PDF/X info keys absent
    xmp_disagrees: list[str] = field(default_factory=list)  # info keys the XMP says otherwise
    intent_profile: str | None = None  # the output intent's embedded profile, described
    small_text_inks: dict[str, float] = field(default_factory=dict)  # inks -> smallest pt
    # picture file -> the real resolution of its source at its printed size (press files mark
    # each resampled picture with its source, cards/press.py)
    source_ppi: dict[str, float] = field(default_factory=dict)

    def pictures_lines(self) -> list[str]:
        """The lowest resolution as embedded, and the pictures whose source is under
        PICTURE_PPI at its printed size, by name."""
        if not self.lowest_ppi:
            return [phrase(TABLES, "pf_no_pictures")]
        lines = [phrase(TABLES, "pf_lowest_ppi", ppi=self.lowest_ppi)]
        if self.source_ppi:
            lowest = min(self.source_ppi.values())
            lines[0] += phrase(TABLES, "pf_source_ppi", ppi=lowest)
            low = sorted((ppi, name) for name, ppi in self.source_ppi.items() if ppi < PICTURE_PPI)
            if low:
                named = ", ".join(
                    phrase(TABLES, "pf_picture", name=name, ppi=ppi) for ppi, name in low[:5]
                )
                more = phrase(TABLES, "and_more", count=len(low) - 5) if len(low) > 5 else ""
                lines.append(
                    phrase(
                        TABLES,
                        "pf_low_pictures",
                        count=len(low),
                        floor=PICTURE_PPI,
                        named=named,
                        more=more,
                    )
                )
        return lines

    def small_text_line(self) -> str:
        """The inks text under SMALL_TEXT_PT prints in ("K" is black alone)."""
        if not self.small_text_inks:
            return phrase(TABLES, "pf_no_small_text", floor=SMALL_TEXT_PT)
        inks = sorted(self.small_text_inks.items(), key=lambda item: item[1])
        said = ", ".join(
            phrase(TABLES, "pf_ink_only" if ink == "K" else "pf_ink", ink=ink, size=size)
            for ink, size in inks
        )
        return phrase(TABLES, "pf_small_text", floor=SMALL_TEXT_PT, inks=said)

    def info_line(self) -> str:
        """The PDF/X document info, checked key by key against the standard and the XMP."""
        if self.pdfx is None:
            return phrase(TABLES, "pf_not_pdfx")
        if self.info_missing or self.xmp_disagrees:
            missing = ", ".join(self.info_missing)
            parts = [phrase(TABLES, "pf_info_missing", keys=missing)] if self.info_missing else []
            if self.xmp_disagrees:
                parts.append(phrase(TABLES, "pf_info_xmp", keys=", ".join(self.xmp_disagrees)))
            return phrase(TABLES, "pf_info_bad", parts="; ".join(parts))
        keys = ", ".join(k.lstrip("/") for k in PDFX_INFO)
        return phrase(TABLES, "pf_info_ok", keys=keys)

    def summary(self) -> str:
        """The report, in the event's language (the PDF's own names as they are)."""
        none = phrase(TABLES, "pf_none")
        spaces = ", ".join(sorted(self.colour_spaces | self.picture_spaces)) or none
        fonts = ", ".join(
            phrase(TABLES, "pf_embedded" if e else "pf_not_embedded", name=n)
            for n, e in self.fonts.items()
        )
        if self.trim_mm and not self.pages_without_trim:
            width, height = self.trim_mm
            trim = phrase(TABLES, "pf_trim", width=width, height=height, bleed=self.bleed_mm)
        elif not self.trim_mm:
            trim = phrase(TABLES, "pf_no_trim")
        else:
            trim = phrase(TABLES, "pf_trim_missing", pages=self.pages_without_trim)
        read = (
            "" if self.pages_read == self.pages else phrase(TABLES, "pf_read", read=self.pages_read)
        )
        pdfx = (
            phrase(TABLES, "pf_pdfx", pdfx=self.pdfx, intent=self.output_intent)
            if self.pdfx
            else ""
        )
        head = phrase(
            TABLES,
            "pf_head",
            name=self.path.name,
            version=self.version,
            pages=self.pages,
            read=read,
            size=self.size_bytes / 1e6,
            pdfx=pdfx,
        )
        found = "; ".join(self.transparency[:3]) if self.transparency else none
        lines = [
            head,
            phrase(TABLES, "pf_spaces", spaces=spaces),
            self.smallest_text_line(),
            *self.pictures_lines(),
            self.small_text_line(),
            phrase(TABLES, "pf_fonts", fonts=fonts or none),
            trim,
            self.info_line(),
            phrase(TABLES, "pf_transparency", found=found),
        ]
        return "\n".join(lines)

    def smallest_text_line(self) -> str:
        if not self.smallest_text_pt and not self.footer_text_pt:
            return phrase(TABLES, "pf_no_text")
        size = (
            phrase(TABLES, "pf_points", points=self.smallest_text_pt)
            if self.smallest_text_pt
            else phrase(TABLES, "pf_none_on_cards")
        )
        line = phrase(TABLES, "pf_smallest", size=size)
        if self.footer_text_pt and (
            not self.smallest_text_pt or self.footer_text_pt < self.smallest_text_pt
        ):
            line += phrase(TABLES, "pf_footer", points=self.footer_text_pt)
        return line


def _contents(page: pikepdf.Page) -> bytes:
    import pikepdf

    contents = page.obj.get("/Contents")
    if contents is None:
        return b""
    if isinstance(contents, pikepdf.Array):
        return b"\n".join(part.read_bytes() for part in contents)
    return contents.read_bytes()


def _scan_ops(data: bytes, report: Preflight) -> None:
    code = _STRINGS.sub(b"()", data)
    for op in set(_COLOUR_OPS.findall(code)):
        report.colour_spaces.add(_SPACES.get(op, "named (cs)"))
    _small_text_inks(code, report)
    footer = [float(v) for part in _FOOTER.findall(code) for v in _TF.findall(part)]
    if footer and (report.footer_text_pt is None or min(footer) < report.footer_text_pt):
        report.footer_text_pt = min(footer)
    sizes = [float(v) for v in _TF.findall(_FOOTER.sub(b"", code)) if float(v) > 0]
    if sizes:
        smallest = min(sizes)
        if report.smallest_text_pt is None or smallest < report.smallest_text_pt:
            report.smallest_text_pt = smallest


def _inks(op: bytes, values: list[bytes]) -> str:
    """The inks a fill colour prints with: "K", "C+M+Y+K", ... (RGB and grey named so)."""
    if op != b"k":
        return "RGB" if op == b"rg" else "grey (DeviceGray)"
    numbers = [float(v) for v in values]
    return "+".join(name for name, v in zip("CMYK", numbers, strict=True) if v > 0) or "none"


def _small_text_inks(code: bytes, report: Preflight) -> None:
    """The fill colour in force at each font size under SMALL_TEXT_PT (q/Q followed)."""
    colour, stack, start = "K", [], 0  # the initial fill colour is black
    for match in _TEXT_STATE.finditer(code):
        op = match.group(1)
        if op == b"q":
            stack.append(colour)
        elif op == b"Q":
            colour = stack.pop() if stack else colour
        else:
            operands = code[start : match.start()].split()[-_OPERANDS[op] :]
            try:
                if op == b"Tf":
                    size = float(operands[0])
                    if 0 < size < SMALL_TEXT_PT:
                        known = report.small_text_inks.get(colour, size)
                        report.small_text_inks[colour] = min(known, size)
                else:
                    colour = _inks(op, operands)
            except (ValueError, IndexError):
                pass  # not numbers: not a colour or size this reading understands
        start = match.end()


def _forms_and_images(resources: pikepdf.Object | None) -> Iterator[tuple[str, pikepdf.Object]]:
    import pikepdf

    xobjects = resources.get("/XObject") if resources is not None else None
    if not isinstance(xobjects, pikepdf.Dictionary):
        return
    yield from xobjects.items()


def _space_name(space: pikepdf.Object | str) -> str:
    import pikepdf

    if isinstance(space, pikepdf.Array):
        return str(space[0]).lstrip("/")
    return str(space).lstrip("/")


FULL_SCAN_PAGES = 400  # beyond this, the pages' own content is read on a sample (see below)
SAMPLE_ENDS, SAMPLE_EVERY = 100, 25


def preflight(path: str | Path, *, every_page: bool = False) -> Preflight:
    """Read `path` as a shop's preflight does; see the module docstring. The boxes, fonts,
    pictures and graphics states are read in full; the pages' content streams too up to
    FULL_SCAN_PAGES pages (or with `every_page`), else the first and last 100 and every 25th
    (a card page repeats one template: a 10,000-card default run stays quick)."""
    import pikepdf

    path = Path(path)
    report = Preflight(path, size_bytes=path.stat().st_size)
    with pikepdf.open(path) as pdf:
        report.version = pdf.pdf_version
        report.pages = len(pdf.pages)
        _document_info(pdf, report)
        seen_forms: set[tuple[int, int]] = set()
        total = len(pdf.pages)
        for number, page in enumerate(pdf.pages, start=1):
            if (
                every_page
                or total <= FULL_SCAN_PAGES
                or number <= SAMPLE_ENDS
                or number > total - SAMPLE_ENDS
                or number % SAMPLE_EVERY == 0
            ):
                _scan_ops(_contents(page), report)
                report.pages_read += 1
            _walk(page.obj.get("/Resources"), report, seen_forms)
            _boxes(page, report)
        if report.pages_without_trim == report.pages:
            report.pages_without_trim = 0
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
                _object(obj, report)
    return report


# What PDF/X-1a:2003 wants in the document info, and the XMP property each one mirrors.
PDFX_INFO = {
    "/Title": "dc:title",
    "/CreationDate": "xmp:CreateDate",
    "/ModDate": "xmp:ModifyDate",
    "/Trapped": "pdf:Trapped",
    "/GTS_PDFXVersion": "pdfx:GTS_PDFXVersion",
    "/GTS_PDFXConformance": "pdfx:GTS_PDFXConformance",
    "/Producer": "pdf:Producer",
    "/Creator": "xmp:CreatorTool",
}


def _document_info(pdf: pikepdf.Pdf, report: Preflight) -> None:
    """The PDF/X identification and output intent; for a PDF/X file every info key it needs,
    and whether the XMP metadata says the same."""
    info = pdf.docinfo
    intents = pdf.Root.get("/OutputIntents")
    if intents:
        intent = intents[0]
        report.output_intent = str(intent.get("/OutputConditionIdentifier", ""))
        if "/DestOutputProfile" in intent:
            report.intent_profile = str(intent.get("/Info", report.output_intent))
    if "/GTS_PDFXVersion" not in info:
        return
    report.pdfx = str(info.GTS_PDFXVersion)
    report.info_missing = [k.lstrip("/") for k in PDFX_INFO if k not in info]
    meta = pdf.open_metadata()
    for key, prop in PDFX_INFO.items():
        if key in info and not _same(info[key], meta.get(prop)):
            report.xmp_disagrees.append(key.lstrip("/"))


def _same(value: pikepdf.Object, xmp: str | None) -> bool:
    """An info value and its XMP counterpart say the same (dates compared to the second)."""
    text = str(value).lstrip("/")
    if xmp is None:
        return False
    if text.startswith("D:"):
        digits = re.sub(r"\D", "", xmp)[:14]
        return text[2:16] == digits
    return text == str(xmp)


def _boxes(page: pikepdf.Page, report: Preflight) -> None:
    """The trim size and bleed of the first page that has a TrimBox; pages without one counted."""
    trim, bleed = page.obj.get("/TrimBox"), page.obj.get("/BleedBox")
    if trim is None:
        report.pages_without_trim += 1
        return
    if report.trim_mm is not None:
        return
    t = [float(v) for v in trim]
    report.trim_mm = ((t[2] - t[0]) / MM, (t[3] - t[1]) / MM)
    if bleed is not None:
        b = [float(v) for v in bleed]
        report.bleed_mm = min(t[0] - b[0], t[1] - b[1], b[2] - t[2], b[3] - t[3]) / MM
    else:
        report.bleed_mm = 0.0


def _object(obj: pikepdf.Object, report: Preflight) -> None:
    """One object of the file: a font, or a source of transparency."""
    import pikepdf

    kind = obj.get("/Type")
    if kind == "/Font":
        _font(obj, report)
    # graphics states (reportlab leaves out their /Type): constant alpha under 1
    for key in ("/CA", "/ca"):
        value = obj.get(key)
        if isinstance(value, int | float | pikepdf.Object) and _number(value) < 1:
            report.transparency.append(f"alpha {key[1:]} {_number(value):g}")
    if kind == "/ExtGState" and obj.get("/SMask", pikepdf.Name.None_) != pikepdf.Name.None_:
        report.transparency.append("soft mask (ExtGState)")
    if "/SMask" in obj and obj.get("/Subtype") == "/Image":
        report.transparency.append("image with a soft mask")
    group = obj.get("/Group") if kind in ("/Page", "/XObject", None) else None
    if isinstance(group, pikepdf.Dictionary) and group.get("/S") == "/Transparency":
        report.transparency.append("transparency group")


def _number(value: Any) -> float:
    """A PDF number as a float; anything that is not one counts as 1 (opaque)."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return 1.0


def _states(resources: pikepdf.Object | None, report: Preflight) -> None:
    """Graphics states of a resource dictionary (direct or not): constant alpha under 1."""
    import pikepdf

    states = resources.get("/ExtGState") if resources is not None else None
    if not isinstance(states, pikepdf.Dictionary):
        return
    for name, state in states.items():
        for key in ("/CA", "/ca"):
            if key in state and _number(state[key]) < 1:
                report.transparency.append(f"alpha {key[1:]} {_number(state[key]):g} ({name})")
        if state.get("/SMask", pikepdf.Name.None_) != pikepdf.Name.None_:
            report.transparency.append(f"soft mask ({name})")


def _walk(resources: pikepdf.Object | None, report: Preflight, seen: set[tuple[int, int]]) -> None:
    """Forms (once each) and pictures placed in them: their colour and size as printed."""
    _states(resources, report)
    for _name, xobject in _forms_and_images(resources):
        key = xobject.objgen
        if key in seen:
            continue
        seen.add(key)
        if xobject.get("/Subtype") == "/Form":
            data = xobject.read_bytes()
            _scan_ops(data, report)
            inner = xobject.get("/Resources")
            _placed_pictures(data, dict(_forms_and_images(inner)), report)
            _walk(inner, report, seen)
        elif xobject.get("/Subtype") == "/Image":
            report.picture_spaces.add(_space_name(xobject.get("/ColorSpace", "?")))


def _placed_pictures(data: bytes, images: dict[str, pikepdf.Object], report: Preflight) -> None:
    """The pictures a form's content places (`a b c d e f cm /Name Do`): resolution, colour."""
    for a, _b, _c, d, name in _PLACED.findall(_STRINGS.sub(b"()", data)):
        image = images.get("/" + name.decode("latin-1"))
        if image is None or image.get("/Subtype") != "/Image":
            continue
        width_in = abs(float(a)) / 72.0
        height_in = abs(float(d)) / 72.0
        if width_in and height_in:
            ppi = min(int(image.Width) / width_in, int(image.Height) / height_in)
            if report.lowest_ppi is None or ppi < report.lowest_ppi:
                report.lowest_ppi = ppi
            if "/BingoSourcePixels" in image:
                source = int(image.BingoSourcePixels) / max(width_in, height_in)
                name = str(image.get("/BingoSourceFile", name.decode("latin-1")))
                report.source_ppi[name] = min(report.source_ppi.get(name, source), source)
        report.picture_spaces.add(_space_name(image.get("/ColorSpace", "?")))


def _font(font: pikepdf.Object, report: Preflight) -> None:
    subtype = font.get("/Subtype")
    if subtype == "/Type3":
        report.fonts[str(font.get("/Name", "Type3"))] = True
        return
    described = font
    if subtype == "/Type0":
        described = font.DescendantFonts[0]
    descriptor = described.get("/FontDescriptor")
    name = str(font.get("/BaseFont", "?")).lstrip("/")
    embedded = descriptor is not None and any(
        k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")
    )
    report.fonts[name] = report.fonts.get(name, True) and embedded
