"""`bingo cards`: print unique, seeded bingo cards to a PDF with a CSV registry next to it.

Everything is written to temporary files and renamed together at the end (cards/output.py), so
a failure, a full disk, Ctrl+C or SIGTERM never leaves a half-written PDF or registry behind.
An existing registry is never replaced silently: `--append` adds cards to it, `--force`
replaces it and keeps the old files as backups.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import secrets
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, BinaryIO

from tqdm import tqdm

from bingo import cardcode
from bingo.config import FINISH_SIZES, PAGE_SIZES, Config, finish_size, load_config
from bingo.web.settings import web_settings
from cards import press, style
from cards.cardset import (
    find_key,
    key_file,
    open_card_set,
    remake_hint,
    rows_record,
    verify_rows,
)
from cards.checksheet import CheckSheetWriter, check_sheet_path
from cards.fingerprint import board_text, config_fingerprint
from cards.generate import check_count, iter_cards
from cards.layout import page_geometry
from cards.model import BingoCard
from cards.output import (
    Interrupted,
    OutputError,
    OutputFiles,
    check_target,
    deferred_signals,
    folder_lock,
    interruptible,
    remove_stale_temps,
)
from cards.pdf import CardOptions, CardPdfWriter, PdfMeta, finish_refused
from cards.preflight import Preflight, preflight
from cards.registry import (
    SERIAL_MAX_DIGITS,
    Batch,
    RegistryError,
    RegistryWriter,
    batches_path,
    batches_text,
    check_board,
    read_batches,
    read_registry,
)
from cards.texts import TABLES
from cards.validate import check_cards
from eventkit.errors import UserError
from eventkit.tomlconf import phrase, refused

HELP = "print unique bingo cards to a PDF (and a .csv registry next to it)"

__all__ = ["HELP", "MadeCards", "OutputError", "add_arguments", "make_cards", "run"]


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
        "--first-serial", type=int, metavar="K", help="serial of the first card (1)"
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
        help="a QR code of the card's phone code on each card (config: cards.qr)",
    )
    parser.add_argument(
        "--bleed",
        type=float,
        metavar="MM",
        help="extra margin round each card of a home print, mm; with --press the bleed, at "
        "least 3 mm (config: cards.bleed_mm). A print shop takes --press, not --bleed",
    )
    parser.add_argument(
        "--press",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a PDF/X-1a file for a print shop: CMYK, one finished card a page with 3 mm bleed "
        "and トンボ (config: cards.press)",
    )
    parser.add_argument(
        "--finish",
        metavar="SIZE",
        help=f"finished card size for --press: {', '.join(FINISH_SIZES)} or <w>x<h> in mm "
        "(config: cards.finish)",
    )
    parser.add_argument("--png", metavar="DIR", help="also write one PNG per card into DIR")
    parser.add_argument(
        "--append",
        action="store_true",
        help="add --count new cards to the registry next to --out, each different from every "
        "card in it, serials continuing after its last; the new cards' PDF is "
        "<out>-<first>-<last>.pdf",
    )
    parser.add_argument(
        "--code-for",
        type=int,
        metavar="SERIAL",
        help="print the phone code of card SERIAL from the registry next to --out (and its "
        "address with web.public_url), e.g. for a player whose label is smudged",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace existing cards (the registry of cards already printed!); the old files "
        "are kept as <name>.backup-<date>-<time>",
    )


def _page_name(value: str) -> str:
    for name in PAGE_SIZES:
        if value.lower() == name.lower():
            return name
    raise refused(TABLES, "page_option", value=value, choices=", ".join(PAGE_SIZES))


def _options(args: argparse.Namespace, defaults: CardOptions) -> CardOptions:
    per_page = defaults.per_page if args.per_page is None else args.per_page
    if per_page not in (1, 2, 4, 6):
        raise refused(TABLES, "per_page_option", per_page=per_page)
    page = defaults.page_size if args.page is None else _page_name(args.page)
    bleed = defaults.bleed_mm if args.bleed is None else args.bleed
    if not 0.0 <= bleed <= 10.0:
        raise refused(TABLES, "bleed_option", bleed=bleed)
    options = CardOptions(
        per_page=per_page,
        page_size=page,
        images=defaults.images if args.images is None else args.images,
        qr=defaults.qr if args.qr is None else args.qr,
        bleed_mm=bleed,
        qr_url=defaults.qr_url,
        press=defaults.press if args.press is None else args.press,
        finish=defaults.finish if args.finish is None else args.finish,
    )
    _check_contradictions(args, options)
    if options.press and finish_size(options.finish) is None:
        raise finish_refused(options.finish)
    page_geometry(options.page_size, options.per_page, options.bleed_mm)  # validates
    return options


def _check_contradictions(args: argparse.Namespace, options: CardOptions) -> None:
    """Options that cannot go together are refused, never silently ignored."""
    if options.press:
        given = [f"--{n.replace('_', '-')}" for n in ("page", "per_page") if getattr(args, n)]
        if given:
            joined = phrase(TABLES, "and").join(given)
            raise refused(TABLES, "press_with_page", given=joined, finish=options.finish)
    elif args.finish is not None:
        raise refused(TABLES, "finish_without_press", finish=args.finish)


def _png_step(folder: Path | None, step: Callable[..., Any], *args: Any) -> Any:
    """A PNG writer's step; a write error names the PNG folder (not the PDF)."""
    try:
        return step(*args)
    except OSError as exc:
        reason = exc.strerror or exc
        raise refused(TABLES, "png_unwritable", OutputError, folder=folder, reason=reason) from None


