"""Legibility on dense layouts (issue 23 item 5): a layout whose numbers fall under 9 pt is
refused naming the most cards per page that works; the phone code is never under 7 pt."""

from __future__ import annotations

import io

import pypdf
import pytest
from test_cards_key import run_cards
from test_cards_output import write_config

from bingo.config import load_config
from cards.layout import MIN_CODE_PT, PAGE_SIZES_MM, LayoutError
from cards.model import BingoCard
from cards.pdf import CardOptions, CardPdfWriter


def sizes_of_text(pdf: bytes) -> list[tuple[str, float]]:
    """(text, size in pt) of every text shown on the first page, as a PDF reader sees it."""
    found: list[tuple[str, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), size * abs(tm[3]) * abs(cm[3])))

    pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return found


def test_a_10x10_board_on_6_up_b5_is_refused_naming_what_works(tmp_path, capsys):
    write_config(tmp_path, size=10, per_column=12, free=False, cards="images = false")
    assert run_cards(tmp_path, "--count", "2", "--per-page", "6", "--page", "B5") == 1
    err = capsys.readouterr().err
    assert (
        err.count("\n") == 1 and "10x10 のカードを B5 1 ページに 6 枚にすると" in err
    )  # ja: default
    assert " pt（" in err and "--per-page 2（" in err
    assert not (tmp_path / "cards.csv").exists()
    assert run_cards(tmp_path, "--count", "2", "--per-page", "2", "--page", "B5") == 0


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
@pytest.mark.parametrize("page_size", list(PAGE_SIZES_MM))
def test_the_code_is_never_printed_under_7_pt(tmp_path, page_size, per_page):
    config = load_config(write_config(tmp_path, cards="images = false"))
    out = io.BytesIO()
    options = CardOptions(per_page=per_page, page_size=page_size, images=False, qr=True)
    writer = CardPdfWriter(out, config, options, code_of=lambda serial: "WWWWW")
    card = BingoCard(1, tuple(tuple(c * 15 + r + 1 for c in range(5)) for r in range(5)))
    writer.add(card)
    writer.close()
    texts = sizes_of_text(out.getvalue())
    code = [(t, s) for t, s in texts if "WWWWW" in t or t.startswith("No.0001")]
    code = [(t, s) for t, s in code if "ページ" not in t]  # the page footer is not the code
    assert code and min(s for _, s in code) >= MIN_CODE_PT - 0.01, code
    assert "".join(t for t, _ in code).replace(" ", "") == "No.0001-WWWWW"


def test_every_layout_that_is_accepted_prints_numbers_of_9_pt_or_more(tmp_path):
    config = load_config(write_config(tmp_path, size=10, per_column=12, free=False))
    for page_size in PAGE_SIZES_MM:
        for per_page in (1, 2, 4, 6):
            options = CardOptions(per_page=per_page, page_size=page_size, images=False)
            try:
                writer = CardPdfWriter(io.BytesIO(), config, options)
            except LayoutError as exc:
                assert "--per-page" in str(exc) or "larger --page" in str(exc)
                continue
            assert writer.geo.number_size >= 9.0, (page_size, per_page)


@pytest.mark.slow
@pytest.mark.process
def test_pictures_are_washed_more_under_the_digits(tmp_path):
    """The sample pictures' eyes showed through thin digits ("1" read as "·1·"): under each
    number the picture is washed to near white, measured on black pictures at 150 dpi."""
    import shutil
    import subprocess

    from PIL import Image

    from cards.layout import card_geometry, page_geometry

    if not shutil.which("pdftoppm"):
        pytest.skip("needs pdftoppm (poppler-utils)")
    config_path = write_config(tmp_path, cards='font = ""')
    for picture in (tmp_path / "img").iterdir():
        Image.new("RGB", (24, 24), (0, 0, 0)).save(picture)
    assert run_cards(tmp_path, "--count", "1", "--seed", "1") == 0
    subprocess.run(
        ["pdftoppm", "-r", "150", "-f", "1", "-l", "1", "-gray", "-png"]
        + [str(tmp_path / "cards.pdf"), str(tmp_path / "page")],
        check=True,
    )
    (png,) = tmp_path.glob("page-*.png")
    page_img = Image.open(png).convert("L")
    page = page_geometry("A4", 4)
    config = load_config(config_path)
    g = card_geometry(page.card_w, page.card_h, 5, max_digits=2)
    x0, y0 = page.slots[0]
    scale = 150 / 72
    cell = g.cells[0][0]
    box = (
        round((x0 + cell.x) * scale) + 4,
        round((page.height - y0 - cell.top) * scale) + 4,
        round((x0 + cell.x + cell.w) * scale) - 4,
        round((page.height - y0 - cell.y) * scale) - 4,
    )
    pixels = page_img.crop(box).tobytes()  # one byte a pixel (grey)
    light = sum(v > 180 for v in pixels) / len(pixels)
    assert config.board.size == 5 and light > 0.15, light  # washed black alone is grey (~115)
