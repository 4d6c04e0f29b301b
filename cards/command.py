"""`bingo cards`: print unique, seeded bingo cards to a PDF with a CSV registry next to it.

Everything is written to temporary files and renamed at the end, so a failure never leaves a
half-written PDF or registry behind.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import tempfile
from pathlib import Path

from bingo.config import PAGE_SIZES, load_config
from cards import style
from cards.checksheet import CheckSheetWriter, check_sheet_path
from cards.generate import check_count, iter_cards
from cards.layout import page_geometry
from cards.pdf import CardOptions, CardPdfWriter, PdfMeta
from cards.registry import RegistryWriter
from eventkit.errors import UserError

HELP = "print unique bingo cards to a PDF (and a .csv registry next to it)"


class OutputError(UserError):
    """The output file cannot be written where asked."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--count", type=int, metavar="N", help="how many cards (config: cards.count)"
    )
    parser.add_argument(
        "--seed", type=int, metavar="S", help="random seed; the same seed gives the same cards"
    )
    parser.add_argument(
        "--per-page", type=int, metavar="{1,2,4,6}", help="cards per page (config: cards.per_page)"
    )
    parser.add_argument(
        "--page",
        metavar="{" + ",".join(PAGE_SIZES) + "}",
        help="page size; B5 is JIS B5 (182x257 mm), B5-ISO is 176x250 mm (config: cards.page_size)",
    )
    parser.add_argument("--out", default="cards.pdf", metavar="PDF", help="default: cards.pdf")
    parser.add_argument(
        "--first-serial", type=int, default=1, metavar="K", help="serial of the first card (1)"
    )
    parser.add_argument(
        "--images",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="each number's image as the cell background (config: cards.images)",
    )
    parser.add_argument(
        "--qr",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a QR code of the serial on each card (config: cards.qr)",
    )
    parser.add_argument(
        "--bleed", type=float, metavar="MM", help="bleed margin for print shops, mm (config)"
    )
    parser.add_argument("--png", metavar="DIR", help="also write one PNG per card into DIR")


def _page_name(value: str) -> str:
    for name in PAGE_SIZES:
        if value.lower() == name.lower():
            return name
    raise UserError(f"--page {value}: unknown page size; use one of {', '.join(PAGE_SIZES)}")


def _options(args: argparse.Namespace, defaults: CardOptions) -> CardOptions:
    per_page = defaults.per_page if args.per_page is None else args.per_page
    if per_page not in (1, 2, 4, 6):
        raise UserError(f"--per-page {per_page}: use 1, 2, 4 or 6")
    page = defaults.page_size if args.page is None else _page_name(args.page)
    bleed = defaults.bleed_mm if args.bleed is None else args.bleed
    if not 0.0 <= bleed <= 10.0:
        raise UserError(f"--bleed {bleed:g}: use 0..10 mm (3 is usual for print shops)")
    options = CardOptions(
        per_page=per_page,
        page_size=page,
        images=defaults.images if args.images is None else args.images,
        qr=defaults.qr if args.qr is None else args.qr,
        bleed_mm=bleed,
    )
    page_geometry(options.page_size, options.per_page, options.bleed_mm)  # validates
    return options


def _check_output(out: Path) -> Path:
    """The registry path for `out`, after checking `out` can be written."""
    if out.suffix.lower() == ".csv":
        raise OutputError(f"--out {out}: give a .pdf name; the .csv registry is written next to it")
    parent = out.parent
    if not parent.is_dir():
        raise OutputError(
            f"cannot write {out}: folder {parent} does not exist; create it or choose another --out"
        )
    if out.is_dir():
        raise OutputError(f"cannot write {out}: it is a folder; give a file name such as cards.pdf")
    if not os.access(parent, os.W_OK):
        raise OutputError(
            f"cannot write {out}: folder {parent} is not writable; choose another --out"
        )
    return out.with_suffix(".csv")


def _temp_file(target: Path, mode: str):
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise OutputError(
            f"cannot write {target}: {exc.strerror or exc}; choose another --out"
        ) from None
    if "b" in mode:
        return os.fdopen(fd, mode), Path(name)
    return os.fdopen(fd, mode, newline="", encoding="utf-8"), Path(name)


def make_cards(
    config,
    *,
    count: int,
    seed: int,
    options: CardOptions,
    out: Path,
    first_serial: int = 1,
    png_dir: Path | None = None,
    warn: style.Warn = lambda message: None,
) -> tuple[int, Path]:
    """Generate and write the cards; returns (pages, registry path). Atomic for PDF + CSV."""
    check_count(config.board, count)
    if first_serial < 0:
        raise UserError(f"--first-serial {first_serial}: serials start at 0 or more")
    registry_path = _check_output(out)
    serial_width = max(4, len(str(first_serial + count - 1)))
    check_path = check_sheet_path(out)
    pdf_file, pdf_tmp = _temp_file(out, "wb")
    csv_file = csv_tmp = check_file = check_tmp = None
    try:
        csv_file, csv_tmp = _temp_file(registry_path, "w")
        check_file, check_tmp = _temp_file(check_path, "wb")
        images = style.load_images(config, options.images, warn)
        png = None
        if png_dir is not None:
            from cards.png import CardPngWriter

            png = CardPngWriter(
                png_dir,
                config,
                qr=options.qr,
                images=options.images,
                serial_width=serial_width,
                warn=lambda message: None,
                loaded_images=images,
            )
        meta = PdfMeta(seed=seed, count=count, first_serial=first_serial)
        writer = CardPdfWriter(
            pdf_file, config, options, serial_width=serial_width, images=images, meta=meta
        )
        check = CheckSheetWriter(
            check_file, config, page_size=options.page_size, serial_width=serial_width, meta=meta
        )
        registry = RegistryWriter(csv_file, config.board.size)
        for card in iter_cards(config.board, count, seed, first_serial):
            registry.write(card)
            writer.add(card)
            check.add(card)
            if png is not None:
                png.write(card)
        writer.close()
        check.close()
        for f in (pdf_file, csv_file, check_file):
            f.close()
        os.replace(csv_tmp, registry_path)
        os.replace(check_tmp, check_path)
        os.replace(pdf_tmp, out)
    except OSError as exc:
        raise OutputError(
            f"cannot write {out}: {exc.strerror or exc}; choose another --out"
        ) from None
    finally:
        for f in (pdf_file, csv_file, check_file):
            if f is not None and not f.closed:
                f.close()
        for tmp in (pdf_tmp, csv_tmp, check_tmp):
            if tmp is not None:
                tmp.unlink(missing_ok=True)
    return writer.pages, registry_path


def run(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    options = _options(args, CardOptions.from_config(config))
    count = config.cards.count if args.count is None else args.count
    seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
    out = Path(args.out)
    pages, registry_path = make_cards(
        config,
        count=count,
        seed=seed,
        options=options,
        out=out,
        first_serial=args.first_serial,
        png_dir=Path(args.png) if args.png else None,
        warn=lambda message: print(message, file=sys.stderr),
    )
    last = args.first_serial + count - 1
    print(
        f"wrote {out} ({count} cards, serials {args.first_serial}-{last}, {pages} pages "
        f"{options.page_size}, {options.per_page} per page), {registry_path} and the checking "
        f"sheet {check_sheet_path(out)}; seed {seed}"
    )
    if args.png:
        print(f"wrote {count} PNG files to {args.png}")
    return 0