def _seeds_text(batches: list[Batch], first: int, last: int, seed: int) -> str:
    """Every batch's serials and seed, for the checking sheet: "1-100: 7, 101-150: 9"."""
    parts = []
    for b in [*batches, {"first_serial": first, "last_serial": last, "seed": seed}]:
        if isinstance(b.get("first_serial"), int) and isinstance(b.get("last_serial"), int):
            known = b.get("seed")
            parts.append(
                f"{b['first_serial']}-{b['last_serial']}: {known if known is not None else '?'}"
            )
        else:
            parts.append(f"{b.get('count', '?')} earlier cards: ?")
    return ", ".join(parts)


def _check_output(out: Path) -> Path:
    """The registry path for `out`, after checking `out` can be written."""
    if not out.name or out.name in (".", "..") or out.is_dir():
        raise refused(TABLES, "out_folder", OutputError, out=repr(str(out)))
    if out.suffix.lower() in (".csv", ".json"):
        raise refused(TABLES, "out_not_pdf", OutputError, out=out)
    parent = out.parent
    if not parent.is_dir():
        raise refused(TABLES, "out_no_folder", OutputError, out=out, folder=parent)
    return out.with_suffix(".csv")


@dataclass(frozen=True)
class MadeCards:
    """What make_cards wrote."""

    pdf: Path
    registry: Path
    check_sheet: Path
    pages: int
    first_serial: int
    last_serial: int
    registry_cards: int  # cards in the registry now (earlier batches included)
    key_path: Path | None = None  # the set's cards.key
    key_made: bool = False  # made by this run (else the one already beside the registry)
    preflight: Preflight | None = None  # the PDF as a print shop's preflight reads it
    press_note: str = ""
    backups: list[Path] = field(default_factory=list)


def _press_note(writer: CardPdfWriter) -> str:
    """What the press file's colours are made from, for the summary (the pictures' real
    resolution is the preflight's, read from the file)."""
    assert writer.press is not None  # a press run's writer has its CMYK converter
    return phrase(TABLES, "press_note", how=writer.press.how)


def _existing(paths: list[Path]) -> list[Path]:
    return [p for p in paths if p.exists() or p.is_symlink()]


def _on_append(error: UserError) -> UserError:
    """A registry's or key's refusal met by --append, named so and said as it was."""
    if str(error).startswith("--append"):
        return error
    said = type(error)(f"--append: {error}")
    said.label = error.label
    return said


