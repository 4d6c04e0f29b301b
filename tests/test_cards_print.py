"""Print readiness of the cards PDF: embedded fonts, no ink near the paper edge, a safe zone
inside each card, trim/bleed boxes, registration marks, metadata and page footers."""

from __future__ import annotations

import dataclasses
import io
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pypdf
import pytest
from pdf_text import page_text, page_texts
from PIL import Image

from bingo.config import BoardConfig, Config, EventConfig, load_config
from cards.checksheet import render_check_sheet
from cards.fingerprint import board_text, config_fingerprint
from cards.generate import iter_cards
from cards.layout import (
    MM,
    PAGE_GRIDS,
    PAGE_SIZES_MM,
    SAFE_MM,
    LayoutError,
    card_geometry,
    page_geometry,
)
from cards.pdf import CardOptions, CardPdfWriter, FontError, PdfMeta
from cards.registry import read_registry
from eventkit import fonts
from eventkit.tomlconf import speaking

ROOT = Path(__file__).resolve().parent.parent
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


@pytest.fixture(scope="module")
def config() -> Config:
    """The shipped config.toml with its sample images."""
    return load_config(ROOT / "config.toml")


def write_pdf(config: Config, options: CardOptions, count: int, *, meta: PdfMeta | None = None):
    out = io.BytesIO()
    writer = CardPdfWriter(out, config, options, meta=meta)
    for card in iter_cards(config.board, count, 7, 1):
        writer.add(card)
    writer.close()
    return out.getvalue()


# ---------------------------------------------------------------- fonts


def _fonts_of(resources, seen: set) -> list:
    """Every font dictionary reachable from a resource dictionary (forms included)."""
    found = []
    if resources is None:
        return found
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        found.append(font.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        obj = xobject.get_object()
        key = id(obj)
        if obj.get("/Subtype") == "/Form" and key not in seen:
            seen.add(key)
            found += _fonts_of(obj.get("/Resources"), seen)
    return found


def _is_embedded(font) -> bool:
    if font.get("/Subtype") == "/Type0":
        return all(_is_embedded(d.get_object()) for d in font["/DescendantFonts"])
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


@pytest.mark.parametrize("per_page", [4, 6])
def test_every_font_is_embedded_and_none_is_a_reference(config, per_page) -> None:
    data = write_pdf(config, CardOptions(per_page=per_page, qr=True, bleed_mm=3), per_page + 1)
    reader = pypdf.PdfReader(io.BytesIO(data))
    names = set()
    for page in reader.pages:
        for font in _fonts_of(page.get("/Resources"), set()):
            names.add(str(font["/BaseFont"]))
            assert _is_embedded(font), f"{font['/BaseFont']} is not embedded"
    assert names, "no fonts found: the walk over the resources is broken"
    assert all("BIZUDPGothic" in name for name in names), names
    assert b"Helvetica" not in data and b"Heisei" not in data


@pytest.mark.slow
@pytest.mark.process
def test_pdffonts_agrees(config, tmp_path) -> None:
    if shutil.which("pdffonts") is None:
        pytest.skip("poppler-utils (pdffonts) is not installed")
    path = tmp_path / "c.pdf"
    path.write_bytes(write_pdf(config, CardOptions(per_page=4, qr=True), 4))
    lines = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True).stdout
    rows = lines.splitlines()[2:]
    assert rows
    for row in rows:  # columns: name type encoding emb sub uni ...
        assert row.split()[-5:-3] == ["yes", "yes"], row


def test_a_title_character_the_font_lacks_is_named(config) -> None:
    odd = dataclasses.replace(config, event=EventConfig(title="𠮷野家ビンゴ"))
    with (
        speaking("en"),
        pytest.raises(FontError, match=r'no glyph for "𠮷" \(U\+20BB7\) in event.t'),
    ):
        CardPdfWriter(io.BytesIO(), odd, CardOptions())


