"""`bingo cards` output: the PDF (pypdf), the registry next to it, PNGs, and bad input."""

from __future__ import annotations

import math
import os
import re
from collections import Counter
from pathlib import Path

import pypdf
import pytest
from pdf_text import page_text, page_texts
from PIL import Image

from bingo.cli import main
from bingo.config import load_config
from cards.command import make_cards
from cards.generate import generate_cards
from cards.pdf import CardOptions
from cards.registry import read_registry

NAMES = ["B", "I", "N", "G", "O"]  # no digits, so every digit on a page is a number or serial
COLOURS = ["#ff4b5c", "#3ddc5a", "#4b8bff", "#ffd23f", "#c77dff"]


def write_config(
    folder: Path,
    *,
    size: int = 5,
    per_column: int = 15,
    free: bool = True,
    cards: str = "",
    images: int | None = None,
    language: str = "ja",
) -> Path:
    """A config with small generated images (one per number unless `images` says fewer)."""
    img = folder / "img"
    img.mkdir(exist_ok=True)
    names = NAMES[:size] if size <= 5 else [chr(65 + i) for i in range(size)]
    per_image = per_column if images is None else images
    for c, name in enumerate(names):
        for i in range(1, per_image + 1):
            colour = COLOURS[c % len(COLOURS)]
            picture = Image.new("RGB", (24, 24), colour)
            picture.putpixel((i % 24, c), (0, 0, 0))  # every file different
            picture.save(img / f"{name}{i}.png")
    quoted = ", ".join(f'"{n}"' for n in names)
    path = folder / "config.toml"
    path.write_text(
        f"""
[event]
title = "テストビンゴ大会"
language = "{language}"
[board]
size = {size}
numbers_per_column = {per_column}
images_per_column = {per_image}
threshold = 4
free_center = {"true" if free else "false"}
image_dir = "img"
[columns]
names = [{quoted}]
[cards]
{cards}
""",
        encoding="utf-8",
    )
    return path


@pytest.fixture
def config_path(tmp_path: Path) -> Path:
    return write_config(tmp_path)


FOOTER = re.compile(r"No\.[0-9]+(-[0-9]+)? +(page [0-9]|[0-9]+(/[0-9]+)? ページ).*")  # page footer


def page_tokens(page: pypdf.PageObject | str) -> Counter:
    """Every number on the page's cards (the page footer left out); `page` may be its text
    already extracted (pypdf's extraction is most of these tests' time: tests/pdf_text.py)."""
    text = FOOTER.sub("", page if isinstance(page, str) else page_text(page))
    return Counter(int(t) for t in re.findall(r"[0-9]+", text))


def image_xobject_count(path: Path) -> int:
    """Image XObjects in the whole file (each must appear once, however often it is shown)."""
    reader = pypdf.PdfReader(path)
    count = 0
    for num in range(1, int(reader.trailer["/Size"])):
        obj = reader.get_object(num)
        if isinstance(obj, pypdf.generic.StreamObject) and obj.get("/Subtype") == "/Image":
            count += 1
    return count


def run_cards(tmp_path: Path, *args: str, config: Path | None = None) -> int:
    config = config or tmp_path / "config.toml"
    return main(["cards", "--config", str(config), *args])


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_pdf_pages_hold_exactly_their_cards(tmp_path, config_path, per_page) -> None:
    out = tmp_path / "cards.pdf"
    count = 13
    assert (
        run_cards(
            tmp_path,
            "--count",
            str(count),
            "--seed",
            "4",
            "--per-page",
            str(per_page),
            "--out",
            str(out),
            "--qr",
        )
        == 0
    )
    registry = read_registry(tmp_path / "cards.csv")
    assert list(registry) == list(range(1, count + 1))
    reader = pypdf.PdfReader(out, strict=True)
    assert len(reader.pages) == math.ceil(count / per_page)
    cards = list(registry.values())
    for i, text in enumerate(page_texts(reader)):
        on_page = cards[i * per_page : (i + 1) * per_page]
        expected = Counter()
        for card in on_page:
            expected[card.serial] += 1
            expected.update(card.numbers())
        assert page_tokens(text) == expected, f"page {i + 1}"
        assert "テストビンゴ大会" in text


