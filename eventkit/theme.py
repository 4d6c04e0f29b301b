"""One colour theme for every game window (hex strings, no Qt: a widget wraps them in QColor).

The card tables share a green felt, gold for whose turn / highlights, warm white text, red for
warnings and blue for notices; the draw display keeps its own night palette (bingo.ui.art).
"""

from __future__ import annotations

FELT = "#17603a"  # the table
FELT_DARK = "#0d3d24"  # its shaded edge
GOLD = "#ffc21a"  # whose turn, highlights, buttons
TEXT = "#f4f1e8"  # text on the felt
RED = "#ff5a5a"  # warnings, lost coins
BLUE = "#5ab4ff"  # notices
PANEL_ALPHA = 95  # black panels over the felt: 0-255
BUTTON_TEXT = "#2b1d00"
BUTTON_BORDER = "#7a5a00"