def test_cards_font_overrides_for_every_text(config) -> None:
    if not DEJAVU.is_file():
        pytest.skip("no DejaVuSans.ttf on this machine to test cards.font with")
    english = dataclasses.replace(
        config,
        event=EventConfig(title="Test Bingo", language="en"),
        cards=dataclasses.replace(config.cards, font=DEJAVU),
        columns=dataclasses.replace(config.columns, names=("B", "I", "N", "G", "O")),
    )
    data = write_pdf(english, CardOptions(), 4)
    reader = pypdf.PdfReader(io.BytesIO(data))
    names = {str(f["/BaseFont"]) for f in _fonts_of(reader.pages[0]["/Resources"], set())}
    assert names and all(name.endswith("DejaVuSans") for name in names), names
    japanese = dataclasses.replace(english, event=EventConfig(title="テストビンゴ"))
    with (
        speaking("en"),
        pytest.raises(FontError, match=r'cards.font = ".*DejaVuSans.ttf" has no glyph for "テ"'),
    ):
        CardPdfWriter(io.BytesIO(), japanese, CardOptions())


def test_shipped_font_and_licence_are_in_the_package() -> None:
    for path in (fonts.font_path(), fonts.font_path(bold=True)):
        assert path.read_bytes()[:4] == b"\x00\x01\x00\x00"  # TrueType outlines
        assert path.stat().st_size < 6_000_000
    licence = fonts.LICENCE.read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Copyright 2022 The BIZ UDGothic Project Authors" in licence
    # an install carries them: the package-data globs match every file in eventkit/fonts
    with (ROOT / "pyproject.toml").open("rb") as f:
        globs = tomllib.load(f)["tool"]["setuptools"]["package-data"]["eventkit"]
    package = ROOT / "eventkit"
    shipped = {p for pattern in globs for p in package.glob(pattern)}
    assert shipped == set(fonts.FONT_DIR.iterdir())
    assert {fonts.REGULAR, fonts.BOLD, fonts.LICENCE} <= shipped


def test_qt_uses_the_shipped_font(qapp) -> None:
    from PySide6.QtGui import QFontInfo
    from PySide6.QtWidgets import QLabel

    assert fonts.FAMILY in fonts.register_qt_fonts()
    label = QLabel("ぷよビンゴ")
    assert QFontInfo(label.font()).family() == fonts.FAMILY


# ---------------------------------------------------------------- geometry


def _render_first_page(data: bytes, tmp_path: Path, dpi: int) -> Image.Image:
    if shutil.which("pdftoppm") is None:
        pytest.skip("poppler-utils (pdftoppm) is not installed")
    pdf = tmp_path / "page.pdf"
    pdf.write_bytes(data)
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(dpi),
            "-gray",
            "-png",
            "-f",
            "1",
            "-l",
            "1",
            str(pdf),
            str(tmp_path / "p"),
        ],
        check=True,
    )
    (png,) = tmp_path.glob("p*.png")
    with Image.open(png) as im:
        return im.convert("L").copy()


def _ink_in_band(image: Image.Image, outer_px: int, inner_px: int) -> bool:
    """Whether any pixel between outer_px and inner_px from the edge is not white."""
    w, h = image.size
    outer = Image.new("L", image.size, 0)
    outer.paste(255, (outer_px, outer_px, w - outer_px, h - outer_px))
    outer.paste(0, (inner_px, inner_px, w - inner_px, h - inner_px))
    band = Image.composite(image, Image.new("L", image.size, 255), outer)
    return band.getextrema()[0] < 255


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize("bleed", [0.0, 3.0])
@pytest.mark.parametrize("per_page", sorted(PAGE_GRIDS))
@pytest.mark.parametrize("page_size", list(PAGE_SIZES_MM))
def test_no_ink_within_5mm_of_the_paper_edge(config, tmp_path, page_size, per_page, bleed) -> None:
    dpi = 72
    options = CardOptions(
        per_page=per_page, page_size=page_size, images=False, qr=True, bleed_mm=bleed
    )
    if (page_size, per_page, bleed) == ("B5-ISO", 4, 3.0):  # QR + bleed: rule text 5.5 pt
        with speaking("en"), pytest.raises(LayoutError, match="the rule text would print at 5.5"):
            write_pdf(config, options, per_page)
        return
    image = _render_first_page(write_pdf(config, options, per_page), tmp_path, dpi)
    px_per_mm = dpi / 25.4
    edge_px = int(5 * px_per_mm) - 1  # one pixel of antialiasing allowed at the 5 mm line
    assert not _ink_in_band(image, 0, edge_px), "ink within 5 mm of the paper edge"
    # and the marks really are there, just inside that line
    assert _ink_in_band(image, edge_px, int(11 * px_per_mm)), "no cut marks drawn"