@pytest.mark.parametrize(
    ("size", "per_column", "free", "language"),
    [(3, 3, False, "en"), (7, 10, True, "ja"), (10, 12, False, "ja")],
)
def test_board_sizes_render_their_numbers(
    tmp_path, size, per_column, free, language, odds_tables_built
) -> None:
    config = write_config(tmp_path, size=size, per_column=per_column, free=free, language=language)
    odds_tables_built(size, 4)  # ready as check-config leaves them: this is about the print
    out = tmp_path / "s.pdf"
    per_page = 2 if size == 10 else 4  # 10x10 at 4 per A4 page is refused as too small
    args = ("--count", "5", "--seed", "2", "--qr", "--per-page", str(per_page), "--out", str(out))
    assert run_cards(tmp_path, *args, config=config) == 0
    cards = list(read_registry(tmp_path / "s.csv").values())
    assert all(card.size == size for card in cards)
    reader = pypdf.PdfReader(out, strict=True)
    assert len(reader.pages) == -(-5 // per_page)
    for i, text in enumerate(page_texts(reader)):
        expected = Counter()
        for card in cards[i * per_page : (i + 1) * per_page]:
            expected[card.serial] += 1
            expected.update(card.numbers())
        assert page_tokens(text) == expected


def test_registry_matches_the_generator(tmp_path, config_path) -> None:
    out = tmp_path / "c.pdf"
    assert run_cards(tmp_path, "--count", "30", "--seed", "77", "--out", str(out)) == 0
    config = load_config(config_path)
    expected = generate_cards(config.board, 30, seed=77)
    assert list(read_registry(tmp_path / "c.csv").values()) == expected


def test_images_embedded_once(tmp_path) -> None:
    config_path = write_config(tmp_path, images=3)  # 3 image files per column, 15 numbers
    few, many = tmp_path / "few.pdf", tmp_path / "many.pdf"
    assert run_cards(tmp_path, "--count", "2", "--seed", "1", "--out", str(few)) == 0
    assert run_cards(tmp_path, "--count", "40", "--seed", "1", "--out", str(many)) == 0
    assert image_xobject_count(few) == 5 * 3
    assert image_xobject_count(many) == 5 * 3
    assert image_xobject_count(tmp_path / "many.pdf") == image_xobject_count(few)
    none = tmp_path / "none.pdf"
    assert run_cards(tmp_path, "--count", "8", "--no-images", "--out", str(none)) == 0
    assert image_xobject_count(none) == 0
    del config_path


def test_same_seed_same_pdf(tmp_path, config_path) -> None:
    a, b, c = tmp_path / "a.pdf", tmp_path / "b.pdf", tmp_path / "c.pdf"
    for out, seed in ((a, "5"), (b, "5"), (c, "6")):
        if out != a:  # the same set remade: its key beside it (another set has its own key)
            out.with_suffix(".key").write_bytes((tmp_path / "a.key").read_bytes())
        assert run_cards(tmp_path, "--count", "9", "--seed", seed, "--qr", "--out", str(out)) == 0
    assert a.read_bytes() == b.read_bytes()
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_defaults_come_from_config(tmp_path) -> None:
    config = write_config(
        tmp_path,
        size=4,
        per_column=10,
        free=False,
        cards='count = 6\nper_page = 2\npage_size = "B5"\nimages = false',
    )
    out = tmp_path / "d.pdf"
    assert run_cards(tmp_path, "--out", str(out), "--first-serial", "101", config=config) == 0
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 3
    width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert (round(width / 72 * 25.4), round(height / 72 * 25.4)) == (257, 182)  # B5 landscape
    assert list(read_registry(tmp_path / "d.csv")) == list(range(101, 107))
    assert image_xobject_count(out) == 0


def test_bleed_and_page_sizes(tmp_path, config_path) -> None:
    for page, size_mm in (("A3", (297, 420)), ("Letter", (216, 279)), ("a4", (210, 297))):
        out = tmp_path / f"{page}.pdf"
        assert (
            run_cards(tmp_path, "--count", "4", "--page", page, "--bleed", "3", "--out", str(out))
            == 0
        )
        box = pypdf.PdfReader(out).pages[0].mediabox
        assert (
            round(float(box.width) / 72 * 25.4),
            round(float(box.height) / 72 * 25.4),
        ) == size_mm


def test_png_per_card(tmp_path, config_path, output_dir) -> None:
    folder = tmp_path / "png"
    assert (
        run_cards(
            tmp_path, "--count", "3", "--qr", "--out", str(tmp_path / "p.pdf"), "--png", str(folder)
        )
        == 0
    )
    files = sorted(folder.glob("*.png"))
    assert [f.name for f in files] == ["card-0001.png", "card-0002.png", "card-0003.png"]
    with Image.open(files[0]) as im:
        assert im.width > 500 and im.height > im.width
        colours = im.convert("RGB").getcolors(1 << 20)
        assert len(colours) > 50  # a drawn card, not a blank page
        im.save(output_dir / "cards_png_card.png")  # for people to look at


# ---------------------------------------------------------------- bad input


def no_output_left(folder: Path) -> list[str]:
    return sorted(
        p.name for p in folder.iterdir() if p.is_file() and p.suffix in (".pdf", ".csv", ".tmp")
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--count", "0"], "--count 0: give at least 1 card"),
        (["--count", "-3"], "--count -3"),
        (["--page", "A5"], "--page A5: unknown page size"),
        (["--per-page", "3"], "--per-page 3: use 1, 2, 4 or 6"),
        (["--bleed", "20"], "--bleed 20"),
        (["--out", "cards.csv"], "give a .pdf name"),
        (["--first-serial", "-1"], "--first-serial -1"),
    ],
)
def test_bad_options(tmp_path, capsys, monkeypatch, args, message) -> None:
    write_config(tmp_path, language="en")  # the English lines (Japanese: test_config_language)
    monkeypatch.chdir(tmp_path)
    assert run_cards(tmp_path, *args) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and err.count("\n") == 1
    assert no_output_left(tmp_path) == []


