"""Issue 34.4-34.6: a floor for every text a player reads (a long title wraps, or is refused
naming the key and the longest text that fits), one validation for `bingo cards` and
`bingo check-config` (the same line for the same config), contradicting options refused."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pytest
from test_cards_key import run_cards
from test_cards_output import write_config as _write_config
from test_check_config import check

from cards import press
from cards.pdf import MIN_TEXT_PT
from cards.preflight import preflight

LONG_TITLE = "ぷよぷよ大会" * 7  # 42 characters: printed at 4.5 pt on one line of an A6 card


def write_config(folder: Path, **options: object) -> Path:
    """test_cards_output's config, in English: these tests read the English lines."""
    return _write_config(folder, **{"language": "en", **options})  # type: ignore[arg-type]


needs_profile = pytest.mark.skipif(
    not any(p.is_file() for p in press.PROFILE_PATHS), reason="needs icc-profiles"
)


@needs_profile
def test_a_long_title_wraps_to_two_lines_above_the_floor(tmp_path):
    write_config(tmp_path, cards="images = false")
    config = tmp_path / "config.toml"
    config.write_text(
        config.read_text(encoding="utf-8").replace("テストビンゴ大会", LONG_TITLE),
        encoding="utf-8",
    )
    assert run_cards(tmp_path, "--count", "1", "--press", "--finish", "A6") == 0
    with pikepdf.open(tmp_path / "cards.pdf") as pdf:
        card = next(x for x in pdf.pages[0].Resources.XObject.values() if b"Tf" in x.read_bytes())
        code = card.read_bytes()
    sizes = [float(v) for v in re.findall(rb"([0-9.]+) Tf", code)]  # title, rule, free word
    assert min(sizes) >= MIN_TEXT_PT  # (the slug's footer, trimmed off, may be smaller)
    size = sizes[0]  # the title's, on two lines
    assert sizes.count(size) == 2
    assert 6.0 <= size < 12 and b"0 0 0 1 k" in code[: code.index(b"BT")][-200:]


def test_a_title_too_long_for_the_floor_is_refused_by_both_with_the_same_line(tmp_path, capsys):
    path = write_config(tmp_path, cards="images = false")
    path.write_text(
        path.read_text(encoding="utf-8").replace("テストビンゴ大会", "ぷ" * 200),
        encoding="utf-8",
    )
    code, errors, _out = check(path, capsys)
    assert code != 0 and len(errors) == 1
    line = errors[0].removeprefix("config error: ")
    assert line.startswith('event.title "ぷぷ') and "under 6 pt even on two lines" in line
    fits = line.split('the longest that fits is "')[1].split('"')[0]
    assert 10 < len(fits) < 200 and set(fits) == {"ぷ"}
    assert run_cards(tmp_path, "--count", "1") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and line in err
    assert not (tmp_path / "cards.pdf").exists()


@pytest.mark.parametrize(
    "board, cards, expect",
    [
        ("size = 10\n", "images = false\nper_page = 4", "10x10 cards 4 per A4 page"),
        ("", 'images = false\nfont = "broken.ttf"', "cannot be used"),
        ("", "images = true", "is not a picture Pillow can read"),  # a damaged picture
    ],
)
def test_check_config_refuses_what_cards_refuses(tmp_path, capsys, board, cards, expect):
    path = write_config(tmp_path, cards=cards, size=10 if board else 5, free=not board)
    (tmp_path / "broken.ttf").write_bytes(b"not a font")
    if "images = true" in cards:
        next((tmp_path / "img").glob("*.png")).write_bytes(b"\x89PNG damaged")
    code, errors, _out = check(path, capsys)
    assert code != 0 and len(errors) == 1 and expect in errors[0]
    line = errors[0].removeprefix("config error: ")
    assert run_cards(tmp_path, "--count", "1") == 1
    assert line in capsys.readouterr().err


