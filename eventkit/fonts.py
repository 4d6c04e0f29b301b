"""The Japanese font shipped with the package: BIZ UDPGothic (SIL Open Font Licence 1.1).

The same font prints the cards (embedded and subset in the PDF) and draws the Qt screens, so a
Windows laptop, a Mac and a Linux box show and print the same. The .ttf files and their
licence (OFL.txt) live in the `fonts/` folder next to this module.
"""

from __future__ import annotations

from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FAMILY = "BIZ UDPGothic"
REGULAR = FONT_DIR / "BIZUDPGothic-Regular.ttf"
BOLD = FONT_DIR / "BIZUDPGothic-Bold.ttf"
LICENCE = FONT_DIR / "OFL.txt"


def font_path(*, bold: bool = False) -> Path:
    """The shipped TrueType file (regular or bold)."""
    return BOLD if bold else REGULAR


def register_qt_fonts(*, make_default: bool = True) -> list[str]:
    """Add the shipped fonts to Qt's font database; returns their family names.

    Needs a QGuiApplication. With `make_default`, the application's default font becomes the
    shipped family (same point size), so every widget uses it unless it asks for another.
    """
    from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

    families: list[str] = []
    for path in (REGULAR, BOLD):
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id < 0:
            raise RuntimeError(f"Qt cannot load the shipped font {path}")
        for family in QFontDatabase.applicationFontFamilies(font_id):
            if family not in families:
                families.append(family)
    if make_default and QGuiApplication.instance() is not None:
        font = QFont(QGuiApplication.font())
        font.setFamilies([FAMILY, *font.families()])
        QGuiApplication.setFont(font)
    return families
