"""The join QR code: the modules of a QR symbol for the address phones open (segno, no Qt).

The laptop's windows paint the modules themselves (bingo's join badge, the games' room screen);
`svg` gives the same symbol as an SVG image for pages and files.
"""

from __future__ import annotations

QUIET_ZONE = 4  # modules of white around the symbol, as the standard asks


def qr_modules(text: str) -> list[list[bool]]:
    """Rows of the symbol for `text` (True = dark), error correction M, without the quiet zone."""
    import segno

    code = segno.make_qr(text, error="m")
    return [[bool(v) for v in row] for row in code.matrix]


def svg(text: str, *, scale: int = 8, dark: str = "#14101f", light: str = "#ffffff") -> str:
    """The symbol for `text` as a standalone SVG document (with its quiet zone)."""
    modules = qr_modules(text)
    n = len(modules) + 2 * QUIET_ZONE
    runs = []
    for r, row in enumerate(modules):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                x, y = start + QUIET_ZONE, r + QUIET_ZONE
                runs.append(f"M{x} {y}h{c - start}v1h-{c - start}z")
            else:
                c += 1
    size = n * scale
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {n} {n}" shape-rendering="crispEdges">'
        f'<rect width="{n}" height="{n}" fill="{light}"/>'
        f'<path fill="{dark}" d="{"".join(runs)}"/></svg>'
    )