def test_too_many_cards(tmp_path, capsys) -> None:
    config = write_config(tmp_path, size=3, per_column=3, free=False, language="en")
    assert (
        run_cards(tmp_path, "--count", "217", "--out", str(tmp_path / "x.pdf"), config=config) == 1
    )
    err = capsys.readouterr().err
    assert "only 216 different 3x3 cards" in err and err.count("\n") == 1
    assert no_output_left(tmp_path) == []
    assert (
        run_cards(tmp_path, "--count", "216", "--out", str(tmp_path / "x.pdf"), config=config) == 0
    )


def test_unwritable_output(tmp_path, capsys) -> None:
    write_config(tmp_path, language="en")
    missing = tmp_path / "no" / "such" / "cards.pdf"
    assert run_cards(tmp_path, "--count", "2", "--out", str(missing)) == 1
    assert "folder" in capsys.readouterr().err
    blocker = tmp_path / "file.txt"
    blocker.write_text("x")
    assert run_cards(tmp_path, "--count", "2", "--out", str(blocker / "cards.pdf")) == 1
    (tmp_path / "adir.pdf").mkdir()
    assert run_cards(tmp_path, "--count", "2", "--out", str(tmp_path / "adir.pdf")) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "is a folder" in err
    assert no_output_left(tmp_path) == []


