"""One image loader for the display and the cards (eventkit.images): scaled once, one rule for
too big, damaged files named (issues 12, 13, 19)."""

from __future__ import annotations

import struct
import sys
import warnings
import zlib
from pathlib import Path

import pytest
from PIL import Image

from bingo.cli import main as bingo_main
from bingo.config import load_config
from eventkit.images import MAX_MEGAPIXELS, ImageError, load_square

ROOT = Path(__file__).resolve().parent.parent


def png_claiming(path: Path, width: int, height: int) -> Path:
    """A real 1x1 PNG whose header claims width x height (the pixels are never decoded)."""
    Image.new("RGB", (1, 1), "red").save(path)
    data = bytearray(path.read_bytes())
    ihdr = 8 + 8  # signature, then length + "IHDR"
    data[ihdr : ihdr + 8] = struct.pack(">II", width, height)
    crc = zlib.crc32(bytes(data[ihdr - 4 : ihdr + 13]))
    data[ihdr + 13 : ihdr + 17] = struct.pack(">I", crc)
    path.write_bytes(bytes(data))
    return path


def test_a_square_crop_scaled_down_never_up(tmp_path):
    wide = tmp_path / "wide.png"
    picture = Image.new("RGB", (300, 100), "blue")
    picture.paste(Image.new("RGB", (100, 100), "red"), (100, 0))  # the centre square
    picture.save(wide)
    out = load_square(wide, 50)
    assert out.mode == "RGB" and out.size == (50, 50)
    assert out.getpixel((25, 25)) == (255, 0, 0)
    assert load_square(wide, 500).size == (100, 100)  # small pictures are not blown up


def test_transparency_lies_on_white(tmp_path):
    path = tmp_path / "clear.png"
    Image.new("RGBA", (10, 10), (0, 0, 0, 0)).save(path)
    assert load_square(path, 10).getpixel((5, 5)) == (255, 255, 255)


def test_a_big_jpeg_is_decoded_at_a_reduced_scale(tmp_path, monkeypatch):
    path = tmp_path / "photo.jpg"
    Image.new("RGB", (4000, 3000), (10, 120, 200)).save(path, quality=80)
    sizes = []
    original = Image.Image.resize

    def spy(self, *args, **kwargs):
        sizes.append(self.size)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "resize", spy)
    out = load_square(path, 300)
    assert out.size == (300, 300)
    assert sizes == [(500, 375)]  # drafted at 1/8, never held at 4000x3000


@pytest.mark.parametrize(("width", "height"), [(10_000, 10_000), (8_000, 7_000), (20_000, 20_000)])
def test_one_rule_for_too_big_and_no_pillow_warning(tmp_path, width, height):
    path = png_claiming(tmp_path / "huge.png", width, height)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a DecompressionBombWarning would fail the test
        with pytest.raises(ImageError) as caught:
            load_square(path, 256)
    message = str(caught.value)
    assert (
        str(path) in message and f"{MAX_MEGAPIXELS} メガピクセルまで" in message
    )  # Japanese: no config
    assert f"{width}x{height}" in message or width * height > 178_956_970


def test_the_largest_allowed_size_is_read(tmp_path):
    path = png_claiming(tmp_path / "edge.png", 1, 1)
    Image.new("L", (MAX_MEGAPIXELS * 1000, 1000)).save(path)
    assert load_square(path, 64).size == (64, 64)


def damaged(tmp_path: Path) -> dict[str, Path]:
    good = tmp_path / "good.png"
    Image.new("RGB", (64, 64), "green").save(good)
    files = {
        "garbage": tmp_path / "garbage.png",
        "truncated": tmp_path / "truncated.png",
        "empty": tmp_path / "empty.jpg",
        "folder": tmp_path / "folder.png",
        "missing": tmp_path / "missing.png",
    }
    files["garbage"].write_bytes(b"this is not a png")
    files["truncated"].write_bytes(good.read_bytes()[:60])
    files["empty"].write_bytes(b"")
    files["folder"].mkdir()
    return files


def test_a_damaged_or_unreadable_file_is_named(tmp_path):
    for kind, path in damaged(tmp_path).items():
        with pytest.raises(ImageError) as caught:
            load_square(path, 64)
        assert str(path) in str(caught.value), kind


# ---------------------------------------------------------------- the cards


def card_config(tmp_path: Path) -> Path:
    img = tmp_path / "img"
    img.mkdir()
    for name in "PUYO":
        for i in range(1, 11):
            Image.new("RGB", (32, 32), (20 * i, 40, 90)).save(img / f"{name}{i}.png")
    config = tmp_path / "config.toml"
    config.write_text(
        '[event]\nlanguage = "en"\n[board]\nsize = 4\nnumbers_per_column = 10\n'
        'images_per_column = 10\nthreshold = 4\nimage_dir = "img"\n'
        '[columns]\nnames = ["P", "U", "Y", "O"]\n',
        encoding="utf-8",
    )
    return config


def test_cards_refuse_a_damaged_image_and_keep_the_old_files(tmp_path, capsys):
    config = card_config(tmp_path)
    out = tmp_path / "cards.pdf"
    argv = ["cards", "--config", str(config), "--count", "6", "--seed", "1", "--out", str(out)]
    assert bingo_main(argv) == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    broken = tmp_path / "img" / "Y3.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\n broken")
    capsys.readouterr()
    assert bingo_main([*argv, "--force"]) == 1
    err = capsys.readouterr().err
    assert str(broken) in err and "Traceback" not in err
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    after.pop("Y3.png", None)
    assert after == before
    # the same run without images works
    assert bingo_main([*argv, "--force", "--no-images"]) == 0


