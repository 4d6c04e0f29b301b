"""Print-shop data (issue 23 item 4): `bingo cards --press` writes PDF/X-1a:2003 with a CMYK
output intent, every colour and picture in CMYK, no transparency, fonts embedded, a TrimBox and
BleedBox per finished card, 日本式トンボ, pictures at 300-350 ppi; checked on the file itself
with pikepdf, poppler (pdfimages, pdffonts) and Ghostscript. The default stays RGB and small."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image
from test_cards_key import run_cards
from test_cards_output import write_config

from bingo.config import FINISH_SIZES
from cards.layout import MM
from cards.preflight import preflight
from cards.press import MARK_AREA_MM, PRESS_BLEED_MM, TOMBO_LEN_MM

needs_tools = pytest.mark.skipif(
    not all(shutil.which(t) for t in ("pdfimages", "pdffonts", "pdftoppm", "gs")),
    reason="needs poppler-utils and ghostscript: scripts/install.sh --test",
)


@pytest.fixture(scope="module")
def press_file(tmp_path_factory) -> Path:
    """Six A6 cards with pictures and QR codes, as a host would send them to a shop."""
    folder = tmp_path_factory.mktemp("press")
    write_config(folder)
    assert (
        run_cards(folder, "--count", "6", "--seed", "3", "--qr", "--press", "--finish", "A6") == 0
    )
    return folder / "cards.pdf"


def tool(*args: str) -> str:
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def test_the_file_is_pdf_x_1a_with_a_cmyk_output_intent(press_file):
    with pikepdf.open(press_file) as pdf:
        assert pdf.pdf_version == "1.4"  # X-1a:2003 allows PDF 1.4 at most
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier)
        assert str(intent.RegistryName) == "http://www.color.org"
        info = pdf.docinfo
        assert str(info.GTS_PDFXVersion) == "PDF/X-1:2003"
        assert str(info.GTS_PDFXConformance) == "PDF/X-1a:2003"
        assert info.Trapped == pikepdf.Name("/False") and str(info.Title)
        meta = pdf.open_metadata()
        assert meta["pdfx:GTS_PDFXVersion"] == "PDF/X-1:2003"
        assert "/Encrypt" not in pdf.trailer and "/ID" in pdf.trailer


def test_every_colour_and_picture_is_cmyk_and_nothing_is_transparent(press_file):
    report = preflight(press_file, every_page=True)
    assert report.pages_read == report.pages == 6
    assert report.colour_spaces == {"DeviceCMYK"} and report.picture_spaces == {"DeviceCMYK"}
    assert report.transparency == []
    with pikepdf.open(press_file) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/ExtGState":
                assert float(obj.get("/ca", 1)) == 1 and float(obj.get("/CA", 1)) == 1


@pytest.mark.slow
@pytest.mark.process
@needs_tools
def test_poppler_sees_cmyk_pictures_at_300_ppi_and_embedded_fonts(press_file, output_dir):
    images = tool("pdfimages", "-list", str(press_file))
    rows = [line.split() for line in images.splitlines()[2:] if line.strip()]
    assert rows and {row[5] for row in rows} == {"cmyk"}
    assert all(300 <= int(row[12]) <= 350 and 300 <= int(row[13]) <= 350 for row in rows)
    fonts = tool("pdffonts", str(press_file))
    font_rows = [line for line in fonts.splitlines()[2:] if line.strip()]
    assert font_rows and all(re.search(r"\byes\s+yes\b", row) for row in font_rows)
    ink = tool(
        "gs",
        "-q",
        "-dNOPAUSE",
        "-dBATCH",
        "-dPDFSTOPONERROR",
        "-sDEVICE=inkcov",
        "-o",
        "-",
        str(press_file),
    )
    pages = [line.split() for line in ink.splitlines() if line.strip()]
    assert len(pages) == 6 and all(p[4:] == ["CMYK", "OK"] and float(p[3]) > 0 for p in pages)
    summary = preflight(press_file).summary()
    (output_dir / "press_checks.txt").write_text(
        f"$ bingo cards --count 6 --qr --press --finish A6\n{summary}\n\n"
        f"$ pdfimages -list cards.pdf\n{images}\n$ pdffonts cards.pdf\n{fonts}\n"
        f"$ gs -q -dNOPAUSE -dBATCH -dPDFSTOPONERROR -sDEVICE=inkcov -o - cards.pdf\n{ink}",
        encoding="utf-8",
    )


def test_each_page_is_one_finished_card_with_trim_and_bleed(press_file):
    with pikepdf.open(press_file) as pdf:
        assert len(pdf.pages) == 6
        for page in pdf.pages:
            trim = [float(v) for v in page.TrimBox]
            bleed = [float(v) for v in page.BleedBox]
            media = [float(v) for v in page.MediaBox]
            assert (trim[2] - trim[0]) / MM == pytest.approx(105.0, abs=0.01)
            assert (trim[3] - trim[1]) / MM == pytest.approx(148.0, abs=0.01)
            assert [
                (t - b) / MM for t, b in zip(trim[:2], bleed[:2], strict=True)
            ] == pytest.approx([3, 3], abs=0.001)
            assert [
                (b - t) / MM for t, b in zip(trim[2:], bleed[2:], strict=True)
            ] == pytest.approx([3, 3], abs=0.001)
            assert media[0] < bleed[0] and media[2] > bleed[2]  # room for the marks


@pytest.mark.parametrize("finish", [*FINISH_SIZES, "120x170"])
def test_every_finished_size_a_shop_offers(tmp_path, finish):
    write_config(tmp_path, cards="images = false")
    assert run_cards(tmp_path, "--count", "1", "--seed", "1", "--press", "--finish", finish) == 0
    expected = FINISH_SIZES.get(finish, (120.0, 170.0))
    report = preflight(tmp_path / "cards.pdf")
    assert report.trim_mm == pytest.approx(expected, abs=0.01)
    assert report.bleed_mm == pytest.approx(3, abs=0.001)


@pytest.mark.slow
@pytest.mark.process
@needs_tools
def test_japanese_crop_marks_double_at_the_corners_and_a_centre_cross(
    press_file, output_dir, tmp_path
):
    """Rendered at 300 dpi: at the top-left corner a line at the trim and one at the bleed, each
    way, starting at the bleed corner and going outwards; a cross at the middle of each side."""
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "300",
            "-f",
            "1",
            "-l",
            "1",
            "-gray",
            "-png",
            str(press_file),
            str(tmp_path / "p"),
        ],
        check=True,
    )
    (png,) = tmp_path.glob("p-*.png")
    colour = Image.open(png).convert("RGB")
    page = colour.convert("L")
    px = 300 / 25.4  # pixels per mm
    margin = MARK_AREA_MM + PRESS_BLEED_MM  # paper edge to the trim line, mm
    crop = colour.crop((0, 0, round((margin + 6) * px), round((margin + 6) * px)))
    crop.save(output_dir / "press_tombo_corner.png")

    def dark(x_mm: float, y_mm: float) -> bool:
        return page.getpixel((round(x_mm * px), round(y_mm * px))) < 128

    def dark_near(x_mm: float, y_mm: float) -> bool:
        return any(dark(x_mm + dx / px, y_mm + dy / px) for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    bleed_line = MARK_AREA_MM
    above = bleed_line - TOMBO_LEN_MM / 2  # halfway along the marks, outside the bleed
    for x in (margin, bleed_line):  # vertical marks above the corner: trim x and bleed x
        assert dark_near(x, above), x
    for y in (margin, bleed_line):  # horizontal marks left of the corner: trim y and bleed y
        assert dark_near(above, y), y
    assert not dark_near(margin - 1.5, above)  # exactly two lines, not a smudge
    width_mm = page.width / px
    centre = width_mm / 2
    assert dark_near(centre, above)  # the centre mark's line along the axis
    assert dark_near(centre - 2.5, bleed_line - TOMBO_LEN_MM / 2)  # and its cross bar


def test_the_default_stays_rgb_and_small(tmp_path, capsys):
    write_config(tmp_path)
    assert run_cards(tmp_path, "--count", "6", "--seed", "3", "--qr") == 0
    out = capsys.readouterr().out
    assert "cards.pdf のプリフライト" in out and "DeviceRGB" in out  # every run, in ja
    report = preflight(tmp_path / "cards.pdf")
    assert "DeviceRGB" in report.colour_spaces and report.pdfx is None
    assert any("alpha" in t for t in report.transparency)  # the washes: fine at home, not for X-1a
    assert report.size_bytes < 200_000
    with pikepdf.open(tmp_path / "cards.pdf") as pdf:
        assert "/OutputIntents" not in pdf.Root


def test_press_from_the_config_and_a_bad_finish(tmp_path, capsys):
    write_config(tmp_path, cards='images = false\npress = true\nfinish = "B6"', language="en")
    assert run_cards(tmp_path, "--count", "1", "--seed", "1") == 0
    out = capsys.readouterr().out
    assert "PDF/X-1a:2003" in out and "TrimBox 128.0 x 182.0 mm" in out
    assert run_cards(tmp_path, "--count", "1", "--finish", "huge", "--force") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--finish huge: not a finished size" in err


def test_a_long_default_file_is_read_on_a_sample_and_says_so(press_file, monkeypatch):
    import cards.preflight

    monkeypatch.setattr(cards.preflight, "FULL_SCAN_PAGES", 2)
    monkeypatch.setattr(cards.preflight, "SAMPLE_ENDS", 1)
    monkeypatch.setattr(cards.preflight, "SAMPLE_EVERY", 3)
    sampled = preflight(press_file)
    assert sampled.pages == 6 and sampled.pages_read < 6
    assert f"6 ページ（{sampled.pages_read} ページを全部読みました）" in sampled.summary()  # ja
    assert preflight(press_file, every_page=True).pages_read == 6
