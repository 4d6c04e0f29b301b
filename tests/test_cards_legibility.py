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
    assert err.count("\n") == 1 and "10x10 cards 6 per B5 page" in err
    assert " pt (" in err and "use --per-page 2" in err
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
