"""The text of a PDF's pages as pypdf extracts it, with each font read once a call.

pypdf (7.x) reads a font's whole /ToUnicode map again for every form XObject that names the
font: a card sheet draws each card's cells as forms, so `page.extract_text()` parsed the same
two fonts' maps about 60 times a page, half of the extraction's time and most of the cards
tests' time. Here `Font.from_font_resource` keeps what it read for each font object of the
reader (pypdf resolves an indirect object to the same object each time) while one call reads
its pages, and hands out a copy (pypdf sets a copy's space width). The text is pypdf's own,
character for character: test_pdf_text.py compares it with the plain extraction's.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import pypdf

try:
    from pypdf.generic._font import Font
except ImportError:  # another pypdf: its plain extraction
    Font = None  # type: ignore[assignment,misc]


@contextmanager
def _fonts_read_once() -> Iterator[None]:
    real = None if Font is None else Font.__dict__.get("from_font_resource")
    if not isinstance(real, classmethod):
        yield
        return
    read: dict[int, tuple[Any, Any]] = {}  # id(font dict) -> (the dict, kept alive; its Font)

    def once(cls: type, font_dict: Any) -> Any:
        kept = read.get(id(font_dict))
        if kept is None:
            kept = read[id(font_dict)] = (font_dict, real.__func__(cls, font_dict))
        return copy.copy(kept[1])

    Font.from_font_resource = classmethod(once)  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        Font.from_font_resource = real  # type: ignore[method-assign]


def page_texts(pages: pypdf.PdfReader | Iterable[pypdf.PageObject]) -> list[str]:
    """Each page's `extract_text()`, in order (a reader: all its pages)."""
    if isinstance(pages, pypdf.PdfReader):
        pages = pages.pages
    with _fonts_read_once():
        return [page.extract_text() for page in pages]


def page_text(page: pypdf.PageObject) -> str:
    """One page's `extract_text()`."""
    (text,) = page_texts([page])
    return text
