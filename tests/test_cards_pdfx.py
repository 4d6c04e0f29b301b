"""Issue 34: a press file a Japanese shop's preflight passes. The PDF/X-1a document info is
complete and agrees with the XMP; the colours are Japan Color's, from one profile, the same on
every machine (or `--press` refuses); each point read back from the file with pikepdf (and
poppler / Ghostscript where the point is about pixels or ink)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pikepdf
import pytest
from PIL import ImageCms
from test_cards_key import run_cards
from test_cards_output import write_config

from cards import press
from cards.preflight import PDFX_INFO, preflight
from eventkit.tomlconf import speaking

needs_profile = pytest.mark.skipif(
    not any(p.is_file() for p in press.PROFILE_PATHS),
    reason="needs a Japan Color profile: Debian's icc-profiles (scripts/install.sh --test)",
)


@pytest.fixture(autouse=True)
def _english():
    """The preflight's report read in English here (as with event.language = "en")."""
    with speaking("en"):
        yield


@pytest.fixture(scope="module")
def press_file(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("pdfx")
    write_config(folder)
    assert run_cards(folder, "--count", "2", "--seed", "3", "--qr", "--press") == 0
    return folder / "cards.pdf"


@needs_profile
def test_the_info_dict_is_complete_and_says_what_the_xmp_says(press_file):
    with pikepdf.open(press_file) as pdf:
        info = pdf.docinfo
        for key in PDFX_INFO:
            assert key in info, key
        assert str(info.CreationDate) == str(info.ModDate) == "D:20000101000000+00'00'"
        assert str(info.Producer) == press.PRODUCER and str(info.Creator) == press.CREATOR
        assert info.Trapped == pikepdf.Name("/False")
        meta = pdf.open_metadata()
        assert meta["xmp:CreateDate"].startswith("2000-01-01T00:00:00")
        assert meta["pdf:Producer"] == press.PRODUCER
        assert meta["xmp:CreatorTool"] == press.CREATOR
        assert meta["dc:title"] == str(info.Title)
        assert meta["pdfx:GTS_PDFXConformance"] == str(info.GTS_PDFXConformance)
    report = preflight(press_file)
    assert report.info_missing == [] and report.xmp_disagrees == []
    assert "document info: Title, CreationDate, ModDate" in report.summary()


@needs_profile
def test_the_preflight_names_a_missing_date(press_file, tmp_path):
    broken = tmp_path / "broken.pdf"
    with pikepdf.open(press_file) as pdf:
        del pdf.docinfo["/CreationDate"]
        pdf.docinfo.Producer = pikepdf.String("something else")
        pdf.save(broken)
    report = preflight(broken)
    assert report.info_missing == ["CreationDate"] and report.xmp_disagrees == ["Producer"]
    assert "MISSING CreationDate; not as in the XMP: Producer" in report.summary()


@needs_profile
def test_the_same_seed_gives_the_same_bytes(tmp_path, monkeypatch):
    write_config(tmp_path)
    args = ("--count", "2", "--seed", "8", "--qr", "--press", "--finish", "B6")
    assert run_cards(tmp_path, *args) == 0
    first = hashlib.sha256((tmp_path / "cards.pdf").read_bytes()).hexdigest()
    assert run_cards(tmp_path, *args, "--force") == 0  # the set's key is kept: the same codes
    assert hashlib.sha256((tmp_path / "cards.pdf").read_bytes()).hexdigest() == first
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764806400")  # 2025-12-04 00:00 UTC
    assert run_cards(tmp_path, *args, "--force") == 0
    with pikepdf.open(tmp_path / "cards.pdf") as pdf:
        assert str(pdf.docinfo.CreationDate) == "D:20251204000000+00'00'"


@needs_profile
def test_japan_color_is_declared_and_its_profile_embedded(press_file):
    with pikepdf.open(press_file) as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert "Japan Color" in str(intent.OutputConditionIdentifier)
        assert "Japan Color" in str(intent.OutputCondition)
        embedded = intent.DestOutputProfile
        assert int(embedded.N) == 4
        installed = next(p for p in press.PROFILE_PATHS if p.is_file())
        assert embedded.read_bytes() == installed.read_bytes()
    assert preflight(press_file).intent_profile is not None


def test_the_2001_profile_is_declared_as_its_registered_name():
    condition = press.condition_of(Path("JapanColor2001Coated.icc"), "Japan Color 2001 Coated")
    assert condition.identifier == "JC200103"
    other = press.condition_of(Path("x.icc"), "Japan  Color 2011 Coated ")
    assert other.identifier == other.info == "Japan Color 2011 Coated"


def test_without_a_profile_press_refuses_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(press, "PROFILE_PATHS", (tmp_path / "none.icc",))
    write_config(tmp_path, cards="images = false", language="en")
    assert run_cards(tmp_path, "--count", "1", "--press") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--press needs a CMYK ICC profile" in err
    assert "icc-profiles" in err and "cards.cmyk_profile" in err.replace("[cards] ", "cards.")
    assert not (tmp_path / "cards.pdf").exists()


@needs_profile
def test_a_profile_from_the_config_is_used_and_a_non_cmyk_one_refused(tmp_path, capsys):
    installed = next(p for p in press.PROFILE_PATHS if p.is_file())
    copy = tmp_path / "mine.icc"
    copy.write_bytes(installed.read_bytes())
    write_config(tmp_path, cards='images = false\ncmyk_profile = "mine.icc"', language="en")
    assert run_cards(tmp_path, "--count", "1", "--press") == 0
    assert "(mine.icc)" in capsys.readouterr().out
    with pikepdf.open(tmp_path / "cards.pdf") as pdf:
        assert pdf.Root.OutputIntents[0].DestOutputProfile.read_bytes() == copy.read_bytes()
    copy.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    assert run_cards(tmp_path, "--count", "1", "--press", "--force") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a RGB profile: --press needs a CMYK one" in err


@needs_profile
def test_small_text_and_thin_frames_print_in_black_ink_alone_overprinting(press_file):
    report = preflight(press_file, every_page=True)
    assert report.small_text_inks and set(report.small_text_inks) == {"K"}
    assert "text under 12 pt in: K only" in report.summary()
    with pikepdf.open(press_file) as pdf:
        (card,) = [
            x
            for x in pdf.pages[0].Resources.XObject.values()
            if x.get("/Subtype") == "/Form" and b"Tf" in x.read_bytes()
        ]
        code = card.read_bytes()
        states = [dict(v) for v in card.Resources.ExtGState.values()]
        page = pdf.pages[0].Contents.read_bytes()
    assert {"/op": True} in states and {"/OP": True} in states and {"/OPM": 1} in states
    assert b"0 0 0 1 K" in code  # the panel's and the free cell's frames
    assert b"BT 0 0 0 1 k" in page  # the serial and phone code
    # the title, large, keeps its rich colour
    assert re.search(rb"(?:[.0-9]+ ){3}[.0-9]+ k\s*BT [^\n]* (1[2-9]|[2-9][0-9])\.[0-9]+ Tf", code)


def test_a_home_file_names_its_small_text_rgb(tmp_path):
    write_config(tmp_path, cards="images = false")
    assert run_cards(tmp_path, "--count", "1") == 0
    assert set(preflight(tmp_path / "cards.pdf").small_text_inks) == {"RGB"}


@needs_profile
def test_the_preflight_tells_the_real_resolution_of_each_picture_and_names_them(press_file):
    """The pictures are resampled to 300 ppi (pdfimages sees that); each carries its source's
    name and pixels, and the preflight reports those, warning below 300 ppi by name."""
    with pikepdf.open(press_file) as pdf:
        marked = [
            (str(o.BingoSourceFile), int(o.BingoSourcePixels), int(o.Width))
            for o in pdf.objects
            if isinstance(o, pikepdf.Stream)
            and o.get("/Subtype") == "/Image"
            and "/BingoSourcePixels" in o
        ]
    assert marked and all(px == 24 and width >= 150 for _n, px, width in marked)
    report = preflight(press_file)
    assert report.lowest_ppi >= 300  # as embedded
    assert set(report.source_ppi) == {name for name, _px, _w in marked}
    assert all(20 < ppi < 60 for ppi in report.source_ppi.values())  # 24 px over ~16 mm
    summary = report.summary()
    assert f"WARNING: {len(marked)} pictures under 300 ppi" in summary
    assert sorted(report.source_ppi)[0] in summary or "more" in summary


@needs_profile
def test_pictures_sharp_enough_are_not_warned_about(tmp_path):
    from PIL import Image

    write_config(tmp_path)
    for picture in (tmp_path / "img").glob("*.png"):
        Image.open(picture).resize((400, 400)).save(picture)
    assert run_cards(tmp_path, "--count", "1", "--press", "--finish", "A6") == 0
    report = preflight(tmp_path / "cards.pdf")
    assert report.source_ppi and min(report.source_ppi.values()) >= 300
    assert "WARNING" not in report.summary()


def _qr_quiet_modules(page_code: bytes) -> float:
    """The white around the QR code of a card page, in modules, from its drawing operators:
    the white box, then one rectangle per run of dark modules."""
    block = page_code[page_code.index(b"re f 0 0 0 1 k") - 80 :]
    block = block[: block.index(b"f Q")]
    white, *runs = re.findall(rb"([-0-9.]+) ([-0-9.]+) ([-0-9.]+) ([-0-9.]+) re", block)
    bx, by, bw, bh = (float(v) for v in white)
    rects = [[float(v) for v in r] for r in runs]
    module = min(r[2] for r in rects)
    left = min(r[0] for r in rects) - bx
    right = bx + bw - max(r[0] + r[2] for r in rects)
    top = by + bh - max(r[1] + r[3] for r in rects) + module * 0.03  # the rows' overlap
    return min(left, right, top) / module


@needs_profile
@pytest.mark.parametrize("finish", ["A6", "はがき", "B6"])
def test_the_qr_keeps_four_modules_of_quiet_zone_on_every_press_card(tmp_path, finish):
    write_config(tmp_path, cards="images = false")
    assert run_cards(tmp_path, "--count", "1", "--qr", "--press", "--finish", finish) == 0
    with pikepdf.open(tmp_path / "cards.pdf") as pdf:
        assert _qr_quiet_modules(pdf.pages[0].Contents.read_bytes()) >= 3.99


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_the_qr_keeps_four_modules_of_quiet_zone_on_home_pages(tmp_path, per_page):
    write_config(tmp_path, cards="images = false")
    assert run_cards(tmp_path, "--count", "1", "--qr", "--per-page", str(per_page)) == 0
    with pikepdf.open(tmp_path / "cards.pdf") as pdf:
        code = pdf.pages[0].Contents.read_bytes().replace(b"1 g ", b"0 0 0 0 k ")
        assert _qr_quiet_modules(code.replace(b"re f 0 g", b"re f 0 0 0 1 k")) >= 3.99


@needs_profile
def test_no_vector_colour_goes_over_300_percent_ink_and_black_details_are_k_only(press_file):
    from bingo.config import load_config

    config = load_config(press_file.parent / "config.toml", check_images=False)
    converter = press.converter(config)
    pupil = converter.colour("#1e1e28")  # the Puyos' eyes: 338 % as a rich black
    assert (pupil.cyan, pupil.magenta, pupil.yellow, pupil.black) == (0, 0, 0, 1)
    with pikepdf.open(press_file) as pdf:
        streams = [o.read_bytes() for o in pdf.objects if isinstance(o, pikepdf.Stream)]
    totals = [
        sum(float(v) for v in match.split()[:4])
        for code in streams
        if b"Tf" in code or b" re" in code
        for match in re.findall(rb"(?:[.0-9]+ ){4}[kK]\b", code)
    ]
    assert totals and max(totals) <= 3.0


def test_a_finish_too_small_is_told_the_larger_ones():
    from cards.pdf import larger_finish
    from eventkit.tomlconf import speaking

    with speaking("en"):
        assert larger_finish("A6") == "choose a larger --finish (B6, A5)"
        assert larger_finish("A5") == "choose a larger --finish (B5, A4)"
        assert "smaller board" in larger_finish("420x420")
    with speaking("ja"):  # the default
        assert larger_finish("A6") == "もっと大きな --finish（B6, A5）にしてください"


def test_the_png_cards_keep_four_modules_of_quiet_zone(tmp_path):
    """The PNG card's QR, measured in its pixels: white for 4 modules round the dark ones."""
    from bingo import cardcode
    from bingo.config import load_config
    from cards.generate import iter_cards
    from cards.pdf import qr_matrix
    from cards.png import SUPERSAMPLE, CardPngWriter

    write_config(tmp_path, cards="images = false")
    config = load_config(tmp_path / "config.toml", check_images=False)
    writer = CardPngWriter(tmp_path / "png", config, qr=True, images=False)
    card = next(iter(iter_cards(config.board, 1, 5, 1)))
    image = writer.render(card).convert("L")
    x0, y0, x1, y1 = (v // SUPERSAMPLE for v in writer._box(writer.geo.qr))
    box = image.crop((x0, y0, x1, y1)).point(lambda v: 255 if v < 128 else 0)
    left, top, right, bottom = box.getbbox()
    n = len(qr_matrix(cardcode.qr_text(card.serial, None, 4, "", "")))
    module = (right - left) / n
    margins = (left, top, (x1 - x0) - right, (y1 - y0) - bottom)
    assert min(margins) / module >= 4 - 1 / module  # whole pixels: up to one short of 4.0


@needs_profile
def test_dark_colours_are_held_to_300_percent_ink_keeping_their_hue(press_file):
    from bingo.config import load_config

    converter = press.converter(load_config(press_file.parent / "config.toml", check_images=False))
    raw = converter.values("#2b0008")  # the shipped red column's letter shadow
    assert sum(raw) > 3.1  # 316 % straight from the profile
    held = converter.colour("#2b0008")
    inks = (held.cyan, held.magenta, held.yellow, held.black)
    assert sum(inks) <= 3.0 and held.black == pytest.approx(raw[3])
    assert held.magenta > held.cyan  # still a dark red, not black