@pytest.mark.parametrize(
    "old, new, where",
    [("テストビンゴ大会", "ビンゴ𠮷🎉", "event.title"), ('"B", "I"', '"🎉", "I"', "columns.names")],
)
def test_a_glyph_the_font_lacks_is_refused_by_both(tmp_path, capsys, old, new, where):
    path = write_config(tmp_path, cards="images = false")
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    code, errors, _out = check(path, capsys)
    assert code != 0 and len(errors) == 1 and "has no glyph for" in errors[0]
    assert f" in {where}" in errors[0]
    assert run_cards(tmp_path, "--count", "1") == 1
    assert errors[0].removeprefix("config error: ") in capsys.readouterr().err


def test_press_mode_in_the_summary_and_a_missing_profile_in_check_config(
    tmp_path, capsys, monkeypatch
):
    path = write_config(tmp_path, cards='images = false\npress = true\nfinish = "B6"')
    code, errors, out = check(path, capsys)
    if any(p.is_file() for p in press.PROFILE_PATHS):
        assert code == 0 and "press (PDF/X-1a, CMYK): finished size B6, one card a page" in out
    monkeypatch.setattr(press, "PROFILE_PATHS", (tmp_path / "none.icc",))
    code, errors, out = check(path, capsys)
    assert code != 0 and "--press needs a CMYK ICC profile" in errors[0]


@pytest.mark.parametrize(
    "args, expect",
    [
        (("--press", "--page", "A4", "--per-page", "4"), "--page and --per-page cannot apply"),
        (("--finish", "B6"), "--finish B6 is the finished size of a print-shop file"),
        (("--press", "--finish", "50x50"), "each side 60-420 mm"),
    ],
)
def test_contradicting_options_are_refused_in_one_line(tmp_path, capsys, args, expect):
    write_config(tmp_path, cards="images = false")
    assert run_cards(tmp_path, "--count", "1", *args) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expect in err


@needs_profile
@pytest.mark.parametrize(
    "name, mm",
    [
        ("A4", (210, 297)),
        ("B5", (182, 257)),
        ("はがき", (100, 148)),
        ("ハガキ", (100, 148)),  # as a Japanese keyboard types them: katakana, full width
        ("Ａ６", (105, 148)),
        ("１２０ｘ１７０", (120, 170)),
    ],
)
def test_finish_names_a_shop_uses(tmp_path, name, mm):
    write_config(tmp_path, cards="images = false")
    assert run_cards(tmp_path, "--count", "1", "--press", "--finish", name) == 0
    trim = preflight(tmp_path / "cards.pdf").trim_mm
    assert trim == pytest.approx(mm, abs=0.01)


def test_a_home_config_is_warned_of_what_press_would_refuse(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(press, "PROFILE_PATHS", (tmp_path / "none.icc",))
    path = write_config(tmp_path, cards="images = false")
    code, errors, out = check(path, capsys)
    assert code == 0 and not errors
    assert "4 per page on A4" in out
    assert "warning: bingo cards --press would refuse: --press needs a CMYK ICC profile" in out


def test_a_font_without_kana_is_refused_by_both(tmp_path, capsys):
    dejavu = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if not dejavu.is_file():
        pytest.skip("needs fonts-dejavu-core (scripts/install.sh --test)")
    path = write_config(tmp_path, cards=f'images = false\nfont = "{dejavu}"')
    code, errors, _out = check(path, capsys)
    assert code != 0 and len(errors) == 1 and "has no glyph for" in errors[0]
    assert run_cards(tmp_path, "--count", "1") == 1
    assert errors[0].removeprefix("config error: ") in capsys.readouterr().err


def test_bleed_sends_a_print_shop_to_press_not_to_the_rgb_file(tmp_path, capsys):
    """Issue 34 point 10: `--bleed` makes the home file (RGB, several cards a page) wider; its
    help, its refusal and config.toml's comment no longer say it is for print shops."""
    import argparse

    from cards.command import add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    bleed = next(a for a in parser._actions if "--bleed" in a.option_strings)
    assert "home print" in bleed.help and "--press" in bleed.help
    assert "for print shops" not in bleed.help
    write_config(tmp_path, cards="images = false")
    assert run_cards(tmp_path, "--count", "1", "--bleed", "11") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--press" in err and "usual for print shops" not in err
    root = Path(__file__).resolve().parent.parent
    lines = (root / "config.toml").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("bleed_mm ="))
    comment = " ".join(lines[at - 2 : at])  # the two comment lines above the key
    assert "home print" in comment and "for print shops" not in comment


