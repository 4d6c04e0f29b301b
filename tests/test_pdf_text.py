"""tests/pdf_text.py reads pages with each font read once a call: the same text as pypdf's own
page.extract_text(), character for character, on a card sheet (cells drawn as forms, QR codes,
a Japanese title and footer) and on the checking sheet."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
from pdf_text import page_text, page_texts

from bingo.config import load_config
from cards.checksheet import render_check_sheet
from cards.generate import iter_cards
from cards.pdf import CardOptions, CardPdfWriter

ROOT = Path(__file__).resolve().parent.parent


def test_the_text_is_pypdfs_own_text() -> None:
    config = load_config(ROOT / "config.toml")
    cards = list(iter_cards(config.board, 3, 5, 1))
    sheet, check = io.BytesIO(), io.BytesIO()
    writer = CardPdfWriter(sheet, config, CardOptions(per_page=2, qr_url="https://example.org"))
    for card in cards:
        writer.add(card)
    writer.close()
    render_check_sheet(check, cards, config)
    for data in (sheet.getvalue(), check.getvalue()):
        plain = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]
        assert len(plain) >= 1 and all(plain)
        assert page_texts(pypdf.PdfReader(io.BytesIO(data))) == plain
        assert page_text(pypdf.PdfReader(io.BytesIO(data)).pages[-1]) == plain[-1]
    assert str(cards[0].serial).zfill(4) in plain[0]