def _load_for_append(
    config: Config, registry_path: Path, note: style.Warn
) -> tuple[dict[int, BingoCard], list[Batch], bytes]:
    """The registry's cards, recorded batches and key, each batch verified (its rows and the
    key that signed it) and checked to belong to this config."""
    if not registry_path.exists():
        raise refused(TABLES, "append_nothing", OutputError, registry=registry_path)
    try:
        cards = check_board(read_registry(registry_path), config.board, registry_path)
        batches = read_batches(registry_path)
        if batches is None:
            batches_file = batches_path(registry_path)
            raise refused(TABLES, "append_batches_damaged", RegistryError, batches=batches_file)
        for text in verify_rows(cards, batches, registry_path):
            note(phrase(TABLES, "note", text=text))
    except RegistryError as exc:
        raise _on_append(exc) from None
    fingerprint = config_fingerprint(config)
    for batch in batches:
        old = batch.get("fingerprint")
        if old is not None and old != fingerprint:
            raise refused(
                TABLES,
                "append_other_board",
                OutputError,
                registry=registry_path,
                old=old,
                now=fingerprint,
            )
    recorded = sum(b["count"] for b in batches if isinstance(b.get("count"), int))
    if not batches:  # made before batches were recorded
        note_text = "cards made before this record was kept; seed unknown"
        batches = [{"note": note_text, "count": len(cards)}]
    elif recorded != len(cards):
        raise refused(
            TABLES,
            "append_count_changed",
            RegistryError,
            registry=registry_path,
            count=len(cards),
            batches=batches_path(registry_path).name,
            recorded=recorded,
            hint=remake_hint(registry_path, batches),
        )
    try:
        key = find_key(
            config, registry_path, batches, lambda text: note(phrase(TABLES, "note", text=text))
        )
    except cardcode.CardKeyError as exc:
        raise _on_append(exc) from None
    if key is None:
        raise refused(
            TABLES,
            "append_no_key",
            cardcode.CardKeyError,
            registry=registry_path,
            key=key_file(registry_path),
        )
    return cards, batches, key


def _key_for_new_set(
    config: Config, registry_path: Path, force: bool, note: style.Warn
) -> tuple[bytes, bool]:
    """(key, made now) for a first batch: the `cards.key` already beside the registry when
    there is one (a set remade from its seed keeps its codes), else a new random key."""
    path = key_file(registry_path)
    key = cardcode.read_key_file(path)
    if key is None and force and registry_path.exists():
        batches = read_batches(registry_path) or []
        try:
            key = find_key(
                config, registry_path, batches, lambda text: note(phrase(TABLES, "note", text=text))
            )
        except cardcode.CardKeyError:
            key = None
    if key is not None:
        return key, False  # the run's summary says the key was kept
    return cardcode.new_key(), True


def _serials(config: Config, count: int, first: int, old_count: int) -> tuple[int, int, int]:
    """This run's first and last serial and the width they are printed with."""
    if first < 0:
        raise refused(TABLES, "first_serial", first=first)
    check_count(config.board, count, old_count)
    last = first + count - 1
    if len(str(last)) > SERIAL_MAX_DIGITS:
        raise refused(TABLES, "serials_long", last=last, digits=SERIAL_MAX_DIGITS)
    return first, last, max(4, len(str(last)))


def _claim_targets(
    targets: tuple[Path, Path, Path, Path, Path], *, append: bool, force: bool, warn: style.Warn
) -> None:
    """Check the run's files (pdf, registry, checking sheet, batches, key) may be written:
    never a device, folder or link; an existing set only with --force (an appended batch's
    own PDF likewise). Removes the temporary files a killed run left beside them."""
    pdf_path, registry_path, check_path, meta_path, _key_path = targets
    taken = _existing([pdf_path] if append else [pdf_path, registry_path, check_path, meta_path])
    for target in targets:
        check_target(target)  # never a device, folder or symbolic link, --force or not
    stale = remove_stale_temps(targets)
    if stale:
        removed = phrase(TABLES, "stale_temps", count=len(stale), first=stale[0].name)
        warn(phrase(TABLES, "note", text=removed))
    if taken and not force:
        what = (
            phrase(TABLES, "taken_registry", registry=registry_path)
            if registry_path in taken
            else phrase(TABLES, "taken_file", path=taken[0])
        )
        hint = "" if append else phrase(TABLES, "taken_append_hint")
        raise refused(TABLES, "taken", OutputError, what=what, hint=hint)


def _earlier_batch_pdfs(registry_path: Path, folder: Path, pdf_path: Path) -> list[Path]:
    """The PDFs of the registry's earlier (appended) batches, other than `pdf_path`: plain
    names in the folder only, never a path the batches file points elsewhere with."""
    earlier = read_batches(registry_path) or []
    names = {pdf for b in earlier if isinstance(pdf := b.get("pdf"), str)}
    return [
        folder / name
        for name in sorted(names)
        if name != pdf_path.name and Path(name).name == name and name.endswith(".pdf")
    ]