def test_cards_refuse_a_too_big_image_with_the_display_rule(tmp_path, capsys):
    config = card_config(tmp_path)
    big = png_claiming(tmp_path / "img" / "P1.png", 10_000, 10_000)
    out = tmp_path / "cards.pdf"
    argv = ["cards", "--config", str(config), "--count", "2", "--seed", "1", "--out", str(out)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert bingo_main(argv) == 1
    err = capsys.readouterr().err
    assert f"image {big} is too large: 10000x10000" in err
    assert not out.exists()


def test_no_images_works_without_the_image_folder(tmp_path, capsys):
    config = card_config(tmp_path)
    for p in (tmp_path / "img").iterdir():
        p.unlink()
    (tmp_path / "img").rmdir()
    out = tmp_path / "cards.pdf"
    argv = ["cards", "--config", str(config), "--count", "3", "--seed", "1", "--out", str(out)]
    assert bingo_main([*argv, "--no-images"]) == 0 and out.exists()
    assert bingo_main(argv) == 1
    assert "--no-images" in capsys.readouterr().err


# ---------------------------------------------------------------- the display


@pytest.fixture
def display_config(tmp_path):
    config = card_config(tmp_path)
    return load_config(config)


def test_display_keeps_only_scaled_images(qtbot, display_config, tmp_path):
    from bingo.ui.numberart import ArtCache

    photo = tmp_path / "img" / "P2.jpg"
    (tmp_path / "img" / "P2.png").unlink()
    Image.new("RGB", (4000, 3000), "orange").save(photo, quality=70)
    art = ArtCache(display_config)
    art.cell(2, 120, 120)
    image, side = art._images[photo]
    assert side == 120 and (image.width(), image.height()) == (120, 120)
    art.cell(2, 60, 60)  # a smaller cell reuses the copy
    assert art._images[photo][0] is image
    art.cell(2, 200, 200)  # a larger one scales the file once more, to that size
    assert art._images[photo][0].width() == 200


def test_display_draws_a_damaged_image_plain_and_names_it(qtbot, display_config, tmp_path):
    from bingo.ui.numberart import ArtCache

    broken = tmp_path / "img" / "U1.png"
    broken.write_bytes(b"not a picture")
    messages: list[str] = []
    art = ArtCache(display_config, warn=messages.append)
    for _ in range(3):
        assert not art.cell(11, 80, 80).isNull()
    assert len(messages) == 1 and str(broken) in messages[0]
    assert messages[0].endswith(": its numbers are drawn plain")  # the config's language: en


def test_display_and_cards_share_the_too_big_rule(qtbot, display_config, tmp_path):
    from bingo.ui.numberart import ArtCache

    big = png_claiming(tmp_path / "img" / "O4.png", 10_000, 10_000)
    messages: list[str] = []
    art = ArtCache(display_config, warn=messages.append)
    art.cell(34, 80, 80)
    with pytest.raises(ImageError) as caught:
        load_square(big, 80)
    assert messages == [f"{caught.value}: its numbers are drawn plain"]


# ---------------------------------------------------------------- the sample set


def test_shipped_sample_images_are_the_script_output_without_digits(tmp_path):
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import make_sample_images
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    import inspect

    assert "label" not in inspect.signature(make_sample_images.draw_blob).parameters
    config_text = (ROOT / "config.toml").read_text(encoding="utf-8")
    config = tmp_path / "config.toml"
    config.write_text(config_text, encoding="utf-8")
    (tmp_path / "img").mkdir()
    assert make_sample_images.main(["--config", str(config)]) == 0
    shipped = load_config(ROOT / "config.toml").pictures().folder  # img/samples
    assert shipped == ROOT / "img" / "samples"
    made = sorted((tmp_path / "img" / "samples").glob("*.png"))
    assert made and len(made) == len(list(shipped.glob("*.png")))
    for path in made:
        with Image.open(path) as a, Image.open(shipped / path.name) as b:
            assert a.tobytes() == b.tobytes(), path.name


# ---------------------------------------------------------------- COOL 24+24's card pictures


def test_cool24_pictures_use_the_same_loader(qtbot, tmp_path, capsys):
    from games.cool24.qt.cards import IMAGE_SIDE, CardImages
    from games.cool24.rules import parse_card

    folder = tmp_path / "cool24"
    folder.mkdir()
    Image.new("RGB", (3000, 3000), "red").save(folder / "rA.jpg", quality=70)
    (folder / "gA.png").write_bytes(b"broken")
    png_claiming(folder / "bA.png", 10_000, 10_000)
    images = CardImages(folder, ("r", "g", "b", "y"))
    big = images.card(parse_card("rA"))
    assert (big.width(), big.height()) == (IMAGE_SIDE, IMAGE_SIDE)  # scaled once, not 3000
    assert images.card(parse_card("gA")) is None and images.card(parse_card("bA")) is None
    err = capsys.readouterr().err
    assert str(folder / "gA.png") in err and f"絵 {folder / 'bA.png'} は大きすぎます" in err