def test_safe_zone_inside_every_cut_line() -> None:
    safe = SAFE_MM * MM
    for page_size in PAGE_SIZES_MM:
        for per_page in PAGE_GRIDS:
            for bleed in (0.0, 3.0):
                page = page_geometry(page_size, per_page, bleed)
                for size in range(3, 11):
                    for qr in (False, True):
                        g = card_geometry(page.card_w, page.card_h, size, bleed=page.bleed, qr=qr)
                        p = g.panel
                        frame = max(1.0, p.w * 0.006) / 2 + 2.0  # half the frame, the shadow
                        where = f"{page_size} {per_page}-up bleed {bleed} {size}x{size} qr {qr}"
                        assert p.x - frame >= safe and p.y - frame >= safe, where
                        assert g.width - (p.x + p.w) - frame >= safe, where
                        assert g.height - p.top - frame >= safe, where
                        parts = [g.title, g.grid, g.serial, g.rule, *g.letters]
                        parts += [g.qr] if g.qr else []
                        for r in parts:
                            assert p.x <= r.x and r.x + r.w <= p.x + p.w + 1e-6, where
                            assert p.y <= r.y and r.top <= p.top + 1e-6, where


def test_six_up_uses_the_width_beside_the_grid() -> None:
    page = page_geometry("A4", 6)
    g = card_geometry(page.card_w, page.card_h, 5, qr=True)
    assert g.serial.x >= g.grid.x + g.grid.w and g.qr.x >= g.grid.x + g.grid.w
    # the old layout (everything stacked under the grid) left the grid at 59% of the card height
    assert g.grid.h / page.card_h > 0.63


def test_trim_and_bleed_boxes_only_with_bleed(config) -> None:
    with_bleed = pypdf.PdfReader(
        io.BytesIO(write_pdf(config, CardOptions(per_page=4, bleed_mm=3), 5))
    )
    page = page_geometry("A4", 4, 3)
    for p in with_bleed.pages:
        assert [float(v) for v in p["/TrimBox"]] == pytest.approx(page.trim_box)
        assert [float(v) for v in p["/BleedBox"]] == pytest.approx(page.bleed_box)
        assert float(p["/BleedBox"][0]) == pytest.approx(float(p["/TrimBox"][0]) - 3 * MM)
    plain = pypdf.PdfReader(io.BytesIO(write_pdf(config, CardOptions(per_page=4), 5)))
    assert all("/TrimBox" not in p and "/BleedBox" not in p for p in plain.pages)


def test_cut_marks_are_registration_black(config) -> None:
    reader = pypdf.PdfReader(io.BytesIO(write_pdf(config, CardOptions(bleed_mm=3), 4)))
    marks = reader.pages[0]["/Resources"]["/XObject"]["/FormXob.marks"].get_object()
    ops = marks.get_data().decode("latin-1")
    assert "1 1 1 1 K" in ops
    assert " RG" not in ops and " G\n" not in ops  # no other stroke colour


# ---------------------------------------------------------------- metadata and footers