def _write_cards(
    cards: Iterable[BingoCard],
    count: int,
    sinks: list[Callable[[BingoCard], object]],
    *,
    progress: bool,
) -> list[BingoCard]:
    """Each new card to every writer in turn, with a progress bar on a terminal."""
    written: list[BingoCard] = []
    bar = tqdm(
        cards,
        total=count,
        unit=" cards",
        desc="bingo cards",
        file=sys.stderr,
        disable=not progress,
        leave=False,
        dynamic_ncols=True,
    )
    for card in bar:
        written.append(card)
        for sink in sinks:
            sink(card)
    bar.close()
    return written


def _one_run_per_folder(make: Callable[..., MadeCards]) -> Callable[..., MadeCards]:
    """Run `make` holding the output folder's lock, so two runs never number the same serials."""

    @functools.wraps(make)
    def locked(config: Config, *, out: Path, **request: Any) -> MadeCards:
        out = Path(out)
        _check_output(out)
        with folder_lock(out.parent):
            return make(config, out=out, **request)

    return locked


@dataclass
class _Targets:
    """Where a run of make_cards writes, and what an --append run continues."""

    registry_path: Path
    check_path: Path
    meta_path: Path
    key_path: Path
    pdf_path: Path
    old_cards: dict[int, BingoCard]
    batches: list[Batch]
    key: bytes
    new_key: bool  # the key is made by this run (else the one beside the registry)
    first_serial: int
    last_serial: int
    serial_width: int


def _targets(
    config: Config,
    out: Path,
    count: int,
    first_serial: int | None,
    *,
    append: bool,
    force: bool,
    warn: style.Warn,
) -> _Targets:
    """The files a run writes, claimed (refused when they exist and neither --append nor
    --force says what to do), the earlier cards and batches it continues, and the set's key."""
    registry_path = _check_output(out)
    check_path = check_sheet_path(out)
    meta_path = batches_path(registry_path)
    old_cards: dict[int, BingoCard] = {}
    batches: list[Batch] = []
    new_key = False
    if append:
        if first_serial is not None:
            raise refused(TABLES, "append_first_serial")
        old_cards, batches, key = _load_for_append(config, registry_path, warn)
        first_serial = max(old_cards) + 1
    first_serial, last_serial, serial_width = _serials(
        config, count, 1 if first_serial is None else first_serial, len(old_cards)
    )
    if append:
        pdf_path = out.with_name(
            f"{out.stem}-{first_serial:0{serial_width}d}-{last_serial:0{serial_width}d}.pdf"
        )
    else:
        pdf_path = out
    set_key_path = key_file(registry_path)
    _claim_targets(
        (pdf_path, registry_path, check_path, meta_path, set_key_path),
        append=append,
        force=force,
        warn=warn,
    )
    if not append:
        key, new_key = _key_for_new_set(config, registry_path, force, warn)
    return _Targets(
        registry_path=registry_path,
        check_path=check_path,
        meta_path=meta_path,
        key_path=set_key_path,
        pdf_path=pdf_path,
        old_cards=old_cards,
        batches=batches,
        key=key,
        new_key=new_key,
        first_serial=first_serial,
        last_serial=last_serial,
        serial_width=serial_width,
    )


def _batch_record(
    config: Config, t: _Targets, count: int, seed: int, batch_cards: list[BingoCard]
) -> Batch:
    """The batches file's record of this run (its seed remakes it; its rows verify it)."""
    return {
        "first_serial": t.first_serial,
        "last_serial": t.last_serial,
        "count": count,
        "seed": seed,
        "board": board_text(config),
        "fingerprint": config_fingerprint(config),
        "pdf": t.pdf_path.name,
        "made": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "key_id": cardcode.key_id(t.key),
        **rows_record(batch_cards),
    }


def _png_options(
    options: CardOptions, serial_width: int, images: dict[int, style.LoadedImage]
) -> dict[str, Any]:
    """The PNG cards' options, as the PDF's."""
    return {
        "qr": options.qr,
        "images": options.images,
        "serial_width": serial_width,
        "loaded_images": images,
        "qr_url": options.qr_url,
    }