def test_failure_midway_leaves_old_files_untouched(tmp_path, config_path, monkeypatch) -> None:
    out = tmp_path / "cards.pdf"
    assert run_cards(tmp_path, "--count", "4", "--seed", "1", "--out", str(out)) == 0
    sheet = tmp_path / "cards-check.pdf"
    before = out.read_bytes(), (tmp_path / "cards.csv").read_bytes(), sheet.read_bytes()

    import cards.pdf as pdf_module

    calls = {"n": 0}
    original = pdf_module.CardPdfWriter.add

    def failing_add(self, card):
        calls["n"] += 1
        if calls["n"] == 6:
            raise OSError(28, "No space left on device")
        original(self, card)

    monkeypatch.setattr(pdf_module.CardPdfWriter, "add", failing_add)
    args = ("--count", "20", "--seed", "2", "--out", str(out), "--force")
    assert run_cards(tmp_path, *args) == 1
    assert calls["n"] == 6  # it failed writing, not at the existing-registry check
    assert (out.read_bytes(), (tmp_path / "cards.csv").read_bytes(), sheet.read_bytes()) == before
    assert no_output_left(tmp_path) == ["cards-check.pdf", "cards.csv", "cards.pdf"]


def test_missing_images_warn_and_draw_plain(tmp_path, capsys) -> None:
    write_config(tmp_path, size=4, per_column=10, free=False)
    (tmp_path / "img" / "B3.png").unlink()
    out = tmp_path / "w.pdf"
    assert run_cards(tmp_path, "--count", "12", "--seed", "3", "--out", str(out)) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if line]
    assert len(lines) == 1 and "B3.png" in lines[0] and "絵のファイル" in lines[0]  # ja
    assert image_xobject_count(out) == 40 - 1
    assert len(pypdf.PdfReader(out, strict=True).pages) == 3


def test_make_cards_api(tmp_path) -> None:
    config = load_config(write_config(tmp_path))
    made = make_cards(
        config,
        count=5,
        seed=1,
        options=CardOptions(per_page=6, images=False),
        out=tmp_path / "api.pdf",
    )
    assert made.pages == 1 and made.registry == tmp_path / "api.csv" and made.registry.is_file()
    assert made.pdf == tmp_path / "api.pdf" and (made.first_serial, made.last_serial) == (1, 5)


def test_pages_are_streamed_not_held(tmp_path) -> None:
    """Each finished page is in the file before the next card is drawn; save adds the rest."""
    import io

    from cards.pdf import CardPdfWriter

    config = load_config(write_config(tmp_path))
    out = io.BytesIO()
    writer = CardPdfWriter(out, config, CardOptions(per_page=4, images=False))
    sizes = []
    for card in generate_cards(config.board, 12, seed=1):
        writer.add(card)
        sizes.append(out.tell())
    assert sizes[0] == sizes[1] == sizes[2] < sizes[3]  # page 1 written with its 4th card
    assert sizes[3] < sizes[7] < sizes[11]
    assert b"xref" not in out.getvalue()
    writer.close()
    data = out.getvalue()
    assert data.startswith(b"%PDF-1.4") and b"xref" in data
    reader = pypdf.PdfReader(io.BytesIO(data), strict=True)
    assert len(reader.pages) == 3
    assert writer.canvas._doc.Pages.pages[0].__class__.__name__ == "PDFObjectReference"


def test_a_stop_right_after_a_temporary_file_is_created_leaves_nothing(tmp_path, monkeypatch):
    """The signal lands between creating the temporary file and noting it: it is still removed."""
    import signal

    from cards import output

    real_fdopen = os.fdopen

    def fdopen_then_stopped(fd, *args, **kwargs):
        os.kill(os.getpid(), signal.SIGTERM)  # arrives while the file exists but is not noted
        return real_fdopen(fd, *args, **kwargs)

    files = output.OutputFiles()
    with output.interruptible():
        monkeypatch.setattr(output.os, "fdopen", fdopen_then_stopped)
        with pytest.raises(output.Interrupted):
            files.open(tmp_path / "cards.pdf")
        monkeypatch.undo()
        files.discard()
    assert list(tmp_path.iterdir()) == []