def test_metadata_records_the_batch(config) -> None:
    data = write_pdf(
        config, CardOptions(per_page=4), 10, meta=PdfMeta(seed=42, count=10, first_serial=1)
    )
    reader = pypdf.PdfReader(io.BytesIO(data))
    info = reader.metadata
    assert info["/BingoSeed"] == "42"
    assert info["/BingoCount"] == "10"
    assert info["/BingoFirstSerial"] == "1"
    assert info["/BingoBoard"] == board_text(config)
    assert info["/BingoConfigFingerprint"] == config_fingerprint(config)
    assert "seed=42" in info["/Keywords"]
    assert info.title == config.event.title
    fingerprint = config_fingerprint(config)
    footers = [_footer(page) for page in reader.pages]
    assert footers == [
        f"No.0001-0004 1/3 ページ シード 42 設定 {fingerprint}",
        f"No.0005-0008 2/3 ページ シード 42 設定 {fingerprint}",
        f"No.0009-0010 3/3 ページ シード 42 設定 {fingerprint}",
    ]


def _footer(page) -> str:
    lines = page_text(page).splitlines()
    (line,) = [x for x in lines if x.startswith("No.") and ("設定" in x or "config" in x)]
    return " ".join(line.split())


def test_footer_in_english_and_without_a_known_count(config) -> None:
    english = dataclasses.replace(config, event=EventConfig(title="Puyo Bingo", language="en"))
    reader = pypdf.PdfReader(io.BytesIO(write_pdf(english, CardOptions(per_page=6), 3)))
    assert _footer(reader.pages[0]) == f"No.0001-0003 page 1 config {config_fingerprint(config)}"


def test_jis_and_iso_b5_page_sizes() -> None:
    jis, iso = page_geometry("B5", 1), page_geometry("B5-ISO", 1)
    assert (jis.width / MM, jis.height / MM) == pytest.approx((182, 257))
    assert (iso.width / MM, iso.height / MM) == pytest.approx((176, 250))


def test_board_variants_keep_every_text_in_the_font() -> None:
    """A 3x3 English board with digits in column names still draws with the shipped font."""
    config = Config(
        event=EventConfig(title="Puyo Bingo 2026", language="en"),
        board=BoardConfig(size=3, numbers_per_column=9, images_per_column=9),
        columns=dataclasses.replace(Config().columns, names=("P", "4", "B")),
    )
    data = write_pdf(config, CardOptions(per_page=2, images=False), 2)
    assert b"Helvetica" not in data