def _finish_press(
    config: Config, writer: CardPdfWriter, draft: tuple[BinaryIO, Path], pdf_file: BinaryIO
) -> None:
    """The press run's draft, made a PDF/X-1a file (its output intent, info and XMP)."""
    assert writer.press is not None  # a draft only for a press run
    draft[0].flush()
    press.make_pdfx(
        draft[1], pdf_file, config.event.title, writer.press.condition, writer.picture_sources
    )


def _made(
    t: _Targets, writer: CardPdfWriter, options: CardOptions, count: int, backups: list[Path]
) -> MadeCards:
    """What a run wrote, with the PDF read back as a print shop's preflight reads it."""
    return MadeCards(
        preflight=preflight(t.pdf_path, every_page=options.press),  # a shop's file in full
        press_note=_press_note(writer) if options.press else "",
        pdf=t.pdf_path,
        registry=t.registry_path,
        check_sheet=t.check_path,
        pages=writer.pages,
        first_serial=t.first_serial,
        last_serial=t.last_serial,
        registry_cards=len(t.old_cards) + count,
        key_path=t.key_path,
        key_made=t.new_key,
        backups=backups,
    )


@_one_run_per_folder
def make_cards(
    config: Config,
    *,
    count: int,
    seed: int,
    options: CardOptions,
    out: Path,
    first_serial: int | None = None,
    png_dir: Path | None = None,
    append: bool = False,
    force: bool = False,
    progress: bool = False,
    warn: style.Warn = lambda message: None,
) -> MadeCards:
    """Generate and write the cards, all files or none.

    Without `append` or `force` an existing registry (or PDF) is refused. With `append` the
    new cards go into `<out stem>-<first>-<last>.pdf` and are added to the registry. One run
    at a time per output folder.
    """
    t = _targets(config, out, count, first_serial, append=append, force=force, warn=warn)
    serial_width, key = t.serial_width, t.key
    files = OutputFiles(backup=force)
    if force and not append:  # the earlier append batches' PDFs no longer match: kept aside
        files.retire(_earlier_batch_pdfs(t.registry_path, out.parent, t.pdf_path))
    png = None
    try:
        pdf_file = files.open(t.pdf_path)
        csv_file = files.open(t.registry_path, text=True)
        meta_file = files.open(t.meta_path, text=True, keep_old=True)
        if t.new_key:
            files.open(t.key_path, mode=0o600).write(cardcode.key_file_text(key))
        cap = style.PRESS_MAX_PX if options.press else style.IMAGE_MAX_PX
        images = style.load_images(config, options.images, warn, max_px=cap)
        draft = files.scratch(t.pdf_path) if options.press else None  # made PDF/X at the end
        code_of = functools.partial(cardcode.check_chars, key)  # the phones' card codes
        token_of = functools.partial(cardcode.card_token, key)  # in the QR's address only
        if png_dir is not None:
            from cards.png import CardPngWriter

            png = CardPngWriter(
                files.png_folder(png_dir, t.old_cards, replace=force or append),
                config,
                **_png_options(options, serial_width, images),
                code_of=code_of,
                token_of=token_of,
            )
        meta = PdfMeta(seed=seed, count=count, first_serial=t.first_serial)
        writer = CardPdfWriter(
            pdf_file if draft is None else draft[0],
            config,
            options,
            serial_width=serial_width,
            images=images,
            meta=meta,
            code_of=code_of,
            token_of=token_of,
        )
        check = CheckSheetWriter(
            files.open(t.check_path),
            config,
            page_size=options.page_size,
            serial_width=serial_width,
            meta=meta,
            code_of=code_of,
            seeds=_seeds_text(t.batches, t.first_serial, t.last_serial, seed),
        )
        registry = RegistryWriter(
            csv_file, config.board.size, lambda s: cardcode.card_code(key, s, serial_width)
        )
        for card in t.old_cards.values():
            registry.write(card)
            check.add(card)
        new_cards = iter_cards(
            config.board, count, seed, t.first_serial, exclude=t.old_cards.values()
        )
        sinks: list[Callable[[BingoCard], object]] = [registry.write, writer.add, check.add]
        if png is not None:
            sinks.append(functools.partial(_png_step, png_dir, png.write))
        batch_cards = _write_cards(new_cards, count, sinks, progress=progress)
        if png is not None:
            _png_step(png_dir, png.close)
        writer.close()
        if draft is not None:
            _finish_press(config, writer, draft, pdf_file)
        check.close()
        t.batches.append(_batch_record(config, t, count, seed, batch_cards))
        meta_file.write(batches_text(t.batches) + "\n")
        files.commit()
    except OSError as exc:
        reason = exc.strerror or exc
        raise refused(TABLES, "out_unwritable", OutputError, out=out, reason=reason) from None
    finally:
        with deferred_signals():  # a second Ctrl+C must not leave temporary files behind
            if png is not None:
                png.abort()
            files.discard()
    return _made(t, writer, options, count, files.backups)