@needs_profile
def test_the_preflight_tells_the_cards_smallest_text_from_the_page_footers(tmp_path):
    """Issue 34.4: the preflight's 'smallest text' of an A6 press file was the slug's footer
    (5.3 pt, trimmed off), read as if a player had to read it; the footer is now marked as a
    pagination artifact and reported apart, and the cards' own smallest text is over the floor."""
    write_config(tmp_path, cards="images = false")
    assert run_cards(tmp_path, "--count", "1", "--press", "--finish", "A6") == 0
    report = preflight(tmp_path / "cards.pdf")
    assert report.smallest_text_pt is not None and report.smallest_text_pt >= MIN_TEXT_PT
    assert report.footer_text_pt is not None and report.footer_text_pt < MIN_TEXT_PT
    line = f"smallest text: {report.smallest_text_pt:.1f} pt (the page footer, outside the cards:"
    assert line in report.summary()
    with pikepdf.open(tmp_path / "cards.pdf") as pdf:
        page = pdf.pages[0].Contents.read_bytes()
    footer = page[page.index(b"/Artifact") : page.index(b"EMC", page.index(b"/Artifact"))]
    assert b"/Footer" in footer and b" Tf" in footer and b"Tj" in footer  # the footer only
    assert page.count(b"/Artifact") == 1


def test_a_home_files_footer_is_reported_apart_too(tmp_path):
    write_config(tmp_path, cards="images = false")
    assert run_cards(tmp_path, "--count", "6", "--per-page", "6") == 0
    report = preflight(tmp_path / "cards.pdf")
    assert report.footer_text_pt is not None and report.smallest_text_pt >= MIN_TEXT_PT


def test_a_long_japanese_title_breaks_between_phrases():
    """A card title on two lines broke in the middle of a word (「日曜日午/後二時から」): it
    now breaks between BudouX's phrases near the middle, as the projector and the phones do."""
    import budoux

    from cards.pdf import _two_lines

    title = "ぷよ橋ビンゴ大会は二〇二六年十二月六日の日曜日午後二時から市民センター三階の大ホールで開催します"
    first, second = _two_lines(title)
    assert first + second == title
    boundaries, at = set(), 0
    for phrase in budoux.load_default_japanese_parser().parse(title):
        at += len(phrase)
        boundaries.add(at)
    assert len(first) in boundaries and first.endswith("午後")
    assert max(len(first), len(second)) <= 1.15 * (len(title) - len(title) // 2)
    assert _two_lines("ぷ" * 50) == ("ぷ" * 25, "ぷ" * 25)  # one phrase: the middle, as before


OTF = next(iter(sorted(Path("/usr/share/fonts/opentype").glob("*/*.otf"))), None)


@pytest.mark.parametrize(
    "what, font, expect",
    [
        ("an .otf font", "OTF", "OpenType .otf/.ttc with PostScript outlines cannot be embedded"),
        ("a PNG named .ttf", "picture.ttf", "cannot be used"),
        ("a picture of 56 MP", None, "pictures are limited to"),
    ],
)
def test_fonts_and_pictures_cards_cannot_use_are_refused_by_both(
    tmp_path, capsys, what, font, expect
):
    from PIL import Image

    if font == "OTF" and OTF is None:
        pytest.skip("needs an OpenType font (fonts-urw-base35 comes with ghostscript)")
    font_path = OTF if font == "OTF" else tmp_path / font if font else None
    cards = f'images = false\nfont = "{font_path}"' if font_path else "images = true"
    path = write_config(tmp_path, cards=cards)
    if font is None:  # 56 MP, a few KB on disk, in place of a column's picture
        Image.new("1", (8000, 7000)).save(next((tmp_path / "img").glob("*.png")))
    else:
        Image.new("RGB", (8, 8)).save(tmp_path / "picture.ttf", format="PNG")
    code, errors, _out = check(path, capsys)
    assert code != 0 and len(errors) == 1 and expect in errors[0], (what, errors)
    assert run_cards(tmp_path, "--count", "1") == 1
    err = capsys.readouterr().err
    assert errors[0].removeprefix("config error: ") in err and "Traceback" not in err, what
    assert not (tmp_path / "cards.pdf").exists()