@pytest.mark.slow
@pytest.mark.process
def test_every_qt_command_gets_the_shipped_font() -> None:
    """make_app (the one Qt set-up of every command) registers the font as the default, in a
    fresh process so no other test's set-up counts."""
    code = (
        "from eventkit.qtruntime import make_app\n"
        "from PySide6.QtGui import QFontInfo\n"
        "from PySide6.QtWidgets import QLabel\n"
        "make_app('t')\n"
        "print(QFontInfo(QLabel('ビンゴ').font()).family())\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == fonts.FAMILY


# ---------------------------------------------------------------- checking sheet


def _sheet_rows(data: bytes | list[str]) -> dict[int, list[str]]:
    """{serial: its cells} read back from the checking sheet's text (or its pages' texts)."""
    rows: dict[int, list[str]] = {}
    texts = data if isinstance(data, list) else page_texts(pypdf.PdfReader(io.BytesIO(data)))
    for text in texts:
        for line in text.splitlines():
            tokens = line.replace("|", " ").split()
            serial = tokens[0].split("-")[0] if tokens else ""  # "0013" or "0013-PRSXF"
            if len(serial) == 4 and serial.isdigit():
                rows[int(serial)] = tokens[1:]
    return rows


def test_check_sheet_lists_every_card_sorted(config) -> None:
    cards = list(iter_cards(config.board, 400, 11, 1))
    out = io.BytesIO()
    shuffled = cards[::-1]  # given in any order, printed sorted
    pages = render_check_sheet(out, shuffled, config, meta=PdfMeta(seed=11))
    data = out.getvalue()
    assert pages == len(pypdf.PdfReader(io.BytesIO(data)).pages) >= 2
    texts = page_texts(pypdf.PdfReader(io.BytesIO(data)))  # read once for both checks
    text_order = []
    for text in texts:
        for line in text.splitlines():
            head = line.split()[:1]
            if head and len(head[0]) == 4 and head[0].isdigit():
                text_order.append(int(head[0]))
    assert sorted(text_order) == [c.serial for c in cards]
    rows = _sheet_rows(texts)
    for card in cards:
        expected = ["★" if n is None else str(n) for row in card.rows for n in row]
        assert rows[card.serial] == expected, card.serial
    assert b"Helvetica" not in data
    assert pypdf.PdfReader(io.BytesIO(data)).metadata["/BingoSeed"] == "11"


def test_check_sheet_wraps_big_boards_and_marks_free(tmp_path) -> None:
    config = Config(
        board=BoardConfig(size=9, numbers_per_column=20, images_per_column=20, free_center=True),
        columns=dataclasses.replace(
            Config().columns,
            names=tuple("ABCDEFGHJ"),
            outline=("#000000",) * 9,
            fill=("#888888",) * 9,
            shadow=("#000000",) * 9,
        ),
    )
    cards = list(iter_cards(config.board, 30, 3, 1))
    out = io.BytesIO()
    render_check_sheet(out, cards, config)
    reader = pypdf.PdfReader(io.BytesIO(out.getvalue()))
    text = "\n".join(page_texts(reader))
    assert text.count("★") == 30
    assert "0030" in text


def test_bingo_cards_writes_the_check_sheet_beside_the_pdf(tmp_path, monkeypatch) -> None:
    from bingo.cli import main

    out = tmp_path / "night.pdf"
    code = main(
        ["cards", "--config", str(ROOT / "config.toml"), "--count", "9", "--seed", "5"]
        + ["--out", str(out), "--no-images"]
    )
    assert code == 0
    sheet = tmp_path / "night-check.pdf"
    assert sheet.is_file()
    registry = read_registry(tmp_path / "night.csv")
    rows = _sheet_rows(sheet.read_bytes())
    assert sorted(rows) == sorted(registry)
    for serial, card in registry.items():
        assert rows[serial] == ["★" if n is None else str(n) for r in card.rows for n in r]
    info = pypdf.PdfReader(out).metadata
    assert (info["/BingoSeed"], info["/BingoCount"], info["/BingoFirstSerial"]) == ("5", "9", "1")
    assert not list(tmp_path.glob(".*.tmp"))


def test_help_says_b5_is_jis(capsys) -> None:
    from bingo.cli import main

    with pytest.raises(SystemExit):
        main(["cards", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "B5 is JIS B5 (182x257 mm)" in help_text and "B5-ISO" in help_text


@pytest.mark.slow
@pytest.mark.process
def test_check_sheet_keeps_off_the_paper_edge(config, tmp_path) -> None:
    out = io.BytesIO()
    render_check_sheet(out, iter_cards(config.board, 400, 2, 1), config, page_size="B5")
    image = _render_first_page(out.getvalue(), tmp_path, 72)
    edge_px = int(5 * 72 / 25.4) - 1
    assert not _ink_in_band(image, 0, edge_px)
    assert _ink_in_band(image, edge_px, int(20 * 72 / 25.4))  # the table is there


def test_cli_names_the_missing_character_and_writes_nothing(tmp_path, capsys) -> None:
    from bingo.cli import main

    text = (ROOT / "config.toml").read_text(encoding="utf-8")
    config = tmp_path / "config.toml"
    text = text.replace('title = "', 'title = "𠮷', 1).replace('"img"', f'"{ROOT / "img"}"', 1)
    config.write_text(text, encoding="utf-8")
    code = main(
        ["cards", "--config", str(config), "--count", "4", "--no-images"]
        + ["--out", str(tmp_path / "c.pdf")]
    )
    assert code == 1
    err = capsys.readouterr().err
    assert "には event.title" in err and "「𠮷」（U+20BB7）の字形がありません" in err  # ja: default
    assert "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]