def print_code(config: Config, out: Path, serial: int) -> int:
    """`bingo cards --code-for N`: the code printed on card N, read from its set's key."""
    registry = _check_output(out)
    card_set = open_card_set(
        config,
        registry,
        note=lambda text: print(phrase(TABLES, "note", text=text), file=sys.stderr),
    )
    if serial not in card_set.cards:
        serials = list(card_set.cards)
        raise refused(
            TABLES,
            "code_for_no_card",
            serial=serial,
            registry=registry,
            first=min(serials),
            last=max(serials),
        )
    if card_set.key is None:
        raise refused(
            TABLES, "code_for_no_key", serial=serial, registry=registry, key=key_file(registry)
        )
    width = max(4, len(str(max(card_set.cards))))
    code = cardcode.card_code(card_set.key, serial, width)
    url = web_settings(config).public_url
    token = cardcode.card_token(card_set.key, serial)  # as its QR holds it
    print(f"No.{code}" + (f"   {cardcode.card_url(url, code, token)}" if url else ""))
    return 0


def _prepare_odds(config: Config) -> None:
    """The board's odds tables built now and kept for the show, as check-config does (issue 35
    item 7): the host who makes cards has the first odds ready without a wait."""
    from bingo.cli import _prepare_odds as prepare

    try:
        line = prepare(config)
    except KeyboardInterrupt:
        line = phrase(TABLES, "odds_stopped")
    if line:
        print(line)


def run(args: argparse.Namespace) -> int:
    config = load_config(args.config, check_images=False)
    if not args.out.strip():
        raise refused(TABLES, "out_empty", OutputError)
    if args.code_for is not None:
        return print_code(config, Path(args.out), args.code_for)
    defaults = CardOptions.from_config(config)
    options = _options(args, replace(defaults, qr_url=web_settings(config).public_url))
    count = config.cards.count if args.count is None else args.count
    # what check-config checks too (cards/validate.py); the pictures are decoded by the run
    check_cards(config, options, count=count, pictures=False)
    seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
    with interruptible() as signals:
        try:
            made = make_cards(
                config,
                count=count,
                seed=seed,
                options=options,
                out=Path(args.out),
                first_serial=args.first_serial,
                png_dir=Path(args.png) if args.png else None,
                append=args.append,
                force=args.force,
                progress=sys.stderr.isatty(),
                warn=lambda message: print(message, file=sys.stderr),
            )
        except Interrupted as exc:
            print(phrase(TABLES, "stopped_before", signal=exc), file=sys.stderr)
            return 128 + exc.signum
    layout = (
        phrase(TABLES, "layout_press", pages=made.pages, finish=options.finish)
        if options.press
        else phrase(
            TABLES,
            "layout_page",
            pages=made.pages,
            page=options.page_size,
            per_page=options.per_page,
        )
    )
    print(
        phrase(
            TABLES,
            "wrote",
            pdf=made.pdf,
            count=count,
            first=made.first_serial,
            last=made.last_serial,
            layout=layout,
            registry=made.registry,
            registry_cards=made.registry_cards,
            check_sheet=made.check_sheet,
            seed=seed,
        )
    )
    if args.png:
        print(phrase(TABLES, "wrote_png", count=count, folder=args.png))
    key_line = "key_made" if made.key_made else "key_kept"
    print(phrase(TABLES, key_line, key=made.key_path, registry=made.registry.name))
    if made.backups:
        print(phrase(TABLES, "backups", paths=", ".join(str(p) for p in made.backups)))
    if made.press_note:
        print(made.press_note)
    if made.preflight is not None:
        print(made.preflight.summary())
    if signals.pending is None:
        _prepare_odds(config)
    if signals.pending is not None:
        print(phrase(TABLES, "stopped_after"), file=sys.stderr)
        return 128 + signals.pending
    return 0
